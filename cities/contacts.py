"""Whom to send a user to when the assistant cannot answer.

Contacts name the office the ordinances themselves name; a telephone number is given only when the deployment
configures one (``VICTORVILLE_CONTACT_PHONE``, ``INGLEWOOD_CONTACT_PHONE``, read by ``config``): the assistant
never makes one up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from languages import N_, t

DEFAULT_OFFICES = {
    "victorville": N_("the City of Victorville FOG manager"),
    "inglewood": N_("the City of Inglewood Department of Public Works"),
}
"""The office each ordinance names for FOG questions."""

SOLID_WASTE_OFFICES = {
    "victorville": N_(
        "the City of Victorville's solid waste and recycling program or the city's franchised hauler"
    ),
    "inglewood": N_("the City of Inglewood Department of Public Works (solid waste and recycling)"),
}
"""Whom to ask about carts, pickups, rates and hauling: Victorville Chapter 6.37 names the city manager's
designees and the franchised hauler; Inglewood's article names its Department of Public Works."""

FOG, SOLID_WASTE = "fog", "solid_waste"


class _ContactSettings(Protocol):
    victorville_contact_phone: str
    inglewood_contact_phone: str
    victorville_solid_waste_phone: str
    inglewood_solid_waste_phone: str


@dataclass(frozen=True)
class CityContacts:
    victorville_phone: str | None = None
    inglewood_phone: str | None = None
    victorville_solid_waste_phone: str | None = None
    inglewood_solid_waste_phone: str | None = None

    @classmethod
    def from_settings(cls, settings: _ContactSettings) -> CityContacts:
        return cls(
            victorville_phone=settings.victorville_contact_phone or None,
            inglewood_phone=settings.inglewood_contact_phone or None,
            victorville_solid_waste_phone=settings.victorville_solid_waste_phone or None,
            inglewood_solid_waste_phone=settings.inglewood_solid_waste_phone or None,
        )

    def phone(self, city: str, topic: str = FOG) -> str | None:
        if topic == SOLID_WASTE:
            return {
                "victorville": self.victorville_solid_waste_phone,
                "inglewood": self.inglewood_solid_waste_phone,
            }[city]
        return {"victorville": self.victorville_phone, "inglewood": self.inglewood_phone}[city]

    def describe(self, city: str, topic: str = FOG) -> str:
        """The office for ``topic`` (grease: the FOG office; carts, pickups, hauling: solid waste), with its
        configured number."""
        office = t((SOLID_WASTE_OFFICES if topic == SOLID_WASTE else DEFAULT_OFFICES)[city])
        phone = self.phone(city, topic)
        return t("{office} at {phone}", office=office, phone=phone) if phone else office
