"""The conversation's topic: a bare fact after a question computes with it, "and in Inglewood?" asks it again
for the other city, and a question that leans on the one before is read against it."""

import pytest
from action_tracker_support import make_tracker, run_raw

import actions.permits
import actions.service
import actions.spill
import actions.waivers  # each form registers itself where mid-form questions find it
import languages
from actions.knowledge import (
    ANSWER_CARD_SLOT,
    TOPIC_SLOT,
    ActionAnswerQuestion,
    ActionFollowUp,
    ActionSetCity,
    _answered_last,
    asks_when_or_how_much,
    changes_a_fact,
    is_follow_up,
    with_the_elided_verb,
)


def _run(action, tracker):
    events, messages = run_raw(action, tracker)
    slots = {event["name"]: event["value"] for event in events if event.get("event") == "slot"}
    return slots, messages


def _asked_after_a_card(said, topic, card, city, channel="web"):
    """The reply to ``said`` asked right after ``card`` answered ``topic`` in ``city``."""
    slots = {TOPIC_SLOT: topic, ANSWER_CARD_SLOT: card, "city": city}
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(text=said, intent="ask_question", channel=channel, slots=slots),
    )
    return messages[0]["text"]


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


def test_why_with_a_number_after_a_rule_gets_the_rule_s_reason_not_a_question_for_a_value(engine):
    topic = "how full can the grease interceptor get before we gotta pump it? victorville"
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(text="why 25", intent="inform", slots={TOPIC_SLOT: topic, "city": "victorville"}),
    )
    text = " ".join(message.get("text") or "" for message in messages)
    assert "25%" in text and "10.03.160(f)" in text, text
    assert "What date was it last pumped" not in text


def test_a_bare_fact_with_nothing_to_compute_or_no_topic_gets_what_the_assistant_can_do(engine):
    _, messages = _run(ActionFollowUp(), make_tracker(text="we have 200 seats", intent="inform"))
    assert [message.get("response") for message in messages] == ["utter_what_next"]


@pytest.mark.parametrize(
    "said",
    [
        "and in inglewood?",
        "and in inglewood? we have another place there with a bigger kitchen",
        "okay and uh if this had happened at our other place in inglewood would it be any different",
    ],
)
def test_and_in_the_other_city_asks_the_topic_again_for_it(engine, said):
    tracker = make_tracker(
        text=said,
        intent="inform_city",
        entities=[{"entity": "city", "value": "inglewood"}],
        slots={TOPIC_SLOT: "how long is a FOG permit valid in victorville?", "city": "victorville"},
    )
    slots, messages = _run(ActionSetCity(), tracker)
    text = messages[0]["text"]
    assert slots["city"] == "inglewood"
    assert "Inglewood FOG Ordinance" in text and "Victorville Municipal Code" not in text
    assert "Got it" not in text


def test_and_in_the_other_city_classified_as_a_question_still_asks_the_topic_again_there(engine):
    tracker = make_tracker(
        text="y en victorville? tengo otro restaurante alla",
        intent="ask_question",
        slots={
            TOPIC_SLOT: "se tapo el drenaje en mi restaurante de inglewood, teniamos q avisarle a alguien?",
            "city": "inglewood",
        },
    )
    with languages.using("es"):
        slots, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert slots["city"] == "victorville"
    assert "Victorville Municipal Code" in text and "Inglewood FOG Ordinance" not in text
    assert "nivel 2" not in text  # not the restaurant tiers the words "otro restaurante" alone match


def test_a_what_if_with_another_frequency_is_computed_with_it_not_the_permit_s(engine):
    topic = "when is my next intercepter pump due. last pumped oct 20. victorville our permit says 60 days"
    for said, language in (("ok and if they change it to 120", "en"), ("y si lo cambian a 120?", "es")):
        tracker = make_tracker(
            text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"}
        )
        with languages.using(language):
            _, messages = _run(ActionAnswerQuestion(), tracker)
        text = messages[0]["text"]
        assert "February 17, 2027" in text or "17 de febrero de 2027" in text  # October 20 + 120 days
        assert "December 19" not in text and "19 de diciembre" not in text  # not the 60 days again


def test_the_last_service_said_after_the_permit_s_frequency_gives_the_due_date_and_a_bare_every_30_another(
    engine,
):
    topic = "nuestro permit dice 60 dias"
    for said, due in (
        ("la ultima fue el 2 de octubre", "1 de diciembre de 2026"),  # October 2 + 60 days
        ("y si fuera cada 30?", "1 de noviembre de 2026"),  # + 30 days, with the last service said before
    ):
        tracker = make_tracker(
            text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"}
        )
        with languages.using("es"):
            slots, messages = _run(ActionAnswerQuestion(), tracker)
        assert due in messages[0]["text"], said
        topic = slots[TOPIC_SLOT]


def test_a_short_follow_up_is_read_with_the_conversation_s_subject(engine):
    topic = (
        "administro un complejo de 24 departamentos en Victorville y en el área de la basura ya no caben "
        "más botes. ¿Existe algún permiso o excepción por falta de espacio?"
    )
    for said, answered in (
        ("¿Y por cuánto tiempo vale?", "exención por falta de espacio físico"),  # not the de minimis one
        ("¿Qué tengo que mandar?", "arquitecto con licencia"),
    ):
        tracker = make_tracker(
            text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"}
        )
        with languages.using("es"):
            _, messages = _run(ActionAnswerQuestion(), tracker)
        assert answered in messages[0]["text"] and "de minimis" not in messages[0]["text"], said


def test_a_long_follow_up_no_card_answers_alone_is_read_with_the_conversation_s_subject(engine):
    topic = (
        "last saturday our grease trap backed up into the alley, we cleaned it up. do i still need to report?"
    )
    said = "ok and what do they want me to put in it, like how detailed does it need to be for them"
    tracker = make_tracker(text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"})
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "prevent it from recurring" in messages[0]["text"]  # the written notice's contents, not a decline


def test_a_what_if_that_adds_a_drive_thru_replaces_the_topic_s_no_drive_thru(engine):
    slots = {TOPIC_SLOT: "how much is the annual fee? we have 30 seats, no drive thru", "city": "inglewood"}
    said = "and if we add a drive thru next year?"
    slots, messages = _run(
        ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots)
    )
    assert messages[0]["text"].startswith("Your annual fee is $413")
    assert "no drive thru" not in slots[TOPIC_SLOT] and "30 seats" in slots[TOPIC_SLOT]


def test_a_what_if_with_a_bare_number_supposes_it_in_the_unit_the_topic_gave(engine):
    tracker = make_tracker(
        text="y si fueran 12?",
        intent="ask_question",
        slots={
            TOPIC_SLOT: "tengo 1 yarda cubica de basura por semana y unos 6 galones de organicos, califico?",
            "city": "victorville",
        },
    )
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "no califica" in messages[0]["text"] and "12 galones" in messages[0]["text"]


@pytest.mark.parametrize(
    ("asked", "language", "topic", "total"),
    [
        (
            "¿Cuánto tendremos que pagar entonces?",
            "es",
            "a restaurant with 58 seats and no drive-thru, annual permit fee",
            None,
        ),
        (
            "¿Cuánto tendremos que pagar entonces?",
            "es",
            "a restaurant with 58 seats and no drive-thru, applying for the permit",
            "$753",
        ),
        (
            "So what am I going to pay?",
            "en",
            "a restaurant with 58 seats and no drive-thru, applying for the permit",
            "$753",
        ),  # w47-c008
    ],
)
def test_how_much_after_an_application_is_filed_is_worked_out_from_its_answers(
    engine, asked, language, topic, total
):
    tracker = make_tracker(text=asked, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "inglewood"})
    with languages.using(language):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "$413" in messages[0]["text"]  # the large establishment's fee
    assert total is None or total in messages[0]["text"]  # applying: with the $340 initial fee


def test_an_amount_asked_after_a_spill_is_not_answered_with_the_spill_s_deadline(engine):
    tracker = make_tracker(
        text="how much is the fine for that?",
        intent="ask_question",
        slots={TOPIC_SLOT: "a sewage spill on November 30, 2026", "city": "victorville"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "is due by" not in messages[0]["text"] and "written confirmation" not in messages[0]["text"]


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
    assert is_follow_up("¿Y a partir de cuándo pueden empezar a revocarnos el permiso si no pagamos?")
    assert is_follow_up("y si de plano no lo pago cuando me pueden empezar a quitar el permiso?")  # 14 words
    assert not is_follow_up("how often do we have to pump the grease interceptor in victorville?")
    assert not is_follow_up(
        "and another thing, our landlord says the interceptor out back is ours to pump and he will not pay"
        " for any of it, is that right under the city rules or does he have to?"
    )
    assert changes_a_fact("what if its 6 gallons instead?") and not changes_a_fact("how long is it good for")


def test_a_bare_fact_that_leaves_the_rule_short_of_a_value_asks_for_it_in_one_question(engine):
    topic = "how often do we have to pump the grease interceptor? victorville"
    slots, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="our permit says 120", intent="inform", slots={TOPIC_SLOT: topic, "city": "victorville"}
        ),
    )
    assert [message.get("text") for message in messages] == [
        "With that frequency, service is due every 120 days (Victorville Municipal Code § "
        "10.03.160(b)). What date was it last pumped or serviced? I'll work out when the next service is due."
    ]
    assert slots[TOPIC_SLOT].endswith("our permit says 120")  # kept: the date comes next


def test_a_question_that_gives_the_topic_s_missing_value_is_computed_with_it(engine):
    topic = "small coffee shop in victorville, we do like 1 yd of trash a wk. do we need the organics bins?"
    slots, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="food waste is maybe 12 gal a week, can we get out of it?",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert messages[0]["text"].startswith("No, you don't qualify for a de minimis waiver.")
    assert "12 gal" in slots[TOPIC_SLOT]


def test_a_new_question_with_its_own_numbers_is_not_mixed_with_the_topic(engine):
    topic = "interceptor got pumped nov 3, when is the next one due? victorville"
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="what's the fee on a 2nd notice of violation in inglewood?",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert "$250" in messages[0]["text"] and "February 1, 2027" not in messages[0]["text"]


def test_asked_the_city_once_and_not_told_a_texter_gets_both_cities_answers_labelled(engine):
    question = "how long do i have to keep the pumping receipts?"
    first_slots, first = _run(
        ActionAnswerQuestion(), make_tracker(text=question, intent="ask_question", channel="sms")
    )
    assert "Which city" in first[0]["text"] or "which city" in first[0]["text"].lower()
    _, second = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="and how long is the fog permit good for?",
            intent="ask_question",
            channel="sms",
            slots={"pending_question": first_slots["pending_question"]},
        ),
    )
    reply = second[0]["text"]
    assert ("In Victorville" in reply or "In Inglewood" in reply) and "have different rules" not in reply


def test_a_texter_who_moved_on_without_naming_the_city_is_not_asked_it_again(engine):
    # asked once, two turns back, and never told: the next question whose rules differ gets both cities
    first_slots, first = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="how long do i have to keep the pumping receipts?", intent="ask_question", channel="sms"
        ),
    )
    assert "which city" in first[0]["text"].lower() and first_slots.get("city_asked") is True
    _, later = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="and how long is the fog permit good for?",
            intent="ask_question",
            channel="sms",
            slots={"city_asked": True},
        ),
    )
    reply = later[0]["text"]
    assert ("In Victorville" in reply or "In Inglewood" in reply) and "have different rules" not in reply


