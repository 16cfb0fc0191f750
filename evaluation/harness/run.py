"""Play the evaluation sets through the running assistant and report how users fare, per split and channel.

    python -m evaluation.harness.run [--split dev|test|all] [--kinds singles,conversations,sorting]
                                     [--languages en,es] [--limit N] [--writers w10,s9] [--report PATH]
                                     [--rasa-url URL] [--workers 4]

Without ``--rasa-url`` it starts its own stack (ops/stack.py) on separate ports (rasa 5205, actions 5255,
web 8200), with a temporary var directory, ``MODE=test`` and every clock starting at the writers' "today"
(``CLOCK_START=2026-12-01T10:00:00-08:00``), and Rasa's HTTP API on loopback so the harness can read which
form is active. Singles and sorting items get a fresh sender each; a conversation keeps one sender.

Plays every writer's English and Spanish sets; which writer is dev and which is test is
``items.SPLIT_OF_WRITER`` (test writers are never read while the assistant is changed; evaluation/README.md).
Writes ``var/eval/<timestamp>.json`` (every item's replies and verdicts),
``evaluation/reports/<date>-<commit>.md`` (the tables, one per language and kind) and
``var/eval/hand_sample.jsonl`` (60 single-question verdicts, seed 7, from the dev split, for a hand-grading
check of the grader: the test split is never used to tune anything, the grader included).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from evaluation.harness import grading, items, metrics, phrases
from evaluation.harness.play import Assistant

REPO = Path(__file__).resolve().parents[2]
CLOCK_START = "2026-12-01T10:00:00-08:00"  # BRIEF.md: "today is Tuesday, December 1, 2026, about 10:00 a.m."
DEFAULT_PORTS = (5205, 5255, 8200)
HAND_SAMPLE_SIZE = 60
HAND_SAMPLE_SEED = 7


# --- the stack ---------------------------------------------------------------------------------------------


@contextlib.contextmanager
def own_stack(ports: tuple[int, int, int], log_dir: Path) -> Iterator[str]:
    """Start the assistant on ``ports`` with a throw-away var directory; yield the Rasa URL; stop it."""
    from ops.stack import Ports, Stack

    busy = [port for port in ports if _port_in_use(port)]
    if busy:
        raise SystemExit(
            f"[eval] port(s) {busy} already in use: stop what runs there or pass --ports/--rasa-url"
        )
    var_dir = Path(tempfile.mkdtemp(prefix="eval-var-"))
    env = {
        "CLOCK_START": CLOCK_START,
        "MODE": "test",
        "DATABASE_URL": f"sqlite:///{var_dir / 'assistant.db'}",
        "TRACKER_DB": str(var_dir / "tracker.db"),
    }
    stack = Stack(
        ports=Ports(rasa=ports[0], actions=ports[1], web=ports[2]),
        var_dir=var_dir,
        log_dir=log_dir,
        extra_env=env,
    )
    # The HTTP API (loopback only) lets the harness read the tracker; it changes nothing the assistant says.
    stack.service("rasa").command.append("--enable-api")
    print(f"[eval] starting the assistant (rasa :{ports[0]}, logs in {log_dir}) ...", flush=True)
    try:
        stack.start(timeout=300)
        yield f"http://127.0.0.1:{ports[0]}"
    finally:
        stack.stop()
        shutil.rmtree(var_dir, ignore_errors=True)
        print("[eval] assistant stopped", flush=True)


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


# --- playing -----------------------------------------------------------------------------------------------


def play_single(assistant: Assistant, item: items.Item, tag: str) -> dict[str, Any]:
    data = item.data
    sender = f"{tag}-{item.id}"
    first = assistant.turn(sender, data["question"], item.channel, None)
    more = assistant.read_more(sender, item.channel, first)
    record = _record(item, sender)
    record.update(
        question=data["question"],
        turn=first.as_dict(),
        more=[t.as_dict() for t in more],
        verdict=grading.grade_single(data, first.reply, first.flows_started),
    )
    if more:
        combined = "\n".join([first.reply, *(t.reply for t in more)])
        record["verdict_with_more"] = grading.grade_single(data, combined, first.flows_started)
    return record


def play_sorting(assistant: Assistant, item: items.Item, tag: str) -> dict[str, Any]:
    data = item.data
    sender = f"{tag}-{item.id}"
    turn = assistant.turn(sender, data["question"], item.channel, None)
    record = _record(item, sender)
    asked_back = turn.active_after == "sorting_form"
    record.update(
        question=data["question"],
        turn=turn.as_dict(),
        verdict=grading.grade_sorting(data, turn.reply, asked_back=asked_back),
    )
    answer = phrases.SETTING_ANSWERS.get(item.language, {}).get(data.get("setting") or "")
    if asked_back and answer:
        second = assistant.turn(sender, answer, item.channel, turn.active_after)
        record["clarified"] = second.as_dict()
        record["verdict_clarified"] = grading.grade_sorting(data, second.reply)
    return record


def play_conversation(assistant: Assistant, item: items.Item, tag: str) -> dict[str, Any]:
    sender = f"{tag}-{item.id}"
    active: str | None = None
    turns = []
    for spec in item.data["turns"]:
        expect = spec["expect"]
        turn = assistant.turn(sender, spec["user"], item.channel, active)
        earlier = [t["turn"]["reply"] for t in turns]
        verdict = grading.grade_turn(expect, turn.reply, turn.flows_started, active, earlier, item.language)
        turns.append(
            {"turn": turn.as_dict(), "verdict": verdict, "expect_submitted": expect.get("submitted")}
        )
        active = turn.active_after
    record = _record(item, sender)
    record.update(turns=turns, fully_right=all(t["verdict"]["ok"] for t in turns))
    return record


def _record(item: items.Item, sender: str) -> dict[str, Any]:
    return {
        "kind": item.kind,
        "language": item.language,
        "id": item.id,
        "split": item.split,
        "channel": item.channel,
        "writer": item.data["writer"],
        "sender": sender,
        "source": item.source,
    }


PLAYERS = {"singles": play_single, "sorting": play_sorting, "conversations": play_conversation}


def play_all(assistant: Assistant, chosen: list[items.Item], tag: str, workers: int) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    started = time.monotonic()
    # Longest first (conversations), so the pool does not end waiting on one long conversation.
    ordered = sorted(chosen, key=lambda item: item.kind != "conversations")
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(PLAYERS[item.kind], assistant, item, tag): item for item in ordered}
        for done, future in enumerate(as_completed(futures), 1):
            item = futures[future]
            try:
                records.append(future.result())
            except Exception as error:  # a harness bug: name the item, then stop
                print(f"[eval] {item.id}: harness error {type(error).__name__}: {error}", file=sys.stderr)
                raise
            if done % 50 == 0 or done == len(futures):
                print(f"[eval] {done}/{len(futures)} played ({time.monotonic() - started:.0f} s)", flush=True)
    order = {item.id: index for index, item in enumerate(chosen)}
    return sorted(records, key=lambda r: order[r["id"]])


# --- reports -----------------------------------------------------------------------------------------------


def git_version() -> str:
    """Short commit, "+dirty" when the working tree has changes (read-only git calls)."""
    try:
        short = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{short}+dirty" if status.strip() else short


def hand_sample(records: list[dict[str, Any]], split: str) -> list[dict[str, Any]]:
    """HAND_SAMPLE_SIZE single-question verdicts (seed HAND_SAMPLE_SEED) for a hand-grading check."""
    singles = sorted(
        (r for r in records if r["kind"] == "singles" and r["split"] == split), key=lambda r: r["id"]
    )
    chosen = random.Random(HAND_SAMPLE_SEED).sample(singles, min(HAND_SAMPLE_SIZE, len(singles)))
    lines = []
    for r in chosen:
        item_verdict = r["verdict"]
        lines.append(
            {
                "id": r["id"],
                "split": r["split"],
                "language": r["language"],
                "channel": r["channel"],
                "question": r["question"],
                "reply": r["turn"]["reply"],
                "main_point": r["main_point"],
                "main_point_check": r["main_point_check"],
                "auto": {
                    "main_point": item_verdict["main_point"],
                    "main_point_matched": item_verdict["main_point_matched"],
                    "all_facts": item_verdict["all_facts"],
                    "computed_ok": item_verdict["computed_ok"],
                    "unanswerable": item_verdict["unanswerable"],
                    "must_not_say_hits": item_verdict["must_not_say_hits"],
                },
                "hand": {"main_point": None, "note": ""},
            }
        )
    return lines


def write_reports(
    report: dict[str, Any],
    json_path: Path,
    markdown_path: Path,
    sample: list[dict[str, Any]],
    sample_path: Path,
) -> None:
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    markdown_path.parent.mkdir(parents=True, exist_ok=True)
    markdown_path.write_text(markdown_summary(report, json_path), encoding="utf-8")
    if sample:
        sample_path.parent.mkdir(parents=True, exist_ok=True)
        sample_path.write_text(
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in sample), encoding="utf-8"
        )


def _writers(split: str) -> str:
    """The writers of a split, as the README's table names them: "w1, w2, ... and s1, ..."."""
    return ", ".join(w for w, s in items.SPLIT_OF_WRITER.items() if s == split)


