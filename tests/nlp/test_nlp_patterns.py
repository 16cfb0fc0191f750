"""The city patterns agree with the action side's city detection (knowledge/cities.py)."""

import re

import pytest

from knowledge.cities import CITY_ZIP_CODES, detect_city
from nlp.patterns import CITY_NAMES, CITY_ZIP_REGEX, patterns


@pytest.mark.parametrize("city", sorted(CITY_NAMES))
def test_every_spelling_the_ruler_knows_is_detected_as_the_same_city(city):
    for name in CITY_NAMES[city]:
        if name in ("vville", "victor ville", "ingle wood"):
            continue  # spellings only the ruler (whole-token) accepts
        assert detect_city(name) == city, name


@pytest.mark.parametrize("city", sorted(CITY_ZIP_CODES))
def test_zip_patterns_match_exactly_the_city_zip_codes(city):
    matched = {f"{n:05d}" for n in range(90000, 93000) if re.match(CITY_ZIP_REGEX[city], f"{n:05d}")}
    assert matched == set(CITY_ZIP_CODES[city])


def test_every_pattern_fills_the_city_entity_with_a_normalised_value():
    assert {p["label"] for p in patterns()} == {"city"}
    assert {p["id"] for p in patterns()} == set(CITY_NAMES)
