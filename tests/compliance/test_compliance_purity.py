"""compliance/ stays pure: stdlib, holidays, dateutil and our cities/ and languages/; Python 3.10 syntax; lazy
holidays."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "compliance"
SOURCES = sorted(PACKAGE.rglob("*.py"))
# cities/: facts at the bottom of the house; languages/: the reply language and its catalog (t, N_)
ALLOWED_THIRD_PARTY = {"holidays", "dateutil", "cities", "languages"}
BANNED = {
    "rasa",
    "rasa_sdk",
    "twilio",
    "fastapi",
    "starlette",
    "sqlalchemy",
    "alembic",
    "sqlite3",
    "psycopg",
    "psycopg2",
    "asyncpg",
    "aiosqlite",
    "pymysql",
    "redis",
    "requests",
    "httpx",
}
NOT_IN_PY310 = {"tomllib"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_package_has_sources():
    assert PACKAGE / "core.py" in SOURCES and len(SOURCES) > 10


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_are_stdlib_holidays_or_dateutil(path):
    roots = imported_roots(path)
    assert not roots & BANNED, f"{path} imports {roots & BANNED}"
    outside = roots - set(sys.stdlib_module_names) - ALLOWED_THIRD_PARTY - {"compliance", "__future__"}
    assert not outside, f"{path} imports non-stdlib modules {outside}"
    assert not roots & NOT_IN_PY310


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_source_parses_as_python_310(path):
    source = path.read_text(encoding="utf-8")
    ast.parse(source, feature_version=(3, 10))
    assert "StrEnum" not in source and "except*" not in source and "typing import Self" not in source


def test_the_checker_catches_a_banned_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom rasa_sdk import Action\nimport sqlalchemy.orm\n")
    assert imported_roots(bad) & BANNED == {"rasa_sdk", "sqlalchemy"}


def test_import_does_not_load_holidays_or_frameworks():
    code = (
        "import sys, compliance; "
        "loaded = {'holidays', 'rasa', 'rasa_sdk', 'twilio', 'fastapi', 'sqlalchemy'} & set(sys.modules); "
        "print(sorted(loaded))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
