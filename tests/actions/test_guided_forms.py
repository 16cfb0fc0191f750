"""The guided-form turn logic (actions.forms.decide): answers, facts, failures, changes, confirmation."""

from __future__ import annotations

import datetime as dt

import pytest

import languages
from actions.forms import (
    FormState,
    Message,
    decide,
    filed_topic,
    form_filed_about,
    is_interruption,
    looks_like_question,
    named_facts,
    only_unsure,
)
from actions.permits import PERMIT_FORMS
from actions.service import SERVICE_FORM
from actions.spill import SPILL_FORM
from actions.waivers import DEMINIMIS_FORM, SPACE_WAIVER_FORM, VARIANCE_FORM
from cities import CityContacts
from intake import ParseContext, parse
from shaping.keywords import classify_keyword

CTX = ParseContext(now=dt.datetime(2026, 11, 29, 20, 0, tzinfo=dt.timezone.utc))
CONTACTS = CityContacts(victorville_phone="(760) 555-0199")


def say(text: str, intent: str = "inform", fresh: bool = True, channel: str = "web", entities=()) -> Message:
    return Message(text, intent, tuple(entities), fresh, channel, CTX)


def test_activation_keeps_every_fact_of_a_one_line_pump_out_and_asks_what_is_missing():
    turn = decide(
        SERVICE_FORM,
        FormState({}, None),
        say("Pumped on Aug 14, 20 gallons, ABC Hauling", "log_pumpout"),
        CONTACTS,
    )
    assert turn.updates["service_date"] == "2026-08-14"
    assert turn.updates["gallons"]["amount"] == 20
    assert turn.updates["hauler"] == "ABC Hauling"
    assert turn.next_slot == "device"  # 20 gallons could be either
    assert turn.question == ("Was it the grease interceptor or a grease trap?",)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("how much is the fine for a spill?", "ask_question"),
        ("cancel", "cancel"),
        ("start over", "start_over"),
        ("can i talk to a person", "human_handoff"),
        ("/voice_silence_timeout", "voice_silence_timeout"),
    ],
)
def test_questions_and_requests_to_stop_are_rejected_so_a_rule_answers_them(text, intent):
    turn = decide(SPILL_FORM, FormState({"overflowing_now": "no"}, "city"), say(text, intent), CONTACTS)
    assert turn.reject


def test_an_answer_classified_as_a_question_but_not_phrased_as_one_is_read_as_the_answer():
    turn = decide(
        SPILL_FORM,
        FormState({}, "what_spilling"),
        say("grease from the restaurant", "ask_question"),
        CONTACTS,
    )
    assert not turn.reject
    # and a restaurant is involved: the grease is from it
    assert turn.updates == {"what_spilling": "grease from the restaurant", "restaurant_involved": "yes"}


def test_overflowing_now_then_the_city_is_asked_before_anything_else():
    turn = decide(SPILL_FORM, FormState({}, "overflowing_now"), say("yes"), CONTACTS)
    assert turn.updates == {"overflowing_now": "yes"}
    assert turn.next_slot == "city"


def test_two_failed_answers_to_a_required_field_give_the_city_contact_and_a_way_out():
    state = FormState({"overflowing_now": "no", "city": "victorville"}, "location")
    first = decide(SPILL_FORM, state, say("?!"), CONTACTS)
    assert first.failures == 1 and first.next_slot == "location" and len(first.feedback) == 1
    second = decide(SPILL_FORM, FormState(state.values, "location", first.failures), say("?!"), CONTACTS)
    assert second.failures == 2
    assert "the City of Victorville FOG manager at (760) 555-0199" in second.feedback[-1]
    assert "cancel" in second.feedback[-1]


def test_texters_are_never_told_to_send_a_bare_cancel_which_unsubscribes_them():
    state = FormState({"overflowing_now": "no", "city": "victorville"}, "location", 1)
    sms = decide(SPILL_FORM, state, say("?!", channel="sms"), CONTACTS).feedback[-1]
    web = decide(SPILL_FORM, state, say("?!", channel="web"), CONTACTS).feedback[-1]
    assert "say CANCEL REPORT to stop" in sms and classify_keyword("CANCEL REPORT") is None
    assert "say cancel to stop" in web
    bye = decide(SPILL_FORM, state, say("bye", "goodbye", channel="sms"), CONTACTS)
    assert "say CANCEL REPORT to stop" in " ".join(bye.feedback + bye.question)


def test_a_skippable_field_may_be_skipped_after_two_failed_answers_but_not_before():
    values = {"overflowing_now": "no", "city": "inglewood", "location": {"text": "5th and Main", "kind": "x"}}
    values |= {"what_spilling": "sewage", "started_at": "2026-11-29", "still_flowing": "no", "reaches": []}
    early = decide(SPILL_FORM, FormState(values, "volume", 0), say("skip"), CONTACTS)
    assert early.failures == 1 and early.next_slot == "volume"
    late = decide(SPILL_FORM, FormState(values, "volume", 2), say("skip"), CONTACTS)
    assert late.skipped == ("volume",)
    assert late.next_slot == "restaurant_involved"


def test_an_optional_field_may_be_skipped_at_once():
    values = {
        "service_date": "2026-08-14",
        "gallons": 10,
        "hauler": "ABC",
        "device": "trap",
        "city": "inglewood",
    }
    turn = decide(SERVICE_FORM, FormState(values, "frequency"), say("skip"), CONTACTS)
    assert turn.skipped == ("frequency",) and turn.next_slot == "service_confirmed"


def test_a_correction_at_the_read_back_keeps_a_thousands_separator_in_the_new_amount():
    # w56-c016: "1,080 gallons not 800" was read as 80 gallons (the comma taken for a clause's end)
    values = {
        "service_date": "2026-12-01",
        "gallons": {"amount": 800, "unit": "gal"},
        "hauler": "Desert Valley Pumping",
        "device": "interceptor",
        "city": "victorville",
    }
    turn = decide(
        SERVICE_FORM,
        FormState(values, "service_confirmed"),
        say("wait no sorry the ticket says 1,080 gallons not 800", "change_answer"),
        CONTACTS,
    )
    gallons = turn.updates.get("gallons")
    assert gallons is not None and (gallons.get("amount") if isinstance(gallons, dict) else gallons) == 1080


def test_change_the_address_with_the_new_value_in_the_same_message():
    values = {
        "overflowing_now": "no",
        "city": "victorville",
        "location": {"text": "5th and Main", "kind": "x"},
    }
    turn = decide(
        SPILL_FORM,
        FormState(values, "what_spilling"),
        say(
            "change the address to 7th and D st",
            "change_answer",
            entities=[{"entity": "field", "value": "address"}],
        ),
        CONTACTS,
    )
    assert turn.updates["location"]["text"] == "7th and D st"
    assert turn.next_slot == "what_spilling"


def test_change_an_answer_without_a_value_asks_it_again():
    values = {
        "overflowing_now": "no",
        "city": "victorville",
        "location": {"text": "5th and Main", "kind": "x"},
    }
    turn = decide(
        SPILL_FORM, FormState(values, "what_spilling"), say("change the address", "change_answer"), CONTACTS
    )
    assert turn.updates == {"location": None}
    assert turn.next_slot == "location"


def _complete_spill() -> dict:
    return {
        "overflowing_now": "no",
        "city": "inglewood",
        "location": {"text": "5th and Main", "kind": "cross_streets"},
        "what_spilling": "sewage",
        "started_at": "2026-11-29T11:00-08:00",
        "still_flowing": "yes",
        "reaches": ["storm_drain"],
        "volume": {"amount": 50, "unit": "gal"},
        "restaurant_involved": "no",
        "reporter_name": "Maria Lopez",
        "callback_number": "+13105550100",
    }


def test_when_everything_is_answered_the_report_is_read_back_for_confirmation():
    values = _complete_spill()
    del values["callback_number"]
    turn = decide(SPILL_FORM, FormState(values, "callback_number"), say("310-555-0100"), CONTACTS)
    assert turn.next_slot == "spill_confirmed"
    assert "Location: 5th and Main" in turn.question[0]
    assert "Callback number: (310) 555-0100" in turn.question[0]


def test_yes_at_the_read_back_finishes_the_form_and_no_asks_what_to_change():
    done = decide(SPILL_FORM, FormState(_complete_spill(), "spill_confirmed"), say("yes", "affirm"), CONTACTS)
    assert done.confirmed and done.next_slot is None
    again = decide(SPILL_FORM, FormState(_complete_spill(), "spill_confirmed"), say("no", "deny"), CONTACTS)
    assert not again.confirmed and again.next_slot == "spill_confirmed"
    assert "What should I change?" in again.feedback[0]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "oiga y una pregunta, nos van a cobrar a nosotros la limpieza? porque sale de nuestra cocina",
            "inform",
        ),
        ("Somos 45 asientos. Perdón, antes de seguir: ¿cuánto voy a tener que pagar?", "inform"),
        ("si, y otra pregunta: tengo que mandar algo por escrito?", "affirm"),
        ("And in Inglewood? We might open a second location there.", "inform_city"),  # the topic there
        # a long message that ends with a question of its own
        (
            "and if they say no and i get stuck with the other one, the cleanup charge, how much is it?",
            "deny",
        ),
        # a short one that opens with a question word, or with "and" and one, as texted
        ("y q les mando?", "inform"),
        ("y cuanto dura", "inform"),
        ("what do i send them?", "inform"),
        # several openers before the question word (s48-c007)
        ("oiga y eso quien lo paga, los restaurantes de por ahi?", "nlu_fallback"),
    ],
)
def test_a_question_the_classifier_took_for_an_answer_is_answered_aside_and_its_facts_kept(text, intent):
    turn = decide(SPILL_FORM, FormState({"overflowing_now": "yes"}, "volume"), say(text, intent), CONTACTS)
    assert turn.aside and not turn.reject and turn.next_slot == "volume"
    assert "volume" not in turn.updates  # the open question is asked again, not answered by the question


@pytest.mark.parametrize("intent", ["deny", "service_status"])
def test_a_long_spanish_message_ending_in_its_own_question_is_answered_aside(intent):
    said = say("y si no me lo dan y me toca el otro, el de la cuota de limpieza, cuanto es?", intent)
    with languages.using("es"):
        turn = decide(SPILL_FORM, FormState({"overflowing_now": "yes"}, "volume"), said, CONTACTS)
        assert turn.aside and turn.next_slot == "volume"
        # in the variance request, at a yes-or-no question: its "si no" is no answer (a status request's
        # rule runs in the pump-out log only)
        turn = decide(VARIANCE_FORM, FormState({"city": "inglewood"}, "no_space"), said, CONTACTS)
    assert turn.aside and "no_space" not in turn.updates


@pytest.mark.parametrize(
    ("text", "intent", "requested"),
    [
        ("started maybe twenty minutes ago? still coming out", "inform", "volume"),
        ("unos 30 galones?", "inform", "volume"),  # an answer unsure of itself
        ("how much? like fifty gallons", "inform", "volume"),  # the question said back, then the answer
        ("what, like 20 gallons", "inform", "volume"),
        (
            "¿cuánto voy a tener que pagar?",
            "inform",
            "spill_confirmed",
        ),  # at the read-back: about the answers
        ("¿cuánto voy a tener que pagar?", "ask_question", "volume"),  # a rule answers it
    ],
)
def test_an_unsure_answer_a_question_at_the_read_back_or_a_ruled_one_is_not_answered_aside(
    text, intent, requested
):
    turn = decide(SPILL_FORM, FormState({"overflowing_now": "yes"}, requested), say(text, intent), CONTACTS)
    assert not turn.aside


def test_resuming_after_an_interruption_asks_the_open_question_again():
    turn = decide(SPILL_FORM, FormState({"overflowing_now": "no"}, "city"), say("", fresh=False), CONTACTS)
    assert turn.question == (
        "Back to your spill report: Which city is the spill in: Victorville or Inglewood?",
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how much is the fine?", True),
        ("What do I do", True),
        ("5th and Main", False),
        ("sewage", False),
        ("Quick question before we go on: what will the annual fee be? We have 40 seats.", True),
        ("started maybe twenty minutes ago? it's still coming out, yeah", False),
    ],
)
def test_looks_like_question(text, expected):
    assert looks_like_question(text) is expected


@pytest.mark.parametrize(
    ("intent", "text", "expected"),
    [
        ("more", "MORE", True),
        ("more", "more please", True),
        ("more", "more than 50 gallons", False),
        ("out_of_scope", "what's the weather tomorrow?", True),
        ("out_of_scope", "Taco Hut", False),
        ("ask_question", "grease", False),
        ("inform", "how much?", False),
    ],
)
def test_is_interruption(intent, text, expected):
    assert is_interruption(intent, text) is expected


def test_a_name_and_number_in_one_answer_fill_both_questions():
    values = {k: v for k, v in _complete_spill().items() if k not in ("reporter_name", "callback_number")}
    turn = decide(
        SPILL_FORM, FormState(values, "reporter_name"), say("my name is Maria Lopez, 760-555-0100"), CONTACTS
    )
    assert turn.updates == {"reporter_name": "Maria Lopez", "callback_number": "+17605550100"}
    assert turn.next_slot == "spill_confirmed"


@pytest.mark.parametrize(("text", "intent"), [("thanks", "thanks"), ("hi", "greet"), ("bye", "goodbye")])
def test_courtesies_mid_form_are_acknowledged_not_taken_as_answers(text, intent):
    turn = decide(
        SPILL_FORM, FormState({"overflowing_now": "no"}, "what_spilling"), say(text, intent), CONTACTS
    )
    assert turn.updates == {} and turn.next_slot == "what_spilling" and turn.failures == 0
    assert len(turn.feedback) == 1


def test_naming_the_field_being_asked_is_an_answer_not_a_change():
    from actions.waivers import SPACE_WAIVER_FORM

    state = FormState({"services_requested": ["blue"]}, "evidence_source")
    turn = decide(SPACE_WAIVER_FORM, state, say("the hauler", "change_answer"), CONTACTS)
    assert turn.updates == {"evidence_source": "hauler"}
    unclear = decide(SPACE_WAIVER_FORM, state, say("i want to change an answer", "change_answer"), CONTACTS)
    assert unclear.updates == {} and "Which answer" in unclear.feedback[0]


def test_a_request_to_log_a_pump_out_names_no_hauler():
    turn = decide(SERVICE_FORM, FormState({}, None), say("log a pumpout", "log_pumpout"), CONTACTS)
    assert "hauler" not in turn.updates and turn.next_slot == "service_date"


def test_a_correction_that_names_only_the_new_value_changes_the_one_answer_it_fits():
    values = {"city": "inglewood", "service_date": "2026-11-25", "gallons": {"amount": 750, "unit": "gal"}}
    turn = decide(
        SERVICE_FORM,
        FormState(values, "hauler"),
        say("wait sorry it was the 24th not the 25th", "change_answer"),
        CONTACTS,
    )
    assert turn.updates == {"service_date": "2026-11-24"}
    assert turn.feedback == ("OK, I've changed the service date to Nov 24, 2026.",)  # and what it is now
    assert turn.next_slot == "hauler"  # and the open question is asked again