def test_a_question_in_a_form_that_names_no_subject_is_answered_about_the_forms_subject(engine):
    tracker = make_tracker(
        text="do i need to send a letter too",
        intent="ask_question",
        slots={"city": "victorville", "requested_slot": "restaurant_involved"},
        active_loop="spill_form",
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert "written notice" in text and "5 working days" in text and "10.03.280(b)" in text
    alone = make_tracker(
        text="do i need to send a letter too", intent="ask_question", slots={"city": "victorville"}
    )
    _, messages = _run(ActionAnswerQuestion(), alone)
    assert (
        "doesn't say anything about that" in messages[0]["text"]
    )  # with no form, there is no subject to read it against


def test_how_long_a_waiver_lasts_asked_mid_request_is_the_rule_not_the_amounts_worked_out_again(engine):
    tracker = make_tracker(
        text="y cuanto dura ese waiver?",
        intent="ask_question",
        slots={
            "city": "victorville",
            "requested_slot": "services_requested",
            "total_service_yd3": {"amount": 1, "unit": "yd3", "per": "week"},
            "organics_gal": {"amount": 6, "unit": "gal", "per": "week"},
        },
        active_loop="deminimis_form",
    )
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    assert messages[0]["text"].startswith(
        "Una exención de minimis (de minimis waiver) dura como máximo 5 años"
    )


@pytest.mark.parametrize(
    ("said", "opens"),
    [
        (
            "y eso por cuanto tiempo vale?",
            "Una exención de minimis (de minimis waiver) dura como máximo 5 años",
        ),
        (
            "y cuanto tiempo dura el waiver?",
            "Una exención de minimis (de minimis waiver) dura como máximo 5 años",
        ),
    ],
)
def test_how_long_asked_after_an_eligibility_worked_out_is_the_rule_not_the_eligibility_again(
    engine, said, opens
):
    topic = (
        "restaurante en victorville, 1 yarda cubica de basura por semana y 6 galones de organicos, califico?"
    )
    tracker = make_tracker(text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"})
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    assert messages[0]["text"].startswith(opens)


@pytest.mark.parametrize(
    ("language", "said", "wanted"),
    [
        ("en", "and what if the inspector finds it over 25% before that?", "25%"),
        ("es", "y si el inspector ve q ya tiene mas del 25% de grasa antes de eso?", "25%"),
    ],
)
def test_a_supposed_fact_that_moves_no_worked_out_value_gets_the_rule_not_the_date_again(
    engine, language, said, wanted
):
    topic = "inglewood interceptor, our permit says 90 days, last pumped october 15"
    tracker = make_tracker(text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "inglewood"})
    with languages.using(language):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert wanted in text.split("(")[0]
    assert "2027" not in text  # not the next service's due date said again


@pytest.mark.parametrize(
    ("language", "said"),
    [("es", "¿Qué tengo que mandar?"), ("en", "what do we have to submit?")],
)
def test_what_to_send_naming_nothing_is_asked_of_the_topic(engine, language, said):
    topic = "apartment complex in victorville, no room for the green carts, is there a waiver? how long"
    tracker = make_tracker(text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"})
    with languages.using(language):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert "6.37.050" in text  # the waiver's section, not a manifest's or the edible-food records'
    assert "10.03.170" not in text and "6.37.060" not in text


@pytest.mark.parametrize(
    ("topic", "said", "wanted", "not_wanted"),
    [
        (
            "we had a sewer backup in our kitchen a couple weeks ago, was i supposed to report that? "
            "victorville",
            "it was wednesday nov 18. so when was the written part due",
            "November 25, 2026",  # five working days after November 18
            "November 24",  # after "a couple weeks ago" (November 17)
        ),
        (
            "small office in victorville, 1.5 cubic yards of trash a week, food waste is maybe 8 gallons a "
            "week",
            "Actually I just checked with the staff, it's more like 12 gallons a week. Does that change "
            "anything?",
            "12 gallons",
            "8 gallons is",
        ),
    ],
)
def test_a_value_said_again_replaces_the_one_the_topic_gave(engine, topic, said, wanted, not_wanted):
    tracker = make_tracker(text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"})
    _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert wanted in text and not_wanted not in text


def test_what_to_send_after_an_unreported_spill_is_the_written_notice_s_contents(engine):
    topic = (
        "couple weeks ago we had grease back up out of the floor drain into the kitchen, we cleaned it "
        "ourselves and never called anyone. do i still need to report it? victorville"
    )
    slots = {TOPIC_SLOT: topic, "city": "victorville", "answer_card": "vvf-spill-not-reported"}
    tracker = make_tracker(text="what do i need to send?", intent="ask_question", slots=slots)
    _, messages = _run(ActionAnswerQuestion(), tracker)
    first = messages[0]["text"].split("(Victorville")[0]
    assert "date of the incident" in first and "prevent" in first


def test_the_topic_asked_for_the_other_city_in_the_middle_of_a_form_is_answered_there(engine):
    from actions.knowledge import answer_in_form

    tracker = make_tracker(
        text="And in Inglewood? We might open a second location there.",
        intent="inform_city",
        slots={TOPIC_SLOT: "Once it's issued, how long is the permit good for?", "city": "victorville"},
        active_loop="permit_form",
    )
    reply, _ = answer_in_form(tracker, tracker.latest_message["text"])
    assert "Inglewood FOG Ordinance" in reply.text and "Victorville Municipal Code" not in reply.text


def test_the_topic_asked_for_the_other_city_with_that_place_s_own_values_works_them_out(engine):
    topic = "Me llegó una factura de Victorville por la cuota del permiso. ¿Y si no lo pago a tiempo?"
    said = (
        "¿Y en Inglewood? Tengo otro restaurante allá y me llegó una factura parecida, de ciento cincuenta "
        "dólares por reinspección, con fecha del 15 de octubre."
    )
    tracker = make_tracker(text=said, intent="ask_question", slots={TOPIC_SLOT: topic, "city": "victorville"})
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert "$150" in text and "$15 " in text and "Inglewood FOG Ordinance, Enforcement (14)" in text


def test_whether_to_keep_a_paper_in_a_spill_conversation_gets_how_long_records_are_kept(engine):
    topic = (
        "we had a backup last friday, dirty water came up out of the floor drain in the kitchen. inglewood. "
        "ok what goes in the written thing and who do i send it to"
    )
    tracker = make_tracker(
        text="do i keep the plumbers receipt?",
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "inglewood"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "4 years" in messages[0]["text"].split("(")[0]


def test_a_follow_up_asking_a_date_is_computed_from_the_topics_facts(engine):
    topic = "Our grease interceptor was last pumped November 28, 2026; when is the next one due?"
    tracker = make_tracker(
        text="n the manifest, when does the city need it by",
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "victorville"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "December 1, 2026" in messages[0]["text"]  # the manifest: 72 hours after the service


def test_a_date_asked_in_the_middle_of_a_spill_report_is_computed_from_the_spill(engine):
    tracker = make_tracker(
        text="y tengo q mandar algo x escrito despues? para cuando?",
        intent="ask_question",
        slots={
            "city": "inglewood",
            "started_at": "2026-11-29T09:40-08:00",
            "requested_slot": "reporter_name",
        },
        active_loop="spill_form",
    )
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "4 de diciembre de 2026" in messages[0]["text"]  # five working days after Sunday, November 29


def test_a_request_for_the_waiver_starts_the_one_the_conversation_was_about(engine):
    topic = "1.5 cubic yards of trash a week and 12 gallons of organics, could we get a de minimis waiver?"
    events, messages = run_raw(
        ActionAnswerQuestion(),
        make_tracker(
            text="Great, then I'd like to apply for the waiver.",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert messages == [] and events == [{"event": "followup", "name": "deminimis_form", "timestamp": None}]
    with languages.using("es"):
        events, _ = run_raw(
            ActionAnswerQuestion(),
            make_tracker(
                text="va, quiero aplicar pal waiver",
                intent="ask_question",
                slots={TOPIC_SLOT: "no tenemos espacio pa otro bote en el enclosure", "city": "victorville"},
            ),
        )
    assert [event.get("name") for event in events] == ["space_waiver_form"]


def test_a_request_to_apply_that_names_nothing_starts_the_flow_the_conversation_is_about(engine):
    with languages.using("es"):
        events, messages = run_raw(
            ActionAnswerQuestion(),
            make_tracker(
                text="ok, quiero solicitarlo",
                intent="nlu_fallback",
                slots={TOPIC_SLOT: "1 yarda cubica por semana, ¿califico para el waiver de minimis?"},
            ),
        )
    assert messages == [] and [event.get("name") for event in events] == ["deminimis_form"]
    events, _ = run_raw(
        ActionAnswerQuestion(),
        make_tracker(
            text="Perfect, I want to start the application now.",
            intent="nlu_fallback",
            slots={TOPIC_SLOT: "what steps for the FOG permit and what documents", "city": "inglewood"},
        ),
    )
    assert [event.get("name") for event in events] == ["permit_form"]
    events, _ = run_raw(
        ActionAnswerQuestion(),
        make_tracker(
            text="ok i want to request the waiver",
            intent="ask_question",
            slots={TOPIC_SLOT: "no room for the interceptor, any way around it?", "city": "inglewood"},
        ),
    )
    assert [event.get("name") for event in events] == ["variance_form"]  # Inglewood's only waiver


def test_a_request_to_apply_after_a_topic_that_names_no_waiver_starts_the_one_the_conversation_is_about(
    engine,
):
    tracker = make_tracker(
        text="ok, quiero solicitarlo",
        intent="nlu_fallback",
        slots={TOPIC_SLOT: "ok no, son 5. ¿y cuánto tiempo dura el waiver?", "city": "victorville"},
    )
    earlier = [
        "Me dijeron que hay un waiver para no tener los botes de orgánicos si casi no tiramos. La basura es "
        "como 1 yarda cúbica por semana",
        "de orgánicos serán unos 5 galones por semana",
    ]
    tracker.events[:0] = [{"event": "user", "text": said} for said in earlier]
    with languages.using("es"):
        events, messages = run_raw(ActionAnswerQuestion(), tracker)
    assert messages == [] and [event.get("name") for event in events] == ["deminimis_form"]


def test_a_request_to_apply_after_the_topic_moved_on_starts_the_permit_the_conversation_is_on(engine):
    """w52-c024: a shared kitchen's permit asked about, then a move to Victorville supposed: "ok I want to
    apply
    for the Inglewood one now" starts the permit application, not a decline."""
    tracker = make_tracker(
        text="ok I want to apply for the Inglewood one now",
        intent="ask_question",
        slots={TOPIC_SLOT: "and if we move to their Victorville location?", "city": "inglewood"},
    )
    earlier = "I rent time in a shared kitchen in Inglewood. Do I need my own FOG permit?"
    tracker.events[:0] = [{"event": "user", "text": earlier}]
    events, messages = run_raw(ActionAnswerQuestion(), tracker)
    assert messages == [] and [event.get("name") for event in events] == ["permit_form"]


def test_a_request_to_apply_for_nothing_named_or_talked_about_asks_which():
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text="i want to apply", intent="nlu_fallback"))
    assert messages[0]["text"].startswith("Which one? A FOG permit application")


def test_a_request_for_a_waiver_with_no_waiver_talked_about_asks_which():
    _, messages = _run(
        ActionAnswerQuestion(), make_tracker(text="i want to request a waiver", intent="ask_question")
    )
    assert messages[0]["text"].startswith("Which one? Victorville's de minimis waiver")


def test_a_request_for_the_waiver_while_a_form_is_open_starts_no_other_form(engine):
    events, messages = run_raw(
        ActionAnswerQuestion(),
        make_tracker(
            text="i want to request a waiver",
            intent="ask_question",
            slots={TOPIC_SLOT: "do we qualify for the de minimis waiver?", "city": "victorville"},
            active_loop="space_waiver_form",
        ),
    )
    assert all(event.get("event") != "followup" for event in events) and messages


def test_a_permit_frequency_given_without_a_date_says_what_it_means_and_asks_the_date(engine):
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="Our Inglewood permit says 90 days.",
            intent="inform",
            slots={TOPIC_SLOT: "how long do we keep pumping records and how often do we pump?"},
        ),
    )
    text = messages[0]["text"]
    assert text.startswith("With that frequency, service is due every 90 days")
    assert "What date was it last pumped or serviced?" in text


def _asked(text: str, topic: str, city: str, card: str | None = None) -> str:
    """The reply to a question asked with the conversation's topic and city (and the card the last answer
    came from)."""
    slots = {TOPIC_SLOT: topic, "city": city, **({"answer_card": card} if card else {})}
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=text, intent="ask_question", slots=slots))
    return " ".join(message.get("text") or "" for message in messages)


def test_after_a_spill_report_the_written_notice_is_due_by_the_spills_day(engine):
    """The spill just reported is the topic: "do I have to send something in writing?" gets its due date
    (five working days after the spill), in English and in Spanish; a question without a clock gets none."""
    topic = "a sewage spill on December 1, 2026"  # what the spill report leaves as the topic
    asked = [
        ("en", "do i have to send something in writing after?", "December 8, 2026"),
        ("es", "y tengo q mandar algo mas por escrito?", "8 de diciembre de 2026"),
    ]
    for language, text, due in asked:
        with languages.using(language):
            reply = _asked(text, topic, "inglewood")
        assert due in reply, reply
        assert "Monitoring and Notification (3)(a)" in reply
    assert "December 8" not in _asked("how big does a grease interceptor have to be?", topic, "inglewood")


def test_what_else_after_a_spill_report_is_the_written_confirmation_not_whom_to_call(engine):
    """The topic a filed spill report leaves says it was reported: "ok what else do i gotta do now" is the
    written confirmation due by the spill's day, in both cities and in Spanish, not the phone number again."""
    topic = f"a sewage spill on December 1, 2026, {actions.spill.REPORTED}"  # what the filed report leaves
    asked = [
        ("en", "ok what else do i gotta do now", "victorville", "10.03.280(b)", "December 8, 2026"),
        (
            "en",
            "ok what else do i gotta do now",
            "inglewood",
            "Monitoring and Notification (3)(a)",
            "December 8, 2026",
        ),
        (
            "es",
            "y ahora que mas tengo q hacer",
            "inglewood",
            "Monitoring and Notification (3)(a)",
            "8 de diciembre",
        ),
    ]
    for language, text, city, section, due in asked:
        with languages.using(language):
            reply = _asked(text, topic, city)
        assert section in reply and due in reply, reply
        assert "written" in reply or "escrito" in reply, reply


def test_a_short_question_on_the_subject_is_answered_from_its_chapter_not_the_other(engine):
    """ "What's the most they can fine us for that?" alone matches the organics chapter's fines best; after an
    administrative complaint over grease monitoring reports it is the complaint's penalty amounts."""
    topic = (
        "We were served an administrative complaint by certified mail from the City of Victorville on"
        " November 20 for not turning in monitoring reports. When will the hearing happen?"
    )
    after = _asked("What's the most they can fine us for that?", topic, "victorville")
    assert "$2,000" in after and "10.03.360(d)" in after and "6.37" not in after, after
    alone = _asked("What's the most they can fine us for that?", "", "victorville")
    assert "6.37" in alone, alone


def test_a_why_asked_on_an_organics_subject_gets_the_organics_chapter_s_purpose(engine):
    """ "honestly why is the city even doing all this?" alone matches the grease chapter's purpose best; asked
    about an apartment building's containers it is the organics chapter's (landfills, methane)."""
    topic = "What if it were only a 4-unit building?"  # after the 24-unit complex's containers
    after = _asked("honestly why is the city even doing all this?", topic, "victorville")
    assert "6.37.010" in after and "10.03.010" not in after, after
    alone = _asked("honestly why is the city even doing all this?", "", "victorville")
    assert "10.03.010" in alone, alone


def _asked_mid_form(text: str, form: str, city: str, **answers: object) -> str:
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(text=text, intent="ask_question", slots={"city": city, **answers}, active_loop=form),
    )
    return " ".join(message.get("text") or "" for message in messages)


