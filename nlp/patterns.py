"""EntityRuler patterns: how users name our two cities, including common misspellings and ZIP codes.

The label is the Rasa entity it fills (`city`); the pattern id is the normalised value. ZIP codes come from
cities/, the list the action side uses too.
"""

from cities import CITY_ZIP_CODES

CITY_NAMES = {
    "victorville": ["victorville", "victorvile", "victorvill", "victor ville", "vville"],
    "inglewood": ["inglewood", "ingelwood", "inglwood", "englewood", "ingle wood"],
}


def patterns() -> list[dict]:
    """All EntityRuler patterns, each with an `id` holding the normalised city."""
    found: list[dict] = []
    for city, names in CITY_NAMES.items():
        for name in names:
            found.append({"label": "city", "id": city, "pattern": [{"LOWER": w} for w in name.split()]})
        found.append(
            {"label": "city", "id": city, "pattern": [{"TEXT": {"IN": sorted(CITY_ZIP_CODES[city])}}]}
        )
    return found
