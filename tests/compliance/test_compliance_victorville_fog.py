"""Victorville Chapter 10.03: explicit dates, boundaries and citations."""

import datetime as dt
from datetime import date as D
from decimal import Decimal

import pytest

from compliance import ComplianceError, clocks_for, deadline, service_due, spill_contacts, spill_deadline
from compliance.contacts import OfficeHours
from compliance.core import City, Status
from compliance.victorville import fog

VV = "Victorville Municipal Code § "


class TestInterceptorService:
    def test_default_is_ninety_days(self):
        result = service_due("victorville", "interceptor", D(2026, 1, 2), D(2026, 2, 1))
        assert result.due == D(2026, 4, 2)
        assert result.days_left == 60
        assert result.status is Status.COMPLIANT
        assert result.citation == VV + "10.03.160(f)(2)"
        assert result.frequency_days is None and result.interval == "every ninety calendar days"

    @pytest.mark.parametrize(
        ("frequency", "due"),
        [
            (30, D(2026, 2, 1)),
            (60, D(2026, 3, 3)),
            (90, D(2026, 4, 2)),
            (120, D(2026, 5, 2)),
            (180, D(2026, 7, 1)),
        ],
    )
    def test_permit_frequencies(self, frequency, due):
        result = service_due("victorville", "interceptor", D(2026, 1, 2), D(2026, 1, 2), frequency)
        assert result.due == due
        assert result.frequency_days == frequency
        assert result.citation == VV + "10.03.160(b)"

    @pytest.mark.parametrize("frequency", [1, 29, 45, 91, 365])
    def test_other_frequencies_are_refused(self, frequency):
        with pytest.raises(ComplianceError, match="30, 60, 90, 120 or 180"):
            service_due("victorville", "interceptor", D(2026, 1, 2), D(2026, 1, 2), frequency)

    @pytest.mark.parametrize(
        ("today", "days_left", "status"),
        [
            (D(2026, 3, 18), 15, Status.COMPLIANT),
            (D(2026, 3, 19), 14, Status.DUE_SOON),
            (D(2026, 4, 2), 0, Status.DUE_SOON),
            (D(2026, 4, 3), -1, Status.OVERDUE),
            (D(2026, 5, 2), -30, Status.OVERDUE),
        ],
    )
    def test_status_boundaries(self, today, days_left, status):
        result = service_due("victorville", "interceptor", D(2026, 1, 2), today)
        assert (result.days_left, result.status) == (days_left, status)

    def test_never_serviced(self):
        result = service_due("victorville", "interceptor", None, D(2026, 1, 2))
        assert result.status is Status.NEVER_SERVICED
        assert result.due is None and result.days_left is None

    def test_twenty_five_percent_rule(self):
        at_limit = service_due(
            "victorville", "interceptor", D(2026, 1, 2), D(2026, 1, 20), accumulation_pct=25
        )
        assert at_limit.due == D(2026, 4, 2)
        over = service_due("victorville", "interceptor", D(2026, 1, 2), D(2026, 1, 20), accumulation_pct=25.5)
        assert over.due == D(2026, 1, 20) and over.status is Status.OVERDUE
        assert over.citation == VV + "10.03.160(f)(5)"
        assert "immediately" in over.reason

    def test_manifest_within_72_hours_and_two_year_records(self):
        result = service_due("victorville", "interceptor", D(2026, 2, 27), D(2026, 3, 1))
        assert result.manifest_due == D(2026, 3, 2)
        assert result.records_until == D(2028, 2, 27)
        assert VV + "10.03.170(b)" in result.see_also and VV + "10.03.170(c)" in result.see_also

    def test_manifest_clock_with_a_time(self):
        serviced = dt.datetime(2026, 3, 6, 15, 30)
        assert fog.MANIFEST_TO_FOG_MANAGER.shift.apply(serviced) == dt.datetime(2026, 3, 9, 15, 30)

    def test_future_service_date_is_refused(self):
        with pytest.raises(ComplianceError, match="after today"):
            service_due("victorville", "interceptor", D(2026, 3, 2), D(2026, 3, 1))


class TestTrapService:
    def test_default_thirty_days(self):
        result = service_due("victorville", "trap", D(2026, 1, 31), D(2026, 2, 1))
        assert result.due == D(2026, 3, 2)
        assert result.citation == VV + "10.03.160(g)(1)"

    def test_fog_manager_frequency(self):
        assert service_due("victorville", "trap", D(2026, 1, 31), D(2026, 2, 1), 60).due == D(2026, 4, 1)

    def test_over_capacity_means_now(self):
        result = service_due("victorville", "trap", D(2026, 1, 31), D(2026, 2, 3), accumulation_pct=100)
        assert result.due == D(2026, 2, 3) and result.citation == VV + "10.03.160(g)(3)"


