"""Answering questions from the ordinances, choosing the city, and the rest of long SMS answers."""

from __future__ import annotations

import datetime as dt
import logging
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

import compliance
from actions import runtime
from actions.channel import channel_of
from actions.forms import (
    GuidedForm,
    form_about,
    form_filed_about,
    form_named,
    looks_like_question,
    message_time,
)
from calculations import (
    Computed,
    about_another_place,
    bare_number_read,
    clock_deadlines,
    compute,
    frequency_noted,
    implied_city,
    missing_value_question,
    permit_frequency,
    says_dollars_in_words,
    what_if_read,
    with_newer_facts,
    with_the_device_of,
    without_facts_said_again,
    without_permit_terms,
    without_stated_facts,
)
from cities import CITY_NAMES, CityContacts, cities_named, detect_city, without_city_names
from compliance.victorville.organics import GeneratorType
from intake import ParseContext, mentions_phone, parse_device
from intake.dates import find_date
from intake.locations import find_street_address
from intake.numbers import NUMBER_PATTERN, spanish_digits
from intake.routing import (
    asked_of_both_cities,
    asks_about_the_other_city,
    asks_for_a_waiver_unnamed,
    asks_of_each_place,
    asks_to_apply_unnamed,
    asks_what_comes_next,
    asks_where_it_says,
    compares_with_a_city,
    is_hypothetical,
    says_sending,
    sentences,
    waiver_of,
    without_the_comparison,
)
from intake.settings import parse_generator
from knowledge.answer import (
    CARD_MIN,
    WHAT_TO_SEND,
    WHICH_CITY,
    Answer,
    AnswerKind,
    answer_from_cards,
    answer_question,
    asks_only_how_much_or_when,
    asks_several,
    asks_which_papers,
    is_organics,
    names_nothing,
    pieces_of,
    rest_first,
    subject_family,
    without_announcement,
    without_the_schedule,
)
from knowledge.answer_types import asked_types
from knowledge.cards import Card, CardIndex, join_citations
from knowledge.coverage import uncovered_topic
from knowledge.index import HybridIndex
from knowledge.spanish import gloss
from languages import ENGLISH, N_, current, t
from shaping.answers import FIRST_SMS_LIMIT, ShapedReply, fit_sms, offered_in, shape_answer
from shaping.sms_text import more_marker, split_sms
from store import unanswered
from store.references import find_reference

log = logging.getLogger(__name__)

MAX_QUESTION_CHARS = 500
# An answer quoted from a passage whose similarity to the question is below this is kept for staff as
# "answered with low confidence" (store.unanswered): it cleared the decline threshold
# (knowledge.answer.NOT_COVERED_BELOW, 0.40) by less than 0.10, and the calibration noted there finds about
# half the uncovered questions still scoring above 0.40. A judgement, not itself calibrated. Answers from
# curated answer cards (no passages) are not counted.
LOW_CONFIDENCE_BELOW = 0.50
# Unanswered questions are written on this one thread, so a slow or locked database never delays a reply.
_RECORDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="unanswered")
EMPTY_MESSAGE = N_(
    "I didn't get any text. What would you like to know about the grease or organic-waste rules?"
)
OTHER_CITY = N_(
    "I only have the ordinances of Victorville and Inglewood. If your business is in one of them, tell me "
    "which; otherwise please contact your own city's public works or sanitation department."
)


TOPIC_SLOT = "topic_question"
ANSWER_CARD_SLOT = "answer_card"  # the id of the card the last answer came from
CITY_ASKED_SLOT = "city_asked"  # the city was asked once (a short channel asks no more: both cities then)
UNOFFICIAL = N_("(Unofficial translation; the English version of the ordinance is the official one.)")


def answer(
    tracker: Tracker, question: str, city: str | None, **options: Any
) -> tuple[ShapedReply, list[EventType]]:
    """Answer a question, shaped for the channel, and say what the conversation should remember. The
    ``options`` (:func:`_free_answer`): ``facts`` (what the conversation said before) feed the computed
    result, not the choice of answer; ``clock_facts`` only the clock of the card that answers
    (:func:`free_answer`); ``not_again``: cards that must not answer (the one just given, to "what else?")."""
    question = question[:MAX_QUESTION_CHARS]
    result = _free_answer(tracker, question, city, **options)
    if result.kind is AnswerKind.NOT_COVERED:  # the reply given as it is: here, not where callers try others
        result = _on_the_subject_instead(tracker, question, city, result, **options)
    return reply_for(tracker, question, city, result)


def answer_if_covered(
    tracker: Tracker, question: str, city: str | None, **options: Any
) -> tuple[ShapedReply, list[EventType]] | None:
    """The answer to a question the ordinances answer (``options`` as for :func:`answer`); None when they
    would be declined or the city asked (the caller has a better reply then, e.g. the sorting list's "not
    found, did you mean ...")."""
    question = question[:MAX_QUESTION_CHARS]
    result = _free_answer(tracker, question, city, **options)
    return reply_for(tracker, question, city, result) if result.kind is AnswerKind.ANSWER else None


def _free_answer(
    tracker: Tracker,
    question: str,
    city: str | None,
    *,
    facts: str = "",
    clock_facts: str = "",
    not_again: frozenset[str] = frozenset(),
    read: str | None = None,
) -> Answer:
    """``read``: the question as it is to be answered, when not as the subject reads it
    (:func:`_read_with_subject`)."""
    subject = _subject(tracker, question, city)
    if subject is not None and _another_activity(question, subject, city):
        subject = None  # "y cada cuanto se bombea alla?" after the records' term: the pumping's own cards
    return free_answer(
        runtime.index(),
        runtime.contacts(),
        read if read is not None else _read_with_subject(question, subject, city),
        city,
        message_time(tracker),
        channel_of(tracker),
        facts=facts,
        clock_facts=clock_facts,
        subject=subject,
        city_asked=bool(tracker.get_slot("pending_question") or tracker.get_slot(CITY_ASKED_SLOT)),
        not_again=not_again,
    )


def _on_the_subject_instead(
    tracker: Tracker, question: str, city: str | None, declined: Answer, **options: Any
) -> Answer:
    """A follow-up about to be declined only because nothing matched its words alone, answered from the
    conversation's subject when a card on it answers the question read with it ("When do we have to turn
    numbers in, and for what period?" after a food bank's records: the yearly report); else the decline.
    Never the card just given again: its words did not answer the question."""
    subject = _subject(tracker, question, city)
    if not _left_unanswered(declined, question, subject, city):
        return declined
    given = tracker.get_slot(ANSWER_CARD_SLOT)
    not_again = options.pop("not_again", frozenset()) | ({given} if given else set())
    leaning = _free_answer(
        tracker, question, city, not_again=not_again, read=_about(question, subject), **options
    )
    on_subject = leaning.card is not None and subject_family(leaning.card.topic) == subject_family(subject)
    return leaning if leaning.kind is AnswerKind.ANSWER and on_subject else declined


def _left_unanswered(result: Answer, question: str, subject: str | None, city: str | None) -> bool:
    """Whether a follow-up that names no subject of its own was declined only because nothing matched its
    words alone (not for a matter the ordinances leave to the city, such as collection days)."""
    if result.kind is not AnswerKind.NOT_COVERED or subject is None:
        return False
    if len(question.split()) > FOLLOW_UP_MAX_WORDS or _read_with_subject(question, subject, city) != question:
        return False
    english = question if current() == ENGLISH else gloss(question)
    return uncovered_topic(english, city) is None


LEANING_MARGIN = 0.4  # how much worse than the best card the subject's may fit a follow-up's words alone
SUBJECTLESS_MAX_WORDS = 8  # a follow-up this short may name no subject of its own ("¿Qué tengo que mandar?")
REFERRING_MAX_WORDS = 12  # or this short, when it ends on what it refers back to ("... any record of it?")
# A question that ends on a word for what was just discussed ("of it?", "for that?", "de eso?"); not "this",
# which names the matter at hand ("Why is Victorville even doing this?")
_ENDS_REFERRING_BACK = re.compile(r"\b(?:it|that|them|those|eso|esa|esos|esas)\W*$", re.IGNORECASE)


# A duty named by what is done ("y cada cuanto se bombea alla?", "how often do we train"): a subject of its
# own when the subject talked about is no part of it
_AN_ACTIVITY = re.compile(r"\b(?:pump\w*|bombe\w*|train\w*|capacit\w*)\b", re.IGNORECASE)
# The subjects a duty's follow-up stays on (an inspection checks the pumping; the kitchen's practices train)
_ABOUT_THE_DUTIES = frozenset(
    {"interceptor", "grease", "kitchen", "bmp", "monitoring", "inspection", "employee", "training", "fog"}
)


def _another_activity(question: str, subject: str, city: str | None) -> bool:
    """Whether a follow-up names a duty by what is done that the conversation's subject is no part of, and
    the card its own words find best is that duty's, in the subject's chapter ("and how often is it pumped
    there?" after how long records are kept; never "do we need to train our staff?" after the organics
    duties, whose best card alone is the grease chapter's training)."""
    english = question if current() == ENGLISH else gloss(question)
    cards = _answer_cards()
    if cards is None or not _AN_ACTIVITY.search(english) or subject_family(subject) in _ABOUT_THE_DUTIES:
        return False
    alone = cards.match(question, city, k=1, language=current())
    chapter = next((card.source for card in cards.cards if card.topic == subject), None)
    return bool(alone) and alone[0].card.source == chapter and bool(_AN_ACTIVITY.search(alone[0].card.answer))


def _read_with_subject(question: str, subject: str | None, city: str | None) -> str:
    """A short follow-up read with the conversation's subject when an answer card on that subject matches it
    so read at least as closely as any card matches it alone ("¿Y por cuánto tiempo vale?" after the
    physical space waiver: that waiver's term, not the de minimis one's, which the words alone are nearest);
    else the question as it is. A longer follow-up ("and what if the inspector finds it over 25% before
    that?") names a subject of its own, and keeps it; so does one that asks for no kind of fact (a term, an
    amount, a day) and names more than what to send ("Why is Victorville even doing this?")."""
    cards = _answer_cards()
    # "ok. do i need to keep any record of it?"; not a what-if or a number, which name a subject of their own
    # ("and what if the inspector finds it over 25% before that?")
    refers_back = (
        bool(_ENDS_REFERRING_BACK.search(question))
        and not re.search(r"\d", question)
        and not is_hypothetical(question)
    )
    limit = REFERRING_MAX_WORDS if refers_back else SUBJECTLESS_MAX_WORDS
    if subject is None or cards is None or len(question.split()) > limit:
        return question
    english = question if current() == ENGLISH else gloss(question)
    if not (asked_types(english) or names_nothing(question) or refers_back):
        return question  # "Why is Victorville even doing this?" asks for no kind of fact the subject has
    if _another_activity(question, subject, city) and not refers_back:
        # "y cada cuanto se bombea alla?" after how long records are kept: the pumping is its own subject
        return question
    alone = cards.match(question, city, k=1, language=current())
    if not alone or subject_family(alone[0].card.topic) == subject_family(subject):
        return question
    about = _about(question, subject)
    leaning = cards.match(about, city, k=1, language=current())
    on_subject = bool(leaning) and subject_family(leaning[0].card.topic) == subject_family(subject)
    if not on_subject or leaning[0].score < alone[0].score:
        return question
    return about if _fits_alone(cards, question, leaning[0].card, city) else question


def _fits_alone(cards: CardIndex, question: str, card: Card, city: str | None) -> bool:
    """Whether the card a follow-up reads with the conversation's subject answers its words alone nearly as
    well as the best card does: "how long is it good for" fits any term, the subject's too; "how do i dispute
    it" after the annual fee asks how to appeal, which the fee's card does not say. A question that names
    nothing but what to send ("¿Qué tengo que mandar?") fits no card alone: it is the subject's."""
    if names_nothing(question) or asks_only_how_much_or_when(question):  # "ok when is it due"
        return True
    alone = cards.match(question, city, k=len(cards), language=current())
    said_alone = next((m.score for m in alone if m.card.id == card.id), 0.0)
    return not alone or alone[0].score - said_alone <= LEANING_MARGIN


def _about(question: str, subject: str) -> str:
    """A question read with a subject: "how long is that good for (deminimis waiver)?"."""
    return f"{question.strip().rstrip('?')} ({subject.replace('-', ' ')})?"


def _subject(tracker: Tracker, question: str, city: str | None) -> str | None:
    """The subject a short question may lean on: in a form, the form's ("y me van a multar x esto??" in a
    spill report), or just after one is filed; else the topic of the card the last answer came from, or the
    card the conversation's last question matches ("what records do we have to keep?" after "is my
    restaurant a tier two generator?"); None."""
    form = form_named((tracker.active_loop or {}).get("name"))
    if form is not None and form.subject is not None:
        # in a form, however long the question ("Before I answer more questions - after this I must write a
        # letter to the city? How many days I have?" in a spill report): a card on its matter is preferred
        # only when it matches nearly as well
        return form.subject
    topic = tracker.get_slot(TOPIC_SLOT)
    filed = form_filed_about(topic)  # "how long is that good for" after the permit application is filed
    if filed is not None and filed.subject is not None and len(question.split()) <= FOLLOW_UP_MAX_WORDS:
        return filed.subject
    cards = _answer_cards()
    if not topic or cards is None or question.strip() == topic.strip():
        return None
    given = _card_just_given(tracker) if _answered_last(tracker) else None
    if len(question.split()) > FOLLOW_UP_MAX_WORDS and _stands_alone(cards, question, city):
        # a long question names its own matter; the card just given still tells two near readings apart ("If
        # the hearing officer rules against me, how long do I have to appeal?" after a revocation notice:
        # the revocation's appeal, not an administrative penalty's)
        return given.topic if given is not None and subject_family(given.topic) != _A_TERM else None
    if given is not None and subject_family(given.topic) != _A_TERM:
        # the card the last answer came from: "What records do we have to keep?" after a school kitchen's
        # tier (the tier card answered), whatever card the school's words match best (who is covered); a
        # term's meaning said on the way ("who is the hearing officer?") is no subject of its own
        return given.topic
    found = cards.match(topic, city, k=1, language=current())
    return found[0].card.topic if found else None


