"""The whole assistant (Rasa with its Twilio connectors, action server, web app) for end-to-end tests,
on ports apart from `make run`'s, with a test Twilio auth token so requests can be signed as Twilio signs."""

import pytest
from e2e_settings import E2E_PORTS, LOG_DIR, TWILIO_TEST_ENV

from ops.stack import Stack


@pytest.fixture(scope="session")
def running_stack(tmp_path_factory):
    stack = Stack(
        ports=E2E_PORTS, var_dir=tmp_path_factory.mktemp("var"), log_dir=LOG_DIR, extra_env=TWILIO_TEST_ENV
    )
    stack.start(timeout=300)
    yield stack
    stack.stop()
