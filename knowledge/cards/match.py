"""Finding the card that answers a question: by meaning, and by the words that carry it.

Each card's questions and answer are embedded once with the ordinance index's model (cached beside the
index, keyed by the model and the texts); a user's question scores a card by the closest of them (cosine
similarity), plus ``LEXICAL_WEIGHT`` times its BM25 score over the card's words (questions and answer,
stemmed), relative to the best card's: the small model alone takes "how long do I keep manifests" for "does
the permit expire", and the rarer words ("manifests") settle it.
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
from knowledge.cards.model import Card
from knowledge.embedding import Embedder

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
        self._rows = [(n, q) for n, card in enumerate(self.cards) for q in _views(card)]
        if vectors is None:
            vectors = _encode(embedder, [q for _, q in self._rows])
        if vectors.shape[0] != len(self._rows):
            raise ValueError(f"{len(self._rows)} card questions but {vectors.shape[0]} vectors")
        self._vectors = vectors
        self._owner = np.array([n for n, _ in self._rows], dtype=np.int64)
        self._cities = np.array([card.city for card in self.cards])
        self._answer_types = [passage_types(f"{card.answer} {card.more}") for card in self.cards]
        self._stemmer = Stemmer.Stemmer("english")
        self._bm25 = bm25s.BM25()
        if self.cards:
            documents = [" ".join((*card.questions, card.answer, card.more)) for card in self.cards]
            tokens = bm25s.tokenize(documents, stopwords="en", stemmer=self._stemmer, show_progress=False)
            self._bm25.index(tokens, show_progress=False)

    @classmethod
    def load(cls, cards: Sequence[Card], embedder: Embedder, folder: Path) -> CardIndex:
        """The index over ``cards``; vectors are read from ``folder`` when these questions were embedded."""
        path = vectors_path(cards, embedder.name, folder)
        if path.exists():
            return cls(cards, embedder, np.load(path))
        vectors = _encode(embedder, [q for card in cards for q in _views(card)])
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp.npy")
        np.save(temporary, vectors)
        temporary.replace(path)
        return cls(cards, embedder, vectors)

    def __len__(self) -> int:
        return len(self.cards)

    def match(self, question: str, city: str | None = None, *, k: int = 3) -> list[CardMatch]:
        """The ``k`` best cards for ``question`` (of ``city`` when given), best first, one entry per card."""
        if not self._rows:
            return []
        similarities = self._vectors @ _encode(self.embedder, [question])[0]  # cached: QueryCache
        closest = np.full(len(self.cards), -1.0)
        closest_row = np.zeros(len(self.cards), dtype=np.int64)
        for row in np.argsort(similarities):  # ascending: the closest question of each card is written last
            closest[self._owner[row]] = similarities[row]
            closest_row[self._owner[row]] = row
        allowed = np.ones(len(self.cards), dtype=bool) if city is None else self._cities == city
        scores = closest + LEXICAL_WEIGHT * self._lexical(question, allowed)
        wanted = asked_types(question)
        if wanted:
            scores = scores + ANSWER_TYPE_BONUS * np.array(
                [bool(wanted & kinds) for kinds in self._answer_types]
            )
        order = [int(n) for n in np.argsort(-scores) if allowed[n]][:k]
        return [CardMatch(self.cards[n], float(scores[n]), self._rows[closest_row[n]][1]) for n in order]

    def _lexical(self, question: str, allowed: np.ndarray) -> np.ndarray:
        """BM25 of each card for the question, relative to the best allowed card's (0 to 1)."""
        tokens = bm25s.tokenize(
            question, stopwords="en", stemmer=self._stemmer, return_ids=False, show_progress=False
        )[0]
        known = [token for token in tokens if token in self._bm25.vocab_dict] if self.cards else []
        if not known:
            return np.zeros(len(self.cards))
        scores = np.asarray(self._bm25.get_scores(known), dtype=np.float64)
        top = scores[allowed].max() if allowed.any() else 0.0
        return scores / top if top > 0 else np.zeros(len(self.cards))


def vectors_path(cards: Sequence[Card], model_name: str, folder: Path) -> Path:
    """Where the vectors of these cards' questions, embedded by ``model_name``, are kept."""
    questions = [q for card in cards for q in _views(card)]
    key = hashlib.sha256("\n".join([model_name, *questions]).encode()).hexdigest()[:16]
    return Path(folder) / f"cards-{key}.npy"


def _views(card: Card) -> tuple[str, ...]:
    """What is embedded of a card: its questions, and its answer (users often ask in the answer's words)."""
    return (*card.questions, card.answer)


def _encode(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    if not texts:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    return np.asarray(embedder.encode(list(texts)), dtype=np.float32)
