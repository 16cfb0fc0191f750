"""The app database on both of its engines: SQLite (the embedded default) and PostgreSQL (the cluster).

Imported by the conftest files of the suites that exercise the store's write paths, so every one of their
tests runs against a fresh, migrated database of each kind. The PostgreSQL server is a throwaway one on
loopback (ops/postgres.py), started once per session; each test gets its own database, copied from a
migrated template.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from pathlib import Path

import pytest
from net import free_port

from ops.postgres import LocalPostgres

TEMPLATE_DATABASE = "assistant_template"
_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server():
    from store import migrate

    # Not under pytest's own temporary folder: as root the server runs as the postgres user, who cannot
    # enter pytest's private (0700) folder; /tmp's own subfolders are reachable.
    folder = Path(tempfile.mkdtemp(prefix="fog-assistant-postgres-"))
    folder.chmod(0o755)
    server = LocalPostgres(folder / "data", free_port(), durable=False)
    try:
        server.start()
        migrate.upgrade_to_head(server.create_database(TEMPLATE_DATABASE))
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, migrated_template, tmp_path) -> str:
    """A fresh, fully migrated database of each kind for this test."""
    if request.param == "sqlite":
        path = tmp_path / "assistant.db"
        shutil.copyfile(migrated_template, path)
        return f"sqlite:///{path}"
    server = request.getfixturevalue("postgres_server")
    return server.create_database(f"test_{next(_names)}", template=TEMPLATE_DATABASE)
