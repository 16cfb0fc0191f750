"""FOG permit application summaries: fields labelled with their subsection, next steps, Inglewood fees."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from pdf_text_support import extract_text, page_count

import compliance
from documents import CORE_FONT, application_document, application_pdf, application_text, inglewood_fees

NOW = dt.datetime(2026, 8, 18, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
ADDRESS = {"text": "123 Main St, Victorville, CA 92392", "kind": "address", "zip_code": "92392"}

VICTORVILLE = {
    "application_path": "application",
    "business_name": "Taquería Zoë",
    "facility_address": ADDRESS,
    "applicant_name": "Zoë Nguyễn",
    "applicant_phone": "+17605550100",
    "wastewater_volume": {"amount": 300, "unit": "gal", "per": "day"},
    "wastewater_type": "kitchen sinks and dishwasher",
    "prep_hours": [{"start": "06:00", "end": "22:00"}],
    "cleaning_hours": [{"start": "22:00", "end": "23:30"}],
    "food_preparation": "frying and grilling",
    "food_type": "Mexican",
    "meals_per_day": 250,
    "cleanup_procedures": "scrape plates into trash",
    "dining_capacity": 45,
    "employees": 12,
    "kitchen_size": {"amount": 400, "unit": "sqft"},
    "appliances_fixtures": "3-compartment sink, dishwasher, 2 fryers",
}

INGLEWOOD = {
    "business_name": "Taquería Zoë",
    "facility_address": {
        "text": "123 Market St, Inglewood, CA 90301",
        "kind": "address",
        "zip_code": "90301",
    },
    "applicant_phone": "+13105550100",
    "applicant_name": "Zoë Nguyễn",
    "parcel_numbers": ["4012-345-678"],
    "establishment_description": "Sit-down restaurant",
    "cuisine": "Mexican",
    "establishment_kind": "restaurant",
    "dining_capacity": 60,
    "drive_thru": "no",
    "operating_before_adoption": "no",
    "owners": "Zoë Nguyễn, 310-555-0101",
    "property_owner": "Market Holdings LLC, 1 Market St, 310-555-0102",
    "property_manager": "same",
}


def test_victorville_summary_labels_each_answer_with_its_subsection() -> None:
    text = application_text("victorville", "PA-482137", VICTORVILLE, prepared_at=NOW)
    assert text.startswith(
        "FOG permit application (City of Victorville)\nReference: PA-482137\nCity of Victorville\n"
        "Prepared: Aug 18, 2026, 10:00 AM PDT\n"
    )
    assert "Operator (business) name: Taquería Zoë\n  (Victorville Municipal Code § 10.03.060(a)(1))" in text
    assert "Wastewater volume: 300 gallons a day\n  (Victorville Municipal Code § 10.03.060(a)(2))" in text
    assert (
        "Daily food preparation hours: 6:00 AM to 10:00 PM\n  (Victorville Municipal Code § 10.03.060(a)(3))"
        in text
    )
    assert "Dining room capacity: 45\n  (Victorville Municipal Code § 10.03.060(a)(4))" in text
    assert "Kitchen size: 400 square feet" in text
    assert "(Victorville Municipal Code § 10.03.060(a)(5))" in text
    assert "Phone: (760) 555-0100\n" in text
    assert "Phone: (760) 555-0100\n  (" not in text  # asked for follow-up, not by the ordinance: no citation
    assert "Other information" not in text  # optional and skipped
    assert "on-site inspection" in text and "Victorville Municipal Code § 10.03.060(c)" in text
    assert "Chapter 10.03 itself states no amount" in text
    assert "renewed annually (Victorville Municipal Code § 10.03.080(a))" in text
    assert "FEES" not in text and "Inglewood" not in text


def test_victorville_building_division_path() -> None:
    values = {
        "application_path": "building_documents",
        "business_name": "Desert Diner",
        "facility_address": ADDRESS,
        "applicant_name": "Sam Lee",
        "applicant_phone": "+17605550111",
        "building_documents": "Plumbing permit B-2024-0193 for a 1,000-gallon interceptor",
    }
    text = application_text("victorville", "PA-000001", values, prepared_at=NOW)
    assert "Applying by: show building-division documents" in text
    assert "Building Division documents: Plumbing permit B-2024-0193" in text
    assert "in lieu of the application in subsection (a) (Victorville Municipal Code § 10.03.060(b))" in text
    assert "Wastewater volume" not in text


def test_missing_required_answers_are_marked() -> None:
    text = application_text("victorville", "PA-000002", {"application_path": "application"}, prepared_at=NOW)
    assert "Wastewater volume: (not provided yet)" in text


@pytest.mark.parametrize(
    ("answers", "initial", "annual", "size", "total"),
    [
        ({"dining_capacity": 60, "drive_thru": "no"}, Decimal(340), Decimal(413), "large", Decimal(753)),
        ({"dining_capacity": 50, "drive_thru": "no"}, Decimal(340), Decimal(267), "small", Decimal(607)),
        ({"dining_capacity": 40, "drive_thru": "yes"}, Decimal(340), Decimal(413), "large", Decimal(753)),
        (
            {
                "dining_capacity": 40,
                "drive_thru": "no",
                "operating_before_adoption": "yes",
                "fog_controls_by_deadline": "yes",
            },
            Decimal(0),
            Decimal(267),
            "small",
            Decimal(267),
        ),
        (
            {
                "dining_capacity": 40,
                "drive_thru": "no",
                "operating_before_adoption": "yes",
                "fog_controls_by_deadline": "no",
            },
            Decimal(340),
            Decimal(267),
            "small",
            Decimal(607),
        ),
        ({"establishment_kind": "school"}, Decimal(340), Decimal(413), "large", Decimal(753)),
        ({"establishment_kind": "other"}, Decimal(340), Decimal(267), "small", Decimal(607)),
    ],
)
def test_inglewood_fees_come_from_the_compliance_core(answers, initial, annual, size, total) -> None:
    values = {"establishment_kind": "restaurant", "operating_before_adoption": "no", **answers}
    (fees,) = inglewood_fees(values).fees
    assert (fees.initial_fee, fees.annual_fee, fees.size.value) == (initial, annual, size)
    assert fees.breakdown["first_year_total"] == total
    seats = values.get("dining_capacity")
    assert (
        fees.annual_fee
        == compliance.annual_fee(
            seats, values.get("drive_thru") == "yes", values["establishment_kind"]
        ).amount
    )


def test_inglewood_fees_when_an_answer_is_open_or_missing() -> None:
    both = inglewood_fees(
        {"establishment_kind": "restaurant", "dining_capacity": 30, "drive_thru": "unsure"}
    ).fees
    assert [f.annual_fee for f in both] == [Decimal(267), Decimal(413)]
    assert (
        inglewood_fees({}).missing
        == "The fees depend on the kind of establishment (restaurant, school, ...)."
    )
    assert inglewood_fees({"establishment_kind": "restaurant"}).missing == (
        "The fees depend on the restaurant's seating capacity."
    )


def test_inglewood_summary_with_fees_and_next_steps() -> None:
    text = application_text("inglewood", "PA-482137", INGLEWOOD, prepared_at=NOW)
    assert "FOG wastewater discharge permit application (City of Inglewood)\nReference: PA-482137\n" in text
    assert "Name: Taquería Zoë\n  (Inglewood FOG Ordinance, Permits (1)(a))" in text
    assert "Assessor's parcel number(s): 4012-345-678\n  (Inglewood FOG Ordinance, Permits (1)(a))" in text
    assert (
        "Principals / owners: Zoë Nguyễn, 310-555-0101\n  (Inglewood FOG Ordinance, Permits (1)(b))" in text
    )
    assert "Property manager: same\n  (Inglewood FOG Ordinance, Permits (1)(c))" in text
    assert "Initial permit fee: $340\n  (Inglewood FOG Ordinance, Fees (1))" in text
    assert (
        "Annual inspection and control fee (large establishment): $413\n  (Inglewood FOG Ordinance, Fees (2))"
        in text
    )
    assert "First-year total: $753" in text
    assert "Payment of the permit fee must be received by the City before the permit is issued" in text
    assert "site plans, floor plans, mechanical and plumbing plans" in text
    assert "renewed yearly (Inglewood FOG Ordinance, Permits (2)(j))" in text
    assert "Victorville" not in text


def test_inglewood_fees_section_says_why_it_cannot_price_yet() -> None:
    document = application_document(
        "inglewood", "PA-1", {"establishment_kind": "restaurant"}, prepared_at=NOW
    )
    fees = next(s for s in document.sections if s.heading == "Fees")
    assert fees.paragraphs == (
        "The fees depend on the restaurant's seating capacity. The fees will be confirmed by the City.",
    )


def test_unknown_city_is_a_sentence() -> None:
    with pytest.raises(compliance.ComplianceError, match="Unknown city 'fresno'"):
        application_document("fresno", "PA-1", {}, prepared_at=NOW)


def test_application_pdf_carries_the_reference_and_the_answers() -> None:
    pdf = application_pdf("inglewood", "PA-482137", INGLEWOOD, prepared_at=NOW)
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    text = extract_text(pdf)
    assert "Reference: PA-482137" in text
    assert "Taquería Zoë" in text and "Zoë Nguyễn" in text  # DejaVu Sans embedded
    assert "$753" in text
    assert f"PA-482137 - page {page_count(pdf)} of {page_count(pdf)}" in text


def test_application_pdf_with_the_core_font_folds_what_latin_1_cannot_show() -> None:
    pdf = application_pdf("victorville", "PA-482137", VICTORVILLE, prepared_at=NOW, font=CORE_FONT)
    text = extract_text(pdf)
    assert "Reference: PA-482137" in text
    assert "Taquería Zoë" in text  # latin-1 letters stay
    assert "Zoë Nguyen" in text  # ễ is not latin-1: the accent goes
    assert "Victorville Municipal Code § 10.03.060(a)(2)" in text


def test_an_unsure_fee_waiver_answer_is_explained_not_assumed() -> None:
    values = {"establishment_kind": "other", "operating_before_adoption": "unsure"}
    text = application_text("inglewood", "PA-2", values, prepared_at=NOW)
    assert "Initial permit fee: $340" in text
    assert (
        "The initial fee is waived for establishments lawfully operating before February 23, 2010 that "
        "adopted FOG control measures by February 23, 2012; if that is your case, the City will confirm it "
        "(Inglewood FOG Ordinance, Fees (1))." in text
    )
    settled = application_text(
        "inglewood", "PA-3", dict(values, operating_before_adoption="no"), prepared_at=NOW
    )
    assert "if that is your case" not in settled
