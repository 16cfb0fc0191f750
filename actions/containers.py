"""Which container does it go in (Victorville Chapter 6.37): free text matched to the sorting catalog, at
most one clarifying question for an ambiguous item ("greasy or clean pizza box?"), and several items listed
in one message each answered. Home or business is read from the conversation, never asked: where it
changes the container (homes of 1-4 units vs businesses and apartments of 5+), the answer gives both.

The matcher (:func:`actions.runtime.sorting_matcher`) decides the item; the container comes from
:func:`compliance.container_for` through it; :func:`sorting.format_answer` words it with citations.
"""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions import runtime
from actions.channel import channel_of
from actions.forms import (
    FAILURES_SLOT,
    MAX_FAILED_ANSWERS,
    REQUESTED_SLOT,
    STOP_INTENTS,
    GuidedForm,
    answer_intent,
    is_fresh_message,
    is_interruption,
    looks_like_question,
    rejected,
)
from actions.knowledge import (
    TOPIC_SLOT,
    ActionAnswerQuestion,
    ActionFollowUp,
    ActionSetCity,
    answer_if_covered,
    reply_for,
    user_texts,
)
from cities import SOLID_WASTE, detect_city
from compliance.victorville.organics import GeneratorType
from intake import FieldSpec, FormSpec
from intake.quantities import dwelling_units
from intake.settings import parse_generator
from knowledge.answer import not_covered
from knowledge.coverage import INGLEWOOD_ORGANICS, about_grease
from languages import N_, t
from shaping.sms_text import DEFAULT_LIMIT as SMS_LIMIT
from sorting import SortingAnswer, SortingMatcher, format_answer, format_many
from sorting.answer import asked_container
from sorting.matcher import answer_for

ITEM_SLOT = "sorting_item"
OPTION_SLOT = "sorting_option"
QUERY_SLOT = "sorting_query"
GENERATOR_SLOT = "generator_type"
NO_MATCH = "__none__"
LISTED = "__listed__"  # several items in one message, each answered (sorting_query keeps the message)
# The sorting rules here are Victorville's (Chapter 6.37): a sorting question in Inglewood is declined.
IN_INGLEWOOD = "__inglewood__"
# A what-if that follows up the matter at hand ("y si me llega una cuarta?"): no item, whatever word in it is
# spelled near one
_AN_IF = re.compile(r"^\W*(?:(?:and|y|so|pero|but|ok)\W+)?(?:what\s+)?(?:if|si|qu[eé]\s+tal\s+si)\b", re.I)
UNSURE = "__unsure__"
WEB_LIMIT = 640
# A message of this many words that names no catalog item is a question about the rules ("we manage 40
# apartments and put out 6 yards a week, when do we need organics service?"), answered from the ordinances
# when they answer it; shorter ones are item names the list does not have ("futon").
RULE_QUESTION_WORDS = 6

SORTING_FORM = GuidedForm(
    name="sorting_form",
    spec=FormSpec(
        "sorting",
        "victorville",
        "Which container",
        (
            FieldSpec(
                name=OPTION_SLOT,
                label=N_("Item detail"),
                ask="",
                ask_voice="",
                parser="text",
                why="Some items go in different bins.",
            ),
            FieldSpec(
                name=GENERATOR_SLOT,
                label=N_("Home or business"),
                ask="",  # never asked: read from the conversation, or both answers given
                ask_voice="",
                parser="text",
                why="Homes and businesses have different containers (6.37.030, 6.37.040).",
            ),
        ),
    ),
    confirm=False,
    topic=N_("sorting question"),
)


def generator_in_conversation(tracker: Tracker, lookback: int = 8) -> GeneratorType | None:
    """Home or business, as the user's latest messages say it (newest first): never asked again once said."""
    texts = [event.get("text") or "" for event in tracker.events if event.get("event") == "user"]
    for text in reversed(texts[-lookback:]):
        if (said := parse_generator(text)) is not None:
            return said
    return None