def test_a_mid_form_question_without_a_subject_of_its_own_is_read_about_the_form(engine):
    """Asking for Inglewood's interceptor variance, "¿Qué tengo que mandar o demostrar?" is about the
    variance (the application and its burden), not the clean-up charge's reduction, which alone it matches
    best; a question with its own subject keeps it ("how much is the annual fee?" in the application)."""
    with languages.using("es"):
        reply = _asked_mid_form("Que tengo que mandar o demostrar?", "variance_form", "inglewood")
    assert "variación" in reply and "cargo por limpieza" not in reply, reply
    reply = _asked_mid_form("how much is the annual fee?", "permit_form", "inglewood")
    assert "$267" in reply and "$413" in reply, reply


def test_a_short_question_is_answered_on_the_conversation_s_subject(engine):
    """ "What records do we have to keep?" alone matches a self-hauler's records best; after the tier-two
    question it is about the food recovery records, which match it nearly as well."""
    topic = "Is my restaurant in Victorville a tier two edible food generator? We have 200 seats."
    after = _asked("What records do we have to keep?", topic, "victorville")
    assert "food recovery" in after and "6.37.060" in after, after
    alone = _asked("What records do we have to keep?", "", "victorville")
    assert "self-haul" in alone, alone
    # the card the last answer came from is the subject, whatever card the topic's own words match best (a
    # school's words match who is covered; the tier card answered)
    school = "I'm the food services director for a school district. Do the edible food rules apply to us?"
    reply = _asked("What records do we have to keep?", school, "victorville", card="vvo-restaurant-tier-two")
    assert "food recovery" in reply and "6.37.060" in reply, reply
    # a term's meaning given on the way is no subject: after "who is the hearing officer", who pays to
    # reconnect a sewer cut off is the termination's costs (s32-c012)
    topic = "an emergency suspension order for my restaurant's sewer, when is the hearing"
    said = "and if they cut off the service, who pays to reconnect it?"
    reply = _asked(said, topic, "victorville", card="vvf-def-hearing-officer")
    assert "cutting off and reinstating" in reply and "hearing officer" not in reply.lower(), reply


def test_a_bare_number_after_an_answer_is_the_value_the_topic_s_rule_needs(engine):
    """ "52" after the yearly fee's two amounts is the seat count ($413, a large establishment); "60" after
    a next service worked out with no frequency set is the permit's frequency in days."""
    cases = [
        ("how much is the yearly grease fee in inglewood", "52", "inglewood", "$413"),
        ("when do i need to pump again? last pump was oct 20. victorville", "60", "victorville", "60-day"),
    ]
    for topic, said, city, expected in cases:
        _, messages = _run(
            ActionFollowUp(),
            make_tracker(text=said, intent="inform", slots={TOPIC_SLOT: topic, "city": city}),
        )
        reply = " ".join(message.get("text") or "" for message in messages)
        assert expected in reply, reply


def test_without_answer_cards_the_subject_and_the_form_s_reading_are_not_used(monkeypatch):
    """An index built without answer cards (the passages answer alone) still answers: no subject is read."""
    from types import SimpleNamespace

    from actions import knowledge, runtime

    monkeypatch.setattr(runtime, "index", lambda: SimpleNamespace(cards=None))
    assert not knowledge._reads_better_with("what do i send?", "what do i send (variance request)?", None)
    tracker = make_tracker(text="what records?", slots={TOPIC_SLOT: "is my restaurant tier two?"})
    assert knowledge._subject(tracker, "what records?", "victorville") is None


def test_a_mid_log_question_gets_its_clock_from_the_service_being_logged(engine):
    """Logging Monday's pump-out, "does the company send the manifest or do I?" gets the 72 hours' date
    from the service date given; the same question with no date given yet gets the rule alone."""
    logged = {"service_date": "2026-11-30", "device": "interceptor"}
    reply = _asked_mid_form(
        "does the pump company send the manifest or do i?", "service_form", "victorville", **logged
    )
    assert "December 3, 2026" in reply and "10.03.170(b)" in reply, reply
    reply = _asked_mid_form("does the pump company send the manifest or do i?", "service_form", "victorville")
    assert "December 3" not in reply and "10.03.170(b)" in reply, reply


def test_a_no_said_with_a_question_is_answered_on_the_topic_and_a_bare_no_gets_the_menu(engine):
    topic = "our kitchen drain backed up on november 16 and grease got into the parking lot. victorville"
    asked = "no we never told anyone, what do we do now?"
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(text=asked, intent="deny", slots={TOPIC_SLOT: topic, "city": "victorville"}),
    )
    reply = " ".join(message.get("text") or "" for message in messages)
    assert "Victorville Municipal Code" in reply and not any(m.get("response") for m in messages), reply
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(text="no", intent="deny", slots={TOPIC_SLOT: topic, "city": "victorville"}),
    )
    assert [m.get("response") for m in messages] == ["utter_what_next"]


def test_yes_to_the_flow_an_answer_offered_starts_it_and_a_yes_to_nothing_gets_the_menu(engine):
    tracker = make_tracker(text="yes", intent="affirm", slots={TOPIC_SLOT: "how do i get a fog permit?"})
    offered = 'You need a FOG permit. To start a FOG permit application here, reply "apply for a FOG permit".'
    tracker.events.insert(0, {"event": "bot", "text": offered, "timestamp": tracker.events[0]["timestamp"]})
    events, messages = run_raw(ActionFollowUp(), tracker)
    assert {"event": "followup", "name": "permit_form"} in [
        {"event": e.get("event"), "name": e.get("name")} for e in events
    ]
    assert not messages
    _, messages = _run(ActionFollowUp(), make_tracker(text="yes", intent="affirm"))
    assert [m.get("response") for m in messages] == ["utter_what_next"]


@pytest.mark.parametrize("said", ["yes lets do it", "ok sure lets start it now"])
def test_a_longer_yes_with_no_question_to_an_offered_waiver_starts_it(engine, said):
    """w54-c018: "yes lets do it" after how to apply for the de minimis waiver, which offered it."""
    tracker = make_tracker(text=said, intent="affirm", slots={TOPIC_SLOT: "de minimis waiver, 6 gallons"})
    offered = (
        'Submit an application. To apply for the de minimis waiver here, reply "apply for a de minimis '
        'waiver".'
    )
    tracker.events.insert(0, {"event": "bot", "text": offered, "timestamp": tracker.events[0]["timestamp"]})
    events, _ = run_raw(ActionFollowUp(), tracker)
    assert {"event": "followup", "name": "deminimis_form"} in [
        {"event": e.get("event"), "name": e.get("name")} for e in events
    ]


def test_an_applicant_s_details_after_the_application_was_offered_start_it(engine):
    said = "El nombre es Pupuseria La Ceiba, 3100 W Century Blvd, Inglewood. Telefono 310-555-0123."
    tracker = make_tracker(text=said, intent="inform", slots={TOPIC_SLOT: "que necesito para el permiso"})
    offered = 'You need a FOG permit. To start a FOG permit application here, reply "apply for a FOG permit".'
    tracker.events.insert(0, {"event": "bot", "text": offered, "timestamp": tracker.events[0]["timestamp"]})
    events, messages = run_raw(ActionFollowUp(), tracker)
    assert {"event": "followup", "name": "permit_form"} in [
        {"event": e.get("event"), "name": e.get("name")} for e in events
    ]
    assert not messages  # the form's first question follows, the details kept by its first reading


