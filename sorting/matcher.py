"""Free text → catalog item → which container, by generator type, and on whose authority.

Matching runs in order of certainty and stops at the first hit:

1. exact: the whole text (then the text without its question frame) is a name or synonym;
2. fuzzy: lexical similarity of a run of the text's words to a name or synonym (typos), where the run is
   longer than any name found exactly inside the text ("styrofome cup" is a foam cup, not a "cup");
3. contains: a name or synonym found inside the text ("rusty frying pan" → pots and pans), unless it is
   weak (outside the phrase's head, or under half its words) and the embedder clearly prefers another;
4. semantic: cosine similarity of sentence embeddings (only when an embedder is injected).

Below every threshold the answer is ``none``: the caller says so and offers the city contact. The container
itself is never decided here: :func:`compliance.victorville.organics.container_for` rules on it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from compliance.core import to_plain
from compliance.victorville.organics import ContainerRuling, GeneratorType, Stream, container_for
from knowledge.embedding import Embedder
from languages import SPANISH, current
from sorting.catalog import Catalog, CatalogItem, Category, contains_run, load_catalog
from sorting.normalize import STOPWORDS, WHICH_CART, content_first, fold, head_size, key_tokens, strip_frame

try:  # pragma: no cover - depends on the environment
    from rapidfuzz.fuzz import ratio as _rapidfuzz_ratio

    FUZZY_BACKEND = "rapidfuzz"

    def similarity(a: str, b: str) -> float:
        """Normalised Indel similarity in [0, 1]."""
        return _rapidfuzz_ratio(a, b) / 100.0

except ImportError:  # pragma: no cover - depends on the environment
    from difflib import SequenceMatcher

    FUZZY_BACKEND = "difflib"

    def similarity(a: str, b: str) -> float:
        """``difflib`` ratio in [0, 1] (rapidfuzz is not installed)."""
        return SequenceMatcher(None, a, b, autojunk=False).ratio()


# Items said to be kept or given for what they are used for ("for the renderer", "q se lleva el de la
# rendering", "pa la rendering")
_GIVEN_FOR = re.compile(
    r"\b(?:for|to|para|pa|(?:q|que)?\s*se\s+(?:lleva|llevan))\s+(?:(?:the|a|el|la|los|las|de|del)\s+){0,3}"
    r"render\w*",
    re.IGNORECASE,
)
FUZZY_THRESHOLD = 0.85
"""Lexical similarity needed to accept a typo: one slip in a seven-letter word ("bananna") passes, one in a
five-letter word does not."""

SEMANTIC_THRESHOLD = 0.6
# Between the items of a list: "las latas, las cascaras y el zacate", "cans, bottles and foil", "donde van las
# latas, donde las cascaras".
_LIST_BREAK = re.compile(
    r"[,;/+&?!]|\b(?:and|n|or|plus|y|e|o|u|donde|dónde|where|also|tambien|también)\b", re.IGNORECASE
)
"""Cosine similarity needed to accept an all-MiniLM-L6-v2 match (tuned on the paraphrase test set)."""

MIN_FUZZY_LENGTH = 5
"""Shorter text is never fuzzy-matched: "what" is one letter from "hat", but not a misspelt hat."""

STRONG_CONTAINMENT = 0.5
"""A name found in the head of the text and covering at least half its words is taken without asking the
embedder; a weaker one ("a can of leftover house paint" contains "can") is checked against it."""

SEMANTIC_OVERRIDE_MARGIN = 0.1
"""How much better (cosine) the embedder's best item must score than a weak contained name to replace it."""

SEMANTIC_SUGGESTION_FLOOR = 0.45
FUZZY_SUGGESTION_FLOOR = 0.7
"""Items scoring at least this (cosine, or lexical similarity without an embedder) are offered as "did you
mean" when nothing is accepted."""

