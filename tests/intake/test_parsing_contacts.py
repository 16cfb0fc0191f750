"""Phone numbers, names and locations."""

from __future__ import annotations

import pytest

from intake import (
    ADDRESS,
    CROSS_STREETS,
    LANDMARK,
    MANHOLE,
    Location,
    PhoneNumber,
    describe,
    parse_location,
    parse_parcel_numbers,
    parse_person_name,
    parse_phone,
    parse_quantity,
)
from intake.locations import find_street_address
from intake.phones import mentions_phone, without_phones
from store.phones import normalize_phone


@pytest.mark.parametrize(
    "text",
    [
        "(760) 555-0100",
        "760-555-0100",
        "760.555.0100",
        "760 555 0100",
        "7605550100",
        "+1 760 555 0100",
        "+17605550100",
        "1-760-555-0100",
        "1 (760) 555-0100",
        "call me at 760 555 0100 after 5",
        "seven six oh five five five oh one oh oh",
        "My number is (760) 555–0100",
    ],
)
def test_us_phone_numbers(text: str) -> None:
    result = parse_phone(text)
    assert result.error is None
    assert result.value == PhoneNumber("+17605550100")
    assert result.value.display == "(760) 555-0100"
    assert result.slot == "+17605550100"


@pytest.mark.parametrize("text", ["(760) 555-0100", "760.555.0100", "+1 760 555 0100", "7605550100"])
def test_phone_keys_match_the_store(text: str) -> None:
    assert parse_phone(text).slot == normalize_phone(text)


def test_extension_display_voice_and_slot() -> None:
    result = parse_phone("310-412-5333 ext. 12")
    assert result.value == PhoneNumber("+13104125333", "12")
    assert result.value.display == "(310) 412-5333 ext. 12"
    assert result.slot == "+13104125333;ext=12"
    assert PhoneNumber.from_slot(result.slot) == result.value
    assert describe("phone", "+17605550100", spoken=True) == "7 6 0, 5 5 5, 0 1 0 0"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("555-0100", "Please include the area code: all 10 digits, for example 760-555-0100."),
        (
            "911",
            "That phone number is too short (3 digits). Please type all 10 digits with the area code, for "
            "example 760-555-0100.",
        ),
        ("76055501", "That phone number is too short (8 digits)."),
        ("760555010012345", "That phone number has too many digits (15)."),
        ("+44 20 7946 0958", "I can only take a US phone number"),
        ("060-555-0100", "Area codes don't start with 0, so 060 can't be right."),
        ("411-555-0100", "411 is not an area code."),
        (
            "760-155-0100",
            "The three digits after the area code can't start with 1, so 760-155 can't be right.",
        ),
        ("no phone", "Please type a phone number with the area code, for example 760-555-0100."),
    ],
)
def test_bad_phone_numbers_say_what_to_type(text: str, error: str) -> None:
    result = parse_phone(text)
    assert result.value is None
    assert (result.error or "").startswith(error)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Maria Lopez", "Maria Lopez"),
        ("my name is Zoë Nguyễn", "Zoë Nguyễn"),
        ("I'm 李小龍", "李小龍"),
        ("It's José.", "José"),
        ("Ye", "Ye"),
        ("my name is Rosa Medina, call me back at", "Rosa Medina"),  # the number taken out before
        ("Es Juan", "Juan"),
    ],
)
def test_person_names_keep_any_script(text: str, expected: str) -> None:
    assert parse_person_name(text).value == expected


@pytest.mark.parametrize(
    "text",
    [
        *("", "yes", "skip", "12345", "x" * 101, "Parcel number is", "The owner", "es el dueño"),
        # a yes said twice, an apology opening a correction (w43-c004)
        *(
            "Yes. Yes, that's right, with the thirty gallons.",
            "Sorry, actually, I need to correct the amount",
        ),
    ],
)
def test_not_names(text: str) -> None:
    assert parse_person_name(text).error is not None


def test_a_parcel_number_is_no_phone_number() -> None:
    said = "We serve Mexican food. Parcel number is 4021-015-022."
    assert not mentions_phone(said)
    assert without_phones(said) == said
    assert parse_phone("4021-015-022").error is not None


def test_parcel_numbers() -> None:
    assert parse_parcel_numbers("4012345678 and 4012-345-679").value == ("4012-345-678", "4012-345-679")
    assert "10 digits" in (parse_parcel_numbers("idk").error or "")


