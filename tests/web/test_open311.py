"""Open311 GeoReport v2: every endpoint in JSON and XML, modelled on the specification's examples
(wiki.open311.org/GeoReport_v2), with its errors: bad or missing key, unknown service, missing location,
unknown jurisdiction, unknown request."""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from config import Settings
from store import open311, spills
from store.schema import outbox_events, spill_reports
from web.app import create_app
from web.deps import get_now

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)
BASE = "/open311/v2"
W3C = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$")
SERVICE_FIELDS = {"service_code", "service_name", "description", "metadata", "type", "keywords", "group"}
ATTRIBUTE_FIELDS = {
    "variable",
    "code",
    "datatype",
    "required",
    "datatype_description",
    "order",
    "description",
    "values",
}
REQUEST_FIELDS = {
    "service_request_id",
    "status",
    "status_notes",
    "service_name",
    "service_code",
    "description",
    "agency_responsible",
    "service_notice",
    "requested_datetime",
    "updated_datetime",
    "expected_datetime",
    "address",
    "address_id",
    "zipcode",
    "lat",
    "long",
    "media_url",
}


@pytest.fixture
def client(db_url) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=db_url))
    app.dependency_overrides[get_now] = lambda: NOW
    with TestClient(app) as test_client:
        yield test_client
    if getattr(app.state, "engine", None) is not None:
        app.state.engine.dispose()


@pytest.fixture
def keys(engine) -> dict[str, str]:
    _, both = open311.create_key(engine, name="County 311", now=NOW)
    _, victorville = open311.create_key(engine, name="Victorville work orders", city="victorville", now=NOW)
    revoked_row, revoked = open311.create_key(engine, name="Old system", now=NOW)
    open311.revoke_key(engine, revoked_row["id"], now=NOW)
    return {"both": both, "victorville": victorville, "revoked": revoked}


def spec_example(key: str, **changes: str) -> dict[str, str]:
    """The specification's POST example, for our service."""
    form = {
        "api_key": key,
        "jurisdiction_id": "victorville",
        "service_code": "sewage-spill",
        "lat": "34.53620",
        "long": "-117.29280",
        "address_string": "14343 Civic Dr, Victorville, CA 92392",
        "email": "smit222@example.org",
        "device_id": "tt222111",
        "account_id": "123456",
        "first_name": "john",
        "last_name": "smith",
        "phone": "760-555-0142",
        "description": "Grease and sewage coming out of a manhole",
        "media_url": "https://www.example.org/media/12345.jpg",
        "attribute[still_flowing]": "yes",
        "attribute[restaurant_involved]": "yes",
        "attribute[restaurant_name]": "Taco Corner",
        "attribute[volume_estimate]": "about 50 gallons",
        "attribute[started_at]": "2026-12-01T09:30:00-08:00",
    }
    form.update(changes)
    return form


def assert_error(response, status: int, text: str) -> None:
    assert response.status_code == status
    if response.headers["content-type"].startswith("text/xml"):
        root = ET.fromstring(response.content)
        assert root.tag == "errors"
        [error] = root.findall("error")
        assert error.findtext("code") == str(status)
        assert text in error.findtext("description")
        return
    [error] = response.json()
    assert set(error) == {"code", "description"}
    assert error["code"] == status and text in error["description"], error


# GET discovery


def test_the_discovery_document_points_at_this_endpoint(client):
    document = client.get(f"{BASE}/discovery.json").json()

    [endpoint] = document["endpoints"]
    assert endpoint["specification"] == "http://wiki.open311.org/GeoReport_v2"
    assert endpoint["url"] == "http://localhost:8000/open311/v2"  # WEB_PUBLIC_URL
    assert endpoint["formats"] == ["text/xml", "application/json"] and endpoint["type"] == "test"
    assert W3C.match(document["changeset"])
    root = ET.fromstring(client.get(f"{BASE}/discovery.xml").content)
    assert [f.text for f in root.find("endpoints").find("endpoint").find("formats")] == endpoint["formats"]


# GET services


def test_the_service_list_names_our_service(client):
    response = client.get(f"{BASE}/services.json")

    assert response.status_code == 200
    [service] = response.json()
    assert set(service) == SERVICE_FIELDS
    assert service["service_code"] == "sewage-spill"
    assert service["metadata"] is True and service["type"] == "realtime"
    assert client.get(f"{BASE}/services.json", params={"jurisdiction_id": "inglewood"}).json() == [service]


