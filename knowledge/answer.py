"""Extractive answers: sentences taken from the best passages, then the citation.

Nothing here writes new words about the law: an answer is one to three sentences copied from ordinance units
(trimmed at sentence boundaries, list items joined to the sentence that introduces them), followed by the
unit's citation. What varies is the wrapping: which city it is about, asking for the city when the two
ordinances differ and none is known, and saying plainly when the ordinances do not cover a question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

import Stemmer

from cities import (
    CITY_NAMES,
    FOG,
    INGLEWOOD_CODE_NAME,
    VICTORVILLE_CODE_NAME,
    CityContacts,
    cities_named,
    detect_city,
    without_city_names,
)
from knowledge.answer_types import asked_types, passage_types
from knowledge.cards import OFFER_SUBJECTS, Card, CardIndex, CardMatch, join_citations
from knowledge.coverage import INGLEWOOD_ORGANICS, Uncovered, office_for, uncovered_topic
from knowledge.index import Hit, HybridIndex
from knowledge.lexicon import expand_query, spelled_months
from knowledge.sentences import split_clauses, split_sentences
from knowledge.spanish import gloss, plain
from knowledge.units import items_of, paragraphs_at, parent_of
from languages import ENGLISH, N_, current, t

# The cosine similarity of the best passage below which a question is treated as not covered by the
# ordinances. Calibrated on tests/data (python -m knowledge calibrate): at 0.40 the assistant answers 97% of
# the 132 labelled covered questions (dev + holdout) and declines 44% of the 25 uncovered ones; at 0.30 it
# would answer 99% but decline only 28%, at 0.42 answer 96% and decline 52%.
NOT_COVERED_BELOW = 0.40

# How close a user's question must be to an answer card (knowledge.cards.match: cosine to its closest
# question or answer, plus the lexical share) for the card to answer instead of quoted passages. Calibrated on
# the development questions only (python -m evaluation.harness.answers --sweep): main point right is flat
# from 0.55 to 0.75 with LEXICAL_WEIGHT 0.3 (44% against 19% without cards); 0.70 keeps far-off questions
# for the passages and the "not covered" answer.
CARD_MIN = 0.70
# A short question in a conversation about a subject is answered by a card on it this close: the subject
# says what the question's "it" and "send" are about (dev conversations' follow-ups).
SUBJECT_CARD_MIN = 0.60
# With the city unknown, the other city's card is given too (or the city asked) when it is this close to the
# best one: both cities have a rule on it (dev questions: 0.05 answered one city too often; 0.15-1.0 equal).
CARD_BOTH_CITIES_MARGIN = 0.3

_STEMMER = Stemmer.Stemmer("english")
_WORD = re.compile(r"[a-z0-9$]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "how",
        "i",
        "if",
        "in",
        "is",
        "it",
        "my",
        "of",
        "on",
        "or",
        "our",
        "the",
        "to",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
        "me",
        "we",
        "have",
        "has",
        "need",
    ]
)


class AnswerKind(str, Enum):
    ANSWER = "answer"
    BOTH_CITIES = "both_cities"  # the city is unknown and the rules differ: both, labelled
    ASK_CITY = "ask_city"  # the city is unknown and the rules differ: ask which
    NOT_COVERED = "not_covered"


@dataclass(frozen=True)
class Answer:
    """A channel-neutral answer: the words (each quoted passage followed by its citation) and the citations.

    The adapters shape it for SMS, voice or the web (``shaping.answers``).
    """

    kind: AnswerKind
    text: str
    citations: tuple[str, ...] = ()
    jurisdiction: str | None = None
    passages: tuple[Hit, ...] = field(default=(), compare=False)
    more: str = ""  # the rest of a complete answer, after the core and its citation (SMS: behind MORE)
    card: Card | None = field(default=None, compare=False)  # the answer card it came from, if any
    parts: int = 1  # how many of the message's questions ``text`` answers (one card each)
    cards: tuple[Card, ...] = field(default=(), compare=False)  # every card composed, in order
    # a computed result that ends ``text`` (with its citation): on SMS it is said whole in the first reply,
    # after as much of the words before it as fit
    result: str = ""
    # the words of each part of an answer to several questions, in order, as they stand in ``text`` before
    # its trailing citation (a part with a citation of its own ends in it): on SMS the first reply opens
    # each part, so that no question waits behind MORE for another's details
    pieces: tuple[str, ...] = field(default=(), compare=False)


def answer_question(
    index: HybridIndex,
    question: str,
    jurisdiction: str | None = None,
    contacts: CityContacts | None = None,
    *,
    ask_city: bool = False,
    subject: str | None = None,
    setting: str | None = None,
    not_again: frozenset[str] = frozenset(),
) -> Answer:
    """Answer from the ordinances, or ask for the city, or say they do not cover it.

    ``subject`` is the topic of the card the conversation is about ("edible-food-tiers"): of the cards that
    match a question nearly as well as the best (:data:`SUBJECT_MARGIN`), one on the same subject answers
    ("what records do we have to keep?" after the tier-two question: the food recovery records, not a
    self-hauler's). ``setting``: whose place the message says it is about, "business" (a household's card
    never answers it) or "household" (a business's card never does). ``not_again``: the ids of cards that must
    not answer (the one just given, to "what else?").

    When the city is unknown and the two cities' rules differ, ``ask_city`` asks which city instead of
    answering for both, labelled (short channels ask; the web page has room for both). A question in
    another language than English (:func:`languages.current`) is answered from the cards' texts in it, and
    searched in the passages in its English gloss.
    """
    contacts = contacts or CityContacts()
    jurisdiction = jurisdiction or detect_city(question)
    question = without_announcement(question)  # "Una pregunta antes de seguir: ¿...?"
    language = current()
    english = question if language == ENGLISH else gloss(question)
    topic = uncovered_topic(english, jurisdiction)
    if topic is not None:
        declined = not_covered(jurisdiction, contacts, topic)
        # "what day is green waste pickup? and do my tenants need the commercial bins": the other question
        # is answered, after the part the ordinances leave to the city's office
        rest = _covered_parts(question, jurisdiction)
        if rest is None:
            return declined
        if (
            topic is INGLEWOOD_ORGANICS
            and uncovered_topic(rest if language == ENGLISH else gloss(rest), jurisdiction)
            is INGLEWOOD_ORGANICS
        ):
            # "... the tenants' trash and recycling? and when do I give new tenants the info?" asked for
            # Inglewood: the other part is Victorville's organics chapter too
            return declined
        answered = answer_question(
            index, rest, jurisdiction, contacts, ask_city=ask_city, subject=subject, setting=setting
        )
        if answered.kind is not AnswerKind.ANSWER:
            return declined
        return replace(
            answered,
            text=f"{declined.text} {answered.text}",
            parts=answered.parts + 1,
            pieces=(declined.text, *pieces_of(answered)),
        )
    named = () if jurisdiction else cities_named(question)  # "got 1 spot in victorville and 1 in inglewood"
    question = spelled_months(without_city_names(question))  # the city is known or asked, not the topic
    english = spelled_months(without_city_names(english))
    if index.cards is not None and len(index.cards):
        asked = index.correct_spelling(question) if language == ENGLISH else question
        carded = _from_cards(
            index.cards,
            asked,
            jurisdiction,
            ask_city=ask_city,
            language=language,
            subject=subject,
            each_city=named if len(named) > 1 else (),
            contacts=contacts,
            setting=setting,
            not_again=not_again,
        )
        if carded is not None:
            return _without_an_unasked_verdict(
                _phone_first(_amount_first(carded, question), question), question
            )
    question = english
    if jurisdiction:
        hits = index.search(question, jurisdiction, k=3)
        if not hits or hits[0].similarity < NOT_COVERED_BELOW:
            return not_covered(jurisdiction, contacts, office=office_for(question))
        return _single(question, hits, jurisdiction, labelled=False)

    by_city = {city: index.search(question, city, k=3) for city in CITY_NAMES}
    best = {city: hits[0].similarity if hits else 0.0 for city, hits in by_city.items()}
    top_city = max(best, key=best.get)
    if best[top_city] < NOT_COVERED_BELOW:
        return not_covered(None, contacts, office=office_for(question))
    other = next(city for city in CITY_NAMES if city != top_city)
    top_hit = by_city[top_city][0]
    organics_only = top_hit.unit.section.startswith("6.37.")
    other_relevant = best[other] >= NOT_COVERED_BELOW
    if organics_only or not other_relevant:
        return _single(question, by_city[top_city], top_city, labelled=True)
    both = [_single(question, by_city[city], city, labelled=True) for city in CITY_NAMES]
    text = " ".join(a.text for a in both) + " " + t(WHICH_CITY)
    citations = tuple(c for a in both for c in a.citations)
    combined = Answer(
        AnswerKind.BOTH_CITIES, text, citations, None, passages=tuple(h for a in both for h in a.passages)
    )
    if not ask_city:
        return combined
    return Answer(AnswerKind.ASK_CITY, t(RULES_DIFFER), (), None, passages=combined.passages)


WHICH_CITY = N_("Which city are you in: Victorville or Inglewood?")
RULES_DIFFER = N_(
    "Victorville and Inglewood have different rules on this. Which city is your business in: "
    "Victorville or Inglewood?"
)


# Words that announce a question: "quick question", "y una pregunta", "tengo una duda"
_QUESTION_WORDS_ANNOUNCED = (
    r"(?:a|one|quick|another|side|real quick)\s+question|question for you|(?:una|otra)\s+pregunta"
    r"(?:\s+r[aá]pida)?|pregunta\s+r[aá]pida|(?:una|otra)\s+duda"
)
ANNOUNCES_A_QUESTION = re.compile(rf"\b(?:{_QUESTION_WORDS_ANNOUNCED})\b", re.IGNORECASE)
# A question announced before it is asked ("Quick question before we go on: ...", "Una pregunta antes de
# seguir: ¿...?"): the announcement is no part of what is asked
_ANNOUNCED = re.compile(
    # "Oiga, y una pregunta, ...": the words before the announcement too
    rf"^\W*(?:(?:ok|okay|oh|hey|um|uh|eh|and|also|y|oye|oiga|mire|mira|disculpe|perd[oó]n)\W+){{0,3}}"
    rf"(?:{_QUESTION_WORDS_ANNOUNCED})"
    r"(?:\s+(?:before (?:we|i) (?:go on|continue|keep going)|first|real quick|antes de (?:seguir|continuar)"
    r"|nom[aá]s))?\s*[:,.\-–—]\s*",
    re.IGNORECASE,
)


def without_announcement(question: str) -> str:
    """The question without the words that announce it ("Quick question before we go on — what is this
    going to cost us?": what it asks)."""
    return _ANNOUNCED.sub("", question, count=1) or question


def _from_cards(
    cards: CardIndex,
    question: str,
    city: str | None,
    *,
    ask_city: bool,
    language: str = ENGLISH,
    subject: str | None = None,
    each_city: tuple[str, ...] = (),
    contacts: CityContacts | None = None,
    setting: str | None = None,
    not_again: frozenset[str] = frozenset(),
) -> Answer | None:
    """The answer card's answer when one answers the question closely enough; None: fall back to passages.

    With the city unknown, a card of one city answers alone when the other city has none as close
    (Victorville's organics chapter has no Inglewood counterpart); when both have one, both are given,
    labelled, or the city is asked (short channels), as for passages. A message about both cities
    (``each_city``, in the order it names them) gets each city's card, labelled, however close the two are.
    """
    # the best match and those that may stand in for it (a yes or no; in a conversation, its subject's cards,
    # which a short follow-up may match less well than the other chapter's: "What's the most they can fine
    # us?" after an administrative complaint)
    k = SUBJECT_CANDIDATES if subject is None else SUBJECT_SEARCH
    organics = _organics_subject(cards, subject)

    def closest(asked: str, in_city: str) -> CardMatch | None:
        found = _best(
            _other_than(cards.match(asked, in_city, k=k, language=language), not_again),
            asked,
            subject,
            language,
            setting,
            organics,
        )
        return found if found is not None and _close_enough(found, subject) else None

    def answering(in_city: str) -> CardMatch | None:
        """The card for the whole message; else, when no card answers the whole of a message that asks
        several things, the closest of those that answer one of its parts ("what do i put in the letter?
        can i just leave out that it went into the alley, makes us look bad": the letter's contents)."""
        found = closest(question, in_city)
        if found is not None:
            return found
        parts = [
            alone if alone is not None and len(alone.split()) > SHORT_QUESTION_WORDS else part
            for part, alone in _questions(question)
        ]
        parts = [part for part in parts if len(part.split()) >= MIN_PART_WORDS]
        by_part = [found for part in parts if (found := closest(part, in_city)) is not None]
        return max(by_part, key=lambda m: m.score) if len(parts) > 1 and by_part else None

    if city is not None:
        found = answering(city)
        if found is None:
            return None
        chosen = _with_other_parts(cards, question, found.card, language, not_again)
        return answer_from_cards(chosen, labelled=False, contacts=contacts)
    close = {c: found for c in CITY_NAMES if (found := answering(c)) is not None}
    if not close:
        return None
    top = max(close.values(), key=lambda m: m.score)
    if each_city and len(close) > 1 and not is_organics(top.card):
        return _each_labelled(
            [
                answer_from_cards(
                    _with_other_parts(cards, question, m.card, language, not_again),
                    labelled=True,
                    contacts=contacts,
                )
                for m in sorted(close.values(), key=lambda m: each_city.index(m.card.city))
            ]
        )
    others = [m for m in close.values() if m is not top and m.score >= top.score - CARD_BOTH_CITIES_MARGIN]
    if not others or is_organics(top.card):  # Inglewood has no organic-waste ordinance
        chosen = _with_other_parts(cards, question, top.card, language, not_again)
        return answer_from_cards(chosen, labelled=True, contacts=contacts)
    both = [
        answer_from_cards([m.card], labelled=True, contacts=contacts)
        for m in sorted(close.values(), key=lambda m: m.card.city)
    ]
    if _same_verdict([m.card for m in close.values()], language):  # "can we pour fryer oil down the sink?"
        return _each_labelled(both)
    if ask_city:
        return Answer(AnswerKind.ASK_CITY, t(RULES_DIFFER))
    text = " ".join(f"{a.text} {a.more}".strip() for a in both) + " " + t(WHICH_CITY)
    # each city's core is a part of its own: on SMS, the first reply may take a message for each
    return Answer(
        AnswerKind.BOTH_CITIES,
        text,
        tuple(c for a in both for c in a.citations),
        parts=len(both),
        cards=tuple(card for a in both for card in a.cards),  # each city's, for its clock worked out
    )


def _close_enough(found: CardMatch, subject: str | None) -> bool:
    """Whether a card answers: it matches the question closely (:data:`CARD_MIN`), or, for a short question
    in a conversation about its subject, nearly as closely (:data:`SUBJECT_CARD_MIN`): "ok who do i send it
    to" after a spill's phone notice is the written follow-up's question."""
    if found.score >= CARD_MIN:
        return True
    on_subject = subject is not None and subject_family(found.card.topic) == subject_family(subject)
    return on_subject and found.score >= SUBJECT_CARD_MIN


def _each_labelled(answers: list[Answer]) -> Answer:
    """Each city's answer, labelled, one after the other (each its own part on SMS)."""
    return Answer(
        AnswerKind.ANSWER,
        " ".join(a.text for a in answers),
        tuple(c for a in answers for c in a.citations),
        more=" ".join(a.more for a in answers if a.more),
        parts=len(answers),
        cards=tuple(card for a in answers for card in a.cards),
    )


SUBJECT_CANDIDATES = 5
SUBJECT_SEARCH = (
    12  # how deep the other chapter's best match is searched for one on the conversation's subject
)
SUBJECT_MARGIN = 0.2  # how much closer the best card may be than one on the conversation's subject
# How much closer the best card for one part of a message may be than one on the subject of the card for
# the whole ("can we haul our own cardboard? what papers do we keep?": the self-hauler's records, not the
# grease records a bare "what papers do we keep" matches best)
PART_SUBJECT_MARGIN = 0.1
# How much closer the best card may be than one on the subject when the best is in the other chapter
SUBJECT_CHAPTER_MARGIN = 0.45


def _other_than(found: list[CardMatch], not_again: frozenset[str]) -> list[CardMatch]:
    return [m for m in found if m.card.id not in not_again]


def _organics_subject(cards: CardIndex, subject: str | None) -> bool | None:
    """Whether the conversation's subject is the organics chapter's (None: no subject, or no card has it)."""
    return next((is_organics(card) for card in cards.cards if card.topic == subject), None)


def _on_the_subject(card: Card, family: str, *, by_offer: bool) -> bool:
    """Whether ``card`` is on the subject ``family``: by its topic, or (``by_offer``: the conversation's
    subject) by the flow it offers ("how much does it cost?" during a permit application: the first year's
    fees, which offer the application)."""
    offered = OFFER_SUBJECTS.get(card.offer) if card.offer and by_offer else None
    return family in (subject_family(card.topic), offered and subject_family(offered))


def _on_subject(
    found: list[CardMatch],
    subject: str | None,
    margin: float = SUBJECT_MARGIN,
    *,
    organics: bool | None = None,
    by_offer: bool = False,
) -> CardMatch | None:
    """The best match, or the best one on ``subject`` when it is nearly as close; else, when the best is in
    the other chapter than the subject's (``organics``: the subject is the organics chapter's), the best in
    the subject's chapter when it is nearly as close ("honestly why is the city even doing all this?" about
    an apartment building's containers: the organics chapter's purpose, not the grease chapter's)."""
    if not found:
        return None
    if subject is None:
        return found[0]
    family = subject_family(subject)
    # a card that says what the ordinance leaves out ("no list of approved pumpers") answers only when it
    # is the best match: it never stands in for another on the subject's strength
    found = [found[0], *(m for m in found[1:] if m.card.refer is None)]
    same = next(
        (m for m in found[:SUBJECT_CANDIDATES] if _on_the_subject(m.card, family, by_offer=by_offer)), None
    )
    if same is not None and same.score >= found[0].score - margin:
        return same
    # the best in the other chapter ("What's the most they can fine us?" in a grease conversation matches
    # the organics chapter's fines best): the subject's chapter answers when it is close, found further down
    same = next((m for m in found if subject_family(m.card.topic) == family), None)
    other_chapter = same is not None and is_organics(same.card) != is_organics(found[0].card)
    # a card standing in for the other chapter's best answers as closely as that one matched
    if other_chapter and same.score >= found[0].score - SUBJECT_CHAPTER_MARGIN:
        return replace(same, score=found[0].score)
    if organics is not None and is_organics(found[0].card) != organics:
        in_chapter = next((m for m in found if is_organics(m.card) == organics), None)
        if in_chapter is not None and in_chapter.score >= found[0].score - margin:
            return replace(in_chapter, score=found[0].score)
    return found[0]


# A question asked for a yes or a no ("can I pour it down the drain if I run hot water?", "se puede ...?")
_ASKS_YES_OR_NO = re.compile(
    r"^\W*(?:(?:so|ok|and|but|y|o|pero|oye|oiga)\b\W*)*(?:can|could|may|is it|is that|is this|are we|am i"
    r"|do (?:i|we) (?:have|need)|should|se puede|se pueden|puedo|podemos|est[aá] bien|es legal|tengo que"
    r"|tenemos que)\b",
    re.IGNORECASE,
)
VERDICT_MARGIN = 0.05  # how much closer the best card may be than one on its subject that says yes or no


# What a question asks for, by its words: an amount of money ("how much is the fine if they catch trash in my
# recycle bin?", "cuanto es la multa si ..."), or how long something lasts or takes ("how long's it good
# for", "cuanto dura"). A card whose own questions ask the same, in the chapter of the best match, answers it
# when nearly as close, not the card about the thing the fine or the waiver is for.
_ASKS_AN_AMOUNT = re.compile(
    # (not "how much notice" or "how much time": a period, not money)
    r"\bhow much\b(?!\s+(?:notice|time|warning|advance|in advance|lead time|longer|of a heads))"
    r"|\bwh?at(?:'?s| is| are) the (?:fines?|penalt(?:y|ies)|fees?|costs?|charges?|rates?)\b"
    r"|\bcu[aá]nto (?:es|son|cuesta|cuestan|cobran|sale|vale|me cobran|nos cobran)\b"
    r"|\bcu[aá]nto\b.*\b(?:multa|cuota|cargo|costo|tarifa)"
    # "what's the most they can fine us?", "max penalty", "la multa maxima", "lo mas q nos pueden cobrar"
    r"|\b(?:the most|max(?:imum)?|highest|biggest|top)\b.{0,25}\b(?:fine|penalt|charge|fee)"
    r"|\b(?:multa|sanci[oó]n|penalidad)e?s? m[aá]xima|\blo m[aá]s (?:q|que)\b.{0,25}\b(?:multa|cobra)",
    re.IGNORECASE,
)
_ASKS_HOW_LONG = re.compile(
    r"\bhow long\b|\b(?:good|valid) for\b|\bexpires?\b|\bcu[aá]nto (?:tiempo|dura)\b|\bvence\b",
    re.IGNORECASE,
)
# Whether (or how long) papers are kept ("do i keep the plumbers receipt?", "y los papeles cuanto tiempo los
# guardo?"): a records card, not the card of the matter the papers are about
_ASKS_RETENTION = re.compile(
    r"\bkeep(?:ing)? (?:a |the |my |our |those |these |this |all )?(?:\w+'?s? )?"
    r"(?:cop(?:y|ies)|records?|receipts?|paperwork|papers?|documents?|manifests?|invoices?)\b"
    r"|\bhow long (?:do|should|must) (?:i|we) keep\b"
    # "what records do we have to keep?", "¿qué registros debemos conservar?"
    r"|\b(?:records?|paperwork|papers|documents?)\b.{0,30}\b(?:keep|kept|on file)\b"
    r"|\b(?:papeles|registros?|documentos?|copias?)\b.{0,30}\b(?:conserv\w+|mantener|tener archivad\w+)\b"
    r"|\bguard(?:o|ar|amos|arlos?|arlas?)\b.{0,40}\b(?:papeles|recibos?|registros?|copias?|manifiestos?)\b"
    r"|\b(?:papeles|recibos?|registros?|copias?|manifiestos?)\b.{0,40}\bguard(?:o|ar|amos|arlos?|arlas?)\b",
    re.IGNORECASE,
)
# By when something must be done ("hasta cuando tengo pa pagar?", "when's the bill due"): a card with a clock,
# which works the day out, not the card on who pays
_ASKS_BY_WHEN = re.compile(
    r"\bby when\b|\bwhen (?:do|does|is|are|must|should) (?:i|we|it|they|the \w+) "
    r"(?:have to |need to |gotta )?(?:pay|due|send|file|appeal|respond|reply)|\bdeadline\b|\bdue date\b"
    # the day of a hearing: "when do I get to argue this with somebody", "cuando nos dan la audiencia"
    r"|\bwhen (?:do|does|will|can) (?:i|we|they) (?:get|have) (?:to )?"
    r"(?:argue|fight|contest|appeal|a hearing|heard)"
    r"|\bwhen(?:'s| is| will be) (?:the|my|our) hearing\b"
    r"|\bcu[aá]ndo (?:es|ser[aá]|me dan|nos dan|tengo|tenemos|hay|toca) (?:la |una )?audiencia\b"
    r"|\b(?:hasta|para|pa) cu[aá]ndo\b|\bfecha l[ií]mite\b",
    re.IGNORECASE,
)
_ASKED_KINDS = (_ASKS_AN_AMOUNT, _ASKS_HOW_LONG, _ASKS_RETENTION, _ASKS_BY_WHEN)
ASKED_KIND_MARGIN = 0.12  # how much closer the best card may be than one that answers what is asked


_A_DOLLAR_AMOUNT = re.compile(r"\$\d")


def _amount_first(answer: Answer, question: str) -> Answer:
    """A one-card answer to "how much" whose amount is not in its first sentence, with the first sentence
    that states one said first ("nomas dime cuanto cuesta y ya" after an application: "The initial permit fee
    is $340, paid before the permit is issued. File an application ..."): the result first, on every
    channel, and in the first SMS. Other answers as they are."""
    if answer.kind is not AnswerKind.ANSWER or answer.parts > 1 or not _ASKS_AN_AMOUNT.search(question):
        return answer
    cited = TRAILING_CITATION.search(answer.text)
    if cited is None:
        return answer
    body = answer.text[: cited.start()]
    sentences = split_sentences(body)
    if len(sentences) < 2 or _A_DOLLAR_AMOUNT.search(sentences[0]) or _verdict(sentences[0]) is not None:
        return answer  # the amount is said first already, or a yes or no opens the answer and stays first
    first = next((i for i, sentence in enumerate(sentences) if _A_DOLLAR_AMOUNT.search(sentence)), None)
    if first is None:
        return answer
    said = [sentences[first], *sentences[:first], *sentences[first + 1 :]]
    return replace(answer, text=" ".join(said) + answer.text[cited.start() :])


# A phone number asked for ("whats the phone # for victorville sanitary division?", "cual es el telefono de
# ..."), and an answer's sentence that says the ordinance gives none
_ASKS_A_PHONE = re.compile(
    r"\bphone\s*(?:#|numbers?|no\b)|\bnumber to call\b|\btel[eé]fonos?\b"
    r"|\bn[uú]mero (?:de tel[eé]fono|pa llamar|para llamar)\b",
    re.IGNORECASE,
)
_NO_PHONE_GIVEN = re.compile(
    r"\b(?:doesn'?t|does not) (?:state|give|list|print)\b[^.]*\bphone\b"
    r"|\bno (?:indica|da|trae|dice|viene)\b[^.]*\btel[eé]fonos?\b",
    re.IGNORECASE,
)


def _phone_first(answer: Answer, question: str) -> Answer:
    """A card's answer to a question asking an office's phone number, whose sentence saying the ordinance
    gives none ("The ordinance doesn't list phone numbers for these offices.") is said first, on every
    channel and in the first SMS, before whom the ordinance names; other answers as they are."""
    if answer.kind is not AnswerKind.ANSWER or not _ASKS_A_PHONE.search(question):
        return answer
    if _NO_PHONE_GIVEN.search(answer.text):
        return answer  # said in the first reply already
    more = split_sentences(answer.more)
    said = next((sentence for sentence in more if _NO_PHONE_GIVEN.search(sentence)), None)
    if said is None:
        return answer
    pieces = (f"{said} {answer.pieces[0]}", *answer.pieces[1:]) if answer.pieces else ()
    return replace(
        answer,
        text=f"{said} {answer.text}",
        more=" ".join(sentence for sentence in more if sentence != said),
        pieces=pieces,
    )


# A message that asks one thing, and opens with a word that asks what, when, how, where, who, which or why
# ("What happens if it's still unpaid at the end of the year?"); not "what about ...", which may be asked
# for a yes or no ("what about a food truck?")
_ASKS_ONLY_WH = re.compile(
    r"^\W*(?:(?:so|ok|okay|and|but|hi|hello|y|o|pero|oye|oiga|hola)\b\W*)*"
    r"(?!(?:what|how) about\b|qu[eé] tal\b)"
    r"(?:what|when|how|where|who|whom|which|why|qu[eé]|cu[aá]ndo|c[oó]mo|d[oó]nde|qui[eé]n(?:es)?|cu[aá]l(?:es)?"
    r"|cu[aá]nt[oa]s?|por\s*qu[eé]|pa\s*cu[aá]ndo|para\s*cu[aá]ndo)\b[^?¿]*\??\s*$",
    re.IGNORECASE,
)
# A card's yes or no that opens its answer ("Yes. Any invoice outstanding ..."), followed by what it says
_OPENING_VERDICT = re.compile(r"^(?:Yes|No|Sí)\. (?=[A-ZÁÉÍÓÚÑ])")


def _without_an_unasked_verdict(answer: Answer, question: str) -> Answer:
    """A card's opening yes or no dropped when the message asked no yes-or-no question ("What happens if
    it's still unpaid at the end of the year?" is not answered "Yes. Any invoice outstanding ..."); else the
    answer as it is."""
    opening = _OPENING_VERDICT.match(answer.text)
    if answer.kind is not AnswerKind.ANSWER or opening is None or not _ASKS_ONLY_WH.match(question.strip()):
        return answer
    cut = opening.end()
    pieces = answer.pieces
    if pieces and pieces[0].startswith(opening.group(0)):
        pieces = (pieces[0][cut:], *pieces[1:])
    return replace(answer, text=answer.text[cut:], pieces=pieces)


# The citation that ends an answer's words, its text in group 1: " (Victorville Municipal Code § ...)",
# " (Inglewood FOG Ordinance, ...)" (the SMS shaping keeps it in the first message)
TRAILING_CITATION = re.compile(
    rf" \(((?:{VICTORVILLE_CODE_NAME}|{INGLEWOOD_CODE_NAME})[^()]*(?:\([^()]*\)[^()]*)*)\)$"
)


# Every citation inside an answer's words, and the dollar amounts its sentences state
_A_CITATION = re.compile(rf"\((?:{VICTORVILLE_CODE_NAME}|{INGLEWOOD_CODE_NAME})[^()]*(?:\([^()]*\)[^()]*)*\)")
_DOLLARS = re.compile(r"\$\s?(\d[\d,]*(?:\.\d\d)?)")


def _dollars(text: str) -> set[str]:
    return {amount.replace(",", "").removesuffix(".00") for amount in _DOLLARS.findall(text)}


def without_the_schedule(text: str, result: str) -> str:
    """``text`` (a card's words said after a worked-out ``result``) without the sentences that restate the
    result's own amount among the others it was chosen from: after "Your annual fee is $413 ...", not
    "$267 if you're small or $413 if you're large", nor the NOV schedule after the second one's $250. A
    citation goes with the sentences before it; when none of them is left, it still cites the card's words
    after the last citation (its "more"), and goes after them."""
    told = _dollars(result)
    if not told:
        return text
    kept: list[str] = []
    held: list[str] = []  # the citations of sentences all left out: they cite the words after them too
    start = 0
    for cited in [*_A_CITATION.finditer(text), None]:
        end = cited.start() if cited is not None else len(text)
        sentences = split_sentences(text[start:end])
        left = [
            sentence
            for sentence in sentences
            if not ((amounts := _dollars(sentence)) & told and amounts - told)
        ]
        kept.extend(left)
        if cited is None:
            if left and held:  # a card's "more" after its answer is cited by the answer's citation
                kept.extend(held)
        elif left or not sentences:
            kept.append(cited.group(0))
        else:
            held.append(cited.group(0))
        start = cited.end() if cited is not None else start
    return " ".join(kept)


def _answers(kind: re.Pattern[str], card: Card, language: str) -> bool:
    """Whether ``card`` answers questions of ``kind``: its own questions ask it, or, for an amount, its answer
    states one ("$267 a year for a small establishment")."""
    if kind is _ASKS_AN_AMOUNT and _A_DOLLAR_AMOUNT.search(card.answer):
        return True
    if kind is _ASKS_BY_WHEN and card.clocks:
        return True  # its clock works the day out
    return any(kind.search(q) for q in (*card.text_in(language).questions, *card.questions))


def _for_what_is_asked(found: list[CardMatch], chosen: CardMatch, question: str, language: str) -> CardMatch:
    """For a question asking an amount or how long (:data:`_ASKED_KINDS`), the nearly-as-close card in the
    same chapter whose own questions ask it (one on the chosen card's subject first), or ``chosen``."""
    family = subject_family(chosen.card.topic)
    for kind in _ASKED_KINDS:
        if not kind.search(question) or _answers(kind, chosen.card, language):
            continue
        answering = [
            m
            for m in found
            if m.score >= chosen.score - ASKED_KIND_MARGIN
            and is_organics(m.card) == is_organics(chosen.card)
            and _answers(kind, m.card, language)
            # a card that says what the ordinance leaves out ("no list of pumpers, no prices") answers only
            # when it is the best match (as in :func:`_on_subject`): "whats the fine if we dont pump" is no
            # pumper's price
            and (m.card.refer is None or m is found[0])
        ]
        on_subject = [m for m in answering if subject_family(m.card.topic) == family]
        if kind is _ASKS_BY_WHEN:  # the day of the matter asked about, never another matter's clock
            return next(iter(on_subject), chosen)
        return next(iter(on_subject + answering), chosen)
    return chosen


def _for_the_setting(found: list[CardMatch], chosen: CardMatch, setting: str | None) -> CardMatch:
    """``chosen``, unless its rule is the other setting's than the message's (``setting``, read by the
    caller): a household's card for a business ("tengo negocio de jardinería y yo mismo llevo las ramas ...
    recibos?"), or a business's card for a household ("i own a 4 unit building ... do my tenants need the
    commercial bins": fewer than five units is a household); then the best card that is not the other
    setting's, when one matches nearly as well."""
    other = {"business": "household", "household": "business"}.get(setting or "")
    if other is None or chosen.card.setting != other:
        return chosen
    return next(
        (m for m in found if m.card.setting != other and m.score >= chosen.score - SETTING_MARGIN), chosen
    )


SETTING_MARGIN = 0.25  # how much closer the other setting's card may be than the one for the message's


# A question that asks what one must do ("tengo q avisarle a alguien o ya no?", "do we have to report it?")
_ASKS_A_DUTY = re.compile(
    r"\b(?:(?:do|does|did) (?:i|we|you) (?:still |really )?(?:have|need|gotta|got)|have to|need to|gotta|"
    r"should (?:i|we)|must (?:i|we)|tengo q(?:ue)?|tenemos q(?:ue)?|hay q(?:ue)?|debo|debemos|necesito|"
    r"necesitamos)\b",
    re.IGNORECASE,
)
DUTY_MARGIN = 0.15  # how much closer a definition may be than the card that says what to do, and still yield


# A question that asks what a term is or means, or whether something counts as one ("what's an FSE?", "does a
# food truck count as one?", "qué es un SSO?"): a definition's to answer
_ASKS_WHAT_IT_IS = re.compile(
    r"\b(?:what(?:'s|s| is| are| does)|whats|who(?:'s| is| are)|mean(?:s|ing)?|define[ds]?|definition|"
    r"stand for|counts? as|considered|qualif\w*|qu[eé] (?:es|son|significa|quiere decir)|"
    r"qui[eé]n(?:es)? (?:es|son)|significa|cuenta como|se considera|"
    # whether one thing is another ("does my hauler's receipt work as a manifest", "el fog manager es de la
    # ciudad?", "es el mismo q el fog manager?")
    r"same as|works? as|sirve como|es el mismo|es la misma|es de la ciudad)\b",
    re.IGNORECASE,
)
# What may happen to someone ("is it an actual crime? can an inspector write me a criminal ticket"): asked of
# the rule that brings it, not of a term's meaning
_ASKS_WHAT_MAY_HAPPEN = re.compile(
    r"\b(?:crime|criminal|ticket|cit(?:e|ed|ation)|fined?|fines|penalt\w*|jail|court|sue|happens?|"
    r"can (?:they|the city|an? \w+)|delito|multa\w*|c[aá]rcel|corte|demanda\w*|pasa si|me pueden|"
    r"nos pueden)\b",
    re.IGNORECASE,
)


def _for_a_duty(found: list[CardMatch], chosen: CardMatch, question: str) -> CardMatch:
    """``chosen``, unless it only says what a term means and the question asks something else: what one
    must do ("el sabado se nos tapo el drenaje y salio agua ... tengo q avisarle a alguien?": whom to tell,
    not what an SSO is), or what may happen ("is breaking the grease rules an actual crime? can an inspector
    write me a criminal ticket": the violations' card, not who an enforcement officer is); then the
    nearly-as-close card that is no definition."""
    asks_otherwise = _ASKS_A_DUTY.search(question) or (
        _ASKS_WHAT_MAY_HAPPEN.search(question) and not _ASKS_WHAT_IT_IS.search(question)
    )
    if not chosen.card.defines or not asks_otherwise:
        return chosen
    return next((m for m in found if not m.card.defines and m.score >= chosen.score - DUTY_MARGIN), chosen)


def _best(
    found: list[CardMatch],
    question: str,
    subject: str | None,
    language: str,
    setting: str | None = None,
    organics: bool | None = None,
) -> CardMatch | None:
    """The card that answers: the best match (or one on the conversation's subject, :func:`_on_subject`);
    for a question asked for a yes or a no, a card on the same subject that opens with one, when it matches
    nearly as well ("can I pour the fryer oil down the drain with hot water?": "No. ...", not how to store
    the oil)."""
    chosen = _on_subject(found, subject, organics=organics, by_offer=True)
    if chosen is not None:
        chosen = _for_what_is_asked(found, chosen, question, language)
        chosen = _for_the_setting(found, chosen, setting)
        chosen = _for_a_duty(found, chosen, question)
    if chosen is None or not _ASKS_YES_OR_NO.match(question):
        return chosen
    if _verdict(chosen.card.text_in(language).answer) is not None:
        return chosen
    family = subject_family(chosen.card.topic)
    return next(
        (
            m
            for m in found
            if subject_family(m.card.topic) == family
            and m.score >= chosen.score - VERDICT_MARGIN
            and _verdict(m.card.text_in(language).answer) is not None
        ),
        chosen,
    )


# The topics that are one incident with a spill (never a sewer termination's, whose first word is "sewer" too)
_ONE_INCIDENT = {"sewer-overflows": "spill", "sso-cleanup": "spill", "cleanup-costs": "spill"}


def subject_family(topic: str) -> str:
    """The subject a card's topic belongs to: its first word, singular ("edible-food-tiers" and
    "edible-food-requirements" are both "edible"; "records" and "record-keeping" both "record"). A sewer
    overflow, its cleanup and what it costs are one incident with the spill it is ("and do I have to write
    something up about it now?" after the city's cleanup bill: the spill's written confirmation)."""
    if topic in _ONE_INCIDENT:
        return _ONE_INCIDENT[topic]
    return topic.split("-")[0].removesuffix("s")


_PART_BREAK = re.compile(
    # "also" that opens a clause, not one inside it ("could they also sue us")
    # ("for new employee also?": an "also" that ends a question is no break)
    r"\?|;|(?=¿)|(?<!they )(?<!we )(?<!i )(?<!you )(?<!it )(?<!he )(?<!she )\balso\b(?![\s?.!]*$|\s*\?)"
    r"|\b(?:and also|plus|another thing|other thing|2nd (?:question|thing)|second question"
    r"|tambien|también|y otra cosa|otra pregunta|otra cosa)\b"
    # "... can i bring a lawyer. can they shut our sewer off": a sentence that opens as a question does
    r"|\.\s+(?=(?:what|how|when|where|who|why|which|can|could|do|does|is|are|will|would|should|if"
    r"|que|qué|como|cómo|cuando|cuándo|donde|dónde|quien|quién|cuanto|cuánto|puedo|se puede"
    # "... ya se limpio. nos pueden multar x eso?"
    r"|(?:me|nos|le|les) (?:pueden|van a)|pueden|podemos)\b)"
    # "... y me dijo q no. hay manera de apelar eso?": a Spanish sentence that asks whether there is a way,
    # with its question mark (a need said, "necesito saberlo pa mañana", asks nothing)
    r"|\.\s+(?=hay\s+(?:manera|forma|modo|algo|alguna?|q|que)\b[^.?!]*\?)"
    # "... somos 40 sillas y no tenemos drive thru. y el training de los empleados cada cuanto hay q darlo?":
    # a sentence that opens with "and" and ends in a question mark
    r"|\.\s+(?=(?:and|y)\s+[^.?!;]*\?)"
    # "..., and how long is it valid": a second question joined by "and" (Spanish "y")
    # (a preposition may come first: "y ante qué oficina se presenta", "and to whom do i send it")
    r"|,?\s+(?:and|y)\s+(?=(?:(?:ante|a|en|con|de|para|to|at|in|with|for|from)\s+(?=\S+\s)"
    r"(?=(?:what|which|who|whom|where|que|qué|quien|quién|cual|cuál|donde|dónde)\b))?"
    r"(?:what|how|when|where|who|whom|why|which|can|could|is|are|do|does|will|would|should|if"
    r"|wh?ats|wuts?|hows|whens|wheres|whos"  # texted: "and whats the fine if we dont"
    r"|que|qué|como|cómo|cuando|cuándo|donde|dónde|quien|quién|cuanto|cuánto|puedo|se puede|hay"
    r"|cada cu[aá]nto|how often|how long"
    # "... list what the application asks for, and tell me how long the permit lasts"
    r"|tell me|let me know|explain|give me|dime|d[ií]game|expl[ií]que(?:me)?)\b)"
    # spoken, unpunctuated: "... fifteen percent um we're in victorville so is there any way to get back"
    r"|\s+(?:so|entonces)\s+(?:(?:um|uh|like|este|pues)\s+)*"
    r"(?=(?:is there|are there|can (?:we|i)|could (?:we|i)|do (?:we|i)|how (?:do|can|long|much)"
    r"|what (?:do|can|happens)|when (?:do|does|is)|hay|puedo|podemos"
    r"|qu[eé] (?:hago|hacemos|pasa)|c[oó]mo le hago)\b)"
    # a question joined by "and" after its condition: "..., can we just keep the old tenant's permit, and
    # once we have a permit how long is it valid?"
    r"|,\s+(?:and|y)\s+(?=(?:if|once|when|after|si|cuando|una vez)\b[^?.;]{0,60}?"
    r"\b(?:how|what|when|where|who|can|could|do|does|is|are|will|would|should|c[oó]mo|qu[eé]|cu[aá]ndo"
    r"|cu[aá]nto|puedo|podemos)\b)"
    # a question after a dash: "..., and we have a new barista starting Monday - when does she need the
    # sorting training?"
    r"|\s+[-–—]+\s+(?=(?:what|how|when|where|who|why|which|can|could|do|does|is|are|will|would|should"
    r"|que|qué|como|cómo|cuando|cuándo|donde|dónde|cuanto|cuánto|puedo|se puede)\b)"
    # a numbered list of questions: "1) i compost in my backyard, ... 2) can the trash company ..."; "2." only
    # where a sentence ends ("letter dated nov 2. when is it late" is a date)
    r"|(?:^|\s)\(?[1-9]\)\s+(?=[^\W\d])|(?:^|(?<=[.?!:;])\s+)[1-9]\.\s+(?=[^\W\d])",
    re.I,
)
# A question listed after another with a comma: "Can we keep it? Also, can the dishwasher drain through the
# grease interceptor, can the employee restroom hand sink tie into the interceptor line, ..."
_LISTED_AFTER = re.compile(
    r",\s+(?=(?:what|how|when|where|who|why|which|can|could|is|are|do|does|will|would|should|must|qu[eé]"
    r"|c[oó]mo|cu[aá]ndo|d[oó]nde|cu[aá]nto|puedo|podemos|se puede)(?:'s|’s)?\s)",
    re.I,
)
# A clause that sets a condition for the question after it ("if the owners sell the business later, does the
# permit go with it"), not a question of its own
_SETS_A_CONDITION = re.compile(
    r"^\W*(?:(?:and|but|so|y|pero)\s+)?(?:(?:if|once|after|before|since|because|while|unless|si"
    r"|una vez|despu[eé]s|antes|mientras)\b"
    # "when" of a condition, not the question "When will the hearing be"
    r"|when\b(?!\s+(?:will|is|are|do|does|did|can|could|should|would|must|was|were)\b)"
    r"|cuando\b(?!\s+(?:es|son|tengo|tenemos|puedo|podemos|hay|me|nos)\b))",
    re.I,
)


def _listed(part: str) -> list[str]:
    """A part of a message, split where a question listed with a comma after another one starts (the one
    before it opens as a question, :data:`_LISTED_AFTER`); a clause that does not ask, or sets a condition,
    stays with what follows it ("our trap is full every 2 weeks, what should we do" is one question)."""
    pieces: list[str] = []
    start = clause = 0
    for comma in _LISTED_AFTER.finditer(part):
        before = part[start : comma.start()]
        # read in the sentence the comma is in ("I'd like to understand how ... If our interceptor ..."); the
        # condition is the clause just before the comma ("If our interceptor stays fairly clean, can we ask
        # to go longer between pumpings, what would we need to show": the second comma ends a question)
        sentence, condition = (
            re.split(r"[.!]\s+", text)[-1] for text in (before, part[clause : comma.start()])
        )
        if _OPENS_A_QUESTION.match(sentence) and not _SETS_A_CONDITION.match(condition):
            pieces.append(before)
            start = comma.end()
        clause = comma.end()
    return [*pieces, part[start:]]


# A question that names nothing of its own, only what to send ("what do I need to send?", "¿Qué tengo que
# mandar?"): it asks about the matter of the message or conversation it is said in
_NAMES_NOTHING = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|so|then|y|entonces|pues|bueno)\W+)*(?:what|qu[eé]|q)\s+(?:else\s+|m[aá]s\s+)?"
    r"(?:do|does|should|would|must|tengo|tenemos|tiene|hay|necesito|necesitamos|debo|debemos)\s+"
    r"(?:(?:i|we|you|they)\s+)?(?:que\s+|q\s+|to\s+|need\s+to\s+|have\s+to\s+|gotta\s+|got\s+to\s+)?"
    r"(?:send|submit|include|provide|bring|give|show|prove|turn in|file|mandar|enviar|entregar|presentar"
    r"|incluir|demostrar|llevar|mandarles|enviarles)"
    r"(?:\s+(?:in|them|it|you|guys|the city|la ciudad|a la ciudad|o demostrar|or prove|along|with it"
    r"|with the application|con la solicitud))*\W*$"
    # or only what to do: "so what do we actually have to do day to day", "¿Y qué tengo que hacer
    # exactamente?"
    r"|^\W*(?:(?:ok(?:ay)?|and|so|then|y|entonces|pues|bueno)\W+)*(?:what|qu[eé]|q)\s+"
    r"(?:do|does|should|must|tengo|tenemos|tiene|hay|debo|debemos)\s+(?:(?:i|we|you|they)\s+)?"
    r"(?:actually\s+|really\s+|exactly\s+)?(?:que\s+|q\s+|to\s+|need\s+to\s+|have\s+to\s+|gotta\s+)?"
    r"(?:do|hacer)(?:\s+(?:exactly|exactamente|actually|day to day|every day|now|then|ahora|entonces|"
    # "y q tenemos q hacer en concreto?"
    r"en realidad|realmente|d[ií]a a d[ií]a|specifically|in particular|en concreto|en particular"
    r"|espec[ií]ficamente))*\W*$",
    re.IGNORECASE,
)
# Only which papers, asked of nothing named: "q papeles necesitan?", "what documents do they need"
_ASKS_WHICH_PAPERS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|so|then|y|entonces|pues|bueno)\W+)*(?:what|which|qu[eé]|q|cu[aá]les)\s+"
    r"(?:papers?|paperwork|documents?|documentation|papeles|documentos|documentaci[oó]n)\s+"
    r"(?:(?:do|does|will)\s+)?(?:(?:i|we|you|they)\s+)?(?:need|want|ask for|necesit\w*|pid\w*|ocup\w*)"
    r"(?:\s+(?:from me|from us|for it|for that|for this|de mi|de nosotros|pa eso|para eso))?\W*$",
    re.IGNORECASE,
)
WHAT_TO_SEND = N_("What do I need to send?")


