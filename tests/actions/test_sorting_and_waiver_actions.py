"""Container sorting and waiver requests: the questions asked, the rulings given, the requests stored."""

from __future__ import annotations

import datetime as dt

import pytest
from action_tracker_support import make_tracker, run

import languages
import store
from actions import runtime
from actions.containers import ActionSortAnswer, ActionSortFollowUp, ValidateSortingForm, parse_generator
from actions.waivers import ActionSubmitWaiver, ValidateDeminimisForm, ValidateVarianceForm, waiver_facts
from intake import ParseContext
from sorting import SortingMatcher


@pytest.fixture
def matcher(monkeypatch):
    lexical = SortingMatcher()  # no embedder: the lexical steps are enough for catalog names
    monkeypatch.setattr(runtime, "sorting_matcher", lambda: lexical)
    return lexical


def test_an_item_with_one_container_for_everyone_is_answered_without_questions(matcher):
    slots, text = run(
        ValidateSortingForm(),
        make_tracker(text="where does an aluminum can go", intent="sort_item", active_loop="sorting_form"),
    )
    assert slots["sorting_item"] == "aluminum can" and slots["requested_slot"] is None and text == ""
    _, answer = run(ActionSortAnswer(), make_tracker(slots={"sorting_item": "aluminum can"}))
    assert "blue container" in answer and "Victorville Municipal Code § 6.37.030(b)(1)" in answer


def test_an_ambiguous_item_gets_one_question_then_the_answer_for_homes_and_businesses(matcher):
    slots, text = run(
        ValidateSortingForm(),
        make_tracker(text="where does a pizza box go", intent="sort_item", active_loop="sorting_form"),
    )
    assert slots["requested_slot"] == "sorting_option"
    assert "greasy" in text and "clean" in text
    slots, text = run(
        ValidateSortingForm(),
        make_tracker(
            slots={"requested_slot": "sorting_option", "sorting_item": "pizza box"},
            text="greasy",
            active_loop="sorting_form",
        ),
    )
    assert slots["sorting_option"] == "greasy" and slots["requested_slot"] is None and text == ""
    _, answer = run(
        ActionSortAnswer(), make_tracker(slots={"sorting_item": "pizza box", "sorting_option": "greasy"})
    )
    # at most one clarifying question: home or business is not asked, both containers are given
    assert "green container at homes (1-4 units), brown at businesses and 5+ unit apartments" in answer
    assert "6.37.040" in answer and "6.37.030" in answer
    _, answer = run(
        ActionSortAnswer(),
        make_tracker(
            slots={"sorting_item": "pizza box", "sorting_option": "greasy", "generator_type": "commercial"}
        ),
    )
    assert "the brown container" in answer and "green" not in answer


def test_other_items_asked_instead_of_the_clarifying_answer_are_sorted_instead(matcher):
    slots, _ = run(
        ValidateSortingForm(),
        make_tracker(
            slots={
                "requested_slot": "sorting_option",
                "sorting_item": "pizza box",
                "generator_type": "single_family",
            },
            text="What about the leftover crusts and the chicken wing bones?",
            intent="sort_item",
            active_loop="sorting_form",
        ),
    )
    assert slots["requested_slot"] is None and slots["sorting_item"] != "pizza box"
    assert slots["sorting_query"].startswith("What about the leftover crusts")


def test_two_unclear_replies_to_the_clarifying_question_fall_back_to_the_safe_choice(matcher):
    slots = {"requested_slot": "sorting_option", "sorting_item": "pizza box", "form_failures": 1}
    result, _ = run(ValidateSortingForm(), make_tracker(slots=slots, text="hmm", active_loop="sorting_form"))
    assert result["sorting_option"] == "__unsure__"


def test_cooking_oil_is_never_down_the_drain(matcher):
    _, answer = run(ActionSortAnswer(), make_tracker(slots={"sorting_item": "used cooking oil"}))
    assert "Never pour cooking oil or grease down a drain" in answer