def test_a_day_said_alone_starts_the_clock_of_the_last_answer_and_a_count_names_the_nov(engine):
    """ "it was mailed nov 25" after "how do i appeal my NOV?" is the appeal's clock (15 days: December 10);
    "3" after "what's the fine for a notice of violation?" is the third one ($500)."""
    topic = "i think the inspector was wrong on my NOV, how do i appeal? inglewood"
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="it was mailed nov 25", intent="inform", slots={TOPIC_SLOT: topic, "city": "inglewood"}
        ),
    )
    assert "December 10, 2026" in " ".join(m.get("text") or "" for m in messages)
    # the topic began with the NOV's fee, worked out for the third: the day still starts the appeal's clock
    # when the last answer was how to appeal (w34-c020)
    topic = (
        "got a ticket from the inglewood grease inspector how much do i owe 3rd notice of violation can i "
        "fight it"
    )
    tracker = make_tracker(
        text="it was mailed 11/24",
        intent="inform",
        slots={TOPIC_SLOT: topic, "city": "inglewood", "answer_card": "ing-appeal-how"},
    )
    tracker.events[:0] = [
        {"event": "user", "text": "can i fight it", "parse_data": {}},
        {"event": "action", "name": "action_answer_question"},  # answered from the appeal's card
    ]
    _, messages = _run(ActionFollowUp(), tracker)
    assert "December 9, 2026" in " ".join(m.get("text") or "" for m in messages)
    topic = "whats the fine for a notice of violation in inglewood"
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(text="3", intent="inform", slots={TOPIC_SLOT: topic, "city": "inglewood"}),
    )
    assert (messages[0].get("text") or "").startswith("$500.")


def test_a_short_question_that_refers_back_and_answers_nothing_alone_is_read_with_the_topic(engine):
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="ok how do i apply for the victorville one",
            intent="ask_question",
            slots={TOPIC_SLOT: "3 yards a week, can we get the de minimis waiver? what if its 25 gallons"},
        ),
    )
    text = messages[0]["text"]
    assert "doesn't say anything" not in text and "6.37.050" in text
    assert "25 gallons" not in text  # how to apply, not the what-if's numbers computed again


def test_a_short_question_that_adds_to_the_matter_is_read_with_the_topic(engine):
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="do i need to send a letter too",
            intent="ask_question",
            slots={TOPIC_SLOT: "grease is overflowing from the manhole behind our restaurant in inglewood"},
        ),
    )
    assert "doesn't say anything" not in messages[0]["text"] and "writing" in messages[0]["text"]


def test_a_request_for_the_waiver_after_a_permit_offer_is_not_the_permit(engine):
    tracker = make_tracker(text="i want to request the waiver", intent="ask_question")
    tracker.events.append(
        {"event": "bot", "text": 'To start a FOG permit application here, reply "apply for a FOG permit".'}
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert messages[0]["text"].startswith("Which one? Victorville's de minimis waiver")


def test_the_trap_said_to_be_the_big_one_in_the_ground_gets_the_interceptor_s_rule(engine):
    topic = "how often do i need to get the grease trap cleaned out"
    slots, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="its the big one in the ground outside",
            intent="inform",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert "90 days" in messages[0]["text"] and "every 30 days" not in messages[0]["text"]
    assert slots[TOPIC_SLOT] == "how often do i need to get the interceptor cleaned out"
    asked, _ = _run(  # a question that says "outside" asks it; it tells nothing about the device
        ActionAnswerQuestion(),
        make_tracker(
            text="can the trap be outside?",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert "interceptor cleaned out" not in str(asked.get(TOPIC_SLOT))


def test_the_big_one_in_the_ground_said_of_one_city_after_both_gets_that_city_s_interceptor_rule(engine):
    topic = "how often does the grease trap need to get pumped? and in inglewood?"
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="its the big one in the ground outside btw. for the victorville place",
            intent="inform",
            slots={TOPIC_SLOT: topic, "city": "inglewood"},
        ),
    )
    assert "90 days" in messages[0]["text"] and "Victorville Municipal Code" in messages[0]["text"]


def test_another_city_s_rule_is_not_worked_out_with_this_location_s_permit_frequency(engine):
    slots, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="and in inglewood? we got a 2nd spot there",
            intent="ask_question",
            slots={
                TOPIC_SLOT: "how often do we pump the interceptor? permit says 60 days, last pumped 10/20",
                "city": "victorville",
            },
        ),
    )
    said = messages[0]["text"]
    assert "Inglewood FOG Ordinance" in said and "60-day" not in said
    assert slots["city"] == "inglewood"


def test_another_establishment_in_the_other_city_gets_that_city_s_rule_without_the_first_one_s_facts(engine):
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="and if it was at our other spot in inglewood?",
            intent="ask_question",
            slots={
                TOPIC_SLOT: "we had a grease backup last friday in the kitchen, cleaned it up already. do i "
                "still gotta tell the city something? victorville",
                "city": "victorville",
            },
        ),
    )
    said = messages[0]["text"]
    assert "(310) 412-5333" in said and "Inglewood FOG Ordinance" in said
    assert "Victorville Municipal Code" not in said and "In Victorville" not in said


def test_a_second_spot_s_pump_out_rule_is_not_worked_out_from_the_first_one_s_last_pump(engine):
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="and in inglewood? we got a 2nd spot there",
            intent="ask_question",
            slots={
                TOPIC_SLOT: "how often do we pump the interceptor? permit says 60 days, last pumped 10/20",
                "city": "victorville",
            },
        ),
    )
    said = messages[0]["text"]
    assert "6 months" in said or "six months" in said
    assert "October 20" not in said and "due by" not in said


@pytest.mark.parametrize(
    ("asked", "said", "language", "fee"),
    [
        ("wait how much is this gonna cost me in inglewood?", "38 seats no drive thru", "en", "$267"),
        (
            "Espere, ¿cuánto cuesta el permiso en Inglewood?",
            "40 asientos, no tenemos drive-thru",
            "es",
            "$267",
        ),
    ],
)
def test_an_answer_that_gives_the_side_question_s_missing_value_gets_it_worked_out(
    engine, asked, said, language, fee
):
    from actions.knowledge import computed_aside

    tracker = make_tracker(text=said, slots={"city": "inglewood"}, active_loop="permit_form")
    tracker.events.insert(
        0, {"event": "user", "text": asked, "timestamp": tracker.events[0]["timestamp"] - 5}
    )
    with languages.using(language):
        worked = computed_aside(tracker, said)
    assert worked is not None and fee in worked and "Inglewood FOG Ordinance, Fees" in worked
    # an answer after a question that needed nothing from it adds nothing
    tracker.events[0]["text"] = "how long is the permit good for?"
    with languages.using(language):
        assert computed_aside(tracker, said) is None


@pytest.mark.parametrize(
    ("asked", "first", "corrected", "language"),
    [
        (
            "how much will it cost?",
            "45 seats, no drive thru",
            "oops sorry, with the patio it's 55 seats",
            "en",
        ),
        (
            "y cuanto me va a salir?",
            "tenemos 45 sillas, no hay drive thru",
            "ay no perdon, son 55 sillas",
            "es",
        ),
    ],
)
def test_a_value_corrected_after_the_side_question_s_answer_gets_it_worked_out_again(
    engine, asked, first, corrected, language
):
    from actions.knowledge import computed_aside

    tracker = make_tracker(text=corrected, slots={"city": "inglewood"}, active_loop="permit_form")
    stamp = tracker.events[0]["timestamp"]
    tracker.events[0:0] = [
        {"event": "user", "text": asked, "timestamp": stamp - 10},
        {"event": "user", "text": first, "timestamp": stamp - 5},
    ]
    with languages.using(language):
        worked = computed_aside(tracker, corrected)
    assert (
        worked is not None and "$413" in worked and "55" in worked
    )  # the new count, with the drive-thru's no


def test_a_short_question_keeps_the_conversation_on_its_subject_for_the_next_one(engine):
    """After an administrative complaint, "Can we skip the hearing altogether?" is answered and the topic
    keeps the complaint; so "If the hearing officer rules against us, can we appeal?" two questions on is the
    administrative penalty's appeal, not a revoked permit's, which matches its words best."""
    topic = (
        "We were served an administrative complaint by certified mail from the City of Victorville on "
        "November 20 for not turning in monitoring reports. When will the hearing happen?"
    )
    slots, _ = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="Can we skip the hearing altogether?",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert slots[TOPIC_SLOT].startswith(topic) and slots[TOPIC_SLOT].endswith("altogether?")
    appeal = _asked(
        "If the hearing officer rules against us, can we appeal?", slots[TOPIC_SLOT], "victorville"
    )
    assert "10.03.360" in appeal and "10.03.320" not in appeal, appeal
    alone = _asked("If the hearing officer rules against us, can we appeal?", "", "victorville")
    assert "10.03.320" in alone, alone  # the revocation's appeal, without the conversation


@pytest.mark.parametrize(
    ("language", "said", "opens"),
    [
        ("en", "Which section should I show my district manager?", "That answer comes from "),
        ("en", "where does it say that?", "That answer comes from "),
        ("es", "¿en qué sección dice eso?", "Esa respuesta viene de "),
    ],
)
def test_where_it_says_is_the_sections_of_the_answer_just_given(engine, language, said, opens):
    tracker = make_tracker(
        text=said,
        intent="ask_question",
        slots={
            TOPIC_SLOT: "is my restaurant a tier two generator? 150 seats",
            "city": "victorville",
            "answer_card": "vvf-permit-transfer",
        },
    )
    with languages.using(language):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert text.startswith(opens) and "Victorville Municipal Code §§ 10.03.050(c)" in text


def test_a_short_question_that_asks_no_kind_of_fact_is_not_read_with_the_subject(engine):
    from actions.knowledge import _read_with_subject

    assert _read_with_subject("Why is Victorville even doing this?", "edible-food-tiers", "victorville") == (
        "Why is Victorville even doing this?"
    )
    with languages.using("es"):
        leaning = _read_with_subject("¿Y por cuánto tiempo vale?", "physical-space-waiver", "victorville")
    assert leaning.endswith("(physical space waiver)?")


def test_a_question_the_classifier_took_for_a_fact_is_answered_on_the_topic_not_with_the_menu(engine):
    """ "nomas dime cuanto cuesta y ya" after cancelling an application (the topic it leaves): what applying
    costs (the $340 initial fee, not the renewal's), never "what would you like to do?"; so too when it is
    classified as a question."""
    slots = {TOPIC_SLOT: "solicitud de permiso", "city": "inglewood"}
    for action, intent, said in (
        (ActionFollowUp(), "inform", "nomas dime cuanto cuesta y ya"),
        (ActionAnswerQuestion(), "ask_question", "nomas dime cuanto cuesta pa tenerlo listo"),
    ):
        tracker = make_tracker(text=said, intent=intent, slots=slots)
        with languages.using("es"):
            _, messages = _run(action, tracker)
        reply = " ".join(message.get("text") or "" for message in messages)
        assert "$340" in reply and "permiso" in reply and not any(m.get("response") for m in messages), reply
        assert "$340" in reply.split(". ")[0], reply  # the amount asked for first, then how to apply


def test_what_not_paying_brings_is_worked_out_from_the_invoice_the_conversation_gave(engine):
    """ "y si no lo pago este mes?" after an invoice's amount and date: the day not paying becomes cause for
    revocation, first; never the penalty card again without the invoice's days."""
    topic = (
        "me llego un bill de inglewood del fee anual del grease, $413, y todavia no lo pago. cuanto me van a "
        "cobrar de recargo? la fecha del invoice es 15 de septiembre"
    )
    slots = {TOPIC_SLOT: topic, "city": "inglewood", "answer_card": "ing-late-penalty-amount"}
    tracker = make_tracker(text="y si no lo pago este mes?", intent="ask_question", slots=slots)
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    reply = messages[0]["text"]
    assert reply.startswith("Noventa días después de la fecha de la factura es el 14 de diciembre de 2026"), (
        reply
    )
    assert "revocación" in reply


