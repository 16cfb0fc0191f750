"""Engine creation, URL resolution, SQLite settings, timestamps and transactions."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from store_test_support import NOW, run_at_once

import store
from store import db, spills
from store.errors import StoreError

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_default_url_is_var_assistant_db_under_the_repo_root(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert db.resolve_database_url() == f"sqlite:///{REPO_ROOT}/var/assistant.db"


def test_database_url_env_var_is_used_and_relative_sqlite_paths_are_resolved_against_the_repo(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///var/other/test.db")
    assert db.resolve_database_url() == f"sqlite:///{REPO_ROOT}/var/other/test.db"


def test_explicit_url_wins_over_env_and_non_sqlite_urls_pass_unchanged(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///ignored.db")
    url = "postgresql+psycopg://fog:s%40cret@db.internal:5432/fog"
    assert db.resolve_database_url(url) == url
    assert db.resolve_database_url("sqlite:////srv/fog/a.db") == "sqlite:////srv/fog/a.db"
    assert db.resolve_database_url("sqlite://") == "sqlite://"


def test_invalid_url_is_refused_with_the_value():
    with pytest.raises(StoreError, match="not-a-url"):
        db.resolve_database_url("not-a-url")


def test_connect_creates_the_folder_and_enables_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "nested" / "deeper" / "a.db"
    engine = store.connect(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
    finally:
        engine.dispose()
    assert path.exists()


def test_in_memory_database_is_shared_across_connections():
    engine = store.connect("sqlite://")
    with engine.begin() as connection:
        connection.execute(sa.text("CREATE TABLE t (x INTEGER)"))
        connection.execute(sa.text("INSERT INTO t VALUES (7)"))
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT x FROM t")).scalar() == 7


def test_savepoint_rollback_keeps_the_outer_transaction(tmp_path):
    """Needs our own BEGIN: with sqlite3's legacy mode a SAVEPOINT would escape the transaction."""
    engine = store.connect(f"sqlite:///{tmp_path / 'a.db'}")
    with engine.begin() as connection:
        connection.execute(sa.text("CREATE TABLE t (x INTEGER)"))
    with engine.begin() as connection:
        connection.execute(sa.text("INSERT INTO t VALUES (1)"))
        nested = connection.begin_nested()
        connection.execute(sa.text("INSERT INTO t VALUES (2)"))
        nested.rollback()
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT x FROM t")).scalars().all() == [1]


def test_timestamps_come_back_aware_in_utc_whatever_zone_went_in(engine):
    pacific = dt.timezone(dt.timedelta(hours=-7))
    report = spills.create_partial(
        engine,
        conversation_id="c",
        channel="web",
        started_at=dt.datetime(2024, 8, 14, 10, 0, tzinfo=pacific),
        now=NOW,
    )
    assert report["started_at"] == dt.datetime(2024, 8, 14, 17, 0, tzinfo=dt.timezone.utc)
    assert report["started_at"].tzinfo == dt.timezone.utc
    assert report["created_at"] == NOW


def test_naive_datetimes_are_refused_with_the_value(engine):
    with pytest.raises(StoreError, match=r"2024, 8, 14, 10, 0"):
        spills.create_partial(
            engine, conversation_id="c", channel="web", started_at=dt.datetime(2024, 8, 14, 10, 0)
        )
    with pytest.raises(StoreError, match="now"):
        spills.create_partial(engine, conversation_id="c", channel="web", now=dt.datetime(2024, 8, 14))


def test_calls_given_a_connection_commit_or_roll_back_together(engine):
    with pytest.raises(RuntimeError), engine.begin() as connection:
        first = spills.create_partial(connection, conversation_id="c", channel="web", now=NOW)
        raise RuntimeError("the action failed after creating the report")
    assert spills.get_by_reference(engine, first["reference"]) is None

    with engine.begin() as connection:
        kept = spills.create_partial(connection, conversation_id="c", channel="web", now=NOW)
        spills.submit(connection, kept["reference"], now=NOW)
    assert spills.get_by_reference(engine, kept["reference"])["status"] == "submitted"


def test_importing_store_does_not_import_alembic():
    code = "import sys, store; print('alembic' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"


def test_write_transactions_are_serialized_on_every_engine(engine, db_url):
    """A read-then-write in write_transaction never loses an update, from two engines (two processes) at
    once: BEGIN IMMEDIATE on SQLite, the advisory write lock on PostgreSQL."""
    with db.write_transaction(engine) as connection:
        connection.execute(sa.text("CREATE TABLE counter (n INTEGER NOT NULL)"))
        connection.execute(sa.text("INSERT INTO counter (n) VALUES (0)"))
    other = store.connect(db_url)

    def increment(index: int) -> None:
        bind = [engine, other][index % 2]
        for _ in range(5):
            with db.write_transaction(bind) as connection:
                n = connection.execute(sa.text("SELECT n FROM counter")).scalar_one()
                time.sleep(0.002)  # widen the window a lost update would need
                connection.execute(sa.text("UPDATE counter SET n = :n"), {"n": n + 1})

    try:
        run_at_once(increment, 6)
    finally:
        other.dispose()
    with db.read_transaction(engine) as connection:
        assert connection.execute(sa.text("SELECT n FROM counter")).scalar_one() == 30