def test_deminimis_screening_states_the_exact_threshold_as_soon_as_both_amounts_are_known(engine):
    slots = {
        "requested_slot": "organics_gal",
        "total_service_yd3": {"amount": 1.5, "unit": "yd3", "per": "week"},
    }
    _, text = run(
        ValidateDeminimisForm(), make_tracker(slots=slots, text="10 gallons", active_loop="deminimis_form")
    )
    # below 2 cubic yards the limit is under 10 gallons, and exactly 10 is not under it
    assert "must be under 10 gallons" in text and "does not qualify" in text
    assert "Victorville Municipal Code § 6.37.050(a)(2)(b)" in text
    assert "fifteen days" in text and "five years" in text


@pytest.mark.parametrize(
    ("language", "said", "opens"),
    [
        (
            "en",
            "I'd like to apply for a de minimis waiver",
            "Let's start your de minimis waiver request (City",
        ),
        ("es", "quiero pedir el waiver de minimis", "Empecemos con su solicitud de exención de minimis"),
    ],
)
def test_a_request_starts_by_saying_which_request_it_is_then_asks_the_first_question(
    engine, language, said, opens
):
    with languages.using(language):
        slots, text = run(
            ValidateDeminimisForm(),
            make_tracker(text=said, intent="request_deminimis_waiver", active_loop="deminimis_form"),
        )
    assert text.startswith(opens) and slots["requested_slot"] == "total_service_yd3"


def test_a_confirmed_deminimis_request_is_stored_with_its_screening(engine):
    answers = {
        "total_service_yd3": {"amount": 2, "unit": "yd3", "per": "week"},
        "organics_gal": {"amount": 15, "unit": "gal", "per": "week"},
        "services_requested": ["brown"],
        "has_documentation": "yes",
        "business_name": "Joe's Diner",
        "facility_address": {"text": "123 Main St", "kind": "address"},
        "applicant_name": "Joe Smith",
        "applicant_phone": "+17605550100",
        "deminimis_confirmed": True,
    }
    slots, text = run(ActionSubmitWaiver(), make_tracker(slots=answers, text="yes", intent="affirm"))
    record = store.waivers.get_by_reference(engine, slots["waiver_reference"])
    assert (record["kind"], record["city"], record["status"], record["eligible"]) == (
        "deminimis",
        "victorville",
        "submitted",
        True,
    )
    assert record["screening"]["threshold"] == "6.37.050(a)(2)(a)"
    assert record["details"]["answers"]["business_name"] == "Joe's Diner"
    assert record["reference"] in text


def test_a_variance_request_is_filed_under_the_likely_inglewood_path(engine):
    answers = {
        "existing_establishment": "yes",
        "no_space": "yes",
        "no_slope": "no",
        "alt_tech_equivalent": "no",
        "negligible_fog": "no",
        "business_name": "Burger Barn",
        "variance_confirmed": True,
    }
    slots, text = run(ActionSubmitWaiver(), make_tracker(slots=answers, text="yes", intent="affirm"))
    record = store.waivers.get_by_reference(engine, slots["waiver_reference"])
    assert (record["kind"], record["city"]) == ("inglewood_cleanup_charge_waiver", "inglewood")
    assert "Discharge Requirements (6)(iii)" in text


def test_home_or_business_said_in_the_question_is_never_asked(matcher):
    slots, text = run(
        ValidateSortingForm(),
        make_tracker(
            text="which bin do greasy pizza boxes go in at my house in victorville",
            intent="sort_item",
            active_loop="sorting_form",
        ),
    )
    assert slots["generator_type"] == "single_family"
    assert slots["requested_slot"] is None and "5 or more units" not in text


def test_home_or_business_said_a_turn_earlier_is_never_asked(matcher):
    tracker = make_tracker(
        text="where do greasy pizza boxes go", intent="sort_item", active_loop="sorting_form"
    )
    earlier = {"event": "user", "text": "we run a restaurant in victorville", "timestamp": 1.0}
    tracker.events.insert(0, earlier)
    slots, text = run(ValidateSortingForm(), tracker)
    assert slots["generator_type"] == "commercial"
    assert slots["requested_slot"] is None and "5 or more units" not in text


