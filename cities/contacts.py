"""Whom to send a user to when the assistant cannot answer.

Contacts name the office the ordinances themselves name; a telephone number is given only when the deployment
configures one (``VICTORVILLE_CONTACT_PHONE``, ``INGLEWOOD_CONTACT_PHONE``, read by ``config``): the assistant
never makes one up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

DEFAULT_OFFICES = {
    "victorville": "the City of Victorville FOG manager",
    "inglewood": "the City of Inglewood Department of Public Works",
}
"""The office each ordinance names for FOG questions."""


class _ContactSettings(Protocol):
    victorville_contact_phone: str
    inglewood_contact_phone: str


@dataclass(frozen=True)
class CityContacts:
    victorville_phone: str | None = None
    inglewood_phone: str | None = None

    @classmethod
    def from_settings(cls, settings: _ContactSettings) -> CityContacts:
        return cls(
            victorville_phone=settings.victorville_contact_phone or None,
            inglewood_phone=settings.inglewood_contact_phone or None,
        )

    def phone(self, city: str) -> str | None:
        return {"victorville": self.victorville_phone, "inglewood": self.inglewood_phone}[city]

    def describe(self, city: str) -> str:
        phone = self.phone(city)
        return f"{DEFAULT_OFFICES[city]} at {phone}" if phone else DEFAULT_OFFICES[city]
