"""Unanswered questions: kept with why, grouped by shared stems for the console, in the staff member's scope;
and the knowledge action records them without ever holding up or breaking the reply."""

from __future__ import annotations

import datetime as dt
import random
import time
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from store import unanswered
from store.errors import StoreError
from store.schema import unanswered_questions

T0 = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.timezone.utc)
BOTH = ("victorville", "inglewood")


def ask(engine, text, *, city="victorville", reason="not_covered", minutes=0, **kwargs):
    return unanswered.record(
        engine, text=text, reason=reason, city=city, now=T0 + dt.timedelta(minutes=minutes), **kwargs
    )


def test_a_question_is_kept_with_its_context(engine):
    question_id = unanswered.record(
        engine,
        text="  Who picks up   used cooking oil?  ",
        reason="low_confidence",
        score=0.43,
        channel="sms",
        city="Inglewood",
        conversation_id="+13105550100",
        topic="hauling",
        now=T0,
    )

    with engine.connect() as connection:
        row = connection.execute(sa.select(unanswered_questions)).mappings().one()
    assert row["id"] == question_id
    assert row["text"] == "Who picks up used cooking oil?"  # whitespace collapsed
    assert (row["reason"], row["score"], row["channel"], row["city"]) == (
        "low_confidence",
        0.43,
        "sms",
        "inglewood",
    )
    assert (row["language"], row["topic"], row["asked_at"]) == ("en", "hauling", T0)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"text": "why?", "reason": "confused"}, "Unknown reason"),
        ({"text": "   ", "reason": "not_covered"}, "needs its text"),
        ({"text": "why?", "reason": "not_covered", "city": "springfield"}, "Unknown city"),
    ],
)
def test_bad_values_are_refused(engine, values, message):
    with pytest.raises(StoreError, match=message):
        unanswered.record(engine, **values)


def test_stems_drop_case_punctuation_stop_words_and_endings():
    assert unanswered.stems("How often must I PUMP my grease traps?!") == {
        "often",
        "must",
        "pump",
        "greas",
        "trap",
    }
    assert unanswered.stems("how often do grease traps get pumped") == {"often", "pump", "greas", "trap"}
    assert unanswered.stems("¿Cuándo recogen la grasa?", "es") == unanswered.stems(
        "cuándo recogen grasa", "es"
    )


def test_similar_questions_are_grouped_with_counts_examples_cities_and_reason(engine):
    ask(engine, "How often must I pump my grease trap?", minutes=1)
    ask(engine, "how often do grease traps get pumped", minutes=2, city="inglewood")
    ask(engine, "grease trap pump frequency?", minutes=3, reason="low_confidence")
    ask(engine, "How often must I pump my grease trap?", minutes=4)
    ask(engine, "Where can I recycle old tires?", minutes=5)
    ask(engine, "recycle tires where", minutes=6)
    ask(engine, "grease", minutes=7)  # one word does not swallow the grease-trap group

    groups = unanswered.groups(engine, cities=BOTH)

    assert [group["count"] for group in groups] == [4, 2, 1]
    pumping, tires, grease = groups
    assert pumping["example"] == "How often must I pump my grease trap?"  # the wording asked most
    assert pumping["examples"] == [
        "How often must I pump my grease trap?",
        "grease trap pump frequency?",
        "how often do grease traps get pumped",
    ]  # different wordings, newest first
    assert pumping["cities"] == ["inglewood", "victorville"]
    assert pumping["last_asked"] == T0 + dt.timedelta(minutes=4)
    assert pumping["reason"] == "not_covered"  # 3 of 4
    assert tires["examples"] == ["recycle tires where", "Where can I recycle old tires?"]
    assert grease["example"] == "grease"


