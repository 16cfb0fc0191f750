"""Retrieval quality on the labelled dev set, with the real model: the floor the issue sets."""

import pytest

from knowledge.evaluation import DATA_DIR, evaluate, read_questions

pytestmark = pytest.mark.slow


def test_dev_set_is_large_varied_and_labelled():
    questions = read_questions(DATA_DIR / "dev_questions.jsonl")
    assert len(questions) >= 60
    chapters = {"10.03": 0, "6.37": 0, "Inglewood": 0}
    for q in questions:
        assert q["gold"], q["id"]
        for gold in q["gold"]:
            for key in chapters:
                if key in gold:
                    chapters[key] += 1
    assert min(chapters.values()) >= 15, chapters


def test_every_gold_citation_exists(real_index):
    known = {unit.citation for unit in real_index.units}
    for name in ("dev", "holdout"):
        for q in read_questions(DATA_DIR / f"{name}_questions.jsonl"):
            for gold in q["gold"]:
                assert gold in known, f"{q['id']}: {gold}"


def test_hybrid_recall_at_3_on_the_dev_set(real_index):
    scores = evaluate(real_index, read_questions(DATA_DIR / "dev_questions.jsonl"))
    assert scores["hybrid"].recall_at_3 >= 0.90, scores["hybrid"].row("hybrid")
    assert scores["hybrid"].recall_at_3 >= max(scores["bm25"].recall_at_3, scores["dense"].recall_at_3)


def test_a_city_filter_never_returns_the_other_city(real_index):
    for q in read_questions(DATA_DIR / "dev_questions.jsonl")[:30]:
        for city in ("victorville", "inglewood"):
            hits = real_index.search(q["question"], city, k=5)
            assert {h.unit.jurisdiction for h in hits} == {city}
