"""Schema migrations with alembic, driven from code: no ``alembic.ini`` needed.

    python -m store.migrate upgrade               # bring $DATABASE_URL (or var/assistant.db) to head
    python -m store.migrate current               # print the database's revision
    python -m store.migrate revision "add x"      # autogenerate a migration from store/schema.py

Needs alembic, which is installed in the Python 3.11 environment only; the Rasa environment uses a
database that the run command has already migrated. alembic is imported inside the functions so that
``import store`` works without it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import Engine

from store.db import connect

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
UrlOrEngine = str | Engine | None


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def _engine(target: UrlOrEngine) -> tuple[Engine, bool]:
    """The engine to use and whether we created it (and so must dispose of it)."""
    return (target, False) if isinstance(target, Engine) else (connect(target), True)


def _run(target: UrlOrEngine, action: str, *args: object, **kwargs: object) -> None:
    from alembic import command

    engine, owned = _engine(target)
    try:
        with engine.begin() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            getattr(command, action)(config, *args, **kwargs)
    finally:
        if owned:
            engine.dispose()


def upgrade_to_head(target: UrlOrEngine = None) -> str:
    """Create or update every table; returns the head revision. Safe to run at every start."""
    _run(target, "upgrade", "head")
    return head_revision()


def downgrade_to_base(target: UrlOrEngine = None) -> None:
    """Drop every table the migrations created (for tests and local resets)."""
    _run(target, "downgrade", "base")


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(target: UrlOrEngine = None) -> str | None:
    """The revision the database is at; None for a database never migrated."""
    from alembic.runtime.migration import MigrationContext

    engine, owned = _engine(target)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        if owned:
            engine.dispose()


def schema_differences(target: UrlOrEngine = None) -> list:
    """What autogenerate would change to make the database match ``store.schema`` ([] when in sync)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from store.schema import metadata

    engine, owned = _engine(target)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts=comparison_options(connection))
            return compare_metadata(context, metadata)
    finally:
        if owned:
            engine.dispose()


def comparison_options(connection: object) -> dict:
    """Options shared by env.py and :func:`schema_differences`, so the test compares what autogenerate
    would: column types included, SQLite ALTERs done in batch mode, our UTC type rendered as plain
    ``sa.DateTime(timezone=True)`` so migration files never import application code."""
    return {
        "compare_type": True,
        "render_as_batch": connection.dialect.name == "sqlite",
        "render_item": _render_item,
    }


def _render_item(kind: str, item: object, autogen_context: object) -> str | bool:
    from store.schema import UTCDateTime

    if kind == "type" and isinstance(item, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def make_revision(message: str, target: UrlOrEngine = None) -> None:
    """Autogenerate a migration comparing ``store.schema`` with a database at head."""
    _run(target, "revision", message=message, autogenerate=True)


def main(argv: list[str]) -> int:
    usage = "usage: python -m store.migrate upgrade | current | revision MESSAGE"
    if argv == ["upgrade"]:
        print(f"Database at revision {upgrade_to_head()}.")
    elif argv == ["current"]:
        print(current_revision() or "not migrated")
    elif len(argv) == 2 and argv[0] == "revision":
        make_revision(argv[1])
    else:
        print(usage, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
