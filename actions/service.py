"""Pump-out logging and service dates: "Pumped on Aug 14, 1,000 gallons, ABC Hauling" → a stored service
record (and facility), the next due date from :func:`compliance.service_due` with its citation,
Victorville's 72-hour manifest deadline (Victorville Municipal Code § 10.03.170(b)), an opt-in SMS reminder,
and "when is my next pump-out?" answered from the stored records.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Mapping
from typing import Any
from zoneinfo import ZoneInfo

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

import compliance
import store
from actions import runtime
from actions.channel import channel_of, verified_phone
from actions.forms import FormState, GuidedForm, GuidedFormValidation, looks_like_question, message_time
from actions.knowledge import TOPIC_SLOT, ActionAnswerQuestion
from calculations import permit_frequency
from cities import CITY_NAMES, CITY_TIME_ZONE, detect_city
from compliance.shifts import human
from intake import SERVICE_LOG, FieldSpec, FormSpec, ParseContext, Quantity, ServiceFrequency, parse_phone
from intake.frequencies import parse_frequency
from intake.pumpout import names_the_hauler, parse_pumpout, sounds_like_a_hauler
from intake.values import describe
from knowledge.spanish import gloss
from languages import ENGLISH, N_, current, t

log = logging.getLogger(__name__)

SERVICE_REFERENCE_SLOT = "service_reference"
UNNAMED_FACILITY = "(name not given)"
REMINDER_DAYS_BEFORE = 7
REMINDER_HOUR = 10  # local time, inside the reminder sender's allowed hours

SERVICE_CITY = FieldSpec(
    name="city",
    label=N_("City"),
    ask=N_("Which city is the establishment in: Victorville or Inglewood?"),
    ask_voice=N_("Is it in Victorville or Inglewood?"),
    parser="city",
    why="The service frequency comes from that city's ordinance.",
)


def extract_pumpout_facts(text: str, ctx: ParseContext, values: Mapping[str, Any]) -> dict[str, Any]:
    """Date, gallons, hauler and device from a one-line log, and the city it names."""
    found = dict(parse_pumpout(text, ctx).to_slots())
    if (
        "service_date" not in found
        and "gallons" not in found
        and not sounds_like_a_hauler(found.get("hauler", ""))
    ):
        # "log a pump-out" names no hauler: only a log line with a date or amount, or a company's own name
        # ("High Desert Grease Service" when the gallons were asked)
        found.pop("hauler", None)
    if values.get("hauler") and not names_the_hauler(text):
        found.pop("hauler", None)  # the company given, not words that may be one in a later answer
    if city := detect_city(text):
        found["city"] = city
    if (
        _FREQUENCY_CUE.search(text)
        and (frequency := parse_frequency(text)).ok
        and frequency.value.approx_days
    ):
        found["frequency"] = frequency.value.to_slot()  # "our permit says every 60 days"
    gallons = found.get("gallons") or values.get("gallons")
    if "device" not in found and not values.get("device") and _interceptor_sized(gallons):
        found["device"] = "interceptor"  # read back for the user to confirm or change
    elif found.get("device", values.get("device")) == "trap" and _interceptor_sized(found.get("gallons")):
        # "nos bombearon la trampa de grasa ... sacaron 800 galones": "grease trap" and "trampa de grasa"
        # are everyday names for an interceptor, and no fixture-side trap holds that much
        found["device"] = "interceptor"
    return found


# A pump truck taking out this many gallons or more emptied a grease interceptor: a grease trap is a small
# fixture-side device. Said when the user did not say which.
INTERCEPTOR_GALLONS = 100


def _interceptor_sized(gallons: Mapping[str, Any] | None) -> bool:
    amount = (gallons or {}).get("amount")
    return isinstance(amount, int | float) and amount >= INTERCEPTOR_GALLONS


# A frequency said in passing, not a date or an amount: "permit says 60 days", "cada 60 dias", "quarterly".
_FREQUENCY_CUE = re.compile(
    r"\b(?:permit|permiso|every|each|cada|frequency|frecuencia|quarterly|monthly|trimestral\w*|mensual\w*)\b",
    re.IGNORECASE,
)


def _fields() -> tuple[FieldSpec, ...]:
    by_name = {spec.name: spec for spec in SERVICE_LOG.fields}
    names = ("service_date", "gallons", "hauler", "device")
    kept_when_said = ("frequency", "business_name", "facility_address", "manifest_number")
    return (*(by_name[name] for name in names), SERVICE_CITY, *(by_name[name] for name in kept_when_said))


def _logged(values: Mapping[str, Any]) -> str:
    """The service being logged, as the compliance core reads it (the manifest's 72 hours run from it)."""
    if not values.get("service_date"):
        return ""
    frequency = ServiceFrequency.from_slot(values["frequency"]) if values.get("frequency") else None
    service_date = dt.date.fromisoformat(values["service_date"])
    return service_topic(values.get("device") or "interceptor", service_date, frequency)


SERVICE_FORM = GuidedForm(
    name="service_form",
    subject="interceptor-maintenance",
    spec=FormSpec("service_log", None, SERVICE_LOG.title, _fields()),
    confirm=True,
    skippable=frozenset({"gallons", "hauler"}),
    restated=frozenset({"device", "manifest_number"}),
    aliases={  # the English words, then the Spanish ones (with or without accents)
        r"date|day|when|fecha|d[ií]a|cu[aá]ndo": "service_date",
        r"gallons|amount|volume|galones|cantidad|volumen": "gallons",
        r"hauler|company|pumper|recolector|compa[ñn][ií]a|empresa": "hauler",
        r"device|interceptor|trap|dispositivo|trampa": "device",
        r"frequency|how often|frecuencia|cada cu[aá]nto": "frequency",
        r"city|ciudad": "city",
        r"manifest|ticket|manifiesto|boleta|folio": "manifest_number",
    },
    extract=extract_pumpout_facts,
    topic=N_("pump-out record"),
    question_facts=_logged,
    # "yes thats all correct" while the hauler is asked: the operator thinks the log is done; it is logged
    # with what the next due date needs (the day, the device and the city whose rules date it), the hauler
    # left blank; without the city, the city is asked again ("ok si, guardalo" to "Which city?")
    send_early_with=(("service_date",), ("device",), ("city",)),
    confirmation_sends=True,
)


def facility_for(conversation_id: str, city: str | None) -> dict[str, Any] | None:
    """The conversation's facility in ``city`` (its first one when the city is not known)."""
    owned = store.facilities.for_conversation(runtime.engine(), conversation_id)
    matching = [f for f in owned if city is None or f["city"] == city]
    return matching[0] if matching else None


class ValidateServiceForm(GuidedFormValidation):
    form = SERVICE_FORM

    def prefill(self, tracker: Tracker, state: FormState) -> dict[str, Any]:
        """The device type and permit frequency already stored for this conversation's facility."""
        facility = facility_for(tracker.sender_id, state.values.get("city") or tracker.get_slot("city"))
        if facility is None:
            return {}
        known: dict[str, Any] = {"city": facility["city"]}
        if facility["device_type"] in ("interceptor", "trap"):
            known["device"] = facility["device_type"]
        if facility["permit_frequency_days"]:
            known["frequency"] = {"days": facility["permit_frequency_days"], "months": None}
        return known


def local_today(moment: dt.datetime) -> dt.date:
    return moment.astimezone(ZoneInfo(CITY_TIME_ZONE)).date()


def recorded_sentence(device: str, summary: str, reference: str) -> str:
    """The stored service, said back (one sentence per device: the Spanish differs by the device's name)."""
    if device == "trap":
        return t(
            "Recorded the grease trap service: {summary}. Reference {reference}.",
            summary=summary,
            reference=reference,
        )
    return t(
        "Recorded the grease interceptor service: {summary}. Reference {reference}.",
        summary=summary,
        reference=reference,
    )


def last_serviced_sentence(device: str, city: str, day: dt.date) -> str:
    if device == "trap":
        return t(
            "Your grease trap in {city} was last serviced {date}.", city=CITY_NAMES[city], date=human(day)
        )
    return t(
        "Your grease interceptor in {city} was last serviced {date}.", city=CITY_NAMES[city], date=human(day)
    )


def due_sentence(result: compliance.ServiceDue) -> str:
    if result.due is None:
        return f"{result.reason.rstrip('.')} ({result.citation})."
    text = t(
        "Next service is due by {due} ({interval}; {citation}).",
        due=human(result.due),
        interval=result.interval,
        citation=result.citation,
    )
    if result.status.value == "overdue":
        text += " " + t("That date has passed, so service is overdue.")
    return text


def manifest_sentence(result: compliance.ServiceDue, today: dt.date) -> str | None:
    """Victorville: copies of the manifest to the FOG manager within 72 hours of the service."""
    if result.manifest_due is None:
        return None
    by = human(result.manifest_due)
    if result.manifest_due < today:
        return t(
            "Copies of the hauler's manifest were due at the FOG manager within 72 hours of the service, by "
            "{by} (Victorville Municipal Code § 10.03.170(b)).",
            by=by,
        )
    return t(
        "Copies of the hauler's manifest are due at the FOG manager within 72 hours of the service, by "
        "{by} (Victorville Municipal Code § 10.03.170(b)).",
        by=by,
    )


class ActionSaveServiceRecord(Action):
    """Store the service (and the facility, with its device and permit frequency), then give the dates."""

    def name(self) -> str:
        return "action_save_service_record"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        values = {name: tracker.get_slot(name) for name in SERVICE_FORM.slots}
        city, device = values.get("city"), values.get("device")
        if not values.get("service_date") or city not in CITY_NAMES or device not in ("interceptor", "trap"):
            dispatcher.utter_message(
                text=t("I'm missing the date, the city or the device, so I saved nothing.")
            )
            return []
        now = message_time(tracker)
        today = local_today(now)
        service_date = dt.date.fromisoformat(values["service_date"])
        frequency = ServiceFrequency.from_slot(values["frequency"]) if values.get("frequency") else None
        frequency_days = frequency.approx_days if frequency else None
        no_interval = None  # Inglewood sets no grease trap interval: the permit's frequency is needed
        try:  # "every 6 months" counts calendar months where the city does (Inglewood)
            result = compliance.service_due(
                city,
                device,
                service_date,
                today,
                frequency.days if frequency else None,
                frequency_months=frequency.months if frequency else None,
            )
        except compliance.ComplianceError as error:
            if frequency_days is not None or device != "trap":
                dispatcher.utter_message(text=str(error))
                return [SlotSet("service_date", None), SlotSet(SERVICE_FORM.confirm_slot, None)]
            result, no_interval = None, str(error)  # the service is still recorded, with no due date
        engine = runtime.engine()
        channel = channel_of(tracker)
        facility = facility_for(tracker.sender_id, city)
        facility_fields = {"device_type": device, **_establishment_said(values)}
        if frequency_days:
            facility_fields["permit_frequency_days"] = frequency_days
        if facility is not None and facility["name"] != UNNAMED_FACILITY:
            facility_fields.pop("name", None)  # a name on file stays: the log names its own establishment
        if facility is None:
            facility = store.facilities.create(
                engine,
                city=city,
                name=facility_fields.pop("name", UNNAMED_FACILITY),
                conversation_id=tracker.sender_id,
                channel=channel,
                owner_phone=_sms_phone(tracker),
                now=now,
                **facility_fields,
            )
        else:
            store.facilities.update(engine, facility["reference"], now=now, **facility_fields)
        gallons = Quantity.from_slot(values["gallons"]) if values.get("gallons") else None
        record = store.service.add_record(
            engine,
            service_date=service_date,
            conversation_id=tracker.sender_id,
            channel=channel,
            facility_reference=facility["reference"],
            gallons=float(gallons.amount) if gallons else None,
            hauler=values.get("hauler"),
            next_due_date=result.due if result else None,
            details={
                "device": device,
                "frequency": values.get("frequency"),
                "manifest_number": values.get("manifest_number"),
            },
            now=now,
        )
        said = [human(service_date)]
        if gallons:
            said.append(gallons.describe())
        if values.get("hauler"):
            said.append(str(values["hauler"]))
        summary = ", ".join(said).rstrip(".")
        lines = [recorded_sentence(device, summary, record["reference"])]
        if result is None:  # "... give the frequency written in your permit": said, and asked for
            lines += [no_interval or "", t(PERMIT_FREQUENCY)]
        else:
            lines.append(due_sentence(result))
        if result is not None and not frequency_days and result.due is not None:
            lines.append(t(ANOTHER_FREQUENCY))
        if result is not None and (manifest := manifest_sentence(result, today)):
            lines.append(manifest)
        if channel == "sms" and result is not None and result.due and result.due > today:
            lines.append(t("Want a text reminder a week before it's due? Reply YES or NO."))
        dispatcher.utter_message(text=" ".join(lines))
        return [
            *(SlotSet(name, None) for name in SERVICE_FORM.slots if name != "city"),
            SlotSet(SERVICE_FORM.confirm_slot, None),
            SlotSet(SERVICE_REFERENCE_SLOT, record["reference"]),
            # what "our permit says every 60 days" or "when's the next one?" is read against next
            SlotSet(TOPIC_SLOT, service_topic(device, service_date, frequency)),
        ]


def _establishment_said(values: Mapping[str, Any]) -> dict[str, Any]:
    """The establishment's name and address said with the log, as the facility's columns."""
    said: dict[str, Any] = {}
    if values.get("business_name"):
        said["name"] = str(values["business_name"])
    if values.get("facility_address"):
        said["address"] = describe("location", values["facility_address"])
    return said


PERMIT_FREQUENCY = N_(
    'How often does your permit say to service it? Tell me (for example "our permit says every 90 days") and '
    "I'll work out the next date."
)
ANOTHER_FREQUENCY = N_(
    'If your permit sets another frequency, tell me (for example "our permit says every 60 days") and I\'ll '
    "work out the date again."
)


def service_topic(device: str, service_date: dt.date, frequency: ServiceFrequency | None = None) -> str:
    """The logged service as a question the compliance core reads (in English, as it reads every language's
    gloss): a frequency said next is computed with it. A trap is named as the under-sink one (a bare
    "grease trap" is what people call the interceptor too), and the permit's frequency, when given, is said
    with it."""
    what = "grease interceptor" if device == "interceptor" else "under-sink grease trap"
    pumped = f"{service_date:%B} {service_date.day}, {service_date.year}"
    if frequency is not None and frequency.days:
        permit = f" our permit says every {frequency.days} days;"
    elif frequency is not None and frequency.months:
        permit = f" our permit says every {frequency.months} months;"
    else:
        permit = ""
    return f"Our {what} was last pumped {pumped};{permit} when is the next one due?"


def _sms_phone(tracker: Tracker) -> str | None:
    sender = verified_phone(tracker)
    parsed = parse_phone(sender) if sender else None
    return parsed.value.e164 if parsed is not None and parsed.ok else None


class ActionScheduleServiceReminder(Action):
    """Opt-in SMS reminder a week before the next service is due (store.reminders)."""

    def name(self) -> str:
        return "action_schedule_service_reminder"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        phone = _sms_phone(tracker)
        reference = tracker.get_slot(SERVICE_REFERENCE_SLOT)
        engine = runtime.engine()
        record = store.service.get_by_reference(engine, reference) if reference else None
        if phone is None or record is None or record["next_due_date"] is None:
            dispatcher.utter_message(
                text=t("Reminders go by text message: text us from your phone to set one up.")
            )
            return []
        due = record["next_due_date"]
        zone = ZoneInfo(CITY_TIME_ZONE)
        send_day = max(due - dt.timedelta(days=REMINDER_DAYS_BEFORE), local_today(message_time(tracker)))
        send_at = dt.datetime.combine(send_day, dt.time(REMINDER_HOUR), tzinfo=zone)
        facility = (
            store.facilities.get_by_id(engine, record["facility_id"]) if record["facility_id"] else None
        )
        store.reminders.schedule(
            engine,
            phone=phone,
            kind="pump_out_due",
            due_date=due,
            send_at=send_at,
            facility_reference=facility["reference"] if facility else None,
            conversation_id=tracker.sender_id,
            message=t("Reminder: your grease interceptor or trap service is due by {due}.", due=human(due)),
        )
        dispatcher.utter_message(
            text=t("OK. I'll text you on {day}. Reply STOP to opt out.", day=human(send_day))
        )
        return []


# A status question that says what it is about ("when is the trap due", "next pump-out?"); "when is it due"
# alone leans on the conversation's topic.
_NAMES_THE_DEVICE = re.compile(
    r"\b(?:pump\w*|servic\w*|clean\w*|interceptor|trap|grease|manifest|bombe\w*|limpi\w*|trampa)\b",
    re.IGNORECASE,
)


class ActionServiceStatus(Action):
    """ "When is my next pump-out?" / "what's coming up?" from the stored service records."""

    def name(self) -> str:
        return "action_service_status"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        engine = runtime.engine()
        today = local_today(message_time(tracker))
        # "when is the next one due? permit says every 6 months": the frequency said now, over the one stored
        text = str(tracker.latest_message.get("text") or "")
        said_days, said_months = permit_frequency(text if current() == ENGLISH else gloss(text))
        if not (said_days or said_months) and (topic := tracker.get_slot(TOPIC_SLOT)):
            # "Por cierto, nuestro permiso dice 60 días." after the log, then "¿cuándo nos toca?": the
            # frequency the conversation said, over the one stored
            said_days, said_months = permit_frequency(topic if current() == ENGLISH else gloss(topic))
        lines = []
        for facility in store.facilities.for_conversation(engine, tracker.sender_id):
            last = store.service.latest_for_facility(engine, facility["reference"])
            if last is None or facility["device_type"] not in ("interceptor", "trap"):
                continue
            serviced = last_serviced_sentence(facility["device_type"], facility["city"], last["service_date"])
            try:
                result = compliance.service_due(
                    facility["city"],
                    facility["device_type"],
                    last["service_date"],
                    today,
                    said_days or (None if said_months else facility["permit_frequency_days"]),
                    frequency_months=said_months,
                )
            except compliance.ComplianceError as error:  # an Inglewood grease trap: the permit sets it
                lines.append(f"{serviced} {error} {t(PERMIT_FREQUENCY)}")
                continue
            status = t("That is soon.") if result.status.value == "due_soon" else ""
            lines.append(f"{serviced} {due_sentence(result)} {status}".strip())
            if (manifest := manifest_sentence(result, today)) and result.manifest_due >= today:
                lines.append(manifest)
            if result.records_until:
                lines.append(
                    t(
                        "Keep its service records until at least {date} ({citation}).",
                        date=human(result.records_until),
                        citation=result.see_also[0],
                    )
                )
        if not lines and (
            (tracker.get_slot(TOPIC_SLOT) and not _NAMES_THE_DEVICE.search(text))
            or (looks_like_question(text) and _NAMES_THE_DEVICE.search(text))
        ):
            # "ok when is it due" after a question about the city's cleanup bill: that bill's due date;
            # "cuando me toca bombear otra vez la trampa grande?" with nothing on record: the rule (a date
            # said next is read against it)
            return await ActionAnswerQuestion().run(dispatcher, tracker, domain)
        if not lines:
            dispatcher.utter_message(
                text=t(
                    "I don't have a pump-out on record for you yet. Tell me about the last one, for "
                    "example: Pumped on Aug 14, 1,000 gallons, ABC Hauling."
                )
            )
            return []
        dispatcher.utter_message(text=" ".join(lines))
        return []
