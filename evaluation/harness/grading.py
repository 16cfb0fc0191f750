"""Pure grading functions: one reply (joined text) against one item's expectations. No I/O, no server.

Matching rules (BRIEF.md: a ``check`` is a list of groups, every group must match, any one alternative of a
group may appear, case-insensitive substring), made robust to how replies are printed:

* both sides are normalised (:func:`normalise`): Unicode compatibility forms, curly quotes and dashes made
  plain, markdown emphasis and zero-width characters dropped, lower case, single spaces, thousands separators
  dropped ("$1,000" == "$1000"), the comma after a yes that opens a sentence dropped ("Sí, califica" ==
  "sí califica"; since stop 58, which moved 2 of stop 57's 1,450 test single verdicts), a negated "do" in
  one form;
  then compared again with accents stripped ("días" == "dias");
* numbers are whole: an alternative that begins (ends) with a digit does not match right after (before)
  another digit, so "December 1" is not found in "December 14" and "90 days" not in "190 days";
* a phone number in an alternative ("412-5333", "(310) 412-5333") matches the same digits however they are
  grouped or spaced in the reply, including digit-by-digit speech ("4 1 2, 5 3 3 3").

Word lists live in :mod:`evaluation.harness.phrases`.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluation.harness import phrases as P

# --- normalising -------------------------------------------------------------------------------------------

_CHAR_MAP = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\ufe58": "-",
        "\u2026": "...",
        "*": None,  # markdown emphasis
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\u2060": None,
        "\ufeff": None,
        "\u00ad": None,
    }
)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_SPACES = re.compile(r"\s+")
# A yes that opens a sentence, and its comma ("Sí, califica", "Yes, you can")
_YES_COMMA = re.compile(r"(?:^|(?<=[.!?¿¡]\s))(s[ií]|yes|yeah|claro)\s*,", re.IGNORECASE)


def normalise(text: str) -> str:
    """Lower case, plain quotes and hyphens, no markdown stars or zero-width characters, single spaces,
    no thousands separators, "FOG" for the voice line's "fats, oils and grease", one form of a negated
    "do" ("don't", "do not", "doesn't" → "does not"), and no comma after a yes that opens a sentence:
    writers' checks say "doesn't set" where a reply about two ordinances says "don't set", and "sí califica"
    where a reply writes "Sí, califica"; agreement and that comma are not facts. Other commas stay: "No,
    necesita un permiso" must never read "no necesita", nor "4 years in Inglewood, 2 years in Victorville"
    "inglewood 2 years"."""
    text = unicodedata.normalize("NFKC", text or "").translate(_CHAR_MAP)
    text = _THOUSANDS.sub("", text)
    text = _YES_COMMA.sub(r"\1", text)
    text = _SPACES.sub(" ", text).strip().lower()
    text = _SPOKEN_FOG.sub("fog", text)  # the voice line says the abbreviation in full
    return _NEGATED_DO.sub("does not", text)


_NEGATED_DO = re.compile(r"\b(?:don't|doesn't|do not)\b")
_SPOKEN_FOG = re.compile(r"\bfats,? oils,? and grease\b")


def strip_accents(text: str) -> str:
    """``text`` without combining marks ("días" -> "dias", "cáscaras" -> "cascaras")."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


@dataclass(frozen=True)
class Text:
    """A reply prepared once for many look-ups: normalised, accent-free, and its runs of digits."""

    raw: str
    norm: str
    plain: str
    digit_runs: tuple[str, ...]

    @classmethod
    def of(cls, raw: str | Text) -> Text:
        if isinstance(raw, Text):
            return raw
        norm = normalise(raw)
        runs = tuple(re.sub(r"\D", "", run) for run in _DIGIT_RUN.findall(norm))
        return cls(raw=raw or "", norm=norm, plain=strip_accents(norm), digit_runs=runs)

    @property
    def empty(self) -> bool:
        return not self.norm


# Digits separated only by spaces, commas, dots, dashes, slashes and brackets: one number as written or read
# out ("(310) 412-5333", "3 1 0, 4 1 2, 5 3 3 3").
_DIGIT_RUN = re.compile(r"\d(?:[\s().,+\-/]*\d)*")
_PHONE_LIKE = re.compile(r"^[\d\s().+\-/]+$")