def final_answer(
    item: str, option: str | None, generator: str | None, query: str | None = None
) -> SortingAnswer:
    """The ruling for a catalog item, its clarifying answer (or unsure) and the generator type; ``query``
    is the question as asked (the reply answers a container it names first)."""
    matcher = runtime.sorting_matcher()
    catalog_item = matcher.catalog.item(item)
    unsure = option == UNSURE
    return answer_for(
        matcher.catalog,
        catalog_item,
        generator,
        option=None if unsure or catalog_item.ask is None else option,
        unsure=unsure or (catalog_item.ask is not None and option is None),
        query=query,
    )


class ValidateSortingForm(Action):
    """Match the item, then ask at most the item's question and the generator type."""

    def name(self) -> str:
        return "validate_sorting_form"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        requested = tracker.get_slot(REQUESTED_SLOT)
        text = str(tracker.latest_message.get("text") or "")
        intent = answer_intent(tracker.latest_message.get("intent") or {}, text)
        fresh = is_fresh_message(tracker, SORTING_FORM.name)
        failures = int(tracker.get_slot(FAILURES_SLOT) or 0)
        generator = tracker.get_slot(GENERATOR_SLOT)
        item = tracker.get_slot(ITEM_SLOT)
        option = tracker.get_slot(OPTION_SLOT)
        matcher = runtime.sorting_matcher()
        events: list[EventType] = []

        interrupted = intent in STOP_INTENTS or is_interruption(intent, text)
        if fresh and requested is not None and interrupted:
            return rejected(SORTING_FORM)
        if not fresh:
            question = self._question(requested, item)
            if question:
                dispatcher.utter_message(
                    text=t("Back to your {topic}: {question}", topic=t(SORTING_FORM.topic), question=question)
                )
            return [SlotSet(FAILURES_SLOT, failures), SlotSet(REQUESTED_SLOT, requested)]

        if requested == OPTION_SLOT and item and _asks_another_item(matcher, text, item, generator):
            requested = (
                None  # "what about the crusts and the wing bones?" for "greasy or clean?": those, sorted
            )
        if requested is None:
            if (detect_city(text) or tracker.get_slot("city")) == "inglewood":
                # an item or a cart asked of Inglewood is declined there; a message that names neither ("y si
                # me llega una cuarta?" after a third NOV, "cuarta" only spelled near "carta") is no sorting
                # question: the question it asks is answered
                named = matcher.sort(text, generator)
                sorts = (named.matched and not (named.method == "fuzzy" and _AN_IF.match(text))) or (
                    asked_container(text) is not None
                )
                return [
                    SlotSet(QUERY_SLOT, text),
                    SlotSet(ITEM_SLOT, IN_INGLEWOOD if sorts else NO_MATCH),
                    SlotSet(REQUESTED_SLOT, None),
                ]
            said = parse_generator(text) or (
                generator_in_conversation(tracker) if generator is None else None
            )
            if said is not None and said.value != generator:
                # "my house in victorville", in this message or an earlier one; "and if I lived in my
                # sister's 30-unit complex" changes it
                generator = said.value
                events.append(SlotSet(GENERATOR_SLOT, generator))
            events.append(SlotSet(QUERY_SLOT, text))
            if matcher.sort_many(text, generator):  # "las latas, las cascaras y el zacate": each answered
                events.append(SlotSet(ITEM_SLOT, LISTED))
                return [*events, SlotSet(FAILURES_SLOT, 0), SlotSet(REQUESTED_SLOT, None)]
            answer = matcher.sort(text, generator)
            if not answer.matched:
                return [*events, SlotSet(ITEM_SLOT, NO_MATCH), SlotSet(REQUESTED_SLOT, None)]
            item, option = answer.item, answer.option
            events += [SlotSet(ITEM_SLOT, item), SlotSet(OPTION_SLOT, option)]
            if answer.needs_clarification and (said_before := _resolved_before(tracker, item, generator)):
                # "the oil tho - could that go in the brown one?" after "our used fryer oil": cooking oil
                option = said_before
                events.append(SlotSet(OPTION_SLOT, option))
            elif answer.needs_clarification:
                dispatcher.utter_message(text=format_answer(answer))
                return [*events, SlotSet(FAILURES_SLOT, 0), SlotSet(REQUESTED_SLOT, OPTION_SLOT)]
        elif requested == OPTION_SLOT:
            if generator is None and (said := parse_generator(text)) is not None:
                events.append(SlotSet(GENERATOR_SLOT, said.value))  # "its from my house and its greasy"
            resolved = matcher.resolve(item, text, generator)
            if resolved.needs_clarification:
                failures += 1
                if failures < MAX_FAILED_ANSWERS:
                    dispatcher.utter_message(text=format_answer(resolved))
                    return [*events, SlotSet(FAILURES_SLOT, failures), SlotSet(REQUESTED_SLOT, OPTION_SLOT)]
                option = UNSURE
            else:
                option = resolved.option
            events.append(SlotSet(OPTION_SLOT, option))
        return [*events, SlotSet(FAILURES_SLOT, 0), SlotSet(REQUESTED_SLOT, None)]

    @staticmethod
    def _question(requested: str | None, item: str | None) -> str | None:
        if requested == OPTION_SLOT and item:
            return format_answer(_ask(item))
        return None


