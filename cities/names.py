"""Which cities there are, what they are called, how a message names them, and their time zone.

ZIP codes are those the U.S. Postal Service assigns to each city (Victorville 92392–92395; Inglewood
90301–90312).
"""

from __future__ import annotations

import re
from enum import Enum


class UnknownCity(ValueError):
    """A value that names neither city; the message says which values are accepted."""


class City(str, Enum):
    VICTORVILLE = "victorville"
    INGLEWOOD = "inglewood"

    @classmethod
    def parse(cls, value: City | str) -> City:
        if isinstance(value, City):
            return value
        key = str(value).strip().lower()
        for city in cls:
            if city.value == key:
                return city
        raise UnknownCity(f"Unknown city {value!r}: use 'victorville' or 'inglewood'.")

    @property
    def display_name(self) -> str:
        return CITY_NAMES[self.value]


CITIES: tuple[str, ...] = tuple(city.value for city in City)
"""The city keys, in a fixed order, as stored in every table and slot."""

CITY_NAMES = {"victorville": "Victorville", "inglewood": "Inglewood"}

CITY_ZIP_CODES = {
    "victorville": frozenset({"92392", "92393", "92394", "92395"}),
    "inglewood": frozenset({f"903{n:02d}" for n in range(1, 13)}),
}

CITY_TIME_ZONE = "America/Los_Angeles"  # both cities

NAME_PATTERNS = {
    # victorville, victorvile, victor ville, vicorville, vitorville, victerville, vville, VV (texted here)
    # (and the possessive texted without its apostrophe: "victorvilles rules", "inglewoods grease program")
    "victorville": re.compile(r"\bv[iy]c?t?[eo]r[ -]?v[iy]ll?e?s?\b|\bvville\b|\bvv\b", re.IGNORECASE),
    # inglewood, ingelwood, inglwood, inglewod, englewood, inglwd and inglewd (texted)
    "inglewood": re.compile(r"\bing[el]l?e?w(?:o?o)?ds?\b|\bengl[ae]woods?\b", re.IGNORECASE),
}
"""How a message names each city, allowing the common misspellings."""

_ZIP = re.compile(r"\b(9\d{4})(?:-\d{4})?\b")


def _around_each_city(before: str, after: str = "") -> dict[str, re.Pattern[str]]:
    """For each city, a pattern of its name with ``before`` it and ``after`` it."""
    return {
        city: re.compile(rf"{before}(?:{pattern.pattern}){after}", re.IGNORECASE)
        for city, pattern in NAME_PATTERNS.items()
    }


# "like they do in victorville", "unlike inglewood", "same as victorville": a city named to compare with
_COMPARED = _around_each_city(r"\b(?:like|unlike|same as|as in|como en|como)\s+(?:\w+\s+){0,3}?")


# "el restaurante nuevo es en inglewood no en victorville", "inglewood, not victorville", "instead of
# victorville": a city named to say the message is not about it
_DENIED = _around_each_city(
    r"\b(?:not(?:\s+in)?|no\s+en|instead of|rather than|en vez de(?:\s+en)?|en lugar de(?:\s+en)?)\s+"
)


# "His cousin in Victorville say it must be every 90 days": a city named as where someone else is, who said
# something, beside the user's own
_SOMEONE_ELSE_S = _around_each_city(
    r"\b(?:cousins?|friends?|brothers?|sisters?|uncles?|aunts?|neighbou?rs?|buddy|buddies|someone|somebody"
    r"|(?:a|some|my|this) guy|primos?|primas?|amig[oa]s?|herman[oa]s?|t[ií][oa]s?|vecin[oa]s?|compadres?"
    r"|comadres?|conocid[oa]s?)\s+(?:\w+\s+){0,2}?(?:in|from|over in|out in|en|de|del)\s+"
)


# The two cities named together: "in Inglewood and Victorville", "victorville o inglewood"
_BOTH_JOINED = re.compile(
    rf"(?:{'|'.join(p.pattern for p in NAME_PATTERNS.values())})\s*(?:,|and|&|or|y|o)\s*"
    rf"(?:{'|'.join(p.pattern for p in NAME_PATTERNS.values())})",
    re.IGNORECASE,
)


# A city named as a place of the user's ("our inglewood location"), and as the one the question is about ("I
# run stores in Victorville and one in Inglewood. For the Inglewood store: ..."): the other is named only as
# the story around it
_PLACE_WORDS = r"(?:store|location|restaurant|place|shop|site|kitchen|branch|one|spot|unit)"
_A_PLACE = _around_each_city("", rf"\s+{_PLACE_WORDS}\b")
_IN_FOCUS = _around_each_city(
    r"\b(?:for|about|at|regarding|on|para|en)\s+(?:the|our|my|el|la|nuestr[oa]|mi)\s+",
    rf"\s+(?:{_PLACE_WORDS}|sucursal|tienda|local|restaurante|negocio)\b",
)