# Everyday words a letter from an item's name, which are words, not typos: "y si se llena antes de los 60?"
# (if it fills up) is no firewood ("leña", typed "lena")
_EVERYDAY_WORDS = frozenset(
    {"llena", "lleno", "llenan", "llenar", "llenando", "llenamos", "llenas"}
    # "cada cuanto tengo q revisar los botes" (check the carts) is no magazine ("revista")
    | {"revisar", "revisa", "reviso", "revisan", "revisamos", "revise", "revisen", "revisas", "revisando"}
)

METHODS = ("exact", "contains", "fuzzy", "semantic", "none")
"""How an answer was found (``SortingAnswer.method``), most certain first; "none" when nothing was."""


@dataclasses.dataclass(frozen=True)
class ItemMatch:
    """Which item the text names, how it was found, and any answer to its question already in the text."""

    item: CatalogItem
    method: str
    confidence: float
    option: str | None = None


@dataclasses.dataclass(frozen=True)
class Wording:
    """The words an answer shows, in Spanish (``catalog.es.yaml``); None or empty where the catalog has none
    (the English one is shown instead). ``options`` are the answers the question offers, in the order of
    :attr:`SortingAnswer.options`."""

    item: str | None = None
    category_label: str | None = None
    guidance: str | None = None
    note: str | None = None
    question: str | None = None
    options: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class OtherChoice:
    """Where an item goes had its question been answered otherwise ("a clean pizza box: the blue
    container"), said beside the answer the user's words gave; ``option`` and ``category_label`` in English,
    their ``_es`` twins in Spanish (None where the catalog has none)."""

    option: str
    containers: tuple[ContainerRuling, ...]
    category_label: str
    option_es: str | None = None
    category_label_es: str | None = None


@dataclasses.dataclass(frozen=True)
class SortingAnswer:
    """Where an item goes, for whom, and the ordinance text it rests on.

    ``containers`` holds one :class:`ContainerRuling` per generator type asked about (both when the
    generator is unknown); it is empty for special-handling material (``guidance`` says what to do), for
    an open ``question``, and when nothing matched (``method == "none"``). ``item``, ``category`` and
    ``options`` are catalog keys (English); ``spanish`` holds what a Spanish reply shows instead.
    """

    query: str
    method: str
    confidence: float
    item: str | None = None
    category: str | None = None
    category_label: str | None = None
    stream: str | None = None
    decided_by: str | None = None
    generator: GeneratorType | None = None
    containers: tuple[ContainerRuling, ...] = ()
    citations: tuple[str, ...] = ()
    basis: str | None = None
    guidance: str | None = None
    note: str | None = None
    question: str | None = None
    options: tuple[str, ...] = ()
    option: str | None = None
    suggestions: tuple[str, ...] = ()
    spanish: Wording | None = None
    excluded_from: tuple[str, ...] = ()  # containers the category's own definition leaves it out of
    otherwise: tuple[OtherChoice, ...] = ()  # where it goes for the question's other answers, when told one

    @property
    def matched(self) -> bool:
        return self.method != "none"

    @property
    def needs_clarification(self) -> bool:
        return self.question is not None

    @property
    def is_special(self) -> bool:
        return self.stream == "special"

    def to_dict(self) -> dict[str, Any]:
        return to_plain(self)


GENERATOR_ORDER = (GeneratorType.SINGLE_FAMILY, GeneratorType.COMMERCIAL)


