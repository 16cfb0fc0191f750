"""Spill report actions against a throw-away database: partial from the first fact, urgent contacts,
commit before the reference number, cancel keeps what was said."""

from __future__ import annotations

import datetime as dt

import pytest
from action_tracker_support import MESSAGE_TIME, make_tracker, run_raw

import languages
import store
from actions.conversation import ActionCancelForm
from actions.forms import named_facts
from actions.spill import (
    SPILL_FORM,
    ActionSubmitSpillReport,
    ValidateSpillForm,
    extract_spill_facts,
    urgent_contacts,
)
from config import Settings
from intake import ParseContext


def run(action, tracker):
    events, messages = run_raw(action, tracker)
    slots = {e["name"]: e["value"] for e in events if e.get("event") == "slot"}
    return slots, messages, events


def test_the_first_fact_creates_a_partial_report_and_later_answers_update_it(engine):
    slots, _, _ = run(
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "overflowing_now"}, text="no", intent="deny", active_loop="spill_form"
        ),
    )
    reference = slots["spill_reference"]
    assert store.spills.get_by_reference(engine, reference)["status"] == "partial"
    assert slots["requested_slot"] == "city"
    run(
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "city", "overflowing_now": "no", "spill_reference": reference},
            text="Inglewood",
            active_loop="spill_form",
        ),
    )
    slots, _, _ = run(
        ValidateSpillForm(),
        make_tracker(
            slots={
                "requested_slot": "location",
                "overflowing_now": "no",
                "city": "inglewood",
                "spill_reference": reference,
            },
            text="5th and Main",
            active_loop="spill_form",
        ),
    )
    record = store.spills.get_by_reference(engine, reference)
    assert (record["city"], record["location_text"], record["status"]) == (
        "inglewood",
        "5th and Main",
        "partial",
    )
    assert slots["requested_slot"] == "what_spilling"


def test_overflowing_now_in_inglewood_by_voice_dials_the_printed_number_first(engine):
    _, messages, _ = run(
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "city", "overflowing_now": "yes"},
            text="Inglewood",
            channel="voice",
            active_loop="spill_form",
        ),
    )
    texts = " ".join(m["text"] for m in messages if m.get("text"))
    assert "(310) 412-5333" in texts and "Monitoring and Notification (3)" in texts
    assert {"dial": "+13104125333", "say": "Connecting you now."} in [m.get("custom") for m in messages]
    assert "Where is it?" not in texts  # the call is being connected: no next question


def test_a_spill_going_on_now_in_an_unknown_city_hears_each_city_s_number_before_the_city_question(engine):
    _, messages, _ = run(
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "overflowing_now"}, text="yes", intent="affirm", active_loop="spill_form"
        ),
    )
    texts = [m["text"] for m in messages if m.get("text")]
    told = next(text for text in texts if text.startswith("If it's in Victorville:"))
    assert "If it's in Inglewood: Call the City of Inglewood right now at (310) 412-5333." in told
    assert "Code Enforcement" in told.split("If it's in Inglewood:")[0]
    assert texts[-1] == "Which city is the spill in: Victorville or Inglewood?"
    _, later, _ = run(  # the city said next: that city's contacts, as for any caller
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "city", "overflowing_now": "yes"},
            text="Inglewood",
            active_loop="spill_form",
        ),
    )
    assert not any((m.get("text") or "").startswith("If it's in") for m in later)


def test_a_question_taken_for_an_answer_is_answered_and_the_open_question_asked_again(engine):
    with languages.using("es"):
        slots, messages, _ = run(
            ValidateSpillForm(),
            make_tracker(
                slots={"requested_slot": "volume", "overflowing_now": "yes", "city": "inglewood"},
                text="perdon, una pregunta: ¿tengo que mandar algo por escrito? el restaurante es La Fonda",
                intent="inform",
                active_loop="spill_form",
            ),
        )
    texts = [m["text"] for m in messages if m.get("text")]
    assert len(texts) == 2 and "por escrito" in texts[0] and "5 días hábiles" in texts[0]
    assert texts[1].startswith("Volvamos a su reporte de derrame: ¿Dónde es?")  # the form's next question
    assert slots["requested_slot"] == "location" and slots["restaurant_name"] == "La Fonda"


