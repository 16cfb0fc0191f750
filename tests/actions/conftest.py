"""The action tests run against the shared fresh database (tests/conftest.py), put where the actions look."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine

from actions import runtime
from cities import CityContacts
from config import Settings


@pytest.fixture
def engine(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    """The fresh migrated database, used by the actions instead of $DATABASE_URL, with test contacts."""
    monkeypatch.setattr(runtime, "engine", lambda: engine)
    monkeypatch.setattr(runtime, "contacts", lambda: CityContacts(victorville_phone="(760) 555-0199"))
    monkeypatch.setattr(runtime, "settings", lambda: Settings())
    yield engine
