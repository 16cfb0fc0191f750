"""Rasa's check of each action server response, without re-checking the schema itself every time.

Rasa 3.6 validates every response of the action server with ``jsonschema.validate(result, schema)``
(``RemoteAction._validate_action_result``). ``jsonschema.validate`` first checks the *schema* against its
meta-schema, on every call: with Rasa's large events schema that costs about 60 ms of CPU per custom action
on our machines, more than the action itself. :func:`install` makes Rasa validate the response against the
same schema with a validator built once: the same checks, the same ``ValidationError`` on a bad response.
Installed when Rasa loads our NLU components (nlp/router.py): in every Rasa process serving our model.
"""

from __future__ import annotations

from typing import Any

from jsonschema import ValidationError
from jsonschema.validators import validator_for
from rasa.core.actions.action import RemoteAction
from rasa.shared.constants import DOCS_BASE_URL

_INSTALLED = "_fog_assistant_cached_validator"
_validators: dict[str, Any] = {}  # the schema's text -> its validator, checked once


def _validator(schema: dict[str, Any]) -> Any:
    key = repr(schema)
    if key not in _validators:
        cls = validator_for(schema)
        cls.check_schema(schema)  # once, where jsonschema.validate checks it on every call
        _validators[key] = cls(schema)
    return _validators[key]


def _validate_action_result(self: RemoteAction, result: dict[str, Any]) -> bool:
    try:
        _validator(self.action_response_format_spec()).validate(result)
        return True
    except ValidationError as error:
        error.message += (
            ". Failed to validate Action server response from API, make sure your response from the "
            "Action endpoint is valid. For more information about the format visit "
            f"{DOCS_BASE_URL}/custom-actions"
        )
        raise


def install() -> None:
    if not getattr(RemoteAction, _INSTALLED, False):
        RemoteAction._validate_action_result = _validate_action_result  # type: ignore[method-assign]
        setattr(RemoteAction, _INSTALLED, True)