def test_a_no_that_gives_a_fact_for_the_topic_s_result_gets_the_result(engine):
    """ "no drive thru" after "48 seats" for Inglewood's yearly fee: the small establishment's $267 again,
    with its section, not the menu; a bare "no ok" there still gets what the assistant can do."""
    topic = "how much is the yearly grease fee for a restaurant in inglewood 48 seats"
    slots = {TOPIC_SLOT: topic, "city": "inglewood"}
    _, messages = _run(ActionFollowUp(), make_tracker(text="no drive thru", intent="deny", slots=slots))
    reply = " ".join(message.get("text") or "" for message in messages)
    assert "$267" in reply and "Fees (2)" in reply, reply
    _, messages = _run(ActionFollowUp(), make_tracker(text="no ok", intent="deny", slots=slots))
    assert [m.get("response") for m in messages] == ["utter_what_next"]


def test_a_cost_question_at_the_start_of_an_application_gets_what_applying_costs(engine):
    """ "how much is this going to cost us? about 60 seats, no drive-thru" before the Inglewood application
    has any answers: the $340 application fee with the first year's $413, not the yearly fee alone."""
    from actions.knowledge import answer_in_form

    asked = "Before I go on, how much is this going to cost us? We'll have about 60 seats, no drive-thru."
    tracker = make_tracker(
        text=asked, intent="ask_question", slots={"city": "inglewood"}, active_loop="permit_form"
    )
    reply, _ = answer_in_form(tracker, asked)
    assert "$340" in reply.text and "$413" in reply.text and "Fees (1)" in reply.text, reply.text


def test_a_cost_question_announced_mid_application_is_about_the_application(engine):
    """ "Quick question before we go on — what is this going to cost us?" with no seats given yet: what
    applying costs (the $340 initial fee and the annual fee), not a notice of violation's fee."""
    from actions.knowledge import answer_in_form

    asked = "Quick question before we go on — what is this going to cost us?"
    tracker = make_tracker(
        text=asked, intent="ask_question", slots={"city": "inglewood"}, active_loop="permit_form"
    )
    reply, _ = answer_in_form(tracker, asked)
    assert "$340" in reply.text and "notice of violation" not in reply.text.split(".")[0], reply.text


def test_a_date_said_with_that_s_what_my_permit_says_computes_with_the_permit_s_frequency(engine):
    """ "60" (read as the permit's 60 days), then "thats what my permit says. last pumped nov 2, when is the
    next one": the 60-day frequency, not the 90-day default the new message alone would give."""
    slots = {
        TOPIC_SLOT: "how often do i need to pump the grease trap victorville our permit says every 60 days",
        "city": "victorville",
    }
    said = "thats what my permit says. last pumped nov 2, when is the next one"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots))
    reply = " ".join(message.get("text") or "" for message in messages)
    assert "60-day" in reply and "January 1, 2027" in reply, reply


def test_the_permit_s_days_said_again_confirm_the_due_date_worked_out_with_them(engine):
    """ "si 60 dias dice el permiso" after "60" was read as the permit's frequency: the due date again (it
    changes nothing, but confirms it), not the rule's card."""
    topic = "cada cuanto tengo q bombear la trampa? la ultima vez fue el 15 de octubre victorville 60 days"
    slots = {TOPIC_SLOT: topic, "city": "victorville"}
    for intent in ("ask_question", "affirm"):
        tracker = make_tracker(text="si 60 dias dice el permiso", intent=intent, slots=slots)
        with languages.using("es"):
            _, messages = _run(ActionFollowUp() if intent == "affirm" else ActionAnswerQuestion(), tracker)
        assert (
            messages[0]["text"].startswith("El próximo servicio") and "14 de diciembre" in messages[0]["text"]
        )


def test_a_long_what_if_in_a_waiver_request_leans_on_the_waiver(engine):
    """ "And if we double our staff next year and the food waste goes up?" in the de minimis request: the
    waiver's rule when organics go over (notify within 15 days), not kitchen food-waste practice."""
    from actions.knowledge import answer_in_form

    asked = "And if we double our staff next year and the food waste goes up?"
    tracker = make_tracker(
        text=asked, intent="ask_question", slots={"city": "victorville"}, active_loop="deminimis_form"
    )
    reply, _ = answer_in_form(tracker, asked)
    assert "15 days" in reply.text and "6.37.050" in reply.text, reply.text


@pytest.mark.parametrize("intent", ["inform", "ask_question"])
def test_seats_said_after_a_late_invoice_work_out_the_yearly_fee_not_the_late_fee_again(engine, intent):
    """ "wait we only got 40 seats no drive thru, shouldnt it be less" after a late $413 Inglewood invoice:
    the yearly fee for 40 seats ($267), the rule the new message names, not the invoice's late fee again."""
    topic = (
        "inglewood sent us the yearly grease inspection fee bill, $413, not paid yet, invoice date sept 15"
    )
    action = ActionFollowUp() if intent == "inform" else ActionAnswerQuestion()
    _, messages = _run(
        action,
        make_tracker(
            text="wait we only got 40 seats no drive thru, shouldnt it be less",
            intent=intent,
            slots={TOPIC_SLOT: topic, "city": "inglewood"},
        ),
    )
    text = " ".join(message.get("text") or "" for message in messages)
    assert "$267" in text and "40 seats" in text, text


