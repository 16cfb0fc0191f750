"""The custom actions in a Spanish conversation: their replies come from the Spanish catalog (same numbers,
dates in Spanish, citations as printed), and the words they compare a user's message with accept Spanish."""

from __future__ import annotations

import datetime as dt

import pytest
from action_tracker_support import MESSAGE_TIME, make_tracker, run, run_raw

import languages
import store
from actions import permits, spill
from actions.containers import ActionSortAnswer, ValidateSortingForm, parse_generator
from actions.conversation import ActionCancelForm, ActionHumanHandoff, ActionVoiceSilenceTimeout
from actions.forms import FormState, Message, answer_intent, decide, is_interruption, looks_like_question
from actions.service import (
    SERVICE_FORM,
    ActionSaveServiceRecord,
    ActionScheduleServiceReminder,
    ActionServiceStatus,
)
from actions.spill import SPILL_FORM, ActionSubmitSpillReport, ValidateSpillForm, urgent_contacts
from actions.waivers import ActionSubmitWaiver
from cities import CityContacts
from compliance.victorville.organics import GeneratorType
from config import Settings
from intake import ParseContext
from languages.catalog import catalog
from languages.messages import messages_in_code
from shaping.keywords import classify_keyword

CTX = ParseContext(now=MESSAGE_TIME)
CONTACTS = CityContacts(victorville_phone="(760) 555-0199")
MY_FILES = (
    "actions/spill.py",
    "actions/forms.py",
    "actions/service.py",
    "actions/permits.py",
    "actions/waivers.py",
    "actions/containers.py",
    "actions/conversation.py",
)


def say(text: str, intent: str = "inform", fresh: bool = True, channel: str = "web", entities=()) -> Message:
    return Message(text, intent, tuple(entities), fresh, channel, CTX)


def in_spanish(action, tracker):
    with languages.using("es"):
        return run(action, tracker)


def raw_in_spanish(action, tracker):
    with languages.using("es"):
        return run_raw(action, tracker)


def texts(messages) -> str:
    return " ".join(m["text"] for m in messages if m.get("text"))


def test_every_message_the_actions_write_has_a_spanish_text():
    spanish = catalog("es")
    missing = [
        f"{where}: {message}"
        for message, where in messages_in_code().items()
        if where.startswith(MY_FILES) and message not in spanish
    ]
    assert missing == []


# --------------------------------------------------------------------------------------------------------
# Spill reports
# --------------------------------------------------------------------------------------------------------


def test_the_urgent_call_instructions_keep_the_printed_number_and_the_citation():
    text, dial = urgent_contacts("inglewood", MESSAGE_TIME, Settings())
    with languages.using("es"):
        spanish, spanish_dial = urgent_contacts("inglewood", MESSAGE_TIME, Settings())
    assert spanish_dial == dial == "+13104125333"
    assert spanish.startswith("Llame ahora mismo a Ciudad de Inglewood al (310) 412-5333.")
    assert "Monitoring and Notification (3)" in spanish and "Call the" in text


def test_unconfigured_victorville_numbers_are_said_missing_in_spanish_too():
    with languages.using("es"):
        text, dial = urgent_contacts("victorville", MESSAGE_TIME, Settings())
    assert dial is None
    assert "porque City Hall está cerrado" in text  # a Sunday
    assert "no están configurados aquí, y el reglamento no publica ninguno" in text


def test_an_overflow_by_voice_in_spanish_connects_the_caller_with_a_spanish_prompt(engine):
    _, messages = raw_in_spanish(
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "city", "overflowing_now": "yes"},
            text="Inglewood",
            channel="voice",
            active_loop="spill_form",
        ),
    )
    assert {"dial": "+13104125333", "say": "Lo estoy comunicando."} in [m.get("custom") for m in messages]
    assert "Llame ahora mismo" in texts(messages)


def test_a_spanish_overflow_by_text_asks_to_tell_more_after_the_numbers(engine):
    _, messages = raw_in_spanish(
        ValidateSpillForm(),
        make_tracker(
            slots={"requested_slot": "city", "overflowing_now": "yes"},
            text="Inglewood",
            channel="sms",
            active_loop="spill_form",
        ),
    )
    assert "Después, si puede, cuénteme más para que el reporte quede registrado." in texts(messages)


