"""One short question for the value a rule the message names still needs, and none when no rule is named."""

import pytest

from calculations.compute import missing_value_question


@pytest.mark.parametrize(
    ("said", "city", "asked"),
    [
        (
            "got a late notice from inglewood for the fog fee. how much is the penalty",
            "inglewood",
            "date and amount",
        ),
        (
            "got a late notice for the fog fee, how much is the penalty? $413",
            "inglewood",
            "What is the invoice's date?",
        ),
        ("our permit says 120", "victorville", "last pumped or serviced"),
        ("how many seats do you need to be a big restaurant for the annual fee", "inglewood", "seats"),
    ],
)
def test_the_missing_value_is_asked_for(said, city, asked):
    assert asked in (missing_value_question(said, city) or "")


def test_no_question_without_a_rule_in_view():
    assert missing_value_question("we have 200 seats", "victorville") is None