@pytest.mark.parametrize(
    ("topic", "opens"),
    [
        # just after the permit application is filed: the permit's term, not a waiver's
        ("permit application Victorville", "A FOG permit is issued for a one-year period"),
        # after a de minimis eligibility worked out: the waiver's term, not the eligibility again
        (
            "do i qualify for the small amount waiver? cafe, trash is 1 yd a wk and if its 6 gal",
            "A de minimis waiver lasts no more than 5 years",
        ),
    ],
)
def test_how_long_is_that_good_for_is_the_term_of_what_the_conversation_is_about(engine, topic, opens):
    tracker = make_tracker(
        text="how long is that good for",
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "victorville"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert messages[0]["text"].startswith(opens), messages[0]["text"]


def test_a_seven_word_follow_up_after_a_spill_report_leans_on_the_spill(engine):
    """ "how long i got for the written thing" after an Inglewood spill report: the written confirmation's
    day, not "the ordinance doesn't say" (no card answers the words alone)."""
    tracker = make_tracker(
        text="how long i got for the written thing",
        intent="ask_question",
        slots={TOPIC_SLOT: "a sewage spill on December 1, 2026, reported to the city", "city": "inglewood"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "December 8, 2026" in messages[0]["text"] and "Director" in messages[0]["text"]


def test_what_happens_next_after_the_permit_is_filed_is_the_permit_s_next_step(engine):
    tracker = make_tracker(
        text="What happens next?",
        intent="ask_question",
        slots={TOPIC_SLOT: "permit application Victorville", "city": "victorville"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert messages[0]["text"].startswith("After the city evaluates and accepts your information")


def test_a_what_if_with_another_amount_asked_as_a_question_is_worked_out_with_it(engine):
    """ "what if its the 413 one instead" after a $267 invoice's late fee: the $413 invoice's, never the
    $267 read first from the topic."""
    topic = (
        "bill from inglewood for the grease inspection fee, didnt pay it. late fee? invoice date oct 9 $267"
    )
    tracker = make_tracker(
        text="what if its the 413 one instead",
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "inglewood"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "$413 invoice" in messages[0]["text"] and "$267" not in messages[0]["text"]


@pytest.mark.parametrize("said", ["ok what now? do i have to send anything", "what now?", "y ahora que?"])
def test_what_now_just_after_a_filing_gets_what_its_confirmation_said_comes_next(engine, said):
    filed = (
        "Your application is filed. Your reference number is PA-183115. Download the application summary "
        "(the link works for 72 hours): http://localhost:8000/documents/abc It is filed as incomplete: the "
        "office still needs the assessor's parcel number. What happens next: the City evaluates it."
    )
    tracker = make_tracker(text=said, intent="ask_question", channel="sms", slots={TOPIC_SLOT: "permit"})
    tracker.events.insert(0, {"event": "bot", "text": filed})
    slots, messages = _run(ActionAnswerQuestion(), tracker)
    (text,) = [message["text"] for message in messages]
    assert text.startswith("About PA-183115: It is filed as incomplete") and "What happens next" in text
    assert "http" not in text and slots["more_text"] is None


def test_what_now_long_after_a_filing_is_answered_from_the_ordinances(engine):
    tracker = make_tracker(text="what now?", intent="ask_question", slots={TOPIC_SLOT: "permit"})
    filed = "Your reference number is PA-183115. What happens next: the City evaluates it."
    later = [{"event": "bot", "text": text} for text in ("Sure.", "Anything else?", "You're welcome.")]
    tracker.events[:0] = [{"event": "bot", "text": filed}, *later]  # three messages since the filing
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert messages and not any("PA-183115" in (message.get("text") or "") for message in messages)


def test_a_day_after_the_appeal_question_starts_the_appeal_s_clock_though_the_topic_began_with_the_fee(
    engine,
):
    first = "I got a notice of violation from Inglewood, the first one, how much is that gonna cost me"
    second = "okay but honestly I think the inspector got it wrong, can I fight it?"
    tracker = make_tracker(
        text="the letter, uh, it says it was mailed November nineteenth",
        intent="change_answer",
        channel="voice",
        slots={TOPIC_SLOT: f"{first} {second}", "city": "inglewood", "answer_card": "ing-appeal-how"},
    )
    tracker.events[:0] = [{"event": "user", "text": first}, {"event": "user", "text": second}]
    _, messages = _run(ActionFollowUp(), tracker)
    text = " ".join(message.get("text") or "" for message in messages)
    assert "December 4, 2026" in text and "Enforcement (13)" in text, text


def test_the_total_asked_after_a_late_invoice_is_the_amount_owed(engine):
    topic = (
        "inglewood sent us the yearly grease inspection fee bill, $413, we havent paid it yet lol "
        "invoice date sept 15"
    )
    said = _asked("so whats the total rn", topic, "inglewood")
    assert said.startswith("As of today you owe $") and "the $413 invoice plus" in said


def test_a_question_taken_for_a_fact_with_no_topic_is_answered_as_a_question(engine):
    tracker = make_tracker(
        text="Tengo restaurantes en Victorville y en Inglewood. ¿En Inglewood aplican las mismas reglas "
        "de contenedores y qué días pasan a recoger los orgánicos?",
        intent="inform",
    )
    with languages.using("es"):
        events, messages = run_raw(ActionFollowUp(), tracker)
    # answered here, once: no follow-up action for the policy to predict after (it predicted this one again,
    # in a loop until Rasa's circuit breaker)
    assert not [e for e in events if e.get("event") == "followup"]
    assert len(messages) == 1 and "no dice nada sobre los días de recolección" in messages[0]["text"]
    assert messages[0].get("response") != "utter_what_next"


def test_facts_a_rule_works_out_said_first_with_no_question_mark_get_the_result_not_the_menu(engine):
    tracker = make_tracker(
        text="victorville bbq joint. our fog permit says 60 day pumping. last pump was october 20. next one "
        "is due when. just making sure",
        intent="inform",
        channel="sms",
    )
    events, messages = run_raw(ActionFollowUp(), tracker)
    assert not [e for e in events if e.get("event") == "followup"]
    assert len(messages) == 1 and "December 19, 2026" in messages[0]["text"]


def test_a_longer_question_ending_on_it_is_read_with_the_conversation_s_subject(engine):
    topic = (
        "last saturday our grease trap backed up and dirty water went out the back door into the alley. we "
        "cleaned it up ourselves. do i still need to report it? victorville"
    )
    said = _asked("ok. do i need to keep any record of it?", topic, "victorville")
    assert "records of the spill" in said and "training" not in said.lower()


@pytest.mark.parametrize(
    "said",
    [
        "ah ok, y si me paso unos dias q pasa?",
        "pues yo no voy a gastar en eso si no se llena, q me pueden hacer?",
        "y si se llena antes de los 30 dias?",
    ],
)
def test_what_follows_from_the_rule_just_given_is_not_the_same_rule_again(engine, said):
    topic = "el permiso dice cada 60 dias, cuando toca el proximo bombeo del interceptor? victorville"
    tracker = make_tracker(
        text=said,
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "victorville", "answer_card": "vvf-next-pump-permit-frequency"},
    )
    with languages.using("es"):
        slots, messages = _run(ActionAnswerQuestion(), tracker)
    assert slots.get("answer_card") != "vvf-next-pump-permit-frequency"
    assert not messages[0]["text"].startswith("Siga la frecuencia de su permiso")


def test_the_late_penalty_asked_after_an_unpaid_invoice_is_worked_out(engine):
    topic = "inglewood billed us $150 for a reinspection, the bill is dated sept 1 and we havent paid"
    said = _asked("whats the late penalty on it", topic, "inglewood")
    assert "$15" in said and "the $150 invoice" in said


def test_an_amount_said_in_words_is_a_new_fact_for_the_topic():
    assert changes_a_fact("okay the cleanup part says, uh, three thousand two hundred dollars")
    assert not changes_a_fact("the victorville one")
    assert not changes_a_fact("ok thanks, that's all")


def test_a_follow_up_that_names_its_own_matter_is_not_bent_to_the_topic_s_subject(engine):
    # "how do i dispute it" after the annual fee asks how to appeal, which the fee's card does not say
    topic = "inglewood sent us the yearly grease inspection fee bill, $413, we havent paid it yet lol"
    tracker = make_tracker(
        text="how do i dispute it", intent="ask_question", slots={TOPIC_SLOT: topic, "city": "inglewood"}
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert "appeal" in text and "Enforcement (13)" in text, text
    assert "initial fee is waived" not in text


def test_the_other_place_s_question_drops_the_first_bill_s_amount_said_in_words(engine):
    topic = (
        "Me llegó una carta de la Ciudad de Victorville con un cobro de 'specialty FOG compliance charge' "
        "por trescientos cincuenta dólares, fechada el 5 de noviembre. ¿Para cuándo lo tengo que pagar?"
    )
    tracker = make_tracker(
        text=(
            "¿Y en Inglewood? Tengo otro restaurante allá y me llegó una factura parecida, de ciento "
            "cincuenta dólares por reinspección, con fecha del 15 de octubre."
        ),
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "victorville"},
    )
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "$350" not in messages[0]["text"] and "$385" not in messages[0]["text"]


def test_a_question_held_for_its_city_is_the_topic_its_day_starts_the_clock_of(engine):
    said = (
        "el sabado se tapo el drenaje de la cocina y salio agua con grasa por el piso y un poquito al "
        "parking, ya vino el plomero y lo destapo. tengo q hacer algo o ya?"
    )
    tracker = make_tracker(text=said, intent="ask_question", channel="sms")
    with languages.using("es"):
        slots, _ = _run(ActionAnswerQuestion(), tracker)
    assert slots.get("pending_question") == said  # the city is asked
    assert slots[TOPIC_SLOT] == said  # and the Saturday stays with the conversation


def test_a_question_of_the_topic_s_own_values_is_answered_with_them_all(engine):
    topic = (
        "got a certified letter from victorville mailed nov 12 saying theyre moving to revoke our fog permit "
        "cause we didnt pay fees. hearing is dec 15. what happens at the hearing"
    )
    tracker = make_tracker(
        text="is dec 15 even allowed?",
        intent="ask_question",
        slots={TOPIC_SLOT: topic, "city": "victorville"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert "December 15, 2026 falls within the window" in text
    assert "mailed on November 12, 2026" in text and "mailed on December 15" not in text


def test_how_fast_the_city_decides_a_revocation_is_answered_not_declined(engine):
    tracker = make_tracker(
        text="if they revoke how fast do they have to decide",
        intent="ask_question",
        slots={TOPIC_SLOT: "got a letter saying they want to revoke our fog permit", "city": "victorville"},
    )
    _, messages = _run(ActionAnswerQuestion(), tracker)
    assert "30 calendar days" in messages[0]["text"]


def test_a_question_about_one_city_compared_with_the_other_is_that_city_s_question(engine):
    said = "Does Inglewood make restaurants put food scraps in a brown bin like Victorville does?"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question"))
    text = " ".join(message.get("text") or "" for message in messages)
    # Inglewood's carts are in no ordinance here: declined, with its solid waste office; Victorville's is
    # not answered in its place
    assert "doesn't say" in text and "Inglewood" in text and "In Victorville" not in text


def test_another_place_serviced_the_same_day_keeps_the_topic_s_day():
    from actions.knowledge import _topic_for

    topic = (
        "pumped on November 23, 2026. our inglewood permit sets a quarterly frequency. when's the next one?"
    )
    same = _topic_for("our other store in victorville was pumped the same day, and that one?", topic)
    assert "November 23, 2026" in same and "inglewood" not in same.lower()
    other = _topic_for("our other store in victorville, when is that one due?", topic)
    assert "November 23" not in other  # another place's own day is not the first place's


def test_a_city_a_question_names_in_shorthand_is_kept_for_the_next_question(engine):
    """ "vv sent an admin complaint ..." names Victorville: "when is the hearing" next is Victorville's, not
    a question of which city."""
    slots, _ = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="vv sent an admin complaint says we blew our compliance schedule. how much can they fine",
            intent="ask_question",
        ),
    )
    assert slots.get("city") == "victorville"


@pytest.mark.parametrize(
    ("question", "previous", "read"),
    [
        ("n if we dont", "if they fine us when we gotta pay", "n if we dont pay?"),
        ("and what if we don't?", "do we have to appeal in writing", "and what if we don't appeal?"),
        ("y si no?", "cuando tengo que pagar la multa", "y si no pagar?"),
        ("n if we dont", "when is the hearing", "n if we dont"),  # nothing to do said before
        ("and if we don't pay?", "if they fine us when we gotta pay", "and if we don't pay?"),
    ],
)
def test_a_what_if_that_leaves_out_its_verb_takes_the_last_question_s(question, previous, read):
    """w34-c015: "n if we dont" after "if they fine us when we gotta pay" asks what if we don't pay (a
    lien)."""
    assert with_the_elided_verb(question, previous) == read


def test_the_card_last_answered_is_the_subject_only_when_the_last_turn_was_an_answer():
    """After a form's question or a cancel, the card an earlier answer came from is stale (w19-c014)."""
    tracker = make_tracker(text="so is my shop covered under his permit?", intent="ask_question")
    assert _answered_last(tracker)  # only the latest message: the card slot is all there is
    earlier = [
        {"event": "user", "text": "how much is the permit", "parse_data": {}},
        {"event": "action", "name": "action_answer_question"},
        {"event": "user", "text": "nvm cancel this", "parse_data": {}},
        {"event": "action", "name": "action_cancel_form"},
        {"event": "action", "name": "action_listen"},
    ]
    tracker.events[:0] = earlier
    assert not _answered_last(tracker)
    tracker.events[3:4] = [{"event": "action", "name": "action_follow_up"}]
    assert _answered_last(tracker)


def test_a_service_day_after_the_under_sink_trap_s_rule_starts_the_trap_s_clock(engine):
    topic = "we don't have the big tank, we have a little trap under the sink. how often do we clean it?"
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="last time was november 20, when is it due?",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    text = " ".join(message.get("text") or "" for message in messages)
    assert "December 20, 2026" in text and "10.03.160(g)(1)" in text, text  # 30 days, not 90
    assert "fees" not in text.lower()  # the service's answer, not the card of a fee's due day


def test_whom_to_send_it_after_what_the_notice_says_gets_that_card_again(engine):
    slots = {
        TOPIC_SLOT: "the floor drain backed up on november 17. what do i need to send?",
        ANSWER_CARD_SLOT: "vvf-spill-written-contents",
        "city": "victorville",
    }
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(text="Who do I send it to - the landlord?", intent="ask_question", slots=slots),
    )
    text = " ".join(message.get("text") or "" for message in messages)
    assert "FOG manager" in text and "10.03.280(b)" in text, text


def test_a_follow_up_on_the_city_s_cleanup_bill_about_writing_it_up_gets_the_spill_s_written_notice(engine):
    topic = (
        "last month we had a backup at our restaurant, grease came up out of the cleanout into the parking "
        "lot and the city came out and cleaned it up. Now I got a bill. Do I really have to pay that? "
        "Victorville"
    )
    said = "and do I have to, like, write something up about it now?"
    text = _asked_after_a_card(said, topic, "vvf-city-cleanup-costs", "victorville")
    # the overflow, its cleanup and its bill are one incident with the spill: its written confirmation
    assert "5 working days" in text and "10.03.280(b)" in text, text


def test_a_wait_after_an_invoice_s_late_fee_works_the_fee_out_for_that_day_alone(engine):
    topic = "got an inglewood fog invoice for $267 dated october 10, not paid yet. how much do i owe?"
    text = _asked_after_a_card(
        "and if i wait 2 more weeks?", topic, "ing-late-penalty-amount", "inglewood", "sms"
    )
    assert text.startswith("Paid on ") and "you owe $293.70" in text, text  # two weeks from the message
    assert "pump" not in text.lower()  # not the card a bare "wait" came nearest to


def test_going_over_after_the_25_percent_rule_is_serviced_at_once_not_a_misdemeanor(engine):
    topic = "how full can the interceptor get before we pump it? victorville"
    text = _asked_after_a_card("and if we go over?", topic, "vvf-25-percent-rule", "victorville")
    assert "misdemeanor" not in text and "immediately" in text, text


def test_a_question_in_the_other_city_starts_a_topic_of_its_own(engine):
    topic = "inglewood fog invoice for $267 dated october 10, not paid. how much do i owe?"
    slots, _ = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="how often do we pump the big interceptor in victorville?",
            intent="ask_question",
            slots={TOPIC_SLOT: topic, "city": "inglewood"},
        ),
    )
    # the invoice's facts no longer ride along ("our permit says 60 days" next is the pumping's)
    assert "invoice" not in slots[TOPIC_SLOT] and "victorville" in slots[TOPIC_SLOT]
    slots, _ = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="and in victorville?", intent="ask_question", slots={TOPIC_SLOT: topic, "city": "inglewood"}
        ),
    )
    assert "invoice" in slots.get(TOPIC_SLOT, topic)  # the topic asked there keeps its facts


def test_by_when_after_a_fee_worked_out_is_the_card_s_answer_with_the_amount_behind_it(engine):
    topic = "letter w the red stamp from inglewood, our 2nd NOV this year. how much"
    text = _asked_after_a_card("when do i have to pay it by", topic, "ing-nov-penalty-fees", "inglewood")
    # due on receipt, delinquent at 45 days, first; the $250 the conversation worked out after it
    assert text.startswith("FOG fees, charges and penalties are due"), text
    assert "45 days" in text


def test_a_question_that_asks_neither_when_nor_how_much_gets_its_card_before_the_clock(engine):
    topic = (
        "a mi apa le llego carta certificada de victorville de q le quieren revocar el permiso de grasa de "
        "la taqueria. la carta es del 20 de noviembre y la audiencia es el 10 de diciembre. esta bien esa "
        "fecha?"
    )
    with languages.using("es"):
        text = _asked_after_a_card("puede llevar abogado?", topic, "vvf-revocation-notice", "victorville")
    window_at = text.find("10 de diciembre de 2026")  # the hearing's window worked out before
    assert "abogado" in text and (window_at == -1 or text.index("abogado") < window_at), text


