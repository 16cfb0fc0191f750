"""The answer layer alone, on the single questions: a quick loop for answer cards and thresholds.

    python -m evaluation.harness.answers [--split dev] [--language en|es] [--misses|--first-misses] [--sweep]

Answers each single question of the language the way the action server would on a first message
(``actions.knowledge.free_answer``: the user's own numbers computed first, then the answer cards, with the
city the message names), shaped for the item's channel (SMS read with its MORE part), without Rasa: no intent
routing, no forms. Grades it
with the harness's grader and prints main point right, how many were answered from a card, and, with
``--sweep``, main point right over a grid of the card matcher's two constants. ``make eval`` (through the
running assistant) is the measurement; this is for tuning, on the dev split only (``--split test`` exists
for the report, never for tuning).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
from collections import Counter

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import languages
from actions.knowledge import free_answer
from cities import CityContacts, detect_city
from evaluation.harness import grading, items
from evaluation.harness.run import CLOCK_START
from knowledge import answer as answer_module
from knowledge.answer import Answer
from knowledge.cards import match as card_match
from knowledge.index import HybridIndex
from shaping.answers import shape_answer


def reply_for(
    index: HybridIndex, question: str, channel: str, now: dt.datetime, *, first_only: bool = False
) -> tuple[str, Answer]:
    result = free_answer(index, CityContacts(), question, detect_city(question), now, channel)
    shaped = shape_answer(result, channel)
    return (shaped.text if first_only else f"{shaped.text} {shaped.more}".strip()), result


def run(
    index: HybridIndex, chosen: list[items.Item], now: dt.datetime, misses: bool, first_misses: bool = False
) -> float:
    right = first_right = 0
    sources: Counter[str] = Counter()
    for item in chosen:
        with languages.using(item.language):
            reply, result = reply_for(index, item.data["question"], item.channel, now)
            first, _ = reply_for(index, item.data["question"], item.channel, now, first_only=True)
        verdict = grading.grade_single(item.data, reply, None)
        source = "card" if result.card is not None else result.kind.value
        sources[source] += 1
        first_verdict = grading.grade_single(item.data, first, None)
        right += bool(verdict["main_point"])
        first_right += bool(first_verdict["main_point"])
        missed = not verdict["main_point"] if misses else first_misses and not first_verdict["main_point"]
        if missed:
            reply = first if first_misses else reply
            print(f"--- {item.id} [{item.channel}] {source}: {item.data['question']}")
            print(f"    want: {item.data['main_point']}")
            print(f"    got:  {reply[:400]}")
    share = right / len(chosen) if chosen else 0.0
    print(
        f"main point right {right}/{len(chosen)} = {share:.0%} reading SMS MORE parts, "
        f"{first_right / max(len(chosen), 1):.0%} on the first reply only; sources {dict(sources)}"
    )
    return share


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.harness.answers", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--split", choices=items.SPLITS, default="dev")
    parser.add_argument("--language", choices=languages.LANGUAGES, default="en")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument(
        "--first-misses", action="store_true", help="the misses of the first reply alone (SMS without MORE)"
    )
    parser.add_argument(
        "--sweep", action="store_true", help="main point right over LEXICAL_WEIGHT x CARD_MIN"
    )
    args = parser.parse_args(argv)
    chosen = items.load(languages=[args.language]).select(["singles"], [args.split], [args.language])
    now = dt.datetime.fromisoformat(CLOCK_START)
    index = HybridIndex.load()
    print(f"{len(chosen)} {args.split} singles, {len(index.cards or ())} cards")
    if not args.sweep:
        run(index, chosen, now, args.misses, args.first_misses)
        return 0
    for weight in (0.0, 0.1, 0.2, 0.3):
        card_match.LEXICAL_WEIGHT = weight
        for threshold in (0.55, 0.6, 0.65, 0.7, 0.75, 0.8):
            answer_module.CARD_MIN = threshold
            print(f"LEXICAL_WEIGHT={weight} CARD_MIN={threshold}: ", end="")
            run(index, chosen, now, False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
