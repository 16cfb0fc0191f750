"""Ports and the test Twilio credentials of the end-to-end stack (a plain module: importable by name)."""

import os
from pathlib import Path

from ops.stack import Ports

E2E_PORTS = Ports(
    rasa=int(os.environ.get("E2E_RASA_PORT", 5105)),
    actions=int(os.environ.get("E2E_ACTION_SERVER_PORT", 5155)),
    web=int(os.environ.get("E2E_WEB_PORT", 8100)),
)
LOG_DIR = Path(__file__).resolve().parents[2] / "var" / "logs" / "e2e"
TWILIO_TEST_TOKEN = "e2e-test-auth-token"
E2E_CLOCK_START = "2026-12-01T10:00:00-08:00"
TWILIO_TEST_ENV = {
    "MODE": "test",
    "TWILIO_ACCOUNT_SID": "AC" + "e2e" * 10 + "ab",
    "TWILIO_AUTH_TOKEN": TWILIO_TEST_TOKEN,
    "PUBLIC_BASE_URL": f"http://127.0.0.1:{E2E_PORTS.rasa}",
    "RASA_URL": f"http://127.0.0.1:{E2E_PORTS.rasa}",
    # Every process of the stack runs from a fixed moment (a Tuesday mid-morning, City Hall open), so replies
    # that depend on the time of day or "this morning" read the same whenever the suite runs.
    "CLOCK_START": E2E_CLOCK_START,
}

# Who the city's side notifies in the end-to-end stack (tests/e2e/conftest.py wires them to loopback).
CITY_STAFF = {
    "VICTORVILLE_SPILL_SMS": "+17605550911",
    "VICTORVILLE_SPILL_EMAIL": "oncall@victorville.example",
    "INGLEWOOD_SPILL_SMS": "+13105550911",
    "INGLEWOOD_SPILL_EMAIL": "oncall@inglewood.example",
    "VICTORVILLE_APPLICATIONS_EMAIL": "fog@victorville.example",
    "INGLEWOOD_APPLICATIONS_EMAIL": "fog@inglewood.example",
}