def answer_for(
    catalog: Catalog,
    item: CatalogItem,
    generator: GeneratorType | str | None = None,
    *,
    option: str | None = None,
    unsure: bool = False,
    query: str | None = None,
    method: str = "exact",
    confidence: float = 1.0,
) -> SortingAnswer:
    """The ruling for a known item: asks its question unless ``option`` answers it or ``unsure`` is set.

    ``unsure=True`` (the user cannot answer) uses the item's own category, which the catalog sets to the
    choice that keeps recycling and organics clean.
    """
    gen = GeneratorType(generator) if generator is not None else None
    base = {"query": query if query is not None else item.name, "method": method, "confidence": confidence}
    if item.ask is not None and option is None and not unsure:
        return SortingAnswer(
            **base,
            item=item.name,
            generator=gen,
            question=item.ask.question,
            options=tuple(item.ask.options),
            note=item.note,
            spanish=_spanish(item),
        )
    if item.ask is not None and option is not None:
        if option not in item.ask.options:
            raise ValueError(
                f"{option!r} is not an answer to {item.name!r}; expected one of {list(item.ask.options)}"
            )
        category = catalog.category(item.ask.options[option])
    else:
        category = catalog.category(item.category)
    containers = _containers(category, gen)
    citations = (category.citation, *(ruling.citation for ruling in containers), *category.see_also)
    return SortingAnswer(
        **base,
        item=item.name,
        category=category.key,
        category_label=category.label,
        stream=category.stream,
        decided_by=category.decided_by,
        generator=gen,
        containers=containers,
        citations=tuple(dict.fromkeys(citations)),
        basis=category.basis,
        guidance=category.guidance,
        note=item.note,
        option=option,
        spanish=_spanish(item, category),
        excluded_from=category.excluded_from,
        otherwise=_other_choices(catalog, item, option, category, gen),
    )


def _other_choices(
    catalog: Catalog, item: CatalogItem, option: str | None, chosen: Category, generator: GeneratorType | None
) -> tuple[OtherChoice, ...]:
    """Where ``item`` goes for each other answer to its question that sends it to another cart ("greasy"
    told: a clean box's blue container); none when no question was answered."""
    if item.ask is None or option is None:
        return ()
    others = []
    for other, key in item.ask.options.items():
        category = catalog.category(key)
        containers = _containers(category, generator)
        if other == option or category.key == chosen.key or not containers:
            continue
        others.append(
            OtherChoice(
                option=other,
                containers=containers,
                category_label=category.label,
                option_es=item.spanish.choice(other) if item.spanish else None,
                category_label_es=category.spanish.label if category.spanish else None,
            )
        )
    return tuple(others)


def _spanish(item: CatalogItem, category: Category | None = None) -> Wording | None:
    """What a Spanish reply shows for ``item``: its question when ``category`` is None, else its ruling."""
    text = item.spanish
    if category is None:
        if text is None or item.ask is None:
            return None
        options = tuple(text.choice(option) for option in item.ask.options)
        return Wording(item=text.name, note=text.note, question=text.question, options=options)
    label = category.spanish
    if text is None and label is None:
        return None
    return Wording(
        item=text.name if text else None,
        category_label=label.label if label else None,
        guidance=label.guidance if label else None,
        note=text.note if text else None,
    )


def _containers(category: Category, generator: GeneratorType | None) -> tuple[ContainerRuling, ...]:
    if category.is_special:
        return ()
    generators = (generator,) if generator is not None else GENERATOR_ORDER
    return tuple(container_for(g, Stream(category.stream)) for g in generators)


EmbedderSource = Embedder | Callable[[], Embedder]


