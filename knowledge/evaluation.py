"""Retrieval quality on the labelled question sets: Recall@1/3/5 and MRR for BM25, dense and hybrid.

A retrieved unit answers a question when its citation is one of the question's gold citations or lies
inside one (gold ``§ 10.03.160(f)`` is answered by ``§ 10.03.160(f)(2)``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from knowledge.index import HybridIndex
from knowledge.units import Unit

DATA_DIR = Path(__file__).resolve().parent.parent / "tests" / "data"
DEV_SET = DATA_DIR / "dev_questions.jsonl"


def read_questions(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def answers(citation: str, gold: Iterable[str]) -> bool:
    return any(citation == g or citation.startswith(g + "(") for g in gold)


def first_correct_rank(citations: Sequence[str], gold: Sequence[str]) -> int | None:
    return next((rank for rank, c in enumerate(citations, start=1) if answers(c, gold)), None)


@dataclass(frozen=True)
class Scores:
    recall_at_1: float
    recall_at_3: float
    recall_at_5: float
    mrr: float
    n: int

    def row(self, name: str) -> str:
        return (
            f"{name:<8} R@1 {self.recall_at_1:.3f}  R@3 {self.recall_at_3:.3f}  R@5 {self.recall_at_5:.3f}"
            f"  MRR {self.mrr:.3f}  (n={self.n})"
        )


def score(ranks: Sequence[int | None]) -> Scores:
    n = len(ranks)

    def within(k: int) -> float:
        return sum(1 for r in ranks if r is not None and r <= k) / n

    mrr = sum(1 / r for r in ranks if r is not None and r <= 10) / n
    return Scores(within(1), within(3), within(5), mrr, n)


Retriever = Callable[[str, "str | None"], Sequence[Unit]]


def evaluate(index: HybridIndex, questions: Sequence[dict]) -> dict[str, Scores]:
    retrievers: dict[str, Retriever] = {
        "bm25": lambda q, j: index.search_bm25(q, j, k=10),
        "dense": lambda q, j: index.search_dense(q, j, k=10),
        "hybrid": lambda q, j: [hit.unit for hit in index.search(q, j, k=10)],
    }
    labelled = [q for q in questions if q.get("gold")]
    results = {}
    for name, retrieve in retrievers.items():
        ranks = [
            first_correct_rank(
                [u.citation for u in retrieve(q["question"], q.get("jurisdiction"))], q["gold"]
            )
            for q in labelled
        ]
        results[name] = score(ranks)
    return results


def misses(index: HybridIndex, questions: Sequence[dict], k: int = 3) -> list[tuple[dict, list[str]]]:
    """Questions whose gold unit is not in the hybrid top k, with what came back instead."""
    out = []
    for q in questions:
        if not q.get("gold"):
            continue
        got = [hit.citation for hit in index.search(q["question"], q.get("jurisdiction"), k=k)]
        if first_correct_rank(got, q["gold"]) is None:
            out.append((q, got))
    return out