def test_groups_respect_the_staff_members_cities_and_the_time_window(engine):
    ask(engine, "Can I pour grease down the sink?", city="victorville", minutes=1)
    ask(engine, "can i pour grease in the sink", city="inglewood", minutes=2)
    ask(engine, "Do I need a permit for a food truck?", city=None, minutes=3)
    ask(engine, "food truck permit needed?", city="inglewood", minutes=200)

    victorville_only = unanswered.groups(engine, cities=["victorville"])
    assert {group["example"] for group in victorville_only} == {
        "Can I pour grease down the sink?",
        "Do I need a permit for a food truck?",  # asked before any city was known: for both cities
    }
    assert all(group["count"] == 1 for group in victorville_only)
    assert unanswered.groups(engine, cities=["victorville"], include_no_city=False)[0]["cities"] == [
        "victorville"
    ]
    recent = unanswered.groups(engine, cities=BOTH, since=T0 + dt.timedelta(minutes=100))
    assert [(group["example"], group["count"]) for group in recent] == [("food truck permit needed?", 1)]
    assert unanswered.groups(engine, cities=[]) != []  # no-city questions only
    assert unanswered.groups(engine, cities=[], include_no_city=False) == []


def test_examples_are_capped_and_limit_caps_the_groups(engine):
    for n in range(8):
        ask(engine, f"grease interceptor size rule {n}x", minutes=n)
    for n in range(3):
        ask(engine, f"unique question number {n} about {'abc'[n]}ardvarks {n}{n}", minutes=20 + n)

    groups = unanswered.groups(engine, cities=BOTH, limit=2)

    assert len(groups) == 2
    assert groups[0]["count"] == 8 and len(groups[0]["examples"]) == unanswered.MAX_EXAMPLES
    assert groups[0]["examples"][0] == "grease interceptor size rule 7x"
    assert unanswered.groups(engine, cities=BOTH, limit=0) == []


TOPICS = [
    "how often pump grease trap",
    "where recycle used cooking oil",
    "cost of fog permit renewal",
    "who collects green waste carts",
    "can restaurant pour grease down drain",
    "fine for missing manifest",
    "hazardous waste drop off location",
    "bulky item pickup schedule",
    "size of grease interceptor required",
    "deadline written spill report",
]
FILLERS = ["please", "thanks", "asap", "today", "quickly", "hello", "again", "urgent"]


def test_ten_thousand_questions_group_quickly_and_deterministically(engine):
    rng = random.Random(7)
    rows = []
    for n in range(10_000):
        topic = TOPICS[n % len(TOPICS)].split()
        rng.shuffle(topic)
        words = topic + rng.sample(FILLERS, k=rng.randint(0, 1)) + ([f"case{n}"] if n % 50 == 0 else [])
        rows.append(
            {
                "asked_at": T0 + dt.timedelta(seconds=n),
                "city": BOTH[n % 2],
                "language": "en",
                "text": " ".join(words),
                "reason": "not_covered",
            }
        )
    with engine.begin() as connection:
        connection.execute(sa.insert(unanswered_questions), rows)

    started = time.perf_counter()
    groups = unanswered.groups(engine, cities=BOTH, limit=50)
    elapsed = time.perf_counter() - started

    assert elapsed < 5.0, f"grouping 10,000 questions took {elapsed:.1f} s"
    assert len(groups) == len(TOPICS)  # each topic one group, whatever the word order and fillers
    assert sum(group["count"] for group in groups) == 10_000
    assert all(group["count"] == 1000 for group in groups)
    assert unanswered.groups(engine, cities=BOTH, limit=50) == groups


# The knowledge action's hook (actions/knowledge.py): what is recorded, and that it never breaks a reply.


def _tracker(sender="+17605550100"):
    return SimpleNamespace(
        sender_id=sender,
        events=[{"event": "user", "timestamp": T0.timestamp()}],
        latest_message={"metadata": {"channel": "sms"}},
        get_latest_input_channel=lambda: "twilio_sms",
    )


def _answer(kind, *, similarity=None, city="victorville"):
    from knowledge.answer import Answer

    passages = () if similarity is None else (SimpleNamespace(similarity=similarity),)
    return Answer(kind, "text", (), city, passages=passages)


@pytest.fixture
def action_engine(engine, monkeypatch):
    from actions import runtime

    monkeypatch.setattr(runtime, "engine", lambda: engine)
    monkeypatch.setattr(runtime, "clock_offset", lambda: dt.timedelta(0))
    return engine


