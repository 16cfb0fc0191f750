"""Open311 (GeoReport v2) on the store side: API keys, and spill reports filed and read by a city's system.

Keys: :func:`create_key` returns the key once; only its SHA-256 is kept (``open311_keys.key_hash``), so a
stolen database holds no usable key. A key is scoped to one city or, with ``city=None``, to both; a revoked
key is refused by :func:`verify_key`, which also notes when the key was last used.

Reports: :func:`create_spill_request` files a submitted spill report through :mod:`store.spills` (so the
outbox events those functions commit with the report notify the city as for any other channel) and keeps the
position and the Open311-only fields in the same transaction. :func:`find_spill_requests` is the read side of
``GET requests``: submitted reports and abandoned ones (a caller's unconfirmed report is still a spill the
city may need to see); a report still being taken (``partial``) is not a request yet.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa

from store import records, spills
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.records import Record
from store.references import RandomSource, normalize_reference
from store.schema import open311_keys, spill_reports

KEY_PREFIX = "o311_"
KEY_BYTES = 32  # 256 bits of randomness, URL-safe base64
LAST_USED_RESOLUTION = dt.timedelta(minutes=1)  # a busy client does not write on every request
CHANNEL = "open311"
REQUEST_STATUSES = ("submitted", "abandoned")
"""Spill report statuses that are Open311 service requests (``partial``: the report is still being taken)."""
MAX_REQUESTS = 1000


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _public(row: Mapping[str, Any]) -> Record:
    """A key's row without its hash."""
    return {name: value for name, value in row.items() if name != "key_hash"}


def create_key(
    bind: Bind, *, name: str, city: str | None = None, now: dt.datetime | None = None
) -> tuple[Record, str]:
    """A new key for ``name`` (e.g. "County 311"), for ``city`` or both; returns the row and the key, which
    is not stored and cannot be shown again."""
    if not name.strip():
        raise StoreError("An Open311 key needs a name saying who uses it, e.g. 'County 311'.")
    key = KEY_PREFIX + secrets.token_urlsafe(KEY_BYTES)
    values = {
        "name": name.strip(),
        "key_hash": hash_key(key),
        "city": None if city is None else records.normalize_city(city),
        "created_at": resolve_now(now),
    }
    with write_transaction(bind) as connection:
        key_id = connection.execute(sa.insert(open311_keys).values(**values)).inserted_primary_key[0]
        row = records.fetch_one(connection, open311_keys, open311_keys.c.id == key_id)
    return _public(row), key


def verify_key(bind: Bind, key: str | None, *, now: dt.datetime | None = None) -> Record | None:
    """The key's row when ``key`` is a current (unrevoked) key, else None; notes its use."""
    if not key:
        return None
    moment = resolve_now(now)
    query = sa.select(open311_keys).where(
        open311_keys.c.key_hash == hash_key(key), open311_keys.c.revoked_at.is_(None)
    )
    with read_transaction(bind) as connection:
        row = records.as_dict(connection.execute(query).first())
    if row is None:
        return None
    if row["last_used_at"] is None or moment - row["last_used_at"] >= LAST_USED_RESOLUTION:
        with write_transaction(bind) as connection:
            connection.execute(
                sa.update(open311_keys).where(open311_keys.c.id == row["id"]).values(last_used_at=moment)
            )
        row["last_used_at"] = moment
    return _public(row)


def revoke_key(bind: Bind, key_id: int, *, now: dt.datetime | None = None) -> Record:
    """Refuse the key from now on (revoking twice keeps the first time); unknown ids raise."""
    with write_transaction(bind) as connection:
        connection.execute(
            sa.update(open311_keys)
            .where(open311_keys.c.id == key_id, open311_keys.c.revoked_at.is_(None))
            .values(revoked_at=resolve_now(now))
        )
        row = records.as_dict(
            connection.execute(sa.select(open311_keys).where(open311_keys.c.id == key_id)).first()
        )
    if row is None:
        raise RecordNotFound(f"No Open311 key has id {key_id!r}; `list-keys` shows them.")
    return _public(row)


def list_keys(bind: Bind) -> list[Record]:
    """Every key (revoked ones too), oldest first, without hashes."""
    with read_transaction(bind) as connection:
        rows = connection.execute(sa.select(open311_keys).order_by(open311_keys.c.id))
        return [_public(records.as_dict(row)) for row in rows]


def key_cities(key: Mapping[str, Any], all_cities: Iterable[str]) -> tuple[str, ...]:
    """The cities a key may file and read reports for."""
    return (key["city"],) if key.get("city") else tuple(all_cities)


def create_spill_request(
    bind: Bind,
    *,
    fields: Mapping[str, Any],
    latitude: float | None = None,
    longitude: float | None = None,
    media_url: str | None = None,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    rng: RandomSource | None = None,
) -> Record:
    """File a spill report received by Open311, submitted at once (the client has confirmed it).

    ``fields`` are :data:`store.spills.FIELDS` (``city`` required); the report, its position, its photo and
    its ``spill_submitted`` outbox event (enqueued by :func:`store.spills.submit`) commit together. The city
    is set just after the report is created, so :func:`store.spills.create_partial` does not also announce a
    ``spill_started``: a report filed complete is announced once.
    """
    city = records.normalize_city(fields.get("city") or "")
    if (latitude is None) != (longitude is None):
        raise StoreError("Give both latitude and longitude, or neither.")
    moment = resolve_now(now)
    facts = {name: value for name, value in fields.items() if name != "city"}
    with write_transaction(bind) as connection:
        report = spills.create_partial(
            connection, conversation_id=None, channel=CHANNEL, details=details, now=moment, rng=rng, **facts
        )
        placed = {"city": city, "latitude": latitude, "longitude": longitude}
        records.update_record(connection, spill_reports, report, placed, moment)
        if media_url:
            spills.add_media(connection, report["reference"], [media_url], now=moment)
        return spills.submit(connection, report["reference"], now=moment)


def find_spill_requests(
    bind: Bind,
    *,
    cities: Iterable[str],
    include_no_city: bool = False,
    references: Iterable[str] | None = None,
    since: dt.datetime | None = None,
    until: dt.datetime | None = None,
    closed: bool | None = None,
    limit: int = MAX_REQUESTS,
) -> list[Record]:
    """Spill reports that are service requests, newest first, for ``cities`` (and, with
    ``include_no_city``, reports whose city was never given).

    ``references`` picks reports by number (then the other filters do not apply, as GeoReport v2 says of
    ``service_request_id``); otherwise ``since``/``until`` bound the time the report was first made and
    ``closed`` picks by the city's work status (True: ``closed``; False: anything else).
    """
    in_scope = spill_reports.c.city.in_([records.normalize_city(city) for city in cities])
    if include_no_city:
        in_scope = sa.or_(in_scope, spill_reports.c.city.is_(None))
    conditions: list[Any] = [in_scope, spill_reports.c.status.in_(REQUEST_STATUSES)]
    if references is not None:
        wanted = [normalize_reference(reference) for reference in references]
        conditions.append(spill_reports.c.reference.in_([ref for ref in wanted if ref]))
    else:
        if since is not None:
            conditions.append(spill_reports.c.created_at >= since)
        if until is not None:
            conditions.append(spill_reports.c.created_at <= until)
        if closed is not None:
            is_closed = spill_reports.c.work_status == "closed"
            conditions.append(is_closed if closed else sa.not_(is_closed))
    query = (
        sa.select(spill_reports)
        .where(*conditions)
        .order_by(spill_reports.c.created_at.desc(), spill_reports.c.id.desc())
        .limit(max(0, min(limit, MAX_REQUESTS)))
    )
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]
