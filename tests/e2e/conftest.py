"""The whole assistant (Rasa with its Twilio connectors, action server, web app, worker) for end-to-end
tests, on ports apart from `make run`'s, with a test Twilio auth token so requests can be signed as Twilio
signs, and the city's side wired to loopback: on-call texts go to a local fake Twilio REST API and e-mail to a
real SMTP server (aiosmtpd), so a test can see what city staff receive."""

import pytest
from e2e_settings import CITY_STAFF, E2E_PORTS, LOG_DIR, TWILIO_TEST_ENV
from fake_twilio import FakeTwilioApi
from net import free_port as _free_port
from smtp_sink import smtp_server

from ops.stack import Stack


@pytest.fixture(scope="session")
def city_staff():
    """What city staff receive from the running stack: ``.inbox`` (e-mail) and ``.twilio`` (texts)."""
    port = _free_port()
    with smtp_server(port) as inbox, FakeTwilioApi() as twilio:
        yield CityStaff(inbox, twilio, port)


class CityStaff:
    def __init__(self, inbox, twilio, smtp_port):
        self.inbox, self.twilio, self.smtp_port = inbox, twilio, smtp_port

    def environment(self) -> dict[str, str]:
        return {
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(self.smtp_port),
            "TWILIO_API_BASE_URL": self.twilio.url,
            "TWILIO_SMS_NUMBER": "+17605550100",
            "OUTBOX_POLL_SECONDS": "1",
            **CITY_STAFF,
        }

    def texts_to(self, number: str) -> list[str]:
        return [r.form["Body"][0] for r in self.twilio.requests if r.form.get("To") == [number]]


@pytest.fixture(scope="session")
def running_stack(tmp_path_factory, city_staff):
    stack = Stack(
        ports=E2E_PORTS,
        var_dir=tmp_path_factory.mktemp("var"),
        log_dir=LOG_DIR,
        extra_env={**TWILIO_TEST_ENV, **city_staff.environment()},
    )
    stack.start(timeout=300)
    yield stack
    stack.stop()
