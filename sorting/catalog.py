"""The sorting catalog: material categories (``categories.yaml``) and items (``catalog.yaml``), with their
Spanish texts (``catalog.es.yaml``).

A :class:`Catalog` is loaded once (:func:`load_catalog` caches it) and validated on load: every item names a
known category, every clarifying question maps its answers to known categories, no synonym points to two
items once normalised, no answer word (English or Spanish) gives two answers to one question, and the
Spanish texts name only known items and categories and keep the English numbers and citations. Item vectors
for semantic matching are computed on first use, once per embedder.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import threading
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from compliance.victorville.organics import Stream
from knowledge.embedding import Embedder
from languages.catalog import digits
from sorting.normalize import key, key_tokens, word_tokens

PACKAGE_DIR = Path(__file__).resolve().parent
CATALOG_PATH = PACKAGE_DIR / "catalog.yaml"
CATEGORIES_PATH = PACKAGE_DIR / "categories.yaml"
SPANISH_PATH = PACKAGE_DIR / "catalog.es.yaml"

SPECIAL_STREAM = "special"
"""Material that goes in no cart: excluded, hazardous or medical waste, cooking oil and grease."""

STREAMS = frozenset({stream.value for stream in Stream} | {SPECIAL_STREAM})
DECIDED_BY = frozenset({"ordinance", "hauler_list"})
CONTAINER_COLORS = frozenset({"blue", "green", "brown", "black"})


class CatalogError(ValueError):
    """The catalog or category YAML is inconsistent; the message names the offending entry."""


@dataclasses.dataclass(frozen=True)
class Category:
    """A material category and the ordinance definition it rests on (see ``categories.yaml``)."""

    key: str
    label: str
    stream: str
    decided_by: str
    citation: str
    basis: str
    see_also: tuple[str, ...] = ()
    guidance: str | None = None
    spanish: CategoryText | None = None
    excluded_from: tuple[str, ...] = ()  # containers whose definition leaves this material out

    @property
    def is_special(self) -> bool:
        return self.stream == SPECIAL_STREAM


@dataclasses.dataclass(frozen=True)
class CategoryText:
    """A category's words in Spanish (``catalog.es.yaml``): its label, and its guidance where it has one."""

    label: str
    guidance: str | None = None


@dataclasses.dataclass(frozen=True)
class ItemText:
    """An item's words in Spanish (``catalog.es.yaml``).

    ``answer_words`` maps each answer to its question (the English option key) to the Spanish words that
    give it; the first is the one the question offers ("Responda grasosa o limpia.").
    """

    name: str
    note: str | None = None
    question: str | None = None
    answer_words: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)

    def choice(self, option: str) -> str:
        """How the Spanish question offers ``option``: its first Spanish answer word, else the key."""
        return next(iter(self.answer_words.get(option, ())), option)


@dataclasses.dataclass(frozen=True)
class Ask:
    """One clarifying question; ``options`` maps each short answer to a category key."""

    question: str
    options: Mapping[str, str]
    answer_words: Mapping[str, tuple[str, ...]]

    def phrases(self, option: str) -> tuple[tuple[str, ...], ...]:
        """The token sequences that select ``option``: its own name and its answer words."""
        words = (option, *self.answer_words.get(option, ()))
        return tuple(tokens for tokens in (word_tokens(w) for w in words) if tokens)


@dataclasses.dataclass(frozen=True)
class CatalogItem:
    name: str
    category: str
    synonyms: tuple[str, ...] = ()
    ask: Ask | None = None
    note: str | None = None
    spanish: ItemText | None = None
    purpose: bool = False  # named by what is done with it ("for a rendering company"): decides over the thing

    @property
    def terms(self) -> tuple[str, ...]:
        """Everything the item is known by: its name first, then its synonyms."""
        return (self.name, *self.synonyms)

    def phrases(self, option: str) -> tuple[tuple[str, ...], ...]:
        """The token sequences that select ``option`` in either language: the English option name and
        answer words, then the Spanish answer words."""
        if self.ask is None:
            return ()
        spanish = self.spanish.answer_words.get(option, ()) if self.spanish else ()
        return (*self.ask.phrases(option), *(tokens for tokens in map(word_tokens, spanish) if tokens))