_A_TERM = "definition"  # the subject of the cards that say what a word means
# The actions whose reply comes from an answer card
_ANSWERING = frozenset({"action_answer_question", "action_follow_up", "action_set_city", "action_more"})


def _answered_last(tracker: Tracker) -> bool:
    """Whether the assistant's last turn, before the user's latest message, was an answer (not a form's
    question or a cancel): only then is the card it came from what the conversation is on."""
    events = list(tracker.events)
    users = [i for i, event in enumerate(events) if event.get("event") == "user"]
    if len(users) < 2:
        return True  # (a tracker that holds only the latest message: the card slot is all there is)
    done = [
        event.get("name")
        for event in events[users[-2] + 1 : users[-1]]
        if event.get("event") == "action" and event.get("name") != "action_listen"
    ]
    return bool(done) and done[-1] in _ANSWERING


def _stands_alone(cards: CardIndex, question: str, city: str | None) -> bool:
    """Whether a long question names what it asks about: a card answers it alone. "what do i put in the
    letter? can i just leave out that it went into the alley, makes us look bad" does not (after a spill,
    "the letter" is the written confirmation's): it leans on the conversation's subject like a short one."""
    found = cards.match(question, city, k=1, language=current())
    return bool(found) and found[0].score >= CARD_MIN


def _answer_cards() -> CardIndex | None:
    """The index's answer cards, or None when it has none (the passages answer alone then)."""
    cards = runtime.index().cards
    return cards if cards is not None and len(cards) else None


def reply_for(
    tracker: Tracker, question: str, city: str | None, result: Answer
) -> tuple[ShapedReply, list[EventType]]:
    """``result`` shaped for the channel, and what the conversation should remember.

    The first answer from the ordinances given in another language than English says, once per
    conversation, that it is an unofficial translation (on SMS in the first message when it fits)."""
    channel = channel_of(tracker)
    note_unanswered(tracker, question, channel, result)
    if (tracker.active_loop or {}).get("name") and result.card is not None and result.card.offer:
        result = replace(result, card=replace(result.card, offer=None))  # a form is under way: no offer
    shaped = shape_answer(result, channel)
    events: list[EventType] = []
    if (
        current() != ENGLISH
        and result.kind is AnswerKind.ANSWER
        and not tracker.get_slot("translation_noted")
    ):
        shaped = with_translation_note(shaped, channel)
        events.append(SlotSet("translation_noted", True))
    held = result.kind in (AnswerKind.ASK_CITY, AnswerKind.BOTH_CITIES)
    if result.kind is AnswerKind.ASK_CITY:  # asked once: not again in this conversation (both cities then)
        events.append(SlotSet(CITY_ASKED_SLOT, True))
    # a question held for its city is the topic too ("no le avise a nadie. pa cuando tengo q mandar lo
    # escrito?" after the Saturday's backup: that Saturday's), and one declined for the city it names ("y las
    # sobras de tortillas en la de inglewood?": "y en la de victorville?" asks it there)
    declined_there = result.kind is AnswerKind.NOT_COVERED and detect_city(question) is not None
    new_matter = (result.kind is AnswerKind.ANSWER or held or declined_there) and (
        declined_there or _a_matter_of_its_own(tracker, question)
    )
    card = result.card.id if result.card is not None else None
    if card is None and result.kind is AnswerKind.ANSWER and not result.passages and not new_matter:
        # a result worked out on the topic with no card of its own ("food waste is maybe 25 gallons a week"
        # after the de minimis card): the topic's card is still the one the conversation is on (a passage
        # quoted instead of a card is no result worked out)
        card = tracker.get_slot(ANSWER_CARD_SLOT)
    events += [
        SlotSet("pending_question", question if held else None),
        SlotSet("more_text", shaped.more or None),
        SlotSet(ANSWER_CARD_SLOT, card),
    ]
    if result.kind is AnswerKind.ANSWER or held or declined_there:
        topic = question if new_matter else _topic_after(tracker.get_slot(TOPIC_SLOT), question)
        events.append(SlotSet(TOPIC_SLOT, topic))
    named = detect_city(question)
    if named and named != tracker.get_slot("city"):  # "vv sent an admin complaint ...": kept for what follows
        events.append(SlotSet("city", named))
    return shaped, events


def _a_matter_of_its_own(tracker: Tracker, question: str) -> bool:
    """Whether a question starts a matter of its own rather than following up the topic (a long one does
    anyway, :func:`_topic_after`): it names
    another city than the topic's ("cada cuanto limpiar interceptor grande en victorville?" after an
    Inglewood invoice's late fee: the pumping's topic, whose "permiso dice 60 dias" and "ultimo 5 octubre"
    are never the invoice's). ("y en inglewood?" asks the topic there: the city's own action answers it.)"""
    topic = tracker.get_slot(TOPIC_SLOT)
    named, before = detect_city(question), detect_city(topic or "")
    return (
        named is not None
        and before is not None
        and named != before
        and not asks_about_the_other_city(question)
    )


def _topic_after(topic: str | None, question: str) -> str:
    """The conversation's topic once ``question`` is answered: the question, or, for a short one asked on a
    topic, the topic with it ("Can we skip the hearing altogether?" after the administrative complaint
    served on November 20 is still about that complaint, for the next short question too)."""
    if not topic or len(question.split()) > FOLLOW_UP_MAX_WORDS or topic.strip() in question:
        return question
    return f"{topic} {question}"[-MAX_QUESTION_CHARS:]


def with_translation_note(shaped: ShapedReply, channel: str) -> ShapedReply:
    """The reply with the unofficial-translation note after it (SMS: first in the rest if it does not fit)."""
    note = t(UNOFFICIAL)
    if channel == "sms" and len(shaped.text) + 1 + len(note) > FIRST_SMS_LIMIT:
        return ShapedReply(shaped.text, f"{note} {shaped.more}".strip())
    if channel == "sms" and shaped.more:  # the note goes before "Reply MORE for the rest."
        return ShapedReply(f"{shaped.text.removesuffix(more_marker())} {note}{more_marker()}", shaped.more)
    return ShapedReply(f"{shaped.text} {note}", shaped.more)


# A card's setting for whose place a message says it is about (``intake.settings.parse_generator``)
_SETTING_OF = {GeneratorType.COMMERCIAL: "business", GeneratorType.SINGLE_FAMILY: "household"}


def free_answer(
    index: HybridIndex,
    contacts: CityContacts,
    question: str,
    city: str | None,
    now: dt.datetime,
    channel: str,
    **context: Any,
) -> Answer:
    """The answer to a question asked in free conversation (:func:`_free_answer_in`); a question that names
    no city but what only one city's ordinance has ("an invoice dated 11/6 for $267", "38 seats, no drive
    thru") is answered for that city, labelled, rather than asked which city it is."""
    if city is None and not cities_named(question):
        english = question if current() == ENGLISH else gloss(question)
        if (implied := implied_city(english)) is not None:
            answer = _free_answer_in(index, contacts, question, implied, now, channel, **context)
            label = t("In {city}: ", city=CITY_NAMES[implied])
            return replace(answer, text=f"{label}{answer.text}")
    return _free_answer_in(index, contacts, question, city, now, channel, **context)


def _free_answer_in(
    index: HybridIndex,
    contacts: CityContacts,
    question: str,
    city: str | None,
    now: dt.datetime,
    channel: str,
    *,
    facts: str = "",
    clock_facts: str = "",
    subject: str | None = None,
    city_asked: bool = False,
    not_again: frozenset[str] = frozenset(),
) -> Answer:
    """The answer to a question asked in free conversation (also what the offline evaluation plays).

    ``facts`` are what the conversation said before (the topic's question, "our permit says 120"): they
    give the computed result its numbers, while the answer cards are chosen on ``question`` alone.
    ``clock_facts`` (the spill just reported: "a sewage spill on December 2, 2026") start only the clock of
    the card that answers ("do I have to send something in writing?": by December 8), when the message
    gives no day of its own. ``subject`` is the topic of the card the conversation is about, which a card
    on the same subject matching nearly as well is preferred for (:func:`knowledge.answer.answer_question`).

    When the message holds a rule's numbers, the computed result comes first with its reason and section;
    the answer card for the message follows it (SMS: behind MORE): the rule's condition, and whatever
    else the message asks ("last cleaned nov 2, how often? also the baffles?"), and the card's offer of
    the flow. Otherwise the answer cards and passages answer (short channels ask the city when it matters,
    once: asked already and not told, they answer for both cities, labelled).
    """
    ask_city = channel in ("sms", "voice") and not city_asked
    if len(cities_named(question)) > 1:  # "got 1 spot in victorville and 1 in inglewood": each city's rule
        city = None
    # the new message's values first, and in place of those it gives anew: "and if it were 6 gallons?"
    said = f"{question} {without_facts_said_again(facts, question)}".strip()
    english = said if current() == ENGLISH else gloss(said)  # the parameters, in the core's words
    asked = None if not facts else question if current() == ENGLISH else gloss(question)
    if clock_facts:  # the device the conversation is about, when the message names none
        english = with_the_device_of(english, clock_facts if current() == ENGLISH else gloss(clock_facts))
    computed = compute(english, city or detect_city(said), now, asked=asked)
    own = compute(asked, city or detect_city(question), now) if computed is not None and asked else None
    if computed is not None and own is not None and not _same_reckoning(own.kind, computed.kind):
        # "theres also a notice of violation in here, its my first one ever. how much is that one" after an
        # invoice's late fee: the new message's own matter, worked out, not the invoice's again
        computed = own
    # the result's values are ones the conversation gave before, not this message ("sacaron como 1200
    # galones. y el manifest lo mando yo o la compañia?" mid-log: the service day is the form's)
    from_before = computed is not None and asked is not None and own is None
    # whose place it is: a household's card never answers a business, nor a business's card a household
    setting = _SETTING_OF.get(parse_generator(question))
    rule = answer_question(
        index,
        question,
        city,
        contacts,
        ask_city=ask_city,
        subject=subject,
        setting=setting,
        not_again=not_again,
    )
    if (
        computed is not None
        and computed.needs_a_value
        and rule.kind is AnswerKind.NOT_COVERED
        and uncovered_topic(question if current() == ENGLISH else gloss(question), city) is not None
    ):
        # "What's the monthly rate for adding a 2-yard brown bin?": the city's rate, no waiver's limit asked
        return rule
    if computed is None and (each := _each_city_clock(rule, english, now)) is not None:
        return each  # "remodeling in both cities, work starts feb 1: latest day to tell each?"
    if (
        computed is None
        and rule.kind in (AnswerKind.ASK_CITY, AnswerKind.BOTH_CITIES)
        and _ASKS_A_DATE.search(question)
    ):
        one_day = _same_day_in_both(
            index, contacts, question, english, clock_facts, now, subject=subject, setting=setting
        )
        if one_day is not None:  # "had a backup yesterday, do we have to send something in writing? by when"
            return one_day
    if computed is None:  # "mailed nov 18: when is it final?" (the message's own day first); "y tengo q
        computed = _card_clock(rule, english, "", now)  # mandar algo por escrito?" after the spill report
        if computed is None and clock_facts and rule.kind is AnswerKind.BOTH_CITIES:
            # "y lo del recibo del plomero lo guardo?" after a backup on Saturday, the city not known: each
            # city's card with its own clock from that day, never one city's as if it were the user's
            context = clock_facts if current() == ENGLISH else gloss(clock_facts)
            if (each := _each_city_clock(rule, f"{english} {context}", now)) is not None:
                return each
        if computed is None and clock_facts:
            computed = _card_clock(rule, english, clock_facts, now)
            from_before = computed is not None
    if computed is None and _ASKS_A_DATE.search(question) and rule.card is not None and not rule.card.clocks:
        # "Un inquilino nuevo se mudó el 24 de noviembre. ¿Tengo que darle alguna información...? ¿Para
        # cuándo?": the apartment duties' card answers, and the new tenant's card, nearly as close, has the
        # clock the day starts
        computed = _near_card_clock(index, question, english, rule.card.city, now)
    if computed is None:
        return rule
    told = f"{computed.text} ({computed.citation})"
    anew = (from_before and computed.kind == "late_fee") or (
        asked is not None and (is_hypothetical(question) or changes_a_fact(question))
    )
    if anew and subject is not None and rule.card is not None:
        # the topic's result worked out anew, with the cards on the topic's subject only: "and if i wait 2
        # more weeks?" after an invoice's late fee is never the card a bare "wait" came nearest to (a
        # pumping's "don't wait"), nor "what if it's 15 gallons instead? we could start sending the bones
        # to a renderer" after the de minimis test what goes in the brown container
        on_it = [
            card
            for card in rule.cards or (rule.card,)
            if subject_family(card.topic) == subject_family(subject)
        ]
        if not on_it:
            return Answer(AnswerKind.ANSWER, told, (computed.citation,), city)
        if len(on_it) < len(rule.cards):
            rule = answer_from_cards(on_it, labelled=False, contacts=contacts)
    if (
        from_before
        and rule.card is not None
        and (
            _ASKS_WHO.search(question)
            # "and if we add a drive thru next year?" asks the result again, anew
            or not (asks_when_or_how_much(question) or is_hypothetical(question) or changes_a_fact(question))
        )
        and not _ASKS_A_DATE.search(question)
    ):
        # "¿y el manifiesto lo mando yo o el pumpero?" after the logged service: who sends it is the answer,
        # said whole; the day it is due, which this question did not ask, follows it (SMS: behind MORE); so
        # is "puede llevar abogado?" after a revocation hearing's window: the hearing's card, the window after
        return replace(
            rule, more=f"{told} {rule.more}".strip(), citations=(*rule.citations, computed.citation)
        )
    if (
        from_before
        and rule.card is not None
        and _ASKS_A_DATE.search(question)
        and computed.kind in _AN_AMOUNT_NO_DAY
    ):
        # "when do i have to pay it by" after the second NOV's $250: by when is the answer (the card's), the
        # amount the conversation already worked out follows it (SMS: behind MORE)
        return replace(
            rule, more=f"{rule.more} {told}".strip(), citations=(*rule.citations, computed.citation)
        )
    told_after = computed.kind in _DUE_DATES or (
        computed.kind == "window" and _ASKS_WHAT_HAPPENS.search(question)
    )
    if told_after and rule.card is not None and not _ASKS_A_DATE.search(question):
        # "last friday the drain backed up, did we have to tell anyone?": yes, whom to call; then the date
        # the written confirmation is due, in the same first reply (two SMS when it needs them)
        return replace(
            rule,
            text=f"{rule.text} {told}",
            citations=(*rule.citations, computed.citation),
            parts=max(rule.parts, 2),
            result=told,
        )
    if (
        rule.kind is not AnswerKind.ANSWER
        or rule.card is None
        # "la ultima vez fue el 20 de noviembre, cuando toca?": the next service is the answer, not the card
        # of another clock the words "when is it due" came near (a fee's)
        or (computed.kind == "service_due" and rule.card.clocks and not asks_several(question))
    ):
        return Answer(AnswerKind.ANSWER, told, (computed.citation,), city)
    if rule.parts > 1 and (every := _every_part(computed, rule, english, now)) is not None:
        return every
    if asks_several(question):
        # "when does it become final and how long till we can apply again": the result, and the card that
        # answers the rest, in the first reply (two SMS when it needs them)
        return Answer(
            AnswerKind.ANSWER,
            f"{told} {rule.text}",
            (computed.citation, *rule.citations),
            city,
            more=rule.more,
            card=rule.card,
            parts=2,
            pieces=(told, *pieces_of(rule)),
        )
    # the card after the result, less the schedule the result was picked from ("$267 if you're small or $413
    # if you're large" after "Your annual fee is $413")
    rest = without_the_schedule(f"{rule.text} {rule.more}".strip(), told)
    return Answer(AnswerKind.ANSWER, told, (computed.citation,), city, more=rest, card=rule.card)


