"""The reverse proxy in front of the assistant: render ``deploy/nginx/assistant.conf`` and run nginx.

``python -m ops.proxy render --listen 0.0.0.0:8080`` prints the configuration for this machine's ports (the
same file works with envsubst); the tests start nginx on a loopback port in front of a running stack with
:class:`Proxy`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from config import Ports
from config.paths import REPO

TEMPLATE = REPO / "deploy" / "nginx" / "assistant.conf"


_PLACEHOLDER = re.compile(r"\$\{(LISTEN|INTERNAL_LISTEN|RASA_SERVERS|ACTIONS_SERVERS|WEB_SERVERS|PREFIX)\}")


def server_lines(addresses: Sequence[str]) -> str:
    """An upstream's members as nginx ``server`` lines: ``server 127.0.0.1:5005; server ...;``."""
    if not addresses:
        raise ValueError("an upstream needs at least one server")
    return " ".join(f"server {address} max_fails=1 fail_timeout=10s;" for address in addresses)


def render(
    listen: str,
    rasa: Sequence[str],
    web: Sequence[str],
    prefix: Path,
    *,
    actions: Sequence[str] = (),
    internal_listen: str | None = None,
) -> str:
    """The configuration with its placeholders filled; nginx's own ``$variables`` are left alone.

    ``rasa``, ``web`` and ``actions`` list each upstream's members (host:port). Without action servers the
    internal balancer still listens (on ``internal_listen``, default the port after ``listen``) and answers
    502, so one template serves the single process and the cluster.
    """
    host, _, port = listen.rpartition(":")
    values = {
        "LISTEN": listen,
        "INTERNAL_LISTEN": internal_listen or f"{host or '127.0.0.1'}:{int(port) + 1}",
        "RASA_SERVERS": server_lines(rasa),
        "ACTIONS_SERVERS": server_lines(actions or ["127.0.0.1:9"]),
        "WEB_SERVERS": server_lines(web),
        "PREFIX": str(prefix),
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], TEMPLATE.read_text())


class Proxy:
    """nginx with the assistant's configuration, in the foreground of its own process group."""

    def __init__(
        self,
        listen_port: int,
        ports: Ports | None,
        prefix: Path,
        *,
        rasa: Sequence[str] = (),
        web: Sequence[str] = (),
        actions: Sequence[str] = (),
        internal_port: int | None = None,
    ) -> None:
        """nginx on ``listen_port`` in front of one stack's ``ports``, or of the replicas listed."""
        self.port, self.prefix = listen_port, prefix
        self.internal_port = internal_port or listen_port + 1
        self.prefix.mkdir(parents=True, exist_ok=True)
        self.conf = prefix / "nginx.conf"
        if ports is not None:
            rasa, web = rasa or [f"127.0.0.1:{ports.rasa}"], web or [f"127.0.0.1:{ports.web}"]
        self.conf.write_text(
            render(
                f"127.0.0.1:{listen_port}",
                rasa,
                web,
                prefix,
                actions=actions,
                internal_listen=f"127.0.0.1:{self.internal_port}",
            )
        )
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 20.0) -> None:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        command = [nginx, "-p", str(self.prefix), "-c", str(self.conf)]
        check = subprocess.run([*command, "-t"], capture_output=True)
        if check.returncode != 0:
            raise RuntimeError(f"nginx refused the configuration: {check.stderr.decode()}")
        self.process = subprocess.Popen(
            [*command, "-g", "daemon off;"],
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=2)
                return
            except urllib.error.HTTPError:
                return  # nginx answers (the app behind it may not be up yet)
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"nginx did not answer on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description="Render the nginx configuration for this deployment.")
    parser.add_argument("command", choices=["render"])
    parser.add_argument("--listen", default="127.0.0.1:8080")
    parser.add_argument("--internal-listen", help="the internal balancer (default: the next port)")
    parser.add_argument("--prefix", default=str(REPO / "var" / "nginx"))
    parser.add_argument("--rasa", nargs="+", help="Rasa replicas, host:port (default: this machine's port)")
    parser.add_argument("--actions", nargs="+", help="action servers, host:port")
    parser.add_argument("--web", nargs="+", help="web apps, host:port")
    args = parser.parse_args()
    ports = Ports.from_env()
    print(
        render(
            args.listen,
            args.rasa or [f"127.0.0.1:{ports.rasa}"],
            args.web or [f"127.0.0.1:{ports.web}"],
            Path(args.prefix),
            actions=args.actions or [f"127.0.0.1:{ports.actions}"],
            internal_listen=args.internal_listen,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