@pytest.mark.parametrize(
    ("text", "kind", "streets"),
    [
        ("123 Main St", ADDRESS, ()),
        ("it's at 4500 N. Palm Ave Apt 3", ADDRESS, ()),
        ("5th and Main", CROSS_STREETS, ("5th", "Main")),
        ("Main & 5th", CROSS_STREETS, ("Main", "5th")),
        ("Main St at 5th Ave", CROSS_STREETS, ("Main St", "5th Ave")),
        ("corner of 7th St and Forrest Ave", CROSS_STREETS, ("7th St", "Forrest Ave")),
        ("Market St / Pine Ave, Inglewood", CROSS_STREETS, ("Market St", "Pine Ave")),
        ("manhole at 5th and Main", MANHOLE, ("5th", "Main")),
        ("the manhole in front of 123 Main St", MANHOLE, ()),
        ("sewer cover on Elm", MANHOLE, ()),
        ("behind the grocery store on Bear Valley Rd", LANDMARK, ()),
        ("Taco Bell and the gas station", LANDMARK, ()),
        ("2 blocks north of Main and 5th", LANDMARK, ()),
        ("Walmart parking lot", LANDMARK, ()),
    ],
)
def test_locations(text: str, kind: str, streets: tuple[str, ...]) -> None:
    result = parse_location(text)
    assert result.error is None
    location = result.value
    assert (location.kind, location.streets) == (kind, streets)
    assert location.text == text.strip(" .")


@pytest.mark.parametrize(
    ("text", "zip_code", "city", "outside"),
    [
        ("123 Main St, Victorville, CA 92392", "92392", "victorville", False),
        ("5th and Main 90301", "90301", "inglewood", False),
        ("5th and Main 10001", "10001", None, True),
        ("5th and Main, Inglewood", None, "inglewood", False),
        ("5th and Main", None, None, False),
    ],
)
def test_zip_codes_flag_the_city(text: str, zip_code: str | None, city: str | None, outside: bool) -> None:
    location = parse_location(text).value
    assert location is not None
    assert (location.zip_code, location.city, location.zip_outside_cities) == (zip_code, city, outside)


@pytest.mark.parametrize(
    ("text", "message_part"),
    [
        ("", "Please type where it is"),
        ("idk", "If you don't know the address, tell me the nearest cross streets or a landmark"),
        ("yes", "If you don't know the address"),
        ("92392", "That looks like a ZIP code."),
        ("here", "The crew needs more to find it."),
        ("!!", "Please describe the place in words"),
        ("a" * 301, "That's a long description."),
    ],
)
def test_locations_that_need_more(text: str, message_part: str) -> None:
    result = parse_location(text)
    assert result.value is None
    assert message_part in (result.error or "")


def test_location_slot_round_trip() -> None:
    result = parse_location("manhole at 5th and Main 92392")
    assert result.slot == {
        "text": "manhole at 5th and Main 92392",
        "kind": "manhole",
        "streets": ["5th", "Main"],
        "zip_code": "92392",
        "city": "victorville",
    }
    assert Location.from_slot(result.slot) == result.value
    assert describe("location", result.slot) == "manhole at 5th and Main 92392"


def test_a_street_address_is_found_inside_a_longer_answer():
    assert (
        find_street_address("Business is Sunrise Bakery, 15000 Seventh St, contact Ana Lee")
        == "15000 Seventh St"
    )
    assert find_street_address("We're at 12345 Hesperia Road.") == "12345 Hesperia Road"
    assert find_street_address("we have 45 seats and 3 cubic yards") is None
    # the unit goes with the street
    assert find_street_address("birria don chuy, 13800 bear valley rd suite 5 victorville") == (
        "13800 bear valley rd suite 5"
    )
    assert find_street_address("Rivera Tax, 15550 Palmdale Rd, Ste. 4, Victorville") == (
        "15550 Palmdale Rd, Ste. 4"
    )
    assert find_street_address("at 15000 Seventh St. su restaurante") == "15000 Seventh St"
    # a count and a drive-thru are no street
    assert find_street_address("its like 12 seats no drive thru") is None
    assert find_street_address("we have 40 seats and a drive-thru") is None
    assert (
        find_street_address("somos 30 sillas y un drive thru en 1020 S La Brea Ave") == "1020 S La Brea Ave"
    )


