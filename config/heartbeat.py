"""How the worker shows it is alive: a file it touches every few seconds, which ``/health`` reads.

The worker serves no HTTP, so its health is the age of this file: fresh means the process is running and its
loop is turning; stale or missing means it is down (the supervisor restarts it).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

HEARTBEAT_FILE = "worker.heartbeat"
BEAT_SECONDS = 10.0
STALE_AFTER_SECONDS = 45.0


def beat_until(stop: threading.Event, run_dir: str | Path, every: float = BEAT_SECONDS) -> None:
    """Touch ``run_dir/worker.heartbeat`` now and every ``every`` seconds until ``stop`` is set."""
    path = Path(run_dir) / HEARTBEAT_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        path.write_text(f"{time.time():.3f}\n")  # the writer's clock, so readers compare like with like
        if stop.wait(every):
            return


def worker_state(run_dir: str | Path, now: float | None = None) -> str:
    """``"up"`` when the heartbeat is fresh, ``"down"`` when it is stale or missing."""
    path = Path(run_dir) / HEARTBEAT_FILE
    try:
        text = path.read_text().strip()
        beat = float(text) if text else path.stat().st_mtime
    except FileNotFoundError:
        return "down"
    except ValueError:
        beat = path.stat().st_mtime
    age = (time.time() if now is None else now) - beat
    return "up" if age <= STALE_AFTER_SECONDS else "down"
