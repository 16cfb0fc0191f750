"""`make soak`: the full-size load run against a fresh stack, printed, with a verdict.

50 concurrent conversations x 20 turns mixed over signed SMS, signed voice and the web chat, twice: once as is
and once with a 10 MB unsigned POST thrown at the SMS webhook mid-run. Prints turns, errors, empty replies and
p50/p95/max for both, and the p95 ratio. Exits 1 on any error or empty reply, or if the POST more than doubles
everyone else's p95.
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests" / "support")]

from traffic import Traffic  # noqa: E402

from config import Ports  # noqa: E402
from ops.stack import Stack  # noqa: E402

PORTS = Ports(rasa=5605, actions=5655, web=8600)
TOKEN = "soak-test-auth-token-0123456789ab"
ACCOUNT = "AC" + "50" * 16
ENV = {
    "MODE": "test",
    "TWILIO_ACCOUNT_SID": ACCOUNT,
    "TWILIO_AUTH_TOKEN": TOKEN,
    "PUBLIC_BASE_URL": f"http://127.0.0.1:{PORTS.rasa}",
    "CLOCK_START": "2026-12-01T10:00:00-08:00",
}


def run(with_flood: bool) -> dict:
    # Each run texts from its own numbers: the SMS line allows 20 messages per number per 10 minutes.
    traffic = Traffic(
        PORTS.rasa, PORTS.web, ENV["PUBLIC_BASE_URL"], TOKEN, ACCOUNT, number_block=2 if with_flood else 1
    )
    flood: dict = {}

    def throw_in_a_flood() -> None:
        flood["status"], flood["seconds"] = traffic.unsigned_flood(10)

    timer = threading.Timer(5.0, throw_in_a_flood)
    if with_flood:
        timer.start()
    traffic.run(conversations=50, turns=20, concurrency=50, seed=11 if with_flood else 7)
    if with_flood:
        timer.join()
    return {**traffic.summary(), "flood": flood or None}


def main() -> int:
    with tempfile.TemporaryDirectory() as var:
        stack = Stack(ports=PORTS, var_dir=Path(var), log_dir=Path(var) / "logs", extra_env=ENV)
        print("[soak] starting a fresh stack …", flush=True)
        stack.start(timeout=300)
        try:
            plain = run(with_flood=False)
            print("[soak] without the 10 MB POST:", json.dumps(plain), flush=True)
            flooded = run(with_flood=True)
            print("[soak] with the 10 MB POST:   ", json.dumps(flooded), flush=True)
        finally:
            stack.stop()
    ratio = flooded["p95_ms"] / plain["p95_ms"]
    print(f"[soak] p95 ratio with/without the POST: {ratio:.2f} (must stay under 2.0)")
    failed = plain["errors"] + plain["empty"] + flooded["errors"] + flooded["empty"] > 0 or ratio >= 2.0
    print("[soak] FAILED" if failed else "[soak] passed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
