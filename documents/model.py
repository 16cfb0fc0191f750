"""The shape every document has, and its plain-text rendering.

A :class:`Document` is a title, a reference number, the city, when it was prepared, and sections of
labelled entries (each with the ordinance text that asks for it) and bullet points. The PDF renderer reads
the same structure, so the text and the PDF never disagree.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from cities import CITY_TIME_ZONE


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

    def __post_init__(self) -> None:
        if self.prepared_at.tzinfo is None:
            raise ValueError(f"Document.prepared_at must be timezone-aware; got {self.prepared_at!r}.")

    @property
    def city_name(self) -> str:
        return {"victorville": "City of Victorville", "inglewood": "City of Inglewood"}[self.city]

    @property
    def prepared_text(self) -> str:
        """``Aug 18, 2026, 10:00 AM PDT`` in the city's time zone."""
        local = self.prepared_at.astimezone(ZoneInfo(self.time_zone))
        hour = local.hour % 12 or 12
        return (
            f"{local:%b} {local.day}, {local.year}, {hour}:{local.minute:02d} "
            f"{'AM' if local.hour < 12 else 'PM'} {local.tzname()}"
        )


def render_text(document: Document) -> str:
    """The document as plain UTF-8 text (what SMS, e-mail and the web show)."""
    lines = [
        document.title,
        f"Reference: {document.reference}",
        document.city_name,
        f"Prepared: {document.prepared_text}",
    ]
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