@pytest.mark.parametrize(
    "text, slots",
    [
        ("I'm in Inglewood. Which bin do grass clippings go in?", {}),
        ("where do coffee grounds go", {"city": "inglewood"}),  # the conversation's city
    ],
)
def test_a_sorting_question_in_inglewood_is_declined_with_its_solid_waste_office(matcher, text, slots):
    tracker = make_tracker(text=text, intent="sort_item", active_loop="sorting_form", slots=slots)
    found, asked = run(ValidateSortingForm(), tracker)
    assert (
        found["requested_slot"] is None and asked == ""
    )  # no "home or business?" for a city it cannot rule on
    after, answer = run(ActionSortAnswer(), make_tracker(slots={**slots, **found}))
    assert "doesn't say anything about Inglewood's cart and organics rules" in answer
    assert "City of Inglewood Department of Public Works" in answer and "apply only in Victorville" in answer
    assert "green container" not in answer
    assert after["topic_question"] == text  # "and at my victorville place?" next asks it there (s26-c015)


def test_a_message_taken_for_sorting_in_inglewood_that_names_no_item_is_no_sorting_question(matcher):
    """s54-c012: "y si me llega una cuarta?" after a third NOV, taken for a sorting question ("cuarta" is
    spelled near "carta"), was declined as Inglewood's cart rules; it names no item, so it is asked on."""
    slots = {"city": "inglewood", "language": "es"}
    tracker = make_tracker(
        text="y si me llega una cuarta?", intent="sort_item", active_loop="sorting_form", slots=slots
    )
    found, _ = run(ValidateSortingForm(), tracker)
    assert found["sorting_item"] == "__none__"
    # an item spelled near its name is still a sorting question there, declined (review of stop 59, M12)
    tracker = make_tracker(
        text="styrofome cups?", intent="sort_item", active_loop="sorting_form", slots=slots
    )
    found, _ = run(ValidateSortingForm(), tracker)
    assert found["sorting_item"] == "__inglewood__"


def test_cooking_oil_asked_as_a_sorting_question_in_inglewood_is_answered_from_its_fog_ordinance(engine):
    text = "inglewood restaurant. old fryer oil - trash dumpster ok or what"
    tracker = make_tracker(text=text, intent="sort_item", active_loop="sorting_form")
    found, _ = run(ValidateSortingForm(), tracker)
    assert found["sorting_item"] == "__inglewood__"
    _, answer = run(ActionSortAnswer(), make_tracker(slots=found))
    assert "Inglewood FOG Ordinance" in answer and "licensed waste hauler" in answer, answer
    assert "doesn't say anything" not in answer


def test_a_sorting_question_naming_victorville_is_answered_for_victorville_whatever_the_city_slot(matcher):
    tracker = make_tracker(
        text="where do aluminum cans go in victorville",
        intent="sort_item",
        active_loop="sorting_form",
        slots={"city": "inglewood"},
    )
    found, _ = run(ValidateSortingForm(), tracker)
    assert found["sorting_item"] == "aluminum can"


def test_several_items_in_one_message_are_each_answered_at_once(matcher):
    text = "where do the soda cans, banana peels and grass clippings go?"
    slots, asked = run(
        ValidateSortingForm(), make_tracker(text=text, intent="sort_item", active_loop="sorting_form")
    )
    assert slots["sorting_item"] == "__listed__" and slots["requested_slot"] is None and asked == ""
    _, answer = run(ActionSortAnswer(), make_tracker(slots=slots))
    assert answer.startswith("Aluminum can: the blue container; Banana peel: green container at homes")
    assert "Grass clippings: the green container" in answer and "§ 6.37.030(b)" in answer
    _, answer = run(ActionSortAnswer(), make_tracker(slots={**slots, "generator_type": "single_family"}))
    assert answer.startswith("At homes (1-4 units): Aluminum can: the blue container; Banana peel: the green")


