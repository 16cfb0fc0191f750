"""alembic environment: run by :mod:`store.migrate` with a connection, or offline from a URL."""

from __future__ import annotations

from alembic import context

from store.db import connect, resolve_database_url
from store.migrate import comparison_options
from store.schema import metadata

config = context.config


def run_offline() -> None:
    url = config.get_main_option("sqlalchemy.url") or resolve_database_url()
    context.configure(
        url=url, target_metadata=metadata, literal_binds=True, render_as_batch=url.startswith("sqlite")
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    engine = connect(config.get_main_option("sqlalchemy.url") or None)
    try:
        with engine.begin() as own_connection:
            _migrate(own_connection)
    finally:
        engine.dispose()


def _migrate(connection: object) -> None:
    context.configure(connection=connection, target_metadata=metadata, **comparison_options(connection))
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