def test_the_submitted_spill_report_gives_the_reference_and_the_deadline_in_spanish(engine):
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="web", city="victorville"
    )
    slots = {
        "spill_reference": record["reference"],
        "city": "victorville",
        "overflowing_now": "no",
        "location": {"text": "5th and Main", "kind": "cross_streets"},
        "what_spilling": "grasa",
        "started_at": "2026-11-27T09:00-08:00",
        "spill_confirmed": True,
    }
    _, text = in_spanish(ActionSubmitSpillReport(), make_tracker(slots=slots, text="si", intent="affirm"))
    assert store.spills.get_by_reference(engine, record["reference"])["status"] == "submitted"
    assert f"Su número de referencia es {record['reference']}." in text
    assert "a más tardar el 4 de diciembre de 2026" in text
    assert "Victorville Municipal Code § 10.03.280(b)" in text
    assert text.endswith("(sí o no)")


def test_the_drafted_notice_is_announced_in_spanish_by_text(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(spill, "DOCUMENTS_DIR", tmp_path)
    answers = {"city": "inglewood", "what_spilling": "grasa", "started_at": "2026-11-27T09:00-08:00"}
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="sms", city="inglewood", details={"answers": answers}
    )
    store.spills.submit(engine, record["reference"])
    _, text = in_spanish(
        spill.ActionSpillNotice(),
        make_tracker(
            slots={"spill_reference": record["reference"]}, text="si", intent="affirm", channel="sms"
        ),
    )
    assert text.startswith(f"El borrador del aviso de {record['reference']} está listo")
    assert "Descargue el borrador del aviso (el enlace funciona por 72 horas)" in text


# --------------------------------------------------------------------------------------------------------
# The guided forms' turns
# --------------------------------------------------------------------------------------------------------


def _complete_spill() -> dict:
    return {
        "overflowing_now": "no",
        "city": "inglewood",
        "location": {"text": "5th and Main", "kind": "cross_streets"},
        "what_spilling": "aguas negras",
        "started_at": "2026-11-29T11:00-08:00",
        "still_flowing": "yes",
        "reaches": ["storm_drain"],
        "volume": {"amount": 50, "unit": "gal"},
        "restaurant_involved": "yes",
        "restaurant_name": "Taco Hut",
        "reporter_name": "Maria Lopez",
        "callback_number": "+13105550100",
    }


@pytest.mark.parametrize("answer", ["si", "sí", "Sí"])
def test_si_at_the_read_back_submits(answer):
    with languages.using("es"):
        done = decide(SPILL_FORM, FormState(_complete_spill(), "spill_confirmed"), say(answer), CONTACTS)
    assert done.confirmed and done.next_slot is None


def test_no_at_the_read_back_asks_what_to_change_in_spanish():
    with languages.using("es"):
        again = decide(
            SPILL_FORM, FormState(_complete_spill(), "spill_confirmed"), say("no", "deny"), CONTACTS
        )
    assert again.feedback == ("¿Qué debo cambiar? Por ejemplo: cambiar la dirección, o cambiar el teléfono.",)


def test_a_spanish_field_name_with_the_new_value_changes_that_answer():
    with languages.using("es"):
        turn = decide(
            SPILL_FORM,
            FormState(_complete_spill(), "spill_confirmed"),
            say("cambia el telefono a 310 555 0199", "change_answer"),
            CONTACTS,
        )
    assert turn.updates == {"callback_number": "+13105550199"}
    assert turn.feedback[0].startswith("Listo, cambié este dato: ")


@pytest.mark.parametrize(
    ("words", "field"),
    [
        ("la direccion esta mal", "location"),
        ("cambia la dirección", "location"),
        ("corrige los galones", "volume"),
        ("mi nombre esta mal", "reporter_name"),
        ("el nombre del restaurante", "restaurant_name"),
        ("cambia la ciudad", "city"),
    ],
)
def test_spanish_words_name_the_answer_to_change(words, field):
    with languages.using("es"):
        turn = decide(
            SPILL_FORM, FormState(_complete_spill(), "spill_confirmed"), say(words, "change_answer"), CONTACTS
        )
    assert turn.updates == {field: None}


def test_a_spanish_field_entity_names_the_service_date():
    values = {
        "service_date": "2026-08-14",
        "gallons": 10,
        "hauler": "ABC",
        "device": "trap",
        "city": "inglewood",
    }
    turn = decide(
        SERVICE_FORM,
        FormState(values, "frequency"),
        say("necesito corregir la fecha", "change_answer", entities=[{"entity": "field", "value": "fecha"}]),
        CONTACTS,
    )
    assert turn.updates == {"service_date": None} and turn.next_slot == "service_date"


