"""Answer shaping: SMS length and MORE, voice wording, asking for the city, declining, no wrong city."""

import dataclasses
import datetime as dt
import re

import pytest

import languages
from cities import CityContacts, cities_named, detect_city
from knowledge import answer as knowledge_answer
from knowledge.answer import answer_from_cards, without_the_schedule
from knowledge.cards.model import load_cards
from knowledge.lexicon import spelled_months
from knowledge.sentences import split_clauses as split_sentences
from shaping.answers import FIRST_SMS_LIMIT, MORE_MARKER, SMS_LIMIT, fit_sms, shape_answer


def answer_question(index, question, city, channel="web", contacts=None):
    """The channel-neutral answer, with its text shaped the way the actions shape it for ``channel``."""
    answer = knowledge_answer.answer_question(
        index, question, city, contacts, ask_city=channel in ("sms", "voice")
    )
    return dataclasses.replace(answer, text=shape_answer(answer, channel).text)


CITATION = " (Victorville Municipal Code § 10.03.160(f)(2))"


def test_short_text_fits_one_sms_unchanged():
    assert fit_sms("Pump every ninety days." + CITATION) == ("Pump every ninety days." + CITATION, "")


def test_long_text_keeps_the_citation_in_the_first_sms_and_holds_the_rest():
    body = " ".join(f"Sentence number {i} says something about grease interceptors." for i in range(12))
    first, rest = fit_sms(body + CITATION)
    assert len(first) <= SMS_LIMIT
    assert first.endswith(CITATION + MORE_MARKER)
    assert first.startswith("Sentence number 0")
    assert rest.startswith("Sentence number ")
    kept = first[: -len(CITATION + MORE_MARKER)]
    assert split_sentences(kept) + split_sentences(rest) == split_sentences(body)


def test_the_first_sms_gives_its_room_to_the_answer_and_keeps_the_more_marker_s_room_once():
    body = "word " * 200
    first, _ = fit_sms(body.strip() + CITATION)
    assert SMS_LIMIT - 6 <= len(first) <= SMS_LIMIT  # cut between words, as close to the limit as they allow
    short = "Pump every ninety days." + CITATION
    assert fit_sms(short, more_follows=True) == (short + MORE_MARKER, "")  # the rest of the answer follows


def test_a_long_answer_with_more_to_follow_fills_its_first_sms_reply():
    body = ("word " * 200).strip()
    answer = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER, body + CITATION, (CITATION[2:-1],), "victorville", more="More."
    )
    shaped = shape_answer(answer, "sms")
    assert FIRST_SMS_LIMIT - 6 <= len(shaped.text) <= FIRST_SMS_LIMIT
    assert shaped.text.endswith(CITATION + MORE_MARKER)
    assert shaped.more.endswith("More.")


def test_one_very_long_sentence_is_cut_at_a_word():
    body = "word " * 200
    first, rest = fit_sms(body.strip() + CITATION)
    assert len(first) <= SMS_LIMIT and first.endswith(MORE_MARKER)
    assert rest and not rest.startswith(" ")


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("im in victorville", "victorville"),
        ("Victorvile ca", "victorville"),
        ("our zip is 92392", "victorville"),
        ("inglewood", "inglewood"),
        ("Ingelwood restaurant", "inglewood"),
        ("90301", "inglewood"),
        ("fontana", None),
        ("victorville or inglewood?", None),
        ("zip 92101", None),
    ],
)
def test_detect_city(text, city):
    assert detect_city(text) == city


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("how often do i have to pump my grease interceptor", "victorville"),
        ("how often do i have to pump my grease interceptor", "inglewood"),
        ("how long do i keep my pumping records", "victorville"),
        ("how long do i keep my pumping records", "inglewood"),
        ("how much notice before the city changes my permit", "inglewood"),
        ("who do i call if sewage is overflowing", "victorville"),
    ],
)
def test_an_answer_for_a_known_city_never_quotes_the_other_city(real_index, question, city):
    for channel in ("web", "sms", "voice"):
        answer = answer_question(real_index, question, city, channel)
        assert answer.kind == "answer"
        assert answer.citations and all(
            ("Victorville" in c) == (city == "victorville") for c in answer.citations
        ), answer.citations


@pytest.mark.slow
def test_records_answers_state_each_citys_own_retention_period(real_index):
    victorville = answer_question(real_index, "how long do i keep grease manifests", "victorville")
    inglewood = answer_question(real_index, "how long do i keep grease manifests", "inglewood")
    assert re.search(r"\b(two|2) years", victorville.text) and not re.search(
        r"\b(four|4) years", victorville.text
    )
    assert re.search(r"\b(four|4) years", inglewood.text) and not re.search(
        r"\b(two|2) years", inglewood.text
    )


