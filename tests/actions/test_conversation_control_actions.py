"""Human handoff by topic, start over and silence on the spill line."""

from __future__ import annotations

from action_tracker_support import make_tracker, run_raw

import store
from actions.conversation import (
    ActionHumanHandoff,
    ActionRestartSorting,
    ActionStartOver,
    ActionVoiceSilenceTimeout,
)

run = run_raw


def text_of(messages) -> str:
    return " ".join(m["text"] for m in messages if m.get("text"))


def test_handoff_during_a_spill_report_gives_the_spill_line(engine):
    _, messages = run(
        ActionHumanHandoff(),
        make_tracker(slots={"city": "inglewood"}, intent="human_handoff", active_loop="spill_form"),
    )
    text = text_of(messages)
    assert "(310) 412-5333" in text and "carry on with the spill report" in text


def test_handoff_about_a_pump_out_gives_the_fog_office_and_only_a_configured_number(engine):
    _, messages = run(
        ActionHumanHandoff(),
        make_tracker(slots={"city": "victorville"}, intent="human_handoff", active_loop="service_form"),
    )
    assert "the City of Victorville FOG manager at (760) 555-0199" in text_of(messages)
    _, messages = run(ActionHumanHandoff(), make_tracker(intent="human_handoff"))
    text = text_of(messages)
    assert "Victorville" in text and "Inglewood Department of Public Works" in text


def test_start_over_keeps_the_old_partial_report_for_staff_and_clears_the_answers(engine):
    record = store.spills.create_partial(engine, conversation_id="test-user", channel="web", city="inglewood")
    events, _ = run(
        ActionStartOver(),
        make_tracker(
            slots={"spill_reference": record["reference"], "location": {"text": "x", "kind": "landmark"}},
            intent="start_over",
            active_loop="spill_form",
        ),
    )
    cleared = {e["name"]: e["value"] for e in events if e["event"] == "slot"}
    assert cleared["location"] is None and cleared["spill_reference"] is None and "city" not in cleared
    assert store.spills.get_by_reference(engine, record["reference"])["status"] == "abandoned"


def test_silence_on_the_spill_line_keeps_the_report_and_hangs_up(engine):
    record = store.spills.create_partial(engine, conversation_id="CA123", channel="voice", city="victorville")
    _, messages = run(
        ActionVoiceSilenceTimeout(),
        make_tracker(
            slots={"spill_reference": record["reference"]},
            text="/voice_silence_timeout",
            intent="voice_silence_timeout",
            channel="voice",
            active_loop="spill_form",
            sender="CA123",
        ),
    )
    assert record["reference"] in text_of(messages)
    assert {"hangup": True} in [m.get("custom") for m in messages]
    stored = store.spills.get_by_reference(engine, record["reference"])
    assert stored["status"] == "abandoned" and stored["flagged"]


def test_start_over_during_a_sorting_question_asks_for_the_item_again(engine):
    events, messages = run(
        ActionRestartSorting(),
        make_tracker(
            slots={"sorting_item": "pizza box", "generator_type": "commercial"},
            intent="start_over",
            active_loop="sorting_form",
        ),
    )
    cleared = {e["name"]: e["value"] for e in events if e["event"] == "slot"}
    assert cleared["sorting_item"] is None and "generator_type" not in cleared
    assert {"event": "active_loop", "name": None} in [
        {"event": e["event"], "name": e.get("name")} for e in events if e["event"] == "active_loop"
    ]
    assert "Which item" in text_of(messages)
