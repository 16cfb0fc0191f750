"""Questions the ordinances do not answer are known by topic and sent to the right office."""

import pytest

from cities import FOG, SOLID_WASTE, CityContacts
from knowledge.answer import AnswerKind, not_covered
from knowledge.cards import load_cards
from knowledge.coverage import uncovered_topic
from knowledge.spanish import gloss
from shaping.answers import shape_answer


@pytest.mark.parametrize(
    ("question", "city", "office"),
    [
        ("which day do they collect the blue cart on my block", "victorville", SOLID_WASTE),
        ("they missed my trash pickup again", None, SOLID_WASTE),
        ("where do I take leftover paint and old batteries", "victorville", SOLID_WASTE),
        ("how much extra per month is a second green cart", "victorville", SOLID_WASTE),
        (
            "What's the monthly rate for adding a 2-yard brown food-scraps bin at a shopping center?",
            None,
            SOLID_WASTE,
        ),
        ("who is the garbage company in victorville", "victorville", SOLID_WASTE),
        ("is there a recommended list of pumping companies", "inglewood", FOG),
        ("can you give me the number of a company that pumps grease traps", "victorville", FOG),
        ("is there a company that buys used fryer oil for free", None, FOG),
        ("how much does a company charge to pump the grease trap", None, FOG),
        ("how much does pumping the interceptor usually cost", "inglewood", FOG),
        ("how much charge x clean el grease trap aqui en inglewood me recommend alguna company", None, FOG),
        ("are there any grants to help pay for a new interceptor", "inglewood", FOG),
        ("where can i buy a grease trap and how much do they usually cost", "victorville", FOG),
        ("how much does a new interceptor usually cost", "inglewood", FOG),
        ("where buy 1 grease trap and how much does it cost fee", "victorville", FOG),  # Spanish, as glossed
        ("is there a company the city recommends for pumping", "victorville", FOG),
        ("what's the address of the office and are they open saturdays", "inglewood", FOG),
        ("how much is the grease permit fee", "victorville", FOG),
        ("how much charge victorville for the permit de grease", "victorville", FOG),  # s24-s009, glossed
        ("do restaurants here need a brown bin for food scraps", "inglewood", SOLID_WASTE),
        # s54-s067, glossed: food separated into a brown container, asked of Inglewood
        ("en inglewood tambien do I have to separate la food en brown container", "inglewood", SOLID_WASTE),
        # s50-s062: a device's size asked in gallons, by the meals served
        (
            gloss("¿De qué tamaño, en galones, tiene que ser el interceptor? Damos 200 comidas al día"),
            "victorville",
            FOG,
        ),
        # s46-c019: an apartment complex's trash and recycling asked again for Inglewood (glossed Spanish too)
        (
            "I manage a 24 unit complex, what do I do about the tenants trash and recycling?",
            "inglewood",
            SOLID_WASTE,
        ),
        (gloss("q tengo q hacer con la basura y reciclaje de los inquilinos?"), "inglewood", SOLID_WASTE),
        ("which bin do grass clippings go in", "inglewood", SOLID_WASTE),
        ("in what bin do fruit peels go", "inglewood", SOLID_WASTE),  # Spanish, as glossed
        ("can we get the de minimis waiver for the organics", "inglewood", SOLID_WASTE),  # asked again there
        ("is my restaurant a tier two generator of edible food", "inglewood", SOLID_WASTE),
        (
            "does victorville give out free compost or mulch? where can we pick it up",
            "victorville",
            SOLID_WASTE,
        ),
        ("how long does it take to get the fog permit approved", "victorville", FOG),
        (
            "how long does the city take to process a de minimis waiver for our organics",
            "victorville",
            SOLID_WASTE,
        ),
        ("when will we hear back about the variance", "inglewood", FOG),
        ("and if it ask after, how long does it take to answer", "inglewood", FOG),  # Spanish, as glossed
        # w32-c008: the appliance said first, who comes for it after
        (
            "my old microwave finally died, can it just go in the black trash can? ok so who do i call to "
            "come get it",
            "victorville",
            SOLID_WASTE,
        ),
        ("se me descompuso la tele, quien viene a recogerla", "victorville", SOLID_WASTE),
        # w36-s009: food donation asked of Inglewood, whose only ordinance here is the grease one
        ("is there an inglewood rule that says we must donate our leftover food", "inglewood", SOLID_WASTE),
        ("do we have to sort it into special organics bins", "inglewood", SOLID_WASTE),
        ("and where do I take them, is there a drop-off center?", "victorville", SOLID_WASTE),
        # w14-s041, w18-s039: a size by seats or in gallons is the Plumbing Code's, not the ordinances'
        (
            "What size grease interceptor do we need for a 120-seat restaurant? How many gallons?",
            "inglewood",
            FOG,
        ),
        ("How big does our grease interceptor need to be for an 80-seat restaurant", "inglewood", FOG),
        # the carts asked again for Inglewood (w45-c014): the organics chapter is Victorville's
        ("and in inglewood for the bins?", "inglewood", SOLID_WASTE),
        # grants asked every way (review of stop 52)
        ("are there grants to help buy the brown bins for my restaurant?", "victorville", FOG),
        ("grants for small restaurants?", "victorville", FOG),
        ("is there a grant the city offers for grease traps?", "inglewood", FOG),
        # the application form by number, download or website (w50-s076): a form the city prescribes
        (
            "What's the form number for the Victorville FOG permit application, and can I download it "
            "somewhere?",
            "victorville",
            FOG,
        ),
        ("can i fill out the permit application online?", "inglewood", FOG),
        ("se puede llenar la solicitud en linea?", "victorville", FOG),
        ("cuanto me pagan por el aceite usado?", "victorville", FOG),
        # an office's hours asked by one who gives their own address too (review of stop 56, F12)
        ("our address is 123 Main St, what are the office hours of the FOG office?", "victorville", FOG),
        # another agency's permit, a list of food recovery groups, and what used oil fetches (w52-s051/52/53)
        ("do I need, like, a county health permit for my booth at the farmers market", "victorville", FOG),
        (
            "Can you give me a list of food recovery organizations in Victorville that we could partner "
            "with?",
            "victorville",
            SOLID_WASTE,
        ),
        (
            "does the used fryer oil guy pay me for my oil or do i pay him? whats the going rate",
            "victorville",
            FOG,
        ),
    ],
)
def test_topics_the_ordinances_do_not_cover_go_to_the_right_office(question, city, office):
    topic = uncovered_topic(question, city)
    assert topic is not None and topic.office == office


