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
from pathlib import Path

from config import Ports
from config.paths import REPO

TEMPLATE = REPO / "deploy" / "nginx" / "assistant.conf"


_PLACEHOLDER = re.compile(r"\$\{(LISTEN|RASA_UPSTREAM|WEB_UPSTREAM|PREFIX)\}")


def render(listen: str, rasa_upstream: str, web_upstream: str, prefix: Path) -> str:
    """The configuration with its four placeholders filled; nginx's own ``$variables`` are left alone."""
    values = {
        "LISTEN": listen,
        "RASA_UPSTREAM": rasa_upstream,
        "WEB_UPSTREAM": web_upstream,
        "PREFIX": str(prefix),
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], TEMPLATE.read_text())


class Proxy:
    """nginx with the assistant's configuration, in the foreground of its own process group."""

    def __init__(self, listen_port: int, ports: Ports, prefix: Path) -> None:
        self.port, self.prefix = listen_port, prefix
        self.prefix.mkdir(parents=True, exist_ok=True)
        self.conf = prefix / "nginx.conf"
        self.conf.write_text(
            render(f"127.0.0.1:{listen_port}", f"127.0.0.1:{ports.rasa}", f"127.0.0.1:{ports.web}", prefix)
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
    parser.add_argument("--prefix", default=str(REPO / "var" / "nginx"))
    args = parser.parse_args()
    ports = Ports.from_env()
    print(render(args.listen, f"127.0.0.1:{ports.rasa}", f"127.0.0.1:{ports.web}", Path(args.prefix)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