@pytest.mark.parametrize("words", ["saltar", "omitir", "ninguno", "nada mas", "no sé"])
def test_spanish_skip_words_skip_an_optional_field(words):
    values = {
        "service_date": "2026-08-14",
        "gallons": 10,
        "hauler": "ABC",
        "device": "trap",
        "city": "inglewood",
    }
    turn = decide(SERVICE_FORM, FormState(values, "frequency"), say(words), CONTACTS)
    assert turn.skipped == ("frequency",)


def test_the_way_out_tells_spanish_texters_two_words_that_are_not_an_opt_out_keyword():
    state = FormState({"overflowing_now": "no", "city": "victorville"}, "location", 1)
    with languages.using("es"):
        sms = decide(SPILL_FORM, state, say("?!", channel="sms"), CONTACTS).feedback[-1]
        web = decide(SPILL_FORM, state, say("?!", channel="web"), CONTACTS).feedback[-1]
    assert (
        sms.endswith("O diga CANCELAR REPORTE para terminar.")
        and classify_keyword("CANCELAR REPORTE") is None
    )
    assert web.startswith("Si le es más fácil, comuníquese con el administrador de FOG")
    assert "(760) 555-0199" in web and web.endswith("O diga cancelar para terminar.")


def test_courtesies_mid_form_are_answered_in_spanish():
    with languages.using("es"):
        thanks = decide(
            SPILL_FORM, FormState({"overflowing_now": "no"}, "city"), say("gracias", "thanks"), CONTACTS
        )
    assert thanks.feedback == ("De nada.",) and thanks.next_slot == "city"


def test_resuming_after_an_interruption_says_back_to_the_report_in_spanish():
    with languages.using("es"):
        turn = decide(
            SPILL_FORM, FormState({"overflowing_now": "no"}, "city"), say("", fresh=False), CONTACTS
        )
    assert turn.question[0].startswith("Volvamos a su reporte de derrame: ")


def test_the_overflow_question_is_asked_in_spanish():
    with languages.using("es"):
        turn = decide(SPILL_FORM, FormState({}, None), say("hay un derrame"), CONTACTS)
    assert turn.question == ("¿Se están desbordando las aguas negras ahora mismo? (sí o no)",)


def test_overflowing_right_now_in_spanish_is_kept_as_a_fact():
    turn = decide(SPILL_FORM, FormState({}, None), say("se esta desbordando el drenaje ahorita"), CONTACTS)
    assert turn.updates.get("overflowing_now") == "yes"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("¿cuánto es la multa?", True),
        ("cuanto es la multa", True),
        ("que hago con la grasa", True),
        ("donde tiro el aceite", True),
        ("5th y Main", False),
        ("aguas negras", False),
    ],
)
def test_spanish_questions_are_told_from_answers(text, expected):
    assert looks_like_question(text) is expected


def test_mas_asks_for_the_rest_of_a_spanish_answer():
    assert is_interruption("more", "MAS") and is_interruption("more", "más por favor")
    assert not is_interruption("more", "mas de 50 galones")


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("cancelar", "cancel"),
        ("empezar de nuevo", "start_over"),
        ("quiero hablar con una persona", "human_handoff"),
    ],
)
def test_spanish_stop_words_count_even_when_the_classifier_is_unsure(text, intent):
    assert answer_intent({"name": intent, "confidence": 0.5}, text) == intent


# --------------------------------------------------------------------------------------------------------
# Pump-outs
# --------------------------------------------------------------------------------------------------------

PUMPED = {
    "service_date": "2026-08-14",
    "gallons": {"amount": 1000, "unit": "gal"},
    "hauler": "ABC Hauling",
    "device": "interceptor",
    "city": "victorville",
    "frequency": {"days": None, "months": None},
}


def test_a_logged_pump_out_is_confirmed_in_spanish_with_the_same_dates(engine):
    slots, text = in_spanish(ActionSaveServiceRecord(), make_tracker(slots=PUMPED, text="no se"))
    record = store.service.get_by_reference(engine, slots["service_reference"])
    assert record["next_due_date"] == dt.date(2026, 11, 12)
    assert text.startswith("Registré el servicio del interceptor de grasa: 14 de agosto de 2026")
    assert f"Referencia {record['reference']}." in text
    assert "El próximo servicio vence el 12 de noviembre de 2026" in text
    assert "Victorville Municipal Code § 10.03.160(f)(2)" in text
    assert "dentro de las 72 horas" in text and "17 de agosto de 2026" in text and "§ 10.03.170(b)" in text


