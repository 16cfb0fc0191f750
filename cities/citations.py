"""How each city's ordinance is cited.

Victorville's sections are numbered (``Victorville Municipal Code § 10.03.160(f)(2)``). The Inglewood article
prints no section numbers, so it is cited by section name plus the subsection path it does print
(``Inglewood FOG Ordinance, Fees (2)``); never invent numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

VICTORVILLE_CODE_NAME = "Victorville Municipal Code"
INGLEWOOD_CODE_NAME = "Inglewood FOG Ordinance"

INGLEWOOD_SECTIONS = (
    "Purpose",
    "Definitions",
    "Discharge Requirements",
    "Permits",
    "Grease Interceptors and BMPs",
    "Monitoring and Notification",
    "FOG Program Fund",
    "Fees",
    "Enforcement",
    "Severability",
)
"""Inglewood's sections, in text order, named by the topics the article covers."""


VICTORVILLE_CODE_SHORT = "VMC"  # how Victorville's own documents abbreviate its Municipal Code
INGLEWOOD_CODE_SHORT = "Inglewood FOG Ord."


def short_citation(citation: str) -> str:
    """The citation with the code's name abbreviated, for a text message with no room to spare:
    ``VMC § 10.03.170(c)``, ``Inglewood FOG Ord., Fees (2)``."""
    return citation.replace(VICTORVILLE_CODE_NAME, VICTORVILLE_CODE_SHORT, 1).replace(
        INGLEWOOD_CODE_NAME, INGLEWOOD_CODE_SHORT, 1
    )


def victorville(path: str) -> str:
    """``victorville("10.03.160(f)(2)")`` → ``"Victorville Municipal Code § 10.03.160(f)(2)"``."""
    return f"{VICTORVILLE_CODE_NAME} § {path}"


def inglewood(section: str, path: str = "") -> str:
    """``inglewood("Fees", "(2)")`` → ``"Inglewood FOG Ordinance, Fees (2)"``."""
    if section not in INGLEWOOD_SECTIONS:
        raise ValueError(f"unknown Inglewood section {section!r}; expected one of {INGLEWOOD_SECTIONS}")
    return f"{INGLEWOOD_CODE_NAME}, {section} {path}".rstrip()


def format_citation(
    jurisdiction: str, section: str, path: Iterable[str] = (), term: str | None = None
) -> str:
    """The citation of one printed paragraph: its section, subsection path and, for definitions, the term.

    Victorville's lettered definitions (§ 10.03.020(a)–(dd)) are cited by letter; its quoted ones
    (§ 6.37.020) and Inglewood's by the term.
    """
    suffix = "".join(f"({p})" for p in path)
    if jurisdiction == "victorville":
        if term and section != "10.03.020":
            return f'{victorville(section)} ("{term}"){suffix}'
        return f"{victorville(section)}{suffix}"
    if term:
        return f'{INGLEWOOD_CODE_NAME}, {section} ("{term}"){suffix}'
    sep = " " if suffix else ""
    return f"{INGLEWOOD_CODE_NAME}, {section}{sep}{suffix}"