def names_nothing(question: str) -> bool:
    """Whether a question names nothing of its own, only what to send (:data:`_NAMES_NOTHING`) or which
    papers (:func:`asks_which_papers`)."""
    return bool(_NAMES_NOTHING.match(question.strip())) or asks_which_papers(question)


def asks_which_papers(question: str) -> bool:
    """Whether a question asks only which papers are needed ("q papeles necesitan?"): what to send, in
    other words, which :data:`WHAT_TO_SEND` asks in the words the answer cards know."""
    return bool(_ASKS_WHICH_PAPERS.match(question.strip()))


# A part of a message that only agrees, says to go ahead or says where ("si asi esta bien, mandalo", "ok thats
# right, submit it", "ok pero yo estoy en victorville"): no question of its own, whatever card it comes near
_ONLY_A_REPLY = re.compile(
    r"^(?:(?:s[ií]|yes|yeah|yep|ok|okay|correct[oa]?|right|that'?s right|that'?s it|perfect[oa]?|great|good|"
    r"listo|va|dale|bueno|bien|thanks?|thank you|gracias|as[ií] est[aá] bien|est[aá] bien|go ahead|"
    r"send it|submit it|file it|m[aá]ndal[oa]|env[ií]al[oa]|env[ií]el[oa]|please|por favor|all good|"
    # "ok pero yo estoy en victorville. y si no lo hago?": where, said before the question
    r"but|pero|yo|i'?m|we'?re|i am|we are|estoy|estamos|in|en|victorville|inglewood)"
    r"[\s,.!]*)+$",
    re.IGNORECASE,
)


