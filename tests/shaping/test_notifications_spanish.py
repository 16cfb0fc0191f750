"""Texts in Spanish: every SMS template has a Spanish version, chosen by ``language`` (English the default),
its facts worded in Spanish, within two GSM-7 segments; e-mails to staff stay English."""

from __future__ import annotations

import pytest
from test_notifications import CITIES, NOW, PROGRAM, REFERENCES, context, event, full_record

import languages
from shaping.notifications import (
    SMS_KINDS,
    TEMPLATES_DIR,
    local_time,
    notification_context,
    render_email,
    render_sms,
    sms_segments,
)

GSM_LACKS = set("áíóúÁÍÓÚ")


def spanish_context(kind: str, city: str, *, complete: bool) -> dict:
    record = full_record(kind, city) if complete else None
    payload = {"to": "+17605550122", "text": "Victorville: el equipo va en camino a SP-482137."}
    payload = payload if kind in ("status_changed", "document_link") else {}
    return notification_context(event(kind, city, payload), record, program_name=PROGRAM, language="es")


def test_every_sms_template_has_a_spanish_version() -> None:
    for kind in SMS_KINDS:
        assert (TEMPLATES_DIR / f"{kind}.es.sms.txt").is_file(), kind


@pytest.mark.parametrize("complete", [True, False], ids=["every fact", "no facts"])
@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("kind", SMS_KINDS)
def test_every_spanish_text_renders_within_two_gsm7_segments(kind: str, city: str, complete: bool) -> None:
    text = render_sms(kind, spanish_context(kind, city, complete=complete), strict=True, language="es")

    assert text and "\n" not in text and "None" not in text
    assert not GSM_LACKS & set(text), text
    assert sms_segments(text) <= 2
    if kind.startswith("spill"):
        assert REFERENCES[kind] in text


def test_the_spill_text_in_spanish() -> None:
    text = render_sms(
        "spill_submitted", spanish_context("spill_submitted", "victorville", complete=True), language="es"
    )
    assert text == (
        "Victorville: REPORTE DE DERRAME SP-482137: 14343 Civic Drive at the corner of 7th. "
        "Qué: sewage from a manhole. Sigue saliendo: si. Llega al drenaje pluvial: si. "
        "Llamar a: (760) 555-0122. Reporte completo por correo electronico. "
        "No se leen las respuestas a este mensaje."
    )


def test_missing_facts_are_said_missing_in_spanish() -> None:
    text = render_sms(
        "spill_started", spanish_context("spill_started", "inglewood", complete=False), language="es"
    )
    assert text.startswith(
        "Inglewood: se esta reportando un DERRAME ahora, SP-482137 (aun sin confirmar): no indicado."
    )
    assert "Sigue saliendo: no se sabe." in text and "Llamar a: no indicado." in text


def test_the_spanish_context_words_dates_and_places_in_spanish() -> None:
    ctx = spanish_context("spill_submitted", "victorville", complete=True)
    assert ctx["started"] == "14 ago 2024, 10:10 AM PDT"
    assert ctx["reaches"].startswith("la cuneta, ")  # "a storm drain" is intake's message (intake.yml)
    assert ctx["storm_drain"] == ctx["still_flowing"] == "sí"
    assert ctx["channel"] == "mensaje de texto"
    assert local_time(NOW) == "Aug 14, 2024, 10:30 AM PDT"  # outside a Spanish context: English


def test_a_reporter_text_keeps_its_words_but_drops_the_accents_gsm7_lacks() -> None:
    ctx = notification_context(
        event("status_changed", "inglewood", {"to": "+13105550100", "text": "Aquí está: el equipo llegó."}),
        None,
        program_name=PROGRAM,
        language="es",
    )
    assert render_sms("status_changed", ctx, language="es") == "Aqui esta: el equipo llego."
    assert render_sms("status_changed", ctx) == "Aquí está: el equipo llegó."  # English: as written


def test_english_stays_the_default() -> None:
    english = render_sms("spill_submitted", context("spill_submitted", "victorville", complete=True))
    assert english.startswith("Victorville SPILL REPORT SP-482137:") and "Still flowing: yes" in english


def test_a_spanish_override_replaces_the_built_in_spanish_text(tmp_path) -> None:
    (tmp_path / "spill_submitted.es.sms.txt").write_text(
        "{{ city }} derrame {{ reference }}: {{ callback }}\n"
    )
    ctx = spanish_context("spill_submitted", "victorville", complete=True)
    assert render_sms("spill_submitted", ctx, templates_dir=str(tmp_path), language="es") == (
        "Victorville derrame SP-482137: (760) 555-0122"
    )
    assert render_sms("spill_submitted", ctx, templates_dir=str(tmp_path)).startswith(
        "Victorville SPILL REPORT"
    )


def test_staff_emails_stay_english_even_inside_a_spanish_conversation() -> None:
    with languages.using("es"):
        ctx = context("spill_submitted", "victorville", complete=True)
        email = render_email("spill_submitted", ctx)
    assert "Still flowing: yes" in email.body.splitlines()
    assert "Started: Aug 14, 2024, 10:10 AM PDT" in email.body.splitlines()
