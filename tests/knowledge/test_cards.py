"""Answer cards: loading, the check against the ordinances, matching, and the answers they compose."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

import languages
from cities import CityContacts
from knowledge.answer import AnswerKind, _for_what_is_asked, answer_from_cards, answer_question, rest_first
from knowledge.cards import CARDS_DIR, OFFERS, Card, CardError, CardIndex, join_citations, load_cards
from knowledge.cards.fidelity import check_cards, check_translations, numbers_in, uncovered_sections
from knowledge.cards.match import CardMatch
from knowledge.cards.model import TRANSLATIONS, load_file
from knowledge.embedding import HashingEmbedder
from knowledge.index import HybridIndex, build_vectors
from knowledge.units import load_units
from shaping.answers import FIRST_SMS_LIMIT, MORE_MARKER, SMS_LIMIT, offer_sentence, shape_answer
from shaping.answers import OFFERS as SHAPING_OFFERS

PUMPING = "Victorville Municipal Code § 10.03.160(f)(2)"


def card(**fields) -> Card:
    values = {
        "id": "vvf-pumping",
        "city": "victorville",
        "topic": "maintenance",
        "questions": ("how often do i pump the grease interceptor",),
        "answer": "Pump it at least every 90 days.",
        "cites": (PUMPING,),
    }
    return Card(**{**values, **fields})


def write(tmp_path: Path, text: str, name: str = "cards.yml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD_FILE = f"""
city: victorville
cards:
  - id: vvf-pumping
    topic: maintenance
    questions: [how often do i pump the grease interceptor, when is the trap due for pumping]
    answer: >-
      Pump it   at least every 90 days.
    more: Keep the records.
    cites: ["{PUMPING}"]
    offer: service_log