def asks_several(question: str) -> bool:
    """Whether a message asks more than one thing ("when does it become final and how long till we can apply
    again"), each part opening as a question does or ending in a question mark."""
    return sum(1 for part, alone in _questions(question) if _asks(alone or part, question)) > 1


# A message may list four asks ("Can we keep it? Also, can the dishwasher ..., can the restroom sink ...,
# and the enzyme drops?"); on SMS what does not fit the first reply is behind MORE
MAX_CARDS_PER_ANSWER = 4


def _with_other_parts(
    cards: CardIndex,
    question: str,
    first: Card,
    language: str = ENGLISH,
    not_again: frozenset[str] = frozenset(),
) -> list[Card]:
    """The cards answering the message: the one for the whole of it and, when it asks two things, the one
    for the other part, in the order the message asks them (never one of ``not_again``).

    "how long do i keep manifests? also can the pumper dump the leftovers back in the cleanout" asks two
    things; each part is matched on its own, and a card on another topic answers the second.
    """
    asked = [
        (part, alone)
        for part, alone in _questions(question)
        if _long_enough(part, question)
        and not names_nothing(alone or part)  # the whole's card answers
        and not _ONLY_A_REPLY.match((alone or part).strip())  # "si asi esta bien, mandalo. y cuanto dura?"
        # so it does a bare "cuanto es el total" after the bill (one after facts of its own is read with them)
        and not (alone is None and asks_only_how_much_or_when(part))
    ]
    # who asks ("I supervise cafeteria kitchens for a charter network") may bring a card of its own, after
    # the question's
    asked.sort(key=lambda asking: asking[1] is None and _introduces(asking[0], question))
    if len(asked) == 1 and (alone := asked[0][1]) is not None:
        return _the_question_s_first(cards, alone, first, language)
    if len(asked) < 2:
        return [first]
    # the parts' vectors in one batch, each read with what came before it and alone; each match below finds
    # its own cached
    parts = [text for part, alone in asked for text in (part, alone) if text is not None]
    if language == ENGLISH:
        cards.embedder.encode(parts)
    picks: list[Card] = []
    asking: list[Card] = []  # the picks that answer a part that asks (not one that only tells)

    def matched(part: str) -> CardMatch | None:
        candidates = _in_the_chapter_of(
            _other_than(cards.match(part, first.city, k=SUBJECT_CANDIDATES, language=language), not_again),
            first,
        )
        # "... no room for all the extra carts, can we get out of it? how long would that last?": a short
        # part whose "that" is the part before keeps to its subject as a follow-up does
        leans = len(part.split()) <= LEANING_PART_WORDS and _LEANS_BACK.search(part)
        found = _on_subject(candidates, first.topic, SUBJECT_MARGIN if leans else PART_SUBJECT_MARGIN)
        if found is not None:  # "if I want to appeal, what's my deadline": the card that says by when
            found = _for_what_is_asked(candidates, found, part, language)
            # (and no definition for "we think he's wrong about the manifests, how long do we have to fight
            # it": the appeal's card)
            found = _for_a_duty(candidates, found, part)
        return found if found is not None and found.score >= CARD_MIN else None

    def pick(part: str) -> Card | None:
        found = matched(part)
        return found.card if found is not None else None

    def closer(part: str, alone: str) -> Card | None:
        """A long question after a statement, read alone; with the statement when it ends on what the
        statement said ("... a new commercial project with about 1,800 sq ft of landscape - does the organics
        chapter require anything there?"), or when, alone, it finds a card in the other chapter than the
        whole's and, with it, one in the whole's: "I'm getting ready to fill out the FOG permit application.
        What information is the city going to ask for, so I can have it ready?" is not a food recovery
        group's capacity report."""
        found = matched(alone)
        leans = _ENDS_ON_WHAT_WAS_SAID.search(alone) is not None
        if leans or found is None or is_organics(found.card) != is_organics(first):
            read_with = matched(part)
            if read_with is not None and (leans or is_organics(read_with.card) == is_organics(first)):
                return read_with.card
        elif (read_with := matched(part)) is not None and (
            subject_family(read_with.card.topic) != subject_family(found.card.topic)
            and read_with.score >= found.score
        ):
            # "city emailed theyre changing the conditions on our fog permit. how much notice do they owe
            # me?": alone, a notice of violation's fee; with what it is about, closer still, the permit
            # change's
            return read_with.card
        return found.card if found is not None else None

    def best(part: str) -> Card | None:
        found = _in_the_chapter_of(
            cards.match(part, first.city, k=SUBJECT_CANDIDATES, language=language), first
        )
        return found[0].card if found and found[0].score >= CARD_MIN else None

    for part, alone in asked:
        long_alone = alone is not None and len(alone.split()) > SHORT_QUESTION_WORDS
        card = closer(part, alone) if long_alone else pick(part)
        own = alone if long_alone else part  # the question as the message says it
        if (
            card is not None
            and card.id == first.id
            and len(own.split()) >= SELF_CONTAINED_PART_WORDS
            and _asks(
                own, question
            )  # a question, not the story around it ("the inspector came on a day ...")
            # read with the statement before it, it still asks the whole's matter ("An emergency suspension
            # order ... was served yesterday. What's the latest they have to give us a hearing")
            and not (long_alone and pick(part) == first)
        ):
            # "... Also, if the city wants to change something in our FOG permit, how much notice do they have
            # to give us?": a part that says all it asks is answered by its own best card, not bent to the
            # whole's subject (which the whole's card already answers)
            card = best(own) or card
        short_alone = alone is not None and not long_alone
        if short_alone and (card is None or card.id == first.id or any(card.id == c.id for c in picks)):
            # "... mailed nov 16, the hearing is dec 22. can i bring a lawyer?": read with the facts, the
            # short question finds the letter's card again; alone, the one about the hearing, on the letter's
            # subject ("... changing the conditions on our fog permit. how much notice do they owe me?" alone
            # is a notice of violation's fee: read with what it is about, the permit change's notice)
            alone_card = pick(alone)
            if alone_card is not None and (
                card is None or subject_family(alone_card.topic) == subject_family(card.topic)
            ):
                card = alone_card
        if card is not None and all(card.id != c.id for c in picks):
            picks.append(card)
        if card is not None and _asks(alone or own, question):
            asking.append(next(c for c in picks if c.id == card.id))
    if all(card.id != first.id for card in picks):
        picks.insert(0, first)
    return _what_is_asked_first(picks, asking)[:MAX_CARDS_PER_ANSWER]


