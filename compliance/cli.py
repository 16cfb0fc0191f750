"""Command line: ``python -m compliance <command> ... [--json]``.

Each command prints ONE JSON object with ``--json`` (ISO dates, plain numbers, ``citation`` and ``reason``),
or a readable sentence without it. Bad input exits with status 2 and one sentence on stderr. ``--today`` and
``--on`` default to the real date: the only place the clock is read.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from compliance import api, clocks
from compliance.core import City, ComplianceError, Result, parse_city
from compliance.inglewood import fog as inglewood_fog
from compliance.victorville import organics

EXIT_BAD_INPUT = 2

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class BadInput(Exception):
    """Raised by argument parsing; the message is the one sentence printed on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise BadInput(_sentence(message))


def _sentence(message: str) -> str:
    message = message.strip()
    message = message[:1].upper() + message[1:]
    return message if message.endswith((".", "?", "!")) else message + "."


def iso_date(text: str) -> dt.date:
    if not _DATE.match(text.strip()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a date; use YYYY-MM-DD, for example 2026-03-02")
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a real calendar date") from None


def optional_date(text: str) -> dt.date | None:
    return None if text.strip().lower() in {"none", "never"} else iso_date(text)


def iso_datetime(text: str) -> dt.datetime:
    try:
        return dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date and time; use YYYY-MM-DDTHH:MM, for example 2026-03-02T18:30"
        ) from None


def number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def city(text: str) -> City:
    try:
        return parse_city(text)
    except ComplianceError as error:
        raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None


def _inglewood_only(args: argparse.Namespace, what: str) -> None:
    if args.city is City.VICTORVILLE:
        raise ComplianceError(
            f"Victorville's Chapter 10.03 sets no {what}; its fees are set by city council resolution and "
            f"are delinquent forty-five days after notice (Victorville Municipal Code § 10.03.390(a))."
        )


def _today(args: argparse.Namespace) -> dt.date:
    return args.today or dt.date.today()


def cmd_service_due(args: argparse.Namespace) -> Result:
    return api.service_due(
        args.city,
        args.device,
        args.last_service,
        _today(args),
        args.frequency_days,
        accumulation_pct=args.accumulation_pct,
    )


def cmd_spill_deadline(args: argparse.Namespace) -> Result:
    return api.spill_deadline(args.city, args.incident)


def cmd_spill_contacts(args: argparse.Namespace) -> Result:
    return api.spill_contacts(args.city, args.when or dt.datetime.now())


def cmd_deminimis(args: argparse.Namespace) -> Result:
    return organics.deminimis(args.total_yd3, args.organics_gal)


def cmd_physical_space_waiver(args: argparse.Namespace) -> Result:
    return organics.physical_space_waiver()


def cmd_late_fee(args: argparse.Namespace) -> Result:
    _inglewood_only(args, "late-payment penalty")
    return inglewood_fog.late_fee(args.invoice_date, args.amount, args.on or dt.date.today())


def cmd_nov_fee(args: argparse.Namespace) -> Result:
    _inglewood_only(args, "notice-of-violation penalty fee")
    return inglewood_fog.nov_fee(args.count)


def cmd_annual_fee(args: argparse.Namespace) -> Result:
    _inglewood_only(args, "annual inspection and control fee")
    return inglewood_fog.annual_fee(args.seats, args.drive_thru, args.kind)


def cmd_permit_fees(args: argparse.Namespace) -> Result:
    return inglewood_fog.permit_fees(
        seats=args.seats,
        drive_thru=args.drive_thru,
        kind=args.kind,
        operating_since=args.operating_since,
        fog_controls_adopted_on=args.fog_controls_adopted_on,
    )


def cmd_edible_food_tier(args: argparse.Namespace) -> Result:
    return organics.edible_food_tier(
        args.kind,
        sqft=args.sqft,
        seats=args.seats,
        rooms=args.rooms,
        beds=args.beds,
        on_site_food_facility=not args.no_on_site_food_facility,
    )


def cmd_interceptor_paths(args: argparse.Namespace) -> Result:
    return inglewood_fog.interceptor_paths(
        args.no_space,
        args.no_slope,
        args.alt_tech_equivalent,
        args.negligible_fog,
        existing=not args.new_construction,
    )


def cmd_deadline(args: argparse.Namespace) -> Result:
    return clocks.deadline(args.city, args.rule, args.start)


def cmd_snapshot(args: argparse.Namespace) -> int:
    from compliance import snapshot

    return snapshot.main(write=args.write)