@pytest.mark.slow
def test_a_city_named_in_the_question_wins(real_index):
    answer = answer_question(real_index, "in inglewood whats the fine for a 2nd NOV", None, "sms")
    assert answer.jurisdiction == "inglewood"
    assert "$250" in answer.text


@pytest.mark.slow
def test_unknown_city_with_different_rules_asks_on_sms_and_labels_both_on_web(real_index):
    question = "how long do i have to keep grease pumping records"
    sms = answer_question(real_index, question, None, "sms")
    assert sms.kind == "ask_city"
    assert "Victorville" in sms.text and "Inglewood" in sms.text
    assert len(sms.text) <= SMS_LIMIT
    web = answer_question(real_index, question, None, "web")
    assert web.kind == "both_cities"
    assert "In Victorville:" in web.text and "In Inglewood:" in web.text
    assert any("Victorville" in c for c in web.citations) and any("Inglewood" in c for c in web.citations)


@pytest.mark.slow
def test_organics_questions_are_victorville_only_and_say_so(real_index):
    answer = answer_question(real_index, "what qualifies a business for a de minimis waiver", None, "web")
    assert answer.kind == "answer"
    assert answer.text.startswith("In Victorville:")
    assert "6.37.050" in answer.citations[0]


@pytest.mark.slow
def test_questions_the_ordinances_do_not_cover_are_declined_with_the_contact(real_index):
    contacts = CityContacts(victorville_phone="(760) 555-0100")
    answer = answer_question(real_index, "who won the lakers game last night", "victorville", "web", contacts)
    assert answer.kind == "not_covered"
    assert "(760) 555-0100" in answer.text and not answer.citations


@pytest.mark.slow
def test_sms_answers_fit_and_voice_answers_are_spoken(real_index):
    sms = answer_question(real_index, "what does the written spill notice have to say", "victorville", "sms")
    assert len(sms.text) <= FIRST_SMS_LIMIT
    assert "§ 10.03.280" in sms.text
    voice = answer_question(real_index, "what is a GCD and how often is it pumped", "victorville", "voice")
    for abbreviation in ("GCD", "FSE", "SSO", "NOV", "§", "http"):
        assert abbreviation not in voice.text


def test_a_long_card_core_keeps_its_room_on_sms_citing_its_first_section_the_rest_after_more():
    from knowledge.cards.model import Card

    cites = tuple(
        f"Victorville Municipal Code § {section}"
        for section in ("6.37.040(h)", "6.37.040(g)", "6.37.040(a)", "6.37.050(a)(4)", "10.03.160(f)(2)")
    )
    card = Card(id="t", city="victorville", topic="t", questions=("q",), answer="a", cites=cites)
    core = (
        "Give new employees and tenants the organics and recycling information before they start or move "
        "in, or within 14 days of it, and again every year, in writing, with what goes in each container, "
        "where the containers are, the collection days, the rules on contamination and self-hauling, and "
        "whom to ask, and keep a copy of what was given, with the date it was given and to whom, among the "
        "records the city may ask to see when it inspects, for as long as the city's record rules require, "
        "and give it again whenever the containers, the collection days or the rules on contamination change"
    )
    citation = card.citation
    answer = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER, f"{core}. ({citation})", cites, "victorville", card=card
    )
    shaped = shape_answer(answer, "sms")
    assert len(shaped.text) <= FIRST_SMS_LIMIT
    assert "6.37.040(h))" in shaped.text and "10.03.160(f)(2)" not in shaped.text
    assert shaped.text.startswith("Give new employees and tenants the organics and recycling information")
    assert f"({citation})" in shaped.more  # every section, after MORE
    first_words = shaped.text.split(" (")[0]
    assert first_words.endswith(",") or first_words.endswith(".")  # cut at a clause, not mid-phrase