def test_several_items_at_a_business_said_in_the_message_are_answered_at_once(matcher):
    text = "en la taqueria en q bote van las sobras, tortillas, los huesos? tenemos azul verde cafe y negro"
    with languages.using("es"):
        slots, asked = run(
            ValidateSortingForm(), make_tracker(text=text, intent="sort_item", active_loop="sorting_form")
        )
        assert slots["requested_slot"] is None and asked == ""
        _, answer = run(ActionSortAnswer(), make_tracker(slots=slots))
    # the three ruled alike: named together, the container said once
    assert "Sobras de comida, pan y huesos de pollo: el contenedor café." in answer and "verde" not in answer


def test_home_or_business_said_with_the_clarifying_answer_is_kept(matcher):
    slots, _ = run(
        ValidateSortingForm(),
        make_tracker(
            slots={"requested_slot": "sorting_option", "sorting_item": "pizza box"},
            text="its from my house and its pretty greasy with cheese stuck on it",
            active_loop="sorting_form",
        ),
    )
    assert slots["sorting_option"] == "greasy" and slots["generator_type"] == "single_family"


def test_yards_and_gallons_said_in_one_spanish_sentence_are_each_kept():
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    said = "tenemos servicio de 3 yardas x semana y de organicos sacamos como 15 galones a la semana"
    found = waiver_facts(said, ctx, {})
    assert found["total_service_yd3"]["amount"] == 3 and found["organics_gal"]["amount"] == 15


@pytest.mark.parametrize(
    ("said", "services"),
    [
        ("la pedimos pal bote cafe de los restos de comida", ["brown"]),  # s50-c007: the container first
        ("for the green and brown container service", ["green", "brown"]),
        ("no hay espacio para los botes verdes ni los cafes", ["green", "brown"]),  # review of stop 57 (M14)
    ],
)
def test_the_containers_a_waiver_is_for_are_read_in_either_order(said, services):
    ctx = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
    assert sorted(waiver_facts(said, ctx, {})["services_requested"]) == sorted(services)


def test_a_waiver_started_after_questions_that_gave_the_amounts_keeps_the_last_ones(engine):
    topic = (
        "Our shop has a 1.5 cubic yard trash bin picked up once a week, and we make about 12 gallons of "
        "organic waste a week. Could we get a de minimis waiver? What if its 6 gallons instead?"
    )
    slots, _ = run(
        ValidateDeminimisForm(),
        make_tracker(
            slots={"topic_question": topic},
            text="Great, then I'd like to apply for the waiver.",
            intent="request_deminimis_waiver",
            active_loop="deminimis_form",
            previous_action="action_answer_question",
        ),
    )
    assert slots["total_service_yd3"]["amount"] == 1.5 and slots["organics_gal"]["amount"] == 6
    assert slots["requested_slot"] == "services_requested"


def test_a_variance_started_after_a_question_that_told_the_site_does_not_ask_it_again(engine):
    topic = (
        "Tengo un café pequeño en Inglewood en un local viejo. El inspector dice que necesito un interceptor "
        "de grasa pero no hay espacio ni adentro ni afuera. ¿Qué opciones tengo?"
    )
    with languages.using("es"):
        slots, _ = run(
            ValidateVarianceForm(),
            make_tracker(
                slots={"topic_question": topic, "city": "inglewood"},
                text="Ok, quiero aplicar para el waiver.",
                intent="request_interceptor_variance",
                active_loop="variance_form",
                previous_action="action_answer_question",
            ),
        )
    assert slots["existing_establishment"] == "yes" and slots["no_space"] == "yes"
    assert slots["requested_slot"] == "no_slope"


def test_a_setting_right_after_a_sorting_answer_asks_it_again_for_that_setting(engine):
    slots = {"sorting_query": "vivo en una casa en victorville, en q bote van las cascaras de huevo?"}
    with languages.using("es"):
        set_to, text = run(
            ActionSortFollowUp(),
            make_tracker(slots=slots, text="y en la taqueria? ahi tenemos como 4 botes de colores"),
        )
    assert "café" in text.lower() or "cafe" in text.lower()  # the brown container, at a business
    assert set_to == {"generator_type": "commercial"}


