"""Abandoned-report flagging: every minute, a spill report left unconfirmed for ``ABANDON_AFTER_MINUTES``
is marked abandoned and flagged for staff (what the caller gave is kept: :func:`store.spills.abandon_stale`).
"""

from __future__ import annotations

import datetime as dt
import logging
import threading

from sqlalchemy.engine import Engine

from config import Settings
from config.clock import Clock
from store import spills

log = logging.getLogger(__name__)
FLAG_PASS_SECONDS = 60.0


def flag_abandoned(engine: Engine, settings: Settings, now: dt.datetime) -> list[str]:
    """One pass; returns the references flagged."""
    idle_for = dt.timedelta(minutes=settings.abandon_after_minutes)
    references = spills.abandon_stale(engine, idle_for=idle_for, now=now)
    if references:
        log.info("abandoned spill reports flagged for staff: %s", ", ".join(references))
    return references


def run_flagging(
    engine: Engine, settings: Settings, stop: threading.Event, clock: Clock, every: float = FLAG_PASS_SECONDS
) -> None:
    """Run :func:`flag_abandoned` now and every ``every`` seconds until ``stop``; a failing pass is logged."""
    while not stop.is_set():
        try:
            flag_abandoned(engine, settings, clock())
        except Exception:
            log.exception("An abandoned-report pass failed; trying again in %s s.", every)
        stop.wait(every)