def test_victorville_numbers_are_never_invented():
    text, dial = urgent_contacts("victorville", MESSAGE_TIME, Settings())
    assert dial is None
    assert "City of Victorville Development Department, Code Enforcement Division" in text
    assert "not configured" in text and "because City Hall is closed" in text  # a Sunday
    configured = Settings(victorville_code_enforcement_phone="(760) 555-0142")
    text, dial = urgent_contacts("victorville", MESSAGE_TIME, configured)
    assert dial == "+17605550142" and "(760) 555-0142" in text


def test_submit_commits_before_giving_the_reference_and_states_the_written_confirmation_deadline(engine):
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="web", city="victorville"
    )
    slots = {
        "spill_reference": record["reference"],
        "city": "victorville",
        "overflowing_now": "no",
        "location": {"text": "5th and Main", "kind": "cross_streets"},
        "what_spilling": "grease",
        "started_at": "2026-11-27T09:00-08:00",
        "still_flowing": "no",
        "reaches": ["gutter"],
        "volume": {"amount": 20, "unit": "gal"},
        "restaurant_involved": "yes",
        "restaurant_name": "Taco Hut",
        "reporter_name": "Maria Lopez",
        "callback_number": "+17605550100",
        "spill_confirmed": True,
    }
    _, messages, _ = run(ActionSubmitSpillReport(), make_tracker(slots=slots, text="yes", intent="affirm"))
    stored = store.spills.get_by_reference(engine, record["reference"])
    assert stored["status"] == "submitted"
    assert stored["restaurant_name"] == "Taco Hut" and stored["reaches"] == ["gutter"]
    assert stored["volume_gallons"] == 20.0 and stored["callback_number"] == "+17605550100"
    text = messages[0]["text"]
    assert record["reference"] in text
    assert "spill report at 5th and Main is recorded" in text  # the place said back, as filed
    # Friday Nov 27 2026 (day after Thanksgiving, a city holiday): five working days → Friday Dec 4.
    assert "December 4, 2026" in text and "Victorville Municipal Code § 10.03.280(b)" in text


def test_cancel_keeps_the_partial_report_flagged_for_staff(engine):
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="sms", what_spilling="x y"
    )
    _, messages, events = run(
        ActionCancelForm(),
        make_tracker(
            slots={"spill_reference": record["reference"], "requested_slot": "city"},
            text="cancel",
            intent="cancel",
            active_loop="spill_form",
            previous_action="action_listen",
        ),
    )
    stored = store.spills.get_by_reference(engine, record["reference"])
    assert stored["status"] == "abandoned" and stored["flagged"]
    assert record["reference"] in messages[0]["text"]
    assert {"event": "active_loop", "name": None} in [
        {"event": e["event"], "name": e.get("name")} for e in events if e["event"] == "active_loop"
    ]


def test_the_drafted_notice_uses_the_stored_facts_and_is_saved_as_a_pdf(engine, tmp_path, monkeypatch):
    from actions import spill

    monkeypatch.setattr(spill, "DOCUMENTS_DIR", tmp_path)
    answers = {"city": "inglewood", "what_spilling": "grease", "started_at": "2026-11-27T09:00-08:00"}
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="web", city="inglewood", details={"answers": answers}
    )
    store.spills.submit(engine, record["reference"])
    _, messages, _ = run(
        spill.ActionSpillNotice(),
        make_tracker(slots={"spill_reference": record["reference"]}, text="yes", intent="affirm"),
    )
    text = messages[0]["text"]
    assert "Written confirmation of spill notification" in text and record["reference"] in text
    assert "grease" in text and "Inglewood FOG Ordinance, Monitoring and Notification (3)(a)" in text
    assert (tmp_path / f"{record['reference']}-notice.pdf").read_bytes().startswith(b"%PDF")


