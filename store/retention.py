"""Keeping personal data only as long as it is needed.

What a resident or operator submitted (spill reports, applications, waiver requests, pump-out records,
facilities) is a public record and is kept. What only served a conversation is deleted or anonymised once it
is older than the retention period:

- the conversations themselves (Rasa's tracker store: every event of a conversation whose latest event is
  older than the cutoff);
- SMS deliveries: the number and the reply are erased, the MessageSid kept (a replayed old request still
  gets no second answer);
- text held back behind MORE, and rate-limit counters: deleted;
- ended calls: the caller's number and the call's state (what was said) erased;
- reminders that were sent, skipped, failed or cancelled: the number and the text erased;
- questions the assistant could not answer (``unanswered_questions``): deleted (their wording may hold a
  name or an address, and a year-old gap in the answers is no longer news);
- notifications that were sent, failed or skipped: the recipient, subject, body and last error erased, the
  row kept (id, channel, status, attempts, times) as the record that the city was told; the payload of
  dispatched outbox events (numbers and texts) erased likewise.

Expired staff sessions are deleted whatever the period (they are useless once expired). STOP opt-outs are
kept: a number that opted out stays opted out. The audit log is kept: it is the record of who did what.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa

from store.db import Bind, resolve_now, write_transaction
from store.schema import (
    notifications,
    outbox_events,
    rate_limit_events,
    reminders,
    sms_deliveries,
    sms_more_remainders,
    staff_sessions,
    unanswered_questions,
    voice_calls,
)

ERASED = ""  # what an erased phone number reads in a NOT NULL column


@dataclass(frozen=True)
class Purged:
    sms_deliveries: int
    remainders: int
    rate_limit_events: int
    calls: int
    reminders: int
    tracker_conversations: int = 0
    unanswered_questions: int = 0
    notifications: int = 0
    outbox_events: int = 0
    staff_sessions: int = 0


def purge_personal_data(bind: Bind, cutoff: dt.datetime, *, now: dt.datetime | None = None) -> Purged:
    """Erase or delete what only served conversations and is older than ``cutoff``, and staff sessions
    expired by ``now``; counts of rows touched."""
    with write_transaction(bind) as connection:
        deliveries = connection.execute(
            sms_deliveries.update()
            .where(sms_deliveries.c.received_at < cutoff, sms_deliveries.c.phone.is_not(None))
            .values(phone=None, reply_twiml=None)
        ).rowcount
        remainders = connection.execute(
            sms_more_remainders.delete().where(sms_more_remainders.c.updated_at < cutoff)
        ).rowcount
        limits = connection.execute(
            rate_limit_events.delete().where(rate_limit_events.c.occurred_at < cutoff)
        ).rowcount
        calls = connection.execute(
            voice_calls.update()
            .where(
                voice_calls.c.updated_at < cutoff,
                voice_calls.c.status != "in_progress",
                voice_calls.c.from_number.is_not(None),
            )
            .values(from_number=None, state={})
        ).rowcount
        done = connection.execute(
            reminders.update()
            .where(
                reminders.c.updated_at < cutoff,
                reminders.c.status.in_(("sent", "skipped", "failed", "cancelled")),
                reminders.c.phone != ERASED,
            )
            .values(phone=ERASED, message=None)
        ).rowcount
        questions = connection.execute(
            unanswered_questions.delete().where(unanswered_questions.c.asked_at < cutoff)
        ).rowcount
        told = connection.execute(
            notifications.update()
            .where(
                notifications.c.updated_at < cutoff,
                notifications.c.status.in_(("sent", "failed", "skipped")),
                notifications.c.recipient != ERASED,
            )
            .values(recipient=ERASED, subject=None, body=ERASED, last_error=None)
        ).rowcount
        dispatched = sa.select(outbox_events.c.id, outbox_events.c.payload).where(
            outbox_events.c.dispatched_at < cutoff
        )
        with_payload = [row.id for row in connection.execute(dispatched) if row.payload]
        for start in range(0, len(with_payload), 500):
            batch = with_payload[start : start + 500]
            connection.execute(outbox_events.update().where(outbox_events.c.id.in_(batch)).values(payload={}))
        sessions = connection.execute(
            staff_sessions.delete().where(staff_sessions.c.expires_at < resolve_now(now))
        ).rowcount
    return Purged(
        sms_deliveries=deliveries,
        remainders=remainders,
        rate_limit_events=limits,
        calls=calls,
        reminders=done,
        unanswered_questions=questions,
        notifications=told,
        outbox_events=len(with_payload),
        staff_sessions=sessions,
    )


def purge_conversations(tracker_url: str, cutoff: dt.datetime) -> int:
    """Delete every event of the conversations in Rasa's SQL tracker store whose latest event is older than
    ``cutoff``; the number of conversations deleted. A store that does not exist yet holds nothing."""
    engine = sa.create_engine(tracker_url)
    try:
        if not sa.inspect(engine).has_table("events"):
            return 0
        events = sa.Table("events", sa.MetaData(), autoload_with=engine)
        with engine.begin() as connection:
            stale = (
                sa.select(events.c.sender_id)
                .group_by(events.c.sender_id)
                .having(sa.func.max(events.c.timestamp) < cutoff.timestamp())
            )
            senders = [row.sender_id for row in connection.execute(stale)]
            for start in range(0, len(senders), 500):
                batch = senders[start : start + 500]
                connection.execute(events.delete().where(events.c.sender_id.in_(batch)))
        return len(senders)
    finally:
        engine.dispose()
