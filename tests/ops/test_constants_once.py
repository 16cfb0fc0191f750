"""The lint step that finds a module-level constant assigned twice (``scripts/constants_once.py``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "constants_once", Path(__file__).resolve().parents[2] / "scripts" / "constants_once.py"
)
constants_once = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(constants_once)


def _module(tmp_path: Path, source: str) -> Path:
    path = tmp_path / "module.py"
    path.write_text(source, encoding="utf-8")
    return path


def test_a_constant_named_twice_is_reported_with_both_lines(tmp_path):
    path = _module(
        tmp_path,
        '_REPORT_REQUEST = "who do i call"\nOTHER = 1\n_REPORT_REQUEST = "want to report"\n'
        "lower = 1\nlower = 2\n",
    )
    assert constants_once.twice(path) == [f"{path}:3: _REPORT_REQUEST assigned again (first at line 1)"]
    assert constants_once.main([str(tmp_path)]) == 1


def test_the_branches_of_an_if_or_a_try_are_alternatives(tmp_path):
    path = _module(
        tmp_path,
        "try:\n    import fast\n    BACKEND = 'fast'\nexcept ImportError:\n    BACKEND = 'slow'\n"
        "if BACKEND:\n    LIMIT = 1\nelse:\n    LIMIT = 2\n",
    )
    assert constants_once.twice(path) == []


def test_a_constant_assigned_in_a_branch_and_again_after_it_is_reported(tmp_path):
    path = _module(tmp_path, "if True:\n    LIMIT = 1\nLIMIT = 2\n")
    assert constants_once.twice(path) == [f"{path}:3: LIMIT assigned again (first at line 2)"]


def test_the_project_assigns_each_constant_once():
    assert constants_once.main([]) == 0