def test_a_caller_who_says_several_facts_at_once_is_not_asked_them_again():
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))  # 10:00 Pacific
    found = extract_spill_facts("started maybe twenty minutes ago? it's still coming out, yeah", ctx, {})
    assert found == {"started_at": "2026-12-01T09:40-08:00", "still_flowing": "yes"}
    found = extract_spill_facts("it's going down the gutter and into the storm drain", ctx, {})
    assert found["reaches"] == ["gutter", "storm_drain"]
    assert "reaches" not in extract_spill_facts("behind unit C, Victor Plaza on Seventh Street", ctx, {})
    assert extract_spill_facts("ya paró, fueron como 20 galones", ctx, {})["still_flowing"] == "no"
    # "sale" is flowing; "hasta la calle" where it reaches, the patio drain where it comes out (s32-c002)
    told = extract_spill_facts("sale agua con grasa x la coladera del patio hasta la calle", ctx, {})
    assert told["what_spilling"] == "agua con grasa" and told["reaches"] == ["street"]


def test_a_spill_from_a_named_restaurant_s_own_kitchen_is_located_at_the_restaurant():
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    text = (
        "grease trap overflowing in the kitchen rn, water all over the floor and going out the back door "
        "into the alley. Mariscos Chente on Manchester, inglewood"
    )
    found = extract_spill_facts(text, ctx, {})
    assert found["restaurant_name"] == "Mariscos Chente"
    # the business and its street, after the story and its question marks
    with languages.using("es"):
        told = extract_spill_facts(
            "hola urgente!! se rebalso el grease trap d la pupuseria y esta saliendo agua con grasa al "
            "parqueo "
            "y va pa la calle, q hago?? pupuseria la ceibita, market st inglewood",
            ctx,
            {},
        )
    assert told["restaurant_name"] == "pupuseria la ceibita"
    assert told["location"]["text"] == "pupuseria la ceibita, market st inglewood"
    assert found["location"]["text"] == "Mariscos Chente, Manchester"
    assert found["reaches"] == ["street"]  # the alley; not "all" three for "all over the floor"
    said_already = {"location": {"text": "behind the building", "kind": "landmark"}}
    assert "location" not in extract_spill_facts(text, ctx, said_already)


def test_a_caller_who_says_their_name_is_not_asked_for_it():
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    text = "I don't know which restaurant it's from. my name's Kevin Ortiz, 760-555-0142"
    assert extract_spill_facts(text, ctx, {}) == {
        "reporter_name": "Kevin Ortiz",
        "callback_number": "+17605550142",
        "restaurant_involved": "unsure",  # which restaurant is not known: whether one is, unsure
    }
    # a name started, then said whole (w45-c002), is the caller's
    said = "I just work next door at the phone store. Name's Marcus. Marcus Webb."
    assert named_facts(SPILL_FORM.spec, said, ctx, {})["reporter_name"] == "Marcus Webb"
    assert extract_spill_facts("me llamo Rosa Martinez y mi cel es 760 555 0101", ctx, {})[
        "reporter_name"
    ] == ("Rosa Martinez")


def test_a_restaurant_named_in_passing_is_kept_and_a_restaurant_behind_the_spill_is_involved():
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    found = extract_spill_facts("como unos 20 o 30 galones? el restaurante es Mariscos El Puerto", ctx, {})
    assert (found["restaurant_involved"], found["restaurant_name"]) == ("yes", "Mariscos El Puerto")
    found = extract_spill_facts(
        "se esta saliendo agua con grasa de la coladera atras del restaurante", ctx, {}
    )
    assert found["restaurant_involved"] == "yes" and "restaurant_name" not in found
    assert "restaurant_involved" not in extract_spill_facts("sewage is coming out of a manhole", ctx, {})


def test_a_report_sent_before_the_last_questions_is_submitted_with_what_is_missing(engine):
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="voice", city="victorville"
    )
    slots = {
        "spill_reference": record["reference"],
        "city": "victorville",
        "overflowing_now": "yes",
        "location": {"text": "behind unit C, Victor Plaza on Seventh Street", "kind": "landmark"},
        "callback_number": "+17605550133",
        "spill_confirmed": True,
    }
    _, messages, _ = run(ActionSubmitSpillReport(), make_tracker(slots=slots, text="yes that's correct"))
    stored = store.spills.get_by_reference(engine, record["reference"])
    assert stored["status"] == "submitted" and record["reference"] in messages[0]["text"]
    assert "What is spilling" in " ".join(stored["details"]["missing"])


