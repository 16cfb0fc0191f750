"""The city patterns agree with the action side's city detection (cities/)."""

import pytest

from cities import detect_city
from nlp.patterns import CITY_NAMES, patterns


@pytest.mark.parametrize("city", sorted(CITY_NAMES))
def test_every_spelling_the_ruler_knows_is_detected_as_the_same_city(city):
    for name in CITY_NAMES[city]:
        if name in ("vville", "victor ville", "ingle wood"):
            continue  # spellings only the ruler (whole-token) accepts
        assert detect_city(name) == city, name


def test_every_pattern_fills_the_city_entity_with_a_normalised_value():
    assert {p["label"] for p in patterns()} == {"city"}
    assert {p["id"] for p in patterns()} == set(CITY_NAMES)
