"""Where a spill is, as a caller says it (intake.locations.parse_location)."""

from __future__ import annotations

import pytest

from intake.locations import parse_location


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