@functools.lru_cache(maxsize=8192)
def _needle(phrase: str, whole_words: bool = False) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """(pattern on the normalised text, pattern on the accent-free text), or None for an empty phrase."""
    norm = normalise(phrase)
    if not norm:
        return None

    def compile_(needle: str) -> re.Pattern[str]:
        body = re.escape(needle)
        if whole_words:
            body = body.replace(r"\ ", r"[\s-]+")
            return re.compile(rf"(?<![a-z0-9]){body}(?![a-z0-9])")
        head = r"(?<!\d)" if needle[0].isdigit() else ""
        tail = ""
        if re.search(r"\.\d+$", needle):
            tail = r"0*(?!\d)"  # "26.7" is found in "$26.70", not in "$26.75"
        elif needle[-1].isdigit():
            tail = r"(?!\d)"
        return re.compile(f"{head}{body}{tail}")

    return compile_(norm), compile_(strip_accents(norm))


def find(text: str | Text, phrase: str, whole_words: bool = False) -> int:
    """Where ``phrase`` first occurs in ``text`` (position in the normalised text), or -1."""
    reply = Text.of(text)
    patterns = _needle(phrase, whole_words)
    if patterns is None:
        return -1
    for pattern, haystack in zip(patterns, (reply.norm, reply.plain), strict=True):
        match = pattern.search(haystack)
        if match:
            return match.start()
    return -1


def contains(text: str | Text, phrase: str, whole_words: bool = False) -> bool:
    """Whether the reply contains ``phrase`` under the rules of the module docstring."""
    reply = Text.of(text)
    if find(reply, phrase, whole_words) >= 0:
        return True
    norm = normalise(phrase)
    if _PHONE_LIKE.match(norm):
        digits = re.sub(r"\D", "", norm)
        if len(digits) >= 7:
            return any(digits in run for run in reply.digit_runs)
    return False


def first_of(text: str | Text, alternatives: Iterable[str], whole_words: bool = False) -> str | None:
    """The first alternative (in list order) the reply contains, or None."""
    reply = Text.of(text)
    return next((alt for alt in alternatives if contains(reply, alt, whole_words)), None)


# --- checks ------------------------------------------------------------------------------------------------


@dataclass
class CheckResult:
    passed: bool
    matched: list[str | None] = field(default_factory=list)  # per group: the alternative found, or None

    @property
    def missing(self) -> list[int]:
        return [i for i, alt in enumerate(self.matched) if alt is None]


def match_check(text: str | Text, check: Sequence[Sequence[str]] | None) -> CheckResult:
    """Every group must match; any alternative of a group may. An empty check passes (nothing asked)."""
    reply = Text.of(text)
    matched = [first_of(reply, group) for group in check or []]
    return CheckResult(passed=all(alt is not None for alt in matched), matched=matched)


def must_not_say_hits(text: str | Text, entries: Sequence[Any] | None) -> list[dict[str, str]]:
    """The entries the reply says: singles use ``{"why", "any_of": [..]}``, turns a plain list of phrases."""
    reply = Text.of(text)
    hits = []
    for entry in entries or []:
        if isinstance(entry, Mapping):
            phrase = first_of(reply, entry.get("any_of") or [])
            if phrase is not None:
                hits.append({"phrase": phrase, "why": str(entry.get("why", ""))})
        elif isinstance(entry, str) and contains(reply, entry):
            hits.append({"phrase": entry, "why": ""})
    return hits


# --- computed values ---------------------------------------------------------------------------------------


def date_renderings(date: dt.date | str) -> list[str]:
    """The forms an answer may print a date in: "December 3, 2026", "Dec 3", "Dec. 3", "12/3/2026", "12/3",
    "2026-12-03", "3 December", "3 de diciembre", "diciembre 3" (and zero-padded numerals). Day-first numerals
    ("3/12") are left out: the assistant is American and they would read as another date."""
    day = dt.date.fromisoformat(date) if isinstance(date, str) else date
    month = P.MONTHS[day.month - 1]
    abbreviations = (month[:3], *P.MONTH_EXTRA_ABBREVIATIONS.get(day.month, ()))
    forms = [f"{month} {day.day}, {day.year}", f"{month} {day.day}"]
    for short in abbreviations:
        forms += [f"{short} {day.day}", f"{short}. {day.day}"]
    forms += [
        f"{day.month}/{day.day}/{day.year}",
        f"{day.month:02d}/{day.day:02d}/{day.year}",
        f"{day.month}/{day.day}",
        f"{day.month:02d}/{day.day:02d}",
        day.isoformat(),
        f"{day.day} {month}",
    ]
    mes = P.MESES[day.month - 1]
    forms += [f"{day.day} de {mes}", f"{day.day}º de {mes}", f"{day.day}° de {mes}", f"{mes} {day.day}"]
    if day.day == 1:
        forms.append(f"primero de {mes}")
    return list(dict.fromkeys(forms))


