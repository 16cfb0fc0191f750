"""Constants and fakes shared by the store tests (a plain module: conftest.py names clash across dirs)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy.engine import Engine

import store

NOW = dt.datetime(2024, 8, 14, 17, 30, tzinfo=dt.timezone.utc)
"""Wednesday 14 August 2024, 10:30 in Victorville and Inglewood (PDT)."""


class SequenceRandom:
    """A random source returning the given numbers in order (to force reference collisions)."""

    def __init__(self, *numbers: int) -> None:
        self.numbers = list(numbers)

    def randrange(self, stop: int) -> int:
        number = self.numbers.pop(0)
        assert 0 <= number < stop
        return number


def fresh_engine(url: str) -> Engine:
    """A second, independent engine on the same file, as another process would open it."""
    return store.connect(url)