def contains_run(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    """Whether ``needle`` occurs in ``haystack`` as consecutive tokens."""
    n = len(needle)
    return any(tuple(haystack[i : i + n]) == tuple(needle) for i in range(len(haystack) - n + 1))


class Catalog:
    """Items and categories, indexed by normalised term; embedding vectors built lazily per embedder."""

    def __init__(self, items: Sequence[CatalogItem], categories: Mapping[str, Category]) -> None:
        self.items: tuple[CatalogItem, ...] = tuple(items)
        self.categories: dict[str, Category] = dict(categories)
        self._by_name = {item.name: item for item in self.items}
        self.index: dict[str, CatalogItem] = {}
        self._validate_and_index()
        self._vectors: dict[str, tuple[np.ndarray, tuple[CatalogItem, ...]]] = {}
        self._vector_lock = threading.Lock()

    # -- loading ----------------------------------------------------------------------------------------

    @classmethod
    def load(
        cls,
        catalog_path: Path = CATALOG_PATH,
        categories_path: Path = CATEGORIES_PATH,
        spanish_path: Path | None = None,
    ) -> Catalog:
        """Categories and items, with their Spanish texts from ``spanish_path`` when given (the packaged
        ones are :data:`SPANISH_PATH`, which :func:`load_catalog` reads)."""
        categories_raw = yaml.safe_load(Path(categories_path).read_text(encoding="utf-8"))
        items_raw = yaml.safe_load(Path(catalog_path).read_text(encoding="utf-8"))
        if not isinstance(categories_raw, dict):
            raise CatalogError(f"{categories_path} must map category keys to definitions")
        if not isinstance(items_raw, list):
            raise CatalogError(f"{catalog_path} must be a list of items")
        categories = {str(k): _category(str(k), v) for k, v in categories_raw.items()}
        items = [_item(raw) for raw in items_raw]
        if spanish_path is not None:
            spanish_raw = yaml.safe_load(Path(spanish_path).read_text(encoding="utf-8"))
            categories, items = _with_spanish(spanish_raw, categories, items, where=Path(spanish_path).name)
        return cls(items, categories)

    def _validate_and_index(self) -> None:
        if len(self._by_name) != len(self.items):
            names = [item.name for item in self.items]
            dupes = sorted({n for n in names if names.count(n) > 1})
            raise CatalogError(f"duplicate item names: {dupes}")
        for item in self.items:
            if item.category not in self.categories:
                raise CatalogError(f"item {item.name!r} has unknown category {item.category!r}")
            if item.ask:
                for option, category in item.ask.options.items():
                    if category not in self.categories:
                        raise CatalogError(
                            f"item {item.name!r}: answer {option!r} maps to unknown category {category!r}"
                        )
                unknown = set(item.ask.answer_words) - set(item.ask.options)
                if unknown:
                    raise CatalogError(
                        f"item {item.name!r}: answer_words for unknown answers {sorted(unknown)}"
                    )
                _check_answers_distinct(item)
            for term in item.terms:
                term_key = key(term)
                if not term_key:
                    raise CatalogError(f"item {item.name!r}: term {term!r} is empty once normalised")
                owner = self.index.setdefault(term_key, item)
                if owner is not item:
                    raise CatalogError(
                        f"term {term!r} (key {term_key!r}) of item {item.name!r} already belongs to "
                        f"{owner.name!r}"
                    )

    # -- lookups ----------------------------------------------------------------------------------------

    def item(self, name: str) -> CatalogItem:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no catalog item named {name!r}") from None

    def category(self, category_key: str) -> Category:
        return self.categories[category_key]

    def lookup(self, text: str) -> CatalogItem | None:
        """Exact lookup by any name or synonym, after normalisation."""
        return self.index.get(key(text))

    def resolve_option(self, item: CatalogItem, reply: str, *, ignore: Sequence[str] = ()) -> str | None:
        """Which answer to ``item``'s question ``reply`` gives, or None when it gives none or several.

        English and Spanish answer words both count, whatever the conversation's language. The longest
        matching phrase wins, so "not greasy" (an answer word of "clean") beats "greasy".
        ``ignore`` lists words to disregard once each (the item's own words, when reading the first query:
        in "paint can with a little paint left" the second "paint" still counts).
        """
        if item.ask is None:
            return None
        tokens = list(word_tokens(reply))
        for word in ignore:
            if word in tokens:
                tokens.remove(word)
        best: dict[str, int] = {}
        for option in item.ask.options:
            lengths = [len(p) for p in item.phrases(option) if contains_run(tokens, p)]
            if lengths:
                best[option] = max(lengths)
        if not best:
            return None
        top = max(best.values())
        winners = [option for option, length in best.items() if length == top]
        return winners[0] if len(winners) == 1 else None

    # -- vectors ----------------------------------------------------------------------------------------

    def vectors(
        self, embedder: Embedder, cache_dir: Path | None = None
    ) -> tuple[np.ndarray, tuple[CatalogItem, ...]]:
        """One L2-normalised row per distinct term, and the item each row belongs to.

        Computed once per embedder and kept in memory; with ``cache_dir`` also stored on disk under a
        name that changes whenever the catalog or the embedder does (about 15 s saved per process with
        the real model on two cores).
        """
        cached = self._vectors.get(embedder.name)
        if cached is not None:
            return cached
        with self._vector_lock:
            cached = self._vectors.get(embedder.name)
            if cached is None:
                texts, owners = self._embedding_texts()
                cached = (self._encode(embedder, texts, cache_dir), owners)
                self._vectors[embedder.name] = cached
        return cached

    def _embedding_texts(self) -> tuple[list[str], tuple[CatalogItem, ...]]:
        """The first spelling of each distinct term key ("banana peel", not also "banana peels")."""
        texts: dict[str, tuple[str, CatalogItem]] = {}
        for item in self.items:
            for term in item.terms:
                texts.setdefault(key(term), (term, item))
        return [term for term, _ in texts.values()], tuple(item for _, item in texts.values())

    @staticmethod
    def _encode(embedder: Embedder, texts: list[str], cache_dir: Path | None) -> np.ndarray:
        if cache_dir is None:
            return np.asarray(embedder.encode(texts), dtype=np.float32)
        fingerprint = "\n".join([embedder.name, str(embedder.dim), *texts]).encode()
        digest = hashlib.sha256(fingerprint).hexdigest()[:16]
        path = Path(cache_dir) / f"sorting-vectors-{digest}.npy"
        if path.exists():
            vectors = np.load(path)
            if vectors.shape == (len(texts), embedder.dim):
                return vectors
        vectors = np.asarray(embedder.encode(texts), dtype=np.float32)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(partial, vectors)
        os.replace(partial, path)
        return vectors


def _check_answers_distinct(item: CatalogItem) -> None:
    """Refuse a phrase (English or Spanish, once normalised) that would select two answers of one question."""
    owner: dict[tuple[str, ...], str] = {}
    for option in item.ask.options if item.ask else ():
        for phrase in item.phrases(option):
            other = owner.setdefault(phrase, option)
            if other != option:
                raise CatalogError(
                    f"item {item.name!r}: {' '.join(phrase)!r} answers both {other!r} and {option!r}"
                )


def _category(category_key: str, raw: Any) -> Category:
    if not isinstance(raw, dict):
        raise CatalogError(f"category {category_key!r} must be a mapping, got {raw!r}")
    missing = {"label", "stream", "decided_by", "citation", "basis"} - set(raw)
    if missing:
        raise CatalogError(f"category {category_key!r} lacks {sorted(missing)}")
    category = Category(
        key=category_key,
        label=str(raw["label"]),
        stream=str(raw["stream"]),
        decided_by=str(raw["decided_by"]),
        citation=str(raw["citation"]),
        basis=" ".join(str(raw["basis"]).split()),
        see_also=tuple(str(c) for c in raw.get("see_also", ())),
        guidance=" ".join(str(raw["guidance"]).split()) if raw.get("guidance") else None,
        excluded_from=tuple(str(c) for c in raw.get("excluded_from", ())),
    )
    if unknown := set(category.excluded_from) - CONTAINER_COLORS:
        raise CatalogError(f"category {category_key!r} is excluded from unknown containers {sorted(unknown)}")
    if category.stream not in STREAMS:
        raise CatalogError(f"category {category_key!r} has unknown stream {category.stream!r}")
    if category.decided_by not in DECIDED_BY:
        raise CatalogError(f"category {category_key!r} has unknown decided_by {category.decided_by!r}")
    if category.is_special != (category.guidance is not None):
        raise CatalogError(
            f"category {category_key!r}: guidance is required for, and only for, special streams"
        )
    return category


def _item(raw: Any) -> CatalogItem:
    if not isinstance(raw, dict) or "name" not in raw or "category" not in raw:
        raise CatalogError(f"catalog item needs a name and a category, got {raw!r}")
    synonyms = raw.get("synonyms") or []
    if not all(isinstance(s, str) for s in synonyms):
        raise CatalogError(f"item {raw['name']!r}: every synonym must be text, got {synonyms!r}")
    ask = None
    if raw.get("ask"):
        ask_raw = raw["ask"]
        options = {str(k): str(v) for k, v in (ask_raw.get("options") or {}).items()}
        if len(options) < 2 or not ask_raw.get("question"):
            raise CatalogError(f"item {raw['name']!r}: a question needs text and at least two answers")
        words = {str(k): tuple(str(w) for w in v) for k, v in (ask_raw.get("answer_words") or {}).items()}
        ask = Ask(question=str(ask_raw["question"]), options=options, answer_words=words)
    note = " ".join(str(raw["note"]).split()) if raw.get("note") else None
    return CatalogItem(
        name=str(raw["name"]),
        category=str(raw["category"]),
        synonyms=tuple(synonyms),
        ask=ask,
        note=note,
        purpose=bool(raw.get("purpose", False)),
    )


_CITATION = re.compile(r"[A-Z][A-Za-z ]*Code § [0-9.]+(?:\([a-z0-9]+\))*")
"""A citation written in a text ("Victorville Municipal Code § 6.37.060(c)(1)"): Spanish keeps it as is."""


def _with_spanish(
    raw: Any, categories: Mapping[str, Category], items: Sequence[CatalogItem], *, where: str
) -> tuple[dict[str, Category], list[CatalogItem]]:
    """The categories and items with their Spanish texts (``catalog.es.yaml``) attached.

    Refused at load: a category key or item name the English catalog lacks, a field the shape does not
    have, a guidance, note or question where the English has none (or none where it has one), other answers
    than the English question's, and any number or citation that is not exactly the English one. An entry
    left out keeps English only (the tests require every one).
    """
    if not isinstance(raw, dict) or set(raw) - {"categories", "items"}:
        raise CatalogError(f"{where} must map 'categories' and 'items' to their Spanish texts")
    categories_raw, items_raw = raw.get("categories") or {}, raw.get("items") or {}
    if not isinstance(categories_raw, dict) or not isinstance(items_raw, dict):
        raise CatalogError(f"{where}: 'categories' and 'items' must be mappings")
    unknown = sorted(set(map(str, categories_raw)) - set(categories))
    if unknown:
        raise CatalogError(f"{where}: categories not in categories.yaml: {unknown}")
    unknown = sorted(set(map(str, items_raw)) - {item.name for item in items})
    if unknown:
        raise CatalogError(f"{where}: items not in catalog.yaml: {unknown}")
    return (
        {
            key: _spanish_category(category, categories_raw[key], where)
            if key in categories_raw
            else category
            for key, category in categories.items()
        },
        [
            _spanish_item(item, items_raw[item.name], where) if item.name in items_raw else item
            for item in items
        ],
    )


def _spanish_category(category: Category, raw: Any, where: str) -> Category:
    context = f"{where}: category {category.key!r}"
    _check_fields(raw, {"label", "guidance"}, context)
    label, guidance = _text(raw.get("label")), _text(raw.get("guidance"))
    if label is None:
        raise CatalogError(f"{context} lacks its label")
    if (guidance is None) != (category.guidance is None):
        raise CatalogError(f"{context}: guidance must be given exactly where the English has it")
    _check_same_facts(category.label, label, f"{context} label")
    _check_same_facts(category.guidance or "", guidance or "", f"{context} guidance")
    return dataclasses.replace(category, spanish=CategoryText(label=label, guidance=guidance))


def _spanish_item(item: CatalogItem, raw: Any, where: str) -> CatalogItem:
    context = f"{where}: item {item.name!r}"
    _check_fields(raw, {"name", "ask", "note"}, context)
    name, note = _text(raw.get("name")), _text(raw.get("note"))
    if name is None:
        raise CatalogError(f"{context} lacks its name")
    if (note is None) != (item.note is None):
        raise CatalogError(f"{context}: a note must be given exactly where the English has one")
    if bool(raw.get("ask")) != (item.ask is not None):
        raise CatalogError(f"{context}: a question must be given exactly where the English has one")
    _check_same_facts(item.name, name, f"{context} name")
    _check_same_facts(item.note or "", note or "", f"{context} note")
    if item.ask is None:
        return dataclasses.replace(item, spanish=ItemText(name=name, note=note))
    ask = raw["ask"]
    _check_fields(ask, {"question", "options"}, f"{context} ask")
    question, options = _text(ask.get("question")), ask.get("options")
    if question is None or not isinstance(options, dict):
        raise CatalogError(f"{context}: a question needs its text and its answers' words")
    if set(map(str, options)) != set(item.ask.options):
        raise CatalogError(f"{context}: answers {sorted(map(str, options))} != {sorted(item.ask.options)}")
    words: dict[str, tuple[str, ...]] = {}
    for option, listed in options.items():
        if not isinstance(listed, list) or not listed or not all(isinstance(w, str) for w in listed):
            raise CatalogError(f"{context}: answer {option!r} needs a list of words, got {listed!r}")
        words[str(option)] = tuple(" ".join(w.split()) for w in listed)
    _check_same_facts(item.ask.question, question, f"{context} question")
    return dataclasses.replace(
        item, spanish=ItemText(name=name, note=note, question=question, answer_words=words)
    )


def _check_fields(raw: Any, allowed: set[str], context: str) -> None:
    if not isinstance(raw, dict):
        raise CatalogError(f"{context} must be a mapping, got {raw!r}")
    unknown = sorted(set(map(str, raw)) - allowed)
    if unknown:
        raise CatalogError(f"{context}: unknown fields {unknown}")


def _check_same_facts(english: str, spanish: str, context: str) -> None:
    """The Spanish text writes exactly the English numbers (in digits) and citations."""
    if digits(english) != digits(spanish):
        raise CatalogError(f"{context}: numbers {digits(spanish)} != {digits(english)}")
    if _CITATION.findall(english) != _CITATION.findall(spanish):
        raise CatalogError(
            f"{context}: citations {_CITATION.findall(spanish)} != {_CITATION.findall(english)}"
        )


def _text(value: Any) -> str | None:
    """A YAML text with its runs of spaces folded; None when absent or empty."""
    text = " ".join(str(value).split()) if value is not None else ""
    return text or None


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    """The packaged catalog with its Spanish texts, loaded and validated once per process."""
    return Catalog.load(spanish_path=SPANISH_PATH)


__all__ = [
    "Ask",
    "Catalog",
    "CatalogError",
    "CatalogItem",
    "Category",
    "CategoryText",
    "ItemText",
    "key_tokens",
    "load_catalog",
]
