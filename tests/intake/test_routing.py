"""Routing by meaning (intake.routing): the flow a message asks for, or none."""

import pytest

import languages
from intake.routing import (
    asked_of_both_cities,
    asks_a_question,
    asks_about_the_other_city,
    asks_to_apply,
    asks_to_log,
    asks_where_it_says,
    compares_with_a_city,
    may_ask_where_it_goes,
    reports_pumpout,
    route,
    spill_happening_now,
    spill_is_live,
    waiver_of,
)
from knowledge.spanish import gloss

LIVE = [
    "sewage is coming out of a manhole",
    # still going on after the backup that started it (review of stop 58, M3)
    "there's still water coming out of the cleanout after the backup, what do we do",
    "manhole overflowing in our parking lot, does this count as a spill",
    # asked as it spills
    "sewage is coming out of the manhole right now, how many gallons counts as a spill?",
    # an "if" that only asks whether, in a report of a spill going on (review of stop 54)
    "there's sewage coming out of the manhole behind our plaza, i'm not sure if they have a grease trap",
    "sewage backing up into the lot now, i dont know if one of the restaurants is causing it",
    "grease is pouring out of the cleanout into the alley, the cook asked if he is supposed to mop it",
    "I want to report a sewage spill",
    "grease is bubbling out of the cleanout right now, who do I call?",
    "there's greasy water coming up out of a manhole in the alley and it's going down the street",
    "the cleanout behind the pho place is overflowing, sewage and grease",
    "we had a backup yesterday and it's still flowing into the gutter right now",
    # asked to be reported in the words of a report request alone (the pump-out log's "want to report" once
    # shadowed them)
    "i want to make a report",
    "what number do i call",
    # texted "rn" is right now; a live spill that gives a depth in inches is still live
    "grease backin up out the floor drain + cleanout behind kitchen inglwd rn",
    "sewage coming out of the manhole, its like 2 inches deep in the street",
    "theres sewage coming out of the cleanout, can you send someone?",
    # a spill going on with leave asked to clean it up (review of stop 53)
    "grease all over the parking lot from the manhole, is it ok to hose it off?",
    "water's all over the kitchen floor from the floor drain, can we mop it into the mop sink?",
    # a past spill, then one going on now (review of stop 56, F7)
    "yesterday the trap overflowed and right now we have sewage coming out again",
    "we had a backup last night and right now we have water all over the kitchen floor",
]
PAST = [
    "Our kitchen caused a sewer backup two weeks ago, what happens to us now?",
    "okay and who pays if the shared line behind the building backs up because of their grease?",
    # a tenant's backup asked about, not going on (w49-c012)
    "What exactly do I need to do if one of them has a sewage backup into the parking lot?",
    "if the grease trap in the back kitchen overflows on a sunday who do we call",
    "city says our grease caused the sewer overflow on our block last wk. wut can they make us do / pay for?",
    "Saturday night our grease trap overflowed in the kitchen and some went into the alley. We mopped it up",
    "the city says we owe for their crew coming out to the overflow last week, can we hire our own crew?",
    "wut day is green bin pickup on my street?",
    "yeah quick question if we have a backup at like eleven at night on a saturday who do I call",
    "last friday our grease trap backed up and flooded the kitchen, do i need to report that now??",
    "the plumber says to connect the dishwasher to the grease trap so the sewer doesn't clog, can I?",
    "it didnt go in the street, just came up the floor drain in the kitchen",
    "The city left a note that my green yard waste cart keeps overflowing and I need a bigger one. Can they "
    "make me change my service size?",
    # a manhole asked about as built: its size, not a spill
    "We're building new stores in both cities next year — any difference in the access manhole size over the "
    "interceptor?",
    "how big does the manhole on the interceptor need to be",
    # a past backup and what the city may do if it happens again
    "city guy came last wk after the sewer backup on our block, said if it happens again they can shut off "
    "our sewer same day. can they do that w/o a hearing? victorville",
    # leave asked to put something down a cleanout, nothing spilling (w47-c005, at a pump-out's read-back)
    "Oh also, the driver asked if he could pour the water back down our cleanout after he separates the "
    "grease. Is that ok?",
    # a past spill, cleaned up, and "now" the boss says to write (s48-s013, glossed "right now me says")
    gloss(
        "ayer lunes en la noche se nos tapo el drenaje de la cocina y salio agua con grasa por el registro, "
        "pero "
        "ya lo destaparon, ya se limpio todo. ahorita me dice que hay que mandar algo por escrito, hasta "
        "cuando tenemos?"
    ),
    # what counts as a spill, asked (s32-s023, glossed as the assistant reads it)
    gloss(
        "oiga, y, este, ¿a partir de cuántos galones se considera que es derrame? o sea, si es poquito, "
        "¿igual hay que llamar? es que no quiero meter en problemas a nadie, aquí en Inglewood"
    ),
    "how many gallons counts as a spill? if its just a little do we still have to call",
    # the city's invoice for a backup's cleanup (w56-c023)
    "victorville sent an invoice for cleaning the sewer main after our backup, $2,800, dated nov 2. when do "
    "i "
    "need to pay",
]


@pytest.mark.parametrize("text", LIVE)
def test_a_spill_happening_now_or_asked_to_be_reported_is_live(text):
    assert spill_is_live(text)
    assert route("report_spill", text) == "report_spill"


@pytest.mark.parametrize("text", PAST)
def test_a_past_spill_or_no_spill_at_all_is_a_question(text):
    assert not spill_is_live(text)
    assert route("report_spill", text) == "ask_question"


def test_a_live_spill_asked_as_a_question_becomes_a_spill_report_but_a_form_answer_never_does():
    text = "grease is bubbling out of the cleanout right now, who do I call?"
    assert route("ask_question", text) == "report_spill"
    # a caller's long story, taken for a question: greasy water coming up and spreading toward the street
    told = (
        "uh yeah hi, um, I'm the night security guard at the shopping center, there's, like, gray greasy "
        "water coming up out of the drain grate in the back parking lot, and it's spreading toward the "
        "street."
    )
    assert route("ask_question", told) == "report_spill"
    assert route("out_of_scope", told) == "report_spill"  # whatever the classifier made of the story
    assert route("log_pumpout", told) == "report_spill"  # its grease words taken for a pump-out
    again = (
        "oh wait, I'm back there right now and it's doing it again, there's grease going into the drain "
        "right now."
    )
    assert route("ask_question", again) == "report_spill"  # w36-c011
    assert route("ask_question", "can I pour the grease into the drain right now if I run hot water?") == (
        "ask_question"
    )
    assert route("log_pumpout", "how often does the grease trap have to be pumped?") == "ask_question"
    assert route("nlu_fallback", text) == "report_spill"
    assert route("inform", "yes it's still coming out of the manhole right now") == "inform"
    assert route(
        "ask_question", "does dish water go through the interceptor? the water is coming out hot"
    ) == ("ask_question")


@pytest.mark.parametrize(
    "text",
    [
        "pumped 9/2 by Acme Grease 500 gallons",
        "log a pump out",
        "we were pumped out this morning",
        "the hauler came on Monday and took 1200 gallons",
        "had the trap serviced last tuesday",
        "pumper just left, wanna log it. victorville",  # "wanna log": no log kept ("a log")
    ],
)
def test_a_reported_pump_out_starts_the_log(text):
    assert reports_pumpout(text)
    assert route("log_pumpout", text) == "log_pumpout"


@pytest.mark.parametrize(
    "text",
    [
        "interceptor got pumped June 2, when's the next one due?",
        "It was last pumped on August 20th.",  # a fact for the clock asked about (w36-c014)
        "fog manager just bumped us to every 30 days pumping, thats crazy. can we fight it?",
        "pumper says our intercepter was like 30% grease after 2 months, other guy says enzymes, pump less",
        "yesterday afternoon our interceptor overflowed in the alley, we called the city already",
        # a claim put to the assistant, its facts after the question
        "hauler told me we only need the grease trap pumped every 6 months and we can toss the paperwork "
        "after a year. that right?? last pump was sept 10. victorville",
        # a caller's question, no question mark
        "they just got the, uh, the small grease trap cleaned on November fifth and they wanna know like how "
        "long they got before it has to be done again",
        # a question before the mention of logging
        "FOG inspector showed up right in the middle of lunch rush, can I tell him to come back tomorrow? "
        "And my manager missed logging 2 pumpouts, he wants to just fill them in with made up dates. "
        "victorville",
    ],
)
def test_questions_about_pumping_and_overflows_are_not_pump_outs_to_log(text):
    assert not reports_pumpout(text)
    assert route("log_pumpout", text) == "ask_question"


@pytest.mark.parametrize(
    ("intent", "text"),
    [
        ("apply_permit", "I need a FOG permit"),
        ("apply_permit", "we want to apply for the permit"),
        ("request_deminimis_waiver", "can I get a de minimis waiver"),
        ("request_space_waiver", "start a space waiver request"),
    ],
)
def test_asking_to_apply_starts_the_flow(intent, text):
    assert asks_to_apply(text)
    assert route(intent, text) == intent


@pytest.mark.parametrize(
    ("intent", "text"),
    [
        ("apply_permit", "How do I get the FOG permit?"),
        # applying said as the time of something else, in a question without its question mark
        ("apply_permit", "and if its revoked can we keep cooking while we apply for a new one"),
        ("nlu_fallback", "and if its revoked can we keep cooking while we apply for a new one"),
        (
            "apply_permit",
            "What's the street address and office hours of the Inglewood office where we file the FOG permit "
            "application in person?",
        ),
        (
            "request_space_waiver",
            "Our space is tiny, no room for an outside interceptor. What are our options?",
        ),
        (
            "request_deminimis_waiver",
            "Our shop has a 1.5 cubic yard trash bin picked up once a week, and we produce about 12 gallons "
            "of organic waste a week. Could we get a de minimis waiver?",
        ),
    ],
)
def test_asking_how_or_where_is_a_question(intent, text):
    assert not asks_to_apply(text)
    assert route(intent, text) == "ask_question"


