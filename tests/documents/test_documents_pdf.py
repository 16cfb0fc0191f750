"""PDF rendering: any user text renders without crashing, under the embedded Unicode font or core Helvetica.

Text is checked by extracting it from the PDF bytes (``pdf_text_support``; pypdf is not installed). The
Unicode-font tests need DejaVu Sans (Debian package fonts-dejavu-core), which this machine has.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from pdf_text_support import extract_text, page_count

from documents import CORE_FONT, Document, Entry, Section, find_unicode_font, render_pdf, render_text
from documents.pdf import REPLACED_NOTE, PdfFont

NOW = dt.datetime(2026, 8, 18, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


def document(*entries: Entry, bullets: tuple[str, ...] = ()) -> Document:
    return Document("Test document", "PA-000042", "inglewood", NOW, (Section("Answers", entries, bullets),))


@pytest.fixture(scope="module")
def unicode_font() -> PdfFont:
    font = find_unicode_font()
    assert font is not None, "DejaVu Sans is needed (apt-get install fonts-dejavu-core)"
    return font


def test_dejavu_is_found(unicode_font: PdfFont) -> None:
    assert unicode_font.family == "DejaVu"
    assert unicode_font.regular is not None and unicode_font.regular.name == "DejaVuSans.ttf"
    assert not unicode_font.is_core and CORE_FONT.is_core


def test_unicode_font_keeps_accents_and_symbols(unicode_font: PdfFont) -> None:
    pdf = render_pdf(
        document(Entry("Name", "Zoë Nguyễn — “Café” § 10.03 € Ωmega"), Entry("Owner", "Müller")), unicode_font
    )
    text = extract_text(pdf)
    assert "Zoë Nguyễn — “Café” § 10.03 € Ωmega" in text
    assert REPLACED_NOTE not in text


def test_characters_missing_from_the_font_become_question_marks_with_a_note(unicode_font: PdfFont) -> None:
    doc = document(Entry("Owner", "李小龍 (Bruce)"))
    text = extract_text(render_pdf(doc, unicode_font))
    assert "??? (Bruce)" in text
    assert REPLACED_NOTE.split(";")[0] in text
    assert "李小龍 (Bruce)" in render_text(doc)  # the plain text keeps every character


def test_core_font_maps_typography_and_folds_accents() -> None:
    doc = document(Entry("Name", "Zoë Nguyễn — “Café” ‘x’ … € ≤ 5 § 10.03"), Entry("Owner", "李小龍"))
    text = extract_text(render_pdf(doc, CORE_FONT))
    assert "Zoë Nguyen - \"Café\" 'x' ... EUR <= 5 § 10.03" in text
    assert "???" in text
    assert REPLACED_NOTE.split(";")[0] in text


def test_long_documents_break_pages_and_number_them(unicode_font: PdfFont) -> None:
    entries = tuple(
        Entry(f"Item {n}", "A long answer about grease. " * 12, ("Inglewood FOG Ordinance, Permits (1)(a)",))
        for n in range(40)
    )
    pdf = render_pdf(document(*entries), unicode_font)
    pages = page_count(pdf)
    assert pages >= 3
    text = extract_text(pdf)
    assert f"PA-000042 - page {pages} of {pages}" in text
    assert "Item 39" in text


def test_metadata_and_page_size() -> None:
    pdf = render_pdf(document(Entry("Name", "Zoë")), CORE_FONT)
    assert page_count(pdf) == 1
    assert b"/MediaBox [0 0 612.00 792.00]" in pdf  # US Letter
    assert b"/CreationDate (D:20260818100000-07'00')" in pdf  # prepared_at, so the bytes are reproducible


def test_prepared_at_must_be_aware() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        Document("T", "PA-1", "inglewood", dt.datetime(2026, 8, 18, 10), ())
