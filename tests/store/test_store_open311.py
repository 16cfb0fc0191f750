"""Open311 on the store side: keys kept only as hashes, scoped, revocable; spill reports filed and found."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
import sqlalchemy as sa

from store import open311, spills
from store.errors import RecordNotFound, StoreError
from store.schema import open311_keys, outbox_events, spill_reports

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)


def test_a_key_is_shown_once_and_only_its_hash_is_kept(engine):
    row, key = open311.create_key(engine, name="County 311", city="Victorville", now=NOW)

    assert key.startswith(open311.KEY_PREFIX) and len(key) > 40
    assert row["city"] == "victorville" and "key_hash" not in row
    with engine.connect() as connection:
        [stored] = connection.execute(sa.select(open311_keys)).mappings().all()
    assert stored["key_hash"] == hashlib.sha256(key.encode()).hexdigest()
    assert key not in {str(value) for value in stored.values()}
    assert open311.verify_key(engine, key, now=NOW)["id"] == row["id"]
    assert open311.verify_key(engine, key + "x", now=NOW) is None
    assert open311.verify_key(engine, "", now=NOW) is None
    assert open311.verify_key(engine, None, now=NOW) is None


def test_last_use_is_noted_at_most_once_a_minute(engine):
    row, key = open311.create_key(engine, name="Work orders", now=NOW)
    assert row["last_used_at"] is None

    open311.verify_key(engine, key, now=NOW)
    open311.verify_key(engine, key, now=NOW + dt.timedelta(seconds=30))
    assert open311.list_keys(engine)[0]["last_used_at"] == NOW
    open311.verify_key(engine, key, now=NOW + dt.timedelta(minutes=2))
    assert open311.list_keys(engine)[0]["last_used_at"] == NOW + dt.timedelta(minutes=2)


def test_a_revoked_key_is_refused_and_revoking_twice_keeps_the_first_time(engine):
    row, key = open311.create_key(engine, name="Old system", now=NOW)
    later = NOW + dt.timedelta(days=1)

    revoked = open311.revoke_key(engine, row["id"], now=NOW)
    again = open311.revoke_key(engine, row["id"], now=later)

    assert revoked["revoked_at"] == again["revoked_at"] == NOW
    assert open311.verify_key(engine, key, now=later) is None
    with pytest.raises(RecordNotFound, match="999"):
        open311.revoke_key(engine, 999)


def test_keys_are_listed_oldest_first_without_hashes_and_scoped(engine):
    both, _ = open311.create_key(engine, name="County 311", now=NOW)
    inglewood, _ = open311.create_key(engine, name="Inglewood work orders", city="inglewood", now=NOW)

    listed = open311.list_keys(engine)

    assert [row["id"] for row in listed] == [both["id"], inglewood["id"]]
    assert all("key_hash" not in row for row in listed)
    assert open311.key_cities(both, ("victorville", "inglewood")) == ("victorville", "inglewood")
    assert open311.key_cities(inglewood, ("victorville", "inglewood")) == ("inglewood",)
    with pytest.raises(StoreError, match="name"):
        open311.create_key(engine, name="  ")
    with pytest.raises(StoreError, match="Unknown city"):
        open311.create_key(engine, name="Somewhere", city="springfield")


def test_a_request_is_filed_as_a_submitted_report_with_its_position_photo_and_events(engine):
    report = open311.create_spill_request(
        engine,
        fields={"city": "victorville", "location_text": "5th and Main", "what_spilling": "grease"},
        latitude=34.5362,
        longitude=-117.2928,
        media_url="https://example.org/photo.jpg",
        details={"open311": {"email": "a@example.org"}},
        now=NOW,
    )

    stored = spills.get_by_reference(engine, report["reference"])
    assert stored["status"] == "submitted" and stored["channel"] == "open311"
    assert stored["submitted_at"] == NOW and stored["conversation_id"] is None
    assert (stored["latitude"], stored["longitude"]) == (34.5362, -117.2928)
    assert stored["media_urls"] == ["https://example.org/photo.jpg"]
    assert stored["details"]["open311"]["email"] == "a@example.org"
    with engine.connect() as connection:
        events = (
            connection.execute(
                sa.select(outbox_events).where(outbox_events.c.reference == report["reference"])
            )
            .mappings()
            .all()
        )
    # the city is notified as for any other channel, once: the report was filed complete, not started
    assert [(event["kind"], event["city"]) for event in events] == [("spill_submitted", "victorville")]
    assert events[0]["payload"]["location"] == "5th and Main"


def test_a_request_that_fails_leaves_nothing_behind(engine):
    with pytest.raises(StoreError):
        open311.create_spill_request(
            engine, fields={"city": "victorville", "reaches": ["the moon"]}, latitude=34.5, longitude=-117.3
        )
    with pytest.raises(StoreError, match="both"):
        open311.create_spill_request(engine, fields={"city": "victorville"}, latitude=34.5)
    with pytest.raises(StoreError, match="city"):
        open311.create_spill_request(engine, fields={"location_text": "somewhere"})
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(spill_reports)).scalar() == 0
        assert connection.execute(sa.select(sa.func.count()).select_from(outbox_events)).scalar() == 0


def _report(engine, city, *, at, status="submitted", work_status="new"):
    record = spills.create_partial(
        engine, conversation_id=None, channel="voice", city=city, location_text="here", now=at
    )
    if status == "submitted":
        spills.submit(engine, record["reference"], now=at)
    elif status == "abandoned":
        spills.mark_abandoned(engine, record["reference"], reason="hung up", now=at)
    with engine.begin() as connection:
        connection.execute(
            sa.update(spill_reports)
            .where(spill_reports.c.reference == record["reference"])
            .values(work_status=work_status)
        )
    return record["reference"]


def test_requests_are_found_by_scope_time_status_and_number(engine):
    old = _report(engine, "victorville", at=NOW - dt.timedelta(days=100))
    open_v = _report(engine, "victorville", at=NOW - dt.timedelta(days=2))
    closed_v = _report(engine, "victorville", at=NOW - dt.timedelta(days=1), work_status="closed")
    abandoned_v = _report(engine, "victorville", at=NOW - dt.timedelta(hours=5), status="abandoned")
    partial_v = _report(engine, "victorville", at=NOW - dt.timedelta(hours=1), status="partial")
    inglewood = _report(engine, "inglewood", at=NOW - dt.timedelta(hours=3))
    no_city = _report(engine, None, at=NOW - dt.timedelta(hours=2))
    window = {"since": NOW - dt.timedelta(days=90), "until": NOW}

    def found(**kwargs):
        return [row["reference"] for row in open311.find_spill_requests(engine, **kwargs)]

    assert found(cities=["victorville"], **window) == [abandoned_v, closed_v, open_v]  # newest first
    assert found(cities=["victorville", "inglewood"], include_no_city=True, **window) == [
        no_city,
        inglewood,
        abandoned_v,
        closed_v,
        open_v,
    ]
    assert found(cities=["victorville"], closed=True, **window) == [closed_v]
    assert found(cities=["victorville"], closed=False, **window) == [abandoned_v, open_v]
    assert found(cities=["victorville"], references=[old, inglewood, partial_v, "nonsense"]) == [old]
    assert found(cities=["victorville"], references=[open_v.lower().replace("-", " ")]) == [open_v]
    assert len(found(cities=["victorville"], limit=2, **window)) == 2