def markdown_summary(report: dict[str, Any], json_path: Path) -> str:
    meta = report["meta"]
    problems = report["item_problems"]
    lines = [
        f"# Evaluation {meta['date']} ({meta['version']})",
        "",
        *(
            [f"HEAD moved to {meta['version_at_end']} while the items were played (others committing).", ""]
            if meta.get("version_at_end", meta["version"]) != meta["version"]
            else []
        ),
        f"- splits: {', '.join(meta['splits'])}; kinds: {', '.join(meta['kinds'])}; "
        f"languages: {', '.join(meta['languages'])}; limit: {meta['limit']}",
        f"- assistant: {meta['rasa_url']} ({'own stack' if meta['own_stack'] else 'running stack'}), "
        f"clock start {meta['clock_start']}, tracker readable: {meta['tracker']}",
        f"- played {meta['played']} items in {meta['play_seconds']:.0f} s "
        f"({meta['total_seconds']:.0f} s with start-up), {meta['workers']} workers",
        f"- item files: {problems['loaded']} items loaded, "
        f"{len(problems['malformed'])} malformed and {len(problems['rejected'])} rejected (not played), "
        f"{len(problems['warnings'])} warnings",
        f"- full report: `{_relative(json_path)}`",
        "",
        f"Rates are `% (denominator)`; counts are totals. dev = writers {_writers('dev')}, test = "
        f"{_writers('test')} (README). Grading rules: `evaluation/harness/grading.py`; word lists: "
        "`evaluation/harness/phrases.py`.",
        "",
        "Reading notes: the main sorting row grades the first reply; the row below it answers one clarifying "
        "question with the item's `setting`. Spanish writers list English phrases in `must_not_say` (the "
        "reply must be Spanish), so for Spanish 'wrong statements' mostly counts English replies and depends "
        "on each writer's wording; 'reply in the user's language' measures that directly.",
        "",
        metrics.markdown_tables(report["metrics"]),
    ]
    if problems["malformed"]:
        lines += ["## Malformed items (not played)", "", *(f"- {p}" for p in problems["malformed"]), ""]
    if problems["rejected"]:
        lines += ["## Rejected items (not played)", "", *(f"- {p}" for p in problems["rejected"]), ""]
    if problems["warnings"]:
        lines += ["## Item warnings (played)", "", *(f"- {p}" for p in problems["warnings"]), ""]
    return "\n".join(lines)