"""


def test_a_card_file_loads_with_text_folded_and_defaults(tmp_path):
    (loaded,) = load_file(write(tmp_path, GOOD_FILE))
    assert loaded.answer == "Pump it at least every 90 days."
    assert loaded.questions[1] == "when is the trap due for pumping"
    assert (loaded.city, loaded.offer, loaded.source) == ("victorville", "service_log", "cards.yml")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("id: vvf-pumping", "id: Bad Id"), "kebab-case"),
        (("    offer: service_log", "    offer: lunch"), "offer"),
        (("    offer: service_log", "    refer: the mayor"), "refer"),
        (("    more: Keep the records.", "    colour: blue"), "unknown field"),
        ((f'    cites: ["{PUMPING}"]', "    cites: []"), "cites"),
        (("city: victorville", "city: barstow"), "city"),
    ],
)
def test_malformed_cards_are_refused_naming_the_problem(tmp_path, change, message):
    with pytest.raises(CardError, match=message):
        load_file(write(tmp_path, GOOD_FILE.replace(*change)))


def test_the_same_id_in_two_files_is_refused(tmp_path):
    write(tmp_path, GOOD_FILE, "a.yml")
    write(tmp_path, GOOD_FILE, "b.yml")
    with pytest.raises(CardError, match=r"also used in a\.yml"):
        load_cards(tmp_path)


def test_citations_of_one_code_are_written_once():
    assert join_citations("victorville", [PUMPING]) == PUMPING
    joined = join_citations("victorville", [PUMPING, "Victorville Municipal Code § 10.03.170(a)"])
    assert joined == "Victorville Municipal Code §§ 10.03.160(f)(2); 10.03.170(a)"
    subsections = [
        PUMPING,
        "Victorville Municipal Code § 10.03.160(f)(3)",
        "Victorville Municipal Code § 10.03.160",
    ]
    assert join_citations("victorville", subsections) == "Victorville Municipal Code § 10.03.160"
    assert (
        join_citations("victorville", subsections[:2])
        == "Victorville Municipal Code §§ 10.03.160(f)(2), (f)(3)"
    )
    inglewood = ["Inglewood FOG Ordinance, Fees (2)", "Inglewood FOG Ordinance, Enforcement (1)"]
    assert join_citations("inglewood", inglewood) == "Inglewood FOG Ordinance, Fees (2); Enforcement (1)"
    terms = [
        f'Victorville Municipal Code § 6.37.020 ("{term}")'
        for term in ("Food scraps", "Designated food scraps")
    ]
    assert join_citations("victorville", terms) == (
        'Victorville Municipal Code §§ 6.37.020 ("Food scraps"), ("Designated food scraps")'
    )


def test_numbers_are_read_from_digits_and_words_but_not_from_section_numbers():
    assert numbers_in("within thirty (30) days, $25,000 a day, 10% penalty") == {
        Decimal(30),
        Decimal(25000),
        Decimal(10),
    }
    assert numbers_in("see § 10.03.160(f)(2) and 10.03.170") == set()


UNITS = load_units()


def test_a_number_the_cited_units_do_not_print_is_a_problem():
    problems = check_cards([card(answer="Pump it at least every 45 days.")], UNITS)
    assert [p.message for p in problems] == ["answer states 45, not in the cited units"]
    assert check_cards([card()], UNITS) == []


def test_unknown_and_other_city_citations_are_problems():
    problems = check_cards(
        [
            card(cites=("Victorville Municipal Code § 99.99.999",)),
            card(cites=("Inglewood FOG Ordinance, Fees (2)",)),
        ],
        UNITS,
    )
    assert ["no unit's citation" in p.message or "another city" in p.message for p in problems] == [
        True,
        True,
    ]


def test_uncovered_sections_lists_what_no_card_cites():
    victorville_fog = [unit for unit in UNITS if unit.section.startswith("10.03.")]
    missing = uncovered_sections([card()], victorville_fog)
    assert ("victorville", "10.03.160") not in missing
    assert ("victorville", "10.03.010") in missing


@pytest.fixture(scope="module")
def hashing_index(tmp_path_factory):
    """A real HybridIndex over the Victorville FOG units with the hashing embedder and three cards."""
    embedder = HashingEmbedder()
    units = [unit for unit in UNITS if unit.jurisdiction == "inglewood" or unit.section.startswith("10.03.")]
    folder = tmp_path_factory.mktemp("index")
    cards = [
        card(more="Keep each pump-out's records for 3 years."),
        card(
            id="ing-pumping",
            city="inglewood",
            questions=("how often do i pump the grease interceptor",),
            cites=("Inglewood FOG Ordinance, Grease Interceptors and BMPs (3)",),
            answer="Pump it quarterly.",
        ),
        card(
            id="vvf-permit",
            questions=("where do i get a fog permit application",),
            answer="From the FOG office.",
        ),
        card(
            id="vvf-grinder",
            questions=("can we put a garbage disposal in the prep sink",),
            answer="Garbage disposals (food grinders) aren't allowed: keeping one is a code violation.",
            cites=("Victorville Municipal Code § 10.03.210",),
        ),
        card(
            id="ing-grinder",
            city="inglewood",
            questions=("can we put a garbage disposal in the prep sink",),
            answer="No. Food grinders that send FOG to the sewer are prohibited.",
            cites=("Inglewood FOG Ordinance, Discharge Requirements (2)(a)",),
        ),
    ]
    vectors = build_vectors(units, embedder, folder)
    return HybridIndex(units, vectors, embedder, CardIndex(cards, embedder))


def test_the_closest_card_of_the_city_answers_with_its_citation(hashing_index):
    answer = answer_question(hashing_index, "how often do i pump the grease interceptor", "victorville")
    assert answer.card is not None and answer.card.id == "vvf-pumping"
    assert answer.text == f"Pump it at least every 90 days. ({PUMPING})"
    assert answer.more == "Keep each pump-out's records for 3 years."
    inglewood = answer_question(hashing_index, "how often do i pump the grease interceptor", "inglewood")
    assert inglewood.card is not None and inglewood.card.id == "ing-pumping"


def test_a_question_far_from_every_card_falls_back_to_passages(hashing_index):
    answer = answer_question(
        hashing_index, "what is the purpose and intent of the fats oils grease chapter", "victorville"
    )
    assert answer.card is None


def test_both_cities_carded_with_the_city_unknown_asks_on_sms_and_labels_both_on_the_web(hashing_index):
    question = "how often do i pump the grease interceptor"
    assert answer_question(hashing_index, question, None, ask_city=True).kind is AnswerKind.ASK_CITY
    web = answer_question(hashing_index, question, None, ask_city=False)
    assert web.kind is AnswerKind.BOTH_CITIES
    assert "In Inglewood: Pump it quarterly." in web.text and "In Victorville: Pump it at least" in web.text


def test_when_both_cities_say_the_same_no_each_is_given_labelled_without_asking_the_city(hashing_index):
    question = "can we put a garbage disposal in the prep sink"
    answer = answer_question(hashing_index, question, None, ask_city=True)
    assert answer.kind is AnswerKind.ANSWER and answer.jurisdiction is None and answer.parts == 2
    assert answer.text.startswith("In Inglewood: No. Food grinders")
    assert "In Victorville: Garbage disposals (food grinders) aren't allowed" in answer.text
    assert "§ 10.03.210" in answer.text and "Discharge Requirements (2)(a)" in answer.text


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        ("No. Food grinders are prohibited.", "no"),
        ("Don't: disposing of waste cooking oil into drainage pipes is prohibited.", "no"),
        ("Garbage disposals aren't allowed: keeping one is a violation.", "no"),
        ("Sí. El permiso se renueva cada año.", "yes"),
        ("Hot water is limited: water over 140°F is prohibited.", None),  # no yes or no in its first clause
        ("Pump it at least every 90 days.", None),
    ],
)
def test_the_verdict_an_answer_opens_with(answer, verdict):
    from knowledge.answer import _verdict

    assert _verdict(answer) == verdict


def test_the_first_sms_reply_takes_up_to_two_messages_and_the_rest_waits_for_more():
    from knowledge.answer import Answer

    def sentences(count: int) -> str:  # each different: a sentence said twice is said once
        return "".join(
            f"Part {n:02d} of the answer says something the user asked in this message. "
            for n in range(count)
        )

    whole = shape_answer(
        Answer(AnswerKind.ANSWER, sentences(6) + f"({PUMPING})", (PUMPING,), "victorville", card=card()),
        "sms",
    )
    assert SMS_LIMIT < len(whole.text) <= FIRST_SMS_LIMIT and not whole.more  # two messages, no MORE
    assert whole.text.endswith(f"({PUMPING})")
    longer = shape_answer(
        Answer(AnswerKind.ANSWER, sentences(12) + f"({PUMPING})", (PUMPING,), "victorville", card=card()),
        "sms",
    )
    assert len(longer.text) <= FIRST_SMS_LIMIT and longer.more and longer.text.endswith(MORE_MARKER)


def test_card_vectors_are_cached_by_model_and_questions(tmp_path, monkeypatch):
    monkeypatch.setattr("knowledge.cards.match.LEXICAL_WEIGHT", 0.0)  # the vectors alone
    monkeypatch.setattr("knowledge.cards.match.ANSWER_TYPE_BONUS", 0.0)
    embedder = HashingEmbedder()
    first = CardIndex.load([card()], embedder, tmp_path)
    (cached,) = tmp_path.glob("cards-*.npy")
    np.save(cached, np.zeros_like(np.load(cached)))  # a reload must read the file, not embed again
    second = CardIndex.load([card()], embedder, tmp_path)
    assert first.match("how often do i pump", "victorville")[0].score > 0
    assert second.match("how often do i pump", "victorville")[0].score == 0


def test_on_sms_the_core_and_citation_come_first_and_the_rest_is_behind_more(hashing_index):
    long_more = "Keep each pump-out's records for 3 years. " * 24
    answer = answer_question(hashing_index, "how often do i pump the grease interceptor", "victorville")
    answer = type(answer)(**{**answer.__dict__, "more": long_more.strip()})
    sms = shape_answer(answer, "sms")
    # the core, then as many whole sentences of the rest as the first SMS has room for, then the citation
    # (the code's name abbreviated when that leaves room for one more sentence)
    said = "Keep each pump-out's records for 3 years. " * 13
    assert sms.text == f"Pump it at least every 90 days. {said.strip()} (VMC § 10.03.160(f)(2)){MORE_MARKER}"
    assert (
        len(sms.text) <= FIRST_SMS_LIMIT
        and sms.more.startswith(("Keep each pump-out's records for 3 years. " * 11).strip())
        and sms.more.endswith(f"({PUMPING})")
    )
    short = shape_answer(
        answer_question(hashing_index, "how often do i pump the grease interceptor", "victorville"), "sms"
    )
    assert short.more == "" and short.text.endswith("Keep each pump-out's records for 3 years.")
    assert shape_answer(answer, "web").text.startswith(answer.text + " Keep each")


def test_the_shipped_cards_rest_on_the_ordinances_and_cover_every_section():
    cards = load_cards(CARDS_DIR)
    assert [str(problem) for problem in check_cards(cards, UNITS)] == []
    assert uncovered_sections(cards, UNITS) == []


def test_every_shipped_card_has_a_spanish_text_stating_exactly_its_numbers():
    cards = load_cards(CARDS_DIR)
    assert TRANSLATIONS == ("es",)
    assert [str(problem) for problem in check_translations(cards, TRANSLATIONS)] == []
    assert all(len(card.translations["es"].questions) >= 5 for card in cards)


def test_a_spanish_text_that_changes_a_number_or_is_missing_is_a_problem(tmp_path):
    (tmp_path / "c.yml").write_text(
        "city: victorville\ncards:\n"
        "  - id: a\n    questions: [q]\n    answer: Pump every 90 days, or within 72 hours.\n"
        "    cites: ['Victorville Municipal Code § 10.03.160']\n"
        "  - id: b\n    questions: [q]\n    answer: Two cubic yards.\n"
        "    cites: ['Victorville Municipal Code § 10.03.160']\n"
    )
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "c.yml").write_text(
        "cards:\n  - id: a\n    answer: Bombee cada 60 días, o dentro de 72 horas.\n"
    )
    problems = [str(p) for p in check_translations(load_cards(tmp_path), ["es"])]
    assert problems == ["c.yml: a: es: misses 90; not in English: 60", "c.yml: b: has no es text"]


def test_a_spanish_text_for_a_card_that_does_not_exist_is_refused(tmp_path):
    (tmp_path / "c.yml").write_text(
        "city: victorville\ncards:\n  - id: a\n    questions: [q]\n    answer: A.\n"
        "    cites: ['Victorville Municipal Code § 10.03.160']\n"
    )
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "c.yml").write_text("cards:\n  - id: z\n    answer: Z.\n")
    with pytest.raises(CardError, match="for no card: z"):
        load_cards(tmp_path)


def test_every_offer_a_card_may_make_has_words_that_start_its_flow():
    assert set(OFFERS) == set(SHAPING_OFFERS)


@pytest.mark.parametrize(("channel", "verb"), [("sms", "reply"), ("web", "type"), ("voice", "say")])
def test_a_card_offering_a_flow_ends_with_the_words_that_start_it(hashing_index, channel, verb):
    answer = answer_question(hashing_index, "how often do i pump the grease interceptor", "victorville")
    offering = dataclasses.replace(answer, card=dataclasses.replace(answer.card, offer="service_log"))
    sentence = offer_sentence(offering, channel)
    assert sentence == f'To log a pump-out and get your next due date here, {verb} "log a pump-out".'
    shaped = shape_answer(offering, channel)
    assert f"{shaped.text} {shaped.more}".strip().endswith(
        sentence if channel != "voice" else '"log a pump-out".'
    )
    assert offer_sentence(answer, channel) == ""  # the card offers nothing


def test_on_sms_a_long_core_is_kept_whole_with_its_first_section_abbreviated_and_every_citation_after_more(
    hashing_index,
):
    answer = answer_question(hashing_index, "how often do i pump the grease interceptor", "victorville")
    core = ("Pump it at least every 90 days. " + "Keep each pump-out's records for 3 years. " * 14)[
        :579
    ] + "."
    cites = (PUMPING, "Victorville Municipal Code § 10.03.170(c)")
    long_core = dataclasses.replace(
        answer,
        text=f"{core.strip()} ({join_citations('victorville', cites)})",
        citations=cites,
        more="Show them on request.",
    )
    sms = shape_answer(long_core, "sms")
    assert len(f"{core} (Victorville Municipal Code § 10.03.160(f)(2)){MORE_MARKER}") > FIRST_SMS_LIMIT
    assert sms.text == f"{core.strip()} (VMC § 10.03.160(f)(2)){MORE_MARKER}"
    assert len(sms.text) <= FIRST_SMS_LIMIT
    assert sms.more == "Show them on request. (Victorville Municipal Code §§ 10.03.160(f)(2); 10.03.170(c))"


def test_a_card_on_the_conversation_s_subject_answers_when_nearly_as_close_and_further_off_across_chapters():
    from knowledge.answer import _on_subject
    from knowledge.cards.match import CardMatch

    def card(id_: str, topic: str, section: str = "10.03.360(a)") -> Card:
        return Card(id_, "victorville", topic, ("q",), "A.", (f"Victorville Municipal Code § {section}",))

    admin = CardMatch(card("vvf-admin-penalty-amounts", "administrative-penalties"), 0.70, "q")
    fog_best = CardMatch(card("vvf-worst-case-penalties", "violations-enforcement"), 1.00, "q")
    organics_best = CardMatch(card("vvo-penalty-amounts", "penalties", "6.37.130(e)"), 1.00, "q")
    # the same chapter: the subject's card only within SUBJECT_MARGIN (0.2)
    assert _on_subject([fog_best, admin], "administrative-penalties") is fog_best
    # the other chapter's best: the subject's card within SUBJECT_CHAPTER_MARGIN (0.45), standing in for it
    # as closely as it matched
    stand_in = _on_subject([organics_best, admin], "administrative-penalties")
    assert stand_in.card is admin.card and stand_in.score == organics_best.score
    # no subject: the best
    assert _on_subject([organics_best, admin], None) is organics_best


def test_a_card_that_says_what_the_ordinance_leaves_out_never_stands_in_on_the_subject_s_strength():
    """ "y el manifest q me dejo el pumper lo tengo q mandar?" after a pump-out's due date: the manifest's
    card, not "there is no list of approved pumpers" because that one is on the pump-out's subject."""
    from knowledge.answer import _on_subject
    from knowledge.cards.match import CardMatch

    cites = ("Victorville Municipal Code § 10.03.160(b)",)
    manifest = CardMatch(Card("vvf-manifest", "victorville", "records", ("q",), "A.", cites), 1.17, "q")
    no_list = Card("vvf-no-list", "victorville", "interceptor-maintenance", ("q",), "A.", cites, refer="fog")
    declines = CardMatch(no_list, 1.01, "q")
    assert _on_subject([manifest, declines], "interceptor-maintenance") is manifest
    # an ordinary card on the subject as close does stand in
    on_subject = CardMatch(dataclasses.replace(no_list, refer=None), 1.01, "q")
    assert _on_subject([manifest, on_subject], "interceptor-maintenance") is on_subject
    # and the declining card still answers when it is the best match
    best = CardMatch(no_list, 1.30, "q")
    assert _on_subject([best, manifest], "interceptor-maintenance") is best


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_card_that_says_the_ordinance_leaves_something_out_names_the_office_in_the_first_sms(language):
    """ "The organics chapter doesn't list the amounts. Please contact the ... solid waste and recycling
    program ...": whom to ask comes next to what the ordinance leaves out, before MORE."""
    contacts = CityContacts()
    referring = [c for c in load_cards(CARDS_DIR) if c.refer]
    assert {c.refer for c in referring} == {"fog", "solid_waste"}
    for found in referring:
        with languages.using(language):
            first = shape_answer(answer_from_cards([found], labelled=False, contacts=contacts), "sms").text
            office = contacts.describe(found.city, found.refer).split(" (")[0]  # SMS drops English terms
        assert office in first, found.id
    assert all(
        contacts.describe(c.city, c.refer) not in answer_from_cards([c], labelled=False).text
        for c in referring
    )