@pytest.mark.parametrize(
    ("key", "start", "due", "citation"),
    [
        ("permit_renewal", D(2025, 7, 1), D(2026, 7, 1), "10.03.080(a)"),
        ("permit_renewal", D(2024, 2, 29), D(2025, 2, 28), "10.03.080(a)"),
        ("permit_change_effective", D(2026, 3, 2), D(2026, 4, 1), "10.03.080(c)"),
        ("planned_change_notice", D(2026, 9, 1), D(2026, 7, 3), "10.03.070(a)"),
        ("manifest_copy", D(2026, 12, 31), D(2027, 1, 3), "10.03.170(b)"),
        ("records_retention", D(2026, 3, 2), D(2028, 3, 2), "10.03.170(c)"),
        ("spill_written_confirmation", D(2025, 11, 26), D(2025, 12, 5), "10.03.280(b)"),
        ("revocation_hearing_earliest", D(2026, 3, 2), D(2026, 3, 17), "10.03.320(b)(1)"),
        ("revocation_hearing_latest", D(2026, 3, 2), D(2026, 4, 16), "10.03.320(b)(1)"),
        ("revocation_decision", D(2026, 4, 16), D(2026, 5, 16), "10.03.320(b)(3)"),
        ("appeal_to_council", D(2026, 5, 15), D(2026, 5, 25), "10.03.320(b)(5)"),
        ("emergency_suspension_hearing", D(2025, 11, 24), D(2025, 12, 3), "10.03.330(c)"),
        ("emergency_suspension_hearing", D(2025, 12, 22), D(2025, 12, 30), "10.03.330(c)"),
        ("emergency_suspension_decision", D(2025, 12, 30), D(2026, 1, 2), "10.03.330(c)"),
        ("administrative_complaint_hearing", D(2026, 1, 5), D(2026, 3, 6), "10.03.360(b)"),
        ("administrative_penalty_appeal", D(2026, 1, 5), D(2026, 2, 4), "10.03.360(c)"),
        ("administrative_penalty_payment", D(2026, 1, 5), D(2026, 2, 4), "10.03.360(f)"),
        ("administrative_penalty_lien", D(2026, 2, 4), D(2026, 4, 5), "10.03.360(i)"),
        ("fee_payment", D(2026, 1, 1), D(2026, 2, 15), "10.03.390(a)"),
        ("damage_costs_payment", D(2026, 1, 1), D(2026, 2, 15), "10.03.340(a)"),
        ("employee_training_at_hire", D(2026, 3, 2), D(2026, 3, 2), "10.03.100"),
        ("employee_training_annual", D(2026, 3, 2), D(2027, 3, 2), "10.03.100"),
        ("food_grinder_removal", D(2017, 4, 20), D(2017, 10, 17), "10.03.210"),
    ],
)
def test_clocks(key, start, due, citation):
    result = deadline("victorville", key, start)
    assert result.due == due
    assert result.citation == VV + citation
    assert result.reason.endswith(".") and str(due.year) in result.reason


def test_every_victorville_fog_clock_is_tested():
    tested = {
        "permit_renewal",
        "permit_change_effective",
        "planned_change_notice",
        "manifest_copy",
        "records_retention",
        "spill_written_confirmation",
        "spill_phone_notice",
        "revocation_hearing_earliest",
        "revocation_hearing_latest",
        "revocation_decision",
        "appeal_to_council",
        "emergency_suspension_hearing",
        "emergency_suspension_decision",
        "administrative_complaint_hearing",
        "administrative_penalty_appeal",
        "administrative_penalty_payment",
        "administrative_penalty_lien",
        "fee_payment",
        "damage_costs_payment",
        "employee_training_at_hire",
        "employee_training_annual",
        "food_grinder_removal",
    }
    fog_keys = {c.key for c in vars(fog).values() if isinstance(c, fog.Clock)}
    assert fog_keys == tested
    assert fog_keys <= set(clocks_for(City.VICTORVILLE))


def test_unknown_clock():
    with pytest.raises(ComplianceError, match="Unknown rule"):
        deadline("victorville", "no_such_rule", D(2026, 1, 1))


class TestPenaltyCaps:
    @pytest.mark.parametrize(
        ("kind", "units", "amount", "citation"),
        [
            ("reports", 1, 2000, "10.03.360(d)(1)"),
            ("reports", 3, 6000, "10.03.360(d)(1)"),
            ("compliance_schedule", 2, 6000, "10.03.360(d)(2)"),
            ("discharge", 10, 50000, "10.03.360(d)(3)"),
            ("order", 500, 5000, "10.03.360(d)(4)"),
        ],
    )
    def test_administrative(self, kind, units, amount, citation):
        cap = fog.administrative_civil_penalty_cap(kind, units)
        assert cap.amount == Decimal(amount)
        assert cap.citation == VV + citation

    def test_per_gallon_unit(self):
        assert fog.administrative_civil_penalty_cap("order", 1).per == "gallon"

    def test_judicial(self):
        cap = fog.judicial_civil_penalty_cap(3)
        assert cap.amount == Decimal(75000) and cap.citation == VV + "10.03.370"

    @pytest.mark.parametrize("units", [0, -1])
    def test_bad_units(self, units):
        with pytest.raises(ComplianceError):
            fog.administrative_civil_penalty_cap("reports", units)
        with pytest.raises(ComplianceError):
            fog.judicial_civil_penalty_cap(units)

    def test_unknown_kind(self):
        with pytest.raises(ComplianceError, match="Unknown penalty kind"):
            fog.administrative_civil_penalty_cap("parking")


