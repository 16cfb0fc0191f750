"""The GeoReport v2 endpoints under ``/open311/v2/``, each in ``.json`` and ``.xml``.

- ``GET services.{fmt}``: the service list (public);
- ``GET services/{service_code}.{fmt}``: the service definition and its attributes (public);
- ``POST requests.{fmt}``: file a spill report (``api_key`` required);
- ``GET requests.{fmt}`` and ``GET requests/{service_request_id}.{fmt}``: reports and their status
  (``api_key`` required too: a report holds a resident's location, and the clients are city systems).

- ``GET discovery.{fmt}``: the service discovery document, pointing clients at this endpoint.

A key for one city files and reads that city's reports only. Errors are the specification's list of
``{"code", "description"}`` with the matching HTTP status: 400 for a missing or invalid field (in a POST,
an unknown service or jurisdiction too), 403 for a missing, unknown or revoked key (or a city the key is
not for), 404 for an unknown service, request, jurisdiction or format in a GET.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy.engine import Engine
from starlette.concurrency import run_in_threadpool

from cities import CITIES
from store import open311 as open311_store
from store.errors import StoreError
from web.deps import EngineDep, NowDep, SettingsDep
from web.open311 import catalog
from web.open311.catalog import Open311Error
from web.open311.formats import FORMATS, errors, respond

router = APIRouter(prefix="/open311/v2", tags=["open311"])

DEFAULT_WINDOW = dt.timedelta(days=90)  # GeoReport v2: the most recent 90 days unless asked otherwise
MAX_FORM_FIELDS = 60
Result = tuple[str, Any, int]
"""What an endpoint produces: the XML root element, the value, the HTTP status."""


def _unknown_format(fmt: str) -> Response:
    return errors("json", 404, [f"Format {fmt!r} not supported; use .json or .xml."])


def _answer(fmt: str, produce: Callable[[], Result]) -> Response:
    """Run ``produce`` and render its result, or its error, in the format asked for."""
    if fmt not in FORMATS:
        return _unknown_format(fmt)
    try:
        root, value, status = produce()
    except Open311Error as error:
        return errors(fmt, error.status, [error.description])
    except StoreError as error:  # a value the store refused, which parsing should have caught first
        return errors(fmt, 400, [str(error)])
    return respond(fmt, root, value, status)


def _key_cities(engine: Engine, api_key: str | None, now: dt.datetime) -> tuple[str, ...]:
    if not api_key:
        raise Open311Error(403, "api_key was not provided.")
    key = open311_store.verify_key(engine, api_key, now=now)
    if key is None:
        raise Open311Error(403, "Invalid api_key.")
    return open311_store.key_cities(key, CITIES)


@router.get("/discovery.{fmt}")
def discovery(fmt: str, settings: SettingsDep) -> Response:
    def produce() -> Result:
        endpoint = {
            "specification": "http://wiki.open311.org/GeoReport_v2",
            "url": f"{settings.web_public_url.rstrip('/')}{router.prefix}",
            "changeset": catalog.CHANGESET,
            "type": "production" if settings.mode == "production" else "test",
            "formats": ["text/xml", "application/json"],
        }
        document = {
            "changeset": catalog.CHANGESET,
            "contact": "The city's FOG program office.",
            "key_service": "Ask the city's FOG program office for an api_key.",
            "endpoints": [endpoint],
        }
        return "discovery", document, 200

    return _answer(fmt, produce)


@router.get("/services.{fmt}")
def list_services(fmt: str, jurisdiction_id: str | None = None) -> Response:
    def produce() -> Result:
        catalog.jurisdiction(jurisdiction_id, status=404)
        return "services", [catalog.SERVICE], 200

    return _answer(fmt, produce)


@router.get("/services/{service_code}.{fmt}")
def service_definition(service_code: str, fmt: str, jurisdiction_id: str | None = None) -> Response:
    def produce() -> Result:
        catalog.jurisdiction(jurisdiction_id, status=404)
        catalog.check_service_code(service_code)
        return "service_definition", catalog.service_definition(), 200

    return _answer(fmt, produce)


@router.post("/requests.{fmt}")
async def create_request(fmt: str, request: Request, engine: EngineDep, now: NowDep) -> Response:
    if fmt not in FORMATS:
        return _unknown_format(fmt)
    try:
        form = await request.form(max_files=0, max_fields=MAX_FORM_FIELDS)
    except Exception as error:  # starlette's MultiPartException and friends: the body is not a form
        return errors(fmt, 400, [f"The body is not a form (application/x-www-form-urlencoded): {error}"])
    items = [(name, value) for name, value in form.multi_items() if isinstance(value, str)]
    api_key = next((value for name, value in items if name == "api_key"), None)

    def produce() -> Result:
        cities = _key_cities(engine, api_key, now)
        parsed = catalog.parse_request(items, key_cities=cities)
        report = open311_store.create_spill_request(
            engine,
            fields=parsed.fields,
            latitude=parsed.latitude,
            longitude=parsed.longitude,
            media_url=parsed.media_url,
            details=parsed.details,
            now=now,
        )
        created = {
            "service_request_id": report["reference"],
            "service_notice": catalog.service_notice(report["city"]),
            "account_id": None,
        }
        return "service_requests", [created], 200

    return await run_in_threadpool(_answer, fmt, produce)


@router.get("/requests.{fmt}")
def list_requests(
    fmt: str,
    engine: EngineDep,
    now: NowDep,
    api_key: str | None = None,
    jurisdiction_id: str | None = None,
    service_request_id: str | None = None,
    service_code: str | None = None,
    start_date: str | None = None,
    end_date: str | None = None,
    status: str | None = None,
) -> Response:
    def produce() -> Result:
        cities, include_no_city = _scope(engine, api_key, jurisdiction_id, now)
        if service_code and catalog.SERVICE_CODE not in service_code.split(","):
            return "service_requests", [], 200
        if service_request_id:
            references = [part.strip() for part in service_request_id.split(",") if part.strip()]
            found = open311_store.find_spill_requests(
                engine, cities=cities, include_no_city=include_no_city, references=references
            )
        else:
            since, until = _window(start_date, end_date, now)
            found = open311_store.find_spill_requests(
                engine,
                cities=cities,
                include_no_city=include_no_city,
                since=since,
                until=until,
                closed=_closed(status),
            )
        return "service_requests", [catalog.request_view(record) for record in found], 200

    return _answer(fmt, produce)


@router.get("/requests/{service_request_id}.{fmt}")
def get_request(
    service_request_id: str,
    fmt: str,
    engine: EngineDep,
    now: NowDep,
    api_key: str | None = None,
    jurisdiction_id: str | None = None,
) -> Response:
    def produce() -> Result:
        cities, include_no_city = _scope(engine, api_key, jurisdiction_id, now)
        found = open311_store.find_spill_requests(
            engine, cities=cities, include_no_city=include_no_city, references=[service_request_id]
        )
        if not found:
            raise Open311Error(404, f"service_request_id {service_request_id!r} not found.")
        return "service_requests", [catalog.request_view(found[0])], 200

    return _answer(fmt, produce)


def _scope(
    engine: Engine, api_key: str | None, jurisdiction_id: str | None, now: dt.datetime
) -> tuple[tuple[str, ...], bool]:
    """The cities to read, and whether reports without a city are included (a key for both cities)."""
    allowed = _key_cities(engine, api_key, now)
    city = catalog.jurisdiction(jurisdiction_id, status=404)
    if city is None:
        return allowed, len(allowed) == len(CITIES)
    if city not in allowed:
        raise Open311Error(403, f"This api_key may not read jurisdiction {city!r}.")
    return (city,), False


def _window(start: str | None, end: str | None, now: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
    since = catalog.parse_moment("start_date", start)
    until = catalog.parse_moment("end_date", end)
    if since is None and until is None:
        return now - DEFAULT_WINDOW, now
    if since is None:
        return until - DEFAULT_WINDOW, until
    if until is None:
        return since, min(since + DEFAULT_WINDOW, max(now, since))
    if until < since:
        raise Open311Error(400, "end_date is before start_date.")
    if until - since > DEFAULT_WINDOW:
        raise Open311Error(400, "start_date and end_date may not span more than 90 days.")
    return since, until


def _closed(status: str | None) -> bool | None:
    """``closed=True``/``False`` for one status, None for both or none."""
    if not status:
        return None
    wanted = {part.strip().lower() for part in status.split(",") if part.strip()}
    unknown = wanted - {"open", "closed"}
    if unknown:
        raise Open311Error(400, f"status must be open or closed, not {', '.join(sorted(unknown))}.")
    return None if wanted == {"open", "closed"} else wanted == {"closed"}
