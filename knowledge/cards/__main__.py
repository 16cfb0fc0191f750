"""``python -m knowledge.cards check [FILE ...]``: check answer cards against the ordinances.

Prints each problem (unknown citation, a number the cited units do not print, a malformed card) and, when
every file is checked, the sections no card cites and every translated text that is missing or states other
numbers than its English text. Exits 1 when there is a problem, 0 otherwise.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from knowledge.cards.fidelity import check_cards, check_translations, uncovered_sections
from knowledge.cards.model import CARDS_DIR, TRANSLATIONS, CardError, load_cards, load_file
from knowledge.units import load_units


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m knowledge.cards", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["check"])
    parser.add_argument("files", nargs="*", type=Path, help="card files (default: all of knowledge/cards)")
    args = parser.parse_args(argv)
    try:
        if args.files:
            cards = [card for path in args.files for card in load_file(path)]
        else:
            cards = list(load_cards(CARDS_DIR))
    except CardError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    units = load_units()
    problems = check_cards(cards, units)
    if not args.files:  # the translations are checked against every card
        problems += check_translations(cards, TRANSLATIONS)
    for problem in problems:
        print(problem)
    cities = {card.city for card in cards}
    chapters = {card.cites[0].split("§")[-1].strip()[:5] for card in cards if card.city == "victorville"}
    relevant = [
        unit
        for unit in units
        if unit.jurisdiction in cities and (unit.jurisdiction == "inglewood" or unit.section[:5] in chapters)
    ]
    missing = uncovered_sections(cards, relevant)
    for city, section in missing:
        print(f"not cited by any card: {city} {section}")
    print(f"{len(cards)} cards, {len(problems)} problems, {len(missing)} sections not cited", file=sys.stderr)
    return 1 if problems or missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
