"""Computed answers in Spanish: the result sentence in Spanish, every amount, day count and date the same as
in English (dates in Spanish words), and the same kind and section."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import languages
from calculations import compute, permit_frequency
from calculations.compute import Computed
from knowledge.spanish import gloss

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)  # Tuesday, December 1, 2026, 10:00 Pacific
NUMBERS = re.compile(r"\d+(?:[.,]\d+)*")

CASES = [
    ("got the big grease trap out back pumped sept 15. when do i gotta pump again", "victorville"),
    ("pumped the small grease trap nov 20, when is the next one due", "victorville"),
    ("interceptor got pumped June 2, when's the next one due?", "inglewood"),
    ("Our $267 FOG invoice from March 3 is still unpaid, what do we owe now?", "inglewood"),
    ("our $267 invoice from nov 20 is unpaid, any late penalty?", "inglewood"),
    ("whats the fine for a 2nd NOV", "inglewood"),
    ("58 seats and a drive thru, whats our annual fee", "inglewood"),
    (
        "4 yards of trash a week and maybe 12 gallons of food waste, do we need the organics bin?",
        "victorville",
    ),
    ("1.5 cubic yards of trash and 12 gallons of food scraps a week, can we get the waiver", "victorville"),
    ("we had a spill on nov 27, when is the written report due", "victorville"),
]


def spanish(text: str, city: str) -> Computed:
    with languages.using("es"):
        return compute(text, city, NOW)


@pytest.mark.parametrize(("text", "city"), CASES)
def test_spanish_result_states_the_same_numbers_kind_and_section(text: str, city: str) -> None:
    english, translated = compute(text, city, NOW), spanish(text, city)
    assert english is not None and translated is not None
    assert (translated.kind, translated.citation) == (english.kind, english.citation)
    assert sorted(NUMBERS.findall(translated.text)) == sorted(NUMBERS.findall(english.text))


def test_pump_out_due_date_in_spanish() -> None:
    result = spanish(CASES[1][0], "victorville")
    assert result.text.startswith(
        "El próximo servicio de su trampa de grasa (grease trap) vence el 20 de diciembre de 2026 "
        "(dentro de 19 días)."
    )


def test_overdue_interceptor_in_spanish() -> None:
    result = spanish(CASES[2][0], "inglewood")
    assert result.text.startswith(
        "El próximo servicio de su interceptor de grasa (grease interceptor) vencía el 2 de septiembre "
        "de 2026, así que está vencido: lleva 90 días de retraso."
    )


def test_late_penalties_in_spanish() -> None:
    owed = spanish(CASES[3][0], "inglewood")
    assert owed.text.startswith(
        "Hoy usted debe $324.54: la factura de $267 más $57.54 de multas por pago tardío."
    )
    not_yet = spanish(CASES[4][0], "inglewood")
    assert not_yet.text.startswith("Todavía no hay multa: pague los $267 a más tardar el 4 de enero de 2027.")


def test_a_payment_day_asked_in_spanish_gets_what_is_owed_that_day() -> None:
    said = gloss("y si la pago el viernes? factura de inglewood de $267 del 19 de octubre, no la he pagado")
    assert spanish(said, "inglewood").text.startswith(
        "Si paga el 4 de diciembre de 2026, debe $293.70: la factura de $267 más $26.70"
    )


def test_annual_fee_and_waiver_eligibility_in_spanish() -> None:
    assert spanish(CASES[6][0], "inglewood").text.startswith("Su cuota anual es de $413: ")
    assert spanish(CASES[7][0], "victorville").text.startswith(
        "Sí, califica: puede solicitar una exención de minimis"
    )
    assert spanish(CASES[8][0], "victorville").text.startswith("No, usted no califica para una exención")


def test_spill_written_confirmation_deadline_in_spanish() -> None:
    result = spanish(CASES[9][0], "victorville")
    assert result.text.startswith("Su confirmación por escrito a la oficina del administrador de FOG")
    assert "se debe enviar a más tardar el 4 de diciembre de 2026, cinco días hábiles después" in result.text
    assert "Debe indicar la fecha del incidente" in result.text


def test_english_is_unchanged_outside_a_spanish_block() -> None:
    spanish(CASES[1][0], "victorville")
    result = compute(CASES[1][0], "victorville", NOW)
    assert result is not None
    assert result.text.startswith("Your next trap service is due by December 20, 2026 (19 days from today).")


def test_a_spanish_question_about_the_pumper_s_last_visit_computes_the_next_due_date() -> None:
    said = (
        "buenas, el permit de mi restaurante dice q el grease trap se bombea cada 60 dias. la ultima vez "
        "vino el camion el 14 de septiembre, pa cuando me toca? victorville"
    )
    result = spanish(gloss(said), "victorville")
    assert result is not None and "13 de noviembre de 2026" in result.text
    # the trash truck is no pumper: no grease device, nothing computed
    assert (
        compute(
            "the truck came nov 3 but skipped our green bin, when is the next pickup?", "victorville", NOW
        )
        is None
    )


def test_a_spanish_spill_s_day_and_a_missed_deadline_asked_compute_the_written_confirmation_s_day() -> None:
    said = (
        "fue el martes 17 de noviembre, ya se me paso? se nos regreso el drenaje de la cocina al "
        "estacionamiento, le tenia q avisar a alguien?"
    )
    result = spanish(gloss(said), "victorville")
    assert result is not None and result.kind == "spill_written_deadline"
    assert "24 de noviembre de 2026" in result.text


def test_a_weekly_trash_service_a_la_semana_gives_the_waiver_s_organics_limit() -> None:
    said = "nos recogen 1 yarda cubica de basura a la semana, podemos pedir q nos quiten lo del organico?"
    result = spanish(gloss(said), "victorville")
    assert result is not None and result.kind == "deminimis_limit" and "10 galones" in result.text


def test_a_permit_said_to_set_no_frequency_in_spanish_is_no_frequency_asked_for() -> None:
    """ "el permit no dice cada cuanto ... puedo pedir q sea cada 120 dias?": the 90 days apply; the 120 days
    are a request, not what the permit says."""
    said = (
        "la trampa la bombearon el 15 de septiembre y el permit no dice cada cuanto. cuando me toca otra "
        "vez? y si yo veo q no se llena puedo pedir q sea cada 120 dias?"
    )
    assert permit_frequency(gloss(said)) == (None, None)
    result = spanish(gloss(said), "victorville")
    assert "14 de diciembre de 2026" in result.text


def test_an_invoice_said_to_be_for_an_amount_without_its_dollar_sign_is_billed_that_amount() -> None:
    """ "me llego la factura anual ... por 413 ... la fecha de la factura es 1 de octubre, no la he
    pagado"."""
    said = (
        "me llego la factura anual del fog de inglewood por 413, es una hamburgueseria chica de 30 sillas "
        "pero con drive thru. la fecha de la factura es 1 de octubre, no la he pagado"
    )
    result = spanish(gloss(said), "inglewood")
    assert "$454.30" in result.text and "$41.30" in result.text  # not 30 (the seats)


