"""The transactional outbox: events the city must hear about, committed with the record they are about.

    with store.db.write_transaction(engine) as connection:
        report = store.spills.submit(connection, reference)
        store.outbox.enqueue(connection, "spill_submitted", city=report["city"], reference=reference)

Pass the connection of the transaction that changes the record, so the event and the change commit (or
roll back) together; a crash after the commit loses nothing, because the worker finds the undispatched
event when it starts again. The worker turns each event into ``notifications`` (see ``store.schema``):

1. :func:`undispatched` lists the events not yet fanned out; :func:`dispatch` records one message per
   channel and recipient and marks the event dispatched, in one transaction (a second dispatch of the same
   event adds nothing, so two workers racing are harmless);
2. :func:`claim_due` hands each due ``pending`` notification to exactly one sender (a conditional UPDATE
   whose row count says who won, on SQLite and PostgreSQL alike), counting the attempt;
3. the sender reports :func:`mark_sent`, :func:`mark_skipped` or :func:`record_failure` (retried with
   exponential backoff, ``failed`` after the last attempt, which enqueues a ``delivery_failed`` event in
   the same transaction so the operators hear of it; a failed alert is not alerted again);
4. :func:`release_stuck` gives back notifications left ``sending`` by a worker that died mid-send.

Delivery is at least once: a worker killed after the provider accepted a message but before
:func:`mark_sent` committed sends it again, so e-mails carry the notification id for receivers to
de-duplicate. The console reads :func:`for_reference`, :func:`events_for_reference` and :func:`failed`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from store import records
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.records import Record
from store.schema import (
    NOTIFICATION_CHANNELS,
    NOTIFICATION_STATUSES,
    OUTBOX_EVENT_KINDS,
    notifications,
    outbox_events,
)

FIRST_RETRY_DELAY = dt.timedelta(minutes=1)
MAX_RETRY_DELAY = dt.timedelta(minutes=30)
STUCK_AFTER = dt.timedelta(minutes=5)
"""A notification ``sending`` for this long belongs to a worker that died (sends time out well before)."""
ALERT_KIND = "delivery_failed"


@dataclass(frozen=True)
class Message:
    """One notification to record when an event is dispatched.

    ``status`` is ``pending`` (to send at ``send_at``, default: now) or ``skipped`` (recorded but not
    sent, e.g. the number opted out; ``reason`` says why)."""

    channel: str
    recipient: str
    body: str
    subject: str | None = None
    status: str = "pending"
    reason: str | None = None
    send_at: dt.datetime | None = None


def enqueue(
    bind: Bind,
    kind: str,
    *,
    city: str | None = None,
    reference: str | None = None,
    payload: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Record an event for the worker to deliver; returns its id. Joins the caller's transaction."""
    if kind not in OUTBOX_EVENT_KINDS:
        raise StoreError(f"Unknown outbox event {kind!r}; known: {', '.join(OUTBOX_EVENT_KINDS)}.")
    values = {
        "kind": kind,
        "city": city,
        "reference": reference,
        "payload": dict(payload or {}),
        "created_at": resolve_now(now),
        "dispatched_at": None,
    }
    with write_transaction(bind) as connection:
        return int(connection.execute(sa.insert(outbox_events).values(**values)).inserted_primary_key[0])


def announce(
    bind: Bind, kind: str, record: Mapping[str, Any], payload: Mapping[str, Any], now: dt.datetime
) -> bool:
    """Enqueue ``kind`` about a record (its city and reference) unless one was ever enqueued; True if now.

    Submitting twice, or a report changing after it was announced, tells the city nothing new. Pass the
    connection of the transaction that changes the record."""
    if has_event(bind, kind, record["reference"]):
        return False
    enqueue(bind, kind, city=record["city"], reference=record["reference"], payload=payload, now=now)
    return True


def has_event(bind: Bind, kind: str, reference: str) -> bool:
    """Whether an event of ``kind`` about ``reference`` was ever enqueued (dispatched or not)."""
    query = sa.select(outbox_events.c.id).where(
        outbox_events.c.kind == kind, outbox_events.c.reference == reference
    )
    with read_transaction(bind) as connection:
        return connection.execute(query.limit(1)).first() is not None


def get_event(bind: Bind, event_id: int) -> Record:
    with read_transaction(bind) as connection:
        return records.fetch_one(connection, outbox_events, outbox_events.c.id == event_id)


def undispatched(bind: Bind, *, limit: int = 50) -> list[Record]:
    """Events not yet fanned out, oldest first."""
    query = (
        sa.select(outbox_events)
        .where(outbox_events.c.dispatched_at.is_(None))
        .order_by(outbox_events.c.id)
        .limit(limit)
    )
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]


