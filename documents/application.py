"""A filled FOG permit application: every answer labelled with the ordinance subsection that asks for it,
what happens next (from the ordinance text), and for Inglewood the fees (from the compliance core).

``values`` are the form's slot values (see :mod:`intake.forms`, forms ``permit_application`` for
``victorville`` and ``inglewood``), as stored: ISO dates, E.164 phones, small dicts for quantities.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import compliance
from compliance.core import City, ComplianceError, dollars, inglewood, parse_city
from compliance.inglewood.fog import ADOPTED, PERMIT_FEE_WAIVER_DEADLINE, PermitFees
from compliance.shifts import human
from documents.model import Document, Entry, Section, render_text
from documents.pdf import PdfFont, render_pdf
from intake import FieldSpec, FormSpec, describe, form_spec
from languages import N_, t

NOT_PROVIDED = N_("(not provided yet)")
SIZE_NAMES = {"small": N_("small"), "large": N_("large")}
"""Inglewood's size classes of a food establishment (Fees (2)), as the fee label names them."""
FOOTER = N_(
    "Prepared by the FOG assistant from the applicant's answers. This is an application summary, not a "
    "permit: the city decides."
)

# What happens after an application is filed, from the ordinance text (its citations written out, so that
# each step is one message to translate; the tests check them against compliance.core's citation helpers).
VICTORVILLE_NEXT_STEPS = (
    N_(
        "The application is filed with the building official and must be accompanied by any applicable fees "
        "(Victorville Municipal Code § 10.03.060(a)). Fees are established by resolution of the city council "
        "(Victorville Municipal Code § 10.03.050(a)); Chapter 10.03 itself states no amount."
    ),
    N_(
        "After evaluation and acceptance of the data provided, an on-site inspection of the establishment's "
        "wastewater discharge, treatment or other waste-discharge systems may be required "
        "(Victorville Municipal Code § 10.03.060(c))."
    ),
    N_(
        "The building official may then issue a FOG permit subject to the terms and conditions of "
        "Chapter 10.03 (Victorville Municipal Code § 10.03.060(c))."
    ),
    N_(
        "The permit states the approved grease control device type, its size, its service frequency, the "
        "permit expiration date, and any other terms and conditions the building official deems necessary "
        "(Victorville Municipal Code § 10.03.050(a))."
    ),
    N_("The permit is issued for one year and renewed annually (Victorville Municipal Code § 10.03.080(a))."),
)
VICTORVILLE_DOCUMENTS_PATH = N_(
    "You chose to show permits or documentation from the city's Building Division confirming that an "
    "appropriate grease control device has been installed under the Plumbing Code, in lieu of the "
    "application in subsection (a) (Victorville Municipal Code § 10.03.060(b))."
)
INGLEWOOD_NEXT_STEPS = (
    N_(
        "The application is filed with the City of Inglewood Public Works Department before discharging, and "
        "the applicable fees accompany it (Inglewood FOG Ordinance, Permits (1))."
    ),
    N_(
        "The City may require site plans, floor plans, mechanical and plumbing plans and details showing all "
        "sewers, FOG control devices, grease interceptors or other pretreatment equipment by size, location "
        "and elevation, and other information about the business (Inglewood FOG Ordinance, Permits (1))."
    ),
    N_(
        "After evaluating the data furnished, the City may issue a FOG wastewater discharge permit with the "
        "terms and conditions it determines appropriate (Inglewood FOG Ordinance, Permits (1))."
    ),
    N_(
        "Payment of the permit fee must be received by the City before the permit is issued "
        "(Inglewood FOG Ordinance, Fees (1))."
    ),
    N_(
        "The permit must be renewed yearly (Inglewood FOG Ordinance, Permits (2)(j)), and the annual "
        "inspection and control fee is assessed each year (Inglewood FOG Ordinance, Fees (2))."
    ),
)


@dataclass(frozen=True)
class FeeEstimate:
    """Inglewood permit fees from the compliance core, or why they cannot be worked out yet."""

    fees: tuple[PermitFees, ...] = ()  # two when an answer ("drive-thru: not sure") leaves both open
    missing: str | None = None


def _answer(value: Any) -> bool | None:
    """A stored yes/no slot as True, False or None (not sure / not answered)."""
    return {True: True, False: False, "yes": True, "no": False}.get(value)


def inglewood_fees(values: Mapping[str, Any]) -> FeeEstimate:
    """Permit fees for the answers given, computed by :func:`compliance.permit_fees`.

    The yes/no answers about operating before adoption and adopting FOG controls in time are passed to the
    core as dates that satisfy (or not) its conditions: "yes" to operating before February 23, 2010 becomes
    the day before adoption; "yes" to FOG controls by February 23, 2012 becomes that deadline. "Not sure"
    counts as no, so the fee shown is the one due unless the City confirms the waiver.
    """
    kind = values.get("establishment_kind")
    if kind is None:
        return FeeEstimate(
            missing=t("The fees depend on the kind of establishment (restaurant, school, ...).")
        )
    seats = values.get("dining_capacity")
    if kind == "restaurant" and seats is None:
        return FeeEstimate(missing=t("The fees depend on the restaurant's seating capacity."))
    drive_thru = _answer(values.get("drive_thru"))
    operating_before = _answer(values.get("operating_before_adoption")) is True
    controls_in_time = _answer(values.get("fog_controls_by_deadline")) is True
    options = (False, True) if kind == "restaurant" and drive_thru is None else (bool(drive_thru),)
    try:
        fees = tuple(
            compliance.permit_fees(
                seats=seats,
                drive_thru=option,
                kind=kind,
                operating_since=ADOPTED - dt.timedelta(days=1) if operating_before else None,
                fog_controls_adopted_on=PERMIT_FEE_WAIVER_DEADLINE if controls_in_time else None,
            )
            for option in options
        )
    except ComplianceError as error:
        return FeeEstimate(missing=str(error))
    return FeeEstimate(fees=fees)


