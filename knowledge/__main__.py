"""Command line for the ordinance index.

python -m knowledge build                      build (or confirm) the persisted index
python -m knowledge search "QUESTION" [--jurisdiction victorville|inglewood] [--k 5] [--json]
python -m knowledge search --batch --json < questions.jsonl
python -m knowledge answer "QUESTION" [--jurisdiction J] [--channel web|sms|voice]
python -m knowledge eval [--set dev|holdout] [--misses]
python -m knowledge calibrate                  similarity threshold for "not covered"
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time

from cities import CITIES

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

JURISDICTION_CHOICES = CITIES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m knowledge", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    commands.add_parser("build", help="build the persisted index if its inputs changed")

    search = commands.add_parser("search", help="search the ordinances")
    search.add_argument("question", nargs="?")
    search.add_argument("--jurisdiction", choices=JURISDICTION_CHOICES)
    search.add_argument("--k", type=int, default=5)
    search.add_argument("--json", action="store_true")
    search.add_argument("--batch", action="store_true", help="read JSON lines {id, question, jurisdiction}")

    answer = commands.add_parser("answer", help="answer a question as the assistant would")
    answer.add_argument("question")
    answer.add_argument("--jurisdiction", choices=JURISDICTION_CHOICES)
    answer.add_argument("--channel", choices=("web", "sms", "voice"), default="web")

    evaluate = commands.add_parser("eval", help="Recall@1/3/5 and MRR: BM25, dense, hybrid")
    evaluate.add_argument("--set", choices=("dev", "holdout"), default="dev")
    evaluate.add_argument("--misses", action="store_true", help="list questions missed in the top 3")

    commands.add_parser("calibrate", help="choose the not-covered similarity threshold on the dev sets")

    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.command == "build" else logging.WARNING, format="%(message)s"
    )
    if args.command == "search" and not args.batch and not (args.question or "").strip():
        parser.error("give a QUESTION, or --batch to read JSON lines from standard input")
    if args.command == "search" and args.k < 1:
        parser.error("--k must be at least 1")

    from knowledge.index import HybridIndex

    started = time.perf_counter()
    if args.command == "build" and HybridIndex.is_built():  # `make run` checks this each start: no model load
        print("index up to date", file=sys.stderr)
        return 0
    index = HybridIndex.load()
    if args.command == "build":
        print(
            f"index ready: {len(index.units)} units in {time.perf_counter() - started:.1f} s", file=sys.stderr
        )
        return 0
    if args.command == "search":
        return _search(index, args)
    if args.command == "answer":
        return _answer(index, args)
    if args.command == "eval":
        return _eval(index, args)
    return _calibrate(index)


def _search(index, args) -> int:
    if args.batch:
        for line_number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                question = str(item["question"])
                jurisdiction = item.get("jurisdiction")
                if jurisdiction not in (None, *JURISDICTION_CHOICES):
                    raise ValueError(f"unknown jurisdiction {jurisdiction!r}")
            except (ValueError, KeyError, TypeError) as error:
                print(f"line {line_number}: skipped, not a question object ({error})", file=sys.stderr)
                continue
            hits = index.search(question, jurisdiction, k=int(item.get("k", args.k)))
            print(json.dumps({"id": item.get("id"), "hits": [h.to_json() for h in hits]}), flush=True)
        return 0
    hits = index.search(args.question, args.jurisdiction, k=args.k)
    if args.json:
        print(json.dumps({"question": args.question, "hits": [h.to_json() for h in hits]}, indent=1))
        return 0
    for rank, hit in enumerate(hits, start=1):
        print(f"{rank}. {hit.citation}  (similarity {hit.similarity:.2f})\n   {hit.unit.text[:300]}")
    return 0


def _answer(index, args) -> int:
    from cities import CityContacts
    from config import Settings
    from knowledge.answer import answer_question
    from shaping.answers import shape_answer  # the command line is an adapter: it shapes like the actions do

    contacts = CityContacts.from_settings(Settings.from_env())
    ask_city = args.channel in ("sms", "voice")
    answer = answer_question(index, args.question, args.jurisdiction, contacts, ask_city=ask_city)
    result = shape_answer(answer, args.channel)
    print(result.text)
    if result.more:
        print(f"[MORE] {result.more}")
    return 0


def _eval(index, args) -> int:
    from knowledge.evaluation import DATA_DIR, evaluate, misses, read_questions

    path = DATA_DIR / f"{args.set}_questions.jsonl"
    questions = read_questions(path)
    print(f"{path.name}: {len(questions)} questions")
    for name, scores in evaluate(index, questions).items():
        print(scores.row(name))
    if args.misses:
        for question, got in misses(index, questions):
            print(f"- {question['id']}: {question['question']!r} gold={question['gold']} got={got}")
    return 0


def _calibrate(index) -> int:
    from knowledge.evaluation import DATA_DIR, read_questions

    covered = read_questions(DATA_DIR / "dev_questions.jsonl")
    uncovered = read_questions(DATA_DIR / "uncovered_questions.jsonl")

    def top_similarity(q: dict) -> float:
        hits = index.search(q["question"], q.get("jurisdiction"), k=1)
        return hits[0].similarity if hits else 0.0

    pos = sorted(top_similarity(q) for q in covered)
    neg = sorted(top_similarity(q) for q in uncovered)
    best = max(
        (t / 100 for t in range(10, 80)),
        key=lambda t: (sum(s >= t for s in pos) + sum(s < t for s in neg), -abs(t - 0.3)),
    )
    print(f"covered: n={len(pos)} min={pos[0]:.3f} p10={pos[len(pos) // 10]:.3f}")
    print(f"uncovered: n={len(neg)} max={neg[-1]:.3f} p90={neg[(len(neg) * 9) // 10]:.3f}")
    answered = sum(s >= best for s in pos) / len(pos)
    declined = sum(s < best for s in neg) / len(neg)
    print(
        f"best threshold {best:.2f}: answers {answered:.1%} of covered, declines {declined:.1%} of uncovered"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
