"""Hybrid retrieval over ordinance units: BM25 and dense vectors fused by reciprocal rank.

* Lexical: BM25 (``bm25s``, English stemming and stop words) over each unit's heading, its ancestors' text
  and its own text, with the everyday-to-ordinance vocabulary of :mod:`knowledge.lexicon` added to queries.
* Dense: all-MiniLM-L6-v2 vectors, L2-normalised, in a FAISS inner-product index (cosine similarity).
* Fusion: reciprocal-rank fusion, ``sum(1 / (RRF_K + rank))``, after filtering by jurisdiction when known.

The dense vectors are the only costly part; they are built once and persisted under ``var/index/<key>/``,
where the key hashes the source texts, the unit layout and the model name, so a changed input rebuilds and
an unchanged one loads in milliseconds.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import bm25s
import faiss
import numpy as np
import Stemmer

from knowledge.cities import detect_city
from knowledge.embedding import Embedder, load_embedder
from knowledge.lexicon import expand_query, expansion_terms, lexicon_words
from knowledge.spelling import Speller, model_words
from knowledge.units import Unit, load_units

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INDEX_DIR = REPO_ROOT / "var" / "index"
RRF_K = 5
BM25_WEIGHT = 1.5
EXPANSION_WEIGHT = 0.5  # the lexicon's added words count half as much as the user's own
TERM_WEIGHT = 1.0
DENSE_WEIGHT = 1.0
INDEX_FORMAT = "2"  # bump when the passage text or the stored layout changes
JURISDICTIONS = ("victorville", "inglewood")


@dataclass(frozen=True)
class Hit:
    unit: Unit
    score: float  # fused RRF score: comparable within one query only
    similarity: float  # cosine similarity of question and passage: comparable across queries
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


DEFINITION_QUESTION = re.compile(
    r"^\s*(what('?s| is| are| does)|define|definition|meaning of|who is|who are)\b|\bmean(s|ing)?\b"
    r"|\b(counts?|qualif(y|ies)|considered|classified) as\b",
    re.IGNORECASE,
)


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

    def __init__(self, units: Sequence[Unit], vectors: np.ndarray, embedder: Embedder) -> None:
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
        self._speller = Speller(
            [*corpus, lexicon_words()], english=model_words(), stem=lambda w: self._stemmer.stemWord(w)
        )
        self._terms = [
            (self._stem_words(unit.term), doc)
            for doc, unit in enumerate(self.units)
            if unit.term and (not unit.path or unit.section == "10.03.020") and len(unit.path) <= 1
        ]
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
        return cls(units, vectors, embedder)

    def search(self, question: str, jurisdiction: str | None = None, k: int = 5) -> list[Hit]:
        """The k best units for a question, in the jurisdiction given or named in the question, if any."""
        if jurisdiction is not None and jurisdiction not in JURISDICTIONS:
            raise ValueError(f"unknown jurisdiction {jurisdiction!r}; expected one of {JURISDICTIONS}")
        jurisdiction = jurisdiction or detect_city(question)
        question = self._speller.correct(question)
        allowed = self._mask(jurisdiction)
        similarities = self._dense_scores(question)
        bm25_scores = self._bm25_scores(question)
        dense_order = _ranked(similarities, allowed)
        bm25_order = _ranked(bm25_scores, allowed & (bm25_scores > 0))
        term_order = [doc for doc in self._defined_terms_asked(question) if allowed[doc]]
        fused: dict[int, float] = {}
        rankings = ((dense_order, DENSE_WEIGHT), (bm25_order, BM25_WEIGHT), (term_order, TERM_WEIGHT))
        for order, weight in rankings:
            for rank, doc in enumerate(order[:100], start=1):
                fused[doc] = fused.get(doc, 0.0) + weight / (RRF_K + rank)
        dense_rank = {doc: rank for rank, doc in enumerate(dense_order, start=1)}
        bm25_rank = {doc: rank for rank, doc in enumerate(bm25_order, start=1)}
        best = sorted(fused, key=lambda doc: (-fused[doc], doc))[:k]
        return [
            Hit(
                unit=self.units[doc],
                score=fused[doc],
                similarity=float(similarities[doc]),
                bm25_rank=bm25_rank.get(doc),
                dense_rank=dense_rank.get(doc),
            )
            for doc in best
        ]

    def search_dense(self, question: str, jurisdiction: str | None = None, k: int = 5) -> list[Unit]:
        """Dense retrieval alone (for evaluation), with the same query handling as :meth:`search`."""
        allowed = self._mask(jurisdiction or detect_city(question))
        scores = self._dense_scores(self._speller.correct(question))
        return [self.units[doc] for doc in _ranked(scores, allowed)[:k]]

    def search_bm25(self, question: str, jurisdiction: str | None = None, k: int = 5) -> list[Unit]:
        """BM25 alone (for evaluation), with the same query handling as :meth:`search`."""
        allowed = self._mask(jurisdiction or detect_city(question))
        scores = self._bm25_scores(self._speller.correct(question))
        return [self.units[doc] for doc in _ranked(scores, allowed & (scores > 0))[:k]]

    def _mask(self, jurisdiction: str | None) -> np.ndarray:
        return self._masks[jurisdiction] if jurisdiction else np.ones(len(self.units), dtype=bool)

    def _defined_terms_asked(self, question: str) -> list[int]:
        """Definitions whose term the question asks about ("what is a grease interceptor"), longest first."""
        if not DEFINITION_QUESTION.search(question):
            return []
        asked = f" {self._stem_words(question)} "
        found = [(len(term), doc) for term, doc in self._terms if f" {term} " in asked]
        return [doc for _, doc in sorted(found, reverse=True)]

    def _stem_words(self, text: str) -> str:
        return " ".join(self._stemmer.stemWords(re.findall(r"[a-z0-9]+", text.lower())))

    def _dense_scores(self, question: str) -> np.ndarray:
        query = self.embedder.encode([expand_query(question)])
        similarities, ids = self._faiss.search(query, self._faiss.ntotal)
        per_vector = np.empty(self._faiss.ntotal, dtype=np.float32)
        per_vector[ids[0]] = similarities[0]
        return per_vector.reshape(self._views, len(self.units)).max(axis=0)

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
