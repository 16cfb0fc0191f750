"""The sorting form in Spanish: the item, its question and its answer in Spanish words, and a Spanish answer
to the clarifying question understood whatever the conversation's language."""

from __future__ import annotations

import pytest
from action_tracker_support import make_tracker, run

import languages
from actions import runtime
from actions.containers import ActionSortAnswer, ValidateSortingForm
from sorting import SortingMatcher


@pytest.fixture
def matcher(monkeypatch):
    lexical = SortingMatcher()  # no embedder: the lexical steps are enough for catalog names
    monkeypatch.setattr(runtime, "sorting_matcher", lambda: lexical)
    return lexical


def ask(text: str, slots: dict | None = None, language: str = "es") -> tuple[dict, str]:
    with languages.using(language):
        return run(
            ValidateSortingForm(),
            make_tracker(slots=slots, text=text, intent="sort_item", active_loop="sorting_form"),
        )


def answer(slots: dict, language: str = "es", channel: str = "sms") -> str:
    with languages.using(language):
        return run(ActionSortAnswer(), make_tracker(slots=slots, channel=channel))[1]


def test_a_pizza_box_in_spanish_from_question_to_answer(matcher):
    slots, text = ask("donde tiro la caja de pizza")
    assert slots["sorting_item"] == "pizza box" and slots["requested_slot"] == "sorting_option"
    assert (
        text == "¿La caja de pizza tiene grasa o restos de comida, o está limpia? Responda grasosa o limpia."
    )
    slots, text = ask("sí, tiene comida", {"requested_slot": "sorting_option", "sorting_item": "pizza box"})
    assert slots["sorting_option"] == "greasy" and slots["requested_slot"] is None and text == ""
    both = answer({"sorting_item": "pizza box", "sorting_option": "greasy"})  # home or business: not asked
    assert both.startswith("Caja de pizza: por lo general contenedor verde en casas (1-4 viviendas), café en")
    reply = answer({"sorting_item": "pizza box", "sorting_option": "greasy", "generator_type": "commercial"})
    assert reply.startswith("Caja de pizza: por lo general el contenedor café (papel manchado de comida); ")
    assert "Victorville Municipal Code § 6.37.040(b)(1)" in reply


def test_an_answer_already_in_the_spanish_question_is_not_asked_again(matcher):
    slots, text = ask("la caja de pizza con grasa va en el verde?")
    assert (slots["sorting_item"], slots["sorting_option"]) == ("pizza box", "greasy")
    assert slots["requested_slot"] is None and "grasosa o limpia" not in text


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_spanish_reply_to_the_question_is_understood_in_either_language(matcher, language):
    pending = {"requested_slot": "sorting_option", "sorting_item": "pizza box"}
    slots, _ = ask("está limpia", pending, language)
    assert slots["sorting_option"] == "clean"
    slots, _ = ask("clean", pending, language)
    assert slots["sorting_option"] == "clean"


def test_an_unclear_spanish_reply_is_asked_again_in_spanish(matcher):
    slots, text = ask("mmm no sé", {"requested_slot": "sorting_option", "sorting_item": "aerosol can"})
    assert slots["requested_slot"] == "sorting_option" and slots["form_failures"] == 1
    assert text.startswith("¿La lata de aerosol está completamente vacía")
    assert text.endswith("Responda vacía o con producto.")


def test_special_handling_and_its_note_in_spanish(matcher):
    slots, _ = ask("que hago con el aceite de cocina usado")
    assert slots["sorting_item"] == "used cooking oil" and slots["requested_slot"] is None
    reply = answer({"sorting_item": "used cooking oil"})
    assert reply.startswith("Nunca tire aceite ni grasa al drenaje")
    rags = answer({"sorting_item": "oily rags"})
    assert (
        rags.startswith("Los desechos peligrosos son desechos excluidos") and "Pueden prenderse solos" in rags
    )


def test_the_same_answers_stay_english_in_an_english_conversation(matcher):
    _, text = ask("where does a pizza box go", language="en")
    assert text == "Is the pizza box greasy or food-soiled, or clean? Reply greasy or clean."
    reply = answer({"sorting_item": "used cooking oil"}, language="en")
    assert reply.startswith("Never pour cooking oil or grease down a drain")
