"""Answer cards: complete, cited answers to the questions users ask, checked against the ordinances.

    from knowledge.cards import CardIndex, load_cards
    cards = CardIndex.load(load_cards(), embedder, folder)  # HybridIndex.load does this
    best = cards.match("how often do i pump my grease trap", "victorville")[0]
    best.card.answer, best.card.citation

``python -m knowledge.cards check`` checks every card (:mod:`knowledge.cards.fidelity`).
"""

from knowledge.cards.match import CardIndex, CardMatch
from knowledge.cards.model import (
    CARDS_DIR,
    OFFER_SUBJECTS,
    OFFERS,
    Card,
    CardError,
    join_citations,
    load_cards,
)

__all__ = [
    "CARDS_DIR",
    "OFFERS",
    "OFFER_SUBJECTS",
    "Card",
    "CardError",
    "CardIndex",
    "CardMatch",
    "join_citations",
    "load_cards",
]
