"""What we offer over Open311 GeoReport v2, and the translation between its fields and a spill report.

One service, ``sewage-spill``, in the two jurisdictions ``victorville`` and ``inglewood``. Its attributes
are the facts the assistant asks a spill caller for (:data:`store.spills.FIELDS`), in the specification's
attribute format (``variable``, ``code``, ``datatype``, ``required``, ``datatype_description``, ``order``,
``description``, ``values`` of ``key``/``name``). No attribute is required: a spill report must never be
refused for a missing detail.

Pure functions, no framework: :func:`parse_request` turns a POSTed form into spill report fields (or an
:class:`Open311Error`), :func:`request_view` turns a stored report into a service request.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from cities import CITIES, CITY_TIME_ZONE, CITY_ZIP_CODES, detect_city
from store.errors import StoreError
from store.phones import normalize_phone
from store.schema import SPILL_REACHES

SERVICE_CODE = "sewage-spill"
CHANGESET = "2026-12-01T00:00:00-08:00"  # when the service list or its definition last changed (discovery)
SERVICE = {
    "service_code": SERVICE_CODE,
    "service_name": "Sewage or grease spill / overflow",
    "description": (
        "Sewage, grease or other wastewater spilling or overflowing from a manhole, cleanout, grease "
        "interceptor or building onto the ground, into a gutter or toward a storm drain."
    ),
    "metadata": True,
    "type": "realtime",
    "keywords": "sewage, spill, overflow, sanitary sewer overflow, SSO, grease, FOG, manhole, storm drain",
    "group": "Sewer",
}
AGENCY_RESPONSIBLE = {
    "victorville": "City of Victorville Code Enforcement Division",  # Municipal Code § 10.03.280(a)
    "inglewood": "City of Inglewood Department of Public Works",  # FOG Ordinance, Monitoring and Notification
}
MAX_DESCRIPTION_CHARS = 4000  # GeoReport v2: "may contain up to 4,000 characters"
MAX_FIELD_CHARS = 500  # names, addresses, attribute answers (the intake cap)
MAX_URL_CHARS = 2000
YES_NO_UNKNOWN = (("yes", "Yes"), ("no", "No"), ("unknown", "Not sure"))


@dataclass(frozen=True)
class Attribute:
    code: str
    datatype: str  # string, number, datetime, text, singlevaluelist, multivaluelist
    description: str
    values: tuple[tuple[str, str], ...] = ()

    def view(self, order: int) -> dict[str, Any]:
        return {
            "variable": True,
            "code": self.code,
            "datatype": self.datatype,
            "required": False,
            "datatype_description": None,
            "order": order,
            "description": self.description,
            "values": [{"key": key, "name": name} for key, name in self.values],
        }


ATTRIBUTES = (
    Attribute("still_flowing", "singlevaluelist", "Is it still flowing?", YES_NO_UNKNOWN),
    Attribute(
        "reaches",
        "multivaluelist",
        "Where has it reached?",
        (("street", "The street"), ("gutter", "A gutter"), ("storm_drain", "A storm drain")),
    ),
    Attribute("volume_estimate", "string", "About how much has spilled (for example, 50 gallons)?"),
    Attribute("started_at", "datetime", "When did it start?"),
    Attribute(
        "restaurant_involved", "singlevaluelist", "Is a restaurant or food business involved?", YES_NO_UNKNOWN
    ),
    Attribute("restaurant_name", "string", "Which restaurant or business?"),
)
ATTRIBUTES_BY_CODE = {attribute.code: attribute for attribute in ATTRIBUTES}

_ATTRIBUTE_KEY = re.compile(r"^attribute\[([^\[\]]{1,64})\](\[\])?$")
_ZIP = re.compile(r"\b(9\d{4})(?:-\d{4})?\b")
_URL = re.compile(r"^https?://[^\s<>\"']+$")
FORM_FIELDS = frozenset(
    {
        "api_key",
        "jurisdiction_id",
        "service_code",
        "lat",
        "long",
        "address_string",
        "address_id",
        "email",
        "device_id",
        "account_id",
        "first_name",
        "last_name",
        "phone",
        "description",
        "media_url",
    }
)


@dataclass
class Open311Error(Exception):
    """An error in the specification's form: the HTTP status and ``[{"code", "description"}]``."""

    status: int
    description: str

    def __str__(self) -> str:
        return self.description


@dataclass
class SpillRequest:
    """A POSTed service request, ready for :func:`store.open311.create_spill_request`."""

    fields: dict[str, Any]
    latitude: float | None = None
    longitude: float | None = None
    media_url: str | None = None
    details: dict[str, Any] = field(default_factory=dict)


def service_definition() -> dict[str, Any]:
    return {
        "service_code": SERVICE_CODE,
        "attributes": [attribute.view(order) for order, attribute in enumerate(ATTRIBUTES, start=1)],
    }


