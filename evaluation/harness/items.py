"""Load the evaluation items, attach each one's split (by writer), validate, and say what is wrong.

Nothing is skipped silently: an item that cannot be graded (bad JSON, a missing or ill-typed required field,
an unknown writer) is listed in ``Loaded.malformed`` and not played; an item its reviewer rejected
(``"rejected": true``, REVIEW.md) is listed in ``Loaded.rejected`` and not played; an item that can be graded
but looks inconsistent (a check naming another date than the computed one, a weak alternative, ...) is played
and listed in ``Loaded.warnings``. ``run`` prints all three.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evaluation.harness import grading
from evaluation.harness import phrases as P

SETS = Path(__file__).resolve().parents[1] / "sets"
KINDS = ("singles", "conversations", "sorting")
LANGUAGES = ("en", "es")
# README "Splits: by writer, not by item" (English w1-w8, Spanish s1-s7).
SPLIT_OF_WRITER = {
    "w1": "dev",
    "w2": "dev",
    "w3": "dev",
    "w4": "dev",
    "w7": "dev",  # written after the first six, to check dev gains carry to new words (README)
    "w8": "dev",  # written later still, for the same check on the code of stop 23 (README)
    "w9": "dev",  # sorting only, stop 24: is sorting's dev/test gap the catalog or the words? (README)
    "w10": "dev",  # singles and conversations, stop 25, played before any change for them (README)
    "w11": "dev",  # as w10, stop 26 (README)
    "w12": "dev",  # as w10, stop 27: first played on the card questions written for users' words (README)
    "w13": "dev",  # as w10, stop 28 (README)
    "w14": "dev",  # as w10, stop 28 (README)
    "w15": "dev",  # as w10, stop 29 (README)
    "w17": "dev",  # as w10, stop 30 (README)
    "w18": "dev",  # as w10, stop 31 (README)
    "w19": "dev",  # as w10, stop 33, conversations first (README)
    "w21": "dev",  # stop 37: short SMS texts, flows done to the end, played before any change for it (README)
    "w24": "dev",  # stop 38: as w10, mostly SMS, played first on the stop's code before any change for it
    "w26": "dev",  # stop 39: as w24 (README)
    "w28": "dev",  # stop 41: as w24, played first on the stop's code before any change for it (README)
    "w29": "dev",  # stop 42: as w28 (README)
    "w30": "dev",  # stop 43: as w28, conversations weighted (README)
    "w32": "dev",  # stop 45: as w28, written beside w33 (test) so the split stays near a third (README)
    "w34": "dev",  # stop 46: as w32, written beside w35 (test) (README)
    "w36": "dev",  # stop 47: as w34, written beside w37 (test) (README)
    "w38": "dev",  # stop 48: written alone (no test writer beside it); the split stays near a third (README)
    "w39": "dev",  # stop 49
    "w40": "test",
    "w41": "dev",  # stop 50
    "w42": "test",
    "w43": "dev",  # stop 51: written alone, like w38; the split stays near a third (README)
    "w44": "dev",  # stop 51
    "w45": "dev",  # stop 52: written beside w46 (test), the split stays near a third (README)
    "w46": "test",
    "w47": "dev",  # stop 53: written beside w48 (test), the split stays near a third (README)
    "w48": "test",
    "w49": "dev",  # stop 54: two dev writers only; the test split stays above 33% (README)
    "w50": "dev",  # stop 55: written beside w51 (test) (README)
    "w51": "test",
    "w52": "dev",  # stop 56: written beside w53 (test) (README)
    "w53": "test",
    "w54": "dev",  # stop 57: written beside w55 (test) (README)
    "w55": "test",
    "w56": "dev",  # stop 58: written beside w57 (test) (README)
    "w57": "test",
    "w58": "dev",  # stop 59: written beside w59 (test) (README)
    "w59": "test",
    "w5": "test",
    "w6": "test",
    "w16": "test",  # stop 30: a fresh writer added to the test split, never read (README)
    "w20": "test",  # stop 34: as w16, to bring the test split toward a third (README)
    "w22": "test",  # stop 37: as w16, to bring the test split to about a third (README)
    "w23": "test",  # stop 37: as w22 (README)
    "w25": "test",  # stop 38: as w22, to keep the test split near a third as dev grows (README)
    "w27": "test",  # stop 39: as w25 (README)
    "w31": "test",  # stop 44: as w30, to keep the test split near a third as dev grows; never read (README)
    "w33": "test",  # stop 45: written beside w32 (dev); never read (README)
    "w35": "test",  # stop 46: written beside w34 (dev); never read (README)
    "w37": "test",  # stop 47: written beside w36 (dev); never read (README)
    "s1": "dev",
    "s2": "dev",
    "s3": "dev",
    "s6": "dev",  # written after the first five, to check dev gains carry to new words (README)
    "s7": "dev",  # written later still, for the same check on the code of stop 23 (README)
    "s8": "dev",  # sorting only, stop 24, as w9 (README)
    "s9": "dev",  # as w10 (README)
    "s10": "dev",  # as w11 (README)
    "s11": "dev",  # as w12 (README)
    "s12": "dev",  # as w10, stop 28 (README)
    "s13": "dev",  # as w10, stop 29 (README)
    "s15": "dev",  # as w10, stop 31 (README)
    "s16": "dev",  # as w10, stop 33, conversations first (README)
    "s18": "dev",  # as w21, stop 37 (README)
    "s20": "dev",  # as w24, stop 38 (README)
    "s22": "dev",  # as w24, stop 39 (README)
    "s24": "dev",  # as w28, stop 41 (README)
    "s25": "dev",  # as w29, stop 42 (README)
    "s26": "dev",  # as w30, stop 43 (README)
    "s28": "dev",  # as w32, stop 45 (README)
    "s30": "dev",  # as w34, stop 46 (README)
    "s32": "dev",  # as w36, stop 47 (README)
    "s34": "dev",  # stop 48: written alone (no test writer beside it); the split stays near a third (README)
    "s35": "dev",  # stop 49
    "s36": "test",
    "s37": "dev",  # stop 50
    "s38": "test",
    "s39": "dev",  # stop 51: written alone, like s34; the split stays near a third (README)
    "s40": "dev",  # stop 51
    "s41": "dev",  # stop 52: written beside s42 (test) (README)
    "s42": "test",
    "s43": "dev",  # stop 53: written beside s44 (test) (README)
    "s44": "test",
    "s45": "dev",  # stop 54 (README)
    "s46": "dev",  # stop 55: written beside s47 (test) (README)
    "s47": "test",
    "s48": "dev",  # stop 56: written beside s49 (test) (README)
    "s49": "test",
    "s50": "dev",  # stop 57: written beside s51 (test) (README)
    "s51": "test",
    "s52": "dev",  # stop 58: written beside s53 (test) (README)
    "s53": "test",
    "s54": "dev",  # stop 59: written beside s55 (test) (README)
    "s55": "test",
    "s4": "test",
    "s5": "test",
    "s14": "test",  # stop 30: a fresh writer added to the test split, never read (README)
    "s17": "test",  # stop 34: as s14, to bring the test split toward a third (README)
    "s19": "test",  # stop 37: as w22 (README)
    "s21": "test",  # stop 38: as w25 (README)
    "s23": "test",  # stop 39: as w25 (README)
    "s27": "test",  # stop 44: as w31 (README)
    "s29": "test",  # stop 45: as w33 (README)
    "s31": "test",  # stop 46: as w35 (README)
    "s33": "test",  # stop 47: as w37 (README)
}
SPLITS = ("dev", "test")
CHANNELS = ("sms", "web", "voice")
FLOW_VALUES = ("none", *P.FLOWS)
CONTAINER_VALUES = ("blue", "green", "brown", "black", "not_in_any_cart", "depends", "not_covered")
OFFICE_VALUES = (None, "fog", "solid_waste", "other")
CITY_VALUES = (None, "victorville", "inglewood")
COMPUTED_KINDS = (
    "service_due",
    "manifest_deadline",
    "spill_written_deadline",
    "late_fee",
    "delinquency_date",
    "nov_fee",
    "annual_fee",
    "permit_fee",
    "deminimis_eligibility",
    "physical_space_waiver",
    "edible_food_tier",
    "waiver_validity",
    "other",
)
# Computed kinds whose deadline counts working days: a date on a weekend is suspicious.
WORKING_DAY_KINDS = ("spill_written_deadline",)


@dataclass
class Item:
    kind: str  # singles | conversations | sorting
    data: dict[str, Any]
    split: str
    source: str  # file:line

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def channel(self) -> str:
        return self.data["channel"]

    @property
    def language(self) -> str:
        return self.data["language"]


@dataclass
class Problem:
    source: str
    item_id: str | None
    message: str

    def __str__(self) -> str:
        return f"{self.source} {self.item_id or '?'}: {self.message}"


@dataclass
class Loaded:
    items: list[Item] = field(default_factory=list)
    malformed: list[Problem] = field(default_factory=list)
    rejected: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def select(
        self, kinds: Iterable[str], splits: Iterable[str], languages: Iterable[str] = LANGUAGES
    ) -> list[Item]:
        kinds, splits, languages = set(kinds), set(splits), set(languages)
        return [
            item
            for item in self.items
            if item.kind in kinds and item.split in splits and item.language in languages
        ]


def load(root: Path = SETS, languages: Iterable[str] = LANGUAGES) -> Loaded:
    """Every item of ``root/<language>/<writer>/<kind>.jsonl``, validated."""
    loaded = Loaded()
    seen: dict[str, str] = {}
    paths = [path for language in languages for path in sorted((root / language).glob("*/*.jsonl"))]
    for path in paths:
        kind = path.stem
        where = path.relative_to(root.parent) if root.parent in path.parents else path
        if kind not in KINDS:
            loaded.malformed.append(Problem(str(where), None, f"unknown file kind {kind!r}: not played"))
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            source = f"{where}:{number}"
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as error:
                loaded.malformed.append(Problem(source, None, f"invalid JSON ({error})"))
                continue
            if not isinstance(data, dict):
                loaded.malformed.append(Problem(source, None, "not a JSON object"))
                continue
            item_id = data.get("id") if isinstance(data.get("id"), str) else None
            errors = validate(
                kind, data, folder_writer=path.parent.name, folder_language=path.parents[1].name
            )
            if item_id in seen:
                errors.append(f"duplicate id (also at {seen[item_id]})")
            if errors:
                loaded.malformed += [Problem(source, item_id, message) for message in errors]
                continue
            seen[item_id] = source
            if data.get("rejected"):
                reason = data.get("reject_reason") or "no reason given"
                loaded.rejected.append(Problem(source, item_id, f"rejected by its reviewer: {reason}"))
                continue
            item = Item(kind=kind, data=data, split=SPLIT_OF_WRITER[data["writer"]], source=source)
            loaded.items.append(item)
            loaded.warnings += [Problem(source, item_id, message) for message in lint(item)]
    return loaded


# --- validation: what grading needs ------------------------------------------------------------------------


def validate(
    kind: str,
    data: Mapping[str, Any],
    folder_writer: str | None = None,
    folder_language: str | None = None,
) -> list[str]:
    """Reasons this item cannot be played and graded (empty: fine)."""
    errors: list[str] = []

    def need(name: str, types: type | tuple[type, ...], allowed: Iterable[Any] | None = None) -> None:
        if name not in data:
            errors.append(f"missing field {name!r}")
            return
        value = data[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in _as_tuple(types)):
            errors.append(f"{name!r} has type {type(value).__name__}")
        elif allowed is not None and value not in tuple(allowed):
            errors.append(f"{name!r}={value!r} is not one of {tuple(allowed)}")

    need("id", str)
    need("writer", str, SPLIT_OF_WRITER)
    need("channel", str, CHANNELS)
    need("language", str, LANGUAGES)
    need("city", (str, type(None)), CITY_VALUES)
    if folder_writer and data.get("writer") != folder_writer:
        errors.append(f"writer {data.get('writer')!r} is in folder {folder_writer!r}")
    if folder_language and data.get("language") != folder_language:
        errors.append(f"language {data.get('language')!r} is in folder {folder_language!r}")
    if (
        isinstance(data.get("id"), str)
        and isinstance(data.get("writer"), str)
        and not data["id"].startswith(f"{data['writer']}-")
    ):
        errors.append(f"id {data['id']!r} does not start with its writer")
    if kind == "singles":
        need("question", str)
        need("answerable", bool)
        need("main_point", str)
        need("flow", str, FLOW_VALUES)
        need("office", (str, type(None)), OFFICE_VALUES)
        errors += _check_errors("main_point_check", data.get("main_point_check"), allow_empty=False)
        facts = data.get("facts", [])
        if not isinstance(facts, list):
            errors.append("'facts' is not a list")
        else:
            for i, fact in enumerate(facts):
                if not isinstance(fact, dict):
                    errors.append(f"facts[{i}] is not an object")
                else:
                    errors += _check_errors(f"facts[{i}].check", fact.get("check"), allow_empty=False)
        errors += _computed_errors("computed", data.get("computed"))
        errors += _must_not_say_errors(data.get("must_not_say", []), dicts=True)
    elif kind == "conversations":
        need("turns", list)
        for i, turn in enumerate(data.get("turns") or []):
            if (
                not isinstance(turn, dict)
                or not isinstance(turn.get("user"), str)
                or not turn["user"].strip()
            ):
                errors.append(f"turns[{i}] has no user text")
                continue
            expect = turn.get("expect")
            if not isinstance(expect, dict):
                errors.append(f"turns[{i}] has no expect object")
                continue
            if expect.get("starts_flow") not in (None, *P.FLOWS):
                errors.append(f"turns[{i}].starts_flow={expect.get('starts_flow')!r}")
            if expect.get("submitted") not in (None, *P.FLOWS):
                errors.append(f"turns[{i}].submitted={expect.get('submitted')!r}")
            if not isinstance(expect.get("no_new_flow"), bool):
                errors.append(f"turns[{i}].no_new_flow is not true/false")
            errors += _check_errors(f"turns[{i}].check", expect.get("check", []), allow_empty=True)
            errors += _computed_errors(f"turns[{i}].computed", expect.get("computed"))
            errors += _must_not_say_errors(expect.get("must_not_say", []), dicts=False, where=f"turns[{i}]")
    elif kind == "sorting":
        need("question", str)
        need("expected", str, CONTAINER_VALUES)
        errors += _check_errors("check", data.get("check"), allow_empty=False)
        also = data.get("also_acceptable", [])
        if not isinstance(also, list) or any(value not in CONTAINER_VALUES for value in also):
            errors.append(f"also_acceptable={also!r} holds a value that is not a container")
    return errors


def _as_tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def _check_errors(name: str, check: Any, allow_empty: bool) -> list[str]:
    if not isinstance(check, list):
        return [f"{name} is not a list of groups"]
    if not check and not allow_empty:
        return [f"{name} is empty"]
    errors = []
    for i, group in enumerate(check):
        if not isinstance(group, list) or not group:
            errors.append(f"{name}[{i}] is not a non-empty list")
        elif not all(isinstance(alt, str) and alt.strip() for alt in group):
            errors.append(f"{name}[{i}] holds an empty or non-text alternative")
    return errors


def _computed_errors(name: str, computed: Any) -> list[str]:
    if computed is None:
        return []
    if not isinstance(computed, dict) or not isinstance(computed.get("expected"), dict):
        return [f"{name} has no expected object"]
    expected = computed["expected"]
    keys = set(expected) & {"date", "amount", "eligible", "tier", "value"}
    if keys == {"tier", "date"}:  # an edible food generator's tier with the day its duties start
        return _computed_errors(name, {"expected": {"tier": expected["tier"]}}) + _computed_errors(
            name, {"expected": {"date": expected["date"]}}
        )
    if len(keys) != 1:
        return [f"{name}.expected has keys {sorted(expected)}: need one of date/amount/eligible/tier/value"]
    key = keys.pop()
    value = expected[key]
    valid = {
        "date": lambda v: isinstance(v, str) and _is_iso_date(v),
        "amount": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
        "eligible": lambda v: isinstance(v, bool),
        "tier": lambda v: v in (1, 2) and not isinstance(v, bool),
        "value": lambda v: isinstance(v, str) and bool(v.strip()),
    }[key]
    if not valid(value):
        return [f"{name}.expected.{key}={value!r} is not valid"]
    return []


def _is_iso_date(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _must_not_say_errors(entries: Any, dicts: bool, where: str = "") -> list[str]:
    prefix = f"{where}." if where else ""
    if not isinstance(entries, list):
        return [f"{prefix}must_not_say is not a list"]
    for entry in entries:
        if dicts and not (isinstance(entry, dict) and isinstance(entry.get("any_of"), list)):
            return [f"{prefix}must_not_say entry {entry!r} has no any_of list"]
        if not dicts and not isinstance(entry, str):
            return [f"{prefix}must_not_say entry {entry!r} is not text"]
    return []


# --- lint: gradable, but probably not what the writer meant ------------------------------------------------

_HOW_ARITHMETIC = re.compile(
    r"(\d{4}-\d{2}-\d{2})\s*\+\s*(\d+)\s*(?:calendar\s+)?days?\s*=\s*(\d{4}-\d{2}-\d{2})"
)


def lint(item: Item) -> list[str]:
    """Things that look wrong in an item that can still be graded."""
    data = item.data
    notes: list[str] = []
    notes += _lint_weak_alternatives(item)
    if item.kind == "singles":
        notes += _lint_computed(data.get("computed"), data.get("main_point_check"), "main_point_check")
        notes += _lint_contradiction(data.get("main_point_check"), data.get("must_not_say"))
        notes += _lint_forbidden_value(data.get("computed"), data.get("must_not_say"))
        answerable, office, flow = data["answerable"], data["office"], data["flow"]
        if answerable is False and office is None:
            notes.append("unanswerable but no office to refer to")
        if answerable is True and office is not None:
            notes.append(f"answerable but office={office!r} (office is for unanswerable items)")
        if answerable is False and flow != "none":
            notes.append(f"unanswerable but flow={flow!r}")
    elif item.kind == "conversations":
        turns = data["turns"]
        if not 3 <= len(turns) <= 8:
            notes.append(f"{len(turns)} turns (brief: 3-8)")
        for i, turn in enumerate(turns):
            expect = turn["expect"]
            if expect.get("starts_flow") and expect.get("no_new_flow"):
                notes.append(f"turn {i + 1}: starts_flow={expect['starts_flow']!r} but no_new_flow=true")
            notes += [
                f"turn {i + 1}: {note}"
                for note in _lint_computed(expect.get("computed"), expect.get("check"), "check")
            ]
            forbidden = [{"any_of": expect.get("must_not_say") or []}]
            hits = _lint_contradiction(expect.get("check"), forbidden)
            hits += _lint_forbidden_value(expect.get("computed"), forbidden)
            notes += [f"turn {i + 1}: {note}" for note in hits]
    elif item.kind == "sorting":
        expected, also = data["expected"], data.get("also_acceptable") or []
        if expected in also:
            notes.append(f"expected {expected!r} is also listed in also_acceptable")
        colours = ("blue", "green", "brown", "black")
        if expected in colours:
            alternatives = " | ".join(alt for group in data["check"] for alt in group)
            if grading.first_of(alternatives, P.CONTAINERS[expected]) is None:
                notes.append(f"expected {expected!r} but the check never names it: {data['check']}")
        if data.get("city") == "inglewood" and expected in colours:
            notes.append(
                f"Inglewood item (Chapter 6.37 is Victorville only) expects the {expected} container"
            )
    return notes


def _lint_computed(computed: Any, check: Any, check_name: str) -> list[str]:
    if not computed:
        return []
    notes = []
    expected = computed.get("expected") or {}
    how = str(computed.get("how") or "")
    for start, days, end in _HOW_ARITHMETIC.findall(how):
        if dt.date.fromisoformat(start) + dt.timedelta(days=int(days)) != dt.date.fromisoformat(end):
            notes.append(f"computed.how says {start} + {days} days = {end}, which is wrong")
    alternatives = [alt for group in check or [] for alt in group]
    if "date" in expected:
        day = dt.date.fromisoformat(expected["date"])
        if computed.get("kind") in WORKING_DAY_KINDS and day.weekday() >= 5:
            notes.append(f"{computed.get('kind')} due {day} is a {day:%A} (working days?)")
        named = {d for alt in alternatives for d in _month_days(alt)}
        if named and (day.month, day.day) not in named:
            shown = ", ".join(f"{m}/{d}" for m, d in sorted(named))
            notes.append(f"computed.expected {day} but {check_name} names other dates ({shown})")
    elif "amount" in expected:
        cents = round(float(expected["amount"]) * 100)
        written = [a.replace(",", "") for alt in alternatives for a in _DOLLARS.findall(alt)]
        # "$41" for $41.30 is a prefix the writer meant to accept, not another amount.
        named = {round(float(a) * 100) for a in written if "." in a or float(a) != int(cents // 100)}
        if named and cents not in named:
            shown = ", ".join(f"${c / 100:,.2f}" for c in sorted(named))
            notes.append(
                f"computed.expected ${cents / 100:,.2f} but {check_name} names other amounts ({shown})"
            )
    return notes


_MONTH_NUMBER = {name[:3].lower(): number for number, name in enumerate(P.MONTHS, 1)}
_MONTH_DAY = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (\d{1,2})(?!\d)")
_NUMERIC_DATE = re.compile(r"(?<![\d.$])(\d{1,2})/(\d{1,2})(?![\d.])")
_ISO = re.compile(r"\b\d{4}-(\d{2})-(\d{2})\b")
_DOLLARS = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)")


def _month_days(text: str) -> set[tuple[int, int]]:
    """(month, day) pairs a check alternative names: "Dec 14", "december 14", "12/14", "2026-12-14"."""
    text = grading.normalise(text)
    found = {(_MONTH_NUMBER[m], int(d)) for m, d in _MONTH_DAY.findall(text)}
    found |= {(int(m), int(d)) for m, d in _NUMERIC_DATE.findall(text) if 1 <= int(m) <= 12}
    found |= {(int(m), int(d)) for m, d in _ISO.findall(text)}
    return {(m, d) for m, d in found if 1 <= d <= 31}


def _lint_contradiction(check: Any, must_not_say: Any) -> list[str]:
    notes = []
    for entry in must_not_say or []:
        phrases = (entry.get("any_of") or []) if isinstance(entry, dict) else []
        for phrase in phrases:
            for group in check or []:
                for alt in group:
                    if grading.contains(alt, phrase):
                        notes.append(f"must_not_say {phrase!r} is inside the check alternative {alt!r}")
    return notes


def _lint_forbidden_value(computed: Any, must_not_say: Any) -> list[str]:
    """must_not_say phrases that a reply stating the expected value would contain."""
    expected = (computed or {}).get("expected") or {}
    if "date" in expected:
        text = " / ".join(grading.date_renderings(expected["date"]))
    elif "amount" in expected:
        text = " / ".join(grading.amount_renderings(expected["amount"]))
    else:
        return []
    notes = []
    for entry in must_not_say or []:
        for phrase in (entry.get("any_of") or []) if isinstance(entry, dict) else []:
            if grading.contains(text, phrase):
                value = expected.get("date", expected.get("amount"))
                notes.append(f"must_not_say {phrase!r} matches the expected value {value!r}")
    return notes


def _checks(item: Item) -> list[tuple[str, list[list[str]]]]:
    data = item.data
    if item.kind == "singles":
        named = [("main_point_check", data["main_point_check"])]
        return named + [(f"facts[{i}]", fact["check"]) for i, fact in enumerate(data.get("facts") or [])]
    if item.kind == "sorting":
        return [("check", data["check"])]
    return [(f"turn {i + 1} check", t["expect"].get("check") or []) for i, t in enumerate(data["turns"])]


def _lint_weak_alternatives(item: Item) -> list[str]:
    """Alternatives a wrong reply matches too: 1-3 letters (found inside other words: "nov" in "November",
    "lie" in "applies"), no letter or digit at all ("#"), or groups made only of generic words."""
    notes = []
    generic = set(P.GENERIC_ALTERNATIVES)
    for name, check in _checks(item):
        for group in check:
            weak = []
            for alt in group:
                norm = grading.normalise(alt)
                short = norm.isalpha() and len(norm) <= 3 and norm not in generic
                if not re.search(r"[a-z0-9]", norm) or (short and norm not in P.SHORT_BUT_SPECIFIC):
                    weak.append(alt)
            if weak:
                notes.append(f"{name}: weak alternative(s) {weak} (substring of other words or symbols)")
            if all(grading.normalise(alt) in generic for alt in group):
                notes.append(f"{name}: group {group} is matched by almost any answer on the subject")
    return notes
