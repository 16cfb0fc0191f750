"""Engines and transactions for the one application database.

The same code runs under SQLAlchemy 1.4 (the Rasa process, Python 3.10) and 2.x (actions and web app,
Python 3.11), so it uses only the Core API both share: ``create_engine(url, future=True)``,
``engine.begin()``, ``select(table)``, ``insert``/``update``, ``conn.begin_nested()``.

SQLite is the default (``sqlite:///var/assistant.db``, relative paths resolved against the repository
root so every process finds the same file whatever its working directory). Each SQLite connection gets
WAL journaling (readers never block the writer, so Rasa, the action server and the web app can share
the file), enforced foreign keys and a 30 s busy timeout. Python's ``sqlite3`` module only emits BEGIN
before INSERT/UPDATE/DELETE, which leaves SELECTs outside the transaction and breaks SAVEPOINTs; as
SQLAlchemy's documentation recommends, we switch that off and emit BEGIN ourselves. Writes made through
:func:`write_transaction` use ``BEGIN IMMEDIATE``, taking the write lock up front so a read-then-write
transaction can never fail half-way with "database is locked" and two writers are strictly serialized.

PostgreSQL (``postgresql+psycopg2://...``, the scale-out deployment) gets the same guarantee: a write
transaction first takes one transaction-scoped advisory lock (``pg_advisory_xact_lock``), so writers are
serialized exactly as under ``BEGIN IMMEDIATE`` and every read-then-write (the next reference number, "has
this delivery been seen", "is this record already announced") sees every earlier writer's commit. Writes here
are a few rows, so one lock costs little; readers never take it and read one snapshot (REPEATABLE READ).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from config import DEFAULT_DATABASE_URL
from config.clock import utc_now
from store.errors import StoreError

REPO_ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL_ENV = "DATABASE_URL"
SQLITE_BUSY_TIMEOUT_SECONDS = 30
_WRITE_OPTION = "store_write_transaction"
WRITE_LOCK_KEY = 0x464F47  # "FOG": the advisory lock every PostgreSQL write transaction takes first

Bind = Engine | Connection
"""What every repository function accepts: an engine (each call commits on its own) or a connection
(the call joins the caller's transaction, so several calls commit or roll back together)."""


def aware_utc(value: dt.datetime, name: str = "timestamp") -> dt.datetime:
    """``value`` converted to UTC; naive datetimes are refused because their zone is a guess."""
    if not isinstance(value, dt.datetime):
        raise StoreError(f"{name} must be a datetime, got {value!r}.")
    if value.tzinfo is None or value.utcoffset() is None:
        raise StoreError(f"{name} {value!r} has no time zone: pass a timezone-aware datetime (UTC).")
    return value.astimezone(dt.timezone.utc)


def resolve_now(now: dt.datetime | None) -> dt.datetime:
    """The injected clock value, or the real time when none was given."""
    return utc_now() if now is None else aware_utc(now, "now")


def resolve_database_url(url: str | None = None) -> str:
    """The URL to use: ``url``, else ``$DATABASE_URL``, else the default SQLite file under ``var/``.

    A relative SQLite path is resolved against the repository root, so ``sqlite:///var/assistant.db``
    means ``<repo>/var/assistant.db`` for every process. Other URLs are returned unchanged.
    """
    raw = url or os.environ.get(DATABASE_URL_ENV) or DEFAULT_DATABASE_URL
    try:
        parsed = sa.engine.make_url(raw)
    except sa.exc.ArgumentError as error:
        raise StoreError(f"Database URL {raw!r} is not a valid SQLAlchemy URL: {error}") from error
    if parsed.get_backend_name() != "sqlite" or _is_sqlite_memory(parsed.database):
        return raw
    path = Path(parsed.database).expanduser()
    if not path.is_absolute():
        path = REPO_ROOT / path
    return parsed.set(database=str(path)).render_as_string(hide_password=False)


def _is_sqlite_memory(database: str | None) -> bool:
    return not database or database == ":memory:" or database.startswith("file:")


def connect(url: str | None = None, *, echo: bool = False) -> Engine:
    """An engine for ``url`` (see :func:`resolve_database_url`); SQLite files get their folder created.

    Creating the engine opens no connection. Call :func:`store.migrate.upgrade_to_head` (Python 3.11
    environment, needs alembic) once before use to create or update the tables.
    """
    resolved = resolve_database_url(url)
    parsed = sa.engine.make_url(resolved)
    if parsed.get_backend_name() == "postgresql":
        engine = sa.create_engine(resolved, future=True, echo=echo, pool_pre_ping=True)
        _install_postgresql_hooks(engine)
        return engine
    if parsed.get_backend_name() != "sqlite":
        return sa.create_engine(resolved, future=True, echo=echo, pool_pre_ping=True)
    in_memory = _is_sqlite_memory(parsed.database)
    options: dict[str, Any] = {
        "connect_args": {"timeout": SQLITE_BUSY_TIMEOUT_SECONDS, "check_same_thread": False}
    }
    if in_memory:
        options["poolclass"] = sa.pool.StaticPool  # one shared connection, else each sees an empty db
    else:
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(resolved, future=True, echo=echo, **options)
    _install_sqlite_hooks(engine, wal=not in_memory)
    return engine


def _install_sqlite_hooks(engine: Engine, *, wal: bool) -> None:
    @sa.event.listens_for(engine, "connect")
    def _configure_connection(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see module docstring)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_SECONDS * 1000}")
        if wal:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        immediate = connection.get_execution_options().get(_WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _install_postgresql_hooks(engine: Engine) -> None:
    @sa.event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        if connection.get_execution_options().get(_WRITE_OPTION, False):
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK_KEY})")


@contextmanager
def write_transaction(bind: Bind) -> Iterator[Connection]:
    """A connection inside a write transaction, committed when the block ends without error.

    Given an engine, the transaction is ours and is committed (durably) before this returns. Given a
    connection already in a transaction, we join it and the caller commits.
    """
    if isinstance(bind, Connection):
        if bind.in_transaction():
            yield bind
        else:
            with bind.begin():
                yield bind
        return
    with bind.connect() as connection:
        connection = connection.execution_options(**{_WRITE_OPTION: True})
        with connection.begin():
            yield connection


@contextmanager
def read_transaction(bind: Bind) -> Iterator[Connection]:
    """A connection for reading; one consistent snapshot for the whole block."""
    if isinstance(bind, Connection):
        yield bind
        return
    with bind.connect() as connection:
        if connection.dialect.name == "postgresql":
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            yield connection