def dispatch(
    bind: Bind, event_id: int, messages: Iterable[Message], *, now: dt.datetime | None = None
) -> list[Record] | None:
    """Record ``messages`` for the event and mark it dispatched, together; returns the notifications
    created, or None when the event was already dispatched (by another worker: nothing is added)."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        claimed = connection.execute(
            sa.update(outbox_events)
            .where(outbox_events.c.id == event_id, outbox_events.c.dispatched_at.is_(None))
            .values(dispatched_at=moment)
        )
        if claimed.rowcount != 1:
            if connection.execute(
                sa.select(outbox_events.c.id).where(outbox_events.c.id == event_id)
            ).first():
                return None
            raise RecordNotFound(f"No outbox event has id {event_id!r}.")
        existing = {
            (row.channel, row.recipient)
            for row in connection.execute(
                sa.select(notifications.c.channel, notifications.c.recipient).where(
                    notifications.c.event_id == event_id
                )
            )
        }
        created = []
        for message in messages:
            if (message.channel, message.recipient) in existing:
                continue
            existing.add((message.channel, message.recipient))
            created.append(_insert_notification(connection, event_id, message, moment))
        return created


def _insert_notification(connection: Connection, event_id: int, message: Message, now: dt.datetime) -> Record:
    if message.channel not in NOTIFICATION_CHANNELS:
        raise StoreError(
            f"Unknown notification channel {message.channel!r}; use one of {NOTIFICATION_CHANNELS}."
        )
    if message.status not in ("pending", "skipped"):
        raise StoreError(f"A new notification is pending or skipped, not {message.status!r}.")
    values = {
        "event_id": event_id,
        "channel": message.channel,
        "recipient": message.recipient,
        "subject": message.subject,
        "body": message.body,
        "status": message.status,
        "attempts": 0,
        "next_attempt_at": resolve_now(message.send_at) if message.send_at else now,
        "last_error": message.reason,
        "provider_id": None,
        "created_at": now,
        "updated_at": now,
        "sent_at": None,
    }
    result = connection.execute(sa.insert(notifications).values(**values))
    return _fetch(connection, int(result.inserted_primary_key[0]))


def _with_event() -> sa.Select:
    """Notifications with their event's kind, city and reference (``event_kind``, ``city``, ``reference``)."""
    return sa.select(
        notifications,
        outbox_events.c.kind.label("event_kind"),
        outbox_events.c.city,
        outbox_events.c.reference,
    ).select_from(notifications.join(outbox_events, notifications.c.event_id == outbox_events.c.id))


def _fetch(connection: Connection, notification_id: int) -> Record:
    row = connection.execute(_with_event().where(notifications.c.id == notification_id)).first()
    if row is None:
        raise RecordNotFound(f"No notification has id {notification_id!r}.")
    return records.as_dict(row)


def get_notification(bind: Bind, notification_id: int) -> Record:
    with read_transaction(bind) as connection:
        return _fetch(connection, notification_id)


def claim_due(
    bind: Bind,
    *,
    channels: Sequence[str] = NOTIFICATION_CHANNELS,
    now: dt.datetime | None = None,
    limit: int = 20,
) -> list[Record]:
    """Due ``pending`` notifications on ``channels``, each now ``sending`` for exactly one caller, with the
    attempt counted. Oldest due first."""
    moment = resolve_now(now)
    due = (
        notifications.c.status == "pending",
        notifications.c.next_attempt_at <= moment,
        notifications.c.channel.in_(list(channels)),
    )
    with write_transaction(bind) as connection:
        candidates = connection.execute(
            sa.select(notifications.c.id)
            .where(*due)
            .order_by(notifications.c.next_attempt_at, notifications.c.id)
            .limit(limit)
        ).scalars()
        claimed = []
        for notification_id in list(candidates):
            result = connection.execute(
                sa.update(notifications)
                .where(notifications.c.id == notification_id, notifications.c.status == "pending")
                .values(status="sending", attempts=notifications.c.attempts + 1, updated_at=moment)
            )
            if result.rowcount == 1:
                claimed.append(_fetch(connection, notification_id))
        return claimed


def _finish(
    connection: Connection, notification_id: int, values: Mapping[str, Any], now: dt.datetime
) -> Record:
    result = connection.execute(
        sa.update(notifications)
        .where(notifications.c.id == notification_id, notifications.c.status == "sending")
        .values(updated_at=now, **values)
    )
    if result.rowcount != 1:
        raise RecordNotFound(
            f"Notification {notification_id!r} is not being sent; claim it with claim_due first."
        )
    return _fetch(connection, notification_id)


def mark_sent(
    bind: Bind, notification_id: int, *, provider_id: str | None, now: dt.datetime | None = None
) -> Record:
    """The provider accepted it (``provider_id``: Twilio's message SID or the e-mail's Message-ID)."""
    moment = resolve_now(now)
    values = {"status": "sent", "provider_id": provider_id, "sent_at": moment, "last_error": None}
    with write_transaction(bind) as connection:
        return _finish(connection, notification_id, values, moment)


