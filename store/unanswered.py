"""Questions the assistant declined (``not_covered``) or answered with low confidence (``low_confidence``),
kept so staff can see what residents ask that the assistant cannot answer well, and grouped by similarity.

Grouping (:func:`groups`) is deterministic and fast enough for tens of thousands of rows:

1. each question is normalised to its set of word stems (lower case, punctuation and stop words dropped,
   PyStemmer's Snowball stemmer for the question's language), so "How often do I pump my grease trap?"
   and "how often do grease traps get pumped" both read ``{often, pump, greas, trap}``;
2. identical stem sets are counted once;
3. the stem sets, most asked first, join a group whose leader shares at least
   :data:`SHARED_STEMS_AT_LEAST` of the larger set's stems (of several, the most alike by rapidfuzz's
   token-set similarity, the older group on a tie); otherwise they lead a new group. Candidates come from
   an inverted index over each leader's rarest stems, looked up with the question's rarest stems (prefix
   filtering: when two sets share that fraction, their prefixes of ``len - ceil(fraction * len) + 1``
   stems, rarest first, always meet), so each question is compared with a handful of leaders, not all.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
import Stemmer
from rapidfuzz import fuzz

from store import records
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import StoreError
from store.schema import UNANSWERED_REASONS, unanswered_questions

MAX_TEXT_CHARS = 2000
MAX_EXAMPLES = 5
SHARED_STEMS_AT_LEAST = 0.6
"""Two questions are alike when they share this fraction of the larger one's stems: "how often pump grease
trap" and "grease trap pump frequency" share 3 of 4 (0.75); "grease trap" and "grease trap cost" 2 of 3
(0.67); a one-word question "grease" does not swallow "grease trap size" (1 of 3)."""

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STEMMER_LANGUAGES = {"en": "english", "es": "spanish"}
_ENGLISH_STOP_WORDS = (
    "a about am an and any are as at be been but by can could did do does doing for from get got had has "
    "have how i if in is it its just me my need of on or our should so that the their them then there "
    "they this to us was we were what when where which who why will with would you your"
)
_SPANISH_STOP_WORDS = (
    "a al como con cual cuando de del donde el ella en es esta este hay la las lo los me mi mis o para "
    "por que qué se si su sus un una y yo"
)
_STOP_WORDS = {
    "en": frozenset(_ENGLISH_STOP_WORDS.split()),
    "es": frozenset(_SPANISH_STOP_WORDS.split()),
}


def record(
    bind: Bind,
    *,
    text: str,
    reason: str,
    score: float | None = None,
    channel: str | None = None,
    city: str | None = None,
    conversation_id: str | None = None,
    language: str = "en",
    topic: str | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Keep one question the assistant could not answer well; returns its id."""
    if reason not in UNANSWERED_REASONS:
        raise StoreError(f"Unknown reason {reason!r}; use one of {', '.join(UNANSWERED_REASONS)}.")
    question = " ".join(text.split())[:MAX_TEXT_CHARS]
    if not question:
        raise StoreError("An unanswered question needs its text.")
    values = {
        "asked_at": resolve_now(now),
        "conversation_id": conversation_id,
        "channel": channel,
        "city": None if city is None else records.normalize_city(city),
        "language": language,
        "text": question,
        "reason": reason,
        "score": score,
        "topic": topic,
    }
    with write_transaction(bind) as connection:
        return int(
            connection.execute(sa.insert(unanswered_questions).values(**values)).inserted_primary_key[0]
        )