SAID_BEFORE_LOOKBACK = 4  # the user's earlier messages an item's option may have been said in


def _resolved_before(tracker: Tracker, item: str, generator: str | None) -> str | None:
    """The item's option as the user's earlier messages said it ("our used fryer oil" before "the oil tho"),
    the newest first; None when none did."""
    matcher = runtime.sorting_matcher()
    named = re.compile(rf"\b(?:{'|'.join(map(re.escape, item.lower().split()))})", re.IGNORECASE)
    for earlier in reversed(user_texts(tracker, SAID_BEFORE_LOOKBACK + 1)[:-1]):
        if not named.search(earlier):
            continue  # a message about another thing ("greasy pizza box") says nothing of this one
        resolved = matcher.resolve(item, earlier, generator)
        if not resolved.needs_clarification and resolved.option is not None:
            return resolved.option
    return None


def _asks_another_item(matcher: SortingMatcher, text: str, item: str, generator: str | None) -> bool:
    """Whether a reply to the item's clarifying question leaves it unanswered and asks about other items
    instead ("What about the leftover crusts and the chicken wing bones?" for "greasy or clean?")."""
    if not matcher.resolve(item, text, generator).needs_clarification:
        return False
    if matcher.sort_many(text, generator):
        return True
    other = matcher.sort(text, generator)
    return other.matched and other.item != item


def _office() -> str:
    """Whom to ask about carts, pickups and where to take what no cart takes: the city's solid waste office
    (never the FOG manager, the grease official)."""
    return runtime.contacts().describe("victorville", SOLID_WASTE)


def _ask(item: str) -> SortingAnswer:
    matcher = runtime.sorting_matcher()
    return answer_for(matcher.catalog, matcher.catalog.item(item))


def _inglewood_carts_declined(dispatcher: CollectingDispatcher, tracker: Tracker) -> list[EventType]:
    """The last sorting question asked for Inglewood: the ordinances here set no carts there, so it is
    declined with Inglewood's solid waste office; where it is about grease or cooking oil, Inglewood's FOG
    ordinance answers it ("inglewood restaurant. old fryer oil - trash dumpster ok?")."""
    query = tracker.get_slot(QUERY_SLOT) or ""
    if about_grease(query) and (found := answer_if_covered(tracker, query, "inglewood")):
        reply, events = found
        dispatcher.utter_message(text=reply.text)
        return events
    declined = not_covered("inglewood", runtime.contacts(), INGLEWOOD_ORGANICS)
    reply, events = reply_for(tracker, query, "inglewood", declined)
    dispatcher.utter_message(text=reply.text)
    return events