_FOOD_BANK = (
    "I'm the volunteer coordinator at a food bank in Victorville. We pick up donated food from a few grocery "
    "stores and restaurants that have agreements with us. What records does the city expect us to keep?"
)


def test_a_follow_up_nothing_answers_alone_is_answered_from_the_subject_s_other_cards(engine):
    slots = {TOPIC_SLOT: _FOOD_BANK, "city": "victorville", ANSWER_CARD_SLOT: "vvo-def-food-recovery-org"}
    said = "When do we have to turn numbers in, and for what period?"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots))
    text = messages[0]["text"]
    assert "doesn't say anything" not in text and "April 1" in text and "previous calendar year" in text
    assert "Examples: food banks" not in text  # not the card just given, again


def test_a_follow_up_on_a_matter_the_ordinances_leave_to_the_city_is_still_declined(engine):
    slots = {TOPIC_SLOT: _FOOD_BANK, "city": "victorville", ANSWER_CARD_SLOT: "vvo-food-recovery-org-records"}
    said = "and what day do the trucks pick up?"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots))
    assert "doesn't say anything about collection days" in messages[0]["text"]


def test_a_what_if_on_an_unpaid_fee_is_read_with_the_fee_s_subject(engine):
    topic = "me llego un aviso de cobro de victorville x lo de la grasa, cuanto tengo pa pagar? dice 6 de nov"
    slots = {TOPIC_SLOT: topic, "city": "victorville", ANSWER_CARD_SLOT: "vvf-fees-due"}
    with languages.using("es"):
        _, messages = _run(
            ActionAnswerQuestion(),
            make_tracker(text="y si no pago q pasa?", intent="ask_question", slots=slots),
        )
    text = messages[0]["text"]
    assert "deuda" in text and "revocar" in text and "cargos especiales" not in text


def test_the_other_city_asked_after_a_new_question_on_the_subject_asks_that_question_there(engine):
    # the conversation began with how often the interceptor is pumped; the last question was the manholes'
    manholes = (
        "okay and uh, my tech's asking, how big do the access manholes gotta be on a new one over there"
    )
    topic = f"how often does the big outside interceptor have to get pumped {manholes}"
    tracker = make_tracker(
        text="and in Victorville?",
        intent="inform_city",
        entities=[{"entity": "city", "value": "victorville"}],
        slots={TOPIC_SLOT: topic, "city": "inglewood", ANSWER_CARD_SLOT: "ing-interceptor-design"},
    )
    tracker.events[0:0] = [
        {"event": "user", "text": manholes, "parse_data": {"intent": {"name": "ask_question"}}},
        {"event": "action", "name": "action_answer_question"},
    ]
    slots, messages = _run(ActionSetCity(), tracker)
    text = messages[0]["text"]
    assert "20 inches" in text and "90 days" not in text and slots["city"] == "victorville"


def test_what_papers_asked_naming_nothing_gets_what_to_send_not_the_subject_s_term(engine):
    topic = "mi jugueria en victorville no tiene lugar pa otro bote, quiero la exencion por falta de espacio"
    tracker = make_tracker(text="q papeles necesitan?", intent="ask_question", slots={TOPIC_SLOT: topic})
    with languages.using("es"):
        _, messages = _run(ActionAnswerQuestion(), tracker)
    text = messages[0]["text"]
    assert "arquitecto" in text and "5 años" not in text  # the documents, not how long the waiver lasts


def test_a_long_question_that_names_its_matter_is_still_told_apart_by_the_card_just_given(engine):
    slots = {
        TOPIC_SLOT: "The letter says the reason is unpaid permit fees. Is that a real reason?",
        "city": "victorville",
        ANSWER_CARD_SLOT: "vvf-revocation-grounds",
    }
    said = "If the hearing officer rules against me, how long do I have to appeal, and to whom?"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots))
    text = messages[0]["text"]
    assert "10 calendar days" in text and "10.03.320" in text  # the revocation's appeal
    assert "10.03.360" not in text  # not an administrative penalty's


def test_a_rate_asked_with_an_amount_of_service_is_declined_not_asked_for_gallons(engine):
    said = "What's the monthly rate in Victorville for adding a 2-yard brown food-scraps bin at our center?"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots={}))
    text = messages[0]["text"]
    assert "doesn't say anything about collection rates" in text and "gallons" not in text


def test_a_what_if_said_in_words_after_the_waiver_s_amounts_gets_its_card_not_the_amounts_again(engine):
    """w24-c006: the amounts worked out once, "and what if ... it goes over" asks what then (tell the city
    within 15 days), not whether the same amounts qualify."""
    topic = (
        "how long is that good for? our trash is one 1 yard bin picked up once a week. organics like coffee "
        "grounds maybe 5 gallons a week. want the waiver from the green and brown bin service"
    )
    slots = {TOPIC_SLOT: topic, "city": "victorville", ANSWER_CARD_SLOT: "vvo-deminimis-duration"}
    said = "and what if we start doing pastries and it goes over"
    _, messages = _run(ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots))
    text = messages[0]["text"]
    assert "15 days" in text and "6.37.050(a)(3)" in text
    assert "qualifies to apply" not in text


def test_a_clock_started_by_the_topic_s_day_with_no_city_known_is_each_city_s(engine):
    """s1-c006: a backup on Saturday, the city never said; "do I keep the plumber's receipt?" is not
    answered with Inglewood's four years alone, as if the user were in Inglewood."""
    topic = (
        "el sabado se tapo el drenaje de la cocina y salio agua con grasa por el piso y un poquito al "
        "parking, ya vino el plomero y lo destapo. tengo q hacer algo o ya?"
    )
    with languages.using("es"):
        _, messages = _run(
            ActionAnswerQuestion(),
            make_tracker(
                text="ok, y lo del recibo del plomero lo guardo?",
                intent="ask_question",
                slots={TOPIC_SLOT: topic},
            ),
        )
    text = messages[0]["text"]
    assert "Inglewood" in text and "Victorville" in text


@pytest.mark.parametrize(
    ("said", "language"),
    [
        ("and when does it get really bad", "en"),  # w28-c011: a day the invoice's values still work out
        ("¿Y si paga la otra semana?", "es"),  # s26-c013: paying, the invoice's matter
        ("and what if i pay it next week", "en"),
    ],
)
def test_a_what_if_in_words_about_paying_or_when_stays_on_the_invoice(engine, said, language):
    topic = "got a past due notice from inglewood for our grease fee. the bill was $267, dated oct 1"
    slots = {TOPIC_SLOT: topic, "city": "inglewood", ANSWER_CARD_SLOT: "ing-late-penalty-amount"}
    with languages.using(language):
        _, messages = _run(
            ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots)
        )
    text = messages[0]["text"]
    # the invoice's clocks (its 45 days, its 90), never the appeal's card or the permit's fees
    assert "45" in text and "90" in text
    assert "$340" not in text and "appeal" not in text.lower() and "apela" not in text.lower()


def test_what_happened_next_told_after_an_answer_is_answered_on_the_topic_not_met_with_the_menu(engine):
    """ "this is like the 3rd time" after a cart tag (w44-c016): what repeated contamination brings, never
    "What would you like to do?"; a short "ok cool" still gets the menu."""
    topic = "got a tag on our brown bin saying contaminated?? victorville"
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="this is like the 3rd time",
            intent="inform",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    reply = " ".join(message.get("text") or "" for message in messages)
    assert "more than two occasions" in reply and not any(m.get("response") for m in messages), reply
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(text="ok cool", intent="inform", slots={TOPIC_SLOT: topic, "city": "victorville"}),
    )
    assert [m.get("response") for m in messages] == ["utter_what_next"]


@pytest.mark.parametrize(
    ("topic", "said", "language", "told"),
    [
        (
            "do we need the organics bin at our restaurant in victorville",
            "its a small place",
            "en",
            "whatever its size",
        ),
        (
            "cada cuanto hay q limpiar la trampa de grasa en victorville?",
            "nomas tenemos 30 sillas",
            "es",
            "90 días",
        ),
    ],
)
def test_a_fact_told_after_an_answer_asks_whether_it_changes_the_answer(engine, topic, said, language, told):
    """s45-c010 ("nomas tenemos 30 sillas" after how often the trap is pumped): a fact said as if it mattered
    gets the topic's answer for it, never the menu."""
    with languages.using(language):
        _, messages = _run(
            ActionFollowUp(),
            make_tracker(text=said, intent="inform", slots={TOPIC_SLOT: topic, "city": "victorville"}),
        )
    reply = " ".join(message.get("text") or "" for message in messages)
    assert told in reply and not any(m.get("response") for m in messages), reply


def test_an_acknowledgement_after_an_answer_gets_the_menu_not_the_answer_again(engine):
    """Review of stop 56 (F15): "ok I'll tell the owner tonight" tells no fact of the place."""
    topic = "do we need the organics bin at our restaurant in victorville"
    _, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="ok I'll tell the owner tonight",
            intent="inform",
            slots={TOPIC_SLOT: topic, "city": "victorville"},
        ),
    )
    assert [m.get("response") for m in messages] == ["utter_what_next"]


def test_a_question_declined_for_the_city_it_names_is_the_topic_for_the_other_city(engine):
    """ "what are the garbage pickup days in inglewood?" declined there: "and in victorville?" asks it again
    there, not the question before it."""
    asked = "what days is garbage picked up in inglewood?"
    tracker = make_tracker(
        text=asked,
        intent="ask_question",
        slots={TOPIC_SLOT: "how often do i pump the grease trap in victorville", "city": "victorville"},
    )
    slots, messages = _run(ActionAnswerQuestion(), tracker)
    assert "Inglewood" in messages[0]["text"]
    assert slots[TOPIC_SLOT] == asked


@pytest.mark.parametrize(
    ("said", "language", "told", "not_told"),
    [
        ("who decides that?", "en", "FOG manager", "Plumbing Code"),
        ("and if they say no?", "en", "planning commission", "Plumbing Code"),
        ("y eso quien lo decide?", "es", "administrador de FOG", "Código de Plomería"),
    ],
)
def test_who_decides_or_what_if_no_after_an_answer_that_tells_it_is_that_answer(
    said, language, told, not_told
):
    """w47-c015: after how to ask for another pumping frequency, "who decides that?" got the interceptor's
    design (approved by the building official); the answer just given names the FOG manager and the appeal."""
    topic = (
        "our permit in victorville says pump every 30 days but it's barely 10% full. can we get that changed?"
    )
    slots = {TOPIC_SLOT: topic, "city": "victorville", ANSWER_CARD_SLOT: "vvf-change-frequency-request"}
    with languages.using(language):
        _, messages = _run(
            ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots)
        )
    assert told in messages[0]["text"] and not_told not in messages[0]["text"]


def test_who_decides_after_an_answer_that_names_nobody_is_answered_as_asked(engine):
    from actions.knowledge import _the_card_just_given_answers

    slots = {TOPIC_SLOT: "where do pizza boxes go", "city": "victorville", ANSWER_CARD_SLOT: "vvo-pizza-box"}
    assert (
        _the_card_just_given_answers(make_tracker(text="who decides that?", slots=slots), "who decides that?")
        is None
    )


