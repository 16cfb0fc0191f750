"""Heavy things the actions share, loaded once per action-server process (see :mod:`actions.server`)."""

from __future__ import annotations

import logging
import time
from functools import lru_cache

from knowledge.cities import CityContacts
from knowledge.index import HybridIndex

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def index() -> HybridIndex:
    started = time.perf_counter()
    loaded = HybridIndex.load()
    log.info("ordinance index loaded: %d units in %.1f s", len(loaded.units), time.perf_counter() - started)
    return loaded


@lru_cache(maxsize=1)
def contacts() -> CityContacts:
    return CityContacts.from_env()


def warm_up() -> None:
    """Load the index and embed one question so the first user does not wait for the model."""
    index().search("how often must a grease interceptor be pumped", None, k=1)