def test_other_intents_pass_through():
    assert route("greet", "hello") == "greet"
    assert route("sort_item", "where does a pizza box go") == "sort_item"


@pytest.mark.parametrize(
    "text",
    [
        "permit says 60 day pump schedule. last pump was oct 23. when's the next one due?",
        "inglewood. no pump schedule on our permit yet. last pumped sept 20. when next",
        "interceptor got pumped 9/14, when is the next one due",
        # how often, asked of the rule (glossed: "cada cuanto hay q limpiar la trampa? ... nose cuando toca")
        "hey how often I have to clean the grease trap tengo 1 pupuseria en inglewood and nunca me dijeron "
        "frequency ni nada nose when is due",
    ],
)
def test_asking_when_the_next_is_due_from_a_date_given_is_a_question(text):
    assert route("service_status", text) == "ask_question"


@pytest.mark.parametrize(
    "text",
    ["when is my next pump-out", "whats coming up for us", "any deadlines coming up", "when's the next?"],
)
def test_asking_when_the_next_is_due_without_a_date_reads_the_records(text):
    assert route("service_status", text) == "service_status"


@pytest.mark.parametrize(
    ("text", "now"),
    [
        ("our grease trap is overflowing, it's coming up out of the floor drain", True),
        ("there's sewage coming out of the cleanout behind the pizzeria", True),
        ("hay agua negra coming out de 1 tapa de sewer en la calle", True),  # a glossed Spanish call
        ("sewage is coming out of a manhole", True),
        ("we had a backup yesterday and it's still flowing right now", True),
        ("our interceptor overflowed this morning around 6, we cleaned it up", False),
        ("how often do I pump the grease trap?", False),
        (
            "the pumping truck guy just spilled grease in the alley and it's heading for the storm drain",
            True,
        ),
    ],
)
def test_a_spill_described_as_going_on_needs_no_overflowing_now_question(text, now):
    assert spill_happening_now(text) is now


@pytest.mark.parametrize(
    "text",
    [
        "tengo un buffet en victorville con 260 seats. me toca eso de donar la comida since when?",
        "do we have to give our tenants recycling info every year?",
        "We're opening a 14,000-square-foot grocery store in Victorville next year. Does the edible food "
        "donation requirement apply to us?",
    ],
)
def test_a_status_question_that_names_no_service_or_deadline_is_a_question(text):
    assert route("service_status", text) == "ask_question"


PANTRY = (
    "I volunteer for a small church food pantry in Victorville. We have a written agreement to pick up "
    "extra bread from a grocery store here. Does the city expect any reporting from us, and when's the next "
    "one due?"
)
REMODEL = (
    "We're remodeling the kitchens at both our Victorville and Inglewood restaurants, work starts Feb 1, "
    "2027 and adds a second fryer line. What's the latest date we can notify each city?"
)


@pytest.mark.parametrize(
    ("intent", "text", "routed"),
    [
        # a long status question that never names the device or its servicing asks about something else
        ("service_status", PANTRY, "ask_question"),
        ("service_status", "ok so when is the next one due for our place on 7th street", "service_status"),
        (
            "service_status",
            "we have two locations and a new manager, when is the next pump out due at the victorville one",
            "service_status",
        ),
        # a fact without a city that asks something is a question, not a fact for the topic
        ("inform_city", REMODEL, "ask_question"),
        ("inform_city", "invoice date oct 1", "inform"),
        ("inform_city", "52", "inform"),
        # a rule said of one city, asked of the other
        (
            "inform_city",
            "And in Victorville we send the manifest to the city within 72 hours — same deal in Inglewood?",
            "ask_question",
        ),
        ("inform", "we keep ours 2 years, same for us?", "ask_question"),
    ],
)
def test_a_long_message_that_asks_something_else_is_a_question(intent, text, routed):
    assert route(intent, text) == routed


def test_a_glossed_spanish_service_date_makes_the_next_due_a_question():
    text = "el grease trap grande pumped el 3 de nov when me toca otra vez?"
    assert route("service_status", text) == "ask_question"


@pytest.mark.parametrize(
    ("intent", "text"),
    [
        ("apply_permit", "what information does the permit application ask for?"),
        (
            "request_deminimis_waiver",
            "we put out 1.5 yards a week and 10 gallons of food, does that qualify?",
        ),
        ("apply_permit", "where queda la office del programa de grease de inglewood?"),
    ],
)
def test_a_question_that_does_not_ask_to_apply_is_answered_first(intent, text):
    assert route(intent, text) == "ask_question"


def test_a_long_question_that_names_a_city_is_a_question_not_the_city():
    assert route("inform_city", "and if this was my other place in inglewood?") == "ask_question"
    assert route("inform_city", "inglewood?") == "inform_city"
    assert route("inform_city", "we're in victorville") == "inform_city"


@pytest.mark.parametrize(
    ("intent", "text"),
    [
        ("affirm", "Do we have to do anything to prove the unit works?"),
        ("inform", "Quick question before we go on: what will the annual fee be? We have 40 seats."),
        ("inform", "wait, do I need to call the fire department too or just you guys?"),
        ("deny", "no. is it ok if the pumper comes next week instead?"),
        # a question with a "no" in it (s43-s049, glossed), and one opening with "what is" in Spanish's gloss
        (
            "deny",
            "a lawyer said part of the ordinance de inglewood no es valida. entonces ya no aplica nada?",
        ),
        ("change_answer", "what is the address and the phone number de the office del FOG en victorville?"),
    ],
)
def test_an_answer_that_asks_a_question_of_its_own_is_a_question(intent, text):
    assert route(intent, text) == "ask_question"


@pytest.mark.parametrize(
    "text",
    [
        "no",
        "no not yet",
        "no, we never did that",
        # a no that opens a longer answer, unsure of itself (review of stop 53)
        "no, it stopped but there's still a big puddle by the drain?",
        "no the callback number is 310-555-0199 not 0100 right?",
    ],
)
def test_a_no_is_still_a_no(text):
    assert route("deny", text) == "deny"


@pytest.mark.parametrize(
    "text",
    [
        "started maybe twenty minutes ago? it's still coming out, yeah",
        "yes is that right?",
        "Casa Lupe Kitchen, 450 E Manchester Blvd, Inglewood. Phone is 310-555-0123.",
    ],
)
def test_an_answer_unsure_of_itself_stays_an_answer(text):
    assert route("inform", text) == "inform"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("need to log a pump out for my place in inglewood", "log_pumpout"),
        ("can you log the pumping from this morning", "log_pumpout"),
        ("hey can u log our grease trap cleaning from today, victorville", "log_pumpout"),  # w52-c014
        ("how do i log a pump out?", "ask_question"),
        ("what does the log need to show", "ask_question"),
    ],
)
def test_a_request_to_log_a_pump_out_taken_for_a_question_starts_the_log(text, intent):
    assert route("ask_question", text) == intent


