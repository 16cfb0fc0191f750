"""How each writer's items fared in an evaluation report: the dev/test gap, looked at writer by writer.

    python -m evaluation.harness.writers var/eval/<report>.json [more reports ...]

A writer is a way of speaking: a gap between the writers of one split (or a new writer well below the old
ones) says what was built fits the words that were read, not the users. Prints one Markdown row per writer:
single questions with the main point right reading SMS MORE parts, sorting questions with the container
named, conversation turns whose check passed, and conversations fully right (the report's own metrics).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from evaluation.harness.metrics import METRICS

# (kind, metric key): the report's own metrics (evaluation/harness/metrics.py), per writer
COLUMNS = (
    ("singles", "main_point_more"),
    ("sorting", "right"),
    ("conversations", "check"),
    ("conversations", "conversation_ok"),
)
_METRIC = {(kind, m.key): m for kind, metrics in METRICS.items() for m in metrics}


def tally(records: list[dict[str, Any]]) -> dict[tuple[str, str, str], dict[tuple[str, str], list[bool]]]:
    """(language, split, writer) → column → the metric's observations over the writer's items."""
    rows: dict[tuple[str, str, str], dict[tuple[str, str], list[bool]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for record in records:
        row = rows[(record["language"], record["split"], record["writer"])]
        for column in COLUMNS:
            if column[0] == record["kind"]:
                row[column].extend(_METRIC[column].observe(record))
    return rows


def table(records: list[dict[str, Any]]) -> str:
    lines = [
        "| language | split | writer | "
        + " | ".join(f"{kind}: {_METRIC[(kind, key)].label}" for kind, key in COLUMNS)
        + " |",
        "|---|---|---|" + "---|" * len(COLUMNS),
    ]
    for (language, split, writer), row in sorted(tally(records).items()):
        cells = [_share(row[column]) for column in COLUMNS]
        lines.append(f"| {language} | {split} | {writer} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _share(passed: list[bool]) -> str:
    return f"{sum(passed) / len(passed):.0%} ({sum(passed)}/{len(passed)})" if passed else "–"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.harness.writers", description=__doc__.split("\n")[0]
    )
    parser.add_argument("reports", nargs="+", type=Path)
    args = parser.parse_args(argv)
    records = [r for path in args.reports for r in json.loads(path.read_text(encoding="utf-8"))["records"]]
    print(table(records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
