"""Where a spill is, as a caller says it (intake.locations.parse_location)."""

from __future__ import annotations

import pytest

from intake.locations import find_place, parse_location


@pytest.mark.parametrize(
    ("said", "where"),
    [
        ("ok ahorita le marco. es la taqueria Los Compadres en la Market St", "es la taqueria Los Compadres"),
        ("I called them already. 1120 N La Brea Ave", "1120 N La Brea Ave"),
        ("ya llame a ese numero, 3201 W Century Blvd", "3201 W Century Blvd"),
    ],
)
def test_saying_the_city_was_called_is_not_part_of_where(said, where):
    """The caller told to phone the city says they did before saying where: the crew reads only where."""
    found = parse_location(said)
    assert found.ok and found.value.text.startswith(where)


def test_only_saying_the_city_was_called_asks_where_again():
    assert not parse_location("ya llame").ok


@pytest.mark.parametrize(
    ("story", "place"),
    [
        (
            "uh yeah hi, there's, like, grease and brown water coming up out of a manhole in the parking lot "
            "behind the Del Taco on Palmdale Road, in Victorville, and it's running toward the street",
            "manhole in the parking lot behind the Del Taco on Palmdale Road",
        ),
        ("sewage bubbling out of the manhole at 5th and Main", "manhole at 5th and Main"),
        (
            "agua negra saliendo de la alcantarilla enfrente de la Pupuseria La Ceiba en Manchester y ya "
            "llego",
            "alcantarilla enfrente de la Pupuseria La Ceiba en Manchester",
        ),
        # the opening in one clause, its street after a caller's pause (w21-c015)
        (
            "yeah hi, uh, there's grease, like, bubbling up out of the manhole in the street right in front "
            "of our restaurant, on, uh, Century Boulevard in Inglewood",
            "the manhole in the street right in front of our restaurant, Century Boulevard",
        ),
        ("grease coming out of the cleanout, on our way to work", None),
        # nothing findable: the form asks where
        ("there is grease in the parking lot", None),
        ("it's going in the gutter, there's a storm drain down at the corner", None),
    ],
)
def test_the_place_said_inside_a_caller_s_story_is_found_when_it_names_something_findable(story, place):
    assert find_place(story) == place


@pytest.mark.parametrize(
    ("said", "where"),
    [
        # the words after a caller corrects themselves (w43-c004, w43-c008, s18-c002)
        (
            "The address is fourteen-four... no, sorry, that's our office. The restaurant's suite is, uh, "
            "fifteen four hundred Mesa Linda, suite C.",
            "The restaurant's suite is, uh, fifteen four hundred Mesa Linda, suite C",
        ),
        (
            "Address is, uh, twenty-nine hundred... no, two nine four zero Crenshaw Boulevard.",
            "two nine four zero Crenshaw Boulevard",
        ),
        (
            "no espere, perdon, no es en la market, es en la la brea avenue cerca de la manchester",
            "en la la brea avenue cerca de la manchester",
        ),
        # no correction: as said
        (
            "behind the Del Taco, not the front, on Palmdale Rd",
            "behind the Del Taco, not the front, on Palmdale Rd",
        ),
    ],
)
def test_a_place_corrected_as_it_is_said_is_the_place_said_last(said, where):
    assert parse_location(said).value.text == where