def test_a_question_asking_an_amount_or_how_long_is_answered_by_a_nearly_as_close_card_that_answers_it():
    organics = "Victorville Municipal Code § 6.37.130(e)"
    black = card(id="vvo-black", questions=("can recyclables go in the trash bin",), cites=(organics,))
    fines = card(id="vvo-fines", questions=("fine amount for organics violation", "how much is the fine"))
    fines = dataclasses.replace(fines, cites=(organics,))
    appeal = card(id="vvo-appeal", questions=("how do i fight a fine",), cites=(organics,))
    found = [CardMatch(black, 0.87, ""), CardMatch(appeal, 0.86, ""), CardMatch(fines, 0.80, "")]
    asked = "how much is the fine if they catch trash in my recycle bin?"
    assert _for_what_is_asked(found, found[0], asked, "en").card.id == "vvo-fines"
    assert (
        _for_what_is_asked(found, found[0], "can i put trash in the recycle bin?", "en").card.id
        == "vvo-black"
    )
    # a card that states the amount answers it, whatever its questions say
    annual = card(
        id="ing-annual-fee", answer="$267 a year for a small establishment.", questions=("annual fee",)
    )
    budget = card(id="ing-budget", questions=("how much will the permit cost us",))
    found_fees = [CardMatch(annual, 0.95, ""), CardMatch(budget, 0.9, "")]
    said = "how much is the annual fee for a small restaurant"
    assert _for_what_is_asked(found_fees, found_fees[0], said, "en").card.id == "ing-annual-fee"
    far = [CardMatch(black, 0.95, ""), CardMatch(fines, 0.80, "")]
    assert _for_what_is_asked(far, far[0], asked, "en").card.id == "vvo-black"  # too far off to stand in
    qualifies = card(id="ing-variance-who", questions=("how do we qualify for a variance",))
    lasts = card(id="ing-waiver-duration", questions=("how long does a grease interceptor waiver last",))
    found = [CardMatch(qualifies, 1.166, ""), CardMatch(lasts, 1.091, "")]
    asked = "how long is the grease interceptor variance good for"
    assert _for_what_is_asked(found, found[0], asked, "en").card.id == "ing-waiver-duration"


