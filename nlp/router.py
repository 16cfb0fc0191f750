"""``MeaningRouter``, the last step of Rasa's NLU pipeline (config.yml): the intent the assistant acts on.

The classifier says which kind of message this is; :func:`intake.routing.route` corrects the distinctions that
words alone do not carry (a spill happening now or a past one, a pump-out reported or asked about, asking to
apply or asking how), in English or, glossed (:mod:`knowledge.spanish`), in Spanish; a message taken for a
city or left unplaced that names an item of the sorting list is a sorting question ("ziploc bags, blue bin
ok? victorville"); and a sorting question about something the ordinances do not set (a drop-off site's
hours, collection days) goes to the question answerer, which declines it with the right office. A corrected
message keeps the classifier's ranking, with the routed intent first, and says why in ``routed_from`` (for
the logs and ``rasa shell nlu``).
"""

from __future__ import annotations

import functools
import logging
import re

from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.nlu.classifiers.classifier import IntentClassifier
from rasa.shared.nlu.constants import INTENT, INTENT_NAME_KEY, INTENT_RANKING_KEY, TEXT
from rasa.shared.nlu.training_data.message import Message

from cities import without_city_names
from intake.routing import (
    QUESTION_INTENT,
    SORT_INTENT,
    asks_a_question,
    asks_no_place_for_anything,
    may_ask_where_it_goes,
    route,
)
from intake.settings import parse_generator, without_setting
from knowledge.coverage import uncovered_topic
from knowledge.spanish import gloss
from languages import SPANISH
from languages.detect import detect
from nlp.action_results import install as install_action_result_check
from nlp.stateless import StatelessComponent
from sorting.matcher import SortingMatcher

install_action_result_check()  # every Rasa process serving our model (nlp/action_results.py)
_LOG = logging.getLogger(__name__)


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER, is_trainable=False)
class MeaningRouter(StatelessComponent, IntentClassifier):
    @classmethod
    def required_components(cls) -> list[type]:
        return [IntentClassifier]

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            try:
                self._route(message)
            except Exception:  # a rule's fault must never leave a message unanswered
                # the classifier's intent stands; the fault is logged for the next fix ("hace un mes" once
                # raised here, and the whole message failed: an SMS left with no reply)
                _LOG.exception("routing failed; the classifier's intent is kept for %r", message.get(TEXT))
        return messages

    def _route(self, message: Message) -> None:
        """The intent to act on, set on ``message`` when the rules correct the classifier's."""
        predicted = (message.get(INTENT) or {}).get(INTENT_NAME_KEY)
        text = message.get(TEXT) or ""
        if not predicted or not text or text.startswith("/"):
            return
        # Spanish is read in its English gloss ("se esta saliendo la grasa ahorita" → "... right now").
        english = _english(text)
        routed = route(predicted, english)
        if routed == "thanks" and routed != predicted and asks_a_question(text):
            # "... ¿Para cuándo nos toca la próxima limpieza? ¿Y alguien la revisa? Mil gracias.": the
            # gloss keeps no "¿" and ends in "thanks"; the words as written ask, so a question
            routed = QUESTION_INTENT
        if may_ask_where_it_goes(routed, english) and _names_an_item(text):
            routed = SORT_INTENT  # "ziploc bags, blue bin ok? victorville" is no answer to "which city?"
        if routed == SORT_INTENT and _ASKS_WHEN_OPEN.search(english) and uncovered_topic(english, None):
            routed = QUESTION_INTENT  # "where do I drop off old paint, and when are they open?": declined
        if routed == SORT_INTENT and asks_no_place_for_anything(english) and not _names_an_item(text):
            routed = QUESTION_INTENT  # "jan 1 is a holiday tho, do i do it before?": nothing to sort
        if routed == SORT_INTENT and parse_generator(text) is not None and not _any_item_named(text):
            # "y si es en el restaurante donde trabajo?" names a place and no item: after a sorting
            # answer, the same items asked again for that place (a rule); else a question
            routed = QUESTION_INTENT
        if routed == predicted:
            return
        chosen = {INTENT_NAME_KEY: routed, "confidence": 1.0}
        ranking = [
            entry for entry in message.get(INTENT_RANKING_KEY) or [] if entry.get(INTENT_NAME_KEY) != routed
        ]
        message.set(INTENT, chosen, add_to_output=True)
        message.set(INTENT_RANKING_KEY, [chosen, *ranking], add_to_output=True)
        message.set("routed_from", predicted, add_to_output=True)


# A sorting question that asks when or what hours ("... and what days are they open?") asks what the
# ordinances do not set; "where do batteries go?" is still a sorting question.
_ASKS_WHEN_OPEN = re.compile(r"\b(?:hours?|open|days?|when|schedule|pick\s?-?up|collection)\b", re.IGNORECASE)


@functools.cache
def _lexical_matcher() -> SortingMatcher:
    return SortingMatcher(embedder=None)  # no embedding model in the NLU process: the catalog's words only


def _names_an_item(text: str) -> bool:
    """Whether the message (its city names, its places' proper names and whose place it is aside) names an
    item of the sorting list by its words (the catalog's English and Spanish names)."""
    # "victorville, i run a coffee shop" names no coffee; "We manage Mesa Plaza" no table ("mesa")
    rest = without_setting(without_city_names(_without_proper_names(text)))
    return len(rest.split()) >= 2 and _lexical_matcher().match(rest) is not None


def _any_item_named(text: str) -> bool:
    """Whether the message names an item of the sorting list by its words, however short ("restaurant:
    styrofoam?")."""
    return (
        _lexical_matcher().match(without_setting(without_city_names(_without_proper_names(text)))) is not None
    )


# A place's name: capitalised words ending in a kind of place ("We manage Mesa Plaza", "on Bear Valley Road"),
# whose words name no item to sort ("mesa" is a table)
_PROPER_NAME = re.compile(
    r"\b(?:[A-Z][a-z'&]+ )+(?:Plaza|Center|Centre|Mall|Road|Rd|Street|St|Avenue|Ave|Blvd|Boulevard|Drive|Dr|"
    r"Way|Lane|Ln|Apartments|Village|Park|Square|Court|Ct|Place|Highway|Hwy|Parkway|Pkwy|Commons|Crossing|"
    r"Towers|Heights|Estates|Marketplace)\b"
)


def _without_proper_names(text: str) -> str:
    return _PROPER_NAME.sub(" ", text)


def _english(text: str) -> str:
    """The text the routing rules read: English as written; Spanish glossed, keeping the question mark the
    gloss drops ("¿Dónde queda la oficina?" is a question)."""
    if detect(text) != SPANISH:
        return text
    # each clause glossed apart, its punctuation kept where it was ("..., cuanto cobran alla x el permit??
    # aqui en inglewood pague 340": the question is the clause that ends in "?", not the message's end)
    pieces = _CLAUSE_END.split(re.sub(r"[¿¡]", " ", text))
    said = "".join(gloss(piece) if n % 2 == 0 else f"{piece.strip()[:1]} " for n, piece in enumerate(pieces))
    said = said.strip()
    # and, as before, a message that asks anywhere ends as a question ("... cada 60 dias. pa cuando toca la
    # otra? victorville"; "¿Dónde queda la oficina" without its closing mark)
    asked = "?" if ("?" in text or "¿" in text) and not said.endswith("?") else ""
    return said + asked


# The end of a clause: a comma, a full stop, a question mark (opening ones dropped), before a space or the end
_CLAUSE_END = re.compile(r"([,.;:!?]+)(?=\s|$)")
