"""Pump-out logging and service dates against a throw-away database."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from action_tracker_support import make_tracker, run

import store
from actions.knowledge import TOPIC_SLOT
from actions.service import (
    ActionSaveServiceRecord,
    ActionScheduleServiceReminder,
    ActionServiceStatus,
    ValidateServiceForm,
    extract_pumpout_facts,
)
from intake import ParseContext

PUMPED = {
    "service_date": "2026-08-14",
    "gallons": {"amount": 1000, "unit": "gal"},
    "hauler": "ABC Hauling",
    "device": "interceptor",
    "city": "victorville",
    "frequency": {"days": None, "months": None},
}


def test_victorville_interceptor_without_a_permit_frequency_is_due_ninety_days_later(engine):
    slots, text = run(
        ActionSaveServiceRecord(), make_tracker(slots=PUMPED, text="don't know", sender="+17605550100")
    )
    record = store.service.get_by_reference(engine, slots["service_reference"])
    assert record["service_date"] == dt.date(2026, 8, 14)
    assert record["gallons"] == 1000.0 and record["hauler"] == "ABC Hauling"
    assert record["next_due_date"] == dt.date(2026, 11, 12)
    assert "November 12, 2026" in text and "Victorville Municipal Code § 10.03.160(f)(2)" in text
    assert "72 hours" in text and "August 17, 2026" in text and "§ 10.03.170(b)" in text
    facility = store.facilities.for_conversation(engine, "+17605550100")[0]
    assert (facility["city"], facility["device_type"]) == ("victorville", "interceptor")


def test_the_establishment_and_manifest_said_with_the_log_are_stored(engine):
    values = {
        **PUMPED,
        "business_name": "La Fonda Grill",
        "facility_address": {"text": "15432 Palmdale Rd", "kind": "address", "streets": []},
        "manifest_number": "20419",
    }
    slots, _ = run(ActionSaveServiceRecord(), make_tracker(slots=values, text="yes", sender="fonda"))
    record = store.service.get_by_reference(engine, slots["service_reference"])
    assert record["details"]["manifest_number"] == "20419"
    facility = store.facilities.for_conversation(engine, "fonda")[0]
    assert (facility["name"], facility["address"]) == ("La Fonda Grill", "15432 Palmdale Rd")
    # the next log names no establishment: the one on file stays
    run(ActionSaveServiceRecord(), make_tracker(slots=PUMPED, text="yes", sender="fonda"))
    assert store.facilities.for_conversation(engine, "fonda")[0]["name"] == "La Fonda Grill"


def test_an_inglewood_grease_trap_with_no_frequency_said_is_recorded_and_its_frequency_asked(engine):
    values = {**PUMPED, "device": "trap", "city": "inglewood", "frequency": None}
    slots, text = run(ActionSaveServiceRecord(), make_tracker(slots=values, text="yes"))
    record = store.service.get_by_reference(engine, slots["service_reference"])
    assert record["service_date"] == dt.date(2026, 8, 14) and record["next_due_date"] is None
    assert "sets no service interval for grease traps" in text
    assert "How often does your permit say to service it?" in text and record["reference"] in text


def test_the_permit_frequency_given_is_used_and_stored_with_the_facility(engine):
    values = {**PUMPED, "service_date": "2026-11-20", "frequency": {"days": 30, "months": None}}
    slots, _ = run(ActionSaveServiceRecord(), make_tracker(slots=values, text="every 30 days"))
    record = store.service.get_by_reference(engine, slots["service_reference"])
    assert record["next_due_date"] == dt.date(2026, 12, 20)
    facility = store.facilities.for_conversation(engine, "test-user")[0]
    assert facility["permit_frequency_days"] == 30
    # the next log of the same facility does not ask again: the stored frequency and device are prefilled
    form_slots, _ = run(
        ValidateServiceForm(),
        make_tracker(
            slots={"requested_slot": None},
            text="pumped yesterday 500 gallons Desert Pumping",
            intent="log_pumpout",
            active_loop="service_form",
        ),
    )
    assert form_slots["frequency"] == {"days": 30, "months": None}
    assert form_slots["device"] == "interceptor"
    assert form_slots["service_date"] == "2026-11-28"
    assert form_slots["requested_slot"] == "service_confirmed"  # read back before it is recorded


def test_next_pump_out_and_what_is_coming_up_come_from_the_stored_records(engine):
    run(ActionSaveServiceRecord(), make_tracker(slots={**PUMPED, "service_date": "2026-11-02"}))
    _, text = run(
        ActionServiceStatus(), make_tracker(text="when is my next pump-out?", intent="service_status")
    )
    assert "last serviced November 2, 2026" in text
    assert "January 31, 2027" in text  # ninety days after Nov 2, 2026


def test_the_permit_frequency_said_after_the_log_gives_the_next_due_date_asked_next(engine):
    run(ActionSaveServiceRecord(), make_tracker(slots={**PUMPED, "service_date": "2026-11-02"}))
    topic = "pumped the grease interceptor on November 2, 2026; our permit says every 60 days"
    _, text = run(
        ActionServiceStatus(),
        make_tracker(text="so when's the next one?", intent="service_status", slots={TOPIC_SLOT: topic}),
    )
    assert "January 1, 2027" in text  # sixty days after Nov 2, 2026, not the ninety stored


def test_nothing_on_record_says_how_to_log_one(engine):
    _, text = run(ActionServiceStatus(), make_tracker(text="what's coming up", intent="service_status"))
    assert "Pumped on Aug 14, 1,000 gallons, ABC Hauling" in text


def test_when_is_it_due_after_a_question_about_a_bill_answers_the_bill_not_the_pump_out_records(engine):
    _, text = run(
        ActionServiceStatus(),
        make_tracker(
            text="ok when is it due",
            intent="service_status",
            slots={
                "topic_question": "the city cleaned up the backup and sent a bill for $6,400, do we pay it?",
                "city": "victorville",
            },
        ),
    )
    assert "Pumped on Aug 14" not in text and "overflow" in text  # answered on the bill's topic


def test_sms_reminder_is_scheduled_a_week_before_the_due_date(engine):
    values = {**PUMPED, "service_date": "2026-11-20"}
    slots, _ = run(
        ActionSaveServiceRecord(), make_tracker(slots=values, channel="sms", sender="+17605550100")
    )
    _, text = run(
        ActionScheduleServiceReminder(),
        make_tracker(
            slots={"service_reference": slots["service_reference"]},
            text="yes",
            intent="affirm",
            channel="sms",
            sender="+17605550100",
        ),
    )
    reminders = store.reminders.upcoming_for_phone(engine, "+17605550100")
    assert [(r["kind"], r["due_date"]) for r in reminders] == [("pump_out_due", dt.date(2027, 2, 18))]
    assert "February 11, 2027" in text


def test_a_reminder_number_is_never_taken_from_a_rest_message_claiming_to_be_sms(engine):
    values = {**PUMPED, "service_date": "2026-11-20"}
    slots, _ = run(
        ActionSaveServiceRecord(), make_tracker(slots=values, channel="sms", sender="+17605550100")
    )
    forged = make_tracker(
        slots={"service_reference": slots["service_reference"]},
        text="yes",
        intent="affirm",
        channel="sms",  # the metadata says SMS ...
        sender="+13105550177",  # ... and names someone else's number ...
        input_channel="rest",  # ... but the message did not come through the signed Twilio webhook
    )
    _, text = run(ActionScheduleServiceReminder(), forged)
    assert "text message" in text
    assert store.reminders.upcoming_for_phone(engine, "+13105550177") == []


def test_reminders_are_sms_only(engine):
    _, text = run(ActionScheduleServiceReminder(), make_tracker(text="yes", intent="affirm", channel="web"))
    assert "text message" in text


def test_when_an_inglewood_grease_traps_next_service_is_asked_with_no_frequency_the_reply_asks_for_it(engine):
    values = {**PUMPED, "device": "trap", "city": "inglewood", "frequency": None}
    run(ActionSaveServiceRecord(), make_tracker(slots=values, text="yes"))
    _, text = run(
        ActionServiceStatus(), make_tracker(text="when is the next one due?", intent="service_status")
    )
    assert "sets no service interval for grease traps" in text
    assert "How often does your permit say to service it?" in text  # never an empty reply


def test_a_frequency_said_with_when_next_is_used_over_the_default(engine):
    values = {**PUMPED, "device": "interceptor", "city": "inglewood", "frequency": None}
    run(ActionSaveServiceRecord(), make_tracker(slots=values, text="yes"))
    asked = "when is the next one due? permit says every 6 months"
    _, text = run(ActionServiceStatus(), make_tracker(text=asked, intent="service_status"))
    _, default = run(
        ActionServiceStatus(), make_tracker(text="when is the next one due?", intent="service_status")
    )
    assert "every six months" in text and "every six months" not in default


def test_a_question_asked_with_the_request_to_log_is_answered_before_the_form_s_first_question(engine):
    _, text = run(
        ValidateServiceForm(),
        make_tracker(
            slots={"requested_slot": None},
            text="grease guy just pumped our interceptor this morning, can u log it? also do i have to send "
            "the receipt to the city or just keep it in the office? victorville",
            intent="log_pumpout",
            active_loop="service_form",
        ),
    )
    assert "72 hours" in text  # the manifest's deadline (Victorville Municipal Code § 10.03.170(b))
    assert "Victorville Municipal Code" in text
    assert text.rstrip().endswith("?")  # and then the form's first question


def test_a_request_to_log_with_no_other_question_gets_only_the_form_s_question(engine):
    _, text = run(
        ValidateServiceForm(),
        make_tracker(
            slots={"requested_slot": None},
            text="need to log our pump out from this morning, victorville",
            intent="log_pumpout",
            active_loop="service_form",
        ),
    )
    assert "Municipal Code" not in text


def test_the_logged_service_leaves_a_topic_that_keeps_the_device_and_the_permit_frequency():
    """ "y pa cuando me toca la otra?" after logging an under-sink trap with a 60-day permit: 60 days from the
    service, never the interceptor's 90."""
    from actions.service import service_topic
    from calculations import compute
    from intake import ServiceFrequency

    now = dt.datetime(2026, 12, 1, 20, 0, tzinfo=dt.timezone.utc)
    topic = service_topic("trap", dt.date(2026, 12, 1), ServiceFrequency(days=60))
    found = compute(topic, "victorville", now)
    assert found is not None and "trap" in found.text and "January 30, 2027" in found.text
    found = compute(service_topic("trap", dt.date(2026, 12, 1)), "victorville", now)
    assert found is not None and "December 31, 2026" in found.text  # a trap's 30 days, with no permit said


def test_when_next_asked_with_nothing_on_record_gets_the_rule_not_only_a_request_to_log(engine):
    _, text = run(
        ActionServiceStatus(),
        make_tracker(
            text="when do i have to pump the big interceptor out back again? victorville",
            intent="service_status",
        ),
    )
    assert "90 days" in text and "10.03.160(f)(2)" in text  # the rule, cited; a date said next is read to it


CTX_TUESDAY = ParseContext(dt.datetime(2026, 8, 18, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles")))


def test_a_later_answer_changes_the_hauler_only_when_it_says_it_is_the_company():
    known = {"hauler": "South Bay Grease Services"}
    assert "hauler" not in extract_pumpout_facts("pumped nov 27, 1200 gal, Big Tank", CTX_TUESDAY, known)
    found = extract_pumpout_facts("sorry, the company was Desert Grease, 1200 gal nov 27", CTX_TUESDAY, known)
    assert found["hauler"] == "Desert Grease"
