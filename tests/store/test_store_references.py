"""Reference numbers: well formed, unique, readable aloud, retried on collision."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from store_test_support import NOW, SequenceRandom

from store import facilities, permits, records, references, service, spills, waivers
from store.errors import StoreError
from store.records import MAX_REFERENCE_ATTEMPTS
from store.schema import spill_reports


def test_prefixes_are_the_five_kinds_and_avoid_letters_confusable_with_digits():
    assert references.PREFIXES == ("SP", "PA", "WV", "SR", "FC")
    assert not any(letter in prefix for prefix in references.PREFIXES for letter in "OIL")


@pytest.mark.parametrize(
    ("number", "expected"),
    [(0, "SP-000000"), (482137, "SP-482137"), (48213, "SP-048213"), (999999, "SP-999999")],
)
def test_new_reference_always_has_six_digits(number, expected):
    assert references.new_reference("SP", SequenceRandom(number)) == expected
    assert references.is_reference(expected)


def test_unknown_prefix_is_refused():
    with pytest.raises(ValueError, match="'OX'"):
        references.new_reference("OX")


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("SP-482137", "SP-482137"),
        ("sp 482137", "SP-482137"),
        ("Sp.482-137", "SP-482137"),
        ("  wv 048 213 ", "WV-048213"),
        ("SP-4821O7", "SP-482107"),
        ("fc-I2345l", "FC-123451"),
        ("SP-48213", None),
        ("SP-4821370", None),
        ("XX-482137", None),
        ("482137", None),
        ("", None),
    ],
)
def test_normalize_reference_accepts_how_people_type_them(typed, expected):
    assert references.normalize_reference(typed) == expected


def test_every_record_kind_gets_its_prefix(engine):
    facility = facilities.create(
        engine, city="inglewood", name="Diner", conversation_id="c", channel="web", now=NOW
    )
    made = [
        facility,
        service.add_record(
            engine,
            service_date=NOW.date(),
            conversation_id="c",
            channel="web",
            facility_reference=facility["reference"],
        ),
        permits.create_draft(engine, city="inglewood", conversation_id="c", channel="web"),
        waivers.create_draft(engine, kind="deminimis", conversation_id="c", channel="web"),
        spills.create_partial(engine, conversation_id="c", channel="web"),
    ]
    assert [record["reference"][:3] for record in made] == ["FC-", "SR-", "PA-", "WV-", "SP-"]
    assert all(references.is_reference(record["reference"]) for record in made)


def test_references_are_unique_across_many_records(engine):
    with engine.begin() as connection:  # one transaction: fast, and each insert still checks the constraint
        made = [spills.create_partial(connection, conversation_id=f"c{i}", channel="sms") for i in range(200)]
    assert len({record["reference"] for record in made}) == 200


def test_a_collision_is_retried_with_a_new_number(engine):
    first = spills.create_partial(engine, conversation_id="a", channel="sms", rng=SequenceRandom(482137))
    second = spills.create_partial(
        engine, conversation_id="b", channel="sms", rng=SequenceRandom(482137, 482137, 5)
    )
    assert first["reference"] == "SP-482137"
    assert second["reference"] == "SP-000005"
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(spill_reports)).scalar() == 2


def test_giving_up_after_too_many_collisions_says_so(engine):
    spills.create_partial(engine, conversation_id="a", channel="sms", rng=SequenceRandom(7))
    stuck = SequenceRandom(*([7] * MAX_REFERENCE_ATTEMPTS))
    with pytest.raises(
        StoreError, match=f"No free SP reference number after {MAX_REFERENCE_ATTEMPTS} attempts"
    ):
        spills.create_partial(engine, conversation_id="b", channel="sms", rng=stuck)


def test_same_digits_may_serve_two_kinds_because_the_prefix_differs(engine):
    spill = spills.create_partial(engine, conversation_id="a", channel="sms", rng=SequenceRandom(42))
    permit = permits.create_draft(
        engine, city="victorville", conversation_id="a", channel="sms", rng=SequenceRandom(42)
    )
    assert (spill["reference"], permit["reference"]) == ("SP-000042", "PA-000042")


def test_other_integrity_errors_are_raised_not_retried(engine):
    """A check-constraint failure must surface at once (the one-number random source would run dry)."""
    values = {
        "created_at": NOW,
        "updated_at": NOW,
        "status": "lost",
        "details": {},
        "flagged": False,
        "media_urls": [],
        "transcript": [],
    }
    with pytest.raises(sa.exc.IntegrityError, match="ck_spill_reports_status"), engine.begin() as connection:
        records.insert_with_reference(connection, spill_reports, "SP", values, SequenceRandom(1))