def amount_renderings(amount: float) -> list[str]:
    """ "$26.70", "26.70" for cents; "$1,000", "$1,000.00", "1,000.00", "1,000 dollars" for whole dollars.
    A bare whole number ("1,000") is not enough: it could be any count."""
    cents = round(float(amount) * 100)
    with_cents = f"{cents / 100:,.2f}"
    forms = [f"${with_cents}", with_cents]
    if cents % 100 == 0:
        whole = f"{cents // 100:,}"
        forms += [f"${whole}", f"{whole} dollars", f"{whole} dolares"]
    return forms


def eligibility_verdict(text: str | Text) -> bool | None:
    """The polarity of the earliest eligibility phrase in the reply (negatives mask the positive inside them),
    or None if the reply says neither."""
    reply = Text.of(text)
    spans: list[tuple[int, int, bool]] = []
    for phrase in P.ELIGIBLE_NO:
        spans += [(m.start(), m.end(), False) for m in _finditer(reply, phrase)]
    negatives = [(s, e) for s, e, _ in spans]
    for phrase in P.ELIGIBLE_YES:
        for match in _finditer(reply, phrase):
            if not any(s <= match.start() < e for s, e in negatives):
                spans.append((match.start(), match.end(), True))
    return min(spans)[2] if spans else None


def _finditer(reply: Text, phrase: str) -> list[re.Match[str]]:
    patterns = _needle(phrase)
    if patterns is None:
        return []
    # Positions on the accent-free text: it has the same length as the normalised one for these phrases.
    return list(patterns[1].finditer(reply.plain))


def tier_named(text: str | Text, tier: int) -> bool:
    return first_of(text, P.TIER_WORDS.get(int(tier), ()), whole_words=True) is not None


_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d{2})?)")


@dataclass
class ComputedResult:
    gradable: bool
    passed: bool | None
    looked_for: list[list[str]]  # every group must be found, any rendering of a group may
    detail: str = ""


def grade_computed(text: str | Text, computed: Mapping[str, Any] | None) -> ComputedResult | None:
    """Whether the reply states ``computed.expected`` (None when the item has no computed value).

    ``value`` is free text: it is graded only on the dates (ISO) and dollar amounts it contains, all of which
    must be stated; a value with neither ("counts as remodeling") is not gradable automatically."""
    if not computed:
        return None
    reply = Text.of(text)
    expected = computed.get("expected") or {}
    if "tier" in expected and "date" in expected:  # the tier and the day its duties start: both stated
        tier = grade_computed(reply, {"expected": {"tier": expected["tier"]}})
        day = grade_computed(reply, {"expected": {"date": expected["date"]}})
        passed = bool(tier and tier.passed and day and day.passed)
        looked_for = (tier.looked_for if tier else []) + (day.looked_for if day else [])
        return ComputedResult(True, passed, looked_for, "" if passed else "tier or start date not stated")
    if "date" in expected:
        groups = [date_renderings(expected["date"])]
    elif "amount" in expected:
        groups = [amount_renderings(expected["amount"])]
    elif "eligible" in expected:
        said = eligibility_verdict(reply)
        want = bool(expected["eligible"])
        detail = "says nothing about eligibility" if said is None else f"says eligible={said}"
        return ComputedResult(True, said is want, [], detail)
    elif "tier" in expected:
        words = list(P.TIER_WORDS.get(int(expected["tier"]), ()))
        return ComputedResult(True, tier_named(reply, expected["tier"]), [words])
    elif "value" in expected:
        value = str(expected["value"])
        groups = [date_renderings(d) for d in _ISO_DATE.findall(value)]
        groups += [amount_renderings(float(a.replace(",", ""))) for a in _MONEY.findall(value)]
        if not groups:
            return ComputedResult(False, None, [], "free-text value: not graded automatically")
    else:
        return ComputedResult(False, None, [], f"unknown expected {sorted(expected)}")
    found = [first_of(reply, group) for group in groups]
    passed = all(f is not None for f in found)
    return ComputedResult(True, passed, groups, "" if passed else "not stated in any rendering")