@pytest.mark.parametrize(
    ("language", "said", "hauler"),
    [
        ("en", "no, the hauler is wrong, it was Ace Grease", "Ace Grease"),
        ("en", "wrong hauler. it's actually Valley Pumping Co.", "Valley Pumping Co"),
        ("es", "la compañia esta mal, fue Grasas del Desierto", "Grasas del Desierto"),
    ],
)
def test_an_answer_called_wrong_then_said_again_at_the_read_back_takes_the_new_words(language, said, hauler):
    values = {
        "city": "victorville",
        "service_date": "2026-12-01",
        "gallons": {"amount": 300, "unit": "gal"},
        "hauler": "Joe's Pumping",
        "device": "interceptor",
    }
    with languages.using(language):
        turn = decide(
            SERVICE_FORM, FormState(values, "service_confirmed"), say(said, "change_answer"), CONTACTS
        )
    assert turn.updates["hauler"].startswith(hauler)
    assert turn.next_slot == "service_confirmed"  # read back again, not asked again


def test_an_answer_called_wrong_alone_is_asked_again():
    values = {
        "city": "victorville",
        "service_date": "2026-12-01",
        "hauler": "Joe's Pumping",
        "device": "trap",
    }
    values["gallons"] = {"amount": 30, "unit": "gal"}
    turn = decide(
        SERVICE_FORM,
        FormState(values, "service_confirmed"),
        say("the hauler is wrong", "change_answer"),
        CONTACTS,
    )
    assert turn.updates == {"hauler": None} and turn.next_slot == "hauler"


def test_not_the_old_day_it_was_another_changes_the_date_whatever_else_the_message_names():
    """ "wait not yesterday it was today 7am. hauler came early" at the read-back: the service date changes;
    the hauler named in passing is no answer to change."""
    values = {"city": "victorville", "service_date": "2026-11-28", "gallons": {"amount": 1500, "unit": "gal"}}
    turn = decide(
        SERVICE_FORM,
        FormState({**values, "hauler": "High Desert Pumping"}, "service_confirmed"),
        say("wait not yesterday it was today 7am. hauler came early", "change_answer"),
        CONTACTS,
    )
    assert turn.updates.get("service_date") == "2026-11-29"  # CTX's today
    assert "hauler" not in turn.updates


def test_a_correction_that_fits_no_answer_asks_which_one():
    values = {"city": "inglewood", "service_date": "2026-11-25"}
    turn = decide(
        SERVICE_FORM, FormState(values, "gallons"), say("no wait that's wrong", "change_answer"), CONTACTS
    )
    assert turn.updates == {} and "Which answer" in turn.feedback[0]


@pytest.mark.parametrize(
    ("language", "said", "heard"),
    [
        ("en", "Sorry, correction: we actually have 36 seats, not 28. We added a patio.", "Noted: 36 seats."),
        ("es", "perdon, son 36 sillas, no 28", "Anotado: 36 sillas."),
    ],
)
def test_a_correction_of_a_fact_the_form_does_not_ask_is_heard_and_the_form_goes_on(language, said, heard):
    values = {"city": "inglewood", "existing_establishment": "yes", "no_space": "yes"}
    with languages.using(language):
        turn = decide(VARIANCE_FORM, FormState(values, "no_slope"), say(said, "change_answer"), CONTACTS)
    assert turn.updates == {} and turn.feedback[0].startswith(heard)
    assert turn.next_slot == "no_slope" and turn.question


def test_a_correction_of_an_unasked_fact_keeps_what_else_it_tells_without_calling_it_a_change():
    """ "wait sorry its 38 seats not 28, we added the patio" while asked whether the place is open: the seats
    are no question of the variance; "we added" tells it is open, kept without "I've changed"."""
    values = {"city": "inglewood", "no_space": "yes"}
    turn = decide(
        VARIANCE_FORM,
        FormState(values, "existing_establishment"),
        say("wait sorry its 38 seats not 28, we added the patio", "change_answer"),
        CONTACTS,
    )
    assert turn.updates == {"existing_establishment": "yes"}
    assert turn.feedback[0].startswith("Noted: 38 seats.")


def test_labelled_details_fill_their_fields_each_to_its_sentence_s_end():
    """w36-c008: "Property: Mesa Crossing Food Court. Applicant: Dana Whitfield, property manager, ..." asked
    who documents the lack of space: the business and the applicant are kept, and the question asked again."""
    values = {"city": "victorville", "services_requested": ["brown"]}
    said = (
        "Property: Mesa Crossing Food Court. Applicant: Dana Whitfield, property manager, dana.w@example.com."
    )
    turn = decide(SPACE_WAIVER_FORM, FormState(values, "evidence_source"), say(said), CONTACTS)
    assert turn.updates["business_name"] == "Mesa Crossing Food Court"
    assert turn.updates["applicant_name"] == "Dana Whitfield"
    assert turn.next_slot == "evidence_source"


def test_a_food_business_named_before_its_street_is_the_business_s_name():
    values = {"city": "inglewood", "no_space": "yes", "existing_establishment": "yes"}
    turn = decide(
        VARIANCE_FORM,
        FormState(values, "no_slope"),
        say("Sweet Crumb Bakery on S Market St inglewood. owner Teresa Alvarez 310-555-0199", "inform"),
        CONTACTS,
    )
    assert turn.updates.get("business_name") == "Sweet Crumb Bakery"
    assert turn.updates.get("applicant_phone") == "+13105550199"


def test_a_number_corrected_is_changed_where_it_was_given_and_the_rest_of_the_message_read():
    location = {
        "text": "Rosa's Kitchen, 14850 Bear Valley Road, the alley",
        "kind": "landmark",
        "streets": [],
    }
    values = {"overflowing_now": "yes", "city": "victorville", "location": location, "still_flowing": "yes"}
    for said, intent in (
        ("the address is 14580, not 14850", "change_answer"),
        ("perdon, no es 14850, es 14580", "inform"),
    ):
        turn = decide(SPILL_FORM, FormState(values, "reporter_name"), say(said, intent), CONTACTS)
        assert turn.updates["location"]["text"] == "Rosa's Kitchen, 14580 Bear Valley Road, the alley"
        assert turn.next_slot == "reporter_name" and turn.question  # the open question again
    turn = decide(
        SPILL_FORM,
        FormState(values, "reporter_name"),
        say("oh wait, the address is 14580, not 14850. my name is Rosa Medina", "change_answer"),
        CONTACTS,
    )
    assert turn.updates["reporter_name"] == "Rosa Medina"  # the rest answers the open question
    assert "14580" in turn.updates["location"]["text"]
    said = (
        "it's getting close to the storm drain at the end of the alley, not in it yet I don't think. oh "
        "wait, sorry, the address is 14580, not 14850"
    )
    turn = decide(SPILL_FORM, FormState(values, "reporter_name"), say(said, "change_answer"), CONTACTS)
    # the rest is no second correction: "close to the storm drain" names no new location
    assert turn.updates["location"]["text"] == "Rosa's Kitchen, 14580 Bear Valley Road, the alley"
    assert turn.next_slot != "location"
    # nor, once the street is known, a change of where it reaches ("not in it yet" is no value to clear)
    reached = {**values, "reaches": ["street"], "volume": 40}
    turn = decide(SPILL_FORM, FormState(reached, "reporter_name"), say(said, "change_answer"), CONTACTS)
    assert "reaches" not in turn.updates and turn.next_slot == "reporter_name"
    assert not any("Which answer" in said for said in turn.feedback)


@pytest.mark.parametrize(
    ("place", "said", "now"),
    [
        # spoken: the number in words, spelled again, at the read-back (w45-c001)
        (
            "14400 Bear Valley Road, and we're, uh, suite forty. The place is Mesa Grill.",
            "wait, no — the suite, it's fourteen. one-four. not forty. everything else is right.",
            "suite 14.",
        ),
        # a street's words corrected while another answer is asked (w45-c002)
        (
            "the corner, on Ninth Avenue I think, East Ninth, near the taco place, 321 East Ninth",
            "no, it's Ninth Street, not Ninth Avenue, I just looked at the sign.",
            "on Ninth Street I think",
        ),
        # the number said in words and again in digits, corrected once (s43-c001: the callback number was
        # cleared instead)
        (
            "bear valley road, el numero es catorce mil cuatrocientos veinte, 14420, casi en la amargosa",
            "no no, el numero esta mal, es 14220, no 14420. lo demas si esta bien",
            "el numero es 14220, casi",
        ),
    ],
)
def test_a_place_corrected_in_words_is_changed_where_it_was_given(place, said, now):
    location = {"text": place, "kind": "landmark", "streets": []}
    values = {"overflowing_now": "yes", "city": "victorville", "location": location, "still_flowing": "yes"}
    for requested in ("volume", SPILL_FORM.confirm_slot):
        turn = decide(SPILL_FORM, FormState(values, requested), say(said, "change_answer"), CONTACTS)
        assert now in turn.updates["location"]["text"]
        assert turn.next_slot == requested and turn.question  # asked again (read back again): not submitted


@pytest.mark.parametrize(
    ("place", "requested", "said", "updates"),
    [
        # the open question answered "X, not Y" is its answer, the place kept (review of stop 52)
        (
            "Main St and 5th, by the storm drain",
            "reaches",
            "it's the gutter, not the storm drain",
            {"reaches"},
        ),
        # a number said in a name as well is not known to be the one meant: asked which answer
        ("the Seven Eleven on D street, unit eleven", "spill_confirmed", "it's 12 not 11", set()),
        # the words the place already has are not said twice
        ("the corner, on Ninth Avenue I think", "volume", "no it's Ninth Street, not Avenue", {"location"}),
    ],
)
def test_a_correction_in_words_changes_only_what_it_names(place, requested, said, updates):
    location = {"text": place, "kind": "landmark", "streets": []}
    values = {"overflowing_now": "yes", "city": "victorville", "location": location, "still_flowing": "yes"}
    turn = decide(SPILL_FORM, FormState(values, requested), say(said, "change_answer"), CONTACTS)
    assert set(turn.updates) == updates
    if "location" in updates:
        assert turn.updates["location"]["text"] == "the corner, on Ninth Street I think"


def test_words_around_a_number_corrected_keep_their_words_and_choices_their_keys():
    location = {"text": "the Five Guys at 14850 Bear Valley, suite forty", "kind": "landmark", "streets": []}
    values = {
        "overflowing_now": "yes",
        "city": "victorville",
        "location": location,
        "what_spilling": "grease, like thirty gallons of it",
        "volume": 30,
    }
    turn = decide(SPILL_FORM, FormState(values, "spill_confirmed"), say("it's fourteen, not forty"), CONTACTS)
    assert turn.updates["location"]["text"] == "the Five Guys at 14850 Bear Valley, suite 14"  # not "5 Guys"
    turn = decide(SPILL_FORM, FormState(values, "spill_confirmed"), say("sorry, it was 20, not 30"), CONTACTS)
    assert turn.updates == {"volume": 20}  # the amount, not the words that say it
    turn = decide(
        SPILL_FORM, FormState(values, "spill_confirmed"), say("no, it's Inglewood, not Victorville"), CONTACTS
    )
    assert turn.updates.get("city") in (None, "inglewood")  # a key, never the words


def test_an_answer_named_and_said_again_while_another_is_asked_is_changed_and_the_question_asked_again():
    """s30-c002: "la direccion es 312 S Market St" asked how much spilled, then "es 321 S Market no 312"."""
    location = {"text": "pupuseria la ceibita, market st inglewood", "kind": "landmark", "streets": []}
    values = {"overflowing_now": "yes", "city": "inglewood", "location": location, "still_flowing": "yes"}
    with languages.using("es"):
        turn = decide(
            SPILL_FORM, FormState(values, "volume"), say("la direccion es 312 S Market St"), CONTACTS
        )
    assert turn.updates["location"]["text"] == "312 S Market St"
    assert "volume" not in turn.updates  # still to answer
    values = {**values, **turn.updates}
    with languages.using("es"):
        turn = decide(
            SPILL_FORM,
            FormState(values, "volume"),
            say("a no perdon me equivoque!! es 321 S Market no 312", "change_answer"),
            CONTACTS,
        )
    assert turn.updates["location"]["text"] == "321 S Market St" and turn.next_slot == "volume"
    # the old words in the answer given, the new said after them (s26-c003)
    place = {"text": "la pupusería está en la Market Street, eh, el 215 de Market", "kind": "landmark"}
    with languages.using("es"):
        turn = decide(
            SPILL_FORM,
            FormState({**values, "location": place}, "started_at"),
            say("perdón, perdón, me equivoqué, no es Market, es la La Brea, 215 South La Brea"),
            CONTACTS,
        )
    assert turn.updates["location"]["text"].startswith("la La Brea, 215 South La Brea")
    assert "started_at" not in turn.updates
    # a message that answers the open question is its answer, whatever answer it names first (w17-c005)
    waiver = {"city": "victorville", "business_name": "FixIt Mobile Repair", "total_service_yd3": 2}
    turn = decide(
        DEMINIMIS_FORM,
        FormState(waiver, "organics_gal"),
        say(
            "Our trash service is one 1-yard bin picked up once a week, and all our organic waste is maybe 5 "
            "gallons a week."
        ),
        CONTACTS,
    )
    assert turn.updates.get("organics_gal") is not None and not any("changed" in f for f in turn.feedback)
    # a question that names an answer changes nothing; nor does the answer asked
    for said in ("where is the nearest manhole?", "the address is what I told you?"):
        assert "location" not in decide(SPILL_FORM, FormState(values, "volume"), say(said), CONTACTS).updates


def test_a_third_answer_that_does_not_fit_a_skippable_field_leaves_it_out_and_goes_on():
    values = {"overflowing_now": "no", "city": "inglewood", "location": {"text": "5th and Main", "kind": "x"}}
    values |= {"what_spilling": "sewage", "started_at": "2026-11-29", "still_flowing": "no"}
    turn = decide(
        SPILL_FORM,
        FormState(values, "reaches", 2),
        say("me llamo Ramon Ortiz, mi cel es el 760 555 0143"),
        CONTACTS,
    )
    assert turn.skipped == ("reaches",) and turn.next_slot == "volume"
    assert (
        turn.updates["reporter_name"] == "Ramon Ortiz" and turn.updates["callback_number"] == "+17605550143"
    )
    assert turn.feedback == ("I'll leave that out.",)


def test_a_caller_who_does_not_know_or_keeps_telling_other_things_is_not_asked_the_same_detail_again():
    values = {"overflowing_now": "yes", "city": "victorville", "what_spilling": "sewage"}
    values |= {"location": {"text": "Bear Valley", "kind": "x"}}
    # "I don't know how long" inside a longer answer: left out at once, the rest of what it told kept (w45)
    unknown = decide(
        SPILL_FORM,
        FormState(values, "started_at"),
        say("it's going into the gutter. I don't know how long, I just drove by and pulled over."),
        CONTACTS,
    )
    assert unknown.skipped == ("started_at",) and unknown.next_slot != "started_at"
    assert unknown.feedback == ("I'll leave that out.",)
    # other facts instead of the answer: asked once more, then left out
    first = decide(SPILL_FORM, FormState(values, "started_at"), say("my name's Kevin Oduya"), CONTACTS)
    assert first.next_slot == "started_at" and first.failures == 1 and first.updates["reporter_name"]
    second = decide(
        SPILL_FORM, FormState(values, "started_at", first.failures), say("760 955 1243"), CONTACTS
    )
    assert second.skipped == ("started_at",) and second.updates["callback_number"] == "+17609551243"
    # where it is, which the report cannot go without, is still asked
    nowhere = {k: v for k, v in values.items() if k != "location"}
    held = decide(SPILL_FORM, FormState(nowhere, "location"), say("i dont know the address"), CONTACTS)
    assert held.skipped == () and held.next_slot == "location"


