"""Free text → item → container ruling, with the fake embedder (fast) or none at all."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sorting_test_support import catalog_fixture, lexical_matcher_fixture, matcher_fixture  # noqa: F401  (pytest fixtures)

from compliance.victorville.organics import GeneratorType, classify_generator
from knowledge.embedding import HashingEmbedder
from sorting.catalog import Catalog
from sorting.matcher import FUZZY_BACKEND, SortingMatcher, answer_for
from sorting.normalize import key

SF, COM = GeneratorType.SINGLE_FAMILY, GeneratorType.COMMERCIAL
FOOD_SCRAPS_DEF = 'Victorville Municipal Code § 6.37.020 ("Designated food scraps")'


def colors(answer) -> dict[GeneratorType, str]:
    return {ruling.generator: ruling.color for ruling in answer.containers}


# -- containers by generator type ---------------------------------------------------------------------------


def test_banana_peel_is_brown_for_commercial_and_green_for_single_family(matcher: SortingMatcher) -> None:
    commercial = matcher.sort("banana peel", COM)
    assert (commercial.item, commercial.category, commercial.method) == (
        "banana peel",
        "food_scraps",
        "exact",
    )
    assert colors(commercial) == {COM: "brown"}
    assert commercial.decided_by == "ordinance"
    assert commercial.citations == (FOOD_SCRAPS_DEF, "Victorville Municipal Code § 6.37.040(b)(1)")

    home = matcher.sort("banana peel", SF)
    assert colors(home) == {SF: "green"}
    assert home.citations == (FOOD_SCRAPS_DEF, "Victorville Municipal Code § 6.37.030(b)")


def test_unknown_generator_gets_both_rulings_in_a_fixed_order(matcher: SortingMatcher) -> None:
    answer = matcher.sort("banana peel")
    assert [r.generator for r in answer.containers] == [SF, COM]
    assert colors(answer) == {SF: "green", COM: "brown"}


def test_multi_family_of_five_units_sorts_like_a_business(matcher: SortingMatcher) -> None:
    five = matcher.sort("eggshells", classify_generator("multi-family", units=5))
    four = matcher.sort("eggshells", classify_generator("multi-family", units=4))
    assert colors(five) == {COM: "brown"}
    assert colors(four) == {SF: "green"}


@pytest.mark.parametrize(
    ("text", "category", "color", "decided_by"),
    [
        ("newspaper", "paper", "blue", "ordinance"),
        ("cardboard boxes", "cardboard", "blue", "ordinance"),
        ("soda cans", "metal", "blue", "ordinance"),
        ("wine bottle", "glass", "blue", "ordinance"),
        ("milk jug", "plastic_containers", "blue", "ordinance"),
        ("grass clippings", "yard_trimmings", "green", "ordinance"),
        ("tree branches", "tree_trimmings", "green", "hauler_list"),
        ("paper coffee cup", "food_soiled_paper", "brown", "hauler_list"),
        ("plastic bags", "plastic_film", "black", "hauler_list"),
        ("diapers", "residual_trash", "black", "hauler_list"),
        ("old clothes", "textiles", "black", "hauler_list"),
    ],
)
def test_commercial_table(
    matcher: SortingMatcher, text: str, category: str, color: str, decided_by: str
) -> None:
    answer = matcher.sort(text, COM)
    assert (answer.category, colors(answer)[COM], answer.decided_by) == (category, color, decided_by)
    assert answer.citations[0] == matcher.catalog.category(category).citation


def test_black_container_may_also_be_gray(matcher: SortingMatcher) -> None:
    (ruling,) = matcher.sort("cat litter", SF).containers
    assert (ruling.color, ruling.also_acceptable_colors) == ("black", ("gray",))


# -- clarifying questions -----------------------------------------------------------------------------------


def test_pizza_box_asks_whether_greasy_or_clean(matcher: SortingMatcher) -> None:
    answer = matcher.sort("pizza box", COM)
    assert answer.needs_clarification
    assert answer.question == "Is the pizza box greasy or food-soiled, or clean?"
    assert answer.options == ("greasy", "clean")
    assert (answer.category, answer.containers, answer.citations) == (None, (), ())


@pytest.mark.parametrize(
    ("reply", "category", "color"),
    [
        ("greasy", "food_soiled_paper", "brown"),
        ("it's pretty oily", "food_soiled_paper", "brown"),
        ("clean", "cardboard", "blue"),
        ("not greasy at all", "cardboard", "blue"),
    ],
)
def test_the_reply_to_the_pizza_box_question_decides(
    matcher: SortingMatcher, reply: str, category: str, color: str
) -> None:
    answer = matcher.resolve("pizza box", reply, COM)
    assert not answer.needs_clarification
    assert (answer.category, colors(answer)[COM]) == (category, color)


def test_a_reply_that_answers_nothing_asks_again(matcher: SortingMatcher) -> None:
    answer = matcher.resolve("pizza box", "no idea", COM)
    assert answer.question == "Is the pizza box greasy or food-soiled, or clean?"
    assert answer.category is None


def test_a_reply_naming_two_answers_equally_asks_again(matcher: SortingMatcher) -> None:
    assert matcher.resolve("pizza box", "greasy and clean", COM).needs_clarification


@pytest.mark.parametrize(
    ("text", "option", "category"),
    [
        ("greasy pizza box", "greasy", "food_soiled_paper"),
        ("a clean pizza box", "clean", "cardboard"),
        ("empty aerosol can", "empty", "metal"),
        ("aerosol can that still sprays", "full", "hazardous_waste"),
        ("paper tea bag", "paper", "food_scraps"),
        ("fluorescent light bulb", "fluorescent", "hazardous_waste"),
        ("foam egg carton", "foam", "foam_polystyrene"),
    ],
)
def test_an_answer_already_in_the_question_is_not_asked_again(
    matcher: SortingMatcher, text: str, option: str | None, category: str
) -> None:
    answer = matcher.sort(text, COM)
    assert not answer.needs_clarification
    assert (answer.option, answer.category) == (option, category)


def test_unsure_uses_the_items_own_category(catalog: Catalog) -> None:
    answer = answer_for(catalog, catalog.item("pizza box"), COM, unsure=True)
    assert answer.category == "food_soiled_paper"
    aerosol = answer_for(catalog, catalog.item("aerosol can"), COM, unsure=True)
    assert aerosol.category == "hazardous_waste"


def test_an_option_that_is_not_an_answer_is_a_developer_error(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="'soggy' is not an answer to 'pizza box'"):
        answer_for(catalog, catalog.item("pizza box"), COM, option="soggy")


def test_resolving_an_unknown_item_names_it(matcher: SortingMatcher) -> None:
    with pytest.raises(KeyError, match="no catalog item named 'pizza crate'"):
        matcher.resolve("pizza crate", "greasy")


# -- special handling ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["used cooking oil", "where do I dump bacon grease", "can I pour grease down the sink", "fryer oil"],
)
def test_cooking_oil_and_grease_get_fog_guidance_and_no_container(matcher: SortingMatcher, text: str) -> None:
    answer = matcher.sort(text, COM)
    assert answer.category == "cooking_oil_grease"
    assert answer.is_special and answer.containers == ()
    assert answer.guidance.startswith("Never pour cooking oil or grease down a drain.")
    assert answer.citations == (
        "Victorville Municipal Code § 10.03.230",
        'Victorville Municipal Code § 6.37.020 ("Food scraps")',
    )


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("batteries", "batteries"),
        ("AA batteries", "batteries"),
        ("car battery", "car battery"),
        ("lithium ion battery", "lithium battery"),
        ("pilas", "batteries"),
    ],
)
def test_batteries_need_special_handling(matcher: SortingMatcher, text: str, item: str) -> None:
    answer = matcher.sort(text, SF)
    assert (answer.item, answer.category, answer.stream) == (item, "batteries", "special")
    assert answer.containers == ()
    assert "household hazardous waste collection" in answer.guidance
    assert answer.citations[0] == 'Victorville Municipal Code § 6.37.020 ("Excluded waste")'


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("leftover paint", "hazardous_waste"),
        ("needles", "medical_waste"),
        ("old tv", "electronics"),
        ("refrigerator", "appliances"),
        ("tires", "tires"),
        ("couch", "bulky_items"),
        ("grease trap waste", "grease_trap_waste"),
    ],
)
def test_excluded_and_hazardous_waste_go_in_no_cart(
    matcher: SortingMatcher, text: str, category: str
) -> None:
    answer = matcher.sort(text)
    assert (answer.category, answer.containers) == (category, ())
    assert answer.guidance


# -- free text: frames, typos, plurals, Spanish -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "item", "method"),
    [
        ("bananna peal", "banana peel", "fuzzy"),
        ("pizza boxs", "pizza box", "exact"),
        ("styrofome cup", "styrofoam cup", "fuzzy"),
        ("batteires", "batteries", "fuzzy"),
        ("refridgerator", "refrigerator", "fuzzy"),
        ("glas bottle", "glass bottle", "fuzzy"),
    ],
)
def test_typos(lexical_matcher: SortingMatcher, text: str, item: str, method: str) -> None:
    found = lexical_matcher.match(text)
    assert (found.item.name, found.method) == (item, method)
    assert 0.85 <= found.confidence <= 1.0


def test_styrofoam_cup_typo_goes_in_the_black_container(matcher: SortingMatcher) -> None:
    answer = matcher.sort("styrofome cup", COM)
    assert (answer.category, colors(answer)) == ("foam_polystyrene", {COM: "black"})


@pytest.mark.parametrize(
    "text",
    [
        "Where does a banana peel go?",
        "which bin for banana peels",
        "can I compost banana peels in Victorville?",
        "do banana peels go in the green bin",
        "BANANA PEELS!!",
        "cáscara de plátano",
        "which container does a banana peel go in",
    ],
)
def test_question_frames_plurals_case_and_accents(lexical_matcher: SortingMatcher, text: str) -> None:
    assert lexical_matcher.match(text).item.name == "banana peel"


def test_a_real_word_is_not_taken_for_a_typo(lexical_matcher: SortingMatcher) -> None:
    """ "soda bottle" is not a misspelt "soap bottle"; "dirty diaper" is a diaper, not "dirty paper"."""
    assert lexical_matcher.match("empty soda bottle made of plastic").item.name == "bottle"
    assert lexical_matcher.match("a dirty diaper").item.name == "diapers"
    # "y si se llena antes de los 60?" (if it fills up before 60 days) is no firewood ("lena")
    assert lexical_matcher.match("y si se llena antes de los 60?") is None
    assert lexical_matcher.match("la lena de la chimenea").item.name == "tree stump"
    # "cada cuanto tengo q revisar los botes" (check the carts, s40-c007) is no magazine ("revista")
    assert lexical_matcher.match("y cada cuanto tengo q revisar los botes de los clientes?") is None
    assert lexical_matcher.match("donde tiro las revistas viejas").item.name == "magazine"


def test_whose_place_it_is_names_no_item(lexical_matcher: SortingMatcher) -> None:
    """ "single family house" is not misspelt "shingles": the items are the rest of the message."""
    assert lexical_matcher.match("single family house in victorville") is None
    names = [
        answers[0].item for answers in lexical_matcher.sort_many("grass and leaves? single family house")
    ]
    assert names == ["grass clippings", "leaves"]


def test_a_verb_done_names_no_item(lexical_matcher: SortingMatcher) -> None:
    """w47-t001: "just mowed and raked" is no misspelt rake; a rake said as one still is."""
    said = "just mowed and raked, where do grass clippings and leaves go? victorville"
    assert [answers[0].item for answers in lexical_matcher.sort_many(said)] == ["grass clippings", "leaves"]
    assert lexical_matcher.sort("where does a broken rake go").item == "hand tools"


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("old iphone charger cable", "cables and chargers"),
        ("napkin with ketchup on it", "paper napkin"),
        ("old rusty frying pan with a broken handle", "pots and pans"),
        # a clause that says whose: "rakes" is what the landscaper does (w56-c016)
        ("And the leaves the landscaper rakes up?", "leaves"),
        # "the" after a quantifier is inside the phrase (review of stop 58, M5)
        ("all the napkins with pizza sauce on them", "paper napkin"),
    ],
)
def test_the_head_of_the_phrase_names_the_item(lexical_matcher: SortingMatcher, text: str, item: str) -> None:
    found = lexical_matcher.match(text)
    assert (found.item.name, found.method) == (item, "contains")


def test_nothing_above_threshold_is_none_with_suggestions(lexical_matcher: SortingMatcher) -> None:
    answer = lexical_matcher.sort("quantum flux capacitor", COM)
    assert (answer.matched, answer.method, answer.confidence) == (False, "none", 0.0)
    assert (answer.item, answer.containers, answer.citations) == (None, (), ())
    near_miss = lexical_matcher.sort("batry")
    assert (near_miss.method, near_miss.suggestions[0]) == ("none", "batteries")


@pytest.mark.parametrize("text", ["What goes in the brown bin?", "what is this", "green bin"])
def test_questions_about_containers_are_not_items(lexical_matcher: SortingMatcher, text: str) -> None:
    assert lexical_matcher.match(text) is None


def test_spanish_question(lexical_matcher: SortingMatcher) -> None:
    assert lexical_matcher.match("¿Dónde tiro las pilas?").item.name == "batteries"


def test_fuzzy_backend_is_reported() -> None:
    assert FUZZY_BACKEND in {"rapidfuzz", "difflib"}


# -- semantic fallback --------------------------------------------------------------------------------------


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__(dim=2048)
        self.calls: list[int] = []

    def encode(self, texts):
        self.calls.append(len(texts))
        return super().encode(texts)


def test_semantic_fallback_finds_an_item_no_lexical_step_does(catalog: Catalog) -> None:
    lexical = SortingMatcher(catalog)
    assert lexical.match("trimmings from the hedge") is None
    semantic = SortingMatcher(catalog, embedder=HashingEmbedder(dim=2048)).match("trimmings from the hedge")
    assert (semantic.item.name, semantic.method) == ("shrub clippings", "semantic")
    assert semantic.confidence >= 0.6


def test_item_vectors_are_computed_once_and_only_when_needed(catalog: Catalog) -> None:
    embedder = CountingEmbedder()
    built: list[int] = []

    def factory() -> CountingEmbedder:
        built.append(1)
        return embedder

    fresh = Catalog(catalog.items, catalog.categories)
    matcher = SortingMatcher(fresh, embedder=factory)
    matcher.sort("banana peel")
    assert built == [] and embedder.calls == []
    matcher.sort("trimmings from the hedge")
    matcher.sort("quantum flux capacitor")
    distinct_terms = len({key(term) for item in fresh.items for term in item.terms})
    assert built == [1]
    assert embedder.calls.count(distinct_terms) == 1


def test_item_vectors_can_be_cached_on_disk(catalog: Catalog, tmp_path) -> None:
    first = Catalog(catalog.items, catalog.categories)
    vectors, owners = first.vectors(HashingEmbedder(dim=64), cache_dir=tmp_path)
    assert len(list(tmp_path.glob("sorting-vectors-*.npy"))) == 1
    embedder = CountingEmbedder()
    embedder.name, embedder.dim = "hashing-64", 64
    again, _ = Catalog(catalog.items, catalog.categories).vectors(embedder, cache_dir=tmp_path)
    assert embedder.calls == []
    assert np.array_equal(vectors, again) and vectors.shape == (len(owners), 64)


def test_answers_are_json_ready(matcher: SortingMatcher) -> None:
    payload = json.loads(json.dumps(matcher.sort("banana peel").to_dict()))
    assert payload["generator"] is None
    assert [c["color"] for c in payload["containers"]] == ["green", "brown"]
    assert payload["decided_by"] == "ordinance"


@pytest.mark.parametrize(
    ("said", "item"),
    [
        ("half empty cans of paint from the garage, can i put em in the black bin?", "paint can"),
        ("a jar of pasta sauce, rinsed", "glass jar"),
        ("can of soda", "aluminum can"),
        ("bag of chips", "chip bag"),
    ],
)
def test_a_container_of_its_content_is_the_item_the_catalog_names(lexical_matcher, said, item):
    # "cans of paint" is a "paint can", not the "garbage can" in "garage, can i put"
    assert lexical_matcher.match(said).item.name == item


@pytest.mark.parametrize(
    ("said", "option"),
    [
        ("half empty cans of paint from the garage, can i put em in the black bin?", "leftover"),
        # old paint cans from the garage hold old paint (w24-c012, w26-c005); an empty one is said so
        ("Last one, old cans of paint from the garage?", "leftover"),
        ("ok and old paint cans?", "leftover"),
        ("latas de pintura viejas del garaje", "leftover"),
        ("ok and the half cans of paint in the garage", "leftover"),  # w52-c010
        ("las latas de pintura a la mitad", "leftover"),
    ],
)
def test_leftover_paint_said_in_passing_is_the_clarifying_answer(lexical_matcher, said, option):
    answer = lexical_matcher.sort(said)
    assert answer.option == option and not answer.needs_clarification


def test_an_old_can_said_empty_is_not_read_as_leftover_paint(lexical_matcher):
    assert lexical_matcher.sort("an old empty paint can").option != "leftover"


def test_a_list_of_items_gets_each_its_ruling_and_one_per_answer_to_an_open_question(lexical_matcher):
    listed = lexical_matcher.sort_many("where do pizza boxes and soda cans go", GeneratorType.COMMERCIAL)
    assert [[(r.item, r.option) for r in group] for group in listed] == [
        [("pizza box", "greasy"), ("pizza box", "clean")],
        [("aluminum can", None)],
    ]
    assert [r.containers[0].color for r in listed[0]] == ["brown", "blue"]


@pytest.mark.parametrize("said", ["where do banana peels go", "a greasy pizza box", "cereal and oatmeal"])
def test_one_item_is_no_list(lexical_matcher, said):
    assert lexical_matcher.sort_many(said) == ()


def test_we_go_through_is_not_where_it_goes(matcher: SortingMatcher) -> None:
    """ "We go through a ton of K-cups": the item is still read when the message uses "go" for something
    else before it asks where the item goes."""
    answer = matcher.sort("We go through a ton of K-cups in our office breakroom. Where do the used pods go?")
    assert answer.item == "coffee pod"


def test_can_before_who_would_do_it_is_the_verb(matcher: SortingMatcher) -> None:
    """ "and if we lose, can we appeal?" names no can; "can we put the paint can in the trash" still does."""
    assert matcher.match("and if we lose, can we appeal?", semantic=False) is None
    assert matcher.match("can we put the paint can in the trash", semantic=False).item.name == "paint can"


def test_can_before_whose_helper_and_the_kind_of_shop_name_no_item(matcher: SortingMatcher) -> None:
    """w54-t007: "can my maintenance guy ..." names no can; w54-t003: "victorville donut shop" no pastry."""
    couch = (
        "a tenant moved out and left a whole couch by the dumpsters. can my maintenance guy just stuff it in "
        "the black bin?"
    )
    assert matcher.match(couch, semantic=False).item.name == "couch"
    shortening = (
        "where does the old fryer shortening go when i change it out? brown bin? victorville donut shop"
    )
    assert matcher.sort_many(shortening) == ()
    assert matcher.match(shortening, semantic=False).item.name == "lard and shortening"


def test_an_open_item_already_answered_by_another_named_is_not_listed_again(lexical_matcher) -> None:
    # "used fryer oil ... the cooled oil": one item, the used cooking oil, not also "oil: cooking or motor?"
    listed = lexical_matcher.sort_many("used fryer oil, and the cooled oil in the brown food waste bin")
    assert listed == () or [group[0].item for group in listed] == ["used cooking oil"]
    assert lexical_matcher.sort("used fryer oil, and the cooled oil in the brown food waste bin").item == (
        "used cooking oil"
    )
    # an item whose question has food scraps among its answers stays beside another food scrap
    both = lexical_matcher.sort_many("coffee grounds & tea bags, which can")
    assert [group[0].item for group in both] == ["coffee grounds", "tea bag"]


def test_a_bag_of_something_is_the_something(lexical_matcher) -> None:
    assert lexical_matcher.sort("a bag of worn-out clothes").item == "clothing"
    assert lexical_matcher.sort("dos bolsas de ropa vieja").item == "clothing"
    assert lexical_matcher.sort("a bag of chips").item == "chip bag"  # the bag is the thing


@pytest.mark.parametrize(
    ("said", "item"),
    [
        # review of stop 57 (M11): "the can", "soda can", "paint can" are still cans
        ("is the soda can this size recyclable", "aluminum can"),
        ("what do i do with the paint can my husband left in the garage", "paint can"),
        # (S4): "truck" before an item is no kind of business
        ("where does an old truck battery go", "car battery"),
    ],
)
def test_a_can_named_after_a_determiner_or_noun_is_still_a_can(matcher: SortingMatcher, said, item) -> None:
    assert matcher.match(said, semantic=False).item.name == item