def _what_is_asked_first(picks: list[Card], asking: list[Card]) -> list[Card]:
    """The cards in the order the message's parts came, except that a part that only tells what happened
    does not answer before the question on its subject: "our kitchen drain backed up saturday ..., plumber
    fixed it. will the city charge us anything?" gets what the spill costs first, then the unreported spill's
    card (the story's), both on the spill."""
    asked = {card.id for card in asking}
    if not picks or picks[0].id in asked or not asking:
        return picks
    family = subject_family(picks[0].topic)
    first_asked = next((card for card in asking if subject_family(card.topic) == family), None)
    if first_asked is None:
        return picks
    return [first_asked, *(card for card in picks if card.id != first_asked.id)]


# A statement of who asks ("I supervise cafeteria kitchens for a charter network", "soy la encargada de ...",
# "I'm the new GM"): whom the question is for, no question of its own (what someone owns or runs, "i own a 4
# unit building", is what the question is about)
_INTRODUCES = re.compile(
    r"^\W*(?:(?:hi|hello|hey|good (?:morning|afternoon|evening)|hola|buen[oa]s(?: d[ií]as| tardes| noches)?)"
    r"\b[\s,!.-]*)?"
    # a caller's fillers: "Hi, um, yes, I help run the kitchen at our church"
    r"(?:(?:um+|uh+|yes|yeah|so|ok(?:ay)?|well|este|pues|s[ií])\b[\s,!.-]*)*"
    r"(?:i'?m|i am|this is|my name is|i (?:supervise|oversee|work|volunteer)"
    r"|i help (?:run|out|manage|with|in)"
    r"|soy|me llamo|trabajo|superviso|ayudo (?:en|a|con))\b",
    re.IGNORECASE,
)