class ActionSortAnswer(Action):
    """Say which container (or the special handling), with the definition it rests on."""

    def name(self) -> str:
        return "action_sort_answer"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        item = tracker.get_slot(ITEM_SLOT)
        limit = SMS_LIMIT if channel_of(tracker) in ("sms", "voice") else WEB_LIMIT
        if item == IN_INGLEWOOD:  # "i'm in inglewood, which bin do grass clippings go in?": declined, and
            # the topic ("y en la de victorville?" next sorts it there)
            return [*_inglewood_carts_declined(dispatcher, tracker), *_CLEARED, *_on_the_topic(tracker)]
        if item == LISTED:
            listed = runtime.sorting_matcher().sort_many(
                tracker.get_slot(QUERY_SLOT) or "", tracker.get_slot(GENERATOR_SLOT)
            )
            if listed:
                dispatcher.utter_message(text=format_many(listed, city_contact=_office(), limit=limit))
                return [*_CLEARED, *_on_the_topic(tracker)]
            item = NO_MATCH  # not expected: the same message listed them when the form began
        if item in (None, NO_MATCH):
            query = tracker.get_slot(QUERY_SLOT) or ""
            if again := _sorted_again_there(tracker, query, limit):  # "my sister runs a cafe, same way?"
                dispatcher.utter_message(text=again)
                return [*_CLEARED, SlotSet(GENERATOR_SLOT, parse_generator(query).value)]
            if len(query.split()) >= RULE_QUESTION_WORDS and (
                found := answer_if_covered(tracker, query, tracker.get_slot("city") or "victorville")
            ):  # "my fourplex in victorville: do we need the brown cart like the apartments?"
                reply, events = found
                dispatcher.utter_message(text=reply.text)
                return [*events, *_CLEARED]
            if (detect_city(query) or tracker.get_slot("city")) == "inglewood":  # never Victorville's carts
                return [*_inglewood_carts_declined(dispatcher, tracker), *_CLEARED, *_on_the_topic(tracker)]
            answer = runtime.sorting_matcher().sort(query)
            dispatcher.utter_message(text=format_answer(answer, city_contact=_office(), limit=limit))
            return [*_CLEARED, *_on_the_topic(tracker)]
        else:
            query = tracker.get_slot(QUERY_SLOT) or ""
            answer = final_answer(
                item, tracker.get_slot(OPTION_SLOT), tracker.get_slot(GENERATOR_SLOT), query
            )
            ruled = units_ruled(query)
            reply = format_answer(answer, city_contact=_office(), limit=limit - len(ruled))
            dispatcher.utter_message(text=f"{ruled} {reply}".strip())
        return [*_CLEARED, *_on_the_topic(tracker)]


def _on_the_topic(tracker: Tracker) -> list[EventType]:
    """The sorting question just answered as the conversation's topic: "y quien se lo lleva?" after where the
    fryer oil goes asks who takes the oil."""
    query = tracker.get_slot(QUERY_SLOT)
    return [SlotSet(TOPIC_SLOT, query)] if query else []


# How the chapter counts a building whose size the message gives ("¿y si fuera un edificio de solo 4
# departamentos?"): said before the sorting answer that follows from it
_UNITS_RULED = {
    GeneratorType.SINGLE_FAMILY: N_(
        "A building of {units} units counts as single-family under Chapter 6.37 (fewer than five units): the "
        'home rules apply (Victorville Municipal Code § 6.37.020 ("Single-family")).'
    ),
    GeneratorType.COMMERCIAL: N_(
        "A building of {units} units counts as a commercial business under Chapter 6.37 (five or more "
        'units): the business rules apply (Victorville Municipal Code § 6.37.020 ("Multi-family residential '
        'dwelling"), ("Commercial business")).'
    ),
}