@lru_cache(maxsize=4)
def _stemmer(language: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(_STEMMER_LANGUAGES.get(language, "english"))


def stems(text: str, language: str = "en") -> frozenset[str]:
    """The question's meaningful word stems (see the module docstring)."""
    stop = _STOP_WORDS.get(language, _STOP_WORDS["en"])
    words = [word for word in _WORD.findall(text.lower()) if word not in stop]
    return frozenset(_stemmer(language).stemWords(words)) - {""}


@dataclass
class _Group:
    leader: frozenset[str]
    leader_text: str
    rows: list[dict[str, Any]] = field(default_factory=list)


def groups(
    bind: Bind,
    *,
    cities: Iterable[str],
    since: dt.datetime | None = None,
    limit: int = 50,
    include_no_city: bool = True,
) -> list[dict[str, Any]]:
    """Similar questions grouped, most asked first (then most recently asked).

    Only questions asked about ``cities`` (a staff member's scope) are read, plus, with
    ``include_no_city``, those asked before any city was known (they concern both cities). Each group:
    ``example`` (its most asked wording), ``count``, ``examples`` (up to five different wordings, most
    recent first), ``cities``, ``last_asked`` and ``reason`` (the commonest; ``not_covered`` on a tie).
    """
    scope = [records.normalize_city(city) for city in cities]
    in_scope = unanswered_questions.c.city.in_(scope)
    if include_no_city:
        in_scope = sa.or_(in_scope, unanswered_questions.c.city.is_(None))
    conditions: list[Any] = [in_scope]
    if since is not None:
        conditions.append(unanswered_questions.c.asked_at >= since)
    columns = [
        unanswered_questions.c[name] for name in ("id", "asked_at", "city", "language", "text", "reason")
    ]
    query = sa.select(*columns).where(*conditions).order_by(unanswered_questions.c.id)
    with read_transaction(bind) as connection:
        rows = [dict(row._mapping) for row in connection.execute(query)]
    return [_summary(group) for group in _cluster(rows)[: max(0, limit)]]


def _cluster(rows: list[dict[str, Any]]) -> list[_Group]:
    by_stems: dict[frozenset[str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        key = stems(row["text"], row["language"] or "en") or frozenset({row["text"].strip().lower()})
        by_stems[key].append(row)
    frequency = Counter(stem for key in by_stems for stem in key)

    def rarest_first(key: frozenset[str]) -> list[str]:
        return sorted(key, key=lambda stem: (frequency[stem], stem))

    order = sorted(
        by_stems, key=lambda key: (-len(by_stems[key]), -max(r["id"] for r in by_stems[key]), sorted(key))
    )
    found: list[_Group] = []
    leaders_by_stem: dict[str, list[int]] = defaultdict(list)
    for key in order:
        ordered = rarest_first(key)
        prefix = ordered[: len(key) - math.ceil(SHARED_STEMS_AT_LEAST * len(key)) + 1]
        candidates = sorted({index for stem in prefix for index in leaders_by_stem.get(stem, ())})
        text = " ".join(ordered)
        best, best_score = None, -1.0
        for index in candidates:
            leader = found[index].leader
            if len(key & leader) < SHARED_STEMS_AT_LEAST * max(len(key), len(leader)):
                continue
            score = fuzz.token_set_ratio(text, found[index].leader_text)
            if score > best_score:
                best, best_score = index, score
        if best is None:
            best = len(found)
            found.append(_Group(leader=key, leader_text=text))
            for stem in prefix:
                leaders_by_stem[stem].append(best)
        found[best].rows.extend(by_stems[key])
    return sorted(found, key=lambda group: (-len(group.rows), -max(r["id"] for r in group.rows)))


def _summary(group: _Group) -> dict[str, Any]:
    wordings = Counter(row["text"] for row in group.rows)
    newest_first = sorted(group.rows, key=lambda row: (row["asked_at"], row["id"]), reverse=True)
    examples: list[str] = []
    for row in newest_first:
        if row["text"] not in examples:
            examples.append(row["text"])
        if len(examples) == MAX_EXAMPLES:
            break
    reasons = Counter(row["reason"] for row in group.rows)
    return {
        "example": min(wordings, key=lambda text: (-wordings[text], text)),
        "count": len(group.rows),
        "examples": examples,
        "cities": sorted({row["city"] for row in group.rows if row["city"]}),
        "last_asked": newest_first[0]["asked_at"],
        "reason": min(reasons, key=lambda reason: (-reasons[reason], reason != "not_covered")),
    }