def _same_reckoning(kind: str, other: str) -> bool:
    """Whether two computed results are of one reckoning, whole or in part ("deminimis_limit", what the
    gallons alone say, is the de minimis test's; an applicant's permit fees hold the annual fee)."""
    kind, other = _RECKONING.get(kind, kind), _RECKONING.get(other, other)
    return kind.startswith(other) or other.startswith(kind)


_RECKONING = {"annual_fee": "permit_fee"}


# A question that asks who does something ("¿el manifiesto lo mando yo o el pumpero?", "do I send it or does
# the company?"): its answer is the card's, before any day the conversation's earlier facts start
_ASKS_WHO = re.compile(
    # "who" asked, at a clause's start ("... and who sends it?", "¿quién lo manda?"), not of someone named
    # ("we started giving the coffee grounds to a guy who composts")
    r"(?:^|[.?!,;:¿]\s*|\b(?:and|or|but|so|then|to|for|by|with|know|sure|tell me|wonder\w*|ask\w*|"
    r"whether|y|o|pero|entonces|a|para|por|con|sabe|saber|s[eé]|dime|pregunt\w*)\s+)"
    r"(?:who|qui[eé]n)\b|\b(?:yo|i|we|nosotros)\b[^?.]{0,30}?\s(?:o|or)\s",
    re.IGNORECASE,
)
# The computed results that are a due date: said after the answer when the question asks something else
_DUE_DATES = frozenset({"deadline", "spill_written_deadline"})
# "... hearing is dec 15. what happens at the hearing": what it asks first, the day checked after it
_ASKS_WHAT_HAPPENS = re.compile(
    r"\bwhat (?:happens|will happen|goes on|do they do)|\bq(?:ue|u[eé])? (?:pasa|va a pasar|hacen)\b",
    re.IGNORECASE,
)
# A question that asks for a day or a time limit ("how long do i have to appeal", "hasta q dia tengo")
_ASKS_A_DATE = re.compile(
    r"\b(?:when|by when|how long|how many days|what day|which day|what date|deadline|due|last day|"
    r"how far (?:ahead|in advance)|con cu[aá]nta anticipaci[oó]n|"
    r"cu[aá]ndo|para cu[aá]ndo|pa cu[aá]ndo|hasta cu[aá]ndo|hasta q(?:u[eé])? d[ií]a|qu[eé] d[ií]a|"
    r"cu[aá]nto tiempo|cu[aá]ntos d[ií]as|plazo|fecha l[ií]mite|"
    # "entre q fechas puede ser la audiencia?", "between what dates"
    r"(?:between|entre) (?:what|which|q|qu[eé]|cu[aá]les) (?:dates|days|fechas|d[ií]as))\b",
    re.IGNORECASE,
)


def _card_clock(rule: Answer, english: str, clock_facts: str, now: dt.datetime) -> Computed | None:
    """The due date of the first clock of the answer's cards, started on the day the message gives, or else
    on the day ``clock_facts`` give; None when neither gives one."""
    context = clock_facts if current() == ENGLISH else gloss(clock_facts)
    for card in rule.cards or ((rule.card,) if rule.card is not None else ()):
        if not card.clocks:
            continue
        said = clock_deadlines(card.clocks, english, card.city, now)
        if said is None and context:
            said = clock_deadlines(card.clocks, f"{english} {context}", card.city, now)
        if said is not None:
            return said
    return None


NEAR_CLOCK_MARGIN = 0.1  # how much less closely than the closest card a card may match and lend its clock
NEAR_CLOCK_CARDS = 5  # how many of the closest cards may lend one (each only if the message names its start)


def _near_card_clock(
    index: HybridIndex, question: str, english: str, city: str | None, now: dt.datetime
) -> Computed | None:
    """The due date of a clock of a card that matches a question of when nearly as closely as the closest
    card, when the card that answers it has none, started on the day the message gives; None when none
    does."""
    cards = index.cards
    if cards is None or not len(cards):
        return None
    found = cards.match(question, city, k=NEAR_CLOCK_CARDS, language=current())
    for near in found:
        if (
            near.card.clocks
            and near.score >= found[0].score - NEAR_CLOCK_MARGIN
            and _names_what_starts(near.card, english)
        ):
            said = clock_deadlines(near.card.clocks, english, near.card.city, now)
            if said is not None:
                return said
    return None


# Words of a clock's start that say only how it started ("issued", "granted"): what started it is the rest
_HOW_A_CLOCK_STARTS = frozenset(
    [
        "issued",
        "granted",
        "mailed",
        "served",
        "held",
        "became",
        "found",
        "determined",
        "moved",
        "hired",
        "last",
        "effective",
        "date",
        "city's",
    ]
)


def _names_what_starts(card: Card, english: str) -> bool:
    """Whether a message names what starts one of a card's clocks (a tenant, a waiver, a revocation notice):
    a card that does not answer lends its clock only then, for a day said of something else starts no clock
    of it ("a new tenant moved in last saturday" is no de minimis waiver granted that day)."""
    clocks = compliance.clocks_for(card.city)
    said = set(re.findall(r"[a-z']+", english.lower()))
    for key in card.clocks:
        words = re.findall(r"[a-z']+", clocks[key].trigger.lower()) if key in clocks else []
        if any(len(word) >= 5 and word not in _HOW_A_CLOCK_STARTS and word in said for word in words):
            return True
    return False


def _same_day_in_both(
    index: HybridIndex,
    contacts: CityContacts,
    question: str,
    english: str,
    clock_facts: str,
    now: dt.datetime,
    *,
    subject: str | None,
    setting: str | None,
) -> Answer | None:
    """A question of when whose answer waits on the city, where each city's card runs a clock that falls
    due on the same day from the day the message gives ("we had a backup yesterday, do we have to send
    something in writing? by when": five working days in both cities; or ``clock_facts`` give the day, as in
    :func:`free_answer`): that day, for both cities, with both sections; each city's answer, labelled,
    behind it (SMS: behind MORE). None unless both clocks give the same days."""
    found = []
    for city in CITY_NAMES:
        rule = answer_question(index, question, city, contacts, subject=subject, setting=setting)
        clock = _card_clock(rule, english, clock_facts, now) if rule.kind is AnswerKind.ANSWER else None
        if clock is None or not clock.dues or rule.card is None:
            return None
        found.append((rule.card, clock))
    if len({clock.dues for _, clock in found}) > 1:
        return None
    (card, clock), *_ = found
    cites = tuple(dict.fromkeys(cite for _, each in found for cite in (each.citation,)))
    told = t("In both Victorville and Inglewood: {result}", result=clock.text)
    each_city = [answer_from_cards([card], labelled=True, contacts=contacts) for card, _ in found]
    return Answer(
        AnswerKind.ANSWER,
        f"{told} ({'; '.join(cites)})",
        cites,
        None,
        more=" ".join(f"{a.text} {a.more}".strip() for a in each_city),
        card=card,
        cards=tuple(card for card, _ in found),
    )


def _each_city_clock(rule: Answer, english: str, now: dt.datetime) -> Answer | None:
    """A message about both cities whose cards run a clock ("we're remodeling both kitchens, work starts
    feb 1: the latest day to notify each city?"): each city's card, labelled, its own due date after it;
    None unless the answer is each city's and a clock starts on the message's day."""
    # each city's first card (the whole message's), or its first with a clock: "we're remodeling both
    # kitchens" is what remodeling means, "the latest day to notify each city?" the notice's clock
    firsts = {card.city: card for card in reversed(rule.cards)}
    firsts |= {card.city: card for card in reversed(rule.cards) if card.clocks}
    # (both cities' answers too, the city not known: "the company pumped it yesterday, ... by when do we send
    # the manifest?")
    if rule.kind not in (AnswerKind.ANSWER, AnswerKind.BOTH_CITIES) or len(firsts) < 2:
        return None
    chosen = sorted(firsts.values(), key=rule.cards.index)
    said, cites, more, timed = [], [], [], False
    for card in chosen:
        labelled = answer_from_cards([card], labelled=True)
        clock = clock_deadlines(card.clocks, english, card.city, now) if card.clocks else None
        said.append(labelled.text if clock is None else f"{labelled.text} {clock.text} ({clock.citation})")
        cites += [*labelled.citations, *([clock.citation] if clock else [])]
        more += [labelled.more] if labelled.more else []
        timed = timed or clock is not None
    if not timed:
        return None
    if rule.kind is AnswerKind.BOTH_CITIES:
        said.append(t(WHICH_CITY))  # the city still asked, as both cities' answers do
    return Answer(
        rule.kind,
        " ".join(said),
        tuple(dict.fromkeys(cites)),
        rule.jurisdiction,
        more=" ".join(more),
        card=chosen[0],
        parts=len(said),
        cards=tuple(chosen),
    )


def _every_part(computed: Computed, rule: Answer, english: str, now: dt.datetime) -> Answer | None:
    """A message that asks several things ("2nd NOV mailed nov 24, how much? and can i appeal, by when"):
    the computed result, then each other part's card, its own clock computed first when the message gives
    the day that starts it ("received within 15 days of the mailing: by December 9"). A card whose rule a
    reader computed in full (a fee, a due date) is said by the result, its core kept for MORE; a card whose
    clock gave only the date stays. None when every card is the computed one."""
    said_by_result = [
        card for card in rule.cards if computed.kind != "deadline" and _cites_rule(card, computed.citation)
    ]
    others = [card for card in rule.cards if card not in said_by_result]
    if not others:
        return None
    said, cites = [f"{computed.text} ({computed.citation})"], [computed.citation]
    for card in others:
        clock = clock_deadlines(card.clocks, english, card.city, now) if card.clocks else None
        if clock is not None and clock.text != computed.text:
            said.append(f"{clock.text} ({clock.citation})")
            cites.append(clock.citation)
    cards = answer_from_cards(others, labelled=False)
    said.append(cards.text)
    held = [card.text_in(current()) for card in said_by_result]
    more = " ".join(part for text in held for part in (text.answer, text.more) if part)
    return Answer(
        AnswerKind.ANSWER,
        " ".join(said),
        tuple(dict.fromkeys((*cites, *cards.citations))),
        rule.jurisdiction,
        more=f"{more} {cards.more}".strip(),
        card=others[0],
        parts=rule.parts,
        cards=tuple(others),
        pieces=(*said[:-1], *pieces_of(cards)),
    )


