"""Fixtures and source readers for the sorting tests.

There is deliberately no conftest.py here: other test folders import helpers with ``from conftest import``,
which a second conftest module on the path would shadow. Test modules import the ``*_fixture`` functions,
which pytest registers under their fixture names. Fast
tests inject :class:`HashingEmbedder` (hashed words, no model); only the test marked ``slow`` loads
all-MiniLM-L6-v2. (No __init__.py either: a package named ``sorting`` under tests/ would shadow the real one.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from knowledge.embedding import HashingEmbedder
from sorting.catalog import Catalog, load_catalog
from sorting.matcher import SortingMatcher

SOURCES = Path(__file__).resolve().parents[2] / "knowledge" / "sources"
CH_6_37 = SOURCES / "victorville-ch6.37-organic-waste.txt"
CH_10_03 = SOURCES / "victorville-ch10.03-fog-control.txt"
ORD_6_37 = "(Ord. No. 2425, § 2, 4-19-22)"
ORD_10_03 = "(Ord. No. 2363, § 4, 3-21-17)"


def victorville_sections(path: Path, ordinance_line: str) -> dict[str, str]:
    """Section number → text, numbering sections in steps of ten in text order (sources README)."""
    chapter = re.search(r"(\d+\.\d+)", path.name.replace("ch", "")).group(1)
    parts = path.read_text(encoding="utf-8").split(ordinance_line)
    return {f"{chapter}.{10 * (i + 1):03d}": part.strip() for i, part in enumerate(parts) if part.strip()}


def definitions_6_37() -> dict[str, str]:
    """Quoted term → its whole definition text (with any numbered lines that follow it) in 6.37.020."""
    text = victorville_sections(CH_6_37, ORD_6_37)["6.37.020"]
    definitions: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        term = re.match(r'^"([^"]+)"', line)
        if term:
            current = term.group(1)
            definitions[current] = line
        elif current and line.strip():
            definitions[current] += "\n" + line
    return definitions


@pytest.fixture(scope="session", name="catalog")
def catalog_fixture() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="session", name="lexical_matcher")
def lexical_matcher_fixture(catalog: Catalog) -> SortingMatcher:
    """No embedder: exact, fuzzy and containment matching only."""
    return SortingMatcher(catalog)


@pytest.fixture(scope="session", name="matcher")
def matcher_fixture(catalog: Catalog) -> SortingMatcher:
    """The full pipeline with the fake embedder (2048 buckets, so distinct words rarely collide)."""
    return SortingMatcher(catalog, embedder=HashingEmbedder(dim=2048))
