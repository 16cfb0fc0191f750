"""Documents written in Spanish: headings, labels and notes in Spanish, amounts, dates (in Spanish words) and
citations the same; a document keeps the language it was made in; English stays the default."""

from __future__ import annotations

import re

from pdf_text_support import extract_text
from test_documents_application import INGLEWOOD, NOW, VICTORVILLE
from test_documents_spill_notice import REPORT

import languages
from compliance.core import inglewood, victorville
from documents import CORE_FONT, application_document, application_pdf, application_text, spill_notice_text
from documents.application import INGLEWOOD_NEXT_STEPS, VICTORVILLE_DOCUMENTS_PATH, VICTORVILLE_NEXT_STEPS
from documents.model import render_text
from documents.spill_notice import spill_notice_pdf

AMOUNT = re.compile(r"\$[\d,]+(?:\.\d\d)?")
CITATION = re.compile(r"(?:Victorville Municipal Code §|Inglewood FOG Ordinance,) [^)]*\)")
OPEN_FEES = {**INGLEWOOD, "drive_thru": "unsure", "operating_before_adoption": "unsure"}


def spanish_application(city: str, values: dict) -> str:
    with languages.using("es"):
        return application_text(city, "PA-300001", values, prepared_at=NOW)


def test_application_headings_and_fee_labels_in_spanish_with_the_same_amounts() -> None:
    english = application_text("inglewood", "PA-300001", OPEN_FEES, prepared_at=NOW)
    text = spanish_application("inglewood", OPEN_FEES)

    for line in ("Referencia: PA-300001", "Ciudad de Inglewood", "Preparado: 18 ago 2026, 10:00 AM PDT"):
        assert line in text.splitlines(), line
    assert "\nSOLICITUD\n" in text and "\nCUOTAS\n" in text and "\nQUÉ SIGUE\n" in text
    assert "Sin autoservicio (drive-thru): Cuota inicial del permiso: $340" in text
    assert (
        "Con autoservicio (drive-thru): Cuota anual de inspección y control (establecimiento grande): $413"
        in text
    )
    assert "Con autoservicio (drive-thru): Total del primer año: $753" in text
    assert "antes del 23 de febrero de 2010 y que adoptaron medidas" in text
    assert AMOUNT.findall(text) == AMOUNT.findall(english)
    assert CITATION.findall(text) == CITATION.findall(english)
    assert text.rstrip().endswith("no un permiso: la ciudad decide.")


def test_missing_fee_answers_are_said_in_spanish() -> None:
    text = spanish_application("inglewood", {"establishment_kind": "restaurant"})
    assert (
        "Las cuotas dependen del número de asientos del restaurante. La Ciudad confirmará las cuotas." in text
    )
    assert "(todavía no se indicó)" in text


def test_next_steps_in_spanish_keep_their_citations() -> None:
    text = spanish_application("victorville", {**VICTORVILLE, "application_path": "building_documents"})
    assert "- Usted eligió presentar permisos o documentos de la División de Construcción" in text
    assert (
        "- El permiso se emite por un año y se renueva cada año (Victorville Municipal Code § 10.03.080(a))."
        in text
    )


def test_next_steps_are_the_ordinance_citations_written_out() -> None:
    assert victorville("10.03.060(a)") in VICTORVILLE_NEXT_STEPS[0]
    assert victorville("10.03.050(a)") in VICTORVILLE_NEXT_STEPS[0]
    assert VICTORVILLE_NEXT_STEPS[-1].endswith(f"({victorville('10.03.080(a)')}).")
    assert VICTORVILLE_DOCUMENTS_PATH.endswith(f"({victorville('10.03.060(b)')}).")
    assert INGLEWOOD_NEXT_STEPS[0].endswith(f"({inglewood('Permits', '(1)')}).")
    assert INGLEWOOD_NEXT_STEPS[3].endswith(f"({inglewood('Fees', '(1)')}).")
    assert inglewood("Permits", "(2)(j)") in INGLEWOOD_NEXT_STEPS[4]


def test_spill_notice_in_spanish_keeps_the_deadline_and_the_letter() -> None:
    english = spill_notice_text("victorville", "SP-048213", REPORT, prepared_at=NOW)
    with languages.using("es"):
        text = spill_notice_text("victorville", "SP-048213", REPORT, prepared_at=NOW)

    assert text.startswith(
        "Confirmación por escrito del aviso de derrame (borrador)\nReferencia: SP-048213\n"
    )
    assert "Fecha límite: 21 de agosto de 2026\n  (Victorville Municipal Code § 10.03.280(b))" in text
    assert "\nENVIAR A\n" in text and "\nDATOS REPORTADOS\n" in text
    assert "Las causas de la descarga o del derrame: [a completar por el establecimiento]" in text
    assert "La fecha del incidente: " in text
    # The letter's own sentence is the city's official text: English.
    assert (
        "This letter confirms the telephone notification of the spill reported under reference SP-048213"
        in text
    )
    assert (
        "ningún gasto, pérdida, daño u otra responsabilidad (Victorville Municipal Code § 10.03.280(c))."
        in text
    )
    assert CITATION.findall(text) == CITATION.findall(english)


def test_a_document_keeps_the_language_it_was_made_in() -> None:
    with languages.using("es"):
        document = application_document("victorville", "PA-300001", VICTORVILLE, prepared_at=NOW)
    assert document.language == "es"
    text = render_text(document)  # rendered outside the Spanish block
    assert "Referencia: PA-300001" in text and "Reference:" not in text


def test_spanish_pdfs_have_spanish_labels_and_page_footer() -> None:
    with languages.using("es"):
        pdf = application_pdf("inglewood", "PA-300001", INGLEWOOD, prepared_at=NOW, font=CORE_FONT)
        notice = spill_notice_pdf("victorville", "SP-048213", REPORT, prepared_at=NOW, font=CORE_FONT)
    text = extract_text(pdf)
    assert "Referencia: PA-300001" in text and "Ciudad de Inglewood" in text
    assert re.search(r"PA-300001 - página 1 de \d", text)
    assert "Fecha límite" in extract_text(notice)


def test_english_stays_the_default() -> None:
    spanish_application("victorville", VICTORVILLE)
    text = application_text("victorville", "PA-300001", VICTORVILLE, prepared_at=NOW)
    assert "Reference: PA-300001" in text and "\nWHAT HAPPENS NEXT\n" in text
    assert "Prepared: Aug 18, 2026, 10:00 AM PDT" in text
    assert re.search(
        r"PA-300001 - page 1 of \d",
        extract_text(
            application_pdf("victorville", "PA-300001", VICTORVILLE, prepared_at=NOW, font=CORE_FONT)
        ),
    )
