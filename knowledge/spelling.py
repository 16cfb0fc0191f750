"""Typo tolerance for questions typed on a phone: "manafest" → "manifest", "intercepter" → "interceptor".

A word the ordinances never use is replaced by the closest word they do use, when one is close enough
(difflib ratio ≥ 0.8 and at least five letters, so short words and numbers are left alone). The vocabulary
is the indexed text itself plus the everyday words the lexicon understands, so nothing outside the corpus is
ever introduced.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from functools import lru_cache

from knowledge.lexicon import QUERY_EXPANSIONS

_WORD = re.compile(r"[A-Za-z]+")


class Speller:
    def __init__(self, texts: Iterable[str], min_length: int = 5, cutoff: float = 0.8) -> None:
        words = {w.lower() for text in texts for w in _WORD.findall(text)}
        words |= {w.lower() for pattern, expansion in QUERY_EXPANSIONS for w in _WORD.findall(expansion)}
        words |= {w.lower() for pattern, _ in QUERY_EXPANSIONS for w in _WORD.findall(pattern) if len(w) > 3}
        self._vocabulary = words
        self._by_initial: dict[str, list[str]] = {}
        for word in words:
            self._by_initial.setdefault(word[0], []).append(word)
        self._min_length = min_length
        self._cutoff = cutoff
        self._correct_word = lru_cache(maxsize=4096)(self._closest)

    def correct(self, text: str) -> str:
        return _WORD.sub(lambda m: self._correct_word(m.group(0)), text)

    def _closest(self, word: str) -> str:
        lower = word.lower()
        if len(lower) < self._min_length or lower in self._vocabulary:
            return word
        candidates = self._by_initial.get(lower[0], [])
        match = difflib.get_close_matches(lower, candidates, n=1, cutoff=self._cutoff)
        return match[0] if match else word
