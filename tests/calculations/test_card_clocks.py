"""Deadlines computed from an answer card's clocks when the message gives the day the clock started."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from calculations import clock_deadlines
from compliance.clocks import clocks_for
from compliance.core import parse_city
from knowledge.cards import load_cards
from knowledge.spanish import gloss

NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


def test_every_clock_a_card_names_is_a_clock_of_its_city():
    named = [(card, key) for card in load_cards() for key in card.clocks]
    assert len(named) >= 30
    assert [(card.id, key) for card, key in named if key not in clocks_for(parse_city(card.city))] == []


def test_the_day_the_message_gives_starts_the_clock_and_the_due_date_comes_first():
    found = clock_deadlines(
        ("revocation_final",), "letter says mailed nov 18, when is it final?", "inglewood", NOW
    )
    assert found is not None and found.citation == "Inglewood FOG Ordinance, Enforcement (6)(iii)"
    assert "December 4, 2026" in found.text and "November 18, 2026" in found.text


@pytest.mark.parametrize(
    "said",
    [
        "Notice of Proposed Revocation of FOG Permit. Hearing is December 21, 2026. What happens there?",
        "me llego la carta, la audiencia está puesta para el 21 de diciembre, q pasa ahi?",
    ],
)
def test_the_day_a_hearing_is_set_for_is_no_day_a_notice_was_mailed(said):
    keys = ("revocation_hearing_earliest", "revocation_hearing_latest")
    assert clock_deadlines(keys, gloss(said) if "carta" in said else said, "victorville", NOW) is None


def test_two_clocks_of_one_card_are_both_worked_out():
    found = clock_deadlines(
        ("revocation_hearing_earliest", "revocation_hearing_latest"),
        "they mailed the hearing notice on nov 24",
        "victorville",
        NOW,
    )
    assert found is not None and "December 9, 2026" in found.text and "January 8, 2027" in found.text


def test_a_day_said_with_a_filler_after_its_start_word_still_starts_the_clock():
    found = clock_deadlines(
        ("revocation_hearing_earliest", "revocation_hearing_latest"),
        "the letter's dated, uh, November twenty-third, and the hearing's on December fourth. that fast?",
        "inglewood",
        NOW,
    )
    assert found is not None and "December 4, 2026 is earlier than the chapter allows" in found.text


def test_a_bill_s_clock_starts_on_the_day_the_bill_is_dated_whatever_other_days_are_said():
    """w52-c017: a backup on Nov 17 said twice ("two weeks ago (Tuesday, Nov 17)"), then "Today I got an
    invoice
    dated November 30": the invoice's 45 days run from November 30."""
    said = (
        "Two weeks ago (Tuesday, Nov 17) we had a backup in the kitchen; grease came up through a floor "
        "drain. "
        "Today I got an invoice dated November 30 from the city for clearing the sewer main. How long do we "
        "have to pay it?"
    )
    found = clock_deadlines(("damage_costs_payment",), said, "victorville", NOW)
    assert found is not None and "January 14, 2027" in found.text


def test_a_planned_change_counts_back_from_the_day_it_starts():
    found = clock_deadlines(("planned_change_notice",), "construction starts feb 1", "victorville", NOW)
    assert found is not None and "December 3, 2026" in found.text


def test_of_two_days_to_come_the_work_s_start_is_the_one_a_notice_counts_back_from():
    text = "taking over ownership jan 1 and starting a kitchen remodel feb 1 2027, when do i tell the city"
    found = clock_deadlines(("planned_change_notice",), text, "victorville", NOW)
    assert found is not None and "February 1, 2027" in found.text and "December 3, 2026" in found.text
    assert clock_deadlines(("planned_change_notice",), "jan 1 or feb 1?", "victorville", NOW) is None


def test_clocks_give_the_days_they_fall_due_on():
    found = clock_deadlines(("planned_change_notice",), "construction starts feb 1", "victorville", NOW)
    assert found is not None and found.dues == (dt.date(2026, 12, 3),)


@pytest.mark.parametrize(
    "text",
    [
        "when is the revocation final?",  # no day
        "one letter was mailed nov 20, another mailed nov 25",  # which day starts the clock is not certain
    ],
)
def test_no_day_or_two_days_compute_nothing(text):
    assert clock_deadlines(("revocation_final",), text, "inglewood", NOW) is None


WINDOW = ("revocation_hearing_earliest", "revocation_hearing_latest")


