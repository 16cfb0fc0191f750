"""The form building blocks stay pure: importing them loads no Rasa, database, PDF or dateparser code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEAVY = (
    "rasa",
    "rasa_sdk",
    "sqlalchemy",
    "store",
    "fpdf",
    "fontTools",
    "dateparser",
    "torch",
    "sentence_transformers",
)


def test_importing_the_building_blocks_loads_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "import actions.parsing, actions.pumpout_text, actions.field_specs, documents\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"
