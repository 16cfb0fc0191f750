"""A free question holding a rule's numbers: the computed result first, the answer card's rule behind it."""

from __future__ import annotations

import datetime as dt

from actions.knowledge import free_answer
from cities import CityContacts
from shaping.answers import MORE_MARKER, shape_answer

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)  # Tuesday 10:00 in both cities


def test_a_service_date_gets_the_due_date_first_and_the_rule_and_the_other_part_after(real_index):
    question = (
        "the lil trap under the 3 comp sink, last cleaned nov 2. how often those gotta get done? "
        "also do we pull the baffles out n clean em? victorville"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert answer.text.startswith("Your next trap service is due by December 2, 2026")
    assert answer.card is not None and "baffles" in answer.more.lower()
    shaped = shape_answer(answer, "sms")
    assert "December 2, 2026" in shaped.text and shaped.text.endswith(MORE_MARKER)
    assert "baffles" in shaped.more.lower()  # the rest after MORE


def test_a_spill_cleaned_up_is_a_written_deadline_not_a_pump_out(real_index):
    question = (
        "yesterday afternoon our interceptor overflowed in the alley, we called the city, it's all cleaned "
        "up. what else do we have to send and by when? inglewood"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert answer.text.startswith("Your written confirmation to the Director")
    assert "is due by December 7, 2026" in answer.text
    assert "It must state the date of the incident" in answer.text
    assert "service is due" not in answer.text


def test_without_numbers_the_cards_answer(real_index):
    question = "how often must a grease interceptor be pumped?"
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    assert answer.card is not None and "90 days" in f"{answer.text} {answer.more}"
