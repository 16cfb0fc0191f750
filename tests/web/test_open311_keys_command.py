"""``python -m web.open311``: create a key (shown once), list keys (never the keys), revoke one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from store import open311
from web.open311.__main__ import main

REPO = Path(__file__).resolve().parents[2]


def test_create_list_and_revoke(db_url, engine, capsys):
    assert (
        main(["--database-url", db_url, "create-key", "--name", "County 311", "--city", "victorville"]) == 0
    )
    created = capsys.readouterr().out
    key = created.strip().splitlines()[-1]
    assert "Created key 1 for County 311 (victorville)" in created
    assert open311.verify_key(engine, key)["name"] == "County 311"

    assert main(["--database-url", db_url, "list-keys"]) == 0
    listed = capsys.readouterr().out
    assert listed.startswith("1\tCounty 311\tvictorville\tactive\tlast used ")
    assert key not in listed

    assert main(["--database-url", db_url, "revoke-key", "--id", "1"]) == 0
    assert "Key 1 (County 311) is revoked" in capsys.readouterr().out
    assert open311.verify_key(engine, key) is None
    assert main(["--database-url", db_url, "list-keys"]) == 0
    assert "\trevoked " in capsys.readouterr().out


def test_revoking_an_unknown_key_fails_with_a_sentence(db_url, capsys):
    assert main(["--database-url", db_url, "revoke-key", "--id", "42"]) == 1
    assert "No Open311 key has id 42" in capsys.readouterr().err


def test_the_module_runs_from_the_command_line(db_url, engine):
    env = {**os.environ, "PYTHONPATH": str(REPO), "DATABASE_URL": db_url}
    result = subprocess.run(
        [sys.executable, "-m", "web.open311", "create-key", "--name", "Work orders"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    key = result.stdout.strip().splitlines()[-1]
    assert open311.verify_key(engine, key)["city"] is None  # both cities
