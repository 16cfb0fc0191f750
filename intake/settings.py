"""Whose sorting rules a message's items follow, as it says it: a home's ("my house", "our fourplex", "a 4
unit building": fewer than five units) or a business's ("my restaurant", "the office", "our 40 apartments"),
in English or Spanish (Victorville Municipal Code § 6.37.020, "Single-family" and "Multi-family residential
dwelling")."""

from __future__ import annotations

import re

from compliance.victorville.organics import MULTI_FAMILY_COMMERCIAL_UNITS, GeneratorType
from intake.quantities import dwelling_units
from languages import ENGLISH, current

_HOME_WORDS = (  # English, then Spanish (with or without accents)
    r"home|house|houses|residen\w*|single[- ]family|duplex|triplex|fourplex|my place|condo|"
    r"mobile home|"
    r"casa|casas|hogar|vivienda|unifamiliar|d[uú]plex|mi casa|condominio|casa m[oó]vil|tr[aá]iler|traila"
)
_HOME = re.compile(rf"\b(?:{_HOME_WORDS})\b", re.I)
_BUSINESS_WORDS = (
    r"business\w*|restaurants?|commercial|office|store|shop|apartments?|complex|multi[- ]family|"
    r"5\+|five or more|company|school|church|bakery|deli|diner|cafeteria|grocery|supermarket|market|hotel|"
    r"motel|food truck|warehouse|factory|clinic|hospital|"
    r"taquer[ií]as?|panader[ií]as?|carnicer[ií]as?|cafeter[ií]as?|loncher[ií]as?|fondas?|"
    r"(?:super)?mercados?|f[aá]bricas?|cl[ií]nicas?|bodegas?|"
    r"negocios?|restaurantes?|comercial|comercio|oficina|tienda|apartamentos?|departamentos?|depas?|deptos?|complejo|"
    r"multifamiliar|cinco o m[aá]s|5 o m[aá]s|compa[ñn][ií]a|empresa|escuel(?:a|ita)s?|iglesia|preschool|"
    r"daycare|day care|kinder|guarder[ií]a"
)
_BUSINESS = re.compile(rf"\b(?:{_BUSINESS_WORDS})\b", re.I)


# "Cafe" is a business in English, the brown container in Spanish ("el bote cafe").
_ENGLISH_BUSINESS = re.compile(r"\b(?:caf[eé]s?|coffee shop|pub|gym|salon)\b", re.IGNORECASE)


# A place the message says it is not: "its a house not an apartment", "es casa, no negocio"
_NOT_A_PLACE = re.compile(
    rf"\b(?:not|isn'?t|no es|no)\s+(?:(?:a|an|the|un|una|el|la)\s+)?(?:{_HOME_WORDS}|{_BUSINESS_WORDS})\b",
    re.IGNORECASE,
)


# Taking something home is no home's setting: "can i just take our used fryer oil home & toss it out?"
_TAKEN_HOME = re.compile(
    r"\b(?:take|takes|taking|took|bring|brings|bringing|brought|carry|haul|llev(?:ar|o|a|amos|arlo|arla)|traer)"
    r"\b(?:\s+[\w'-]+){0,5}?\s+(?:back\s+)?(?:home|a\s+(?:mi\s+|la\s+)?casa)\b",
    re.IGNORECASE,
)


def parse_generator(text: str) -> GeneratorType | None:
    """Whose rules a message's items follow: a home's (fewer than five units), a business's or a larger
    apartment building's, or None when it does not say."""
    text = _TAKEN_HOME.sub(" ", _NOT_A_PLACE.sub(" ", text))
    if (units := dwelling_units(text)) is not None:  # "a 4 unit building ... like the big apartments"
        return (
            GeneratorType.COMMERCIAL
            if units >= MULTI_FAMILY_COMMERCIAL_UNITS
            else GeneratorType.SINGLE_FAMILY
        )
    business = bool(_BUSINESS.search(text) or (current() == ENGLISH and _ENGLISH_BUSINESS.search(text)))
    home = bool(_HOME.search(text))
    if home == business:
        return None
    return GeneratorType.SINGLE_FAMILY if home else GeneratorType.COMMERCIAL


def without_setting(text: str) -> str:
    """The message without the words that say whose place it is ("victorville, i run a coffee shop" ->
    "victorville, i run a"): what is left names the items, if any."""
    if current() == ENGLISH:
        text = _ENGLISH_BUSINESS.sub(" ", text)  # "coffee shop" before "shop"
    return _BUSINESS.sub(" ", _HOME.sub(" ", text))
