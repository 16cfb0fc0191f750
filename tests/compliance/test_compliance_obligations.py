"""obligations(profile, events, today) and the golden year-of-obligations snapshots."""

import json
from datetime import date as D
from decimal import Decimal

import pytest

from compliance import Event, FacilityEvents, FacilityProfile, obligations
from compliance import snapshot as golden
from compliance.core import City, Device, Status
from compliance.victorville.organics import GeneratorType


def by_key(found):
    return {o.key: o for o in found}


def test_victorville_interceptor_and_follow_ups():
    profile = FacilityProfile(
        name="Diner", city=City.VICTORVILLE, device=Device.INTERCEPTOR, frequency_days=60
    )
    events = FacilityEvents(
        services=(Event(D(2026, 3, 2)),),
        permit_issued=D(2025, 7, 1),
        spills=(Event(D(2026, 3, 20)),),
        hires=(Event(D(2026, 3, 16)),),
        trainings=(D(2025, 9, 1),),
    )
    found = by_key(obligations(profile, events, D(2026, 3, 23)))
    assert found["grease_interceptor_service"].due == D(2026, 5, 1)
    assert found["grease_interceptor_service"].status is Status.COMPLIANT
    assert found["manifest_copy"].due == D(2026, 3, 5) and found["manifest_copy"].status is Status.OVERDUE
    assert found["records_retention"].status is Status.ONGOING
    assert found["spill_written_confirmation"].due == D(2026, 3, 27)
    assert found["spill_written_confirmation"].status is Status.DUE_SOON
    assert found["employee_training_at_hire"].status is Status.OVERDUE
    assert found["employee_training_annual"].due == D(2026, 9, 1)
    assert found["permit_renewal"].due == D(2026, 7, 1)
    assert "grease_trap_service" not in found


def test_done_follow_ups_show_until_due_then_drop_out():
    profile = FacilityProfile(name="Diner", city=City.VICTORVILLE, device=None)
    events = FacilityEvents(spills=(Event(D(2026, 3, 20), done_on=D(2026, 3, 24)),))
    assert (
        by_key(obligations(profile, events, D(2026, 3, 25)))["spill_written_confirmation"].status
        is Status.DONE
    )
    assert "spill_written_confirmation" not in by_key(obligations(profile, events, D(2026, 3, 28)))
    not_yet = by_key(obligations(profile, events, D(2026, 3, 23)))["spill_written_confirmation"]
    assert not_yet.status is Status.DUE_SOON  # done_on in the future does not count yet


def test_events_after_today_are_ignored():
    profile = FacilityProfile(name="Diner", city=City.VICTORVILLE)
    events = FacilityEvents(services=(Event(D(2026, 1, 5)), Event(D(2026, 4, 5))))
    service = by_key(obligations(profile, events, D(2026, 3, 1)))["grease_interceptor_service"]
    assert service.due == D(2026, 4, 5) and service.trigger_date == D(2026, 1, 5)


def test_never_serviced():
    profile = FacilityProfile(name="New", city=City.INGLEWOOD, seats=20)
    service = by_key(obligations(profile, FacilityEvents(), D(2026, 3, 1)))["grease_interceptor_service"]
    assert service.status is Status.NEVER_SERVICED and service.due is None


def test_inglewood_money_and_training():
    profile = FacilityProfile(name="Burger", city=City.INGLEWOOD, seats=51)
    events = FacilityEvents(
        services=(Event(D(2026, 1, 10)),),
        permit_issued=D(2026, 1, 5),
        invoices=(Event(D(2026, 1, 1), amount=Decimal(1000)),),
        novs=(Event(D(2026, 1, 20)), Event(D(2026, 2, 1))),
        trainings=(D(2026, 2, 1),),
    )
    found = obligations(profile, events, D(2026, 3, 16))
    keyed = by_key(found)
    invoice = keyed["invoice_payment"]
    assert invoice.due == D(2026, 2, 15) and invoice.status is Status.OVERDUE
    assert "$16.50" in invoice.reason and "$100" in invoice.reason
    fees = [o for o in found if o.key == "nov_penalty_fee"]
    assert [o.what for o in fees] == [
        "Pay the $100 penalty fee for notice of violation #1",
        "Pay the $250 penalty fee for notice of violation #2",
    ]
    assert [o.due for o in fees] == [D(2026, 3, 6), D(2026, 3, 18)]
    training = keyed["employee_training_semiannual"]
    assert training.due == D(2026, 12, 31) and "1 more" in training.reason
    assert "$413" in keyed["permit_renewal"].reason


