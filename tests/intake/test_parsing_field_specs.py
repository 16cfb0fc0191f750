"""Field specs: every citation is real ordinance text, questions fit their channel, read-backs fit SMS."""

from __future__ import annotations

import re

import pytest

from actions.channel import CHANNELS as RASA_CHANNELS
from actions.forms import read_back
from compliance.core import INGLEWOOD_SECTIONS
from intake.forms import CHANNELS, FORMS, FieldSpec, form_spec, format_value
from knowledge.references import find_unit
from shaping.sms_text import DEFAULT_LIMIT as SMS_LIMIT
from store.permits import KEY_FIELDS as PERMIT_KEY_FIELDS
from store.spills import FIELDS as SPILL_FIELDS

ALL_FIELDS = [(key, spec) for key, form in FORMS.items() for spec in form.fields]
CITATION_STYLE = re.compile(
    r"^(?:Victorville Municipal Code § \d+\.\d+\.\d{3}(?:\([a-z0-9]+\))*(?: \(\"[^\"]+\"\))?"
    rf"|Inglewood FOG Ordinance, (?:{'|'.join(INGLEWOOD_SECTIONS)})(?: \(\"[^\"]+\"\))?"
    r"(?: (?:\([a-zA-Z0-9]+\))+)?)$"
)

SPILL_VALUES = {
    "city": "victorville",
    "location": {
        "text": "5th and Main",
        "kind": "cross_streets",
        "streets": ["5th", "Main"],
        "zip_code": None,
    },
    "what_spilling": "sewage",
    "started_at": "2026-08-18T19:00-07:00",
    "still_flowing": "yes",
    "reaches": ["gutter", "storm_drain"],
    "volume": {"amount": 50, "unit": "gal", "approximate": True},
    "restaurant_involved": "yes",
    "restaurant_name": "Taquería Zoë",
    "reporter_name": "Zoë Nguyễn",
    "callback_number": "+17605550100",
}


@pytest.mark.parametrize(("form", "spec"), ALL_FIELDS, ids=[f"{k[0]}-{k[1]}-{s.name}" for k, s in ALL_FIELDS])
def test_every_citation_is_ordinance_text_in_house_style(
    form: tuple[str, str | None], spec: FieldSpec
) -> None:
    for citation in spec.citations:
        assert CITATION_STYLE.match(citation), citation
        assert find_unit(citation) is not None, f"{citation} is not a unit of the ordinance texts"
    if form[1] is not None:
        prefix = {"victorville": "Victorville", "inglewood": "Inglewood"}[form[1]]
        assert all(c.startswith(prefix) for c in spec.citations), spec.citations
    assert spec.citations or spec.why


@pytest.mark.parametrize(("form", "spec"), ALL_FIELDS, ids=[f"{k[0]}-{k[1]}-{s.name}" for k, s in ALL_FIELDS])
def test_questions_fit_their_channel(form: tuple[str, str | None], spec: FieldSpec) -> None:
    assert len(spec.ask) <= SMS_LIMIT
    assert len(spec.ask_voice) <= 90, spec.ask_voice
    assert spec.ask.endswith(("?", ".", ")")) and spec.ask_voice.endswith(("?", "."))


@pytest.mark.parametrize("form", list(FORMS.values()), ids=[f"{k[0]}-{k[1]}" for k in FORMS])
def test_forms_are_consistent(form) -> None:
    names = [spec.name for spec in form.fields]
    assert len(names) == len(set(names))
    for spec in form.fields:
        if spec.only_if is not None:
            assert spec.only_if[0] in names[: names.index(spec.name)], f"{spec.name} depends on a later field"
    if form.citation:
        assert find_unit(form.citation) is not None


def test_forms_by_city() -> None:
    assert (
        form_spec("permit_application", "victorville").citation == "Victorville Municipal Code § 10.03.060(a)"
    )
    assert form_spec("permit_application", "inglewood").citation == "Inglewood FOG Ordinance, Permits (1)"
    assert form_spec("spill_report", "inglewood") is form_spec("spill_report")
    with pytest.raises(KeyError, match="needs a city: one of \\['inglewood', 'victorville'\\]; got None"):
        form_spec("permit_application")
    with pytest.raises(KeyError, match="Unknown form 'pizza_order'"):
        form_spec("pizza_order")


def test_victorville_application_covers_every_item_of_10_03_060() -> None:
    form = form_spec("permit_application", "victorville")
    cited = {c for spec in form.fields for c in spec.citations}
    for item in range(1, 7):
        assert f"Victorville Municipal Code § 10.03.060(a)({item})" in cited
    assert "Victorville Municipal Code § 10.03.060(b)" in cited


def test_victorville_documents_path_skips_the_application_questions() -> None:
    form = form_spec("permit_application", "victorville")
    documents = [s.name for s in form.applicable({"application_path": "building_documents"})]
    assert documents == [
        "application_path",
        "business_name",
        "facility_address",
        "applicant_name",
        "applicant_phone",
        "building_documents",
    ]
    application = [s.name for s in form.applicable({"application_path": "application"})]
    assert "building_documents" not in application and "kitchen_size" in application
    assert len(application) == 18


