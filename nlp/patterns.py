"""EntityRuler patterns: how users name our cities, devices, containers and amounts.

Labels are the Rasa entity names they fill. ZIP codes are those the Postal Service assigns to each city
(knowledge/cities.py keeps the same list for the action side).
"""

CITY_NAMES = {
    "victorville": ["victorville", "victorvile", "victorvill", "victor ville", "vville"],
    "inglewood": ["inglewood", "ingelwood", "inglwood", "englewood", "ingle wood"],
}
CITY_ZIP_REGEX = {"victorville": r"^9239[2-5]$", "inglewood": r"^903(0[1-9]|1[0-2])$"}

DEVICE_NAMES = {
    "interceptor": ["grease interceptor", "interceptor", "in-ground interceptor", "gi", "vault"],
    "trap": ["grease trap", "trap", "under sink trap", "under-sink trap", "hydromechanical trap"],
}

CONTAINER_COLORS = ["blue", "green", "brown", "black", "gray", "grey"]
CONTAINER_WORDS = ["bin", "bins", "cart", "carts", "container", "containers", "can", "barrel", "toter"]

QUANTITY_UNITS = ["gallons", "gallon", "gal", "gals", "cubic yards", "cubic yard", "yards", "yd3", "yds", "yd"]


def patterns() -> list[dict]:
    """All EntityRuler patterns, with an `id` holding the normalised value."""
    found: list[dict] = []
    for city, names in CITY_NAMES.items():
        for name in names:
            found.append({"label": "city", "id": city, "pattern": [{"LOWER": w} for w in name.split()]})
        found.append({"label": "city", "id": city, "pattern": [{"TEXT": {"REGEX": CITY_ZIP_REGEX[city]}}]})
    for device, names in DEVICE_NAMES.items():
        for name in names:
            found.append({"label": "device", "id": device, "pattern": [{"LOWER": w} for w in name.split()]})
    for color in CONTAINER_COLORS:
        found.append(
            {
                "label": "container",
                "id": "gray" if color == "grey" else color,
                "pattern": [{"LOWER": color}, {"LOWER": {"IN": CONTAINER_WORDS}}],
            }
        )
    for unit in QUANTITY_UNITS:
        number = {"TEXT": {"REGEX": r"^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$"}}
        found.append({"label": "quantity", "pattern": [number, *({"LOWER": w} for w in unit.split())]})
    return found