# The place the matter happened at, of the user's two: "esto fue en el de victorville", "it happened at the
# inglewood one", "this was at our Victorville location" (a place of the user's: never "it was in the
# inglewood paper")
_WHERE_IT_HAPPENED = {
    city: re.compile(f"{english.pattern}|{spanish.pattern}", re.IGNORECASE)
    for (city, english), spanish in zip(
        _around_each_city(
            r"\b(?:this|it|that)\s+(?:was|happened|occurred)\s+(?:at|in)\s+(?:the|our|my)\s+",
            rf"\s+{_PLACE_WORDS}\b",
        ).items(),
        _around_each_city(
            r"\b(?:(?:esto|eso)\s+)?(?:fue|pas[oó]|ocurri[oó])\s+en\s+(?:el|la|nuestr[oa]|mi)\s+"
            r"(?:(?:restaurante|local|negocio|sucursal|tienda|cocina)\s+)?de\s+"
        ).values(),
        strict=True,
    )
}

# "how long do i keep them in each city?", "¿cuánto tiempo los guardo en cada ciudad?": both, unnamed
_BOTH = re.compile(
    r"\b(?:both cities|each city|either city|in both|both places|en cada ciudad|en las dos ciudades|en ambas"
    r"(?: ciudades)?|ambas ciudades|las dos ciudades)\b",
    re.IGNORECASE,
)


def detect_city(text: str) -> str | None:
    """The city a message names, by name (allowing common misspellings) or ZIP; None if none or both.

    When both are named and one only to compare with ("does inglewood have a brown bin like victorville?"),
    the message is about the other."""
    found = cities_named(text)
    return found[0] if len(found) == 1 else None


def corrects_the_city(text: str) -> bool:
    """Whether a message names one city in place of the other ("el restaurante nuevo es en inglewood no en
    victorville", "inglewood, not victorville"): the conversation's question, asked again there."""
    return detect_city(text) is not None and any(denied.search(text) for denied in _DENIED.values())


def cities_named(text: str) -> tuple[str, ...]:
    """Every city a message is about, by name or ZIP, in the order it names them: both for "got 1 spot in
    victorville and 1 in inglewood", one for "does inglewood have a brown bin like victorville?"."""
    found: dict[str, int] = {}
    if both := _BOTH.search(text):
        found = dict.fromkeys(CITIES, both.start())
    for city, pattern in NAME_PATTERNS.items():
        if named := pattern.search(text):
            found[city] = named.start()
    for zip_code in _ZIP.finditer(text):
        for city, codes in CITY_ZIP_CODES.items():
            if zip_code.group(1) in codes:
                found[city] = min(found.get(city, zip_code.start()), zip_code.start())
    if len(found) > 1:
        found = {
            city: at
            for city, at in found.items()
            if not (_COMPARED[city].search(text) or _DENIED[city].search(text))
        }
        someone_else_s = {city for city in found if _SOMEONE_ELSE_S[city].search(text)}
        if len(found) > 1 and 0 < len(someone_else_s) < len(found) and not _BOTH_JOINED.search(text):
            # "His cousin in Victorville say it must be every 90 days": the user's own city is the other
            # one; never when both are someone else's, or named together ("my friends in Inglewood and
            # Victorville")
            found = {city: at for city, at in found.items() if city not in someone_else_s}
    focused = [city for city in found if _IN_FOCUS[city].search(text)]
    places = [city for city in found if _A_PLACE[city].search(text)]  # "our inglewood location" too
    if len(found) > 1 and len(focused) == 1 and len(places) == 1:
        found = {focused[0]: found[focused[0]]}
    happened_at = [city for city in found if _WHERE_IT_HAPPENED[city].search(text)]
    if len(found) > 1 and len(happened_at) == 1:  # "tengo uno en cada ciudad, esto fue en el de victorville"
        found = {happened_at[0]: found[happened_at[0]]}
    return tuple(sorted(found, key=found.get))


_CITY_MENTION = re.compile(
    r"(?:\b(?:in|at|for|of|from|here|the|city)\s+)*(?:"
    + "|".join(f"(?:{pattern.pattern})" for pattern in NAME_PATTERNS.values())
    + r")(?:'s)?(?:,?\s+(?:ca|california)\b)?",
    re.IGNORECASE,
)


# "the city of Victorville" is the city as an office ("how do i report a spill to the city of victorville"):
# its name goes, "the city" stays
_THE_CITY_OF = re.compile(
    # "in the City of Victorville" is a place, not the office
    r"(?<!\bin )(?<!\bat )(?<!\bin the )(?<!\bat the )\b(?:the\s+)?city\s+of\s+(?:"
    + "|".join(f"(?:{pattern.pattern})" for pattern in NAME_PATTERNS.values())
    + r")(?:'s)?(?:,?\s+(?:ca|california)\b)?",
    re.IGNORECASE,
)


def without_city_names(text: str) -> str:
    """``text`` with the city it names taken out ("... permit in Inglewood?" -> "... permit?"): once the city
    is known, its name says nothing about the topic, and matching on it pulls in whatever else mentions it.
    The city as an office stays the city ("... to the city of Victorville" -> "... to the city")."""
    stripped = re.sub(r"\s+([?.!,])", r"\1", _CITY_MENTION.sub(" ", _THE_CITY_OF.sub("the city", text)))
    stripped = re.sub(r"\s{2,}", " ", stripped).strip()
    return stripped if len(stripped.split()) >= 2 else text


def city_for_zip(zip_code: str) -> str | None:
    return next((city for city, codes in CITY_ZIP_CODES.items() if zip_code.strip()[:5] in codes), None)