def jurisdiction(value: str | None, *, status: int) -> str | None:
    """The city a ``jurisdiction_id`` names (None when not given); an unknown one is an error."""
    if value is None or not value.strip():
        return None
    city = value.strip().lower()
    if city not in CITIES:
        raise Open311Error(status, f"jurisdiction_id {value!r} not found; use one of {', '.join(CITIES)}.")
    return city


def check_service_code(code: str | None, *, status: int = 404) -> None:
    if not code:
        raise Open311Error(400, "service_code was not provided.")
    if code != SERVICE_CODE:
        raise Open311Error(status, f"service_code {code!r} not found; this endpoint offers {SERVICE_CODE!r}.")


def parse_moment(name: str, value: str | None) -> dt.datetime | None:
    """A W3C datetime with its offset (``Z`` or ``-08:00``); a time without a zone is refused."""
    if value is None or not value.strip():
        return None
    try:
        moment = dt.datetime.fromisoformat(value.strip())
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise Open311Error(
            400, f"{name} {value!r} is not a W3C datetime with a time zone, like 2026-12-01T10:00:00-08:00."
        )
    return moment.astimezone(dt.timezone.utc)


def w3c(moment: dt.datetime | None) -> str | None:
    """A stored UTC moment in the cities' local time, with its offset (``2026-12-01T10:00:00-08:00``)."""
    return (
        None if moment is None else moment.astimezone(ZoneInfo(CITY_TIME_ZONE)).isoformat(timespec="seconds")
    )


def parse_request(items: Iterable[tuple[str, str]], *, key_cities: Sequence[str]) -> SpillRequest:
    """The spill report a POSTed form describes; every problem is an :class:`Open311Error` (400, or 403 for a
    city the key may not report for)."""
    single, answers = _split_form(items)
    check_service_code(single.get("service_code"), status=400)
    latitude, longitude = _position(single.get("lat"), single.get("long"))
    address = _text(single, "address_string", MAX_FIELD_CHARS)
    address_id = _text(single, "address_id", MAX_FIELD_CHARS)
    if latitude is None and not address and not address_id:
        raise Open311Error(400, "A location is required: give lat and long, address_string or address_id.")
    city = _city(single.get("jurisdiction_id"), address, key_cities)
    media_url = _text(single, "media_url", MAX_URL_CHARS)
    if media_url and not _URL.match(media_url):
        raise Open311Error(400, f"media_url {media_url!r} is not an http(s) URL.")
    names = (_text(single, "first_name", 100), _text(single, "last_name", 100))
    fields: dict[str, Any] = {
        "city": city,
        "location_text": address
        or (f"Address ID {address_id}" if address_id else f"{latitude}, {longitude}"),
        "what_spilling": _text(single, "description", MAX_DESCRIPTION_CHARS),
        "reporter_name": " ".join(name for name in names if name) or None,
        "callback_number": _phone(single.get("phone")),
        **_attribute_fields(answers),
    }
    given = {
        name: _text(single, name, MAX_FIELD_CHARS) for name in ("email", "phone", "device_id", "account_id")
    }
    contact = {name: value for name, value in {**given, "address_id": address_id}.items() if value}
    return SpillRequest(
        fields={name: value for name, value in fields.items() if value is not None},
        latitude=latitude,
        longitude=longitude,
        media_url=media_url,
        details={"open311": {**contact, "attributes": answers}},
    )