def _introduces(part: str, message: str) -> bool:
    """Whether a part of ``message`` says who asks, and asks nothing."""
    return bool(_INTRODUCES.match(part)) and not _asks(part, message)


def _the_question_s_first(cards: CardIndex, question: str, first: Card, language: str) -> list[Card]:
    """The cards for a message that tells what happened, then asks one thing: the card that answers the
    question, read alone, on the subject of the card for the whole, first ("... drain backed up, its cleaned
    up. can they fine us for that?": what follows a spill, then the unreported spill's card); the whole's
    alone when the question names nothing of its own ("what do i send?", "how much is it")."""
    if (
        len(question.split()) < MIN_PART_WORDS
        or names_nothing(question)
        or asks_only_how_much_or_when(question)
    ):
        return [first]
    candidates = _in_the_chapter_of(
        cards.match(question, first.city, k=SUBJECT_CANDIDATES, language=language), first
    )
    found = _on_subject(candidates, first.topic, PART_SUBJECT_MARGIN)
    if (
        found is None
        or found.score < CARD_MIN
        or found.card.id == first.id
        # read alone, the question lacks what was told: another subject's card is likelier a misreading
        # ("¿Con cuánta anticipación tenemos que avisar...?" after a remodel is not a permit change's notice)
        or subject_family(found.card.topic) != subject_family(first.topic)
    ):
        return [first]
    return [found.card, first]


