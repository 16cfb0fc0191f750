"""Golden snapshots: a year of obligations for a few sample facilities.

``python -m compliance snapshot --write`` regenerates ``tests/compliance/golden/*.json``; without ``--write``
it compares and prints a diff. Review a regenerated snapshot as a diff, like python-holidays' snapshots: every
changed line is a changed answer to an operator.

Each facility is evaluated on the first day of each month from January 2026 to January 2027, replaying its
event timeline (only events on or before that day count).
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
from decimal import Decimal
from pathlib import Path

from compliance.core import City, Device, to_plain
from compliance.obligations import Event, FacilityEvents, FacilityProfile, obligations
from compliance.victorville.organics import GeneratorType

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "compliance" / "golden"

D = dt.date


def _weekly(start: dt.date, end: dt.date, skip: tuple[dt.date, dt.date] | None = None) -> tuple[dt.date, ...]:
    days = []
    day = start
    while day <= end:
        if not (skip and skip[0] <= day <= skip[1]):
            days.append(day)
        day += dt.timedelta(days=7)
    return tuple(days)


SAMPLES: dict[str, tuple[FacilityProfile, FacilityEvents]] = {
    "victorville_diner": (
        FacilityProfile(
            name="Victorville Diner",
            city=City.VICTORVILLE,
            device=Device.INTERCEPTOR,
            frequency_days=60,
            seats=260,
            generator=GeneratorType.COMMERCIAL,
            edible_food_kind="restaurant",
        ),
        FacilityEvents(
            services=(
                Event(D(2025, 12, 15), done_on=D(2025, 12, 16)),
                Event(D(2026, 2, 10), done_on=D(2026, 2, 12)),
                Event(D(2026, 4, 15), done_on=D(2026, 4, 20)),
                Event(D(2026, 6, 10), done_on=D(2026, 6, 11)),
                Event(D(2026, 8, 20), done_on=D(2026, 8, 21)),
                Event(D(2026, 10, 15), done_on=D(2026, 10, 16)),
            ),
            permit_issued=D(2025, 7, 1),
            trainings=(D(2025, 9, 1), D(2026, 9, 15)),
            hires=(Event(D(2026, 3, 2), done_on=D(2026, 3, 2)), Event(D(2026, 6, 1), done_on=D(2026, 6, 15))),
            invoices=(Event(D(2026, 5, 1), done_on=D(2026, 5, 20), amount=Decimal(450)),),
            spills=(Event(D(2025, 12, 24), done_on=D(2026, 1, 2)),),
            organics_trainings=(D(2025, 8, 1), D(2026, 7, 15)),
            label_inspections=(Event(D(2026, 1, 10)), Event(D(2026, 7, 8))),
            label_failures=(Event(D(2026, 7, 8), done_on=D(2026, 7, 15)),),
            contamination_checks=_weekly(
                D(2026, 1, 2), D(2026, 12, 31), skip=(D(2026, 8, 1), D(2026, 8, 31))
            ),
            organics_novs=(Event(D(2026, 8, 20), done_on=D(2026, 9, 10)),),
        ),
    ),
    "victorville_taqueria": (
        FacilityProfile(
            name="Victorville Taqueria",
            city=City.VICTORVILLE,
            device=Device.TRAP,
            generator=GeneratorType.COMMERCIAL,
            nonconforming_containers=True,
        ),
        FacilityEvents(
            services=tuple(
                Event(day, done_on=day + dt.timedelta(days=1))
                for day in (D(2025, 12, 20), D(2026, 1, 18), D(2026, 2, 15), D(2026, 4, 2), D(2026, 5, 1))
            ),
            permit_issued=D(2026, 3, 1),
            invoices=(Event(D(2026, 3, 1), amount=Decimal(200)),),
            planned_changes=(Event(D(2026, 9, 1), done_on=D(2026, 6, 15)),),
            deminimis_granted=D(2024, 3, 1),
        ),
    ),
    "inglewood_burger": (
        FacilityProfile(
            name="Inglewood Burger",
            city=City.INGLEWOOD,
            device=Device.INTERCEPTOR,
            seats=40,
            drive_thru=True,
        ),
        FacilityEvents(
            services=(
                Event(D(2025, 12, 1)),
                Event(D(2026, 3, 5)),
                Event(D(2026, 7, 20)),
                Event(D(2026, 10, 1)),
            ),
            permit_issued=D(2025, 10, 1),
            trainings=(D(2026, 2, 1), D(2026, 8, 1)),
            invoices=(
                Event(D(2026, 1, 15), done_on=D(2026, 2, 10), amount=Decimal(413)),
                Event(D(2026, 6, 1), amount=Decimal(150)),
            ),
            novs=(Event(D(2026, 6, 1)), Event(D(2026, 9, 1), done_on=D(2026, 9, 20))),
            spills=(Event(D(2026, 11, 25), done_on=D(2026, 12, 2)),),
            planned_changes=(Event(D(2027, 2, 1)),),
        ),
    ),
    "inglewood_cafe_waiver": (
        FacilityProfile(
            name="Inglewood Cafe (waiver with clean-up charge)",
            city=City.INGLEWOOD,
            device=None,
            seats=30,
            cleanup_charge_waiver=True,
        ),
        FacilityEvents(
            permit_issued=D(2026, 4, 1),
            trainings=(D(2026, 3, 1),),
            blockage_notices=(Event(D(2026, 5, 5)),),
        ),
    ),
}

EVALUATION_DAYS = (*tuple(D(2026, month, 1) for month in range(1, 13)), D(2027, 1, 1))


def build(name: str) -> dict:
    profile, events = SAMPLES[name]
    return {
        "facility": to_plain(profile),
        "events": to_plain(events),
        "snapshots": [
            {
                "today": day.isoformat(),
                "obligations": [o.to_dict() for o in obligations(profile, events, day)],
            }
            for day in EVALUATION_DAYS
        ],
    }


def render(name: str) -> str:
    return json.dumps(build(name), indent=2, ensure_ascii=False) + "\n"


def main(*, write: bool, directory: Path = GOLDEN_DIR) -> int:
    """Write (``write=True``) or check the snapshots; returns a process exit status."""
    changed = []
    for name in SAMPLES:
        path = directory / f"{name}.json"
        fresh = render(name)
        if write:
            directory.mkdir(parents=True, exist_ok=True)
            path.write_text(fresh, encoding="utf-8")
            print(f"wrote {path}")
            continue
        stored = path.read_text(encoding="utf-8") if path.exists() else ""
        if stored != fresh:
            changed.append(name)
            diff = difflib.unified_diff(
                stored.splitlines(), fresh.splitlines(), f"{path} (stored)", f"{path} (computed)", lineterm=""
            )
            print("\n".join(list(diff)[:200]))
    if changed:
        print(
            f"{len(changed)} snapshot(s) differ: {', '.join(changed)}. Review, then run `python -m "
            f"compliance snapshot --write`."
        )
        return 1
    if not write:
        print(f"{len(SAMPLES)} snapshots match.")
    return 0
