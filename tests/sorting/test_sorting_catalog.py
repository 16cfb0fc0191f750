"""The catalog and category data: complete, consistent, and traceable to the ordinance text."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from sorting_test_support import (
    CH_6_37,
    CH_10_03,
    ORD_6_37,
    ORD_10_03,
    catalog_fixture,  # noqa: F401  (pytest fixtures)
    definitions_6_37,
    victorville_sections,
)

from compliance.victorville.organics import Stream
from sorting.catalog import Catalog, CatalogError
from sorting.normalize import key

CITATION = re.compile(
    r'^Victorville Municipal Code § (?:6\.37\.020 \("[^"]+"\)|10\.03\.\d{3}(?:\([a-z0-9]+\))*)$'
)
PHONE_OR_ADDRESS = re.compile(
    r"\(?\d{3}\)?[ .-]?\d{3}[ .-]\d{4}|\b\d{2,5} [A-Z][a-z]+ (?:St|Ave|Rd|Blvd)\b|https?://"
)


def test_catalog_loads_with_at_least_300_items(catalog: Catalog) -> None:
    assert len(catalog.items) >= 300
    assert all(item.synonyms for item in catalog.items), "every item needs at least one synonym"


def test_every_item_and_answer_names_a_known_category(catalog: Catalog) -> None:
    for item in catalog.items:
        assert item.category in catalog.categories, item.name
        if item.ask:
            assert len(item.ask.options) >= 2, item.name
            assert set(item.ask.options.values()) <= set(catalog.categories), item.name
            assert item.ask.question.endswith("?"), item.name


def test_no_synonym_belongs_to_two_items_once_normalised(catalog: Catalog) -> None:
    owners: dict[str, set[str]] = defaultdict(set)
    for item in catalog.items:
        for term in item.terms:
            owners[key(term)].add(item.name)
    shared = {term: names for term, names in owners.items() if len(names) > 1}
    assert shared == {}
    assert len(catalog.index) == len(owners)


def test_categories_use_known_streams_and_authorities(catalog: Catalog) -> None:
    streams = {stream.value for stream in Stream} | {"special"}
    for category in catalog.categories.values():
        assert category.stream in streams, category.key
        assert category.decided_by in {"ordinance", "hauler_list"}, category.key
        assert (category.guidance is not None) == (category.stream == "special"), category.key


def test_every_category_is_used_by_some_item(catalog: Catalog) -> None:
    used = {item.category for item in catalog.items}
    used |= {c for item in catalog.items if item.ask for c in item.ask.options.values()}
    assert set(catalog.categories) - used == set()


def test_catalog_covers_every_container_and_special_handling(catalog: Catalog) -> None:
    streams = {catalog.category(item.category).stream for item in catalog.items}
    assert streams == {"recyclables", "organics", "food_scraps", "residual", "special"}


def test_citations_use_the_house_style(catalog: Catalog) -> None:
    for category in catalog.categories.values():
        for citation in (category.citation, *category.see_also):
            assert CITATION.match(citation), (category.key, citation)


def test_basis_is_a_short_verbatim_quote_from_the_cited_definition(catalog: Catalog) -> None:
    definitions = definitions_6_37()
    sections = victorville_sections(CH_10_03, ORD_10_03)
    for category in catalog.categories.values():
        assert len(category.basis.split()) <= 25, category.key
        term = re.search(r'\("([^"]+)"\)$', category.citation)
        if term:
            source = definitions[term.group(1)]
        else:
            section = re.search(r"§ (10\.03\.\d{3})", category.citation).group(1)
            source = sections[section]
        assert category.basis in " ".join(source.split()), category.key


def test_ordinance_decided_categories_quote_the_material_they_cover(catalog: Catalog) -> None:
    """Spot checks that "ordinance" really means the text names the material."""
    expectations = {
        "food_scraps": ["fruits", "vegetables", "bones", "eggshells"],
        "yard_trimmings": ["garden trimmings", "leaves", "grass clippings", "weeds"],
        "paper": ["clean paper"],
        "cardboard": ["cardboard"],
        "glass": ["glass"],
        "metal": ["cans", "metals"],
        "plastic_containers": ["bottles", "plastics"],
        "hazardous_waste": ["hazardous waste"],
        "medical_waste": ["medical waste"],
        "electronics": ["electronics"],
        "tires": ["tires"],
        "cooking_oil_grease": ["waste cooking oils"],
    }
    for category_key, words in expectations.items():
        category = catalog.category(category_key)
        assert category.decided_by == "ordinance", category_key
        for word in words:
            assert word in category.basis, (category_key, word)


def test_residual_categories_depend_on_the_citys_designations(catalog: Catalog) -> None:
    """Black container waste is whatever is not designated elsewhere, so the ordinance never decides it."""
    residual = [c for c in catalog.categories.values() if c.stream == "residual"]
    assert residual
    assert {c.decided_by for c in residual} == {"hauler_list"}


def test_waste_cooking_oil_rests_on_section_10_03_230_by_counting_sections() -> None:
    sections = victorville_sections(CH_10_03, ORD_10_03)
    assert len(sections) == 40
    assert sections["10.03.280"].startswith("(a) In the event a permittee is unable to comply")
    assert sections["10.03.230"].startswith("All waste cooking oils shall be collected")
    assert "into drainage pipes is prohibited" in sections["10.03.230"]
    assert sections["10.03.260"].startswith("Grease removed from grease interceptors")


def test_cooking_oil_category_cites_fog_rules_and_the_food_scraps_exclusion(catalog: Catalog) -> None:
    fog = catalog.category("cooking_oil_grease")
    assert fog.stream == "special"
    assert fog.citation == "Victorville Municipal Code § 10.03.230"
    assert 'Victorville Municipal Code § 6.37.020 ("Food scraps")' in fog.see_also
    assert "Food scraps excludes fats, oils, and grease" in definitions_6_37()["Food scraps"]
    assert fog.guidance.startswith("Never pour cooking oil or grease down a drain")


def test_guidance_invents_no_phone_numbers_addresses_or_links(catalog: Catalog) -> None:
    texts = [c.guidance for c in catalog.categories.values() if c.guidance]
    texts += [item.note for item in catalog.items if item.note]
    assert texts
    for text in texts:
        assert not PHONE_OR_ADDRESS.search(text), text


def test_notes_cite_only_existing_sections(catalog: Catalog) -> None:
    cited = [m for item in catalog.items if item.note for m in re.findall(r"§ ([\d.]+\S*)\)", item.note)]
    assert cited == ["6.37.060(c)(1)", "6.37.030(b)"]
    sections = victorville_sections(CH_6_37, ORD_6_37)
    assert "(1) Arrange to recover the maximum amount of edible food" in sections["6.37.060"]
    assert "prepared/bagged in the manner described in notice provided by the city" in sections["6.37.030"]


def _write(tmp_path: Path, categories: str, items: str) -> tuple[Path, Path]:
    cat_path, item_path = tmp_path / "categories.yaml", tmp_path / "catalog.yaml"
    cat_path.write_text(categories, encoding="utf-8")
    item_path.write_text(items, encoding="utf-8")
    return item_path, cat_path


CATEGORIES = """
paper:
  label: clean paper
  stream: recyclables
  decided_by: ordinance
  citation: Victorville Municipal Code § 6.37.020 ("Designated blue container organic waste")
  basis: clean paper and cardboard