def test_a_card_given_again_says_what_it_held_behind_more_first_then_its_core():
    card = next(c for c in load_cards() if c.id == "vvf-spill-not-reported")
    given = answer_from_cards([card], labelled=False)
    again = rest_first(given)
    assert again.text.startswith(card.more) and again.text.endswith(")")  # with its citations
    assert again.more == given.text
    computed_first = dataclasses.replace(given, text=f"Due by December 8, 2026. {given.text}")
    assert rest_first(computed_first) is computed_first  # a computed result leads: left as it is


def test_a_household_s_card_never_answers_a_business_and_a_setting_must_be_known(tmp_path):
    from knowledge.answer import _for_the_setting

    cards = {c.id: c for c in load_cards()}
    house = CardMatch(cards["vvo-selfhaul-house"], 0.97, "q")
    business = CardMatch(cards["vvo-selfhaul-records"], 0.94, "q")
    found = [house, business]
    assert _for_the_setting(found, house, "business") is business
    assert _for_the_setting(found, house, None) is house
    assert _for_the_setting(found, house, "household") is house
    bad = GOOD_FILE.replace("    offer: service_log", "    offer: service_log\n    setting: office")
    with pytest.raises(CardError, match="'setting' must be one of household, business"):
        load_file(write(tmp_path, bad))


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("Una pregunta antes de seguir: ¿cuánto dura el permiso?", "¿cuánto dura el permiso?"),
        ("Quick question before we go on: what will the annual fee be?", "what will the annual fee be?"),
        ("ok one question - do we need a permit?", "do we need a permit?"),
        # more than one word before it (s39-c004: "oiga" took the written report to hot water)
        ("Oiga, y una pregunta, ¿tengo que mandar algo por escrito?", "¿tengo que mandar algo por escrito?"),
        ("a question about the permit: how long is it good for?", None),  # says what it is about: kept
    ],
)
def test_a_question_announced_before_it_is_asked_is_answered_without_the_announcement(said, asked):
    from knowledge.answer import _ANNOUNCED

    assert _ANNOUNCED.sub("", said, count=1) == (asked or said)