def test_an_applicant_who_goes_straight_on_with_the_facts_is_filling_out_the_application():
    form = PERMIT_FORMS["victorville"]
    state = FormState({"city": "victorville"}, "application_path")
    turn = decide(form, state, say("It's called Cocina Jalisco, the operator is me, Maria Lopez"), CONTACTS)
    assert turn.updates["application_path"] == "application" and turn.next_slot == "facility_address"
    assert turn.updates["business_name"] == "Cocina Jalisco"  # what the applicant went on with is kept
    assert "say documents" in turn.feedback[0]
    short = decide(form, state, say("hmm not sure"), CONTACTS)
    assert "application_path" not in short.updates and short.next_slot == "application_path"


def test_an_answer_that_does_not_fit_still_keeps_the_facts_it_gives():
    values = {
        "overflowing_now": "no",
        "city": "victorville",
        "location": {"text": "5th and Main", "kind": "x"},
    }
    turn = decide(
        SPILL_FORM,
        FormState(values, "restaurant_involved"),
        say("me llamo Ramon Ortiz, mi cel es 760 555 0143"),
        CONTACTS,
    )
    # facts given are kept, and the question asked once more before it is left out (a caller is not asked the
    # same detail over and over)
    assert turn.next_slot == "restaurant_involved" and turn.failures == 1
    assert turn.updates == {"reporter_name": "Ramon Ortiz", "callback_number": "+17605550143"}
    assert turn.feedback == (
        "Got it.",
        "Is a restaurant or other food business involved? (yes, no or not sure)",
    )


def test_an_applicant_s_facts_given_early_are_kept_by_the_words_that_name_them():
    form = PERMIT_FORMS["victorville"]
    state = FormState({"city": "victorville", "application_path": "application"}, "business_name")
    text = "Cocina Jalisco, 14500 Bear Valley Rd. Unos 250 platillos al dia, 45 asientos, 8 empleados"
    turn = decide(form, state, say(text), CONTACTS)
    assert turn.updates["dining_capacity"] == 45 and turn.updates["employees"] == 8
    assert turn.updates["meals_per_day"] == 250
    assert "kitchen_size" not in turn.updates  # "14500 Bear Valley Rd" is an address, not a size


@pytest.mark.parametrize(
    "text",
    [
        "We prep from 6 to 10 am and clean from 9 to 11 pm. We discharge about 1,500 gallons of water a "
        "day from the kitchen and dishwashing. We have 2 fryers, a griddle, a 3 compartment sink and a 6 "
        "burner stove.",
        "Preparamos de 6 a 10 de la mañana y limpiamos de 9 a 11 de la noche. Descargamos como 1,500 galones "
        "de agua al día. Tenemos 2 freidoras, una plancha, un fregadero de 3 compartimientos y una estufa.",
    ],
)
def test_hours_wastewater_and_fixtures_given_before_they_are_asked_are_kept(text):
    """s45-c006: the day's hours, the gallons and the fixtures said while the contact's name was asked were
    lost, and asked again later; kept by the words that name them, and the name asked again."""
    form = PERMIT_FORMS["victorville"]
    values = {"city": "victorville", "application_path": "application", "business_name": "Cocina Lupe"}
    turn = decide(form, FormState(values, "applicant_name"), say(text), CONTACTS)
    assert turn.updates["wastewater_volume"]["amount"] == 1500
    assert turn.updates["prep_hours"] == [{"start": "06:00", "end": "10:00", "all_day": False}]
    assert turn.updates["cleaning_hours"] == [{"start": "21:00", "end": "23:00", "all_day": False}]
    assert "2 fr" in turn.updates["appliances_fixtures"]
    assert turn.next_slot == "applicant_name"
    # the fryer oil kept is no wastewater discharged (review of stop 56, F14)
    said = say("we go through about 10 gallons of fryer oil a day")
    assert (
        "wastewater_volume" not in decide(form, FormState(values, "applicant_name"), said, CONTACTS).updates
    )


@pytest.mark.parametrize(
    "text",
    [
        "Prep runs 7 to 11 a.m. and cleanup is 10 p.m. to midnight. Wastewater is kitchen and dishwashing "
        "water. Equipment: two fryers, a six-burner range, a prep sink, a mop sink and a dishwasher. We "
        "serve Indian food.",
        "preparamos desde las 7am hasta las 11, la limpieza es de 10 de la noche a medianoche. el agua sucia "
        "viene de la cocina y de lavar trastes. usamos 2 freidoras, una plancha y un fregadero. servimos "
        "comida salvadoreña",
    ],
)
def test_hours_wastewater_type_fixtures_and_food_said_in_everyday_words_are_kept(text):
    """w49-c005, s20-c004: "Prep runs 7 to 11 a.m.", "Wastewater is kitchen and dishwashing water" and
    "Equipment: ..." were answered "Got it." and asked again later, and the application was filed as missing
    them; each is kept by the words that name it."""
    form = PERMIT_FORMS["victorville"]
    values = {"city": "victorville", "application_path": "application", "business_name": "Cocina Lupe"}
    turn = decide(form, FormState(values, "applicant_name"), say(text), CONTACTS)
    assert turn.updates["prep_hours"] == [{"start": "07:00", "end": "11:00", "all_day": False}]
    assert turn.updates["cleaning_hours"] == [{"start": "22:00", "end": "00:00", "all_day": False}]
    assert "cocina" in turn.updates["wastewater_type"].lower() or "kitchen" in turn.updates["wastewater_type"]
    assert "fr" in turn.updates["appliances_fixtures"] and "food_type" in turn.updates
    assert turn.next_slot == "applicant_name"
    # the water's heat is no type of wastewater (review of stop 59, S6)
    hot = decide(form, FormState(values, "applicant_name"), say("the water is hot"), CONTACTS)
    assert "wastewater_type" not in hot.updates


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("El teléfono está mal, es 760-555-0135.", "es"),
        ("the phone number is wrong, it is 760-555-0135", "en"),
    ],
)
def test_an_answer_called_wrong_with_its_value_while_another_is_asked_is_changed(text, language):
    """s45-c006: "El teléfono está mal, es 760-555-0135." while the gallons were asked got "Please give a
    number"; the phone is changed, the gallons asked on."""
    form = PERMIT_FORMS["victorville"]
    values = {
        "city": "victorville",
        "application_path": "application",
        "business_name": "Cocina Lupe",
        "facility_address": {"text": "14500 Bear Valley Rd", "kind": "address"},
        "applicant_name": "Lupe Diaz",
        "applicant_phone": "+17605550133",
    }
    with languages.using(language):
        turn = decide(form, FormState(values, "wastewater_volume"), say(text), CONTACTS)
    assert turn.updates == {"applicant_phone": "+17605550135"} and turn.next_slot == "wastewater_volume"
    with languages.using(language):
        alone = decide(form, FormState(values, "wastewater_volume"), say("the phone is wrong"), CONTACTS)
    assert "applicant_phone" not in alone.updates  # no new value said: nothing changed


def test_a_business_named_with_its_address_and_phone_fills_all_three():
    form = PERMIT_FORMS["inglewood"]
    turn = decide(
        form,
        FormState({"city": "inglewood"}, "business_name"),
        say("Casa Lupe Kitchen, 450 E Manchester Blvd, Inglewood. Phone is 310-555-0123."),
        CONTACTS,
    )
    assert turn.updates["business_name"] == "Casa Lupe Kitchen"
    assert turn.updates["facility_address"]["text"] == "450 E Manchester Blvd, Inglewood"
    assert turn.updates["applicant_phone"] == "+13105550123"
    assert "street address" not in " ".join(turn.question)


def test_what_the_place_serves_asked_for_the_contact_is_its_description_and_no_name():
    values = {"city": "inglewood", "business_name": "Casa Lupe Kitchen", "applicant_phone": "+13105550123"}
    turn = decide(
        PERMIT_FORMS["inglewood"],
        FormState(values, "applicant_name"),
        say("We serve Mexican food, lunch and dinner, about 150 meals a day. Parcel number is 4021-015-022."),
        CONTACTS,
    )
    assert "applicant_name" not in turn.updates  # "Parcel number is" is no one's name
    assert turn.updates["parcel_numbers"] == ["4021-015-022"]
    assert turn.updates["establishment_description"].startswith("We serve Mexican food")
    assert turn.next_slot == "applicant_name"


def test_a_name_and_number_given_to_another_question_are_the_caller_s():
    values = {"overflowing_now": "yes", "city": "inglewood", "location": {"text": "1120 N La Brea Ave"}}
    turn = decide(
        SPILL_FORM, FormState(values, "restaurant_involved"), say("luis garcia 310-555-0199"), CONTACTS
    )
    assert turn.updates == {"reporter_name": "luis garcia", "callback_number": "+13105550199"}
    assert turn.next_slot == "restaurant_involved"  # the open question still wants its yes or no


@pytest.mark.parametrize(
    "text",
    [
        "The building owner is Manchester Retail LLC; it's managed by Pacific Property, 310-555-0188.",
        "Tacos El Guero 760-555-0100",  # asked for the business's name: a name here is the business's
    ],
)
def test_someone_else_s_number_or_a_business_s_name_is_not_taken_for_the_applicant_s(text):
    form = PERMIT_FORMS["inglewood"]
    asked = "owners" if "owner" in text else "business_name"
    turn = decide(form, FormState({"city": "inglewood"}, asked), say(text), CONTACTS)
    assert "applicant_name" not in turn.updates
    if asked == "owners":
        assert "applicant_phone" not in turn.updates


def test_a_spill_from_our_own_grease_trap_involves_a_restaurant_and_its_name_comes_with_the_address():
    first = decide(
        SPILL_FORM,
        FormState({}, None),
        say(
            "our grease trap out back is overflowing rn into the alley!! inglewood",
            "report_spill",
            channel="sms",
        ),
        CONTACTS,
    )
    assert first.updates["restaurant_involved"] == "yes"
    values = {**first.updates, "overflowing_now": "yes"}
    where = decide(
        SPILL_FORM, FormState(values, "location"), say("el guero tacos, 1120 n la brea ave"), CONTACTS
    )
    assert where.updates["restaurant_name"] == "el guero tacos"
    assert where.updates["location"]["text"] == "el guero tacos, 1120 n la brea ave"  # the crew reads it all


def test_a_landmark_before_the_address_is_not_taken_for_the_business_involved():
    values = {"overflowing_now": "yes", "city": "victorville", "restaurant_involved": "yes"}
    turn = decide(
        SPILL_FORM,
        FormState(values, "location"),
        say("in front of the Denny's, 14900 Bear Valley Rd"),
        CONTACTS,
    )
    assert "restaurant_name" not in turn.updates


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("there's grease water coming up out of the manhole in the alley in Inglewood", "grease water"),
        ("hay aguas negras saliendo de la coladera en victorville", "aguas negras"),
    ],
)
def test_what_is_spilling_said_with_how_it_flows_is_not_asked_again(text, what):
    turn = decide(SPILL_FORM, FormState({}, None), say(text, "report_spill", channel="voice"), CONTACTS)
    assert turn.updates["what_spilling"] == what
    assert turn.next_slot != "what_spilling"


def test_a_grease_trap_that_needs_pumping_is_no_spill_substance():
    turn = decide(
        SPILL_FORM, FormState({}, None), say("the grease trap needs pumping", "report_spill"), CONTACTS
    )
    assert "what_spilling" not in turn.updates


def test_a_business_address_and_contact_said_with_their_names_in_a_long_answer_are_all_kept():
    values = {"city": "victorville", "services_requested": ["green", "brown"]}
    turn = decide(
        DEMINIMIS_FORM,
        FormState(values, "total_service_yd3"),
        say(
            "About 1.5 cubic yards a week. Business is Sunrise Bakery, 15000 Seventh St, contact Ana Lee, "
            "760-555-0177."
        ),
        CONTACTS,
    )
    assert turn.updates["business_name"] == "Sunrise Bakery"
    assert turn.updates["facility_address"]["text"] == "15000 Seventh St"
    assert turn.updates["applicant_name"] == "Ana Lee"
    assert turn.updates["applicant_phone"] == "+17605550177"


def test_a_role_is_no_name_and_a_spill_s_location_is_not_the_business_address():
    turn = decide(
        SPILL_FORM,
        FormState({"overflowing_now": "yes", "city": "victorville"}, "what_spilling"),
        say("grease. I'm the shift manager at 15000 Seventh St"),
        CONTACTS,
    )
    assert "reporter_name" not in turn.updates and "location" not in turn.updates


def test_a_variance_applicant_s_own_words_answer_the_screening_questions():
    turn = decide(
        VARIANCE_FORM,
        FormState({"city": "inglewood"}, "existing_establishment"),
        say(
            "Sunny Side Diner, 300 S Market St, Inglewood. It's an existing restaurant, open since 2015. "
            "There's no room behind the building and the plumber says the slope won't work either."
        ),
        CONTACTS,
    )
    assert turn.updates["existing_establishment"] == "yes"
    assert turn.updates["no_space"] == "yes" and turn.updates["no_slope"] == "yes"
    assert turn.next_slot == "alt_tech_equivalent"


def test_a_variance_applicant_s_own_words_in_spanish_answer_the_screening_questions():
    said = (
        "Tengo un café pequeño en Inglewood en un local viejo. Café La Esquina, 210 E Queen St. No hay "
        "espacio para el interceptor y el plomero dice que tampoco hay pendiente."
    )
    with languages.using("es"):
        turn = decide(
            VARIANCE_FORM, FormState({"city": "inglewood"}, "existing_establishment"), say(said), CONTACTS
        )
    assert turn.updates["existing_establishment"] == "yes"
    assert turn.updates["no_space"] == "yes" and turn.updates["no_slope"] == "yes"


@pytest.mark.parametrize(
    "said",
    [
        "el plomero dice q no hay espacio en el estacionamiento y q no hay caida pa q baje por gravedad",
        "no cabe el interceptor y el drenaje no tiene desnivel",
        "a big interceptor won't fit out back and there is no slope to the sewer",
        "el plomero dice q no hay espacio ni pendiente pa instalarlo, tengo una carta de el",
        "The problems are space and slope: there's no room out back, and the kitchen sits lower than the "
        "alley sewer line.",
    ],
)
def test_no_room_and_no_fall_said_in_a_cook_s_words_answer_both_screening_questions(said):
    turn = decide(
        VARIANCE_FORM,
        FormState({"city": "inglewood", "existing_establishment": "yes"}, "no_space"),
        say(said),
        CONTACTS,
    )
    assert turn.updates["no_space"] == "yes" and turn.updates["no_slope"] == "yes"


