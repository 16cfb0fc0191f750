"""Where something is: street addresses, cross streets, manholes and landmarks, and assessor's parcel numbers.

Light validation only: the crew reads the place as typed, so :class:`Location` keeps the user's words and
adds what we could tell (the kind, the two streets of an intersection, a ZIP code and its city).

Holds :class:`Location` and :func:`parse_location` (kinds :data:`ADDRESS`, :data:`CROSS_STREETS`,
:data:`MANHOLE`, :data:`LANDMARK`), and :func:`parse_parcel_numbers` (Los Angeles County APNs).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cities import city_for_zip, detect_city
from intake.core import _TYPOGRAPHY, SPOKEN_FILLERS, ParseResult, _fail, _ok, _strip_accents, normalize
from languages import N_, t

ADDRESS, CROSS_STREETS, MANHOLE, LANDMARK = "address", "cross_streets", "manhole", "landmark"
_LOCATION_EXAMPLE = N_("123 Main St, or Main St and 5th Ave, or behind the shopping center on Main St")
_RE_ZIP = re.compile(r"(?:^|[\s,])(?P<zip>\d{5})(?:-\d{4})?\s*\.?$")
_RE_HOUSE_NUMBER = re.compile(
    r"^\d{1,6}[a-z]?(?:-\d{1,4})?\s+"
    r"(?!(?:blocks?|miles?|mi|feet|ft|yards?|doors?|houses?|minutes?|mins?|cuadras?|millas?|pies|metros|"
    r"yardas?|puertas?|casas?|minutos?)\b)(?:[nsew]\.?\s+)?[a-z0-9]",
    re.IGNORECASE,
)
STREET_SUFFIX = (
    r"(?:st|street|ave|avenue|blvd|boulevard|rd|road|dr|drive|way|ln|lane|pl|place|ct|court|hwy|highway|"
    r"pkwy|parkway|calle|avenida)"
)
"""The words that end a street's name ("Seventh St", "Palmdale Road"), lowercase; read case-insensitively."""
# What a number counts when it is no house number ("12 seats no drive thru", "40 gallons a day")
_COUNTED = (
    r"(?:seats?|asientos?|sillas?|gallons?|galones|yards?|yardas?|days?|d[ií]as|weeks?|semanas?|months?|meses|"
    r"employees?|empleados?|meals?|comidas?|beds?|camas?|units?|unidades|pounds?|lbs|libras?|tons?|toneladas?|"
    r"feet|ft|pies|sq|square|percent|por\s*ciento|people|personas?|tenants?|inquilinos?)"
)
_RE_STREET_ADDRESS = re.compile(
    rf"\b\d{{1,6}}\s+(?!{_COUNTED}\b)(?:[nsew]\.?\s+)?(?:(?!{_COUNTED}\b)[a-z0-9]+\s+){{0,3}}?{STREET_SUFFIX}\b"
    r"(?!\s*-?\s*(?:thru|through|in)\b)"  # "drive thru" names no street
    r"(?:\.?,?\s+(?:suite|ste\.?|unit|apt\.?|local|oficina|#)\s*#?[a-z0-9-]+\b)?",  # the unit, kept with it
    re.IGNORECASE,
)


def find_street_address(text: str) -> str | None:
    """The first street address inside a longer text ("..., 15000 Seventh St, contact ..." → "15000 Seventh
    St"; "15550 Palmdale Rd suite 4" with its unit), or None."""
    match = _RE_STREET_ADDRESS.search(text)
    return match.group(0) if match else None


# Two streets crossing, one of them named as a street ("3rd ave and manchester", "Bear Valley Rd & 7th"),
# as one clause of a longer text
_RE_CROSS_STREETS_CLAUSE = re.compile(
    rf"(?:^|(?<=[,.;]))\s*(?P<streets>[a-z0-9][\w .'-]{{0,40}}?\b{STREET_SUFFIX}\.?\s+(?:and|&|y|@)\s+"
    rf"[a-z0-9][\w .'-]{{0,40}}?|[a-z0-9][\w .'-]{{0,40}}?\s+(?:and|&|y|@)\s+[a-z0-9][\w .'-]{{0,40}}?"
    rf"\b{STREET_SUFFIX}\.?)\s*(?=[,.;]|$)",
    re.IGNORECASE,
)


