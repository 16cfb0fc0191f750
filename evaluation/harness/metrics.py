"""Per split x channel numbers from graded records, and the console / markdown tables.

A record is one played item (``run.py`` builds them): ``kind``, ``language``, ``split``, ``channel``, and
either ``verdict`` (singles, sorting) or ``turns`` with a ``verdict`` each (conversations). A *rate* metric
counts the records (or turns) it applies to and the share that pass; a *count* metric adds numbers up. Every
cell keeps its denominator, so "50% (2)" is never read as "50% (200)". English and Spanish sets are
different item sets (different writers, sizes and difficulty), so every table is for one language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from evaluation.harness.items import CHANNELS, LANGUAGES, SPLITS

ALL = "all"
COLUMNS = tuple((split, channel) for split in SPLITS for channel in (*CHANNELS, ALL))

Observation = list[bool] | int


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    kind: str  # "rate" (share of observations that are True) or "count" (sum)
    observe: Callable[[dict[str, Any]], Observation]
    note: str = ""


def _flag(value: Any) -> list[bool]:
    return [] if value is None else [bool(value)]


def _turn_flags(record: dict[str, Any], key: str) -> list[bool]:
    return [bool(t["verdict"][key]) for t in record["turns"] if t["verdict"].get(key) is not None]


def _with_more(record: dict[str, Any], key: str) -> list[bool]:
    verdict = record.get("verdict_with_more") or record["verdict"]
    return _flag(verdict.get(key))


SINGLES = (
    Metric("main_point", "main point right", "rate", lambda r: _flag(r["verdict"]["main_point"])),
    Metric(
        "main_point_more",
        "main point right, reading MORE",
        "rate",
        lambda r: _with_more(r, "main_point"),
        "SMS: the first answer plus the rest sent on 'MORE'",
    ),
    Metric(
        "all_facts",
        "all facts stated",
        "rate",
        lambda r: _flag(r["verdict"]["all_facts"]),
        "items with facts",
    ),
    Metric(
        "computed",
        "computed value exact",
        "rate",
        lambda r: _flag(r["verdict"]["computed_ok"]),
        "items with a gradable computed value",
    ),
    Metric(
        "flow_right",
        "flow started when it should",
        "rate",
        lambda r: _flag(r["verdict"]["flow_right"]),
        "items whose flow is not none",
    ),
    Metric(
        "wrong_flow",
        "wrong flow started (lower=better)",
        "rate",
        lambda r: _flag(r["verdict"]["wrong_flow"]),
        "items whose flow is none",
    ),
    Metric(
        "unanswerable",
        "unanswerable: declined + office",
        "rate",
        lambda r: _flag((r["verdict"]["unanswerable"] or {}).get("passed")),
        "answerable=false items",
    ),
    Metric(
        "declined",
        "unanswerable: declined (any office)",
        "rate",
        lambda r: _flag(
            None
            if r["verdict"]["unanswerable"] is None
            else r["verdict"]["unanswerable"]["declined"] is not None
        ),
        "answerable=false items",
    ),
    Metric(
        "language",
        "reply in the user's language",
        "rate",
        lambda r: _flag(r["verdict"].get("language_ok")),
        "replies whose language could be told",
    ),
    Metric(
        "wrong_statements",
        "wrong statements (must_not_say)",
        "count",
        lambda r: len(r["verdict"]["must_not_say_hits"]),
    ),
    Metric("empty", "empty replies", "count", lambda r: int(r["verdict"]["empty"])),
    Metric("errors", "transport errors", "count", lambda r: int(bool(r["turn"]["error"]))),
)

CONVERSATIONS = (
    Metric("check", "turn check passed", "rate", lambda r: _turn_flags(r, "check"), "turns with a check"),
    Metric("computed", "turn computed value exact", "rate", lambda r: _turn_flags(r, "computed_ok")),
    Metric(
        "starts_flow",
        "starts_flow right",
        "rate",
        lambda r: _turn_flags(r, "starts_flow_right"),
        "turns with starts_flow",
    ),
    Metric(
        "wrong_flow",
        "flow started on no_new_flow turn (lower=better)",
        "rate",
        lambda r: _turn_flags(r, "wrong_flow"),
        "turns with no_new_flow=true",
    ),
    Metric(
        "submitted",
        "submitted with reference",
        "rate",
        lambda r: [t["verdict"]["submitted"] is not None for t in r["turns"] if t["expect_submitted"]],
        "turns with submitted",
    ),
    Metric("turn_ok", "turn fully right", "rate", lambda r: [bool(t["verdict"]["ok"]) for t in r["turns"]]),
    Metric("conversation_ok", "conversation fully right", "rate", lambda r: [bool(r["fully_right"])]),
    Metric(
        "language",
        "reply in the user's language",
        "rate",
        lambda r: _turn_flags(r, "language_ok"),
        "turns whose reply language could be told",
    ),
    Metric(
        "wrong_statements",
        "wrong statements (must_not_say)",
        "count",
        lambda r: sum(len(t["verdict"]["must_not_say_hits"]) for t in r["turns"]),
    ),
    Metric("empty", "empty replies", "count", lambda r: sum(int(t["verdict"]["empty"]) for t in r["turns"])),
    Metric(
        "errors",
        "transport errors",
        "count",
        lambda r: sum(int(bool(t["turn"]["error"])) for t in r["turns"]),
    ),
)

SORTING = (
    Metric("right", "expected container named", "rate", lambda r: [bool(r["verdict"]["right"])]),
    Metric(
        "right_clarified",
        "... after one clarifying answer",
        "rate",
        lambda r: [bool((r.get("verdict_clarified") or r["verdict"])["right"])],
        "the setting answered when asked",
    ),
    Metric(
        "language",
        "reply in the user's language",
        "rate",
        lambda r: _flag(r["verdict"].get("language_ok")),
        "replies whose language could be told",
    ),
    Metric(
        "asked_back", "asked a clarifying question", "count", lambda r: int(bool(r["verdict"]["asked_back"]))
    ),
    Metric("empty", "empty replies", "count", lambda r: int(r["verdict"]["empty"])),
    Metric("errors", "transport errors", "count", lambda r: int(bool(r["turn"]["error"]))),
)

METRICS = {"singles": SINGLES, "conversations": CONVERSATIONS, "sorting": SORTING}
UNITS = {"singles": "items", "conversations": "conversations", "sorting": "items"}


def aggregate(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """{language: {kind: {"split/channel": {metric: {"value", "hits", "n"}}}}} for every column of COLUMNS."""
    records = list(records)
    present = [lang for lang in LANGUAGES if any(r.get("language", "en") == lang for r in records)]
    return {lang: _aggregate([r for r in records if r.get("language", "en") == lang]) for lang in present}


def _aggregate(records: list[dict[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for kind, metrics in METRICS.items():
        of_kind = [r for r in records if r["kind"] == kind]
        if not of_kind:
            continue
        table: dict[str, Any] = {}
        for split, channel in COLUMNS:
            chosen = [r for r in of_kind if r["split"] == split and channel in (ALL, r["channel"])]
            cells: dict[str, Any] = {"_records": len(chosen)}
            for metric in metrics:
                cells[metric.key] = _cell(metric, chosen)
            table[f"{split}/{channel}"] = cells
        result[kind] = table
    return result


def _cell(metric: Metric, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    if metric.kind == "count":
        return {"value": sum(int(metric.observe(r)) for r in records), "n": len(records)}
    flags = [flag for r in records for flag in metric.observe(r)]
    hits = sum(flags)
    return {"value": round(100 * hits / len(flags), 1) if flags else None, "hits": hits, "n": len(flags)}


def format_cell(cell: dict[str, Any], kind: str, has_records: bool) -> str:
    if not has_records:
        return "-"
    if kind == "count":
        return str(cell["value"])
    if cell["value"] is None:
        return "n/a"
    return f"{cell['value']:.0f}% ({cell['n']})"


def console_tables(by_language: dict[str, Any]) -> str:
    """Fixed-width tables, one per language and kind: dev columns, then test columns."""
    lines: list[str] = []
    width = 48
    cell_width = 11
    for (language, kind), table in _tables(by_language):
        metrics = METRICS[kind]
        counts = "  ".join(
            f"{split}: {table[f'{split}/{ALL}']['_records']} {UNITS[kind]}" for split in SPLITS
        )
        lines.append(f"\n== {kind}, {language} ({counts})")
        head1 = " " * width + "".join(f"{split:<{cell_width * 4}}" for split in SPLITS)
        head2 = f"{'':<{width}}" + "".join(f"{channel:>{cell_width}}" for _, channel in COLUMNS)
        lines += [head1.rstrip(), head2]
        for metric in metrics:
            row = f"{metric.label:<{width}}"
            for split, channel in COLUMNS:
                cells = table[f"{split}/{channel}"]
                row += f"{format_cell(cells[metric.key], metric.kind, cells['_records'] > 0):>{cell_width}}"
            lines.append(row)
    lines.append(
        "\nrates: % (denominator); counts: totals. '-': no items in that column; 'n/a': nothing to measure."
    )
    return "\n".join(lines)


def _tables(by_language: dict[str, Any]) -> list[tuple[tuple[str, str], dict[str, Any]]]:
    return [
        ((language, kind), tables[kind])
        for language, tables in by_language.items()
        for kind in METRICS
        if kind in tables
    ]


def markdown_tables(by_language: dict[str, Any]) -> str:
    parts: list[str] = []
    for (language, kind), table in _tables(by_language):
        metrics = METRICS[kind]
        counts = ", ".join(f"{split} {table[f'{split}/{ALL}']['_records']}" for split in SPLITS)
        parts.append(f"### {kind}, {language} ({UNITS[kind]}: {counts})\n")
        header = (
            "| metric | "
            + " | ".join(f"{split} {channel}" for split, channel in COLUMNS)
            + " | counted over |"
        )
        parts.append(header)
        parts.append("|" + "---|" * (len(COLUMNS) + 2))
        for metric in metrics:
            cells = []
            for split, channel in COLUMNS:
                cell = table[f"{split}/{channel}"]
                cells.append(format_cell(cell[metric.key], metric.kind, cell["_records"] > 0))
            parts.append(f"| {metric.label} | " + " | ".join(cells) + f" | {metric.note} |")
        parts.append("")
    return "\n".join(parts)
