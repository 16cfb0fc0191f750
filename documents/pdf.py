"""PDF rendering of a :class:`~documents.model.Document` with fpdf2.

Fonts: fpdf2's core fonts (Helvetica) encode latin-1 only and raise on anything else, so a Unicode
TrueType font is embedded when one is found (DejaVu Sans, present on most Linux systems; see
:func:`find_unicode_font`, or pass a :class:`PdfFont`). Either way no user text can crash rendering:

* with the core font, typographic characters become ASCII equivalents (— → -, “ ” → ", … → ...), accented
  letters outside latin-1 lose their accent (ő → o), and anything else becomes "?";
* with a TrueType font, characters the font lacks (DejaVu has no CJK, for example) are folded the same way.

When any character had to be replaced, the PDF says so and points to the plain-text summary, which keeps
every character.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from documents.model import Document
from languages import N_, t, using

FONT_DIRECTORIES = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
    Path("/Library/Fonts"),
)
REPLACED_NOTE = N_(
    "Some characters could not be shown in this PDF and appear as '?'; the plain-text summary has the "
    "exact text."
)

_ASCII_EQUIVALENTS = str.maketrans(
    {
        "\u2014": "-",
        "\u2013": "-",
        "\u2012": "-",
        "\u2212": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2026": "...",
        "\u2022": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
        "\u20ac": "EUR",
        "\u2122": "(TM)",
        "\u2264": "<=",
        "\u2265": ">=",
        "\u2192": "->",
        "\u00d7": "x",
    }
)


@dataclass(frozen=True)
class PdfFont:
    """A font family for the PDF: TrueType files, or ``None`` paths for fpdf2's core Helvetica."""

    family: str
    regular: Path | None = None
    bold: Path | None = None

    @property
    def is_core(self) -> bool:
        return self.regular is None


CORE_FONT = PdfFont("Helvetica")


@lru_cache(maxsize=1)
def find_unicode_font() -> PdfFont | None:
    """DejaVu Sans (regular and bold) from the usual system font folders, or None."""
    for directory in FONT_DIRECTORIES:
        regular, bold = directory / "DejaVuSans.ttf", directory / "DejaVuSans-Bold.ttf"
        if regular.is_file():
            return PdfFont("DejaVu", regular, bold if bold.is_file() else regular)
    return None


def _fold(char: str, fits: Callable[[str], bool]) -> str:
    """``char`` if it fits the font, else its ASCII equivalent, else the letter without accents, else "?"."""
    if fits(char):
        return char
    equivalent = char.translate(_ASCII_EQUIVALENTS)
    if equivalent != char and all(fits(c) for c in equivalent):
        return equivalent
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if base and all(fits(c) for c in base):
        return base
    return "?"


class _Writer:
    """fpdf2 with our layout, a footer with the reference and page numbers, and safe text."""

    def __init__(self, document: Document, font: PdfFont) -> None:
        from fpdf import FPDF  # fpdf2 loads fonttools and pillow: only when a PDF is made

        reference = document.reference

        class _Pdf(FPDF):
            def footer(self) -> None:
                self.set_y(-12)
                self.set_font(writer.family, size=8)
                self.set_text_color(90, 90, 90)
                page = t(
                    "{reference} - page {page} of {pages}",
                    reference=reference,
                    page=self.page_no(),
                    pages="{nb}",
                )
                self.cell(0, 6, writer.safe(page), align="C")

        writer = self
        self.replaced = False
        self.pdf = _Pdf(format="Letter")
        self.pdf.set_margins(18, 16, 18)
        self.pdf.set_auto_page_break(True, margin=18)
        if font.is_core:
            self.family = "Helvetica"
            self._fits: Callable[[str], bool] = _fits_latin1
        else:
            self.family = font.family
            self.pdf.add_font(font.family, "", str(font.regular))
            self.pdf.add_font(font.family, "B", str(font.bold or font.regular))
            cmap = self.pdf.fonts[font.family.lower()].cmap
            self._fits = lambda c: ord(c) in cmap or c in "\n\t"

    def safe(self, text: str) -> str:
        out = []
        for char in str(text):
            folded = _fold(char, self._fits)
            if "?" in folded and char != "?":
                self.replaced = True
            out.append(folded)
        return "".join(out)

    def line(
        self, text: str, size: float = 10, bold: bool = False, grey: bool = False, gap: float = 0
    ) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)
        self.pdf.set_text_color(90, 90, 90) if grey else self.pdf.set_text_color(0, 0, 0)
        height = size * 0.5
        self.pdf.multi_cell(0, height, self.safe(text), align="L", new_x="LMARGIN", new_y="NEXT")
        if gap:
            self.pdf.ln(gap)


def _fits_latin1(char: str) -> bool:
    return char in "\n\t" or 32 <= ord(char) <= 126 or 160 <= ord(char) <= 255


def render_pdf(document: Document, font: PdfFont | None = None) -> bytes:
    """The document as PDF bytes (US Letter); ``font`` defaults to :func:`find_unicode_font` or Helvetica.
    Its own words (reference, page numbers, notes) are in the document's language."""
    with using(document.language):
        return _render_pdf(document, font or find_unicode_font() or CORE_FONT)


def _render_pdf(document: Document, chosen: PdfFont) -> bytes:
    writer = _Writer(document, chosen)
    pdf = writer.pdf
    pdf.set_title(writer.safe(f"{document.title} {document.reference}"))
    pdf.set_subject(
        writer.safe(t("{city}, reference {reference}", city=document.city_name, reference=document.reference))
    )
    pdf.set_creator("FOG and organics assistant")
    pdf.set_lang(document.language)  # screen readers read it in its language (PDF /Lang)
    pdf.set_creation_date(document.prepared_at)
    pdf.add_page()
    writer.line(document.title, size=15, bold=True, gap=1)
    writer.line(t("Reference: {reference}", reference=document.reference), size=12, bold=True)
    writer.line(document.city_name, size=10)
    writer.line(t("Prepared: {when}", when=document.prepared_text), size=10, gap=3)
    for section in document.sections:
        writer.line(section.heading, size=12, bold=True, gap=1)
        for paragraph in section.paragraphs:
            writer.line(paragraph, gap=1)
        for entry in section.entries:
            writer.line(entry.label, size=9, bold=True)
            writer.line(entry.value)
            if entry.citations:
                writer.line("; ".join(entry.citations), size=7.5, grey=True)
            pdf.ln(1.2)
        for bullet in section.bullets:
            writer.line(f"- {bullet}", gap=0.8)
        pdf.ln(2.5)
    if document.footer:
        writer.line(document.footer, size=8, grey=True)
    if writer.replaced:
        writer.line(t(REPLACED_NOTE), size=8, grey=True)
    return bytes(pdf.output())