def test_a_waiver_request_that_states_its_numbers_and_containers_is_not_asked_them_again():
    turn = decide(
        DEMINIMIS_FORM,
        FormState({"city": "victorville"}, None),
        say(
            "Our Victorville tailoring shop has a 1.5 cubic yard trash bin picked up once a week, and we "
            "produce about 12 gallons of organic waste a week. We want the waiver for the green and brown "
            "container service.",
            "request_deminimis_waiver",
        ),
        CONTACTS,
    )
    assert turn.updates["total_service_yd3"]["amount"] == 1.5
    assert turn.updates["organics_gal"]["amount"] == 12
    assert turn.updates["services_requested"] == ["green", "brown"]
    assert turn.next_slot == "has_documentation"


def test_a_correction_of_a_fact_not_asked_yet_keeps_the_fact():
    form = PERMIT_FORMS["inglewood"]
    values = {"city": "inglewood", "business_name": "Pupuseria El Comal"}
    turn = decide(
        form,
        FormState(values, "facility_address"),
        say("wait sorry we added the patio, its 60 seats total not 45", "change_answer"),
        CONTACTS,
    )
    assert turn.updates["dining_capacity"] == 60
    assert turn.next_slot == "facility_address"


def test_a_correction_by_its_value_wins_over_a_field_its_other_words_name():
    form = PERMIT_FORMS["inglewood"]
    values = {
        "city": "inglewood",
        "business_name": "Pupuseria La Ceiba",
        "establishment_kind": "restaurant",
        "dining_capacity": 48,
    }
    turn = decide(
        form,
        FormState(values, "applicant_name"),
        say(
            "Perdón, me equivoqué: son 58 asientos, no 48, porque el dueño agregó una terraza.",
            "change_answer",
        ),
        CONTACTS,
    )
    assert turn.updates == {"dining_capacity": 58}
    assert turn.feedback[0].startswith("OK, I've changed the")


def test_a_correction_that_names_the_old_value_first_is_still_applied():
    values = {"service_date": "2026-11-29", "gallons": {"amount": 800, "unit": "gal"}, "city": "victorville"}
    turn = decide(
        SERVICE_FORM,
        FormState(values, "hauler"),
        say("ah no perdon me equivoque, no fue hoy, fue ayer viernes 28", "change_answer"),
        CONTACTS,
    )
    assert turn.updates == {"service_date": "2026-11-28"}


def test_the_pump_out_log_never_asks_the_permits_frequency_but_keeps_it_when_said():
    values = {"service_date": "2026-11-29", "gallons": 10, "hauler": "ABC", "device": "trap"}
    turn = decide(SERVICE_FORM, FormState(values, "city"), say("Victorville"), CONTACTS)
    assert turn.next_slot == "service_confirmed" and "frequency" not in " ".join(turn.question).lower()
    turn = decide(
        SERVICE_FORM, FormState(values, "city"), say("victorville, our permit says every 60 days"), CONTACTS
    )
    assert turn.updates["frequency"] == {"days": 60, "months": None}


def test_a_fact_said_at_the_read_back_is_kept_and_read_back_again():
    values = {
        "service_date": "2026-11-29",
        "gallons": 10,
        "hauler": "ABC",
        "device": "interceptor",
        "city": "victorville",
    }
    turn = decide(
        SERVICE_FORM, FormState(values, "service_confirmed"), say("our permit says 60 days"), CONTACTS
    )
    assert turn.updates == {"frequency": {"days": 60, "months": None}} and not turn.confirmed
    assert turn.next_slot == "service_confirmed" and "every 60 days" in " ".join(turn.question)


_LOGGED = {
    "service_date": "2026-11-30",
    "gallons": {"amount": 1000, "unit": "gal"},
    "hauler": "socal liquid waste",
    "device": "interceptor",
    "city": "inglewood",
}


@pytest.mark.parametrize(
    ("text", "business", "address", "manifest"),
    [
        ("rosas cantina 455 n prairie ave", "rosas cantina", "455 n prairie ave", None),
        (
            "la fonda grill 15432 palmdale rd. manifest # 20419",
            "la fonda grill",
            "15432 palmdale rd",
            "20419",
        ),
        ("Golden Bowl, 3320 W Century Blvd. ticket 88213", "Golden Bowl", "3320 W Century Blvd", "88213"),
    ],
)
def test_the_establishment_and_the_manifest_said_at_the_pump_out_read_back_are_kept(
    text, business, address, manifest
):
    turn = decide(SERVICE_FORM, FormState(dict(_LOGGED), "service_confirmed"), say(text), CONTACTS)
    assert turn.updates["business_name"] == business
    assert turn.updates["facility_address"]["text"] == address
    assert turn.updates.get("manifest_number") == manifest
    assert turn.next_slot == "service_confirmed" and business in " ".join(turn.question)


@pytest.mark.parametrize("intent", ["change_answer", "inform"])
def test_a_corrected_ticket_number_replaces_the_one_given(intent):
    values = {**_LOGGED, "manifest_number": "88213"}
    turn = decide(
        SERVICE_FORM,
        FormState(values, "service_confirmed"),
        say("oh wait ticket is 88231 not 88213. driver was mike reyes, took out like 950 gal", intent),
        CONTACTS,
    )
    assert turn.updates["manifest_number"] == "88231"
    if intent == "change_answer":  # the amount the correction gives, with it
        assert turn.updates["gallons"]["amount"] == 950
    assert turn.next_slot == "service_confirmed" and not turn.confirmed


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("no espera, no fue hoy, fue ayer. hoy nomas me dieron el papel", "2026-11-28"),
        ("no wait it was the 27th", "2026-11-27"),
        # the new day named by its weekday and its date, the old one's clause between them
        ("wait it was monday not wednesday. the 23rd", "2026-11-23"),
        ("it was monday the 23rd, not wednesday", "2026-11-23"),
        # "wasn't" denies the old one in its own sentence (w36-c004)
        (
            "Sorry, correction: it wasn't yesterday. The service was on Friday, November 27. I was looking "
            "at "
            "the date the invoice arrived.",
            "2026-11-27",
        ),
    ],
)
def test_a_no_with_the_new_value_at_the_read_back_is_the_correction(text, day):
    values = {**_LOGGED, "service_date": "2026-11-29"}
    with languages.using("es" if "espera" in text else "en"):
        turn = decide(SERVICE_FORM, FormState(values, "service_confirmed"), say(text, "deny"), CONTACTS)
    assert turn.updates == {"service_date": day} and turn.next_slot == "service_confirmed"


@pytest.mark.parametrize("text", ["its the trap not the interceptor", "it was the trap, not the interceptor"])
def test_a_device_corrected_at_the_read_back_takes_the_one_named_first(text):
    turn = decide(
        SERVICE_FORM, FormState(dict(_LOGGED), "service_confirmed"), say(text, "change_answer"), CONTACTS
    )
    assert turn.updates == {"device": "trap"}
    assert turn.feedback == ("OK, I've changed the device to grease trap.",)


def test_yes_send_it_while_questions_remain_says_how_many_and_asks_the_open_one():
    form = PERMIT_FORMS["inglewood"]
    values = {"city": "inglewood", "business_name": "Pupuseria La Ceiba"}
    turn = decide(form, FormState(values, "applicant_name"), say("yes send it", "affirm"), CONTACTS)
    assert not turn.updates and turn.next_slot == "applicant_name" and turn.failures == 1  # said once
    assert (
        turn.feedback[0].startswith("Almost there:")
        and "more questions before I can send it" in turn.feedback[0]
    )
    assert turn.question  # the open question again, not "please type your name"


def test_a_seat_count_corrected_is_never_read_as_an_address():
    form = PERMIT_FORMS["inglewood"]
    values = {
        "city": "inglewood",
        "business_name": "Pupuseria La Ceiba",
        "facility_address": "3300 W Century Blvd",
    }
    turn = decide(
        form,
        FormState(values, "applicant_name"),
        say("Perdón, me equivoqué: son 46 asientos, no 64.", "change_answer"),
        CONTACTS,
    )
    assert turn.updates == {"dining_capacity": 46}
    assert turn.feedback[0].startswith("OK, I've changed the")


def test_a_name_the_classifier_took_for_a_yes_is_still_the_name():
    values = {"overflowing_now": "yes", "city": "victorville", "location": {"text": "Seneca Rd"}}
    turn = decide(SPILL_FORM, FormState(values, "reporter_name"), say("Sam Ortiz", "affirm"), CONTACTS)
    assert turn.updates["reporter_name"] == "Sam Ortiz" and not turn.feedback


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("ya llame. es en la 3rd ave y manchester, pupuseria lupita", "pupuseria lupita"),
        ("es en la palmdale road, la taqueria el guero, enfrente de la gasolinera", "taqueria el guero"),
        ("ya llame a ese numero. es la Pupuseria La Ceiba, 3201 W Century Blvd", "Pupuseria La Ceiba"),
    ],
)
def test_a_restaurant_named_beside_where_the_spill_is_is_the_one_involved(text, name):
    values = {"overflowing_now": "yes", "city": "inglewood", "restaurant_involved": "yes"}
    turn = decide(SPILL_FORM, FormState(values, "location"), say(text, channel="sms"), CONTACTS)
    assert turn.updates["restaurant_name"] == name


def test_a_name_and_number_given_when_the_restaurant_was_asked_are_the_caller_s_not_the_restaurant():
    values = {
        "overflowing_now": "yes",
        "city": "inglewood",
        "location": {"text": "3rd Ave and Manchester"},
        "restaurant_involved": "yes",
    }
    turn = decide(
        SPILL_FORM, FormState(values, "restaurant_name"), say("Lupita Ramirez, 310 555 0122"), CONTACTS
    )
    assert turn.updates["reporter_name"] == "Lupita Ramirez"
    assert "restaurant_name" not in turn.updates  # still to be asked
    named = decide(
        SPILL_FORM, FormState(values, "restaurant_name"), say("Tacos Lupita, 310 555 0122"), CONTACTS
    )
    assert named.updates["restaurant_name"] == "Tacos Lupita"


def test_a_business_s_facts_given_for_its_name_are_kept_and_the_name_asked_again():
    form = PERMIT_FORMS["victorville"]
    values = {"city": "victorville", "application_path": "application"}
    turn = decide(
        form,
        FormState(values, "business_name"),
        say(
            "Comida mexicana, desayuno y comida, unos 250 platillos al dia, 45 asientos, 8 empleados y la "
            "cocina mide como 600 pies cuadrados."
        ),
        CONTACTS,
    )
    assert "business_name" not in turn.updates and turn.next_slot == "business_name"
    assert turn.feedback == ("Please type just the business's name, for example Casa Lupe Kitchen.",)
    assert turn.updates  # the seats, staff and kitchen size it gives are kept


def test_spanish_words_that_name_the_business_and_the_operator_fill_them():
    form = PERMIT_FORMS["victorville"]
    turn = decide(
        form,
        FormState({"city": "victorville"}, "application_path"),
        say(
            "Se llama Cocina Jalisco, la operadora soy yo, Maria Lopez, y la direccion es 14500 Bear Valley "
            "Rd, Victorville."
        ),
        CONTACTS,
    )
    assert turn.updates["business_name"] == "Cocina Jalisco"
    assert turn.updates["applicant_name"] == "Maria Lopez"
    assert turn.updates["facility_address"]["text"] == "14500 Bear Valley Rd"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("unos 5 galones creo. Pollos El Sinaloense en la Manchester", "Pollos El Sinaloense"),
        ("ok ahorita le marco. es la taqueria Los Compadres en la Market St", "taqueria Los Compadres"),
    ],
)
def test_a_restaurant_said_with_the_street_it_is_on_is_the_one_involved(text, name):
    values = {"overflowing_now": "yes", "city": "inglewood", "restaurant_involved": "yes"}
    turn = decide(SPILL_FORM, FormState(values, "location"), say(text, channel="sms"), CONTACTS)
    assert turn.updates["restaurant_name"] == name


@pytest.mark.parametrize(
    "text",
    [
        "sale de mi restaurante, en la bear valley",
        "the grease trap at the restaurant on main st is overflowing",
    ],
)
def test_words_about_the_restaurant_are_not_its_name(text):
    values = {"overflowing_now": "yes", "city": "inglewood", "restaurant_involved": "yes"}
    turn = decide(SPILL_FORM, FormState(values, "location"), say(text, channel="sms"), CONTACTS)
    assert "restaurant_name" not in turn.updates


def test_the_caller_s_name_beside_their_role_is_kept_while_another_question_is_open():
    values = {"overflowing_now": "yes", "city": "inglewood", "location": {"text": "Market St"}}
    turn = decide(
        SPILL_FORM,
        FormState(values, "still_flowing"),
        say("Juan Perez, soy el dueño. 310 555 0198"),
        CONTACTS,
    )
    assert turn.updates["reporter_name"] == "Juan Perez"
    assert turn.updates["callback_number"] == "+13105550198"


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "The owner is Guadalupe Reyes, sole proprietor. Business license number BL-2026-0457.",
            {"owners": "The owner is Guadalupe Reyes, sole proprietor"},
        ),
        (
            "The building owner is Manchester Retail LLC; it's managed by Pacific Property Management, "
            "310-555-0188.",
            {
                "property_owner": "The building owner is Manchester Retail LLC",
                "property_manager": "it's managed by Pacific Property Management, 310-555-0188",
            },
        ),
        (
            "Somos cocina salvadoreña: pupusas y yuca frita. Tendremos 48 asientos.",
            {"cuisine": "Somos cocina salvadoreña: pupusas y yuca frita", "dining_capacity": 48},
        ),
    ],
)
def test_an_inglewood_applicant_s_owners_property_and_cuisine_said_early_are_kept(text, facts):
    form = PERMIT_FORMS["inglewood"]
    turn = decide(form, FormState({"city": "inglewood"}, "applicant_name"), say(text), CONTACTS)
    assert {name: turn.updates.get(name) for name in facts} == facts
    assert "applicant_name" not in turn.updates
    assert turn.feedback == (
        "Got it.",
        "What is your name (the person we should contact about this request)?",
    )


def test_a_seat_count_said_before_it_is_asked_can_be_corrected():
    form = PERMIT_FORMS["inglewood"]
    values = {"city": "inglewood", "business_name": "Antojitos Doña Chela", "dining_capacity": 64}
    turn = decide(
        form,
        FormState(values, "applicant_phone"),
        say("Perdón, me equivoqué: son 46 asientos, no 64.", "change_answer"),
        CONTACTS,
    )
    assert turn.updates == {"dining_capacity": 46}


def _at_the_service_read_back(said: str, intent: str = "inform", **changed):
    """A logged pump-out's read-back (an interceptor in Victorville, December 1) answered with ``said``."""
    values = {
        "service_date": "2026-12-01",
        "gallons": {"amount": 1000, "unit": "gal", "approximate": False},
        "hauler": "Desert Pumping",
        "device": "interceptor",
        "city": "victorville",
        **changed,
    }
    return decide(SERVICE_FORM, FormState(values, SERVICE_FORM.confirm_slot), say(said, intent), CONTACTS)


