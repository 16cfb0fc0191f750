"""The Spanish texts of the sorting catalog (``sorting/catalog.es.yaml``): loaded and checked with the
catalog, complete, shown in Spanish answers (item, category, guidance, note, question), understood as answers
to the clarifying question in either language, and Spanish questions stripped to their item; English
unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sorting_test_support import catalog_fixture, lexical_matcher_fixture, matcher_fixture  # noqa: F401  (pytest fixtures)

import languages
from compliance.victorville.organics import GeneratorType
from sorting.answer import format_answer
from sorting.catalog import CATALOG_PATH, CATEGORIES_PATH, Catalog, CatalogError
from sorting.matcher import SortingAnswer, SortingMatcher, answer_for

SF, COM = GeneratorType.SINGLE_FAMILY, GeneratorType.COMMERCIAL


def spanish(answer: SortingAnswer, **options: object) -> str:
    with languages.using("es"):
        return format_answer(answer, **options)


def every_answer(catalog: Catalog) -> Iterator[tuple[str, str | None, GeneratorType | None, SortingAnswer]]:
    for item in catalog.items:
        for option in [None, *item.ask.options] if item.ask else [None]:
            for generator in (None, SF, COM):
                yield item.name, option, generator, answer_for(catalog, item, generator, option=option)


# -- complete ------------------------------------------------------------------------------------------------


def test_every_category_has_its_spanish_label_and_guidance(catalog: Catalog) -> None:
    for category in catalog.categories.values():
        assert category.spanish is not None, category.key
        assert category.spanish.label, category.key
        assert (category.spanish.guidance is None) == (category.guidance is None), category.key


def test_every_item_has_its_spanish_name_note_and_question(catalog: Catalog) -> None:
    for item in catalog.items:
        text = item.spanish
        assert text is not None and text.name, item.name
        assert (text.note is None) == (item.note is None), item.name
        assert (text.question is None) == (item.ask is None), item.name
        if item.ask:
            assert set(text.answer_words) == set(item.ask.options), item.name
            assert all(text.answer_words.values()), item.name


def test_every_offered_spanish_answer_and_every_spanish_answer_word_selects_its_own_answer(
    catalog: Catalog,
) -> None:
    for item in catalog.items:
        if item.ask is None:
            continue
        for option, words in item.spanish.answer_words.items():
            assert catalog.resolve_option(item, item.spanish.choice(option)) == option, (item.name, option)
            for word in words:
                assert catalog.resolve_option(item, word) == option, (item.name, option, word)


# -- shown in Spanish, English unchanged ---------------------------------------------------------------------


def test_english_answers_are_byte_for_byte_those_of_the_english_catalog_alone(catalog: Catalog) -> None:
    english_only = Catalog.load(CATALOG_PATH, CATEGORIES_PATH)
    assert all(item.spanish is None for item in english_only.items)
    count = 0
    for name, option, generator, answer in every_answer(catalog):
        plain = answer_for(english_only, english_only.item(name), generator, option=option)
        assert format_answer(answer) == format_answer(plain), (name, option, generator)
        assert format_answer(answer, limit=640) == format_answer(plain, limit=640)
        count += 1
    assert count > 1000


def test_a_spanish_answer_shows_no_english_item_label_guidance_note_or_question(catalog: Catalog) -> None:
    for name, _, _, answer in every_answer(catalog):
        text = spanish(answer, limit=640)
        english = [answer.guidance, answer.note, answer.question]
        if answer.spanish.item != name:
            english.append(name[:1].upper() + name[1:] + ":")
        if answer.category_label and answer.category_label != answer.spanish.category_label:
            english.append(f"({answer.category_label})")
        assert not [shown for shown in english if shown and shown in text], text


def test_the_item_the_category_and_the_containers_in_spanish(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("banana peel", COM)) == (
        "Cáscara de plátano: el contenedor café (restos de comida); lo decide la ordenanza misma. "
        'Victorville Municipal Code § 6.37.020 ("Designated food scraps"); '
        "Victorville Municipal Code § 6.37.040(b)(1)"
    )
    assert spanish(matcher.sort("diapers", SF)).startswith(
        "Pañales: por lo general el contenedor negro (o gris) (basura); "
        "depende de la lista designada por la ciudad."
    )


def test_guidance_and_note_in_spanish(matcher: SortingMatcher) -> None:
    oil = spanish(matcher.sort("used cooking oil"))
    assert oil.startswith("Nunca tire aceite ni grasa al drenaje. Restaurantes: en barriles o tambos")
    assert oil.endswith(
        'Victorville Municipal Code § 10.03.230; Victorville Municipal Code § 6.37.020 ("Food scraps")'
    )
    battery = spanish(matcher.sort("lithium battery"))
    assert battery.startswith(
        "Las pilas y baterías son desechos peligrosos: no las ponga en ningún contenedor"
    )
    assert "Cubra los polos con cinta" in battery


def test_every_note_shown_in_english_is_shown_in_spanish_too(catalog: Catalog) -> None:
    """Spanish is longer: its notes are short enough that an SMS drops none that English keeps."""
    for _, _, _, answer in every_answer(catalog):
        if answer.note and answer.note in format_answer(answer):
            assert answer.spanish.note in spanish(answer), answer.item
        assert "..." not in spanish(answer), spanish(answer)


def test_the_clarifying_question_and_its_answers_in_spanish(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("pizza box")) == (
        "¿La caja de pizza tiene grasa o restos de comida, o está limpia? Responda grasosa o limpia."
    )
    assert (
        spanish(matcher.sort("oil"))
        == "¿Es aceite de cocina o aceite de motor? Responda de cocina o de motor."
    )
    assert format_answer(matcher.sort("pizza box")) == (
        "Is the pizza box greasy or food-soiled, or clean? Reply greasy or clean."
    )


def test_suggestions_are_named_in_spanish(lexical_matcher: SortingMatcher) -> None:
    answer = lexical_matcher.sort("batry")
    assert answer.suggestions[0] == "batteries" and answer.spanish.suggestions[0] == "pilas"
    assert "¿Quiso decir pilas" in spanish(answer)
    assert "Did you mean batteries" in format_answer(answer)


# -- the clarifying answer, in either language ---------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(
    ("item", "reply", "option"),
    [
        ("pizza box", "tiene comida", "greasy"),
        ("pizza box", "está limpia", "clean"),
        ("pizza box", "esta limpio", "clean"),
        ("pizza box", "no tiene grasa", "clean"),
        ("pizza box", "greasy", "greasy"),
        ("aluminum foil", "tiene comida", "dirty"),
        ("aluminum foil", "no tiene comida", "clean"),
        ("aerosol can", "no le queda nada", "empty"),
        ("aerosol can", "todavía le queda", "full"),
        ("oil", "es de cocina", "cooking"),
        ("oil", "de motor", "motor"),
        ("light bulb", "es de los ahorradores", "fluorescent"),
        ("cup", "de unicel", "foam"),
        ("egg carton", "plástico transparente", "plastic"),
        ("bottle", "de vidrio", "glass"),
    ],
)
def test_the_clarifying_answer_is_understood_in_spanish_in_both_languages(
    matcher: SortingMatcher, language: str, item: str, reply: str, option: str
) -> None:
    with languages.using(language):
        assert matcher.resolve(item, reply).option == option


def test_a_spanish_reply_that_answers_nothing_asks_again_in_spanish(matcher: SortingMatcher) -> None:
    again = matcher.resolve("pizza box", "no sé")
    assert again.needs_clarification
    assert spanish(again).endswith("Responda grasosa o limpia.")


# -- Spanish questions stripped to their item ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "item", "option"),
    [
        ("donde tiro el unicel", "styrofoam", None),
        ("¿Dónde tiro el unicel?", "styrofoam", None),
        ("las cascaras de huevo en que bote van", "eggshells", None),
        ("la caja de pizza con grasa va en el verde?", "pizza box", "greasy"),
        ("pañales", "diapers", None),
        ("aceite de cocina usado", "used cooking oil", None),
        ("en que bote va el carton de huevo?", "egg carton", None),
        ("¿En qué contenedor van las latas de aluminio?", "aluminum can", None),
        ("se puede tirar el vidrio en el bote verde", "glass", None),
        ("se pueden reciclar las botellas de plástico?", "plastic water bottle", None),
        ("el periódico va en el contenedor café?", "newspaper", None),
        ("donde se tiran las pilas", "batteries", None),
        ("que hago con el aceite de cocina", "used cooking oil", None),
        ("como me deshago de un colchón", "mattress", None),
        ("hola, donde pongo las servilletas sucias?", "paper napkin", None),
        ("el pasto cortado va en el bote verde?", "grass clippings", None),
        ("puedo poner los huesos de pollo en el contenedor café", "chicken bones", None),
        ("las bolsas de plástico son reciclables?", "plastic bag", None),
        ("a que bote van las ramas", "tree branches", None),
        ("los pañales sucios en que contenedor se tiran", "diapers", None),
        ("buenas tardes, en qué bote debo tirar las cáscaras de plátano?", "banana peel", None),
        ("el unicel se puede reciclar?", "styrofoam", None),
    ],
)
def test_everyday_spanish_questions_find_their_item(
    lexical_matcher: SortingMatcher, text: str, item: str, option: str | None
) -> None:
    found = lexical_matcher.match(text)
    assert found is not None, text
    assert (found.item.name, found.option) == (item, option)


@pytest.mark.parametrize(
    "text",
    ["donde tiro el unicel", "las cascaras de huevo en que bote van", "en que bote va el carton de huevo?"],
)
def test_the_spanish_frame_is_stripped_to_an_exact_name(lexical_matcher: SortingMatcher, text: str) -> None:
    assert lexical_matcher.match(text).method == "exact"


@pytest.mark.parametrize("text", ["¿Qué va en el bote café?", "que se tira en el contenedor verde"])
def test_spanish_questions_about_containers_are_not_items(lexical_matcher: SortingMatcher, text: str) -> None:
    assert lexical_matcher.match(text) is None


def test_a_spanish_question_answered_in_spanish(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("donde tiro el unicel", COM)).startswith(
        "Unicel: por lo general el contenedor negro (o gris) (unicel (poliestireno)); "
    )
    assert spanish(matcher.sort("la caja de pizza con grasa va en el verde?", SF)).startswith(
        "Caja de pizza: por lo general el contenedor verde (papel manchado de comida); "
    )


# -- refused at load -----------------------------------------------------------------------------------------

CATEGORIES = """
paper:
  label: clean paper
  stream: recyclables
  decided_by: ordinance
  citation: Victorville Municipal Code § 6.37.020 ("Designated blue container organic waste")
  basis: clean paper and cardboard
