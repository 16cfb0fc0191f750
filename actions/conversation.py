"""Stopping, starting over and asking for a person, whatever form is running.

A spill report is never thrown away: cancelling (or a voice caller going silent) keeps what was said,
flagged for staff (:func:`store.spills.mark_abandoned`).
"""

from __future__ import annotations

import logging
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import ActiveLoop, EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

import store
from actions import runtime
from actions.channel import channel_of
from actions.containers import ITEM_SLOT as SORTING_ITEM_SLOT
from actions.containers import QUERY_SLOT as SORTING_QUERY_SLOT
from actions.containers import SORTING_FORM
from actions.forms import GuidedForm, looks_like_question, message_time, reset_events
from actions.knowledge import TOPIC_SLOT, answer_if_covered
from actions.permits import PERMIT_FORMS
from actions.service import SERVICE_FORM
from actions.spill import REFERENCE_SLOT, SPILL_FORM, URGENT_TOLD_SLOT, urgent_contacts
from actions.waivers import DEMINIMIS_FORM, SPACE_WAIVER_FORM, VARIANCE_FORM
from cities import CITY_NAMES
from intake import FormSpec
from intake.routing import without_the_cancelling
from languages import N_, t

log = logging.getLogger(__name__)

_PERMIT_FIELDS = {spec.name: spec for form in PERMIT_FORMS.values() for spec in form.spec.fields}
PERMIT_FORM_ANY_CITY = GuidedForm(
    "permit_form",
    FormSpec("permit_application", None, "FOG permit application", tuple(_PERMIT_FIELDS.values())),
    topic=N_("permit application"),
    subject="permit-application",  # registered last under the name: a question mid-form leans on it
)
"""Both cities' permit fields, so stopping or starting over clears every answer whatever the city."""

FORMS: dict[str, GuidedForm] = {
    form.name: form
    for form in (
        SPILL_FORM,
        SERVICE_FORM,
        SORTING_FORM,
        DEMINIMIS_FORM,
        SPACE_WAIVER_FORM,
        VARIANCE_FORM,
        PERMIT_FORM_ANY_CITY,
    )
}


def active_form(tracker: Tracker) -> GuidedForm | None:
    return FORMS.get((tracker.active_loop or {}).get("name") or "")


def keep_spill(tracker: Tracker, reason: str) -> str | None:
    """Flag the conversation's unconfirmed spill report for staff; returns its reference."""
    reference = tracker.get_slot(REFERENCE_SLOT)
    if not reference:
        return None
    try:
        record = store.spills.mark_abandoned(
            runtime.engine(), reference, reason=reason, now=message_time(tracker)
        )
    except store.StoreError:
        log.exception("could not flag spill report %s", reference)
        return None
    return reference if record["status"] == "abandoned" else None


def kept_for_staff(reference: str) -> str:
    return t("What you told me is kept for city staff under reference {reference}.", reference=reference)


class ActionCancelForm(Action):
    def name(self) -> str:
        return "action_cancel_form"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        form = active_form(tracker)
        if form is None:
            dispatcher.utter_message(
                text=t("OK. There's nothing in progress to cancel. What would you like to do?")
            )
            return []
        said = [t("OK, I've cancelled the {topic}.", topic=t(form.topic))]
        events: list[EventType] = [ActiveLoop(None), *reset_events(form)]
        kept = (
            keep_spill(tracker, "The reporter cancelled before confirming.") if form is SPILL_FORM else None
        )
        said.append(kept_for_staff(kept) if kept else t("Nothing has been sent to the city."))
        if form is SPILL_FORM:
            events += [SlotSet(REFERENCE_SLOT, None), SlotSet(URGENT_TOLD_SLOT, None)]
        # what the form was about stays the topic: "nomas dime cuanto cuesta" after cancelling an application
        # asks what the application costs
        events.append(SlotSet(TOPIC_SLOT, t(form.topic)))
        # "... said his permit is still good till june. cancel this, i dont need it right?": cancelled, and
        # what it asks besides answered on the form's subject
        asked = without_the_cancelling(tracker.latest_message.get("text") or "")
        answered = (
            answer_if_covered(tracker, asked, tracker.get_slot("city"))
            if len(asked.split()) >= ASKS_BESIDES_WORDS and looks_like_question(asked)
            else None
        )
        if answered is None:
            said.append(t("Anything else I can help with?"))
        dispatcher.utter_message(text=" ".join(said))
        if answered is None:
            return events
        reply, answer_events = answered
        dispatcher.utter_message(text=reply.text)
        return [*events, *(e for e in answer_events if e.get("name") != TOPIC_SLOT)]


# A message that cancels and asks this many words besides is answered too ("cancel this, do i need one?")
ASKS_BESIDES_WORDS = 4


class ActionStartOver(Action):
    """Clear the form's answers; the rule then runs the form again from its first question."""

    def name(self) -> str:
        return "action_start_over"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        form = active_form(tracker)
        if form is None:
            dispatcher.utter_message(text=t("OK, starting fresh. What would you like to do?"))
            return []
        events = reset_events(form)
        if form is SPILL_FORM:
            keep_spill(tracker, "The reporter started the report over.")
            events.append(SlotSet(REFERENCE_SLOT, None))
        dispatcher.utter_message(text=t("OK, let's start again."))
        return events


class ActionRestartSorting(Action):
    """ "Start over" during a sorting question: drop the item and ask which one (the next message starts
    a new sorting question)."""

    def name(self) -> str:
        return "action_restart_sorting"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        dispatcher.utter_message(text=t("OK. Which item do you want to sort?"))
        return [
            ActiveLoop(None),
            *reset_events(SORTING_FORM),
            SlotSet(SORTING_ITEM_SLOT, None),
            SlotSet(SORTING_QUERY_SLOT, None),
        ]


def handoff_text(tracker: Tracker, form: GuidedForm | None) -> str:
    """Whom to contact for the topic at hand: the spill lines for a spill, else the FOG office."""
    city = tracker.get_slot("city")
    cities = [city] if city in CITY_NAMES else list(CITY_NAMES)
    contacts = runtime.contacts()
    if form is SPILL_FORM:
        parts = [
            f"{CITY_NAMES[c]}: {urgent_contacts(c, message_time(tracker), runtime.settings())[0]}"
            for c in cities
        ]
        return t("To talk to a person about a spill: {contacts}", contacts=" ".join(parts))
    offices = [contacts.describe(c) for c in cities]
    if len(offices) == 1:
        return t("To talk to a person, contact {office}.", office=offices[0])
    first, second = offices
    return t("To talk to a person, contact {first}; or {second}.", first=first, second=second)


class ActionHumanHandoff(Action):
    def name(self) -> str:
        return "action_human_handoff"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        form = active_form(tracker)
        text = handoff_text(tracker, form)
        if form is not None:
            text += " " + t("Or we can carry on with the {topic} here.", topic=t(form.topic))
        dispatcher.utter_message(text=text)
        return []


class ActionVoiceSilenceTimeout(Action):
    """The caller went silent: say what was kept and hang up."""

    def name(self) -> str:
        return "action_voice_silence_timeout"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        kept = keep_spill(tracker, "The caller went silent before confirming.")
        said = [t("I didn't hear anything, so I'll end the call.")]
        if kept:
            said.append(kept_for_staff(kept))
        said.append(t("Goodbye."))
        dispatcher.utter_message(text=" ".join(said))
        if channel_of(tracker) == "voice":
            dispatcher.utter_message(json_message={"hangup": True})
        events: list[EventType] = [ActiveLoop(None), SlotSet("requested_slot", None)]
        return events