def test_the_same_answer_said_again_at_the_read_back_is_no_change():
    turn = _at_the_service_read_back(
        "today dec 1 around 7am. its the interceptor out back not the little trap", "change_answer"
    )
    assert "device" not in turn.updates or turn.updates["device"] == "interceptor"
    assert turn.next_slot == SERVICE_FORM.confirm_slot  # read back again, nothing asked again


def test_a_pump_truck_s_hundreds_of_gallons_came_out_of_an_interceptor():
    values = {"service_date": "2026-11-24", "city": "victorville"}
    turn = decide(SERVICE_FORM, FormState(values, "gallons"), say("like 500 gal"), CONTACTS)
    assert turn.updates["device"] == "interceptor"
    small = decide(SERVICE_FORM, FormState(values, "gallons"), say("about 30 gallons"), CONTACTS)
    assert "device" not in small.updates


def test_a_trampa_de_grasa_pumped_of_hundreds_of_gallons_or_named_an_interceptor_is_one():
    values = {"city": "victorville", "device": "trap"}  # "nos bombearon la trampa de grasa"
    with languages.using("es"):
        turn = decide(
            SERVICE_FORM,
            FormState(values, "service_date"),
            say("Mariscos El Guero, 15000 7th St. es el interceptor grande de afuera"),
            CONTACTS,
        )
        assert turn.updates["device"] == "interceptor"  # the date asked again, the device kept
        assert turn.updates["business_name"] == "Mariscos El Guero"  # and the establishment it names
        assert turn.updates["facility_address"]["text"] == "15000 7th St"
        assert turn.next_slot == "service_date"
        pumped = decide(
            SERVICE_FORM, FormState(values, "service_date"), say("fue ayer, sacaron 800 galones"), CONTACTS
        )
        assert pumped.updates["device"] == "interceptor"
    corrected = {**values, "gallons": {"amount": 800, "unit": "gal"}}
    again = decide(SERVICE_FORM, FormState(corrected, "hauler"), say("Desert Grease"), CONTACTS)
    assert "device" not in again.updates  # the trap said back to the read-back is not overruled again


def test_asking_when_the_next_one_is_due_while_logging_one_is_answered_not_taken_for_an_answer():
    values = {"service_date": "2026-11-24", "city": "victorville"}
    turn = decide(
        SERVICE_FORM, FormState(values, "device"), say("when's the next one due?", "service_status"), CONTACTS
    )
    assert turn.reject
    spill = decide(
        SPILL_FORM, FormState({}, "city"), say("when's the next one due?", "service_status"), CONTACTS
    )
    assert not spill.reject  # another form's question stays open


def test_a_what_if_mid_form_is_answered_not_taken_for_the_open_question():
    values = {
        "total_service_yd3": {"amount": 1, "unit": "yd3"},
        "organics_gal": {"amount": 12, "unit": "gal"},
    }
    turn = decide(
        DEMINIMIS_FORM,
        FormState(values, "services_requested"),
        say("y si fueran 6 galones? la vdd de organicos sale poquito", "ask_question"),
        CONTACTS,
    )
    assert turn.reject


def test_a_business_name_said_with_its_address_and_phone_answers_the_name_asked():
    """Asked the business's name, "El nombre es Pupusería La Ceiba, en el 3201 W Century Blvd, Inglewood; el
    teléfono es ..." gives the name, the address and the phone, and goes on."""
    form = PERMIT_FORMS["inglewood"]
    said = (
        "El nombre es Pupusería La Ceiba, en el 3201 W Century Blvd, Inglewood; el teléfono es "
        "(310) 555-0192."
    )
    turn = decide(form, FormState({"city": "inglewood"}, "business_name"), say(said), CONTACTS)
    assert turn.updates["business_name"] == "Pupusería La Ceiba"
    assert "3201 W Century Blvd" in str(turn.updates["facility_address"])
    assert turn.updates["applicant_phone"]
    assert turn.next_slot != "business_name"


@pytest.mark.parametrize(
    ("said", "drive_thru"),
    [
        ("Somos cocina salvadoreña. Tendremos 48 asientos y no tenemos ventanilla de autoservicio.", "no"),
        ("Mexican food, 64 seats and no drive-thru", "no"),  # and the cuisine is "Mexican food"
        ("burgers, 30 seats, and we'll have a drive-thru", "yes"),
    ],
)
def test_whether_there_is_a_drive_thru_is_kept_from_a_message_of_facts(said, drive_thru):
    form = PERMIT_FORMS["inglewood"]
    values = {"city": "inglewood", "business_name": "La Ceiba", "applicant_name": "Rosa Diaz"}
    turn = decide(form, FormState(values, "applicant_phone"), say(said), CONTACTS)
    assert turn.updates.get("drive_thru") == drive_thru


def test_a_value_set_with_the_facts_still_missing_changes_it_and_keeps_them():
    """ "si, ponle 6 galones. es la taqueria el guero, 15000 palmdale rd, a nombre de Ramon Ortiz, 760 555
    0143": the gallons (as said, not the cubic yards they convert to; not the phone's 760) change, and the
    business, address, name and phone are kept."""
    values = {"city": "victorville", "total_service_yd3": 1, "organics_gal": 12}
    said = (
        "si, ponle 6 galones. es la taqueria el guero, 15000 palmdale rd, a nombre de Ramon Ortiz, "
        "760 555 0143"
    )
    turn = decide(
        DEMINIMIS_FORM, FormState(values, "services_requested"), say(said, "change_answer"), CONTACTS
    )
    assert turn.updates["organics_gal"]["amount"] == 6
    assert "total_service_yd3" not in turn.updates
    assert turn.updates["business_name"] == "taqueria el guero"
    assert turn.updates["applicant_name"] == "Ramon Ortiz"
    assert turn.updates["applicant_phone"] == "+17605550143"


@pytest.mark.parametrize(
    ("text", "language"),
    [("Yes, that's all correct. Please submit.", "en"), ("Sí, todo está correcto; puede enviarla.", "es")],
)
def test_asked_to_submit_with_the_business_and_a_phone_the_application_is_sent_as_it_stands(text, language):
    form = PERMIT_FORMS["inglewood"]
    values = {"city": "inglewood", "business_name": "Casa Lupe Kitchen", "applicant_phone": "+13105550123"}
    with languages.using(language):
        turn = decide(form, FormState(values, "applicant_name"), say(text, "affirm"), CONTACTS)
    assert turn.confirmed and turn.next_slot is None and not turn.question  # no read-back: it was asked
    assert "applicant_name" not in turn.updates  # "yes" is nobody's name


def test_asked_to_submit_without_a_phone_it_says_how_many_are_left_and_what_sending_it_needs():
    form = PERMIT_FORMS["victorville"]
    values = {"city": "victorville", "application_path": "application", "business_name": "Juniper Grill"}
    turn = decide(form, FormState(values, "applicant_name"), say("yes please submit", "affirm"), CONTACTS)
    assert not turn.confirmed and turn.next_slot == "applicant_name"
    assert "I need at least the business's address, or its name and a phone number" in turn.feedback[0]
    # a plain yes is told it can say submit
    turn = decide(form, FormState(values, "applicant_name"), say("yes", "affirm"), CONTACTS)
    assert "Or say submit to send what you've told me now" in turn.feedback[0]


def test_a_yes_to_the_last_question_with_submit_answers_it_and_sends_without_the_read_back():
    values = {
        "total_service_yd3": {"amount": 3, "unit": "yd3", "per": "week"},
        "organics_gal": {"amount": 15, "unit": "gal", "per": "week"},
        "services_requested": ["green", "brown"],
        "business_name": "Sunrise Bakery",
        "facility_address": {"text": "15000 Seventh St", "kind": "address"},
        "applicant_name": "Ana Lee",
        "applicant_phone": "+17605550177",
    }
    turn = decide(DEMINIMIS_FORM, FormState(values, "has_documentation"), say("Yes, submit it."), CONTACTS)
    assert turn.updates == {"has_documentation": "yes"} and turn.confirmed and turn.next_slot is None


@pytest.mark.parametrize(
    "text, question",
    [
        ("si asi esta bien, mandalo. y cuanto me dura el waiver?", "y cuanto me dura el waiver?"),
        ("Yes, submit it. How long is the waiver good for?", "How long is the waiver good for?"),
    ],
)
def test_send_it_then_a_question_sends_the_request_and_keeps_the_question_to_answer(text, question):
    values = {
        "total_service_yd3": {"amount": 1.5, "unit": "yd3", "per": "week"},
        "organics_gal": {"amount": 8, "unit": "gal", "per": "week"},
        "services_requested": ["brown"],
        "business_name": "Panaderia Santa Fe",
        "facility_address": {"text": "16789 Bear Valley Rd", "kind": "address"},
        "applicant_name": "Ana Lee",
        "applicant_phone": "+17605550177",
    }
    turn = decide(DEMINIMIS_FORM, FormState(values, "has_documentation"), say(text), CONTACTS)
    assert turn.confirmed and turn.next_slot is None and not turn.aside
    assert turn.then_answer == question


def test_a_question_alone_or_before_send_it_is_a_side_question_not_a_submission():
    values = {"total_service_yd3": {"amount": 1.5, "unit": "yd3", "per": "week"}}
    for text in ("y cuanto me dura el waiver?", "how long is it good for? then submit it"):
        turn = decide(DEMINIMIS_FORM, FormState(values, "organics_gal"), say(text), CONTACTS)
        assert not turn.confirmed and not turn.then_answer


def test_a_spill_caller_who_says_that_s_right_before_the_last_questions_has_the_report_sent():
    values = {
        "overflowing_now": "yes",
        "city": "victorville",
        "location": {"text": "Victor Plaza, Seventh Street", "kind": "landmark"},
        "callback_number": "+17605550133",
    }
    turn = decide(SPILL_FORM, FormState(values, "reaches"), say("yes, that's correct", "affirm"), CONTACTS)
    assert turn.confirmed and turn.next_slot is None
    # a yes to a yes-or-no question is its answer, and the report goes on
    turn = decide(SPILL_FORM, FormState(values, "restaurant_involved"), say("yes that's right"), CONTACTS)
    assert turn.updates["restaurant_involved"] == "yes" and not turn.confirmed
    # ... unless the yes is to everything said ("si todo correcto"): the report is sent as it stands
    turn = decide(SPILL_FORM, FormState(values, "restaurant_involved"), say("si todo correcto"), CONTACTS)
    assert turn.confirmed and turn.next_slot is None and "restaurant_involved" not in turn.updates
    # without a number to call back, "that's right" sends nothing: the questions go on
    del values["callback_number"]
    turn = decide(SPILL_FORM, FormState(values, "reaches"), say("yes, that's correct", "affirm"), CONTACTS)
    assert not turn.confirmed and turn.next_slot == "reaches"


def test_a_waiver_s_weekly_amount_said_again_in_the_form_replaces_the_what_if_asked_before():
    values = {  # "what if it's 12 gallons instead?" before the form; then the true amount in it
        "total_service_yd3": parse("cubic_yards_per_week", "1.5 cubic yards a week", CTX).slot,
        "organics_gal": parse("gallons_per_week", "12 gallons a week", CTX).slot,
    }
    said = "Tenant is Summit Tax Services, 15600 Main St. 1.5 cubic yards total, about 8 gallons of organics."
    turn = decide(DEMINIMIS_FORM, FormState(values, "services_requested"), say(said), CONTACTS)
    assert turn.updates["organics_gal"]["amount"] == 8
    assert "total_service_yd3" not in turn.updates  # the same amount again is no change


@pytest.mark.parametrize(
    ("text", "language"),
    [("Yes, that's right.", "en"), ("Sí, correcto.", "es"), ("Sí, así está bien, gracias", "es")],
)
def test_a_confirming_yes_to_the_last_question_sends_the_spill_report_without_asking_the_name(text, language):
    values = {
        "overflowing_now": "yes",
        "city": "victorville",
        "location": {"text": "15000 block of Seventh Street", "kind": "block"},
        "what_spilling": "sewage",
        "started_at": "2026-12-01T09:40:00-08:00",
        "still_flowing": "yes",
        "reaches": "storm_drain",
        "volume": {"amount": 50, "unit": "gal"},
        "reporter_name": "Derek Olsen",
        "callback_number": "+17605550148",
    }
    with languages.using(language):
        turn = decide(SPILL_FORM, FormState(values, "restaurant_involved"), say(text, "affirm"), CONTACTS)
    assert turn.confirmed and turn.next_slot is None and turn.updates["restaurant_involved"] == "yes"
    # a plain yes answers the question, and the restaurant's name is asked
    turn = decide(SPILL_FORM, FormState(values, "restaurant_involved"), say("yes", "affirm"), CONTACTS)
    assert not turn.confirmed and turn.next_slot == "restaurant_name"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Rivera Tax & Bookkeeping, 15550 Palmdale Rd suite 4, victorville.", "Rivera Tax & Bookkeeping"),
        ("Tenant is Summit Tax Services, Suite 4, 15600 Main St, Victorville.", "Summit Tax Services"),
        # a food business's name as texted, in lowercase
        ("birria don chuy, 13800 bear valley rd suite 5 victorville. pa el bote cafe", "birria don chuy"),
        # what kind of business first, then its name, then "en" and the address
        (
            "Es una oficina de contabilidad, Servicios Contables Ramírez, en 14000 Amargosa Rd. En total nos "
            "recogen 2 yardas cúbicas de basura por semana.",
            "Servicios Contables Ramírez",
        ),
    ],
)
def test_any_business_named_before_its_address_is_the_waiver_s_business(text, name):
    turn = decide(DEMINIMIS_FORM, FormState({}, "has_documentation"), say(text), CONTACTS)
    assert turn.updates["business_name"] == name and turn.updates["facility_address"]["text"].startswith("1")


def test_a_name_before_an_address_is_an_applicant_s_business_never_a_spill_s_restaurant():
    said = "Plaza Amargosa, 14800 Amargosa Rd, Victorville"
    spill = {"overflowing_now": "yes", "city": "victorville", "restaurant_involved": "yes"}
    assert "restaurant_name" not in named_facts(SPILL_FORM.spec, said, CTX, spill)
    assert named_facts(DEMINIMIS_FORM.spec, said, CTX, {})["business_name"] == "Plaza Amargosa"
    # lowercase words before an address that name no food business are no business's name
    assert "business_name" not in named_facts(DEMINIMIS_FORM.spec, "ok so, 14800 amargosa rd", CTX, {})


def test_a_name_after_a_word_of_assent_with_its_address_and_phone_fills_all_three():
    form = PERMIT_FORMS["inglewood"]
    turn = decide(
        form,
        FormState({"city": "inglewood"}, "business_name"),
        say("Sure. It's Sol de Oaxaca LLC, 2401 W Century Blvd, Inglewood, phone 310-555-0177."),
        CONTACTS,
    )
    assert turn.updates["business_name"] == "Sol de Oaxaca LLC"
    assert turn.updates["facility_address"]["text"] == "2401 W Century Blvd, Inglewood"
    assert turn.updates["applicant_phone"] == "+13105550177"
    assert turn.next_slot != "business_name" and not turn.feedback


