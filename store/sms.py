"""State behind the SMS channel: exactly-once processing of a MessageSid, opt-outs, a rate limit and
the text of a long answer kept back behind "Reply MORE".

Exactly once: :func:`claim_message_sid` inserts the MessageSid under a unique constraint, so of any
number of deliveries of one message (Twilio retries, two workers, two processes) exactly one gets True
and processes it; it then stores its TwiML with :func:`save_reply`, and a later duplicate answers with
:func:`get_reply` (None while the first delivery is still being processed).

Opt-outs and rate limits key phone numbers by :func:`store.phones.normalize_phone`, so an opt-out from
``+17605550100`` also covers ``(760) 555-0100`` typed into a reminder form (the delivery log keeps the
sender as Twilio sent it).
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.phones import normalize_phone
from store.schema import rate_limit_events, sms_deliveries, sms_more_remainders, sms_opt_outs


def claim_message_sid(
    bind: Bind, message_sid: str, *, phone: str | None = None, now: dt.datetime | None = None
) -> bool:
    """True for the first delivery of ``message_sid`` (process it), False for any repeat (do not)."""
    if not message_sid:
        raise StoreError(f"A MessageSid is required to claim a delivery, got {message_sid!r}.")
    values = {
        "message_sid": message_sid,
        "phone": None if phone is None else phone.strip(),  # a log field: kept as Twilio sent it
        "received_at": resolve_now(now),
        "status": "processing",
    }
    try:
        with write_transaction(bind) as connection, connection.begin_nested():
            connection.execute(sa.insert(sms_deliveries).values(**values))
    except sa.exc.IntegrityError:
        return False
    return True


def save_reply(bind: Bind, message_sid: str, reply_twiml: str, *, now: dt.datetime | None = None) -> None:
    """Keep the TwiML answered for ``message_sid`` so a duplicate delivery gets the same reply."""
    with write_transaction(bind) as connection:
        result = connection.execute(
            sa.update(sms_deliveries)
            .where(sms_deliveries.c.message_sid == message_sid)
            .values(reply_twiml=reply_twiml, status="replied", replied_at=resolve_now(now))
        )
        if result.rowcount != 1:
            raise RecordNotFound(
                f"MessageSid {message_sid!r} was never claimed; call claim_message_sid first."
            )


def get_reply(bind: Bind, message_sid: str) -> str | None:
    """The TwiML stored for ``message_sid``; None if unknown or still being processed."""
    query = sa.select(sms_deliveries.c.reply_twiml).where(sms_deliveries.c.message_sid == message_sid)
    with read_transaction(bind) as connection:
        return connection.execute(query).scalar()


def opt_out(bind: Bind, phone: str, *, keyword: str, now: dt.datetime | None = None) -> None:
    """Record STOP (or PARAR, CANCEL, …): the number must not be messaged until it opts back in."""
    key = normalize_phone(phone)
    moment = resolve_now(now)
    values = {
        "status": "opted_out",
        "keyword": keyword,
        "opted_out_at": moment,
        "opted_in_at": None,
        "updated_at": moment,
    }
    with write_transaction(bind) as connection:
        if _update_opt_out(connection, key, values):
            return
        try:
            with connection.begin_nested():
                connection.execute(sa.insert(sms_opt_outs).values(phone=key, **values))
        except sa.exc.IntegrityError:  # a concurrent STOP from the same number inserted first
            _update_opt_out(connection, key, values)


def opt_in(bind: Bind, phone: str, *, keyword: str | None = None, now: dt.datetime | None = None) -> None:
    """Record START (or UNSTOP, …); a number that never opted out needs nothing."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        connection.execute(
            sa.update(sms_opt_outs)
            .where(sms_opt_outs.c.phone == normalize_phone(phone))
            .values(status="opted_in", opted_in_at=moment, updated_at=moment, keyword=keyword)
        )


def _update_opt_out(connection: Connection, phone: str, values: dict) -> bool:
    result = connection.execute(sa.update(sms_opt_outs).where(sms_opt_outs.c.phone == phone).values(**values))
    return result.rowcount == 1


def is_opted_out(bind: Bind, phone: str) -> bool:
    query = sa.select(sms_opt_outs.c.status).where(sms_opt_outs.c.phone == normalize_phone(phone))
    with read_transaction(bind) as connection:
        return connection.execute(query).scalar() == "opted_out"


@dataclasses.dataclass(frozen=True)
class RateLimit:
    """At most ``max_messages`` accepted from one number in any sliding ``window``.

    Not from any ordinance: a product default that lets a person type a fast multi-turn conversation
    (20 messages in 10 minutes) while stopping a loop or a flood. Configure through the settings object.
    """

    max_messages: int = 20
    window: dt.timedelta = dt.timedelta(minutes=10)

    def __post_init__(self) -> None:
        if self.max_messages < 1 or self.window <= dt.timedelta(0):
            raise StoreError(f"A rate limit needs at least one message per positive window, got {self!r}.")