@pytest.mark.parametrize(
    ("intent", "text", "routed"),
    [
        ("inform_city", "need to log a pump out for my place in inglewood", "log_pumpout"),
        ("nlu_fallback", "actually nvm cancel that, i gotta find my plumbing permits first", "cancel"),
        (
            "human_handoff",
            "actually nvm cancel that. its a strip center and i need to talk to the landlord first",
            "cancel",
        ),
        ("human_handoff", "nvm this, just let me talk to a real person", "human_handoff"),
        ("deny", "perdon no es 3400, es 3040", "change_answer"),
        ("ask_question", "nuestro permit dice 90 dias", "inform"),  # a fact for the topic's rule
        ("ask_question", "we got pumped today, can you log it?", "log_pumpout"),
        (
            "ask_question",
            "just pumped the interceptor this morning, 1500 gallons, lo pueden log?",
            "log_pumpout",
        ),
        ("ask_question", "our permit says every 60 days", "inform"),
        ("inform", "perdon no son 10, son como 30 galones y ya llego a la cuneta", "change_answer"),
        (
            "sort_item",
            "Our landscaping supply business wants to haul our own yard waste and cardboard to the compost "
            "and recycling facilities instead of using the city's hauler. What do we have to do?",
            "ask_question",
        ),
        (
            "sort_item",
            "Is there a way for a small business in Victorville to get out of the organics cart requirement? "
            "We barely make any food waste.",
            "ask_question",
        ),
        (
            "sort_item",
            "What if it's 6 gallons instead? We could start composting coffee grounds on site.",
            "ask_question",
        ),
        (  # whether the cart is required, with the weekly amount the waiver turns on: a question
            "sort_item",
            "we barely make any food waste, like 4 gal a week. can we skip the brown bin? victorville",
            "ask_question",
        ),
        ("sort_item", "do we really need a brown cart at the house", "ask_question"),
        # a duty asked, not a bin (s43-s017, s43-s021, glossed)
        (
            "sort_item",
            "le vendo papel a la city de victorville. do I have to cumplir con something?",
            "ask_question",
        ),
        (
            "sort_item",
            "do I have to install blue, green and brown en todos lados? hasta en el bano?",
            "ask_question",
        ),
        # an item found everywhere is still sorted (review of stop 53)
        (
            "sort_item",
            "we have paper towels everywhere in the kitchen, which bin do they go in?",
            "sort_item",
        ),
        ("sort_item", "do i need to rinse the jars before the blue bin", "sort_item"),  # how to sort it
        # containers to put out for customers, not an item (w56-s049); an item put in a bin is still sorted
        (
            "sort_item",
            "my sushi bar in victorville does a ton of takeout trays and people eat up front too. do i gotta "
            "put a recycle bin and a food scrap bin out front next to the trash can for customers?",
            "ask_question",
        ),
        ("sort_item", "do i have to put pizza boxes in the blue bin?", "sort_item"),
        # an item for customers is still an item (review of stop 58, M4)
        ("sort_item", "where do the leftover sauce packets for customers go, victorville", "sort_item"),
        (
            "sort_item",
            "landlord says theres no room in the lot for that box in the ground the city keeps talking "
            "about. is there any way around putting one in? we're an existing spot in inglewood, small place",
            "ask_question",
        ),
        (
            "log_pumpout",
            "oh also the pumper said next time he can pump it and put the water back in the trap to save us "
            "$, is that ok",
            "ask_question",
        ),
        (
            "inform",
            "Actually, let's stop here. I need to talk to our landlord first. Please cancel it.",
            "cancel",
        ),
        ("nlu_fallback", "Do we have to do anything to prove the unit works?", "ask_question"),
        ("nlu_fallback", "asdf qwer", "nlu_fallback"),
        ("nlu_fallback", "it's reaching the gutter. maybe like fifty gallons so far?", "nlu_fallback"),
        ("inform", "the hauler is never late, mind you", "inform"),
        ("ask_question", "can i cancel it later if we change our mind?", "ask_question"),
        # cancelling asked as a favour is a request, stammered or not
        ("ask_question", "so, uh, I don't need to do this no more, can you, can you cancel it?", "cancel"),
        ("ask_question", "can you cancel it later?", "ask_question"),
        # stopping for now, asked (w36-c006); stopping the grease is no request to stop
        ("ask_question", "I should check with our pastor first. Can we stop here for now?", "cancel"),
        ("ask_question", "can we stop the grease from getting in the drain?", "ask_question"),
        ("help", "n if we dont", "ask_question"),  # texted "and if we don't": what then
        # a Spanish request to cancel beside a question ("¿Sabe qué?"), glossed
        (
            "ask_question",
            "sabe what? mejor cancele la application por now. 1o le voy a ask for 1 carta?",
            "cancel",
        ),
        # overflowing bins and a complaint about a business: neither a spill nor a sorting question
        (
            "sort_item",
            "a restaurant near my home piles its food waste into the regular trash bin, the bins are forever "
            "overflowing. I should like to let the city know, but not give my name. Is that permitted?",
            "ask_question",
        ),
        (
            "ask_question",
            "the bins behind the restaurant are overflowing with food waste, can I tell the city?",
            "ask_question",
        ),
        # cancelling said in so many words, with a question beside it: cancelled, then the question answered
        (
            "nlu_fallback",
            "the seller says his permit is good until june. cancel this, we dont need one right?",
            "cancel",
        ),
        ("nlu_fallback", "how do i cancel the application if we sell?", "ask_question"),
        ("help", "What do I need to send you guys along with this?", "ask_question"),
        ("help", "what can you do?", "help"),
    ],
)
def test_requests_to_log_or_stop_and_unsure_questions_go_where_they_mean(intent, text, routed):
    assert route(intent, text) == routed


@pytest.mark.parametrize(
    ("intent", "text", "routed"),
    [
        (
            "nlu_fallback",
            "perdon me equivoque son 58 seats no 48 why el owner agrego 1 terraza",
            "change_answer",
        ),
        ("inform", "wait sorry we added the patio, its 60 seats total not 45", "change_answer"),
        ("inform", "sorry, no idea", "inform"),
        ("nlu_fallback", "sabe what mejor cancele la application 1o voy a hablar con el owner", "cancel"),
        ("nlu_fallback", "sabes what mejor cancelalo still no tengo la direccion del local new", "cancel"),
        ("nlu_fallback", "and how long valid el waiver and if despues crece el business?", "ask_question"),
    ],
)
def test_corrections_stops_and_questions_read_in_the_spanish_gloss(intent, text, routed):
    assert route(intent, text) == routed


@pytest.mark.parametrize(
    ("intent", "text", "may_be"),
    [
        ("inform_city", "ziploc bags, blue bin ok? victorville", True),
        ("nlu_fallback", "empty la croix cans, recycling right? victorville", True),
        ("nlu_fallback", "wilted lettuce n bread ends from the kitchen where. victorville restaurant", True),
        ("inform_city", "victorville", False),  # no container and no "where": the answer to "which city?"
        ("inform_city", "glass pasta sauce jar rinsed. victorville", True),  # the city said with the item
        ("inform_city", "im in victorville", True),  # may be: the router then finds no item in "im in"
        ("nlu_fallback", "we have 4 yards of trash a week, do we need the organics bin?", False),  # a rule
        ("inform_city", "which bin does the grease from the interceptor go in, inglewood", False),  # FOG
        ("ask_question", "rinsed tin foil recycle? vville", True),
        ("ask_question", "do apartments need recycling containers? victorville", False),  # a rule
        (
            "ask_question",
            "which bin do the boxes from our kitchen supplier go in when we break them down",
            True,  # a longer question that asks which cart
        ),
        (
            "inform",
            "We still have two jack-o-lanterns rotting on the porch from Halloween (yes, I know). Green cart "
            "or trash? Victorville, single-family house.",
            True,
        ),
        (
            "ask_question",
            "rocks n dirt from digging out the yard, can that go in the green can? victorville",
            True,
        ),
        (
            "ask_question",
            "What do I do with the little green propane bottles from camping? Victorville.",
            True,
        ),
        ("inform", "we put the rest in the green cart", False),  # a fact, asked nothing
        ("ask_question", "we r a duplex in victorville, do we need a brown bin for food?", False),  # a rule
        # whose rules a building follows, not where an item goes
        ("ask_question", "i have a 4 unit building, do my tenants put food scraps in a brown bin?", False),
        ("ask_question", "can the grease from the trap go in the black dumpster?", False),  # FOG
        ("ask_question", "how often is the blue cart picked up in my neighborhood", False),  # asks no cart
        # a notice on the cart: whether a fine follows, not where a sticker goes
        (
            "ask_question",
            gloss("me dejaron una etiqueta en el bote verde q dice contaminacion. me van a multar?"),
            False,
        ),
        ("ask_question", "they left a tag on my blue cart, am i getting fined?", False),
        # how long papers are kept, after a pump-out's manifest: a rule, not where paper goes
        ("ask_question", gloss("y cuanto tiempo guardo esos papeles?") + "?", False),
    ],
)
def test_a_city_or_unplaced_message_may_be_a_sorting_question(intent, text, may_be):
    assert may_ask_where_it_goes(intent, text) is may_be


@pytest.mark.parametrize(
    "said",
    [
        "buenas, pa reportar q ya vinieron a limpiar la trampa de grasa hoy en la mañana",
        "q onda, hoy vino el pumper a limpiar el grease trap de afuera, lo quiero dejar registrado",
        "we got the trap pumped this morning, just reporting it",
        "ey ya vino la pipa y saco todo el grease trap, me lo apuntas? inglewood",  # s32-c003
    ],
)
def test_a_pump_out_reported_or_asked_to_be_logged_starts_the_log_whatever_the_classifier_said(said):
    assert route("ask_question", gloss(said)) == "log_pumpout"


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("hay alguna forma de no tener q pagar el bin cafe?", "ask_question"),
        ("y q le pongo en la carta?", "ask_question"),  # what the letter says, not which bin
        ("y esa plata a donde va, a la ciudad nomas?", "ask_question"),  # where the fees go
        ("q le pongo a la carta del derrame", "ask_question"),
        ("do we really need to pay for the brown bin if we barely make food waste", "ask_question"),
        (
            "What's the monthly rate for adding a 2-yard brown food-scraps bin at a shopping center?",
            "ask_question",
        ),
        ("where do pizza boxes go", "sort_item"),
        ("vivo en un fourplex y el dueno dice q tenemos q tener bote cafe como negocio", "ask_question"),
        ("soy dueña de un fourplex en victorville. me toca el bote cafe pa la comida?", "ask_question"),
        ("Me llegó una carta que dice Notice of Violation por los contenedores de orgánicos", "ask_question"),
        ("¿El contrato con el jardinero tiene que decir algo de las ramas y el pasto?", "ask_question"),
        ("cuanto cuesta el bote verde?", "ask_question"),
        ("cuanto me va a costar al mes el bote cafe pa la comida en mi restaurante?", "ask_question"),
        ("¿en qué bote va la cáscara de plátano?", "sort_item"),
        # a cart kept for another use asks whether that is allowed, not where a can goes
        (
            "our old green can is actually what we use for regular garbage, came with the house years ago. "
            "is that a problem?",
            "ask_question",
        ),
        ("can i use the old green can for trash?", "ask_question"),
        ("our trash can is green, the old one from years ago. is it a yard waste can now??", "ask_question"),
        ("mi bote de basura es verde, el viejo. ahora es para el zacate?", "ask_question"),
        ("where do old soda cans go, trash or recycling?", "sort_item"),
        ("where does a broken plastic trash can go", "sort_item"),
    ],
)
def test_a_question_about_the_carts_rules_is_no_sorting_question(said, routed):
    assert route("sort_item", gloss(said)) == routed


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("wut do i put in the letter", "ask_question"),
        ("okay and what do I gotta put in the letter", "ask_question"),
        ("Which section should I show my district manager?", "ask_question"),
        ("Whatever. Where does all this money even go, the general fund?", "ask_question"),
        ("where does the pizza box go", "sort_item"),
        ("what do we have to write in the report to the city", "ask_question"),
        ("what do i put in the blue bin", "sort_item"),
        ("what can i put in the green cart", "sort_item"),
        ("what do i put in recycling", "sort_item"),
        ("what if we take out a table and go down to 48 seats, no drive thru", "ask_question"),
    ],
)
def test_a_document_s_contents_or_a_restaurant_s_seats_are_no_sorting_question(said, routed):
    assert route("sort_item", said) == routed