def _cites_rule(card: Card, citation: str) -> bool:
    """Whether ``card`` rests on the section ``citation`` names (or one containing it)."""
    return any(citation.startswith(cite) or cite.startswith(citation) for cite in card.cites)


def note_unanswered(tracker: Tracker, question: str, channel: str, result: Answer) -> Future[None] | None:
    """Keep a declined or weakly answered question for staff (the console's "unanswered questions"), in the
    background; the future is for tests. Anything else returns None."""
    if result.kind is AnswerKind.NOT_COVERED:
        reason, score = "not_covered", None
        found = uncovered_topic(question, result.jurisdiction)
        topic = found.topic[:64] if found else None
    elif result.kind is AnswerKind.ANSWER and result.passages:  # answer cards carry no passages
        score = float(result.passages[0].similarity)
        if score >= LOW_CONFIDENCE_BELOW:
            return None
        reason, topic = "low_confidence", None
    else:
        return None
    values = {
        "text": question,
        "reason": reason,
        "score": score,
        "channel": channel,
        "city": result.jurisdiction,
        "conversation_id": tracker.sender_id,
        "topic": topic,
        "now": message_time(tracker),
    }
    return _RECORDER.submit(_record_unanswered, values)


def _record_unanswered(values: dict[str, Any]) -> None:
    try:
        unanswered.record(runtime.engine(), **values)
    except Exception:  # a lost statistic must never become a lost reply
        log.exception("could not keep an unanswered question")


class ActionAnswerQuestion(Action):
    def name(self) -> str:
        return "action_answer_question"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        question = (tracker.latest_message.get("text") or "").strip()
        if not question:
            dispatcher.utter_message(text=t(EMPTY_MESSAGE))
            return []
        topic = tracker.get_slot(TOPIC_SLOT)
        english = question if current() == ENGLISH else gloss(question)
        if asks_to_apply_unnamed(english) and not (tracker.active_loop or {}).get("name"):
            # "then I'd like to apply for the waiver", "ok, quiero solicitarlo", "I want to start it"
            return _start_the_application(dispatcher, tracker, topic, english)
        if _asks_what_is_left(question, english) and (after := after_filing(tracker)) is not None:
            # "ok what now?", "what do I send?" just after a report or a request is filed: what its
            # confirmation said comes next
            first, rest = after, ""
            if channel_of(tracker) == "sms":  # the first reply's room; the rest after MORE
                said = split_sms(after, FIRST_SMS_LIMIT, max_parts=1, more_marker=more_marker())
                first, rest = said.parts[0], said.remainder
            dispatcher.utter_message(text=first)
            return [SlotSet("more_text", rest or None)]
        if compares_with_a_city(question):
            # "Does Inglewood require brown bins like Victorville does?": the city still named is asked; "and
            # the training thing, same as victorville?": both cities'
            own = detect_city(without_the_comparison(question))
            asked = without_the_comparison(question) if own else asked_of_both_cities(question)
            result, events = answer(tracker, asked, own)
            dispatcher.utter_message(text=result.text)
            return events
        if asks_of_each_place(question) and len(cities_named(" ".join(user_texts(tracker)))) > 1:
            # "how long do I have to keep these pump-out records at each store?" from an owner with a store in
            # each city: each city's rule, labelled
            result, events = answer(tracker, asked_of_both_cities(question), None)
            dispatcher.utter_message(text=result.text)
            return events
        city = detect_city(question) or tracker.get_slot("city")
        if topic and city and asks_about_the_other_city(question):  # (a question, not a city)
            return _the_topic_there(dispatcher, tracker, topic, city)
        covered = None  # the answer to the question alone, when it was worked out to see if it leans
        not_again = besides_the_last(tracker, question)
        if asks_where_it_says(question) and (given := _card_just_given(tracker)) is not None:
            # "which section should I show my district manager?": the sections of the answer just given
            cites = join_citations(given.city, given.cites)
            said = Answer(
                AnswerKind.ANSWER, t("That answer comes from {citations}.", citations=cites), (cites,)
            )
            dispatcher.utter_message(text=shape_answer(said, channel_of(tracker)).text)
            return []
        cancelled = form_about(topic) if _leans_on_the_form(question) else None
        if (
            cancelled is not None
            and (after_it := _about_the_form(tracker, question, city, cancelled)) is not None
        ):
            result, events = after_it  # "nomas dime cuanto cuesta pa tenerlo listo" after cancelling it
        elif topic and (restated := _with_the_interceptor(question, topic)) is not None:
            # "its the big one in the ground outside" after the grease trap's rule: the interceptor's
            result, events = answer(tracker, restated, city)
            events.append(SlotSet(TOPIC_SLOT, restated[-MAX_QUESTION_CHARS:]))
        elif topic and asks_which_papers(question):  # "q papeles necesitan?": what to send, on the topic
            result, events = _what_to_send(tracker, question, topic, city)
        elif topic and (again := _the_card_just_given_answers(tracker, question)) is not None:
            # "who decides that?", "and if they say no?" after how to ask for another pumping frequency: the
            # answer just given says who (the FOG manager) and where to appeal; given again, its rest first
            result, events = reply_for(tracker, question, city, again)
        elif topic and (not_done := _what_not_doing_it_brings(tracker, question)) is not None:
            # "y si no lo hago?" after a tier two generator's duties: the organics chapter's enforcement,
            # never the grease chapter's
            result, events = reply_for(tracker, question, city, not_done)
        elif topic and is_follow_up(question):  # "what if it's 6 gallons?", "how long is it good for?"
            said = user_texts(tracker)
            question = with_the_elided_verb(question, said[-2] if len(said) >= 2 else "")
            result, events = on_the_topic(tracker, question, topic, city)
        elif topic and names_nothing(question):  # "what do I need to send?", "¿Qué tengo que mandar?"
            result, events = _what_to_send(tracker, question, topic, city)
        elif (
            _SENT_WHERE.match(question)
            and _answered_last(tracker)
            and (given := _card_just_given(tracker)) is not None
            and _SAYS_WHERE_TO.search(f"{given.answer} {given.more}")
        ):
            # "Who do I send it to - the landlord?" after what the written notice says: the card just given,
            # which says where it goes, again
            said = answer_from_cards([given], labelled=False, contacts=runtime.contacts())
            result, events = reply_for(tracker, question, city, said)
        elif (
            topic
            and (_refers_back(question) or _asks_of_its_values(question, topic))
            and (
                covered := answer_if_covered(tracker, question, city, clock_facts=topic, not_again=not_again)
            )
            is None
        ):
            # "ok how do i apply for the victorville one", "do i need to send a letter too", "is dec 15 even
            # allowed?" after the hearing set for Dec 15: answering nothing alone, they ask about the topic's
            # subject ("25 gallons" before would compute, not say how to apply); one that asks of the topic's
            # own values keeps them all, for each to be read as what the topic said it was
            told = topic if _asks_of_its_values(question, topic) else _WITHOUT_VALUES.sub(" ", topic)
            result, events = answer(
                tracker,
                f"{told} {question}"[-MAX_QUESTION_CHARS:],
                city,
                clock_facts=topic,  # its clock on the topic's day ("what else do i do now" after a spill)
                not_again=not_again,
            )
        elif topic and changes_a_fact(question) and completes(tracker, topic, question, city):
            # "food waste is maybe 12 gal a week" after "1 yd of trash a week, do we need the organics bin?";
            # "our permit says every 60 days" after a pump-out's due date
            result, events = answer(tracker, question, city, facts=topic)
            events.append(SlotSet(TOPIC_SLOT, with_newer_facts(topic, question)[-MAX_QUESTION_CHARS:]))
        elif topic and _the_topic_computes(tracker, question, topic, city):
            # "¿Cuánto tendremos que pagar entonces?" after the application's 58 seats: the fee worked out
            result, events = answer(tracker, question, city, facts=topic)
            events.append(SlotSet(TOPIC_SLOT, with_newer_facts(topic, question)[-MAX_QUESTION_CHARS:]))
        else:  # a clock the answer names starts on the topic's day when the question gives none
            result, events = (
                _about_the_form(tracker, question, city)
                or covered
                or answer(tracker, question, city, clock_facts=topic or "", not_again=not_again)
            )
        dispatcher.utter_message(text=result.text)
        return events


# A short follow-up asking who decides what was just answered, or what if the answer is no ("who decides
# that?", "y eso quien lo decide?", "and if they say no?", "y si me lo niegan?"), with the words an
# answer that tells it holds: a decider named, an appeal
_ASKS_WHO_DECIDES = re.compile(
    r"\b(?:who|qui[eé]n)\s+(?:\w+\s+)?(?:decides?|approves?|grants?|makes the call|is in charge|decide|"
    r"aprueba|autoriza|otorga|lo decide|lo aprueba)\b",
    re.IGNORECASE,
)
_ASKS_IF_REFUSED = re.compile(
    r"\b(?:if|what if)\s+(?:they|he|she|the city|the fog manager|it)\s+(?:say|says|said)\s+no\b"
    r"|\b(?:if|what if)\s+(?:they|he|she|the city|it|we|i)\s+(?:\w+\s+)?"
    r"(?:den(?:y|ies|ied)|refuses?|rejects?|turns? (?:us|me|it) down"
    r"|(?:get|are|is) (?:denied|rejected|turned down))\b"
    r"|\bsi\s+(?:me|nos|le)?\s*(?:dicen|dice)\s+(?:que|q)\s+no\b|\bsi\s+(?:me|nos|se)?\s*(?:lo|la)?\s*"
    r"(?:niegan|rechazan|niega|rechaza)\b",
    re.IGNORECASE,
)
_NAMES_A_DECIDER = re.compile(
    r"\b(?:fog manager|building official|director|hearing officer|city council|planning commission|"
    r"administrador de fog|funcionario de construcci[oó]n|oficial de audiencias|the city (?:decides|may|can)|"
    r"la ciudad (?:decide|puede)|la decisi[oó]n es de la ciudad|it'?s the city'?s decision)\b",
    re.IGNORECASE,
)
_NAMES_AN_APPEAL = re.compile(r"\b(?:appeal\w*|apela\w*|apelaci[oó]n)\b", re.IGNORECASE)
SHORT_FOLLOW_UP_WORDS = 7  # "and what if the fog manager says no?"


def _the_card_just_given_answers(tracker: Tracker, question: str) -> Answer | None:
    """The answer card just given, its rest first, when a short follow-up asks who decides what it answered
    or what if the answer is no, and the card tells it (a decider named, an appeal); None otherwise."""
    if len(question.split()) > SHORT_FOLLOW_UP_WORDS or not _answered_last(tracker):
        return None
    given = _card_just_given(tracker)
    if given is None:
        return None
    told = f"{given.answer} {given.more}"
    asks_who = _ASKS_WHO_DECIDES.search(question) and _NAMES_A_DECIDER.search(told)
    asks_if_no = _ASKS_IF_REFUSED.search(question) and _NAMES_AN_APPEAL.search(told)
    if not (asks_who or asks_if_no):
        return None
    said = answer_from_cards([given], labelled=False, contacts=runtime.contacts())
    return rest_first(said) if given.more else said


# What not doing it brings, asked right after a duty was answered, naming nothing else ("and if we dont?",
# "y si no lo hago?", "what if i just skip it", "and if i miss it?", "y si se me pasa la fecha?"); "y si no
# tenemos espacio?", "and if we dont pay?" say what
_ASKS_IF_NOT_DONE = re.compile(
    r"^\W*(?:(?:and|so|but|ok(?:ay)?|y|pero|entonces|bueno|o)\W+)*(?:what\s+)?(?:happens\s+)?(?:if|si)\s+"
    r"(?:(?:we|i|they|you|yo|nosotros)\s+)?(?:just\s+|simply\s+|nom[aá]s\s+|mejor\s+)?"
    r"(?:(?:don'?t|do not|didn'?t|no|skip|ignore|miss|forget)"
    r"(?:\s+(?:do|comply|it|that|this|lo|la|eso|hago|hacemos|cumplo|cumplimos|hacerlo|do it|do that|one|"
    r"the date|the deadline|a (?:pumping|pump-?out|cleaning)))*"
    # (not "over": "and if we go over?" after the 25% rule is its own card, service at once)
    # ("what if we end up 2 weeks late", "if we're a couple days behind")
    r"|(?:are|am|'re|'m|get|run|go|end up|come out|turn out)\s+"
    r"(?:(?:a\s+(?:little|bit)|(?:a\s+)?(?:few|couple(?:\s+of)?|\d+|one|two|three)\s+(?:days?|weeks?))\s+)?"
    r"(?:late|behind)"
    r"|(?:se\s+(?:me|nos)\s+)(?:pasa|olvida|va)(?:\s+(?:la fecha|el d[ií]a|el plazo))?"
    r"|(?:me|nos)\s+atras(?:o|amos)|no\s+(?:llego|llegamos|lo hago a tiempo|lo hacemos a tiempo))\W*$",
    re.IGNORECASE,
)
# The card that says what not complying brings, in each chapter: the organics chapter's, and each city's
# grease chapter's (Victorville's citations and enforcement tools, Inglewood's notices and fees)
ORGANICS_IF_NOT_DONE_CARD = "vvo-nov-what-next"
_GREASE_IF_NOT_DONE_CARD = {"victorville": "vvf-violation-consequences", "inglewood": "ing-enforcement-steps"}
# The grease chapter's duties whose not being done that card answers (a fee unpaid, a spill unreported and a
# permit not applied for have cards of their own)
_GREASE_DUTIES = frozenset(
    {"interceptor", "grease", "record", "kitchen", "bmp", "employee", "training", "monitoring", "reporting"}
)
_ENFORCEMENT_TOPICS = frozenset({"enforcement", "violations-enforcement"})


