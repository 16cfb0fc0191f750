"""The real embedding model on free-text paraphrases that are not in the catalog's synonyms."""

from __future__ import annotations

import pytest
from sorting_test_support import catalog_fixture  # noqa: F401  (pytest fixtures)

from knowledge.embedding import load_embedder
from sorting.catalog import Catalog
from sorting.matcher import SortingMatcher
from sorting.normalize import key

# (what a user might type, acceptable items). None of these texts is a catalog name or synonym.
PARAPHRASES: list[tuple[str, set[str]]] = [
    ("grounds left in my espresso machine", {"coffee grounds"}),
    ("lawn cuttings after mowing", {"grass clippings", "garden trimmings"}),
    ("the skin I peeled off my mango", {"fruit scraps"}),
    ("fat left in the skillet after frying bacon", {"bacon grease", "kitchen grease"}),
    ("spent oil from the restaurant deep fryer", {"used cooking oil"}),
    ("double A cells from the remote", {"batteries"}),
    ("half a can of leftover house paint", {"paint", "paint can"}),
    ("oil I drained from my car engine", {"motor oil"}),
    ("a dead potted fern", {"plants"}),
    ("what the cat left in the litter box", {"cat litter", "pet waste"}),
    ("the sludge pumped out of our grease interceptor", {"grease trap waste"}),
    ("a broken drinking cup made of glass", {"drinking glass"}),
    ("worn out running sneakers", {"shoes"}),
    ("pills my doctor prescribed that expired", {"medicine"}),
    ("the carcass of our thanksgiving turkey", {"chicken bones"}),
    ("shells from the shrimp we peeled", {"shellfish shells"}),
    ("a microwave that stopped heating", {"microwave"}),
    ("junk flyers from the mailbox", {"junk mail"}),
    ("dirty nappies from the baby", {"diapers"}),
    ("an old mobile phone that is cracked", {"cell phone"}),
]

MIN_ACCURACY = 0.85
"""Measured 18/20 (0.90) with all-MiniLM-L6-v2: the mango skin scores below the threshold (none) and
"double A cells" is taken for the remote control."""


@pytest.mark.slow
def test_real_model_matches_free_text_paraphrases(catalog: Catalog) -> None:
    assert len(PARAPHRASES) == 20
    for text, expected in PARAPHRASES:
        assert catalog.index.get(key(text, query=True)) is None, f"{text!r} is a synonym, not a paraphrase"
        assert all(name in {item.name for item in catalog.items} for name in expected), expected

    matcher = SortingMatcher(Catalog(catalog.items, catalog.categories), embedder=load_embedder)
    results = [(text, expected, matcher.match(text)) for text, expected in PARAPHRASES]
    hits = [found for _, expected, found in results if found is not None and found.item.name in expected]
    misses = [
        (text, found.item.name if found else None)
        for text, expected, found in results
        if found is None or found.item.name not in expected
    ]
    accuracy = len(hits) / len(PARAPHRASES)
    print(
        f"\nsemantic paraphrase accuracy: {len(hits)}/{len(PARAPHRASES)} = {accuracy:.2f}; misses: {misses}"
    )

    assert accuracy >= MIN_ACCURACY, misses
    assert sum(found.method == "semantic" for found in hits) >= 8, (
        "the model, not lexical luck, must do the work"
    )