def test_the_service_list_in_xml(client):
    response = client.get(f"{BASE}/services.xml", params={"jurisdiction_id": "victorville"})

    assert response.status_code == 200
    assert response.headers["content-type"] == "text/xml; charset=utf-8"
    assert response.content.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(response.content)
    [service] = root.findall("service")
    assert root.tag == "services"
    assert {child.tag for child in service} == SERVICE_FIELDS
    assert service.findtext("service_code") == "sewage-spill"
    assert service.findtext("metadata") == "true"


@pytest.mark.parametrize("fmt", ["json", "xml"])
def test_an_unknown_jurisdiction_is_not_found(client, fmt):
    response = client.get(f"{BASE}/services.{fmt}", params={"jurisdiction_id": "springfield"})
    assert_error(response, 404, "jurisdiction_id 'springfield' not found")


def test_an_unknown_format_is_not_found(client):
    assert_error(client.get(f"{BASE}/services.csv"), 404, "Format 'csv' not supported")


# GET services/{service_code}


def test_the_service_definition_lists_its_attributes_in_the_specifications_format(client):
    response = client.get(f"{BASE}/services/sewage-spill.json", params={"jurisdiction_id": "victorville"})

    assert response.status_code == 200
    definition = response.json()
    assert definition["service_code"] == "sewage-spill"
    attributes = definition["attributes"]
    assert all(set(attribute) == ATTRIBUTE_FIELDS for attribute in attributes)
    assert [attribute["order"] for attribute in attributes] == list(range(1, len(attributes) + 1))
    by_code = {attribute["code"]: attribute for attribute in attributes}
    assert set(by_code) == {
        "still_flowing",
        "reaches",
        "volume_estimate",
        "started_at",
        "restaurant_involved",
        "restaurant_name",
    }
    assert by_code["reaches"]["datatype"] == "multivaluelist"
    assert [value["key"] for value in by_code["reaches"]["values"]] == ["street", "gutter", "storm_drain"]
    assert by_code["still_flowing"]["datatype"] == "singlevaluelist"
    assert by_code["started_at"]["datatype"] == "datetime" and by_code["started_at"]["values"] == []
    assert not any(attribute["required"] for attribute in attributes)  # a spill report is never refused
    assert all(attribute["variable"] is True for attribute in attributes)


def test_the_service_definition_in_xml(client):
    response = client.get(f"{BASE}/services/sewage-spill.xml")

    root = ET.fromstring(response.content)
    assert root.tag == "service_definition"
    assert root.findtext("service_code") == "sewage-spill"
    attributes = root.find("attributes").findall("attribute")
    reaches = next(a for a in attributes if a.findtext("code") == "reaches")
    assert reaches.findtext("variable") == "true" and reaches.findtext("required") == "false"
    assert [value.findtext("key") for value in reaches.find("values").findall("value")] == [
        "street",
        "gutter",
        "storm_drain",
    ]


@pytest.mark.parametrize("fmt", ["json", "xml"])
def test_an_unknown_service_is_not_found(client, fmt):
    assert_error(client.get(f"{BASE}/services/potholes.{fmt}"), 404, "service_code 'potholes' not found")
    assert_error(
        client.get(f"{BASE}/services/sewage-spill.{fmt}", params={"jurisdiction_id": "gotham"}),
        404,
        "jurisdiction_id 'gotham' not found",
    )


# POST requests


