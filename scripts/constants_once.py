"""`make lint`: a module-level constant is assigned once.

A module that names two different things with one constant's name keeps only the second, silently: the
spill report's "what number do i call" words were replaced by the pump-out log's "want to report" words this
way, and no linter said so (ruff has no rule for it). A constant here is a module-level name in capitals,
with or without a leading underscore (``_REPORT_REQUEST``, ``MAX_CARDS_PER_ANSWER``). The branches of a
module-level ``if``/``else`` or ``try``/``except`` may each assign it (one runs).

Usage: ``python scripts/constants_once.py [paths...]`` (default: the project's packages). Exits 1 and lists
each name assigned twice, with both lines.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "var", "node_modules", ".git", "__pycache__"}
_CONSTANT = re.compile(r"^_*[A-Z][A-Z0-9_]*$")


def _assigned(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets = [node.target]
    else:
        return []
    return [t.id for t in targets if isinstance(t, ast.Name) and _CONSTANT.match(t.id)]


def _block(body: list[ast.stmt], path: Path, seen: dict[str, int], found: list[str]) -> dict[str, int]:
    """The constants a block of module statements assigns, with their lines, added to ``seen``; each one it
    assigns again is reported in ``found``. The branches of an ``if``/``else`` or a ``try``/``except`` are
    alternatives: a name each of them assigns once is assigned once."""
    for node in body:
        if isinstance(node, ast.If | ast.Try):
            branches = (
                [node.body, node.orelse]
                if isinstance(node, ast.If)
                else [node.body + node.orelse, *(h.body for h in node.handlers)]
            )
            assigned: dict[str, int] = {}
            for branch in branches:
                assigned.update(_block(branch, path, dict(seen), found))
            if isinstance(node, ast.Try):
                assigned.update(_block(node.finalbody, path, {**seen, **assigned}, found))
            seen.update(assigned)
            continue
        for name in _assigned(node):
            if name in seen:
                found.append(f"{path}:{node.lineno}: {name} assigned again (first at line {seen[name]})")
            else:
                seen[name] = node.lineno
    return seen


def twice(path: Path) -> list[str]:
    """Each constant of the module at ``path`` assigned more than once, as "path:line: NAME assigned again
    (first at line n)"."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    _block(tree.body, path, {}, found)
    return found


def python_files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_file() and path.suffix == ".py":
            yield path
        elif path.is_dir():
            for file in sorted(path.rglob("*.py")):
                if not SKIPPED.intersection(file.relative_to(path).parts):
                    yield file


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [ROOT]
    found = [line for file in python_files(paths) for line in twice(file)]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