def test_a_long_setting_that_asks_the_same_again_sorts_the_last_items_there(engine):
    slots = {"sorting_query": "where do eggshells go at my house?"}
    set_to, text = run(
        ActionSortFollowUp(),
        make_tracker(
            slots=slots,
            text="ok and my mom lives in a 12 unit apartment building, same thing for her?",
            intent="ask_question",
        ),
    )
    assert "brown" in text.lower()  # five or more units: food scraps in the brown container
    assert set_to == {"generator_type": "commercial"}


def test_an_item_and_a_setting_right_after_a_sorting_answer_is_that_item_there(engine):
    slots = {"sorting_query": "where do eggshells go at my house?"}
    _, text = run(
        ActionSortFollowUp(), make_tracker(slots=slots, text="and the pizza box at the restaurant?")
    )
    assert "pizza box" in text.lower() and "eggshell" not in text.lower()


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("and the potato peels and egg shells from the kitchen?", "en", "green"),
        ("y las cascaras de papa?", "es", "verde"),
    ],
)
def test_the_next_items_after_a_sorting_answer_are_sorted_for_the_place_already_said(
    engine, text, language, expected
):
    """A house said a turn earlier stays a house: food scraps go in the green container, not the brown one
    only businesses and large apartment buildings use."""
    slots = {
        "sorting_query": "where do grass clippings go? i live in a house",
        "generator_type": "single_family",
    }
    with languages.using(language):
        set_to, reply = run(ActionSortFollowUp(), make_tracker(slots=slots, text=text, intent="ask_question"))
    assert expected in reply.lower() and "brown" not in reply.lower() and "café" not in reply.lower()
    assert set_to == {"sorting_query": f"{slots['sorting_query']} {text}"}  # asked so far, together


@pytest.mark.parametrize(
    "text",
    [
        "ok and who even picks this stuff up, like what company?",  # "company" is no business here
        "can they come inside my house to check how i'm sorting lol",
        "y quien recoge los botes en mi casa?",
    ],
)
def test_a_place_named_in_another_question_after_a_sorting_answer_is_no_setting_follow_up(engine, text):
    slots = {"sorting_query": "and a greasy pizza box?", "city": "victorville"}
    with languages.using("es" if "quien" in text else "en"):
        set_to, reply = run(ActionSortFollowUp(), make_tracker(slots=slots, text=text, intent="ask_question"))
    assert "pizza" not in reply.lower()  # not the last item sorted again for a business or a home
    assert "generator_type" not in set_to


@pytest.mark.parametrize(
    "text",
    [
        "what about my sister who has a restaurant?",  # a relative "who" asks no who
        "y en mi casa? porque alla tengo composta",  # "porque" is because
        "and at my apartment complex, where do they go?",
    ],
)
def test_a_place_with_a_who_or_a_because_after_a_sorting_answer_still_sorts_there(engine, text):
    from actions.containers import _ASKS_SOMETHING_ELSE

    assert _ASKS_SOMETHING_ELSE.search(text) is None


def test_a_rule_question_starting_with_and_after_a_sorting_answer_is_answered_as_a_question(engine):
    slots = {"sorting_query": "where do eggshells go at my house?", "city": "victorville"}
    _, text = run(
        ActionSortFollowUp(),
        make_tracker(
            slots=slots, text="and how often must a grease interceptor be pumped?", intent="ask_question"
        ),
    )
    assert "90 days" in text