@pytest.mark.parametrize("said", ["y q tiene q decir la carta?", "q le pongo a la carta del derrame?"])
@pytest.mark.parametrize("intent", ["sort_item", "report_spill"])
def test_what_the_letter_says_asked_in_spanish_is_a_question_not_a_bin_or_a_report(intent, said):
    assert route(intent, gloss(said)) == "ask_question"


@pytest.mark.parametrize(
    ("intent", "said", "routed"),
    [
        ("inform", "make it 22 gallons", "change_answer"),
        ("affirm", "si, ponle 6 galones, es la taqueria el guero", "change_answer"),
        ("inform", "put it at 40 seats", "change_answer"),
        ("ask_question", "can you put 6 gallons?", "ask_question"),  # a question, not a change
        ("inform", "it was 5 gallons", "inform"),  # an answer
    ],
)
def test_a_value_set_anew_is_a_change(intent, said, routed):
    assert route(intent, said) == routed


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("our old green can has always been our trash can, do we have to swap it now?", "ask_question"),
        ("do i need to replace my black cart", "ask_question"),
        ("old printer cartridges we replaced, which bin?", "sort_item"),
    ],
)
def test_whether_a_cart_must_change_is_a_rule_question(said, routed):
    assert route("sort_item", said) == routed


@pytest.mark.parametrize(
    ("intent", "text", "routed"),
    [
        ("inform_city", "52", "inform"),
        ("inform_city", "$267", "inform"),
        ("inform_city", "invoice date oct 1", "inform"),
        ("inform_city", "92392", "inform_city"),  # Victorville's ZIP code
        ("inform_city", "we're in palmdale", "inform_city"),  # another city: said so
    ],
)
def test_a_bare_fact_is_no_city(intent, text, routed):
    assert route(intent, text) == routed


@pytest.mark.parametrize(
    ("intent", "text", "may_be"),
    [
        ("inform", "and the leftover crusts?", True),
        ("change_answer", "and the leftover crusts?", True),  # the classifier's guess: no correction
        ("change_answer", "and the phone is 760 555 0100", False),  # a correction gives a value
        ("ask_question", "y las cascaras?", True),
        ("ask_question", "what about the interceptor?", False),  # the grease program's
        ("ask_question", "and how long is that good for, and what do we send the city with it?", False),
        # a count supposed for the topic ("y si agregamos cuatro mesas de a dos?", glossed; s40-c006)
        ("affirm", "and if agregamos 4 mesas de a 2", False),
        ("ask_question", "and if i have 3 pizza boxes?", True),  # items counted are still items
    ],
)
def test_the_next_item_after_a_sorting_answer_may_be_sorting(intent, text, may_be):
    assert may_ask_where_it_goes(intent, text) is may_be


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        (
            "tenemos servicio de 3 yardas x semana y de organicos sacamos como 15 galones a la semana",
            "ask_question",
        ),
        ("de minimis waiver please", "request_deminimis_waiver"),
        ("I want to apply for the de minimis waiver, we have 1 yard a week", "request_deminimis_waiver"),
    ],
)
def test_facts_with_numbers_are_no_request_to_apply(text, routed):
    assert route("request_deminimis_waiver", gloss(text)) == routed


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("va, quiero aplicar pal waiver de minimis", "request_deminimis_waiver"),
        ("quiero solicitar el permiso de grasa", "apply_permit"),
        # a relative writing for the owners: "quieren aplicar ... pueden empezar por aqui?" (s48-c008,
        # s48-c010)
        (
            "hola escribo por mis papas, quieren aplicar pal permiso de la grasa de su pupuseria en "
            "inglewood, pueden empezar por aqui?",
            "apply_permit",
        ),
        (
            "mis papas tienen un edificio de 12 departamentos en victorville y no caben los botes verde y "
            "cafe. quieren solicitar la exencion por falta de espacio, me ayudan?",
            "request_space_waiver",
        ),
        # review of stop 56 (F8): what is asked before applying is answered first
        (
            "quieren aplicar al waiver de minimis y me preguntan si califican con 10 galones por semana",
            "nlu_fallback",
        ),
        ("ellos quieren aplicar para el permiso pero antes quieren saber cuanto cuesta", "nlu_fallback"),
        ("they want to apply for the permit, can you help me understand the fees?", "nlu_fallback"),
        ("quieren solicitar la exencion de minimis, me pueden ayudar?", "request_deminimis_waiver"),
        # "queremos solicitar" glosses as "we want apply" (s45-c009)
        (
            "Tenemos un restaurante en Inglewood y no hay espacio para poner un interceptor de grasa. "
            "Queremos solicitar una variance o un waiver.",
            "request_interceptor_variance",
        ),
        (
            "Estamos por abrir un restaurante y quiero llenar la solicitud del permiso de grasa (FOG).",
            "apply_permit",
        ),
        # which waiver is not said: the question answerer starts the one the conversation is about, or asks
        ("va, quiero aplicar pal waiver", "ask_question"),
        ("I want the permit fee amount", "nlu_fallback"),  # no application asked for
        ("how do I apply for the de minimis waiver?", "ask_question"),  # asks how: answered, then offered
    ],
)
def test_a_request_to_apply_the_classifier_could_not_place_starts_the_application_it_names(text, routed):
    assert route("nlu_fallback", gloss(text)) == routed


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("and if it was 12 gallons", "ask_question"),
        ("what if its 6 gallons instead?", "ask_question"),
        ("y si fueran 6 galones? la vdd de organicos sale poquito", "ask_question"),
        ("y si, todo bien", "inform"),  # "and yes": a confirmation
        ("y si es correcto", "inform"),
        ("y si no?", "ask_question"),  # "and if not?"
        ("y si no lo pago?", "ask_question"),
        ("12 gallons", "inform"),
    ],
)
def test_a_what_if_is_a_question_not_an_answer_or_a_correction(said, routed):
    assert route("inform", said) == routed


@pytest.mark.parametrize(
    ("intent", "said", "routed"),
    [
        ("request_space_waiver", "Great, then I'd like to apply for the waiver.", "ask_question"),
        ("request_space_waiver", "i want to apply for a de minimis waiver", "request_deminimis_waiver"),
        (
            "request_space_waiver",
            "we dont have room for the bins, i want to request a waiver",
            "request_space_waiver",
        ),
        ("request_deminimis_waiver", gloss("va, quiero aplicar pal waiver"), "ask_question"),
        ("apply_permit", "i want to apply for a fog permit", "apply_permit"),
        ("apply_permit", "I want to apply for it", "ask_question"),  # for what, the conversation says
        ("ask_question", "ok let's file the waiver request", "ask_question"),  # which, the conversation says
        # no room for the big interceptor: the interceptor's variance, not the carts' space waiver
        (
            "nlu_fallback",
            gloss("quiero pedir el waiver pa no poner el interceptor grande, no tengo espacio atras"),
            "request_interceptor_variance",
        ),
        ("apply_permit", gloss("Perfecto, quiero iniciar la solicitud ahora."), "ask_question"),
    ],
)
def test_a_request_for_a_waiver_it_does_not_name_is_read_against_the_conversation(intent, said, routed):
    assert route(intent, said) == routed


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("If the waiver is approved, do we still pay any yearly grease charges?", "ask_question"),
        ("Okay, so when the city approves it, how long does it last?", "ask_question"),
        ("yes, we have no room for it", "affirm"),  # an answer, with its reason
        ("started maybe 20 minutes ago?", "affirm"),  # unsure of itself, still an answer
    ],
)
def test_a_question_after_a_condition_is_a_question_mid_form(said, routed):
    assert route("affirm", said) == routed


@pytest.mark.parametrize(
    ("said", "waiver"),
    [
        (
            "1 yard a week and about 5 gallons, so we don't need the organics bins?",
            "request_deminimis_waiver",
        ),
        ("we have no room for the bins in our enclosure, 3 yards a week", "request_space_waiver"),
        ("no room for the interceptor, any way around it?", "request_interceptor_variance"),
        ("the de minimis one, our containers are half empty", "request_deminimis_waiver"),
        (
            "I'd like to request a waiver from the organic waste collection requirements, we barely produce "
            "any food waste",
            "request_deminimis_waiver",
        ),
        ("quiero pedir el waiver, casi no tiramos comida", "request_deminimis_waiver"),
        ("we barely have any room for the carts, I want a waiver", "request_space_waiver"),
        (
            "hi i want to apply for the organics waiver for small businesses. we're a little coffee stand",
            "request_deminimis_waiver",
        ),
        ("quiero la exencion para negocios pequeños, somos una cafeteria", "request_deminimis_waiver"),
    ],
)
def test_the_waiver_a_conversation_is_about(said, waiver):
    assert waiver_of(said) == waiver


@pytest.mark.parametrize(
    ("said", "waiver"),
    [
        (
            "I'd like to request a waiver from the organic waste collection requirements, we barely produce "
            "any food waste",
            "request_deminimis_waiver",
        ),
        ("we barely have any room for the carts, I want a waiver", "request_space_waiver"),
        (
            "hi i need to apply for a waiver from the grease interceptor thing in inglewood, theres no room "
            "behind the bakery, old building",
            "request_interceptor_variance",
        ),
    ],
)
def test_a_request_for_a_waiver_that_says_what_for_starts_that_waiver(said, waiver):
    assert route("request_space_waiver", said) == waiver
    assert route("request_deminimis_waiver", said) == waiver


def test_an_interceptor_waiver_asked_for_lack_of_room_is_the_interceptor_s_whatever_the_classifier_said():
    said = (
        "i need to apply for a waiver from the grease interceptor thing in inglewood, theres no room out back"
    )
    assert route("nlu_fallback", said) == "request_interceptor_variance"  # not the carts' space waiver