@pytest.mark.parametrize(
    ("said", "language", "card", "told", "not_told"),
    [
        # after a tier two generator's duties, the organics chapter's enforcement (s45-c017)
        ("y si no lo hago?", "es", "vvo-restaurant-tier-two", "1.05", "permiso de FOG"),
        ("and if we dont?", "en", "vvo-restaurant-tier-two", "Chapter 1.05", "FOG permit"),
        # after a grease duty, the grease chapter's (w17-c012): not the duty's own card on another frequency
        ("and if i miss it?", "en", "vvf-interceptor-pump-frequency", "misdemeanor", "written request"),
        ("y si se me pasa la fecha?", "es", "vvf-interceptor-pump-frequency", "delito menor", "por escrito"),
        ("what if we're a few days late", "en", "vvf-records-retention", "separate offense", "2 years"),
        # in a sentence after another, weeks late (w58-c015: the unreported spill's card, an "incident" dated)
        (
            "so thats like 2 weeks out. what if we end up 2 weeks late",
            "en",
            "vvf-interceptor-pump-frequency",
            "misdemeanor",
            "incident",
        ),
        # Inglewood's grease duties: its notices and fees
        ("and if i miss it?", "en", "ing-pump-frequency", "notice of violation", "every 6 months"),
    ],
)
def test_what_not_doing_it_brings_is_the_enforcement_of_the_chapter_just_answered(
    said, language, card, told, not_told
):
    slots = {TOPIC_SLOT: "do we have to do that", "city": "victorville", ANSWER_CARD_SLOT: card}
    with languages.using(language):
        _, messages = _run(
            ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots)
        )
    assert told in messages[0]["text"] and not_told not in messages[0]["text"]


@pytest.mark.parametrize(
    ("said", "card"),
    [
        # not paying, a grease answer's follow-up, or what is lacking named: their own cards (review)
        ("and if we dont pay it?", "vvo-restaurant-tier-two"),
        ("and if we dont?", "ing-annual-inspection-fee"),
        ("y si no?", "vvf-fees-due"),
        ("y si no tenemos espacio?", "vvo-restaurant-tier-two"),
        ("what if we don't have a permit", "vvf-permit-required"),
    ],
)
def test_what_not_doing_it_brings_is_left_to_the_follow_up_rules_otherwise(said, card):
    from actions.knowledge import _what_not_doing_it_brings

    slots = {TOPIC_SLOT: "do we have to", "city": "victorville", ANSWER_CARD_SLOT: card}
    assert _what_not_doing_it_brings(make_tracker(text=said, slots=slots), said) is None


def test_the_organics_enforcement_card_is_one_of_the_cards(engine):
    from actions.knowledge import ORGANICS_IF_NOT_DONE_CARD, _answer_cards

    assert any(card.id == ORGANICS_IF_NOT_DONE_CARD for card in _answer_cards().cards)


def test_that_waiver_asked_for_after_an_answer_naming_one_starts_it(engine):
    # "ok sign me up for that waiver" after "you qualify to apply for a de minimis waiver" (w49-c006)
    tracker = make_tracker(text="ok sign me up for that waiver", intent="ask_question")
    tracker.events.append(
        {"event": "bot", "text": "Yes, you qualify to apply for a de minimis waiver. With 3 cubic yards ..."}
    )
    events, _ = run_raw(ActionAnswerQuestion(), tracker)
    assert any(event.get("event") == "followup" and "deminimis" in event.get("name", "") for event in events)


def test_the_city_said_with_the_missing_day_works_out_the_question_held_for_it(engine):
    # "victorville. last one was oct 14" to "which city?" after "when do we gotta pump the interceptor next"
    # (w49-c014): the due date, not the rule alone
    tracker = make_tracker(
        text="victorville. last one was oct 14",
        intent="inform_city",
        entities=[{"entity": "city", "value": "victorville"}],
        slots={"pending_question": "when do we gotta pump the interceptor next"},
    )
    slots, messages = _run(ActionSetCity(), tracker)
    assert slots["city"] == "victorville"
    assert "January 12, 2027" in messages[0]["text"]
    assert "oct 14" in slots[TOPIC_SLOT]


def test_values_said_with_the_city_that_work_out_alone_still_answer_the_held_question(engine):
    # (stop 54's review) "victorville. 3 yards a week and 12 gallons" to "which city?" after the waiver
    tracker = make_tracker(
        text="victorville. 3 yards a week and 12 gallons",
        intent="inform_city",
        entities=[{"entity": "city", "value": "victorville"}],
        slots={"pending_question": "do we qualify for the de minimis waiver"},
    )
    _, messages = _run(ActionSetCity(), tracker)
    assert "qualify" in messages[0]["text"] and "12 gallons" in messages[0]["text"]


@pytest.mark.parametrize(
    "said",
    [
        "hoy vino la pipa a limpiar la trampa de mi taqueria en inglewood, me lo puedes registrar?",
        "hoy vino la pipa a limpiar la trampa de mi taqueria en inglewood. me lo puedes registrar?",
    ],
)
def test_a_pumpout_asked_to_be_logged_in_spanish_is_no_side_question(engine, said):
    # s45-c005: "me lo puedes registrar?" is the request itself, in one sentence or after a full stop
    from actions.forms import _answered_with_the_request

    with languages.using("es"):
        assert _answered_with_the_request(make_tracker(text=said, slots={"city": "inglewood"}), said) == []


def test_a_letter_told_of_with_nothing_before_it_is_answered_not_met_with_the_menu(engine):
    """w50-c019: "got a notice from victorville about our trash, says violation of chapter 6.37" got "What
    would you like to do?"."""
    said = "got a notice from victorville about our trash, says violation of chapter 6.37"
    _, messages = _run(
        ActionFollowUp(), make_tracker(text=said, intent="inform", slots={"city": "victorville"})
    )
    assert [message.get("response") for message in messages] != ["utter_what_next"]
    text = " ".join(message.get("text") or "" for message in messages)
    assert "6.37" in text, text


def test_which_notice_it_is_told_after_the_fees_gets_its_fee(engine):
    """w50-c002: "its our second one" after the notice-of-violation fees got the three fees again."""
    assert changes_a_fact("its our second one") and changes_a_fact("es la tercera")
    topic = "got a NOV from inglewood public works for the grease trap"
    _, messages = _run(
        ActionAnswerQuestion(),
        make_tracker(
            text="its our second one", intent="nlu_fallback", slots={TOPIC_SLOT: topic, "city": "inglewood"}
        ),
    )
    text = " ".join(message.get("text") or "" for message in messages)
    assert text.startswith("$250"), text


@pytest.mark.parametrize(
    "said", ["un segundo, voy a buscar la factura", "hold on a second, let me find my manager"]
)
def test_a_second_of_waiting_is_no_new_fact(said):
    """Review of stop 55 (F21)."""
    assert not changes_a_fact(said)


@pytest.mark.parametrize(
    ("said", "language", "due"),
    [
        ("ok i havent paid it yet. is it late", "en", "November 15, 2026"),  # w49-c008
        ("are we overdue on it?", "en", "November 15, 2026"),
        ("todavia no la pago, ¿ya está vencida?", "es", "15 de noviembre de 2026"),
    ],
)
def test_whether_a_bill_is_late_asked_after_it_is_worked_out_from_its_date(engine, said, language, due):
    """A bill told a turn before ("invoice for $413 dated october 1") and "is it late" asked after: its clock
    worked out (due November 15), never the late-penalty rule alone."""
    topic = (
        "got a letter from inglewood public works, invoice for $413 dated october 1. oh wait we have a "
        "drive thru"
    )
    slots = {TOPIC_SLOT: topic, "city": "inglewood", ANSWER_CARD_SLOT: "ing-small-vs-large-establishment"}
    with languages.using(language):
        _, messages = _run(
            ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots)
        )
    assert due in messages[0]["text"]


def test_a_follow_up_that_names_pumping_after_the_records_term_gets_the_pumping_rule(engine):
    """s50-c012: "y cada cuanto se bombea alla?" after how long Inglewood's records are kept is the pumping
    frequency there, never the records' term again."""
    topic = "cuantos años tengo q guardar los papeles del bombeo de la trampa? y en inglewood?"
    with languages.using("es"):
        text = _asked("y cada cuanto se bombea alla?", topic, "inglewood", "ing-records-how-long")
    assert "trimestre" in text and "4 años" not in text


@pytest.mark.parametrize(
    ("said", "language", "duty"),
    [
        ("y q tenemos q hacer en concreto?", "es", "Haga arreglos para recuperar"),  # s50-c023
        ("so what do we have to do exactly?", "en", "Arrange to recover"),
    ],
)
def test_what_to_do_asked_after_a_tier_is_the_generator_s_duties(engine, said, language, duty):
    topic = "vamos a abrir una pupuseria grande en victorville, nos toca lo de donar comida? mide 5,400 pies"
    slots = {TOPIC_SLOT: topic, "city": "victorville", ANSWER_CARD_SLOT: "vvo-restaurant-tier-two"}
    with languages.using(language):
        _, messages = _run(
            ActionAnswerQuestion(), make_tracker(text=said, intent="ask_question", slots=slots)
        )
    assert messages[0]["text"].startswith(duty)


def test_training_asked_after_the_organics_duties_stays_in_the_organics_chapter(engine):
    """Review of stop 57 (M5): "do we need to train our staff?" after a business's organics duties is the
    organics chapter's training, never the grease chapter's."""
    topic = "what does our business have to do for the organics rules in victorville?"
    text = _asked("do we need to train our staff?", topic, "victorville", "vvo-biz-checklist")
    assert "6.37" in text and "10.03.100" not in text


@pytest.mark.parametrize(
    "said",
    [
        # review of stop 57 (M6): a yes that puts the offered flow off starts nothing
        "yeah ok thanks, i'll talk to my manager first and come back later",
        "yes but not today, we don't have the hauler's numbers yet",
        "yeah makes sense. thanks for the help",
    ],
)
def test_a_yes_that_puts_an_offered_flow_off_starts_nothing(engine, said):
    tracker = make_tracker(text=said, intent="affirm", slots={TOPIC_SLOT: "de minimis waiver, 6 gallons"})
    offered = 'To apply for the de minimis waiver here, reply "apply for a de minimis waiver".'
    tracker.events.insert(0, {"event": "bot", "text": offered, "timestamp": tracker.events[0]["timestamp"]})
    events, _ = run_raw(ActionFollowUp(), tracker)
    assert not any(e.get("event") == "followup" for e in events)


@pytest.mark.parametrize(
    ("said", "asks"),
    [
        ("cada cuanto hay que bombear?", True),  # how often, after a service: the next date worked out too
        ("y cuando vence?", True),
        ("is it late", True),
    ],
)
def test_when_how_much_and_how_often_ask_a_date_or_amount(said, asks):
    assert asks_when_or_how_much(said) is asks


def test_a_result_worked_out_on_the_topic_keeps_its_card_and_a_what_if_gets_no_card_of_another_subject(
    engine,
):
    """w58-c012: "food waste is maybe 25 gallons a week" after the de minimis card cleared the card the
    conversation was on, and "what if it's 15 gallons instead? we could start sending the bones to a
    renderer" then brought what goes in the brown container, so "ok how do we apply" was declined."""
    topic = (
        "Sports bar in Victorville. Our trash pickup is 3 cubic yards a week. Is there any way out of the "
        "organics bins?"
    )
    card = "vvo-deminimis-who-qualifies"
    slots, messages = _run(
        ActionFollowUp(),
        make_tracker(
            text="food waste is maybe 25 gallons a week. wing bones, fries, celery",
            intent="inform",
            slots={TOPIC_SLOT: topic, ANSWER_CARD_SLOT: card, "city": "victorville"},
        ),
    )
    assert "don't qualify" in messages[0]["text"] and slots[ANSWER_CARD_SLOT] == card
    said = _asked_after_a_card(
        "what if it's 15 gallons instead? we could start sending the bones to a renderer",
        f"{topic} food waste is maybe 25 gallons a week.",
        card,
        "victorville",
    )
    assert said.startswith("Yes, you qualify") and "brown container" not in said