def test_a_yes_or_no_question_answered_in_own_words_is_read_as_they_mean_it():
    values = {"city": "inglewood", "existing_establishment": "yes"}
    turn = decide(
        VARIANCE_FORM,
        FormState(values, "no_space"),
        say("No space at all. The kitchen is on a slab, and our plumber says the slope won't work either."),
        CONTACTS,
    )
    assert turn.updates["no_space"] == "yes"  # "Is there no adequate space ...?": "No space at all" is a yes
    assert turn.updates["no_slope"] == "yes"
    opened = decide(
        VARIANCE_FORM,
        FormState({"city": "inglewood"}, "existing_establishment"),
        say("We've been open here since 2015 and serve maybe 150 customers a day."),
        CONTACTS,
    )
    assert opened.updates["existing_establishment"] == "yes"  # not "unsure" for the "maybe"
    texted = decide(
        VARIANCE_FORM,
        FormState({"city": "inglewood"}, "existing_establishment"),
        say("28 seats. mostly raw fish + rice. no fryer. 1 small hood. exist since 2015"),
        CONTACTS,
    )
    assert texted.updates["existing_establishment"] == "yes"


def test_a_name_with_its_own_role_and_a_phone_are_the_applicant_s_an_owner_named_is_not():
    values = {"city": "inglewood", "existing_establishment": "yes"}
    mine = decide(
        VARIANCE_FORM, FormState(values, "no_space"), say("Maria Gomez, owner, 310-555-0134."), CONTACTS
    )
    assert mine.updates["applicant_name"] == "Maria Gomez"
    assert mine.updates["applicant_phone"] == "+13105550134"
    theirs = decide(
        VARIANCE_FORM,
        FormState(values, "no_space"),
        say("The owner is Century Plaza Holdings, 310-555-0100"),
        CONTACTS,
    )
    assert "applicant_phone" not in theirs.updates and "applicant_name" not in theirs.updates


def test_all_correct_go_ahead_sends_without_answering_the_open_yes_or_no_question():
    values = {
        "city": "inglewood",
        "existing_establishment": "yes",
        "business_name": "Sweet Crumb Bakery",
        "applicant_phone": "+13105550134",
    }
    turn = decide(
        VARIANCE_FORM,
        FormState(values, "alt_tech_equivalent"),
        say("Yes, that all looks right, go ahead."),
        CONTACTS,
    )
    assert turn.next_slot is None and turn.confirmed  # filed as it stands
    assert "alt_tech_equivalent" not in turn.updates  # the yes was to the whole, not to this question


def test_please_submit_with_too_little_to_file_says_what_it_needs_never_a_bad_name():
    turn = decide(
        PERMIT_FORMS["victorville"],
        FormState({"city": "victorville"}, "applicant_name"),
        say("Yes, everything looks right. Please submit it."),
        CONTACTS,
    )
    assert "applicant_name" not in turn.updates and turn.next_slot == "applicant_name"
    assert turn.feedback[0].startswith("Almost there")
    assert "business's address, or its name and a phone number" in turn.feedback[0]


@pytest.mark.parametrize(
    ("form", "slot", "values", "said", "changed", "amount"),
    [
        (SERVICE_FORM, None, {"gallons": "3400 galones"}, "perdon no es 3400, es 3040", "gallons", 3040),
        (
            SPILL_FORM,
            "reporter_name",
            {"volume": "como 10 galones"},
            "perdon no son 10, son como 30 galones y ya llego a la cuneta",
            "volume",
            30,
        ),
    ],
)
def test_a_spanish_correction_with_the_old_and_new_numbers_changes_that_answer(
    form, slot, values, said, changed, amount
):
    given = {"city": "victorville", **{k: parse("gallons", v, CTX).slot for k, v in values.items()}}
    if form is SERVICE_FORM:
        given |= {"service_date": "2026-12-01", "hauler": "High Desert Pumping", "device": "interceptor"}
    with languages.using("es"):
        turn = decide(form, FormState(given, slot or form.confirm_slot), say(said, "change_answer"), CONTACTS)
    assert turn.updates[changed]["amount"] == amount


def test_a_one_line_application_keeps_the_cross_streets_the_applicant_and_the_owner_it_names():
    turn = decide(
        PERMIT_FORMS["inglewood"],
        FormState({"city": "inglewood"}, "business_name"),
        say(
            "Tacos El Guero, 3rd ave and manchester, inglewood 90301. phone 310-555-0123. "
            "its me Luis Ortega, im the owner"
        ),
        CONTACTS,
    )
    assert turn.updates["business_name"] == "Tacos El Guero"
    assert turn.updates["facility_address"]["streets"] == ["3rd ave", "manchester"]
    assert turn.updates["applicant_name"] == "Luis Ortega"
    assert turn.updates["owners"] == "Luis Ortega"  # "im the owner": the applicant, not the words


def test_a_spill_caller_who_says_who_they_are_with_the_amount_is_not_asked_their_name():
    turn = decide(
        SPILL_FORM,
        FormState({"overflowing_now": "yes", "city": "inglewood"}, "volume"),
        say("like 20 gallons maybe. im Chente Ruiz the owner, 310-555-0199"),
        CONTACTS,
    )
    assert turn.updates["volume"]["amount"] == 20
    assert turn.updates["reporter_name"] == "Chente Ruiz"
    assert turn.updates["callback_number"] == "+13105550199"
    assert turn.next_slot != "reporter_name"


def test_a_correction_that_fits_two_counts_changes_the_one_that_had_the_old_number():
    values = {"city": "victorville", "application_path": "application", "dining_capacity": 30, "employees": 4}
    turn = decide(
        PERMIT_FORMS["victorville"],
        FormState(values, "applicant_name"),
        say("sorry 40 seats not 30", "change_answer"),
        CONTACTS,
    )
    assert turn.updates["dining_capacity"] == 40
    assert "employees" not in turn.updates


def test_a_caller_who_says_she_is_the_owner_gives_her_own_name_and_number():
    turn = decide(
        VARIANCE_FORM,
        FormState({"city": "inglewood"}, "existing_establishment"),
        say(
            "okay um my name's Aaliyah Brooks I'm the owner number is 310-555-0148 and yeah we do the dry "
            "wiping and drain screens and all that",
            channel="voice",
        ),
        CONTACTS,
    )
    assert turn.updates["applicant_name"] == "Aaliyah Brooks"
    assert turn.updates["applicant_phone"] == "+13105550148"


@pytest.mark.parametrize(
    "asked",
    [
        "and once I get it how long's it good for",
        "oh wait um real quick is there like a fee if I get the waiver",
        "we soaked it all up none of it went down any drain so like do I even need to report that or",
    ],
)
def test_a_question_asked_inside_a_sentence_mid_form_is_answered_not_taken_for_an_answer(asked):
    turn = decide(
        VARIANCE_FORM, FormState({"city": "inglewood"}, "no_space"), say(asked, "ask_question"), CONTACTS
    )
    assert turn.reject and not turn.updates  # a rule answers it; the form asks its question again


def test_the_owner_s_number_is_the_contact_of_a_waiver_request_that_asks_for_no_owner():
    with languages.using("es"):
        turn = decide(
            DEMINIMIS_FORM,
            FormState({"city": "victorville"}, "services_requested"),
            say(
                "Panaderia La Espiga, 14500 Palmdale Rd. quiero el waiver del servicio de organicos (bote "
                "verde y el cafe). el dueño es Ramon Ortiz 760 555 0199"
            ),
            CONTACTS,
        )
    assert turn.updates["applicant_phone"] == "+17605550199"
    # a permit application asks for its owners: their number is theirs, not the applicant's
    permit = decide(
        PERMIT_FORMS["inglewood"],
        FormState({"city": "inglewood"}, "business_name"),
        say("the owner is Ramon Ortiz 310 555 0199"),
        CONTACTS,
    )
    assert "applicant_phone" not in permit.updates


def test_a_correction_at_the_read_back_that_names_the_answer_gives_its_new_value():
    values = {
        "city": "inglewood",
        "service_date": "2026-11-30",
        "gallons": {"amount": 750, "unit": "gal"},
        "hauler": "SoCal Liquid Waste",
        "device": "interceptor",
    }
    turn = decide(
        SERVICE_FORM,
        FormState(values, SERVICE_FORM.confirm_slot),
        say(
            "Sorry, correction: it was actually pumped on Friday, November 27, not Monday. Monday is just "
            "when I got the paperwork."
        ),
        CONTACTS,
    )
    assert turn.updates == {"service_date": "2026-11-27"}
    assert turn.feedback[0] == "OK, I've changed the service date to Nov 27, 2026."


def _spill_at(place: str, kind: str, asked: str, text: str):
    values = {"overflowing_now": "yes", "city": "victorville", "what_spilling": "grease"}
    values |= {"location": {"text": place, "kind": kind}}
    return decide(SPILL_FORM, FormState(values, asked), say(text), CONTACTS)


def test_a_location_corrected_as_not_this_but_that_is_changed_and_keeps_the_first_words():
    turn = _spill_at(
        "manhole behind the Del Taco on Palmdale Road",
        "landmark",
        "volume",
        "oh wait, sorry, it's not the Del Taco, it's the manhole behind the Carl's Jr right next to it",
    )
    place = turn.updates["location"]["text"]
    assert place.startswith("the manhole behind the Carl's Jr right next to it")
    assert "first given as: manhole behind the Del Taco on Palmdale Road" in place
    assert turn.next_slot != "location"  # not asked again: the form goes on


def test_a_not_this_but_that_answer_to_the_open_question_is_still_the_answer():
    turn = _spill_at(
        "5th and Main", "intersection", "still_flowing", "it's not flowing anymore, it's stopped"
    )
    assert turn.updates.get("still_flowing") == "no"
    assert "location" not in turn.updates


def test_gallons_answered_alone_that_no_trap_holds_read_the_device_as_the_interceptor():
    values = {"city": "inglewood", "service_date": "2026-12-01", "hauler": "SoCal Grease Services"}
    turn = decide(SERVICE_FORM, FormState(values, "gallons"), say("1500"), CONTACTS)
    assert turn.updates["gallons"]["amount"] == 1500
    assert turn.updates["device"] == "interceptor"  # read back for the user to confirm or change
    turn = decide(SERVICE_FORM, FormState(values, "gallons"), say("20"), CONTACTS)
    assert "device" not in turn.updates and turn.next_slot == "device"  # 20 gallons could be either


def test_a_request_in_one_message_with_the_manager_s_role_before_the_name_fills_the_whole_form():
    """The owner named in passing is someone else; "I'm the property manager, Tom Reyes, 760-555-0190" is
    the one writing; the hauler's letter says who documents it and that it is in hand."""
    said = (
        "Mesa Verde Plaza, 12400 Hesperia Rd, Victorville. Owner is Parkline Holdings LLC; I'm the property "
        "manager, Tom Reyes, 760-555-0190. Waiver for the brown containers only. Our hauler did a site visit "
        "and wrote a letter on November 12 saying the enclosure can't fit them."
    )
    turn = decide(
        SPACE_WAIVER_FORM, FormState({"city": "victorville"}, "services_requested"), say(said), CONTACTS
    )
    assert turn.updates["services_requested"] == ["brown"]
    assert turn.updates["applicant_name"] == "Tom Reyes"
    assert turn.updates["applicant_phone"] == "+17605550190"
    assert turn.updates["evidence_source"] == "hauler" and turn.updates["has_documentation"] == "yes"
    assert turn.next_slot == "space_waiver_confirmed"


def test_the_writer_s_role_of_a_property_after_their_name_is_their_own():
    """ "I'm Linda Park, property manager, 760-555-2046" (w43-c017): the one writing, whatever they manage;
    the name without the role, and the number theirs, never asked again."""
    said = (
        "Palm Court Apartments, 15500 Seventh Street, Victorville. I'm Linda Park, property manager, "
        "760-555-2046. We need it for the brown food-scrap containers. Our hauler did a site visit and wrote "
        "a letter saying the enclosure is too small."
    )
    turn = decide(
        SPACE_WAIVER_FORM, FormState({"city": "victorville"}, "services_requested"), say(said), CONTACTS
    )
    assert turn.updates["applicant_name"] == "Linda Park"
    assert turn.updates["applicant_phone"] == "+17605552046"


def test_the_open_question_said_back_before_its_answer_is_the_answer_not_a_question():
    values = {"overflowing_now": "yes", "city": "victorville", "what_spilling": "grease"}
    values |= {"location": {"text": "5th and Main", "kind": "intersection"}, "started_at": "2026-12-01T09:40"}
    values |= {"still_flowing": "yes", "reaches": ["street"]}
    said = "how much? uh, I'd say like fifty gallons maybe, it's a big puddle"
    turn = decide(SPILL_FORM, FormState(values, "volume"), say(said, "ask_question"), CONTACTS)
    assert not turn.reject and turn.updates["volume"]["amount"] == 50
    turn = decide(
        SPILL_FORM, FormState(values, "volume"), say("how much is the fine?", "ask_question"), CONTACTS
    )
    assert turn.reject  # a question of its own: a rule answers it


def test_a_correction_with_the_new_value_first_changes_the_place():
    turn = _spill_at(
        "the manhole in front of the Denny's on Bear Valley",
        "landmark",
        "volume",
        "oh wait, sorry, I said Denny's. It's actually the manhole in front of the Del Taco, not the Denny's",
    )
    assert turn.updates["location"]["text"].startswith("the manhole in front of the Del Taco")


def test_the_owner_named_with_a_number_after_other_answers_is_the_request_s_contact():
    """The open question's answer, the business, and "el dueño es Ramon Ortiz 760 555 0199" in one text: the
    owner is whom the city reaches about the waiver, never lost because the text says other things too."""
    values = {"city": "victorville", "total_service_yd3": 1.5, "organics_gal": 8}
    text = (
        "Panaderia La Espiga, 14500 Palmdale Rd. quiero el waiver del servicio de organicos (bote verde y el "
        "cafe). el dueño es Ramon Ortiz 760 555 0199"
    )
    with languages.using("es"):
        turn = decide(DEMINIMIS_FORM, FormState(values, "services_requested"), say(text), CONTACTS)
    assert turn.updates["applicant_name"] == "Ramon Ortiz"
    assert turn.updates["applicant_phone"] == "+17605550199"
    assert turn.updates["services_requested"] == ["green", "brown"]


def test_a_caller_s_first_words_give_the_place_and_it_is_never_asked_again():
    story = (
        "uh yeah hi, there's, like, grease and brown water coming up out of a manhole in the parking lot "
        "behind the Del Taco on Palmdale Road, in Victorville, and it's running toward the street"
    )
    turn = decide(SPILL_FORM, FormState({}, None), say(story, "report_spill", channel="voice"), CONTACTS)
    assert (
        turn.updates["location"]["text"] == "manhole in the parking lot behind the Del Taco on Palmdale Road"
    )
    assert turn.next_slot != "location"  # never asked where again


