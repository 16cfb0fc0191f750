"""The compliance core in a Spanish conversation: its sentences (reasons, spans, office names, the ordinances'
lists, labels, errors) come from the Spanish catalog, while every value (dates, amounts, days, phone numbers,
citations, keys, statuses) stays exactly what it is in English; English stays the default."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

import pytest

import compliance
import languages
from compliance import snapshot
from compliance.calendar import closure_label
from compliance.core import ComplianceError, Result
from compliance.obligations import obligations
from compliance.shifts import NextAnnual, words
from languages.catalog import catalog
from languages.messages import messages_in_code

D = dt.date
AMOUNT = re.compile(r"\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
TEXT_FIELDS = {
    "reason",
    "basis",
    "interval",
    "what",
    "trigger",
    "span",
    "send_to",
    "must_state",
    "phone_first",
    "who",
    "how",
    "condition",
    "office_hours_assumption",
    "hauler_documentation",
    "violation",
    "container",
    "name",
    "conditions",
    "charges",
    "how_to_apply",
    "documentation",
    "duties",
    "total_rule",
    "who_may_apply",
    "evidence_from",
    "requirements",
}
"""The fields written in the reply's language; every other field is a value and must not change."""


def spanish(call, *args, **kwargs):
    with languages.using("es"):
        return call(*args, **kwargs)


def values_only(plain):
    """A result's ``to_dict()`` without its words (what must be identical in both languages)."""
    if isinstance(plain, dict):
        return {key: values_only(value) for key, value in plain.items() if key not in TEXT_FIELDS}
    if isinstance(plain, list):
        return [values_only(value) for value in plain]
    return plain


def flat_texts(plain) -> list[str]:
    if isinstance(plain, str):
        return [plain]
    if isinstance(plain, list):
        return [text for value in plain for text in flat_texts(value)]
    return []


def texts(result: Result) -> list[str]:
    """Every sentence or label a result writes, in field order."""
    plain = result.to_dict()
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in TEXT_FIELDS:
                    found.extend(flat_texts(value))
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(plain)
    return found


SAMPLE_CALLS = [
    (compliance.service_due, ("victorville", "interceptor", None, D(2026, 3, 15)), {}),
    (compliance.service_due, ("victorville", "interceptor", D(2026, 1, 2), D(2026, 3, 15), 60), {}),
    (
        compliance.service_due,
        ("victorville", "trap", D(2026, 3, 1), D(2026, 3, 15)),
        {"accumulation_pct": 100},
    ),
    (compliance.service_due, ("inglewood", "interceptor", D(2025, 6, 1), D(2026, 3, 15), 200), {}),
    (
        compliance.service_due,
        ("inglewood", "interceptor", D(2026, 3, 1), D(2026, 3, 15)),
        {"accumulation_pct": 30},
    ),
    (compliance.spill_deadline, ("victorville", D(2026, 11, 24)), {}),
    (compliance.spill_deadline, ("inglewood", D(2026, 12, 22)), {}),
    (compliance.spill_contacts, ("victorville", dt.datetime(2026, 3, 2, 10)), {}),
    (compliance.spill_contacts, ("victorville", dt.datetime(2026, 3, 2, 20)), {}),
    (compliance.spill_contacts, ("inglewood", dt.datetime(2026, 3, 2, 20)), {}),
    (compliance.deadline, ("victorville", "manifest_copy", D(2026, 3, 2)), {}),
    (compliance.deadline, ("victorville", "food_recovery_annual_report", D(2026, 3, 2)), {}),
    (compliance.deadline, ("inglewood", "revocation_final", D(2026, 3, 2)), {}),
    (compliance.annual_fee, (20, False), {}),
    (compliance.annual_fee, (None, False, "school"), {}),
    (
        compliance.permit_fees,
        (),
        {"seats": 60, "operating_since": D(2009, 1, 1), "fog_controls_adopted_on": D(2011, 1, 1)},
    ),
    (compliance.nov_fee, (4,), {}),
    (compliance.cleanup_charge, (450.5,), {}),
    (compliance.late_fee, (D(2026, 1, 1), 20000, D(2026, 6, 1)), {}),
    (compliance.late_fee, (D(2026, 1, 1), 500, D(2026, 1, 20)), {}),
    (compliance.inglewood_interceptor_paths, (True, False, False, True), {}),
    (compliance.inglewood_interceptor_paths, (True, True, True, True), {}),
    (compliance.inglewood_interceptor_paths, (False, False, False, False), {"existing": False}),
    (compliance.administrative_civil_penalty_cap, ("order", 3), {}),
    (compliance.inglewood_administrative_civil_penalty_cap, ("order", 3), {}),
    (compliance.inglewood_administrative_civil_penalty_cap, ("discharge", 2), {}),
    (compliance.judicial_civil_penalty_cap, (2,), {}),
    (compliance.container_for, ("commercial", "food_scraps"), {}),
    (compliance.container_for, ("single_family", "residual"), {}),
    (compliance.deminimis, (1, 9), {"granted_on": D(2026, 2, 1)}),
    (compliance.physical_space_waiver, (), {}),
    (compliance.edible_food_tier, ("restaurant",), {"seats": 100, "sqft": 1000}),
    (compliance.edible_food_tier, ("hotel",), {"rooms": 250}),
    (compliance.organics_nov_deadline, (dt.datetime(2026, 3, 2, 14, 30), dt.timedelta(hours=1)), {}),
    (compliance.contamination_fees, (1,), {}),
]
CALL_IDS = [f"{call.__name__}-{index}" for index, (call, _, _) in enumerate(SAMPLE_CALLS)]