# --- unanswerable questions --------------------------------------------------------------------------------


def decline_phrase(text: str | Text, own_check: Sequence[Sequence[str]] | None = None) -> str | None:
    """The phrase by which the reply says the ordinance does not answer (``phrases.DECLINE`` or the item's own
    decline words), or None."""
    reply = Text.of(text)
    found = first_of(reply, P.DECLINE)
    if found is None and own_check:
        result = match_check(reply, own_check)
        if result.passed:
            found = " + ".join(str(alt) for alt in result.matched)
    return found


def office_named(text: str | Text, office: str | None) -> str | None:
    """The office word found, if the reply names ``office`` AND uses a referral word (contact, call, ...)."""
    if not office:
        return None
    reply = Text.of(text)
    name = first_of(reply, P.OFFICES.get(office, ()))
    if name is None or first_of(reply, P.REFERRAL) is None:
        return None
    return name


# --- flows and submissions ---------------------------------------------------------------------------------

_REFERENCE = re.compile(r"\b(SP|SR|PA|WV|FC)[\s.\-]*(\d{6})\b", re.IGNORECASE)
_SPOKEN_REFERENCE = re.compile(r"\b([A-Z]) ([A-Z]),? ((?:\d ){5}\d)\b")


def references(text: str) -> list[str]:
    """Reference numbers in a reply, canonical ("SP-482137"), typed or read out ("S P, 4 8 2 1 3 7")."""
    found = [f"{p.upper()}-{d}" for p, d in _REFERENCE.findall(text or "")]
    for first, second, digits in _SPOKEN_REFERENCE.findall(text or ""):
        prefix = first + second
        if prefix in P.REFERENCE_PREFIX.values() or prefix == "FC":
            found.append(f"{prefix}-{digits.replace(' ', '')}")
    return list(dict.fromkeys(found))


def submitted_reference(text: str, flow: str) -> str | None:
    """The reference of a ``flow`` record in the reply (right prefix), or None."""
    prefix = P.REFERENCE_PREFIX.get(flow)
    return next((ref for ref in references(text) if ref.startswith(f"{prefix}-")), None)


def flows_started(active_before: str | None, events: Sequence[Mapping[str, Any]]) -> list[str]:
    """Flows started by a turn: walk the turn's ``active_loop`` events from the loop active before it; every
    activation of a flow form other than the current loop is a start (sorting_form is not a flow)."""
    current = active_before
    started = []
    for event in events:
        if event.get("event") != "active_loop":
            continue
        name = event.get("name")
        if name and name != current and name in P.FORM_TO_FLOW:
            started.append(P.FORM_TO_FLOW[name])
        current = name
    return started


def reply_language(text: str | Text) -> str | None:
    """ "en", "es" or None (undecided): which language's function words dominate the reply."""
    words = re.findall(r"[a-z]+", Text.of(text).plain)
    hits = {
        lang: sum(word in set(vocabulary) for word in words) for lang, vocabulary in P.LANGUAGE_WORDS.items()
    }
    best, other = sorted(hits, key=hits.get, reverse=True)
    if hits[best] >= P.LANGUAGE_MIN_HITS and hits[best] >= 2 * hits[other]:
        return best
    return None


def _language_verdict(text: Text, language: str | None) -> dict[str, Any]:
    said = None if text.empty else reply_language(text)
    return {"reply_language": said, "language_ok": None if said is None or not language else said == language}


def offers_more(text: str) -> bool:
    plain = strip_accents(normalise(text))
    return any(offer in plain for offer in P.SMS_MORE_OFFERS)


# --- whole items -------------------------------------------------------------------------------------------