@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("which bin does a pizza box go in", "victorville"),
        ("how often do I have to pump the interceptor", "inglewood"),
        ("can we get a waiver from installing a grease interceptor", "inglewood"),
        ("how much is the annual fee for a 60 seat restaurant", "inglewood"),  # Fees (2) answers it
        ("how much notice before the city changes my permit", "victorville"),
        ("what records do I keep of the pump outs", "victorville"),
        ("can I pour used fryer oil down the drain", "inglewood"),
        ("which container does the grease from the interceptor go in", "inglewood"),  # FOG's own rule
        ("how much is the fine if we dont clean the grease trap", "victorville"),  # the city's, not a price
        ("what does the city charge if we dont service the interceptor", "inglewood"),
        # the days a decision after a hearing takes are in the text
        ("how long does it take them to decide after the revocation hearing", "inglewood"),
        ("how long do i have to pay the invoice", "inglewood"),
        # a company named in a question about the city's rules is no price or list asked
        ("how much is the fine if the company pumps late", "victorville"),
        ("is there a fine if the hauler is late with the manifest", "victorville"),
        ("can the pumper come get it tomorrow, the grease trap is full", "victorville"),
        # taking it to a recycling center oneself is self-hauling, which the chapter regulates
        ("we take the cardboard to the recycling center ourselves, do we keep any papers", "victorville"),
        # the design rules answer a size asked with no seats or gallons; a pumping's gallons are a manifest's
        ("what size grease interceptor do we need", "inglewood"),
        ("how big do the access manholes on the interceptor have to be", "victorville"),
        ("how many gallons did they pump out of the interceptor", "inglewood"),
        # the 25% rule's share of a device is the ordinances' (review of stop 51)
        ("how many gallons of grease can the interceptor hold before the 25% rule kicks in", "inglewood"),
        ("our interceptor holds 750 gallons, how many gallons is 25 percent of that", "victorville"),
        # a permit that does not list a schedule; a list of dates kept
        ("inglewood. our permit doesnt list any pumping schedule. we good till december right?", "inglewood"),
        ("do i need to keep a list of the pumping dates", "victorville"),
        # a waiver granted is no grant of money
        ("If they grant it, how long does it stay valid?", "inglewood"),
        ("if the city grants the waiver what then", "victorville"),
        # food solids kept from the sink are the FOG article's (review of stop 59, M13)
        ("separate the food waste into the trash instead of the sink, is that a rule?", "inglewood"),
        # what is granted a few words on (w58-s069)
        ("If Inglewood grants our slice shop a waiver, is there some ongoing charge instead?", "inglewood"),
        # Inglewood points to Los Angeles County's list for an overflow's cleanup (w47-s013)
        ("if I'd rather hire my own cleanup company, is there an approved list of contractors?", "inglewood"),
        # the spill line is the ordinances' (review of stop 53: the gloss of "cual es el telefono")
        ("what is the phone number to report a spill?", "inglewood"),
        ("what is the phone number pa reportar a spill de grease?", "inglewood"),
        # the address and phone number to report one too, and where to report one in person (stop 54's review)
        ("what's the phone number and address to report a grease spill in inglewood?", "inglewood"),
        ("whats the address and phone number to report a sewage overflow?", "victorville"),
        ("where is the office to report a spill in person?", "victorville"),
        # what goes on the application is the ordinances'; a spill reported online is this assistant's
        ("what goes on the permit application?", "victorville"),
        ("can we submit the spill report online?", "victorville"),
        ("how much grease is too much in the interceptor", "inglewood"),
        # an address or a number given, not asked (s48-c010, s48-c008, glossed)
        ("the address es 16500 bear valley rd victorville ask for waiver del green", "victorville"),
        ("ay perdon the phone number del business esta mal es 310 555 0177", "inglewood"),
        ("can i pour oil down the drain if i pay a fee", "victorville"),
        # review of stop 56: another permit, a website, oil and a list named where the ordinances answer
        ("we have a health permit already, is a FOG permit extra", "inglewood"),
        ("does the grease pumper need a city business license", "inglewood"),
        ("a website says the inglewood fog permit initial fee is $340, is that right?", "inglewood"),
        ("do the FOG permit rules apply to online-only ghost kitchens?", "victorville"),
        ("I downloaded the permit form but what does volume and type of wastewater mean?", "victorville"),
        ("if the hauler buys our oil do we still need a manifest?", "victorville"),
        ("do we have to pay for the used oil to be recycled or can we pour it out?", "victorville"),
        ("do I have to keep a list of the food recovery organizations we donate to?", "victorville"),
        (
            "we had an overflow this morning, whats the phone number to report it, and do we need a written "
            "follow-up?",
            "inglewood",
        ),
    ],
)
def test_questions_the_ordinances_answer_are_not_declined(question, city):
    assert uncovered_topic(question, city) is None