# What a part names of the part before it ("how long would that last", "¿y cuánto dura eso?")
_LEANS_BACK = re.compile(r"\b(?:it|that|this|those|them|eso|esto|esa|ese)\b", re.IGNORECASE)
LEANING_PART_WORDS = 6  # a part this short that names the one before has no subject of its own


# A question that ends on what was said before it: "... does the organics chapter require anything there"
_ENDS_ON_WHAT_WAS_SAID = re.compile(
    r"\b(?:there|it|that|them|those|this|one|eso|esto|ah[ií]|all[ií])\W*$", re.I
)
MIN_PART_WORDS = 4  # a shorter part of a message ("ok.", "thanks!") asks nothing of its own
MIN_QUESTION_WORDS = 3  # ... unless it opens as a question does: "¿Puedo llevar abogado?", "can i appeal?"


def _long_enough(part: str, message: str) -> bool:
    """Whether a part of ``message`` is long enough to ask something of its own."""
    words = len(part.split())
    if words >= MIN_PART_WORDS:
        return True
    return (
        words >= MIN_QUESTION_WORDS
        and ("¿" in part or bool(_OPENS_A_QUESTION.match(part)))
        # "y cuanto dura?" asks how long the matter of the whole lasts: read with it, not on its own
        and not any(kind.search(part) for kind in _ASKED_KINDS)
    )


# The words of a question for an amount or a day that names nothing of its own ("cuanto es el total", "and how
# long do i have to pay", "by when is it due"): what the rest of the message is about gives its subject
_HOW_MUCH_OR_WHEN_WORDS = frozenset(
    {
        *(
            "how",
            "much",
            "long",
            "when",
            "by",
            "what",
            "is",
            "it",
            "the",
            "total",
            "pay",
            "paid",
            "due",
            "owe",
        ),
        *(
            "do",
            "does",
            "i",
            "we",
            "have",
            "to",
            "and",
            "so",
            "then",
            "date",
            "day",
            "days",
            "deadline",
            "ok",
        ),
        *("okay", "cuanto", "cuando", "para", "que", "es", "el", "la", "lo", "eso", "pagar", "pago", "tengo"),
        *("tenemos", "tiempo", "debo", "debemos", "y", "hasta", "fecha", "dia", "dias", "plazo", "a", "de"),
        *("pa", "q"),
    }
)


def asks_only_how_much_or_when(question: str) -> bool:
    """Whether a part of a message only asks how much or by when ("cuanto tiempo tengo para pagar")."""
    words = re.findall(r"[^\W\d_]+", plain(question))
    return 0 < len(words) <= SHORT_QUESTION_WORDS and set(words) <= _HOW_MUCH_OR_WHEN_WORDS


SELF_CONTAINED_PART_WORDS = (
    10  # a part this long names what it asks about; a shorter one may lean on the whole
)


# How much closer a part's best card in another chapter may be than one in the chapter of the whole's card
PART_CHAPTER_MARGIN = 0.15


def _in_the_chapter_of(found: list[CardMatch], first: Card) -> list[CardMatch]:
    """A part's matches, those in the chapter of the card for the whole message first when one is nearly as
    close: "they want to revoke our grease permit ... and if we lose, can we appeal?" asks the grease
    chapter's appeal, not the organics chapter's appeal of a citation."""
    same = [m for m in found if is_organics(m.card) == is_organics(first)]
    if found and same and same[0] is not found[0] and same[0].score >= found[0].score - PART_CHAPTER_MARGIN:
        return same
    return found


# A part of a message that opens as a question does ("n can i appeal, by when", "y cuanto dura")
_OPENS_A_QUESTION = re.compile(
    r"^\W*(?:(?:and|also|plus|so|but|or|n|ok|then|y|o|pero|entonces)\b\W*)*"
    r"(?:what|whats|what's|how|when|where|who|why|which|can|could|do|does|did|is|are|am|will|would|should"
    r"|may|must|if|any|que|qué|como|cómo|cuando|cuándo|donde|dónde|quien|quién|cual|cuál|cuanto|cuánto"
    r"|cuanta|cuánta|puedo|podemos|puede|pueden|se puede|hay|si)\b",
    re.I,
)