DEFAULT_RATE_LIMIT = RateLimit()


def allow(
    bind: Bind, phone: str, now: dt.datetime | None = None, *, limit: RateLimit = DEFAULT_RATE_LIMIT
) -> bool:
    """Count a message from ``phone``: True if within the limit, False if it should be refused.

    Messages refused do not count against the window, so a sender who slows down is served again as
    soon as older accepted messages leave the window (an event at exactly ``now - window`` has left).
    The event is written before counting, which on SQLite takes the write lock first, so concurrent
    deliveries from one number are counted one after the other. Events that left the window are
    deleted as we go.
    """
    key = normalize_phone(phone)
    moment = resolve_now(now)
    window_start = moment - limit.window
    with write_transaction(bind) as connection:
        inserted = connection.execute(
            sa.insert(rate_limit_events).values(phone=key, occurred_at=moment, allowed=True)
        ).inserted_primary_key[0]
        accepted = connection.execute(
            sa.select(sa.func.count())
            .select_from(rate_limit_events)
            .where(
                rate_limit_events.c.phone == key,
                rate_limit_events.c.allowed.is_(True),
                rate_limit_events.c.occurred_at > window_start,
                rate_limit_events.c.occurred_at <= moment,
            )
        ).scalar()
        allowed = accepted <= limit.max_messages
        if not allowed:
            connection.execute(
                sa.update(rate_limit_events).where(rate_limit_events.c.id == inserted).values(allowed=False)
            )
        connection.execute(
            sa.delete(rate_limit_events).where(
                rate_limit_events.c.phone == key, rate_limit_events.c.occurred_at <= window_start
            )
        )
    return allowed


def forgive(bind: Bind, phone: str, now: dt.datetime | None = None) -> None:
    """Take back the newest accepted message from ``phone`` (at or before ``now``) from the rate limit: one
    the assistant could not answer (a part was down, the texter was asked to send it again) does not count
    against the sender, so a texter who resends as asked is not refused for the assistant's own fault."""
    key = normalize_phone(phone)
    with write_transaction(bind) as connection:
        newest = connection.execute(
            sa.select(sa.func.max(rate_limit_events.c.id)).where(
                rate_limit_events.c.phone == key,
                rate_limit_events.c.allowed.is_(True),
                rate_limit_events.c.occurred_at <= resolve_now(now),
            )
        ).scalar()
        if newest is not None:
            connection.execute(sa.delete(rate_limit_events).where(rate_limit_events.c.id == newest))


def refusals_in_window(
    bind: Bind, phone: str, now: dt.datetime | None = None, *, limit: RateLimit = DEFAULT_RATE_LIMIT
) -> int:
    """How many messages from ``phone`` :func:`allow` refused in the window ending at ``now``.

    The connector tells a sender they are going too fast only on the first refusal (count 1), then
    stays silent, so a flood is not answered with a flood.
    """
    moment = resolve_now(now)
    query = (
        sa.select(sa.func.count())
        .select_from(rate_limit_events)
        .where(
            rate_limit_events.c.phone == normalize_phone(phone),
            rate_limit_events.c.allowed.is_(False),
            rate_limit_events.c.occurred_at > moment - limit.window,
            rate_limit_events.c.occurred_at <= moment,
        )
    )
    with read_transaction(bind) as connection:
        return connection.execute(query).scalar()


def keep_remainder(bind: Bind, phone: str, text: str, *, now: dt.datetime | None = None) -> None:
    """Keep ``text`` for the number's next MORE, replacing what was kept before; blank text forgets it.

    Only the latest answer's remainder is kept: a new question makes the previous answer's rest moot.
    """
    key = normalize_phone(phone)
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        if not text.strip():
            connection.execute(sa.delete(sms_more_remainders).where(sms_more_remainders.c.phone == key))
            return
        replace = sa.update(sms_more_remainders).where(sms_more_remainders.c.phone == key)
        if connection.execute(replace.values(text=text, updated_at=moment)).rowcount == 1:
            return
        try:
            with connection.begin_nested():
                connection.execute(
                    sa.insert(sms_more_remainders).values(
                        phone=key, text=text, created_at=moment, updated_at=moment
                    )
                )
        except sa.exc.IntegrityError:  # a concurrent answer to the same number inserted first
            connection.execute(replace.values(text=text, updated_at=moment))


def take_remainder(bind: Bind, phone: str) -> str | None:
    """The text kept for the number's MORE, removed as it is handed out (so it is sent once); None if none."""
    key = normalize_phone(phone)
    with write_transaction(bind) as connection:
        text = connection.execute(
            sa.select(sms_more_remainders.c.text).where(sms_more_remainders.c.phone == key)
        ).scalar()
        if text is not None:
            connection.execute(sa.delete(sms_more_remainders).where(sms_more_remainders.c.phone == key))
        return text