@pytest.mark.parametrize(
    "said",
    [
        "oh also the pumper said next time he can pump it and put the water back in the trap to save us $, "
        "is that ok",
        "pumper wants to dump the water back in the cleanout to save time, that ok",
        # a log kept, not one asked for, and a question in its last words
        "lol my GM wants to just write last week as the pump date on our paper log so we look on schedule, "
        "thats not a big deal right",
    ],
)
def test_a_statement_that_ends_asking_whether_it_is_allowed_is_a_question_not_a_log(said):
    assert not asks_to_log(said)
    assert route("ask_question", said) == "ask_question"
    assert asks_to_log("pumped it today, please save it")  # a statement that asks nothing stays a request


@pytest.mark.parametrize(
    ("said", "asks"),
    [
        ("wait do i also gotta send the manifest to the city myself or does the hauler do it", True),
        ("um do we gotta pay for the city coming out", True),
        (
            "38 seats no drive thru. salvadoran, pupusas, dine in y takeout. so which one am i, 267 or 413",
            True,
        ),
        ("we do breakfast and lunch, about 200 meals a day", False),
        ("have 3 fryers, a flat top and a 3 compartment sink", False),
        ("Maria Lopez, the owner, 310 555 0134", False),
        ("yeah thats right", False),
    ],
)
def test_a_question_asked_in_the_middle_of_answers_is_a_question(said, asks):
    assert (route("inform", said) == "ask_question") is asks


def test_a_spill_that_just_happened_and_is_heading_somewhere_is_live():
    said = (
        "the pumping truck guy just spilled a bunch of grease in the alley while he was cleaning out our "
        "interceptor and it's heading for the storm drain"
    )
    assert spill_is_live(said) and route("report_spill", said) == "report_spill"


def test_a_backup_cleaned_up_with_questions_about_it_is_no_pump_out_to_log():
    said = (
        "we had grease back up out of the floor sink yesterday around 3pm, got it cleaned up and called code "
        "enforcement. the FOG guy says we still need to send something in writing, by when? victorville"
    )
    assert route("log_pumpout", said) == "ask_question"


@pytest.mark.parametrize(
    ("intent", "text", "may_be"),
    [
        (
            "ask_question",
            "ok last one, if i take the restaurant cardboard to the recycler myself what do i need to keep",
            False,
        ),
        (
            "ask_question",
            "our guy takes cardboard to the recycler in our truck, do we need paperwork? blue bin otherwise?",
            False,
        ),
        (
            "nlu_fallback",
            "nosotros mismos llevamos el carton al reciclaje, q papeles? o va al bote azul?",
            False,
        ),
        (
            "ask_question",
            "can i put the pizza box in the blue bin myself?",
            True,
        ),  # no hauling: where it goes
        ("nlu_fallback", "tengo una llanta vieja de la troca, la puedo poner en el bote de basura?", True),
    ],
)
def test_hauling_it_yourself_is_a_self_hauler_s_rule_not_a_cart(intent, text, may_be):
    assert may_ask_where_it_goes(intent, text) is may_be


@pytest.mark.parametrize(
    ("intent", "said", "routed"),
    [
        # an overflow said of paper, a room or an inbox is no spill, whatever else the message says of grease
        (
            "ask_question",
            "How long do we have to hang on to the grease interceptor pumping invoices and manifests for our "
            "Inglewood restaurant? Our storage room is overflowing with paper.",
            "ask_question",
        ),
        ("report_spill", "our grease trap is overflowing with grease water right now", "report_spill"),
        # what the application asks for is a question, though the message says it will start gathering it
        (
            "apply_permit",
            "What information will the city want on the grease permit application? I'd like to start "
            "gathering it now.",
            "ask_question",
        ),
        ("apply_permit", "i want to apply for a fog permit for my restaurant, can you help?", "apply_permit"),
        # a waiver the classifier guessed from "just a little", with no waiver said or asked for
        (
            "request_deminimis_waiver",
            "el aceite de la freidora, can we pour it in the mop sink poquito a poco? its just a little",
            "ask_question",
        ),
        ("request_deminimis_waiver", "de minimis waiver please", "request_deminimis_waiver"),
        # a notice about the carts and its deadline is a rule, not an item to sort
        (
            "sort_item",
            "city gave us a violation notice about our recycling bins setup. how long do we get to fix it?",
            "ask_question",
        ),
        ("sort_item", "y cuanto tiempo guardo esos papeles?", "ask_question"),  # records, not paper
        # self-hauled, asked what to write down: records (s41-s017)
        (
            "sort_item",
            "mi restaurante lleva sus propias cajas de carton y restos de verdura al centro de reciclaje "
            "en la troca, en victorville. tengo q apuntar algo?",
            "ask_question",
        ),
        # a weekly amount is the topic's fact (a de minimis waiver's), whatever items it names
        (
            "sort_item",
            "Food waste is maybe 8 gallons a week, mostly coffee grounds and lunch leftovers.",
            "inform",
        ),
        # the trash service told by its bin (w56-c007)
        ("sort_item", "trash is a 3 yard bin once a week", "inform"),
        ("sort_item", "3 yard dumpster picked up once a week", "inform"),
        # asked with the question it is for, a question (w43-c011)
        (
            "sort_item",
            "do we have to do the organics bin thing? small coffee shop in victorville, 1 yard trash bin "
            "emptied once a week and maybe 12 gallons of food scraps a week",
            "ask_question",
        ),
        ("sort_item", "where do coffee grounds go", "sort_item"),
        # the topics of the matter at hand, asked as a follow-up (s41-c017)
        ("help", "y q temas?", "ask_question"),
        ("help", "and what topics?", "ask_question"),
        # a cart taken away asked for: whether it is required (s41-c006)
        (
            "sort_item",
            "tengo una panaderia chiquita en victorville, casi no sale desperdicio de comida. me pueden "
            "quitar lo del bote cafe?",
            "ask_question",
        ),
        ("sort_item", "donde va el bote de cafe vacio?", "sort_item"),
        # both of the waiver's amounts, the week said any way (w45-c009)
        (
            "sort_item",
            "We have one cubic yard of trash picked up a week, and maybe 12 gallons of food scraps and paper "
            "towels.",
            "inform",
        ),
        ("sort_item", "tenemos dos yardas de basura y como 15 galones de comida", "inform"),
        (
            "sort_item",
            "We have one cubic yard of trash a week, and maybe twelve gallons of food scraps.",
            "inform",
        ),
        ("sort_item", "tenemos 2 yardas cubicas de basura y como diez galones de comida", "inform"),
        # a bucket's or a dumpster's size is no amount; writing on an item is no record (review of stop 52)
        ("sort_item", "5 gallon bucket of paint, 2 yard bin", "sort_item"),
        ("sort_item", "where do i throw the paper towels we write down orders on?", "sort_item"),
        # how often it happened is a fact for the matter at hand, not another subject (w44-c016)
        ("out_of_scope", "this is like the 3rd time", "inform"),
        ("out_of_scope", "es la segunda vez que pasa", "inform"),
        ("out_of_scope", "what's the weather tomorrow", "out_of_scope"),
        ("out_of_scope", "what's the weather again?", "out_of_scope"),
        ("out_of_scope", "this is the first time I use a chatbot", "out_of_scope"),
        # a weekly amount asked where it goes is still sorting
        ("sort_item", "where do i put 20 gallons of cooking oil per week?", "sort_item"),
        # a rate asked about after a late fee is the fee's (s40-c011)
        ("out_of_scope", "and el 1.5% sobre how much se saca?", "ask_question"),
    ],
)
def test_figures_of_speech_guesses_and_notices_go_where_they_mean(intent, said, routed):
    assert route(intent, said) == routed


@pytest.mark.parametrize(
    "said",
    [
        "I'm putting together an emergency sign for our kitchen in Victorville: who to call if the grease "
        "interceptor overflows. What phone numbers should go on it?",
        "who do we call if the grease interceptor overflows at night",
    ],
)
def test_a_spill_that_might_happen_is_a_question(said):
    assert route("report_spill", said) == "ask_question"
    assert route("report_spill", "our grease interceptor is overflowing into the parking lot right now") == (
        "report_spill"
    )


def test_asking_whether_a_contained_spill_must_be_reported_is_a_question():
    said = (
        "oh wait actually no sorry we're in Victorville and it's uh one of the guys knocked over the fryer "
        "oil bucket on the kitchen floor we soaked it all up with the absorbent pads none of it went down "
        "any drain so like do I even need to report that or"
    )
    assert route("report_spill", said) == "ask_question"
    live = "grease is coming out of the manhole in front of our place, do i need to report it?"
    assert route("report_spill", live) == "report_spill"


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        (
            "me llego otro NOV de inglewood, ya es el segundo. el primero lo pague. cuanto es este?",
            "ask_question",
        ),
        ("how much is the fine for a dirty recycling cart", "ask_question"),
        # a fact that changes the topic's fee, and what comes next, asked after the topic
        ("what if we add the patio, thatd be like 62 seats", "ask_question"),
        ("ok. its been like 4 weeks tho. what now", "ask_question"),
        ("and who does it go to like what address", "ask_question"),
        ("who won the game last night", "out_of_scope"),
        ("can you order me a pizza", "out_of_scope"),
        ("what now for the lakers", "out_of_scope"),
    ],
)
def test_a_message_in_this_field_taken_for_out_of_scope_is_a_question(said, routed):
    assert route("out_of_scope", gloss(said)) == routed


@pytest.mark.parametrize(
    ("said", "intent", "routed"),
    [
        ("quiero sacar el permiso de grasa. ¿Me ayudan a llenar la solicitud?", "help", "apply_permit"),
        ("can you help me fill out the FOG permit application?", "ask_question", "apply_permit"),
        ("how do I fill out the FOG permit application?", "ask_question", "ask_question"),
        ("can you help me understand the permit fees?", "ask_question", "ask_question"),
    ],
)
def test_a_request_for_help_applying_asked_as_a_question_starts_the_application(said, intent, routed):
    assert route(intent, gloss(said)) == routed


