"""Spanish in the guided forms: answers texted in Spanish are read (no accents, shorthand), and the questions,
read-backs, descriptions and errors are written in Spanish when the reply is; English stays as it was."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

import languages
from intake import (
    FUTURE,
    GALLONS,
    ParseContext,
    Reaches,
    ServiceFrequency,
    YesNo,
    describe,
    find_date,
    find_quantity,
    form_spec,
    parse_application_path,
    parse_containers,
    parse_count,
    parse_date,
    parse_device,
    parse_establishment_kind,
    parse_evidence_source,
    parse_frequency,
    parse_location,
    parse_moment,
    parse_person_name,
    parse_phone,
    parse_quantity,
    parse_reaches,
    parse_time,
    parse_time_ranges,
    parse_yes_no,
    read_back,
    says_skip,
    spanish_words_to_number,
)
from intake.forms import FORMS
from intake.pumpout import parse_pumpout
from languages.catalog import catalog
from languages.messages import messages_in_code
from shaping.sms_text import DEFAULT_LIMIT as SMS_LIMIT

ZONE = ZoneInfo("America/Los_Angeles")
TUESDAY_NOON = ParseContext(dt.datetime(2026, 8, 18, 12, 0, tzinfo=ZONE))


def spanish(function, *args, **kwargs):
    """``function(*args)`` with replies written in Spanish."""
    with languages.using("es"):
        return function(*args, **kwargs)


# --------------------------------------------------------------------------------------------------------
# The catalog
# --------------------------------------------------------------------------------------------------------


def test_every_intake_message_has_a_spanish_text() -> None:
    known = catalog("es")
    missing = [
        f"{where}: {text}" for text, where in messages_in_code().items() if where.startswith("intake/")
    ]
    missing = [line for line in missing if line.split(": ", 1)[1] not in known]
    assert missing == []


# --------------------------------------------------------------------------------------------------------
# Yes, no, not sure; skip words
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        *[(word, YesNo.YES) for word in ("si", "sí", "Sí.", "SI", "simon", "Simón", "claro", "claro que si")],
        *[(word, YesNo.YES) for word in ("correcto", "asi es", "así es", "sip", "por supuesto", "¡Sí!")],
        *[
            (word, YesNo.NO)
            for word in ("no", "No.", "nel", "nop", "para nada", "claro que no", "todavia no")
        ],
        *[(word, YesNo.UNSURE) for word in ("no se", "no sé", "No lo sé", "quien sabe", "quién sabe")],
        *[(word, YesNo.UNSURE) for word in ("no estoy segura", "tal vez", "ni idea", "a lo mejor")],
    ],
)
def test_spanish_yes_no_and_not_sure(text: str, expected: YesNo) -> None:
    assert parse_yes_no(text).value is expected


@pytest.mark.parametrize("text", ["si y no", "azul", ""])
def test_an_unclear_yes_no_asks_again_in_spanish(text: str) -> None:
    assert spanish(parse_yes_no, text).error == "Por favor responda sí, no o no sé."
    assert parse_yes_no(text).error == "Please answer yes, no or not sure."


@pytest.mark.parametrize(
    "text",
    ["saltar", "Sáltelo", "omitir", "ninguno", "nada", "nada mas", "Nada más.", "skip", "n/a", "no sé"],
)
def test_skip_words(text: str) -> None:
    assert says_skip(text)


@pytest.mark.parametrize("text", ["Main St y 5th", "si", "200 galones", "saltar la cuerda con los niños"])
def test_answers_are_not_skip_words(text: str) -> None:
    assert not says_skip(text)


# --------------------------------------------------------------------------------------------------------
# Numbers, amounts, counts
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("doscientos cincuenta", 250),
        ("cuarenta", 40),
        ("cuarenta y cinco", 45),
        ("mil quinientos", 1500),
        ("veintidos", 22),
        ("veintidós", 22),
        ("dieciseis", 16),
        ("ciento uno", 101),
        ("cero", 0),
        ("dos tres", None),
        ("un poco", None),
    ],
)
def test_spanish_number_words(text: str, number: int | None) -> None:
    assert spanish_words_to_number(text) == number


@pytest.mark.parametrize(
    ("text", "unit", "per", "amount", "approximate"),
    [
        ("doscientos cincuenta", "gal", None, "250", False),
        ("como doscientos cincuenta galones", "gal", None, "250", True),
        ("unos 50 galones", "gal", None, "50", True),
        ("cuarenta galones", "gal", None, "40", False),
        ("medio galon", "gal", None, "0.5", False),
        ("2 y medio galones", "gal", None, "2.5", False),
        ("dos cubetas de 5 galones", "gal", None, "10", False),
        ("3 yardas cubicas", "yd3", "week", "3", False),
        ("3 yardas cúbicas por semana", "yd3", "week", "3", False),
        ("un contenedor de 3 yardas dos veces por semana", "yd3", "week", "6", False),
        ("400 pies cuadrados", "sqft", None, "400", False),
        ("mil doscientos pies cuadrados", "sqft", None, "1200", False),
        ("20 por 20 pies", "sqft", None, "400", False),
        ("ninguno", "gal", None, "0", False),
        ("nada", "gal", None, "0", False),
        ("cero", "gal", None, "0", False),
    ],
)
def test_spanish_amounts(text: str, unit: str, per: str | None, amount: str, approximate: bool) -> None:
    quantity = parse_quantity(text, unit, per=per).value
    assert quantity is not None, parse_quantity(text, unit, per=per).error
    assert (quantity.amount, quantity.unit, quantity.approximate) == (Decimal(amount), unit, approximate)


def test_a_spanish_range_keeps_both_ends() -> None:
    quantity = parse_quantity("de 50 a 100 galones", GALLONS).value
    assert (quantity.low, quantity.amount) == (Decimal(50), Decimal(100))


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("cuarenta", 40),
        ("cuarenta y cinco asientos", 45),
        ("como 30 empleados", 30),
        ("un empleado", 1),
        ("once empleados", 11),
        ("ninguno", 0),
        ("cero", 0),
        ("solo para llevar", 0),
        ("no hay mesas", 0),
    ],
)
def test_spanish_counts(text: str, count: int) -> None:
    assert parse_count(text, "seats").value == count


def test_once_a_week_is_not_eleven() -> None:
    assert parse_quantity("a 3-yard bin once a week", "yd3", per="week").value.amount == 3
    assert parse_frequency("once a month").value == ServiceFrequency(months=1)


def test_amount_errors_in_spanish() -> None:
    assert spanish(parse_quantity, "un poco", GALLONS).error == (
        "¿Más o menos cuánto? Un número ayuda, por ejemplo 50 galones."
    )
    assert spanish(parse_quantity, "no se", GALLONS).error == (
        "Basta con un cálculo aproximado, por ejemplo 50 galones."
    )
    assert spanish(parse_quantity, "50 galones al dia", GALLONS, per="week").error == (
        "Por favor dé la cantidad por semana, por ejemplo 50 galones a la semana."
    )
    assert spanish(parse_count, "entre 40 y 50", "seats").error == (
        "Por favor dé un solo número en lugar de un rango, por ejemplo 45 asientos."
    )
    assert (
        spanish(parse_count, "20000", "seats").error
        == "20,000 asientos parece demasiado. Por favor revise el número."
    )


def test_amounts_described_in_spanish() -> None:
    assert (
        spanish(describe, "gallons", {"amount": 50, "unit": "gal", "approximate": True})
        == "aprox. 50 galones"
    )
    assert spanish(describe, "gallons_per_week", {"amount": 1, "unit": "gal", "per": "week"}) == (
        "1 galón a la semana"
    )
    assert spanish(describe, "gallons", {"amount": 100, "unit": "gal", "low": 50}) == "de 50 a 100 galones"
    assert spanish(lambda: parse_quantity("20 por 20 pies", "sqft").value.describe()) == (
        "400 pies cuadrados (20 por 20 pies)"
    )
    assert (
        spanish(lambda: parse_quantity("100 litros", GALLONS).value.describe())
        == "26.42 galones (100 litros)"
    )
    assert describe("gallons", {"amount": 50, "unit": "gal", "approximate": True}) == "about 50 gallons"


# --------------------------------------------------------------------------------------------------------
# Frequencies
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "days", "months"),
    [
        ("cada 90 dias", 90, None),
        ("cada noventa días", 90, None),
        ("cada tres meses", None, 3),
        ("mensual", None, 1),
        ("una vez al mes", None, 1),
        ("trimestral", None, 3),
        ("cada dos semanas", 14, None),
        ("dos veces al año", None, 6),
        ("no se", None, None),
    ],
)
def test_spanish_service_frequencies(text: str, days: int | None, months: int | None) -> None:
    assert parse_frequency(text).value == ServiceFrequency(days, months)


def test_frequencies_described_in_spanish() -> None:
    assert spanish(describe, "frequency", {"days": 90, "months": None}) == "cada 90 días"
    assert spanish(describe, "frequency", {"days": None, "months": 1}) == "cada mes"
    assert spanish(describe, "frequency", {"days": None, "months": None}) == "no se sabe"
    assert parse_frequency("3 times a week").value == ServiceFrequency(
        7, None
    )  # "mes" in "times" is no month


# --------------------------------------------------------------------------------------------------------
# Dates, times, moments (Tuesday 18 August 2026, noon)
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("el 3 de marzo", dt.date(2026, 3, 3)),
        ("3 de marzo", dt.date(2026, 3, 3)),
        ("el tres de marzo", dt.date(2026, 3, 3)),
        ("primero de agosto", dt.date(2026, 8, 1)),
        ("el treinta y uno de julio", dt.date(2026, 7, 31)),
        ("14 de agosto de 2025", dt.date(2025, 8, 14)),
        ("ayer", dt.date(2026, 8, 17)),
        ("hoy", dt.date(2026, 8, 18)),
        ("antier", dt.date(2026, 8, 16)),
        ("anteayer", dt.date(2026, 8, 16)),
        ("hace dos dias", dt.date(2026, 8, 16)),
        ("hace dos días", dt.date(2026, 8, 16)),
        ("hace 2 semanas", dt.date(2026, 8, 4)),
        ("hace una semana", dt.date(2026, 8, 11)),
        ("hace un mes", dt.date(2026, 7, 18)),
        ("el martes pasado", dt.date(2026, 8, 11)),
        ("el domingo pasado", dt.date(2026, 8, 16)),
        ("el lunes", dt.date(2026, 8, 17)),
        ("el sábado", dt.date(2026, 8, 15)),
        ("el sabado", dt.date(2026, 8, 15)),
        ("el dia 14", dt.date(2026, 8, 14)),
        ("el 14", dt.date(2026, 8, 14)),
        ("esta mañana", dt.date(2026, 8, 18)),
        ("anoche", dt.date(2026, 8, 17)),
    ],
)
def test_spanish_dates(text: str, day: dt.date) -> None:
    assert parse_date(text, TUESDAY_NOON).value == day


def test_date_errors_in_spanish() -> None:
    assert (
        spanish(parse_date, "en marzo", TUESDAY_NOON).error
        == "¿Qué día de marzo? Por ejemplo, el 14 de marzo."
    )
    assert spanish(parse_date, "la semana pasada", TUESDAY_NOON).error == (
        "¿Qué día fue? Lo mejor es una fecha como 8/14 (mes/día), 14 de agosto o ayer."
    )
    assert spanish(parse_date, "hace unos dias", TUESDAY_NOON).error.startswith("¿Qué día fue?")
    assert spanish(parse_date, "no me acuerdo", TUESDAY_NOON).error.startswith(
        "Basta con un cálculo aproximado"
    )
    assert spanish(parse_date, "el 31 de abril", TUESDAY_NOON).error == (
        "El mes de abril solo tiene 30 días, así que el 31 de abril no existe. Por favor revise la fecha y "
        "escríbala otra vez, por ejemplo 4/30 (mes/día)."
    )
    assert spanish(parse_date, "14/8", TUESDAY_NOON).error == (
        "No existe el mes 14. Escriba la fecha como mes/día, por ejemplo 8/14 para el 14 de agosto."
    )
    assert spanish(parse_date, "8/20", TUESDAY_NOON).error == (
        "El 20 ago 2026 todavía no ha llegado (hoy es 18 ago 2026). ¿Cuándo pasó? Por ejemplo ayer o 8/17 "
        "(mes/día)."
    )
    assert parse_date("8/20", TUESDAY_NOON).error == (
        "Aug 20, 2026 hasn't happened yet (today is Aug 18, 2026). When did it happen? For example yesterday "
        "or 8/17."
    )


@pytest.mark.parametrize(
    ("text", "at", "approximate"),
    [
        ("a las 7 de la mañana", dt.datetime(2026, 8, 18, 7, 0), False),
        ("a las siete de la mañana", dt.datetime(2026, 8, 18, 7, 0), False),
        ("a las siete y media de la mañana", dt.datetime(2026, 8, 18, 7, 30), False),
        ("como a las 10 de la mañana", dt.datetime(2026, 8, 18, 10, 0), True),
        ("como a las 3pm", dt.datetime(2026, 8, 17, 15, 0), True),  # 3 PM has not come yet today
        ("hace una hora", dt.datetime(2026, 8, 18, 11, 0), False),
        ("hace media hora", dt.datetime(2026, 8, 18, 11, 30), False),
        ("hace dos horas", dt.datetime(2026, 8, 18, 10, 0), False),
        ("hace como 2 horas", dt.datetime(2026, 8, 18, 10, 0), True),
        ("hace 20 minutos", dt.datetime(2026, 8, 18, 11, 40), False),
        ("hace hora y media", dt.datetime(2026, 8, 18, 10, 30), False),
        # a caller's fillers and number words (s15-c001), and how long ago said with no "hace"
        ("empezó como hace, no sé, media hora, veinte minutos", dt.datetime(2026, 8, 18, 11, 30), True),
        ("hace, este, como dos horas", dt.datetime(2026, 8, 18, 10, 0), True),
        ("hace veinte minutos", dt.datetime(2026, 8, 18, 11, 40), False),
        ("como media hora", dt.datetime(2026, 8, 18, 11, 30), True),
        ("ayer a las 5 de la tarde", dt.datetime(2026, 8, 17, 17, 0), False),
        ("anoche a las 11", dt.datetime(2026, 8, 17, 23, 0), True),
        ("el lunes a las 8pm", dt.datetime(2026, 8, 17, 20, 0), False),
        ("ahorita", dt.datetime(2026, 8, 18, 12, 0), True),
    ],
)
def test_spanish_moments(text: str, at: dt.datetime, approximate: bool) -> None:
    moment = parse_moment(text, TUESDAY_NOON).value
    assert moment is not None, parse_moment(text, TUESDAY_NOON).error
    assert (moment.at, moment.has_time, moment.approximate) == (at.replace(tzinfo=ZONE), True, approximate)


def test_moments_described_in_spanish() -> None:
    moment = parse_moment("hace como 2 horas", TUESDAY_NOON).value
    assert spanish(moment.describe) == "18 ago 2026, 10:00 AM aprox."
    assert spanish(moment.describe, spoken=True) == "18 de agosto de 2026, 10:00 AM aprox."
    assert moment.describe() == "Aug 18, 2026 at about 10:00 AM"
    assert spanish(parse_moment, "", TUESDAY_NOON).error == (
        "¿Cuándo empezó? Por ejemplo hace una hora, a las 7am o ayer a las 5pm."
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("de 6am a 10pm", "de 6:00 AM a 10:00 PM"),
        ("de las 6 de la mañana a las 10 de la noche", "de 6:00 AM a 10:00 PM"),
        ("de las siete de la mañana hasta las tres de la tarde", "de 7:00 AM a 3:00 PM"),
        ("de 10 a 2pm", "de 10:00 AM a 2:00 PM"),
        ("24 horas", "las 24 horas"),
    ],
)
def test_spanish_daily_hours(text: str, said: str) -> None:
    assert spanish(describe, "time_ranges", parse_time_ranges(text).slot) == said


def test_times_and_their_errors_in_spanish() -> None:
    assert parse_time("a las 7 de la noche").value == dt.time(19, 0)
    assert parse_time("las once de la noche").value == dt.time(23, 0)
    assert parse_time("a la una de la tarde").value == dt.time(13, 0)
    assert spanish(parse_time, "a las 7").error == (
        "¿Es a las 7 de la mañana o de la noche? Por favor escriba 7am o 7pm."
    )
    assert (
        spanish(parse_time_ranges, "de 6 a 10").error
        == "Por favor agregue am o pm, por ejemplo de 6am a 10pm."
    )
    slot = [{"start": "06:00", "end": "10:00"}, {"start": "14:00", "end": "16:00"}]
    assert spanish(describe, "time_ranges", slot) == "de 6:00 AM a 10:00 AM y de 2:00 PM a 4:00 PM"
    assert describe("time_ranges", slot) == "6:00 AM to 10:00 AM and 2:00 PM to 4:00 PM"


def test_spans_are_of_the_text_as_written() -> None:
    text = "bombeado el tres de marzo, doscientos galones"
    day, (start, end) = find_date(text, TUESDAY_NOON)
    assert day.value == dt.date(2026, 3, 3) and text[start:end] == "tres de marzo"
    amount, (start, end) = find_quantity(text, GALLONS)
    assert amount.value.amount == 200 and text[start:end] == "doscientos galones"


@pytest.mark.parametrize(
    ("text", "service_date", "gallons", "hauler", "device"),
    [
        ("Bombeado el 3 de marzo, 500 galones, ABC Hauling", dt.date(2026, 3, 3), "500", "ABC Hauling", None),
        (
            "bombearon ayer doscientos galones por Acme Grease",
            dt.date(2026, 8, 17),
            "200",
            "Acme Grease",
            None,
        ),
        (
            "limpiaron la trampa hace dos dias, como 300 galones, con Grease Pros",
            dt.date(2026, 8, 16),
            "300",
            "Grease Pros",
            "trap",
        ),
        (
            "bombeado ayer por la mañana, 500 galones, ABC Pumping",
            dt.date(2026, 8, 17),
            "500",
            "ABC Pumping",
            None,
        ),
    ],
)
def test_spanish_pumpout_lines(
    text: str, service_date: dt.date, gallons: str, hauler: str, device: str | None
) -> None:
    log = parse_pumpout(text, TUESDAY_NOON)
    assert (log.service_date, log.gallons.amount, log.hauler, log.device) == (
        service_date,
        Decimal(gallons),
        hauler,
        device,
    )


# --------------------------------------------------------------------------------------------------------
# Choices, places, phones, names
# --------------------------------------------------------------------------------------------------------


def test_spanish_choices() -> None:
    assert parse_device("la trampa de grasa").value == "trap"
    assert parse_device("el interceptor").value == "interceptor"
    assert parse_device("debajo del fregadero").value == "trap"
    assert parse_containers("azul y verde").value == ("blue", "green")
    assert parse_containers("todos").value == ("blue", "green", "brown")
    assert parse_containers("el café, restos de comida").value == ("brown",)
    assert parse_establishment_kind("una escuela").value == "school"
    assert parse_establishment_kind("es un restaurante").value == "restaurant"
    assert parse_evidence_source("el recolector").value == "hauler"
    assert parse_evidence_source("nadie todavía").value == "none_yet"
    # several who document it: the first named (w36-c008); one denied is not named
    said = "Our hauler wrote a letter saying it can't fit, and we have a licensed architect's site plan too."
    assert parse_evidence_source(said).value == "hauler"
    assert parse_evidence_source("not the hauler, the engineer").value == "engineer"
    assert parse_evidence_source("el arquitecto y tambien el recolector").value == "architect"
    assert parse_application_path("quiero llenar la solicitud").value == "application"
    assert parse_application_path("ya tengo los documentos").value == "building_documents"


@pytest.mark.parametrize(
    ("text", "reaches"),
    [
        ("la calle y la cuneta", Reaches(("street", "gutter"))),
        ("al drenaje pluvial", Reaches(("storm_drain",))),
        ("a la alcantarilla", Reaches(("storm_drain",))),
        ("ninguno", Reaches(())),
        ("no llega a la calle", Reaches(())),
        ("se queda en el estacionamiento", Reaches(())),
        ("no se", Reaches((), True)),
        # the places said before a doubt about another are reached; a drain it comes out of is not (s32-c002)
        ("si llego a la cuneta pero no se si a la alcantarilla", Reaches(("gutter",))),
        ("sale x la coladera del patio hasta la calle", Reaches(("street",))),
        # a guess at how much is no doubt of where; "no" before a place is where it is not (w38-c002)
        ("llego a la calle, tal vez unos 20 galones", Reaches(("street",))),
        (
            "OK. It is not in the street, only our parking lot, maybe 10 gallon. No storm drain close.",
            Reaches(()),
        ),
        ("no, it reached the storm drain", Reaches(("storm_drain",))),
    ],
)
def test_spanish_spill_reaches(text: str, reaches: Reaches) -> None:
    assert parse_reaches(text).value == reaches


def test_choice_errors_and_labels_in_spanish() -> None:
    assert spanish(parse_device, "azul").error == (
        "¿Es un interceptor de grasa (grease interceptor) o una trampa de grasa (grease trap)? Por favor "
        "responda: interceptor de grasa (grease interceptor) o trampa de grasa (grease trap)."
    )
    assert spanish(parse_establishment_kind, "???").error == (
        "¿Es un restaurante, una escuela, un hospital u otra cosa? Por favor responda: restaurante, escuela, "
        "hospital o otra cosa."
    )
    assert spanish(parse_containers, "rojo").error == (
        "¿Qué contenedores? Por favor nombre uno o más de estos: azul (reciclables), "
        "verde (desechos orgánicos), café (restos de comida)."
    )
    assert spanish(describe, "reaches", ["street", "gutter", "storm_drain"]) == (
        "la calle, una cuneta y un drenaje pluvial"
    )
    assert spanish(describe, "reaches", []) == "ni a la calle, ni a una cuneta, ni a un drenaje pluvial"
    assert spanish(describe, "containers", ["blue", "brown"]) == "azul (reciclables), café (restos de comida)"
    assert [spanish(describe, "yes_no", v) for v in ("yes", "no", "unsure")] == ["sí", "no", "no se sabe"]
    assert spanish(describe, "text", None) == "(sin respuesta)"
    assert describe("reaches", ["gutter", "storm_drain"]) == "a gutter and a storm drain"


def test_spanish_places() -> None:
    assert parse_location("La Brea y Manchester").value.streets == ("La Brea", "Manchester")
    assert parse_location("la esquina de Main y 5th").value.streets == ("Main", "5th")
    assert parse_location("pozo de visita en Main y 5th").value.kind == "manhole"
    assert spanish(parse_location, "aqui").error.startswith(
        "La cuadrilla necesita más datos para encontrarlo."
    )
    assert spanish(parse_location, "no se").error == (
        "Si no sabe la dirección, dígame las calles que se cruzan más cercanas o un punto de referencia, por "
        "ejemplo 123 Main St, o Main St y 5th Ave, o detrás del centro comercial en Main St."
    )


def test_phone_and_name_errors_in_spanish() -> None:
    assert spanish(parse_phone, "555-0100").error == (
        "Por favor incluya el código de área: los 10 dígitos, por ejemplo 760-555-0100."
    )
    assert spanish(parse_phone, "760-555-01").error == (
        "Ese número de teléfono es muy corto (8 dígitos). Por favor escriba los 10 dígitos con el código de "
        "área, por ejemplo 760-555-0100."
    )
    assert parse_phone("siete seis cero cinco cinco cinco cero uno cero cero").value.e164 == "+17605550100"
    assert (
        spanish(describe, "phone", "+17605550100;ext=12", spoken=True)
        == "7 6 0, 5 5 5, 0 1 0 0, extensión 1 2"
    )
    assert parse_person_name("Hola, mi nombre es María López").value == "María López"
    assert spanish(parse_person_name, "sí").error == "Por favor dígame su nombre, por ejemplo Maria Lopez."


def test_an_overlong_answer_is_refused_in_spanish() -> None:
    from intake import parse

    assert spanish(parse, "gallons", "1" * 600, TUESDAY_NOON).error == (
        "Esa respuesta tiene 600 caracteres, más de lo que puedo leer como una sola respuesta. Por favor "
        "envíe solo la respuesta, en 500 caracteres o menos."
    )


# --------------------------------------------------------------------------------------------------------
# The forms: questions, labels, titles, read-backs
# --------------------------------------------------------------------------------------------------------

ALL_FIELDS = [(key, spec) for key, form in FORMS.items() for spec in form.fields]


@pytest.mark.parametrize(("form", "spec"), ALL_FIELDS, ids=[f"{k[0]}-{k[1]}-{s.name}" for k, s in ALL_FIELDS])
def test_every_question_has_spanish_that_fits_its_channel(form, spec) -> None:
    english = (spec.label, spec.ask, spec.ask_voice)
    with languages.using("es"):
        said = (spec.label, spec.ask, spec.ask_voice)
    assert all(a != b for a, b in zip(english, said, strict=True)), said
    _, ask, ask_voice = said
    assert len(ask) <= SMS_LIMIT and len(ask_voice) <= 90, ask_voice
    assert ask.endswith(("?", ".", ")")) and ask_voice.endswith(("?", "."))
    if "(yes" in spec.ask:
        assert "(sí o no)" in ask or "(sí, no o no sé)" in ask


def test_form_texts_follow_the_reply_language() -> None:
    form = form_spec("permit_application", "inglewood")
    operating = form.field("operating_before_adoption")
    with languages.using("es"):
        assert (
            operating.ask
            == "¿El establecimiento operaba legalmente antes del 23 de febrero de 2010? (sí, no o no sé)"
        )
        assert (
            form.field("fog_controls_by_deadline").label
            == "Controles de FOG adoptados para el 23 de febrero de 2012"
        )
        assert form.title.startswith("Solicitud de permiso de descarga de aguas residuales FOG")
    assert (
        operating.ask
        == "Was the establishment lawfully operating before February 23, 2010? (yes, no or not sure)"
    )
    assert form.title == "FOG wastewater discharge permit application (City of Inglewood)"


SPILL_VALUES = {
    "city": "victorville",
    "location": {"text": "Main y 5th", "kind": "cross_streets", "streets": ["Main", "5th"], "zip_code": None},
    "what_spilling": "aguas negras",
    "started_at": "2026-08-18T19:00-07:00",
    "still_flowing": "yes",
    "reaches": ["gutter", "storm_drain"],
    "volume": {"amount": 50, "unit": "gal", "approximate": True},
    "restaurant_involved": "unsure",
    "reporter_name": "Zoë Nguyễn",
    "callback_number": "+17605550100",
}


def test_read_back_in_spanish_on_the_web() -> None:
    (message,) = spanish(read_back, "spill_report", SPILL_VALUES, "web")
    assert message.splitlines() == [
        "Esto es lo que tengo:",
        "- Ciudad: Victorville",
        "- Lugar: Main y 5th",
        "- Qué se está derramando: aguas negras",
        "- Hora de inicio: 18 ago 2026, 7:00 PM",
        "- Sigue saliendo: sí",
        "- Llega a: una cuneta y un drenaje pluvial",
        "- Volumen aproximado: aprox. 50 galones",
        "- Restaurante involucrado: no se sabe",
        "- Nombre de quien reporta: Zoë Nguyễn",
        "- Número para regresar la llamada: (760) 555-0100",
        "¿Es correcto? Diga sí para enviarlo, o dígame qué cambiar.",
    ]


def test_read_back_in_spanish_by_sms_and_voice() -> None:
    lines = spanish(read_back, "spill_report", SPILL_VALUES, "sms")
    assert lines[0] == "Por favor revise:" and lines[-1] == "Responda SÍ para enviarlo, o dígame qué cambiar."
    assert parse_yes_no("SÍ").value is YesNo.YES  # what the SMS confirmation asks for is read as yes
    (spoken,) = spanish(read_back, "spill_report", SPILL_VALUES, "voice")
    assert spoken.startswith("Esto es lo que tengo. Ciudad: Victorville. Lugar: Main y 5th.")
    assert "Hora de inicio: 18 de agosto de 2026, 7:00 PM." in spoken
    assert "Número para regresar la llamada: 7 6 0, 5 5 5, 0 1 0 0." in spoken
    assert spoken.endswith("¿Es correcto? Diga sí, o dígame qué cambiar.")


def test_read_back_in_english_is_unchanged() -> None:
    (message,) = read_back("spill_report", SPILL_VALUES, "web")
    assert message.startswith("Here's what I have:\n- City: Victorville\n- Location: Main y 5th\n")
    assert "- Start time: Aug 18, 2026 at 7:00 PM\n" in message
    assert "- Restaurant involved: not sure\n" in message
    assert message.endswith("\nIs that right? Say yes to submit, or tell me what to change.")


@pytest.mark.parametrize(
    "unit",
    ["doscientos cincuenta y ", "cuarenta y cinco ", "dos ", "once ", "a las siete y media ", "veinte por "],
)
def test_spanish_number_words_are_read_in_bounded_time(unit: str) -> None:
    import time

    from intake.values import MAX_ANSWER_CHARS, PARSERS, parse

    text = (unit * (MAX_ANSWER_CHARS // len(unit) + 1))[:MAX_ANSWER_CHARS]
    for parser in PARSERS:
        started = time.perf_counter()
        result = parse(parser, text, TUESDAY_NOON)
        assert result.ok or result.error
        assert time.perf_counter() - started < 1.0, parser


def test_specs_compare_and_hash_alike_in_either_language() -> None:
    spec = form_spec("spill_report").field("location")
    english = (hash(spec), hash(form_spec("spill_report")))
    with languages.using("es"):
        assert spec.label == "Lugar"
        assert (hash(spec), hash(form_spec("spill_report"))) == english
        assert spec == form_spec("spill_report").field("location")


def test_a_spanish_day_is_read_day_first_when_a_number_follows_the_month() -> None:
    # "a partir del 1 de febrero: dos freidoras más", glossed without its colon
    said = "a partir del 1 February 2 freidoras mas"
    with languages.using("es"):
        assert find_date(said, TUESDAY_NOON, FUTURE)[0].value == dt.date(2027, 2, 1)
    assert find_date("we got pumped march 3 2 times", TUESDAY_NOON)[0].value == dt.date(2026, 3, 3)


@pytest.mark.parametrize(
    "text",
    ["empezo a las 8 y duro como dos horas", "empezó a las 10, el camion llega en unos 20 minutos"],
)
def test_how_long_something_lasts_is_no_start(text: str) -> None:
    """A bare "como dos horas" after a clock time says how long, not how long ago (review of stop 51)."""
    moment = parse_moment(text, TUESDAY_NOON).value
    assert moment is not None and moment.at.minute == 0 and moment.at.hour in (8, 10)
