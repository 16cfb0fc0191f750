"""The assistant's processes, started together, checked for health, and stopped together.

Used by ``make run`` (scripts/run.py) and by the end-to-end tests, so both start exactly the same thing.
Defaults are embedded: SQLite files under ``var/``, an in-memory lock store, loopback ports.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from config import Ports
from config.clock import utc_now
from config.paths import APP_PYTHON, MODEL, REPO
from config.paths import RASA_BIN as RASA

__all__ = [
    "Ports",
    "Service",
    "Stack",
    "action_server",
    "rasa_server",
    "run_until_signalled",
    "web_app",
    "worker",
]

RESTART_BACKOFF_FIRST = 1.0  # seconds before restarting a service that died
RESTART_BACKOFF_MAX = 60.0  # the backoff doubles with each quick death, up to this
RESTART_BACKOFF_RESET = 60.0  # a service that ran this long starts again from the first backoff


@dataclass
class Service:
    name: str
    command: list[str]
    health_url: str | None  # None: up once the process has run for a moment (the worker serves no HTTP)
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None
    log_path: Path | None = None


def base_environment(ports: Ports, var_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TRANSFORMERS_OFFLINE", "1")
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    env["RASA_TELEMETRY_ENABLED"] = "false"
    env["PYTHONPATH"] = str(REPO)
    env.setdefault("DATABASE_URL", f"sqlite:///{var_dir / 'assistant.db'}")
    env["TRACKER_DB"] = env.get("TRACKER_DB", str(var_dir / "tracker.db"))
    env["ACTION_SERVER_URL"] = f"http://127.0.0.1:{ports.actions}/webhook"
    env.setdefault("RUN_DIR", str(var_dir / "run"))
    env["RASA_URL"] = f"http://127.0.0.1:{ports.rasa}"
    env["ACTION_SERVER_PORT"] = str(ports.actions)
    env["WEB_PORT"] = str(ports.web)
    return env


def action_server(port: int, name: str = "action server") -> Service:
    return Service(
        name,
        [str(APP_PYTHON), "-m", "actions.server", "--port", str(port)],
        f"http://127.0.0.1:{port}/health",
    )


def rasa_server(port: int, env: Mapping[str, str], name: str = "rasa") -> Service:
    """Rasa with the endpoints named by ``RASA_ENDPOINTS`` (default: endpoints.yml, the embedded stores)."""
    endpoints = REPO / env.get("RASA_ENDPOINTS", "endpoints.yml")
    command = [str(RASA), "run", "--model", str(MODEL), "--port", str(port)]
    command += ["--credentials", str(REPO / "credentials.yml"), "--endpoints", str(endpoints)]
    # TensorFlow on one thread per pool (Rasa's documented settings): one message's inference is small, and
    # on a shared machine more threads only contend with the other processes (measured, issue 13).
    threads = {"TF_INTER_OP_PARALLELISM_THREADS": "1", "TF_INTRA_OP_PARALLELISM_THREADS": "1"}
    return Service(
        name,
        [*command, "--interface", "127.0.0.1"],
        f"http://127.0.0.1:{port}/",
        env={variable: env.get(variable, value) for variable, value in threads.items()},
    )


def web_app(port: int) -> Service:
    return Service(
        "web app",
        [str(APP_PYTHON), "-m", "uvicorn", "web.app:app", "--host", "127.0.0.1", "--port", str(port)],
        f"http://127.0.0.1:{port}/health",
    )


def worker() -> Service:
    """The scheduler (outbox, reminders, retention): exactly one per deployment."""
    return Service("worker", [str(APP_PYTHON), "-m", "worker"], None)


def services(ports: Ports, env: Mapping[str, str], with_web: bool = True) -> list[Service]:
    listed = [action_server(ports.actions), rasa_server(ports.rasa, env)]
    if with_web:
        listed += [web_app(ports.web), worker()]
    return listed


class Stack:
    """Start the services, wait until every health check answers, stop them all on exit."""

    def __init__(
        self,
        ports: Ports | None = None,
        var_dir: Path | None = None,
        with_web: bool = True,
        log_dir: Path | None = None,
        extra_env: Mapping[str, str] | None = None,
    ) -> None:
        self.ports = ports or Ports.from_env()
        self.var_dir = var_dir or REPO / "var"
        self.var_dir.mkdir(parents=True, exist_ok=True)
        self.env = {**base_environment(self.ports, self.var_dir), **(extra_env or {})}
        if self.env.get("CLOCK_START") and not self.env.get("CLOCK_ANCHOR"):  # one shifted clock for all
            self.env["CLOCK_ANCHOR"] = utc_now().isoformat()
        self.services = services(self.ports, self.env, with_web)
        self.log_dir = log_dir

    @classmethod
    def of(cls, listed: list[Service], env: Mapping[str, str], var_dir: Path, log_dir: Path | None) -> Stack:
        """A stack of the given services sharing ``env`` (the cluster: replicas of each)."""
        stack = cls(var_dir=var_dir, with_web=False, log_dir=log_dir)
        stack.env, stack.services = dict(env), listed
        return stack

    def start(self, timeout: float = 240.0, echo: bool = False, *, migrate: bool = True) -> None:
        """Start every service and wait until each answers its health check; on any failure (a service
        exiting, the timeout, Ctrl-C) stop the ones already started, so none is left running. The app
        database is migrated first unless ``migrate`` is false (a stack without our processes)."""
        if migrate:
            self.migrate()
        self.echo = echo
        try:
            for service in self.services:
                self.spawn(service)
            self._wait_until_healthy(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_until_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        pending = list(self.services)
        while pending:
            for service in list(pending):
                if service.process and service.process.poll() is not None:
                    raise RuntimeError(
                        f"{service.name} exited with code {service.process.returncode}"
                        f"{self._log_hint(service)}"
                    )
                if _answers(service.health_url):
                    pending.remove(service)
                    print(f"[run] {service.name} is up ({service.health_url})", flush=True)
            if pending and time.monotonic() > deadline:
                names = ", ".join(s.name for s in pending)
                raise TimeoutError(f"not healthy after {timeout:.0f} s: {names}")
            time.sleep(0.5)

    def spawn(self, service: Service) -> None:
        """Start (or restart) one service, its output appended to its log (or echoed, or discarded)."""
        stdout = None
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            service.log_path = self.log_dir / f"{service.name.replace(' ', '-')}.log"
            stdout = open(service.log_path, "ab")  # noqa: SIM115 - closed when the process ends
        elif not getattr(self, "echo", False):
            stdout = subprocess.DEVNULL
        service.process = subprocess.Popen(
            service.command,
            cwd=REPO,
            env={**self.env, **service.env},
            stdout=stdout,
            stderr=subprocess.STDOUT if stdout is not None else None,
            start_new_session=True,
        )

    def supervise(self, stop: Callable[[], bool], *, poll_seconds: float = 1.0) -> None:
        """Until ``stop()`` is true: restart any service that died, after a backoff that doubles with each
        quick death (1 s up to 60 s) and resets once it has run for a minute; every restart is logged."""
        backoff = {s.name: RESTART_BACKOFF_FIRST for s in self.services}
        started = {s.name: time.monotonic() for s in self.services}
        due: dict[str, float] = {}
        while not stop():
            now = time.monotonic()
            for service in self.services:
                process = service.process
                if process is None or process.poll() is None:
                    if process is not None and now - started[service.name] > RESTART_BACKOFF_RESET:
                        backoff[service.name] = RESTART_BACKOFF_FIRST
                    continue
                if service.name not in due:
                    wait = backoff[service.name]
                    due[service.name] = now + wait
                    print(
                        f"[run] {service.name} exited with code {process.returncode}; "
                        f"restarting in {wait:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                elif now >= due[service.name]:
                    del due[service.name]
                    self.spawn(service)
                    started[service.name] = now
                    backoff[service.name] = min(backoff[service.name] * 2, RESTART_BACKOFF_MAX)
                    print(f"[run] {service.name} restarted", file=sys.stderr, flush=True)
            time.sleep(poll_seconds)

    def migrate(self) -> None:
        """Bring the database (DATABASE_URL) to the newest schema before anything writes to it."""
        subprocess.run(
            [str(APP_PYTHON), "-m", "store.migrate", "upgrade"],
            cwd=REPO,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        for service in reversed(self.services):
            process = service.process
            if process is None or process.poll() is not None:
                continue
            os.killpg(process.pid, signal.SIGTERM)
        for service in self.services:
            if service.process is None:
                continue
            try:
                service.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(service.process.pid, signal.SIGKILL)
                service.process.wait()

    def service(self, name: str) -> Service:
        return next(s for s in self.services if s.name == name)

    @staticmethod
    def _log_hint(service: Service) -> str:
        return f" (see {service.log_path})" if service.log_path else ""


def _answers(url: str | None) -> bool:
    if url is None:
        return True
    if url.startswith("tcp://"):  # a server that speaks no HTTP (Redis): up once it accepts a connection
        host, _, port = url.removeprefix("tcp://").rpartition(":")
        try:
            socket.create_connection((host, int(port)), timeout=2).close()
            return True
        except OSError:
            return False
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status < 500
    except OSError:
        return False


def main() -> int:
    stack = Stack()
    print("[run] starting Rasa, the action server and the web app …", flush=True)
    try:
        stack.start(echo=True)
    except (RuntimeError, TimeoutError) as error:
        print(f"[run] {error}", file=sys.stderr)
        return 1
    print(
        f"[run] ready. Ask over REST: curl -s localhost:{stack.ports.rasa}/webhooks/rest/webhook "
        '-H \'Content-Type: application/json\' -d \'{"sender": "me", "message": "how often must I pump?"}\''
        f"\n[run] web chat: http://localhost:{stack.ports.web}/   (Ctrl-C stops everything)",
        flush=True,
    )
    return run_until_signalled(stack)


def run_until_signalled(stack: Stack) -> int:
    """Keep the started ``stack`` running (restarting what dies) until SIGTERM, SIGINT or SIGHUP; then stop
    every child, so neither Ctrl-C nor a service manager's stop leaves a process behind."""
    stopping = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda received, _frame: stopping.set())
    try:
        stack.supervise(stopping.is_set)
        print("\n[run] stopping …", flush=True)
        return 0
    finally:
        stack.stop()