def test_the_next_pump_out_is_answered_in_spanish(engine):
    run(
        ActionSaveServiceRecord(),
        make_tracker(slots={**PUMPED, "service_date": "2026-11-02", "device": "trap"}),
    )
    _, text = in_spanish(
        ActionServiceStatus(), make_tracker(text="cuando me toca el bombeo", intent="service_status")
    )
    assert "El último servicio de su trampa de grasa en Victorville fue el 2 de noviembre de 2026." in text


def test_nothing_on_record_gives_a_spanish_example(engine):
    _, text = in_spanish(ActionServiceStatus(), make_tracker(text="que sigue", intent="service_status"))
    assert "Bombeo el 14 de agosto, 1,000 galones, ABC Hauling." in text


def test_a_spanish_reminder_is_scheduled_and_written_in_spanish(engine):
    values = {**PUMPED, "service_date": "2026-11-20"}
    slots, text = in_spanish(
        ActionSaveServiceRecord(), make_tracker(slots=values, channel="sms", sender="+17605550100")
    )
    assert text.endswith("Responda SI o NO.")
    _, text = in_spanish(
        ActionScheduleServiceReminder(),
        make_tracker(
            slots={"service_reference": slots["service_reference"]},
            text="si",
            intent="affirm",
            channel="sms",
            sender="+17605550100",
        ),
    )
    assert text == "Listo. Le enviaré un mensaje el 11 de febrero de 2027. Responda PARAR para cancelar."
    (reminder,) = store.reminders.upcoming_for_phone(engine, "+17605550100")
    assert (
        reminder["message"]
        == "Recordatorio: el servicio de su interceptor o trampa de grasa vence el 18 de febrero de 2027."
    )


# --------------------------------------------------------------------------------------------------------
# Permits, waivers, containers
# --------------------------------------------------------------------------------------------------------

INGLEWOOD_ANSWERS = {
    "city": "inglewood",
    "business_name": "Burger Barn",
    "facility_address": {"text": "1 Market St, Inglewood CA 90301", "kind": "address"},
    "applicant_phone": "+13105550100",
    "applicant_name": "Ana Garcia",
    "parcel_numbers": ["4012-345-678"],
    "establishment_description": "un restaurante de hamburguesas",
    "cuisine": "hamburguesas",
    "establishment_kind": "restaurant",
    "dining_capacity": 40,
    "drive_thru": "no",
    "operating_before_adoption": "no",
    "owners": "Ana Garcia 310-555-0100",
    "property_owner": "Market Properties LLC",
    "property_manager": "same",
    "permit_confirmed": True,
}


def test_a_filed_permit_application_is_confirmed_in_spanish_with_the_same_fees(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    _, english = run(
        permits.ActionSubmitPermitApplication(), make_tracker(slots=INGLEWOOD_ANSWERS, text="yes")
    )
    slots, text = in_spanish(
        permits.ActionSubmitPermitApplication(), make_tracker(slots=INGLEWOOD_ANSWERS, text="si")
    )
    reference = slots["permit_reference"]
    assert f"Su solicitud quedó presentada. Su número de referencia es {reference}." in text
    assert "Cuotas: cuota inicial del permiso: $" in text and "Inglewood FOG Ordinance, Fees (1)" in text
    amounts = [word for word in english.split() if word.startswith("$")]
    assert amounts and all(amount in text for amount in amounts)


def test_a_filed_waiver_request_is_confirmed_in_spanish(engine):
    answers = {
        "total_service_yd3": {"amount": 2, "unit": "yd3", "per": "week"},
        "organics_gal": {"amount": 15, "unit": "gal", "per": "week"},
        "services_requested": ["brown"],
        "has_documentation": "yes",
        "business_name": "Joe's Diner",
        "deminimis_confirmed": True,
    }
    slots, text = in_spanish(ActionSubmitWaiver(), make_tracker(slots=answers, text="si", intent="affirm"))
    assert text.startswith(
        f"Su solicitud quedó presentada. Su número de referencia es {slots['waiver_reference']}."
    )
    assert "Para solicitarla, adjunte: " in text and "Victorville Municipal Code § 6.37.050" in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("es para mi casa", GeneratorType.SINGLE_FAMILY),
        ("una casa movil", GeneratorType.SINGLE_FAMILY),
        ("es para mi restaurante", GeneratorType.COMMERCIAL),
        ("un negocio", GeneratorType.COMMERCIAL),
        ("un edificio de departamentos", GeneratorType.COMMERCIAL),
        ("no se", None),
    ],
)
def test_home_or_business_in_spanish(text, expected):
    assert parse_generator(text) is expected


