"""City facts at the bottom of the house: names, ZIPs, the City type, citation formats, contacts."""

import pytest

from cities import (
    CITIES,
    INGLEWOOD_SECTIONS,
    City,
    CityContacts,
    UnknownCity,
    cities_named,
    city_for_zip,
    detect_city,
    format_citation,
    inglewood,
    victorville,
    without_city_names,
)
from config import Settings


def test_the_city_keys_are_the_enum_values():
    assert CITIES == ("victorville", "inglewood") == tuple(c.value for c in City)
    assert City.parse(" Inglewood ") is City.INGLEWOOD and City.VICTORVILLE.display_name == "Victorville"
    with pytest.raises(UnknownCity, match="Fontana"):
        City.parse("Fontana")


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("in vville", "victorville"),
        ("grease backin up out the floor drain + cleanout behind kitchen inglwd rn", "inglewood"),
        ("inglewd", "inglewood"),
        # the possessive texted without its apostrophe (w50-s047: "inglewoods grease program" asked the city)
        ("my landlord says inglewoods grease program is just a money grab", "inglewood"),
        ("victorvilles rules on grease traps", "victorville"),
        ("VV. pumper came thru this morning", "victorville"),
        ("90305", "inglewood"),
        ("92392-1234", "victorville"),
        ("both?", None),
        ("we have kitchens in victorville and inglewood", None),
        ("does inglewood have a brown bin like victorville?", "inglewood"),  # named to compare with
        ("¿en victorville es igual que como en inglewood?", "victorville"),
        ("is victorville's fee higher than inglewood's", None),  # a comparison asks about both
        ("me equivoque, el restaurante nuevo es en inglewood no en victorville", "inglewood"),  # corrected
        ("its in victorville not in inglewood", "victorville"),
        ("no, victorville no tiene eso, inglewood si", None),  # "no" alone denies no city
        ("y cuanto tiempo los guardo en cada ciudad?", None),  # both, unnamed
        # the story names both; the question is about one store
        ("stores in Victorville and one in Inglewood. For the Inglewood store: when is it due?", "inglewood"),
        ("for our victorville location and our inglewood location, what is the fee", None),
        # the other city named as where someone else is, who said something (w54-s015)
        (
            "My uncle's permit from Inglewood says every 6 months. His cousin in Victorville say it must be "
            "every "
            "90 days, is it the same for him? When is next one?",
            "inglewood",
        ),
        ("mi primo en victorville dice que es cada 90 dias, aqui en inglewood igual?", "inglewood"),
        # review of stop 57 (M9): both someone else's, or named together, is both
        ("do my friends in Inglewood and Victorville both need permits?", None),
        # both places the user's, and the message says at which one it happened (s22-c007)
        (
            "tengo un restaurante en victorville y otro en inglewood, esto fue en el de victorville. me van "
            "a cobrar algo?",
            "victorville",
        ),
        ("we run one in victorville and one in inglewood, it happened at the inglewood one", "inglewood"),
        # a city named as where something was read, not where it happened (review of stop 58, M8)
        ("it was in the inglewood paper i read, does victorville do it too?", None),
        ("that was in the victorville permit, what about inglewood?", None),
        ("someone in inglewood and someone in victorville asked me the fee, what is it in each city?", None),
    ],
)
def test_detect_city(text, city):
    assert detect_city(text) == city


def test_city_for_zip():
    assert city_for_zip("90312") == "inglewood" and city_for_zip("92101") is None


def test_citations_read_the_way_the_codes_are_cited():
    assert victorville("10.03.160(f)(2)") == "Victorville Municipal Code § 10.03.160(f)(2)"
    assert inglewood("Fees", "(2)") == "Inglewood FOG Ordinance, Fees (2)"
    assert inglewood("Purpose") == "Inglewood FOG Ordinance, Purpose"
    with pytest.raises(ValueError, match="Section 12"):
        inglewood("Section 12")
    assert len(INGLEWOOD_SECTIONS) == 10
    assert (
        format_citation("victorville", "10.03.020", ("k",), "FOG")
        == "Victorville Municipal Code § 10.03.020(k)"
    )
    assert (
        format_citation("victorville", "6.37.020", (), "Organic waste")
        == 'Victorville Municipal Code § 6.37.020 ("Organic waste")'
    )
    assert (
        format_citation("inglewood", "Enforcement", ("4", "b"))
        == "Inglewood FOG Ordinance, Enforcement (4)(b)"
    )


def test_contacts_name_the_office_and_only_a_configured_number():
    contacts = CityContacts.from_settings(Settings.from_env({"INGLEWOOD_CONTACT_PHONE": "(310) 555-0100"}))
    assert contacts.describe("inglewood").endswith("at (310) 555-0100")
    assert contacts.describe("victorville") == "the City of Victorville FOG manager"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "what are the grounds for revoking a FOG permit in Inglewood?",
            "what are the grounds for revoking a FOG permit?",
        ),
        ("In Inglewood what are the grounds?", "what are the grounds?"),
        ("do I need a permit in the City of Victorville, CA?", "do I need a permit?"),
        ("inglewood's grease rules", "grease rules"),
        ("vville restaurant, how often pump?", "restaurant, how often pump?"),
        ("Inglewood", "Inglewood"),  # nothing left: the text as it was
        ("how often must I pump?", "how often must I pump?"),
    ],
)
def test_city_names_are_left_out_of_the_topic(text, expected):
    assert without_city_names(text) == expected


@pytest.mark.parametrize(
    "text",
    ["how long do i keep the pumping records in each city?", "y cuanto tiempo los guardo en cada ciudad?"],
)
def test_a_message_about_each_city_names_both(text):
    assert cities_named(text) == ("victorville", "inglewood")


def test_the_city_as_an_office_stays_the_city():
    """ "report a spill to the city of Victorville" asks whom to report to: "the city" stays, not its name."""
    assert without_city_names("how do i report a grease spill to the city of victorville") == (
        "how do i report a grease spill to the city"
    )
    assert without_city_names("a letter from the City of Inglewood, CA about fees") == (
        "a letter from the city about fees"
    )
