"""A throwaway PostgreSQL server on loopback: ``make cluster`` and the tests that run the store on PostgreSQL.

Uses the machine's PostgreSQL (``initdb`` and ``pg_ctl`` on PATH, version 15 here) with a data directory of
our own (under ``var/`` for the cluster, a temporary folder for tests), trust authentication on 127.0.0.1 only
and its socket inside the data directory, so it touches nothing else on the machine. PostgreSQL refuses to
run as root; as root we run it as the ``postgres`` system user (``runuser``), which then owns the folder.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
from pathlib import Path

import sqlalchemy as sa

USER = "assistant"  # the database role the assistant connects as (the superuser of this throwaway server)
RUN_AS_WHEN_ROOT = "postgres"

# Tests only: a server whose data may be lost in a crash (no fsync) is several times faster to create.
UNDURABLE = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


class LocalPostgres:
    """``initdb`` once (kept between runs), ``pg_ctl start`` on ``port``, ``pg_ctl stop`` at the end."""

    def __init__(self, data_dir: Path, port: int, *, durable: bool = True) -> None:
        self.data_dir, self.port, self.durable = Path(data_dir), port, durable
        self.log = self.data_dir.parent / f"{self.data_dir.name}.log"

    def _command(self, *args: str) -> list[str]:
        # Debian keeps the server programs off PATH, under /usr/lib/postgresql/<version>/bin.
        debian = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{args[0]}"))
        binary = shutil.which(args[0]) or (str(debian[-1]) if debian else None)
        if binary is None:
            raise RuntimeError(
                f"{args[0]} is not on PATH: install PostgreSQL (Debian: apt-get install postgresql)."
            )
        command = [binary, *args[1:]]
        return ["runuser", "-u", RUN_AS_WHEN_ROOT, "--", *command] if os.geteuid() == 0 else command

    def _own(self, path: Path) -> None:
        if os.geteuid() == 0:
            entry = pwd.getpwnam(RUN_AS_WHEN_ROOT)
            os.chown(path, entry.pw_uid, entry.pw_gid)

    def init(self) -> None:
        """Create the data directory unless it already holds a cluster."""
        if (self.data_dir / "PG_VERSION").exists():
            return
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.data_dir.chmod(0o700)
        self._own(self.data_dir)
        options = ["--no-sync"] if not self.durable else []
        result = subprocess.run(
            self._command(
                "initdb",
                "-D",
                str(self.data_dir),
                "-U",
                USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-instructions",
                *options,
            ),
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"initdb failed for {self.data_dir} (as root, every folder above it must be readable by the "
                f"{RUN_AS_WHEN_ROOT!r} user): {result.stderr.strip()}"
            )

    def start(self) -> None:
        self.init()
        self.log.touch()
        self._own(self.log)
        settings = ["-p", str(self.port), "-k", str(self.data_dir), "-c", "listen_addresses=127.0.0.1"]
        if not self.durable:
            settings += UNDURABLE
        result = subprocess.run(
            self._command(
                "pg_ctl",
                "-D",
                str(self.data_dir),
                "-l",
                str(self.log),
                "-w",
                "-t",
                "60",
                "-o",
                " ".join(settings),
                "start",
            ),
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            tail = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start on port {self.port}: {result.stderr}{tail}")

    def stop(self) -> None:
        if (self.data_dir / "postmaster.pid").exists():
            subprocess.run(
                self._command("pg_ctl", "-D", str(self.data_dir), "-m", "fast", "-w", "stop"),
                capture_output=True,
            )

    def url(self, database: str, driver: str = "postgresql+psycopg2") -> str:
        return f"{driver}://{USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str, *, template: str | None = None) -> str:
        """Create ``name`` (a copy of ``template`` if given) unless it exists; its SQLAlchemy URL."""
        engine = sa.create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as connection:
                exists = connection.execute(
                    sa.text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
                ).first()
                if not exists:
                    copy = f' TEMPLATE "{template}"' if template else ""
                    connection.exec_driver_sql(f'CREATE DATABASE "{name}"{copy}')
        finally:
            engine.dispose()
        return self.url(name)
