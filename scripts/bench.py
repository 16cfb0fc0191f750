"""`make bench`: ours side by side with a bare `rasa init` bot trained and served by the same Rasa, same run.

Prints, for both: p50/p95 per message over REST (the same messages, alternating A B A B) and their ratio,
throughput at concurrency 1, 10 and 25, cold start (spawn to healthy, everything already built), the RSS of
every process; and the index's build time and warm retrieval latency. Asserts nothing. Targets (issue 13):
ratio p50 and p95 <= 2.0, throughput at 10 >= 0.7x the bare bot's, retrieval p95 <= 50 ms, cold start <= 1.1x
the bare bot's and <= 45 s, total RSS <= 2.5 GB. Then the cluster's throughput at concurrency 25.
    .venv/app/bin/python scripts/bench.py [--queries 200] [--rest 200] [--reuse-bare] [--no-cluster]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from config.paths import RASA_BIN  # noqa: E402
from knowledge.embedding import load_embedder  # noqa: E402
from knowledge.evaluation import DATA_DIR, read_questions  # noqa: E402
from knowledge.index import HybridIndex  # noqa: E402
from knowledge.units import load_units  # noqa: E402
from ops.cluster import Cluster, ClusterPorts  # noqa: E402
from ops.stack import Ports, Service, Stack  # noqa: E402


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
    parser.add_argument("--rest", type=int, default=200, help="messages per bot, alternating")
    parser.add_argument("--skip-rest", action="store_true")
    parser.add_argument("--reuse-bare", action="store_true", help="serve the bare bot of an earlier run")
    parser.add_argument("--no-cluster", action="store_true", help="skip the cluster's throughput")
    parser.add_argument("--skip-index-build", action="store_true", help="skip timing a fresh index build")
    args = parser.parse_args()
    questions = read_questions(DATA_DIR / "dev_questions.jsonl")

    started = time.perf_counter()
    embedder = load_embedder()
    print(f"model load                          {time.perf_counter() - started:7.2f} s")
    if not args.skip_index_build:
        with tempfile.TemporaryDirectory() as fresh:
            started = time.perf_counter()
            index = HybridIndex.load(embedder, index_dir=Path(fresh))
            elapsed = time.perf_counter() - started
            print(f"index build (fresh, {len(load_units())} units)      {elapsed:7.2f} s")
    started = time.perf_counter()
    index = HybridIndex.load(embedder)
    print(f"index load (persisted)              {time.perf_counter() - started:7.2f} s")

    for q in questions[-20:]:  # warm on other questions: each measured one is embedded afresh (no cache hit)
        index.search(q["question"], q.get("jurisdiction"), k=5)
    timings = []
    for q in questions[: min(args.queries, len(questions) - 20)]:
        t = time.perf_counter()
        index.search(q["question"], q.get("jurisdiction"), k=5)
        timings.append(time.perf_counter() - t)
    report("warm retrieval (hybrid, k=5)", timings)

    if args.skip_rest:
        return 0
    return side_by_side(questions, args.rest, reuse_bare=args.reuse_bare, with_cluster=not args.no_cluster)


# A few turns people send besides questions, then the writers' dev questions: the same for both bots.
SMALL_TALK = ["hello", "thanks", "ok", "I'm in Victorville", "what can you do?"]
CONCURRENCY = (1, 10, 25)
TURNS_PER_SENDER = 8


def side_by_side(questions: list[dict], rounds: int, *, reuse_bare: bool, with_cluster: bool) -> int:
    """Ours (Rasa, action server, web app, worker: `make run`) and a bare `rasa init` bot, same machine."""
    messages = [*SMALL_TALK, *(q["question"] for q in questions)]
    bare_dir = REPO / "var" / "bench" / "bare"
    bare_model = train_bare_bot(bare_dir, reuse=reuse_bare)
    ours = Stack(ports=Ports(rasa=5405, actions=5455, web=8400), var_dir=Path(tempfile.mkdtemp()))
    started = time.perf_counter()
    ours.start(timeout=300)
    ours_cold = time.perf_counter() - started
    bare = bare_bot(bare_dir, bare_model, port=5407)
    bare_url = "http://127.0.0.1:5407/webhooks/rest/webhook"
    try:
        started = time.perf_counter()
        bare.start(timeout=300, migrate=False)
        bare_cold = time.perf_counter() - started
        ours_url = f"http://127.0.0.1:{ours.ports.rasa}/webhooks/rest/webhook"
        bots = {"ours": ours_url, "bare": bare_url}
        for url in bots.values():  # warm both
            for i, message in enumerate(messages[:10]):
                post(url, f"warm-{i}", message)
        latencies: dict[str, list[float]] = {name: [] for name in bots}
        for i in range(rounds):  # alternating A B A B, one conversation per message pair
            message = messages[i % len(messages)]
            for name, url in bots.items():
                t = time.perf_counter()
                post(url, f"latency-{name}-{i // 10}", message)
                latencies[name].append(time.perf_counter() - t)
        print()
        print("per message over REST (same messages, alternating)")
        for name in bots:
            report(f"  {name}", latencies[name])
        for p in (50, 95):
            ratio = percentile(latencies["ours"], p) / percentile(latencies["bare"], p)
            print(f"  ratio ours/bare p{p}                 {ratio:7.2f}   (target <= 2.0)")
        print()
        print("throughput (messages/s; each sender sends its turns in order)")
        rates: dict[tuple[str, int], float] = {}
        for concurrency in CONCURRENCY:
            for name, url in bots.items():
                rate, p95 = throughput(url, messages, concurrency, tag=f"{name}-{concurrency}")
                rates[(name, concurrency)] = rate
                print(
                    f"  {name:<5} concurrency {concurrency:>2}: {rate:6.1f} msg/s   p95 {p95 * 1000:7.0f} ms"
                )
            share = rates[("ours", concurrency)] / rates[("bare", concurrency)]
            print(
                f"  ours/bare at {concurrency:>2}: {share:5.2f}"
                + ("   (target >= 0.7)" if concurrency == 10 else "")
            )
        print()
        print(
            f"cold start (spawn to healthy)  ours {ours_cold:6.1f} s   bare {bare_cold:6.1f} s   "
            f"ratio {ours_cold / bare_cold:4.2f}   (targets <= 1.1x and <= 45 s)"
        )
        print()
        print("memory (RSS)")
        total = 0.0
        for service in ours.services:
            mb = rss_mb(service.process.pid)
            total += mb
            print(f"  ours {service.name:<24} {mb:7.0f} MB")
        print(f"  ours total                    {total:7.0f} MB   (target <= 2,500 MB)")
        print(f"  bare rasa                     {rss_mb(bare.services[0].process.pid):7.0f} MB")
    finally:
        bare.stop()
        ours.stop()
    if with_cluster:
        cluster_throughput(messages, rates[("ours", 25)])
    return 0


def cluster_throughput(messages: list[str], single: float) -> None:
    """`make cluster` (2 Rasa replicas, 2 action servers, PostgreSQL, Redis, nginx) at concurrency 25."""
    folder = Path(tempfile.mkdtemp(prefix="fog-assistant-bench-cluster-"))
    folder.chmod(0o755)  # as root, PostgreSQL runs as the postgres user
    cluster = Cluster(ClusterPorts.from_base(8700), folder, REPO / "var" / "logs" / "bench-cluster")
    started = time.perf_counter()
    cluster.start(timeout=480)
    print()
    elapsed = time.perf_counter() - started
    print(f"cluster start (2 Rasa, 2 action servers, PostgreSQL, Redis, nginx) {elapsed:6.1f} s")
    try:
        url = f"http://127.0.0.1:{cluster.ports.internal}/webhooks/rest/webhook"
        for i, message in enumerate(messages[:10]):
            post(url, f"warm-{i}", message)
        rate, p95 = throughput(url, messages, 25, tag="cluster-25")
        print(
            f"  cluster concurrency 25: {rate:6.1f} msg/s   p95 {p95 * 1e3:7.0f} ms   "
            f"(single process: {single:6.1f} msg/s; ratio {rate / single:4.2f})"
        )
    finally:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


def post(url: str, sender: str, message: str) -> None:
    body = json.dumps({"sender": sender, "message": message}).encode()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        response.read()


def throughput(url: str, messages: list[str], concurrency: int, *, tag: str) -> tuple[float, float]:
    """``concurrency`` conversations at once, each sending TURNS_PER_SENDER messages in order."""
    timings: list[float] = []

    def converse(n: int) -> None:
        for turn in range(TURNS_PER_SENDER):
            t = time.perf_counter()
            post(url, f"load-{tag}-{n}", messages[(n * 7 + turn) % len(messages)])
            timings.append(time.perf_counter() - t)

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        list(pool.map(converse, range(concurrency)))
    elapsed = time.perf_counter() - started
    return len(timings) / elapsed, percentile(timings, 95)


def train_bare_bot(folder: Path, *, reuse: bool) -> Path:
    """`rasa init`'s bot, trained here by the same Rasa environment (kept only with --reuse-bare)."""
    models = sorted((folder / "models").glob("*.tar.gz"))
    if reuse and models:
        return models[-1]
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    started = time.perf_counter()
    subprocess.run(
        [str(RASA_BIN), "init", "--no-prompt", "--init-dir", str(folder)],
        cwd=folder,
        env={**os.environ, "RASA_TELEMETRY_ENABLED": "false"},
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    print(f"bare rasa init bot trained          {time.perf_counter() - started:7.1f} s")
    return sorted((folder / "models").glob("*.tar.gz"))[-1]


def bare_bot(folder: Path, model: Path, port: int) -> Stack:
    """The bare bot served by the same Rasa, with its own credentials (REST only) and endpoints."""
    command = [str(RASA_BIN), "run", "--model", str(model), "--port", str(port), "--interface", "127.0.0.1"]
    command += [
        "--credentials",
        str(folder / "credentials.yml"),
        "--endpoints",
        str(folder / "endpoints.yml"),
    ]
    service = Service("bare rasa", command, f"http://127.0.0.1:{port}/")
    return Stack.of([service], {**os.environ, "RASA_TELEMETRY_ENABLED": "false"}, folder, None)


if __name__ == "__main__":
    sys.exit(main())