def test_a_question_right_after_a_sorting_answer_that_names_no_setting_is_answered_as_a_question(engine):
    slots = {"sorting_query": "where do eggshells go at my house?", "city": "victorville"}
    _, text = run(
        ActionSortFollowUp(), make_tracker(slots=slots, text="how often must a grease interceptor be pumped?")
    )
    assert "90 days" in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 6.37.020: fewer than five units is "single-family", five or more is multi-family (commercial)
        ("i have a 4 unit building, do my tenants use a brown bin like the big apartments?", "single_family"),
        ("our 12-unit complex", "commercial"),
        ("we manage 40 apartments", "commercial"),
        ("tengo 3 departamentos", "single_family"),
        ("we r a duplex", "single_family"),
        ("we have 4 yards of trash a week", None),
        (
            "somos una escuelita privada (preschool), los restos del lonche",
            "commercial",
        ),  # a school is a business
        # a place the message says it is not is no setting
        ("and banana peels and leftover rice? its a house not an apartment", "single_family"),
        ("es casa, no negocio", "single_family"),
        # taking something home says nothing of whose place it is
        ("quick q. can i just take our used fryer oil home & toss it out? victorville", None),
        ("take the scraps home to my house", "single_family"),
    ],
)
def test_the_number_of_units_decides_home_or_business(text, expected):
    said = parse_generator(text)
    assert (said.value if said else None) == expected


def test_more_items_with_the_setting_after_a_sorting_answer_are_sorted_for_it(engine, matcher):
    """ "and banana peels and leftover rice? its a house not an apartment" after the yard waste: the food
    scraps, sorted for a home (the green container), not the menu."""
    slots = {"sorting_query": "grass clippings and leaves, where do they go?", "city": "victorville"}
    text = "and banana peels and leftover rice? its a house not an apartment"
    set_to, reply = run(ActionSortFollowUp(), make_tracker(slots=slots, text=text, intent="inform"))
    assert "banana" in reply.lower() and "green" in reply and "brown" not in reply, reply
    assert set_to.get("generator_type") == "single_family"


def test_the_city_and_a_setting_right_after_a_sorting_answer_ask_it_again_for_them(engine):
    """ "victorville, house" after a pizza box answered for homes and businesses: the home's container."""
    slots = {"sorting_query": "where does a greasy pizza box go"}
    set_to, text = run(
        ActionSortFollowUp(), make_tracker(slots=slots, text="victorville, house", intent="inform_city")
    )
    assert "green" in text and "brown" not in text, text
    assert set_to == {"generator_type": "single_family", "city": "victorville"}
    _, text = run(ActionSortFollowUp(), make_tracker(slots=slots, text="victorville", intent="inform_city"))
    assert text.startswith("Got it: I'll use Victorville's rules.")


def test_a_deminimis_request_sent_without_its_amounts_is_filed_unscreened_and_incomplete(engine):
    answers = {
        "services_requested": ["brown"],
        "business_name": "Mesa Business Center",
        "facility_address": {"text": "15550 Palmdale Rd", "kind": "address"},
        "applicant_name": "Terry Olsen",
        "applicant_phone": "+17605550121",
        "deminimis_confirmed": True,
    }
    slots, text = run(ActionSubmitWaiver(), make_tracker(slots=answers, text="submit it", intent="affirm"))
    record = store.waivers.get_by_reference(engine, slots["waiver_reference"])
    assert record["status"] == "submitted" and record["eligible"] is None
    assert record["details"]["missing"][:2] == ["Total solid waste service", "Organic waste per container"]
    assert record["reference"] in text and "It is filed as incomplete" in text
    assert "The city screens it once it has your service and organic waste amounts." in text


def test_a_setting_said_as_a_fact_after_a_sorting_answer_asks_it_again_for_that_setting(engine):
    slots = {"sorting_query": "en q bote van las cascaras de naranja? victorville", "city": "victorville"}
    with languages.using("es"):
        set_to, text = run(
            ActionSortFollowUp(), make_tracker(slots=slots, text="es casa, casa sola", intent="inform")
        )
    assert set_to == {"generator_type": "single_family"} and "verde" in text.lower() and "café" not in text


def test_inglewood_asked_after_a_sorting_answer_is_told_its_carts_are_not_in_these_ordinances(engine):
    slots = {"sorting_query": "where do orange peels go at my house? victorville", "city": "victorville"}
    _, text = run(
        ActionSortFollowUp(),
        make_tracker(slots=slots, text="and in Inglewood? my sister lives there", intent="inform_city"),
    )
    assert "Inglewood's cart and organics rules" in text and "Chapter 6.37" in text