# A claim put to the assistant to check, after the claims: "... every 90 days and the manifest has to go to
# the city within 72 hrs. we're in inglewood, same for us?", "... toss the paperwork after a year. that
# right??", "... down the mop sink with lots of hot water. victorville. is he right??"
_CLAIM_TAG = re.compile(
    r"(?:^|[.!?;,]\s*)(?:(?:is|are|was)\s+)?(?:(?:that|this|he|she|it|they|all that)(?:'s|'re)?\s+)?"
    r"(?:right|true|correct|legit|accurate)\s*\?"
    # "... pour this enzyme stuff down the floor drain, ... the dish machine drains into the grease box
    # too. is all that okay?"
    r"|(?:^|[.!?;,]\s*)(?:is|are)\s+(?:all (?:of )?(?:that|this|those)|(?:any|either|both) of (?:that|this"
    r"|those|them))"
    r"\s+(?:ok|okay|fine|allowed|legal)\s*\?"
    r"|(?:^|[.!?;,]\s*)(?:is it\s+|it'?s\s+|are they\s+)?(?:the\s+)?same (?:for|with|here|over here)\b"
    r"[^.?]{0,20}\?"
    # spoken, with no punctuation, at the end ("... keep using his permit is that is that right")
    r"|\s(?:(?:is|are)\s+(?:that|this|it|he|she|they)\s+)+(?:right|true|correct|legit|accurate)\W*$",
    re.IGNORECASE,
)
# The clauses of the claims ("... pumped every 90 days and the manifest has to go ..."; "..., dump that
# enzyme stuff in every week ..., and pour the fryer oil down the mop sink")
_CLAIM_BREAK = re.compile(r"[.;]\s+|,\s+(?:and\s+)?|\s+and\s+(?:that\s+)?", re.IGNORECASE)
# What a claim about a rule says: a number, or what must, may or needs to be done
_STATES_A_RULE = re.compile(
    r"\d|\b(?:should|must|need|needs|gotta|got to|has to|have to|can|can't|cannot|only|every|within|allowed"
    r"|required|supposed)\b",
    re.IGNORECASE,
)


def _claims(message: str) -> list[str]:
    """The claims a message asks to have checked (:data:`_CLAIM_TAG`), each on its own: from the first
    that states a rule ("my cousin runs a taco shop" before it is who said them), without city names; none
    when the message puts no claim to check, or only one."""
    tag = _CLAIM_TAG.search(message)
    if tag is None:
        return []
    clauses = [c.strip() for c in _CLAIM_BREAK.split(message[: tag.start()]) if c and c.strip()]
    first = next((i for i, clause in enumerate(clauses) if _STATES_A_RULE.search(clause)), len(clauses))
    claims = [without_city_names(c).strip(" ,.") for c in clauses[first:]]
    claims = [claim for claim in claims if len(claim.split()) >= 4]
    return claims if len(claims) > 1 else []


SHORT_QUESTION_WORDS = 6  # a question this short ("when is it final") is read with the facts before it
OWN_QUESTION_WORDS = 4  # "o cualquiera sirve?" goes on with the question before it


# A question about what the one before it named ("where can i buy a grease trap and how much do they usually
# cost?", "¿y cuánto cuestan?"): it goes with that one, declined or not
_ASKS_ABOUT_WHAT_WAS_NAMED = re.compile(
    r"^\W*(?:(?:and|y|also|tambi[eé]n)\W+)?(?:how much|what|cu[aá]nto|qu[eé])\b.{0,15}"
    r"\b(?:(?:do|does|did|would|will|is|are)\s+(?:they|it|those|these|one)|cuestan?|vale[n]?|sale[n]?)\b",
    re.IGNORECASE,
)


def _covered_parts(question: str, city: str | None) -> str | None:
    """The questions of a message that asks several, without those the ordinances do not cover (a
    collection day, a rate), when some remain: "and do my tenants need the commercial bins" of "what day is
    green waste pickup? and do my tenants need the commercial bins"; None when there is no such part."""
    parts = [alone or part for part, alone in _questions(question)]
    if len(parts) < 2:
        return None  # one question, or a story and its question: the whole is declined

    def covers(text: str) -> bool:
        return uncovered_topic(text if current() == ENGLISH else gloss(text), city) is None

    covered = [part for part in parts if covers(part)]
    if len(covered) == len(parts):
        return None
    # a question of its own, not a few words that go on with the declined one ("... aprobadas? o cualquiera
    # sirve?") or a remark ("la q teniamos ya cerro")
    covered = [
        part
        for part in covered
        if _asks(part, question)
        and len(part.split()) >= OWN_QUESTION_WORDS
        and not _ASKS_ABOUT_WHAT_WAS_NAMED.match(part)
    ]
    if not covered:
        return None
    # what a declined part tells besides its question stays ("i own a 4 unit building in victorville, what
    # day is green waste pickup?": the building the next question is about)
    told = [
        clause
        for part in parts
        if part not in covered
        for clause in re.split(r"[,.;:]\s*", part)
        if clause.strip() and not _asks(clause, question) and covers(clause)
    ]
    # each question still a question of its own: "can the trash company come inside my house? are they gonna
    # start charging me?" asks two things
    return " ".join([*told, *(part if part.rstrip()[-1:] in "?.!" else f"{part}?" for part in covered)])


def _questions(message: str) -> list[tuple[str, str | None]]:
    """The message's parts that ask something: "We're taking over a space in Victorville." is the
    questions' context (which the card for the whole message answers), not a question of its own (a
    physical-space waiver's), though the question after it is read with it ("... mailed nov 23. when is it
    final") and kept alone beside it (:func:`_with_other_parts` reads a short one with it, a long one alone
    unless it leans on it). Questions listed with commas are each a part (:func:`_listed`). A statement at
    the end stays ("... my cousin says the whole thing is
    dead"), and so does each when none asks anything. Claims put to be checked are each a part
    (:func:`_claims`)."""
    if claims := _claims(message):
        return [(claim, None) for claim in claims]
    said = [piece for part in _PART_BREAK.split(message) if part and part.strip() for piece in _listed(part)]
    # "... ¿eso se puede? es aquí en Victorville, en el restaurante": the last part says where, and asks
    # nothing of its own; the questions before it are read as they would be with it
    where_only = len(said) > 1 and bool(_ONLY_WHERE.match(said[-1]))
    asking: list[tuple[str, str | None]] = []
    context = ""
    for i, part in enumerate(said):
        if where_only and i == len(said) - 1:
            break
        if _only_a_condition(part, message) or not (_asks(part, message) or i == len(said) - 1):
            context = f"{context} {part}"
            continue
        if context.strip():  # "... mailed nov 23. when is it final": read with it, and alone
            asking.append((f"{context} {part}".strip(), part.strip()))
        else:
            asking.append((part.strip(), None))
        context = ""
    asking = _ellipses_filled(asking)
    if asking and where_only:
        return asking
    if len(asking) > 1 or not any(_asks(part, message) for part in said):
        return asking
    return [(part.strip(), None) for part in _conditions_joined(said, message)]


# A question that leaves its verb to the one before it: "how often do we gotta pump the grease trap and whats
# the fine if we dont??", "¿cada cuanto hay q limpiar la trampa? ¿y cuanto es la multa si no?" (a Spanish part
# with no mark of its own stays with the one before it, whose words it is read with)
_ENDS_ELIDED = re.compile(
    r"\b(?:if (?:we|i|you|they|he|she|it) (?:don'?t|do not|didn'?t|did not|can'?t|cannot|never|forget)"
    r"|if not|otherwise|si no(?: (?:lo|la) (?:hacemos|hago|hace|hacen))?|de lo contrario)\W*$",
    re.IGNORECASE,
)
# What the question before has to be done ("do we gotta pump the grease trap": "pump the grease trap")
_WHAT_IS_DONE = re.compile(
    r"\b(?:have to|has to|gotta|got to|need to|needs to|must|should|supposed to|do (?:we|i|you)"
    r"|hay que|hay q|tenemos que|tenemos q|tengo que|tengo q|debo|debemos)\s+(?P<done>[^,.;?!¿]+)",
    re.IGNORECASE,
)
# (and the subject a "should we ..." keeps: "should we call the city first? what if we dont")
_AUXILIARIES = re.compile(
    r"^(?:(?:gotta|got to|have to|need to|to|que|q|really|actually|we|i|you|they)\s+)+", re.IGNORECASE
)
# What is done that says nothing of its own ("what do we do with the used oil"): no verb to lend
_NOTHING_DONE = re.compile(r"^(?:do|need|have|get)\b", re.IGNORECASE)


