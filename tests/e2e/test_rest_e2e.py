"""End to end: the real Rasa server and action server, questions over the REST channel, cited answers."""

import json
import re
import urllib.request

import pytest

pytestmark = pytest.mark.e2e


def ask(stack, sender: str, message: str, channel: str = "web") -> list[str]:
    body = json.dumps({"sender": sender, "message": message, "metadata": {"channel": channel}}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{stack.ports.rasa}/webhooks/rest/webhook",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return [m.get("text", "") for m in json.load(response) if m.get("text")]


FIVE_QUESTIONS = [  # the section the answer must cite, and the fact it must state (digits or words)
    ("victorville", "how often do i have to pump my grease interceptor", "10.03.160", r"(90|ninety) days"),
    (
        "victorville",
        "how soon do i have to send the pump out manifest to the city",
        "10.03.170(b)",
        r"(72|seventy-two) hours",
    ),
    ("inglewood", "whats the fine for a second nov", "Enforcement (4)", r"\$250"),
    (
        "inglewood",
        "how far ahead do i tell the city before a kitchen remodel",
        "Monitoring and Notification (4)",
        r"(60|sixty) days",
    ),
    ("inglewood", "how much is the annual fee for a small restaurant", "Fees (2)", r"\$267"),
]


@pytest.mark.parametrize(("city", "question", "section", "fact"), FIVE_QUESTIONS)
def test_questions_over_rest_are_answered_with_the_cited_section(
    running_stack, city, question, section, fact
):
    sender = f"e2e-{abs(hash(question))}"
    confirmation = ask(running_stack, sender, city)
    assert any(city.capitalize() in text for text in confirmation), confirmation
    replies = ask(running_stack, sender, question)
    answer = " ".join(replies)
    assert section in answer, answer
    assert re.search(fact, answer), answer
    other = "Inglewood" if city == "victorville" else "Victorville"
    assert other not in answer


def test_unknown_city_is_asked_on_sms_then_the_held_question_is_answered(running_stack):
    first = " ".join(ask(running_stack, "e2e-sms-1", "how long do i keep grease pumping records", "sms"))
    assert "Which city" in first and len(first) <= 320
    second = " ".join(ask(running_stack, "e2e-sms-1", "Inglewood", "sms"))
    assert "Inglewood FOG Ordinance" in second and "Victorville" not in second


def test_city_by_zip_code_is_kept_for_the_conversation(running_stack):
    ask(running_stack, "e2e-zip", "my zip is 92394")
    answer = " ".join(ask(running_stack, "e2e-zip", "how long do i have to keep manifests"))
    assert "Victorville Municipal Code" in answer and "10.03.170" in answer, answer
    assert re.search(r"\b(2|two) years", answer), answer


def test_empty_and_huge_messages_get_a_clear_answer(running_stack):
    assert ask(running_stack, "e2e-empty", "   "), "an empty message still gets a reply"
    huge = "grease " * 2000
    assert ask(running_stack, "e2e-huge", huge)
