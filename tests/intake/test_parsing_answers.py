"""Yes/no, choices, spill reach, service frequency, free text, slots and the parser registry."""

from __future__ import annotations

import datetime as dt
import enum
from zoneinfo import ZoneInfo

import pytest

from intake import (
    PARSERS,
    SPILL_REACHES,
    ParseContext,
    Reaches,
    ServiceFrequency,
    YesNo,
    describe,
    evidence_in_passing,
    parse,
    parse_application_path,
    parse_city,
    parse_containers,
    parse_device,
    parse_establishment_kind,
    parse_evidence_source,
    parse_frequency,
    parse_reaches,
    parse_text,
    parse_yes_no,
    says_it_is_not_known,
    to_slot,
)
from store.schema import SPILL_REACHES as STORE_SPILL_REACHES

CTX = ParseContext(dt.datetime(2026, 8, 18, 12, 0, tzinfo=ZoneInfo("America/Los_Angeles")))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        *[
            (t, YesNo.YES)
            for t in ("yes", "Yeah", "yep!", "yup", "ya", "y", "sure", "ok", "correct", "si", "Sí")
        ],
        *[(t, YesNo.YES) for t in ("yes it is still flowing", "i think so", "of course", "uh huh", "👍")],
        *[(t, YesNo.NO) for t in ("no", "No.", "nope", "nah", "n", "negative", "not really", "never")],
        *[
            (t, YesNo.NO)
            for t in ("no it stopped", "it stopped", "not anymore", "i don't think so", "it isn't")
        ],
        *[(t, YesNo.UNSURE) for t in ("not sure", "I don't know", "dunno", "idk", "maybe", "no idea")],
        *[(t, YesNo.UNSURE) for t in ("no, I'm not sure", "can't tell", "no sé", "tal vez")],
        # an acknowledgement before the answer is not the answer
        *[(t, YesNo.YES) for t in ("Understood. Yes, please submit it.", "thanks, yes", "entendido, si")],
        *[(t, YesNo.NO) for t in ("Got it. No, we don't.", "gracias, no")],
    ],
)
def test_yes_no_not_sure(text: str, expected: YesNo) -> None:
    result = parse_yes_no(text)
    assert result.value is expected
    assert result.slot == expected.value


@pytest.mark.parametrize("text", ["purple", "yes and no", "", "the street", "Understood."])
def test_unclear_yes_no_asks_again(text: str) -> None:
    assert parse_yes_no(text).error == "Please answer yes, no or not sure."


def test_yes_no_as_bool() -> None:
    assert [v.as_bool for v in YesNo] == [True, False, None]


@pytest.mark.parametrize(
    ("parser", "text", "expected"),
    [
        (parse_city, "Victorville", "victorville"),
        (parse_city, "in victorvile", "victorville"),
        (parse_city, "90301", "inglewood"),
        (parse_city, "Inglewood, CA", "inglewood"),
        (parse_device, "grease trap", "trap"),
        (parse_device, "the big interceptor out back", "interceptor"),
        (parse_device, "the in-ground one", "interceptor"),
        (parse_device, "the one under the sink", "trap"),
        (parse_establishment_kind, "a taqueria", "restaurant"),
        (parse_establishment_kind, "Restaurant", "restaurant"),
        (parse_establishment_kind, "elementary school", "school"),
        (parse_establishment_kind, "hospital", "hospital"),
        (parse_establishment_kind, "a bar", "other"),
        (parse_application_path, "fill out the application", "application"),
        (parse_application_path, "a", "application"),
        (parse_application_path, "I have a building permit", "building_documents"),
        (parse_application_path, "B", "building_documents"),
        (parse_evidence_source, "our hauler", "hauler"),
        (parse_evidence_source, "a licensed engineer", "engineer"),
        (parse_evidence_source, "nobody yet", "none_yet"),
    ],
)
def test_single_choices(parser, text: str, expected: str) -> None:
    assert parser(text).value == expected


