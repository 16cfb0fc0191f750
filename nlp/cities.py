"""``CityEntities``: every ``city`` entity of a message as "victorville" or "inglewood", or none.

The EntityRuler and the lookup tables find the city as written ("Ingelwood", "vville", "90301"); the synonym
map knows the listed spellings. This step, right after it in config.yml, reads any other spelling with
:func:`cities.detect_city` and drops a value that names neither city, so the ``city`` slot (filled from the
entity) only ever holds a city we serve and a bad value never erases a good one. It replaces a slot
validation action: no call to the action server on every turn.
"""

from __future__ import annotations

from typing import Any

from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.nlu.extractors.extractor import EntityExtractorMixin
from rasa.shared.nlu.constants import ENTITIES, ENTITY_ATTRIBUTE_TYPE, ENTITY_ATTRIBUTE_VALUE, TEXT
from rasa.shared.nlu.training_data.message import Message

from cities import CITY_NAMES, detect_city
from nlp.stateless import StatelessComponent

CITY_ENTITY = "city"


def normalised_city(value: Any) -> str | None:
    """The city a ``city`` entity's value names; None when it names neither (or both)."""
    text = str(value or "").strip()
    return text.lower() if text.lower() in CITY_NAMES else detect_city(text)


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR, is_trainable=False)
class CityEntities(StatelessComponent, EntityExtractorMixin):
    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            entities = message.get(ENTITIES) or []
            kept = []
            for entity in entities:
                if entity.get(ENTITY_ATTRIBUTE_TYPE) != CITY_ENTITY:
                    kept.append(entity)
                    continue
                city = normalised_city(entity.get(ENTITY_ATTRIBUTE_VALUE))
                if city is not None:
                    kept.append({**entity, ENTITY_ATTRIBUTE_VALUE: city})
            # "does inglewood make me pump every 90 days too like victorville": about the city compared, not
            # the one it is compared with (the next "there" is Inglewood)
            named = {e[ENTITY_ATTRIBUTE_VALUE] for e in kept if e.get(ENTITY_ATTRIBUTE_TYPE) == CITY_ENTITY}
            subject = detect_city(message.get(TEXT) or "") if len(named) > 1 else None
            if subject is not None:
                kept = [
                    e
                    for e in kept
                    if e.get(ENTITY_ATTRIBUTE_TYPE) != CITY_ENTITY or e[ENTITY_ATTRIBUTE_VALUE] == subject
                ]
            if kept != entities:
                message.set(ENTITIES, kept, add_to_output=True)
        return messages
