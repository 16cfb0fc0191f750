"""Victorville Chapter 6.37: generators, containers, waivers, edible food tiers and duty clocks."""

import datetime as dt
from datetime import date as D
from decimal import Decimal

import pytest

from compliance import ComplianceError, deadline, deminimis, edible_food_tier, physical_space_waiver
from compliance.victorville.organics import (
    GeneratorType,
    Stream,
    classify_generator,
    container_for,
    contamination_fees,
    explain_generator,
    nov_compliance_deadline,
)

VV = "Victorville Municipal Code § "


class TestContainers:
    @pytest.mark.parametrize(
        ("generator", "stream", "color", "citation"),
        [
            ("single_family", "recyclables", "blue", "6.37.030(b)(1)"),
            ("single_family", "organics", "green", "6.37.030(b)(2)"),
            ("single_family", "food_scraps", "green", "6.37.030(b)"),
            ("single_family", "residual", "black", "6.37.030(b)(4)"),
            ("commercial", "recyclables", "blue", "6.37.040(b)(1)"),
            ("commercial", "organics", "green", "6.37.040(b)(1)"),
            ("commercial", "food_scraps", "brown", "6.37.040(b)(1)"),
            ("commercial", "residual", "black", "6.37.040(b)(1)"),
        ],
    )
    def test_container_for(self, generator, stream, color, citation):
        ruling = container_for(GeneratorType(generator), Stream(stream))
        assert ruling.color == color
        assert ruling.container == f"{color} container"
        assert ruling.citation == VV + citation
        assert ruling.reason.endswith(".")

    def test_black_may_be_gray(self):
        assert container_for(GeneratorType.COMMERCIAL, Stream.RESIDUAL).also_acceptable_colors == ("gray",)
        assert container_for(GeneratorType.COMMERCIAL, Stream.FOOD_SCRAPS).also_acceptable_colors == ()

    def test_enum_values_are_the_agreed_api(self):
        assert [g.value for g in GeneratorType] == ["single_family", "commercial"]
        assert [s.value for s in Stream] == ["recyclables", "organics", "food_scraps", "residual"]
        assert container_for("commercial", "food_scraps").color == "brown"

    @pytest.mark.parametrize("bad", [("industrial", "organics"), ("commercial", "compost")])
    def test_unknown_values(self, bad):
        with pytest.raises(ValueError):
            container_for(*bad)


class TestGenerators:
    @pytest.mark.parametrize(
        ("kind", "units", "expected"),
        [
            ("single-family", None, GeneratorType.SINGLE_FAMILY),
            ("single_family", 1, GeneratorType.SINGLE_FAMILY),
            ("multi-family", 4, GeneratorType.SINGLE_FAMILY),
            ("Multi Family", 5, GeneratorType.COMMERCIAL),
            ("residential", 120, GeneratorType.COMMERCIAL),
            ("commercial", None, GeneratorType.COMMERCIAL),
            ("restaurant", None, GeneratorType.COMMERCIAL),
            ("hotel", None, GeneratorType.COMMERCIAL),
        ],
    )
    def test_classify(self, kind, units, expected):
        assert classify_generator(kind, units) is expected

    def test_citations(self):
        assert (
            explain_generator("multi-family", 5).citation
            == VV + '6.37.020 ("Multi-family residential dwelling")'
        )
        assert explain_generator("multi-family", 4).citation == VV + '6.37.020 ("Single-family")'
        assert explain_generator("business").citation == VV + '6.37.020 ("Commercial business")'

    @pytest.mark.parametrize(
        ("kind", "units"), [("multi-family", None), ("farm", None), ("single-family", 0)]
    )
    def test_bad_input(self, kind, units):
        with pytest.raises(ComplianceError):
            classify_generator(kind, units)