def test_each_city_s_part_of_a_long_sms_answer_keeps_its_own_citation():
    from knowledge.cards.model import Card

    vv, iw = (
        "Victorville Municipal Code § 10.03.280(b)",
        "Inglewood FOG Ordinance, Monitoring and Notification (3)",
    )
    card = Card(id="t", city="victorville", topic="t", questions=("q",), answer="a", cites=(vv,))
    inglewood = (
        "In Inglewood: Yes, you should have phoned the City immediately at (310) 412-5333; call now. "
        "The written confirmation to the Director is due within 5 working days of the incident date, "
        "so send it promptly if that window is still open. The ordinance sets no grace period for late "
        "notice and doesn't say what happens when notice is late; that is up to the City. Cleaning up "
        "yourself doesn't remove the duty to notify, and notifying doesn't relieve you of costs or "
        "liability for damage."
    )
    text = (
        "In Victorville: Confirm the phone notice in writing to the FOG manager no later than 5 working days "
        f"from the date of the incident. ({vv}) {inglewood} ({iw})"
    )
    assert len(text) > 2 * SMS_LIMIT
    answer = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER, text, (vv, iw), None, card=card, parts=2
    )
    reply = shape_answer(answer, "sms")
    assert len(reply.text) <= 2 * SMS_LIMIT and reply.more
    whole = f"{reply.text} {reply.more}"
    for said in re.findall(
        r"[^()]+?(?= \((?:Victorville|Inglewood) )", whole
    ):  # each stretch before a citation
        if "In Inglewood:" in said or "Director" in said:
            cited = whole[whole.index(said) + len(said) :].lstrip(" (")
            assert cited.startswith("Inglewood"), said  # Inglewood's words, Inglewood's sections
    uncited = re.sub(r" \((?:Victorville|Inglewood) [^()]*(?:\([^()]*\)[^()]*)*\)", "", whole)
    assert inglewood in " ".join(uncited.replace(" Reply MORE for the rest.", "").split())  # nothing lost
    assert "In Inglewood: Yes, you should have phoned the City immediately" in reply.text  # each core first


def test_a_short_month_before_a_day_is_a_date_not_a_notice_of_violation(real_index):
    assert (
        spelled_months("pumped nov 15, got a 2nd nov, dec. 3rd")
        == "pumped November 15, got a 2nd nov, December 3rd"
    )
    answer = knowledge_answer.answer_question(
        real_index,
        "was nov 15. so cal grease service did it, took out like 1000 gal",
        "inglewood",
        CityContacts(),
    )
    assert "notice of violation" not in answer.text.lower()


@pytest.mark.slow
def test_a_question_about_both_cities_is_answered_for_each_in_the_order_named(real_index):
    question = (
        "how long do i keep the pump receipts n manifests? got 1 spot in victorville and 1 in inglewood"
    )
    answer = answer_question(real_index, question, None, "sms")
    assert answer.kind == "answer"  # not "which city?": the message named both
    victorville, inglewood = answer.text.index("In Victorville:"), answer.text.index("In Inglewood:")
    assert victorville < inglewood
    assert re.search(r"\b(two|2) years", answer.text[:inglewood])
    assert re.search(r"\b(four|4) years", answer.text[inglewood:])


@pytest.mark.parametrize(
    ("text", "cities"),
    [
        ("1 spot in inglewood and 1 in victorville", ("inglewood", "victorville")),
        ("does inglewood have a brown bin like victorville?", ("inglewood",)),
        ("our zip is 92392", ("victorville",)),
        ("fontana", ()),
    ],
)
def test_cities_named_in_the_order_said(text, cities):
    assert cities_named(text) == cities


def test_a_city_part_with_little_room_left_for_its_next_stretch_says_it_whole_after_more():
    from knowledge.cards.model import Card

    vv = "Victorville Municipal Code §§ 10.03.280(b), (a), (c); 10.03.170(c); 10.03.100(5); 10.03.190(a)"
    iw = "Inglewood FOG Ordinance, Monitoring and Notification (3)(a)"
    first = (
        "In Victorville: "
        + "Confirm the phone notice in writing to the FOG manager within five working days. " * 3
    )
    second = "Keep a record of the spill, the cleanup and every contractor's invoice for the city. " * 4
    inglewood = f"In Inglewood: Call the City at (310) 412-5333. ({iw})"
    text = f"{first.strip()} ({vv}) {second.strip()} ({vv}) {inglewood}"
    card = Card(id="t", city="victorville", topic="t", questions=("q",), answer="a", cites=(vv,))
    answer = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER, text, (vv, iw), None, card=card, parts=2
    )
    reply = shape_answer(answer, "sms")  # no error: every message gets a reply
    assert len(reply.text) <= 2 * SMS_LIMIT and "In Inglewood: Call the City at (310) 412-5333." in reply.text
    assert "Keep a record of the spill" in reply.more


def test_two_long_city_parts_with_long_citations_in_one_sms_each_keep_a_core_under_their_own_section():
    iw = 'Inglewood FOG Ordinance, Monitoring and Notification (3)(a), (1)(i)(E); Definitions ("Director")'
    vv = "Victorville Municipal Code §§ 10.03.170(b), (a), (c)"
    text = (
        "In Inglewood: Send a written confirmation to the Director of Public Works no later than 5 working "
        f"days after the date of the incident. ({iw}) It must state the date of the incident, the reasons "
        "for the spill, the steps taken right away and the steps to keep it from happening again. "
        "Keep a copy of it with your records, with the cleanup contractor's invoice and the photos you took, "
        "and show them to the city's inspector when asked. "
        "In Victorville: "
        "Copies of every service manifest must reach the FOG manager no later than 72 hours after your "
        f"grease control device is serviced; your hauler may send them for you. ({vv}) Also keep the "
        "manifests on your premises for at least 2 years, with the hauler's name, the volume removed, the "
        "disposal site and the date, and show them to the FOG manager or an inspector on request. "
        "Which city are you in: Victorville or Inglewood?"
    )
    answer = knowledge_answer.Answer(knowledge_answer.AnswerKind.BOTH_CITIES, text, (iw, vv), None)
    reply = shape_answer(answer, "sms")  # the first reply's room for both: no error, no empty first reply
    assert len(reply.text) <= FIRST_SMS_LIMIT and reply.text.startswith("In Inglewood: Send a written")
    assert "In Victorville: Copies" in reply.text
    inglewood, victorville = reply.text.split("In Victorville:")
    assert "Victorville Municipal Code" not in inglewood and "Inglewood FOG" not in victorville