def test_inglewood_application_covers_permits_1_a_to_d_and_plans() -> None:
    form = form_spec("permit_application", "inglewood")
    cited = {c for spec in form.fields for c in spec.citations}
    for item in "abcd":
        assert f"Inglewood FOG Ordinance, Permits (1)({item})" in cited
    assert form.field("plans_available").citations == ("Inglewood FOG Ordinance, Permits (1)",)
    school = [s.name for s in form.applicable({"establishment_kind": "school"})]
    assert "dining_capacity" not in school and "drive_thru" not in school
    restaurant = [s.name for s in form.applicable({"establishment_kind": "restaurant"})]
    assert {"dining_capacity", "drive_thru"} <= set(restaurant)
    assert "February 23, 2010" in form.field("operating_before_adoption").ask
    assert "February 23, 2012" in form.field("fog_controls_by_deadline").ask


def test_store_key_fields_are_asked() -> None:
    for city in ("victorville", "inglewood"):
        names = {spec.name for spec in form_spec("permit_application", city).fields}
        assert set(PERMIT_KEY_FIELDS) <= names
    spill_names = {spec.name for spec in form_spec("spill_report").fields}
    asked_as = {"location": "location_text", "volume": "volume_estimate"}
    assert {asked_as.get(n, n) for n in spill_names} <= set(SPILL_FIELDS)


def test_next_field_follows_answers_and_skips() -> None:
    form = form_spec("spill_report")
    assert form.next_field({}).name == "city"
    values = {name: SPILL_VALUES[name] for name in ("city", "location", "what_spilling", "started_at")}
    assert form.next_field(values).name == "still_flowing"
    values |= {"still_flowing": "no", "reaches": [], "volume": 10, "restaurant_involved": "no"}
    assert form.next_field(values).name == "reporter_name"  # no restaurant, so no restaurant name
    assert form.next_field(values, skipped=("reporter_name",)).name == "callback_number"
    assert form.missing_required(values) == ("reporter_name", "callback_number")
    with pytest.raises(KeyError, match="has no field 'colour'"):
        form.field("colour")


def test_channels_match_the_action_server() -> None:
    assert set(CHANNELS) == set(RASA_CHANNELS)


def test_sms_read_back_fits_in_320_character_messages() -> None:
    messages = read_back("spill_report", SPILL_VALUES, "sms")
    assert all(len(m) <= SMS_LIMIT for m in messages)
    joined = "\n".join(messages)
    for expected in (
        "Location: 5th and Main",
        "Start time: Aug 18, 2026 at 7:00 PM",
        "Reaches: a gutter and a storm drain",
        "Rough volume: about 50 gallons",
        "Restaurant: Taquería Zoë",
        "Reporter's name: Zoë Nguyễn",
        "Callback number: (760) 555-0100",
    ):
        assert expected in joined
    assert messages[-1].endswith("Reply YES to submit, or tell me what to change.")


def test_long_answers_are_shortened_in_sms_but_no_answer_is_split() -> None:
    values = dict(SPILL_VALUES, what_spilling="grease and sewage " * 30)
    messages = read_back("spill_report", values, "sms")
    assert all(len(m) <= SMS_LIMIT for m in messages)
    line = next(line for m in messages for line in m.split("\n") if line.startswith("What is spilling"))
    assert line.endswith("...") and len(line) <= len("What is spilling: ") + 100


def test_voice_and_web_read_backs() -> None:
    (voice,) = read_back("spill_report", SPILL_VALUES, "voice")
    assert voice.startswith("Here's what I have.")
    assert "Callback number: 7 6 0, 5 5 5, 0 1 0 0." in voice
    assert "Start time: August 18, 2026 at 7:00 PM" in voice
    assert voice.endswith("Is that right? Say yes, or tell me what to change.")
    (web,) = read_back("spill_report", dict(SPILL_VALUES, restaurant_involved="no"), "web")
    assert "- Restaurant involved: no" in web
    assert "Taquería" not in web  # not applicable once no restaurant is involved
    with pytest.raises(ValueError, match="Unknown channel 'fax'"):
        read_back("spill_report", SPILL_VALUES, "fax")


def test_format_value_by_parser() -> None:
    form = form_spec("permit_application", "victorville")
    assert (
        format_value(form.field("prep_hours"), [{"start": "06:00", "end": "22:00"}]) == "6:00 AM to 10:00 PM"
    )
    assert format_value(form.field("kitchen_size"), {"amount": 400, "unit": "sqft"}) == "400 square feet"
    assert (
        format_value(form.field("application_path"), "building_documents")
        == "show building-division documents"
    )
    assert format_value(form.field("dining_capacity"), 1200) == "1,200"
