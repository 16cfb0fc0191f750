"""State of calls on the spill line, kept between Twilio webhooks (each is a separate request).

The silence counter is incremented in the database (not read-modify-written in Python), so the bound
"re-prompt at most twice" holds even if two webhooks for one call overlap. When a call ends before the
caller confirmed, :func:`finish` with ``status="abandoned"`` also flags the linked partial spill report
in the same transaction: what the caller said is kept.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from store import records, spills
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.records import Record
from store.schema import spill_reports, voice_calls


def start_call(
    bind: Bind,
    call_sid: str,
    *,
    from_number: str | None,
    to_number: str | None,
    conversation_id: str | None = None,
    now: dt.datetime | None = None,
) -> Record:
    """The call's row, created on the first webhook; later calls with the same CallSid return it."""
    if not call_sid:
        raise StoreError(f"A CallSid is required, got {call_sid!r}.")
    moment = resolve_now(now)
    values = {
        "call_sid": call_sid,
        "conversation_id": conversation_id,
        "from_number": from_number,
        "to_number": to_number,
        "status": "in_progress",
        "state": {},
        "silence_count": 0,
        "created_at": moment,
        "updated_at": moment,
    }
    with write_transaction(bind) as connection:
        try:
            with connection.begin_nested():
                connection.execute(sa.insert(voice_calls).values(**values))
        except sa.exc.IntegrityError:
            pass  # already started by an earlier (or concurrent) webhook
        return _require(connection, call_sid)


def _require(connection: Connection, call_sid: str) -> Record:
    row = connection.execute(sa.select(voice_calls).where(voice_calls.c.call_sid == call_sid)).first()
    if row is None:
        raise RecordNotFound(f"No call with CallSid {call_sid!r}; call start_call first.")
    return records.as_dict(row)


def get_call(bind: Bind, call_sid: str) -> Record | None:
    with read_transaction(bind) as connection:
        row = connection.execute(sa.select(voice_calls).where(voice_calls.c.call_sid == call_sid)).first()
        return records.as_dict(row)


def save_state(
    bind: Bind, call_sid: str, state: Mapping[str, Any], *, now: dt.datetime | None = None
) -> Record:
    """Replace the call's state (JSON-able: current question, answers so far, …)."""
    return _update(bind, call_sid, {"state": dict(state)}, now)


def record_silence(bind: Bind, call_sid: str, *, now: dt.datetime | None = None) -> int:
    """Count one more unanswered prompt; returns the new count."""
    record = _update(bind, call_sid, {"silence_count": voice_calls.c.silence_count + 1}, now)
    return record["silence_count"]


def reset_silence(bind: Bind, call_sid: str, *, now: dt.datetime | None = None) -> Record:
    """The caller answered: the next silence starts counting from zero again."""
    return _update(bind, call_sid, {"silence_count": 0}, now)


def link_spill(bind: Bind, call_sid: str, spill_reference: str, *, now: dt.datetime | None = None) -> Record:
    """Attach the spill report this call is filling in."""
    with write_transaction(bind) as connection:
        report = records.require(connection, spill_reports, spill_reference)
        return _update(connection, call_sid, {"spill_report_id": report["id"]}, now)


def linked_spill(bind: Bind, call_sid: str) -> Record | None:
    """The spill report linked to the call (see :func:`link_spill`), or None."""
    query = sa.select(spill_reports).select_from(
        voice_calls.join(spill_reports, voice_calls.c.spill_report_id == spill_reports.c.id)
    )
    with read_transaction(bind) as connection:
        return records.as_dict(connection.execute(query.where(voice_calls.c.call_sid == call_sid)).first())


def finish(bind: Bind, call_sid: str, *, status: str, now: dt.datetime | None = None) -> Record:
    """End the call as ``completed`` or ``abandoned``; a repeated status callback changes nothing."""
    if status not in ("completed", "abandoned"):
        raise StoreError(f"A call ends as 'completed' or 'abandoned', got {status!r}.")
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        call = _require(connection, call_sid)
        if call["status"] != "in_progress":
            return call
        if status == "abandoned" and call["spill_report_id"] is not None:
            report = records.fetch_one(
                connection, spill_reports, spill_reports.c.id == call["spill_report_id"]
            )
            spills.mark_abandoned(
                connection,
                report["reference"],
                reason=f"Call {call_sid} ended before the report was confirmed.",
                now=moment,
            )
        return _update(connection, call_sid, {"status": status, "ended_at": moment}, moment)


def _update(bind: Bind, call_sid: str, values: Mapping[str, Any], now: dt.datetime | None) -> Record:
    with write_transaction(bind) as connection:
        result = connection.execute(
            sa.update(voice_calls)
            .where(voice_calls.c.call_sid == call_sid)
            .values(updated_at=resolve_now(now), **values)
        )
        if result.rowcount != 1:
            raise RecordNotFound(f"No call with CallSid {call_sid!r}; call start_call first.")
        return _require(connection, call_sid)