def test_a_question_asking_by_when_is_answered_by_the_nearly_as_close_card_whose_clock_works_the_day_out():
    from knowledge.answer import _for_what_is_asked
    from knowledge.cards.match import CardMatch

    cites = ("Victorville Municipal Code § 10.03.340(a)",)
    who_pays = CardMatch(Card("vvf-who-pays", "victorville", "cost", ("q",), "You pay.", cites), 0.97, "q")
    clock = ("damage_costs_payment",)
    due = Card("vvf-due", "victorville", "cost-liability", ("q",), "In 45 days.", cites, clocks=clock)
    clocked = CardMatch(due, 0.94, "q")
    asked = "invoice dated nov 5 for cleaning the sewer, when do i have to pay?"
    assert _for_what_is_asked([who_pays, clocked], who_pays, asked, "en") is clocked
    assert _for_what_is_asked([who_pays, clocked], who_pays, "do i have to pay it?", "en") is who_pays
    # never another matter's clock ("what do we send in writing, and by when?" is no interceptor order)
    other = CardMatch(dataclasses.replace(due, topic="interceptor-requirement"), 0.94, "q")
    assert _for_what_is_asked([who_pays, other], who_pays, asked, "en") is who_pays


def test_a_business_s_card_never_answers_a_household_when_one_for_it_is_close():
    from knowledge.answer import _for_the_setting

    cards = {c.id: c for c in load_cards()}
    business = CardMatch(cards["vvo-biz-container-access"], 1.03, "q")
    fourplex = CardMatch(cards["vvo-fourplex-single-family"], 0.99, "q")
    far = CardMatch(cards["vvo-house-subscribe"], 0.70, "q")
    assert _for_the_setting([business, fourplex], business, "household") is fourplex
    assert _for_the_setting([business, far], business, "household") is business  # none close: kept
    assert _for_the_setting([business, fourplex], business, "business") is business