def find_cross_streets(text: str) -> str | None:
    """Two streets crossing said as one clause of a longer text ("Tacos El Guero, 3rd ave and manchester,
    inglewood 90301" → "3rd ave and manchester"), one of them named as a street; or None."""
    match = _RE_CROSS_STREETS_CLAUSE.search(text)
    return match.group("streets").strip() if match else None


_RE_MANHOLE = re.compile(
    r"\b(?:manholes?|man\s+holes?|maintenance\s+holes?|sewer\s+(?:cover|lid)s?|clean\s*-?\s*outs?|"
    r"pozos?\s+de\s+(?:visita|inspecci[oó]n)|tapas?\s+del?\s+(?:drenaje|alcantarilla)|registros?\s+del?\s+drenaje)\b",
    re.IGNORECASE,
)
# A place said inside a caller's story: a sewer opening or an outdoor spot, then where it is by something
# with a name ("... coming up out of a manhole in the parking lot behind the Del Taco on Palmdale Road, in
# Victorville, and it's running ..."; "... por la coladera del estacionamiento atras de la Pupuseria ...")
_PLACE_NOUN = (
    r"manholes?|man\s+holes?|clean\s*-?\s*outs?|sewer\s+(?:cover|lid|grate)s?|storm\s+drains?|parking\s+lot|"
    r"alley(?:way)?|back\s+lot|drive\s*-?\s*thru|sidewalk|gutter|"
    r"alcantarillas?|coladeras?|registros?|pozos?|estacionamiento|callej[oó]n|banqueta"
)
_PLACE_ANCHOR = (
    r"behind|near|next\s+to|by|in\s+front\s+of|across\s+from|outside|at|on|off|"
    r"atr[aá]s\s+de|detr[aá]s\s+de|cerca\s+de|junto\s+a|enfrente\s+de|frente\s+a|afuera\s+de|en|de"
)
_RE_PLACE_IN_STORY = re.compile(
    rf"\b(?P<place>(?:{_PLACE_NOUN})\b[^,.;!?]*?\b(?:{_PLACE_ANCHOR})\s+(?:the\s+|la\s+|el\s+)?"
    rf"[A-Z0-9][^,.;!?]*?)(?=\s*(?:[,.;!?]|$)|\s+(?:and\s+(?:it|it'?s|its|is|was|they|we|i|yeah|now|there)"
    rf"|but|so|y\s+(?:ya|va|sigue|est[aá]|se)|pero|that|que|q)\b)"
)


# A caller's fillers, which break a place in two ("in front of our restaurant, on, uh, Century Boulevard")
_RE_SPOKEN_FILLER = re.compile(rf"(?:,\s*)?\b(?:{SPOKEN_FILLERS})\b(?:\s*,)?", re.IGNORECASE)
# The sewer opening or outdoor spot a caller names, to the end of its clause ("the manhole in the street
# right in front of our restaurant")
_RE_PLACE_CLAUSE = re.compile(rf"\b(?:the\s+|a\s+|la\s+|el\s+)?(?:{_PLACE_NOUN})\b[^,.;!?]*", re.IGNORECASE)
# A street named after it, in a clause of its own ("..., on Century Boulevard in Inglewood")
_RE_ON_A_STREET = re.compile(
    rf"\b(?:on|at|off|en)\s+(?:the\s+|la\s+|el\s+)?(?P<street>(?:\d{{1,6}}\s+)?(?:[nsew]\.?\s+)?"
    rf"(?!(?:our|my|their|your|his|her|its|this|that|a|an|nuestr[ao]|mi|su)\b)"
    rf"(?-i:[A-Z0-9])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){{0,3}}\s+(?!way\b){STREET_SUFFIX})\b\.?",
    re.IGNORECASE,
)


