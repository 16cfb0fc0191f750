"""The retention pass: once an hour, erase conversations and personal data older than ``RETENTION_DAYS``.

What is erased and what is kept is :mod:`store.retention`'s to say; this module only schedules it.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading

from sqlalchemy.engine import Engine

from config import Settings
from config.clock import Clock
from store.retention import Purged, purge_conversations, purge_personal_data

log = logging.getLogger(__name__)
RETENTION_PASS_SECONDS = 3600.0


def retention_pass(engine: Engine, settings: Settings, now: dt.datetime) -> Purged | None:
    """One pass; None when retention is off (``RETENTION_DAYS=0``)."""
    if settings.retention_days == 0:
        return None
    cutoff = now - dt.timedelta(days=settings.retention_days)
    purged = purge_personal_data(engine, cutoff, now=now)
    conversations = purge_conversations(settings.tracker_url, cutoff)
    result = Purged(**{**purged.__dict__, "tracker_conversations": conversations})
    log.info("retention: erased data older than %s: %s", cutoff.date(), result)
    return result


def run_retention(
    engine: Engine,
    settings: Settings,
    stop: threading.Event,
    clock: Clock,
    every: float = RETENTION_PASS_SECONDS,
) -> None:
    """Run :func:`retention_pass` now and every ``every`` seconds until ``stop``; a failing pass is logged."""
    while not stop.is_set():
        try:
            retention_pass(engine, settings, clock())
        except Exception:
            log.exception("A retention pass failed; trying again in %s s.", every)
        stop.wait(every)