def _what_not_doing_it_brings(tracker: Tracker, question: str) -> Answer | None:
    """What not doing it brings, when a short follow-up asks it right after a duty was answered: the
    organics chapter's enforcement ("y si no lo hago?" after a tier two generator's duties), which the grease
    chapter's misdemeanors, nearer in words, would otherwise answer; the grease chapter's, for one of its
    duties ("and if i miss it?" after how often the interceptor is pumped), which a card of the duty's own
    subject (asking for another frequency) would otherwise answer. None otherwise."""
    # the whole message, or its last sentence ("so thats like 2 weeks out. what if we end up 2 weeks late")
    said = [question.strip(), *sentences(question)[-1:]]
    if (
        not any(_ASKS_IF_NOT_DONE.match(part) for part in said)
        or not _answered_last(tracker)
        or (given := _card_just_given(tracker)) is None
        or given.topic in _ENFORCEMENT_TOPICS
    ):
        return None
    if is_organics(given):
        wanted = ORGANICS_IF_NOT_DONE_CARD
    elif subject_family(given.topic) in _GREASE_DUTIES:
        wanted = _GREASE_IF_NOT_DONE_CARD.get(given.city)
    else:
        return None
    if wanted is None:
        return None
    cards = _answer_cards()
    card = next((c for c in cards.cards if c.id == wanted), None) if cards else None
    if card is None:
        return None
    return answer_from_cards([card], labelled=False, contacts=runtime.contacts())


# Whom or where to send what was just said ("Who do I send it to - the landlord?", "¿a quién se lo mando?"),
# naming nothing else (a guess at whom may follow)
_SENT_WHERE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|so|then|y|entonces|pues|bueno)\W+)*"
    r"(?:who|where|to whom|whom|a qui[eé]n|a d[oó]nde|d[oó]nde|con qui[eé]n)\s+"
    r"(?:(?:do|should|would|must|can|do i have to|se)\s+)?(?:(?:i|we|you|le|les|lo|la|los|las)\s+)*"
    r"(?:send|mail|submit|give|turn|file|email|mand\w*|envi\w*|entreg\w*|present\w*)"
    r"(?:\s+(?:it|this|that|them|in|to|lo|la|los|las|eso))*\W*(?:[-–—,]?\s*(?:\w+\W*){0,4})?$",
    re.IGNORECASE,
)
# An answer that says where something goes ("to the FOG manager, at the address in your FOG permit")
_SAYS_WHERE_TO = re.compile(
    r"\bto the (?:fog manager|city|director|building official)|\baddress\b|\bal administrador\b"
    r"|\ba la ciudad\b|\bdirecci[oó]n\b",
    re.IGNORECASE,
)


FILED_LOOKBACK = 3  # the assistant's last messages that may hold the confirmation "what now?" follows
# A link offered in a confirmation, with the words that lead up to it ("Download the application summary
# (the link works for 72 hours): http://...")
_A_LINK = re.compile(r"[^.:]*:\s*https?://\S+")


def _asks_what_is_left(question: str, english: str) -> bool:
    """ "what now?", or what to send with no subject of its own ("do i have to send anything")."""
    return asks_what_comes_next(english) or (names_nothing(question) and says_sending(english))


def after_filing(tracker: Tracker) -> str | None:
    """What a confirmation among the assistant's last messages says after its reference number: the written
    notice due after a spill, the next service date after a pump-out, what happens next to an application
    ("Reference SP-143645. If you operate the business responsible: confirm the spill in writing ..."),
    said again under the reference; a download link stays in the confirmation. None when no request was just
    filed."""
    said = [event.get("text") or "" for event in tracker.events if event.get("event") == "bot"]
    for text in reversed(said[-FILED_LOOKBACK:]):
        if (found := find_reference(text)) is None:
            continue
        rest = _A_LINK.sub(" ", text[found.end() :].split("\n\n")[0]).strip(" .")
        return t("About {reference}: {steps}", reference=found.group(0), steps=rest) if rest else None
    return None


def _card_just_given(tracker: Tracker) -> Card | None:
    """The answer card the last answer came from, or None."""
    cards, given = _answer_cards(), tracker.get_slot(ANSWER_CARD_SLOT)
    if cards is None or not given:
        return None
    return next((card for card in cards.cards if card.id == given), None)


def _what_to_send(
    tracker: Tracker, question: str, topic: str, city: str | None
) -> tuple[ShapedReply, list[EventType]]:
    """A question that names nothing but what to send: the card on the conversation's subject it matches
    alone (after a spill, the written notice's contents), else the one the topic matches with it (after a
    space waiver's question: its application, not a manifest's copies); the card just given is given again
    with what it held behind MORE first."""
    not_again = besides_the_last(tracker, question)  # "ok what else do i have to do": not the same card
    asked = t(WHAT_TO_SEND) if asks_which_papers(question) else question  # "q papeles necesitan?"
    result = _free_answer(tracker, asked, city, clock_facts=topic, not_again=not_again)
    subject = _subject(tracker, question, city)
    on_subject = result.card is not None and subject is not None
    if not on_subject or subject_family(result.card.topic) != subject_family(subject):
        result = _free_answer(
            tracker, f"{_WITHOUT_VALUES.sub(' ', topic)} {asked}", city, not_again=not_again
        )
    if result.card is not None and result.card.id == tracker.get_slot(ANSWER_CARD_SLOT):
        result = rest_first(result)
    return reply_for(tracker, question, city, result)


def answer_in_form(tracker: Tracker, question: str) -> tuple[ShapedReply, list[EventType]]:
    """A question asked in the middle of a form, answered about the form when it names nothing of its own
    (:func:`_about_the_form`), else as it is (the form asks its question again after it)."""
    question = question.strip()[:MAX_QUESTION_CHARS]
    city = detect_city(question) or tracker.get_slot("city")
    topic = tracker.get_slot(TOPIC_SLOT)
    if topic and (there := detect_city(question)) and asks_about_the_other_city(question):
        # "And in Inglewood? We might open a second location there." after "how long is the permit good for?"
        return _topic_in(tracker, question, topic, there)
    return _about_the_form(tracker, question, city) or answer(
        tracker, question, city, clock_facts=topic or ""
    )


_A_TRAP = re.compile(r"\b(?:(?:grease )?trap|trampa(?: de grasa)?)\b", re.IGNORECASE)
DEVICE_FACT_MAX_WORDS = 16  # "its the big one in the ground outside btw. for the victorville place"


def _with_the_interceptor(question: str, topic: str) -> str | None:
    """The topic asked again of the interceptor, when a short statement says the "grease trap" it names is
    the interceptor ("its the big one in the ground outside"); None otherwise."""
    if (
        len(question.split()) > DEVICE_FACT_MAX_WORDS
        or looks_like_question(question)
        or parse_device(question).value != "interceptor"  # "the big one in the ground out back"
        or not _A_TRAP.search(topic)
        or re.search(r"\binterceptor", topic, re.IGNORECASE)
    ):
        return None
    return _A_TRAP.sub("interceptor", topic)


_WITHOUT_VALUES = re.compile(r"\$?\d[\d,.:/-]*")
# "do i need to send a letter too?", "y despues tengo q mandar algo?": one more thing about the same matter
_ALSO = re.compile(
    r"\b(?:too|also|as well|then|after that|now what|what else|anything else|what next|what happens next|"
    r"next steps?|tambi[eé]n|despu[eé]s|luego|aparte|qu[eé] m[aá]s|algo m[aá]s|y ahora qu[eé])\b",
    re.IGNORECASE,
)


# A follow-up asking for something besides the answer just given: what else to do, what happens if one
# doesn't ("ok what else do i have to do", "and if i miss it?", "y si no lo hago?")
_ASKS_BESIDES = re.compile(
    r"\b(?:what else|anything else|what other|qu[eé] m[aá]s|algo m[aá]s|qu[eé] otr[oa]s?"
    r"|(?:and|so|but|y|pero)?\s*(?:what )?if (?:i|we) (?:miss|skip|forget|don'?t|do not|never|can'?t|fail)"
    r"|y si no (?:lo |la )?(?:hago|hacemos|cumplo|cumplimos|pago|pagamos)"
    # what follows from breaking the rule just given, or what to do about it: another card than the rule's
    # ("y si me paso unos dias q pasa?", "q me pueden hacer?", "y si se llena antes de los 30 dias?")
    r"|(?:what|q|qu[eé]) (?:happens|pasa)(?: (?:if|si))?|(?:what|q|qu[eé]) (?:can|could|pueden|puede|van a) "
    r"(?:they |me |nos |le )?(?:do|hacer)|(?:q|qu[eé]) (?:me|nos|le) (?:pueden|puede|van a) hacer"
    r"|y si (?:me|nos) (?:paso|pasamos|atraso|atrasamos)"
    r"|y si se (?:llena|pasa)|(?:and|y) (?:meanwhile|mientras)|c[oó]mo (?:le )?hago (?:pa|para)"
    r"|how do (?:i|we) get (?:it|them|that) (?:changed|moved))\b",
    re.IGNORECASE,
)


def besides_the_last(tracker: Tracker, question: str) -> frozenset[str]:
    """The card just given, when the question asks for something besides it ("ok what else do i have to do",
    "and if i miss it?"): it must not answer again; else nothing."""
    last = tracker.get_slot(ANSWER_CARD_SLOT)
    return frozenset({last}) if last and _ASKS_BESIDES.search(question) else frozenset()


# What a follow-up asks worked out from the conversation's facts: an amount ("how much will we pay?"), else a
# day; and the results that answer each
_FOLLOW_UP_ASKS_AN_AMOUNT = re.compile(
    r"\b(?:how much|cost|costs|owe|pay|fees?|fines?|charge)\b", re.IGNORECASE
)
_AMOUNTS = frozenset({"annual_fee", "permit_fee", "late_fee", "nov_fee", "damage_costs", "penalty_cap"})
_DAYS = frozenset({"deadline", "spill_written_deadline", "service_due", "late_fee", "window"})
# The results that are an amount and no day: said after the answer when the question asks by when
_AN_AMOUNT_NO_DAY = _AMOUNTS - _DAYS - {"damage_costs"}


def _the_topic_computes(tracker: Tracker, question: str, topic: str, city: str | None) -> bool:
    """Whether a question that asks an amount or a day and gives no numbers of its own is answered by the
    result the topic's facts work out, of the kind it asks ("how much will we pay?" after an application's
    58 seats: the fee; not the written deadline of a spill talked about before)."""
    if not asks_when_or_how_much(question) or re.search(r"\d", question):
        return False
    asked = question if current() == ENGLISH else gloss(question)
    said = topic if current() == ENGLISH else gloss(topic)
    found = compute(f"{asked} {said}", city or detect_city(topic), message_time(tracker), asked=asked)
    if found is None:
        return False
    return found.kind in (_AMOUNTS if _FOLLOW_UP_ASKS_AN_AMOUNT.search(asked) else _DAYS)


def _refers_back(question: str) -> bool:
    """Whether a short question refers back ("the victorville one", "that") or adds to the matter ("a letter
    too?"): it leans on the topic when it answers nothing alone."""
    return len(question.split()) <= FOLLOW_UP_MAX_WORDS and bool(
        _BACK_REFERENCE.search(question) or _ALSO.search(question)
    )


def _topic_for(question: str, topic: str) -> str:
    """The topic as it bears on a follow-up: without the city it named when the follow-up names one ("and if
    it was at our other spot in inglewood?"), and without the days and amounts said of the first
    establishment when the follow-up is about another."""
    if detect_city(question):
        topic = without_city_names(topic)
    if about_another_place(question) and not _SAME_DAY.search(question):
        topic = without_stated_facts(topic) or topic
    return topic


# The other place's day said to be the first's ("our Victorville store was pumped the same day"): the topic
# keeps its days
_SAME_DAY = re.compile(
    r"\b(?:(?:the )?same (?:day|date|morning|afternoon|time)|that same day|el mismo d[ií]a|la misma fecha|"
    r"ese mismo d[ií]a)\b",
    re.IGNORECASE,
)