def test_a_request_creates_a_submitted_spill_report_that_notifies_the_city(client, engine, keys):
    response = client.post(
        f"{BASE}/requests.json",
        data={**spec_example(keys["both"]), "attribute[reaches][]": ["street", "storm_drain"]},
    )

    assert response.status_code == 200, response.text
    [created] = response.json()
    assert set(created) == {"service_request_id", "service_notice", "account_id"}
    assert created["account_id"] is None
    assert "City of Victorville Code Enforcement Division" in created["service_notice"]
    report = spills.get_by_reference(engine, created["service_request_id"])
    assert report["status"] == "submitted" and report["channel"] == "open311"
    assert (report["city"], report["latitude"], report["longitude"]) == ("victorville", 34.5362, -117.2928)
    assert report["location_text"] == "14343 Civic Dr, Victorville, CA 92392"
    assert report["what_spilling"] == "Grease and sewage coming out of a manhole"
    assert (report["still_flowing"], report["reaches"]) == (True, ["street", "storm_drain"])
    assert (report["restaurant_involved"], report["restaurant_name"]) == (True, "Taco Corner")
    assert report["volume_estimate"] == "about 50 gallons"
    assert report["started_at"] == dt.datetime(2026, 12, 1, 17, 30, tzinfo=dt.timezone.utc)
    assert (report["reporter_name"], report["callback_number"]) == ("john smith", "+17605550142")
    assert report["media_urls"] == ["https://www.example.org/media/12345.jpg"]
    assert report["details"]["open311"]["email"] == "smit222@example.org"
    assert report["details"]["open311"]["device_id"] == "tt222111"
    assert report["submitted_at"] == NOW
    with engine.connect() as connection:
        kinds = set(
            connection.execute(
                sa.select(outbox_events.c.kind).where(outbox_events.c.reference == report["reference"])
            ).scalars()
        )
    assert kinds == {"spill_submitted"}  # announced once, as submitted


def test_a_request_in_xml_with_only_an_address(client, engine, keys):
    form = spec_example(keys["both"], address_string="3 W Manchester Blvd, Inglewood, CA 90301")
    for name in ("lat", "long", "jurisdiction_id", "phone"):
        del form[name]

    response = client.post(f"{BASE}/requests.xml", data=form)

    assert response.status_code == 200, response.text
    root = ET.fromstring(response.content)
    assert root.tag == "service_requests"
    [request] = root.findall("request")
    assert request.find("account_id") is not None and request.findtext("account_id") == ""  # null: empty
    report = spills.get_by_reference(engine, request.findtext("service_request_id"))
    assert report["city"] == "inglewood"  # named in the address
    assert report["latitude"] is None and report["callback_number"] is None


def test_a_phone_number_that_does_not_parse_is_kept_not_refused(client, engine, keys):
    response = client.post(f"{BASE}/requests.json", data=spec_example(keys["both"], phone="111111111"))

    assert response.status_code == 200
    report = spills.get_by_reference(engine, response.json()[0]["service_request_id"])
    assert report["callback_number"] is None and report["details"]["open311"]["phone"] == "111111111"


@pytest.mark.parametrize("fmt", ["json", "xml"])
@pytest.mark.parametrize(
    ("key", "changes", "status", "text"),
    [
        (None, {}, 403, "api_key was not provided"),
        ("wrong", {}, 403, "Invalid api_key"),
        ("revoked", {}, 403, "Invalid api_key"),
        ("victorville", {"jurisdiction_id": "inglewood"}, 403, "may not report for jurisdiction 'inglewood'"),
        ("both", {"service_code": "potholes"}, 400, "service_code 'potholes' not found"),
        ("both", {"service_code": ""}, 400, "service_code was not provided"),
        ("both", {"jurisdiction_id": "springfield"}, 400, "jurisdiction_id 'springfield' not found"),
        ("both", {"long": ""}, 400, "Give both lat and long"),
        ("both", {"lat": "north"}, 400, "must be decimal degrees"),
        ("both", {"lat": "91"}, 400, "not a position on Earth"),
        ("both", {"attribute[colour]": "brown"}, 400, "attribute[colour] is not an attribute"),
        ("both", {"attribute[still_flowing]": "maybe"}, 400, "must be one of yes, no, unknown"),
        ("both", {"attribute[started_at]": "yesterday"}, 400, "not a W3C datetime"),
        ("both", {"media_url": "javascript:alert(1)"}, 400, "is not an http(s) URL"),
        ("both", {"description": "x" * 4001}, 400, "description is longer than 4000"),
        ("both", {"favourite_colour": "blue"}, 400, "not a GeoReport v2 service request field"),
    ],
)
def test_bad_requests_are_refused_with_the_specifications_errors(
    client, engine, keys, fmt, key, changes, status, text
):
    form = spec_example(keys.get(key, key) or "", **changes)
    if key is None:
        del form["api_key"]

    response = client.post(f"{BASE}/requests.{fmt}", data=form)

    assert_error(response, status, text)
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(spill_reports)).scalar() == 0


def test_a_request_without_a_location_is_refused(client, keys):
    form = spec_example(keys["both"])
    for name in ("lat", "long", "address_string"):
        del form[name]

    assert_error(client.post(f"{BASE}/requests.json", data=form), 400, "A location is required")
    assert "address_id" not in form
    accepted = client.post(f"{BASE}/requests.json", data={**form, "address_id": "APN-0395-123"})
    assert accepted.status_code == 200