def test_cross_streets_said_as_a_clause_are_found_when_one_is_named_as_a_street():
    from intake.locations import find_cross_streets

    said = "Tacos El Guero, 3rd ave and manchester, inglewood 90301. phone 310-555-0123"
    assert find_cross_streets(said) == "3rd ave and manchester"
    assert find_cross_streets("Bear Valley Rd & 7th, victorville") == "Bear Valley Rd & 7th"
    assert find_cross_streets("we serve tacos and burritos, 40 seats") is None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Juan Perez, soy el dueño. 310 555 0198", "Juan Perez"),
        (
            "como unos 20 galones? el restaurante es Mariscos El Puerto, yo soy el cocinero, Ramiro Salas",
            "Ramiro Salas",
        ),
        (
            "Empezó hace unos 10 minutos. Soy Lupita Ramírez, la administradora, 760 555 0163.",
            "Lupita Ramírez",
        ),
        ("this is Sam Ortiz, the manager", "Sam Ortiz"),
        ("im the cook, sam ortiz", "sam ortiz"),
        # introduced, with the role after the name, or "it's me"
        ("like 20 gallons maybe. im Chente Ruiz the owner, 310-555-0199", "Chente Ruiz"),
        ("Tacos El Guero, phone 310-555-0123. its me Luis Ortega, im the owner", "Luis Ortega"),
        # a name with a phone number and nothing else
        ("maria lopez 760-555-0188", "maria lopez"),
        # a role without its article after the name
        ("Karen Blake, property manager, 760-555-0133", "Karen Blake"),
        ("I'm the district manager, Priya Natarajan, 310-555-0131.", "Priya Natarajan"),
        ("im not sure the owner knows", None),
        # no name: a role alone, words with no role beside them, someone else's business
        ("soy el dueño", None),
        ("ya cerramos el agua, soy nuevo aqui", None),
        ("El dueño es Century Plaza Holdings, lo administra Pacific Property Mgmt, 310-555-0110", None),
        ("soy Tacos El Guero", None),
    ],
)
def test_a_name_said_beside_a_role_or_after_soy_is_the_person_s(text, name):
    from intake.text import said_name

    assert said_name(text) == name


def test_a_sentence_of_amounts_and_times_is_no_mistyped_phone_number():
    said = "el plomero dijo como 1,500 galones al dia, y tenemos un interceptor de 1,000 galones."
    assert parse_phone(said).error == (
        "Please type a phone number with the area code, for example 760-555-0100."
    )
    assert parse_phone("mi cel es 760 555 01").error.startswith("That phone number is too short (8 digits).")


@pytest.mark.parametrize(
    "said",
    ["me llamo Rosa Elena Quintero, y mi teléfono es el 760, eh, 555, 0142", "my number is 760 um 555 0142"],
)
def test_a_number_said_in_paused_groups_is_the_phone_and_no_amount(said):
    assert parse_phone(said).value.e164 == "+17605550142"
    assert parse_quantity(said, "gal").value is None  # asked how much spilled: the phone is no amount


def test_a_spoken_number_ends_where_its_sentence_does():
    """ "... zero one four eight. Oh, and, do I need to stay here?" (w43-c001): that "oh" starts a sentence,
    no eleventh digit."""
    said = (
        "My name's Rick, Rick Alvarado. Number is seven six oh, five five five, zero one four eight. Oh, "
        "and, do I need to stay here or can I go?"
    )
    assert mentions_phone(said)
    assert parse_phone(said).value == PhoneNumber("+17605550148")


@pytest.mark.parametrize(
    ("said", "e164"),
    [
        # the last digits said two at a time (s39-c005), in Spanish and in English
        ("Telefono: cuatro dos cuatro, cinco cinco cinco, treinta y uno, setenta y seis.", "+14245553176"),
        ("my number is seven six oh, five five five, zero nine, thirty one", "+17605550931"),
        # "o" before a word is "or", no zero (s39-c009); a final "oh" is still a zero
        (
            "El numero del restaurante es tres uno cero, cinco cinco cinco, cero cero ocho ocho, o a mi cel, "
            "que es el mismo",
            "+13105550088",
        ),
        ("seven six oh five five five oh one oh oh", "+17605550100"),
    ],
)
def test_numbers_said_the_ways_callers_say_them(said, e164):
    assert parse_phone(said).value == PhoneNumber(e164)


@pytest.mark.parametrize(
    "said",
    [
        "the readings were 32, 45, 58, 61, 74 inches",
        "sludge was at thirty, forty five, fifty two, sixty, seventy one percent",
        "pumped 25, 30, 35, 40, 45 gallons each time",
    ],
)
def test_a_list_of_numbers_is_no_phone_number(said):
    assert not mentions_phone(said)