"""


def test_loader_refuses_a_synonym_shared_by_two_items(tmp_path: Path) -> None:
    items = """
- {name: newspaper, category: paper, synonyms: [news paper]}
- {name: magazine, category: paper, synonyms: [News Papers]}
"""
    with pytest.raises(CatalogError, match=r"'News Papers' \(key 'news paper'\) of item 'magazine'"):
        Catalog.load(*_write(tmp_path, CATEGORIES, items))


def test_loader_refuses_an_unknown_category(tmp_path: Path) -> None:
    items = "- {name: newspaper, category: papers, synonyms: [news paper]}\n"
    with pytest.raises(CatalogError, match="unknown category 'papers'"):
        Catalog.load(*_write(tmp_path, CATEGORIES, items))


def test_loader_refuses_an_answer_mapped_to_an_unknown_category(tmp_path: Path) -> None:
    items = """
- name: box
  category: paper
  synonyms: [boxes]
  ask: {question: "Greasy or clean?", options: {greasy: food_soiled_paper, clean: paper}}
"""
    with pytest.raises(CatalogError, match="answer 'greasy' maps to unknown category 'food_soiled_paper'"):
        Catalog.load(*_write(tmp_path, CATEGORIES, items))


def test_loader_refuses_a_special_category_without_guidance(tmp_path: Path) -> None:
    categories = CATEGORIES.replace("stream: recyclables", "stream: special")
    with pytest.raises(CatalogError, match="guidance is required"):
        Catalog.load(*_write(tmp_path, categories, "- {name: newspaper, category: paper, synonyms: [x]}\n"))
