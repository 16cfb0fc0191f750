"""`make bench`: index build time, warm retrieval latency, end-to-end REST latency, server memory.

Prints numbers; asserts nothing (targets: warm retrieval p95 <= 50 ms, end-to-end p95 <= 250 ms).
    .venv/app/bin/python scripts/bench.py [--queries 200] [--rest 100] [--skip-rest]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from knowledge.embedding import load_embedder  # noqa: E402
from knowledge.evaluation import DATA_DIR, read_questions  # noqa: E402
from knowledge.index import HybridIndex  # noqa: E402
from knowledge.units import load_units  # noqa: E402
from ops.stack import Ports, Stack  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name:<34} n={len(ms):<4} p50 {percentile(ms, 50):7.1f} ms   p95 {percentile(ms, 95):7.1f} ms"
        f"   mean {statistics.fmean(ms):7.1f} ms"
    )


def rss_mb(pid: int) -> float:
    total = 0
    for child in [pid, *_descendants(pid)]:
        try:
            for line in Path(f"/proc/{child}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def _descendants(pid: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if int((proc / "stat").read_text().split(") ")[1].split()[1]) == pid:
                    found += [int(proc.name), *_descendants(int(proc.name))]
            except (OSError, IndexError, ValueError):
                continue
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--rest", type=int, default=100)
    parser.add_argument("--skip-rest", action="store_true")
    args = parser.parse_args()
    questions = read_questions(DATA_DIR / "dev_questions.jsonl")

    started = time.perf_counter()
    embedder = load_embedder()
    print(f"model load                          {time.perf_counter() - started:7.2f} s")
    with tempfile.TemporaryDirectory() as fresh:
        started = time.perf_counter()
        index = HybridIndex.load(embedder, index_dir=Path(fresh))
        print(f"index build (fresh, {len(load_units())} units)      {time.perf_counter() - started:7.2f} s")
    started = time.perf_counter()
    index = HybridIndex.load(embedder)
    print(f"index load (persisted)              {time.perf_counter() - started:7.2f} s")

    for q in questions[:20]:
        index.search(q["question"], q.get("jurisdiction"), k=5)
    timings = []
    for i in range(args.queries):
        q = questions[i % len(questions)]
        t = time.perf_counter()
        index.search(q["question"], q.get("jurisdiction"), k=5)
        timings.append(time.perf_counter() - t)
    report("warm retrieval (hybrid, k=5)", timings)

    if args.skip_rest:
        return 0
    stack = Stack(
        ports=Ports(rasa=5205, actions=5255, web=8200), var_dir=Path(tempfile.mkdtemp()), with_web=False
    )
    started = time.perf_counter()
    stack.start(timeout=300)
    print(f"stack start (Rasa + action server)  {time.perf_counter() - started:7.2f} s")
    try:
        url = f"http://127.0.0.1:{stack.ports.rasa}/webhooks/rest/webhook"

        def post(sender: str, message: str) -> None:
            body = json.dumps({"sender": sender, "message": message, "metadata": {"channel": "sms"}}).encode()
            request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=60) as response:
                response.read()

        for i in range(5):
            post("bench-warm", questions[i]["question"])
        rest = []
        for i in range(args.rest):
            q = questions[i % len(questions)]
            sender = f"bench-{i}"
            post(sender, q.get("jurisdiction") or "victorville")
            t = time.perf_counter()
            post(sender, q["question"])
            rest.append(time.perf_counter() - t)
        report("end-to-end REST (question turn)", rest)
        for service in stack.services:
            print(f"memory {service.name:<28} {rss_mb(service.process.pid):7.0f} MB RSS")
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
