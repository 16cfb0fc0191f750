"""Which container does it go in? Item catalog, free-text matcher and SMS answers for Victorville Ch. 6.37.

Categories rest on the definitions of Victorville Municipal Code § 6.37.020 (and, for cooking oil and grease,
§ 10.03.230 and § 10.03.260); the container for each generator type comes from
:func:`compliance.victorville.organics.container_for`, never from this package.
"""

from sorting.answer import format_answer, format_many
from sorting.catalog import Catalog, CatalogError, CatalogItem, Category, load_catalog
from sorting.matcher import FUZZY_BACKEND, SortingAnswer, SortingMatcher, answer_for

__all__ = [
    "FUZZY_BACKEND",
    "Catalog",
    "CatalogError",
    "CatalogItem",
    "Category",
    "SortingAnswer",
    "SortingMatcher",
    "answer_for",
    "format_answer",
    "format_many",
    "load_catalog",
]
