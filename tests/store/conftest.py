"""Every store test runs on SQLite and on PostgreSQL (tests/support/postgres_fixtures.py)."""

from postgres_fixtures import db_url, postgres_server  # noqa: F401 - fixtures
