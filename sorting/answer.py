"""A :class:`~sorting.matcher.SortingAnswer` as one or two short sentences for SMS and chat.

The text fits one SMS limit (320 characters by default) and ends with the citation(s): the definition the
category rests on always, then the container sections and any further citations while they fit. Only
characters of the GSM 7-bit alphabet are used, so a reply is not re-encoded as UCS-2 (70 characters a
segment) on the way to a phone.
"""

from __future__ import annotations

from compliance.victorville.organics import ContainerRuling, GeneratorType
from sorting.matcher import SortingAnswer

SMS_LIMIT = 320

GENERATOR_PHRASES = {
    GeneratorType.SINGLE_FAMILY: "homes (1-4 units)",
    GeneratorType.COMMERCIAL: "businesses and 5+ unit apartments",
}
"""Who each generator type is: 6.37.020 ("Single-family"; "Multi-family residential dwelling")."""


def format_answer(answer: SortingAnswer, *, city_contact: str | None = None, limit: int = SMS_LIMIT) -> str:
    """One or two sentences ending with the citation; ``city_contact`` is appended when nothing matched."""
    if not answer.matched:
        return _fit(_no_match(answer, city_contact), limit)
    if answer.needs_clarification:
        return _fit(_question(answer), limit)
    name = _display(answer.item or answer.query)
    if answer.guidance:
        sentence = answer.guidance
    else:
        where = _where(answer.containers)
        if answer.decided_by == "ordinance":
            sentence = f"{name}: {where} ({answer.category_label}); the ordinance itself decides this."
        else:
            label = answer.category_label
            sentence = f"{name}: usually {where} ({label}); it depends on the city's designated list."
    container_citations = tuple(dict.fromkeys(ruling.citation for ruling in answer.containers))
    return _with_citations(sentence, answer.note, answer.citations, container_citations, limit)


def _where(containers: tuple[ContainerRuling, ...]) -> str:
    colors = {ruling.color for ruling in containers}
    if len(colors) == 1:
        return f"the {_color(containers[0])} container"
    first, *others = (f"{_color(r)} at {GENERATOR_PHRASES[r.generator]}" for r in containers)
    return ", ".join([first.replace(" at ", " container at ", 1), *others])


def _color(ruling: ContainerRuling) -> str:
    if ruling.also_acceptable_colors:
        return f"{ruling.color} (or {' or '.join(ruling.also_acceptable_colors)})"
    return ruling.color


def _with_citations(
    sentence: str, note: str | None, citations: tuple[str, ...], containers: tuple[str, ...], limit: int
) -> str:
    """Sentence and citations, adding while they fit: the definition (always), the container sections,
    the item's note, then any further citations. Citations keep their order at the end of the text."""
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
    for citation in rest:
        if citation not in cited and fits(2 + len(citation)):
            cited.append(citation)
    ordered = [c for c in citations if c in cited]
    return f"{text} {'; '.join(ordered)}"


def _question(answer: SortingAnswer) -> str:
    options = list(answer.options)
    choices = ", ".join(options[:-1]) + f" or {options[-1]}"
    return f"{answer.question} Reply {choices}."


def _no_match(answer: SortingAnswer, city_contact: str | None) -> str:
    query = " ".join(answer.query.split())
    if len(query) > 40:
        query = query[:37].rsplit(" ", 1)[0] + "..."
    text = f'I could not find "{query}" in the sorting guide.'
    if answer.suggestions:
        names = list(answer.suggestions)
        text += (
            " Did you mean " + (", ".join(names[:-1]) + " or " if len(names) > 1 else "") + f"{names[-1]}?"
        )
    text += " Otherwise please ask the city"
    return text + (f": {city_contact}" if city_contact else ".")


def _display(name: str) -> str:
    return name[:1].upper() + name[1:]


def _fit(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 3].rstrip(" ,;:") + "..."


__all__ = ["GENERATOR_PHRASES", "SMS_LIMIT", "format_answer"]
