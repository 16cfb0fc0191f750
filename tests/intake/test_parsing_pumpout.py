"""One-line pump-out logs → service date, gallons, hauler; what is missing is reported, not guessed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from intake import ParseContext
from intake.pumpout import parse_pumpout
from intake.text import parse_company_name

TUESDAY = ParseContext(dt.datetime(2026, 8, 18, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles")))


@pytest.mark.parametrize(
    ("text", "service_date", "gallons", "hauler"),
    [
        ("Pumped on Aug 14, 1,000 gallons, ABC Hauling", dt.date(2026, 8, 14), "1000", "ABC Hauling"),
        ("pumped today 750 gal by Liquid Environmental", dt.date(2026, 8, 18), "750", "Liquid Environmental"),
        ("ABC Hauling pumped 1000 gal on 8/14", dt.date(2026, 8, 14), "1000", "ABC Hauling"),
        ("Pumped 8/14 1000 gallons ABC", dt.date(2026, 8, 14), "1000", "ABC"),
        ("Pumped 8/14 - 500 gallons by Señor Grease Co.", dt.date(2026, 8, 14), "500", "Señor Grease Co."),
        (  # "Co." that ends its sentence too (w47-c005)
            "Pumped 8/14. Hauler was Desert Pumping Co. They took out about 1,000 gallons.",
            dt.date(2026, 8, 14),
            "1000",
            "Desert Pumping Co",
        ),
        (
            "Liquid Environmental came yesterday and took 1,200 gallons, manifest #A12345",
            dt.date(2026, 8, 17),
            "1200",
            "Liquid Environmental",
        ),
        (
            "GI pumped last Tuesday, about 800 gal, hauler: Desert Pumping",
            dt.date(2026, 8, 11),
            "800",
            "Desert Pumping",
        ),
        ("Pumping Pros pumped 600 gal today", dt.date(2026, 8, 18), "600", "Pumping Pros"),
        (
            "Had it serviced 8/3 by Westside Septic, 1500 gallons",
            dt.date(2026, 8, 3),
            "1500",
            "Westside Septic",
        ),
    ],
)
def test_complete_logs(text: str, service_date: dt.date, gallons: str, hauler: str) -> None:
    log = parse_pumpout(text, TUESDAY)
    assert log.service_date == service_date
    assert log.gallons is not None and log.gallons.amount == Decimal(gallons)
    assert log.hauler == hauler
    assert log.missing == ()
    assert log.complete


def test_a_log_without_amount_or_hauler_says_what_is_missing() -> None:
    log = parse_pumpout("had the trap cleaned yesterday", TUESDAY)
    assert log.service_date == dt.date(2026, 8, 17)
    assert log.device == "trap"
    assert (log.gallons, log.hauler) == (None, None)
    assert log.missing == ("gallons", "hauler")
    assert log.to_slots() == {"service_date": "2026-08-17", "device": "trap"}


def test_a_future_date_is_an_error_not_a_missing_field() -> None:
    log = parse_pumpout("interceptor pumped 8/25, 500 gallons", TUESDAY)
    assert log.service_date is None
    assert log.errors["service_date"].startswith("Aug 25, 2026 hasn't happened yet")
    assert log.missing == ("hauler",)
    assert log.device == "interceptor"
    assert not log.complete


def test_manifest_numbers_and_converted_amounts() -> None:
    log = parse_pumpout(
        "Liquid Environmental came yesterday and took 1,200 gallons, manifest #A12345", TUESDAY
    )
    assert log.manifest_number == "A12345"
    yards = parse_pumpout("pumped last tuesday 2 yards", TUESDAY)
    assert yards.gallons is not None and yards.gallons.given == "2 cubic yards"
    assert yards.missing == ("hauler",)


@pytest.mark.parametrize(
    "text",
    ["we had it pumped", "pumped today, no issues", "pumped 1000 on 8/14"],  # a bare number is not gallons
)
def test_nothing_is_invented(text: str) -> None:
    log = parse_pumpout(text, TUESDAY)
    assert log.hauler is None
    assert log.gallons is None
    assert "gallons" in log.missing


def test_slots_are_json_ready() -> None:
    log = parse_pumpout("Pumped on Aug 14, 1,000 gallons, ABC Hauling", TUESDAY)
    assert log.to_slots() == {
        "service_date": "2026-08-14",
        "gallons": {
            "amount": 1000,
            "unit": "gal",
            "approximate": False,
            "low": None,
            "given": None,
            "per": None,
            "below": False,
        },
        "hauler": "ABC Hauling",
    }


def test_a_request_to_log_is_not_taken_for_the_hauler() -> None:
    log = parse_pumpout(
        "hola quiero registrar q ayer nos bombearon la trampa de grasa. restaurante en victorville", TUESDAY
    )
    assert log.hauler is None and log.device == "trap"


def test_the_truck_or_the_person_who_came_is_not_taken_for_the_hauler() -> None:
    log = parse_pumpout(
        "buenas, hoy en la mañana vino el camion a bombear el interceptor, quiero q lo registren", TUESDAY
    )
    assert log.hauler is None and log.device == "interceptor"
    said = "lo hizo la compañia Desert Grease Services, fue hoy como a las 7am, sacaron 750 galones"
    assert parse_pumpout(said, TUESDAY).hauler == "Desert Grease Services"


@pytest.mark.parametrize(
    ("said", "hauler"),
    [
        ("hey we just got the interceptor pumped this morning, need to log it. victorville", None),  # a city
        (
            "Golden Wok, 14250 Bear Valley Rd. pumper was High Desert Liquid Waste, took 1500 gal",
            "High Desert Liquid Waste",
        ),
        (
            "fue hoy en la mañana, vino Desert Grease Services, sacaron como 800 galones",
            "Desert Grease Services",
        ),
        # how full it was, where it went and not knowing name no company
        ("sacaron 1,000 galones y la grasa estaba como en 20 por ciento. se la llevaron, no se cual", None),
        ("la compañia se llama socal grease services, el driver fue manuel ortiz", "socal grease services"),
        ("Desert Plant Services pumped it today 800 gal", "Desert Plant Services"),
        ("Se bombearon 1,200 galones en total entre agua y grasa.", None),  # what the gallons were
    ],
)
def test_the_hauler_is_a_company_named_as_such_never_a_city_or_a_stray_word(said, hauler):
    assert parse_pumpout(said, TUESDAY).hauler == hauler


@pytest.mark.parametrize(
    ("answer", "ok"),
    [
        ("High Desert Liquid Waste", True),
        ("it was Desert Grease Services", True),
        ("victorville", False),
        ("en", False),
        (
            "oh also the pumper said next time he can pump it and put the water back in the trap, is that ok",
            False,
        ),
        ("is that ok?", False),
    ],
)
def test_a_company_name_answer(answer, ok):
    assert parse_company_name(answer).ok is ok


@pytest.mark.parametrize(
    ("said", "hauler"),
    [
        ("today like 9am, desert valley pumping, the big interceptor out back", "desert valley pumping"),
        ("pumped today by Desert Valley Pumping. They removed about 750 gallons", "Desert Valley Pumping"),
        ("hey want to log our pump out, big grease interceptor got pumped this morning", None),
    ],
)
def test_a_time_a_size_or_the_next_sentence_is_no_part_of_the_haulers_name(said, hauler):
    assert parse_pumpout(said, TUESDAY).hauler == hauler


@pytest.mark.parametrize(
    ("text", "hauler"),
    [
        # a greeting, the pumper himself, or the restaurant is never the hauler
        ("q onda, hoy vino el pumper a limpiar el grease trap de afuera, lo quiero dejar registrado", None),
        ("buenas, hoy vino el pumpero a limpiar el interceptor. es Pollos El Chele en inglewood", None),
        # the company's name ends where what it came to do begins
        ("vino Sur Grease a limpiar la trampa", "Sur Grease"),
        ("ABC Pumping came to pump the interceptor yesterday, 800 gallons", "ABC Pumping"),
    ],
)
def test_the_hauler_is_the_company_not_a_greeting_the_pumper_or_its_errand(text, hauler):
    assert parse_pumpout(text, TUESDAY).hauler == hauler


def test_an_hour_is_no_amount_and_a_word_for_any_company_is_no_hauler():
    said = "fue hoy como a las 8 de la mañana, la compañia es Desert Grease Services"
    log = parse_pumpout(said, TUESDAY)
    assert log.gallons is None and log.hauler == "Desert Grease Services"
    assert parse_pumpout("hoy vino la compañia a bombear el grease trap", TUESDAY).hauler is None
    assert parse_pumpout("pumped at 8am, 500 gallons", TUESDAY).gallons.amount == 500


def test_a_capitalised_company_is_the_hauler_before_lower_case_words_about_the_time() -> None:
    log = parse_pumpout("hoy en la mañana como a las 8, Ace Grease Service, sacaron 750 galones", TUESDAY)
    assert log.hauler == "Ace Grease Service"
    # unmarked and lower case, a name of several words still counts when nothing is capitalised
    assert parse_pumpout("pumped yesterday by desert valley pumping, 500 gal", TUESDAY).hauler == (
        "desert valley pumping"
    )


def test_a_sentence_about_the_service_is_not_taken_for_the_hauler() -> None:
    said = (
        "Hi, I need to log an interceptor pump-out for our Inglewood location at 3300 W Century Blvd. It was "
        "serviced last Monday, November 23."
    )
    assert parse_pumpout(said, TUESDAY).hauler is None
    named = "Hauler was SoCal Grease Services, technician Luis Ortega. Full pump-out, 750 gallons removed"
    assert parse_pumpout(named, TUESDAY).hauler == "SoCal Grease Services"


def test_how_the_device_was_serviced_is_no_business_name() -> None:
    from intake.text import business_name_said

    assert business_name_said("Full pump-out") is None
    assert business_name_said("Taqueria El Guero") == "Taqueria El Guero"


def test_the_device_said_not_to_be_the_one_is_not_it_and_the_day_said_with_the_date_is_no_hauler() -> None:
    """s30-c015: "la trampita chiquita ..., la q no es el interceptor grande" is the small trap; "fue ayer
    lunes en la tarde" names no company."""
    said = (
        "buenas, ya me limpiaron la trampita chiquita q esta abajo del lavadero en la pupuseria d "
        "victorville, "
        "la q no es el interceptor grande. lo kiero reportar"
    )
    told = parse_pumpout(said, TUESDAY)
    assert (told.device, told.hauler) == ("trap", None)
    assert parse_pumpout("the little trap, not the interceptor", TUESDAY).device == "trap"
    assert parse_pumpout("the interceptor out back, not the little trap", TUESDAY).device == "interceptor"
    yesterday = parse_pumpout("fue ayer lunes en la tarde", TUESDAY)
    assert (yesterday.service_date, yesterday.hauler) == (dt.date(2026, 8, 17), None)
    assert parse_pumpout("pumped monday by Ace Grease", TUESDAY).hauler == "Ace Grease"