_A_NUMBER = re.compile(r"\$?\d[\d,.]*%?")


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_card_s_first_sms_keeps_the_numbers_of_its_first_sentence(language):
    """The first SMS carries the core: a period, an amount or a count the answer opens with is never held
    behind MORE (a Spanish card once cut "... y de los sitios de disposición," before "por lo menos 2
    años")."""
    lost = {}
    for card in load_cards():
        with languages.using(language):
            first = shape_answer(answer_from_cards([card], labelled=False), "sms").text
            opening = re.split(r"(?<=[.;:])\s", card.text_in(language).answer)[0]
        missing = [n for n in (m.rstrip(".,") for m in _A_NUMBER.findall(opening)) if n not in first]
        if missing:
            lost[card.id] = missing
    assert lost == {}


@pytest.mark.parametrize(
    ("question", "declined", "answered"),
    [
        (
            "i compost all my veggie scraps in my backyard in victorville. how much is the city green bin a "
            "month? and can they come in my house to check lol",
            "collection rates",
            "interior of private residential property",
        ),
        (
            "what day is green waste pickup in victorville? and do i have to put labels on my bins at the "
            "restaurant",
            "collection days",
            "6.37.040",
        ),
        (
            "how do i get rid of an old couch and a broken fridge in victorville? do they do big item pickup",
            "bulky item pickup",
            '"excluded waste"',
        ),
    ],
)
def test_a_question_the_ordinances_leave_to_the_office_beside_one_they_answer_gets_both(
    real_index, question, declined, answered
):
    answer = knowledge_answer.answer_question(real_index, question, "victorville")
    assert answer.kind is knowledge_answer.AnswerKind.ANSWER
    assert f"doesn't say anything about {declined}" in answer.text and answered in answer.text


@pytest.mark.parametrize(
    ("question", "language", "grease_part"),
    [
        # s46-c019: the tenants' trash and recycling, and when new tenants get the information, asked for
        # Inglewood: both parts are Victorville's organics chapter, so neither is answered from a grease card
        (
            "administro un complejo de 24 departamentos, q tengo q hacer con la basura y reciclaje de los "
            "inquilinos? a los inquilinos nuevos cuando les tengo q dar la info?",
            "es",
            None,
        ),
        (
            "which bin do grass clippings go in? and how much is the annual inspection fee for 30 seats?",
            "en",
            "Fees (2)",
        ),
        # review of stop 57 (M8): a grease part without a word of a list is answered too
        (
            "do restaurants here need a brown bin for food scraps? and how long do we have to keep our "
            "records?",
            "en",
            "Monitoring and Notification",
        ),
    ],
)
def test_beside_inglewood_s_carts_declined_only_a_grease_part_is_answered(
    real_index, question, language, grease_part
):
    with languages.using(language):
        answer = knowledge_answer.answer_question(real_index, question, "inglewood")
    assert "6.37" in answer.text
    if grease_part is None:
        assert "Inglewood FOG Ordinance" not in answer.text
    else:
        assert grease_part in answer.text


def test_whether_the_service_must_be_paid_for_is_the_subscription_rule_not_a_rate(real_index):
    question = (
        "i compost all my veggie scraps in my backyard in victorville. do i still have to pay for the city "
        "green bin? and can they come in my house to check lol"
    )
    answer = knowledge_answer.answer_question(real_index, question, "victorville")
    assert "collection rates" not in answer.text
    assert "subscribing to the city's organics service" in answer.text
    assert "interior of private residential property" in answer.text


def test_a_single_question_the_ordinances_do_not_cover_is_declined_alone(real_index):
    answer = knowledge_answer.answer_question(real_index, "what day is trash pickup in victorville", None)
    assert answer.kind is knowledge_answer.AnswerKind.NOT_COVERED