def test_whom_to_call_comes_before_the_question_whether_it_is_overflowing_now(engine):
    """A spill message that does not plainly say it is going on ("... in the alley behind our kitchen,
    inglewood") is asked whether it is overflowing now, with whom to call if it is said first: the number is
    never behind a question."""
    _, messages, _ = run(
        ValidateSpillForm(),
        make_tracker(
            text="need to report grease in the alley behind our kitchen, inglewood",
            intent="report_spill",
            active_loop="spill_form",
        ),
    )
    texts = [m["text"] for m in messages if m.get("text")]
    assert texts[-1] == "Is sewage overflowing right now? (yes or no)"
    assert (
        "If it is overflowing right now: Call the City of Inglewood right now at (310) 412-5333." in texts[0]
    )
    _, unknown, _ = run(  # no city yet: the question alone (each city's numbers follow a yes)
        ValidateSpillForm(),
        make_tracker(text="need to report a grease spill", intent="report_spill", active_loop="spill_form"),
    )
    assert not any("412-5333" in (m.get("text") or "") for m in unknown)


def test_what_is_spilling_and_still_flowing_are_heard_in_texting_words():
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    found = extract_spill_facts(
        "the floor drain by the dish pit is pukin grease water everywhere n now its goin out the back door",
        ctx,
        {},
    )
    assert found["what_spilling"] == "grease water"
    texted = extract_spill_facts(
        "grease backin up out the floor drain + cleanout behind kitchen inglwd rn", ctx, {}
    )
    assert texted["what_spilling"] == "grease" and texted["city"] == "inglewood"
    assert (
        extract_spill_facts("still comin. theres a drain thing in the alley", ctx, {})["still_flowing"]
        == "yes"
    )


def _asked_what_spills(text: str, **slots):
    known = {"requested_slot": "what_spilling", "overflowing_now": "yes", "city": "victorville", **slots}
    return run(ValidateSpillForm(), make_tracker(slots=known, text=text, active_loop="spill_form"))


def test_a_street_address_said_for_what_is_spilling_is_where_it_is_and_the_question_is_asked_again(engine):
    said = "Valley Plaza, 14400 Bear Valley Road, the cleanout is behind unit C, Golden Dragon"
    slots, messages, _ = _asked_what_spills(
        said, location={"text": "behind the Chinese place", "kind": "landmark"}
    )
    assert slots["location"]["text"] == said and "what_spilling" not in slots
    assert slots["requested_slot"] == "what_spilling"
    assert "Got the location." in [m["text"] for m in messages]
    # what is spilling, said with the address, is the answer
    slots, _, _ = _asked_what_spills("grease water from the cleanout at 14400 Bear Valley Road")
    assert slots["what_spilling"]


def test_when_it_started_said_for_what_is_spilling_is_kept_and_the_question_is_asked_again(engine):
    """ "empezo hace como 20 min, si sigue saliendo" to "what is spilling?": the start and that it still flows
    are kept; the words are no substance, so the question is asked again."""
    with languages.using("es"):
        slots, messages, _ = _asked_what_spills(
            "empezo hace como 20 min, si sigue saliendo, ya cerre el agua del lavatrastes", language="es"
        )
    assert "what_spilling" not in slots and slots["requested_slot"] == "what_spilling"
    assert slots["started_at"] and slots["still_flowing"] == "yes"
    assert "Entendido." in [m["text"] for m in messages]