def test_the_user_s_own_restaurant_is_no_hauler() -> None:
    """s43-c004: the taqueria named with the log was taken for the company that pumped."""
    said = "quiero registrar la limpieza, fue el viernes 14 de agosto. taqueria los primos, inglewood"
    assert parse_pumpout(said, TUESDAY).hauler is None
    assert parse_pumpout("pumped 8/14 by Kitchen Grease Recovery, 500 gal", TUESDAY).hauler == (
        "Kitchen Grease Recovery"  # said as who pumped: a hauler, whatever its words
    )
    assert parse_pumpout("8/14 interceptor 1000 gal. Kitchen Guard Services", TUESDAY).hauler == (
        "Kitchen Guard Services"  # a hauler's word in it: no restaurant (review of stop 53)
    )


@pytest.mark.parametrize(
    ("said", "gallons"),
    [
        ("we had the 1,500 gallon grease interceptor pumped yesterday, took out 1200 gallons", 1200),
        ("pumped the 1000 gallon interceptor yesterday, they took out about 900, Desert Pumping", 900),
        # review of stop 55 (F18): Spanish names the device before its size
        ("nos bombearon el interceptor de 1000 galones ayer, sacaron como 900", 900),
    ],
)
def test_the_gallons_pumped_are_not_the_device_s_size(said, gallons):
    log = parse_pumpout(said, TUESDAY)
    assert log.gallons.amount == gallons and log.device == "interceptor"


@pytest.mark.parametrize(
    "said",
    [
        "1000 gallon interceptor pumped 3 days ago by Desert Pumping",
        "log: 1000 gallon interceptor, 75% full, pumped yesterday",
    ],
)
def test_a_device_s_size_with_no_amount_pumped_gives_no_gallons(said):
    """Review of stop 55 (F8): these logged 3 and 75 gallons."""
    assert parse_pumpout(said, TUESDAY).gallons is None


@pytest.mark.parametrize(
    ("text", "hauler"),
    [
        # w54-c014: the truck after "with" is no company; the one "from" it is
        ("guy with the truck was from Mojave Grease Co, ticket # 7781, took 300 gal", "Mojave Grease Co"),
        ("we had it done with the vacuum truck today", None),
        # review of stop 57 (M13): a later marker names only a company's own name
        ("pumped by the guy from the city yesterday", None),
        ("pumped by the guy from down the street, 200 gallons", None),
    ],
)
def test_the_hauler_is_the_first_marker_that_names_a_company(text: str, hauler: str | None) -> None:
    assert parse_pumpout(text, TUESDAY).hauler == hauler