@pytest.mark.parametrize(
    ("said", "city", "kind", "amount"),
    [
        # s50-s023: what the City spent clearing its line, and whether more is charged
        (
            "la ciudad de inglewood dice q gastaron $4,000 destapando la linea de la calle x la grasa de mi "
            "comisaria. me van a cobrar eso nomas o mas? y en cuanto tiempo hay q pagar?",
            "inglewood",
            "damage_costs",
            "$5,000",
        ),
        # s50-s036: gallons discharged after an order to stop
        (
            "me llego una queja administrativa de victorville porque dicen q segui descargando despues de la "
            "orden de parar, como 800 galones. cuanto es lo maximo q me pueden poner?",
            "victorville",
            "penalty_cap",
            "$8,000",
        ),
    ],
)
def test_everyday_spanish_for_a_city_s_costs_and_an_order_s_gallons_is_worked_out(said, city, kind, amount):
    found = compute(gloss(said), city, NOW)
    assert found is not None and found.kind == kind and amount in found.text


def test_a_notice_s_fee_with_the_reinspection_said_adds_the_150_fee() -> None:
    """s50-s011: the third notice ($500) and the inspector coming back to reinspect ($150): at least $650."""
    said = (
        "ya es la tercera NOV q nos dan en la pupuseria (inglewood), la primera pagamos $100 y la segunda "
        "$250. y "
        "ahora el inspector tambien dice q va a volver a reinspeccionar. cuanto nos va a salir esta vez?"
    )
    found = compute(gloss(said), "inglewood", NOW)
    assert found is not None and found.kind == "nov_fee"
    assert "$500" in found.text and "$650" in found.text and "(2)(d)" in found.citation