def _relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


# --- main --------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.harness.run", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--languages", default=",".join(items.LANGUAGES), help="comma-separated: en,es")
    parser.add_argument(
        "--kinds", default=",".join(items.KINDS), help="comma-separated: singles,conversations,sorting"
    )
    parser.add_argument(
        "--limit", type=int, default=None, help="at most N items of each kind in each split and language"
    )
    parser.add_argument(
        "--report", type=Path, default=None, help="JSON report path (default var/eval/<timestamp>.json)"
    )
    parser.add_argument("--rasa-url", default=None, help="use this running assistant instead of starting one")
    parser.add_argument(
        "--ports", default=",".join(map(str, DEFAULT_PORTS)), help="rasa,actions,web for own stack"
    )
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--hand-sample-split", choices=("dev", "test"), default="dev")
    parser.add_argument(
        "--writers", default=None, help="comma-separated: only these writers' items (new writers' first run)"
    )
    args = parser.parse_args(argv)
    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
    unknown = set(kinds) - set(items.KINDS)
    if unknown:
        parser.error(f"unknown kinds {sorted(unknown)}; choose from {items.KINDS}")
    args.kinds = kinds
    args.languages = [lang.strip() for lang in args.languages.split(",") if lang.strip()]
    if set(args.languages) - set(items.LANGUAGES):
        parser.error(f"unknown languages; choose from {items.LANGUAGES}")
    args.splits = list(items.SPLITS) if args.split == "all" else [args.split]
    args.writers = [w.strip() for w in args.writers.split(",") if w.strip()] if args.writers else None
    if args.writers and set(args.writers) - set(items.SPLIT_OF_WRITER):
        parser.error(f"unknown writers; choose from {sorted(items.SPLIT_OF_WRITER)}")
    ports = [int(p) for p in args.ports.split(",")]
    if len(ports) != 3:
        parser.error("--ports needs rasa,actions,web")
    args.ports = tuple(ports)
    return args


def select(
    loaded: items.Loaded, kinds: list[str], splits: list[str], languages: list[str], limit: int | None
) -> list[items.Item]:
    chosen = []
    for language in languages:
        for kind in kinds:
            for split in splits:
                group = loaded.select([kind], [split], [language])
                chosen += group[:limit] if limit is not None else group
    return chosen