def units_ruled(text: str) -> str:
    """How the chapter counts the building ``text`` gives the number of units of, as a sentence; '' when it
    gives none."""
    units = dwelling_units(text)
    said = parse_generator(text)
    if units is None or said not in _UNITS_RULED:
        return ""
    return t(_UNITS_RULED[said], units=units)


# After an answer the item and its option are cleared; the query stays, the last sorting question ("and at
# the taqueria?" asks it again for a business).
_CLEARED = (SlotSet(ITEM_SLOT, None), SlotSet(OPTION_SLOT, None))

SETTING_FOLLOW_UP_WORDS = 12  # "y en la taqueria? ahi tenemos como 4 botes de colores"
# The same question asked again, however long the setting takes to say ("my mom lives in a 12 unit apartment
# building, same thing for her?")
_SAME_AGAIN = re.compile(
    r"\b(?:same (?:thing|for|there|rules?|deal|way)|what about (?:her|him|them|there)|lo mismo|"
    r"(?:do|does) (?:she|he|they|it) (?:do|sort) it the same|del mismo modo|de la misma manera|"
    r"igual (?:para|pa|alla)|tambien (?:para|pa) (?:ella|el|ellos))\b",
    re.IGNORECASE,
)


# A follow-up that names a place but asks something else about it ("ok and who even picks this stuff up, like
# what company?", "can they come inside my house to check how i'm sorting"): a question, not the last sorting
# question asked again for that place
_ASKS_SOMETHING_ELSE = re.compile(
    # the question word opens a clause ("my sister who has a restaurant" asks no who; "porque" is because)
    r"(?:^|[.?!,;¿]\s*)(?:(?:ok(?:ay)?|and|so|but|also|y|pero|oye)\W+)*(?:"
    r"who|why|when (?:do|does|is|are|will)|(?:what|which) (?:company|companies|hauler|day|days|time)|"
    r"(?:can|could|will|do|does|are) (?:they|he|she|the city|the inspectors?|someone|anyone) "
    r"(?:come|enter|check|inspect|fine|charge|pick|collect|look)|"
    r"qui[eé]n(?:es)?|cu[aá]ndo (?:pasa|vienen|viene|recogen|es)|por qu[eé]|"
    r"(?:qu[eé]|cu[aá]l) (?:compa[nñ][ií]a|d[ií]a)|"
    r"(?:me |nos |les? )?(?:pueden|puede|van a) (?:venir|entrar|revisar|inspeccionar|multar|cobrar))\b",
    re.IGNORECASE,
)


MAX_SORTED_QUERY_CHARS = 400  # the sorting questions kept for a later "and at my house?"
# "and the potato peels and egg shells from the kitchen?", "y las cascaras?": the next item, same place
_AND_THE_NEXT = re.compile(
    r"^\W*(?:and|also|plus|what about|how about|then|ok(?:ay)?,? (?:and|what about)|y|tambi[eé]n|"
    r"y (?:qu[eé]|que) (?:tal|hay|pasa) con|(?:y )?(?:qu[eé]|que) (?:tal|hay|pasa) con)\b",
    re.IGNORECASE,
)


def _another_item_sorted(tracker: Tracker, text: str) -> str | None:
    """A follow-up after a sorting answer that names other items by their words and asks nothing else
    ("and the potato peels and egg shells from the kitchen?"): those, sorted for the place the conversation
    gave (a house said a turn earlier stays a house); None for anything else."""
    if not _AND_THE_NEXT.search(text):
        return None
    matcher = runtime.sorting_matcher()
    generator = tracker.get_slot(GENERATOR_SLOT) or (
        said.value if (said := generator_in_conversation(tracker)) else None
    )
    limit = SMS_LIMIT if channel_of(tracker) in ("sms", "voice") else WEB_LIMIT
    if listed := matcher.sort_many(text, generator):
        return format_many(listed, city_contact=_office(), limit=limit)
    named = matcher.sort(re.split(r"[?.!,;]", text)[0], generator)
    if not named.matched or named.method == "semantic":
        return None
    return format_answer(matcher.sort(text, generator), city_contact=_office(), limit=limit)