def test_a_container_that_depends_on_home_or_business_is_given_for_both_in_spanish_not_asked(engine):
    result, asked = in_spanish(
        ValidateSortingForm(),
        make_tracker(
            text="donde van las cascaras de platano", intent="sort_item", active_loop="sorting_form"
        ),
    )
    assert result["requested_slot"] is None and asked == ""
    _, answer = in_spanish(ActionSortAnswer(), make_tracker(slots=result))
    assert "contenedor verde en casas (1-4 viviendas), café en negocios" in answer


# --------------------------------------------------------------------------------------------------------
# Cancel, handoff, silence
# --------------------------------------------------------------------------------------------------------


def test_cancelling_a_spill_report_in_spanish_says_it_is_kept(engine):
    record = store.spills.create_partial(
        engine, conversation_id="test-user", channel="web", what_spilling="x y"
    )
    _, text = in_spanish(
        ActionCancelForm(),
        make_tracker(
            slots={"spill_reference": record["reference"], "requested_slot": "city"},
            text="cancelar",
            intent="cancel",
            active_loop="spill_form",
        ),
    )
    assert text == (
        "Listo, cancelé su reporte de derrame. Lo que me dijo queda guardado para el personal de la ciudad "
        f"con la referencia {record['reference']}. ¿Le puedo ayudar en algo más?"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "OK, I've cancelled the permit application. Nothing has been sent to the city. "
            "Anything else I can help with?",
        ),
        (
            "es",
            "Listo, cancelé su solicitud de permiso. No se le ha enviado nada a la ciudad. ¿Le puedo ayudar "
            "en algo más?",
        ),
    ],
)
def test_cancelling_an_application_says_it_is_cancelled_and_nothing_was_sent(language, said):
    tracker = make_tracker(text="cancel", intent="cancel", active_loop="permit_form")
    with languages.using(language):
        slots, text = run(ActionCancelForm(), tracker)
    assert text == said
    # what was cancelled stays the topic: "nomas dime cuanto cuesta" then asks what the application costs
    assert slots["topic_question"] == {"en": "permit application", "es": "solicitud de permiso"}[language]


def test_handoff_in_spanish_names_the_office_and_offers_to_carry_on(engine):
    _, text = in_spanish(
        ActionHumanHandoff(),
        make_tracker(slots={"city": "victorville"}, intent="human_handoff", active_loop="service_form"),
    )
    assert text.startswith("Para hablar con una persona, comuníquese con el administrador de FOG")
    assert "(760) 555-0199" in text and text.endswith("O podemos seguir aquí con su registro de bombeo.")
    _, text = in_spanish(
        ActionHumanHandoff(), make_tracker(slots={"city": "inglewood"}, active_loop="spill_form")
    )
    assert text.startswith("Para hablar con una persona sobre un derrame: Inglewood: Llame ahora mismo")


def test_silence_on_the_spanish_spill_line_says_goodbye_in_spanish(engine):
    record = store.spills.create_partial(engine, conversation_id="CA123", channel="voice", city="victorville")
    _, messages = raw_in_spanish(
        ActionVoiceSilenceTimeout(),
        make_tracker(
            slots={"spill_reference": record["reference"]},
            intent="voice_silence_timeout",
            channel="voice",
            sender="CA123",
            active_loop="spill_form",
        ),
    )
    text = texts(messages)
    assert text.startswith("No escuché nada, así que voy a terminar la llamada.") and text.endswith("Adiós.")
    assert {"hangup": True} in [m.get("custom") for m in messages]


def test_cancelling_with_a_question_beside_it_cancels_then_answers_it(engine):
    tracker = make_tracker(
        slots={"city": "victorville"},
        text="the seller says his permit is good until june. cancel this, we dont need a new one right?",
        intent="cancel",
        active_loop="permit_form",
    )
    events, messages = run_raw(ActionCancelForm(), tracker)
    texts = [m["text"] for m in messages]
    assert texts[0] == "OK, I've cancelled the permit application. Nothing has been sent to the city."
    assert (
        len(texts) == 2 and "10.03" in texts[1]
    )  # the question, answered from the ordinance with its section
    slots = {e["name"]: e["value"] for e in events if e.get("event") == "slot"}
    assert slots["topic_question"] == "permit application"  # what the form was about stays the topic