def test_declined_and_weak_answers_are_recorded_and_confident_ones_are_not(action_engine):
    from actions import knowledge as knowledge_actions
    from knowledge.answer import AnswerKind

    declined = knowledge_actions.note_unanswered(
        _tracker(), "when is my trash pickup day?", "sms", _answer(AnswerKind.NOT_COVERED)
    )
    weak = knowledge_actions.note_unanswered(
        _tracker(), "grease trap colour?", "sms", _answer(AnswerKind.ANSWER, similarity=0.45)
    )
    declined.result(timeout=10)
    weak.result(timeout=10)
    assert knowledge_actions.LOW_CONFIDENCE_BELOW > 0.45
    confident = _answer(AnswerKind.ANSWER, similarity=knowledge_actions.LOW_CONFIDENCE_BELOW)
    assert knowledge_actions.note_unanswered(_tracker(), "q", "sms", confident) is None
    assert (
        knowledge_actions.note_unanswered(_tracker(), "q", "sms", _answer(AnswerKind.ANSWER)) is None
    )  # a card
    assert knowledge_actions.note_unanswered(_tracker(), "q", "sms", _answer(AnswerKind.ASK_CITY)) is None

    with action_engine.connect() as connection:
        rows = (
            connection.execute(sa.select(unanswered_questions).order_by(unanswered_questions.c.id))
            .mappings()
            .all()
        )
    assert [(row["text"], row["reason"], row["score"]) for row in rows] == [
        ("when is my trash pickup day?", "not_covered", None),
        ("grease trap colour?", "low_confidence", 0.45),
    ]
    assert rows[0]["topic"] == "collection days"  # knowledge.coverage's name for it
    assert (rows[0]["channel"], rows[0]["city"], rows[0]["conversation_id"]) == (
        "sms",
        "victorville",
        "+17605550100",
    )
    assert rows[0]["asked_at"] == T0


def test_a_database_failure_is_logged_not_raised(monkeypatch, caplog):
    from actions import knowledge as knowledge_actions
    from actions import runtime
    from knowledge.answer import AnswerKind

    def broken():
        raise sa.exc.OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(runtime, "engine", broken)
    monkeypatch.setattr(runtime, "clock_offset", lambda: dt.timedelta(0))

    future = knowledge_actions.note_unanswered(_tracker(), "q?", "sms", _answer(AnswerKind.NOT_COVERED))

    assert future.result(timeout=10) is None
    assert "could not keep an unanswered question" in caplog.text


def test_the_candidate_index_finds_every_leader_a_full_comparison_would():
    """Prefix filtering is exact: the groups equal those of comparing each question with every leader."""
    from rapidfuzz import fuzz

    rng = random.Random(3)
    vocabulary = ["grease", "trap", "pump", "permit", "spill", "drain", "oil", "fee", "cart", "tires", "fine"]
    rows = [
        {
            "id": n,
            "asked_at": T0,
            "city": "victorville",
            "language": "en",
            "text": " ".join(rng.sample(vocabulary, rng.randint(1, 5))),
            "reason": "not_covered",
        }
        for n in range(600)
    ]

    def full_comparison():
        keys: dict[frozenset[str], list[int]] = {}
        for row in rows:
            keys.setdefault(unanswered.stems(row["text"]), []).append(row["id"])
        order = sorted(keys, key=lambda key: (-len(keys[key]), -max(keys[key]), sorted(key)))
        frequency = {stem: sum(stem in key for key in keys) for key in keys for stem in key}
        leaders: list[tuple[frozenset[str], str, list[int]]] = []
        for key in order:
            text = " ".join(sorted(key, key=lambda stem: (frequency[stem], stem)))
            alike = [
                (fuzz.token_set_ratio(text, leader_text), -index)
                for index, (leader, leader_text, _) in enumerate(leaders)
                if len(key & leader) >= unanswered.SHARED_STEMS_AT_LEAST * max(len(key), len(leader))
            ]
            if alike:
                leaders[-max(alike)[1]][2].extend(keys[key])
            else:
                leaders.append((key, text, list(keys[key])))
        return sorted(sorted(ids) for _, _, ids in leaders)

    indexed = sorted(sorted(row["id"] for row in group.rows) for group in unanswered._cluster(rows))
    assert indexed == full_comparison()
