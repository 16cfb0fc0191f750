"""The shape every document has, and its plain-text rendering.

A :class:`Document` is a title, a reference number, the city, when it was prepared, and sections of
labelled entries (each with the ordinance text that asks for it) and bullet points. The PDF renderer reads
the same structure, so the text and the PDF never disagree.

A document is written in the language current when it is made (:func:`languages.current`, English by
default): its builder words headings and labels with :func:`languages.t`, and the renderers word their own
("Reference", "Prepared", the date) in the document's ``language``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from cities import CITY_TIME_ZONE
from cities.wording import short_date
from languages import N_, current, t, using

CITY_NAMES = {"victorville": N_("City of Victorville"), "inglewood": N_("City of Inglewood")}


@dataclass(frozen=True)
class Entry:
    label: str
    value: str
    citations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    heading: str
    entries: tuple[Entry, ...] = ()
    bullets: tuple[str, ...] = ()
    paragraphs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Document:
    title: str
    reference: str
    city: str  # "victorville" or "inglewood"
    prepared_at: dt.datetime  # timezone-aware
    sections: tuple[Section, ...]
    footer: str = ""
    time_zone: str = CITY_TIME_ZONE
    language: str = field(default_factory=current)  # the language it was written in

    def __post_init__(self) -> None:
        if self.prepared_at.tzinfo is None:
            raise ValueError(f"Document.prepared_at must be timezone-aware; got {self.prepared_at!r}.")

    @property
    def city_name(self) -> str:
        with using(self.language):
            return t(CITY_NAMES[self.city])

    @property
    def prepared_text(self) -> str:
        """``Aug 18, 2026, 10:00 AM PDT`` in the city's time zone (Spanish ``18 ago 2026, 10:00 AM PDT``)."""
        local = self.prepared_at.astimezone(ZoneInfo(self.time_zone))
        hour = local.hour % 12 or 12
        with using(self.language):
            day = short_date(local.date())
        return f"{day}, {hour}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'} {local.tzname()}"


def render_text(document: Document) -> str:
    """The document as plain UTF-8 text (what SMS, e-mail and the web show)."""
    with using(document.language):
        reference = t("Reference: {reference}", reference=document.reference)
        prepared = t("Prepared: {when}", when=document.prepared_text)
    lines = [document.title, reference, document.city_name, prepared]
    for section in document.sections:
        lines += ["", section.heading.upper()]
        lines += list(section.paragraphs)
        for entry in section.entries:
            lines.append(f"{entry.label}: {entry.value}")
            if entry.citations:
                lines.append(f"  ({'; '.join(entry.citations)})")
        lines += [f"- {bullet}" for bullet in section.bullets]
    if document.footer:
        lines += ["", document.footer]
    return "\n".join(lines) + "\n"