def _add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m compliance", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, handler: Callable, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(handler=handler)
        if name != "snapshot":
            _add_json(p)
        return p

    p = command("service-due", cmd_service_due, "When a grease interceptor or trap is next due for service.")
    p.add_argument("--city", type=city, required=True)
    p.add_argument("--device", choices=["interceptor", "trap"], required=True)
    p.add_argument("--last-service", type=optional_date, required=True, help="YYYY-MM-DD, or 'never'")
    p.add_argument("--frequency-days", type=whole, help="service frequency written in the permit")
    p.add_argument("--today", type=iso_date, help="defaults to the real date")
    p.add_argument("--accumulation-pct", type=number, help="FOG + solids as a percent of depth")

    p = command("spill-deadline", cmd_spill_deadline, "When the written spill confirmation is due.")
    p.add_argument("--city", type=city, required=True)
    p.add_argument("--incident", type=iso_date, required=True)

    p = command("spill-contacts", cmd_spill_contacts, "Who to telephone about a spill right now.")
    p.add_argument("--city", type=city, required=True)
    p.add_argument("--when", type=iso_datetime, help="local date and time; defaults to now")

    p = command("deminimis", cmd_deminimis, "Victorville de minimis organic waste waiver eligibility.")
    p.add_argument(
        "--total-yd3", type=number, required=True, help="weekly total solid waste service, cubic yards"
    )
    p.add_argument(
        "--organics-gal", type=number, required=True, help="weekly organic waste per container, gallons"
    )

    command(
        "physical-space-waiver", cmd_physical_space_waiver, "Victorville physical space waiver requirements."
    )

    p = command("late-fee", cmd_late_fee, "Inglewood late-payment penalty on an unpaid invoice.")
    p.add_argument("--invoice-date", type=iso_date, required=True)
    p.add_argument("--amount", type=number, required=True, help="base invoice amount in US dollars")
    p.add_argument("--on", type=iso_date, help="date to compute for; defaults to the real date")
    p.add_argument("--city", type=city, default=City.INGLEWOOD)

    p = command("nov-fee", cmd_nov_fee, "Inglewood penalty fee for the N-th notice of violation.")
    p.add_argument("--count", type=whole, required=True)
    p.add_argument("--city", type=city, default=City.INGLEWOOD)

    p = command("annual-fee", cmd_annual_fee, "Inglewood annual inspection and control fee.")
    p.add_argument("--seats", type=whole)
    p.add_argument("--drive-thru", action="store_true")
    p.add_argument("--kind", choices=[k.value for k in inglewood_fog.EstablishmentKind], default="restaurant")
    p.add_argument("--city", type=city, default=City.INGLEWOOD)

    p = command(
        "permit-fees", cmd_permit_fees, "Inglewood initial permit fee (and its waiver) plus annual fee."
    )
    p.add_argument("--seats", type=whole)
    p.add_argument("--drive-thru", action="store_true")
    p.add_argument("--kind", choices=[k.value for k in inglewood_fog.EstablishmentKind], default="restaurant")
    p.add_argument("--operating-since", type=iso_date, help="when the establishment began lawfully operating")
    p.add_argument("--fog-controls-adopted-on", type=iso_date)

    p = command(
        "edible-food-tier", cmd_edible_food_tier, "Victorville commercial edible food generator tier."
    )
    p.add_argument("--kind", required=True, help="e.g. supermarket, grocery store, restaurant, hotel")
    p.add_argument("--sqft", type=whole)
    p.add_argument("--seats", type=whole)
    p.add_argument("--rooms", type=whole)
    p.add_argument("--beds", type=whole)
    p.add_argument("--no-on-site-food-facility", action="store_true")

    p = command("interceptor-paths", cmd_interceptor_paths, "Inglewood variance and waiver paths.")
    for flag in (
        "--no-space",
        "--no-slope",
        "--alt-tech-equivalent",
        "--negligible-fog",
        "--new-construction",
    ):
        p.add_argument(flag, action="store_true")

    p = command("deadline", cmd_deadline, "Any named deadline clock, e.g. appeal_to_council.")
    p.add_argument("--city", type=city, required=True)
    p.add_argument("--rule", required=True)
    p.add_argument("--start", type=iso_date, required=True)

    p = command("snapshot", cmd_snapshot, "Compare (or --write) the golden obligation snapshots.")
    p.add_argument("--write", action="store_true", help="regenerate tests/compliance/golden/")
    return parser


def render_text(result: Result) -> str:
    return f"{result.reason} ({result.citation})"


def main(argv: Sequence[str] | None = None, *, out: Any = None, err: Any = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = build_parser().parse_args(argv)
        outcome = args.handler(args)
    except (BadInput, ComplianceError) as error:
        print(_sentence(str(error)), file=err)
        return EXIT_BAD_INPUT
    if isinstance(outcome, int):
        return outcome
    if args.json:
        print(json.dumps(outcome.to_dict(), ensure_ascii=False), file=out)
    else:
        print(render_text(outcome), file=out)
    return 0