cardboard:
  label: cardboard
  stream: recyclables
  decided_by: ordinance
  citation: Victorville Municipal Code § 6.37.020 ("Designated blue container organic waste")
  basis: clean paper and cardboard
"""
ITEMS = """
- name: box
  category: cardboard
  ask: {question: "Is it 1 box or 2?", options: {one: cardboard, two: paper}}
  note: Flatten it (Victorville Municipal Code § 6.37.030(b)).
- {name: newspaper, category: paper}
"""
SPANISH = """
categories:
  paper: {label: papel limpio}
items:
  box:
    name: caja
    ask: {question: "¿Es 1 caja o 2?", options: {one: [una], two: [dos]}}
    note: Aplánela (Victorville Municipal Code § 6.37.030(b)).
"""


def _load(tmp_path: Path, spanish_text: str) -> Catalog:
    paths = tmp_path / "catalog.yaml", tmp_path / "categories.yaml", tmp_path / "catalog.es.yaml"
    for path, text in zip(paths, (ITEMS, CATEGORIES, spanish_text), strict=True):
        path.write_text(text, encoding="utf-8")
    return Catalog.load(*paths)


def test_the_loader_attaches_the_spanish_and_leaves_english_where_there_is_none(tmp_path: Path) -> None:
    catalog = _load(tmp_path, SPANISH)
    assert catalog.item("box").spanish.name == "caja" and catalog.item("newspaper").spanish is None
    assert (
        catalog.category("paper").spanish.label == "papel limpio"
        and catalog.category("cardboard").spanish is None
    )
    assert catalog.resolve_option(catalog.item("box"), "dos") == "two"


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (("  box:\n", "  boxes:\n"), r"items not in catalog.yaml: \['boxes'\]"),
        (("  paper: {", "  papers: {"), r"categories not in categories.yaml: \['papers'\]"),
        (("¿Es 1 caja o 2?", "¿Es 1 caja o 3?"), r"item 'box' question: numbers"),
        (("§ 6.37.030(b)).", "§ 6.37.030(c))."), r"item 'box' note: citations"),
        (("Code § 6.37.030(b)", "Code § 6.37.030(b)(1)"), r"item 'box' note: numbers"),
        (
            ("Victorville Municipal Code §", "Código Municipal de Victorville §"),
            r"item 'box' note: citations",
        ),
        (("two: [dos]", "dos: [dos]"), r"item 'box': answers \['dos', 'one'\] != \['one', 'two'\]"),
        (("two: [dos]", "two: [dos, una]"), r"item 'box': 'una' answers both 'one' and 'two'"),
        (("two: [dos]", "two: [dos, one]"), r"item 'box': 'one' answers both 'one' and 'two'"),
        (("two: [dos]", "two: [no]"), r"answer 'two' needs a list of words"),
        (("{label: papel limpio}", "{label: papel limpio, guidance: Llévelo.}"), "guidance must be given"),
        (("    name: caja\n", "    name: caja\n    notes: x\n"), r"unknown fields \['notes'\]"),
    ],
)
def test_the_loader_refuses_what_would_change_or_confuse_an_answer(
    tmp_path: Path, change: tuple[str, str], error: str
) -> None:
    assert change[0] in SPANISH
    with pytest.raises(CatalogError, match=error):
        _load(tmp_path, SPANISH.replace(*change))


def test_the_loader_refuses_a_spanish_note_where_the_english_has_none(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="a note must be given exactly where the English has one"):
        _load(tmp_path, SPANISH + "  newspaper: {name: periódico, note: Dóblelo.}\n")


def test_the_container_a_spanish_question_names_is_answered_first(matcher: SortingMatcher) -> None:
    assert spanish(matcher.sort("las latas de aluminio van al azul?")).startswith("Sí. Lata de aluminio:")
    assert spanish(matcher.sort("la ropa vieja la puedo poner en el bote verde?")).startswith(
        "No, no va en el contenedor verde: la ordenanza excluye textiles de ese contenedor."
    )