def test_a_request_whose_city_cannot_be_told_must_name_its_jurisdiction(client, keys):
    form = spec_example(keys["both"], address_string="5th and Main")
    del form["jurisdiction_id"]
    assert_error(client.post(f"{BASE}/requests.json", data=form), 400, "jurisdiction_id was not provided")
    # a key for one city needs no jurisdiction_id
    assert (
        client.post(f"{BASE}/requests.json", data={**form, "api_key": keys["victorville"]}).status_code == 200
    )


# GET requests and requests/{id}


def _report(engine, city, *, at, location="here", work_status="new", note=None):
    record = spills.create_partial(
        engine,
        conversation_id="+17605550100",
        channel="sms",
        city=city,
        location_text=location,
        what_spilling="sewage",
        still_flowing=False,
        now=at,
    )
    spills.submit(engine, record["reference"], now=at)
    with engine.begin() as connection:
        connection.execute(
            sa.update(spill_reports)
            .where(spill_reports.c.reference == record["reference"])
            .values(work_status=work_status, work_note=note, work_updated_at=at + dt.timedelta(hours=1))
        )
    return record["reference"]


@pytest.fixture
def reports(engine) -> dict[str, str]:
    return {
        "open": _report(engine, "victorville", at=NOW - dt.timedelta(days=3), location="5th and Main, 92392"),
        "closed": _report(
            engine, "victorville", at=NOW - dt.timedelta(days=2), work_status="closed", note="Line cleared."
        ),
        "inglewood": _report(engine, "inglewood", at=NOW - dt.timedelta(days=1)),
        "old": _report(engine, "victorville", at=NOW - dt.timedelta(days=120)),
    }


def test_requests_list_the_last_90_days_newest_first_in_the_specifications_fields(client, keys, reports):
    response = client.get(f"{BASE}/requests.json", params={"api_key": keys["both"]})

    assert response.status_code == 200
    found = response.json()
    assert [request["service_request_id"] for request in found] == [
        reports["inglewood"],
        reports["closed"],
        reports["open"],
    ]
    assert all(set(request) == REQUEST_FIELDS for request in found)
    first_open = found[2]
    assert first_open["status"] == "open" and first_open["status_notes"] is None
    assert first_open["service_code"] == "sewage-spill"
    assert first_open["agency_responsible"] == "City of Victorville Code Enforcement Division"
    assert first_open["description"] == "sewage. Still flowing: no."
    assert first_open["address"] == "5th and Main, 92392" and first_open["zipcode"] == "92392"
    assert first_open["requested_datetime"] == "2026-11-28T10:00:00-08:00"  # city time, with its offset
    assert first_open["updated_datetime"] == "2026-11-28T11:00:00-08:00"
    assert all(W3C.match(request["requested_datetime"]) for request in found)
    assert first_open["expected_datetime"] is None and first_open["lat"] is None
    closed = found[1]
    assert (closed["status"], closed["status_notes"]) == ("closed", "Line cleared.")
    assert "callback" not in str(found) and "+1760" not in str(found)  # no reporter's contact details


def test_requests_are_filtered_by_status_dates_ids_service_and_jurisdiction(client, keys, reports):
    def ids(**params):
        response = client.get(f"{BASE}/requests.json", params={"api_key": keys["both"], **params})
        assert response.status_code == 200, response.text
        return [request["service_request_id"] for request in response.json()]

    assert ids(status="closed") == [reports["closed"]]
    assert ids(status="open") == [reports["inglewood"], reports["open"]]
    assert ids(status="open,closed") == ids()
    assert ids(jurisdiction_id="inglewood") == [reports["inglewood"]]
    assert ids(start_date="2026-11-29T00:00:00-08:00", end_date="2026-11-30T00:00:00Z") == [reports["closed"]]
    assert ids(start_date="2026-07-15T00:00:00Z", end_date="2026-08-15T00:00:00Z") == [reports["old"]]
    ids_given = ids(service_request_id=f"{reports['old']},{reports['open']}", status="closed")
    assert ids_given == [reports["open"], reports["old"]]  # ids override every other filter
    assert ids(service_code="potholes") == []
    assert ids(service_code="sewage-spill") == ids()


