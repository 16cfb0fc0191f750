"""Finding the card that answers a question: by meaning, and by the words that carry it.

Each card's questions and answer are embedded once with the ordinance index's model (cached beside the
index, keyed by the model and the texts); a user's question scores a card by the closest of them (cosine
similarity), plus ``LEXICAL_WEIGHT`` times its BM25 score over the card's words (questions and answer,
stemmed), relative to the best card's: the small model alone takes "how long do I keep manifests" for "does
the permit expire", and the rarer words ("manifests") settle it.

A question in another language (Spanish) is matched against the cards' texts in that language (their
questions and answer, embedded, and their BM25 with that language's stemmer) and, glossed into the
ordinances' English words (:mod:`knowledge.spanish`), against the English ones: the model reads English
only, so it never decides alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import bm25s
import numpy as np
import Stemmer

from knowledge.answer_types import asked_types, passage_types
from knowledge.cards.model import TRANSLATIONS, Card
from knowledge.embedding import Embedder
from knowledge.spanish import gloss

ENGLISH = "en"
_STEMMERS = {"en": "english", "es": "spanish"}

LEXICAL_WEIGHT = 0.3  # calibrated with CARD_MIN on the development questions (knowledge/answer.py)
# A card whose answer holds the kind of answer asked ("how long": a duration, "how much": an amount) gains
# this (dev questions: +1 of 280 at 0.1).
ANSWER_TYPE_BONUS = 0.1


@dataclass(frozen=True)
class CardMatch:
    card: Card
    score: float  # cosine similarity of the closest of the card's questions, plus the lexical share
    question: str  # that question


class CardIndex:
    """The cards and their questions' vectors. Build with :meth:`load` (cached) or directly (tests)."""

    def __init__(self, cards: Sequence[Card], embedder: Embedder, vectors: np.ndarray | None = None) -> None:
        self.cards = tuple(cards)
        self.embedder = embedder
        self._rows = [
            (n, q, language)
            for language in _LANGUAGES
            for n, card in enumerate(self.cards)
            for q in _views(card, language)
        ]
        if vectors is None:
            vectors = _encode(embedder, [q for _, q, _ in self._rows])
        if vectors.shape[0] != len(self._rows):
            raise ValueError(f"{len(self._rows)} card questions but {vectors.shape[0]} vectors")
        self._vectors = vectors
        self._owner = np.array([n for n, _, _ in self._rows], dtype=np.int64)
        self._row_language = np.array([language for _, _, language in self._rows])
        self._cities = np.array([card.city for card in self.cards])
        self._answer_types = [passage_types(f"{card.answer} {card.more}") for card in self.cards]
        self._lexical_indexes = {language: _Lexical(self.cards, language) for language in _LANGUAGES}

    @classmethod
    def load(cls, cards: Sequence[Card], embedder: Embedder, folder: Path) -> CardIndex:
        """The index over ``cards``; vectors are read from ``folder`` when these questions were embedded."""
        path = vectors_path(cards, embedder.name, folder)
        if path.exists():
            return cls(cards, embedder, np.load(path))
        vectors = _encode(embedder, _all_views(cards))
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp.npy")
        np.save(temporary, vectors)
        temporary.replace(path)
        return cls(cards, embedder, vectors)

    def __len__(self) -> int:
        return len(self.cards)

    def match(
        self, question: str, city: str | None = None, *, k: int = 3, language: str = ENGLISH
    ) -> list[CardMatch]:
        """The ``k`` best cards for ``question`` (of ``city`` when given), best first, one entry per card;
        ``language`` is the question's (the cards' texts in it are matched, and its English gloss)."""
        if not self._rows:
            return []
        english = question if language == ENGLISH else gloss(question)
        similarities = np.where(
            self._row_language == ENGLISH, self._vectors @ _encode(self.embedder, [english])[0], -1.0
        )  # the query vectors are cached: QueryCache
        if language != ENGLISH:
            native = self._vectors @ _encode(self.embedder, [question])[0]
            similarities = np.maximum(similarities, np.where(self._row_language == language, native, -1.0))
        closest = np.full(len(self.cards), -1.0)
        closest_row = np.zeros(len(self.cards), dtype=np.int64)
        for row in np.argsort(similarities):  # ascending: the closest question of each card is written last
            closest[self._owner[row]] = similarities[row]
            closest_row[self._owner[row]] = row
        allowed = np.ones(len(self.cards), dtype=bool) if city is None else self._cities == city
        lexical = self._lexical_indexes[ENGLISH].scores(english, allowed)
        if language != ENGLISH:
            lexical = np.maximum(lexical, self._lexical_indexes[language].scores(question, allowed))
        scores = closest + LEXICAL_WEIGHT * lexical
        wanted = asked_types(english)
        if wanted:
            scores = scores + ANSWER_TYPE_BONUS * np.array(
                [bool(wanted & kinds) for kinds in self._answer_types]
            )
        order = [int(n) for n in np.argsort(-scores) if allowed[n]][:k]
        return [CardMatch(self.cards[n], float(scores[n]), self._rows[closest_row[n]][1]) for n in order]


class _Lexical:
    """BM25 over the cards' words in one language (questions, answer, more), stemmed."""

    def __init__(self, cards: Sequence[Card], language: str) -> None:
        self.size = len(cards)
        self.language = language
        self._stemmer = Stemmer.Stemmer(_STEMMERS[language])
        self._bm25 = bm25s.BM25()
        texts = [card.text_in(language) for card in cards]
        documents = [" ".join((*text.questions, text.answer, text.more)) for text in texts]
        if documents:
            tokens = self._tokens(documents)
            self._bm25.index(tokens, show_progress=False)

    def _tokens(self, texts: str | list[str], **options: object) -> object:
        return bm25s.tokenize(
            texts, stopwords=self.language, stemmer=self._stemmer, show_progress=False, **options
        )

    def scores(self, question: str, allowed: np.ndarray) -> np.ndarray:
        """BM25 of each card for the question, relative to the best allowed card's (0 to 1)."""
        tokens = self._tokens(question, return_ids=False)[0] if self.size else []
        known = [token for token in tokens if token in self._bm25.vocab_dict]
        if not known:
            return np.zeros(self.size)
        scores = np.asarray(self._bm25.get_scores(known), dtype=np.float64)
        top = scores[allowed].max() if allowed.any() else 0.0
        return scores / top if top > 0 else np.zeros(self.size)


def vectors_path(cards: Sequence[Card], model_name: str, folder: Path) -> Path:
    """Where the vectors of these cards' questions, embedded by ``model_name``, are kept."""
    key = hashlib.sha256("\n".join([model_name, *_all_views(cards)]).encode()).hexdigest()[:16]
    return Path(folder) / f"cards-{key}.npy"


_LANGUAGES = (ENGLISH, *TRANSLATIONS)


def _views(card: Card, language: str) -> tuple[str, ...]:
    """What is embedded of a card in a language: its questions, and its answer (users often ask in the
    answer's words); nothing in a language the card has no text in."""
    if language != ENGLISH and language not in card.translations:
        return ()
    text = card.text_in(language)
    return (*text.questions, text.answer)


def _all_views(cards: Sequence[Card]) -> list[str]:
    """Every embedded text of ``cards``, in the rows' order (English first, then each translation)."""
    return [q for language in _LANGUAGES for card in cards for q in _views(card, language)]


def _encode(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    if not texts:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    return np.asarray(embedder.encode(list(texts)), dtype=np.float32)