def test_a_decline_names_the_office_for_the_topic_and_what_the_ordinance_does_say():
    contacts = CityContacts(victorville_solid_waste_phone="(760) 555-0123")
    pickup = not_covered("victorville", contacts, uncovered_topic("what day is trash pickup", "victorville"))
    assert pickup.kind is AnswerKind.NOT_COVERED
    assert "doesn't say anything about collection days" in pickup.text and "solid waste" in pickup.text
    assert "(760) 555-0123" in pickup.text
    fee = not_covered("victorville", contacts, uncovered_topic("how much is the fog permit", "victorville"))
    assert "resolution of the city council" in fee.text and "§ 10.03.050(a)" in fee.text
    assert "FOG manager" in fee.text
    form = not_covered("inglewood", contacts, uncovered_topic("can i download the permit form", "inglewood"))
    assert "Public Works Department on a form the City prescribes" in form.text and "Permits (1)" in form.text


@pytest.mark.parametrize(
    ("question", "city", "said"),
    [
        (
            "whats the address and phone number of the FOG office? i want to drop off the spill letter in "
            "person",
            "victorville",
            "at the address in your FOG permit",
        ),
        ("where do i bring the letter about our overflow, whats the address", "inglewood", "Director"),
        # the address a written follow-up is mailed to (w52-s048)
        (
            "We need to mail the written spill follow-up to Victorville's FOG manager. What's the mailing "
            "address?",
            "victorville",
            "at the address in your FOG permit",
        ),
    ],
)
def test_an_office_asked_for_a_spill_letter_is_declined_with_where_the_letter_goes(question, city, said):
    # the spill line is the ordinances', an office's address never is
    topic = uncovered_topic(question, city)
    assert topic is not None and topic.office == FOG
    declined = not_covered(city, CityContacts(), topic)
    assert "doesn't say anything about office addresses" in declined.text and said in declined.text


