"""Hybrid retrieval over ordinance units: BM25 and dense vectors fused by reciprocal rank.

* Lexical: BM25 (``bm25s``, English stemming and stop words) over each unit's heading, its ancestors' text
  and its own text, for the question plus the ordinance words its everyday words stand for
  (:mod:`knowledge.lexicon`: "grease trap" also looks for "interceptor" and "GCD"), each added word once.
* Dense: all-MiniLM-L6-v2 vectors, L2-normalised, in a FAISS inner-product index (cosine similarity). The
  question is ranked as typed (after spelling correction): the model already knows that a grease trap and an
  interceptor are alike, and dense retrieval that saw the lexicon's words would only repeat what BM25 found
  (measured: hybrid Recall@3 fell on every question set). The similarity a hit reports, which the answer
  layer compares with its "not covered" threshold, is the better of the question as typed and the question
  in the ordinances' words: "how long do I keep grease manifests" scores 0.22 against the record-keeping
  rule of § 10.03.170(c) as typed, and 0.45 once "retain", "records" and "years" are added.
* Definitions: a question that asks what a term means adds a ranked list of the definitions of the terms it
  names (:mod:`knowledge.definitions`); any other question takes definitions at a discount, because a
  definition shares its term with every question that merely uses the word.
* Fusion: weighted reciprocal-rank fusion, ``sum(weight / (RRF_K + rank))``, over the lists allowed by the
  jurisdiction filter, so a filtered search can never return the other city.
* Reranking: of the best fused candidates, those holding the kind of answer the question asks for (a number
  of days for "how long", an amount for "how much": :mod:`knowledge.answer_types`) form one more ranked
  list, fused in the same way.

The dense vectors are the only costly part; they are built once and persisted under ``var/index/<key>/``,
where the key hashes the source texts, the unit layout and the model name, so a changed input rebuilds and
an unchanged one loads in milliseconds.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import bm25s
import faiss
import numpy as np
import Stemmer

from cities import CITIES, detect_city
from knowledge.answer_types import asked_types, passage_types
from knowledge.cards import CardIndex, load_cards
from knowledge.cards.match import vectors_path
from knowledge.definitions import DefinedTerms, is_sorting_question
from knowledge.embedding import MODEL_NAME, Embedder, load_embedder
from knowledge.lexicon import expansion_terms, lexicon_words, matched_vocabulary, ordinance_words
from knowledge.spelling import Speller, model_words
from knowledge.units import Unit, load_units

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INDEX_DIR = REPO_ROOT / "var" / "index"
RRF_K = 5  # small: the top of each list matters most on a corpus of a few hundred short units
DENSE_WEIGHT = 1.0
BM25_WEIGHT = 1.5  # the ordinances' wording is specific ("manifest", "food grinder"): exact words weigh more
EXPANSION_WEIGHT = 1.0  # the lexicon adds each ordinance word once, so it may count as much as the user's own
TERM_WEIGHT = 1.0  # definitions of the terms a definition question names
UNASKED_DEFINITION_WEIGHT = 0.8  # a definition's fused score when the question does not ask for one
ANSWER_TYPE_WEIGHT = 1.0  # candidates holding the kind of answer asked ("how long" → a number of days)
RERANK_DEPTH = 20  # how many fused candidates the answer-type list reorders
INDEX_FORMAT = "2"  # bump when the passage text or the stored layout changes
JURISDICTIONS = CITIES


@dataclass(frozen=True)
class Hit:
    unit: Unit
    score: float  # fused RRF score: comparable within one query only
    # cosine similarity of question and passage, comparable across queries: the better of the question as
    # typed and the question with the lexicon's ordinance words (a "manifest" question phrased as "paperwork")
    similarity: float
    bm25_rank: int | None
    dense_rank: int | None

    @property
    def citation(self) -> str:
        return self.unit.citation

    def to_json(self) -> dict:
        return {
            "citation": self.unit.citation,
            "jurisdiction": self.unit.jurisdiction,
            "text": self.unit.text,
            "score": round(self.score, 6),
            "similarity": round(self.similarity, 4),
            "id": self.unit.id,
        }


def passage_text(unit: Unit) -> str:
    """What is indexed for a unit: where it sits (heading, term, the items it hangs from) and what it says."""
    parts = [unit.heading]
    if unit.term and unit.term != unit.heading:
        parts.append(unit.term)
    parts.extend(_trim(text, 300) for text in unit.context[-2:])
    parts.append(unit.text)
    return " — ".join(part for part in parts if part)


def dense_views(unit: Unit) -> tuple[str, ...]:
    """The texts embedded for a unit; its dense score is the best of them.

    A list item says little alone ("GCD size;") and a long section says too much at once, so each unit is
    embedded in context, under its heading, and alone.
    """
    return (passage_text(unit), f"{unit.heading}. {unit.text}", unit.text)


def _trim(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def index_key(units: Sequence[Unit], model_name: str) -> str:
    digest = hashlib.sha256()
    digest.update(f"{INDEX_FORMAT}|{model_name}|".encode())
    for unit in units:
        digest.update(f"{unit.id}\x1f{'|'.join(dense_views(unit))}\x1e".encode())
    return digest.hexdigest()[:16]


class HybridIndex:
    """Search the ordinance units. Build once per process with :meth:`load` and reuse."""

    def __init__(
        self, units: Sequence[Unit], vectors: np.ndarray, embedder: Embedder, cards: CardIndex | None = None
    ) -> None:
        self.cards = (
            cards  # the curated answers (knowledge.cards), tried before passages; None: passages only
        )
        views = len(dense_views(units[0])) if units else 1
        if vectors.shape[0] != len(units) * views:
            raise ValueError(f"{len(units)} units with {views} views each but {vectors.shape[0]} vectors")
        self._views = views
        self.units = tuple(units)
        self.embedder = embedder
        self._faiss = faiss.IndexFlatIP(vectors.shape[1])
        self._faiss.add(np.ascontiguousarray(vectors, dtype=np.float32))
        self._stemmer = Stemmer.Stemmer("english")
        corpus = [passage_text(unit) for unit in self.units]
        self._bm25 = bm25s.BM25()
        self._bm25.index(
            bm25s.tokenize(corpus, stopwords="en", stemmer=self._stemmer, show_progress=False),
            show_progress=False,
        )
        vocabulary = [*corpus, lexicon_words()]
        self._speller = Speller(vocabulary, english=model_words())
        self._terms = DefinedTerms(self.units)
        self._is_definition = np.array([unit.term is not None for unit in self.units])
        self._answer_types = [passage_types(unit.text) for unit in self.units]
        phrases = ordinance_words()
        self._vocabulary_vectors = dict(zip(phrases, embedder.encode(phrases), strict=True))
        self._masks = {j: np.array([unit.jurisdiction == j for unit in self.units]) for j in JURISDICTIONS}

    @classmethod
    def load(
        cls,
        embedder: Embedder | None = None,
        index_dir: Path = DEFAULT_INDEX_DIR,
        units: Sequence[Unit] | None = None,
    ) -> HybridIndex:
        """Load the persisted vectors for the current inputs, building them first if they are missing."""
        embedder = embedder or load_embedder()
        units = tuple(units or load_units())
        folder = Path(index_dir) / index_key(units, embedder.name)
        vectors_file = folder / "vectors.faiss"
        if vectors_file.exists():
            stored = faiss.read_index(str(vectors_file))
            vectors = stored.reconstruct_n(0, stored.ntotal)
        else:
            vectors = build_vectors(units, embedder, folder)
        cards = CardIndex.load(load_cards(), embedder, Path(index_dir))
        return cls(units, vectors, embedder, cards)

    @staticmethod
    def is_built(index_dir: Path = DEFAULT_INDEX_DIR, model_name: str = MODEL_NAME) -> bool:
        """Whether the vectors for the current units and cards are on disk (checked without the model)."""
        folder = Path(index_dir) / index_key(load_units(), model_name)
        return (folder / "vectors.faiss").exists() and vectors_path(
            load_cards(), model_name, index_dir
        ).exists()

    def correct_spelling(self, question: str) -> str:
        """The question with words unknown to the ordinances and the lexicon corrected, as search does."""
        return self._speller.correct(question)

    def search(self, question: str, jurisdiction: str | None = None, k: int = 5) -> list[Hit]:
        """The k best units for a question, in the jurisdiction given or named in the question, if any."""
        if jurisdiction is not None and jurisdiction not in JURISDICTIONS:
            raise ValueError(f"unknown jurisdiction {jurisdiction!r}; expected one of {JURISDICTIONS}")
        allowed = self._mask(jurisdiction or detect_city(question))
        question = self._speller.correct(question)
        as_typed, in_ordinance_words = self._dense_scores(*self._question_vectors(question))
        bm25_scores = self._bm25_scores(question)
        dense_order = _ranked(as_typed, allowed)
        bm25_order = _ranked(bm25_scores, allowed & (bm25_scores > 0))
        term_order = [doc for doc in self._terms.asked(question) if allowed[doc]]
        fused = _fuse([(dense_order, DENSE_WEIGHT), (bm25_order, BM25_WEIGHT), (term_order, TERM_WEIGHT)])
        if not (term_order or is_sorting_question(question)):
            for doc in fused:
                if self._is_definition[doc]:
                    fused[doc] *= UNASKED_DEFINITION_WEIGHT
        fused = self._rerank_by_answer_type(question, fused)
        dense_rank = {doc: rank for rank, doc in enumerate(dense_order, start=1)}
        bm25_rank = {doc: rank for rank, doc in enumerate(bm25_order, start=1)}
        return [
            Hit(
                unit=self.units[doc],
                score=fused[doc],
                similarity=float(max(as_typed[doc], in_ordinance_words[doc])),
                bm25_rank=bm25_rank.get(doc),
                dense_rank=dense_rank.get(doc),
            )
            for doc in _best(fused)[:k]
        ]

    def search_dense(self, question: str, jurisdiction: str | None = None, k: int = 5) -> list[Unit]:
        """Dense retrieval alone (for evaluation), with the same query handling as :meth:`search`."""
        allowed = self._mask(jurisdiction or detect_city(question))
        as_typed, _ = self._question_vectors(self._speller.correct(question))
        (scores,) = self._dense_scores(as_typed)
        return [self.units[doc] for doc in _ranked(scores, allowed)[:k]]

    def search_bm25(self, question: str, jurisdiction: str | None = None, k: int = 5) -> list[Unit]:
        """BM25 alone (for evaluation), with the same query handling as :meth:`search`."""
        allowed = self._mask(jurisdiction or detect_city(question))
        scores = self._bm25_scores(self._speller.correct(question))
        return [self.units[doc] for doc in _ranked(scores, allowed & (scores > 0))[:k]]

    def _mask(self, jurisdiction: str | None) -> np.ndarray:
        return self._masks[jurisdiction] if jurisdiction else np.ones(len(self.units), dtype=bool)

    def _rerank_by_answer_type(self, question: str, fused: dict[int, float]) -> dict[int, float]:
        """Fuse one more list: the best candidates that hold the kind of answer the question asks for."""
        wanted = asked_types(question)
        if not wanted:
            return fused
        typed = [doc for doc in _best(fused)[:RERANK_DEPTH] if self._answer_types[doc] & wanted]
        return _fuse([(typed, ANSWER_TYPE_WEIGHT)], fused)

    def _question_vectors(self, question: str) -> tuple[np.ndarray, np.ndarray]:
        """The question's vector as typed, and moved toward the ordinance words its everyday words stand for.

        The second is what embedding the question with the lexicon's words appended would give, nearly:
        the model mean-pools its tokens, so the vectors of the parts, weighted by their length, add up to
        the vector of the whole. The parts' vectors are computed once, so a search still encodes one text.
        """
        as_typed = self.embedder.encode([question])[0]  # load_embedder's QueryCache: once per question
        mixed = as_typed * len(question.split())
        for words in matched_vocabulary(question):
            mixed = mixed + self._vocabulary_vectors[words] * len(words.split())
        norm = float(np.linalg.norm(mixed))
        return as_typed, (mixed / norm if norm else as_typed)

    def _dense_scores(self, *vectors: np.ndarray) -> list[np.ndarray]:
        """Each vector's cosine similarity to every unit (the best of the unit's views)."""
        similarities, ids = self._faiss.search(np.vstack(vectors).astype(np.float32), self._faiss.ntotal)
        out = []
        for row in range(len(vectors)):
            per_vector = np.empty(self._faiss.ntotal, dtype=np.float32)
            per_vector[ids[row]] = similarities[row]
            out.append(per_vector.reshape(self._views, len(self.units)).max(axis=0))
        return out

    def _bm25_scores(self, question: str) -> np.ndarray:
        scores = self._bm25_terms(question)
        added = expansion_terms(question)
        if added:
            scores = scores + EXPANSION_WEIGHT * self._bm25_terms(added)
        return scores

    def _bm25_terms(self, text: str) -> np.ndarray:
        tokens = bm25s.tokenize(
            text, stopwords="en", stemmer=self._stemmer, return_ids=False, show_progress=False
        )[0]
        known = [token for token in tokens if token in self._bm25.vocab_dict]
        if not known:
            return np.zeros(len(self.units), dtype=np.float32)
        return np.asarray(self._bm25.get_scores(known), dtype=np.float32)


def _fuse(rankings: Sequence[tuple[Sequence[int], float]], fused: dict[int, float] | None = None) -> dict:
    """Weighted reciprocal-rank fusion of ranked lists of unit positions (the top 100 of each count)."""
    fused = dict(fused or {})
    for order, weight in rankings:
        for rank, doc in enumerate(order[:100], start=1):
            fused[doc] = fused.get(doc, 0.0) + weight / (RRF_K + rank)
    return fused


def _best(fused: dict[int, float]) -> list[int]:
    return sorted(fused, key=lambda doc: (-fused[doc], doc))


def _ranked(scores: np.ndarray, allowed: np.ndarray) -> list[int]:
    candidates = np.flatnonzero(allowed)
    return candidates[np.argsort(-scores[candidates], kind="stable")].tolist()


def build_vectors(units: Sequence[Unit], embedder: Embedder, folder: Path) -> np.ndarray:
    """Embed every unit and persist the FAISS index with a manifest; prints progress for the build step."""
    started = time.perf_counter()
    views = [dense_views(unit) for unit in units]
    texts = [view[i] for i in range(len(views[0])) for view in views]  # view-major: row = i * n + unit
    batches = [texts[i : i + 64] for i in range(0, len(texts), 64)]
    chunks = []
    for number, batch in enumerate(batches, start=1):
        chunks.append(embedder.encode(batch))
        log.info("embedding ordinance units: batch %d/%d", number, len(batches))
    vectors = np.vstack(chunks).astype(np.float32)
    folder.mkdir(parents=True, exist_ok=True)
    flat = faiss.IndexFlatIP(vectors.shape[1])
    flat.add(vectors)
    tmp = folder / "vectors.faiss.tmp"
    faiss.write_index(flat, str(tmp))
    manifest = {
        "model": embedder.name,
        "units": len(units),
        "views": len(views[0]),
        "dim": int(vectors.shape[1]),
        "seconds": round(time.perf_counter() - started, 2),
        "ids": [unit.id for unit in units],
    }
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    tmp.replace(folder / "vectors.faiss")
    return vectors