def print_item_problems(loaded: items.Loaded, shown: int = 12) -> None:
    print(
        f"[eval] item files: {len(loaded.items)} items loaded, {len(loaded.malformed)} malformed, "
        f"{len(loaded.rejected)} rejected, "
        f"{len(loaded.warnings)} warnings"
    )
    for problem in loaded.malformed:
        print(f"[eval]   MALFORMED (not played) {problem}")
    for problem in loaded.rejected:
        print(f"[eval]   REJECTED (not played) {problem}")
    for problem in loaded.warnings[:shown]:
        print(f"[eval]   warning {problem}")
    if len(loaded.warnings) > shown:
        print(f"[eval]   ... {len(loaded.warnings) - shown} more warnings in the report")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    begun = time.monotonic()
    now = dt.datetime.now()
    version = git_version()  # the tree the stack starts from; others may commit while it runs
    loaded = items.load()
    print_item_problems(loaded)
    chosen = select(loaded, args.kinds, args.splits, args.languages, args.limit)
    if args.writers:
        chosen = [item for item in chosen if item.data["writer"] in args.writers]
    if not chosen:
        print("[eval] nothing to play", file=sys.stderr)
        return 1
    tag = f"eval-{now:%Y%m%d%H%M%S}-{uuid.uuid4().hex[:4]}"
    log_dir = REPO / "var" / "logs" / "eval"

    stack_context = contextlib.nullcontext(args.rasa_url) if args.rasa_url else own_stack(args.ports, log_dir)
    with stack_context as rasa_url:
        assistant = Assistant(rasa_url)
        try:
            tracker = assistant.tracker_available(f"{tag}-probe")
            if not tracker:
                print("[eval] the tracker API does not answer (rasa run --enable-api?): flows are not graded")
            if args.rasa_url:
                print(f"[eval] using {rasa_url}: its clock must start at {CLOCK_START} for dated answers")
            print(
                f"[eval] playing {len(chosen)} items ({', '.join(args.kinds)}; {', '.join(args.splits)}; "
                f"{', '.join(args.languages)}) "
                f"with {args.workers} workers",
                flush=True,
            )
            play_started = time.monotonic()
            records = play_all(assistant, chosen, tag, args.workers)
            play_seconds = time.monotonic() - play_started
        finally:
            assistant.close()

    for record in records:  # keep what the writer asked for beside the verdict
        item = next(i for i in chosen if i.id == record["id"])
        if record["kind"] == "singles":
            record["main_point"] = item.data["main_point"]
            record["main_point_check"] = item.data["main_point_check"]
    aggregated = metrics.aggregate(records)
    total_seconds = time.monotonic() - begun
    version_at_end = git_version()
    report = {
        "meta": {
            "date": f"{now:%Y-%m-%d %H:%M}",
            "version": version,
            "version_at_end": version_at_end,
            "splits": args.splits,
            "kinds": args.kinds,
            "languages": args.languages,
            "limit": args.limit,
            "writers": args.writers,
            "rasa_url": rasa_url,
            "own_stack": not args.rasa_url,
            "clock_start": CLOCK_START,
            "tracker": tracker,
            "workers": args.workers,
            "played": len(records),
            "play_seconds": round(play_seconds, 1),
            "total_seconds": round(total_seconds, 1),
            "sender_tag": tag,
        },
        "metrics": aggregated,
        "item_problems": {
            "loaded": len(loaded.items),
            "malformed": [str(p) for p in loaded.malformed],
            "rejected": [str(p) for p in loaded.rejected],
            "warnings": [str(p) for p in loaded.warnings],
        },
        "records": records,
    }
    json_path = args.report or REPO / "var" / "eval" / f"{now:%Y%m%d-%H%M%S}.json"
    markdown_path = REPO / "evaluation" / "reports" / f"{now:%Y-%m-%d}-{version}.md"
    sample_path = REPO / "var" / "eval" / "hand_sample.jsonl"
    sample = hand_sample(records, args.hand_sample_split)
    write_reports(report, json_path, markdown_path, sample, sample_path)

    print(metrics.console_tables(aggregated))
    print(f"\n[eval] {len(records)} items played in {play_seconds:.0f} s ({total_seconds:.0f} s in all)")
    print(f"[eval] report: {_relative(json_path)}\n[eval] summary: {_relative(markdown_path)}")
    if sample:
        print(
            f"[eval] hand-grading sample: {_relative(sample_path)} "
            f"({len(sample)} {args.hand_sample_split} singles)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