class TestDeMinimis:
    @pytest.mark.parametrize(
        ("yd3", "gal", "eligible", "path", "limit"),
        [
            (2, "19.99", True, "(a)", 20),
            (2, 20, False, "(a)", 20),  # exactly twenty gallons is not "less than twenty"
            (2, 10, True, "(a)", 20),  # exactly two cubic yards uses threshold a.
            (5, 0, True, "(a)", 20),
            ("1.99", "9.99", True, "(b)", 10),
            ("1.99", 10, False, "(b)", 10),  # exactly ten gallons
            (0, 0, True, "(b)", 10),
            ("1.5", 15, False, "(b)", 10),
        ],
    )
    def test_thresholds(self, yd3, gal, eligible, path, limit):
        result = deminimis(yd3, gal)
        assert result.eligible is eligible
        assert result.threshold == "6.37.050(a)(2)" + path
        assert result.citation == VV + "6.37.050(a)(2)" + path
        assert result.organics_limit_gal == Decimal(limit)

    def test_a_converted_amount_is_said_to_the_cent(self):
        yard_in_gallons = Decimal("201.9740259740259740259740260")  # "1 cubic yard" of organics
        result = deminimis(1, yard_in_gallons)
        assert result.eligible is False
        assert "201.97 gallons is not" in result.reason and "2019740" not in result.reason

    @pytest.mark.parametrize(
        ("yd3", "said"), [(1, "With 1 cubic yard a week"), (3, "With 3 cubic yards a week")]
    )
    def test_one_yard_is_said_in_the_singular(self, yd3, said):
        assert deminimis(yd3, 5).reason.startswith(said)

    def test_duties_and_validity(self):
        result = deminimis(3, 5, granted_on=D(2024, 2, 29))
        assert result.change_notice_days == 15 and result.valid_years == 5
        assert result.valid_until == D(2029, 2, 28)
        assert any("fifteen days" in duty for duty in result.duties)
        assert len(result.documentation) == 2

    @pytest.mark.parametrize(("yd3", "gal"), [(-1, 5), (2, -0.5), ("x", 1), ("nan", 1)])
    def test_bad_input(self, yd3, gal):
        with pytest.raises(ComplianceError):
            deminimis(yd3, gal)

    def test_change_notice_clock(self):
        assert deadline("victorville", "deminimis_change_notice", D(2026, 3, 20)).due == D(2026, 4, 4)


def test_physical_space_waiver():
    result = physical_space_waiver()
    assert result.citation == VV + "6.37.050(b)"
    assert result.valid_years == 5
    assert len(result.requirements) == 3
    assert "a licensed engineer" in result.evidence_from and "a hauler" in result.evidence_from


class TestEdibleFoodTier:
    @pytest.mark.parametrize(
        ("kind", "kwargs", "tier"),
        [
            ("supermarket", {}, 1),
            ("grocery store", {"sqft": 10000}, 1),
            ("grocery-store", {"sqft": 9999}, None),
            ("Food Service Provider", {}, 1),
            ("food_distributor", {}, 1),
            ("wholesale food vendor", {}, 1),
            ("restaurant", {"seats": 250}, 2),
            ("restaurant", {"seats": 249}, None),
            ("restaurant", {"sqft": 5000}, 2),
            ("restaurant", {"sqft": 4999}, None),
            ("restaurant", {"seats": 100, "sqft": 5200}, 2),
            ("hotel", {"rooms": 200}, 2),
            ("hotel", {"rooms": 199}, None),
            ("health facility", {"beds": 100}, 2),
            ("hospital", {"beds": 99}, None),
            ("large venue", {}, 2),
            ("large-event", {}, 2),
            ("state agency cafeteria", {"seats": 250}, 2),
            ("state_agency", {"sqft": 4999, "seats": 10}, None),
            ("local education agency", {}, 2),
            ("food recovery organization", {}, None),
            ("food bank", {}, None),
            ("other", {}, None),
        ],
    )
    def test_tiers(self, kind, kwargs, tier):
        result = edible_food_tier(kind, **kwargs)
        assert result.tier == tier
        if tier == 1:
            assert result.applies_from == D(2022, 1, 1)
            assert result.citation == VV + '6.37.020 ("Tier one commercial edible food generator")'
        elif tier == 2:
            assert result.applies_from == D(2024, 1, 1)
            assert result.citation == VV + '6.37.020 ("Tier two commercial edible food generator")'
        else:
            assert result.applies_from is None
        if tier:
            assert result.applies_from_citation == VV + "6.37.060(a)"

    def test_without_on_site_food_facility(self):
        assert edible_food_tier("hotel", rooms=300, on_site_food_facility=False).tier is None
        assert edible_food_tier("local education agency", on_site_food_facility=False).tier is None

    @pytest.mark.parametrize(
        ("kind", "kwargs", "message"),
        [
            ("restaurant", {}, "seats"),
            ("grocery store", {}, "square feet"),
            ("hotel", {}, "rooms"),
            ("health facility", {}, "beds"),
            ("bowling alley", {}, "Unknown kind"),
            ("restaurant", {"seats": -3}, "negative"),
        ],
    )
    def test_bad_input(self, kind, kwargs, message):
        with pytest.raises(ComplianceError, match=message):
            edible_food_tier(kind, **kwargs)