def on_the_topic(
    tracker: Tracker, question: str, topic: str, city: str | None
) -> tuple[ShapedReply, list[EventType]]:
    """A question that leans on the conversation's topic, answered: the topic's facts compute with a new
    fact, or for a date or amount asked ("n the manifest, when does the city need it by" after a logged
    pump-out); a card's clock starts on the topic's day; read with the topic when alone it answers nothing."""
    cancelled = form_about(topic) if _leans_on_the_form(question) else None
    if cancelled is not None and (found := _about_the_form(tracker, question, city, cancelled)):
        return found  # "nomas dime cuanto cuesta y ya" after cancelling an application
    topic = _topic_for(question, topic)
    facts = topic if changes_a_fact(question) or asks_when_or_how_much(question) else ""
    question = what_if_read(question, topic)  # "y si fueran 12?" after "... 6 galones": 12 gallons
    moved = _moves_the_result(tracker, topic, question, city)  # None: the topic works nothing out
    if moved:
        facts = topic  # "y si no lo pago este mes?" after the invoice's penalty: what not paying brings
    elif moved is False and not asks_when_or_how_much(question):
        # "y si el inspector ve q ya tiene mas del 25% antes de eso?" after the next service's due date: the
        # "fact" moves no value the topic worked out; the question is answered, not the date said again
        facts = ""
    not_again = besides_the_last(tracker, question)
    found = (
        None  # "ok when is it due" after the city's cleanup bill: the bill's, not the manifest's
        if _it_is_the_topic_s(tracker, question, topic, city)
        else answer_if_covered(tracker, question, city, facts=facts, clock_facts=topic, not_again=not_again)
    )
    if (
        found is None
        and facts
        and not moved
        and not _NUMBER_SAID.search(question)
        # "and when does it get really bad", "¿y si paga la otra semana?": a day or an amount the topic's
        # values still work out
        and not asks_when_or_how_much(question)
        and not _PAYING.search(question)
        and (leaning := _subject(tracker, question, city)) is not None
    ):
        # "and what if we start doing pastries and it goes over" after the waiver's amounts: a change said in
        # words gives no value to work out again; the subject's card answers it (going over the limit)
        found = answer_if_covered(
            tracker, _about(question, leaning), city, clock_facts=topic, not_again=not_again
        )
    subject = None if facts else _subject(tracker, question, city)
    # a question that gives no fact and asks no date or amount ("how long is that good for" after the
    # waiver's amounts) is about the topic's subject, not its values worked out again
    # read with the topic, the facts the question gives anew in place of the topic's ("what if its the 413
    # one instead" after a $267 invoice)
    if subject is None:
        asked = with_newer_facts(topic, question)
    else:
        asked = _about(question, subject) if _leans_on(question, subject, city) else question
    result, events = found or answer(tracker, asked, city, clock_facts=topic, not_again=not_again)
    events.append(SlotSet(TOPIC_SLOT, with_newer_facts(topic, question)[-MAX_QUESTION_CHARS:]))
    return result, events


def _leans_on(question: str, subject: str, city: str | None) -> bool:
    """Whether a follow-up read with the subject finds a card that answers its words alone too
    (:func:`_fits_alone`)."""
    cards = _answer_cards()
    if cards is None:
        return True
    leaning = cards.match(_about(question, subject), city, k=1, language=current())
    return not leaning or _fits_alone(cards, question, leaning[0].card, city)


def _it_is_the_topic_s(tracker: Tracker, question: str, topic: str, city: str | None) -> bool:
    """Whether a short question whose "it" or "that" is the topic's matter is answered by a card on the
    topic's subject when read with the topic, and by one on another subject alone."""
    cards = _answer_cards()
    subject = _subject(tracker, question, city)
    if cards is None or subject is None or len(question.split()) > SUBJECTLESS_MAX_WORDS:
        return False
    if not _BACK_REFERENCE.search(question):
        return False
    alone = cards.match(question, city, k=1, language=current())
    together = cards.match(f"{topic} {question}"[-MAX_QUESTION_CHARS:], city, k=1, language=current())
    family = subject_family(subject)
    return (
        bool(alone and together)
        and subject_family(alone[0].card.topic) != family
        and subject_family(together[0].card.topic) == family
        and _fits_alone(cards, question, together[0].card, city)
    )


def _moves_the_result(tracker: Tracker, topic: str, question: str, city: str | None) -> bool | None:
    """Whether the question, asked of the topic, works out another result than the topic alone ("y si no lo
    pago este mes?" after an invoice's penalty: the day not paying becomes cause for revocation) or the same
    one (False); None when the topic, or the question with it, works nothing out."""
    english = (lambda text: text) if current() == ENGLISH else gloss
    place, now = city or detect_city(topic), message_time(tracker)
    alone = compute(english(topic), place, now)
    if alone is None:
        return None
    said = f"{question} {without_facts_said_again(topic, question)}"[:MAX_QUESTION_CHARS]
    together = compute(english(said), place, now, asked=english(question))
    return None if together is None else together.text != alone.text


_WAIVER_FORMS = {
    "request_deminimis_waiver": "deminimis_form",
    "request_space_waiver": "space_waiver_form",
    "request_interceptor_variance": "variance_form",
}
WHICH_WAIVER = N_(
    "Which one? Victorville's de minimis waiver (a business with little organic waste), Victorville's "
    "physical space waiver (no room for the containers), or Inglewood's grease interceptor variance or "
    "waiver."
)


WHICH_APPLICATION = N_(
    "Which one? A FOG permit application, Victorville's de minimis or physical space waiver, or Inglewood's "
    "grease interceptor variance or waiver."
)
_A_PERMIT = re.compile(r"\bpermit\b", re.IGNORECASE)
_THAT_ONE = re.compile(r"\b(?:that|this|ese|esa|este|esta)\b", re.IGNORECASE)


def _conversation_in_english(tracker: Tracker) -> str:
    """What the user has said in the conversation, in English (Spanish glossed)."""
    conversation = " ".join(user_texts(tracker))
    return conversation if current() == ENGLISH else gloss(conversation)


def _start_the_application(
    dispatcher: CollectingDispatcher, tracker: Tracker, topic: str | None, english: str
) -> list[EventType]:
    """The application a request that names none means, started (its form asks the first question): the
    flow the last answer offered, else the one the conversation's topic is about (a waiver, the permit),
    else, for a waiver in Inglewood, its variance; asked which when nothing says."""
    a_waiver = asks_for_a_waiver_unnamed(english)
    offered = offered_in(_last_bot_text(tracker))
    if offered is not None and not (a_waiver and offered == "permit_application"):
        return [FollowupAction(_OFFERED_FORMS[offered])]
    said = (topic or "") if current() == ENGLISH else gloss(topic or "")
    conversation = ""  # the whole conversation glossed only when the topic and the last answer say nothing
    # "sign me up for that waiver": the one the last answer named, before any the conversation did
    kind = waiver_of(_last_bot_text(tracker) or "") if a_waiver and _THAT_ONE.search(english) else None
    if kind is None and said:
        kind = waiver_of(said)
    if kind is None:  # "ok no, son 15. y cuanto dura el waiver?" was the topic: the conversation says which
        conversation = _conversation_in_english(tracker)
        kind = waiver_of(conversation)
    if kind is None and a_waiver:
        # "ok sign me up for the waiver" after "you qualify to apply for a de minimis waiver": the one just
        # named (a Spanish answer names it in its English term too)
        kind = waiver_of(_last_bot_text(tracker) or "")
    if kind is not None:
        return [FollowupAction(_WAIVER_FORMS[kind])]
    if a_waiver and (detect_city(english) or tracker.get_slot("city")) == "inglewood":
        return [FollowupAction(_WAIVER_FORMS["request_interceptor_variance"])]  # Inglewood's only waiver
    if not a_waiver and (_A_PERMIT.search(said) or _A_PERMIT.search(conversation)):
        # "ok I want to apply for the Inglewood one now" after a shared kitchen's permit questions, whatever
        # the topic moved to since
        return [FollowupAction(_OFFERED_FORMS["permit_application"])]
    dispatcher.utter_message(text=t(WHICH_WAIVER if a_waiver else WHICH_APPLICATION))
    return []


def _about_the_form(
    tracker: Tracker, question: str, city: str | None, form: GuidedForm | None = None
) -> tuple[ShapedReply, list[EventType]] | None:
    """A question asked in the middle of a form, answered; one that names no subject of its own ("do I
    need to send a letter too?" in a spill report) is answered about the form's subject when alone it would
    be declined, and a date or amount it asks is computed from the form's answers ("by when?": five working
    days after the spill being reported). None: no form is open, or the ordinances do not answer it either
    way (the caller answers or declines it as it is). ``form``: a form just cancelled, whose matter is still
    the topic ("nomas dime cuanto cuesta" after cancelling an application: what applying costs)."""
    leans = form is not None and _leans_on_the_form(question)
    form = form or form_named((tracker.active_loop or {}).get("name"))
    if form is None:
        return None  # no form: the question is answered as it is
    form_facts = ""
    if form.question_facts is not None:
        form_facts = form.question_facts({name: tracker.get_slot(name) for name in form.slots})
    # the form's facts give a computation its numbers when the question asks a date or an amount, and start
    # the answering card's clock in any case ("does the company send the manifest or do I?" mid-log: the
    # 72 hours run from the service being logged)
    # (before the form has any, its matter: "how much is this going to cost us? about 60 seats" mid-
    # application is what applying costs, the application fee with the first year's)
    facts = (form_facts or form.topic) if asks_when_or_how_much(question) or changes_a_fact(question) else ""
    said = {"facts": facts, "clock_facts": form_facts}
    # one question, not two parts; which papers, in the words of what to send ("q papeles necesitan?")
    asked = t(WHAT_TO_SEND) if asks_which_papers(question) else question
    about_the_form = f"{asked.rstrip(' ?')} ({t(form.topic)})?"
    if (leans or _reads_better_with(question, about_the_form, city)) and (
        found := answer_if_covered(tracker, about_the_form, city, **said)
    ):
        return found  # "¿Qué tengo que mandar o demostrar?" while asking for the interceptor variance
    found = answer_if_covered(tracker, question, city, **said)
    if found is None:
        found = answer_if_covered(tracker, about_the_form, city, **said)
    return found


def _leans_on_the_form(question: str) -> bool:
    """Whether a question asked after a form was cancelled is about the form's matter: a short one asking an
    amount, a date or what to send ("nomas dime cuanto cuesta y ya": what applying costs)."""
    short = len(question.split()) <= FOLLOW_UP_MAX_WORDS
    return short and (asks_when_or_how_much(question) or names_nothing(question))


# How much better an answer card must match a mid-form question read with the form's subject than alone for
# that reading to answer it ("what do I have to send or prove?" is about the variance being requested).
FORM_SUBJECT_MARGIN = 0.15


def _reads_better_with(question: str, about_the_form: str, city: str | None) -> bool:
    """Whether an answer card matches the question read with the form's subject clearly better than the
    question alone: a short question that names no subject of its own leans on the form's."""
    cards = _answer_cards()
    # "And if we double our staff next year and the food waste goes up?": opened as a follow-up, it leans on
    # the form's subject however long it is; "Quick question before we go on — ..." counts what it asks
    asked = without_announcement(question)
    if cards is None or (len(asked.split()) > FOLLOW_UP_MAX_WORDS and not is_follow_up(asked)):
        return False
    alone = cards.match(question, city, k=1, language=current())
    with_subject = cards.match(about_the_form, city, k=1, language=current())
    if not with_subject:
        return False
    # "oye y me van a multar x esto??" in a spill report: "this" is the form's matter
    margin = 0.0 if _SAYS_THIS.search(question) else FORM_SUBJECT_MARGIN
    return not alone or with_subject[0].score - alone[0].score >= margin


# A question that says "this" (or "esto", "eso") of what it is about
_SAYS_THIS = re.compile(r"\b(?:this|esto|eso)\b", re.IGNORECASE)


YES_OR_NO = ("affirm", "deny")
# A longer yes that asks for the flow ("yes lets do it", "ok go ahead and start it", "si, empecemos"), and one
# that puts it off ("yeah ok thanks, i'll talk to my manager first", "yes but not today")
_GO_AHEAD = re.compile(
    r"\b(?:let'?s|lets|go ahead|start|apply|sign (?:me|us) up|do it|vamos|dale|empecemos|empezamos|"
    r"h[aá]g[aá]moslo|quiero|queremos)\b",
    re.IGNORECASE,
)
_PUT_OFF = re.compile(
    r"\b(?:but|later|first|not (?:now|today|yet)|thanks|thank you|gracias|luego|despu[eé]s|ahorita no|"
    r"m[aá]s tarde|primero|pero)\b",
    re.IGNORECASE,
)
# The form each offered flow starts (shaping.answers.OFFERS): "yes" to 'To start a FOG permit application
# here, reply "apply for a FOG permit".' starts it.
_OFFERED_FORMS = {
    "permit_application": "permit_form",
    "deminimis_waiver": "deminimis_form",
    "physical_space_waiver": "space_waiver_form",
    "inglewood_variance": "variance_form",
    "spill_report": "spill_form",
    "service_log": "service_form",
}
# A question asking why ("why 25", "y por que 90?"): a question on the topic even when it holds a number
_ASKS_WHY = re.compile(
    r"^\W*(?:(?:and|so|but|ok|y|pero)\W+)?(?:why|how come|por\s*qu[eé]|porque)\b", re.IGNORECASE
)
ASKS_WITH_A_YES_OR_NO = 4  # words: "no we never told anyone, what now?" asks; "no?" / "yes ok" do not