def _sorted_again_there(tracker: Tracker, query: str, limit: int) -> str | None:
    """A message that names no item but another place, asking whether it is done the same way there ("my
    sister runs a little cafe in victorville, does she do it the same way?"): the items of the message
    before, sorted for that place; None."""
    said = parse_generator(query)
    before = user_texts(tracker, 2)
    if said is None or len(before) < 2 or not _SAME_AGAIN.search(query):  # this message and one before
        return None
    listed = runtime.sorting_matcher().sort_many(before[0], said.value)
    if listed:
        return format_many(listed, city_contact=_office(), limit=limit)
    answer = runtime.sorting_matcher().sort(before[0], said.value)
    return format_answer(answer, city_contact=_office(), limit=limit) if answer.matched else None


class ActionSortFollowUp(Action):
    """A question or a fact right after a sorting answer: a setting ("y en la taqueria?", "es casa, casa
    sola", "and at my sister's 30-unit complex?") asks the last sorting question again for it; Inglewood is
    told its carts are not in these ordinances; a fact with no setting goes to the last question's
    computation; anything else is answered as a question."""

    def name(self) -> str:
        return "action_sort_follow_up"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        text = (tracker.latest_message.get("text") or "").strip()
        said = parse_generator(text)
        city = detect_city(text)  # "victorville, house"
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        city_said = intent == "inform_city"
        if city == "inglewood" and tracker.get_slot(QUERY_SLOT):  # "y en Inglewood? mi hermana vive alla"
            return _inglewood_carts_declined(dispatcher, tracker)
        if said is None and city_said:  # the city alone
            return await ActionSetCity().run(dispatcher, tracker, domain)
        if said is None and intent == "inform" and not looks_like_question(text):  # a fact, not a setting
            return await ActionFollowUp().run(dispatcher, tracker, domain)
        if said is None and (reply := _another_item_sorted(tracker, text)):
            dispatcher.utter_message(text=reply)
            # the items asked so far, together: "what about at my house" next sorts them all there
            asked = f"{tracker.get_slot(QUERY_SLOT) or ''} {text}".strip()[-MAX_SORTED_QUERY_CHARS:]
            return [SlotSet(QUERY_SLOT, asked)]
        if (
            said is None
            or _ASKS_SOMETHING_ELSE.search(text)
            or (len(text.split()) > SETTING_FOLLOW_UP_WORDS and not _SAME_AGAIN.search(text))
        ):
            return await ActionAnswerQuestion().run(dispatcher, tracker, domain)
        matcher = runtime.sorting_matcher()
        # the item is read in the first clause, by its words ("y en la taqueria? ahi tenemos como 4 botes de
        # colores" names no item: the colored bins are no crayons); none there asks the last question again
        named = matcher.sort(re.split(r"[?.!,;]", text)[0])
        new_item = named.matched and named.method != "semantic"  # by its words, not a near meaning
        asked = text if new_item else tracker.get_slot(QUERY_SLOT)
        if not asked:
            return await ActionAnswerQuestion().run(dispatcher, tracker, domain)
        ruled = units_ruled(text)  # "¿y si fuera un edificio de solo 4 departamentos?": said first
        limit = (SMS_LIMIT if channel_of(tracker) in ("sms", "voice") else WEB_LIMIT) - len(ruled)
        listed = matcher.sort_many(asked, said.value)
        reply = (
            format_many(listed, city_contact=_office(), limit=limit)
            if listed
            else format_answer(matcher.sort(asked, said.value), city_contact=_office(), limit=limit)
        )
        dispatcher.utter_message(text=f"{ruled} {reply}".strip())
        return [SlotSet(GENERATOR_SLOT, said.value), *([SlotSet("city", city)] if city else [])]
