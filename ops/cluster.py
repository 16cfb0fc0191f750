"""``make cluster``: the scale-out deployment on one machine, every part on loopback.

PostgreSQL (a throwaway data directory under ``var/cluster/``: the app database and Rasa's tracker store),
Redis (Rasa's lock store), two Rasa replicas and two action servers behind nginx, the web app and the one
worker. Rasa reads ``deploy/rasa/endpoints.yml``; nginx is ``deploy/nginx/assistant.conf`` with every
replica listed. The same roles on separate machines: deploy/README.md.

The cluster test (tests/ops/test_cluster.py) starts exactly this, on other ports.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from config import Ports
from config.paths import RASA_BIN as RASA
from config.paths import REPO, VAR
from ops.postgres import LocalPostgres
from ops.proxy import Proxy
from ops.stack import (
    Service,
    Stack,
    action_server,
    base_environment,
    rasa_server,
    run_until_signalled,
    web_app,
    worker,
)

APP_DATABASE = "assistant"
TRACKER_DATABASE = "rasa_tracker"
CLUSTER_ENDPOINTS = "deploy/rasa/endpoints.yml"


@dataclass(frozen=True)
class ClusterPorts:
    """Loopback ports, apart from ``make run``'s so both can run on one machine."""

    public: int = 8280  # nginx: what Twilio and browsers reach
    internal: int = 8281  # nginx: the action servers for Rasa, Rasa's REST channel for the web app
    rasa: tuple[int, ...] = (5205, 5206)
    actions: tuple[int, ...] = (5255, 5256)
    web: int = 8200
    postgres: int = 55432
    redis: int = 56379

    @classmethod
    def from_base(cls, base: int) -> ClusterPorts:
        """Every port from ``base`` on (tests run a second cluster beside a developer's)."""
        return cls(
            base, base + 1, (base + 5, base + 6), (base + 15, base + 16), base + 20, base + 30, base + 31
        )


@dataclass
class Cluster:
    ports: ClusterPorts = field(default_factory=ClusterPorts)
    var_dir: Path = VAR / "cluster"
    log_dir: Path | None = None
    extra_env: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.var_dir.mkdir(parents=True, exist_ok=True)
        self.postgres = LocalPostgres(self.var_dir / "postgres", self.ports.postgres)
        self.env = self.environment()
        self.stack = Stack.of(self.services(), self.env, self.var_dir, self.log_dir)
        self.proxy = Proxy(
            self.ports.public,
            None,
            self.var_dir / "nginx",
            rasa=[f"127.0.0.1:{port}" for port in self.ports.rasa],
            actions=[f"127.0.0.1:{port}" for port in self.ports.actions],
            web=[f"127.0.0.1:{self.ports.web}"],
            internal_port=self.ports.internal,
        )

    def environment(self) -> dict[str, str]:
        single = Ports(rasa=self.ports.rasa[0], actions=self.ports.actions[0], web=self.ports.web)
        env = base_environment(single, self.var_dir)
        internal = f"http://127.0.0.1:{self.ports.internal}"
        env.update(
            {
                "DATABASE_URL": self.postgres.url(APP_DATABASE),
                "TRACKER_STORE_URL": self.postgres.url(TRACKER_DATABASE),
                "RASA_ENDPOINTS": CLUSTER_ENDPOINTS,
                "REDIS_HOST": "127.0.0.1",
                "REDIS_PORT": str(self.ports.redis),
                "REDIS_PASSWORD": "",
                "REDIS_DB": "1",
                "ACTION_SERVER_URL": f"{internal}/webhook",
                "RASA_URL": internal,
                "RUN_DIR": str(self.var_dir / "run"),
                **self.extra_env,
            }
        )
        return env

    def services(self) -> list[Service]:
        redis_dir = self.var_dir / "redis"
        redis_dir.mkdir(parents=True, exist_ok=True)
        # Locks only: nothing to keep across a restart (a lock outlives its holder by LOCK_LIFETIME at most).
        no_persistence = ["--save", "", "--appendonly", "no", "--dir", str(redis_dir)]
        redis = Service(
            "redis",
            ["redis-server", "--port", str(self.ports.redis), "--bind", "127.0.0.1", *no_persistence],
            f"tcp://127.0.0.1:{self.ports.redis}",
        )
        listed = [redis]
        listed += [action_server(port, f"action server {i}") for i, port in enumerate(self.ports.actions, 1)]
        listed += [rasa_server(port, self.env, f"rasa {i}") for i, port in enumerate(self.ports.rasa, 1)]
        return [*listed, web_app(self.ports.web), worker()]

    def start(self, timeout: float = 420.0) -> None:
        """PostgreSQL and its two databases, Rasa's tables, then every process, then nginx: all healthy."""
        try:
            self.postgres.start()
            self.postgres.create_database(APP_DATABASE)
            self.postgres.create_database(TRACKER_DATABASE)
            self.create_tracker_tables()
            self.stack.start(timeout=timeout)  # migrates the app database first
            self.proxy.start()
        except BaseException:
            self.stop()
            raise

    def create_tracker_tables(self) -> None:
        """Rasa's tables, made once before the replicas start (two replicas creating them at once race)."""
        script = (
            "from rasa.core.tracker_store import SQLTrackerStore; import sys; "
            "SQLTrackerStore(dialect='postgresql', host=sys.argv[1])"
        )
        python = RASA.parent / "python"
        subprocess.run(
            [str(python), "-c", script, self.env["TRACKER_STORE_URL"]],
            cwd=REPO,
            env={**self.env, "SQLALCHEMY_SILENCE_UBER_WARNING": "1"},
            check=True,
            capture_output=True,
        )

    def stop(self) -> None:
        self.proxy.stop()
        self.stack.stop()
        self.postgres.stop()

    def service(self, name: str) -> Service:
        return self.stack.service(name)


def main() -> int:
    cluster = Cluster(log_dir=VAR / "cluster" / "logs")
    print(
        "[cluster] starting PostgreSQL, Redis, 2 Rasa replicas, 2 action servers, the web app, the worker "
        "and nginx …",
        flush=True,
    )
    try:
        cluster.start()
    except (RuntimeError, TimeoutError, subprocess.CalledProcessError) as error:
        print(f"[cluster] {error} (logs: {cluster.log_dir})", file=sys.stderr)
        return 1
    ports = cluster.ports
    print(
        f"[cluster] ready. Public (Twilio, web chat, console): http://127.0.0.1:{ports.public}/ ; "
        f"internal balancer: http://127.0.0.1:{ports.internal}/ ; PostgreSQL 127.0.0.1:{ports.postgres} "
        f"(databases {APP_DATABASE}, {TRACKER_DATABASE}); Redis 127.0.0.1:{ports.redis}. "
        f"Logs: {cluster.log_dir}. Ctrl-C stops everything.",
        flush=True,
    )
    try:
        return run_until_signalled(cluster.stack)
    finally:
        cluster.proxy.stop()
        cluster.postgres.stop()


if __name__ == "__main__":
    raise SystemExit(main())
