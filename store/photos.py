"""Photos a texter sends (MMS): attached to their open spill report, else to their latest pump-out record."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from store import service, spills
from store.db import Bind


@dataclass(frozen=True)
class Attached:
    record_kind: str  # "spill report" | "pump-out record", as the reply names it
    reference: str


def attach_photos(
    bind: Bind, conversation_id: str, media_urls: Sequence[str], *, now: dt.datetime | None = None
) -> Attached | None:
    """Attach ``media_urls`` to the conversation's open spill report, else its latest service record.

    None when there is nothing to attach them to (the caller logs the URLs, so none is lost).
    """
    report = spills.open_for_conversation(bind, conversation_id)
    if report is not None:
        spills.add_media(bind, report["reference"], media_urls, now=now)
        return Attached("spill report", report["reference"])
    record = service.latest_for_conversation(bind, conversation_id)
    if record is not None:
        service.add_photos(bind, record["reference"], media_urls, now=now)
        return Attached("pump-out record", record["reference"])
    return None