def test_a_decline_by_sms_names_whom_to_ask_in_its_first_message():
    question = "can you send me a list of approved grease trap pumping companies in inglewood?"
    declined = not_covered("inglewood", CityContacts(), uncovered_topic(question, "inglewood"))
    first = shape_answer(declined, "sms").text
    assert "won't guess" in first and "Please contact the City of Inglewood" in first


@pytest.mark.parametrize(
    ("question", "office"),
    [
        ("can the city give us a bigger dumpster for free", SOLID_WASTE),
        ("who do i talk to about starting composting at our school", SOLID_WASTE),
        ("can i get a grease bin from the city", FOG),  # grease is the FOG office's, carts or not
        ("is the parking lot striping part of this", FOG),  # nothing to tell: the FOG office, as before
    ],
)
def test_a_question_with_no_known_topic_is_sent_to_the_office_of_what_it_is_about(question, office):
    from knowledge.coverage import office_for

    assert office_for(question) == office
    declined = not_covered("victorville", CityContacts(), office=office_for(question))
    assert declined.kind is AnswerKind.NOT_COVERED


def test_the_user_s_own_deadline_to_respond_is_no_processing_time():
    """ "How long do we have to respond?" to a letter asks the user's deadline (60 days for a food recovery
    capacity request), which the ordinance sets; how long the city takes to decide is what it does not."""
    asked = (
        "The city sent a letter dated November 13 about our food recovery capacity. How long do we have to "
        "respond?"
    )
    assert uncovered_topic(asked, "victorville") is None
    assert uncovered_topic("how long does it take the city to approve the permit?", "victorville") is not None


def test_an_extra_bin_named_without_a_price_asks_no_rate():
    """ "... rebuild the trash enclosure for the extra bin ... can they give us more time" asks for an
    extension, which the chapter answers; "how much for an extra bin" asks a rate, which it does not."""
    extension = (
        "we gotta rebuild the trash enclosure for the extra bin n still waiting on the city permit for it. "
        "can they give us more time"
    )
    assert uncovered_topic(extension, "victorville") is None
    assert uncovered_topic("how much for an extra bin", "victorville").topic == "collection rates"
    # composting at home instead of paying for the bin asks whether the service is a must, which it answers
    instead = "can i compost at home instead of paying for the city green bin?"
    assert uncovered_topic(instead, "victorville") is None


@pytest.mark.parametrize(
    "said",
    [
        "donde tiro el aceite de la freidora ya usado? en el bote verde?",
        "la grasa de la trampa va en el bote negro?",
        "inglewood restaurant. old fryer oil - trash dumpster ok?",
    ],
)
def test_grease_and_cooking_oil_are_heard_in_either_language(said):
    from knowledge.coverage import about_grease

    assert about_grease(said)
    assert not about_grease("donde tiro las cascaras de huevo? en el bote verde?")


@pytest.mark.parametrize(
    "question",
    [
        "where do we get our grease trap pumped",  # a company's service, not the device's seller
        "how much is the fine if our trap overflows",
        "how big does the grease interceptor have to be",
    ],
)
def test_a_grease_device_s_rules_are_no_question_of_where_to_buy_one(question):
    topic = uncovered_topic(question, "victorville")
    assert topic is None or topic.topic != "where to buy a grease device and what one costs"


def test_a_decline_of_where_to_buy_a_device_says_how_the_ordinance_sizes_it():
    answer = not_covered("inglewood", CityContacts(), uncovered_topic("who sells interceptors", "inglewood"))
    assert answer.kind is AnswerKind.NOT_COVERED
    assert "California Plumbing Code" in answer.text and "Grease Interceptors and BMPs (1)(a)" in answer.text


STOP_56_TOPICS = (
    "other agencies' permits and licenses",
    "form numbers, downloads and websites",
    "a list of food recovery organizations",
    "what used cooking oil sells for or costs to haul",
)


def test_no_question_an_answer_card_answers_is_declined_by_the_topics_added_at_stop_56():
    """Review of stop 56 (F1): "we have a health permit already, is a FOG permit extra" was declined; every
    question of a card that answers (not one that refers), in English and glossed Spanish, reaches its
    card."""
    declined = []
    for card in load_cards():
        if card.refer is not None:
            continue
        spanish = card.translations.get("es")
        asked = [*card.questions, *(gloss(q) for q in (spanish.questions if spanish else ()))]
        declined += [
            (card.id, q)
            for q in asked
            if (topic := uncovered_topic(q, card.city)) and topic.topic in STOP_56_TOPICS
        ]
    assert declined == []