def find_place(text: str) -> str | None:
    """The place a spill is at, said inside a longer story ("a manhole in the parking lot behind the Del Taco
    on Palmdale Road"), when it names something findable (a capitalised name or a number after "behind",
    "on", "atrás de" ...); or the opening named in one clause and its street in the next ("the manhole in
    the street right in front of our restaurant, on, uh, Century Boulevard" → "the manhole in the street
    right in front of our restaurant, Century Boulevard"); None otherwise (the form asks)."""
    text = " ".join(_RE_SPOKEN_FILLER.sub(" ", text).split())
    if match := _RE_PLACE_IN_STORY.search(text):
        return match.group("place").strip()
    opening = _RE_PLACE_CLAUSE.search(text)
    street = _RE_ON_A_STREET.search(text, opening.end()) if opening else None
    if opening is None or street is None or street.start() - opening.end() > _STREET_AFTER_OPENING:
        return None
    return f"{opening.group(0).strip()}, {street.group('street')}"


_STREET_AFTER_OPENING = (
    6  # characters between the opening's clause and its street: a comma and a space or two
)


_RE_LOCATION_FILLER = re.compile(
    r"^(?:(?:it'?s|it\s+is|i'?m|i\s+am|we'?re|we\s+are|located|the\s+address\s+is|address\s+is|address:|"
    r"est[aá]|es|queda|estamos|la\s+direcci[oó]n\s+es|direcci[oó]n:)\s+)?"
    r"(?:(?:at|on|en)\s+)?",
    re.IGNORECASE,
)
_RE_CROSS = re.compile(
    r"^(?:(?:the\s+)?(?:corner|intersection)\s+of\s+|(?:la\s+)?(?:esquina|intersecci[oó]n|cruce)\s+de\s+)?"
    r"(?P<a>[^,&@/]+?)\s*"
    r"(?:\s(?:and|at|y)\s|&|@|/)\s*(?P<b>[^,&@/]+?)(?:\s+(?:intersection|corner))?$",
    re.IGNORECASE,
)
_NOT_A_STREET_START = {
    "the",
    "a",
    "an",
    "my",
    "our",
    "their",
    "behind",
    "near",
    "next",
    "in",
    "inside",
    "front",
    "across",
    "around",
    "outside",
    "by",
    "it",
    "its",
    "it's",
    "this",
    "that",
    # Spanish (not "el", "la", "los": La Brea, El Segundo and Los Angeles are streets here)
    *("mi", "nuestro", "nuestra", "detras", "detrás", "cerca", "enfrente", "frente", "junto", "dentro"),
    *("afuera", "atras", "atrás", "por", "en", "esta", "está", "este", "eso"),
}
_NOT_IN_A_STREET_NAME = {
    *("of", "from", "behind", "near", "block", "blocks", "mile", "miles", "past"),
    *("detras", "detrás", "cerca", "cuadra", "cuadras", "milla", "millas"),
}
_UNKNOWN_PLACE = re.compile(
    r"^(?:i\s+)?(?:don'?t|do\s+not)\s+know\b|^not\s+sure\b|^no\s+idea\b|^idk\b|^unknown$|^(?:yes|no|yeah|nope|ok|okay)$|"
    r"^no\s+(?:lo\s+)?se\b|^ni\s+idea\b|^no\s+estoy\s+segur[oa]\b|^(?:si|nel|claro)$"
)
_TOO_VAGUE = {
    "here",
    "there",
    "outside",
    "inside",
    "home",
    "street",
    "road",
    "downtown",
    "somewhere",
    "nearby",
    *("aqui", "alli", "ahi", "alla", "afuera", "adentro", "casa", "mi casa", "calle", "la calle", "centro"),
    *("el centro", "por aqui", "cerca"),
}
_RE_CITY_STATE_SUFFIX = re.compile(
    r",?\s*(?:\b(?:victorville|inglewood))?\s*,?\s*(?:\b(?:ca|california))?\s*$", re.IGNORECASE
)


