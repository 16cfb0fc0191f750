"""The two cities, at the bottom of the house: names, ZIP codes, time zone, offices and citation formats.

Every other package takes these facts from here; nothing here imports anything of ours.
"""

from cities.citations import (
    INGLEWOOD_CODE_NAME,
    INGLEWOOD_SECTIONS,
    VICTORVILLE_CODE_NAME,
    format_citation,
    inglewood,
    short_citation,
    victorville,
)
from cities.contacts import DEFAULT_OFFICES, FOG, SOLID_WASTE, SOLID_WASTE_OFFICES, CityContacts
from cities.names import (
    CITIES,
    CITY_NAMES,
    CITY_TIME_ZONE,
    CITY_ZIP_CODES,
    City,
    UnknownCity,
    cities_named,
    city_for_zip,
    corrects_the_city,
    detect_city,
    without_city_names,
)

__all__ = [
    "CITIES",
    "CITY_NAMES",
    "CITY_TIME_ZONE",
    "CITY_ZIP_CODES",
    "DEFAULT_OFFICES",
    "FOG",
    "INGLEWOOD_CODE_NAME",
    "INGLEWOOD_SECTIONS",
    "SOLID_WASTE",
    "SOLID_WASTE_OFFICES",
    "VICTORVILLE_CODE_NAME",
    "City",
    "CityContacts",
    "UnknownCity",
    "cities_named",
    "city_for_zip",
    "corrects_the_city",
    "detect_city",
    "format_citation",
    "inglewood",
    "short_citation",
    "victorville",
    "without_city_names",
]
