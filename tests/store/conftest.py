"""Fixtures: a migrated SQLite file per test, copied from one migrated once per session."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

import store
from store import migrate


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "assistant.db"
    migrate.upgrade_to_head(f"sqlite:///{path}")
    return path


@pytest.fixture
def db_url(migrated_template: Path, tmp_path: Path) -> str:
    """A fresh, fully migrated database file for this test."""
    path = tmp_path / "assistant.db"
    shutil.copyfile(migrated_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = store.connect(db_url)
    yield engine
    engine.dispose()
