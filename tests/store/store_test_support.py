"""Constants and fakes shared by the store tests (a plain module: conftest.py names clash across dirs)."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable

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


def run_at_once(work: Callable[[int], None], count: int, timeout: float = 60) -> None:
    """Run ``work(0) .. work(count - 1)`` on as many threads, released together, and wait for them."""
    start = threading.Barrier(count)

    def released(index: int) -> None:
        start.wait()
        work(index)

    threads = [threading.Thread(target=released, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