@pytest.mark.parametrize(
    ("question", "cards"),
    [
        # questions listed with commas after one another, one of them after a condition
        (
            "Our Victorville space came with a garbage disposal in the prep sink. Can we keep it? Also, can "
            "the dishwasher drain through the grease interceptor, can the employee restroom hand sink tie "
            "into the interceptor line?",
            ["vvf-garbage-disposal", "vvf-dishwasher", "vvf-toilets"],
        ),
        # a numbered list
        (
            "couple questions about the green can in victorville. 1) can the trash company come inside my "
            "house to check how i sort? 2) i got a contamination tag on my cart for the 3rd time, are they "
            "gonna start charging me?",
            ["vvo-inspection-inside-home", "vvo-repeat-contamination"],
        ),
        # a question after a dash
        (
            "We run a coffee shop in Victorville. How often do we need to check the customer bins, and we "
            "have a new barista starting Monday - when does she need the sorting training?",
            ["vvo-biz-weekly-contamination-check", "vvo-biz-employee-training"],
        ),
    ],
)
def test_each_question_of_a_list_gets_its_own_card(real_index, question, cards):
    answer = knowledge_answer.answer_question(real_index, question, "victorville")
    assert [card.id for card in answer.cards if card.id in cards] == cards


def test_a_condition_before_a_listed_question_stays_with_it():
    parts = knowledge_answer._questions(
        "What information is on the application? Also, once it's issued, how long is it good for, and if the "
        "owners sell the business later, does the permit go with it?"
    )
    assert [alone or part for part, alone in parts] == [
        "What information is on the application",
        ", once it's issued, how long is it good for",
        "if the owners sell the business later, does the permit go with it",
    ]


def test_a_long_question_after_a_statement_is_read_with_it(real_index):
    """The question after "I'm getting ready to fill out the FOG permit application" is about that
    application (alone, it once found the organics chapter's capacity request)."""
    question = (
        "I'm getting ready to fill out the FOG permit application for our Victorville location. What "
        "information is the city going to ask for, so I can have it ready? Also, once it's issued, how long "
        "is it good for, and if the owners sell the business later, does the permit go with it?"
    )
    answer = knowledge_answer.answer_question(real_index, question, "victorville")
    ids = [card.id for card in answer.cards]
    assert {"vvf-application-contents", "vvf-permit-term", "vvf-permit-transfer"} <= set(ids)  # each part
    assert "food recovery" not in answer.text.lower()


@pytest.mark.parametrize(
    ("message", "asked"),
    [
        # a question that opens with "when" is no condition, and "also" inside a clause breaks nothing
        (
            "It proposes a civil penalty. When will the hearing be, what's the most they can charge per day, "
            "and could they also sue us in court for the same thing?",
            [
                "When will the hearing be",
                "what's the most they can charge per day",
                "could they also sue us in court for the same thing",
            ],
        ),
        # a sentence that opens with "if" asks; its condition stays with the question after the comma
        (
            "I'd like to understand how the city sets our pumping. If our interceptor stays fairly clean, "
            "can we ask to go longer between pumpings, what would we need to show?",
            [
                "If our interceptor stays fairly clean, can we ask to go longer between pumpings",
                "what would we need to show",
            ],
        ),
        # a Spanish sentence that opens asking with "hay" is a question of its own (s54-s045)
        (
            "le pedi por escrito al FOG manager q me cambiara la frecuencia de bombeo y me dijo q no. hay "
            "manera de apelar eso?",
            [
                "le pedi por escrito al FOG manager q me cambiara la frecuencia de bombeo y me dijo q no",
                "hay manera de apelar eso",
            ],
        ),
        # a need said is no question of its own (review of stop 59, M4)
        (
            "cuanto cuesta el permiso en inglewood. necesito saberlo pa mañana",
            ["cuanto cuesta el permiso en inglewood. necesito saberlo pa mañana"],
        ),
    ],
)
def test_the_questions_of_a_message_are_told_apart(message, asked):
    assert [alone or part for part, alone in knowledge_answer._questions(message)] == asked


def test_a_question_ending_on_what_was_said_is_read_with_it(real_index):
    question = (
        "I own a landscaping company in Victorville. We haul our own green waste to the compost yard in our "
        "trucks. What records do we have to keep for the city? Also we're designing a new commercial project "
        "with about 1,800 sq ft of landscape - does the organics chapter require anything there?"
    )
    answer = knowledge_answer.answer_question(real_index, question, "victorville")
    assert "vvo-landscape-new-project" in [card.id for card in answer.cards]
    assert "500 square feet" in answer.text


def test_a_sentence_that_only_sets_a_condition_is_read_with_the_question_after_it():
    parts = knowledge_answer._questions("if inglewood revokes my permit. how long b4 i can reapply")
    assert parts == [("if inglewood revokes my permit. how long b4 i can reapply", None)]
    # a condition sentence with its own question still asks
    parts = knowledge_answer._questions("If we sell, does the permit transfer. And how long is it good for?")
    assert len(parts) == 2