@dataclass(frozen=True)
class Location:
    """Where something is: the user's own words, kept as typed, plus what we could tell about it."""

    text: str
    kind: str  # "address", "cross_streets", "manhole" or "landmark"
    streets: tuple[str, ...] = ()
    zip_code: str | None = None
    city: str | None = None  # from the ZIP code or a city named in the text

    @property
    def zip_outside_cities(self) -> bool:
        """A ZIP was given and it belongs to neither Victorville nor Inglewood."""
        return self.zip_code is not None and city_for_zip(self.zip_code) is None

    def describe(self) -> str:
        return self.text

    def to_slot(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "streets": list(self.streets),
            "zip_code": self.zip_code,
            "city": self.city,
        }

    @classmethod
    def from_slot(cls, value: Mapping[str, Any] | str) -> Location:
        if isinstance(value, str):
            return cls(value, LANDMARK)
        return cls(
            value["text"],
            value["kind"],
            tuple(value.get("streets") or ()),
            value.get("zip_code"),
            value.get("city"),
        )


def _cross_streets(core: str) -> tuple[str, ...]:
    match = _RE_CROSS.match(core)
    if match is None:
        return ()
    sides = (match.group("a").strip(" ."), match.group("b").strip(" ."))
    for side in sides:
        words = side.lower().split()
        if (
            not 1 <= len(words) <= 4
            or words[0] in _NOT_A_STREET_START
            or _NOT_IN_A_STREET_NAME.intersection(words)
            or not re.search(r"[a-z0-9]", side, re.IGNORECASE)
        ):
            return ()
    return sides


# "ok ahorita le marco.", "I called them already.": the caller saying they phoned the city, before where
_CALLED_ALREADY = re.compile(
    r"^(?:(?:ok(?:ay)?|sure|yes|yeah|s[ií]|ya|done|listo|va|bueno)[,.!]?\s+)?"
    r"(?:(?:i|we)(?:'ve| have| already| just)* (?:called|phoned|call(?:ed)? (?:them|it|that number))|"
    r"(?:i'?m |we'?re )?calling (?:them |it )?now|ya (?:le |les )?(?:llam[eé]|marqu[eé]|habl[eé])|"
    r"ahorita (?:le |les )?(?:marco|llamo|hablo))[^.!?,\d]{0,40}[.!?,]\s+",
    re.IGNORECASE,
)


# A caller correcting themselves while saying where ("The address is fourteen-four... no, sorry, that's our
# office. The restaurant's suite is ...", "twenty-nine hundred... no, two nine four zero Crenshaw")
_SELF_CORRECTION = re.compile(
    r"(?:\.{2,}|…)\s*no\b"  # "twenty-nine hundred... no, two nine four zero Crenshaw"
    r"|\b(?:no+,?\s+(?:sorry|wait|perd[oó]n|espere|espera)|no wait|sorry,?\s+no|i mean|mejor dicho|"
    r"quiero decir)\b"
    # the old place named, then the new one: "no es en la market, es en la la brea", "not Main, it's 5th"
    r"|\bno\s+es\s+[^,.;]+,\s*(?:es|sino)\b|\bnot\s+[^,.;]+,\s*(?:it'?s|its|but)\b",
    re.IGNORECASE,
)
_NAMES_A_PLACE = re.compile(rf"\d|\b{STREET_SUFFIX}\b|\b(?:and|y|&)\b", re.IGNORECASE)


def _as_said_last(text: str) -> str:
    """The place as the caller said it after correcting themselves: the words after the last correction
    when they name a place, else the sentences after it ("no, sorry, that's our office. The restaurant's
    suite is ..."); ``text`` as it is without one, or when nothing follows it."""
    corrections = list(_SELF_CORRECTION.finditer(text))
    if not corrections:
        return text
    after = text[corrections[-1].end() :].strip(" .,")
    sentence, _, rest = after.partition(". ")
    if _NAMES_A_PLACE.search(sentence):
        return after or text
    return rest.strip(" .") or after or text