@pytest.mark.parametrize(
    ("said", "other"),
    [
        ("and in inglewood?", True),
        ("if this had happened at our other place in inglewood would it be any different", True),
        ("4 yrs?? my victorville store manager says 2", True),
        ("my manager says 2", False),  # no city named
        ("we're in victorville, how long do we keep them?", False),
        ("same in inglewood? we got a 2nd spot there", True),
        ("is it the same deal for victorville", True),
        ("igual en inglewood?", True),
        ("same here", False),
        ("And for our central kitchen in Victorville?", True),
        ("y pa mi otro local en inglewood?", True),
        ("and the victorville one, what do i pay there", True),
        ("and for our central kitchen in Victorville, what is the fee for 60 seats?", False),  # asks more
        # a move there supposed (w52-c024), in either language
        ("and if we move to their Victorville location?", True),
        ("y si nos cambiamos al local de victorville?", True),
        ("and if we move the fryer?", False),
        ("and if we go over the limit in inglewood?", False),  # review of stop 56 (F23): no move
    ],
)
def test_the_topic_asked_again_of_the_other_city(said, other):
    assert asks_about_the_other_city(said) is other


@pytest.mark.parametrize(
    ("said", "asks"),
    [
        ("Which section should I show my district manager?", True),
        ("where does it say that?", True),
        ("¿en qué sección dice eso?", True),
        ("which bin does the pizza box go in?", False),
        ("what sections of the ordinance cover restaurants that cater events in other cities too?", False),
    ],
)
def test_where_it_says_is_asked_in_a_short_message(said, asks):
    assert asks_where_it_says(said) is asks


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        (
            "Does Victorville give out free compost or mulch? Where and when can we pick it up?",
            "ask_question",
        ),
        ("fat-free yogurt cup, which bin?", "sort_item"),
        ("where do wood chips go", "sort_item"),
    ],
)
def test_something_the_city_would_hand_out_is_no_item_to_sort(said, routed):
    assert route("sort_item", said) == routed


@pytest.mark.parametrize("classified", ["greet", "report_spill", "ask_question", "inform"])
def test_a_greeting_or_story_that_goes_on_to_ask_for_an_application_starts_it(classified):
    """Whatever the classifier made of the greeting and the story before the request."""
    said = (
        "Hello, I'm the general manager of a new Mediterranean restaurant opening in Victorville in March. "
        "I'd like to apply for our FOG permit."
    )
    assert route(classified, said) == "apply_permit"
    assert route("greet", "hello there") == "greet"
    # asked as a question, it is answered (then offered), not started
    assert route(classified, "How do I apply for the FOG permit in Victorville?") != "apply_permit"


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("y donde los llevo entonces? hay un centro de acopio?", "ask_question"),
        ("where do i take old paint cans", "ask_question"),
        ("where does a pizza box go", "sort_item"),
    ],
)
def test_where_to_take_something_no_cart_takes_is_a_question(said, routed):
    assert route("sort_item", gloss(said)) == routed


def test_a_spill_said_as_going_on_is_reported_even_when_some_of_it_already_ran_out():
    """Going on as it is written, whatever has already run out: the report, whom to call first; over, a
    question (Spanish is routed in its gloss)."""
    from knowledge.spanish import gloss

    spanish = (
        "oigan se esta saliendo la trampa de grasa x el piso de la cocina y ya salio agua pal callejon de "
        "atras, inglewood, q hago"
    )
    assert route("ask_question", gloss(spanish)) == "report_spill"
    again = "we had a backup yesterday and now it's overflowing again, who do i call"
    assert route("ask_question", again) == "report_spill"
    over = "last week grease was coming out of the cleanout, what do we do now?"
    assert route("ask_question", over) == "ask_question"


def test_asking_how_a_spill_is_reported_is_a_question_until_one_is_going_on():
    assert route(
        "report_spill", "how do i report a grease spill to the city of victorville, just asking"
    ) == ("ask_question")
    live = "how do i report this? grease is coming out of the manhole right now"
    assert route("report_spill", live) == "report_spill"


@pytest.mark.parametrize(
    ("intent", "said", "routed"),
    [
        ("goodbye", "so what do we actually have to do day to day", "ask_question"),
        ("greet", "hi, how often do we have to pump the trap", "ask_question"),
        ("thanks", "thanks! and how long do we keep the manifests", "ask_question"),
        ("goodbye", "ok bye thanks a lot", "goodbye"),
        ("thanks", "thank you so much", "thanks"),
        # s46-c012: "es por dia?" after a late fee got "Adiós" (no farewell word in it, and it asks)
        ("goodbye", "es por dia?", "ask_question"),
        ("goodbye", "es por dia", "ask_question"),
        ("goodbye", "is it per month?", "ask_question"),
        ("goodbye", "hasta luego", "goodbye"),
        ("goodbye", "nos vemos?", "goodbye"),
        # review of stop 55 (F6): Spanish goodbyes that open with "es" or "son"
        ("goodbye", "Son muy amables", "goodbye"),
        ("goodbye", "es lo que necesitaba, gracias", "goodbye"),
        ("goodbye", "es suficiente por hoy", "goodbye"),
    ],
)
def test_a_greeting_or_goodbye_that_asks_something_is_a_question(intent, said, routed):
    assert route(intent, said) == routed


@pytest.mark.parametrize(
    ("said", "other"),
    [
        ("ay no espera, me equivoque, el restaurante nuevo es en inglewood no en victorville", True),
        ("we're in inglewood, not victorville", True),
        ("does inglewood have a brown bin like victorville?", False),  # compared, not corrected
        ("inglewood", False),  # the city alone: ActionSetCity's
    ],
)
def test_a_city_named_in_place_of_the_other_asks_the_topic_again_there(said, other):
    assert asks_about_the_other_city(said) is other


@pytest.mark.parametrize(
    ("said", "none"),
    [
        ("jan 1 is a holiday tho, do i do it before?", True),
        ("where do egg cartons go", False),
        ("pizza box, blue bin ok?", False),
        ("y las cascaras de huevo en q bote van?", False),
    ],
)
def test_a_message_that_asks_no_place_for_anything_is_no_sorting_question_unless_it_names_an_item(said, none):
    from intake.routing import asks_no_place_for_anything

    assert asks_no_place_for_anything(said) is none


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        # mid-form, a side question that opens with "if the city ...": answered, then the form resumes
        ("wait if the city has to come clean this up do i have to pay for it??", True),
        ("ok. its been like 4 weeks tho. what now", True),
        ("so now what?", True),
        # announced with a dash (w41-c004)
        (
            "Before I go on — does the hauler's paperwork need to show anything specific? Ours has gallons.",
            True,
        ),
        # a claim put to be checked, a "right?" in the middle (w56-s004)
        (
            "victorville bbq joint. our fog permit says 60 day pumping. last pump fue el 20 de octubre. so "
            "next "
            "one is jan 18 right bc its 90 days? nomas making sure",
            True,
        ),
        # an unsure answer stays an answer
        ("started maybe 20 minutes ago?", False),
        ("about 40 gallons right?", False),
        # "right" as an adverb, in an unsure answer (review of stop 58, M2)
        ("it's right behind the kitchen next to the dumpster?", False),
        ("we cleaned it out right after the backup on monday?", False),
        # a relative clause is no question (S3)
        ("en el callejon donde estan los botes?", False),
        ("fue el martes cuando estabamos cerrando?", False),
        # Spanish asks inside its sentence (s52 mid-form); an unsure "no sé cuántos" answers
        ("oye y ese permiso cuanto dura? o es pa siempre", True),
        ("no se cuantos, unos 20?", False),
        ("como 20 galones?", False),
        ("like 20 gallons maybe", False),
        # contact details wished for are asked (w58-s029); a value of one's own, or a new one, is no question
        (
            "not an emergency rn. just want the phone number for victorville public works sanitary division "
            "saved in my phone in case our line backs up again",
            True,
        ),
        ("necesito el telefono de obras publicas de inglewood", True),
        ("I need to change the phone number", False),
        ("i want the number 12530 not 12350", False),
        ("we need a new phone number on file", False),
        # a form's answer changed, or one the user is finding, is no question (review of stop 59, M2)
        ("sorry, I want the address to be the back alley behind Rosas Kitchen", False),
        ("I want the contact name to be Luis Ortega instead", False),
        ("one sec, I need to get the number off the sign", False),
        ("espereme, necesito la direccion exacta, ahorita le digo", False),
    ],
)
def test_a_side_question_opened_by_if_or_what_now_is_a_question(text, asks):
    assert asks_a_question(text) is asks
    assert (route("inform", text) == "ask_question") is (asks and len(text.split()) >= 4)