def test_a_short_question_of_its_own_gets_its_card(real_index):
    with languages.using("es"):
        answer = knowledge_answer.answer_question(
            real_index,
            "Me llegó una carta de la ciudad, enviada el 24 de noviembre de 2026: quieren revocar mi permiso "
            "de grasa. ¿Entre qué fechas puede ser la audiencia? ¿Puedo llevar abogado?",
            "victorville",
        )
    assert "abogado" in answer.text


def test_where_the_business_is_asks_nothing_of_its_own(real_index):
    answer = knowledge_answer.answer_question(
        real_index,
        "Instead of paying for carts, can I haul my own food scraps and cardboard to the facility myself? My "
        "catering business is in Victorville.",
        "victorville",
    )
    assert [card.id for card in answer.cards] == ["vvo-selfhaul-allowed"]
    assert "weight tickets" in answer.more


def test_a_question_after_a_preposition_is_its_own_part():
    parts = knowledge_answer._questions("what do we put on the form and to whom do we send it")
    assert [part for part, _ in parts] == ["what do we put on the form", "to whom do we send it"]


def test_a_sentence_opening_with_and_that_asks_is_its_own_part():
    parts = knowledge_answer._questions(
        "en inglewood cuanto es la cuota anual del permit de grasa? somos 40 sillas y no tenemos drive thru. "
        "y el training de los empleados cada cuanto hay q darlo?"
    )
    assert [alone or part for part, alone in parts] == [
        "en inglewood cuanto es la cuota anual del permit de grasa",
        "y el training de los empleados cada cuanto hay q darlo",
    ]


def test_a_citation_left_to_open_the_more_part_closes_it_instead():
    from shaping.answers import _cited_last

    cited = "(Victorville Municipal Code §§ 10.03.160(f)(2), (b))"
    rest = [f"{cited} The FOG manager assigns each FSE a frequency.", "Count from your last service."]
    assert _cited_last(rest) == [
        "The FOG manager assigns each FSE a frequency.",
        "Count from your last service.",
        cited,
    ]
    assert _cited_last(["No citation here.", "Nor here."]) == ["No citation here.", "Nor here."]


def test_a_label_found_bad_starts_the_ten_day_replacement_clock(real_index):
    from actions.knowledge import free_answer

    result = free_answer(
        real_index,
        CityContacts(),
        "victorville - checked our recycle + compost bins this morning and one of the labels is half peeled "
        "off. how long do we have to fix it?",
        "victorville",
        dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.timezone(dt.timedelta(hours=-8))),
        "web",
    )
    assert "December 11, 2026" in result.text and "6.37.040(d)(3)" in result.text


def _spanish_answer_with_a_result(before: str) -> knowledge_answer.Answer:
    result = (
        "Su confirmación por escrito al administrador de FOG (FOG manager) se debe enviar a más tardar el 25 "
        "de noviembre de 2026. (Victorville Municipal Code § 10.03.280(b))"
    )
    return knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER,
        f"{before} {result}",
        ("Victorville Municipal Code § 10.03.280(a)", "Victorville Municipal Code § 10.03.280(b)"),
        "victorville",
        more=" ".join(["Las oficinas de la ciudad que el reglamento menciona para derrames."] * 6),
        parts=2,
        result=result,
    )


def test_a_spanish_sms_without_its_english_terms_still_ends_in_its_computed_result():
    from shaping.answers import _without_english_terms

    answer = _spanish_answer_with_a_result(
        "Sí, debió llamar a la ciudad (City) de inmediato. (Victorville Municipal Code § 10.03.280(a))"
    )
    shortened = _without_english_terms(answer)
    assert "(FOG manager)" not in shortened.text and shortened.text.endswith(shortened.result)
    with languages.using("es"):
        shaped = shape_answer(answer, "sms")
    assert "25 de noviembre de 2026" in shaped.text


def test_a_day_of_the_month_before_a_full_stop_is_no_numbered_list():
    parts = knowledge_answer._questions(
        "got a bill from victorville for cleaning the sewer main after our backup. letter dated nov 2. when "
        "is it officially late?"
    )
    assert parts[0][0].endswith("letter dated nov 2")


def test_words_after_a_computed_result_are_cited_to_their_own_card_on_sms(real_index):
    from actions.knowledge import free_answer
    from shaping.answers import shape_answer as shaped_for

    result = free_answer(
        real_index,
        CityContacts(),
        "victorville sent invoice for 6,200 for cleaning the sewer main after our blockage. dated oct 30. "
        "when is it due. is this on top of any fine",
        "victorville",
        dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.timezone(dt.timedelta(hours=-8))),
        "sms",
    )
    first = shaped_for(result, "sms").text
    assert "December 14, 2026. (Victorville Municipal Code § 10.03.340(a))" in first
    cited = re.findall(r"\(Victorville Municipal Code §§? ([^)]*\))\)", first)
    assert len(cited) == len(set(cited))  # no section labels two different stretches of words


