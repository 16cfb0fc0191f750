"""FOG permit applications: the city's own questions, then stored, summarised (text + PDF) and priced."""

from __future__ import annotations

from action_tracker_support import make_tracker, run

import store
from actions import permits
from actions.permits import ActionSubmitPermitApplication, ValidatePermitForm


def test_the_city_named_in_the_answer_chooses_which_questions_follow(engine):
    slots, text = run(
        ValidatePermitForm(),
        make_tracker(slots={"requested_slot": "city"}, text="Victorville", active_loop="permit_form"),
    )
    assert slots["city"] == "victorville" and slots["requested_slot"] == "application_path"
    assert "Building Division" in text
    slots, text = run(
        ValidatePermitForm(),
        make_tracker(slots={"requested_slot": "city"}, text="Inglewood", active_loop="permit_form"),
    )
    assert slots["requested_slot"] == "business_name"


INGLEWOOD_ANSWERS = {
    "city": "inglewood",
    "business_name": "Burger Barn",
    "facility_address": {"text": "1 Market St, Inglewood CA 90301", "kind": "address"},
    "applicant_phone": "+13105550100",
    "applicant_name": "Ana Garcia",
    "parcel_numbers": ["4012-345-678"],
    "establishment_description": "a burger restaurant",
    "cuisine": "burgers",
    "establishment_kind": "restaurant",
    "dining_capacity": 40,
    "drive_thru": "no",
    "operating_before_adoption": "no",
    "owners": "Ana Garcia 310-555-0100",
    "property_owner": "Market Properties LLC",
    "property_manager": "same",
    "permit_confirmed": True,
}


def test_a_confirmed_inglewood_application_is_stored_with_a_pdf_and_its_fees(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    slots, text = run(ActionSubmitPermitApplication(), make_tracker(slots=INGLEWOOD_ANSWERS, text="yes"))
    reference = slots["permit_reference"]
    record = store.permits.get_by_reference(engine, reference)
    assert (record["status"], record["city"], record["business_name"]) == (
        "submitted",
        "inglewood",
        "Burger Barn",
    )
    assert record["facility_address"] == "1 Market St, Inglewood CA 90301"
    assert record["details"]["answers"]["parcel_numbers"] == ["4012-345-678"]
    assert (tmp_path / f"{reference}.pdf").read_bytes().startswith(b"%PDF")
    assert "Burger Barn" in (tmp_path / f"{reference}.txt").read_text()
    assert reference in text
    assert "Inglewood FOG Ordinance, Fees (1)" in text and "annual inspection and control fee $" in text


# An Inglewood application sent before every question was answered ("please submit")
CASA_LUPE = {
    "city": "inglewood",
    "business_name": "Casa Lupe Kitchen",
    "facility_address": {"text": "450 E Manchester Blvd, Inglewood", "kind": "address"},
    "applicant_phone": "+13105550123",
    "owners": "Guadalupe Reyes, sole proprietor",
    "permit_confirmed": True,
}


def test_an_application_sent_before_every_answer_is_filed_marked_incomplete(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    slots, text = run(ActionSubmitPermitApplication(), make_tracker(slots=CASA_LUPE, text="please submit"))
    record = store.permits.get_by_reference(engine, slots["permit_reference"])
    assert record["status"] == "submitted"  # committed before the reference was given
    missing = record["details"]["missing"]
    assert "Contact person" in missing and "Owners" not in " ".join(missing) and "City" not in missing
    assert slots["permit_reference"] in text
    assert "It is filed as incomplete: the office still needs contact person, " in text
    # the first four named, the rest counted: a confirmation short enough for a phone
    assert f"and {len(missing) - 4} more answers, and will contact you for it" in text
    # "how long is that good for" next is about the permit applied for, not an aside asked in the form
    assert slots["topic_question"] == "permit application Inglewood"


def test_an_application_sent_without_a_phone_tells_whom_to_call_with_the_reference(
    engine, tmp_path, monkeypatch
):
    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    answers = {
        "city": "inglewood",
        "business_name": "Casa Lupe Kitchen",
        "facility_address": {"text": "450 E Manchester Blvd, Inglewood", "kind": "address"},
        "permit_confirmed": True,
    }
    slots, text = run(ActionSubmitPermitApplication(), make_tracker(slots=answers, text="please submit"))
    record = store.permits.get_by_reference(engine, slots["permit_reference"])
    assert record["status"] == "submitted" and "Telephone number" in record["details"]["missing"]
    assert slots["permit_reference"] in text and "You gave no phone number, so contact " in text
    assert "the City of Inglewood Department of Public Works with your reference number" in text
    assert "will contact you for it" not in text  # nobody can call a user who gave no number


def test_a_complete_application_carries_no_missing_list(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    slots, text = run(ActionSubmitPermitApplication(), make_tracker(slots=INGLEWOOD_ANSWERS, text="yes"))
    record = store.permits.get_by_reference(engine, slots["permit_reference"])
    assert "missing" not in record["details"] and "incomplete" not in text


def test_a_question_asked_with_the_request_to_apply_is_answered_first(engine):
    from action_tracker_support import make_tracker, run

    from actions.permits import ValidatePermitForm

    _, text = run(
        ValidatePermitForm(),
        make_tracker(
            slots={"requested_slot": None, "city": "inglewood"},
            text="we r taking over a restaurant in inglewood next month, seller says we can keep using his "
            "FOG permit til it runs out. true? if not i want to apply for my own",
            intent="apply_permit",
            active_loop="permit_form",
        ),
    )
    assert "Inglewood FOG Ordinance, Permits" in text  # permits are not transferable: the rule, cited
    assert "apply for a FOG permit" not in text  # no offer of the application it is starting
    assert text.rstrip().endswith("?")  # then the application's first question


def test_what_an_incomplete_application_still_needs_is_said_in_the_user_s_language(
    engine, tmp_path, monkeypatch
):
    """Each unanswered question by its label in the reply's language, its date filled ("Operaba antes del
    ..."), never the English label the office's record keeps; an acronym or a month keeps its capital."""
    import languages
    from actions.forms import still_needed

    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    answers = {
        **CASA_LUPE,
        "contact_person": "Lupe",
        "parcel_numbers": ["4012-345-678"],
        "establishment_description": "taqueria",
        "cuisine": "mexicana",
        "establishment_kind": "restaurant",
        "language": "es",
    }
    with languages.using("es"):
        slots, text = run(ActionSubmitPermitApplication(), make_tracker(slots=answers, text="mandela"))
    record = store.permits.get_by_reference(engine, slots["permit_reference"])
    assert any(
        label.startswith("Operating before February 23, 2010") for label in record["details"]["missing"]
    )
    assert "operaba antes del 23 de febrero de 2010" in text
    assert "operating before" not in text.lower()
    assert still_needed(["FOG controls adopted by May 1, 2011"]).startswith(
        "It is filed as incomplete: the office still needs FOG controls adopted by May 1, 2011,"
    )
    assert "and 1 more answer, and" in still_needed(["A", "B", "C", "D", "E"])
