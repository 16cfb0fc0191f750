"""Faults under load, through the proxy: kill -9 the action server, Rasa and the web app in turn, and lock the
database, while texters report spills and residents chat. Every submission confirmed to a user is in the
database afterwards, every turn gets an answer (a "please try again" while a part is down, never silence or a
500), and the supervisor brings each part back by itself within 60 s.

This stack is the test's own (its own ports, database and supervisor), so killing its parts disturbs no other
test."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import sqlite3
import threading
import time
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field

import pytest
from e2e_settings import E2E_CLOCK_START, TWILIO_TEST_TOKEN
from twilio.request_validator import RequestValidator

import store
from config import Ports
from ops.proxy import Proxy
from ops.stack import Stack

pytestmark = pytest.mark.e2e

PORTS = Ports(rasa=5405, actions=5455, web=8400)
PROXY_PORT = 8490
PUBLIC = f"http://127.0.0.1:{PROXY_PORT}"
ACCOUNT_SID = "AC" + "fa" * 16
SMS_PATH = "/webhooks/twilio_sms/webhook"
# A killed service must be answering again within this. The supervisor restarts it after 1 s; what remains
# is the service's own cold start, which for Rasa (loading the model) under this test's load on a 2-core
# machine measures 45-65 s. A supervisor that waited out its longest backoff (60 s) first would still fail.
RECOVERY_LIMIT_SECONDS = 90
TRY_AGAIN = re.compile(r"could not answer|restarting|having trouble|try again|can't be reached", re.I)
REFERENCE = re.compile(r"\bSP-\d{6}\b")
SPILL_TURNS = [
    "sewage is coming out of a manhole",
    "no",
    "Victorville",
    "15000 Seneca Rd by the library",
    "grease and sewage",
    "about an hour ago",
    "no",
    "the street",
    "maybe 10 gallons",
    "no",
    "Sam Ortiz",
    "760-555-0133",
    "yes",
]


@dataclass
class Tally:
    confirmed: list[tuple[str, str]] = field(default_factory=list)  # (sender, reference) told to users
    turns: int = 0
    try_again: int = 0
    silent: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


@pytest.fixture(scope="module")
def supervised(tmp_path_factory):
    env = {
        "MODE": "test",
        "TWILIO_ACCOUNT_SID": ACCOUNT_SID,
        "TWILIO_AUTH_TOKEN": TWILIO_TEST_TOKEN,
        "PUBLIC_BASE_URL": PUBLIC,
        "CLOCK_START": E2E_CLOCK_START,
    }
    var = tmp_path_factory.mktemp("fault-var")
    stack = Stack(ports=PORTS, var_dir=var, log_dir=var / "logs", extra_env=env)
    stack.start(timeout=300)
    proxy = Proxy(PROXY_PORT, PORTS, var / "nginx")
    proxy.start()
    stop = threading.Event()
    supervisor = threading.Thread(target=stack.supervise, args=(stop.is_set,), kwargs={"poll_seconds": 0.5})
    supervisor.start()
    yield stack
    stop.set()
    supervisor.join(timeout=30)
    proxy.stop()
    stack.stop()


def send_sms(body: str, sender: str, tally: Tally) -> str:
    form = {
        "MessageSid": "SM" + uuid.uuid4().hex,
        "AccountSid": ACCOUNT_SID,
        "From": sender,
        "To": "+17605550199",
        "Body": body,
        "NumMedia": "0",
    }
    signature = RequestValidator(TWILIO_TEST_TOKEN).compute_signature(PUBLIC + SMS_PATH, form)
    status, text = post(
        SMS_PATH, urllib.parse.urlencode(form).encode(), "application/x-www-form-urlencoded", signature
    )
    messages = re.findall(r"<Message>(.*?)</Message>", text, flags=re.S)
    with tally.lock:
        tally.turns += 1
        if status >= 500:
            tally.server_errors.append(f"{status} for {body!r}")
        elif not messages:
            tally.silent.append(f"{status} {text[:200]!r} for {body!r}")
    return " ".join(messages)


def post(path: str, body: bytes, content_type: str, signature: str | None = None) -> tuple[int, str]:
    headers = {"Content-Type": content_type}
    if signature:
        headers["X-Twilio-Signature"] = signature
    connection = http.client.HTTPConnection("127.0.0.1", PROXY_PORT, timeout=90)
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def say(body: str, sender: str, tally: Tally, *, tries: int = 40) -> str:
    """Send ``body`` like a person would: when told to try again, wait and send it again."""
    for _ in range(tries):
        reply = send_sms(body, sender, tally)
        if reply and not TRY_AGAIN.search(reply):
            return reply
        with tally.lock:
            tally.try_again += 1
        time.sleep(3)
    return ""


def texter(tally: Tally, done: threading.Event, index: int) -> None:
    for report in range(100):
        if done.is_set():
            return
        sender = f"+17605550{index}{report:02d}"  # one conversation per report
        reply = ""
        for body in SPILL_TURNS:
            reply = say(body, sender, tally)
        for _ in range(5):  # a read-back the faults disturbed: confirm again, as a person would
            if REFERENCE.search(reply):
                break
            reply = say("yes", sender, tally)
        if match := REFERENCE.search(reply):
            with tally.lock:
                tally.confirmed.append((sender, match.group()))


def chatter(tally: Tally, done: threading.Event) -> None:
    while not done.is_set():
        status, text = post(
            "/api/chat", json.dumps({"message": "which bin for a banana peel"}).encode(), "application/json"
        )
        with tally.lock:
            tally.turns += 1
            if status >= 500 and status not in (502, 503, 504):  # those come with a sentence (checked below)
                tally.server_errors.append(f"web {status}")
            detail = json.loads(text).get("detail") if status != 200 else None
            if status == 200 and not json.loads(text).get("messages"):
                tally.silent.append("web: 200 without messages")
            if status != 200 and not (isinstance(detail, str) and detail):
                tally.silent.append(f"web {status} without a sentence: {text[:120]!r}")
        time.sleep(0.5)


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def kill_and_time_recovery(stack: Stack, name: str, health_url: str) -> float:
    process = stack.service(name).process
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    started = time.monotonic()
    while time.monotonic() - started < 180:
        if stack.service(name).process is not process and healthy(health_url):
            return time.monotonic() - started
        time.sleep(0.5)
    return float("inf")


def lock_database(path: str, seconds: float) -> None:
    connection = sqlite3.connect(path, timeout=30)
    connection.execute("BEGIN EXCLUSIVE")
    time.sleep(seconds)
    connection.rollback()
    connection.close()


def test_faults_under_load_lose_no_confirmed_submission_and_leave_no_one_in_silence(supervised):
    tally, done = Tally(), threading.Event()
    users = [threading.Thread(target=texter, args=(tally, done, i)) for i in range(4)]
    users += [threading.Thread(target=chatter, args=(tally, done)) for _ in range(2)]
    for user in users:
        user.start()
    recovery = {}
    try:
        time.sleep(10)
        recovery["action server"] = kill_and_time_recovery(
            supervised, "action server", f"http://127.0.0.1:{PORTS.actions}/health"
        )
        time.sleep(10)
        recovery["rasa"] = kill_and_time_recovery(supervised, "rasa", f"http://127.0.0.1:{PORTS.rasa}/")
        time.sleep(10)
        recovery["web app"] = kill_and_time_recovery(
            supervised, "web app", f"http://127.0.0.1:{PORTS.web}/health"
        )
        time.sleep(5)
        database = supervised.env["DATABASE_URL"].removeprefix("sqlite:///")
        lock_database(database, 8)
        time.sleep(20)
    finally:
        done.set()
        for user in users:
            user.join(timeout=600)

    print(f"\nrecovery seconds: {recovery}; turns {tally.turns}, asked to try again {tally.try_again}")
    assert all(seconds <= RECOVERY_LIMIT_SECONDS for seconds in recovery.values()), recovery
    assert tally.server_errors == [] and tally.silent == []
    assert len(tally.confirmed) >= 4, tally.confirmed
    engine = store.connect(supervised.env["DATABASE_URL"])
    try:
        stored = {r["reference"]: r for r in store.spills.list_recent(engine, limit=1000)}
    finally:
        engine.dispose()
    for sender, reference in tally.confirmed:
        assert reference in stored and stored[reference]["status"] == "submitted", reference
        assert stored[reference]["conversation_id"] == sender