class TestNoticeOfViolation:
    ISSUED = dt.datetime(2026, 3, 2, 9, 30)

    def test_thirty_calendar_days_by_default(self):
        result = nov_compliance_deadline(self.ISSUED)
        assert result.deadline == dt.datetime(2026, 4, 1, 9, 30)
        assert result.citation == VV + "6.37.130(d)(3)"

    def test_exactly_24_hours_is_allowed(self):
        result = nov_compliance_deadline(self.ISSUED, dt.timedelta(hours=24))
        assert result.deadline == dt.datetime(2026, 3, 3, 9, 30) and not result.raised_to_minimum

    def test_less_than_24_hours_is_raised(self):
        result = nov_compliance_deadline(self.ISSUED, dt.timedelta(hours=23, minutes=59))
        assert result.deadline == dt.datetime(2026, 3, 3, 9, 30) and result.raised_to_minimum

    def test_shorter_period(self):
        assert nov_compliance_deadline(self.ISSUED, dt.timedelta(days=7)).deadline == dt.datetime(
            2026, 3, 9, 9, 30
        )

    def test_longer_than_thirty_days_is_an_extension(self):
        with pytest.raises(ComplianceError, match=r"6\.37\.130\(f\)"):
            nov_compliance_deadline(self.ISSUED, dt.timedelta(days=31))


@pytest.mark.parametrize(("observations", "fees"), [(0, False), (2, False), (3, True)])
def test_contamination_fees_after_more_than_two(observations, fees):
    result = contamination_fees(observations)
    assert result.fees_may_be_assessed is fees and result.citation == VV + "6.37.130(d)(2)"


@pytest.mark.parametrize(
    ("key", "start", "due", "citation"),
    [
        ("organics_new_occupant_education", D(2026, 3, 25), D(2026, 4, 4), "6.37.040(h)"),
        ("organics_annual_training", D(2026, 3, 25), D(2027, 3, 25), "6.37.040(g)"),
        ("container_label_inspection", D(2026, 8, 31), D(2027, 2, 28), "6.37.040(d)(3)"),
        ("container_label_replacement", D(2026, 8, 31), D(2026, 9, 10), "6.37.040(d)(3)"),
        ("container_contamination_check", D(2026, 12, 29), D(2027, 1, 5), "6.37.040(f)"),
        ("organics_nov_compliance", D(2026, 3, 2), D(2026, 4, 1), "6.37.130(d)(3)"),
        ("contamination_notice", D(2026, 3, 2), D(2026, 3, 12), "6.37.130(d)(2)"),
        ("food_recovery_annual_report", D(2025, 12, 31), D(2026, 4, 1), "6.37.070(c)"),
        ("food_recovery_annual_report", D(2026, 4, 1), D(2027, 4, 1), "6.37.070(c)"),
        ("food_recovery_capacity_response", D(2026, 11, 13), D(2027, 1, 12), "6.37.070(d)"),
        ("deminimis_waiver_expiry", D(2024, 3, 1), D(2029, 3, 1), "6.37.050(a)(4)"),
        ("physical_space_waiver_expiry", D(2024, 3, 1), D(2029, 3, 1), "6.37.050(b)(3)"),
    ],
)
def test_clocks(key, start, due, citation):
    result = deadline("victorville", key, start)
    assert result.due == due and result.citation == VV + citation


def test_an_amount_said_as_an_upper_bound_decides_the_threshold_when_it_can():
    below_two = deminimis(2, 12, total_below=True)
    assert not below_two.eligible and below_two.organics_limit_gal == 10  # under 2 yd3: the 10-gallon limit
    assert deminimis(3, 20, organics_below=True).eligible  # "less than 20 gallons" is under 20
    with pytest.raises(ComplianceError):
        deminimis(5, 12, total_below=True)  # "less than 5 yards": either threshold
    with pytest.raises(ComplianceError):
        deminimis(3, 25, organics_below=True)  # "under 25 gallons": under 20 or not


@pytest.mark.parametrize(
    ("area", "rehabilitated", "applies"),
    [
        (2000, True, False),  # a rehabilitated landscape needs more than 2,500 square feet (s37-s014)
        (2500, True, False),  # "greater than": 2,500 itself is not
        (2501, True, True),
        (500, False, False),  # a new project's needs more than 500
        (800, False, True),
    ],
)
def test_the_landscape_compost_rule_s_thresholds(area, rehabilitated, applies):
    from compliance import landscape_compost_rule

    result = landscape_compost_rule(area, rehabilitated=rehabilitated)
    assert result.applies is applies
    assert result.citation == VV + "6.37.100(a)"
    assert result.reason.startswith("Yes:" if applies else "No:")
