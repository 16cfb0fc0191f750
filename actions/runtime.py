"""Heavy things the actions share, loaded once per action-server process (see :mod:`actions.server`)."""

from __future__ import annotations

import datetime as dt
import logging
import time
from functools import lru_cache
from typing import TYPE_CHECKING

from cities import CityContacts
from config import Settings
from config.clock import Clock
from config.clock import clock_offset as config_clock_offset
from knowledge.index import HybridIndex

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from sorting import SortingMatcher

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def index() -> HybridIndex:
    started = time.perf_counter()
    loaded = HybridIndex.load()
    log.info("ordinance index loaded: %d units in %.1f s", len(loaded.units), time.perf_counter() - started)
    return loaded


@lru_cache(maxsize=1)
def contacts() -> CityContacts:
    return CityContacts.from_settings(settings())


@lru_cache(maxsize=1)
def settings() -> Settings:
    return Settings.from_env()


@lru_cache(maxsize=1)
def clock() -> Clock:
    """This process's clock: the real time, or shifted to ``CLOCK_START`` (tests)."""
    return settings().clock()


@lru_cache(maxsize=1)
def clock_offset() -> dt.timedelta:
    """How far this process's clock runs from the real one (Rasa stamps events with the real time)."""
    return config_clock_offset(settings().clock_start, anchor=settings().clock_anchor)


@lru_cache(maxsize=1)
def engine() -> Engine:
    """The application database ($DATABASE_URL), migrated to the current schema on first use."""
    import store
    from store import migrate

    connected = store.connect()
    revision = migrate.upgrade_to_head(connected)
    log.info("database ready at revision %s", revision)
    return connected


@lru_cache(maxsize=1)
def sorting_matcher() -> SortingMatcher:
    """The container-sorting matcher; its embedder is loaded only if the lexical steps fail."""
    from knowledge.embedding import load_embedder
    from sorting import SortingMatcher

    return SortingMatcher(embedder=load_embedder)


def warm_up() -> None:
    """Load the index, embed one question, load the sorting list's vectors and open the database, so the
    first users do not wait (fifty at once on a fresh start otherwise queue behind the sorting vectors)."""
    index().search("how often must a grease interceptor be pumped", None, k=1)
    sorting_matcher().warm_up()
    engine()