def mark_skipped(bind: Bind, notification_id: int, *, reason: str, now: dt.datetime | None = None) -> Record:
    """Not to be sent after all (the number opted out meanwhile); ``reason`` is kept."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        return _finish(connection, notification_id, {"status": "skipped", "last_error": reason}, moment)


def retry_delay(
    attempts: int, *, first: dt.timedelta = FIRST_RETRY_DELAY, cap: dt.timedelta = MAX_RETRY_DELAY
) -> dt.timedelta:
    """How long to wait after the ``attempts``-th failed attempt: ``first``, doubling each time, at most
    ``cap`` (1, 2, 4, 8, 16, 30, 30 ... minutes by default)."""
    if attempts < 1:
        raise StoreError(f"attempts={attempts!r}: a retry follows at least one attempt.")
    return min(cap, first * 2 ** min(attempts - 1, 30))


def record_failure(
    bind: Bind,
    notification_id: int,
    *,
    error: str,
    max_attempts: int,
    permanent: bool = False,
    now: dt.datetime | None = None,
) -> Record:
    """An attempt failed: retry after :func:`retry_delay`, or (after ``max_attempts`` attempts, or at once
    when ``permanent``) mark it ``failed`` and enqueue a ``delivery_failed`` alert in the same transaction."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        current = _fetch(connection, notification_id)
        if current["status"] != "sending":
            raise RecordNotFound(
                f"Notification {notification_id!r} is not being sent; claim it with claim_due first."
            )
        if permanent or current["attempts"] >= max_attempts:
            return _fail(connection, current, error, moment)
        retry_at = moment + retry_delay(current["attempts"])
        return _finish(
            connection,
            notification_id,
            {"status": "pending", "last_error": error, "next_attempt_at": retry_at},
            moment,
        )


def _fail(connection: Connection, notification: Record, error: str, now: dt.datetime) -> Record:
    failed_row = _finish(connection, notification["id"], {"status": "failed", "last_error": error}, now)
    if notification["event_kind"] != ALERT_KIND:
        enqueue(
            connection,
            ALERT_KIND,
            city=notification["city"],
            reference=notification["reference"],
            payload={
                "notification_id": notification["id"],
                "event_kind": notification["event_kind"],
                "channel": notification["channel"],
                "recipient": notification["recipient"],
                "attempts": notification["attempts"],
                "error": error,
            },
            now=now,
        )
    return failed_row


def release_stuck(
    bind: Bind, *, max_attempts: int, older_than: dt.timedelta = STUCK_AFTER, now: dt.datetime | None = None
) -> list[int]:
    """Give back notifications ``sending`` since before ``now - older_than`` (their worker died): pending
    again at once, or ``failed`` (and alerted) when that was their last attempt. Returns their ids."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        stuck = connection.execute(
            _with_event()
            .where(notifications.c.status == "sending", notifications.c.updated_at <= moment - older_than)
            .order_by(notifications.c.id)
        ).all()
        for row in stuck:
            notification = records.as_dict(row)
            error = "The worker stopped while sending (no answer recorded); sending again."
            if notification["attempts"] >= max_attempts:
                _fail(
                    connection, notification, "The worker stopped while sending, on the last attempt.", moment
                )
            else:
                values = {"status": "pending", "next_attempt_at": moment, "last_error": error}
                _finish(connection, notification["id"], values, moment)
        return [row.id for row in stuck]


def for_reference(bind: Bind, reference: str) -> list[Record]:
    """Every notification about a record (alerts about it included), oldest first, with ``event_kind``."""
    query = _with_event().where(outbox_events.c.reference == reference).order_by(notifications.c.id)
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]


def events_for_reference(bind: Bind, reference: str) -> list[Record]:
    """Every event about a record, oldest first (an event with no notifications had no recipients)."""
    query = (
        sa.select(outbox_events).where(outbox_events.c.reference == reference).order_by(outbox_events.c.id)
    )
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]


def failed(bind: Bind, *, cities: Iterable[str] | None = None, limit: int = 100) -> list[Record]:
    """Notifications that failed after their last attempt, newest first; ``cities`` limits them to those
    cities' events (None: all, including events with no city)."""
    query = _with_event().where(notifications.c.status == "failed")
    if cities is not None:
        query = query.where(outbox_events.c.city.in_(list(cities)))
    query = query.order_by(notifications.c.updated_at.desc(), notifications.c.id.desc()).limit(limit)
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]


def counts_by_status(bind: Bind, *, cities: Iterable[str] | None = None) -> dict[str, int]:
    """How many notifications are in each status (every status present, zero when none), for a dashboard."""
    query = (
        sa.select(notifications.c.status, sa.func.count())
        .select_from(notifications.join(outbox_events, notifications.c.event_id == outbox_events.c.id))
        .group_by(notifications.c.status)
    )
    if cities is not None:
        query = query.where(outbox_events.c.city.in_(list(cities)))
    with read_transaction(bind) as connection:
        found = dict(connection.execute(query).all())
    return {status: int(found.get(status, 0)) for status in NOTIFICATION_STATUSES}