@pytest.mark.parametrize(
    ("params", "status", "text"),
    [
        ({}, 403, "api_key was not provided"),
        ({"api_key": "nope"}, 403, "Invalid api_key"),
        (
            {"key": "victorville", "jurisdiction_id": "inglewood"},
            403,
            "may not read jurisdiction 'inglewood'",
        ),
        ({"key": "both", "jurisdiction_id": "springfield"}, 404, "jurisdiction_id 'springfield' not found"),
        ({"key": "both", "status": "pending"}, 400, "status must be open or closed"),
        ({"key": "both", "start_date": "2026-01-01"}, 400, "not a W3C datetime with a time zone"),
        (
            {"key": "both", "start_date": "2026-01-01T00:00:00Z", "end_date": "2026-06-01T00:00:00Z"},
            400,
            "may not span more than 90 days",
        ),
        (
            {"key": "both", "start_date": "2026-06-01T00:00:00Z", "end_date": "2026-01-01T00:00:00Z"},
            400,
            "end_date is before start_date",
        ),
    ],
)
def test_bad_request_queries_are_refused(client, keys, params, status, text):
    params = dict(params)
    if "key" in params:
        params["api_key"] = keys[params.pop("key")]
    assert_error(client.get(f"{BASE}/requests.json", params=params), status, text)
    assert_error(client.get(f"{BASE}/requests.xml", params=params), status, text)


def test_a_city_key_sees_only_its_citys_requests(client, keys, reports):
    response = client.get(f"{BASE}/requests.json", params={"api_key": keys["victorville"]})
    assert [request["service_request_id"] for request in response.json()] == [
        reports["closed"],
        reports["open"],
    ]
    hidden = client.get(
        f"{BASE}/requests/{reports['inglewood']}.json", params={"api_key": keys["victorville"]}
    )
    assert_error(hidden, 404, "not found")


def test_requests_in_xml(client, keys, reports):
    response = client.get(f"{BASE}/requests.xml", params={"api_key": keys["both"], "status": "closed"})

    root = ET.fromstring(response.content)
    assert root.tag == "service_requests"
    [request] = root.findall("request")
    assert {child.tag for child in request} == REQUEST_FIELDS
    assert request.findtext("service_request_id") == reports["closed"]
    assert request.findtext("status") == "closed" and request.findtext("status_notes") == "Line cleared."
    assert request.find("lat") is not None and request.findtext("lat") == ""  # an empty element: no value


@pytest.mark.parametrize("fmt", ["json", "xml"])
def test_one_request_by_its_id(client, keys, reports, fmt):
    response = client.get(f"{BASE}/requests/{reports['closed']}.{fmt}", params={"api_key": keys["both"]})

    assert response.status_code == 200
    if fmt == "json":
        [request] = response.json()
        assert request["service_request_id"] == reports["closed"] and request["status"] == "closed"
    else:
        [request] = ET.fromstring(response.content).findall("request")
        assert request.findtext("service_request_id") == reports["closed"]
    assert_error(
        client.get(f"{BASE}/requests/SP-000000.{fmt}", params={"api_key": keys["both"]}),
        404,
        "service_request_id 'SP-000000' not found",
    )
    assert_error(client.get(f"{BASE}/requests/{reports['closed']}.{fmt}"), 403, "api_key was not provided")


def test_a_request_filed_by_open311_reads_back_with_its_position(client, keys):
    created = client.post(f"{BASE}/requests.json", data=spec_example(keys["both"])).json()[0]

    [request] = client.get(
        f"{BASE}/requests/{created['service_request_id']}.json", params={"api_key": keys["both"]}
    ).json()

    assert (request["lat"], request["long"]) == (34.5362, -117.2928)
    assert request["media_url"] == "https://www.example.org/media/12345.jpg"
    assert request["zipcode"] == "92392" and request["requested_datetime"] == "2026-12-01T10:00:00-08:00"
    assert request["description"].startswith("Grease and sewage coming out of a manhole. Still flowing: yes.")
    assert "Restaurant involved: Taco Corner" in request["description"]


def test_last_use_of_a_key_is_noted(client, engine, keys):
    client.get(f"{BASE}/requests.json", params={"api_key": keys["victorville"]})
    used = {row["name"]: row["last_used_at"] for row in open311.list_keys(engine)}
    assert used == {"County 311": None, "Victorville work orders": NOW, "Old system": None}
