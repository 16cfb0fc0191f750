"""Documents the assistant hands out: a filled FOG permit application and a drafted written spill notice.

Each is built as a :class:`documents.model.Document` (sections of labelled, cited entries) and rendered
to plain text (:func:`documents.model.render_text`) or PDF (:func:`documents.pdf.render_pdf`, fpdf2).
Pure: no I/O beyond reading a system font, no framework imports; the caller supplies the clock.

    from documents import application_pdf, application_text, spill_notice_text
    text = application_text("inglewood", "PA-482137", values, prepared_at=now)
"""

from documents.application import application_document, application_pdf, application_text, inglewood_fees
from documents.model import Document, Entry, Section, render_text
from documents.pdf import CORE_FONT, PdfFont, find_unicode_font, render_pdf
from documents.spill_notice import spill_notice_document, spill_notice_pdf, spill_notice_text

__all__ = [
    "CORE_FONT",
    "Document",
    "Entry",
    "PdfFont",
    "Section",
    "application_document",
    "application_pdf",
    "application_text",
    "find_unicode_font",
    "inglewood_fees",
    "render_pdf",
    "render_text",
    "spill_notice_document",
    "spill_notice_pdf",
    "spill_notice_text",
]
