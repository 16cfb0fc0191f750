"""Build and save the spaCy pipeline Rasa loads (`SpacyNLP` in config.yml): run in the Rasa environment.

    .venv/rasa/bin/python -m nlp.build var/spacy/fog_en

No pretrained English pipeline can be installed for Rasa's spaCy (3.4), so this is a blank English
tokenizer with a sentencizer and an EntityRuler for the domain's terms (nlp/patterns.py). It is rebuilt
only when the patterns change (a fingerprint is stored beside it).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from nlp.patterns import patterns


def fingerprint() -> str:
    import spacy

    return hashlib.sha256(json.dumps([spacy.__version__, patterns()], sort_keys=True).encode()).hexdigest()[
        :16
    ]


def build(target: Path) -> bool:
    """Build the pipeline at `target` unless an identical one is there; True if it was (re)built."""
    import spacy

    stamp = target / "fingerprint.txt"
    wanted = fingerprint()
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return False
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
    ruler.add_patterns(patterns())
    target.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(target)
    stamp.write_text(wanted + "\n")
    return True


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else Path("var/spacy/fog_en")
    rebuilt = build(target)
    print(f"[spacy] pipeline {'built' if rebuilt else 'up to date'} at {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
