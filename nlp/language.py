"""``LanguageEntity``: the language of the conversation, as a ``language`` entity the slot is filled from.

Read, in this order: a language the user asks for by name ("en español", "English please"); the language of
the message when it is long enough to tell (:func:`languages.detect.detect`); the language the channel
chose (message metadata ``language``: the web page's switch or the browser's language, the voice line's
menu). When none of them says, no entity is set and the ``language`` slot keeps the conversation's language,
so "si", "ok", a number, an address or a name never flip it.
"""

from __future__ import annotations

from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.nlu.extractors.extractor import EntityExtractorMixin
from rasa.shared.nlu.constants import ENTITIES, METADATA, TEXT
from rasa.shared.nlu.training_data.message import Message

from languages import LANGUAGES
from languages.detect import detect
from nlp.stateless import StatelessComponent

LANGUAGE_ENTITY = "language"


def message_language(text: str, metadata: dict | None) -> str | None:
    """The language this message sets for the conversation, or None (keep the conversation's). An intent
    sent as ``/intent`` (the voice line's opening) says nothing by its words."""
    found = None if text.startswith("/") else detect(text)
    if found:
        return found
    chosen = str((metadata or {}).get(LANGUAGE_ENTITY) or "").lower()[:2]
    return chosen if chosen in LANGUAGES else None


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR, is_trainable=False)
class LanguageEntity(StatelessComponent, EntityExtractorMixin):
    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            language = message_language(message.get(TEXT) or "", message.get(METADATA))
            if language is None:
                continue
            entity = {
                "entity": LANGUAGE_ENTITY,
                "value": language,
                "start": 0,
                "end": len(message.get(TEXT) or ""),
                "confidence": 1.0,
                "extractor": type(self).__name__,
            }
            message.set(ENTITIES, [*(message.get(ENTITIES) or []), entity], add_to_output=True)
        return messages
