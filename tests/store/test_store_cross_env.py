"""The store works from the Rasa process too (Python 3.10, SQLAlchemy 1.4, no alembic), on the same file.

Runs ``cross_env_smoke.py`` with the Rasa environment's interpreter ($RASA_PYTHON, default
``.venv/rasa/bin/python``) against a database migrated here, then reads its writes back.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
from pathlib import Path

from store_test_support import NOW

from store import sms, spills, voice

REPO_ROOT = Path(__file__).resolve().parents[2]
RASA_PYTHON = Path(os.environ.get("RASA_PYTHON", REPO_ROOT / ".venv" / "rasa" / "bin" / "python"))


def test_rasa_environment_writes_what_the_app_environment_reads(engine, db_url):
    assert RASA_PYTHON.exists(), (
        f"No Rasa interpreter at {RASA_PYTHON}: create the Rasa env or set RASA_PYTHON."
    )
    result = subprocess.run(
        [str(RASA_PYTHON), str(Path(__file__).with_name("cross_env_smoke.py")), db_url],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)

    assert summary["python"] == [3, 10]
    assert summary["sqlalchemy"].startswith("1.4.")
    assert summary["alembic_imported"] is False
    assert summary["claims"] == [True, False]
    assert summary["allowed"] == [True, True, False]
    assert summary["silences"] == [1, 2]

    assert sms.claim_message_sid(engine, "SMcross") is False
    assert sms.get_reply(engine, "SMcross") == "<Response><Message>Received.</Message></Response>"
    assert sms.is_opted_out(engine, "+17605550100") is True
    assert sms.allow(engine, "+17605550100", NOW + dt.timedelta(seconds=1), limit=sms.RateLimit(2)) is False
    report = spills.get_by_reference(engine, summary["spill_reference"])
    assert (report["status"], report["location_text"], report["reaches"]) == (
        "submitted",
        "Main and 5th",
        ["gutter"],
    )
    assert report["submitted_at"] == NOW
    assert voice.get_call(engine, "CAcross")["silence_count"] == 2
