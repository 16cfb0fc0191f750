"""Migrations build the schema on an empty file and match ``store.schema`` exactly."""

from __future__ import annotations

import sqlalchemy as sa

import store
from store import migrate
from store.schema import metadata

HEAD = "0003"  # the newest migration; bump with each new one

EXPECTED_TABLES = {
    "facilities",
    "facility_owners",
    "service_records",
    "permit_applications",
    "waiver_requests",
    "spill_reports",
    "sms_deliveries",
    "sms_opt_outs",
    "rate_limit_events",
    "reminders",
    "voice_calls",
    "sms_more_remainders",
    "outbox_events",
    "notifications",
    "staff_users",
    "staff_sessions",
    "audit_log",
    "unanswered_questions",
    "open311_keys",
}


def _tables(url: str) -> set[str]:
    engine = store.connect(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_upgrade_on_an_empty_file_creates_every_table_at_head(tmp_path):
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    assert migrate.current_revision(url) is None

    assert migrate.upgrade_to_head(url) == HEAD

    assert _tables(url) == EXPECTED_TABLES | {"alembic_version"}
    assert set(metadata.tables) == EXPECTED_TABLES
    assert migrate.current_revision(url) == HEAD


def test_upgrading_again_is_a_no_op(db_url):
    assert migrate.upgrade_to_head(db_url) == HEAD
    assert migrate.current_revision(db_url) == HEAD


def test_models_match_migrations(db_url):
    """What `alembic check` verifies: autogenerate finds nothing to change."""
    assert migrate.schema_differences(db_url) == []


def test_the_comparison_notices_drift(db_url):
    engine = store.connect(db_url)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql("DROP INDEX ix_reminders_status_send_at")
            connection.exec_driver_sql("ALTER TABLE spill_reports ADD COLUMN stray TEXT")
        differences = migrate.schema_differences(engine)
    finally:
        engine.dispose()
    kinds = sorted((diff[0], getattr(diff[-1], "name", None)) for diff in differences)
    assert kinds == [("add_index", "ix_reminders_status_send_at"), ("remove_column", "stray")]


def test_downgrade_to_base_then_upgrade_rebuilds_the_schema(db_url):
    migrate.downgrade_to_base(db_url)
    assert _tables(db_url) == {"alembic_version"}
    assert migrate.current_revision(db_url) is None

    migrate.upgrade_to_head(db_url)
    assert _tables(db_url) == EXPECTED_TABLES | {"alembic_version"}
    assert migrate.schema_differences(db_url) == []


def test_command_line_upgrades_the_database_named_by_database_url(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'cli' / 'a.db'}"
    monkeypatch.setenv("DATABASE_URL", url)

    assert migrate.main(["upgrade"]) == 0
    assert capsys.readouterr().out == f"Database at revision {HEAD}.\n"
    assert migrate.main(["current"]) == 0
    assert capsys.readouterr().out == f"{HEAD}\n"
    assert migrate.main(["bogus"]) == 2
