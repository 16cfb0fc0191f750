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
    "shaping",
    "actions",
    "documents",
)


def test_importing_the_building_blocks_loads_nothing_heavy() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import intake\n"
        "for module in pkgutil.iter_modules(intake.__path__):\n"
        "    importlib.import_module(f'intake.{module.name}')\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"


def test_pumpout_text_and_documents_stay_light_too() -> None:
    """The pump-out reader and the documents stay light too (no Rasa, database or dateparser at import)."""
    heavy = tuple(name for name in HEAVY if name not in ("shaping", "actions", "documents"))
    code = (
        "import sys\n"
        "import intake.pumpout, documents\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"
