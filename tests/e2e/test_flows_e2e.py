"""End to end over the REST channel: guided conversations, checked against what was stored in the database."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import time
import urllib.request
from zoneinfo import ZoneInfo

import pytest

import compliance
import store
from compliance.core import dollars
from ops.stack import REPO

pytestmark = pytest.mark.e2e


def say(stack, sender: str, message: str, channel: str = "web") -> str:
    body = json.dumps({"sender": sender, "message": message, "metadata": {"channel": channel}}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{stack.ports.rasa}/webhooks/rest/webhook",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=90) as response:
        return " ".join(m.get("text", "") for m in json.load(response) if m.get("text"))


@pytest.fixture(scope="module")
def database(running_stack):
    engine = store.connect(running_stack.env["DATABASE_URL"])
    yield engine
    engine.dispose()


def spill_reports(engine, sender: str) -> list[dict]:
    return [r for r in store.spills.list_recent(engine, limit=500) if r["conversation_id"] == sender]


INGLEWOOD_SPILL = [
    ("I want to report a spill", "overflowing right now"),  # what spills is asked, not said
    ("no", "Which city"),
    ("Inglewood", "Where is it"),
    ("corner of Market St and Manchester Blvd", "What is spilling"),
    ("sewage and grease", "When did it start"),
    ("about 2 hours ago", "still flowing"),
    ("yes", "storm drain"),
    ("the gutter and the storm drain", "how much"),
    ("about 50 gallons", "restaurant"),
    ("yes", "Which restaurant"),
    ("Burger Barn", "your name"),
    ("Maria Lopez", "call you back"),
    ("310-555-0142", "Is that right"),
]


def play(stack, sender: str, turns, channel: str = "web") -> str:
    reply = ""
    for message, expected in turns:
        reply = say(stack, sender, message, channel)
        assert expected.lower() in reply.lower(), (message, reply)
    return reply


def test_spill_report_is_stored_read_back_and_committed_with_a_reference(running_stack, database):
    sender = "e2e-spill-inglewood"
    read_back = play(running_stack, sender, INGLEWOOD_SPILL)
    assert "Market St and Manchester Blvd" in read_back and "(310) 555-0142" in read_back
    [partial] = spill_reports(database, sender)
    assert partial["status"] == "partial"  # kept before confirmation
    reply = say(running_stack, sender, "yes")
    [report] = spill_reports(database, sender)
    assert report["status"] == "submitted" and report["submitted_at"] is not None
    assert report["reference"] in reply
    assert report["city"] == "inglewood"
    assert report["location_text"] == "corner of Market St and Manchester Blvd"
    assert report["what_spilling"] == "sewage and grease"
    assert report["still_flowing"] is True
    assert report["reaches"] == ["gutter", "storm_drain"]
    assert report["volume_gallons"] == 50.0
    assert (report["restaurant_involved"], report["restaurant_name"]) == (True, "Burger Barn")
    assert (report["reporter_name"], report["callback_number"]) == ("Maria Lopez", "+13105550142")
    started = report["started_at"]
    assert (
        dt.timedelta(hours=1, minutes=55)
        <= report["created_at"] - started
        <= dt.timedelta(hours=2, minutes=5)
    )
    incident = started.astimezone(ZoneInfo("America/Los_Angeles")).date()
    deadline = compliance.spill_deadline("inglewood", incident)
    assert f"{deadline.deadline:%B} {deadline.deadline.day}, {deadline.deadline.year}" in reply
    assert "Monitoring and Notification (3)(a)" in reply
    notice = say(running_stack, sender, "yes please")
    assert report["reference"] in notice and "Written confirmation of spill notification" in notice


def test_overflowing_now_gives_whom_to_call_before_anything_else(running_stack):
    sender = "e2e-spill-urgent"
    say(running_stack, sender, "report a spill")
    reply = say(running_stack, sender, "yes", "sms")
    assert "Which city" in reply
    reply = say(running_stack, sender, "Victorville", "sms")
    assert "Code Enforcement Division" in reply and "not configured" in reply
    assert "Victorville Municipal Code § 10.03.280(a)" in reply
    assert reply.index("Code Enforcement") < reply.index("Where is it")


def exchange(stack, sender: str, message: str, channel: str) -> list[dict]:
    """The raw REST reply: texts and custom payloads (``{"dial": ...}``, ``{"hangup": true}``)."""
    body = json.dumps({"sender": sender, "message": message, "metadata": {"channel": channel}}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{stack.ports.rasa}/webhooks/rest/webhook",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=90) as response:
        return json.load(response)


def test_voice_call_overflowing_in_inglewood_dials_the_city_and_silence_keeps_the_report(
    running_stack, database
):
    sender = "CAe2e0000000000000000000000000001"
    opening = exchange(running_stack, sender, "/voice_call_started", "voice")
    assert "spill line" in opening[0]["text"] and "press 1" in opening[0]["text"]
    told = [m.get("text") or "" for m in exchange(running_stack, sender, "yes", "voice")]
    # whom to call in each city comes first (the city is not known yet), then which city it is
    assert told[0].startswith("If it's in Victorville:") and "(310) 412-5333" in told[0]
    assert "Victorville or Inglewood" in told[-1]
    reply = exchange(running_stack, sender, "Inglewood", "voice")
    assert {"dial": "+13104125333", "say": "Connecting you now."} in [m.get("custom") for m in reply]
    [partial] = spill_reports(database, sender)
    assert (partial["status"], partial["channel"], partial["city"]) == ("partial", "voice", "inglewood")
    goodbye = exchange(running_stack, sender, "/voice_silence_timeout", "voice")
    assert {"hangup": True} in [m.get("custom") for m in goodbye]
    kept = store.spills.get_by_reference(database, partial["reference"])
    assert kept["status"] == "abandoned" and kept["flagged"]


def test_partial_report_kept_when_the_user_disappears(running_stack, database):
    sender = "e2e-spill-vanished"
    play(
        running_stack,
        sender,
        [
            ("there's sewage in the street", "overflowing right now"),
            ("no", "Which city"),
            ("Victorville", "Where is it"),
            ("14500 Palmdale Rd", "What is spilling"),
        ],
        "sms",
    )
    [report] = spill_reports(database, sender)
    assert report["status"] == "partial"
    assert (report["city"], report["location_text"], report["channel"]) == (
        "victorville",
        "14500 Palmdale Rd",
        "sms",
    )
    # The stack runs on its own clock (CLOCK_START): time passes on that clock, not the wall clock.
    later = report["updated_at"] + dt.timedelta(minutes=30)
    store.spills.abandon_stale(database, idle_for=dt.timedelta(minutes=20), now=later)
    kept = store.spills.get_by_reference(database, report["reference"])
    assert kept["status"] == "abandoned" and kept["flagged"] and kept["location_text"] == "14500 Palmdale Rd"


def test_question_mid_report_is_answered_and_the_report_resumes_then_cancel_keeps_it(running_stack, database):
    sender = "e2e-spill-question"
    play(running_stack, sender, [("report a spill", "overflowing"), ("no", "Which city")])
    answer = say(running_stack, sender, "how many days do I have to send written notice of a spill?")
    assert "Back to your spill report" in answer
    play(running_stack, sender, [("Inglewood", "Where is it"), ("5th and Main", "What is spilling")])
    reply = say(running_stack, sender, "cancel")
    [report] = spill_reports(database, sender)
    assert report["reference"] in reply and report["status"] == "abandoned"


def test_pump_out_is_logged_with_the_next_due_date_and_answered_later(running_stack, database):
    sender = "e2e-pumpout"
    reply = say(running_stack, sender, "Pumped on Aug 14, 1,000 gallons, ABC Hauling")
    assert "Which city" in reply  # a thousand gallons came out of an interceptor: read back, not asked
    read_back = say(running_stack, sender, "Victorville")  # the permit's frequency is not asked
    assert "Aug 14" in read_back and "ABC Hauling" in read_back  # read back before anything is recorded
    assert "grease interceptor" in read_back
    assert "frequency" not in read_back
    assert store.facilities.for_conversation(database, sender) == []
    saved = say(running_stack, sender, "yes")
    [facility] = store.facilities.for_conversation(database, sender)
    [record] = store.service.list_for_facility(database, facility["reference"])
    assert record["service_date"].month == 8 and record["service_date"].day == 14
    assert record["gallons"] == 1000.0 and record["hauler"] == "ABC Hauling"
    expected = compliance.service_due(
        "victorville", "interceptor", record["service_date"], record["service_date"]
    )
    assert record["next_due_date"] == expected.due == record["service_date"] + dt.timedelta(days=90)
    assert record["reference"] in saved and "Victorville Municipal Code § 10.03.160(f)(2)" in saved
    assert "72 hours" in saved and "If your permit sets another frequency" in saved
    status = say(running_stack, sender, "when is my next pump-out?")
    due = record["next_due_date"]
    assert f"{due:%B} {due.day}, {due.year}" in status
    sixty = record["service_date"] + dt.timedelta(days=60)
    again = say(running_stack, sender, "our permit says every 60 days")  # the logged service, recomputed
    assert f"{sixty:%B} {sixty.day}, {sixty.year}" in again and "10.03.160" in again


def _restart_action_server(stack) -> None:
    service = stack.service("action server")
    log = open(service.log_path or os.devnull, "ab")  # noqa: SIM115 - the process owns it until it ends
    service.process = subprocess.Popen(
        service.command,
        cwd=REPO,
        env={**stack.env, **service.env},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(service.health_url, timeout=2):
                return
        except OSError:
            time.sleep(1)
    raise TimeoutError("the action server did not come back")


def test_spill_report_survives_the_action_server_being_killed_right_after_confirmation(running_stack):
    sender = "e2e-spill-killed"
    play(running_stack, sender, INGLEWOOD_SPILL)
    reply = say(running_stack, sender, "yes")
    action_server = running_stack.service("action server").process
    os.killpg(action_server.pid, signal.SIGKILL)
    action_server.wait(timeout=30)
    try:
        engine = store.connect(running_stack.env["DATABASE_URL"])  # a new connection to the file
        [report] = spill_reports(engine, sender)
        engine.dispose()
        assert report["status"] == "submitted" and report["reference"] in reply
        assert report["location_text"] == "corner of Market St and Manchester Blvd"
    finally:
        _restart_action_server(running_stack)


def test_sorting_asks_one_question_then_answers_for_homes_and_businesses(running_stack):
    sender = "e2e-sorting"
    assert "greasy" in say(running_stack, sender, "where does a pizza box go").lower()
    answer = say(running_stack, sender, "greasy")  # home or business is not asked: both are given
    assert "green container at homes (1-4 units), brown at businesses" in answer
    assert "Victorville Municipal Code § 6.37.030(b)" in answer
    answer = say(running_stack, sender, "where do banana peels go at my house")
    assert "the green container" in answer and "brown" not in answer


def test_deminimis_waiver_is_screened_confirmed_and_stored(running_stack, database):
    sender = "e2e-deminimis"
    say(running_stack, sender, "i want to apply for a de minimis waiver")
    screening = say(running_stack, sender, "1 cubic yard")
    assert "gallons" in screening
    screening = say(running_stack, sender, "8 gallons")
    assert "must be under 10 gallons" in screening and "§ 6.37.050(a)(2)(b)" in screening
    assert "fifteen days" in screening and "five years" in screening
    play(
        running_stack,
        sender,
        [
            ("brown", "documentation"),
            ("yes", "name of the business"),
            ("Joe's Diner", "street address"),
            ("14500 Palmdale Rd", "your name"),
            ("Joe Smith", "phone"),
            ("760-555-0100", "Is that right"),
        ],
    )
    filed = say(running_stack, sender, "yes")
    waiver = next(r for r in _rows(database, "waiver_requests") if r["conversation_id"] == sender)
    assert waiver["reference"] in filed
    assert (waiver["kind"], waiver["eligible"], waiver["status"]) == ("deminimis", True, "submitted")
    assert waiver["screening"]["organics_limit_gal"] == 10


def test_asking_for_the_waiver_after_a_de_minimis_question_starts_that_waiver(running_stack):
    sender = "e2e-the-waiver"
    answer = say(
        running_stack,
        sender,
        "We have 1.5 cubic yards of trash a week and about 8 gallons of organic waste, could we get a de "
        "minimis waiver? Victorville",
    )
    assert "de minimis" in answer
    started = say(running_stack, sender, "Great, then I'd like to apply for the waiver.")
    # the de minimis form, with the amounts the question gave: what it still needs, the services
    assert "Which collection services do you want the waiver from" in started


def test_inglewood_permit_application_is_stored_summarised_and_priced(running_stack, database):
    sender = "e2e-permit"
    say(running_stack, sender, "i want to apply for a fog permit")
    play(
        running_stack,
        sender,
        [
            ("Inglewood", "name of the business"),
            ("Burger Barn", "street address"),
            ("1 Market St, Inglewood CA 90301", "telephone number"),
            ("310-555-0100", "your name"),
            ("Ana Garcia", "parcel number"),
            ("4012-345-678", "describe the establishment"),
            ("a burger restaurant with counter service", "cuisine"),
            ("burgers", "restaurant, a school"),
            ("restaurant", "seats"),
            ("40 seats", "drive-thru"),
            ("no", "operating before"),
            ("no", "principal"),
            ("Ana Garcia 310-555-0100", "property owner"),
            ("Market Properties LLC, 2 Market St, 310-555-0111", "property manager"),
            ("same", "plans"),
            ("yes", "Anything else"),
            ("skip", "Is that right"),
        ],
    )
    filed = say(running_stack, sender, "yes")
    [application] = [r for r in _rows(database, "permit_applications") if r["conversation_id"] == sender]
    reference = application["reference"]
    assert reference in filed and application["status"] == "submitted"
    assert (application["business_name"], application["applicant_phone"]) == ("Burger Barn", "+13105550100")
    assert application["details"]["answers"]["dining_capacity"] == 40
    assert (REPO / "var" / "documents" / f"{reference}.pdf").read_bytes().startswith(b"%PDF")
    fees = compliance.permit_fees(seats=40, drive_thru=False, kind="restaurant")
    assert f"annual inspection and control fee {dollars(fees.annual_fee)}" in filed
    assert "Inglewood FOG Ordinance, Fees (1)" in filed


def _rows(engine, table_name: str) -> list[dict]:
    import sqlalchemy as sa

    from store.records import as_dict
    from store.schema import metadata

    with engine.connect() as connection:
        return [as_dict(row) for row in connection.execute(sa.select(metadata.tables[table_name]))]