@pytest.mark.parametrize(
    ("parser", "text", "error"),
    [
        (parse_city, "LA", "Which city is it in? Please answer Victorville or Inglewood."),
        (parse_device, "both trap and interceptor", "Is it a grease interceptor or a grease trap?"),
        (parse_device, "not sure", "Your FOG permit or the hauler's invoice says which."),
        (parse_establishment_kind, "sports bar and grill", "Is it a restaurant, a school, a hospital"),
        # (several who document it is an answer: the first named, tests/intake/test_intake_spanish.py)
        (parse_evidence_source, "my cousin maybe", "Who can document the lack of space?"),
    ],
)
def test_unclear_choices_ask_again(parser, text: str, error: str) -> None:
    result = parser(text)
    assert result.value is None
    assert (result.error or "").startswith(error)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("green and brown", ("green", "brown")),
        ("all three", ("blue", "green", "brown")),
        ("recycling", ("blue",)),
        ("food scraps", ("brown",)),
        # "only" keeps the containers of its own clause: not the "Verde" of a place's name said before
        ("Mesa Verde Plaza, 12 Main St. Waiver for the brown containers only.", ("brown",)),
        ("brown and green only", ("green", "brown")),
        ("solo el café", ("brown",)),
    ],
)
def test_containers(text: str, expected: tuple[str, ...]) -> None:
    assert parse_containers(text).value == expected


@pytest.mark.parametrize(
    ("text", "places", "unsure"),
    [
        ("street", ("street",), False),
        ("the gutter and storm drain", ("gutter", "storm_drain"), False),
        ("storm drain, then the street", ("street", "storm_drain"), False),
        ("catch basin", ("storm_drain",), False),
        ("all of them", SPILL_REACHES, False),
        ("no, just the gutter", ("gutter",), False),
        ("no", (), False),
        ("none", (), False),
        ("neither", (), False),
        ("it stays in the parking lot", (), False),
        # a place said only in the negative, or as near, is not reached
        ("not in the street yet just the lot", (), False),
        ("not in the street yet just the alley", (), False),  # an alley is a street: said not to be one
        ("not the street but the gutter yes", ("gutter",), False),
        # "all" is all three only when said of them ("all over the floor" is not)
        ("yes all three", SPILL_REACHES, False),
        ("water all over the floor and going out the back door into the alley", ("street",), False),
        ("its close to the storm drain but not in it yet i think", (), False),
        ("it went into the storm drain, not the street", ("storm_drain",), False),
        ("not sure", (), True),
        ("it's in the street, not sure about the storm drain", ("street",), False),
        ("maybe the gutter", (), True),
    ],
)
def test_spill_reaches(text: str, places: tuple[str, ...], unsure: bool) -> None:
    assert parse_reaches(text).value == Reaches(places, unsure)


@pytest.mark.parametrize("text", ["yes", "it's going down the floor drain"])
def test_unclear_spill_reach_asks_which(text: str) -> None:
    assert parse_reaches(text).error == (
        "Does it reach the street, a gutter or a storm drain? Say which, or none, or not sure."
    )


def test_spill_reach_values_are_the_stores() -> None:
    assert SPILL_REACHES == STORE_SPILL_REACHES
    assert parse_reaches("gutter and street").slot == ["street", "gutter"]
    assert parse_reaches("not sure").slot == "unsure"
    assert describe("reaches", ["gutter", "storm_drain"]) == "a gutter and a storm drain"
    assert describe("reaches", []) == "none of the street, gutter or storm drain"


@pytest.mark.parametrize(
    ("text", "days", "months", "approx_days"),
    [
        ("every 90 days", 90, None, 90),
        ("90", 90, None, 90),
        ("90-day", 90, None, 90),
        ("every two weeks", 14, None, 14),
        ("monthly", None, 1, 30),
        ("every other month", None, 2, 60),
        ("quarterly", None, 3, 90),
        ("every 3 months", None, 3, 90),
        ("every 4 months", None, 4, 120),
        ("twice a year", None, 6, 180),
        ("don't know", None, None, None),
    ],
)
def test_service_frequency(text: str, days: int | None, months: int | None, approx_days: int | None) -> None:
    frequency = parse_frequency(text).value
    assert frequency == ServiceFrequency(days, months)
    assert frequency.approx_days == approx_days
    assert frequency.known is (approx_days is not None)


def test_unclear_frequency_asks_again() -> None:
    assert parse_frequency("banana").error == (
        "How often is it serviced? For example every 90 days, or say you don't know."
    )


def test_free_text() -> None:
    assert parse_text("  Mexican food,   tacos ").value == "Mexican food, tacos"
    assert parse_text("!").error == "Please type a short answer in words."
    assert parse_text("x" * 1001).error == "That's a bit long: please keep it under 1000 characters."


def test_every_registered_parser_takes_text_and_context() -> None:
    expected_ok = {
        "date": "8/14",
        "moment": "an hour ago",
        "phone": "760-555-0100",
        "seats": "40",
        "gallons_per_week": "15 gallons",
        "cubic_yards_per_week": "2 yards",
        "square_feet": "400 sq ft",
        "city": "Victorville",
    }
    for name, text in expected_ok.items():
        assert parse(name, text, CTX).ok, name
    for name in PARSERS:
        assert not parse(name, "", CTX).ok, name  # an empty answer is never accepted
    with pytest.raises(ValueError, match="Unknown parser 'colour'"):
        parse("colour", "blue", CTX)
    with pytest.raises(ValueError, match="Unknown parser"):
        describe("colour", "blue")


