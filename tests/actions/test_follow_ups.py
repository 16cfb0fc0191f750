"""The conversation's topic: a bare fact after a question computes with it, "and in Inglewood?" asks it again
for the other city, and a question that leans on the one before is read against it."""

from action_tracker_support import make_tracker, run_raw

from actions.knowledge import (
    TOPIC_SLOT,
    ActionAnswerQuestion,
    ActionFollowUp,
    ActionSetCity,
    changes_a_fact,
    is_follow_up,
)


def _run(action, tracker):
    events, messages = run_raw(action, tracker)
    slots = {event["name"]: event["value"] for event in events if event.get("event") == "slot"}
    return slots, messages


def test_a_bare_fact_after_a_pumping_question_gets_the_computed_due_date(engine):
    topic = "how often do we have to pump the grease interceptor? victorville. our permit says 120"
    slots, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="last one was sept 30", intent="inform", slots={TOPIC_SLOT: topic, "city": "victorville"}
        ),
    )
    text = " ".join(message.get("text") or "" for message in messages)
    assert "January 28, 2027" in text  # 120 days after September 30, 2026
    assert "Victorville Municipal Code" in text
    assert slots[TOPIC_SLOT].endswith("last one was sept 30")  # the facts are kept for the next turn


def test_a_bare_fact_with_nothing_to_compute_or_no_topic_gets_what_the_assistant_can_do(engine):
    _, messages = _run(ActionFollowUp(), make_tracker(text="we have 200 seats", intent="inform"))
    assert [message.get("response") for message in messages] == ["utter_what_next"]


def test_and_in_the_other_city_asks_the_topic_again_for_it(engine):
    tracker = make_tracker(
        text="and in inglewood?",
        intent="inform_city",
        entities=[{"entity": "city", "value": "inglewood"}],
        slots={TOPIC_SLOT: "how long is a FOG permit valid in victorville?", "city": "victorville"},
    )
    slots, messages = _run(ActionSetCity(), tracker)
    text = messages[0]["text"]
    assert slots["city"] == "inglewood"
    assert "Inglewood FOG Ordinance" in text and "Victorville Municipal Code" not in text
    assert "Got it" not in text


def test_a_follow_up_that_the_ordinances_answer_alone_is_answered_alone(engine):
    tracker = make_tracker(
        text="how long is it good for?",
        intent="ask_question",
        slots={TOPIC_SLOT: "can we get the de minimis waiver? victorville", "city": "victorville"},
    )
    slots, messages = _run(ActionAnswerQuestion(), tracker)
    assert "5 years" in messages[0]["text"]
    assert "de minimis" in slots[TOPIC_SLOT]


def test_what_counts_as_a_follow_up():
    assert is_follow_up("and in inglewood?")
    assert is_follow_up("what if its 6 gallons instead?")
    assert is_follow_up("ok how long is that good for")
    assert is_follow_up("y si son 6 galones?")
    assert not is_follow_up("how often do we have to pump the grease interceptor in victorville?")
    assert changes_a_fact("what if its 6 gallons instead?") and not changes_a_fact("how long is it good for")