class SortingMatcher:
    """Matches free text to the catalog and answers with the container ruling.

    ``embedder`` is an :class:`~knowledge.embedding.Embedder` or a zero-argument factory for one (for
    example :func:`knowledge.embedding.load_embedder`), called only when the lexical steps fail. Without
    one, matching is lexical only. ``vector_cache_dir`` keeps the item vectors on disk between processes.
    """

    def __init__(
        self,
        catalog: Catalog | None = None,
        embedder: EmbedderSource | None = None,
        *,
        fuzzy_threshold: float = FUZZY_THRESHOLD,
        semantic_threshold: float = SEMANTIC_THRESHOLD,
        vector_cache_dir: Path | None = None,
    ) -> None:
        self.catalog = catalog if catalog is not None else load_catalog()
        self._embedder_source = embedder
        self._embedder: Embedder | None = None
        self.fuzzy_threshold = fuzzy_threshold
        self.semantic_threshold = semantic_threshold
        self.vector_cache_dir = vector_cache_dir
        self._max_term_len = max(len(term_key.split()) for term_key in self.catalog.index)
        self._fuzzy_terms: dict[int, list[tuple[str, tuple[str, ...], CatalogItem]]] = {}
        for term in _fuzzy_terms(self.catalog):
            self._fuzzy_terms.setdefault(len(term[1]), []).append(term)
        self._vocabulary = _EVERYDAY_WORDS | frozenset(
            word for terms in self._fuzzy_terms.values() for text, _, _ in terms for word in text.split()
        )

    # -- public API -------------------------------------------------------------------------------------

    def sort(self, text: str, generator: GeneratorType | str | None = None) -> SortingAnswer:
        """Answer "where does <text> go?" for a generator type (both types when ``None``); the item its
        question names by its words, when a story comes before it ("alguien echó bolsas con pañales en el
        azul. ¿Los pañales dónde van?": the diapers)."""
        found = self._named_in_the_question(text) or self.match(text)
        if found is None:
            suggestions = self.suggest(text)
            spanish = tuple(self._spanish_name(name) for name in suggestions)
            return SortingAnswer(
                query=text,
                method="none",
                confidence=0.0,
                generator=GeneratorType(generator) if generator is not None else None,
                suggestions=suggestions,
                spanish=Wording(suggestions=spanish) if spanish != suggestions else None,
            )
        return answer_for(
            self.catalog,
            found.item,
            generator,
            option=found.option,
            query=text,
            method=found.method,
            confidence=found.confidence,
        )

    def _named_in_the_question(self, text: str) -> ItemMatch | None:
        """The item the last question of a message of several sentences names by its words, or None."""
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
        asked = [s for s in sentences if "?" in s or "¿" in s]
        if len(sentences) < 2 or not asked:
            return None
        return self.match(asked[-1], semantic=False)

    def resolve(
        self, item_name: str, reply: str, generator: GeneratorType | str | None = None
    ) -> SortingAnswer:
        """Read the user's reply to an item's clarifying question; asks again if the reply answers nothing."""
        item = self.catalog.item(item_name)
        option = self.catalog.resolve_option(item, reply)
        return answer_for(self.catalog, item, generator, option=option, query=reply)

    def warm_up(self) -> None:
        """Load the embedder and the item vectors now (e.g. in a thread at server start), not on a query."""
        embedder = self._get_embedder()
        if embedder is not None:
            self.catalog.vectors(embedder, self.vector_cache_dir)

    def sort_many(
        self, text: str, generator: GeneratorType | str | None = None
    ) -> tuple[tuple[SortingAnswer, ...], ...]:
        """Each item a message lists ("las latas, las cascaras y el zacate", "cans, foil and pizza boxes"),
        in the order named; () when it names fewer than two (:meth:`sort` answers it).

        An item is one ruling, or one per answer to its question when the message does not say (a pizza
        box: greasy, clean). Items are found by their words only: a fragment of a list is too short for the
        embedding model to place.
        """
        found: dict[str, ItemMatch] = {}
        for part in _LIST_BREAK.split(content_first(text)):
            if _ASKS_WHICH.match(part):
                continue  # "coffee grounds & tea bags, which can": the question, not a can
            match = self.match(part, semantic=False) if part.strip() else None
            if match is not None:
                found.setdefault(match.item.name, match)
        # "used fryer oil ... the cooled oil": the open "oil" is the used cooking oil already named
        found = {
            name: m
            for name, m in found.items()
            if m.item.ask is None
            or m.option is not None
            or not any(_names_it(other.item, m.item) for other in found.values())
        }
        if len(found) < 2 or any(m.item.purpose for m in found.values()):
            return ()  # one item, or what is done with them decides for all ("bones and fat for rendering")
        return tuple(
            tuple(
                answer_for(self.catalog, m.item, generator, option=o, query=text) for o in m.item.ask.options
            )
            if m.item.ask is not None and m.option is None
            else (answer_for(self.catalog, m.item, generator, option=m.option, query=text),)
            for m in found.values()
        )

    def match(self, text: str, *, semantic: bool = True) -> ItemMatch | None:
        """The catalog item ``text`` names, or ``None`` when no step clears its threshold (``semantic=False``:
        by its words alone)."""
        plain = key_tokens(text)
        query = key_tokens(text, query=True)
        # what is done with them decides over what they are, said in a clause the question's frame would drop:
        # "huesos que se lleva la rendering" (not "the renderer won't take chicken skin")
        named_for = self._contained(plain, len(plain)) if plain and _GIVEN_FOR.search(text) else None
        if named_for is not None and named_for[0].purpose:
            return self._with_option(text, named_for[0], "contains", 1.0, named_for[1])
        for tokens in (plain, query):
            item = self.catalog.index.get(" ".join(tokens))
            if item is not None and tokens:  # "ok and old paint cans?": the words around the name may answer
                return self._with_option(text, item, "exact", 1.0, tokens)  # its question
        if not query:
            return None
        contained = self._contained(query, head_size(text))
        if contained is not None and contained[0].purpose:  # "meat bones for a renderer pickup"
            return self._with_option(text, contained[0], "contains", 1.0, contained[1])
        fuzzy = self._fuzzy(text, around=contained[1] if contained else ())
        if fuzzy is not None:
            return self._with_option(text, fuzzy[0], "fuzzy", fuzzy[1], fuzzy[2])
        if contained is not None:
            found = self._with_option(text, contained[0], "contains", 0.7 + 0.3 * contained[2], contained[1])
            if contained[3] or not semantic:
                return found
        if not semantic:
            return None
        semantic = self._semantic_scores(text)
        if contained is not None:
            scores = {item.name: score for item, score in semantic}
            top, top_score = semantic[0] if semantic else (contained[0], 0.0)
            outscored = top_score - scores.get(contained[0].name, 0.0) >= SEMANTIC_OVERRIDE_MARGIN
            if top is contained[0] or top_score < self.semantic_threshold or not outscored:
                return found
        if semantic:
            item, score = semantic[0]
            if score >= self.semantic_threshold:
                return self._with_option(text, item, "semantic", score, ())
        return None

    def suggest(self, text: str, limit: int = 3) -> tuple[str, ...]:
        """Item names worth offering as "did you mean" for text that matched nothing."""
        semantic = self._semantic_scores(text)
        if semantic:
            return tuple(item.name for item, score in semantic[:limit] if score >= SEMANTIC_SUGGESTION_FLOOR)
        return tuple(item.name for item, _ in self._fuzzy_ranking(text)[:limit])

    # -- steps ------------------------------------------------------------------------------------------

    def _spanish_name(self, name: str) -> str:
        """How a Spanish reply names the item ``name`` (its English name when the catalog has no other)."""
        text = self.catalog.item(name).spanish
        return text.name if text else name

    def _with_option(
        self, text: str, item: CatalogItem, method: str, confidence: float, item_words: Sequence[str]
    ) -> ItemMatch:
        option = self.catalog.resolve_option(item, text, ignore=item_words) if item.ask else None
        return ItemMatch(item, method, round(float(confidence), 3), option)

    def _contained(
        self, query: tuple[str, ...], head: int
    ) -> tuple[CatalogItem, tuple[str, ...], float, bool] | None:
        """The name or synonym found as a run of the query's words that most likely names the item.

        Preference: an item named by its purpose ("for a rendering company"), then inside the phrase's head
        (the first ``head`` words: "napkin with ketchup" is a napkin), then the longest, then the rightmost,
        as English puts the noun last ("iphone charger"); in Spanish the leftmost, as it puts the noun first
        ("el unicel de las cajas de la tele").
        Returns (item, words, share of the query's words, strong); a match is strong when it lies in the
        head and covers at least half of the query, otherwise semantic matching may overrule it.
        """
        best: tuple[tuple[bool, bool, int, int], CatalogItem, tuple[str, ...]] | None = None
        noun_last = current() != SPANISH
        for size in range(min(len(query), self._max_term_len), 0, -1):
            for start in range(len(query) - size + 1):
                window = query[start : start + size]
                item = self.catalog.index.get(" ".join(window))
                rank = (
                    item is not None and item.purpose,
                    start + size <= head,
                    size,
                    start if noun_last else -start,
                )
                if item is not None and (best is None or rank > best[0]):
                    best = (rank, item, window)
        if best is None:
            return None
        coverage = len(best[2]) / len(query)
        return best[1], best[2], coverage, best[0][1] and coverage >= STRONG_CONTAINMENT

    def _fuzzy_ranking(self, text: str) -> list[tuple[CatalogItem, float]]:
        best: dict[str, tuple[CatalogItem, float]] = {}
        for item, score, _ in self._fuzzy_candidates(text, floor=FUZZY_SUGGESTION_FLOOR):
            if score > best.get(item.name, (item, -1.0))[1]:
                best[item.name] = (item, score)
        return sorted(best.values(), key=lambda pair: -pair[1])

    def _fuzzy(
        self, text: str, around: tuple[str, ...] = ()
    ) -> tuple[CatalogItem, float, tuple[str, ...]] | None:
        """Best typo-tolerant match, if above the threshold.

        ``around`` is a name found exactly inside the text; a fuzzy match only beats it if it is longer and
        keeps its words: "styrofome cup" is a "styrofoam cup", not the "cup" it contains, but "dirty
        diaper" is a "diaper", not "dirty paper".
        """
        winner: tuple[CatalogItem, float, tuple[str, ...]] | None = None
        floor = self.fuzzy_threshold
        for candidate in self._fuzzy_candidates(text, floor=floor, longer_than=len(around), keeps=around):
            if winner is None or (candidate[1], len(candidate[2])) > (winner[1], len(winner[2])):
                winner = candidate
        return winner

    def _fuzzy_candidates(
        self, text: str, *, floor: float, longer_than: int = 0, keeps: tuple[str, ...] = ()
    ) -> Iterator[tuple[CatalogItem, float, tuple[str, ...]]]:
        """(item, similarity, query words compared) for each term against each run of query words.

        Terms and runs are compared both singularised ("battery") and as typed ("batteries"), so a typo
        in a plural ("batteires") still finds its word. A run made only of words the catalog knows is not
        a typo and is skipped ("soda bottle" is not a misspelt "soap bottle"). A run is only compared with
        terms of about its number of words; the bound ``2 * min(len) / (len_a + len_b)`` caps any
        similarity, so most pairs are skipped without scoring.
        """
        runs: dict[str, tuple[str, ...]] = {}
        for words in (key_tokens(text, query=True), _raw_tokens(text)):
            for size in range(max(1, longer_than + 1), min(len(words), self._max_term_len + 1) + 1):
                for start in range(len(words) - size + 1):
                    run = words[start : start + size]
                    runs.setdefault(" ".join(run), run)
        for run_text, run in runs.items():
            if len(run_text) < MIN_FUZZY_LENGTH or all(word in self._vocabulary for word in run):
                continue  # too short to tell a typo, or every word is known: a different item
            nearby = (t for n in (len(run) - 1, len(run), len(run) + 1) for t in self._fuzzy_terms.get(n, ()))
            for term_text, term_tokens, item in nearby:
                if len(run) == 1 and _inflected(run[0], term_text):
                    continue  # "just mowed and raked": a verb done, not a misspelt rake
                if keeps and not (
                    contains_run(term_tokens, keeps) and _extra_words_misspelt(run, term_tokens, keeps)
                ):
                    continue
                if 2 * min(len(run_text), len(term_text)) / (len(run_text) + len(term_text)) < floor:
                    continue
                score = similarity(run_text, term_text)
                if score >= floor:
                    yield item, score, run

    def _semantic_scores(self, text: str) -> list[tuple[CatalogItem, float]]:
        """Items by best cosine similarity of any of their terms to the text (empty without an embedder)."""
        embedder = self._get_embedder()
        if embedder is None:
            return []
        phrase = strip_frame(fold(text)) or fold(text)
        matrix, owners = self.catalog.vectors(embedder, self.vector_cache_dir)
        query_vector = np.asarray(embedder.encode([phrase]), dtype=np.float32)[0]
        scores = matrix @ query_vector
        best: dict[str, tuple[CatalogItem, float]] = {}
        for row in np.argsort(-scores)[:50]:
            item = owners[int(row)]
            if item.name not in best:
                best[item.name] = (item, float(scores[row]))
        return sorted(best.values(), key=lambda pair: -pair[1])

    def _get_embedder(self) -> Embedder | None:
        if self._embedder is None and self._embedder_source is not None:
            source = self._embedder_source
            self._embedder = source if hasattr(source, "encode") else source()  # type: ignore[operator]
        return self._embedder


