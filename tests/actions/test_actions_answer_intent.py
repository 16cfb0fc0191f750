"""Mid-form, a free answer is not taken for "cancel" unless the classifier is sure or the words say so."""

import pytest

from actions.forms import STOP_CONFIDENCE, answer_intent


@pytest.mark.parametrize(
    ("intent", "text", "expected"),
    [
        ({"name": "cancel", "confidence": 0.41}, "Sam Ortiz", None),
        ({"name": "start_over", "confidence": 0.55}, "15000 Seneca Rd", None),
        ({"name": "cancel", "confidence": 0.41}, "cancel", "cancel"),
        ({"name": "cancel", "confidence": 0.5}, "never mind, stop", "cancel"),
        ({"name": "human_handoff", "confidence": 0.6}, "can i talk to a person", "human_handoff"),
        ({"name": "cancel", "confidence": STOP_CONFIDENCE}, "Sam Ortiz", "cancel"),
        (
            {"name": "cancel", "confidence": 0.84},
            "Sara Ortiz",
            None,
        ),  # a name the classifier took for "salir"
        ({"name": "cancel", "confidence": 0.6}, "cancelar el reporte", "cancel"),
        (
            {"name": "voice_silence_timeout", "confidence": 1.0},
            "/voice_silence_timeout",
            "voice_silence_timeout",
        ),
        ({"name": "inform", "confidence": 0.3}, "Sam Ortiz", "inform"),
        ({}, "", None),
    ],
)
def test_answer_intent(intent, text, expected):
    assert answer_intent(intent, text) == expected


def test_an_accented_spanish_cancel_in_a_longer_message_cancels():
    # s46-c007: "Cancélala por ahora" was stored as the facility's address
    said = "Sabes qué, mejor la termino mañana cuando tenga el número de parcela. Cancélala por ahora."
    assert answer_intent({"name": "cancel", "confidence": 0.9}, said) == "cancel"


def test_a_cancellation_told_of_is_no_request_to_cancel():
    """Review of stop 55 (F20): "The hauler cancelled Monday" ended a pump-out log."""
    said = "The hauler cancelled Monday, came Tuesday instead"
    assert answer_intent({"name": "cancel", "confidence": 0.8}, said) is None
