"""A running assistant (Rasa + action server) for end-to-end tests, on ports apart from `make run`'s."""

import os
from pathlib import Path

import pytest

from ops.stack import Ports, Stack

E2E_PORTS = Ports(
    rasa=int(os.environ.get("E2E_RASA_PORT", 5105)),
    actions=int(os.environ.get("E2E_ACTION_SERVER_PORT", 5155)),
    web=int(os.environ.get("E2E_WEB_PORT", 8100)),
)
LOG_DIR = Path(__file__).resolve().parents[2] / "var" / "logs" / "e2e"


@pytest.fixture(scope="session")
def running_stack(tmp_path_factory):
    stack = Stack(ports=E2E_PORTS, var_dir=tmp_path_factory.mktemp("var"), with_web=False, log_dir=LOG_DIR)
    stack.start(timeout=300)
    yield stack
    stack.stop()