def _fee_section(values: Mapping[str, Any]) -> Section:
    estimate = inglewood_fees(values)
    if not estimate.fees:
        confirmed = t("The fees will be confirmed by the City.")
        return Section(t("Fees"), paragraphs=(f"{estimate.missing} {confirmed}",))
    entries: list[Entry] = []
    bullets: list[str] = []
    for fees in estimate.fees:
        drive_thru = fees is estimate.fees[1] if len(estimate.fees) > 1 else None
        initial = t("waived") if fees.initial_fee_waived else dollars(fees.initial_fee)
        size = t(SIZE_NAMES[fees.size.value]) if fees.size.value in SIZE_NAMES else fees.size.value
        annual = t("Annual inspection and control fee ({size} establishment)", size=size)
        entries += [
            Entry(_with_drive_thru(t("Initial permit fee"), drive_thru), initial, (fees.citation,)),
            Entry(_with_drive_thru(annual, drive_thru), dollars(fees.annual_fee), fees.see_also),
            Entry(
                _with_drive_thru(t("First-year total"), drive_thru),
                dollars(fees.breakdown["first_year_total"]),
            ),
        ]
        bullets.append(_with_drive_thru(fees.reason, drive_thru))
    unsure = {values.get("operating_before_adoption"), values.get("fog_controls_by_deadline")} & {
        "unsure",
        None,
    }
    if values.get("operating_before_adoption") != "no" and unsure and not estimate.fees[0].initial_fee_waived:
        bullets.append(
            t(
                "The initial fee is waived for establishments lawfully operating before {adopted} that "
                "adopted FOG control measures by {deadline}; if that is your case, the City will confirm it "
                "({citation}).",
                adopted=human(ADOPTED),
                deadline=human(PERMIT_FEE_WAIVER_DEADLINE),
                citation=inglewood("Fees", "(1)"),
            )
        )
    return Section(t("Fees"), tuple(entries), tuple(bullets))


def _with_drive_thru(text: str, drive_thru: bool | None) -> str:
    """``text`` for one of two fee estimates (with or without a drive-thru; None: the only estimate)."""
    if drive_thru is None:
        return text
    if drive_thru:
        return t("With a drive-thru: {text}", text=text)
    return t("Without a drive-thru: {text}", text=text)


def _entries(form: FormSpec, values: Mapping[str, Any], city: str) -> tuple[Entry, ...]:
    entries = []
    for spec in form.applicable(values):
        value = values.get(spec.name)
        if value is None and spec.optional:
            continue
        entries.append(Entry(t(spec.label), _written(spec, value), spec.citations_for(city)))
    return tuple(entries)


def _written(spec: FieldSpec, value: Any) -> str:
    return t(NOT_PROVIDED) if value is None else describe(spec.parser, value)


def application_document(
    city: str | City, reference: str, values: Mapping[str, Any], *, prepared_at: dt.datetime
) -> Document:
    """The application summary for ``city`` (Victorville 10.03.060 or Inglewood Permits (1)), in the current
    language (:func:`languages.t`; the form's labels and title are the intake package's marked messages)."""
    city = parse_city(city).value
    form = form_spec("permit_application", city)
    answers = Section(t("Application"), _entries(form, values, city))
    if city == "victorville":
        documents_path = values.get("application_path") == "building_documents"
        steps = ((VICTORVILLE_DOCUMENTS_PATH,) if documents_path else ()) + VICTORVILLE_NEXT_STEPS
        sections = (answers, Section(t("What happens next"), bullets=tuple(t(step) for step in steps)))
    else:
        next_steps = Section(t("What happens next"), bullets=tuple(t(step) for step in INGLEWOOD_NEXT_STEPS))
        sections = (answers, _fee_section(values), next_steps)
    return Document(t(form.title), reference, city, prepared_at, sections, footer=t(FOOTER))


def application_text(
    city: str | City, reference: str, values: Mapping[str, Any], *, prepared_at: dt.datetime
) -> str:
    return render_text(application_document(city, reference, values, prepared_at=prepared_at))


def application_pdf(
    city: str | City,
    reference: str,
    values: Mapping[str, Any],
    *,
    prepared_at: dt.datetime,
    font: PdfFont | None = None,
) -> bytes:
    return render_pdf(application_document(city, reference, values, prepared_at=prepared_at), font)
