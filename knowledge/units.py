"""The ordinances as citable units.

Each paragraph of the three source texts becomes a :class:`Unit` that knows its jurisdiction, chapter,
section, printed subsection path, a short heading and its own text, and renders its citation the way people
read it: ``Victorville Municipal Code § 10.03.160(f)(2)`` or ``Inglewood FOG Ordinance, Fees (2)``.

How the structure is recovered (see ``sources/README.md``):

* Sections end with their ordinance line. Victorville sections are numbered in steps of ten in text order;
  Inglewood sections are named by :data:`INGLEWOOD_SECTIONS`, never numbered.
* Subsection markers are ``(a)``, ``(1)``, ``(A)``, ``(i)`` and, in Chapter 6.37, ``a.``. A marker either
  continues a list already open (the next letter, number or numeral at some depth) or opens a new list under
  the current item. ``(i)`` and ``(v)`` may be letters or numerals; continuing a list wins.
* A paragraph without a marker continues the item it follows; when that item closes a list introduced with a
  colon, it continues the list's parent instead. An unmarked paragraph that opens with a short heading
  ("Employee training.") starts a new block at section level.
* Defined terms are units of their own: lettered in § 10.03.020, quoted terms in § 6.37.020 and Inglewood.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from cities import INGLEWOOD_SECTIONS
from knowledge.headings import VICTORVILLE_HEADINGS

SOURCES = Path(__file__).parent / "sources"


@dataclass(frozen=True)
class Source:
    """One ordinance text and how to read it."""

    file: str
    jurisdiction: str
    code: str
    chapter: str | None  # "10.03" for Victorville; None for Inglewood (no section numbers)
    ordinance_line: re.Pattern[str]


SOURCE_FILES = (
    Source(
        "victorville-ch10.03-fog-control.txt",
        "victorville",
        "Victorville Municipal Code Chapter 10.03 (Fats, Oils and Grease Control)",
        "10.03",
        re.compile(r"^\(Ord\. No\. 2363, § 4, 3-21-17\)$"),
    ),
    Source(
        "victorville-ch6.37-organic-waste.txt",
        "victorville",
        "Victorville Municipal Code Chapter 6.37 (Mandatory Organic Waste Disposal Reduction)",
        "6.37",
        re.compile(r"^\(Ord\. No\. 2425, § 2, 4-19-22\)$"),
    ),
    Source(
        "inglewood-fog-article.txt",
        "inglewood",
        "Inglewood FOG Ordinance (Ord. 10-01)",
        None,
        re.compile(r"^\(Ord\. 10-01 2-23-10\)$"),
    ),
)


@dataclass(frozen=True)
class Unit:
    """One citable paragraph of an ordinance."""

    id: str
    jurisdiction: str
    code: str
    section: str  # "10.03.160" or, for Inglewood, the section name ("Fees")
    path: tuple[str, ...]  # printed subsection path, e.g. ("f", "2")
    heading: str
    text: str
    term: str | None = None  # the defined term, for definition units
    context: tuple[str, ...] = field(default=(), compare=False)  # ancestors' texts, outermost first
    order: int = 0

    @property
    def citation(self) -> str:
        return format_citation(self.jurisdiction, self.section, self.path, self.term)

    @property
    def chapter(self) -> str:
        return self.section.rsplit(".", 1)[0] if self.jurisdiction == "victorville" else "inglewood"


def format_citation(
    jurisdiction: str, section: str, path: Iterable[str] = (), term: str | None = None
) -> str:
    suffix = "".join(f"({p})" for p in path)
    if jurisdiction == "victorville":
        if term and not _is_lettered_definition(section):
            return f'Victorville Municipal Code § {section} ("{term}"){suffix}'
        return f"Victorville Municipal Code § {section}{suffix}"
    if term:
        return f'Inglewood FOG Ordinance, {section} ("{term}"){suffix}'
    sep = " " if suffix else ""
    return f"Inglewood FOG Ordinance, {section}{sep}{suffix}"


def _is_lettered_definition(section: str) -> bool:
    return section == "10.03.020"


# ---------------------------------------------------------------------------------------------------------
# Subsection markers


LOWER, NUMBER, UPPER, ROMAN, DOTTED = "lower", "number", "upper", "roman", "dotted"
_ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv"]
_MARKER = re.compile(r"^\((?P<paren>[a-z]{1,2}|[A-Z]|\d{1,2}|[ivx]{1,5})\)\s*|^(?P<dot>[a-z])\.\s+")
_HEADING_START = re.compile(r"^(?P<head>[A-Z][A-Za-z/,'() -]{2,120}?)\.(?:\s|$)")


@dataclass(frozen=True)
class Marker:
    label: str
    kinds: tuple[str, ...]  # kinds this label may be, most likely first


def parse_marker(paragraph: str) -> tuple[Marker | None, str]:
    match = _MARKER.match(paragraph)
    if not match:
        return None, paragraph
    rest = paragraph[match.end() :].strip()
    if match.group("dot"):
        return Marker(match.group("dot"), (DOTTED,)), rest
    label = match.group("paren")
    if label.isdigit():
        kinds: tuple[str, ...] = (NUMBER,)
    elif label.isupper():
        kinds = (UPPER,)
    elif label in _ROMANS and (len(label) > 1 or label in "ivx"):
        kinds = (LOWER, ROMAN) if len(label) == 1 else (ROMAN,)
        if label in ("ii", "iii") or len(label) > 2:
            kinds = (ROMAN,)
    else:
        kinds = (LOWER,)
    return Marker(label, kinds), rest


def _successor(label: str, kind: str) -> str:
    if kind == NUMBER:
        return str(int(label) + 1)
    if kind == ROMAN:
        return _ROMANS[_ROMANS.index(label) + 1] if label in _ROMANS[:-1] else ""
    if kind == UPPER:
        return chr(ord(label) + 1)
    # lower / dotted: a..z then aa, bb, cc (as § 10.03.020 prints them)
    if len(label) == 1:
        return "aa" if label == "z" else chr(ord(label) + 1)
    return chr(ord(label[0]) + 1) * 2


def _is_first(label: str, kind: str) -> bool:
    return label == {LOWER: "a", DOTTED: "a", NUMBER: "1", UPPER: "A", ROMAN: "i"}[kind]


def _introduces_list(text: str) -> bool:
    """A paragraph that ends with a colon, or is only a short heading, opens a list beneath it."""
    stripped = text.rstrip()
    return stripped.endswith(":") or (len(stripped.split()) <= 6 and stripped.endswith("."))


@dataclass
class _Open:
    label: str
    kind: str
    text: str  # the latest paragraph at this item (continuations replace it)
    heading: str = ""
    has_children: bool = False


# ---------------------------------------------------------------------------------------------------------
# Reading a source


@dataclass
class _Section:
    name: str  # "10.03.160" or Inglewood section name
    paragraphs: list[str]


def _paragraphs(lines: Iterable[str]) -> Iterator[str]:
    """Paragraphs of the text. Inglewood prints each marker on a line of its own; join it to its text."""
    pending_marker = ""
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if re.fullmatch(r"\((?:[a-z]{1,2}|[A-Z]|\d{1,2}|[ivx]{1,5})\)", line):
            pending_marker = line
            continue
        yield f"{pending_marker} {line}".strip() if pending_marker else line
        pending_marker = ""


def _sections(source: Source) -> list[_Section]:
    text = (SOURCES / source.file).read_text(encoding="utf-8")
    lines = text.splitlines()
    if source.jurisdiction == "victorville":
        lines = lines[1:]  # the chapter title
    sections: list[_Section] = []
    current: list[str] = []
    for paragraph in _paragraphs(lines):
        if source.ordinance_line.match(paragraph):
            sections.append(_Section("", current))
            current = []
        else:
            current.append(paragraph)
    if current:
        raise ValueError(f"{source.file}: text after the last ordinance line: {current[0][:80]!r}")
    if source.chapter:
        for number, section in enumerate(sections, start=1):
            section.name = f"{source.chapter}.{number * 10:03d}"
    else:
        if len(sections) != len(INGLEWOOD_SECTIONS):
            raise ValueError(f"{source.file}: {len(sections)} sections, expected {len(INGLEWOOD_SECTIONS)}")
        for section, name in zip(sections, INGLEWOOD_SECTIONS, strict=True):
            section.name = name
    return sections


_TERM_LINE = re.compile(r'^"[^"]+"(?:\s+or\s+"[^"]+")*\s*$')
_QUOTED_TERM = re.compile(r'^[“"]?(?P<term>[A-Z][^"”]{0,80})[”"]')


def _defined_term(paragraph: str) -> str | None:
    match = _QUOTED_TERM.match(paragraph)
    return match.group("term").strip() if match else None


_MINOR_WORDS = {
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "for",
    "from",
    "in",
    "of",
    "on",
    "or",
    "the",
    "to",
    "with",
}


def _short_heading(text: str) -> str | None:
    """The title a paragraph opens with ("Inspection procedures.", "Notice of Violation (NOV).") or None."""
    match = _HEADING_START.match(text)
    if not match:
        return None
    words = match.group("head").split()
    major = [word for word in words if word.lower() not in _MINOR_WORDS]
    title_case = sum(word[0].isupper() for word in major) >= 0.6 * len(major)
    return match.group("head") if len(words) <= 4 or (len(words) <= 14 and title_case) else None


def _section_units(source: Source, section: _Section, start_order: int) -> list[Unit]:
    jurisdiction = source.jurisdiction
    section_heading = VICTORVILLE_HEADINGS[section.name] if jurisdiction == "victorville" else section.name
    is_definitions = section.name in ("10.03.020", "6.37.020", "Definitions")
    units: list[Unit] = []
    stack: list[_Open] = []
    term: str | None = None
    pending_term_line = ""
    seen_ids: dict[str, int] = {}

    def emit(text: str, heading: str | None = None) -> None:
        path = tuple(entry.label for entry in stack)
        context = tuple(entry.text for entry in stack[:-1])
        own = heading or _short_heading(text)
        if stack and own and not stack[-1].heading:
            stack[-1].heading = own
        inherited = next((entry.heading for entry in reversed(stack) if entry.heading), None)
        key = f"{jurisdiction}/{section.name}/{term or ''}/{'.'.join(path)}"
        seen_ids[key] = seen_ids.get(key, 0) + 1
        unit_id = key if seen_ids[key] == 1 else f"{key}#{seen_ids[key]}"
        units.append(
            Unit(
                id=unit_id,
                jurisdiction=jurisdiction,
                code=source.code,
                section=section.name,
                path=path,
                heading=own or inherited or term or section_heading,
                text=text,
                term=term,
                context=context,
                order=start_order + len(units),
            )
        )

    for paragraph in section.paragraphs:
        marker, text = parse_marker(paragraph)
        new_term = _defined_term(paragraph) if is_definitions and marker is None else None
        if is_definitions and jurisdiction == "inglewood" and new_term and _TERM_LINE.match(paragraph):
            # Inglewood prints the term on its own line and its meaning on the next; the unit joins them.
            term, stack = new_term, []
            pending_term_line = paragraph.strip()
            continue
        if pending_term_line and marker is None:
            text = f"{pending_term_line} {text}"
            pending_term_line = ""
            emit(text, heading=term)
            continue
        if new_term:
            term, stack = new_term, []
            emit(paragraph, heading=new_term)
            continue
        if marker is None:
            _place_unmarked(stack, text)
            emit(text)
            continue
        _place_marker(stack, marker, text, section.name)
        if section.name == "10.03.020" and len(stack) == 1:
            term = _defined_term(text)
            emit(text, heading=term)
        else:
            emit(text)
    return units


def _place_marker(stack: list[_Open], marker: Marker, text: str, where: str) -> None:
    for depth in range(len(stack) - 1, -1, -1):
        entry = stack[depth]
        if entry.kind in marker.kinds and _successor(entry.label, entry.kind) == marker.label:
            del stack[depth:]
            stack.append(_Open(marker.label, entry.kind, text))
            if stack[:-1]:
                stack[-2].has_children = True
            return
    for kind in marker.kinds:
        if not _is_first(marker.label, kind):
            continue
        if kind == ROMAN and stack and stack[-1].kind == LOWER and not _introduces_list(stack[-1].text):
            # (i) after a closed lettered list belongs beside that list, under its parent.
            del stack[-1]
        if stack:
            stack[-1].has_children = True
        stack.append(_Open(marker.label, kind, text))
        return
    raise ValueError(f"{where}: marker ({marker.label}) continues no open list: {text[:80]!r}")


def _place_unmarked(stack: list[_Open], text: str) -> None:
    """Decide which open item an unmarked paragraph continues (see the module docstring)."""
    if not stack:
        return
    if _HEADING_START.match(text) and len(_HEADING_START.match(text).group("head").split()) <= 3:
        stack.clear()
        return
    if len(stack) >= 2 and _introduces_list(stack[-2].text):
        del stack[-1]
    stack[-1].text = text


@lru_cache(maxsize=1)
def load_units() -> tuple[Unit, ...]:
    """All units of the three ordinances, in text order."""
    units: list[Unit] = []
    for source in SOURCE_FILES:
        for section in _sections(source):
            units.extend(_section_units(source, section, len(units)))
    return tuple(units)


@lru_cache(maxsize=1)
def _by_position() -> dict[tuple, list[Unit]]:
    table: dict[tuple, list[Unit]] = {}
    for unit in load_units():
        table.setdefault((unit.jurisdiction, unit.section, unit.term, unit.path), []).append(unit)
    return table


def parent_of(unit: Unit) -> Unit | None:
    """The item a unit hangs from (its first paragraph), or None at section level."""
    if not unit.path:
        return None
    found = _by_position().get((unit.jurisdiction, unit.section, unit.term, unit.path[:-1]))
    return found[0] if found else None


def items_of(unit: Unit) -> list[Unit]:
    """The list a unit introduces ("... shall train employees in the following:" and its numbered items):
    the units right after it, in text order, one level below it."""
    units = load_units()
    start = next((n for n, other in enumerate(units) if other.id == unit.id), None)
    items: list[Unit] = []
    for other in units[start + 1 :] if start is not None else ():
        same_section = (other.jurisdiction, other.section, other.term) == (
            unit.jurisdiction,
            unit.section,
            unit.term,
        )
        if not (same_section and len(other.path) == len(unit.path) + 1 and other.path[:-1] == unit.path):
            break
        items.append(other)
    return items


def paragraphs_at(unit: Unit) -> list[Unit]:
    """Every paragraph that shares the unit's citation (an item and the unmarked paragraphs continuing it)."""
    return _by_position().get((unit.jurisdiction, unit.section, unit.term, unit.path), [unit])
