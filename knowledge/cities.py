"""The two cities: their names, how to recognise them in a message, and whom to contact.

ZIP codes are those the U.S. Postal Service assigns to each city (Victorville 92392–92395; Inglewood
90301–90312). Contacts name the office the ordinances themselves name; a telephone number is given only when
the ordinance prints one or the deployment configures one (``VICTORVILLE_CONTACT_PHONE``,
``INGLEWOOD_CONTACT_PHONE``): the assistant never makes one up.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

CITY_NAMES = {"victorville": "Victorville", "inglewood": "Inglewood"}

CITY_ZIP_CODES = {
    "victorville": frozenset({"92392", "92393", "92394", "92395"}),
    "inglewood": frozenset({f"903{n:02d}" for n in range(1, 13)}),
}

CITY_TIME_ZONE = "America/Los_Angeles"  # both cities

_NAME_PATTERNS = {
    "victorville": re.compile(r"\bv[iy]ct[eo]r ?v[iy]ll?e?\b|\bvictorvile\b|\bvville\b", re.IGNORECASE),
    "inglewood": re.compile(r"\bing[el]l?e?wood\b|\binglwood\b|\bengl[ae]wood\b", re.IGNORECASE),
}
_ZIP = re.compile(r"\b(9\d{4})(?:-\d{4})?\b")

# The office each ordinance names for FOG questions; phone numbers only where the ordinance prints one.
DEFAULT_OFFICES = {
    "victorville": "the City of Victorville FOG manager",
    "inglewood": "the City of Inglewood Department of Public Works",
}


def detect_city(text: str) -> str | None:
    """The city a message names, by name (allowing common misspellings) or ZIP; None if none or both."""
    found = {city for city, pattern in _NAME_PATTERNS.items() if pattern.search(text)}
    for zip_code in _ZIP.findall(text):
        found |= {city for city, codes in CITY_ZIP_CODES.items() if zip_code in codes}
    return found.pop() if len(found) == 1 else None


def city_for_zip(zip_code: str) -> str | None:
    return next((city for city, codes in CITY_ZIP_CODES.items() if zip_code.strip()[:5] in codes), None)


@dataclass(frozen=True)
class CityContacts:
    """Whom to send a user to when the assistant cannot answer. Phones come from configuration."""

    victorville_phone: str | None = None
    inglewood_phone: str | None = None

    @classmethod
    def from_env(cls) -> CityContacts:
        return cls(
            victorville_phone=os.environ.get("VICTORVILLE_CONTACT_PHONE") or None,
            inglewood_phone=os.environ.get("INGLEWOOD_CONTACT_PHONE") or None,
        )

    def phone(self, city: str) -> str | None:
        return {"victorville": self.victorville_phone, "inglewood": self.inglewood_phone}[city]

    def describe(self, city: str) -> str:
        phone = self.phone(city)
        return f"{DEFAULT_OFFICES[city]} at {phone}" if phone else DEFAULT_OFFICES[city]