def test_the_same_items_asked_for_another_place_are_sorted_again_for_it():
    said = "my sister runs a little cafe in victorville, does she do it the same way?"
    tracker = make_tracker(text=said, slots={"sorting_query": said, "sorting_item": None})
    tracker.events.insert(
        0,
        {
            "event": "user",
            "text": "and leftover rice and chicken bones?",
            "timestamp": tracker.events[0]["timestamp"] - 5,
        },
    )
    _, answer = run(ActionSortAnswer(), tracker)
    assert "brown" in answer.lower() and "could not find" not in answer.lower()


@pytest.mark.parametrize(
    ("slots", "said"),
    [
        ({"sorting_item": "oily rags"}, "doesn't say where to take it"),  # no cart takes it
        (
            {"sorting_item": "__none__", "sorting_query": "a flux capacitor"},
            "please ask the city",
        ),  # not found
    ],
)
def test_whom_to_ask_about_carts_is_the_solid_waste_office_never_the_fog_manager(slots, said):
    _, answer = run(ActionSortAnswer(), make_tracker(slots=slots))
    assert said in answer and "solid waste and recycling program" in answer
    assert "FOG manager" not in answer


def test_less_than_two_yards_in_the_form_is_screened_on_the_under_two_threshold():
    """ "el servicio de basura es menos de 2 yardas" then 15 gallons: not eligible (under two yards the limit
    is 10 gallons), and never "with 2 cubic yards a week (two or more)"."""
    from actions.waivers import deminimis_facts, deminimis_result
    from intake import CUBIC_YARDS, GALLONS, parse_quantity

    values = {
        "total_service_yd3": parse_quantity("menos de 2 yardas por semana", CUBIC_YARDS).slot,
        "organics_gal": parse_quantity("15 galones", GALLONS).slot,
    }
    result = deminimis_result(values)
    assert (
        not result.eligible
        and "less than 2 cubic yards" in result.reason
        and "two or more" not in result.reason
    )
    assert deminimis_facts(values).startswith("we have less than 2 cubic yards")
    values["total_service_yd3"] = parse_quantity("2 yards", CUBIC_YARDS).slot
    assert deminimis_result(values).eligible  # exactly two: under 20 gallons


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("¿Y si fuera un edificio de solo 4 departamentos?", "unifamiliar"),
        ("y en un complejo de 24 departamentos?", "negocio comercial"),
    ],
)
def test_a_building_s_size_after_a_sorting_answer_is_said_to_count_as_a_home_or_a_business(
    engine, text, said
):
    slots = {"sorting_query": "en que bote van las sobras de comida? vivo en victorville"}
    with languages.using("es"):
        _, reply = run(ActionSortFollowUp(), make_tracker(slots=slots, text=text))
    assert reply.startswith("Un edificio de") and said in reply and "6.37.020" in reply


def test_a_sorting_answer_makes_its_question_the_conversation_s_topic(matcher):
    query = "donde tiro el aceite de la freidora ya usado? tengo pupuseria en victorville"
    slots, _ = run(
        ActionSortAnswer(), make_tracker(slots={"sorting_item": "used cooking oil", "sorting_query": query})
    )
    # "y quien se lo lleva?" next asks who takes the oil
    assert slots["topic_question"] == query


def test_an_item_s_option_said_in_an_earlier_message_is_not_asked_again(engine, matcher):
    """ "the oil tho - could that go in the brown one?" after "our used fryer oil": cooking oil, not "cooking
    or motor?" again; a message about another thing says nothing of it."""
    tracker = make_tracker(
        text="the oil tho - could that go in the brown one?",
        intent="sort_item",
        active_loop="sorting_form",
        slots={"requested_slot": None, "city": "victorville"},
    )
    said_before = [
        "quick q. can i just take our used fryer oil home & toss it out? victorville",
        "greasy pizza box?",
    ]
    tracker.events[:0] = [{"event": "user", "text": text, "timestamp": 1.0} for text in said_before]
    set_to, _ = run(ValidateSortingForm(), tracker)
    assert set_to.get("sorting_option") == "cooking"
    assert set_to.get("requested_slot") is None
