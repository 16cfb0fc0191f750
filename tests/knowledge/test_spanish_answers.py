"""Spanish questions answered from the cards' Spanish texts, with the English citation, through the real
index; the glossary that carries a Spanish question into the ordinances' English words."""

from __future__ import annotations

import pytest

from cities import CityContacts
from knowledge.answer import AnswerKind, answer_question
from knowledge.spanish import gloss
from languages import using


@pytest.mark.parametrize(
    ("question", "city", "card"),
    [
        ("cada cuanto hay q bombear el interceptor de grasa", "inglewood", "ing-"),
        ("por cuanto tiempo tengo que guardar los manifiestos", "victorville", "vvf-"),
        ("los restaurantes tienen que donar comida que sobra?", "victorville", "vvo-"),
    ],
)
def test_a_spanish_question_gets_the_spanish_text_of_a_card_of_its_city(real_index, question, city, card):
    with using("es"):
        answer = answer_question(real_index, question, city, CityContacts())
    assert answer.kind is AnswerKind.ANSWER and answer.card is not None and answer.card.id.startswith(card)
    spanish = answer.card.translations["es"]
    assert answer.text.startswith(spanish.answer)
    assert answer.text.endswith(f"({answer.card.citation})")  # the official, English citation
    assert answer.more == spanish.more


def test_with_the_city_unknown_a_spanish_sms_question_asks_the_city_in_spanish(real_index):
    with using("es"):
        answer = answer_question(
            real_index, "cada cuanto hay q limpiar la trampa de grasa", None, ask_city=True
        )
    assert answer.kind is AnswerKind.ASK_CITY
    assert answer.text == (
        "Victorville e Inglewood tienen reglas distintas sobre esto. ¿En qué ciudad está su negocio: "
        "Victorville o Inglewood?"
    )


def test_a_question_the_ordinances_do_not_answer_is_declined_in_spanish_with_the_office(real_index):
    with using("es"):
        answer = answer_question(
            real_index, "que dia pasan a recoger la basura en mi calle", "victorville", CityContacts()
        )
    assert answer.kind is AnswerKind.NOT_COVERED
    assert answer.text.startswith("Los reglamentos de los que respondo no fijan los días de recolección")
    assert "programa de basura y reciclaje de la Ciudad de Victorville" in answer.text


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("cada cuanto limpio la trampa de grasa", "how often"),
        ("se esta saliendo la grasa ahorita", "right now"),
        ("hace dos semanas tuvimos un derrame", "2 weeks ago"),
        ("la bombearon el 3 de marzo", "3 March"),
        ("tenemos doscientos cincuenta galones", "250 gallons"),
        ("¿Cuánto cuesta el permiso?", "permit"),
    ],
)
def test_the_glossary_carries_spanish_into_the_ordinances_words(spanish, english):
    assert english in gloss(spanish)


@pytest.mark.parametrize(
    ("question", "city", "topic"),
    [
        ("tienen una lista de empresas autorizadas para limpiar interceptores?", "inglewood", "compañías"),
        ("en que horario abren la oficina de grasa y donde queda?", "inglewood", "direcciones"),
        ("a donde llevo las pilas y la pintura que ya no sirve?", "victorville", "desechos peligrosos"),
        ("que dias pasa el camion por mi calle?", "victorville", "días de recolección"),
    ],
)
def test_spanish_questions_on_what_the_ordinances_do_not_set_are_declined_with_the_office(
    real_index, question, city, topic
):
    with using("es"):
        answer = answer_question(real_index, question, city, CityContacts())
    assert answer.kind is AnswerKind.NOT_COVERED
    assert "no fijan" in answer.text and topic in answer.text
