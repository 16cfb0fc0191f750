"""A drafted written confirmation of a spill notification, for the establishment to complete and send.

Victorville Municipal Code § 10.03.280(b) and Inglewood FOG Ordinance, Monitoring and Notification (3)(a):
the telephone notice must be confirmed in writing no later than five working days from the date of the
incident, stating the date of the incident, the reasons for the discharge or spill, what was done to
correct it immediately and what is being done to prevent it from recurring. The deadline, recipient and
required contents come from :func:`compliance.spill_deadline`; the facts come from the spill report
(``values``: the ``spill_report`` form's slot values, see :mod:`intake.forms`). What the report
cannot know (reasons and steps) is left as a marked blank.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any
from zoneinfo import ZoneInfo

import compliance
from cities import CITY_TIME_ZONE
from compliance.calendar import WorkingDayCalendar
from compliance.core import City, parse_city
from documents.model import Document, Entry, Section, render_text
from documents.pdf import PdfFont, render_pdf
from intake import Moment, describe, form_spec, human_date
from languages import ENGLISH, N_, t, using

TO_COMPLETE = N_("[to be completed by the establishment]")
TITLE = N_("Written confirmation of spill notification (draft)")
FOOTER = N_(
    "Draft prepared by the FOG assistant from a spill report. The establishment must check it, complete the "
    "marked items, sign it and send it by the deadline; sending it does not relieve the establishment of "
    "any expense, loss, damage or other liability ({nonrelief})."
)
_NONRELIEF = {
    "victorville": compliance.core.victorville("10.03.280(c)"),
    "inglewood": compliance.core.inglewood("Monitoring and Notification", "(3)(b)"),
}
# Extra details the flow may collect for the notice (kept in the report's details), by required item.
_DETAIL_FOR_ITEM = (
    ("reasons", "spill_reason"),
    ("immediately correct", "correction_steps"),
    ("prevent", "prevention_steps"),
)


def incident_date(
    values: Mapping[str, Any], prepared_at: dt.datetime, time_zone: str = CITY_TIME_ZONE
) -> dt.date:
    """The day the spill started (its ``started_at``), else the day the notice is prepared, in the city."""
    started = values.get("started_at")
    if started:
        return Moment.from_slot(started, time_zone).date
    return prepared_at.astimezone(ZoneInfo(time_zone)).date()


def _required_item(item: str, english: str, incident: dt.date, values: Mapping[str, Any]) -> Entry:
    """One thing the ordinance says the notice must state (``item``, in the document's language; ``english``,
    the same item in the ordinance's words, which says what fills it), filled from the report where it can
    be."""
    if "date of the incident" in english:
        return Entry(item[:1].upper() + item[1:], human_date(incident, spoken=True))
    detail = next((values.get(key) for marker, key in _DETAIL_FOR_ITEM if marker in english), None)
    return Entry(item[:1].upper() + item[1:], str(detail) if detail else t(TO_COMPLETE))


def spill_notice_document(
    city: str | City,
    reference: str,
    values: Mapping[str, Any],
    *,
    prepared_at: dt.datetime,
    calendar: WorkingDayCalendar | None = None,
) -> Document:
    """The drafted notice for the spill report ``reference`` in ``city``: headings, labels and notes to the
    establishment, and what the ordinance requires it to state, in the current language (:func:`languages.t`);
    the letter's own sentence in English, the language of the city that receives it."""
    city = parse_city(city).value
    incident = incident_date(values, prepared_at)
    deadline = compliance.spill_deadline(city, incident, calendar=calendar)
    with using(ENGLISH):
        required = compliance.spill_deadline(city, incident, calendar=calendar).must_state
    phone = compliance.spill_contacts(city, prepared_at, calendar=calendar)
    report = form_spec("spill_report")
    facts = tuple(
        Entry(t(spec.label), describe(spec.parser, values[spec.name]))
        for spec in report.applicable(values)
        if values.get(spec.name) is not None and spec.name != "city"
    )
    sections = (
        Section(
            t("Send to"),
            (
                Entry(t("Recipient"), deadline.send_to, (deadline.citation,)),
                Entry(
                    t("Due no later than"), human_date(deadline.deadline, spoken=True), (deadline.citation,)
                ),
            ),
            paragraphs=(deadline.reason,),
        ),
        Section(
            t("This confirms"),
            paragraphs=(
                f"This letter confirms the telephone notification of the spill reported under reference "
                f"{reference}, as required by {phone.citation}.",
            ),
        ),
        Section(
            t("The written notification must state"),
            tuple(
                _required_item(item, english, incident, values)
                for item, english in zip(deadline.must_state, required, strict=True)
            ),
        ),
        Section(t("Facts reported"), facts),
    )
    footer = t(FOOTER, nonrelief=_NONRELIEF[city])
    return Document(t(TITLE), reference, city, prepared_at, sections, footer=footer)


def spill_notice_text(
    city: str | City,
    reference: str,
    values: Mapping[str, Any],
    *,
    prepared_at: dt.datetime,
    calendar: WorkingDayCalendar | None = None,
) -> str:
    return render_text(
        spill_notice_document(city, reference, values, prepared_at=prepared_at, calendar=calendar)
    )


def spill_notice_pdf(
    city: str | City,
    reference: str,
    values: Mapping[str, Any],
    *,
    prepared_at: dt.datetime,
    calendar: WorkingDayCalendar | None = None,
    font: PdfFont | None = None,
) -> bytes:
    document = spill_notice_document(city, reference, values, prepared_at=prepared_at, calendar=calendar)
    return render_pdf(document, font)
