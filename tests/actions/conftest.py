"""A migrated throw-away database for the action tests (no servers, no network)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

import store
from actions import runtime
from cities import CityContacts
from config import Settings
from store import migrate


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("actions-db") / "template.db"
    migrate.upgrade_to_head(f"sqlite:///{path}")
    return path


@pytest.fixture
def engine(migrated_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    """A fresh migrated SQLite database that the actions use instead of $DATABASE_URL."""
    path = tmp_path / "assistant.db"
    shutil.copyfile(migrated_database, path)
    connected = store.connect(f"sqlite:///{path}")
    monkeypatch.setattr(runtime, "engine", lambda: connected)
    monkeypatch.setattr(runtime, "contacts", lambda: CityContacts(victorville_phone="(760) 555-0199"))
    monkeypatch.setattr(runtime, "settings", lambda: Settings())
    yield connected
    connected.dispose()
