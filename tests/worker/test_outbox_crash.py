"""A worker killed mid-send loses nothing and sends nothing twice: ``python -m worker`` as a real process over
a real database file, a real SMTP server on loopback and the fake Twilio (reached through
``TWILIO_API_BASE_URL``), SIGKILLed while blocked sending, then started again."""

from __future__ import annotations

import datetime as dt
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_twilio import FakeTwilioApi, TwilioError
from net import free_port
from outbox_support import (
    ACCOUNT_SID,
    AUTH_TOKEN,
    FROM_NUMBER,
    ON_CALL_EMAIL,
    ON_CALL_PHONE,
    REPORTER,
    smtp_server,
    submitted_spill,
    texts_to,
    wait_for,
)

import store
from store import outbox
from store.db import utc_now

REPO = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 30


@pytest.fixture
def twilio() -> Iterator[FakeTwilioApi]:
    with FakeTwilioApi() as api:
        yield api


def worker_environment(db_url: str, tmp_path: Path, smtp_port: int, twilio_url: str, **extra: str) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TWILIO_", "SMTP_"))}
    env.update(
        PYTHONPATH=str(REPO),
        MODE="test",
        DATABASE_URL=db_url,
        RUN_DIR=str(tmp_path / "run"),
        TRACKER_DB=str(tmp_path / "tracker.db"),
        RETENTION_DAYS="0",
        TWILIO_ACCOUNT_SID=ACCOUNT_SID,
        TWILIO_AUTH_TOKEN=AUTH_TOKEN,
        TWILIO_SMS_NUMBER=FROM_NUMBER,
        TWILIO_API_BASE_URL=twilio_url,
        SMTP_HOST="127.0.0.1",
        SMTP_PORT=str(smtp_port),
        SMTP_FROM="Victorville FOG <assistant@fog.example>",
        VICTORVILLE_SPILL_SMS=ON_CALL_PHONE,
        VICTORVILLE_SPILL_EMAIL=ON_CALL_EMAIL,
        OUTBOX_POLL_SECONDS="1",
        ABANDON_AFTER_MINUTES="30",
        **extra,
    )
    return env


def start_worker(env: dict, log: Path) -> subprocess.Popen:
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "worker"], cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT
        )


def rows(engine, reference) -> dict[str, dict]:
    return {n["channel"]: n for n in outbox.for_reference(engine, reference)}


def test_a_worker_killed_mid_send_delivers_exactly_once_after_a_restart(db_url, engine, tmp_path, twilio):
    smtp_port = free_port()
    env = worker_environment(db_url, tmp_path, smtp_port, twilio.url)
    log = tmp_path / "worker.log"
    reference = submitted_spill(engine, utc_now())["reference"]  # committed before any worker runs
    stale = store.spills.create_partial(
        engine, conversation_id="caller", channel="voice", location_text="5th and Main",
        now=utc_now() - dt.timedelta(hours=2),
    )  # fmt: skip
    twilio.error = TwilioError(500, 20500, "Internal Server Error")
    # An SMTP "server" that accepts connections and never answers: the first worker blocks there, mid-send.
    silent = socket.socket()
    silent.bind(("127.0.0.1", smtp_port))
    silent.listen(8)
    first = start_worker(env, log)
    try:
        claimed = wait_for(
            lambda: (
                (found := rows(engine, reference))
                and found["sms"]["status"] == "pending"
                and found["sms"]["attempts"] == 1
                and found["email"]["status"] == "sending"
                and found
            ),
            timeout=STARTUP_SECONDS,
            what=f"the first worker to fail the SMS and block on the e-mail (log: {log.read_text()[-2000:]})",
        )
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        silent.close()
        if first.poll() is None:
            first.kill()
    assert claimed["email"]["attempts"] == 1
    assert store.spills.get_by_reference(engine, stale["reference"])["flagged"]  # flagging runs too
    twilio.error = None

    with smtp_server(smtp_port) as inbox:
        # Ten minutes later (CLOCK_START): the SMS retry is due and the e-mail's claim has gone stale.
        later = (utc_now() + dt.timedelta(minutes=10)).isoformat()
        second = start_worker({**env, "CLOCK_START": later}, log)
        try:
            wait_for(
                lambda: {n["status"] for n in rows(engine, reference).values()} == {"sent"},
                timeout=STARTUP_SECONDS,
                what=f"the restarted worker to send both (log: {log.read_text()[-2000:]})",
            )
        finally:
            second.send_signal(signal.SIGTERM)
            second.wait(timeout=15)
        assert second.returncode == 0

        [email] = inbox.to(ON_CALL_EMAIL)
        assert len(inbox.messages) == 1
        assert email["X-Notification-Id"] == str(claimed["email"]["id"])
        assert reference in email.get_content() and "(760) 555-0122" in email.get_content()
    texts = texts_to(twilio, ON_CALL_PHONE)
    assert len(texts) == 2  # the attempt the fake refused, and the one it accepted
    assert reference in texts[1] and "Callback: (760) 555-0122" in texts[1]
    final = rows(engine, reference)
    assert (final["sms"]["attempts"], final["email"]["attempts"]) == (2, 2)
    assert final["sms"]["provider_id"] == "SM" + "0" * 31 + "1"  # the first message the fake accepted
    assert len(outbox.for_reference(engine, reference)) == 2  # the first alert folded into the submission
    assert REPORTER not in [r.form["To"][0] for r in twilio.requests]