def _several(pieces: tuple[str, ...], citation: str = CITATION) -> knowledge_answer.Answer:
    return knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER,
        " ".join(pieces) + citation,
        (citation[2:-1],),
        "victorville",
        parts=len(pieces),
        pieces=pieces,
    )


def test_an_answer_to_two_questions_opens_both_in_the_first_sms():
    first_part = " ".join(
        f"The first question's sentence {i} says a thing about the deadline." for i in range(9)
    )
    second_part = (
        "Possibly. The city may extend the deadline for delays beyond your control. It says so twice."
    )
    shaped = shape_answer(_several((first_part, second_part)), "sms")
    assert len(shaped.text) <= FIRST_SMS_LIMIT
    # both parts open, each in its own order: the bare verdict with the sentence after it
    assert "sentence 0 " in shaped.text and "Possibly. The city may extend" in shaped.text
    assert shaped.text.index("sentence 0 ") < shaped.text.index("Possibly.")
    assert shaped.text.endswith(CITATION + MORE_MARKER)
    # nothing is lost: every sentence is said once, in the first reply or after MORE
    said = split_sentences(shaped.text.removesuffix(CITATION + MORE_MARKER))
    held = split_sentences(shaped.more.removesuffix(CITATION))
    assert sorted(said + held) == sorted(split_sentences(f"{first_part} {second_part}"))
    assert shaped.more.endswith(CITATION)


def test_a_part_s_own_citation_stays_with_its_words_in_the_first_sms():
    result = (
        "Your written confirmation is due by December 7, 2026. (Victorville Municipal Code § 10.03.280(b))"
    )
    rule = " ".join(
        f"Rule sentence {i} about what the letter must say in full detail here." for i in range(10)
    )
    shaped = shape_answer(_several((result, rule)), "sms")
    assert shaped.text.startswith(result + " Rule sentence 0")


def test_parts_whose_openings_do_not_all_fit_are_split_as_before():
    long_opening = "word " * 150
    answer = _several(("Short first part.", long_opening.strip() + ".", "Third part."))
    shaped = shape_answer(answer, "sms")
    assert shaped.text.startswith("Short first part. word word")  # in its order, cut where it must be


def test_an_answer_to_two_questions_with_a_result_opens_both_before_the_result():
    # "did we need to tell the city? do we have to keep the plumber bill" after a spill: the records part
    # opens in the first SMS beside the notification part and the due date, not only after MORE
    notify = "Report it by phone if it could cause a sewer overflow. " + " ".join(
        f"Notification detail {i} that the reporting rule spells out at some length." for i in range(6)
    )
    records = "At least 4 years. Keep every manifest, receipt and invoice and show them on request."
    result = (
        "Your written confirmation to the Director (the City of Inglewood Director of Public Works) is due "
        "by December 4, 2026, five working days after the November 29, 2026 incident. "
        "(Inglewood FOG Ordinance, Monitoring and Notification (3)(a))"
    )
    citation = " (Inglewood FOG Ordinance, Monitoring and Notification (3), (1)(i))"
    answer = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER,
        f"{notify} {records}{citation} {result}",
        (citation[2:-1],),
        "inglewood",
        parts=2,
        pieces=(notify, records),
        result=result,
    )
    shaped = shape_answer(answer, "sms")
    assert len(shaped.text) <= FIRST_SMS_LIMIT
    assert "Report it by phone" in shaped.text and "At least 4 years." in shaped.text
    assert "December 4, 2026" in shaped.text and shaped.text.endswith(MORE_MARKER)
    # nothing is lost: what the first SMS holds back follows after MORE
    assert "Notification detail 5" in shaped.more
    assert "Keep every manifest" in f"{shaped.text} {shaped.more}"


def test_who_asks_said_before_the_one_question_gets_no_card_before_the_question_s(real_index):
    """ "I supervise cafeteria kitchens for a charter network; one campus is in Inglewood. How often ...
    training there?": the training rule opens the answer; what a food service establishment is may follow."""
    question = (
        "I supervise cafeteria kitchens for a charter network; one campus is in Inglewood. How often do my "
        "kitchen staff need grease-handling training there?"
    )
    answer = knowledge_answer.answer_question(real_index, question, "inglewood")
    assert answer.cards[0].id == "ing-training-frequency"
    assert answer.text.startswith("Employees must be trained")
    # a caller's fillers before who they are (w36-c014)
    question = (
        "Hi, um, yes, I help run the kitchen at our church in Inglewood. How often are we supposed to have "
        "the grease interceptor cleaned out?"
    )
    answer = knowledge_answer.answer_question(real_index, question, "inglewood")
    assert answer.cards[0].id == "ing-pump-frequency", [card.id for card in answer.cards]