def test_a_pump_out_confirmed_while_the_hauler_is_asked_is_logged_without_it():
    """ "yes thats all correct" to "Which hauling company did it?": the operator thinks the log is done."""
    values = {
        "service_date": "2026-11-30",
        "gallons": {"amount": 750, "unit": "gal"},
        "device": "interceptor",
    }
    said = say("yes thats all correct", "affirm", channel="sms")
    turn = decide(SERVICE_FORM, FormState({**values, "city": "victorville"}, "hauler"), said, CONTACTS)
    assert turn.confirmed and "hauler" not in turn.updates
    # without the device the next due date cannot be worked out: asked, not sent
    turn = decide(SERVICE_FORM, FormState({"service_date": "2026-11-30"}, "device"), said, CONTACTS)
    assert not turn.confirmed and turn.next_slot == "device"


def test_an_ok_before_the_answer_is_the_answer_not_a_confirmation_that_sends_the_log():
    values = {"service_date": "2026-11-30", "device": "interceptor", "hauler": "SoCal Pumping"}
    said = say("ok. sacaron como 1,200 galones, el interceptor es de 1,500", "inform", channel="sms")
    with languages.using("es"):
        turn = decide(SERVICE_FORM, FormState({**values, "city": "inglewood"}, "gallons"), said, CONTACTS)
    assert not turn.confirmed and turn.updates["gallons"]["amount"] == 1200


def test_the_business_s_owner_named_for_whom_to_contact_is_the_contact():
    """ "El dueño es Guadalupe Ríos, (310) 555-0177. El local es rentado: ..." asked whom to contact: the
    owner, a person, is the contact; the question is not asked again."""
    with languages.using("es"):
        turn = decide(
            PERMIT_FORMS["inglewood"],
            FormState({"city": "inglewood", "business_name": "Cocina Doña Lupe"}, "applicant_name"),
            say(
                "El dueño es Guadalupe Ríos, (310) 555-0177. El local es rentado: el propietario es Brea "
                "Plaza LLC y lo administra Pacific Property Management, (310) 555-0400."
            ),
            CONTACTS,
        )
    assert turn.updates.get("applicant_name") == "Guadalupe Ríos"
    assert turn.next_slot != "applicant_name"


@pytest.mark.parametrize("form", [*PERMIT_FORMS.values(), DEMINIMIS_FORM, SPACE_WAIVER_FORM, VARIANCE_FORM])
def test_the_topic_a_filed_request_leaves_names_its_form_again(form):
    assert form_filed_about(filed_topic(form, {})).name == form.name  # one form of a name for both cities
    assert form_filed_about(f"{filed_topic(form, {})} grease") is None
    assert form_filed_about("how long is it good for") is None


def test_a_question_to_the_ordinances_that_also_gives_the_form_s_facts_keeps_them_and_is_answered_aside():
    said = say(
        "We're Mojave Title Services, 15000 Civic Dr, Victorville. We have one 1.5-yard trash bin picked up "
        "once a week, and maybe 4 or 5 gallons of food scraps a week from the breakroom. Do we even qualify?",
        "ask_question",
    )
    turn = decide(DEMINIMIS_FORM, FormState({"city": "victorville"}, "total_service_yd3"), said, CONTACTS)
    assert turn.aside and not turn.reject and turn.next_slot == "total_service_yd3"
    assert turn.updates["business_name"] == "Mojave Title Services"
    assert turn.updates["facility_address"]["text"].startswith("15000 Civic Dr")
    assert turn.updates["total_service_yd3"]["amount"] == 1.5 and turn.updates["organics_gal"]["amount"] == 5
    # a what-if keeps the answers given; a question that gives only the city goes to the rules
    values = {"city": "victorville", "total_service_yd3": {"amount": 1.5, "unit": "yd3"}}
    what_if = say("What if it's 12 gallons instead?", "ask_question")
    assert decide(DEMINIMIS_FORM, FormState(values, "organics_gal"), what_if, CONTACTS).reject
    city_only = say("ok, for the victorville place, do i keep the invoice?", "ask_question")
    assert decide(DEMINIMIS_FORM, FormState({}, "organics_gal"), city_only, CONTACTS).reject


def test_the_owner_and_operator_who_says_it_is_them_is_the_applicant():
    said = "Pupuseria La Ceiba, 15600 Palmdale Rd. el dueño y operador soy yo, Jose Hernandez"
    facts = named_facts(PERMIT_FORMS["victorville"].spec, said, CTX, {"city": "victorville"})
    assert facts["applicant_name"] == "Jose Hernandez" and facts["business_name"] == "Pupuseria La Ceiba"


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("No sé cuánto, mucho, un charco grande, así como de... no sé, ¿cincuenta galones?", 50),
        ("maybe 40 gallons?", 40),
    ],
)
def test_an_amount_said_unsure_of_itself_answers_the_open_question(text, amount):
    values = {
        "overflowing_now": "yes",
        "city": "inglewood",
        "location": parse("location", "Market St and Regent St", CTX).slot,
        "what_spilling": "grease",
        "started_at": "2026-11-29T11:40",
        "still_flowing": "yes",
        "reaches": "street",
    }
    turn = decide(
        SPILL_FORM, FormState(values, "volume"), say(text, "ask_question", channel="voice"), CONTACTS
    )
    assert not turn.aside and not turn.reject
    assert turn.updates["volume"]["amount"] == amount and turn.next_slot == "restaurant_involved"


def test_a_question_about_an_amount_in_the_form_is_still_answered_aside():
    values = {"overflowing_now": "yes", "city": "inglewood", "what_spilling": "grease"}
    turn = decide(
        SPILL_FORM,
        FormState(values, "volume"),
        say("¿cuántos galones es el límite?", "ask_question"),
        CONTACTS,
    )
    assert turn.reject or turn.aside


def test_a_business_name_said_as_a_label_fills_the_business_field():
    said = (
        "We're requesting the waiver from the brown food scraps container and the green container service. "
        "Business name Joshua Tree Coffee, contact Priya Shah, priya@example.com."
    )
    found = named_facts(DEMINIMIS_FORM.spec, said, CTX, {})
    assert found["business_name"] == "Joshua Tree Coffee"


def test_the_owner_named_beside_a_phone_number_is_whom_the_city_reaches_about_a_waiver():
    turn = decide(
        DEMINIMIS_FORM,
        FormState({"city": "victorville"}, "services_requested"),
        say(
            "Sunny Nails, 14400 Bear Valley Rd ste 12. owner Kim Tran 760-555-0133. the waiver from the "
            "organics and food scrap service"
        ),
        CONTACTS,
    )
    assert turn.updates["applicant_name"] == "Kim Tran" and turn.updates["applicant_phone"] == "+17605550133"


def test_a_no_that_opens_a_fact_at_the_read_back_is_noted_and_read_back_again():
    values = {
        "service_date": "2026-11-23",
        "gallons": {"amount": 750, "unit": "gal"},
        "hauler": "SoCal Grease Services",
        "device": "interceptor",
        "city": "inglewood",
    }
    said = say("No repairs needed. They hauled it to their disposal facility in Vernon.")
    turn = decide(SERVICE_FORM, FormState(values, "service_confirmed"), said, CONTACTS)
    assert turn.feedback == ("Noted.",) and turn.next_slot == "service_confirmed" and not turn.updates
    assert "SoCal Grease Services" in turn.question[0]  # the read-back again, nothing changed
    turn = decide(SERVICE_FORM, FormState(values, "service_confirmed"), say("no"), CONTACTS)
    assert "What should I change?" in turn.feedback[0]  # a bare no is still a no


def test_how_the_device_was_serviced_fills_no_business_name():
    values = {"service_date": "2026-11-23", "device": "interceptor", "city": "inglewood"}
    said = say(
        "Hauler was SoCal Grease Services, technician Luis Ortega. Full pump-out, 750 gallons removed; FOG "
        "and solids were at about 20% of depth."
    )
    turn = decide(SERVICE_FORM, FormState(values, "gallons"), said, CONTACTS)
    assert turn.updates["hauler"] == "SoCal Grease Services" and "business_name" not in turn.updates


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", "ay no perdon, con la terraza son 55 sillas"),
        ("en", "oops sorry, with the patio it's 55 seats"),
    ],
)
def test_an_amount_said_again_after_an_apology_corrects_the_answer_it_fits_while_another_is_asked(
    language, said
):
    values = {"city": "inglewood", "business_name": "Pupuseria El Volcancito", "dining_capacity": 45}
    with languages.using(language):
        turn = decide(PERMIT_FORMS["inglewood"], FormState(values, "parcel_numbers"), say(said), CONTACTS)
    assert turn.updates["dining_capacity"] == 55
    assert not turn.failures  # no failed answer to the open question


def test_counts_said_when_the_business_s_name_is_asked_are_kept_and_the_name_asked_again():
    """ "45 seats, no drive thru" right after the fee was asked, while the form asks the business's name: the
    seats and the drive-thru are the application's, and no business is named "45 seats, no drive thru"."""
    form = PERMIT_FORMS["inglewood"]
    turn = decide(
        form, FormState({"city": "inglewood"}, "business_name"), say("45 seats, no drive thru"), CONTACTS
    )
    assert "business_name" not in turn.updates
    assert turn.updates["dining_capacity"] == 45 and turn.updates["drive_thru"] == "no"
    assert turn.next_slot == "business_name" and turn.question
    named = decide(form, FormState({"city": "inglewood"}, "business_name"), say("Taco Hut"), CONTACTS)
    assert named.updates["business_name"] == "Taco Hut"


def test_the_other_city_asked_while_an_address_is_asked_is_a_side_question_not_the_address():
    from actions.waivers import SPACE_WAIVER_FORM

    turn = decide(
        SPACE_WAIVER_FORM,
        FormState({"city": "victorville", "business_name": "Mesa Crossing Food Court"}, "facility_address"),
        say(
            "And in Inglewood? We have a second food court there with the same space problem for bins.",
            "sort_item",
        ),
        CONTACTS,
    )
    assert turn.aside and "facility_address" not in turn.updates


def test_an_amount_corrected_in_words_after_an_apology_changes_it_and_is_no_name():
    """ "Sorry, actually, I need to correct the amount ... more like twenty-five, thirty gallons" asked the
    caller's name (w43-c004): the gallons change; "Sorry" is no name, and the name is asked again."""
    values = {"overflowing_now": "yes", "city": "victorville", "what_spilling": "sewage"}
    values |= {"location": {"text": "15400 Mesa Linda", "kind": "address"}, "started_at": "2026-12-01T09:20"}
    values |= {"still_flowing": "yes", "reaches": ["gutter"], "volume": {"amount": 10, "unit": "gal"}}
    values |= {"restaurant_involved": "yes", "restaurant_name": "Pho Saigon Kitchen"}
    said = (
        "Sorry, actually, I need to correct the amount. Tuan just texted, he says it's more like "
        "twenty-five, thirty gallons, it's been going longer than I thought"
    )
    turn = decide(SPILL_FORM, FormState(values, "reporter_name"), say(said), CONTACTS)
    assert turn.updates.get("volume", {}).get("amount") == 30
    assert "reporter_name" not in turn.updates
    assert turn.next_slot == "reporter_name"


def _at_the_spill_read_back(said: str):
    """A complete spill report's read-back answered with ``said``: the values and the decision."""
    values = _complete_spill()
    return values, decide(
        SPILL_FORM, FormState(values, SPILL_FORM.confirm_slot), say(said, "affirm"), CONTACTS
    )


def test_the_location_said_to_be_right_at_the_read_back_is_not_changed():
    """ "the location looks right, the rest is fine too" at the read-back (review of stop 51)."""
    values, turn = _at_the_spill_read_back("the location looks right, the rest is fine too")
    assert turn.updates.get("location") in (None, values["location"])


@pytest.mark.parametrize(
    ("said", "language"),
    [
        ("Sí, está bien así. Y ya llamé también al número de la ciudad, el tres uno cero.", "es"),
        ("yes that's right. I already called the city's number too, the 310 one", "en"),
    ],
)
def test_a_yes_at_the_read_back_with_a_remark_naming_an_answer_sends_it(said, language):
    """A remark after the yes that names an answer ("the city's number") changes nothing and clears nothing
    (s39-c004: the callback number was cleared and asked again)."""
    with languages.using(language):
        _, turn = _at_the_spill_read_back(said)
    assert turn.confirmed
    assert "callback_number" not in turn.updates


def test_a_yes_then_a_new_phone_at_the_read_back_still_changes_it():
    _, turn = _at_the_spill_read_back("yes, but the callback number is 310-555-0199")
    assert not turn.confirmed
    assert turn.updates.get("callback_number") == "+13105550199"


@pytest.mark.parametrize(
    ("said", "name"),
    [
        (
            "El restaurante se llama Casa Jalisco Grill y yo soy Daniela Ortiz, la operadora. La dirección "
            "es 12100 Amargosa Rd, Victorville.",
            "Daniela Ortiz",
        ),
        ("I'm Dana Brooks, the GM. We open in March.", "Dana Brooks"),
        ("soy la gerente general de un restaurante nuevo", None),  # a role, no name
        ("I'm Opening a new place on Bear Valley", None),
    ],
)
def test_the_speaker_introducing_themselves_is_the_contact_person(said, name):
    """s18-c006: "yo soy Daniela Ortiz" was never taken, and the form asked her name after the read-back."""
    form = PERMIT_FORMS["victorville"]
    with languages.using("es"):
        found = named_facts(form.spec, said, CTX, {"application_path": "application"})
    assert found.get("applicant_name") == name


@pytest.mark.parametrize(
    ("said", "language"),
    [
        (
            "el papel dice q la grasa estaba como en 30%. lo van a tirar en la planta de la ciudad de los "
            "angeles creo",
            "es",
        ),
        ("the hauler said they take it to the plant in the city of LA", "en"),
        (
            "el papel dice q la grasa y lo solido estaban como en 30%. no hubo reparaciones. lo van a "
            "tirar en la planta de la ciudad de los angeles creo",
            "es",
        ),
        ("There were no repairs. They take it to the plant in the city of LA.", "en"),
    ],
)
def test_an_answer_named_in_passing_at_the_read_back_is_not_cleared(said, language):
    """s43-c004: "la ciudad de los angeles" at a pump-out's read-back cleared the city and asked it again."""
    with languages.using(language):
        turn = _at_the_service_read_back(said, city="inglewood")
    assert turn.updates.get("city", "inglewood") == "inglewood"
    assert turn.next_slot == SERVICE_FORM.confirm_slot


def test_a_no_inside_a_later_sentence_still_corrects_at_the_read_back():
    turn = _at_the_service_read_back("no repairs. and the date was the 24th, not the 1st")
    assert turn.updates.get("service_date") == "2026-11-24"


def test_a_yes_to_save_while_the_city_is_asked_asks_the_city_again():
    """s43-c004: "ok si, guardalo" to "Which city?" ended the pump-out log with no city, and nothing was
    saved ("Me falta la fecha, la ciudad o el tipo de equipo")."""
    values = {"service_date": "2026-11-20", "device": "interceptor", "hauler": "So Cal Pumping"}
    for said in ("ok si, guardalo", "yes save it"):
        turn = decide(SERVICE_FORM, FormState(values, "city"), say(said), CONTACTS)
        assert turn.next_slot == "city" and not turn.confirmed


def test_the_city_said_to_be_wrong_at_the_read_back_is_asked_again():
    turn = _at_the_service_read_back("the city is wrong", "change_answer", city="inglewood")
    assert "city" in turn.updates and turn.updates["city"] is None


