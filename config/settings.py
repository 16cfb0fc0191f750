"""One typed settings object, read from environment variables (``.env.example`` lists them all).

It must load in both Python environments (the Rasa server's 3.10 with pydantic 1, everything else on 3.11),
so it is a frozen dataclass over the standard library. Outside development mode it refuses to start with a
placeholder or missing secret, and every error names the variable and says what to set.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import time
from pathlib import Path
from urllib.parse import urlsplit

from config.clock import Clock, shifted_clock
from config.paths import DEFAULT_DATABASE_URL, ENV_FILE, REPO, VAR

PLACEHOLDER = re.compile(r"^(|changeme.*|change-me.*|your[_-].*|x+|AC0{32}|0{32}|placeholder.*|todo)$", re.I)
MODES = ("development", "test", "production")
MIN_AUTH_TOKEN_LENGTH = 32  # Twilio Auth Tokens are 32 hexadecimal characters
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
DEVELOPMENT_SECRET_KEY = "development-only-secret-key-not-for-deployment"  # refused off localhost
MIN_SECRET_KEY_LENGTH = 32


class SettingsError(ValueError):
    """A setting is missing or wrong; the message names the variable and the fix."""


@dataclass(frozen=True)
class Settings:
    mode: str = "development"
    public_base_url: str = "http://localhost:5005"  # what Twilio calls; behind a proxy, the proxy's URL
    database_url: str = DEFAULT_DATABASE_URL
    rasa_url: str = "http://127.0.0.1:5005"
    action_server_url: str = "http://127.0.0.1:5055/webhook"  # as endpoints.yml has it; /health beside it
    run_dir: str = str(VAR / "run")  # where the worker's heartbeat is kept, for /health
    tracker_db: str = str(VAR / "tracker.db")  # Rasa's SQLite tracker store (endpoints.yml)
    # Rasa's tracker store in PostgreSQL (deploy/rasa/endpoints.yml, the cluster): wins over tracker_db.
    tracker_store_url: str = ""
    retention_days: int = 365  # conversations and personal data older than this are erased; 0 keeps them
    twilio_account_sid: str = ""
    twilio_auth_token: str = ""
    twilio_sms_number: str = ""  # the number reminders are sent from, E.164
    twilio_api_base_url: str = ""  # tests only: Twilio REST calls go to a local fake (refused in production)
    voice_dial_enabled: bool = True  # connect spill callers with <Dial>; otherwise read the number out
    # Numbers the ordinances name offices for but do not print (Victorville) or print (Inglewood).
    victorville_code_enforcement_phone: str = ""
    victorville_sanitary_phone: str = ""
    victorville_after_hours_phone: str = ""  # fire/police non-emergency line for when City Hall is closed
    inglewood_spill_phone: str = "(310) 412-5333"  # printed in the Inglewood ordinance
    victorville_contact_phone: str = ""
    inglewood_contact_phone: str = ""
    victorville_solid_waste_phone: str = (
        ""  # carts, pickups, hauling (Chapter 6.37): the city's office or hauler
    )
    inglewood_solid_waste_phone: str = ""
    quiet_hours_start: time = time(21, 0)  # no reminders between start and end, city time
    quiet_hours_end: time = time(8, 0)
    sms_rate_limit: int = 20  # messages per number per window
    sms_rate_window_seconds: int = 600
    sms_program_name: str = "FOG & Organics Assistant"  # starts every carrier keyword reply and reminder
    sms_help_contact: str = ""  # HELP reply contact; empty: the city offices (with the contact phones if set)
    # True when the Twilio number itself answers English STOP/START/HELP (Twilio's default opt-out handling):
    # we still record the opt-out or opt-in but send no second confirmation.
    sms_keywords_answered_by_twilio: bool = False
    reminder_poll_seconds: int = 60  # how often the reminder scheduler looks for due reminders
    rasa_timeout_seconds: int = 30  # how long the web chat waits for Rasa's answer before giving up on a turn
    clock_start: dt.datetime | None = None  # CLOCK_START: run every clock from this moment (tests only)
    # CLOCK_ANCHOR: the real moment CLOCK_START stands for, the same in every process of a stack (set by the
    # supervisor), so their clocks agree; without it each process anchors CLOCK_START when it starts.
    clock_anchor: dt.datetime | None = None
    # Signs document links and console sessions' CSRF tokens; every process of one deployment shares it.
    secret_key: str = DEVELOPMENT_SECRET_KEY
    # The city's side (README, "For city staff"). Recipients are comma-separated lists; empty: nobody.
    victorville_spill_sms: str = ""  # on-call phones texted for every spill report (quiet hours ignored)
    victorville_spill_email: str = ""
    inglewood_spill_sms: str = ""
    inglewood_spill_email: str = ""
    victorville_applications_email: str = ""  # the FOG office: permit applications and waiver requests
    inglewood_applications_email: str = ""
    alert_email: str = ""  # operators: a notification that failed after its last retry
    notification_templates_dir: str = ""  # overrides for the message templates; empty: the built-in ones
    notification_max_attempts: int = 6  # then the notification is failed and alerted
    outbox_poll_seconds: int = 5
    abandon_after_minutes: int = 30  # a spill report left unconfirmed this long is flagged for staff
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 25
    smtp_username: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    smtp_from: str = "FOG & Organics Assistant <assistant@localhost>"
    document_link_hours: int = 72  # how long a texted link to a drafted notice or summary works
    web_public_url: str = "http://localhost:8000"  # the web app's public address, for links sent to users
    console_session_hours: int = 8
    console_max_failed_logins: int = 5  # then the account is locked
    console_lockout_minutes: int = 15
    secrets: tuple[str, ...] = field(default=("twilio_auth_token", "secret_key", "smtp_password"), repr=False)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = environment() if environ is None else environ
        values: dict[str, object] = {}
        for spec in fields(cls):
            if spec.name == "secrets":
                continue
            name = spec.name.upper()
            if name not in env:
                continue
            raw = env[name].strip()
            values[spec.name] = _convert(name, raw, spec.default)
        settings = cls(**values)
        settings.check()
        return settings

    def check(self) -> None:
        if self.mode not in MODES:
            raise SettingsError(f"MODE={self.mode!r} is not one of {', '.join(MODES)}.")
        if self.sms_rate_limit < 1 or self.sms_rate_window_seconds < 1:
            raise SettingsError("SMS_RATE_LIMIT and SMS_RATE_WINDOW_SECONDS must be positive whole numbers.")
        if self.retention_days < 0:
            raise SettingsError(
                f"RETENTION_DAYS={self.retention_days!r} must be 0 (keep) or a number of days."
            )
        if self.reminder_poll_seconds < 1:
            raise SettingsError(f"REMINDER_POLL_SECONDS={self.reminder_poll_seconds!r} must be at least 1.")
        if not self.sms_program_name.strip():
            raise SettingsError("SMS_PROGRAM_NAME must name the program (it starts every keyword reply).")
        if self.rasa_timeout_seconds < 1:
            raise SettingsError(f"RASA_TIMEOUT_SECONDS={self.rasa_timeout_seconds!r} must be 1 or more.")
        if not re.match(r"^https?://", self.rasa_url):
            raise SettingsError(f"RASA_URL={self.rasa_url!r} must start with http:// or https://.")
        if not re.match(r"^https?://", self.public_base_url):
            raise SettingsError(
                f"PUBLIC_BASE_URL={self.public_base_url!r} must start with http:// or https://."
            )
        if not re.match(r"^https?://", self.web_public_url):
            raise SettingsError(
                f"WEB_PUBLIC_URL={self.web_public_url!r} must start with http:// or https://."
            )
        token = self.twilio_auth_token
        if not self.public_url_is_local and (PLACEHOLDER.match(token) or len(token) < MIN_AUTH_TOKEN_LENGTH):
            raise SettingsError(
                f"TWILIO_AUTH_TOKEN is missing, a placeholder or under {MIN_AUTH_TOKEN_LENGTH} characters "
                f"while PUBLIC_BASE_URL={self.public_base_url!r} is reachable from outside, so anyone could "
                "sign webhook requests. Set the Auth Token from the Twilio console, or use a localhost "
                "PUBLIC_BASE_URL for development."
            )
        secret = self.secret_key
        if not self.public_url_is_local and (
            secret == DEVELOPMENT_SECRET_KEY
            or PLACEHOLDER.match(secret)
            or len(secret) < MIN_SECRET_KEY_LENGTH
        ):
            raise SettingsError(
                f"SECRET_KEY is missing, the development default or under {MIN_SECRET_KEY_LENGTH} characters "
                f"while PUBLIC_BASE_URL={self.public_base_url!r} is reachable from outside, so anyone could "
                "forge document links and console tokens. Set a long random value, e.g. the output of "
                "`python -c 'import secrets; print(secrets.token_urlsafe(48))'`."
            )
        for name in (
            "notification_max_attempts",
            "outbox_poll_seconds",
            "abandon_after_minutes",
            "document_link_hours",
            "console_session_hours",
            "console_max_failed_logins",
            "console_lockout_minutes",
        ):
            if getattr(self, name) < 1:
                raise SettingsError(f"{name.upper()}={getattr(self, name)!r} must be 1 or more.")
        if self.mode != "production":
            return
        if self.clock_start is not None:
            raise SettingsError("CLOCK_START is for tests and demonstrations: unset it in production.")
        if self.twilio_api_base_url:
            raise SettingsError(
                "TWILIO_API_BASE_URL is for tests (a local fake Twilio): unset it in production."
            )
        for name in ("twilio_account_sid", "twilio_auth_token", "twilio_sms_number"):
            if PLACEHOLDER.match(getattr(self, name)):
                raise SettingsError(
                    f"{name.upper()} is missing or a placeholder; set the real value from the Twilio console "
                    "(or run with MODE=development)."
                )
        if not self.public_base_url.startswith("https://"):
            raise SettingsError(
                "PUBLIC_BASE_URL must be an https:// address in production (Twilio signs it)."
            )
        if not self.web_public_url.startswith("https://"):
            raise SettingsError(
                "WEB_PUBLIC_URL must be an https:// address in production (document links carry their key)."
            )

    @property
    def public_url_is_local(self) -> bool:
        """Whether Twilio's address for us is this machine only (development and tests)."""
        return (urlsplit(self.public_base_url).hostname or "") in LOCAL_HOSTS

    @property
    def is_development(self) -> bool:
        return self.mode != "production"

    @property
    def tracker_url(self) -> str:
        """Rasa's tracker store as a SQLAlchemy URL (a relative path is under the repository)."""
        if self.tracker_store_url:
            return self.tracker_store_url
        path = Path(self.tracker_db)
        return f"sqlite:///{path if path.is_absolute() else REPO / path}"

    def recipients(self, city: str, kind: str) -> tuple[str, ...]:
        """The configured recipients of ``kind`` (``spill_sms``, ``spill_email``, ``applications_email``)
        for ``city``: the comma-separated list of ``<CITY>_<KIND>``, blanks dropped."""
        raw = getattr(self, f"{city}_{kind}", "")
        return tuple(part.strip() for part in raw.split(",") if part.strip())

    def clock(self) -> Clock:
        """The clock this process reads: real time, shifted to start at ``CLOCK_START`` when set."""
        return shifted_clock(self.clock_start, anchor=self.clock_anchor)


