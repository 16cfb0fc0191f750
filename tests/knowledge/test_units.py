"""The ordinance parser: counts, numbering, citations, definitions and every cross-reference."""

from collections import Counter

import pytest

from knowledge.references import find_references, find_unit, resolve
from knowledge.units import load_units

UNITS = load_units()


def sections(prefix: str) -> list[str]:
    return sorted(
        {u.section for u in UNITS if u.section.startswith(prefix)}, key=lambda s: int(s.split(".")[-1])
    )


def test_victorville_sections_are_numbered_in_steps_of_ten():
    assert sections("10.03.") == [f"10.03.{n:03d}" for n in range(10, 401, 10)]
    assert sections("6.37.") == [f"6.37.{n:03d}" for n in range(10, 131, 10)]


def test_inglewood_sections_are_named_never_numbered():
    names = list(dict.fromkeys(u.section for u in UNITS if u.jurisdiction == "inglewood"))
    assert names == [
        "Purpose",
        "Definitions",
        "Discharge Requirements",
        "Permits",
        "Grease Interceptors and BMPs",
        "Monitoring and Notification",
        "FOG Program Fund",
        "Fees",
        "Enforcement",
        "Severability",
    ]
    assert not any(ch.isdigit() for u in UNITS if u.jurisdiction == "inglewood" for ch in u.section)


def test_unit_counts_per_chapter():
    counts = Counter(u.chapter for u in UNITS)
    assert counts == {"10.03": 200, "6.37": 214, "inglewood": 248}  # paragraphs, less Inglewood term lines


def test_every_paragraph_of_every_source_is_in_exactly_one_unit():
    import re

    from knowledge.units import SOURCE_FILES, SOURCES

    for source in SOURCE_FILES:
        text = (SOURCES / source.file).read_text(encoding="utf-8")
        body = [line.strip() for line in text.splitlines()[(1 if source.chapter else 0) :] if line.strip()]
        body = [line for line in body if not source.ordinance_line.match(line)]
        body = [line for line in body if not re.fullmatch(r"\([a-zA-Z0-9]+\)", line)]
        unit_texts = [u.text for u in UNITS if u.code == source.code]
        joined = "\n".join(unit_texts)
        for line in body:
            stripped = re.sub(r"^(\([a-zA-Z0-9]+\)|[a-z]\.)\s*", "", line)
            assert stripped.strip('"') in joined or line in joined, f"{source.file}: lost {line[:70]!r}"


@pytest.mark.parametrize(
    ("citation", "starts_with"),
    [
        ("Victorville Municipal Code § 10.03.160(f)(2)", "Unless another frequency has been specified"),
        ("Victorville Municipal Code § 10.03.160(f)(1)", "Grease interceptors shall be fully pumped out"),
        (
            "Victorville Municipal Code § 10.03.170(b)",
            "Each permittee shall be responsible to provide copies",
        ),
        ("Victorville Municipal Code § 10.03.280(a)", "In the event a permittee is unable to comply"),
        ("Victorville Municipal Code § 10.03.020(o)", '"Grease control device" or "GCD"'),
        ("Victorville Municipal Code § 10.03.020(bb)(1)", "Overflows or releases of untreated"),
        ("Victorville Municipal Code § 6.37.050(a)(2)(a)", "The commercial business' total solid waste"),
        ("Victorville Municipal Code § 6.37.050(a)(2)(b)", "The Commercial business' total solid waste"),
        ('Victorville Municipal Code § 6.37.020 ("Food scraps")', '"Food scraps" means all food'),
        ("Inglewood FOG Ordinance, Fees (2)", "Inspection and Control Fees."),
        ("Inglewood FOG Ordinance, Enforcement (4)(b)", "Any user who receives a second notice of violation"),
        ("Inglewood FOG Ordinance, Enforcement (14)(a)", "Forty-six days after the date of invoice"),
        (
            "Inglewood FOG Ordinance, Discharge Requirements (6)(ii)",
            "Waiver from Grease Interceptor Installation",
        ),
        ("Inglewood FOG Ordinance, Grease Interceptors and BMPs (4)(i)(A)", "Name of hauling company"),
        ("Inglewood FOG Ordinance, Monitoring and Notification (3)", "Notification of a Spill."),
        (
            'Inglewood FOG Ordinance, Definitions ("Grease interceptor")',
            '"Grease interceptor" means a multicompartment',
        ),
    ],
)
def test_citations_point_at_the_right_text(citation, starts_with):
    unit = find_unit(citation)
    assert unit is not None, citation
    assert unit.text.startswith(starts_with)


def test_each_defined_term_is_its_own_unit():
    victorville_fog = [u for u in UNITS if u.section == "10.03.020" and len(u.path) == 1]
    assert len(victorville_fog) == 30  # (a) to (dd)
    assert all(u.term for u in victorville_fog)
    organics_terms = {u.term for u in UNITS if u.section == "6.37.020" and u.term and not u.path}
    assert len(organics_terms) == 65  # one per quoted-term paragraph of 6.37.020
    inglewood_terms = {u.term for u in UNITS if u.section == "Definitions" and u.term}
    assert {"Grease interceptor", "Grease trap", "Food service establishment"} <= inglewood_terms
    assert len(inglewood_terms) == 38  # one per term line of the Definitions section


# What each cross-reference in the text means, checked against the unit it resolves to.
REFERENCE_MEANINGS = {
    "10.03.160(b)": "thirty days, sixty days, ninety days, one hundred twenty days, or one hundred eighty",
    "10.03.160(f)(1)": "twenty-five percent",
    "10.03.170(c)": "Record keeping requirements",
    "10.03.280": "immediately notify",
    "10.03.290": "infraction",
    "10.03.300": "regulatory agencies",
    "10.03.310": "minor violations",
    "10.03.320": "revocation",
    "10.03.320(a)": "Determination of revocation or suspension",
    "10.03.320(b)": "Permit revocation/suspension process",
    "10.03.360": "administrative",
    "10.03.370": "Superior Court",
    "10.03.390": "delinquent",  # the end of "Sections 10.03.290 through 10.03.390"
    "6.37.020": "meaning",
    "6.37.030(b)": "source separating",
    "6.37.040": "commercial businesses",
    "6.37.040(b)": "source separating",
    "6.37.040(d)": "provide containers",
    "6.37.040(d)(1)": "container colors",
    "6.37.040(d)(2)": "labels",
    "6.37.050(a)(2)": "documentation",
    "6.37.060": "edible food",
    "6.37.090": "Self-haulers",
    "6.37.090(c)": "keep a record",
    "6.37.120": "Inspections",
    "6.37.130(d)(3)": "notice of violation",
    "6.37.130(f)": "extend the compliance deadlines",
    "Enforcement(10)": "Emergency Suspension",
}


def test_every_cross_reference_resolves_to_text_that_says_what_it_means():
    references = list(find_references())
    assert len(references) >= 35
    labels = set()
    for ref in references:
        targets = resolve(ref.jurisdiction, ref.section, ref.path)
        assert targets, f"{ref.text!r} in {ref.source.citation} resolves to nothing"
        label = ref.label if ref.jurisdiction == "victorville" else f"Enforcement({ref.path[0]})"
        labels.add(label)
        expected = REFERENCE_MEANINGS[label]
        assert any(expected.lower() in t.text.lower() for t in targets), f"{label} does not say {expected!r}"
    assert labels == set(REFERENCE_MEANINGS)