def test_every_message_the_compliance_core_writes_has_a_spanish_text():
    spanish_texts = catalog("es")
    missing = [
        f"{where}: {message}"
        for message, where in messages_in_code().items()
        if where.startswith("compliance/") and message not in spanish_texts
    ]
    assert missing == []


@pytest.mark.parametrize(("call", "args", "kwargs"), SAMPLE_CALLS, ids=CALL_IDS)
def test_a_spanish_answer_keeps_every_value_and_number(call, args, kwargs):
    english = call(*args, **kwargs)
    translated = spanish(call, *args, **kwargs)
    assert values_only(translated.to_dict()) == values_only(english.to_dict())
    assert translated.citation == english.citation and translated.see_also == english.see_also
    english_texts, spanish_texts = texts(english), texts(translated)
    assert len(spanish_texts) == len(english_texts)
    for english_text, spanish_text in zip(english_texts, spanish_texts, strict=True):
        assert AMOUNT.findall(spanish_text) == AMOUNT.findall(english_text)
    assert spanish_texts != english_texts


@pytest.mark.parametrize(("call", "args", "kwargs"), SAMPLE_CALLS, ids=CALL_IDS)
def test_english_stays_the_default_after_a_spanish_answer(call, args, kwargs):
    before = call(*args, **kwargs).to_dict()
    spanish(call, *args, **kwargs)
    assert call(*args, **kwargs).to_dict() == before


def test_service_interval_in_spanish_words_and_the_due_date_in_spanish():
    result = spanish(compliance.service_due, "victorville", "interceptor", D(2026, 1, 2), D(2026, 3, 15))
    assert result.interval == "cada noventa días calendario"
    assert result.reason == (
        "El servicio vence el 2 de abril de 2026 (quedan 18 días) porque no hay otra frecuencia asignada, y "
        "los interceptores se deben bombear por lo menos cada noventa días; el último servicio fue el 2 de "
        "enero de 2026."
    )
    assert result.due == D(2026, 4, 2) and result.days_left == 18


def test_spans_in_spanish_keep_the_number_in_words():
    with languages.using("es"):
        assert words(45) == "cuarenta y cinco" and words(180) == "ciento ochenta" and words(21) == "21"
        assert (
            compliance.deadline("victorville", "manifest_copy", D(2026, 3, 2)).span == "setenta y dos horas"
        )
        assert compliance.deadline("victorville", "permit_renewal", D(2026, 3, 2)).span == "un año"
        assert NextAnnual(4, 1).describe() == "1 de abril de cada año"
    assert NextAnnual(4, 1).describe() == "April 1 of each year"


def test_spill_deadline_in_spanish_names_the_holidays_skipped_and_what_to_state():
    english = compliance.spill_deadline("victorville", D(2026, 11, 24))
    result = spanish(compliance.spill_deadline, "victorville", D(2026, 11, 24))
    assert result.deadline == english.deadline == D(2026, 12, 3)
    assert result.closed_days_skipped == english.closed_days_skipped  # data: the holidays package's names
    assert result.reason == (
        "La confirmación por escrito vence a más tardar cinco días hábiles después del incidente del 24 de "
        "noviembre de 2026, es decir, el 3 de diciembre de 2026, sin contar estos feriados: Día de Acción de "
        "Gracias y Día después de Acción de Gracias. Se envía a la oficina del administrador de FOG (FOG "
        "manager) en la dirección indicada en el permiso FOG."
    )
    assert result.must_state[0] == "la fecha del incidente"
    assert result.send_to.startswith("la oficina del administrador de FOG")


def test_closure_names_in_spanish_and_unknown_ones_as_given():
    with languages.using("es"):
        assert closure_label("Christmas Day (observed)") == "Navidad (feriado observado)"
        assert closure_label("Cesar Chavez Day; Columbus Day") == "Día de César Chávez; Día de Colón"
        assert closure_label("Founders' Day") == "Founders' Day"
    assert closure_label("Christmas Day (observed)") == "Christmas Day (observed)"


