"""EntityRuler patterns: how users name our two cities, including common misspellings and ZIP codes.

The label is the Rasa entity it fills (`city`); the pattern id is the normalised value. ZIP codes are those
the Postal Service assigns to each city (knowledge/cities.py keeps the same list for the action side).
"""

CITY_NAMES = {
    "victorville": ["victorville", "victorvile", "victorvill", "victor ville", "vville"],
    "inglewood": ["inglewood", "ingelwood", "inglwood", "englewood", "ingle wood"],
}
CITY_ZIP_REGEX = {"victorville": r"^9239[2-5]$", "inglewood": r"^903(0[1-9]|1[0-2])$"}


def patterns() -> list[dict]:
    """All EntityRuler patterns, each with an `id` holding the normalised city."""
    found: list[dict] = []
    for city, names in CITY_NAMES.items():
        for name in names:
            found.append({"label": "city", "id": city, "pattern": [{"LOWER": w} for w in name.split()]})
        found.append({"label": "city", "id": city, "pattern": [{"TEXT": {"REGEX": CITY_ZIP_REGEX[city]}}]})
    return found