def _split_form(items: Iterable[tuple[str, str]]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The form's single fields, and its ``attribute[code]`` answers (a list: multivaluelists repeat)."""
    single: dict[str, str] = {}
    answers: dict[str, list[str]] = {}
    for name, raw in items:
        value = raw.strip()
        matched = _ATTRIBUTE_KEY.match(name)
        if matched:
            code = matched.group(1)
            if code not in ATTRIBUTES_BY_CODE:
                known = ", ".join(ATTRIBUTES_BY_CODE)
                raise Open311Error(
                    400, f"attribute[{code}] is not an attribute of {SERVICE_CODE}; known: {known}."
                )
            answers.setdefault(code, []).append(value)
        elif name not in FORM_FIELDS:
            raise Open311Error(400, f"{name!r} is not a GeoReport v2 service request field.")
        elif name in single:
            raise Open311Error(400, f"{name} was given more than once.")
        else:
            single[name] = value
    return single, answers


def _city(jurisdiction_id: str | None, address: str | None, key_cities: Sequence[str]) -> str:
    """The jurisdiction given, else the city the address names, else the key's only city."""
    city = jurisdiction(jurisdiction_id, status=400) or detect_city(address or "")
    if city is None and len(key_cities) == 1:
        city = key_cities[0]
    if city is None:
        raise Open311Error(400, "jurisdiction_id was not provided: give victorville or inglewood.")
    if city not in key_cities:
        raise Open311Error(403, f"This api_key may not report for jurisdiction {city!r}.")
    return city


def _text(values: Mapping[str, str], name: str, limit: int) -> str | None:
    value = values.get(name) or None
    if value is not None and len(value) > limit:
        raise Open311Error(400, f"{name} is longer than {limit} characters.")
    return value


def _position(lat: str | None, long: str | None) -> tuple[float | None, float | None]:
    if not lat and not long:
        return None, None
    if not lat or not long:
        raise Open311Error(400, "Give both lat and long (WGS84 decimal degrees), or neither.")
    try:
        latitude, longitude = float(lat), float(long)
    except ValueError:
        raise Open311Error(400, f"lat {lat!r} and long {long!r} must be decimal degrees.") from None
    if not (
        math.isfinite(latitude)
        and -90 <= latitude <= 90
        and math.isfinite(longitude)
        and -180 <= longitude <= 180
    ):
        raise Open311Error(400, f"lat {lat!r}, long {long!r} is not a position on Earth (WGS84).")
    return latitude, longitude


def _phone(value: str | None) -> str | None:
    """The callback number in E.164; one that does not parse is kept as given in the details instead (a
    spill report is never refused for a detail)."""
    if not value:
        return None
    try:
        return normalize_phone(value)
    except StoreError:
        return None


def _one(code: str, values: list[str]) -> str:
    if len(values) != 1:
        raise Open311Error(400, f"attribute[{code}] takes one value.")
    allowed = dict(ATTRIBUTES_BY_CODE[code].values)
    if allowed and values[0] not in allowed:
        raise Open311Error(400, f"attribute[{code}] must be one of {', '.join(allowed)}, not {values[0]!r}.")
    if len(values[0]) > MAX_FIELD_CHARS:
        raise Open311Error(400, f"attribute[{code}] is longer than {MAX_FIELD_CHARS} characters.")
    return values[0]


def _attribute_fields(answers: Mapping[str, list[str]]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for code in ("still_flowing", "restaurant_involved"):
        if code in answers:
            fields[code] = {"yes": True, "no": False, "unknown": None}[_one(code, answers[code])]
    for code in ("volume_estimate", "restaurant_name"):
        if code in answers:
            fields[code] = _one(code, answers[code]) or None
    if "started_at" in answers:
        fields["started_at"] = parse_moment(
            "attribute[started_at]", _one("started_at", answers["started_at"])
        )
    if "reaches" in answers:
        places = [value for value in answers["reaches"] if value]
        unknown = [place for place in places if place not in SPILL_REACHES]
        if unknown:
            raise Open311Error(
                400, f"attribute[reaches] must be any of {', '.join(SPILL_REACHES)}, not {unknown}."
            )
        fields["reaches"] = places
    return fields


def service_notice(city: str | None) -> str:
    who = AGENCY_RESPONSIBLE.get(city or "", "the city")
    return f"Recorded for the {who.removeprefix('the ')}. If it is flowing now, also telephone the city."


def status(record: Mapping[str, Any]) -> str:
    """GeoReport v2 knows two statuses: ``closed`` when the city closed the work, else ``open``."""
    return "closed" if record["work_status"] == "closed" else "open"


def description(record: Mapping[str, Any]) -> str:
    """The report's facts in one paragraph, for a work order."""
    facts = [record["what_spilling"] or "Spill reported"]
    if record["still_flowing"] is not None:
        facts.append(f"Still flowing: {'yes' if record['still_flowing'] else 'no'}")
    if record["reaches"] is not None:
        facts.append(
            "Reaches: "
            + (
                ", ".join(p.replace("_", " ") for p in record["reaches"])
                or "none of the street, gutter or storm drain"
            )
        )
    if record["volume_estimate"]:
        facts.append(f"Amount: {record['volume_estimate']}")
    if record["restaurant_involved"]:
        facts.append(
            "Restaurant involved" + (f": {record['restaurant_name']}" if record["restaurant_name"] else "")
        )
    if record["status"] == "abandoned":
        facts.append("The caller did not confirm the report")
    return ". ".join(fact.rstrip(".") for fact in facts) + "."


def zipcode(record: Mapping[str, Any]) -> str | None:
    """A ZIP code of the report's city written in its location, if any."""
    found = _ZIP.findall(record["location_text"] or "")
    city_zips = CITY_ZIP_CODES.get(record["city"] or "", frozenset())
    return next((code for code in found if code in city_zips), None)


def request_view(record: Mapping[str, Any]) -> dict[str, Any]:
    """A stored spill report as a GeoReport v2 service request (no personal contact details)."""
    open311 = (record["details"] or {}).get("open311", {})
    return {
        "service_request_id": record["reference"],
        "status": status(record),
        "status_notes": record["work_note"],
        "service_name": SERVICE["service_name"],
        "service_code": SERVICE_CODE,
        "description": description(record),
        "agency_responsible": AGENCY_RESPONSIBLE.get(record["city"] or ""),
        "service_notice": service_notice(record["city"]),
        "requested_datetime": w3c(record["created_at"]),
        "updated_datetime": w3c(record["work_updated_at"] or record["updated_at"]),
        "expected_datetime": None,
        "address": record["location_text"],
        "address_id": open311.get("address_id"),
        "zipcode": zipcode(record),
        "lat": record["latitude"],
        "long": record["longitude"],
        "media_url": (record["media_urls"] or [None])[0],
    }