@dataclass(frozen=True)
class Ports:
    """The loopback ports of the three processes (``RASA_PORT``, ``ACTION_SERVER_PORT``, ``WEB_PORT``)."""

    rasa: int = 5005
    actions: int = 5055
    web: int = 8000

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Ports:
        env = environment() if environ is None else environ
        values = {}
        for name, variable in (("rasa", "RASA_PORT"), ("actions", "ACTION_SERVER_PORT"), ("web", "WEB_PORT")):
            if variable in env:
                port = _convert(variable, env[variable].strip(), 0)
                if not 0 < port < 65536:
                    raise SettingsError(f"{variable}={port!r} must be a port number from 1 to 65535.")
                values[name] = port
        return cls(**values)


def environment() -> dict[str, str]:
    """The process environment over the values of ``.env`` (if the file exists): the environment wins."""
    merged: dict[str, str] = {}
    if ENV_FILE.is_file():
        from dotenv import dotenv_values

        merged.update({key: value for key, value in dotenv_values(ENV_FILE).items() if value is not None})
    merged.update(os.environ)
    return merged


def _convert(name: str, raw: str, default: object) -> object:
    if isinstance(default, bool):
        if raw.lower() in ("1", "true", "yes", "on"):
            return True
        if raw.lower() in ("0", "false", "no", "off"):
            return False
        raise SettingsError(f"{name}={raw!r} should be true or false.")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise SettingsError(f"{name}={raw!r} should be a whole number.") from None
    if name in ("CLOCK_START", "CLOCK_ANCHOR"):
        return _moment(name, raw)
    if isinstance(default, time):
        match = re.fullmatch(r"(\d{1,2}):(\d{2})", raw)
        if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
            raise SettingsError(f"{name}={raw!r} should be a time of day like 21:00.")
        return time(int(match.group(1)), int(match.group(2)))
    return raw


def _moment(name: str, raw: str) -> dt.datetime | None:
    if not raw:
        return None
    try:
        moment = dt.datetime.fromisoformat(raw)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise SettingsError(
            f"{name}={raw!r} should be a moment with its UTC offset, like 2026-12-01T10:00:00-08:00."
        )
    return moment
