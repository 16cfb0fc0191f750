"""``python -m compliance``: the contract checked from outside. Every command runs once as a real subprocess;
the larger bad-input table runs in-process through the same ``main``."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from compliance.cli import main

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "compliance", *args], capture_output=True, text=True, cwd=REPO, timeout=60
    )


def run_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def in_process(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


class TestContract:
    def test_service_due(self):
        data = run_json(
            "service-due",
            "--city",
            "victorville",
            "--device",
            "interceptor",
            "--last-service",
            "2026-01-02",
            "--today",
            "2026-03-20",
        )
        assert data["due"] == "2026-04-02"
        assert data["days_left"] == 13 and data["status"] == "due_soon"
        assert data["citation"] == "Victorville Municipal Code § 10.03.160(f)(2)"
        assert data["reason"]

    def test_service_due_with_frequency(self):
        data = run_json(
            "service-due",
            "--city",
            "inglewood",
            "--device",
            "interceptor",
            "--last-service",
            "2026-01-02",
            "--frequency-days",
            "60",
            "--today",
            "2026-03-20",
        )
        assert data["due"] == "2026-03-03" and data["days_left"] == -17 and data["status"] == "overdue"

    def test_spill_deadline(self):
        data = run_json("spill-deadline", "--city", "inglewood", "--incident", "2026-11-25")
        assert data["deadline"] == "2026-12-04"
        assert data["citation"] == "Inglewood FOG Ordinance, Monitoring and Notification (3)(a)"
        assert len(data["must_state"]) == 4

    def test_deminimis(self):
        data = run_json("deminimis", "--total-yd3", "2", "--organics-gal", "20")
        assert data["eligible"] is False
        assert data["threshold"] == "6.37.050(a)(2)(a)"
        assert data["citation"] == "Victorville Municipal Code § 6.37.050(a)(2)(a)"

    def test_late_fee(self):
        data = run_json("late-fee", "--invoice-date", "2026-01-01", "--amount", "345", "--on", "2026-02-16")
        assert data["amount"] == 34.5 and isinstance(data["amount"], float)
        assert data["total_due"] == 379.5 and data["delinquent"] is True
        assert data["citation"] == "Inglewood FOG Ordinance, Enforcement (14)(a)"

    def test_nov_fee(self):
        data = run_json("nov-fee", "--count", "2")
        assert data["amount"] == 250 and isinstance(data["amount"], int)
        assert data["citation"] == "Inglewood FOG Ordinance, Enforcement (4)(b)"

    def test_annual_fee(self):
        data = run_json("annual-fee", "--seats", "50", "--drive-thru")
        assert data["amount"] == 413 and data["size"] == "large"
        assert data["citation"] == "Inglewood FOG Ordinance, Fees (2)"

    def test_edible_food_tier(self):
        data = run_json("edible-food-tier", "--kind", "grocery store", "--sqft", "12000")
        assert data["tier"] == 1 and data["applies_from"] == "2022-01-01"
        none = run_json("edible-food-tier", "--kind", "restaurant", "--seats", "40")
        assert none["tier"] is None and none["applies_from"] is None

    def test_text_output_is_a_sentence_with_the_citation(self):
        result = run("nov-fee", "--count", "1")
        assert result.returncode == 0
        assert result.stdout.strip() == (
            "The first notice of violation carries a penalty fee of $100. "
            "(Inglewood FOG Ordinance, Enforcement (4)(a))"
        )

    @pytest.mark.parametrize(
        "args",
        [
            ("service-due", "--city", "pasadena", "--device", "interceptor", "--last-service", "2026-01-02"),
            (
                "service-due",
                "--city",
                "victorville",
                "--device",
                "interceptor",
                "--last-service",
                "2026-02-30",
            ),
            (
                "service-due",
                "--city",
                "victorville",
                "--device",
                "interceptor",
                "--last-service",
                "2026-03-02",
                "--today",
                "2026-03-01",
            ),
            ("deminimis", "--total-yd3", "2", "--organics-gal", "-1"),
            ("nov-fee", "--count", "0"),
        ],
    )
    def test_bad_input_exits_2_with_one_sentence(self, args):
        result = run(*args, "--json")
        assert result.returncode == 2
        assert result.stdout == ""
        message = result.stderr.strip()
        assert "\n" not in message and message.endswith(".") and "Traceback" not in message


class TestInProcess:
    @pytest.mark.parametrize(
        ("args", "fragment"),
        [
            (("spill-deadline", "--city", "Mars", "--incident", "2026-01-02"), "Unknown city"),
            (("spill-deadline", "--city", "inglewood", "--incident", "01/02/2026"), "YYYY-MM-DD"),
            (
                ("late-fee", "--invoice-date", "2026-02-29", "--amount", "5", "--on", "2026-03-01"),
                "real calendar",
            ),
            (("late-fee", "--invoice-date", "2026-03-01", "--amount", "5", "--on", "2026-02-01"), "before"),
            (
                ("late-fee", "--invoice-date", "2026-03-01", "--amount", "-5", "--on", "2026-04-01"),
                "more than zero",
            ),
            (
                ("late-fee", "--invoice-date", "2026-03-01", "--amount", "ten", "--on", "2026-04-01"),
                "not a number",
            ),
            (
                ("late-fee", "--invoice-date", "2026-03-01", "--amount", "5", "--city", "victorville"),
                "Victorville",
            ),
            (("nov-fee", "--count", "-2"), "1 or more"),
            (("nov-fee", "--count", "two"), "whole number"),
            (("annual-fee", "--seats", "-1"), "negative"),
            (("annual-fee",), "seating capacity"),
            (("annual-fee", "--seats", "10", "--kind", "bakery"), "invalid choice"),
            (("deminimis", "--total-yd3", "-0.1", "--organics-gal", "1"), "negative"),
            (("deminimis", "--total-yd3", "nan", "--organics-gal", "1"), "finite"),
            (("edible-food-tier", "--kind", "spaceport"), "Unknown kind"),
            (("edible-food-tier", "--kind", "hotel"), "rooms"),
            (
                ("service-due", "--city", "victorville", "--device", "sink", "--last-service", "2026-01-02"),
                "choice",
            ),
            (
                (
                    "service-due",
                    "--city",
                    "victorville",
                    "--device",
                    "trap",
                    "--last-service",
                    "2026-01-02",
                    "--frequency-days",
                    "45",
                    "--today",
                    "2026-02-01",
                ),
                "30, 60, 90, 120 or 180",
            ),
            (
                (
                    "service-due",
                    "--city",
                    "inglewood",
                    "--device",
                    "trap",
                    "--last-service",
                    "2026-01-02",
                    "--today",
                    "2026-02-01",
                ),
                "no service interval for grease traps",
            ),
            (("service-due", "--city", "inglewood", "--device", "interceptor"), "required"),
            ((), "required"),
        ],
    )
    def test_bad_input(self, args, fragment):
        code, out, err = in_process(*args)
        assert code == 2 and out == ""
        assert fragment in err
        assert err.count("\n") == 1 and err.strip().endswith(".")

    @pytest.mark.parametrize(
        ("kind", "tier"),
        [
            ("supermarket", 1),
            ("food-service-provider", 1),
            ("food_distributor", 1),
            ("Wholesale Food Vendor", 1),
            ("large venue", 2),
            ("large_event", 2),
            ("local-education-agency", 2),
            ("food recovery service", None),
        ],
    )
    def test_edible_food_kinds(self, kind, tier):
        code, out, _ = in_process("edible-food-tier", "--kind", kind, "--json")
        assert code == 0 and json.loads(out)["tier"] == tier

    @pytest.mark.parametrize(("kind", "amount"), [("school", 413), ("hospital", 413), ("other", 267)])
    def test_annual_fee_kinds(self, kind, amount):
        code, out, _ = in_process("annual-fee", "--kind", kind, "--seats", "10", "--json")
        assert code == 0 and json.loads(out)["amount"] == amount

    def test_never_serviced(self):
        code, out, _ = in_process(
            "service-due",
            "--city",
            "inglewood",
            "--device",
            "interceptor",
            "--last-service",
            "never",
            "--today",
            "2026-02-01",
            "--json",
        )
        data = json.loads(out)
        assert code == 0 and data["status"] == "never_serviced" and data["due"] is None

    def test_today_defaults_to_the_real_date(self):
        code, out, _ = in_process(
            "service-due",
            "--city",
            "victorville",
            "--device",
            "trap",
            "--last-service",
            "2020-01-01",
            "--json",
        )
        data = json.loads(out)
        assert code == 0 and data["status"] == "overdue" and data["today"] > "2025-01-01"

    def test_extra_commands(self):
        code, out, _ = in_process(
            "deadline", "--city", "inglewood", "--rule", "revocation_final", "--start", "2026-03-02", "--json"
        )
        assert code == 0 and json.loads(out)["due"] == "2026-03-18"
        code, out, _ = in_process("interceptor-paths", "--no-space", "--json")
        assert code == 0 and json.loads(out)["paths"][0]["key"] == "waiver_with_cleanup_charge"
        code, out, _ = in_process(
            "spill-contacts", "--city", "victorville", "--when", "2026-03-07T10:00", "--json"
        )
        assert code == 0 and json.loads(out)["city_hall_open"] is False
        code, out, _ = in_process(
            "permit-fees",
            "--seats",
            "20",
            "--operating-since",
            "2009-01-01",
            "--fog-controls-adopted-on",
            "2011-06-01",
            "--json",
        )
        assert code == 0 and json.loads(out)["amount"] == 0
        code, out, _ = in_process("physical-space-waiver", "--json")
        assert code == 0 and json.loads(out)["valid_years"] == 5

    def test_snapshot_command_matches(self, capsys):
        assert main(["snapshot"]) == 0
        assert "snapshots match" in capsys.readouterr().out
