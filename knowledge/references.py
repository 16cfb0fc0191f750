"""Cross-references inside the ordinances ("Section 10.03.280", "Subsection 10.03.160(f)(1)",
"Sections 6.37.040(d)(1) and 6.37.040(d)(2)", Inglewood's "Section 10-227(10)") and looking units up by
citation."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from knowledge.units import Unit, load_units

_VICTORVILLE_REF = re.compile(
    r"\b(?:[Ss]ub)?[Ss]ections? (?P<first>(?:10\.03|6\.37)\.\d{3}(?:\([a-zA-Z0-9]+\))*)"
    r"(?P<more>(?:,? (?:and|or|through) (?:(?:10\.03|6\.37)\.\d{3}(?:\([a-zA-Z0-9]+\))*))*)"
)
_SECTION_AND_PATH = re.compile(r"(?P<section>(?:10\.03|6\.37)\.\d{3})(?P<path>(?:\([a-zA-Z0-9]+\))*)")
# Inglewood's one numeric self-reference: "Section 10-227(10)" is Enforcement (10), Emergency Suspension.
_INGLEWOOD_REF = re.compile(r"\bSection 10-227\((?P<item>\d+)\)")
INGLEWOOD_ENFORCEMENT_SECTION_NUMBER = "10-227"


@dataclass(frozen=True)
class Reference:
    source: Unit  # the unit whose text makes the reference
    jurisdiction: str
    section: str
    path: tuple[str, ...]
    text: str  # as printed

    @property
    def label(self) -> str:
        return self.section + "".join(f"({p})" for p in self.path)


def find_references(units: Sequence[Unit] | None = None) -> Iterator[Reference]:
    """Every reference one unit makes to a section of the same ordinances."""
    for unit in units or load_units():
        if unit.jurisdiction == "victorville":
            for match in _VICTORVILLE_REF.finditer(unit.text):
                for target in _SECTION_AND_PATH.finditer(match.group(0)):
                    path = tuple(re.findall(r"\(([a-zA-Z0-9]+)\)", target.group("path")))
                    yield Reference(unit, "victorville", target.group("section"), path, match.group(0))
        else:
            for match in _INGLEWOOD_REF.finditer(unit.text):
                yield Reference(unit, "inglewood", "Enforcement", (match.group("item"),), match.group(0))


def resolve(jurisdiction: str, section: str, path: Sequence[str] = ()) -> list[Unit]:
    """The units a reference points at: the unit(s) with that path and everything under them."""
    path = tuple(path)
    return [
        unit
        for unit in load_units()
        if unit.jurisdiction == jurisdiction
        and unit.section == section
        and unit.path[: len(path)] == path
        and (unit.term is None or unit.section == "10.03.020" or path == ())
    ]


def find_unit(citation: str) -> Unit | None:
    """The first unit with exactly this citation, e.g. to quote the text behind a compliance result."""
    return next((unit for unit in load_units() if unit.citation == citation), None)