_ASKS_WHICH = re.compile(rf"^\W*{WHICH_CART}", re.IGNORECASE)


def _names_it(named: CatalogItem, open_item: CatalogItem) -> bool:
    """Whether ``named`` is one of the answers to ``open_item``'s question, said with its name ("used
    cooking oil" answers "oil": cooking or motor?)."""
    return (
        open_item.ask is not None
        and named is not open_item
        and named.category in open_item.ask.options.values()
        and contains_run(key_tokens(named.name), key_tokens(open_item.name))
    )


def _extra_words_misspelt(run: Sequence[str], term: Sequence[str], kept: Sequence[str]) -> bool:
    """Whether each word of ``run`` beyond the name found exactly (``kept``) is a slip of a word of the term
    beyond it: "styrofome cup" is a "styrofoam cup", but "paper towels from" is no "paper towel roll"."""
    extra = [word for word in term if word not in kept]
    return all(
        word in kept or any(similarity(word, other) >= FUZZY_SUGGESTION_FLOOR for other in extra)
        for word in run
    )


def _inflected(word: str, term: str) -> bool:
    """Whether ``word`` is ``term`` said as a verb's past or -ing form ("raked", "raking" of "rake")."""
    if word.endswith("ed"):
        return term in (word[:-1], word[:-2])
    if word.endswith("ing"):
        return term in (word[:-3], f"{word[:-3]}e")
    return False


def _raw_tokens(text: str) -> tuple[str, ...]:
    """Query words as typed (framed, folded, stop words dropped) but not singularised."""
    return tuple(word for word in strip_frame(fold(text)).split() if word not in STOPWORDS)


def _fuzzy_terms(catalog: Catalog) -> tuple[tuple[str, tuple[str, ...], CatalogItem], ...]:
    """Every term as (text, index-key tokens, item), both singularised (the index key) and as written."""
    seen: dict[str, tuple[tuple[str, ...], CatalogItem]] = {}
    for item in catalog.items:
        for term in item.terms:
            tokens = key_tokens(term)
            seen.setdefault(" ".join(tokens), (tokens, item))
            raw = " ".join(word for word in fold(term).split() if word not in STOPWORDS)
            if raw:
                seen.setdefault(raw, (tokens, item))
    return tuple((text, tokens, item) for text, (tokens, item) in seen.items())


__all__ = [
    "FUZZY_BACKEND",
    "METHODS",
    "ItemMatch",
    "SortingAnswer",
    "SortingMatcher",
    "Wording",
    "answer_for",
    "similarity",
]
