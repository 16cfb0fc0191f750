"""A :class:`~sorting.matcher.SortingAnswer` as one or two short sentences for SMS and chat.

The text fits one SMS limit (320 characters by default) and ends with the citation(s): the definition the
category rests on always, then the container sections and any further citations while they fit. English
replies use only characters of the GSM 7-bit alphabet (one SMS segment per 153 characters); Spanish ones keep
their accents for the web and voice, and the SMS channel writes á í ó ú without them
(:func:`shaping.sms_text.gsm7_fold`), so they go as GSM-7 too. The item, category, guidance, note and
question a Spanish reply shows come from the catalog's Spanish texts (``catalog.es.yaml``; :func:`wording`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from compliance.victorville.organics import ContainerRuling, GeneratorType
from languages import N_, SPANISH, current, t
from sorting.matcher import SortingAnswer, Wording

SMS_LIMIT = 320

GENERATOR_PHRASES = {
    GeneratorType.SINGLE_FAMILY: N_("homes (1-4 units)"),
    GeneratorType.COMMERCIAL: N_("businesses and 5+ unit apartments"),
}
"""Who each generator type is: 6.37.020 ("Single-family"; "Multi-family residential dwelling")."""
COLOR_NAMES = {
    "blue": N_("blue"),
    "green": N_("green"),
    "brown": N_("brown"),
    "black": N_("black"),
    "gray": N_("gray"),
}
"""The container colours of Chapter 6.37 (and gray, the same container as black), as a reply names them."""

# The one container a question names ("can it go in the green?", "Green cart or trash?", "¿al bote verde?"):
# the reply answers it first, yes or no, then says where the item goes. A colour that describes the item
# ("the little green propane bottles") names no container.
_ASKED_CONTAINER = re.compile(
    r"\b(?:in|into|inside|to|for) (?:the |my |our |a |that |this )?(green|blue|brown|black|gr[ae]y)\b"
    r"(?! (?:bags?|bottles?|tape|paper|glass|plastic|ink))"
    r"|\b(green|blue|brown|black|gr[ae]y) (?:bins?|carts?|cans?|containers?|barrels?|dumpsters?|ones?)\b"
    r"|\b(?:botes?|contenedor(?:es)?|bins?|tambos?|basureros?|cubetas?) "
    r"(verde|azul|caf[eé]|marr[oó]n|negro|gris)\b"
    r"|\b(?:al|en el|pal|pa'l) (verde|azul|caf[eé]|marr[oó]n|negro|gris)\b",
    re.IGNORECASE,
)
_COLOR_SAID = {
    "grey": "gray",
    "verde": "green",
    "azul": "blue",
    "cafe": "brown",
    "café": "brown",
    "marron": "brown",
    "marrón": "brown",
    "negro": "black",
    "gris": "gray",
}


def _asked_containers(query: str) -> list[str]:
    """The container colours a question names, in the order it names them."""
    said = [
        _COLOR_SAID.get(word.lower(), word.lower())
        for match in _ASKED_CONTAINER.finditer(query)
        for word in match.groups()
        if word
    ]
    return list(dict.fromkeys(said))


def asked_container(query: str) -> str | None:
    """The container colour a question asks about, when it names exactly one ("... in the green?")."""
    said = _asked_containers(query)
    return said[0] if len(said) == 1 else None


def _verdict(query: str, rulings: Sequence[SortingAnswer]) -> str | None:
    """Yes or no to the container the question names, when the answer settles it for every item and
    whoever asks; "usually" where the city's designated list decides; nothing when it depends. Two asked
    ("¿en el verde o en el café?") get a no to both when no cart takes the items."""
    if not rulings or any(r.needs_clarification or not r.matched for r in rulings):
        return None
    asked_both = _asked_containers(query)
    if len(asked_both) == 2 and all(r.is_special for r in rulings):
        first, second = (_color_name(color) for color in asked_both)
        return t(
            "No, neither the {first} nor the {second} container: no cart takes it.",
            first=first,
            second=second,
        )
    asked = asked_container(query)
    if asked is None:
        return None
    # per item: does each of its containers (one per home or business asked about) take it? none for
    # special handling
    fits = [[asked in (c.color, *c.also_acceptable_colors) for c in r.containers] or [False] for r in rulings]
    firm = all(r.decided_by == "ordinance" for r in rulings)
    color = _color_name(asked)
    if all(all(fit) for fit in fits):  # "usually the green container" already says a usual yes
        return t("Yes.") if firm else None
    if any(any(fit) for fit in fits):
        return None  # homes and businesses differ, or the items do: the answer says which
    if all(asked in r.excluded_from for r in rulings):  # carpet: the green's own definition leaves it out
        labels = t(" and ").join(dict.fromkeys(wording(r).category_label or "" for r in rulings))
        return t(
            "No, not the {color} container: the ordinance excludes {labels} from it.",
            color=color,
            labels=labels,
        )
    if not firm:
        return t("Usually not the {color} container.", color=color)
    if all(r.is_special for r in rulings):
        return t("No, not the {color} container, nor any other.", color=color)
    return t("No, not the {color} container.", color=color)


def format_answer(answer: SortingAnswer, *, city_contact: str | None = None, limit: int = SMS_LIMIT) -> str:
    """One or two sentences ending with the citation; ``city_contact`` is appended when nothing matched or
    no cart takes the item.

    In the reply's language (:func:`languages.t`), spelled right: the SMS channel drops the accents GSM-7
    lacks (:func:`shaping.sms_text.gsm7_fold`)."""
    return _answer(answer, city_contact, limit)


def format_many(
    listed: tuple[tuple[SortingAnswer, ...], ...], *, city_contact: str | None = None, limit: int = SMS_LIMIT
) -> str:
    """Several items in one reply (:meth:`~sorting.matcher.SortingMatcher.sort_many`): each with its
    container, or its containers by the answer to its question, "usually" where the city's designated list
    decides, after whose rules they are when the user said (a home, a business); then the container
    sections and definitions they rest on, while they fit; ``city_contact`` after any item no cart takes
    (where to bring it is the city's to say)."""
    rulings = [ruling for group in listed for ruling in group]
    ruled = {_ruled(ruling, labelled=False) for ruling in rulings}
    if len(ruled) == 1 and all(len(group) == 1 for group in listed):
        # "Used cooking oil and lard and shortening: no cart, ...": one ruling for all, said once
        names = [_display(wording(ruling).item or ruling.item or "") for ruling in rulings]
        names = [names[0], *(name[:1].lower() + name[1:] for name in names[1:])]
        listed_names = f"{', '.join(names[:-1])}{t(' and ')}{names[-1]}"
        text = t("{name}: {where}", name=listed_names, where=ruled.pop()) + "."
    else:
        text = "; ".join(_listed(group) for group in listed) + "."
        # "Caja de pizza: ... (si es limpia: ...)", when it leaves room for the citations
        with_otherwise = "; ".join(_listed(group, otherwise=True) for group in listed) + "."
        if len(with_otherwise) <= limit - CITATION_ROOM:
            text = with_otherwise
    guidance = {wording(ruling).guidance for ruling in rulings}
    if len(guidance) == 1 and None not in guidance and all(not ruling.containers for ruling in rulings):
        # "3 buckets of used crisco ... the old fryer oil": one kind of thing, handled one way, said once
        text = f"{text} {guidance.pop()}"
    if city_contact and any(not ruling.containers for ruling in rulings):
        text = f"{text} {_where_to_take(city_contact)}"
    if (generator := rulings[0].generator) is not None:  # whose rules these are, as the user said
        text = t("At {who}: {answers}", who=t(GENERATOR_PHRASES[generator]), answers=text)
    if all(len(group) == 1 for group in listed) and (verdict := _verdict(rulings[0].query, rulings)):
        text = f"{verdict} {text}"
    containers = tuple(dict.fromkeys(c.citation for ruling in rulings for c in ruling.containers))
    definitions = tuple(dict.fromkeys(ruling.citations[0] for ruling in rulings if ruling.citations))
    # the first container section always, the others next, then the definitions, while they fit
    return _with_citations(text, None, tuple(dict.fromkeys((*containers, *definitions))), containers, limit)


def _listed(rulings: tuple[SortingAnswer, ...], *, otherwise: bool = False) -> str:
    """One listed item: "Aluminum can: the blue container", "Pizza box: green container at homes (1-4
    units), brown at ... (food-soiled paper) or the blue container (cardboard)"."""
    name = _display(wording(rulings[0]).item or rulings[0].item or "")
    if len(rulings) == 1:
        listed = t("{name}: {where}", name=name, where=_ruled(rulings[0], labelled=False))
        other = _otherwise(rulings[0]) if otherwise else ""
        return f"{listed} ({other.rstrip('.')})" if other else listed
    wheres = [_ruled(ruling, labelled=True) for ruling in rulings]
    return t("{name}: {where}", name=name, where=t(" or ").join(dict.fromkeys(wheres)))


def _ruled(ruling: SortingAnswer, *, labelled: bool) -> str:
    words = wording(ruling)
    if not ruling.containers:
        return t("no cart, it needs special handling ({label})", label=words.category_label)
    where = _where(ruling.containers)
    if labelled:
        where = f"{where} ({words.category_label})"
    return where if ruling.decided_by == "ordinance" else t("usually {where}", where=where)


def wording(answer: SortingAnswer) -> Wording:
    """What the reply shows, in the current language: the answer's own (English) words, or its Spanish
    ones (:attr:`SortingAnswer.spanish`) where the catalog has them."""
    english = Wording(
        item=answer.item,
        category_label=answer.category_label,
        guidance=answer.guidance,
        note=answer.note,
        question=answer.question,
        options=answer.options,
        suggestions=answer.suggestions,
    )
    spanish = answer.spanish
    if current() != SPANISH or spanish is None:
        return english
    return Wording(
        **{
            field.name: getattr(spanish, field.name) or getattr(english, field.name)
            for field in dataclasses.fields(Wording)
        }
    )


def _answer(answer: SortingAnswer, city_contact: str | None, limit: int) -> str:
    words = wording(answer)
    if not answer.matched:
        return _fit(_no_match(answer.query, words.suggestions, city_contact), limit)
    if answer.needs_clarification:
        return _fit(_question(words), limit)
    name = _display(words.item or answer.query)
    if words.guidance:
        sentence = words.guidance
    else:
        where = _where(answer.containers)
        label = words.category_label
        if answer.decided_by == "ordinance":
            sentence = t(
                "{name}: {where} ({label}); the ordinance itself decides this.",
                name=name,
                where=where,
                label=label,
            )
        else:
            sentence = t(
                "{name}: usually {where} ({label}); it depends on the city's designated list.",
                name=name,
                where=where,
                label=label,
            )
    if verdict := _verdict(answer.query, (answer,)):
        sentence = f"{verdict} {sentence}"
    # hazardous waste, cooking oil: no cart takes it, and where to bring it is the city's to say
    where = _where_to_take(city_contact) if city_contact and not answer.containers else None
    container_citations = tuple(dict.fromkeys(ruling.citation for ruling in answer.containers))
    # "Pizza box: usually the green container ... If clean: the blue container (cardboard).", when it fits
    also = _otherwise(answer) or None
    return _with_citations(
        sentence, words.note, answer.citations, container_citations, limit, after=where, also=also
    )


CITATION_ROOM = 120  # what a listed reply keeps for its citations before it says where else an item may go


def _otherwise(answer: SortingAnswer) -> str:
    """Where the item goes for its question's other answers ("If clean: the blue container (cardboard)."),
    or nothing: a greasy pizza box's answer says where a clean one goes too."""
    spanish = current() == SPANISH
    return " ".join(
        t(
            "If {option}: {where} ({label}).",
            option=(other.option_es if spanish and other.option_es else other.option),
            where=_where(other.containers),
            label=(other.category_label_es if spanish and other.category_label_es else other.category_label),
        )
        for other in answer.otherwise
    )


def _where(containers: tuple[ContainerRuling, ...]) -> str:
    colors = {ruling.color for ruling in containers}
    if len(colors) == 1:
        return t("the {color} container", color=_color(containers[0]))
    first, *others = containers
    return ", ".join(
        [
            t("{color} container at {who}", color=_color(first), who=t(GENERATOR_PHRASES[first.generator])),
            *(t("{color} at {who}", color=_color(r), who=t(GENERATOR_PHRASES[r.generator])) for r in others),
        ]
    )


def _color(ruling: ContainerRuling) -> str:
    if ruling.also_acceptable_colors:
        others = t(" or ").join(_color_name(color) for color in ruling.also_acceptable_colors)
        return t("{color} (or {others})", color=_color_name(ruling.color), others=others)
    return _color_name(ruling.color)


def _color_name(color: str) -> str:
    return t(COLOR_NAMES[color]) if color in COLOR_NAMES else color


def _with_citations(
    sentence: str,
    note: str | None,
    citations: tuple[str, ...],
    containers: tuple[str, ...],
    limit: int,
    *,
    after: str | None = None,
    also: str | None = None,
) -> str:
    """Sentence and citations, adding while they fit: the definition (always), the container sections,
    the item's note, ``after`` (whom to ask), ``also`` (where it goes if it were otherwise), then any
    further citations. Citations keep their order at the end of the text."""
    primary, *rest = citations
    text = _fit(sentence, limit - len(primary) - 1)
    cited = [primary]

    def fits(extra: int) -> bool:
        return len(text) + 1 + len("; ".join(cited)) + extra <= limit

    for citation in containers:
        if fits(2 + len(citation)):
            cited.append(citation)
    if note and fits(1 + len(note)):
        text = f"{text} {note}"
    if after and fits(1 + len(after)):
        text = f"{text} {after}"
    if also and fits(1 + len(also)):
        text = f"{text} {also}"
    for citation in rest:
        if citation not in cited and fits(2 + len(citation)):
            cited.append(citation)
    ordered = [c for c in citations if c in cited]
    return f"{text} {'; '.join(ordered)}"


def _where_to_take(city_contact: str) -> str:
    return t("The ordinance doesn't say where to take it; check with {contact}.", contact=city_contact)


def _question(words: Wording) -> str:
    options = list(words.options)
    choices = t("{names} or {last}", names=", ".join(options[:-1]), last=options[-1])
    return t("{question} Reply {choices}.", question=words.question, choices=choices)


def _no_match(query: str, suggestions: tuple[str, ...], city_contact: str | None) -> str:
    query = " ".join(query.split())
    if len(query) > 40:
        query = query[:37].rsplit(" ", 1)[0] + "..."
    sentences = [t('I could not find "{query}" in the sorting guide.', query=query)]
    if suggestions:
        *names, last = suggestions
        either = t("{names} or {last}", names=", ".join(names), last=last) if names else last
        sentences.append(t("Did you mean {names}?", names=either))
    if city_contact:
        sentences.append(t("Otherwise please ask the city: {contact}", contact=city_contact))
    else:
        sentences.append(t("Otherwise please ask the city."))
    return " ".join(sentences)


def _display(name: str) -> str:
    return name[:1].upper() + name[1:]


def _fit(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 3].rstrip(" ,;:") + "..."


__all__ = ["GENERATOR_PHRASES", "SMS_LIMIT", "asked_container", "format_answer", "format_many", "wording"]
