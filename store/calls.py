"""The end of a call on the spill line: a report the caller left unconfirmed is kept and flagged abandoned."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from store import spills
from store import voice as voice_store
from store.db import Bind, write_transaction


@dataclass(frozen=True)
class CallEnded:
    status: str  # "abandoned" (a partial spill report was kept) or "completed"
    kept_report: str | None  # the partial report's reference, when abandoned


def end_call(bind: Bind, call_sid: str, *, now: dt.datetime | None = None) -> CallEnded | None:
    """Mark the call ended. A spill report the caller left partial (linked to the call, or opened in its
    conversation) is kept and flagged abandoned; otherwise the call completed. None for an unknown call or one
    already ended (status callbacks may repeat)."""
    with write_transaction(bind) as connection:
        call = voice_store.get_call(connection, call_sid)
        if call is None or call["status"] != "in_progress":
            return None
        report = voice_store.linked_spill(connection, call_sid)
        if report is None and call["conversation_id"]:
            report = spills.open_for_conversation(connection, call["conversation_id"])
            if report is not None and report["status"] == "partial":
                voice_store.link_spill(connection, call_sid, report["reference"])
        unconfirmed = report is not None and report["status"] == "partial"
        voice_store.finish(connection, call_sid, status="abandoned" if unconfirmed else "completed", now=now)
    return CallEnded("abandoned", report["reference"]) if unconfirmed else CallEnded("completed", None)