class TestSpills:
    def test_written_confirmation_contents(self):
        result = spill_deadline("victorville", D(2026, 3, 2))
        assert result.deadline == D(2026, 3, 9)
        assert result.citation == VV + "10.03.280(b)"
        assert result.must_state == (
            "the date of the incident",
            "the reasons for the discharge or spill",
            "what steps were taken by the FSE and the city to immediately correct the problem",
            "what steps are being taken by the FSE and the city to prevent the problem from recurring",
        )
        assert "FOG manager" in result.send_to

    @pytest.mark.parametrize(
        ("incident", "deadline"),
        [
            (D(2025, 11, 26), D(2025, 12, 5)),
            (D(2025, 11, 28), D(2025, 12, 5)),
            (D(2025, 12, 24), D(2026, 1, 2)),
            (D(2025, 12, 31), D(2026, 1, 8)),
            (D(2026, 3, 7), D(2026, 3, 13)),
        ],
    )
    def test_working_days_across_holidays(self, incident, deadline):
        assert spill_deadline("victorville", incident).deadline == deadline

    def test_injected_calendar(self, weekends_only):
        assert spill_deadline("victorville", D(2025, 11, 26), calendar=weekends_only).deadline == D(
            2025, 12, 3
        )

    def test_business_hours_contacts(self):
        result = spill_contacts("victorville", dt.datetime(2026, 3, 2, 10, 0))
        assert result.city_hall_open is True
        assert [c.key for c in result.contacts] == ["code_enforcement", "sanitary"]
        first, second = result.contacts
        assert first.who == "City of Victorville Development Department, Code Enforcement Division"
        assert second.who == "City of Victorville Public Works Department, Sanitary Division"
        assert "in person at City Hall" in second.how
        assert all(c.phone is None and c.phone_source == "not in the ordinance" for c in result.contacts)
        assert result.citation == VV + "10.03.280(a)"
        assert "assumption" in result.office_hours_assumption

    @pytest.mark.parametrize(
        "when",
        [
            dt.datetime(2026, 3, 2, 17, 0),  # closing time
            dt.datetime(2026, 3, 2, 7, 59),
            dt.datetime(2026, 3, 7, 11, 0),  # Saturday
            dt.datetime(2025, 11, 27, 11, 0),  # Thanksgiving
            dt.datetime(2025, 11, 28, 11, 0),  # Day after Thanksgiving
        ],
    )
    def test_closed_city_hall_means_fire_police(self, when):
        result = spill_contacts("victorville", when)
        assert result.city_hall_open is False
        assert [c.key for c in result.contacts] == ["code_enforcement", "fire_police"]
        assert result.contacts[1].who == "City of Victorville Fire and Police Departments"

    def test_office_hours_are_configurable(self):
        hours = OfficeHours(weekdays=frozenset({0, 1, 2, 3}), opens=dt.time(7, 30), closes=dt.time(17, 30))
        friday = dt.datetime(2026, 3, 6, 10, 0)
        assert spill_contacts("victorville", friday, office_hours=hours).city_hall_open is False
        early = dt.datetime(2026, 3, 5, 7, 45)
        assert spill_contacts("victorville", early, office_hours=hours).city_hall_open is True

    def test_aware_datetimes_are_converted_to_pacific(self):
        utc_evening = dt.datetime(2026, 3, 2, 18, 0, tzinfo=dt.timezone.utc)  # 10:00 in Victorville (PST)
        assert spill_contacts("victorville", utc_evening).city_hall_open is True
        utc_late = dt.datetime(2026, 3, 3, 2, 0, tzinfo=dt.timezone.utc)  # 18:00 the day before
        assert spill_contacts("victorville", utc_late).city_hall_open is False

    def test_configured_numbers_are_labelled(self):
        numbers = {"code_enforcement": "(760) 555-0100"}
        result = spill_contacts("victorville", dt.datetime(2026, 3, 2, 10, 0), contacts=numbers)
        assert (
            result.contacts[0].phone == "(760) 555-0100" and result.contacts[0].phone_source == "configured"
        )
        assert result.contacts[1].phone is None
