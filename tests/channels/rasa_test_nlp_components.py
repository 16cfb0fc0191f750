"""Our NLU components and the action-response check, in the Rasa environment (`make test`, -m connector)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from jsonschema import ValidationError
from rasa.core.actions.action import RemoteAction
from rasa.core.nlg import TemplatedNaturalLanguageGenerator
from rasa.shared.core.domain import Domain
from rasa.shared.core.slots import TextSlot
from rasa.shared.core.trackers import DialogueStateTracker
from rasa.shared.nlu.training_data.message import Message
from rasa.utils.endpoints import EndpointConfig

from nlp.action_results import install
from nlp.cities import CityEntities, normalised_city

pytestmark = pytest.mark.connector


@pytest.mark.parametrize(
    ("value", "city"),
    [
        ("Inglewood", "inglewood"),
        ("victorville", "victorville"),
        ("Victor ville", "victorville"),  # a spelling the synonym list does not have
        ("vville", "victorville"),
        ("90301", "inglewood"),
        ("Hesperia", None),
        ("", None),
    ],
)
def test_a_city_entity_is_read_as_one_of_our_cities_or_nothing(value, city):
    assert normalised_city(value) == city


def test_the_component_rewrites_city_entities_and_drops_the_unknown_ones():
    message = Message(
        data={
            "text": "moving from Hesperia to vville",
            "entities": [
                {"entity": "city", "value": "Hesperia", "start": 12, "end": 20},
                {"entity": "city", "value": "vville", "start": 24, "end": 30},
                {"entity": "gallons", "value": "12", "start": 0, "end": 2},
            ],
        }
    )
    [processed] = CityEntities().process([message])
    assert [(e["entity"], e["value"]) for e in processed.get("entities")] == [
        ("city", "victorville"),
        ("gallons", "12"),
    ]


def _cities(text: str, named: list[str]) -> list[str]:
    entities = [{"entity": "city", "value": city, "start": 0, "end": 1} for city in named]
    [processed] = CityEntities().process([Message(data={"text": text, "entities": entities})])
    return [e["value"] for e in processed.get("entities")]


def test_a_city_named_only_to_compare_with_leaves_the_city_compared():
    text = "does inglewood make me pump every 90 days too like victorville"
    assert _cities(text, ["inglewood", "victorville"]) == ["inglewood"]
    both = "got 1 spot in victorville and 1 in inglewood"  # about both: both kept
    assert _cities(both, ["victorville", "inglewood"]) == ["victorville", "inglewood"]


def test_action_responses_are_still_checked_against_rasas_schema():
    install()
    action = RemoteAction("action_anything", EndpointConfig("http://127.0.0.1:9/webhook"))
    slot = {"event": "slot", "name": "city", "value": "inglewood"}
    good = {"events": [slot], "responses": [{"text": "Hi"}]}
    assert action._validate_action_result(good) is True
    with pytest.raises(ValidationError, match="Failed to validate Action server response"):
        action._validate_action_result({"events": [{"event": "slot"}], "responses": "not a list"})


@pytest.mark.parametrize(
    ("language", "opens"),
    [
        (None, "What would you like to do?"),  # no language told yet: both
        ("es", "¿Qué desea hacer?"),
        ("en", "What would you like to do?"),
    ],
)
def test_the_menu_is_in_both_languages_until_the_conversation_s_language_is_known(language, opens):
    domain = Domain.load(str(Path(__file__).resolve().parents[2] / "domain.yml"))
    slots = [TextSlot("language", mappings=[], initial_value=language)]
    tracker = DialogueStateTracker("someone", slots)
    generator = TemplatedNaturalLanguageGenerator(domain.responses)
    said = asyncio.run(generator.generate("utter_what_next", tracker, "rest"))["text"]
    assert said.startswith(opens)
    assert ("¿Qué desea hacer?" in said and "What would you like" in said) == (language is None)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # a place's name is no item: "Mesa Plaza" names no table ("mesa")
        ("We manage Mesa Plaza in Victorville. Is there any relief on the carts?", False),
        ("live on Bear Valley Road, is there any relief on the carts?", False),
        ("where do Capri Sun pouches go", True),
        ("ziploc bags, blue bin ok? victorville", True),
    ],
)
def test_a_place_s_proper_name_names_no_item_to_sort(text, names):
    from nlp.router import _names_an_item

    assert _names_an_item(text) is names


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # the question is the clause that ends in "?", not the message's end
        (
            "tmb voy a abrir otra pupuseria en victorville, cuanto cobran alla x el permit d grasa?? aqui en "
            "inglewood pague 340",
            "how much charge alla for the permit d grease? aqui",
        ),
        ("¿Dónde queda la oficina", "where is the office?"),  # asked, the closing mark left off
        ("pagué $1,000.50 el 3/4, y ahora?", "$1,000.50 el 3/4, and now?"),  # amounts and dates whole
    ],
)
def test_spanish_is_read_in_its_gloss_clause_by_clause_with_its_punctuation(text, read):
    from intake.routing import route
    from nlp.router import _english

    assert read in _english(text)
    if "pupuseria" in text:
        assert route("inform", _english(text)) == "ask_question"  # a question, never the menu


def test_a_spanish_question_with_the_city_after_its_mark_is_still_a_question():
    """ "... el permiso dice cada 60 dias. pa cuando toca la otra? victorville": the permit's frequency said
    inside a question, not a fact for the topic, and no pump-out to log."""
    from intake.routing import route
    from nlp.router import _english

    said = _english(
        "nos vinieron a bombear la trampa el 14 de sept y el permiso dice cada 60 dias. "
        "pa cuando toca la otra? victorville"
    )
    assert route("ask_question", said) == "ask_question"
    assert route("log_pumpout", said) == "ask_question"


def test_a_routing_rule_that_fails_keeps_the_classifier_s_intent(monkeypatch, caplog):
    """A rule's fault never fails the whole message (stop 53: "hace un mes" raised in the gloss, and an SMS
    got no reply): the classifier's intent stands and the fault is logged."""
    from nlp import router

    def broken(text: str) -> str:
        raise KeyError("m")

    monkeypatch.setattr(router, "_english", broken)
    message = Message(data={"text": "apenas abrimos hace un mes", "intent": {"name": "ask_question"}})
    [processed] = router.MeaningRouter().process([message])
    assert processed.get("intent")["name"] == "ask_question"
    assert "routing failed" in caplog.text


def test_a_month_ago_in_spanish_is_routed():
    from nlp import router

    message = Message(
        data={
            "text": "me pueden dar un ticket x no tener el permit todavia? apenas abrimos hace un mes",
            "intent": {"name": "ask_question"},
        }
    )
    [processed] = router.MeaningRouter().process([message])
    assert processed.get("intent")["name"] == "ask_question"
