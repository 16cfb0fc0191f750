"""Each question is embedded once per process (knowledge.embedding.QueryCache)."""

from __future__ import annotations

import numpy as np

from knowledge.embedding import QUERY_BATCH, HashingEmbedder, QueryCache


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__(dim=32)
        self.calls: list[list[str]] = []

    def encode(self, texts):
        self.calls.append(list(texts))
        return super().encode(texts)


def test_a_question_is_encoded_once_and_the_vectors_are_the_models():
    inner = Counting()
    cache = QueryCache(inner)
    first = cache.encode(["how often do I pump?"])
    again = cache.encode(["how often do I pump?"])
    assert inner.calls == [["how often do I pump?"]]
    np.testing.assert_array_equal(first, again)
    np.testing.assert_array_equal(first, HashingEmbedder(dim=32).encode(["how often do I pump?"]))


def test_only_the_unseen_texts_are_encoded_together_and_the_order_is_kept():
    inner = Counting()
    cache = QueryCache(inner)
    cache.encode(["a b", "c d"])
    vectors = cache.encode(["c d", "e f", "a b", "e f"])
    assert inner.calls == [["a b", "c d"], ["e f"]]
    np.testing.assert_array_equal(vectors, HashingEmbedder(dim=32).encode(["c d", "e f", "a b", "e f"]))


def test_the_oldest_questions_are_forgotten_and_large_batches_pass_through():
    inner = Counting()
    cache = QueryCache(inner, size=2)
    for text in ("one", "two", "three"):
        cache.encode([text])
    cache.encode(["one"])  # forgotten: encoded again
    assert inner.calls[-1] == ["one"]
    build = [f"unit {n}" for n in range(QUERY_BATCH + 1)]
    cache.encode(build)
    cache.encode(build)
    assert inner.calls[-2:] == [build, build]  # an index build is not cached


def test_an_index_folder_without_vectors_is_not_built(tmp_path):
    from knowledge.index import HybridIndex

    assert HybridIndex.is_built(tmp_path) is False