def grade_single(item: Mapping[str, Any], reply: str, started: Sequence[str] | None) -> dict[str, Any]:
    """Verdicts for one single question. ``started``: flows started by the turn (None: not observable)."""
    text = Text.of(reply)
    main = match_check(text, item.get("main_point_check"))
    facts = [match_check(text, fact.get("check")).passed for fact in item.get("facts") or []]
    computed = grade_computed(text, item.get("computed"))
    flow = item.get("flow") or "none"
    verdict: dict[str, Any] = {
        "empty": text.empty,
        "main_point": main.passed,
        "main_point_matched": main.matched,
        "facts": facts,
        "all_facts": all(facts) if facts else None,
        "computed": None if computed is None else computed.__dict__,
        "computed_ok": None if computed is None or not computed.gradable else computed.passed,
        "flow_expected": flow,
        "flows_started": None if started is None else list(started),
        "flow_right": None,
        "wrong_flow": None,
        "unanswerable": None,
        "must_not_say_hits": must_not_say_hits(text, item.get("must_not_say")),
        **_language_verdict(text, item.get("language")),
    }
    if started is not None:
        if flow != "none":
            verdict["flow_right"] = flow in started
        else:
            verdict["wrong_flow"] = bool(started)
    if item.get("answerable") is False:
        declined = decline_phrase(text)  # the shared list only: writers' own words are in main_point
        office = office_named(text, item.get("office"))
        verdict["unanswerable"] = {
            "declined": declined,
            "office": office,
            "passed": declined is not None and office is not None,
        }
    return verdict


def grade_turn(
    expect: Mapping[str, Any],
    reply: str,
    started: Sequence[str] | None,
    active_before: str | None,
    earlier_replies: Sequence[str] = (),
    language: str | None = None,
) -> dict[str, Any]:
    """Verdicts for one conversation turn; ``ok`` is True when every expectation the turn states is met.

    ``submitted`` is met if the record's reference is in this reply or in an earlier reply of the same
    conversation (``earlier_replies``): the writers could not know how many questions a form asks, so a
    record confirmed one turn before they expected it is still "submitted by this turn"."""
    text = Text.of(reply)
    check = match_check(text, expect.get("check"))
    computed = grade_computed(text, expect.get("computed"))
    want_start = expect.get("starts_flow")
    want_submit = expect.get("submitted")
    verdict: dict[str, Any] = {
        "empty": text.empty,
        "check": check.passed if expect.get("check") else None,
        "check_matched": check.matched,
        "computed": None if computed is None else computed.__dict__,
        "computed_ok": None if computed is None or not computed.gradable else computed.passed,
        "active_before": active_before,
        "flows_started": None if started is None else list(started),
        "starts_flow_right": None,
        "wrong_flow": None,
        "submitted": None,
        "must_not_say_hits": must_not_say_hits(text, expect.get("must_not_say")),
        **_language_verdict(text, language),
    }
    if started is not None:
        if want_start:
            verdict["starts_flow_right"] = want_start in started
        if expect.get("no_new_flow"):
            verdict["wrong_flow"] = bool(started)
    if want_submit:
        verdict["submitted"] = submitted_reference(reply, want_submit)
        verdict["submitted_on"] = "this turn" if verdict["submitted"] else None
        for back, earlier in enumerate(reversed(earlier_replies), 1):
            if verdict["submitted"] is None:
                verdict["submitted"] = submitted_reference(earlier, want_submit)
                verdict["submitted_on"] = f"{back} turn(s) earlier" if verdict["submitted"] else None
    verdict["ok"] = (
        not text.empty
        and verdict["check"] is not False
        and verdict["computed_ok"] is not False
        and verdict["starts_flow_right"] is not False
        and verdict["wrong_flow"] is not True
        and (not want_submit or verdict["submitted"] is not None)
        and not verdict["must_not_say_hits"]
    )
    return verdict


def containers_named(text: str | Text) -> list[str]:
    """Every container value (``phrases.CONTAINERS``) the reply names, in a fixed order."""
    reply = Text.of(text)
    return [name for name, words in P.CONTAINERS.items() if first_of(reply, words) is not None]


def grade_sorting(item: Mapping[str, Any], reply: str, asked_back: bool = False) -> dict[str, Any]:
    """A sorting item passes if its own ``check`` matches, or the reply names one of ``also_acceptable``."""
    text = Text.of(reply)
    check = match_check(text, item.get("check"))
    named = containers_named(text)
    also = [c for c in item.get("also_acceptable") or [] if c in named]
    return {
        "empty": text.empty,
        "check": check.passed,
        "check_matched": check.matched,
        "also_acceptable_named": also,
        "containers_named": named,
        "asked_back": asked_back,
        "right": check.passed or bool(also),
        **_language_verdict(text, item.get("language")),
    }
