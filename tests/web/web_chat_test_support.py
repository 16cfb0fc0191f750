"""The fake Rasa for the browser tests, and what it answers.

It is a small real HTTP server that answers like Rasa's REST channel (``POST /webhooks/rest/webhook`` → a list
of bot messages; ``GET /`` → "Hello from Rasa") and records what it received. It can be stopped and started
again on the same port to play "Rasa is down". Its answers are test fixtures, not the assistant's wording.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from net import free_port

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = REPO / "tests" / "artifacts"

BANANA_ANSWER = "Banana peels go in the green container with your other food scraps."
MARKUP = "<img src=x onerror=alert(1)><script>window.__pwned = 1; alert(2)</script>"
LINK_ANSWER = "Details: https://example.org/organics?bin=green. Not a link: javascript:alert(3)"
GREEN_CONTAINER = (
    '"Green container" has the same meaning as in 14 CCR Section 18982(a)(29) and shall be used for the '
    "purpose of storage and collection of designated organic waste."
)
GREEN_CONTAINER_SOURCE = 'Victorville Municipal Code § 6.37.020 ("Green container")'
BANANA_ANSWER_ES = "Las cáscaras de plátano van en el contenedor verde, con sus otros restos de comida."


def fake_answer(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """What the fake Rasa says to one REST message (in Spanish when the page says its language is Spanish)."""
    text, sender = payload["message"], payload["sender"]
    if payload.get("metadata", {}).get("language") == "es":
        return fake_answer_in_spanish(text, sender)
    said = text.lower()
    if text.startswith("/inform_city"):
        city = json.loads(text[len("/inform_city") :])["city"]
        return [{"recipient_id": sender, "text": f"Got it: I'll use {city.title()}'s rules. What next?"}]
    if "markup" in said:
        return [{"recipient_id": sender, "text": f"{MARKUP} is what you asked about."}]
    if "link" in said:
        return [{"recipient_id": sender, "text": LINK_ANSWER}]
    if "quote" in said:
        return [
            {"recipient_id": sender, "text": "Here is the definition."},
            {
                "recipient_id": sender,
                "custom": {"citation": {"source": GREEN_CONTAINER_SOURCE, "quote": GREEN_CONTAINER}},
            },
        ]
    if text == "Which bin?":
        return [
            {"recipient_id": sender, "text": "Which item do you want to throw away?"},
            {"recipient_id": sender, "custom": {"quick_replies": ["Banana peels", "Pizza box"]}},
        ]
    if "slow" in said:
        time.sleep(1.5)
    return [{"recipient_id": sender, "text": BANANA_ANSWER}]


def fake_answer_in_spanish(text: str, sender: str) -> list[dict[str, Any]]:
    if text.startswith("/inform_city"):
        city = json.loads(text[len("/inform_city") :])["city"]
        return [{"recipient_id": sender, "text": f"Entendido: usaré las reglas de {city.title()}. ¿Qué más?"}]
    if text == "¿En qué contenedor va?":
        return [
            {"recipient_id": sender, "text": "¿Qué quiere tirar?"},
            {"recipient_id": sender, "custom": {"quick_replies": ["Cáscaras de plátano", "Caja de pizza"]}},
        ]
    return [{"recipient_id": sender, "text": BANANA_ANSWER_ES}]


@dataclass
class FakeRasa:
    port: int = field(default_factory=free_port)
    received: list[dict[str, Any]] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def messages(self) -> list[str]:
        return [payload["message"] for payload in self.received]

    def start(self) -> None:
        if self._server is not None:
            return
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._reply(200, "text/plain", b"Hello from Rasa: 3.6.21 (fake)")

            def do_POST(self) -> None:
                if self.path != "/webhooks/rest/webhook":
                    self._reply(404, "text/plain", b"not found")
                    return
                payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.received.append(payload)
                self._reply(200, "application/json", json.dumps(fake_answer(payload)).encode())

            def _reply(self, status: int, content_type: str, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, name="fake-rasa", daemon=True).start()
        self._server = server

    def stop(self) -> None:
        """Close the listening socket: the web app then gets "connection refused", as with Rasa down."""
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        self._server = None


@dataclass
class PageProblems:
    """What went wrong in a page: uncaught errors, console errors, any dialog (e.g. an injected alert)."""

    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def console_errors(self, allow_failed_requests: bool = False) -> list[str]:
        return [
            message
            for message in self.console
            if not (allow_failed_requests and message.startswith("Failed to load resource"))
        ]


@contextlib.contextmanager
def running_web_app(env: dict[str, str], log_path: Path, ready_path: str = "/health") -> Iterator[str]:
    """``uvicorn web.app:app`` on a free loopback port with ``env``; yields its URL once ``ready_path``
    answers 200, and stops it on exit. Its output goes to ``log_path``, shown if it fails to start."""
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "web.app:app", "--host", "127.0.0.1", "--port", str(port)]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_ready(f"{url}{ready_path}", process, log_path)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_ready(url: str, process: subprocess.Popen, log_path: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"the web app exited with {process.returncode}: {log_path.read_text()[-2000:]}"
            )
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout} s: {log_path.read_text()[-2000:]}")