@pytest.mark.parametrize(
    ("text", "mailed", "verdict"),
    [
        ("hearing is dec 3. letter was mailed nov 24. can they do that?", "November 24", "earlier than"),
        (
            "It was mailed November 24 and sets the hearing for January 20. Allowed?",
            "November 24",
            "later than",
        ),
        ("letter dated nov 20, hearing set dec 20, is that legit", "November 20", "falls within"),
    ],
)
def test_of_two_days_the_one_said_to_start_the_clock_starts_it_and_the_other_is_checked(
    text, mailed, verdict
):
    found = clock_deadlines(WINDOW, text, "victorville", NOW)
    assert found is not None and f"mailed on {mailed}, 2026" in found.text
    assert verdict in found.text


def test_two_days_neither_said_to_start_the_clock_compute_nothing():
    assert clock_deadlines(WINDOW, "hearing dec 3 or dec 20?", "victorville", NOW) is None


def test_a_spanish_letter_s_mailing_date_starts_its_clocks():
    said = "La carta tiene fecha de envío del 24 de noviembre y me ponen la audiencia para el 4 de diciembre"
    keys = ("revocation_hearing_earliest", "revocation_hearing_latest")
    found = clock_deadlines(keys, gloss(said), "victorville", NOW)
    assert found is not None and found.kind == "window" and "December 9, 2026" in found.text


@pytest.mark.parametrize(
    ("text", "computed"),
    [
        ("got our 2nd NOV from inglewood today, can i fight it", False),  # the day it came, not mailed
        ("the letter came yesterday, can i appeal?", False),
        ("NOV was mailed nov 24, can i appeal", True),
        ("got a letter dated nov 20, can i appeal", True),
    ],
)
def test_a_clock_from_a_mailing_is_not_started_on_the_day_the_letter_came(text, computed):
    assert (clock_deadlines(("appeal_to_director",), text, "inglewood", NOW) is not None) is computed


@pytest.mark.parametrize(
    "said",
    [
        "the city just came by and handed us an emergency suspension order, do we get a hearing?",
        "they just served us an emergency suspension order. when's the hearing",
    ],
)
def test_an_order_that_just_came_starts_its_clock_today(said):
    """ "just came by and handed us" (w11-c015): the order was issued today, so the hearing's latest day is
    five business days from today."""
    key = next(key for key in clocks_for("victorville") if "suspension" in key and "hearing" in key)
    found = clock_deadlines((key,), said, "victorville", NOW)
    assert found is not None and "December 8, 2026" in found.text


def test_a_day_to_come_is_not_taken_from_just():
    assert (
        clock_deadlines(("revocation_final",), "i just want to know when it is final", "inglewood", NOW)
        is None
    )


def test_a_clock_that_runs_from_a_mailing_is_not_started_by_the_letter_s_own_date():
    """Review of stop 56 (F11): "they mailed it nov 24 but the letter is dated nov 20" appeals from the
    mailing, never from the date on the letter."""
    said = "they mailed it nov 24 but the letter is dated nov 20, by when do i appeal?"
    found = clock_deadlines(("appeal_to_director",), said, "inglewood", NOW)
    assert found is None or "December 5" not in found.text


@pytest.mark.parametrize(
    ("said", "computes"),
    [
        # w54-c022: the decision's day starts no clock that runs from the notice's mailing
        (
            "The hearing officer issued a written decision revoking our FOG permit, dated November 24. "
            "Appeal?",
            False,
        ),
        ("We got a notice of proposed revocation mailed November 24. When can the hearing be?", True),
        ("the hearing officer's decision was mailed November 24 and the notice says a hearing, when?", True),
    ],
)
def test_a_decision_s_day_starts_no_clock_of_a_notice_s_mailing(said, computes):
    keys = ("revocation_hearing_earliest", "revocation_hearing_latest")
    assert (clock_deadlines(keys, said, "victorville", NOW) is not None) is computes


@pytest.mark.parametrize(
    ("keys", "city", "said"),
    [
        # review of stop 57 (M3): an order mailed starts its own clock; a notice that names a hearing is no
        # decision
        (
            ("revocation_final",),
            "inglewood",
            "The Director's written decision and order revoking our permit is dated November 24. When is it "
            "final?",
        ),
        (
            ("revocation_hearing_earliest", "revocation_hearing_latest"),
            "victorville",
            "notice of proposed revocation of our permit, hearing to be scheduled, letter dated november 24",
        ),
    ],
)
def test_a_clock_from_an_order_or_a_hearing_notice_still_starts(keys, city, said):
    assert clock_deadlines(keys, said, city, NOW) is not None