@pytest.mark.parametrize(
    ("intent", "said", "routed"),
    [
        # how long records are kept, taken for a sorting question: a question
        (
            "sort_item",
            "we got both spots. so if i just keep everything 4 yrs im good for both?",
            "ask_question",
        ),
        ("sort_item", "si guardo todo 4 años ya cumplo en las dos?", "ask_question"),
        # an item with a time and its cart stays a sorting question
        ("sort_item", "leftovers sat in the fridge 2 weeks, green bin or trash?", "sort_item"),
        # records kept, and whether a cart is required: questions, whatever the classifier made of them
        ("sort_item", "y los recibos del plomero los guardo?", "ask_question"),
        ("sort_item", "do i keep the plumbers receipt", "ask_question"),
        # food that could be eaten, thrown out in quantity (w52-c019): its recovery rule, not a cart
        (
            "sort_item",
            "We throw out full trays of banquet food nobody touched. Can we just compost it instead?",
            "ask_question",
        ),
        (
            "sort_item",
            "tiramos charolas de comida que nadie toco, la podemos echar a la composta?",
            "ask_question",
        ),
        ("sort_item", "uneaten food from the buffet, which bin?", "sort_item"),
        # a duty's deadline asked with an item named (w52-s041)
        (
            "sort_item",
            "i run a little community compost pile, just veggie scraps from the vendors. city of victorville "
            "emailed asking how much we take in. do i have to answer?? by when?",
            "ask_question",
        ),
        ("sort_item", "veggie scraps, where do they go?", "sort_item"),
        # a self-hauler's records, bins and facilities named around them (w47-s047)
        (
            "sort_item",
            "Our restaurant hauls its own cardboard and food scraps to the recycling and compost facilities "
            "in our own truck. Do we need to keep any records?",
            "ask_question",
        ),
        (
            "sort_item",
            "Casi no generamos basura orgánica. ¿Hay forma de que no me obliguen a tener el bote café?",
            "ask_question",
        ),
        # "what now?" after a filing, taken for small talk: a question
        ("goodbye", "what now?", "ask_question"),
        ("thanks", "ok thanks. what happens next?", "ask_question"),
        ("affirm", "y ahora que?", "ask_question"),
        # (the router reads Spanish in its gloss)
        ("goodbye", gloss("y ahora q hago"), "ask_question"),
        ("goodbye", gloss("entonces que debo hacer"), "ask_question"),
        ("goodbye", gloss("y ahora que sigue"), "ask_question"),
        ("goodbye", "ok thanks bye", "goodbye"),
        ("goodbye", "ok gracias, adios", "goodbye"),
        ("cancel", "ya no quiero seguir con esto, me lo cancelas?", "cancel"),
        ("cancel", "can you cancel it?", "cancel"),
        ("cancel", "cancel?", "cancel"),
        # where a letter or a report is sent: a question
        ("sort_item", "y a donde la mando?", "ask_question"),
        ("sort_item", "where do i mail it", "ask_question"),
        # where an item goes stays a sorting question, keeping or sending words or not
        ("sort_item", "can i send the grease jugs out with the black bin", "sort_item"),
        ("sort_item", "where do old receipts go", "sort_item"),
        ("sort_item", "can i keep the pizza box in the blue bin", "sort_item"),
        # a fact that may qualify for a waiver asks for none: answered, and the request offered
        ("request_space_waiver", "no room out back for a big one tho", "ask_question"),
        ("request_space_waiver", "we dont have room for the green bins", "ask_question"),
        # a request that names the waiver, or asks to apply, starts it (the waiver it names)
        ("request_space_waiver", "i want to apply for a physical space waiver", "request_space_waiver"),
        ("request_space_waiver", "i want to apply for a de minimis waiver", "request_deminimis_waiver"),
        ("request_space_waiver", "variance request for our restaurant", "request_interceptor_variance"),
    ],
)
def test_a_request_or_sorting_intent_the_words_do_not_bear_out_is_rerouted(intent, said, routed):
    assert route(intent, gloss(said)) == routed


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("and the training thing, same as victorville?", "and the training thing (Victorville / Inglewood)?"),
        (
            "is the pumping schedule different from inglewood?",
            "is the pumping schedule (Victorville / Inglewood)?",
        ),
        ("y el training es igual que en victorville?", "y el training es (Victorville / Inglewood)?"),
        ("same in inglewood?", None),  # the topic asked again there, not a comparison
        ("we're like 2 miles from inglewood", None),
    ],
)
def test_a_rule_compared_with_a_city_s_is_asked_of_both_cities(said, asked):
    assert compares_with_a_city(said) is (asked is not None)
    if asked is not None:
        assert asked_of_both_cities(said) == asked


@pytest.mark.parametrize(
    ("intent", "text", "routed"),
    [
        # no words of starting over: "and the third one?" after the first and second NOV fees
        ("start_over", "and el 3o", "inform"),
        ("start_over", "start the report over", "start_over"),
        ("start_over", "I want to start otra vez", "start_over"),  # glossed "quiero empezar otra vez"
        # a size said as a fact, which the classifier could not place: the topic's fact
        ("out_of_scope", "el local mide how 6000 pies", "inform"),
        ("out_of_scope", "what's the weather in 6000 feet up", "out_of_scope"),
        # a past spill asked about for what the city did (an order, a hearing): no report to start
        (
            "report_spill",
            "city shut off our sewer yesterday w an emergency order, said our grease is backing up the main. "
            "when do we get a hearing to fight it. victorville",
            "ask_question",
        ),
        (
            "report_spill",
            "we got fined yesterday and now sewage is coming up out of the manhole right now",
            "report_spill",
        ),
        # asking to report a pump-out done is asking to log it ("quiero reportar el pump de la trampa")
        (
            "nlu_fallback",
            "buenas I want to report el pump de the grease trap de grease restaurant los primos en inglewood",
            "log_pumpout",
        ),
    ],
)
def test_words_the_classifier_misplaced_are_routed_by_what_they_say(intent, text, routed):
    assert route(intent, text) == routed


@pytest.mark.parametrize(
    ("intent", "text", "routed"),
    [
        # a request to apply that names no application: the question answerer starts the one offered
        ("nlu_fallback", "ok lets do the application then", "ask_question"),
        ("inform_city", "ok I want to apply for the Inglewood one now", "ask_question"),  # w52-c024
        ("nlu_fallback", "alright sign us up for the waiver", "ask_question"),
        # a follow-up the classifier took for small talk, answered on the conversation's topic
        ("out_of_scope", "and what if it just sits there unpaid into february?", "ask_question"),
        # a what-if in a sentence of its own after another (w58-c015)
        ("out_of_scope", "so thats like 2 weeks out. what if we end up 2 weeks late", "ask_question"),
        # a bare "and if" after an answer tells what the user will do (review of stop 59, M3)
        ("deny", "No. And if it starts again I'll call you back.", "deny"),
        ("inform", "Son como 20 galones. Y si hay mas le aviso.", "inform"),
        ("out_of_scope", "do we need to hang on to the plumber's bill", "ask_question"),
        ("out_of_scope", "who won the game last night", "out_of_scope"),
    ],
)
def test_unplaced_requests_to_apply_and_follow_ups_are_answered(intent, text, routed):
    assert route(intent, text) == routed


def test_a_request_said_as_a_need_in_spanish_starts_the_pump_out_log():
    with languages.using("es"):
        english = gloss("hola, necesito hacer log del pump out de la trampa, taqueria en inglewood")
    assert route("ask_question", english) == "log_pumpout"


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        # who must look after the carts asks a rule, not where an item goes
        ("our tenants throw food in any bin. are we supposed to be checking the bins?", "ask_question"),
        ("is it us or the tenants who are supposed to inspect the carts?", "ask_question"),
        ("which bin is the pizza box supposed to go in", "sort_item"),
    ],
)
def test_who_looks_after_the_carts_is_a_question_about_the_rules(text, routed):
    assert route("sort_item", text) == routed


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("what can you do", "help"),
        ("menu", "help"),
        ("ayuda", "help"),
        ("es el segundo este año", "inform"),  # a fact for the topic (the second NOV), no call for the menu
    ],
)
def test_a_call_for_help_says_so_and_anything_else_the_classifier_took_for_one_is_not(text, routed):
    with languages.using("es"):
        english = gloss(text)
    assert route("help", english) == routed


@pytest.mark.parametrize(
    ("text", "sorting"),
    [
        ("las tortillas q sobran y los frijoles echados a perder en q bote van?", True),
        (
            "me llego una factura, no la pago. desde cuando esta atrasada y que me pueden hacer?",
            False,
        ),
    ],
)
def test_which_container_asked_in_spanish_may_be_a_sorting_question_and_what_they_can_do_is_not(
    text, sorting
):
    from intake.routing import may_ask_where_it_goes

    with languages.using("es"):
        english = gloss(text)
    assert may_ask_where_it_goes("nlu_fallback", english) is sorting


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("my manager said the paper gotta go to the city but idk how fast", True),
        ("idk how much, like a couple mop buckets? more maybe", False),  # an unsure answer to how much
        ("not sure what it is, looks like grease", False),
    ],
)
def test_not_knowing_when_or_how_fast_asks_and_not_knowing_how_much_answers(text, asks):
    assert asks_a_question(text) is asks


@pytest.mark.parametrize(
    ("said", "each"),
    [
        ("And how long do I have to keep these pump-out records at each store?", True),
        ("same rules for both locations?", True),
        ("y en los dos locales cuanto tiempo guardo los papeles?", True),
        ("how long at the inglewood store?", False),  # one city, named
        ("do both carts need labels?", False),  # carts, not places
        ("And staff grease training — how often in each?", True),  # w34-c011
        ("y la capacitacion cada cuanto en cada una?", True),
        ("is each interceptor pumped separately?", False),
        # the two set against each other (w45-c014, w47-c012)
        ("same for the pump schedule, whats different between the 2", True),
        ("which one do i keep the paperwork longer for", True),
        ("y cual de los dos pide limpiar mas seguido?", True),
        ("which one needs pumping more often, the trap or the interceptor?", False),  # devices, not places
        ("how many days can go between the 2 pump-outs?", False),  # pump-outs, not places
    ],
)
def test_a_question_asked_of_each_of_the_user_s_places_is_heard(said, each):
    from intake.routing import asks_of_each_place

    assert asks_of_each_place(said) is each


@pytest.mark.parametrize(
    "said",
    [
        "Our Victorville store on Bear Valley was pumped the same day and its permit doesn't set anything "
        "special. Same question for that one?",
        "el de inglewood lo bombearon el mismo dia. la misma pregunta pa ese?",
    ],
)
def test_the_same_question_for_a_place_in_the_other_city_asks_the_topic_there(said):
    from intake.routing import asks_about_the_other_city

    assert asks_about_the_other_city(said)


