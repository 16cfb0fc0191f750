"""The reply language: the catalog (complete, faithful), ``t``/``using``, detecting a message's language."""

from __future__ import annotations

import threading

import pytest

import languages
from languages import ENGLISH, SPANISH, current, normalised, t, using
from languages.catalog import CatalogError, catalog
from languages.detect import detect, explicit_choice
from languages.messages import messages_in_code


def test_every_message_the_code_writes_has_a_spanish_text():
    missing = {
        message: where for message, where in messages_in_code().items() if message not in catalog("es")
    }
    assert missing == {}


def test_the_catalog_has_no_entry_the_code_no_longer_writes():
    written = set(messages_in_code())
    assert sorted(set(catalog("es")) - written) == []


def test_t_is_english_by_default_and_spanish_inside_using():
    message = "Got it: I'll use {city}'s rules. What would you like to know?"
    assert (
        t(message, city="Victorville") == "Got it: I'll use Victorville's rules. What would you like to know?"
    )
    with using("es-MX") as code:
        assert code == SPANISH and current() == SPANISH
        assert (
            t(message, city="Victorville") == "Entendido: usaré las reglas de Victorville. ¿Qué desea saber?"
        )
    assert current() == ENGLISH


def test_a_message_missing_from_the_catalog_reaches_the_user_in_english():
    with using("es"):
        assert t("A sentence nobody translated, {n} times.", n=3) == "A sentence nobody translated, 3 times."


def test_the_language_of_one_thread_does_not_leak_into_another():
    seen: list[str] = []
    with using("es"):
        worker = threading.Thread(target=lambda: seen.append(current()))
        worker.start()
        worker.join()
    assert seen == [ENGLISH]


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("es", "es"),
        ("es-MX", "es"),
        ("ES_us", "es"),
        ("Spanish", "es"),
        ("en-US", "en"),
        ("fr", "en"),
        (None, "en"),
    ],
)
def test_language_values_from_slots_headers_and_forms_are_normalised(value, code):
    assert normalised(value) == code


def test_a_translation_that_changes_a_number_or_a_field_is_refused(tmp_path, monkeypatch):
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "bad.yml").write_text('"Pay {amount} within 45 days.": "Pague {amount} en 30 días."\n')
    monkeypatch.setattr(languages.catalog, "CATALOG_DIR", tmp_path)
    catalog.cache_clear()
    try:
        with pytest.raises(CatalogError, match="numbers"):
            catalog("es")
        (tmp_path / "es" / "bad.yml").write_text(
            '"Pay {amount} within 45 days.": "Pague {monto} en 45 días."\n'
        )
        catalog.cache_clear()
        with pytest.raises(CatalogError, match="fields"):
            catalog("es")
    finally:
        catalog.cache_clear()


@pytest.mark.parametrize(
    "text",
    [
        "cada cuanto tengo que limpiar la trampa de grasa",
        "se esta saliendo la grasa del registro, a quien le hablo",
        "q papeles necesito pa sacar el permiso",
        "gracias",
        "tengo un restaurante en inglewood y el grease trap esta lleno",
        # the detector alone is unsure (no model for "unicel", "bote"): its function words decide
        "vivo en Inglewood, el unicel en que bote va?",
    ],
)
def test_spanish_as_people_text_it_is_detected(text):
    assert detect(text) == SPANISH


@pytest.mark.parametrize(
    "text",
    ["how often do I have to pump the grease trap", "yesterday", "who do I call about a spill right now"],
)
def test_english_is_detected(text):
    assert detect(text) == ENGLISH


@pytest.mark.parametrize(
    "text",
    [
        "si",
        "ok",
        "no",
        "yes",
        "760 555 0134",
        "1234 Main St",
        "Rosa Hernandez",
        "",
        "?",
        "the grease at El Pollo Loco",
        # a business's name and address, given in an English form (its first word is no Spanish sentence)
        "Cocina Lupe, 14500 Bear Valley Rd, Victorville",
        "Taqueria El Gallo",
    ],
)
def test_short_answers_numbers_addresses_and_names_keep_the_conversation_language(text):
    assert detect(text) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("en español", SPANISH),
        ("Español por favor", SPANISH),
        ("spanish please", SPANISH),
        ("habla español?", SPANISH),
        ("English please", ENGLISH),
        ("in english", ENGLISH),
        ("inglés", ENGLISH),
        ("how often do I pump", None),
    ],
)
def test_the_user_can_ask_for_a_language_by_name(text, code):
    assert explicit_choice(text) == code


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # the names and the address are not weighed: the Spanish around them decides
        (
            "Rivera Tax & Bookkeeping, 15550 Palmdale Rd suite 4, victorville. el waiver es pa el bin cafe "
            "y el verde. soy Hector Rivera 760-555-0133",
            SPANISH,
        ),
        ("The Golden Bowl Noodle House is at 3320 W Century Blvd", ENGLISH),
        ("Necesito Ayuda Con El Permiso", SPANISH),  # all capitalised: every word counts
        # Spanglish: the function words are Spanish, whatever the English loanword makes the model think
        ("donde pongo el cardboard", SPANISH),
        ("tengo un food truck, necesito fog permit?", SPANISH),
        # a Spanish business and person name typed in lowercase in English: the English around them decides
        (
            "tacos el guero 1020 s la brea ave. like 80 plates a day, 12 seats, mostly grill no fryer. "
            "me luis ortega 310 555 0164",
            ENGLISH,
        ),
    ],
)
def test_names_inside_a_sentence_do_not_decide_its_language(text, language):
    assert detect(text) == language


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # review of stop 56 (F9): capitals are shouted, and a verb is no name
        ("SE ESTA DESBORDANDO LA TRAMPA, 14500 BEAR VALLEY", SPANISH),
        ("AYUDA POR FAVOR", SPANISH),
        ("Necesito Ayuda", SPANISH),
        ("HOW OFTEN DO I PUMP", ENGLISH),
    ],
)
def test_a_message_in_capitals_or_with_a_verb_is_no_line_of_names(text, code):
    assert detect(text) == code