class ActionFollowUp(Action):
    """A fact given (or corrected) when no form asks for one ("our permit says 120", "last one was sept 30",
    "$413", "invoice date was sept 15"): the last question's computed answer with it, or, with nothing to
    compute, what the assistant can do. A yes to the flow the last answer offered starts it; another yes or
    no when nothing was asked gets what the assistant can do, unless a question comes with it ("no le
    avisamos a nadie, ahorita q hago?"): that is answered on the topic."""

    def name(self) -> str:
        return "action_follow_up"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        text = (tracker.latest_message.get("text") or "").strip()
        topic = tracker.get_slot(TOPIC_SLOT)
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        last_said = _last_bot_text(tracker)
        offered = offered_in(last_said)
        if (
            intent == "affirm"
            and offered is not None
            and (
                len(text.split()) < ASKS_WITH_A_YES_OR_NO
                or (_GO_AHEAD.search(text) and not _PUT_OFF.search(text) and not looks_like_question(text))
            )
        ):
            # "yes" (or "yes lets do it", no question with it) to the flow the last answer offered
            return [FollowupAction(_OFFERED_FORMS[offered])]
        if offered is not None and _gives_contact_details(text) and not looks_like_question(text):
            # "El nombre es Pupusería La Ceiba, 3100 W Century Blvd ... Teléfono 310-555-0123" after the
            # application was offered: the application, started with what the message gives
            return [FollowupAction(_OFFERED_FORMS[offered])]
        if (
            intent in YES_OR_NO
            and topic
            and len(text.split()) >= ASKS_WITH_A_YES_OR_NO
            and looks_like_question(text)
        ):
            # "no le avisamos a nadie, ahorita q hago?": a question said with the no, on the topic
            result, events = on_the_topic(tracker, text, topic, detect_city(text) or tracker.get_slot("city"))
            dispatcher.utter_message(text=result.text)
            return events
        if topic and _ASKS_WHY.match(text):
            # "why 25" after the 25% rule: the reason for the topic's rule, not a value for it to work out
            result, events = on_the_topic(tracker, text, topic, detect_city(text) or tracker.get_slot("city"))
            dispatcher.utter_message(text=result.text)
            return events
        if (
            not topic
            and intent not in YES_OR_NO
            and (
                looks_like_question(text)
                or _tells_of_a_letter(text)
                # "our fog permit says 60 day pumping. last pump fue el 20 de octubre ...": facts a rule works
                # out, the first thing said: the result is what the user wants, never the menu
                or computed_answer(tracker, text, detect_city(text) or tracker.get_slot("city")) is not None
            )
        ):
            # "Tengo restaurantes en Victorville y en Inglewood. ... ¿En Inglewood aplican las mismas reglas
            # ...?" taken for a fact with nothing to add it to: a question, answered as one, here (a
            # follow-up action would leave the policy to predict after it, and it predicts this one again);
            # and so is a letter told of ("got a notice from victorville about our trash, says violation of
            # chapter 6.37"): what it means is what the user wants
            return await ActionAnswerQuestion().run(dispatcher, tracker, domain)
        city = detect_city(text) or tracker.get_slot("city")
        if (
            not topic
            or not text
            or (intent in YES_OR_NO and not _a_fact_with_the_yes_or_no(tracker, text, topic, city))
        ):
            dispatcher.utter_message(response="utter_what_next")
            return []
        english_topic = topic if current() == ENGLISH else gloss(topic)
        # "52" to "How many seats ...?" or after the yearly fee's two amounts; "60" after a next service
        text = bare_number_read(text, last_said, english_topic, city, message_time(tracker))
        facts = with_newer_facts(topic, text)[-MAX_QUESTION_CHARS:]
        given = _card_just_given(tracker) if _answered_last(tracker) else None
        if (
            given is not None
            and given.clocks
            and computed_answer(tracker, text, city) is None
            and (dated := _clock_from_the_day(tracker, topic, text, city)) is not None
        ):
            # "it was mailed 11/24" after "can i fight it?", whose card runs the appeal's clock: that clock,
            # not the NOV's fee the topic began with worked out again
            result, events = dated
            dispatcher.utter_message(text=result.text)
            return [*events, SlotSet(TOPIC_SLOT, facts)]
        # the new fact's values first: "it was wednesday nov 18" after "a couple weeks ago"
        computed = computed_answer(
            tracker, f"{text} {without_facts_said_again(topic, text)}"[:MAX_QUESTION_CHARS], city, text
        )
        if computed is None and (dated := _clock_from_the_day(tracker, topic, text, city)) is not None:
            result, events = dated  # "it was mailed nov 25" after "how do i fight it?": the appeal's clock
            dispatcher.utter_message(text=result.text)
            return [*events, SlotSet(TOPIC_SLOT, facts)]
        if computed is None:  # the value the topic's rule still needs, or what the assistant can do
            english = facts if current() == ENGLISH else gloss(facts)
            missing = missing_value_question(english, city or detect_city(facts))
            said = text if current() == ENGLISH else gloss(text)  # "our Inglewood permit says 90 days"
            noted = frequency_noted(said, city or detect_city(facts), message_time(tracker))
            if missing is not None:
                dispatcher.utter_message(text=" ".join(part for part in (noted, missing) if part))
            elif (
                looks_like_question(text)
                or asks_when_or_how_much(text)
                or (
                    len(text.split()) >= TELLS_WHAT_HAPPENED_WORDS
                    and (changes_a_fact(text) or _A_LETTER_CAME.search(text))
                )
            ):
                # "nomas dime cuanto cuesta y ya" after cancelling an application: a question on the topic,
                # which the classifier took for a fact; and "now we got an actual notice of violation dated
                # 11/27 saying fix it within 10 days" after a cart tag: what happened next, answered on the
                # topic (what it means for them), never the menu
                result, events = on_the_topic(tracker, text, topic, city)
                dispatcher.utter_message(text=result.text)
                return events
            elif (
                len(text.split()) >= FACT_FOR_THE_TOPIC_WORDS
                and _A_FACT_OF_THE_PLACE.search(text)
                and _answered_last(tracker)
            ):
                # "nomas tenemos 30 sillas" after how often the trap is pumped: a fact told as if it mattered
                # asks whether it changes the answer just given; the menu would leave it unheard
                asked = f"{text.rstrip(' .!')}. {t(DOES_IT_CHANGE_ANYTHING)}"
                result, events = on_the_topic(tracker, asked, topic, city)
                dispatcher.utter_message(text=result.text)
                return events
            else:
                dispatcher.utter_message(response="utter_what_next")
            return [SlotSet(TOPIC_SLOT, facts)]
        result, events = reply_for(tracker, facts, city, computed)
        dispatcher.utter_message(text=result.text)
        return [*events, SlotSet(TOPIC_SLOT, facts)]


# The words of a bare yes or no ("yes ok", "nope", "si claro gracias"): nothing else said with it
_ONLY_YES_OR_NO = re.compile(
    r"^(?:\W*\b(?:yes|yeah|yep|yup|ya|no|nope|nah|ok|okay|k|sure|right|correct|cool|great|fine|good|alright|"
    r"thanks|thank|you|si|sí|claro|nel|gracias|bueno|va|dale|sale|perfecto|orale|órale|exacto)\b)+\W*$",
    re.IGNORECASE,
)


def _a_fact_with_the_yes_or_no(tracker: Tracker, text: str, topic: str, city: str | None) -> bool:
    """Whether a yes or no comes with a fact the topic's result is worked out with ("no drive thru" after
    "48 seats" for the yearly fee): the result then, stated again or changed; a bare "yes ok" is not."""
    return not _ONLY_YES_OR_NO.match(text) and _moves_the_result(tracker, topic, text, city) is not None


def _gives_contact_details(text: str) -> bool:
    """Whether a message gives where and how to reach someone (a phone number or a street address), as
    one fills in an application, not a fact for the topic's rule."""
    return mentions_phone(text) or find_street_address(text) is not None


def _clock_from_the_day(
    tracker: Tracker, topic: str, text: str, city: str | None
) -> tuple[ShapedReply, list[EventType]] | None:
    """A day said on its own after a question whose answer card runs a clock ("it was mailed nov 25" after
    "how do i fight it?"): that answer again, its clock started on the day; None when the message gives no
    day or the answer has no clock. The last question is read first when its card runs a clock (the topic
    may begin with an earlier question: the NOV's fee, then "can I fight it?")."""
    found, _ = find_date(
        text if current() == ENGLISH else gloss(text), ParseContext(now=message_time(tracker))
    )
    if not found.ok or found.value is None:
        return None
    asked = [topic]
    given = _card_just_given(tracker)
    if given is not None and given.clocks and len(said := user_texts(tracker)) >= 2:
        asked.insert(0, said[-2])  # the question whose card runs the clock, before the topic's first one
    for question in asked:
        result = _free_answer(tracker, question, city, clock_facts=text)
        if result.kind is AnswerKind.ANSWER and result.card is not None and result.card.clocks:
            return reply_for(tracker, question, city, result)
    return None


CONVERSATION_LOOKBACK = 8  # the user's latest messages that say what the conversation is about


def user_texts(tracker: Tracker, lookback: int = CONVERSATION_LOOKBACK) -> list[str]:
    """The user's latest messages, oldest first."""
    return [event.get("text") or "" for event in tracker.events if event.get("event") == "user"][-lookback:]


def _last_bot_text(tracker: Tracker) -> str | None:
    """What the assistant said last, before the user's newest message."""
    return next(
        (event.get("text") for event in reversed(tracker.events) if event.get("event") == "bot"), None
    )


def computed_aside(tracker: Tracker, said: str) -> str | None:
    """The result of the question the user asked just before ``said`` (in the middle of a form), when
    ``said`` gives the value it lacked ("40 asientos, no tenemos drive-thru" after "¿cuánto cuesta el
    permiso?"): worked out, with its section; None when the message before asked nothing or it still
    computes nothing new."""
    before = user_texts(tracker, 3)  # the two before, and this one
    english = (lambda text: text) if current() == ENGLISH else gloss
    if (
        len(before) == 3
        and looks_like_question(before[0])
        and not looks_like_question(before[1])
        and without_facts_said_again(english(before[1]), english(said)) != english(before[1])
    ):
        # "¿cuánto me va a salir?", "45 sillas, no hay drive thru", then "ay no perdon, son 55 sillas": the
        # facts given for the question, the newer ones in place of those they change (a message that changes
        # none of them, the next answer to the form, works nothing out again)
        said = with_newer_facts(english(before[1]), english(said))
        before = [before[0], said]
    before = before[-2:]
    if len(before) < 2 or not looks_like_question(before[0]):
        return None
    asked = before[0][:MAX_QUESTION_CHARS]
    city = detect_city(asked) or tracker.get_slot("city")
    worked = _completed(tracker, asked, said, city)
    return None if worked is None else worked.text


def completes(tracker: Tracker, topic: str, question: str, city: str | None) -> bool:
    """Whether ``question`` gives a value the topic's rule needs: it computes nothing alone, and with the
    topic it computes what the topic alone did not (the missing value: "12 gal a week"; or another one than
    the default: "our permit says every 60 days"). A new question that computes on its own is no part of
    the topic."""
    return _completed(tracker, topic, question, city) is not None


# A message that says its values go with what was said before ("thats what my permit says. last pumped nov 2,
# when is the next one" after "60"): it computes with the topic's, though it computes alone too
_AS_SAID_BEFORE = re.compile(
    r"\b(?:that'?s|thats|that is|it'?s|its|same as) what (?:my|our|the) permit (?:says|said|has)\b"
    r"|\b(?:es )?lo (?:que|q) dice (?:mi|el|nuestro) permiso\b|\blike i (?:said|told you)\b|\bcomo le dije\b",
    re.IGNORECASE,
)


def _completed(tracker: Tracker, topic: str, question: str, city: str | None) -> Answer | None:
    """The topic's result worked out with ``question``'s value (:func:`completes`), or None."""
    if _computes_alone(tracker, question, city) and not _AS_SAID_BEFORE.search(question):
        return None
    # the new message's values first, as free_answer reads them: "it's more like 12 gallons" after 8
    together = computed_answer(
        tracker,
        f"{question} {without_facts_said_again(topic, question)}"[:MAX_QUESTION_CHARS],
        city,
        question,
    )
    alone = computed_answer(tracker, topic, city)
    if together is None:
        return None
    # "si 60 dias dice el permiso" after "60" was read as the permit's: the same result, confirmed; "is dec 15
    # even allowed?" after the hearing set for Dec 15: the same result, asked again of the values it has
    same = alone is not None and together.text == alone.text
    return (
        None
        if same and not (_confirms_a_fact(question) or _asks_of_its_values(question, topic))
        else together
    )


def _asks_of_its_values(question: str, topic: str) -> bool:
    """Whether a question asks something of numbers the topic already gave, and only those."""
    asked = set(re.findall(r"\d+", spanish_digits(question)))
    return (
        bool(asked)
        and asked <= set(re.findall(r"\d+", spanish_digits(topic)))
        and looks_like_question(question)
    )


def _confirms_a_fact(said: str) -> bool:
    """Whether a message only says again a value the topic has ("si 60 dias dice el permiso", "yes 60 days,
    thats what the permit says"): a statement that gives the permit's frequency, asking nothing."""
    english = said if current() == ENGLISH else gloss(said)
    return not looks_like_question(said) and any(permit_frequency(english))


def _computes_alone(tracker: Tracker, said: str, city: str | None) -> bool:
    """Whether a message's own values give a result that asks for nothing more ("12 gal a week, can we get
    out of it?" asks for the trash service, which the topic may hold: not alone)."""
    found = _computed(tracker, said, city)
    return found is not None and not found.needs_a_value