def test_a_four_unit_building_s_tenants_follow_the_household_rules(real_index):
    answer = answer_question(
        real_index,
        "i own a 4 unit building in victorville. do my tenants need the commercial bins",
        None,
        setting="household",
    )
    assert answer.card.id == "vvo-fourplex-single-family"


def test_a_card_that_offers_the_subject_s_flow_is_on_the_subject():
    """ "oye y cuanto cuesta?" during an Inglewood permit application: the first year's fees, which offer the
    application, not the renewal card whose topic is only the permit's."""
    from dataclasses import replace

    from knowledge.answer import _on_subject
    from knowledge.cards.match import CardMatch

    def card(id_: str, topic: str, offer: str | None) -> Card:
        made = Card(id_, "inglewood", topic, ("q",), "A.", ("Inglewood FOG Ordinance, Fees (1)",))
        return replace(made, offer=offer)

    fees = CardMatch(card("ing-first-year-fees", "fees", "permit_application"), 1.12, "q")
    renewal = CardMatch(card("ing-permit-renewal", "permit", None), 1.09, "q")
    assert _on_subject([fees, renewal], "permit-application", by_offer=True) is fees
    # a part of a message leans on the whole's card by topic only
    assert _on_subject([fees, renewal], "permit-application") is renewal
    # without the offer, the subject's topic still wins when nearly as close
    plain = CardMatch(card("ing-first-year-fees", "fees", None), 1.12, "q")
    assert _on_subject([plain, renewal], "permit-application", by_offer=True) is renewal


def test_a_translated_question_that_yaml_reads_as_a_mapping_is_refused(tmp_path):
    from knowledge.cards.model import load_translations

    folder = tmp_path / "es"
    folder.mkdir()
    (folder / "cards.yml").write_text(
        "cards:\n- id: vvf-x\n  questions:\n  - q necesitamos pa la grasa: permiso, trampa\n  answer: Sí.\n",
        encoding="utf-8",
    )
    with pytest.raises(CardError, match="every question must be text"):
        load_translations(folder)


def test_an_overflow_its_cleanup_and_its_bill_are_one_subject_with_the_spill_but_a_termination_is_not():
    from knowledge.answer import subject_family

    assert subject_family("sewer-overflows") == subject_family("spill-notification") == "spill"
    assert subject_family("sso-cleanup") == subject_family("cleanup-costs") == "spill"
    assert subject_family("sewer-termination") != "spill"