def parse_location(text: str) -> ParseResult[Location]:
    """A street address, cross streets ("5th and Main", "Main & 5th", "Main at 5th"), a manhole or a
    landmark. Light validation only: the crew reads the text as typed."""
    original = " ".join(str(text).split()).strip(" .")
    original = _CALLED_ALREADY.sub("", f"{original}. ", count=1).strip(" .")  # "ya llame. es en la 3rd ..."
    original = _as_said_last(original)
    normalized = normalize(original).strip(" .")
    example = t(_LOCATION_EXAMPLE)
    if not normalized:
        return _fail(t("Please type where it is, for example {example}.", example=example))
    if _UNKNOWN_PLACE.search(_strip_accents(normalized)):
        return _fail(
            t(
                "If you don't know the address, tell me the nearest cross streets or a landmark, for example "
                "{example}.",
                example=example,
            )
        )
    if len(original) > 300:
        return _fail(
            t("That's a long description. Please give just the address, cross streets or a landmark.")
        )
    if not re.search(r"[a-z]", normalized):
        if re.fullmatch(r"\d{5}(?:-\d{4})?", normalized):
            return _fail(
                t(
                    "That looks like a ZIP code. Please add the street address or cross streets, like "
                    "{example}.",
                    example=example,
                )
            )
        return _fail(t("Please describe the place in words, for example {example}.", example=example))
    if _strip_accents(normalized) in _TOO_VAGUE or len(re.sub(r"[^a-z0-9]", "", normalized)) < 3:
        return _fail(
            t(
                "The crew needs more to find it. Please give an address, cross streets or a landmark, like "
                "{example}.",
                example=example,
            )
        )
    zip_code = None
    if match := _RE_ZIP.search(normalized):
        zip_code = match.group("zip")
    city = city_for_zip(zip_code) if zip_code else None
    city = city or detect_city(normalized)
    cased = " ".join(original.translate(_TYPOGRAPHY).split())  # streets keep the user's capitals
    core = _RE_LOCATION_FILLER.sub("", cased, count=1)
    without_zip = _RE_ZIP.sub("", core).strip(" ,.")
    without_city = _RE_CITY_STATE_SUFFIX.sub("", without_zip).strip(" ,.") or without_zip
    if _RE_MANHOLE.search(core):
        after = _RE_MANHOLE.split(without_city, maxsplit=1)[-1]
        after = re.sub(
            r"^\s*(?:cover\s+)?(?:at|on|near|by|in\s+front\s+of|en|cerca\s+de|frente\s+a|enfrente\s+de)?\s*"
            r"(?:the\s+)?",
            "",
            after,
            flags=re.I,
        )
        return _ok(Location(original, MANHOLE, _cross_streets(after), zip_code, city))
    if _RE_HOUSE_NUMBER.match(core):
        return _ok(Location(original, ADDRESS, (), zip_code, city))
    streets = _cross_streets(without_city.split(",")[0].strip())
    if streets:
        return _ok(Location(original, CROSS_STREETS, streets, zip_code, city))
    return _ok(Location(original, LANDMARK, (), zip_code, city))


_RE_APN = re.compile(r"(?<!\d)(\d{4})[\s.\-]*(\d{3})[\s.\-]*(\d{3})(?!\d)")


def parse_parcel_numbers(text: str) -> ParseResult[tuple[str, ...]]:
    """Los Angeles County assessor's parcel numbers (10 digits, written ``4012-345-678``); several allowed."""
    found = tuple(f"{a}-{b}-{c}" for a, b, c in _RE_APN.findall(normalize(text)))
    if not found:
        return _fail(
            t(
                "An assessor's parcel number in Los Angeles County has 10 digits, like 4012-345-678; "
                "it is on the property tax bill."
            )
        )
    return _ok(found)