def test_spill_contacts_in_spanish_keep_the_printed_number():
    inglewood = spanish(compliance.spill_contacts, "inglewood", dt.datetime(2026, 3, 2, 23))
    assert inglewood.contacts[0].phone == "(310) 412-5333"
    assert inglewood.contacts[0].who == "Ciudad de Inglewood"
    assert (
        inglewood.reason == "Llame de inmediato a la Ciudad de Inglewood al (310) 412-5333, a cualquier hora."
    )
    closed = spanish(compliance.spill_contacts, "victorville", dt.datetime(2026, 3, 2, 20))
    assert [contact.key for contact in closed.contacts] == ["code_enforcement", "fire_police"]
    assert closed.contacts[1].who == "los Departamentos de Bomberos y Policía de la Ciudad de Victorville"
    assert "porque City Hall está cerrado" in closed.reason
    assert closed.reason.endswith(" El reglamento no publica números de teléfono para ellos.")
    configured = spanish(
        compliance.spill_contacts, "victorville", dt.datetime(2026, 3, 2, 10), contacts={"sanitary": "555"}
    )
    assert configured.contacts[1].phone == "555" and "El reglamento no publica" not in configured.reason


def test_waiver_paths_lists_and_steps_in_spanish():
    result = spanish(compliance.inglewood_interceptor_paths, True, False, False, True)
    assert [path.key for path in result.paths] == ["conditional_waiver", "waiver_with_cleanup_charge"]
    assert (
        result.paths[0].name
        == "Exención condicional (conditional waiver) de instalar un interceptor de grasa"
    )
    assert result.reason.startswith("Con estos datos, las opciones probables son exención condicional")
    assert " y exención (waiver) con cargo" in result.reason
    assert all("(Discharge Requirements (6)(" in step for step in result.how_to_apply)
    english = compliance.inglewood_interceptor_paths(True, False, False, True)
    assert english.paths[0].name == "Conditional waiver from installation of a grease interceptor"


def test_containers_and_waiver_documents_in_spanish():
    ruling = spanish(compliance.container_for, "commercial", "food_scraps")
    assert (ruling.color, ruling.container) == ("brown", "contenedor café")
    waiver = spanish(compliance.deminimis, 1, 9)
    assert waiver.eligible and waiver.documentation[1].endswith(
        "10 galones por semana por contenedor correspondiente (6.37.050(a)(2)(b))"
    )
    tier = spanish(compliance.edible_food_tier, "hotel", rooms=250)
    assert tier.reason.endswith("desde el 1 de enero de 2024.") and tier.applies_from == D(2024, 1, 1)


def test_amounts_and_days_stay_the_same_in_spanish_fee_sentences():
    fee = spanish(compliance.late_fee, D(2026, 1, 1), 20000, D(2026, 6, 1))
    english = compliance.late_fee(D(2026, 1, 1), 20000, D(2026, 6, 1))
    assert fee.reason == (
        "En el día 151 la factura está en mora: se aplica una multa básica de $1,000 (con un tope de $1,000) "
        "desde el día 46, más $945 por 3 meses al 1.5%, y no pagarla después de noventa días es causa para "
        "iniciar el proceso de revocación del permiso."
    )
    assert sorted(NUMBER.findall(fee.reason)) == sorted(NUMBER.findall(english.reason))
    assert spanish(compliance.nov_fee, 4).reason == (
        "El aviso de infracción número 4 conlleva una multa de $500 (el tercero y cada uno de los siguientes "
        "cuestan $500)."
    )


def test_errors_a_user_sees_are_in_spanish():
    with languages.using("es"), pytest.raises(ComplianceError) as raised:
        compliance.service_due("victorville", "interceptor", D(2026, 4, 1), D(2026, 3, 15))
    assert str(raised.value) == (
        "La fecha del último servicio, 2026-04-01, es posterior a hoy (2026-03-15); indique la fecha en que "
        "realmente se dio servicio al dispositivo por última vez."
    )
    with languages.using("es"), pytest.raises(ComplianceError) as raised:
        compliance.service_due("victorville", "interceptor", D(2026, 3, 1), D(2026, 3, 15), 45)
    assert str(raised.value).startswith(
        "Una frecuencia de 45 días en un permiso de Victorville"
    ) and "§ 10.03.160(b)" in str(raised.value)


@pytest.mark.parametrize("name", sorted(snapshot.SAMPLES))
def test_obligations_in_spanish_are_the_same_obligations(name):
    profile, events = snapshot.SAMPLES[name]
    for month in (1, 6, 12):
        today = D(2026, month, 1)
        english = obligations(profile, events, today)
        translated = spanish(obligations, profile, events, today)
        assert [dataclasses.replace(o, what="", trigger=None, reason="") for o in translated] == [
            dataclasses.replace(o, what="", trigger=None, reason="") for o in english
        ]
        assert [o.what for o in translated] != [o.what for o in english]
        for spanish_one, english_one in zip(translated, english, strict=True):
            assert AMOUNT.findall(spanish_one.reason) == AMOUNT.findall(english_one.reason)