def test_a_sentence_two_cards_share_is_said_once():
    """Two cards that answer one question can share a sentence: it is said where it first comes."""
    shared = "The city decides whether to grant the waiver; you apply with documentation of your volumes."
    answer = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER,
        f"Yes, you qualify. (Victorville Municipal Code § 6.37.050(a)) {shared}",
        ("Victorville Municipal Code § 6.37.050(a)",),
        "victorville",
        more=f"{shared} A waiver lasts at most 5 years.",
    )
    said = shape_answer(answer, "web").text
    assert said.count(shared) == 1 and said.endswith("A waiver lasts at most 5 years.")
    assert said.count("Yes.") == 0 and said.startswith("Yes, you qualify.")


@pytest.mark.parametrize(
    ("question", "dropped"),
    [
        ("What happens if it's still unpaid at the end of the year?", True),
        ("y cuando me pueden quitar el permiso", True),
        ("can they revoke our permit if we don't pay?", False),  # asked for a yes or no: it stays
        ("what about a food truck?", False),  # "what about" may ask for a yes or no
        ("what happens then? can they revoke it?", False),  # a yes-or-no part too
    ],
)
def test_a_card_s_yes_opens_the_answer_only_when_a_yes_or_no_was_asked(question, dropped):
    said = knowledge_answer.Answer(
        knowledge_answer.AnswerKind.ANSWER,
        "Yes. Any invoice unpaid after 90 days is cause for revocation."
        " (Inglewood FOG Ordinance, Enforcement (14))",
        pieces=("Yes. Any invoice unpaid after 90 days is cause for revocation.",),
    )
    shown = knowledge_answer._without_an_unasked_verdict(said, question)
    assert shown.text.startswith("Any invoice") is dropped
    assert shown.pieces[0].startswith("Any invoice") is dropped


@pytest.mark.parametrize(
    "message",
    [
        "how often do we gotta pump the grease trap and whats the fine if we dont?? inglewood",  # w45-s001
        "how often do we pump and what's the fine if we don't",
    ],
)
def test_a_second_question_texted_after_and_is_a_part_of_its_own(message):
    from knowledge.answer import _questions

    parts = [part for part, _ in _questions(message)]
    assert parts[1].lower().startswith(("whats the fine", "what's the fine"))  # the city after it stays


def test_a_short_part_that_names_the_part_before_keeps_to_its_subject(real_index):
    """w15-s011: "how long would that last?" after the physical space waiver is that waiver's term, never
    the de minimis waiver's, which its words alone match a little better."""
    question = (
        "i manage a 24 unit apartment complex in victorville. theres no room in our trash enclosure for all "
        "the "
        "extra carts the green can law wants. can we get out of it? how long would that last? and do i "
        "really "
        "have to check the bins for contamination every week like the businesses do"
    )
    answer = knowledge_answer.answer_question(real_index, question, "victorville")
    assert "physical space waiver lasts no more than 5 years" in answer.text
    assert "de minimis" not in answer.text and "weekly" in answer.text


def test_the_schedule_a_result_was_picked_from_is_left_out_with_its_citation_when_nothing_else_is_kept():
    card = (
        "The fee is $267 a year for a small establishment and $413 for a large one. (Inglewood FOG "
        'Ordinance, Fees (2); Definitions ("Food service establishment")(b)) A waiver adds at least $300 a '
        "year. Small: 50 seats or fewer. (Inglewood FOG Ordinance, Fees (3))"
    )
    kept = without_the_schedule(card, "Your annual fee is $413: a restaurant with 60 seats is large.")
    assert kept == (
        "A waiver adds at least $300 a year. Small: 50 seats or fewer. (Inglewood FOG Ordinance, Fees (3))"
    )
    assert without_the_schedule(card, "No amount worked out here.") == card


def test_a_schedule_left_out_keeps_its_citation_for_the_card_s_words_after_it():
    """Review of stop 59, M6: the second NOV's $250 lost the citation of the due date and appeal after it."""
    card = (
        "The NOV penalty fee is $100 for the first, $250 for the second, and $500 after. (Inglewood FOG "
        "Ordinance, Enforcement (4), (13)) The fee is due on receipt; appeal within 15 days of mailing."
    )
    kept = without_the_schedule(card, "$250. The second notice of violation carries a penalty fee of $250.")
    assert kept == (
        "The fee is due on receipt; appeal within 15 days of mailing. (Inglewood FOG Ordinance, "
        "Enforcement (4), (13))"
    )