def _computed(tracker: Tracker, said: str, city: str | None, asked: str | None = None) -> Computed | None:
    """The compliance core's result for what the conversation said (read in English), or None; ``asked``: the
    newest message, when ``said`` runs on with the topic (its rule is computed first)."""
    english = said if current() == ENGLISH else gloss(said)
    if asked is not None and current() != ENGLISH:
        asked = gloss(asked)
    return compute(english, city or detect_city(said), message_time(tracker), asked=asked)


def computed_answer(tracker: Tracker, said: str, city: str | None, asked: str | None = None) -> Answer | None:
    """The compliance core's result for what the conversation said, as an answer; None: nothing to compute.
    ``asked`` as for :func:`_computed`: "wait we only got 40 seats no drive thru" after a late $413 invoice
    is the yearly fee's seats, not the invoice's late fee again."""
    found = _computed(tracker, said, city, asked)
    if found is None:
        return None
    return Answer(AnswerKind.ANSWER, f"{found.text} ({found.citation})", (found.citation,), city)


# A message that leans on the one before: "and in inglewood?", "what if it's 6 gallons", "how long is it
# good for", "y si son 6 galones?". Read against the conversation's topic (TOPIC_SLOT).
_FOLLOW_UP_START = re.compile(
    r"^\s*(?:ok(?:ay)?[,.]?\s+)?(?:and|n|&|so|but|what if|what about|how about|then|y|entonces|pero|"
    r"y si|y en|y que tal|que tal si|y para)\b",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(r"\b(?:it|that|this|those|them|one|eso|ese|esa|esto|lo|la)\b", re.IGNORECASE)
FOLLOW_UP_MAX_WORDS = 12
TELLS_WHAT_HAPPENED_WORDS = 6  # a statement this long, with a new fact, tells what happened next
# A fact this long after an answer ("its a small place") is said for it; "ok cool" is not
FACT_FOR_THE_TOPIC_WORDS = 4
# What a fact of the place says: a number, a size or an extent ("nomas tenemos 30 sillas", "its a small
# place", "we only do takeout"); never "ok I'll tell the owner tonight", which is heard and answered with the
# menu
_A_FACT_OF_THE_PLACE = re.compile(
    r"\d|\b(?:only|just|small|little|tiny|big|large|huge|no|never|nomas|s[oó]lo|casi|chic[oa]|chiquit[oa]|"
    r"pequeñ[oa]|grande|nunca|ningun[oa]?)\b",
    re.IGNORECASE,
)
DOES_IT_CHANGE_ANYTHING = N_("Does that change anything?")
# A notice or a letter that came ("now we got an actual notice of violation", "nos llegó una carta")
_A_LETTER_CAME = re.compile(
    r"\b(?:notice|letter|tag|ticket|citation|invoice|bill|nov|aviso|carta|etiqueta|multa|factura)\b", re.I
)


def _tells_of_a_letter(text: str) -> bool:
    """Whether a message tells of a notice or a letter that came, in a sentence of its own ("got a notice
    from victorville about our trash, says violation of chapter 6.37")."""
    return bool(_A_LETTER_CAME.search(text)) and len(text.split()) >= TELLS_WHAT_HAPPENED_WORDS


OPENED_FOLLOW_UP_MAX_WORDS = 20  # a question that opens with "and ..." leans on the one before, long or not


_PAYING = re.compile(r"\b(?:pay|pays|paid|paying|pag\w*)\b", re.IGNORECASE)
# A value said, in digits or words ("and what if it's twelve gallons?", "y si son doce?")
_NUMBER_SAID = re.compile(NUMBER_PATTERN, re.IGNORECASE)
_NEW_FACT = re.compile(
    r"\d|\b(?:what if|and if|if (?:we|i|it)|instead|y si|si (?:son|es|fueran|fuera)|en vez)\b"
    # which one it is ("its our second one" after a notice of violation's fees; never "hold on a second")
    r"|\b(?:it'?s|its|is|was|es|fue|this is|that'?s)\s+(?:the\s+|el\s+|la\s+|our\s+|my\s+|mi\s+)?"
    r"(?:second|third|fourth|fifth|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa])\b"
    r"|\b(?:second|third|fourth|fifth|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa])\s+"
    r"(?:one|notice|ticket|time|nov|aviso|vez|multa)\b",
    re.IGNORECASE,
)


_WHEN_OR_HOW_MUCH = re.compile(
    # not "cuánto dura", "cuánto tiempo los guardo" ("how long": a rule, no value worked out)
    r"\b(?:when|by when|due|deadline|how much|owe|total|balance|late (?:penalty|fee|charge)|recargo"
    r"|cu[aá]ndo|para cu[aá]ndo|cu[aá]nto(?!\s+(?:tiempo|dura)\b)|debo"
    # "so what am I going to pay?", "what will it cost us?"
    r"|what (?:am i|are we|will i|will we|do i|do we|would i|would we) (?:\w+ ){0,2}(?:pay|owe)"
    r"|what(?:'s| is| will| would| does)? (?:it|this|that)? ?(?:\w+ )?(?:going to |gonna )?cost"
    # "ok i havent paid it yet. is it late", "are we overdue?", "¿ya está vencida?": the bill's clock
    r"|(?:is|are|was) (?:it|we|that|this|the (?:bill|invoice|payment)) (?:already |now |still )?"
    r"(?:late|overdue|past due|delinquent)"
    r"|(?:ya )?(?:est[aá]|estamos|va|vamos) (?:atrasad[oa]s?|vencid[oa]s?))\b",
    re.IGNORECASE,
)


def asks_when_or_how_much(text: str) -> bool:
    """Whether a follow-up asks for a date or an amount, which the topic's facts may compute."""
    return bool(_WHEN_OR_HOW_MUCH.search(text))


def changes_a_fact(text: str) -> bool:
    """Whether a follow-up gives a number or supposes another ("what if it's 6 gallons instead?"): the
    topic's facts and this one are computed together."""
    # "okay the cleanup part says, uh, three thousand two hundred dollars" gives a number too, and so does
    # "aquí dice que el costo fue de dos mil cuatrocientos dólares"
    return bool(_NEW_FACT.search(spanish_digits(text))) or says_dollars_in_words(text)


# "n if we dont", "and what if we don't?", "y si no?": a what-if whose verb is the last question's
_VERB_LEFT_OUT = re.compile(
    r"^\W*(?:(?:and|n|&|so|but|ok|y|pero|entonces)\W+)*(?:(?:what|qu[eé])\s+(?:happens\s+|pasa\s+)?)?"
    r"(?:if|si)\s+(?:(?:we|i|they|you|he|she|it)\s+(?:don'?t|dont|do not|can'?t|cant|won'?t|wont|didn'?t|"
    r"didnt|doesn'?t|doesnt)|no|not)\W*$",
    re.IGNORECASE,
)
# What one is asked to do, said in a question ("if they fine us when we gotta pay"): the last one said
_A_DUTY_DONE = re.compile(
    r"\b(?:pay|appeal|fix|pump|clean|send|report|file|apply|comply|show up|attend|renew|install|submit|"
    r"train|keep|donate|sort|respond|call|notify|pagar|pago|pague|apelar|arreglar|limpiar|mandar|enviar|"
    r"reportar|avisar|renovar|instalar|donar|asistir|presentar)\b",
    re.IGNORECASE,
)


def with_the_elided_verb(question: str, previous: str) -> str:
    """A what-if that leaves its verb out ("n if we dont" after "if they fine us when we gotta pay") with
    the last thing the previous question asked about doing ("n if we dont pay"); else ``question``."""
    if not _VERB_LEFT_OUT.match(question):
        return question
    done = list(_A_DUTY_DONE.finditer(previous))
    return f"{question.rstrip(' ?.!')} {done[-1].group(0)}?" if done else question


def is_follow_up(text: str) -> bool:
    """Whether a question leans on the one before it (starts "and ...", "what if ...", or is short and says
    "it" or "that")."""
    text = text.lstrip(" ¿¡")  # "¿Y a partir de cuándo ...?"
    words = len(text.split())
    if _FOLLOW_UP_START.match(text):  # "y si de plano no lo pago cuando me pueden empezar a quitar el ..."
        return words <= OPENED_FOLLOW_UP_MAX_WORDS
    return words <= 7 and bool(_BACK_REFERENCE.search(text))


class ActionSetCity(Action):
    """Confirm the city (already set from the message by slot mapping) and answer a question held for it."""

    def name(self) -> str:
        return "action_set_city"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        text = tracker.latest_message.get("text") or ""
        city = detect_city(text) or _city_entity(tracker)
        if city is None:
            dispatcher.utter_message(text=t(OTHER_CITY))
            return []
        pending = tracker.get_slot("pending_question")
        topic = tracker.get_slot(TOPIC_SLOT)
        # "victorville. la ultima fue el 2 de octubre" after "nuestro permit dice 60 dias", or "victorville.
        # last one was oct 14" to "which city?" after "when do we gotta pump the interceptor next": the city
        # and the value the question held for it (or the topic's rule) needed, worked out together
        held = pending or topic
        # a held question takes the values said with the city even when they work something out alone
        # ("victorville. 3 yards a week and 12 gallons" to "do we qualify for the de minimis waiver")
        worked_out = held and (
            completes(tracker, held, text, city) or (pending and _computes_alone(tracker, text, city))
        )
        if held and changes_a_fact(text) and worked_out:
            result, events = answer(tracker, text, city, facts=held)
            dispatcher.utter_message(text=result.text)
            return [
                SlotSet("city", city),
                *events,
                SlotSet(TOPIC_SLOT, with_newer_facts(held, text)[-MAX_QUESTION_CHARS:]),
            ]
        if pending:
            result, events = answer(tracker, pending, city)
            dispatcher.utter_message(text=result.text)
            return [SlotSet("city", city), *events]
        if topic and (len(text.split()) <= FOLLOW_UP_MAX_WORDS // 2 or asks_about_the_other_city(text)):
            return _the_topic_there(dispatcher, tracker, topic, city)
        if asks_more_than_the_city(text):  # "im in inglewood, do i need a food scraps bin?": answer it
            result, events = answer(tracker, text, city)
            dispatcher.utter_message(text=result.text)
            return [SlotSet("city", city), *events]
        dispatcher.utter_message(
            text=t("Got it: I'll use {city}'s rules. What would you like to know?", city=CITY_NAMES[city])
        )
        return [SlotSet("city", city)]


def _the_topic_there(
    dispatcher: CollectingDispatcher, tracker: Tracker, topic: str, city: str
) -> list[EventType]:
    """ "and in inglewood?", "y en victorville? tengo otro restaurante alla": the conversation's question
    again, for the city the message names (:func:`_topic_in`)."""
    result, events = _topic_in(tracker, tracker.latest_message.get("text") or "", topic, city)
    dispatcher.utter_message(text=result.text)
    return [*events, SlotSet("city", city)]  # the city asked for, not the one the topic named


def _topic_in(tracker: Tracker, said: str, topic: str, city: str) -> tuple[ShapedReply, list[EventType]]:
    """The topic's question answered for ``city``, which ``said`` names: without the frequency the other
    location's permit sets, without any day or amount said of another establishment, and with the values
    ``said`` gives of the place there ("¿Y en Inglewood? ... una factura parecida, de ciento cincuenta dólares
    ..., con fecha del 15 de octubre")."""
    again = without_permit_terms(_topic_for(said, topic))[:MAX_QUESTION_CHARS]
    facts = said if changes_a_fact(said) else ""
    result = _free_answer(tracker, again, city, facts=facts)
    given = _card_just_given(tracker)
    if (
        not facts
        and given is not None
        and result.card is not None
        and result.card.topic != given.topic
        and (asked := _the_last_card_s_question(tracker, given, city)) is not None
    ):
        # "y los papeles cuanto tiempo los guardo?" then "y en inglewood?": the records' rule there, not the
        # spill the conversation began with; "how big do the access manholes gotta be" then "and in
        # Victorville?": the manholes there, not the pumping the conversation began with (both on the
        # interceptor)
        return answer(tracker, asked, city, clock_facts=topic)
    return reply_for(tracker, again, city, result)


def _the_last_card_s_question(tracker: Tracker, given: Card, city: str) -> str | None:
    """The question the last answer card (``given``) answered, asked again of ``city``, when it is another
    city's card and the question alone finds ``city``'s card on the same subject there; None otherwise."""
    cards = _answer_cards()
    asked = user_texts(tracker)[-2:-1]
    if cards is None or given.city == city or not asked:
        return None
    question = without_city_names(asked[0])
    found = cards.match(question, city, k=1, language=current())
    same = bool(found) and subject_family(found[0].card.topic) == subject_family(given.topic)
    return question if same else None


class ActionMore(Action):
    def name(self) -> str:
        return "action_more"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        rest = tracker.get_slot("more_text")
        if not rest:
            dispatcher.utter_message(text=t("That's everything I have on that. Ask me anything else."))
            return []
        first, more = fit_sms(rest) if channel_of(tracker) == "sms" else (rest, "")
        dispatcher.utter_message(text=first)
        return [SlotSet("more_text", more or None)]


def asks_more_than_the_city(text: str) -> bool:
    """Whether a message that names a city also asks something ("I'm in Inglewood" does not)."""
    return looks_like_question(text) or len(text.split()) > 6


def _city_entity(tracker: Tracker) -> str | None:
    for entity in tracker.latest_message.get("entities") or []:
        if entity.get("entity") == "city":
            value = str(entity.get("value", ""))
            return value if value in CITY_NAMES else detect_city(value)
    return None