def test_the_place_said_with_where_it_does_not_reach_is_the_clause_that_names_it(engine):
    known = {"requested_slot": "location", "overflowing_now": "yes", "city": "victorville"}
    said = "OK. It is not in the street, only our parking lot, maybe 10 gallon. No storm drain close."
    slots, _, _ = run(ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form"))
    assert slots["location"]["text"] == "our parking lot"
    assert slots["volume"]["amount"] == 10


def test_words_that_name_no_place_said_when_asked_where_are_kept_and_where_is_asked_again(engine):
    said = (
        "desde en la mañanita, como a las siete cuando saqué al perro ya estaba saliendo, y sí, sigue "
        "saliendo, ahorita mismo lo estoy viendo desde la ventana"
    )
    known = {"requested_slot": "location", "overflowing_now": "yes", "city": "victorville", "language": "es"}
    with languages.using("es"):
        slots, _, _ = run(ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form"))
    assert "location" not in slots and slots["requested_slot"] == "location"
    assert slots["still_flowing"] == "yes"
    # a clock time is no house number (s30-c002)
    with languages.using("es"):
        slots, _, _ = run(
            ValidateSpillForm(),
            make_tracker(
                slots=known,
                text="empezo como a las 9:40, todavia sale poquito, ya le pusimos trapos y arena",
                active_loop="spill_form",
            ),
        )
    assert "location" not in slots and slots["started_at"] and slots["still_flowing"] == "yes"
    # a place said with the time is the place
    with languages.using("es"):
        slots, _, _ = run(
            ValidateSpillForm(),
            make_tracker(
                slots=known, text="en la calle Seneca, empezo hace una hora", active_loop="spill_form"
            ),
        )
    assert slots["location"]


def test_where_it_flows_to_said_when_asked_where_is_no_place_and_where_is_asked_again(engine):
    """ "... been going since nine-thirty maybe? and it's running down the gutter toward the storm drain at
    the corner" when asked where (w21-c015): when it started and where it reaches are kept, the doubt about
    the time is no doubt about the storm drain, and where it is asked again."""
    known = {"requested_slot": "location", "overflowing_now": "yes", "city": "inglewood"}
    said = (
        "it's still coming, kinda slow. been going since, uh, nine-thirty maybe? and it's running down the "
        "gutter toward the storm drain at the corner"
    )
    slots, messages, _ = run(
        ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form")
    )
    assert "location" not in slots and slots["requested_slot"] == "location"
    assert slots["started_at"] and slots["still_flowing"] == "yes"
    assert "storm_drain" in slots["reaches"]
    assert "Got it." in [m["text"] for m in messages]


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("the restaurant's Lucky Star", "Lucky Star"),
        ("el restaurante se llama La Ceiba", "La Ceiba"),
    ],
)
def test_the_restaurant_named_after_its_kind_is_its_name(engine, said, name):
    known = {"requested_slot": "restaurant_name", "overflowing_now": "yes", "city": "inglewood"}
    known |= {"location": {"text": "Century Blvd", "kind": "landmark"}, "restaurant_involved": "yes"}
    slots, _, _ = run(ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form"))
    assert slots["restaurant_name"] == name


def test_a_business_named_first_answers_whether_one_is_involved(engine):
    known = {"requested_slot": "restaurant_involved", "overflowing_now": "yes", "city": "inglewood"}
    said = "mori sushi. kenji. 310 555 0199"
    slots, _, _ = run(ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form"))
    assert slots["restaurant_involved"] == "yes" and slots["restaurant_name"] == "mori sushi"
    assert slots["callback_number"] == "+13105550199"


def test_a_street_corrected_with_the_old_one_named_changes_the_place_not_where_it_reaches(engine):
    place = {
        "text": "la Seventh Street, atrás de la Pupusería La Ceiba",
        "kind": "landmark",
        "streets": ["Seventh Street"],
        "zip_code": None,
        "city": None,
    }
    known = {
        "requested_slot": "started_at",
        "overflowing_now": "yes",
        "city": "victorville",
        "language": "es",
        "location": place,
    }
    said = "ah no, perdón, perdón, es la Sixth Street, no la Seventh, la Sixth, me confundí"
    with languages.using("es"):
        slots, text, _ = run(
            ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form")
        )
    assert "reaches" not in slots, text
    assert "Sixth" in slots.get("location", {}).get("text", ""), (slots, text)


def test_the_place_told_again_in_more_words_is_kept(engine):
    """ "It's the back lot, by the dumpsters ... the address is fourteen-something Bear Valley but honestly
    I'm not sure" when asked when it started (w30-c001): the place in the new words; never an empty place
    asked again."""
    first = {
        "text": "the manhole cover in the parking lot behind the Wingstop, Bear Valley Road",
        "kind": "manhole",
    }
    known = {
        "requested_slot": "started_at",
        "overflowing_now": "yes",
        "city": "victorville",
        "location": first,
    }
    said = (
        "It's the back lot, by the dumpsters, kind of between the Wingstop and the mattress store. I think "
        "the address is fourteen-something Bear Valley but honestly I'm not sure."
    )
    slots, _, _ = run(
        ValidateSpillForm(),
        make_tracker(slots=known, text=said, intent="change_answer", active_loop="spill_form"),
    )
    assert slots.get("location") is not None
    assert "back lot" in slots["location"]["text"]


def test_where_it_comes_out_said_with_when_is_the_place(engine):
    """ "started 20 minutes ago, it's running out of a manhole in the alley behind Del Taco": where it comes
    out, not where it flows to (review of stop 51)."""
    known = {"requested_slot": "location", "overflowing_now": "yes", "city": "victorville"}
    said = "started 20 minutes ago, it's running out of a manhole in the alley behind Del Taco"
    slots, _, _ = run(ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form"))
    assert slots.get("location") and "Del Taco" in slots["location"]["text"]


@pytest.mark.parametrize("said", ["The Shop on Main", "El Lugar de Pepe"])
def test_a_name_that_starts_with_a_kind_of_place_is_kept_whole(said):
    from intake.text import without_name_intro

    assert without_name_intro(said) == said


def test_a_street_address_said_after_a_place_makes_the_location_exact(engine):
    """w47-c001: "the manhole in the parking lot behind the Denny's", then "the sign says 12350 Bear Valley
    Road" while asked when it started: the address was lost, and the caller's correction of its number at
    the read-back found nothing to change. The address is kept with the place's words after it."""
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    kept = {"location": {"text": "manhole in the parking lot behind the Denny's", "kind": "manhole"}}
    said = "okay I walked over, so 12350 Bear Valley Road. The manhole's in the back lot by the dumpsters."
    found = extract_spill_facts(said, ctx, kept)
    assert (
        found["location"]["text"] == "12350 Bear Valley Road, manhole in the parking lot behind the Denny's"
    )
    # a location with its street address already is kept as it is
    exact = {"location": {"text": "14400 Bear Valley Road", "kind": "address"}}
    assert "location" not in extract_spill_facts("it's at 12350 Bear Valley Road", ctx, exact)
    known = {"requested_slot": "started_at", "overflowing_now": "yes", "city": "victorville", **kept}
    slots, _, _ = run(ValidateSpillForm(), make_tracker(slots=known, text=said, active_loop="spill_form"))
    assert slots["location"]["text"].startswith("12350 Bear Valley Road")
    assert slots["requested_slot"] == "started_at"


def test_an_address_said_as_someone_s_own_place_is_not_where_the_spill_is():
    """Review of stop 59, M9: the caller's shop and a restaurant's address were merged into the location."""
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    kept = {"location": {"text": "5th and Main", "kind": "cross_streets"}}
    for said in (
        "Maria Lopez, I own the flower shop at 1200 W Century Blvd",
        "it's Rosa's Kitchen, 14580 Bear Valley Road",
        "I live at 4410 Palm Avenue",
    ):
        assert "location" not in extract_spill_facts(said, ctx, kept), said


def test_where_it_reaches_said_again_adds_to_what_was_said_unless_it_says_not():
    """Review of stop 59, M10: "it's going into the storm drain" after the street dropped the street."""
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    kept = {"reaches": ["street", "storm_drain"]}
    said = "it already reached the storm drain, I'm not sure if it's still going"
    assert extract_spill_facts(said, ctx, kept)["reaches"] == ["street", "storm_drain"]
    said = "oh wait, it stopped at the curb, it's not in the storm drain"
    assert extract_spill_facts(said, ctx, kept)["reaches"] == ["gutter"]
    # not knowing whom to call is no restaurant unknown (S5)
    said = "not sure what restaurant to call about this, the manhole on 5th and Main is overflowing"
    assert "restaurant_involved" not in extract_spill_facts(said, ctx, {})
