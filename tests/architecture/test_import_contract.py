"""The layer contract (.importlinter) holds for the tree, and it does catch a forbidden import."""

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(root / ".importlinter")],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_the_tree_keeps_the_layer_contract():
    result = lint_imports(REPO)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_pure_core_module_importing_an_adapter_breaks_the_contract(tmp_path):
    copy = tmp_path / "house"
    shutil.copytree(
        REPO,
        copy,
        ignore=shutil.ignore_patterns(".venv", "var", ".git", "tests", "__pycache__", "*.yml", "sources"),
    )
    bad = copy / "compliance" / "core.py"
    bad.write_text(bad.read_text() + "\nfrom actions import runtime  # a rule reaching into the adapters\n")
    result = lint_imports(copy)
    assert result.returncode != 0
    assert "compliance" in result.stdout and "actions" in result.stdout
