"""The clock every process reads: the real time, or the real time shifted to start at ``CLOCK_START``.

``CLOCK_START`` (an ISO 8601 moment with its UTC offset, e.g. ``2026-12-01T10:00:00-08:00``) lets tests and
demonstrations run the whole stack at a chosen moment of the day, whatever the wall clock says: every process
shifts its clock by the same offset, so time still moves forward: fixed by ``CLOCK_ANCHOR`` (the real moment
``CLOCK_START`` stands for, which the stack supervisor sets once for all its processes, so a link signed by
one process is not "from the future" for another), else when the process starts. Production refuses it
(``config.settings``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

Clock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    """The real time, timezone-aware, in UTC."""
    return dt.datetime.now(dt.timezone.utc)


def clock_offset(
    start: dt.datetime | None, real_now: Clock = utc_now, *, anchor: dt.datetime | None = None
) -> dt.timedelta:
    """How far the shifted clock runs from the real one (zero without ``CLOCK_START``): ``start`` stands for
    the real moment ``anchor`` (``CLOCK_ANCHOR``, shared by a stack's processes), else for now."""
    if start is None:
        return dt.timedelta(0)
    return start - (anchor or real_now())


def shifted_clock(
    start: dt.datetime | None, real_now: Clock = utc_now, *, anchor: dt.datetime | None = None
) -> Clock:
    """A clock that reads ``start`` at ``anchor`` (now, without one) and runs on from there (the real clock
    when ``start`` is None)."""
    if start is None:
        return real_now
    offset = clock_offset(start, real_now, anchor=anchor)
    return lambda: real_now() + offset