@pytest.mark.parametrize(
    ("said", "live"),
    [
        (
            "ayuda!! se esta rebalsando la trampa de grasa de la pupuseria y el agua va pal estacionamiento "
            "y ya casi llega a la calle. inglewood",
            True,  # Central American "rebalsar": overflowing now
        ),
        (
            "Si hay un derrame en el estacionamiento de la plaza en Inglewood y la ciudad lo tiene que "
            "limpiar, ¿quién paga?",
            False,  # a spill supposed, to ask who pays
        ),
        ("ok y si vuelve a pasar a quien le hablamos?", False),
    ],
)
def test_a_spanish_spill_going_on_or_supposed_is_read_in_its_gloss(said, live):
    assert spill_is_live(gloss(said)) is live


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("el aviso dice 6 de nov", "inform"),  # a day for the rule just given
        ("the letter is dated 11/6", "inform"),
        ("is nov 6 ok?", "ask_question"),
    ],
)
def test_a_day_alone_the_classifier_could_not_place_is_a_fact(said, routed):
    assert route("nlu_fallback", said) == routed


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        ("ok ya le llame al pumper pa la another week thanks", "thanks"),  # glossed: news, then thanks
        ("ok got it, thank you so much", "thanks"),
        ("what is the fee for 40 seats thanks", "ask_question"),  # a question, however it ends
        ("can we pour it down the sink? thanks", "ask_question"),
    ],
)
def test_a_message_that_ends_thanking_and_asks_nothing_is_a_thank_you(said, routed):
    assert route("ask_question", said) == routed


def test_a_question_on_its_own_line_after_a_pasted_letter_is_asked():
    """w44-c017: the letter's lines are sentences of their own; the question after them is asked."""
    pasted = (
        "NOTICE OF PERMIT REVOCATION HEARING\nDate mailed: November 23, 2026\nHearing: December 10, 2026, "
        "10:00 a.m.\nGrounds: failure to pay invoice #4471 (outstanding over 90 days)\n\nis this hearing "
        "date legit? seems fast"
    )
    assert asks_a_question(pasted)
    assert not asks_a_question("NOTICE OF VIOLATION\nDate mailed: November 23, 2026\nAmount: $250")


def test_a_question_the_classifier_took_for_cancelling_is_answered():
    # "y si me lo quitan ...?" (the permit revoked) cancels nothing; the gloss keeps the question mark (s45)
    assert route("cancel", gloss("y si me lo quitan puedo seguir trabajando") + "?") == "ask_question"
    assert route("cancel", "and if they take it away can we keep operating?") == "ask_question"
    assert route("cancel", "And would we have to stop operating?") == "ask_question"
    assert route("cancel", gloss("cuanto me va a salir")) == "ask_question"
    assert route("cancel", gloss("me lo cancelas por favor") + "?") == "cancel"


@pytest.mark.parametrize(
    "said",
    [
        "can you cancel my request?",
        "could you please cancel my application?",
        "can u cancel that for me?",
        "could you cancel my request please",
        "never mind, i dont need it anymore?",
        gloss("oye ya no quiero, me lo borras") + "?",
        gloss("ya no, olvidalo, si") + "?",
        gloss("ya no quiero seguir, lo podemos dejar") + "?",
    ],
)
def test_cancelling_asked_as_a_question_stays_cancelling(said):
    # (review of stop 54)
    assert route("cancel", said) == "cancel"


@pytest.mark.parametrize(
    "said",
    [
        "y si me cancelan el permiso que pasa",
        "si no pago a tiempo me cancelan el permiso",
        "la ciudad me cancela el permiso por eso",
    ],
)
def test_the_permit_cancelled_by_the_city_is_asked_about_not_a_cancel(said):
    # "me cancelan" is the city's doing, never the user's request (review of stop 54)
    assert route("ask_question", gloss(said) + "?") == "ask_question"


@pytest.mark.parametrize(
    "said",
    [
        "buenas, hoy vino la pipa a limpiar la trampa grande de mi taqueria, me lo puedes registrar",
        "ya vinieron a limpiar el interceptor, lo pueden registrar",
    ],
)
def test_a_pumpout_asked_to_be_logged_in_spanish_starts_the_log(said):
    # "¿me lo puedes registrar?" asks the assistant to log it (s45-c005), question mark and all
    assert route("ask_question", gloss(said) + "?") == "log_pumpout"


@pytest.mark.parametrize(
    "said",
    [
        gloss("a q direccion le mando la carta del derrame al fog manager") + "?",
        "who do i mail the spill notice to",
    ],
)
def test_where_a_spill_letter_goes_is_a_question_not_a_spill(said):
    # (s45-s024)
    assert route("report_spill", said) == "ask_question"


@pytest.mark.parametrize(
    "said",
    [
        # s46-s066: a food bank's yearly figures ("tenemos que reportarle algo a la ciudad?")
        gloss(
            "Somos un banco de comida con oficina en Victorville y recibimos donaciones de supermercados. "
            "¿Tenemos que reportarle algo a la ciudad y para cuándo?"
        ),
        # s46-s010: the spill number asked to keep on the kitchen wall
        gloss(
            "cual es el numero de telefono pa reportar un derrame de grasa en victorville? lo quiero pegar "
            "en la cocina"
        ),
        "what's the number to report a grease spill? want to post it in the kitchen",
        # w50-c022: a hypothetical told with "there's"
        "If there's an overflow in the parking lot that we can't stop, who do I call?",
    ],
)
def test_a_spill_number_asked_for_later_or_a_duty_to_report_figures_is_a_question(said):
    assert route("report_spill", said) == "ask_question"


@pytest.mark.parametrize(
    "said",
    [
        "what number do i call? grease is coming out of the manhole",
        "we have to report this overflow",
        "There's sewage coming up from the cleanout, who do I call?",
        # review of stop 55 (F5)
        "theres sewage all over the alley, idk if theres a number i should call",
        "manhole overflowing in our lot, checking if there's anyone at the city to call",
        "we have to report what just happened, grease is all over the street",
        "grease overflowing from the manhole out back, I'll keep the number handy",
        "sewage coming up in the parking lot, we put cones and tape near the office",
    ],
)
def test_a_spill_going_on_is_still_reported(said):
    assert route("report_spill", said) == "report_spill"


def test_the_last_pump_out_dated_in_spanish_asks_the_next_due_date_not_the_records():
    # s46-s002: "Todavía no tengo ningún bombeo registrado" instead of the date worked out
    said = gloss(
        "el ultimo pump fue el 3 de sept. cuando me toca el siguiente? estoy en victorville y es cada 90 dias"
    )
    assert route("service_status", said) == "ask_question"


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        # w50-c021: a caller mid-report ("... calling it in right now, so, uh, cancel this") was asked "What's
        # spilling?"
        (
            "actually you know what, the property manager's calling it in right now, so, uh, cancel this",
            "cancel",
        ),
        ("Sabes qué, mejor la termino mañana. Cancélala por ahora.", "cancel"),
        ("ah espere, ya llego la ciudad, ya no hace falta, cancelelo por favor", "cancel"),  # s48-c007
        ("how do i cancel my permit?", "ask_question"),
        ("we had to cancel, the restaurant closed", "ask_question"),
        # review of stop 55 (F7, F19): a question without its mark, and Spanish said as people say it
        ("If I sell the restaurant do I transfer the permit or just cancel", "ask_question"),
        ("if we close do we just cancel", "ask_question"),
        ("ok, cancel the whole thing", "cancel"),
        (gloss("sabes que, mejor cancela"), "cancel"),
        (gloss("mejor cancelar, gracias"), "cancel"),
    ],
)
def test_a_message_that_ends_asking_to_cancel_cancels(said, routed):
    assert route("ask_question", said) == routed


def test_a_live_spill_that_ends_with_someone_else_s_cancel_is_still_reported():
    said = "grease backing up into the street right now, the landlord said just cancel"
    assert route("report_spill", said) == "report_spill"


@pytest.mark.parametrize(
    ("said", "routed"),
    [
        # w54-s046: a place "down the street" is where it is, no spill going there
        (
            "I coordinate the food pantry at our church in Victorville. The grocery store down the street "
            "has a "
            "written agreement with us and we pick up their day-old bread and produce. Someone said we now "
            "have "
            "reporting requirements with the city?? What, and when?",
            "ask_question",
        ),
        ("the taqueria down the street got a letter, are we next?", "ask_question"),
        ("grease water is running down the street right now", "report_spill"),
        ("theres water coming out and its on the street now", "report_spill"),
    ],
)
def test_a_street_is_a_spill_s_only_when_something_flows_there(said, routed):
    assert route("ask_question", said) == routed


@pytest.mark.parametrize(
    ("said", "sorting"),
    [
        # w54-s035: oil poured down a drain or a sink is the grease ordinance's, whatever "which one" sounds
        # like
        (
            "church fish fry volunteer in victorville. after fridays fry we have maybe 10 gallons of used "
            "oil. one "
            "guy wants to dump it in the storm drain in the parking lot, another says pour it down the mop "
            "sink "
            "with hot water. which one is ok??",
            False,
        ),
        ("can i put coffee grounds down the sink or in the green bin?", True),  # a cart named: where it goes
    ],
)
def test_what_goes_down_a_drain_is_no_sorting_question_unless_a_cart_is_named(said, sorting):
    assert may_ask_where_it_goes("ask_question", said) is sorting


@pytest.mark.parametrize(
    "said",
    [
        # review of stop 57 (M7): a spill on the street, the alley or the sidewalk is still reported
        "grease water down the alley behind us right now",
        "there is black water down the street from our restaurant right now",
        "whats leaking from the dumpster is now on the sidewalk",
    ],
)
def test_a_spill_on_the_street_said_without_a_flowing_verb_is_still_reported(said):
    assert route("ask_question", said) == "report_spill" and route("report_spill", said) == "report_spill"