def _ellipses_filled(asking: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """The parts, each that leaves its verb to the part before it (:data:`_ENDS_ELIDED`) said in full with
    what that part has done ("whats the fine if we dont pump the grease trap")."""
    filled: list[tuple[str, str | None]] = []
    for i, (part, alone) in enumerate(asking):
        own = alone or part
        done = _WHAT_IS_DONE.search(asking[i - 1][1] or asking[i - 1][0]) if i else None
        said = _AUXILIARIES.sub("", done.group("done").strip()) if done is not None else ""
        if said and not _NOTHING_DONE.match(said) and _ENDS_ELIDED.search(own):
            own = f"{own.rstrip(' ?!.')} {said}"
            part, alone = (own, None) if alone is None else (part, own)
        filled.append((part, alone))
    return filled


def _conditions_joined(said: list[str], message: str) -> list[str]:
    """The parts of a message, each that only sets a condition joined to the part after it."""
    joined: list[str] = []
    condition = ""
    for part in said:
        if _only_a_condition(part, message):
            condition += part.strip() + ("" if part.rstrip().endswith(",") else ".") + " "
            continue
        joined.append(f"{condition}{part.strip()}")
        condition = ""
    return joined + ([condition.strip()] if condition else [])


# A statement that only says where the question is asked from ("es aquí en Victorville, en el restaurante",
# "this is for our place in inglewood"; the city's name is already taken out of the message)
_ONLY_WHERE = re.compile(
    r"^(?=.*\b(?:aqu[ií]|here|en|in|at|all[aá])\b)"  # a word of where: "restaurant" alone may name the topic
    r"\W*(?:(?:it'?s|its|this is|that'?s|we'?re|we are|i'?m|i am|es|esto es|estamos|estoy|somos)\s+)?"
    r"(?:(?:for|para|pa)\s+)?(?:(?:aqu[ií]|here|all[aá]|ac[aá]|out here)\s+)?(?:(?:in|en|at|de|from)\s*)?"
    r"[\s,]*(?:(?:in|en|at|de)\s+)?(?:(?:el|la|the|our|my|mi|nuestro|nuestra|un|una|a)\s+)?"
    r"(?:restaurante?s?|local|negocio|kitchen|cocina|place|spot|shop|tienda|store)?\W*$"
    # "My catering business is in Victorville.", "nuestro restaurante está en ..."
    r"|^\W*(?:my|our|the|mi|nuestro|nuestra|el|la)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:restaurante?s?|business|negocio|place|shop|store|tienda|kitchen|cocina|cafe|caf[eé]|company|compan[ií]a"
    r"|location|local|building|edificio|house|casa)\s+(?:is|are|'s|est[aá]n?|queda)(?:\s+located)?"
    r"(?:\s+(?:in|en|at|out here|here|aqu[ií]))?\W*$",
    re.IGNORECASE,
)


def _only_a_condition(part: str, message: str) -> bool:
    """Whether a part of ``message`` only sets the condition of the question after it: "Y si pierdo,
    ¿puedo apelar?" (split off at the "¿"), "if inglewood revokes my permit. how long b4 i can reapply" (a
    sentence of its own, no clause of it a question)."""
    if not _SETS_A_CONDITION.match(part):
        return False
    if part.rstrip().endswith(","):
        return True
    end = message.find(part) + len(part)
    ends_a_sentence = message[end : end + 1] == "."
    return ends_a_sentence and not any(_OPENS_A_QUESTION.match(c) for c in re.split(r"[,:]", part)[1:])


def _asks(part: str, message: str) -> bool:
    """Whether a part of ``message`` asks something: it opens as a question does, or a question mark
    ends it."""
    if "¿" in part or any(_OPENS_A_QUESTION.match(clause) for clause in re.split(r"[,:]", part)):
        return True
    end = message.find(part) + len(part)
    return message[end : end + 2].lstrip().startswith("?")


# The verdict an answer opens with, in its first clause: "No.", "Not allowed.", "It doesn't transfer.",
# "Garbage disposals aren't allowed: ...", "Never pour ..."; "Yes." (Spanish: "No.", "Nunca ...", "Sí.").
_FIRST_CLAUSE = re.compile(r"^[^.:;]*")
_NO = re.compile(
    r"^(?:no|not|don'?t|never|nunca|(?:it|you|they) (?:can'?t|cannot|do(?:es)?n'?t|do(?:es)? not))\b"
    r"|\b(?:not allowed|aren'?t allowed|isn'?t allowed|prohibited|may not"
    r"|must not|no substitute|not a substitute|isn'?t a substitute|does ?n[o']?t count"
    r"|no se permite|est[aá]n? prohibid[oa]s?|prohibid[oa]s?|no sustituye|no reemplaza)\b",
    re.I,
)
_YES = re.compile(r"^(?:yes|s[ií])\b", re.I)


def _verdict(answer: str) -> str | None:
    clause = _FIRST_CLAUSE.match(answer.strip()).group(0)
    if _YES.search(clause):
        return "yes"
    return "no" if _NO.search(clause) else None


def _same_verdict(chosen: Sequence[Card], language: str) -> bool:
    """Whether every card opens with the same yes or no ("No. Food grinders ..." in one city, "Garbage
    disposals aren't allowed" in the other): the answer does not wait on the city then; each city's card
    is given, labelled."""
    verdicts = {_verdict(card.text_in(language).answer) for card in chosen}
    return len(verdicts) == 1 and None not in verdicts


def is_organics(card: Card) -> bool:
    return all(cite.startswith(f"{VICTORVILLE_CODE_NAME} § 6.37.") for cite in card.cites)


def answer_from_cards(
    chosen: Sequence[Card], *, labelled: bool, contacts: CityContacts | None = None
) -> Answer:
    """The cards' answers, their citations written once after them, and the rest behind "more". A card that
    says the ordinance leaves something out (``refer``) names the office that has it, from ``contacts``,
    in the core: on SMS, in the first message."""
    city = chosen[0].city
    label = t("In {city}: ", city=CITY_NAMES[city]) if labelled else ""
    cites = tuple(dict.fromkeys(cite for card in chosen for cite in card.cites))
    texts = [card.text_in(current()) for card in chosen]
    said: list[str] = []
    referred: set[str] = set()
    for card, text in zip(chosen, texts, strict=True):
        if contacts is None or not card.refer or card.refer in referred:
            said.append(text.answer)
            continue
        referred.add(card.refer)
        # "The chapter doesn't print the amounts. Please contact ... Penalties follow ...": whom to ask, next
        # to what the ordinance leaves out
        first, _, rest = text.answer.partition(". ")
        referral = t("Please contact {office}.", office=contacts.describe(city, card.refer))
        said.append(f"{first}. {referral} {rest}".strip() if rest else f"{text.answer} {referral}")
    core = " ".join(said)
    more = " ".join(text.more for text in texts if text.more)
    text = f"{label}{core} ({join_citations(city, cites)})"
    return Answer(
        AnswerKind.ANSWER,
        text,
        cites,
        city,
        more=more,
        card=chosen[0],
        parts=len(chosen),
        cards=tuple(chosen),
        pieces=tuple(f"{label}{words}" if i == 0 else words for i, words in enumerate(said)),
    )


def pieces_of(answer: Answer) -> tuple[str, ...]:
    """The words of each part of ``answer`` (:attr:`Answer.pieces`); one part, its words before the trailing
    citation, when it was composed as one."""
    if answer.pieces:
        return answer.pieces
    cited = TRAILING_CITATION.search(answer.text)
    return (answer.text[: cited.start()] if cited else answer.text,)


def rest_first(answer: Answer) -> Answer:
    """A card's answer given again ("what do I need to send?" after "do I still need to report it?" lands on
    the same card): what it holds behind "more" first, with its citations, then the core already said; the
    answer as it is when it is no card's own answer (a computed result comes first) or holds nothing more."""
    card = answer.card
    if card is None or not answer.more or answer.kind is not AnswerKind.ANSWER:
        return answer
    core = card.text_in(current()).answer
    if not answer.text.startswith(core[: len(core) // 2]):
        return answer
    cites = join_citations(answer.jurisdiction or card.city, answer.citations)
    return replace(answer, text=f"{answer.more} ({cites})", more=answer.text)


def _single(question: str, hits: Sequence[Hit], city: str, *, labelled: bool) -> Answer:
    best, extract = choose_passage(question, hits)
    label = t("In {city}: ", city=CITY_NAMES[city]) if labelled else ""
    if current() != ENGLISH:  # no reviewed translation of a passage: the official text, said to be English
        extract = t('The official text, in English, says: "{quote}"', quote=extract)
    text = f"{label}{extract} ({best.citation})"
    return Answer(AnswerKind.ANSWER, text, (best.citation,), city, passages=tuple(hits))


_RANK_PRIOR = (1.0, 0.8, 0.65)


def choose_passage(question: str, hits: Sequence[Hit]) -> tuple[Hit, str]:
    """Which of the top passages to quote, and the sentences to quote from it.

    Retrieval ranks passages; quoting adds judgement: a bare heading ("Notice of Violation (NOV) Penalty
    Fee.") says nothing, a list item is weighed against the item that introduces it, a question asking "how
    long", "how often" or "how much" is answered by a passage holding that kind of answer
    (:mod:`knowledge.answer_types`), and one sharing more of the question's words answers it more directly.
    Retrieval order stays the main signal.
    """
    wanted = asked_types(question)
    query = _stems(expand_query(question))
    candidates: list[tuple[int, Hit]] = []
    for rank, hit in enumerate(hits[: len(_RANK_PRIOR)]):
        related = list(paragraphs_at(hit.unit))  # the item and the paragraphs continuing it
        parent = parent_of(hit.unit) if _is_list_item(hit.unit.text) else None
        related += [parent] if parent is not None else []
        for unit in [hit.unit, *related]:
            if all(unit.id != h.unit.id for _, h in candidates):
                candidates.append((rank, replace(hit, unit=unit)))
    scored = []
    for rank, hit in candidates:
        if _is_bare_heading(hit.unit.text):
            continue
        extract = extract_sentences(question, hit)
        overlap = len(query & _stems(extract))
        score = _RANK_PRIOR[rank] * (1 + 0.1 * min(overlap, 6))
        if wanted & passage_types(extract):
            score *= 1.3
        scored.append((score, -rank, hit, extract))
    if not scored:
        return hits[0], extract_sentences(question, hits[0])
    _, _, hit, extract = max(scored, key=lambda item: (item[0], item[1]))
    return hit, extract


def _is_bare_heading(text: str) -> bool:
    words = text.split()
    title_words = all(w[:1].isupper() or not w[:1].isalpha() or w in _MINOR for w in words)
    return len(words) <= 10 and text.rstrip().endswith(".") and title_words


_MINOR = frozenset(["a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to"])


def not_covered(
    city: str | None, contacts: CityContacts, topic: Uncovered | None = None, *, office: str = FOG
) -> Answer:
    """Say the ordinances do not answer it, whom to ask (the FOG office for grease, the solid waste office for
    carts, pickups and hauling: the topic's, else ``office``) and what they do say that is related (if
    anything)."""
    cities = [city] if city else list(CITY_NAMES)
    office = topic.office if topic else office
    offices = [contacts.describe(c, office) for c in cities]
    who = offices[0] if len(offices) == 1 else t("{first} or {second}", first=offices[0], second=offices[1])
    if topic:
        text = t("The ordinance doesn't say anything about {topic}, so I won't guess.", topic=t(topic.topic))
    else:
        text = t("The ordinance doesn't say anything about that, so I won't guess.")
    # whom to ask comes before what the ordinances do say: on SMS it is in the first message
    related = " ".join(t(topic.what_it_says[c]) for c in cities if topic and c in topic.what_it_says)
    text += " " + t("Please contact {office}.", office=who) + (f" {related}" if related else "")
    return Answer(AnswerKind.NOT_COVERED, text, (), city)


def extract_sentences(question: str, hit: Hit, max_sentences: int = 3, max_chars: int = 600) -> str:
    """The passage's sentences that best match the question, in text order, with list items introduced."""
    unit = hit.unit
    sentences = split_clauses(unit.text)
    if sentences and sentences[-1].endswith(":") and (items := items_of(unit)):
        # a lead-in says what the list holds: quoted with its items ("Employee training. At the time of
        # hiring ... the FSE shall train employees in: ... ; ..."), never alone or as its heading
        listed = "; ".join(item.text.rstrip(" .;") for item in items)
        return _clip(f"{' '.join(sentences)} {listed}.", max_chars)
    while len(sentences) > 1 and sentences[-1].endswith(":"):
        sentences.pop()  # a sentence introducing a list that is not quoted
    text = " ".join(sentences)
    if _is_list_item(unit.text) and unit.context:
        intro = split_clauses(unit.context[-1])[-1]
        return _clip(f"{intro} {unit.text}", max_chars)
    if len(sentences) <= max_sentences and len(text) <= max_chars:
        return text
    query = _stems(expand_query(question))
    scored = sorted(
        range(len(sentences)),
        key=lambda i: (-len(query & _stems(sentences[i])), i),
    )
    chosen: list[int] = []
    for i in scored:
        if len(chosen) == max_sentences:
            break
        if sum(len(sentences[j]) for j in chosen) + len(sentences[i]) > max_chars and chosen:
            continue
        chosen.append(i)
    return " ".join(sentences[i] for i in sorted(chosen))


def _is_list_item(text: str) -> bool:
    stripped = text.rstrip()
    return stripped.endswith((";", "; or", "; and", ",")) or (len(stripped) < 90 and stripped[:1].islower())


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _stems(text: str) -> set[str]:
    words = [w for w in _WORD.findall(text.lower()) if w not in _STOP]
    return set(_STEMMER.stemWords(words))
