"""Inglewood FOG ordinance: service clocks, money, waivers, spills and enforcement timelines."""

import datetime as dt
from datetime import date as D
from decimal import Decimal

import pytest

from compliance import (
    ComplianceError,
    annual_fee,
    deadline,
    inglewood_interceptor_paths,
    late_fee,
    nov_fee,
    permit_fees,
    service_due,
    spill_contacts,
    spill_deadline,
)
from compliance.core import Status
from compliance.inglewood import fog

ING = "Inglewood FOG Ordinance, "


class TestInterceptorService:
    def test_quarterly_until_a_frequency_is_established(self):
        result = service_due("inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1))
        assert result.due == D(2026, 4, 15)
        assert result.citation == ING + "Grease Interceptors and BMPs (4)(c)"
        assert result.interval == "every three months (quarterly)"

    def test_quarter_from_a_month_end_clips(self):
        assert service_due("inglewood", "interceptor", D(2025, 11, 30), D(2025, 12, 1)).due == D(2026, 2, 28)

    def test_permit_frequency(self):
        result = service_due("inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1), 120)
        assert result.due == D(2026, 5, 15)
        assert result.citation == ING + "Grease Interceptors and BMPs (4)(c)"

    @pytest.mark.parametrize(
        ("frequency", "due", "citation"),
        [
            (181, D(2026, 7, 15), "(4)(c)"),  # Jan 15 + 181 days = Jul 15 = six months: equal, permit wins
            (182, D(2026, 7, 15), "(4)(b)"),
            (365, D(2026, 7, 15), "(4)(b)"),
            (180, D(2026, 7, 14), "(4)(c)"),
        ],
    )
    def test_six_month_ceiling(self, frequency, due, citation):
        result = service_due("inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1), frequency)
        assert result.due == due
        assert result.citation == ING + "Grease Interceptors and BMPs " + citation

    @pytest.mark.parametrize(
        ("months", "due", "citation"),
        [
            (6, D(2026, 7, 31), "(4)(c)"),  # calendar months: Jan 31 + 6 = Jul 31 (180 days would be Jul 30)
            (3, D(2026, 4, 30), "(4)(c)"),  # Jan 31 + 3 clips to Apr 30
            (12, D(2026, 7, 31), "(4)(b)"),  # a year is capped at six months
        ],
    )
    def test_permit_frequency_in_calendar_months(self, months, due, citation):
        result = service_due(
            "inglewood", "interceptor", D(2026, 1, 31), D(2026, 2, 1), frequency_months=months
        )
        assert result.due == due
        assert result.citation == ING + "Grease Interceptors and BMPs " + citation

    def test_trap_frequency_in_calendar_months(self):
        result = service_due("inglewood", "trap", D(2026, 1, 31), D(2026, 2, 1), frequency_months=1)
        assert result.due == D(2026, 2, 28) and result.citation == ING + "Permits (2)(b)"

    @pytest.mark.parametrize(("days", "months"), [(None, 0), (None, True), (90, 3)])
    def test_bad_months_refused(self, days, months):
        with pytest.raises(ComplianceError, match="whole number of months"):
            service_due(
                "inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1), days, frequency_months=months
            )

    def test_zero_frequency_refused(self):
        with pytest.raises(ComplianceError, match="1 or more"):
            service_due("inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1), 0)

    def test_records_four_years_and_hauler_documentation(self):
        result = service_due("inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1))
        assert result.records_until == D(2030, 1, 15)
        assert result.manifest_due is None
        assert len(result.hauler_documentation) == 6
        assert result.hauler_documentation[0] == "Name of hauling company"
        assert ING + "Monitoring and Notification (1)(i)" in result.see_also
        assert ING + "Grease Interceptors and BMPs (4)(i)" in result.see_also

    def test_twenty_five_percent_rule(self):
        result = service_due("inglewood", "interceptor", D(2026, 1, 15), D(2026, 2, 1), accumulation_pct=30)
        assert result.due == D(2026, 2, 1) and result.status is Status.OVERDUE
        assert result.citation == ING + "Grease Interceptors and BMPs (4)(d)"

    def test_trap_without_permit_frequency_is_explained(self):
        with pytest.raises(ComplianceError, match="no service interval for grease traps"):
            service_due("inglewood", "trap", D(2026, 1, 15), D(2026, 2, 1))

    def test_trap_with_permit_frequency(self):
        result = service_due("inglewood", "trap", D(2026, 1, 15), D(2026, 2, 1), 30)
        assert result.due == D(2026, 2, 14) and result.citation == ING + "Permits (2)(b)"


class TestAnnualFee:
    @pytest.mark.parametrize(
        ("seats", "drive_thru", "kind", "amount", "size"),
        [
            (0, False, "restaurant", 267, "small"),
            (50, False, "restaurant", 267, "small"),
            (51, False, "restaurant", 413, "large"),
            (10, True, "restaurant", 413, "large"),
            (50, True, "restaurant", 413, "large"),
            (None, False, "school", 413, "large"),
            (20, False, "hospital", 413, "large"),
            (200, False, "other", 267, "small"),
            (None, True, "other", 267, "small"),
        ],
    )
    def test_small_and_large(self, seats, drive_thru, kind, amount, size):
        fee = annual_fee(seats, drive_thru, kind)
        assert fee.amount == Decimal(amount)
        assert fee.size.value == size
        assert fee.citation == ING + "Fees (2)"
        assert ING + 'Definitions ("Food service establishment")' in fee.see_also

    def test_restaurant_needs_seats(self):
        with pytest.raises(ComplianceError, match="seating capacity"):
            annual_fee(None)

    @pytest.mark.parametrize("bad", [{"seats": -1}, {"seats": 10, "kind": "bakery"}])
    def test_bad_input(self, bad):
        with pytest.raises(ComplianceError):
            annual_fee(**bad)


class TestNovFee:
    @pytest.mark.parametrize(
        ("count", "amount", "path", "total"),
        [(1, 100, "(4)(a)", 100), (2, 250, "(4)(b)", 350), (3, 500, "(4)(c)", 850), (7, 500, "(4)(c)", 2850)],
    )
    def test_steps(self, count, amount, path, total):
        fee = nov_fee(count)
        assert fee.amount == Decimal(amount)
        assert fee.citation == ING + "Enforcement " + path
        assert fee.breakdown["total_for_all_novs_so_far"] == Decimal(total)

    @pytest.mark.parametrize("count", [0, -1, True, 1.5])
    def test_bad_counts(self, count):
        with pytest.raises(ComplianceError):
            nov_fee(count)


def test_reinspection_fee():
    fee = fog.reinspection_fee()
    assert fee.amount == Decimal(150) and fee.citation == ING + "Enforcement (2)(d)"


@pytest.mark.parametrize(
    ("actual", "amount"), [(None, 300), (120, 300), (300, 300), (812.5, Decimal("812.50"))]
)
def test_cleanup_charge(actual, amount):
    fee = fog.cleanup_charge(actual)
    assert fee.amount == Decimal(amount) and fee.citation == ING + "Fees (3)"


def test_damage_costs_add_a_quarter():
    fee = fog.damage_costs(1000)
    assert fee.amount == Decimal(1250) and fee.citation == ING + "Enforcement (7)"


class TestLateFee:
    INVOICE = D(2026, 1, 1)

    @pytest.mark.parametrize(
        ("on", "penalty", "months", "delinquent", "revocation"),
        [
            (D(2026, 1, 1), "0", 0, False, False),  # day 0
            (D(2026, 2, 15), "0", 0, False, False),  # day 45: last day to pay
            (D(2026, 2, 16), "100", 0, True, False),  # day 46: basic penalty 10%
            (D(2026, 3, 15), "100", 0, True, False),  # day 73: under one month of accrual
            (D(2026, 3, 16), "116.50", 1, True, False),  # day 46 + one month: 1.5% of 1,100
            (D(2026, 4, 1), "116.50", 1, True, False),  # day 90: no revocation yet
            (D(2026, 4, 2), "116.50", 1, True, True),  # day 91: unpaid after ninety days
            (D(2026, 4, 16), "133", 2, True, True),
            (D(2027, 2, 16), "298", 12, True, True),
        ],
    )
    def test_schedule(self, on, penalty, months, delinquent, revocation):
        fee = late_fee(self.INVOICE, 1000, on)
        assert fee.amount == Decimal(penalty)
        assert fee.total_due == Decimal(1000) + Decimal(penalty)
        assert fee.months_accrued == months
        assert fee.delinquent is delinquent
        assert fee.revocation_proceedings is revocation
        assert fee.pay_by == D(2026, 2, 15)
        assert fee.penalty_starts == D(2026, 2, 16)
        assert fee.revocation_from == D(2026, 4, 2)

    def test_citations(self):
        assert late_fee(self.INVOICE, 1000, D(2026, 2, 15)).citation == ING + "Enforcement (14)"
        assert late_fee(self.INVOICE, 1000, D(2026, 2, 16)).citation == ING + "Enforcement (14)(a)"
        assert late_fee(self.INVOICE, 1000, D(2026, 3, 16)).citation == ING + "Enforcement (14)(b)"

    @pytest.mark.parametrize(
        ("amount", "basic"),
        [
            (Decimal("9999.99"), Decimal("1000.00")),
            (10000, 1000),
            (10001, 1000),
            (25000, 1000),
            (345, "34.50"),
        ],
    )
    def test_basic_penalty_cap(self, amount, basic):
        assert late_fee(self.INVOICE, amount, D(2026, 2, 16)).basic_penalty == Decimal(basic)

    def test_monthly_penalty_on_capped_basic(self):
        fee = late_fee(self.INVOICE, 20000, D(2026, 3, 16))
        assert fee.monthly_penalty == Decimal("315.00")  # 1.5% of (20,000 + 1,000)

    def test_month_end_invoice(self):
        fee = late_fee(D(2026, 1, 31), 100, D(2026, 4, 18))  # penalty starts Mar 18
        assert (fee.penalty_starts, fee.months_accrued) == (D(2026, 3, 18), 1)

    def test_rounding_to_cents(self):
        fee = late_fee(self.INVOICE, Decimal("333.33"), D(2026, 3, 16))
        assert (fee.basic_penalty, fee.monthly_penalty) == (Decimal("33.33"), Decimal("5.50"))

    @pytest.mark.parametrize(
        ("amount", "on"), [(0, D(2026, 2, 1)), (-5, D(2026, 2, 1)), (100, D(2025, 12, 31))]
    )
    def test_bad_input(self, amount, on):
        with pytest.raises(ComplianceError):
            late_fee(self.INVOICE, amount, on)


class TestPermitFees:
    def test_new_establishment_pays_initial_fee(self):
        fees = permit_fees(seats=40)
        assert fees.amount == Decimal(340) and not fees.initial_fee_waived
        assert fees.breakdown["first_year_total"] == Decimal(607)
        assert fees.citation == ING + "Fees (1)"

    @pytest.mark.parametrize(
        ("operating_since", "controls", "waived"),
        [
            (D(2005, 6, 1), D(2011, 1, 10), True),
            (D(2010, 2, 22), D(2012, 2, 23), True),  # last day of the two years
            (D(2010, 2, 22), D(2012, 2, 24), False),
            (D(2010, 2, 23), D(2010, 3, 1), False),  # operating from the adoption day is not "prior to"
            (D(2005, 6, 1), None, False),
        ],
    )
    def test_waiver(self, operating_since, controls, waived):
        fees = permit_fees(seats=60, operating_since=operating_since, fog_controls_adopted_on=controls)
        assert fees.initial_fee_waived is waived
        assert fees.amount == (Decimal(0) if waived else Decimal(340))
        assert fees.annual_fee == Decimal(413)


class TestInterceptorPaths:
    @pytest.mark.parametrize(
        ("facts", "keys"),
        [
            ({"no_space": True, "alt_tech_equivalent": True}, ["variance"]),
            ({"no_slope": True, "alt_tech_equivalent": True}, ["variance"]),
            ({"negligible_fog": True}, ["conditional_waiver"]),
            ({"no_space": True}, ["waiver_with_cleanup_charge"]),
            (
                {"no_space": True, "negligible_fog": True},
                ["conditional_waiver", "waiver_with_cleanup_charge"],
            ),
            (
                {"no_space": True, "alt_tech_equivalent": True, "negligible_fog": True},
                ["variance", "conditional_waiver"],
            ),
            ({"alt_tech_equivalent": True}, []),
            ({}, []),
        ],
    )
    def test_existing_establishment(self, facts, keys):
        args = {"no_space": False, "no_slope": False, "alt_tech_equivalent": False, "negligible_fog": False}
        result = inglewood_interceptor_paths(**{**args, **facts})
        assert [p.key for p in result.paths] == keys
        assert result.install_interceptor is (not keys)

    def test_citations_and_charges(self):
        result = inglewood_interceptor_paths(True, False, False, True)
        conditional, with_charge = result.paths
        assert conditional.citation == ING + "Discharge Requirements (6)(i)"
        assert with_charge.citation == ING + "Discharge Requirements (6)(ii)"
        assert any("$300" in charge for charge in with_charge.charges)
        assert ING + "Fees (3)" in with_charge.see_also
        assert result.how_to_apply

    def test_new_construction_only_gets_the_infeasibility_waiver(self):
        result = inglewood_interceptor_paths(True, False, False, True, existing=False)
        assert [p.key for p in result.paths] == ["waiver_with_cleanup_charge"]
        none = inglewood_interceptor_paths(False, False, True, True, existing=False)
        assert none.install_interceptor and none.citation == ING + "Discharge Requirements (5)(a)"


class TestSpills:
    def test_phone_number_from_the_text(self):
        result = spill_contacts("inglewood", dt.datetime(2025, 12, 25, 3, 0))
        (contact,) = result.contacts
        assert contact.phone == "(310) 412-5333" and contact.phone_source == "ordinance"
        assert result.citation == ING + "Monitoring and Notification (3)"
        assert result.city_hall_open is None

    def test_configured_number_overrides_and_says_so(self):
        result = spill_contacts("inglewood", dt.datetime(2026, 1, 5, 9), contacts={"city": "(310) 555-0199"})
        assert (
            result.contacts[0].phone == "(310) 555-0199" and result.contacts[0].phone_source == "configured"
        )

    @pytest.mark.parametrize(
        ("incident", "deadline"),
        [
            (D(2026, 11, 25), D(2026, 12, 4)),  # Thanksgiving 2026 and the day after
            (D(2026, 12, 23), D(2026, 12, 31)),  # Christmas (Friday)
            (D(2026, 12, 30), D(2027, 1, 7)),  # New Year's Day (Friday)
            (D(2026, 10, 9), D(2026, 10, 19)),  # Columbus Day (Monday Oct 12)
        ],
    )
    def test_written_confirmation(self, incident, deadline):
        result = spill_deadline("inglewood", incident)
        assert result.deadline == deadline
        assert result.citation == ING + "Monitoring and Notification (3)(a)"
        assert "Director" in result.send_to
        assert result.must_state[2] == "what steps were taken to immediately correct the problem"


@pytest.mark.parametrize(
    ("key", "start", "due", "citation"),
    [
        ("permit_renewal", D(2026, 3, 1), D(2027, 3, 1), "Permits (2)(j)"),
        ("permit_change_effective", D(2026, 3, 2), D(2026, 4, 16), "Permits (3)"),
        ("planned_change_notice", D(2026, 9, 1), D(2026, 7, 3), "Monitoring and Notification (4)"),
        ("records_retention", D(2026, 3, 2), D(2030, 3, 2), "Monitoring and Notification (1)(i)"),
        ("spill_written_confirmation", D(2025, 11, 26), D(2025, 12, 5), "Monitoring and Notification (3)(a)"),
        ("interceptor_after_blockage_notice", D(2026, 3, 2), D(2026, 8, 29), "Discharge Requirements (5)(c)"),
        ("food_grinder_removal", D(2010, 3, 25), D(2010, 9, 21), "Discharge Requirements (2)(a)"),
        ("appeal_to_director", D(2026, 3, 2), D(2026, 3, 17), "Enforcement (13)"),
        ("revocation_hearing_earliest", D(2026, 3, 2), D(2026, 3, 17), "Enforcement (6)(i)"),
        ("revocation_hearing_latest", D(2026, 3, 2), D(2026, 4, 16), "Enforcement (6)(i)"),
        ("revocation_final", D(2026, 3, 2), D(2026, 3, 18), "Enforcement (6)(iii)"),
        ("revocation_decision", D(2026, 4, 16), D(2026, 5, 16), "Enforcement (6)(ii)"),
        ("appeal_hearing_notice", D(2026, 3, 10), D(2026, 3, 25), "Enforcement (13)(a)"),
        ("appeal_hearing_latest", D(2026, 3, 25), D(2026, 4, 24), "Enforcement (13)(a)"),
        ("administrative_penalty_decision", D(2026, 3, 6), D(2026, 4, 5), "Enforcement (11)(c)"),
        ("initial_permit_deadline", D(2010, 2, 23), D(2012, 2, 23), "Permits (2)(j)"),
        ("existing_interceptor_deadline", D(2010, 3, 25), D(2012, 3, 25), "Discharge Requirements (5)(b)"),
        ("initial_employee_training", D(2010, 3, 25), D(2010, 9, 21), "Grease Interceptors and BMPs (3)(e)"),
        ("reapply_after_revocation", D(2026, 3, 18), D(2027, 3, 18), "Enforcement (6)(iii)"),
        ("emergency_suspension_hearing", D(2026, 11, 23), D(2026, 12, 2), "Enforcement (10)"),
        ("emergency_suspension_decision", D(2026, 12, 23), D(2026, 12, 28), "Enforcement (10)"),
        ("administrative_complaint_hearing", D(2026, 1, 5), D(2026, 3, 6), "Enforcement (11)(c)"),
        ("administrative_penalty_payment", D(2026, 1, 5), D(2026, 2, 4), "Enforcement (11)(c)"),
        ("damage_costs_payment", D(2026, 1, 1), D(2026, 2, 15), "Enforcement (7)"),
    ],
)
def test_clocks(key, start, due, citation):
    result = deadline("inglewood", key, start)
    assert result.due == due
    assert result.citation == ING + citation


def test_every_inglewood_clock_is_tested():
    keys = {c.key for c in vars(fog).values() if isinstance(c, fog.Clock)}
    assert len(keys) == 24
    assert fog.INITIAL_PERMIT_DEADLINE == D(2012, 2, 23) == fog.PERMIT_FEE_WAIVER_DEADLINE


def test_citation_helper_refuses_invented_sections():
    with pytest.raises(ValueError, match="Section 10-227"):
        fog.inglewood("Section 10-227", "(10)")


class TestAdministrativePenaltyCaps:
    """Enforcement (11)(c)(i)-(iv): the most the Director may assess, a day (or a gallon)."""

    @pytest.mark.parametrize(
        ("kind", "units", "amount"),
        [
            ("reports", 10, 20000),
            ("compliance_schedule", 2, 6000),
            ("discharge", 3, 15000),
            ("order", 400, 4000),
        ],
    )
    def test_the_cap_times_the_days_or_gallons(self, kind, units, amount):
        cap = fog.administrative_civil_penalty_cap(kind, units)
        assert cap.amount == Decimal(amount)
        assert cap.citation == "Inglewood FOG Ordinance, Enforcement (11)(c)"

    def test_no_days_is_an_error(self):
        with pytest.raises(ComplianceError):
            fog.administrative_civil_penalty_cap("reports", 0)
