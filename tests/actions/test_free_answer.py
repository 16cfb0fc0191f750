"""A free question holding a rule's numbers: the computed result first, the answer card's rule behind it."""

from __future__ import annotations

import datetime as dt

import pytest

import languages
from actions.knowledge import free_answer
from actions.permits import fee_facts
from actions.waivers import deminimis_facts
from cities import CityContacts
from shaping.answers import MORE_MARKER, shape_answer

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)  # Tuesday 10:00 in both cities


def test_a_service_date_gets_the_due_date_first_and_the_other_part_in_the_same_first_reply(real_index):
    question = (
        "the lil trap under the 3 comp sink, last cleaned nov 2. how often those gotta get done? "
        "also do we pull the baffles out n clean em? victorville"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert answer.text.startswith("Your next trap service is due by December 2, 2026")
    assert answer.card is not None
    shaped = shape_answer(answer, "sms")
    assert "December 2, 2026" in shaped.text and shaped.text.endswith(MORE_MARKER)
    assert "baffles" in shaped.text.lower()  # the other part in the first SMS, the trap's rule after MORE


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


def test_a_two_part_question_gets_the_computed_part_and_the_other_part_in_the_first_sms(real_index):
    question = (
        "do i need a seperate grease permit if i already have my health permit? small taco shop in inglewood "
        "like 20 seats no drive thru. how much is it"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert answer.parts >= 2 and answer.text.startswith("Your annual fee is $267")
    shaped = shape_answer(answer, "sms")
    assert "you need a FOG wastewater discharge permit" in shaped.text  # the other part, not behind MORE
    assert shaped.text.count("$413") == 0  # the fee card the result says is held back, not repeated
    assert "$413" in shaped.more


def test_each_part_s_clock_is_computed_from_the_day_the_message_gives(real_index):
    question = (
        "inglewood revoked our fog permit, letter says mailed nov 18. when is it final and how long til we "
        "can get a permit again? also heard a judge threw out part of the grease ordinance so doesnt that "
        "kill the whole thing?"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    first = shape_answer(answer, "sms").text
    assert "December 4, 2026" in first and "1 year" in first and "rest stays in force" in first


def test_a_what_if_with_a_new_amount_is_computed_with_it_not_the_earlier_one(real_index):
    earlier = (
        "we have 3 yards of trash a week and 15 gallons of organics a week, can we get the de minimis waiver?"
    )
    answer = free_answer(
        real_index, CityContacts(), "and if it were 22 gallons?", "victorville", NOW, "web", facts=earlier
    )
    assert answer.text.startswith("No, you don't qualify for a de minimis waiver.")
    assert "22 gallons is not" in answer.text and "3 cubic yards" in answer.text  # the yards from before


def test_a_what_if_that_names_someone_who_does_something_is_computed_first(real_index):
    """ "what if its 6 gallons instead? we started giving the coffee grounds to a guy who composts"
    (w43-c011): "a guy who composts" asks no who; the new amount's result comes first."""
    earlier = (
        "do we have to do the organics bin thing? small coffee shop in victorville, 1 yard trash bin emptied "
        "once a week and maybe 12 gallons of food scraps a week"
    )
    said = "what if its 6 gallons instead? we started giving the coffee grounds to a guy who composts"
    answer = free_answer(real_index, CityContacts(), said, "victorville", NOW, "sms", facts=earlier)
    assert answer.text.startswith("Yes, you qualify to apply for a de minimis waiver.")


def test_a_what_if_mid_waiver_request_is_computed_with_the_amounts_given(real_index):
    facts = deminimis_facts(
        {
            "total_service_yd3": {"amount": 1.5, "unit": "yd3", "per": "week"},
            "organics_gal": {"amount": 12, "unit": "gal", "per": "week"},
        }
    )
    assert deminimis_facts({}) == ""
    answer = free_answer(
        real_index, CityContacts(), "What if it's 6 gallons instead?", "victorville", NOW, "web", facts=facts
    )
    assert answer.text.startswith(
        "Yes, you qualify to apply for a de minimis waiver. With 1.5 cubic yards a week"
    )
    assert "6 gallons is" in answer.text


def test_how_much_mid_application_is_computed_from_the_seats_given(real_index):
    facts = fee_facts({"dining_capacity": 58, "drive_thru": "no"})
    assert fee_facts({}) == ""
    answer = free_answer(
        real_index, CityContacts(), "so how much will we pay?", "inglewood", NOW, "web", facts=facts
    )
    # an applicant pays the initial fee with the first year's annual fee
    assert answer.text.startswith("Your first year's permit fees come to $753")
    assert "initial $340 fee" in answer.text and "$413" in answer.text


def test_a_new_matter_s_own_result_comes_before_the_one_the_earlier_facts_work_out(real_index):
    """An invoice was talked about; "there's also a notice of violation, my first one, how much is that one"
    is worked out on its own: the NOV's $100, not the invoice's late fee again."""
    facts = "got an invoice from inglewood public works for $413. what happens if i pay late its dated oct 20"
    question = "theres also a notice of violation in here, its my first one ever. how much is that one"
    answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "sms", facts=facts)
    assert answer.text.startswith("$100. The first notice of violation"), answer.text
    assert "$413" not in answer.text


def test_a_hearing_date_is_judged_against_its_window_first_in_one_sms(real_index):
    question = (
        "got a certified letter from victorville saying they wanna revoke our fog permit, hearing is dec 3. "
        "letter was mailed nov 24. thats like a week, can they do that?"
    )
    first = shape_answer(free_answer(real_index, CityContacts(), question, None, NOW, "sms"), "sms").text
    assert first.startswith(
        "December 3, 2026 is earlier than the chapter allows (December 9, 2026 to January 8, 2027)."
    )
    assert "fifteen calendar days" in first  # the reason, before MORE


def test_two_questions_on_one_matter_get_both_cards(real_index):
    question = (
        "Got a certified letter from Victorville saying they want to revoke our FOG permit for missed "
        "pump-outs. It was mailed November 24 and sets the hearing for January 20. Is that date even "
        "allowed? And if the hearing goes against us, can we appeal?"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    said = f"{answer.text} {answer.more}"
    assert "January 20, 2027 is later than the chapter allows" in said
    assert "city council" in said  # the appeal, a second card on the same matter (permit revocation)


def test_a_sentence_that_opens_as_a_question_is_a_question_of_its_own(real_index):
    question = (
        "got certified letter from victorville building official, proposed revocation of our fog permit. "
        "mailed nov 20, hearing set dec 3. thats barely 2 weeks?? can i bring a lawyer. can they shut our "
        "sewer off before that"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    said = f"{answer.text} {answer.more}".lower()
    assert "counsel" in said or "attorney" in said or "lawyer" in said
    assert "terminate sewer service" in said


def test_a_message_about_both_cities_gets_each_city_s_rule_whatever_city_was_known(real_index):
    question = (
        "how long do i keep the pump receipts n manifests? got 1 spot in victorville and 1 in inglewood"
    )
    answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "sms")
    first = shape_answer(answer, "sms").text
    assert first.index("In Victorville") < first.index("In Inglewood")
    assert "2 years" in first and "4 years" in first


def test_a_rule_both_cities_answer_no_is_answered_for_both_not_asked(real_index):
    question = (
        "if we run hot water thru the grease trap like 10 min after close every nite does that count as "
        "cleaning it lol"
    )
    first = shape_answer(free_answer(real_index, CityContacts(), question, None, NOW, "sms"), "sms").text
    assert "In Inglewood: No." in first and "In Victorville:" in first and "Which city" not in first


def test_a_clock_asked_of_both_cities_is_computed_for_each(real_index):
    question = (
        "We're remodeling the kitchens at both our Victorville and Inglewood restaurants, work starts Feb 1, "
        "2027. What's the latest date we can notify each city?"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    victorville, inglewood = answer.text.split("In Inglewood:")
    assert victorville.startswith("In Victorville:")
    for said in (victorville, inglewood):
        assert "the notice is due by December 3, 2026" in said
    assert "Monitoring and Notification (4)" in inglewood and "10.03.070(a)" in victorville


def test_a_part_of_a_message_is_answered_on_the_subject_of_the_whole(real_index):
    question = (
        "queremos llevar nosotros mismos el carton y las ramas a la planta en vez de pagar el servicio, se "
        "puede? q papeles tengo q guardar? victorville"
    )
    with languages.using("es"):  # "q papeles tengo q guardar" alone is nearest the grease records' card:
        # the self-hauler's are meant
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert "vvo-selfhaul-records" in [card.id for card in answer.cards]
    assert "boletas de peso" in answer.text and "grasa" not in answer.text


def test_a_yes_or_no_question_is_answered_by_a_card_that_says_yes_or_no_in_both_cities(real_index):
    question = "can i dump fryer oil down the drain if i run lots of hot water after it?"
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert {card.id for card in answer.cards} == {"ing-fryer-oil-disposal", "vvf-oil-down-drain"}
    first = shape_answer(answer, "sms").text
    assert (
        "In Inglewood: Never pour" in first and "In Victorville: Don't" in first and "Which city" not in first
    )


def test_each_question_of_a_letter_is_answered_from_the_letter_s_chapter(real_index):
    question = (
        "me llego x correo certificado una carta de la ciudad de victorville q me quieren revocar el "
        "permiso de grasa. la mandaron el 16 de noviembre y la audiencia es el 22 de diciembre. puedo "
        "llevar abogado? y si pierdo puedo apelar, cuanto tiempo tengo?"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    # the window computed from the mailing, the short question about a lawyer read alone, the grease permit's
    # appeal (not the organics chapter's appeal of a citation)
    assert answer.text.startswith("El 22 de diciembre de 2026 queda dentro del plazo")
    assert [card.id for card in answer.cards] == ["vvf-revocation-hearing", "vvf-revocation-appeal"]
    assert "abogado" in answer.text and "10 días calendario" in answer.text


def test_each_claim_put_to_be_checked_is_answered(real_index):
    question = (
        "my cousin does plumbing and says we should run the dishwasher straight into the grease trap, dump "
        "that enzyme stuff in every week so we dont have to pump as much, and pour the fryer oil down the "
        "mop "
        "sink with lots of hot water. victorville. is he right??"
    )
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    cards = {card.id for card in answer.cards}
    assert {"vvf-dishwasher", "vvf-oil-down-drain"} <= cards  # the first claim and the last
    assert any("additive" in f"{card.answer}".lower() for card in answer.cards)  # the enzymes


def test_a_message_that_says_a_business_is_never_answered_by_a_household_s_card(real_index):
    cases = [
        (
            "en",
            "i run a landscaping business and haul our own clippings to the compost place, keep receipts?",
        ),
        (
            "es",
            "tengo negocio de jardineria y yo mismo llevo las ramas a la composta, tengo q guardar recibos?",
        ),
    ]
    for language, question in cases:
        with languages.using(language):
            answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
        assert answer.card is not None and answer.card.setting != "household", question
    homeowner = "homeowner self hauling yard waste, do i report anything"
    answer = free_answer(real_index, CityContacts(), homeowner, "victorville", NOW, "web")
    assert answer.card.id == "vvo-selfhaul-house"


def test_a_clock_that_falls_due_the_same_day_in_both_cities_is_computed_without_asking_the_city(real_index):
    question = (
        "city put an emergency order on us yesterday and shut off our sewer so we're closed. when do we even "
        "get a hearing??"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    first = shape_answer(answer, "sms").text
    assert first.startswith("In both Victorville and Inglewood:") and "by December 7, 2026" in first
    assert "10.03.330(c)" in first and "Enforcement (10)" in first and "Which city" not in first
    assert "In Victorville:" in answer.more and "In Inglewood:" in answer.more


def test_a_clock_that_differs_between_the_cities_still_asks_the_city(real_index):
    # Victorville's card runs the hearing's window from the mailing, Inglewood's the order's final day
    question = "got a letter revoking our grease permit, mailed nov 20. when is it final?"
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert not answer.text.startswith("In both") and "Which city" in answer.text


def test_a_spoken_claim_check_with_no_punctuation_gets_each_claim_answered(real_index):
    question = (
        "yeah hi um so I just bought a taco shop in Inglewood like the sale closed last week and the old "
        "owner told me the grease interceptor only gotta be pumped every six months and that I can just "
        "keep using his permit is that is that right"
    )
    answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "voice")
    assert {"ing-pump-frequency", "ing-permit-transfer"} <= {card.id for card in answer.cards}


def test_practices_put_to_be_checked_with_is_all_that_okay_get_each_one_answered(real_index):
    """w54-s034: the enzymes, the hot water and the dish machine each get their rule."""
    question = (
        "my manager tells me every night pour this enzyme stuff down the floor drain, then run the hot water "
        "real hot for like twenty minutes to push the grease through, and the dish machine drains into the "
        "grease box too. is all that okay? I don't wanna get in trouble"
    )
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    assert {"vvf-additives", "vvf-dishwasher"} <= {card.id for card in answer.cards}
    assert "140" in answer.text


def test_a_permit_that_does_not_transfer_in_either_city_is_answered_for_both(real_index):
    question = "buying a taco shop from the owner, can his grease permit just transfer over to me"
    first = shape_answer(free_answer(real_index, CityContacts(), question, None, NOW, "sms"), "sms").text
    assert "In Inglewood: No." in first and "In Victorville: It doesn't transfer" in first


def test_a_spoken_question_after_a_long_story_is_answered(real_index):
    question = (
        "so um last month the FOG manager sent us a letter bumping our interceptor from every ninety days to "
        "every sixty days because an inspection found it was over twenty five percent and that was right "
        "before our scheduled pump so it was a fluke you know and our manifests show it's usually around "
        "fifteen percent um we're in victorville so is there any way to get back to ninety days"
    )
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "voice")
    assert "vvf-change-frequency-request" in {card.id for card in answer.cards}
    assert "written request" in answer.text


def test_a_spanish_question_of_when_after_a_past_spill_gets_the_day_for_both_cities_with_both_sections(
    real_index,
):
    spill = "el sabado se tapo el drenaje de la cocina y salio agua con grasa por el piso"
    with languages.using("es"):
        answer = free_answer(
            real_index,
            CityContacts(),
            "no le avise a nadie. pa cuando tengo q mandar lo escrito?",
            None,
            NOW,
            "sms",
            clock_facts=spill,
            city_asked=True,
        )
        first = shape_answer(answer, "sms").text
    assert first.startswith("Tanto en Victorville como en Inglewood:") and "4 de diciembre de 2026" in first
    assert "§ 10.03.280(b)" in first and "Monitoring and Notification (3)(a)" in first


def test_an_ordinal_is_no_break_between_questions_and_each_question_is_answered(real_index):
    question = (
        "got our 2nd NOV from inglewood today smh how much is this one gonna cost me and can i fight it"
    )
    answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "sms")
    first = shape_answer(answer, "sms").text
    assert first.startswith("$250.") and "Director of Public Works" in first  # the fee, then how to appeal
    assert "December 16" not in answer.text  # the day it came is not the day it was mailed


def test_a_computed_result_for_one_of_two_questions_comes_with_the_card_that_answers_the_other(real_index):
    question = (
        "inglewood revoked our FOG permit, the order was mailed nov 18. when does it become final and how "
        "long till we can apply again"
    )
    first = shape_answer(
        free_answer(real_index, CityContacts(), question, "inglewood", NOW, "sms"), "sms"
    ).text
    assert "December 4, 2026" in first and "1 year" in first


def test_a_message_no_card_answers_whole_is_answered_by_the_card_for_one_of_its_parts(real_index):
    question = (
        "what do i put in the letter? can i just leave out that it went into the alley, makes us look bad"
    )
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    assert answer.card is not None and answer.card.id == "vvf-spill-written-contents"
    assert "prevent it from recurring" in answer.text


def test_a_few_gallons_of_food_waste_a_week_qualify_for_the_waiver_whatever_the_trash_service(real_index):
    question = "we barely make any food waste, like 4 gal a week. can we skip the brown bin? victorville"
    first = shape_answer(free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms"), "sms")
    assert first.text.startswith("Yes, you qualify to apply for a de minimis waiver, whatever your trash")
    assert "6.37.050(a)(2)" in first.text


def test_a_past_spill_s_written_due_date_is_in_the_first_sms_after_whom_to_call(real_index):
    question = (
        "on saturday our interceptor overflowed out the back door into the parking lot, we mopped it all "
        "up. do we still have to tell the city? victorville"
    )
    shaped = shape_answer(free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms"), "sms")
    first = shaped.text
    assert len(first) <= 2 * 320 and first.endswith(MORE_MARKER)
    # the card's words under their section, then the computed day whole, in the first reply
    assert first.index("(Victorville Municipal Code") < first.index("by December 4, 2026")
    assert first.count("10.03.280") == 2
    assert "Phone the city" in shaped.more or "Phone the city" in first


def test_a_question_asking_what_to_do_is_not_answered_by_a_term_s_definition(real_index):
    question = (
        "se salio agua con grasa del drenaje al estacionamiento, ya paro. tenemos que avisar? victorville"
    )
    with languages.using("es"):  # alone, the message is nearest "es un SSO?": what to do is asked
        answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    assert answer.card is not None and answer.card.topic != "definitions" and "10.03.280" in answer.text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # a part asking by when gets the card that says it, and its clock: 15 days from the mailing
        (
            "Received a second notice of violation from the City of Inglewood, mailed November 23. It says "
            "our interceptor was over 25% full again. What's the penalty fee for a second one, and if I want "
            "to appeal, what's my deadline?",
            ["$250.", "so by December 8, 2026"],
        ),
        # a capacity request's date gives the day to respond by (60 days)
        (
            "I run a food pantry in Victorville. The city sent a letter dated November 13 asking about our "
            "food recovery capacity. How long do we have to respond?",
            ["so by January 12, 2027", "6.37.070(d)"],
        ),
    ],
)
def test_the_clock_of_the_card_that_answers_a_part_is_computed(real_index, question, said):
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert all(part in answer.text for part in said)


def test_who_sends_the_manifest_is_answered_whole_before_the_day_the_earlier_service_starts(real_index):
    with languages.using("es"):
        answer = free_answer(
            real_index,
            CityContacts(),
            "y el manifiesto lo mando yo o el pumpero?",
            "victorville",
            NOW,
            "sms",
            clock_facts="fue ayer 30 de nov, vino Liquid Environmental y sacaron como 1500 galones",
        )
        shaped = shape_answer(answer, "sms")
    assert "usted sigue siendo responsable" in shaped.text  # who sends it: the card's answer, whole
    assert "3 de diciembre de 2026" in f"{shaped.text} {shaped.more}"  # the day still follows it


def test_what_happened_then_one_question_gets_the_question_s_card_first(real_index):
    question = (
        "2 weeks ago our kitchen drain backed up and dirty water went out to the parking lot, its cleaned "
        "up. can they fine us for that? restaurant in victorville"
    )
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    assert answer.card is not None and answer.card.id == "vvf-spill-what-follows"
    assert answer.text.startswith("Reporting a spill doesn't relieve you of any liability")
    assert "November 24, 2026" in answer.text  # the unreported spill's written notice, five working days


@pytest.mark.parametrize("channel", ["web", "sms"])
def test_a_story_told_in_parts_then_one_question_answers_the_question_first(real_index, channel):
    # the story's commas make it parts of its own: the question's card still opens the answer
    question = (
        "our kitchen drain backed up saturday into the parking lot in victorville, plumber fixed it. will "
        "the city charge us anything?"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, channel)
    assert answer.text.startswith("Reporting a spill doesn't relieve you of any liability")
    assert "45 days" in shape_answer(answer, channel).text
    assert "you should have phoned the city" in answer.text  # the story's card still follows


def test_a_question_after_what_it_is_about_keeps_to_it_when_alone_it_reads_as_another_matter(real_index):
    # "how much notice do they owe me?" alone is a notice of violation's fee; after the permit's conditions
    # changing, the permit change's notice (w56-s058); and the second question gets its own card
    question = (
        "inglewood smokehouse: city emailed theyre changing the conditions on our fog permit. how much "
        "notice "
        "do they owe me? and separate thing, were expanding the kitchen next year, how far ahead do i have "
        "to "
        "tell them"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert "45 days" in answer.text and "60 days" in answer.text
    assert "$250" not in answer.text


def test_a_story_of_one_of_two_places_is_answered_for_the_place_it_happened(real_index):
    question = (
        "el sabado pasado se nos regreso el drenaje en la cocina y salio agua al estacionamiento, ya lo "
        "destaparon. tengo un restaurante en victorville y otro en inglewood, esto fue en el de victorville. "
        "me van a cobrar algo?"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert "Inglewood" not in answer.text and "En Victorville" not in answer.text
    assert answer.text.startswith("Reportar un derrame no lo libera")


def test_a_question_of_when_lends_the_clock_of_a_card_nearly_as_close_when_the_answering_one_has_none(
    real_index,
):
    question = (
        "Administro un complejo de 24 departamentos en Victorville. Un inquilino nuevo se mudó el 24 de "
        "noviembre. ¿Tengo que darle alguna información sobre reciclaje y orgánicos? ¿Para cuándo?"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert answer.text.startswith("La información se debe dar")
    assert "4 de diciembre de 2026" in answer.text  # ten days after the move-in


def test_a_lent_clock_starts_only_on_a_day_said_of_what_starts_it(real_index):
    # the move-in day is no de minimis waiver's grant day: the waiver card, nearly as close, lends nothing
    question = (
        "soy manager de unos departamentos de 24 unidades en victorville. se cambio un tenant nuevo el "
        "sabado pasado, pa cuando le tengo q dar la info de como separar la basura y los organicos?"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms")
    assert "exención" not in answer.text.split("(")[0]
    assert answer.text.startswith("La información se debe dar") and "8 de diciembre de 2026" in answer.text


def test_what_starts_a_clock_is_named_or_the_card_lends_none(real_index):
    from actions.knowledge import _names_what_starts

    cards = {card.id: card for card in real_index.cards.cards}
    waiver, tenants = cards["vvo-deminimis-duration"], cards["vvo-new-tenant-employee-info"]
    said = "a new tenant moved in last saturday, by when do i give them the info"
    assert _names_what_starts(tenants, said) and not _names_what_starts(waiver, said)
    assert _names_what_starts(waiver, "our de minimis waiver was granted last saturday, when does it end")


def test_a_bare_how_much_or_by_when_after_the_bill_is_the_bill_s_not_a_card_of_its_own(real_index):
    question = (
        "me llego una factura de la ciudad de Inglewood por destapar el drenaje de la calle, dice seis mil "
        "dolares de costo y aparte un veinticinco por ciento, eso es legal? cuanto es el total y cuanto "
        "tiempo tengo para pagar"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "voice")
    assert "$7,500" in answer.text
    assert answer.card is not None and answer.card.id == "ing-damage-costs-service-charge"
    assert len(answer.cards) <= 1  # no card of their own for "cuanto es el total", "cuanto tiempo ..."


@pytest.mark.parametrize(
    ("language", "question", "said"),
    [
        ("en", "got an invoice dated 11/6 for $267, what happens if i pay late?", "In Inglewood: "),
        (
            "es",
            "cuanto es lo q se paga al año del permiso de la grasa? tengo 38 sillas no tengo drive thru",
            "En Inglewood: Su cuota anual es de $267",  # no drive-thru: the small fee
        ),
    ],
)
def test_a_question_that_names_no_city_but_what_only_inglewood_has_is_answered_for_inglewood(
    real_index, language, question, said
):
    with languages.using(language):
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert answer.text.startswith(said)
    assert "Inglewood FOG Ordinance" in " ".join(answer.citations)
    with languages.using(language):  # a city said is the city
        told = free_answer(real_index, CityContacts(), question + " victorville", None, NOW, "sms")
    assert not told.text.startswith(said[:12])


def test_a_spanish_that_and_a_closing_word_of_where_leave_the_question_its_own(real_index):
    """ "¿eso se puede?" asks whether that is allowed ("eso" is no emergency suspension order's ESO), and
    "es aquí en Victorville, en el restaurante" says where, asking nothing of its own: the oil's rule."""
    question = (
        "eh, sí, buenas... este, pues una pregunta nomás, o sea, el jefe nos dice que el aceite de la "
        "freidora ya usado lo tiremos por el drenaje del patio de atrás, ¿eso se puede? es aquí en "
        "Victorville, en el restaurante"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "voice")
    assert answer.card is not None and answer.card.topic == "waste-cooking-oil", answer.card


def test_how_far_ahead_asks_the_day_the_notice_is_due_first(real_index):
    question = (
        "our victorville location starts remodeling the kitchen on february 1, 2027. how far ahead must we "
        "notify the city"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "sms")
    assert answer.text.startswith("The FOG manager must be told in writing at least sixty days in advance")
    assert "December 3, 2026" in answer.text


def test_between_what_dates_a_hearing_may_be_is_worked_out_from_the_mailing_day(real_index):
    # "entre q fechas puede ser la audiencia?" asks the window the card's clocks give (s45-s016)
    question = (
        "me llego por correo certificado un aviso de q quieren revocar mi permiso de grasa. lo mandaron el "
        "20 de noviembre. entre q fechas puede ser la audiencia? victorville"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms")
    assert "5 de diciembre de 2026" in answer.text and "4 de enero de 2027" in answer.text


def test_a_small_trap_cleaned_on_a_day_said_in_spanish_gets_its_next_due_date(real_index):
    question = (
        "tengo un grease trap chiquito debajo del fregadero, lo limpie el 15 de noviembre. cuando toca otra "
        "vez? victorville"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms")
    assert "15 de diciembre de 2026" in answer.text


@pytest.mark.parametrize(
    ("question", "language", "first"),
    [
        (
            "whats the phone # for victorville sanitary division? want to save it in case we ever have an "
            "overflow",
            "en",
            "The ordinance doesn't list phone numbers",
        ),
    ],
)
def test_a_phone_number_asked_for_hears_first_that_the_ordinance_prints_none(
    real_index, question, language, first
):
    # w49-s053: the sentence was behind a second MORE
    with languages.using(language):
        answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms")
        shaped = shape_answer(answer, "sms")
    assert shaped.text.startswith(first)


def test_what_to_do_after_a_backup_asked_in_spanish_is_the_duty_not_the_definition(real_index):
    # s45-c014: the definition of an overflow was nearest, the card that says whom to call a little further
    question = (
        "ayer se nos tapo el drenaje y salio agua sucia al estacionamiento, ya lo destapamos y limpiamos. "
        "todavia tenemos q hacer algo? victorville"
    )
    with languages.using("es"):
        answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "sms")
    assert answer.card is not None and answer.card.topic != "definitions"


def test_a_question_that_leaves_its_verb_to_the_one_before_it_is_read_with_that_verb(real_index):
    """w45-s001: "how often do we gotta pump the grease trap and whats the fine if we dont??" got the
    administrative penalty caps for "the fine if we dont"; read as "if we dont pump the grease trap", the
    notice of violation's fees."""
    question = "how often do we gotta pump the grease trap and whats the fine if we dont?? inglewood"
    answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "web")
    assert "6 months" in answer.text and "$100" in answer.text and "$250" in answer.text


def test_a_verb_lent_to_a_part_that_leaves_it_out_keeps_no_subject_and_lends_no_empty_verb():
    """Review of stop 56 (F16): "should we call the city first? what if we dont" reads "what if we dont
    call the
    city first"; "what do we do with the used oil" lends nothing."""
    from knowledge.answer import _questions

    assert ("what if we dont call the city first", None) in _questions(
        "should we call the city first? what if we dont"
    )
    assert ("whats the fine if we dont", None) in _questions(
        "what do we do with the used oil? and whats the fine if we dont?"
    )


@pytest.mark.parametrize(
    ("question", "city", "language", "card"),
    [
        ("does the grease ordinance apply to my house?", "inglewood", "en", "ing-homes"),
        ("la ordenanza de grasa aplica a mi casa?", "victorville", "es", "vvf-homes"),
        (
            "what else do i have to do for the grease interceptor besides pumping it",
            "victorville",
            "en",
            "vvf-interceptor-duties",
        ),
        (
            "q mas tengo q hacer con el interceptor aparte de bombearlo",
            "inglewood",
            "es",
            "ing-interceptor-duties",
        ),
    ],
)
def test_the_household_and_the_interceptor_duties_cards_answer_in_both_languages(
    real_index, question, city, language, card
):
    with languages.using(language):
        answer = free_answer(real_index, CityContacts(), question, city, NOW, "web")
    assert answer.card is not None and answer.card.id == card


@pytest.mark.parametrize(
    ("question", "language", "chosen", "passed_over"),
    [
        ("what will the annual fee be? We have 40 seats and no drive-thru.", "en", "$267", "$413"),
        ("y cuanto es la cuota anual? somos 30 asientos sin drive thru", "es", "$267", "$413"),
        ("we got a second notice of violation, how much is it", "en", "$250", "$500"),
    ],
)
def test_a_worked_out_amount_is_not_followed_by_the_schedule_it_was_picked_from(
    real_index, question, language, chosen, passed_over
):
    with languages.using(language):
        answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "web")
    assert chosen in answer.text
    assert passed_over not in f"{answer.text} {answer.more}"


@pytest.mark.parametrize(
    ("question", "language"),
    [
        (
            "not an emergency rn. just want the phone number for victorville public works sanitary division "
            "saved in my phone in case our line backs up again",
            "en",
        ),
        ("cual es el numero de telefono pa reportar un derrame de grasa en victorville?", "es"),
    ],
)
def test_the_spill_offices_phone_numbers_asked_get_that_the_ordinance_lists_none_and_whom_it_names(
    real_index, question, language
):
    """w58-s029 got the menu, s46-s010 the after-hours card: the ordinance lists no number, names the
    offices, and the FOG office is given."""
    with languages.using(language):
        answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert answer.card is not None and answer.card.id == "vvf-spill-phone-numbers"
    assert "10.03.280(a)" in answer.text


def test_a_definition_yields_to_the_card_that_answers_what_may_happen(real_index):
    """w58-s049: "is breaking the grease rules an actual crime? can an inspector write me a criminal ticket"
    opened with who an enforcement officer is; a definition answers only what a term is or means."""
    question = (
        "is breaking the grease rules in victorville an actual crime? like can an inspector write me a "
        "criminal ticket"
    )
    answer = free_answer(real_index, CityContacts(), question, "victorville", NOW, "web")
    assert answer.card is not None and answer.card.topic != "definitions"
    assert "misdemeanor" in answer.text
    asked = "what is an authorized enforcement officer in victorville"
    assert (
        free_answer(real_index, CityContacts(), asked, "victorville", NOW, "web").card.topic == "definitions"
    )


def test_a_spill_this_morning_in_inglewood_gets_the_written_confirmation_s_day(real_index):
    """w58-s014: "interceptor overflowed this morning around 6 ... anything else i gotta do?" got the 5
    working days but no date: the spill card runs its clock from the day said."""
    question = (
        "interceptor overflowed this morning around 6, we got it all cleaned up and i called the city number "
        "already. inglewood. anything else i gotta do?"
    )
    answer = free_answer(real_index, CityContacts(), question, None, NOW, "web")
    assert "December 8, 2026" in f"{answer.text} {answer.more}"


def test_a_part_that_asks_how_long_to_fight_it_gets_the_appeal_not_the_term_it_names(real_index):
    """w58-s019: "... how much is that? and we think he's wrong about the manifests, how long do we have to
    fight it" got what a manifest is; a term's card yields to the one that answers what the part asks."""
    question = (
        "inglewood inspector wrote us up, no drain screens + some manifests missing, and he says theres a "
        "reinspection fee. how much is that? and we think he's wrong about the manifests, how long do we "
        "have to fight it"
    )
    answer = free_answer(real_index, CityContacts(), question, "inglewood", NOW, "web")
    said = f"{answer.text} {answer.more}"
    assert "$150" in said and "15 days" in said


@pytest.mark.parametrize(
    ("question", "city", "language", "card"),
    [
        ("el fog manager es de la ciudad?", "victorville", "es", "vvf-def-fog-manager"),
        ("does my hauler's receipt work as a manifest", "inglewood", "en", "ing-def-manifest"),
    ],
)
def test_whether_one_thing_is_another_is_the_definition_s_to_answer(
    real_index, question, city, language, card
):
    """Review of stop 59, M5: a definition yields only to a question of a duty or of what may happen."""
    with languages.using(language):
        answer = free_answer(real_index, CityContacts(), question, city, NOW, "web")
    assert answer.card is not None and answer.card.id == card