def test_inglewood_blockage_notice_and_cleanup_charge():
    profile = FacilityProfile(
        name="Cafe", city=City.INGLEWOOD, device=None, seats=30, cleanup_charge_waiver=True
    )
    events = FacilityEvents(permit_issued=D(2026, 4, 1), blockage_notices=(Event(D(2026, 5, 5)),))
    keyed = by_key(obligations(profile, events, D(2026, 6, 1)))
    assert keyed["interceptor_after_blockage_notice"].due == D(2026, 11, 1)
    assert "clean-up charge" in keyed["permit_renewal"].reason and "$267" in keyed["permit_renewal"].reason


def test_organics_duties():
    profile = FacilityProfile(
        name="Market",
        city=City.VICTORVILLE,
        device=None,
        generator=GeneratorType.COMMERCIAL,
        edible_food_kind="supermarket",
        nonconforming_containers=True,
        food_recovery_organization=True,
    )
    events = FacilityEvents(
        hires=(Event(D(2026, 5, 4)),),
        organics_trainings=(D(2025, 5, 1),),
        label_inspections=(Event(D(2025, 12, 1)),),
        contamination_checks=(D(2026, 5, 1),),
        organics_novs=(Event(D(2026, 5, 2)),),
        deminimis_granted=D(2022, 6, 1),
    )
    keyed = by_key(obligations(profile, events, D(2026, 5, 10)))
    assert keyed["organics_new_occupant_education"].due == D(2026, 5, 14)
    assert keyed["organics_annual_training"].status is Status.OVERDUE
    assert keyed["container_label_inspection"].due == D(2026, 6, 1)
    assert keyed["container_contamination_check"].due == D(2026, 5, 8)
    assert keyed["container_contamination_check"].status is Status.OVERDUE
    assert keyed["organics_nov_compliance"].due == D(2026, 6, 1)
    assert keyed["deminimis_waiver_expiry"].due == D(2027, 6, 1)
    assert keyed["edible_food_recovery"].status is Status.ONGOING
    assert keyed["replace_nonconforming_containers"].due == D(2036, 1, 1)
    report = keyed["food_recovery_annual_report"]
    assert (report.due, report.status) == (D(2026, 4, 1), Status.OVERDUE)


def test_food_recovery_report_cycle():
    profile = FacilityProfile(
        name="Food bank",
        city=City.VICTORVILLE,
        device=None,
        generator=GeneratorType.COMMERCIAL,
        food_recovery_organization=True,
    )
    before = by_key(obligations(profile, FacilityEvents(), D(2026, 3, 20)))["food_recovery_annual_report"]
    assert (before.due, before.status) == (D(2026, 4, 1), Status.DUE_SOON)
    late = by_key(obligations(profile, FacilityEvents(), D(2026, 4, 2)))["food_recovery_annual_report"]
    assert (late.due, late.status) == (D(2026, 4, 1), Status.OVERDUE)
    filed = FacilityEvents(food_recovery_reports=(D(2026, 3, 25),))
    done = by_key(obligations(profile, filed, D(2026, 3, 30)))["food_recovery_annual_report"]
    assert done.status is Status.DONE
    next_year = by_key(obligations(profile, filed, D(2026, 4, 2)))["food_recovery_annual_report"]
    assert (next_year.due, next_year.status) == (D(2027, 4, 1), Status.COMPLIANT)


def test_organics_is_victorville_only():
    profile = FacilityProfile(name="X", city=City.INGLEWOOD, seats=10, generator=GeneratorType.COMMERCIAL)
    with pytest.raises(ValueError, match="Victorville"):
        obligations(profile, FacilityEvents(), D(2026, 1, 1))


def test_obligations_are_sorted_and_cited():
    for name in golden.SAMPLES:
        profile, events = golden.SAMPLES[name]
        found = obligations(profile, events, D(2026, 6, 1))
        dated = [o.due for o in found if o.due is not None]
        assert dated == sorted(dated)
        assert all(
            o.citation.startswith(("Victorville Municipal Code § ", "Inglewood FOG Ordinance, "))
            for o in found
        )
        assert all(o.reason.endswith(".") for o in found)


@pytest.mark.parametrize("name", sorted(golden.SAMPLES))
def test_golden_snapshot(name):
    stored = (golden.GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8")
    assert stored == golden.render(name), (
        f"{name} changed: review `python -m compliance snapshot` and rerun it with --write if intended"
    )
    assert len(json.loads(stored)["snapshots"]) == 13


def test_snapshot_check_reports_a_difference(tmp_path, capsys):
    assert golden.main(write=True, directory=tmp_path) == 0
    assert golden.main(write=False, directory=tmp_path) == 0
    (tmp_path / "inglewood_burger.json").write_text("{}\n", encoding="utf-8")
    assert golden.main(write=False, directory=tmp_path) == 1
    assert "inglewood_burger" in capsys.readouterr().out