@pytest.mark.parametrize(
    ("said", "field"),
    [
        ("the date is incorrect", "service_date"),
        ("everything's right except the date", "service_date"),
        ("yes but the date", "service_date"),
    ],
)
def test_a_change_asked_in_other_words_at_the_read_back_asks_that_answer_again(said, field):
    """Review of stop 53: these got "Noted." and the same read-back, the date unchanged."""
    turn = _at_the_service_read_back(said)
    assert field in turn.updates and turn.updates[field] is None
    assert turn.next_slot == field


@pytest.mark.parametrize(
    ("said", "field"),
    [
        ("Yes. Also it reached the storm drain and the street", "reaches"),
        ("yes. my name is Maria Lopez Garcia actually", "reporter_name"),
    ],
)
def test_a_yes_with_more_to_add_at_the_read_back_is_not_sent(said, field):
    """Review of stop 53: a yes first, then a new fact or a correction, sent the report without it."""
    _, turn = _at_the_spill_read_back(said)
    assert not turn.confirmed
    assert turn.next_slot != None  # noqa: E711 (asked or read back again, never sent)


@pytest.mark.parametrize(
    "said", ["Hi, I'm Taco Bell's general manager, we open in March", "I'm Not Sure what the seating is yet"]
)
def test_whose_manager_or_how_sure_is_no_name(said):
    form = PERMIT_FORMS["victorville"]
    assert "applicant_name" not in named_facts(form.spec, said, CTX, {"application_path": "application"})


def test_a_new_detail_said_with_a_request_to_send_at_the_read_back_is_sent():
    """w50-c006: "manifest # 44718. yes submit it" read the pump-out back again instead of logging it."""
    turn = _at_the_service_read_back("manifest # 44718. yes submit it")
    assert turn.confirmed and turn.next_slot is None
    assert turn.updates == {"manifest_number": "44718"}
    kept = _at_the_service_read_back("manifest # 44718")
    assert not kept.confirmed and kept.next_slot == SERVICE_FORM.confirm_slot


def test_the_device_s_size_is_not_the_gallons_pumped_out():
    """w50-c006: "1000 gallon interceptor, they took out about 900" logged 1,000 gallons, and "they took out
    about 900" as the hauler."""
    values = {"service_date": "2026-12-01", "device": "interceptor", "city": "victorville"}
    turn = decide(
        SERVICE_FORM,
        FormState(values, "gallons"),
        say("1000 gallon interceptor, they took out about 900"),
        CONTACTS,
    )
    assert turn.updates["gallons"]["amount"] == 900 and "hauler" not in turn.updates
    size_only = decide(SERVICE_FORM, FormState(values, "gallons"), say("1000 gallon interceptor"), CONTACTS)
    assert "gallons" not in size_only.updates and size_only.next_slot == "gallons"


def test_a_hauler_s_name_given_when_the_gallons_are_asked_is_kept():
    """w50-c006: "High Desert Grease Service" asked the gallons got "Please give a number" and was lost."""
    values = {"service_date": "2026-12-01", "device": "interceptor", "city": "victorville"}
    turn = decide(SERVICE_FORM, FormState(values, "gallons"), say("High Desert Grease Service"), CONTACTS)
    assert turn.updates == {"hauler": "High Desert Grease Service"} and turn.next_slot == "gallons"


def _in_the_spill_report(said: str, intent: str = "inform", requested: str = "volume"):
    values = {
        "overflowing_now": "yes",
        "city": "inglewood",
        "location": {
            "text": "Mariscos La Bahia",
            "kind": "place",
            "streets": [],
            "zip_code": None,
            "city": None,
        },
        "what_spilling": "agua con grasa",
        "started_at": "2026-12-01T09:00:00-08:00",
        "still_flowing": "yes",
        "reaches": [],
        "reporter_name": "Karla Jimenez",
        "callback_number": "+13105550117",
    }
    with languages.using("es"):
        return decide(SPILL_FORM, FormState(values, requested), say(said, intent), CONTACTS)


def test_the_question_echoed_then_a_skip_skips_it():
    """s46-c002: "cuanto? no se, saltalo" got the notice-of-violation fees as a side question."""
    turn = _in_the_spill_report("cuanto? no se, saltalo", "ask_question")
    assert not turn.reject and "volume" in turn.skipped


def test_a_no_that_corrects_an_earlier_answer_changes_it_while_another_is_asked():
    """s46-c002: "no, el telefono es 310-555-0177" while the volume was asked got "Por favor dé un número"."""
    turn = _in_the_spill_report("no, el telefono es 310-555-0177")
    assert turn.updates == {"callback_number": "+13105550177"}


# --- review of stop 55 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said", ["yes, we have all of it in good order", "yes we keep all the invoices, they look good"]
)
def test_a_yes_with_more_said_to_a_screening_question_answers_it_and_sends_nothing(said):
    """F1: "yes, we have all of it in good order" to "Can you provide documentation?" sent the request."""
    values = {
        "total_service_yd3": 1.5,
        "organics_gal": 6,
        "services_requested": ["green"],
        "business_name": "X",
    }
    turn = decide(DEMINIMIS_FORM, FormState(values, "has_documentation"), say(said, "affirm"), CONTACTS)
    assert not turn.confirmed and turn.updates.get("has_documentation") == "yes"


def test_all_good_said_alone_to_a_screening_question_sends_a_reachable_request():
    values = {
        "existing_establishment": "yes",
        "no_space": "yes",
        "no_slope": "yes",
        "city": "inglewood",
        "business_name": "antojitos mary",
        "applicant_phone": "+13105550161",
        "facility_address": {
            "text": "300 s la brea ave",
            "kind": "address",
            "streets": [],
            "zip_code": None,
            "city": None,
        },
    }
    with languages.using("es"):
        turn = decide(
            VARIANCE_FORM, FormState(values, "alt_tech_equivalent"), say("si todo bien", "affirm"), CONTACTS
        )
    assert turn.confirmed and turn.next_slot is None


def test_a_yes_to_a_live_spill_s_first_question_is_that_answer():
    """F2: "yes its all over the lot, not good" to "Is sewage overflowing right now?" was lost."""
    turn = decide(
        SPILL_FORM, FormState({}, "overflowing_now"), say("yes its all over the lot, not good"), CONTACTS
    )
    assert turn.updates.get("overflowing_now") == "yes"


@pytest.mark.parametrize(
    "said", ["no, the city crew stopped it already", "no, it stopped but the location is still a mess"]
)
def test_a_no_that_names_an_answer_in_passing_changes_no_answer(said):
    """F3: a "no" to "Is it still flowing?" that named the city or the place cleared that answer."""
    turn = _in_the_spill_report(said, requested="still_flowing")
    assert turn.updates == {"still_flowing": "no"}


@pytest.mark.parametrize(
    "said",
    [
        "manifest # 44718, don't submit yet",
        "manifest # 44718. should I submit it now or wait for the receipt?",
    ],
)
def test_a_detail_with_sending_put_off_or_asked_about_is_read_back(said):
    """F4."""
    turn = _at_the_service_read_back(said)
    assert not turn.confirmed and turn.next_slot == SERVICE_FORM.confirm_slot


@pytest.mark.parametrize(
    "said", ["1500 gallon interceptor, about 75% full", "it's a 1000 gallon tank, they took out 2 loads"]
)
def test_a_share_or_a_count_of_loads_is_no_gallons_pumped(said):
    """F8."""
    values = {"service_date": "2026-12-01", "device": "interceptor", "city": "victorville"}
    turn = decide(SERVICE_FORM, FormState(values, "gallons"), say(said), CONTACTS)
    assert "gallons" not in turn.updates


@pytest.mark.parametrize(
    ("said", "requested"),
    [
        ("Victorville. Grease interceptor", "city"),
        ("Interceptor. The waste hauler came and did it", "device"),
    ],
)
def test_words_about_the_device_or_the_hauler_are_no_hauler(said, requested):
    """F11."""
    values = {"service_date": "2026-12-01", **({"city": "victorville"} if requested == "device" else {})}
    turn = decide(SERVICE_FORM, FormState(values, requested), say(said), CONTACTS)
    assert "hauler" not in turn.updates


def test_a_business_name_after_ok_that_opens_with_a_question_word_is_the_name():
    """Review of stop 56 (F22): "ok Donde Lupe" to the business's name is the name, not a question aside."""
    form = PERMIT_FORMS["victorville"]
    values = {"city": "victorville", "application_path": "application"}
    turn = decide(form, FormState(values, "business_name"), say("ok Donde Lupe"), CONTACTS)
    assert not turn.aside


@pytest.mark.parametrize("intent", ["nlu_fallback", "inform", "change_answer"])
def test_a_day_corrected_after_an_apology_while_the_hauler_is_asked_is_no_hauler(intent):
    """w54-c014: "wait sorry it was yesterday not today. monday the 30th" corrects the service day."""
    values = {"city": "victorville", "service_date": "2026-11-29", "gallons": {"amount": 300, "unit": "gal"}}
    turn = decide(  # (today is Sunday, November 29 here)
        SERVICE_FORM,
        FormState(values, "hauler"),
        say("wait sorry it was yesterday not today. saturday the 28th", intent),
        CONTACTS,
    )
    assert turn.updates == {"service_date": "2026-11-28"} and turn.next_slot == "hauler"


@pytest.mark.parametrize("intent", ["nlu_fallback", "inform", "change_answer"])
def test_a_count_said_unit_first_with_please_fix_that_changes_that_answer(intent):
    """w54-c006: "oh wait sorry, seats is 52 now, ... please fix that" while the name is asked."""
    from actions.permits import PERMIT_FORMS

    values = {
        "city": "inglewood",
        "establishment_kind": "restaurant",
        "dining_capacity": 48,
        "drive_thru": "no",
    }
    said = say("oh wait sorry, seats is 52 now, we added tables last month. please fix that", intent)
    turn = decide(PERMIT_FORMS["inglewood"], FormState(values, "contact_name"), said, CONTACTS)
    assert turn.updates == {"dining_capacity": 52}
    assert turn.feedback == ("OK, I've changed the seating capacity to 52.",)


@pytest.mark.parametrize(
    ("form", "values", "asked", "said", "kept"),
    [
        # review of stop 57 (M4): someone else fixing or changing something is no correction of an answer
        (
            SERVICE_FORM,
            {"city": "victorville", "service_date": "2026-11-25", "gallons": {"amount": 300, "unit": "gal"}},
            "frequency",
            "every 90 days, the city said they may change it to 60 days",
            "frequency",
        ),
        (
            SPILL_FORM,
            {"overflowing_now": "yes", "city": "victorville", "started_at": "2026-11-29T11:00:00-08:00"},
            "volume",
            "maybe 40 gallons, crew is trying to fix it now",
            "volume",
        ),
        (
            SPILL_FORM,
            {"overflowing_now": "yes", "city": "victorville", "started_at": "2026-11-29T11:00:00-08:00"},
            "reaches",
            "the street, the city is coming at 4 to fix it",
            "reaches",
        ),
    ],
)
def test_someone_else_fixing_or_changing_something_is_an_answer_not_a_correction(
    form, values, asked, said, kept
):
    turn = decide(form, FormState(values, asked), say(said, "inform"), CONTACTS)
    assert kept in turn.updates
    assert not any(name in turn.updates for name in values)  # no answer given before is changed


@pytest.mark.parametrize(
    ("text", "unsure"),
    [
        (
            "it started maybe twenty minutes ago? It's still coming out, yeah, and it's running down toward "
            "the gutter on the street. Like, I dunno, maybe ten gallons so far?",
            True,
        ),
        ("maybe 10 gallons?", True),
        ("is it 90 days?", False),
        ("about how long does it take?", False),
        ("we have like 40 seats, how much is the fee?", False),
        ("it started around 9. do I have to call anyone?", False),
        # questions that sound unsure still ask (review of stop 59, M1): no value, or someone's duty
        ("I dunno if that counts as a spill?", False),
        ("tal vez la ciudad lo limpia?", False),
        ("so I have like 5 days to send it in writing?", False),
        ("i guess the city pays for the cleanup?", False),
        ("the deadline is like next friday?", False),
    ],
)
def test_facts_said_unsure_of_themselves_are_answers_not_questions_to_the_ordinances(text, unsure):
    """w47-c001: a caller's "it started maybe twenty minutes ago? ... maybe ten gallons so far?" mid-report
    was answered with the ordinance's offices; a question mark after words that hedge, with no question
    word, is an answer."""
    assert only_unsure(text) is unsure
    assert is_interruption("ask_question", text) is not unsure


def test_a_yes_at_the_read_back_that_says_an_answer_again_as_it_was_is_the_yes():
    """w43-c004: "Yes. Yes, that's right, with the thirty gallons." at the read-back was read back again; the
    amount said as it was read back changes nothing, and the yes sends the report."""
    values = {**_complete_spill(), "volume": parse("gallons", "30 gallons", CTX).slot}
    said = say("Yes. Yes, that's right, with the thirty gallons.", "affirm", channel="voice")
    turn = decide(SPILL_FORM, FormState(values, SPILL_FORM.confirm_slot), said, CONTACTS)
    assert turn.confirmed and "volume" not in turn.updates
    # the amount said anew is a change, read back again
    changed = say("Yes, with the forty gallons.", "affirm", channel="voice")
    turn = decide(SPILL_FORM, FormState(values, SPILL_FORM.confirm_slot), changed, CONTACTS)
    assert not turn.confirmed


def test_where_it_reaches_said_otherwise_beside_another_question_is_changed_and_said_so():
    """w58-c022: "oh wait, actually my guy just said it stopped at the curb, it's not in the storm drain"
    while asked whether it still flows got "Please answer yes, no or not sure."; where it reaches is changed,
    said so, and the open question asked again."""
    values = {
        "overflowing_now": "yes",
        "city": "victorville",
        "location": {"text": "Slice Academy on Seventh", "kind": "landmark"},
        "what_spilling": "grease",
        "reaches": ["street", "storm_drain"],
    }
    said = say(
        "oh wait, actually my guy just said it stopped at the curb, it's not in the storm drain, he put "
        "kitty litter down",
        channel="voice",
    )
    turn = decide(SPILL_FORM, FormState(values, "still_flowing"), said, CONTACTS)
    assert turn.updates["reaches"] == ["gutter"] and turn.next_slot == "still_flowing"
    assert turn.feedback[0].startswith("OK, I've changed that. Reaches:")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Hi, good morning, this is, um, Karen Whitfield, I'm the property manager", "Karen Whitfield"),
        ("This is Bear Valley Road by the Walmart, grease everywhere", None),
        ("Hi. This is Slice Academy on Seventh", None),
        ("this is Pho Saigon Kitchen, our trap is overflowing", None),
        ("my name is Rosa Park", "Rosa Park"),
    ],
)
def test_a_caller_s_this_is_names_them_never_a_place_or_a_business(text, name):
    """w43-c004, and review of stop 59 (S1): "this is <a street>" named the street as the caller."""
    assert named_facts(SPILL_FORM.spec, text, CTX, {}).get("reporter_name") == name
