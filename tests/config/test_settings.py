"""Typed settings: CLOCK_START and CLOCK_ANCHOR, the shifted clock, ports, and .env under the environment."""

import datetime as dt

import pytest

import config.settings as settings_module
from config import Ports, Settings, SettingsError
from config.clock import shifted_clock
from config.settings import DEVELOPMENT_SECRET_KEY

SECRET = "k" * 40  # a long enough SECRET_KEY for the public-URL cases


def test_clock_start_is_read_as_an_aware_moment():
    settings = Settings.from_env({"CLOCK_START": "2026-12-01T02:00:00-08:00"})
    assert settings.clock_start == dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize("raw", ["2026-12-01T02:00:00", "yesterday", "2026-13-01T00:00:00+00:00"])
def test_a_clock_start_without_offset_or_unreadable_is_refused_naming_the_variable(raw):
    with pytest.raises(SettingsError, match="CLOCK_START"):
        Settings.from_env({"CLOCK_START": raw})


def test_production_refuses_a_shifted_clock():
    environ = {
        "MODE": "production",
        "CLOCK_START": "2026-12-01T02:00:00-08:00",
        "TWILIO_ACCOUNT_SID": "AC" + "1f" * 16,
        "TWILIO_AUTH_TOKEN": "a-real-looking-token-0123456789abcdef",
        "TWILIO_SMS_NUMBER": "+17605550100",
        "PUBLIC_BASE_URL": "https://fog.example.org",
        "SECRET_KEY": SECRET,
    }
    with pytest.raises(SettingsError, match="CLOCK_START"):
        Settings.from_env(environ)


def test_the_shifted_clock_starts_at_clock_start_and_runs_with_real_time():
    real = iter(
        [
            dt.datetime(2030, 5, 5, 12, 0, tzinfo=dt.timezone.utc),  # read when the clock is made
            dt.datetime(2030, 5, 5, 12, 0, 30, tzinfo=dt.timezone.utc),  # 30 s later
        ]
    )
    start = dt.datetime(2026, 12, 1, 23, 59, tzinfo=dt.timezone(dt.timedelta(hours=-8)))
    clock = shifted_clock(start, real_now=lambda: next(real))
    assert clock() == start + dt.timedelta(seconds=30)


def test_processes_sharing_a_clock_anchor_read_the_same_shifted_time_whenever_they_started():
    start = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.timezone(dt.timedelta(hours=-8)))
    anchor = dt.datetime(2030, 5, 5, 12, 0, tzinfo=dt.timezone.utc)
    now = dt.datetime(2030, 5, 5, 12, 5, tzinfo=dt.timezone.utc)  # both read five minutes after the anchor
    early = shifted_clock(start, real_now=lambda: now, anchor=anchor)
    late = Settings.from_env({"CLOCK_START": start.isoformat(), "CLOCK_ANCHOR": anchor.isoformat()})
    assert late.clock_anchor == anchor
    assert early() == start + dt.timedelta(minutes=5)
    later_process = shifted_clock(late.clock_start, real_now=lambda: now, anchor=late.clock_anchor)
    assert later_process() == early()


def test_without_clock_start_the_clock_is_the_real_time():
    before = dt.datetime.now(dt.timezone.utc)
    now = Settings.from_env({}).clock()()
    assert before <= now <= dt.datetime.now(dt.timezone.utc)


def test_ports_from_the_environment_and_a_bad_port_named():
    assert Ports.from_env({"RASA_PORT": "6005"}) == Ports(rasa=6005)
    with pytest.raises(SettingsError, match="WEB_PORT"):
        Ports.from_env({"WEB_PORT": "99999"})


def test_dot_env_is_read_under_the_environment(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text("SMS_RATE_LIMIT=7\nRASA_TIMEOUT_SECONDS=9\n")
    monkeypatch.setattr(settings_module, "ENV_FILE", env_file)
    monkeypatch.setenv("RASA_TIMEOUT_SECONDS", "11")
    settings = Settings.from_env()
    assert settings.sms_rate_limit == 7  # from .env
    assert settings.rasa_timeout_seconds == 11  # the environment wins


def test_env_example_reads_the_same_in_a_shell_and_through_dotenv():
    import subprocess

    from dotenv import dotenv_values

    from config import REPO

    example = REPO / ".env.example"
    expected = {k: v for k, v in dotenv_values(example).items() if v is not None}
    script = f"set -a; . '{example}'; set +a; env -0"
    shell = subprocess.run(["bash", "-c", script], capture_output=True, check=True, env={}).stdout.decode()
    seen = dict(line.split("=", 1) for line in shell.split("\0") if "=" in line)
    assert expected and all(seen.get(name) == value for name, value in expected.items()), {
        name: (seen.get(name), value) for name, value in expected.items() if seen.get(name) != value
    }


@pytest.mark.parametrize("mode", ["development", "test"])
@pytest.mark.parametrize("token", ["", "changeme", "short-token-123"])
def test_a_placeholder_or_short_token_is_refused_in_every_mode_once_the_url_is_public(mode, token):
    environ = {"MODE": mode, "PUBLIC_BASE_URL": "https://fog.example.org", "TWILIO_AUTH_TOKEN": token}
    with pytest.raises(SettingsError, match=r"TWILIO_AUTH_TOKEN.*PUBLIC_BASE_URL"):
        Settings.from_env(environ)


@pytest.mark.parametrize("url", ["http://localhost:5005", "http://127.0.0.1:5105", "http://[::1]:5005"])
def test_a_local_public_url_accepts_any_token_for_development(url):
    assert Settings.from_env({"PUBLIC_BASE_URL": url, "TWILIO_AUTH_TOKEN": "changeme"}).public_url_is_local


def test_a_real_length_token_with_a_public_url_is_accepted():
    token = "0123456789abcdef0123456789abcdef"
    settings = Settings.from_env(
        {"PUBLIC_BASE_URL": "https://fog.example.org", "TWILIO_AUTH_TOKEN": token, "SECRET_KEY": SECRET}
    )
    assert settings.twilio_auth_token == token


@pytest.mark.parametrize("secret", ["", "changeme", "short-secret", DEVELOPMENT_SECRET_KEY])
def test_a_public_url_refuses_a_missing_weak_or_development_secret_key(secret):
    environ = {
        "PUBLIC_BASE_URL": "https://fog.example.org",
        "TWILIO_AUTH_TOKEN": "0123456789abcdef0123456789abcdef",
        "SECRET_KEY": secret,
    }
    with pytest.raises(SettingsError, match="SECRET_KEY"):
        Settings.from_env(environ)


def test_recipients_are_the_comma_separated_list_for_the_city():
    settings = Settings.from_env({"VICTORVILLE_SPILL_SMS": " +17605550101, ,+17605550102 "})
    assert settings.recipients("victorville", "spill_sms") == ("+17605550101", "+17605550102")
    assert settings.recipients("inglewood", "spill_sms") == ()
