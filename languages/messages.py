"""The messages the assistant writes, found in its source as gettext finds them: the literal first argument of
every ``t(...)`` and ``N_(...)`` call, in every package of the project."""

from __future__ import annotations

import ast
from pathlib import Path

from languages.catalog import normal

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "actions", "calculations", "channels", "cities", "compliance", "config", "documents", "intake",
    "knowledge", "languages", "nlp", "shaping", "sorting", "store", "web", "worker",
)  # fmt: skip
MARKERS = ("t", "N_")


def messages_in_code(root: Path = ROOT) -> dict[str, str]:
    """Each message (spaces normalised) → where it is first written (``path:line``)."""
    found: dict[str, str] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and node.args):
                    continue
                name = (
                    node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                )
                first = node.args[0]
                if name in MARKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    message = normal(first.value)
                    found.setdefault(message, f"{path.relative_to(root)}:{node.lineno}")
    return found
