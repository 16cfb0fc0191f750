"""SMS-sized answers: short, cited, GSM-7 safe, and never telling anyone to pour grease down a drain."""

from __future__ import annotations

import re

import pytest
from sorting_test_support import catalog_fixture, lexical_matcher_fixture, matcher_fixture  # noqa: F401  (pytest fixtures)

import languages
from compliance.victorville.organics import GeneratorType
from sorting.answer import SMS_LIMIT, format_answer, format_many
from sorting.catalog import Catalog
from sorting.matcher import SortingMatcher, answer_for

SF, COM = GeneratorType.SINGLE_FAMILY, GeneratorType.COMMERCIAL

# GSM 03.38 basic character set (no escape table), which keeps an SMS at 160 characters a segment.
GSM7 = set(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§"
    "¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
CITATION_AT_END = re.compile(r'Victorville Municipal Code § [\d.]+(?:\([a-z0-9]+\))*(?: \("[^"]+"\))?$')


def every_answer(catalog: Catalog):
    """Every item, every answer to its question, for each generator type and for both at once."""
    for item in catalog.items:
        options = [None, *item.ask.options] if item.ask else [None]
        for option in options:
            for generator in (None, SF, COM):
                yield answer_for(catalog, item, generator, option=option)


def test_every_answer_fits_one_sms_uses_gsm7_and_ends_with_a_citation(catalog: Catalog) -> None:
    count = 0
    for answer in every_answer(catalog):
        text = format_answer(answer)
        count += 1
        assert len(text) <= SMS_LIMIT, text
        assert set(text) <= GSM7, text
        if answer.needs_clarification:
            assert text.startswith(answer.question) and "Reply " in text
        else:
            assert CITATION_AT_END.search(text), text
            assert answer.citations[0] in text, text
    assert count > 1000


def test_every_container_citation_fits_when_the_generator_is_known(catalog: Catalog) -> None:
    for answer in every_answer(catalog):
        if answer.generator is not None and answer.containers:
            text = format_answer(answer)
            assert all(ruling.citation in text for ruling in answer.containers), text


def test_banana_peel_for_a_business(matcher: SortingMatcher) -> None:
    assert format_answer(matcher.sort("banana peel", COM)) == (
        "Banana peel: the brown container (food scraps); the ordinance itself decides this. "
        'Victorville Municipal Code § 6.37.020 ("Designated food scraps"); '
        "Victorville Municipal Code § 6.37.040(b)(1)"
    )


def test_banana_peel_for_an_unknown_generator_names_both_containers(matcher: SortingMatcher) -> None:
    text = format_answer(matcher.sort("banana peel"))
    assert text.startswith(
        "Banana peel: green container at homes (1-4 units), brown at businesses and 5+ unit apartments"
    )
    assert text.endswith(
        "Victorville Municipal Code § 6.37.030(b); Victorville Municipal Code § 6.37.040(b)(1)"
    )


def test_hauler_list_answers_say_so(matcher: SortingMatcher) -> None:
    assert format_answer(matcher.sort("paper coffee cup", SF)) == (
        "Paper coffee cup: usually the green container (food-soiled paper); it depends on the city's "
        'designated list. Victorville Municipal Code § 6.37.020 ("Food-soiled paper"); '
        "Victorville Municipal Code § 6.37.030(b)"
    )


def test_black_container_answers_mention_gray(matcher: SortingMatcher) -> None:
    assert "the black (or gray) container" in format_answer(matcher.sort("diapers", COM))


def test_the_pizza_box_question(matcher: SortingMatcher) -> None:
    assert format_answer(matcher.sort("pizza box")) == (
        "Is the pizza box greasy or food-soiled, or clean? Reply greasy or clean."
    )


def test_an_item_whose_question_the_words_answer_says_where_the_other_kind_goes(
    matcher: SortingMatcher,
) -> None:
    greasy = format_answer(matcher.sort("greasy pizza box", SF))
    assert "Pizza box: usually the green container" in greasy and "If clean: the blue container" in greasy
    clean = format_answer(matcher.sort("clean pizza box", SF))
    assert "the blue container (cardboard)" in clean and "If greasy: the green container" in clean
    assert "If" not in format_answer(matcher.sort("banana peel", SF))  # no question, nothing otherwise


def test_light_bulb_question_lists_three_answers(matcher: SortingMatcher) -> None:
    assert format_answer(matcher.sort("light bulb")).endswith("Reply incandescent, fluorescent or led.")


@pytest.mark.parametrize(
    "text", ["used cooking oil", "bacon grease", "grease trap waste", "fryer oil", "lard", "oil from frying"]
)
def test_cooking_oil_is_never_sent_down_the_drain(matcher: SortingMatcher, text: str) -> None:
    reply = format_answer(matcher.sort(text, COM))
    for sentence in re.split(r"(?<=[.;])\s+", reply):
        if re.search(r"\b(drain|sink|toilet|sewer)\b", sentence, re.IGNORECASE):
            assert re.search(r"\bnever\b", sentence, re.IGNORECASE), sentence
    assert re.search(r"Victorville Municipal Code § 10\.03\.2[36]0", reply)


def test_used_cooking_oil_answer_in_full(matcher: SortingMatcher) -> None:
    assert format_answer(matcher.sort("used cooking oil")) == (
        "Never pour cooking oil or grease down a drain. Restaurants: barrels or drums for a licensed hauler "
        "or recycler. At home the ordinance doesn't say which cart takes it (it isn't \"food scraps\"): ask "
        "the city's solid waste office. "
        "Victorville Municipal Code § 10.03.230; "
        'Victorville Municipal Code § 6.37.020 ("Food scraps")'
    )


def test_battery_answer_carries_the_safety_note(matcher: SortingMatcher) -> None:
    reply = format_answer(matcher.sort("lithium battery"))
    assert reply.startswith("Batteries are hazardous waste: keep them out of every cart")
    assert "Tape the ends" in reply
    assert reply.endswith('Victorville Municipal Code § 6.37.020 ("Excluded waste")')


def test_no_match_says_so_and_leaves_the_contact_to_the_caller(lexical_matcher: SortingMatcher) -> None:
    answer = lexical_matcher.sort("quantum flux capacitor")
    assert format_answer(answer) == (
        'I could not find "quantum flux capacitor" in the sorting guide. Otherwise please ask the city.'
    )
    with_contact = format_answer(lexical_matcher.sort("batry"), city_contact="<city contact>")
    assert with_contact == (
        'I could not find "batry" in the sorting guide. Did you mean batteries or cake and pastries? '
        "Otherwise please ask the city: <city contact>"
    )


def test_a_long_unmatched_query_is_shortened(lexical_matcher: SortingMatcher) -> None:
    reply = format_answer(lexical_matcher.sort("zzzz " * 40))
    assert '"zzzz zzzz zzzz zzzz zzzz zzzz zzzz..."' in reply
    assert len(reply) <= SMS_LIMIT


def test_a_list_answer_names_each_item_and_cites_its_container_sections(lexical_matcher):
    listed = lexical_matcher.sort_many("batteries, soda cans and a pizza box?", GeneratorType.SINGLE_FAMILY)
    text = format_many(listed, limit=640)
    assert text.startswith("At homes (1-4 units): Batteries: no cart, it needs special handling")
    assert "Aluminum can: the blue container" in text
    assert "Pizza box: usually the green container (food-soiled paper) or the blue container" in text
    assert "Victorville Municipal Code § 6.37.030(b)(1)" in text and len(format_many(listed)) <= 320


def test_bones_kept_for_a_renderer_are_not_food_scraps(matcher: SortingMatcher) -> None:
    """6.37.020 ("Designated food scraps"): meat and bones source separated for a rendering company are
    excluded, so what is done with them decides over the bones themselves."""
    for text in (
        "we save meat bones for a renderer pickup. do they still gotta go in the brown bin?",
        "beef bones and fat trimmings for a rendering company, brown bin?",
    ):
        reply = format_answer(matcher.sort(text, COM))
        assert 'not "food scraps"' in reply, reply
        assert '§ 6.37.020 ("Designated food scraps")' in reply
    assert "brown" in format_answer(matcher.sort("chicken bones", COM))
    # said in a clause the question's frame drops (s54-c016: "Sí. Huesos de pollo: el contenedor café")
    with languages.using("es"):
        said = "y los huesos y el pellejo q se lleva el de la rendering, van en el bote cafe?"
        assert matcher.match(said).item.purpose
    # the renderer named as the one who won't take it is no purpose (review of stop 59, M11)
    found = matcher.match("the renderer won't take chicken skin, which cart does it go in?")
    assert found is None or not found.item.purpose


@pytest.mark.parametrize(
    ("question", "generator", "opening"),
    [
        ("can i put aluminum cans in the blue bin", None, "Yes. Aluminum can: the blue container"),
        (
            "jack-o-lanterns rotting on the porch. Green cart or trash?",
            SF,
            "Yes. Pumpkin: the green container",
        ),
        # the green's own definition leaves carpets out: a plain no, with why
        (
            "pulled up old wool carpet, can it go in the green since wool is natural?",
            None,
            "No, not the green container: the ordinance excludes carpet from it. Carpet: usually the black",
        ),
        (
            "used kitty litter, green bin since its organic??",
            None,
            "Usually not the green container. Cat litter",
        ),
        ("old paint, in the black cart ok?", None, "No, not the black container, nor any other."),
    ],
)
def test_the_container_a_question_names_is_answered_first(
    lexical_matcher: SortingMatcher, question: str, generator: GeneratorType | None, opening: str
) -> None:
    assert format_answer(lexical_matcher.sort(question, generator)).startswith(opening)


@pytest.mark.parametrize(
    "question",
    [
        "banana peels in the green cart?",  # green at homes, brown at businesses: the answer says which
        "the little green propane bottles from camping, where do they go?",  # a colour of the item, no cart
        "pizza box in the green?",  # a question to ask first
        "green or blue for a cereal box?",  # two containers named: the answer names one
    ],
)
def test_no_yes_or_no_when_it_depends_or_no_single_container_is_asked(
    lexical_matcher: SortingMatcher, question: str
) -> None:
    text = format_answer(lexical_matcher.sort(question))
    assert not text.startswith(("Yes", "No", "Usually not")), text


def test_a_special_item_listed_with_one_the_named_container_takes_gets_no_yes(
    lexical_matcher: SortingMatcher,
) -> None:
    # "one of my cooks pours the cooled fryer oil into the brown bin": the oil goes in no cart
    listed = lexical_matcher.sort_many("used fryer oil and leftover tortillas, both in the brown bin?", COM)
    assert len(listed) == 2 and not format_many(listed).startswith("Yes"), format_many(listed)


def test_items_no_cart_takes_that_are_handled_one_way_say_how_once(lexical_matcher: SortingMatcher) -> None:
    listed = lexical_matcher.sort_many("the old fryer oil and 3 buckets of used crisco, brown bin ok?")
    assert [group[0].item for group in listed] == ["used cooking oil", "lard and shortening"]
    text = format_many(listed, limit=640)
    assert text.count("barrels or drums") == 1  # the shared handling, once


def test_brands_and_the_can_a_product_comes_in_name_the_product(lexical_matcher: SortingMatcher) -> None:
    listed = lexical_matcher.sort_many("a bag of dead duracell AAs and a half empty can of raid")
    assert [group[0].item for group in listed] == ["batteries", "pesticides"]


def test_items_ruled_alike_are_named_together_once(lexical_matcher: SortingMatcher) -> None:
    listed = lexical_matcher.sort_many("banana peels and coffee grounds?", GeneratorType.SINGLE_FAMILY)
    assert format_many(listed, limit=640).startswith(
        "At homes (1-4 units): Banana peel and coffee grounds: the green container."
    )


def test_two_containers_asked_and_neither_takes_it_get_a_no_to_both(lexical_matcher: SortingMatcher) -> None:
    import languages

    with languages.using("es"):
        reply = format_answer(
            lexical_matcher.sort("el aceite de la freidora lo echo al bote verde o al cafe?")
        )
    assert reply.startswith("No, ni el verde ni el café: no va en ningún contenedor.")
