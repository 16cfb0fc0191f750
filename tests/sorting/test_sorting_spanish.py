"""Container answers in Spanish: the same containers and citations, Spanish words around them, still one SMS
of GSM-7 characters once the SMS channel drops the accents GSM-7 lacks; English unchanged outside a Spanish
block."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest
from sorting_test_support import catalog_fixture, lexical_matcher_fixture, matcher_fixture  # noqa: F401  (pytest fixtures)

import languages
from compliance.victorville.organics import GeneratorType
from shaping.sms_text import gsm7_fold
from sorting.answer import SMS_LIMIT, format_answer
from sorting.catalog import Catalog
from sorting.matcher import SortingAnswer, SortingMatcher, answer_for

SF, COM = GeneratorType.SINGLE_FAMILY, GeneratorType.COMMERCIAL
GSM7 = set(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§"
    "¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
CITATION_AT_END = re.compile(r'Victorville Municipal Code § [\d.]+(?:\([a-z0-9]+\))*(?: \("[^"]+"\))?$')


def spanish(answer: SortingAnswer, **options: object) -> str:
    with languages.using("es"):
        return format_answer(answer, **options)


def every_answer(catalog: Catalog) -> Iterator[SortingAnswer]:
    for item in catalog.items:
        for option in [None, *item.ask.options] if item.ask else [None]:
            for generator in (None, SF, COM):
                yield answer_for(catalog, item, generator, option=option)


def test_every_spanish_answer_fits_one_sms_in_gsm7_with_the_same_citations(catalog: Catalog) -> None:
    count = 0
    for answer in every_answer(catalog):
        text = spanish(answer)
        count += 1
        assert len(text) <= SMS_LIMIT, text
        assert set(gsm7_fold(text)) <= GSM7, text
        if answer.needs_clarification:
            assert "Responda " in text, text
        else:
            assert CITATION_AT_END.search(text), text
            assert answer.citations[0] in text, text
    assert count > 1000


def test_banana_peel_for_a_business_in_spanish(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("banana peel", COM)) == (
        "Cáscara de plátano: el contenedor café (restos de comida); lo decide la ordenanza misma. "
        'Victorville Municipal Code § 6.37.020 ("Designated food scraps"); '
        "Victorville Municipal Code § 6.37.040(b)(1)"
    )


def test_both_generators_in_spanish_keep_the_units(matcher: SortingMatcher) -> None:
    text = spanish(matcher.sort("banana peel"))
    assert text.startswith(
        "Cáscara de plátano: contenedor verde en casas (1-4 viviendas), "
        "café en negocios y edificios de 5+ departamentos"
    )
    assert text.endswith(
        "Victorville Municipal Code § 6.37.030(b); Victorville Municipal Code § 6.37.040(b)(1)"
    )


def test_hauler_list_and_gray_in_spanish(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("paper coffee cup", SF)).startswith(
        "Vaso de papel para café: por lo general el contenedor verde (papel manchado de comida); "
        "depende de la lista designada por la ciudad."
    )
    assert "el contenedor negro (o gris)" in spanish(matcher.sort("diapers", COM))


def test_clarifying_question_in_spanish(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("pizza box")).endswith(" Responda grasosa o limpia.")
    assert spanish(matcher.sort("light bulb")).endswith(" Responda incandescente, fluorescente o LED.")


def test_no_match_in_spanish(lexical_matcher: SortingMatcher) -> None:
    answer = lexical_matcher.sort("zzzz qqqq")
    text = spanish(dataclasses.replace(answer, suggestions=()))
    assert (
        text
        == 'No encontré "zzzz qqqq" en la lista para separar residuos. Si no, por favor pregunte a la ciudad.'
    )
    offered = dataclasses.replace(answer, suggestions=("batteries", "cake and pastries"))
    assert spanish(offered, city_contact="<city contact>") == (
        'No encontré "zzzz qqqq" en la lista para separar residuos. '
        "¿Quiso decir batteries o cake and pastries? Si no, por favor pregunte a la ciudad: <city contact>"
    )


def test_a_spanish_answer_keeps_its_accents_for_the_web_and_voice(matcher: SortingMatcher) -> None:
    guidance = "Sí, va en el contenedor café; también la cáscara."
    answer = dataclasses.replace(matcher.sort("banana peel", COM), guidance=guidance)
    assert spanish(answer).startswith(guidance)  # only the SMS channel folds á í ó ú (shaping.sms_text)
    assert format_answer(answer).startswith(guidance)


def test_english_is_unchanged_after_a_spanish_reply(matcher: SortingMatcher) -> None:
    spanish(matcher.sort("diapers", COM))
    assert "the black (or gray) container" in format_answer(matcher.sort("diapers", COM))


def test_a_texted_question_frame_is_read_so_the_bin_it_names_is_no_item(matcher: SortingMatcher) -> None:
    found = matcher.match("en q bote van los huesos de pollo?")
    assert found is not None and "shampoo" not in found.item.name
    assert matcher.match("en que bote van los huesos de pollo?").item == found.item


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("las cajas de carton de amazon en q bote van? vivo en una casa en victorville", "cardboard box"),
        ("los pañales usados del bebe donde van? en mi casa", "diapers"),
        ("en la taqueria en que bote van las sobras de comida", "leftovers"),  # the setting before it
    ],
)
def test_the_item_is_read_on_its_side_of_the_question_not_the_setting_s(
    lexical_matcher: SortingMatcher, text: str, item: str
) -> None:
    found = lexical_matcher.match(text)
    assert found is not None and found.item.name == item


def test_the_item_the_question_names_is_sorted_not_the_one_in_the_story_before_it(
    matcher: SortingMatcher,
) -> None:
    said = "Creo que alguien echó bolsas con pañales en el azul. ¿Los pañales dónde van?"
    with languages.using("es"):
        answer = matcher.sort(said)
    assert answer.item == "diapers"