def test_to_slot_of_plain_values() -> None:
    class Color(enum.Enum):
        RED = "red"

    assert to_slot(dt.date(2026, 8, 14)) == "2026-08-14"
    assert to_slot(dt.time(7, 5)) == "07:05"
    assert to_slot(("a", dt.date(2026, 1, 2))) == ["a", "2026-01-02"]
    assert to_slot(Color.RED) == "red"
    assert to_slot(YesNo.NO) == "no"
    with pytest.raises(TypeError, match="No slot form for object"):
        to_slot(object())


@pytest.mark.parametrize(
    "text",
    [
        "It was pumped today, December 1, by Desert Valley Pumping. They removed about 750 gallons.",
        "pumped yesterday",
    ],
)
def test_a_day_named_in_passing_is_no_frequency(text: str) -> None:
    assert not parse_frequency(text).ok  # "today" holds "day", and "December 1" is a date


def test_a_choice_said_only_to_be_denied_is_not_chosen():
    assert parse_device("its the interceptor out back not the little trap").value == "interceptor"
    assert parse_device("no es la trampa, es el interceptor").value == "interceptor"
    assert not parse_device("grease trap or interceptor?").ok


@pytest.mark.parametrize(
    ("said", "source"),
    [
        (
            "Es para el verde y café. Tengo una carta del recolector que dice que no hay espacio.",
            "hauler",
        ),
        ("we have a letter from our hauler saying there's no room", "hauler"),
        ("we already have an engineer's report", "engineer"),
        ("Our hauler did a site visit and wrote a letter saying the enclosure can't fit them", "hauler"),
        ("el recolector nos dio una carta que dice que no caben", "hauler"),
        ("la compania de basura ya me dio una carta q dice q no caben", "hauler"),
        ("the trash company sent me a letter, the bins won't fit", "hauler"),
        ("no hay espacio, el recolector dice", None),  # no document in hand
        ("we got an engineer report and a hauler letter", None),  # two: which is not certain
    ],
)
def test_who_documents_the_lack_of_space_is_read_in_passing_beside_the_document_in_hand(said, source):
    assert evidence_in_passing(said) == source


@pytest.mark.parametrize(
    ("said", "once"),
    [
        ("empezó hace como, como media hora, y sí", "empezó hace como media hora, y sí"),
        ("va corriendo para la, la rejilla", "va corriendo para la rejilla"),
        ("eh, es que, es que se está saliendo", "eh, es que se está saliendo"),
        ("the the manhole", "the manhole"),
        # a phone number's digits in words, and a name said twice, stay
        ("siete seis cero, cinco cinco cinco", "siete seis cero, cinco cinco cinco"),
        ("seven six oh five five five", "seven six oh five five five"),
        ("Bora Bora Grill", "Bora Bora Grill"),
    ],
)
def test_a_speaker_s_restarts_are_said_once(said, once):
    from intake.text import without_restarts

    assert without_restarts(said) == once


@pytest.mark.parametrize(
    ("text", "sends"),
    [
        ("yes, please submit", True),
        ("si todo bien, mandalo", True),
        ("si dale", True),
        ("ok, dale", True),
        # a street and a name are no go-ahead (w45-c009: the request was filed on its address)
        ("Harlow Insurance Agency, 14955 Dale Evans Pkwy, Suite 210, Victorville.", False),
        ("my name is Dale Smith", False),
    ],
)
def test_a_request_to_send_is_told_from_a_street_or_a_name(text, sends):
    from intake.choices import asks_to_send

    assert asks_to_send(text) is sends


@pytest.mark.parametrize(
    ("said", "not_known"),
    [
        ("I dont know how long, I just drove by", True),
        ("idk, maybe an hour", True),
        ("not sure", True),
        ("no lo sé, acabo de llegar", True),
        ("no se cuando empezo", True),
        ("quién sabe", True),
        # not knowing something else, or "no se" of a verb, says nothing of the answer (stop 54's review)
        ("i don't know who owns the restaurant, its the one on 5th", False),
        ("no se ha parado todavia", False),
        ("I'm not sure if they have a trap", False),
    ],
)
def test_an_answer_that_says_it_is_not_known_is_not_one_about_something_else(said, not_known):
    assert says_it_is_not_known(said) is not_known
