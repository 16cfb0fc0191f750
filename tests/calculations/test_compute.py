"""Computed answers from the user's own numbers: the result first, with the reason and the section."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import languages
from calculations import (
    about_another_place,
    compute,
    implied_city,
    without_permit_terms,
    without_stated_facts,
)
from calculations.compute import bare_number_read, clock_deadlines, permit_frequency, what_if_read
from knowledge.spanish import gloss

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)  # Tuesday, December 1, 2026, 10:00 Pacific


@pytest.mark.parametrize(
    ("text", "city", "kind", "says", "cites"),
    [
        (
            "got the big grease trap out back pumped sept 15. when do i gotta pump again",
            "victorville",
            "service_due",
            "due by December 14, 2026",
            "§ 10.03.160(f)(2)",
        ),
        (  # "had the pumper out" says the service was done
            "had the pumper truck out for the big grease trap on sept 15. when do we gotta do it again?? "
            "nothing special on our permit",
            "victorville",
            "service_due",
            "due by December 14, 2026",
            "§ 10.03.160(f)(2)",
        ),
        (
            "our permit says 60 days, pumped nov 2, when's the next one",
            "victorville",
            "service_due",
            "due by January 1, 2027",
            "§ 10.03.160(b)",
        ),
        (
            "interceptor got pumped June 2, when's the next one due?",
            "inglewood",
            "service_due",
            "overdue",
            "Grease Interceptors and BMPs (4)(c)",
        ),
        (
            "Our $267 FOG invoice from March 3 is still unpaid, what do we owe now?",
            "inglewood",
            "late_fee",
            "you owe $324.54",
            "Enforcement (14)",
        ),
        (  # w36-s017: "never got paid" is unpaid
            "found an inglewood invoice for $413 dated 9/15 in the old owners stuff, never got paid. how "
            "much extra is on it now",
            "inglewood",
            "late_fee",
            "$41.30",
            "Enforcement (14)",
        ),
        ("whats the fine for a 2nd NOV", "inglewood", "nov_fee", "$250", "Enforcement (4)(b)"),
        ("58 seats and a drive thru, whats our annual fee", "inglewood", "annual_fee", "$413", "Fees (2)"),
        (
            "4 yards of trash a week and maybe 12 gallons of food waste, do we need the organics bin?",
            "victorville",
            "deminimis",
            "Yes, you qualify to apply",
            "§ 6.37.050(a)",
        ),
        (
            "1.5 cubic yards of trash and 12 gallons of food scraps a week, can we get the waiver",
            "victorville",
            "deminimis",
            "don't qualify",
            "§ 6.37.050(a)",
        ),
        (
            "pump guy came out nov 12 for the big trap out back. my permit doesnt say a number. do i really "
            "gotta pump every 90 days or can i push it longer??",
            "victorville",
            "service_due",
            "due by February 10, 2027 (71 days from today). That is because no other frequency is set",
            "§ 10.03.160(f)(2)",
        ),
        (
            "the pumper truck came 11/20 and did the big trap out back, when do i gotta have them back?",
            "victorville",
            "service_due",
            "due by February 18, 2027",
            "§ 10.03.160(f)(2)",
        ),
        (
            "they haul about a yard and a half of trash a week and 8 gallons of organics, do we qualify",
            "victorville",
            "deminimis",
            "With 1.5 cubic yards a week",
            "§ 6.37.050(a)",
        ),
        (
            "we only got the small trap under the 3 comp sink. how often clean it? last done nov 10",
            "victorville",
            "service_due",
            "Your next trap service is due by December 10, 2026",
            "§ 10.03.160(g)",
        ),
        (
            "we only have 1 cubic yard of trash a week, could we get out of the organics service?",
            "victorville",
            "deminimis_limit",
            "must be under 10 gallons a week per container",
            "§ 6.37.050(a)(2)(b)",
        ),
        (  # under both limits: eligible whatever the trash service, which is not asked
            "we barely make any food waste, like 4 gal a week. can we skip the brown bin?",
            "victorville",
            "deminimis",
            "Yes, you qualify to apply for a de minimis waiver, whatever your trash service",
            "§ 6.37.050(a)(2)",
        ),
        (  # between the limits: the trash service decides, and is asked
            "we make about 15 gallons of food scraps a week, do we need the organics cart?",
            "victorville",
            "deminimis_limit",
            "How many cubic yards of trash service a week do you have?",
            "§ 6.37.050(a)(2)",
        ),
        (  # at or over both limits: never eligible
            "25 gallons of food waste per week, can we get a waiver?",
            "victorville",
            "deminimis",
            "No, you don't qualify for a de minimis waiver",
            "§ 6.37.050(a)(2)",
        ),
        (
            "got the yearly grease fee bill dated nov 2. when do i get hit with a late fee",
            "inglewood",
            "late_fee",
            "Pay it by December 17, 2026",
            "Enforcement (14)",
        ),
        (
            "we had a sewage backup on nov 30, when is the written report due",
            "victorville",
            "spill_written_deadline",
            "due by December 7, 2026",
            "§ 10.03.280(b)",
        ),
    ],
)
def test_the_result_comes_first_with_its_section(text, city, kind, says, cites):
    found = compute(text, city, NOW)
    assert found is not None and found.kind == kind
    assert says in found.text and cites in found.citation


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("how often do i have to pump my interceptor", "victorville"),  # no date: the rule, not a computation
        ("pumped on Aug 14, 1,000 gallons, ABC Hauling", "victorville"),  # a report to log, not a question
        ("got pumped sept 15, when is the next one due", None),  # no city: never guess between the two
        ("whats the fine for a 2nd NOV", "victorville"),  # Victorville sets no NOV fee schedule
        ("4 yards of trash and 12 gallons of food waste", "inglewood"),  # Chapter 6.37 is Victorville's
        ("pumped tomorrow, when is the next one due", "victorville"),  # a future service date is refused
        # gallons, but no waiver asked: an interceptor's size, or a weekly amount for nothing in particular
        ("our interceptor is 750 gallons, do we need a bigger one?", "victorville"),
        ("we make 12 gallons of food waste a week", "victorville"),
    ],
)
def test_nothing_is_computed_without_every_value_the_rule_needs(text, city):
    assert compute(text, city, NOW) is None


@pytest.mark.parametrize(
    ("text", "due"),
    [
        (
            "how often do we pump the interceptor? our permit says 120. last one was sept 30",
            "January 28, 2027",
        ),
        (
            "how often do we pump the interceptor? permit is every 60. last one was sept 30",
            "November 29, 2026",
        ),
        (
            "when do we pump the interceptor? the permit says 120 gallons. last one was sept 30",
            "December 29, 2026",
        ),
    ],
)
def test_a_bare_number_the_permit_says_is_the_service_frequency_in_days(text, due):
    result = compute(text, "victorville", NOW)
    assert result is not None and due in result.text


@pytest.mark.parametrize(
    ("text", "due"),
    [
        # a frequency someone else says is the claim to check, not taken: the rule's own is worked out
        # (s52-s002)
        (
            "grease box under the sink, i cleaned it November 10. boss says clean every 3 months. when again",
            "December 10, 2026",
        ),
        # the permit named after who said it is the permit's
        ("the guy said our permit says every 60 days, last pumped oct 20, when next", "December 19, 2026"),
        # in Spanish: a buried tank is the interceptor, its grease taken out is its pumping (s52-s001)
        (
            gloss(
                "el señor del camion vino el 15 de septiembre a sacarle la grasa al tanque q esta enterrado "
                "atras, en el permiso no dice nada de cada cuanto. cuando le toca otra vez?"
            ),
            "December 14, 2026",
        ),
        # the big trap outside pumped by the truck is the interceptor; "la limpiamos el ..." a service done
        # (s54-s004, s54-s006)
        (
            gloss(
                "el del camion vino el 14 de septiembre a sacar la trampa grande de afuera, la q esta "
                "enterrada. cuando me toca otra vez?"
            ),
            "December 13, 2026",
        ),
        (
            gloss(
                "tenemos una trampita abajo del lavadero. la limpiamos el 10 de noviembre. pa cuando me toca?"
            ),
            "December 10, 2026",
        ),
        # the last one said with its day alone, the device cleaned named bare (s52-c014)
        ("how often clean interceptor in victorville permit says 60 days last 5 October", "December 4, 2026"),
        (
            gloss(
                "cada cuanto limpiar interceptor grande en victorville? permiso dice 60 dias ultimo 5 octubre"
            ),
            "December 4, 2026",
        ),
    ],
)
def test_the_service_s_facts_said_loosely_still_work_out_the_next_date(text, due):
    result = compute(text, "victorville", NOW)
    assert result is not None and due in result.text


@pytest.mark.parametrize(
    "text",
    [
        # a last day said of something else is no pumping (review of stop 58, M1)
        "inglewood revocation order was mailed last nov 16, when is it final?",
        "we got the NOV last nov 16 in inglewood, when do we have to pay it",
        "inglewood: we trained the staff last june 3, when is the next training due?",
    ],
)
def test_a_last_day_said_without_the_device_is_no_service(text):
    found = compute(text, "inglewood", NOW)
    assert found is None or found.kind != "service_due"


def test_a_frequency_the_city_s_inspector_gives_is_still_the_permit_s():
    # "they" may be the city (review of stop 58, S1): only people named as not the city are hearsay
    found = compute(
        "inspector came by, they said every 60 days now for us. last pumped oct 20, when is next?",
        "victorville",
        NOW,
    )
    assert found is not None and "December 19, 2026" in found.text


def test_a_wait_to_do_something_else_is_no_payment_day():
    found = compute(
        "inglewood fog invoice for $267 dated october 10 unpaid. what if we wait 2 weeks to pump the trap",
        "inglewood",
        NOW,
    )
    assert found is None or not found.text.startswith("Paid on")


@pytest.mark.parametrize(
    ("text", "city", "due", "because"),
    [
        (
            "inglewood. last pump out was june 3, permit has us on every 6 months. whens the next one due",
            "inglewood",
            "December 3, 2026",  # six calendar months, not 180 days (November 30)
            "every six months",
        ),
        (
            "pumped oct 1, permit says quarterly, when is the next one due",
            "victorville",
            "December 30, 2026",  # Victorville counts frequencies in days: quarterly is its 90-day frequency
            "90-day frequency",
        ),
    ],
)
def test_a_permit_frequency_in_months(text, city, due, because):
    result = compute(text, city, NOW)
    assert result is not None and due in result.text and because in result.text


def test_a_service_due_date_is_said_once_with_its_reason_and_the_last_service():
    found = compute("interceptor got pumped nov 3, when is the next one due?", "victorville", NOW)
    assert found.text.startswith(
        "Your next interceptor service is due by February 1, 2027 (62 days from today)."
    )
    assert found.text.count("February 1, 2027") == 1
    assert "at least every ninety days; it was last serviced November 3, 2026." in found.text


def test_a_written_spill_confirmation_says_to_whom_by_when_and_what_it_must_state():
    found = compute("we had a sewage backup yesterday, when is the written report due?", "inglewood", NOW)
    assert found.text.startswith(
        "Your written confirmation to the Director (the City of Inglewood Director of Public Works) is due "
        "by December 7, 2026, five working days after the November 30, 2026 incident."
    )
    assert "It must state the date of the incident; the reasons for the discharge or spill;" in found.text


@pytest.mark.parametrize(
    ("text", "fee"),
    [
        ("80 seats without drive-thru, what's the annual fee? inglewood", "$413"),
        ("we don't have a drive-thru, 30 seats, annual fee? inglewood", "$267"),
        ("30 seats and a drive-thru, annual fee? inglewood", "$413"),
    ],
)
def test_no_drive_thru_is_read_in_its_everyday_forms(text, fee):
    found = compute(text, "inglewood", NOW)
    assert found.text.startswith(f"Your annual fee is {fee}")
    assert ("with a drive-thru" in found.text) == ("and a drive-thru" in text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("we have 300 seats, what tier are we", "A restaurant with 300 seats (250 or more) is a tier two"),
        (
            "is our restaurant tier two? We have 200 seats. The building is about 5,400 square feet.",
            "A restaurant of 5,400 square feet (5,000 or more) is a tier two",
        ),
        ("grocery store 12,000 sq ft, do we have to donate edible food?", "is a tier one commercial edible"),
        ("is our restaurant tier two? We have 200 seats.", "If its total facility size is 5,000 square feet"),
        (
            "I run the cafeteria kitchen at an elementary school and the district says the SB 1383 food "
            "recovery rules apply to us now, since when?",
            "A local education agency facility with an on-site food facility is a tier two",
        ),
        ("we are a food distributor, what tier are we for edible food?", "is a tier one commercial edible"),
    ],
)
def test_the_edible_food_tier_is_computed_from_the_business_s_kind_and_size(text, says):
    found = compute(text, "victorville", NOW)
    assert found is not None and found.kind == "edible_food_tier" and says in found.text


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("are restaurants tier 2?", "victorville"),  # no size: the card answers
        ("we have 300 seats, what tier are we", "inglewood"),  # Inglewood has no organics chapter here
    ],
)
def test_no_tier_is_computed_without_a_size_or_outside_victorville(text, city):
    found = compute(text, city, NOW)
    assert found is None or found.kind != "edible_food_tier"


def test_a_late_fee_not_yet_due_says_what_comes_and_when():
    found = compute("invoice from nov 10 for $413, unpaid, what penalty if late", "inglewood", NOW)
    assert found.text == (
        "No penalty yet: pay the $413 by December 25, 2026. If it is still unpaid on December 26, 2026, a "
        "basic penalty of $41.30 (10% of the invoice) is added, and then 1.5% a month of the invoice plus "
        "that penalty. Ninety days after the invoice date is February 8, 2027: "
        "still unpaid after that (from February 9, 2027), it is cause for permit revocation proceedings."
    )


@pytest.mark.parametrize(
    ("asked", "lead"),
    [
        (
            "and if i pay it friday?",
            "Paid on December 4, 2026, you owe $293.70: the $267 invoice plus $26.70",
        ),
        ("what if we pay on december 2", "Paid on December 2, 2026, it is on time: no penalty."),
        # a wait from today (s52-c014): paid two weeks from Tuesday, December 1
        ("and if i wait 2 more weeks?", "Paid on December 15, 2026, you owe $293.70"),
        (gloss("y si me espero 2 semanas mas?"), "Paid on December 15, 2026, you owe $293.70"),
        ("what if we wait a month", "Paid on January 1, 2027, you owe $293.70"),
    ],
)
def test_a_payment_day_asked_about_gets_what_is_owed_that_day(asked, lead):
    """Day 46 of an invoice dated October 19 is Friday, December 4: paid then, the basic penalty is owed; the
    invoice's own date is still read from the message, after the day of payment."""
    found = compute(f"{asked} inglewood fog invoice $267 dated october 19, not paid yet", "inglewood", NOW)
    assert found.kind == "late_fee" and found.text.startswith(lead), found.text


@pytest.mark.parametrize(("amount", "basic"), [("$267", "$26.70"), ("$14,200", "$1,000")])
def test_an_overdue_invoice_s_amount_without_its_date_gives_the_basic_penalty_and_asks_the_date(
    amount, basic
):
    said = f"It's {amount}, the annual inspection fee. I have an overdue invoice from the City of Inglewood"
    found = compute(said, "inglewood", NOW)
    assert found.kind == "late_fee" and found.citation == "Inglewood FOG Ordinance, Enforcement (14)(a)"
    assert found.text.startswith(f"The basic late penalty on a {amount} invoice is {basic}, added 46 days")
    assert found.text.endswith("What is the invoice's date? I'll work out what is owed and by when.")


def test_a_late_fee_with_no_month_accrued_yet_says_the_monthly_penalty_follows():
    found = compute(
        "invoice dated oct 1 for $267 annual inspection fee. didnt pay yet. penalty now?", "inglewood", NOW
    )
    assert found.text.startswith("As of today you owe $293.70")
    # the day it was due first: the date a late invoice is asked about, in the first SMS
    assert (
        "It was due by November 15, 2026, 45 days after the invoice date; day 46 was November 16, 2026. "
        "Each full month after that adds 1.5% of the invoice" in found.text
    )
    assert found.text.endswith(
        "Ninety days after the invoice date is December 30, 2026: "
        "still unpaid after that (from December 31, 2026), it is cause for permit revocation proceedings."
    )


def test_a_manifest_question_after_a_pump_out_is_not_the_next_service_date():
    asked = "pumped yesterday like 4pm. when do i gotta get the manafest to the city by? victorville"
    assert compute(asked, "victorville", NOW) is None  # the manifest card's clock answers it
    # the hauler's paper, sent to the city, is the manifest (w41-s002)
    paper = (
        "hauler came yesterday 3pm pumped the interceptor. do i send the paper to the city or he does it? by "
        "when"
    )
    assert compute(paper, "victorville", NOW) is None
    both = "pumped yesterday, when is the next one due and when does the manifest go in?"
    assert compute(both, "victorville", NOW).kind == "service_due"
    # the permit's paperwork is no manifest, and "needs pumped next" asks the next service (w52-s008)
    bought = (
        "bought a pho place in victorville. the pumping guy w the truck came sept 14 (before me). cant find "
        "any permit paperwork. when does it need pumped next"
    )
    assert compute(bought, "victorville", NOW).kind == "service_due"


def test_a_notice_s_penalty_fee_is_no_unpaid_invoice():
    asked = (
        "inglewood mailed me a notice of violation on november 23 with a $100 penalty fee. how do i appeal?"
    )
    found = compute(asked, "inglewood", NOW)
    assert found is None or found.kind != "late_fee"


def test_a_grease_back_up_cleaned_up_is_a_spill_whose_written_confirmation_is_computed_not_a_pump_out():
    said = "grease backed up out of the floor sink yesterday, got it cleaned up. what do we send in writing?"
    found = compute(said, "victorville", NOW)
    assert found is not None and "December 7, 2026" in found.text and "written confirmation" in found.text


@pytest.mark.parametrize(
    ("text", "asked", "said"),
    [
        ("52", "How many seats does the restaurant have, and does it have a drive-thru?", "52 seats"),
        (
            "like 48",
            "Got it. How many seats does the restaurant have, and does it have a drive-thru?",
            "48 seats",
        ),
        ("52", "What is the invoice's date? I'll work out what is owed and by when.", "52"),
        (
            "52 and no drive-thru",
            "How many seats does the restaurant have, and does it have a drive-thru?",
            "52 and no drive-thru",
        ),
    ],
)
def test_a_bare_number_answers_the_count_the_last_question_asked_for(text, asked, said):
    from calculations import with_unit_asked

    assert with_unit_asked(text, asked) == said


def test_the_seats_asked_for_then_given_bare_compute_the_annual_fee():
    from calculations import with_unit_asked

    asked = "How many seats does the restaurant have, and does it have a drive-thru?"
    found = compute(
        f"what is the annual fog fee for our restaurant? {with_unit_asked('52', asked)}", "inglewood", NOW
    )
    assert found is not None and "$413" in found.text


@pytest.mark.parametrize(
    ("text", "city", "says"),
    [
        ("Our Inglewood permit says 90 days.", "inglewood", "due every 90 days"),
        ("our permit has us every 12 months", "inglewood", "due every six months"),  # the ordinance's limit
        ("permit says every 45 days", "victorville", "45 days is not possible"),
    ],
)
def test_a_permit_frequency_said_without_a_date_says_what_it_means(text, city, says):
    from calculations import frequency_noted

    noted = frequency_noted(text, city, NOW)
    assert noted is not None and says in noted


def test_no_frequency_or_no_city_notes_nothing():
    from calculations import frequency_noted

    assert frequency_noted("when is it due", "inglewood", NOW) is None
    assert frequency_noted("our permit says 90 days", None, NOW) is None


def test_how_long_records_are_kept_computes_no_clock_from_the_form_s_facts():
    """Mid-log, "how long do I have to keep the pumper's receipts?" with the pump-out's facts: no clock
    answers it (the retention card does), so nothing is computed, not the next service."""
    asked = "how long do I have to keep the receipts from the pumper?"
    facts = "interceptor pumped November 30, 2026, when is the next one due"
    assert compute(f"{asked} {facts}", "inglewood", NOW, asked=asked) is None
    assert compute(facts, "inglewood", NOW) is not None


def test_a_what_if_that_gives_no_value_and_names_no_rule_computes_nothing():
    """ "and if it's more than a quarter full before that?" after a next service: recomputing the topic would
    not answer it (the 25% rule's card does); a what-if with a value, or one that names the rule, computes."""
    topic = "when do i need to pump again? last pump was oct 20. victorville. our permit says 60 days"
    asked = "ok and if its more than a quarter full before that?"
    assert compute(f"{asked} {topic}", "victorville", NOW, asked=asked) is None
    unpaid = "got a late notice from inglewood for the fog fee, $413, invoice date was sept 15"
    for asked in ("what if we dont pay it?", "and if it were $267 instead?"):
        assert compute(f"{asked} {unpaid}", "inglewood", NOW, asked=asked) is not None


def test_asked_when_the_permit_can_be_revoked_the_unpaid_invoice_s_revocation_day_comes_first():
    asked = compute(
        "our $413 fog invoice dated oct 2 is unpaid. and when can they revoke the permit?", "inglewood", NOW
    )
    assert asked is not None and asked.text.startswith(
        "Ninety days after the invoice date is December 31, 2026: "
        "still unpaid after that (from January 1, 2027)"
    )
    assert asked.text.count("revocation") == 1  # said once, first
    owed = compute("our $413 fog invoice dated oct 2 is unpaid, what do we owe?", "inglewood", NOW)
    assert owed is not None and owed.text.startswith("As of today you owe")


def test_an_invoice_for_cleaning_the_sewer_main_is_no_pump_out():
    said = (
        "city of victorville invoice, $8,450 for cleaning the sewer main after the blockage, dated oct 30. "
        "when do i have to pay"
    )
    found = compute(said, "victorville", NOW)
    assert found is None or found.kind != "service_due"


@pytest.mark.parametrize(
    ("said", "topic", "read"),
    [
        ("267", "got an inglewood invoice for the fog fee, how much is the late charge?", "$267"),
        ("3", "whats the fine for a NOV", "3rd notice of violation"),
        (
            "3",
            "got a ticket from the inglewood grease inspector how much do i owe",
            "3rd notice of violation",
        ),
        ("2", "the bill from the city, what do we owe", "2"),  # too small to be the bill
        ("hello", "the bill from the city", "hello"),
        (
            "its 413, dated august 14",
            "how does the late charge work on an inglewood invoice",
            "its $413, dated august 14",
        ),
        ("its 60 days", "how does the late charge work on an inglewood invoice", "its 60 days"),
        ("its 413", "when is my next pump-out due", "its 413"),  # no bill talked about
    ],
)
def test_a_bare_number_is_read_for_what_the_topic_needs(said, topic, read):
    assert bare_number_read(said, None, topic, "inglewood", NOW) == read


@pytest.mark.parametrize(
    ("said", "read"),
    [("280", "280 seats"), ("6000", "6000 square feet"), ("hello", "hello")],
)
def test_a_bare_number_after_an_edible_food_question_is_the_business_s_size(said, read):
    """s30-c016: "280" after "do our restaurants have to donate leftover food?" is 280 seats (tier two);
    a restaurant's four-digit size is its floor area."""
    topic = "Are our restaurants in Victorville required to donate the edible food left over?"
    assert bare_number_read(said, None, topic, "victorville", NOW) == read
    assert bare_number_read("120", None, "is our hotel an edible food generator", None, NOW) == "120 rooms"
    assert bare_number_read("280", None, "do we have to donate food", "victorville", NOW) == "280"


def test_an_amount_named_by_what_it_is_replaces_the_topic_s_in_a_what_if():
    topic = (
        "late notice from Inglewood for our grease inspection fee, the invoice is $413, dated September 15"
    )
    asked = "what if we were the small place and the bill was the 267 one instead"
    found = compute(f"{asked} {topic}", "inglewood", NOW, asked=asked)
    assert found is not None and "the $267 invoice" in found.text and "$26.70" in found.text


def test_a_late_bill_s_amount_said_without_its_dollar_sign_is_computed():
    said = "got an inglewood invoice for the annual inspection fee we forgot to pay. how much is the late fee"
    found = compute(f"{said} its 413, dated august 14", "inglewood", NOW)
    assert found is not None and "$413 invoice" in found.text and "$41.30" in found.text
    late = compute(f"{said} its 60 days late, dated august 14", "inglewood", NOW)
    assert late is None or "$60 invoice" not in late.text


@pytest.mark.parametrize(
    ("said", "lead", "then"),
    [
        (
            "inglewood billed us for the overflow cleanup: city cost $8,000 then added $2,000 service "
            "charge. is the extra 2 grand legit?",
            "The service charge is $2,000, 25% of the City's $8,000 costs, for a total of $10,000.",
            "So the bill's $2,000 is what the ordinance provides.",
        ),
        (
            "Inglewood sent us an invoice dated Nov 16 saying our grease caused a blockage in the sewer "
            "main. Their cleanup cost was $8,000 but the invoice total is $10,000. When do we have to pay?",
            "The service charge is $2,000, 25% of the City's $8,000 costs, for a total of $10,000.",
            "so by December 31, 2026",  # 45 days after the invoice
        ),
        (
            "inglewood says our grease plugged the sewer line and the cleanup and repair cost them $8,000. "
            "how much can they bill us in total?",
            "The service charge is $2,000, 25% of the City's $8,000 costs, for a total of $10,000.",
            "payable within forty-five days",
        ),
        (
            "Inglewood says grease from our restaurant clogged the sewer main and it cost them $8,000 to "
            "clear. The invoice is more than $8,000 though. Can they charge more than what it cost them?",
            "The service charge is $2,000, 25% of the City's $8,000 costs, for a total of $10,000.",
            "payable within forty-five days",
        ),
        (  # w47-s021: what the bill will be, asked without "how much"
            "The City of Inglewood says our restaurant caused the sewer blockage on our block and the "
            "cleanup cost them $4,000. What will they actually bill us?",
            "The service charge is $1,000, 25% of the City's $4,000 costs, for a total of $5,000.",
            "payable within forty-five days",
        ),
        (
            "The city's cost for cleaning the sewer line is listed as $6,800 plus a 'service charge'. How "
            "much should that be? inglewood",
            "The service charge is $1,700, 25% of the City's $6,800 costs, for a total of $8,500.",
            "payable within forty-five days",
        ),
    ],
)
def test_a_bill_for_the_city_s_sewer_work_gets_its_service_charge_and_total(said, lead, then):
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.text.startswith(lead) and then in found.text
    assert found.citation.endswith("Enforcement (7)")


def test_a_service_charge_that_is_not_a_quarter_of_the_costs_is_not_called_right():
    found = compute("city cost $8,000 for the sewer cleanup plus a $3,000 service charge", "inglewood", NOW)
    assert found is not None and "$2,000" in found.text and "what the ordinance provides" not in found.text
    assert compute("city cost $8,000 for the sewer cleanup plus a service charge", "victorville", NOW) is None


@pytest.mark.parametrize(
    ("said", "topic", "read"),
    [
        ("y si fueran 12?", "tenemos 1 yarda por semana y 6 galones de organicos", "y si fueran 12 galones?"),
        ("what if we had 60", "restaurant in inglewood with 48 seats", "what if we had 60 seats"),
        ("and if it were 22 gallons?", "3 yards a week, 15 gallons", "and if it were 22 gallons?"),
        ("how much is it", "restaurant with 48 seats", "how much is it"),  # no what-if
        # the number said back in place of the one supposed
        (
            "no no, son 8. quiero pedir el waiver",
            "1.5 yardas y si fueran 12 galones?",
            "no no, son 8 galones. quiero pedir el waiver",
        ),
        ("nah it's 40", "what if we had 60 seats", "nah it's 40 seats"),
        ("son 8 los que tenemos", "12 galones", "son 8 los que tenemos"),  # no "no": no correction
        # ... unless it answers the what-if just asked
        (
            "Son 8, afortunadamente. Entonces quisiéramos presentar la solicitud.",
            "1.5 yardas por semana. ¿Y si fueran 12 galones?",
            "Son 8 galones, afortunadamente. Entonces quisiéramos presentar la solicitud.",
        ),
    ],
)
def test_a_what_if_s_bare_number_is_in_the_unit_the_topic_gave(said, topic, read):
    assert what_if_read(said, topic) == read


def test_grease_come_up_out_of_the_sewer_is_a_spill_and_a_pumper_that_came_out_is_not():
    spill = compute(
        "we had grease come up out of the sewer cover this morning around seven, its stopped now. when do i "
        "have to do the written thing? inglewood",
        "inglewood",
        NOW,
    )
    assert spill is not None and spill.kind == "spill_written_deadline" and "December 8, 2026" in spill.text
    pumped = compute("pumper came out yesterday, when is the next one due? interceptor", "victorville", NOW)
    assert pumped is not None and pumped.kind == "service_due"


def test_a_pump_out_day_with_the_permit_s_frequency_gets_the_next_due_date_unasked():
    found = compute("last pump was 10/20, our permit says 60 days", "victorville", NOW)
    assert found is not None and found.kind == "service_due"
    assert found.text.startswith("Your next interceptor service is due by December 19, 2026")
    assert compute("last pump was 10/20", "victorville", NOW) is None  # no frequency, nothing asked


def test_an_applicant_asking_what_it_costs_gets_the_first_year_with_the_initial_fee():
    said = "opening a taqueria in inglewood, 45 seats and no drive thru, applying for the permit. how much?"
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.kind == "permit_fee"
    assert found.text.startswith("Your first year's permit fees come to $607")
    assert "initial $340 fee" in found.text and "$267" in found.text
    yearly = compute("what's the annual fee for 45 seats, no drive thru? inglewood", "inglewood", NOW)
    assert yearly is not None and yearly.kind == "annual_fee" and "$340" not in yearly.text
    # how to get the permit and what it costs, asked in Spanish (s48-s008)
    getting = gloss(
        "tienen una pupuseria en inglewood, como 30 sillas y sin drive thru. como le hacen pa sacar el "
        "permiso de la grasa, q papeles piden y cuanto cuesta?"
    )
    found = compute(getting, "inglewood", NOW)
    assert found is not None and found.kind == "permit_fee" and "$340" in found.text


def test_a_permit_s_frequency_is_taken_out_of_a_message_and_nothing_else():
    assert without_permit_terms("last pump was 10/20, our permit says 60 days") == "last pump was 10/20,"
    assert without_permit_terms("nuestro permiso dice cada 90 dias y la ultima fue en octubre") == (
        "y la ultima fue en octubre"
    )
    for kept in ("how much is the permit for 45 seats", "do we pump every 90 days?"):
        assert without_permit_terms(kept) == kept


@pytest.mark.parametrize(
    "text",
    [
        "and in inglewood? we got a 2nd spot there",
        "y en victorville? tengo otro restaurante alla",
        "y en Inglewood? mi hermana tiene un local ahi",
        "and in victorville? my cousin runs a taqueria there",
    ],
)
def test_a_message_about_another_establishment_is_told(text):
    assert about_another_place(text)


@pytest.mark.parametrize("text", ["and in inglewood?", "y en victorville?", "is the other rule the same?"])
def test_a_city_alone_is_no_other_establishment(text):
    assert not about_another_place(text)


def test_another_establishment_s_question_keeps_the_question_and_drops_the_first_one_s_facts():
    topic = (
        "how often do i need to get the grease trap cleaned out. our permit says 60 days last pump was 10/20"
    )
    assert (
        without_stated_facts(topic) == "how often do i need to get the grease trap cleaned out. last pump was"
    )
    assert without_stated_facts("got a $267 invoice dated Sept 15, 1,500 gal") == "got a invoice dated , gal"
    # said in words, in either language: no first bill's amount is left for the other place's question
    said = "una carta con un cobro por trescientos cincuenta dólares, fechada el 5 de noviembre"
    assert not re.search(r"\d|cincuenta", without_stated_facts(said))
    assert "two hundred" not in without_stated_facts("a bill for two hundred dollars")


@pytest.mark.parametrize(
    ("text", "total"),
    [
        (
            "whats the fine for a notice of violation in inglewood? so 1st 2nd 3rd all together how much",
            "$850",
        ),
        ("how much are the first two notices of violation in total?", "$350"),
        ("fines for NOVs: the 1st, 2nd, 3rd and 4th added up?", "$1,350"),
    ],
)
def test_the_fees_of_several_notices_together_are_summed(text, total):
    result = compute(text, "inglewood", NOW)
    assert result is not None and result.kind == "nov_fee" and result.text.startswith(total)
    assert result.citation == "Inglewood FOG Ordinance, Enforcement (4)"


def test_one_notice_s_fee_is_not_a_total():
    result = compute("what's the fee for a 3rd notice of violation? and a 4th?", "inglewood", NOW)
    assert result is not None and result.text.startswith("$500.")


@pytest.mark.parametrize(
    ("said", "verdict"),
    [
        (
            "pump guy cant come till the 23rd is that ok",
            "No: December 23, 2026 is 4 days late, after the due date.",
        ),
        ("they're scheduled for dec 15, is that fine?", "Yes: December 15, 2026 is in time."),
    ],
)
def test_a_service_booked_for_a_day_to_come_is_checked_against_the_due_date(said, verdict):
    topic = "when do i need the next grease pump. last one was oct 20. victorville. our permit says 60 days"
    result = compute(f"{said} {topic}", "victorville", NOW, asked=said)
    assert result is not None and result.kind == "service_due"
    assert result.text.startswith(verdict) and "December 19, 2026" in result.text
    assert "last serviced October 20, 2026" in result.text  # the booked day is no service done


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "our shop has less than 2 cubic yards of trash a week and about 12 gallons of organics",
            "No, you don't qualify for a de minimis waiver. With less than 2 cubic yards a week, organic "
            "waste must be under 10 gallons",
        ),
        (
            "3 yards a week and less than 20 gallons of organics",
            "Yes, you qualify to apply for a de minimis waiver.",
        ),
        (
            "our shop has less than 2 cubic yards of trash service a week, can we get out of organics?",
            "With less than 2 cubic yards of trash service a week, organic waste must be under 10 gallons",
        ),
    ],
)
def test_an_amount_said_as_an_upper_bound_is_read_as_below_it(text, start):
    result = compute(text, "victorville", NOW)
    assert result is not None and result.text.startswith(start)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "one 1-yard bin picked up twice a week and about 12 gallons of food scraps, do we qualify",
            "en",
        ),
        (
            "a 1 cubic yard bin, emptied twice a week, so 2 cubic yards a week total, and 12 gal of organics",
            "en",
        ),
        (
            "un contenedor de 1 yarda que recogen dos veces por semana y como 12 galones de organicos",
            "es",
        ),
    ],
)
def test_a_bin_emptied_twice_a_week_is_twice_its_size(text, language):
    with languages.using(language):
        result = compute(gloss(text) if language == "es" else text, "victorville", NOW)
    assert result is not None and result.kind == "deminimis"
    assert "§ 6.37.050(a)(2)(a)" in result.citation  # 2 cubic yards a week: the 20-gallon limit, 12 is under


@pytest.mark.parametrize(
    "text", ["3 yards a week and under 25 gallons of organics", "under 5 yards and 12 gal"]
)
def test_an_upper_bound_across_the_threshold_computes_nothing(text):
    assert compute(text, "victorville", NOW) is None


def test_a_frequency_said_before_its_unit_is_the_permit_s():
    said = (
        "pumped on September 28, 2026. Our FOG permit sets a six-month maintenance frequency. next one due?"
    )
    result = compute(said, "inglewood", NOW)
    assert result is not None and "March 28, 2027" in result.text
    result = compute(
        "last pumped oct 20, we're on a 60-day pumping schedule, when is the next?", "victorville", NOW
    )
    assert result is not None and "December 19, 2026" in result.text


def test_a_bin_s_size_is_no_weekly_trash_service():
    asked = "What's the monthly cost for a 3-yard organics bin for a restaurant in Victorville?"
    assert compute(asked, "victorville", NOW) is None


def test_what_is_owed_right_now_is_worked_out_from_the_invoice_s_date_not_today():
    said = "so what do i owe right now total? got a late notice on the fog fee invoice dated oct 16, $267"
    result = compute(said, "inglewood", NOW)
    assert result is not None and result.text.startswith("As of today you owe $293.70")


def test_a_total_asked_before_the_conversation_s_earlier_turns_counts_only_its_own_notices():
    # the newest message first, then the topic's turns run on without a question mark
    said = (
        "so 1st 2nd 3rd all together how much whats the fine for a notice of violation in inglewood 3 and a "
        "4th?"
    )
    result = compute(said, "inglewood", NOW)
    assert result is not None and result.text.startswith("$850 for the first 3 notices")
    asked = "what's the total of the first and second notice of violation fines?"
    assert compute(asked, "inglewood", NOW).text.startswith("$350")


def test_a_what_if_the_bill_is_never_paid_says_when_revocation_may_start_first():
    unpaid = "our $267 fog invoice dated oct 15 is unpaid, what do we owe"
    for asked in (
        "and if i still dont pay?",
        "y si no lo pago?",
        "And if we just never pay it?",
        "y si nunca lo pago?",
        # as Spanish texters put it, glossed in part ("de plano": outright; "quitan": take away)
        "and if de plano no lo payment",
        "and if de plano don't pay when me quitan permit",
    ):
        found = compute(f"{asked} {unpaid}", "inglewood", NOW, asked=asked)
        assert found is not None
        assert found.text.startswith(
            "Ninety days after the invoice date is January 13, 2027: "
            "still unpaid after that (from January 14, 2027)"
        )


@pytest.mark.parametrize(
    "said",
    [
        "we got an inglewood fog invoice for two hundred sixty-seven dollars dated october 2, unpaid. what "
        "do we owe now?",
        "factura de inglewood del 2 de octubre, el monto es doscientos sesenta y siete dolares, no la he "
        "pagado, cuanto debo?",
    ],
)
def test_an_amount_said_in_words_is_computed_like_one_in_digits(said):
    found = compute(gloss(said), "inglewood", NOW)  # Spanish is read in its English gloss, as the actions do
    assert found is not None and found.text.startswith("As of today you owe $293.70")


@pytest.mark.parametrize(
    ("text", "tier_one"),
    [
        (
            "grocery store, edible food rules? 8,500 square feet, but a full-line self-service store, annual "
            "sales are around $3 million",
            True,
        ),
        (
            "grocery store 8,500 sq ft, full-line self-service, sales 1.5 million a year, food tier?",
            False,
        ),
        ("grocery store 8,500 sq ft, edible food tier?", False),
    ],
)
def test_a_grocery_store_that_says_it_is_a_supermarket_by_the_chapter_s_test_is_tier_one(text, tier_one):
    result = compute(text, "victorville", NOW)
    assert result is not None and result.text.startswith("A supermarket is a tier one") is tier_one


def test_a_bill_not_paid_till_a_later_month_gets_the_revocation_day_and_what_is_owed_then():
    """ "and if i cant pay till january?" after an Inglewood invoice dated October 9: unpaid after ninety days
    (on January 8, 2027) it is cause for revocation; paid on January 1 at the earliest, the penalties then."""
    said = (
        "and if i cant pay till january? inglewood fog invoice for $267, invoice date is oct 9, not paid yet"
    )
    found = compute(said, "inglewood", NOW, asked="and if i cant pay till january?")
    assert found.text.startswith(
        "Ninety days after the invoice date is January 7, 2027: "
        "still unpaid after that (from January 8, 2027)"
    ), found.text
    assert "Paid on January 1, 2027, you owe $298.11" in found.text


def test_the_last_service_said_as_the_last_time_starts_the_next_due_date():
    """ "ok last time was nov 3" answers "what date was it last pumped or serviced?"."""
    said = "ok last time was nov 3. the little grease trap under the sink, our permit says 60 days"
    found = compute(said, "victorville", NOW)
    assert found is not None and "January 2, 2027" in found.text and "trap" in found.text


def test_a_revocation_letter_s_mailing_day_and_hearing_are_no_invoice_date():
    """ "mailed November 20 ... over unpaid invoices. The hearing is set for December 10": the hearing's
    window is asked (the answer card's clock), not a late fee on an invoice dated November 20."""
    said = (
        "We got a certified letter from the City of Inglewood, mailed November 20, saying they intend to "
        "revoke our FOG permit over unpaid invoices. The hearing is set for December 10. Is that a proper "
        "hearing date?"
    )
    assert compute(said, "inglewood", NOW) is None
    found = compute("our $413 invoice dated november 20 is unpaid, when is it late?", "inglewood", NOW)
    assert found is not None and found.kind == "late_fee"


def test_a_count_given_again_replaces_the_one_given_before():
    """ "48 seats" then "what if we add the patio, like 62 seats": the conversation's facts hold 62 seats, so
    a later "and if i pay it late?" works out the large establishment's fee, not the first count again."""
    from calculations import with_newer_facts

    facts = with_newer_facts("yearly grease fee in inglewood 48 seats no drive thru", "what if 62 seats")
    assert "48 seats" not in facts and facts.endswith("what if 62 seats")
    assert "$413" in compute(f"and if i pay it late? {facts}", "inglewood", NOW).text
    kept = with_newer_facts("1.5 cubic yards a week and 6 gallons", "y si fueran 12 galones?")
    assert "1.5 cubic yards" in kept and "6 gallons" not in kept
    dated = with_newer_facts("permit says 60 days, last pumped nov 3", "what about 90 days")
    assert "60 days" in dated and "nov 3" in dated  # days and dates are no counts: kept


def test_a_frequency_given_again_replaces_the_one_given_before():
    """ "my manager said 90 days" then "our permit says 60 days tho": a later "ok last time was nov 3" works
    out the next service with 60 days, not the first frequency read across turns ("90 days our permit")."""
    from calculations import with_newer_facts

    topic = "how often do we clean the trap under the sink? victorville are you sure? my manager said 90 days"
    facts = with_newer_facts(topic, "our permit says 60 days tho")
    assert "90 days" not in facts and facts.endswith("our permit says 60 days tho")
    found = compute(f"ok last time was nov 3 {facts}", "victorville", NOW)
    assert found.kind == "service_due" and "January 2, 2027" in found.text, found.text
    ago = with_newer_facts("pumped 45 days ago", "permit says every 60 days")
    assert "45 days ago" in ago  # a day counted back is no frequency: kept


def test_an_invoice_amount_given_again_replaces_the_one_before():
    """ "$267" then "what if its the 413 one instead": a later "when do they start going after my permit"
    works on the $413 invoice."""
    from calculations import with_newer_facts

    facts = with_newer_facts(
        "late fee on the inspection fee bill, invoice date oct 9 $267", "what if its the 413 one"
    )
    assert "$267" not in facts
    assert "$454.30" in compute(f"when do they start going after my permit {facts}", "inglewood", NOW).text
    assert "$267" in with_newer_facts("invoice dated 10/9 for $267", "it was mailed nov 3")  # no new amount


def test_a_day_said_to_be_a_holiday_is_no_service_date():
    """ "jan 1 is a holiday tho, do i do it before?" after the due date January 1: the service stays November
    2 (60-day permit), and the answer says the ordinance moves no due date for a holiday."""
    topic = (
        "pump the grease trap victorville our permit says every 60 days. last pumped nov 2, when's the next"
    )
    found = compute(f"jan 1 is a holiday tho, do i do it before? {topic}", "victorville", NOW)
    assert "January 1, 2027" in found.text and "November 2, 2026" in found.text
    assert "holiday" in found.text and "overdue" not in found.text


def test_going_after_the_permit_asks_the_revocation_day():
    said = "when do they start going after my permit, invoice date oct 9 $413 unpaid"
    assert compute(said, "inglewood", NOW).text.startswith(
        "Ninety days after the invoice date is January 7, 2027"
    )


@pytest.mark.parametrize(
    ("said", "fee"),
    [
        ("our school kitchen in inglewood has 35 seats, what is the yearly grease fee?", "$413"),
        ("the hospital cafeteria, how much is the annual fog fee", "$413"),
        ("how much is the annual fee for a restaurant near the high school, 30 seats", "$267"),
        ("yearly fee for our 40 seats restaurant in inglewood", "$267"),
    ],
)
def test_a_school_or_hospital_pays_the_large_establishment_s_fee_whatever_its_seats(said, fee):
    """Inglewood's definition makes schools and hospitals large food establishments (Definitions, "Food
    service establishment" (b)); a restaurant near one is a restaurant."""
    assert compute(said, "inglewood", NOW).text.startswith(f"Your annual fee is {fee}")


def test_a_school_named_with_another_fee_is_no_annual_fee_question():
    """ "how much is the NOV fine for our school" names a school and a fine: not the school's yearly fee."""
    found = compute("how much is the NOV fine for our school, its the second one", "inglewood", NOW)
    assert found is None or found.kind != "annual_fee"


def test_asking_whether_a_service_is_late_computes_when_it_was_due():
    found = compute(
        "inglewood. last time we got the grease trap pumped was june 3rd. our permit doesnt have a pumping "
        "schedule on it yet. are we ok or late??",
        "inglewood",
        NOW,
    )
    assert found is not None and found.kind == "service_due"
    assert "September 3, 2026" in found.text and "overdue" in found.text


def test_a_booked_day_is_checked_against_the_due_date_the_conversation_gave():
    # the booked day's words end at the day: what follows it is the topic's last service, not the booking
    asked = "the pumper cant come till the 20th tho"
    found = compute(
        f"{asked} last grease pump was oct 15, when am i due next? victorville our permit says 60 days",
        "victorville",
        NOW,
        asked=asked,
    )
    assert found is not None
    assert "December 20, 2026 is 6 days late, after the due date" in found.text
    assert "December 14, 2026" in found.text


def test_the_percentage_added_to_a_cleanup_bill_is_the_service_charge():
    found = compute(
        "okay the cleanup part says, uh, three thousand two hundred dollars. Inglewood sent us a bill for "
        "the sewer cleanup from when our line backed up, there's the cleanup cost and then some extra "
        "percentage added on top? the invoice is dated November 13",
        "inglewood",
        NOW,
    )
    assert found is not None and found.kind == "damage_costs"
    assert "$800" in found.text and "$4,000" in found.text and "December 28, 2026" in found.text


@pytest.mark.parametrize(
    "said",
    [
        # the 25% said on its own, the city's unclogging ("destapar") the work
        "me llego una factura de la ciudad de Inglewood por destapar el drenaje de la calle, dice seis mil "
        "dolares de costo y aparte un veinticinco por ciento, eso es legal? cuanto es el total",
        # the cleanup's cost, and how much the City may charge for it
        "aqui dice que el costo de la ciudad fue de seis mil dolares. me llego un cobro de Inglewood, dicen "
        "que la grasa de mi restaurante tapo el drenaje y me quieren cobrar la limpieza, cuanto me pueden "
        "cobrar?",
    ],
)
def test_the_city_s_cleanup_bill_said_in_spanish_gets_its_service_charge_and_total(said):
    found = compute(gloss(said), "inglewood", NOW)
    assert found is not None and found.kind == "damage_costs"
    assert "$1,500" in found.text and "$7,500" in found.text


def test_a_notice_sent_by_certified_mail_starts_the_hearing_window_in_spanish():
    said = gloss(
        "la mandaron por correo certificado el veinte de noviembre y dice que la audiencia es el veintiocho "
        "de diciembre, eso se puede?"
    )
    from calculations.compute import clock_deadlines

    found = clock_deadlines(
        ("revocation_hearing_earliest", "revocation_hearing_latest"), said, "victorville", NOW
    )
    assert found is not None
    assert "December 5, 2026" in found.text and "January 4, 2027" in found.text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "it says we discharged about three hundred gallons while we were under a cease and desist order. "
            "What's the most they can fine us for that?",
            "at most $3,000 for 300 gallons",
        ),
        (gloss("descargamos 40 galones violando la orden de cese, cuanto es la multa maxima?"), "$400"),
    ],
)
def test_a_discharge_against_an_order_is_capped_at_ten_dollars_a_gallon(text, says):
    found = compute(text, "victorville", NOW)
    assert found is not None and found.kind == "penalty_cap"
    assert says in found.text and "10.03.360(d)(4)" in found.citation


def test_gallons_without_an_order_compute_no_penalty_cap():
    assert compute("we spilled 300 gallons, what is the most they can fine us?", "victorville", NOW) is None


def test_inglewood_caps_a_discharge_against_an_order_at_ten_dollars_a_gallon_too():
    """Review of stop 55 (F14): Enforcement (11)(c)'s $10 a gallon, as Victorville's 10.03.360(d)(4)."""
    said = "we discharged 300 gallons under a cease and desist order, what's the max fine?"
    found = compute(said, "inglewood", NOW)
    assert found.kind == "penalty_cap" and "$3,000" in found.text
    assert found.citation == "Inglewood FOG Ordinance, Enforcement (11)(c)"


def test_a_date_taken_back_in_the_same_message_gives_way_to_the_one_after_it():
    said = gloss(
        "tengo una factura de inglewood de dos mil dolares y no la he pagado. la fecha del invoice es quince "
        "de septiembre... no perdon, perdon, es quince de octubre"
    )
    found = compute(said, "inglewood", NOW)
    assert found is not None and "November 29, 2026" in found.text  # 45 days after October 15
    assert "October 30" not in found.text  # 45 days after September 15
    # an apology with no date after it takes nothing back
    kept = compute("pumped nov 3. sorry about the delay, when is the next one due", "victorville", NOW)
    assert kept is not None and "February 1, 2027" in kept.text


def test_of_two_days_the_one_a_spill_is_said_of_starts_the_written_confirmation_clock():
    from calculations.compute import clock_deadlines

    said = "on wednesday the 18th our sewer backed up into the alley, and today the inspector came by"
    found = clock_deadlines(("spill_written_confirmation",), said, "victorville", NOW)
    assert found is not None and "November 25, 2026" in found.text
    # two days and nothing said of either: which one starts the clock is not certain
    unsure = "we talked on the 18th and again today"
    assert clock_deadlines(("spill_written_confirmation",), unsure, "victorville", NOW) is None


def test_the_date_of_the_city_s_bill_for_its_cleanup_starts_only_the_bill_s_clock():
    from calculations.compute import clock_deadlines

    bill = (
        "got a bill from victorville for cleaning the sewer main after our backup. letter dated nov 2. when "
        "late?"
    )
    found = compute(bill, "victorville", NOW)
    assert found is None or found.kind != "spill_written_deadline"
    invoice = (
        "victorville sent invoice for 6,200 for cleaning the sewer main after our blockage. dated oct 30"
    )
    assert clock_deadlines(("manifest_copy",), invoice, "victorville", NOW) is None
    paid = clock_deadlines(("damage_costs_payment",), invoice, "victorville", NOW)
    assert paid is not None and "December 14, 2026" in paid.text
    # the pumper's invoice is dated the day of the service: the manifest's clock runs from it
    pumper = "pumper's invoice for cleaning the trap is dated nov 28, when is the manifest due?"
    manifest = clock_deadlines(("manifest_copy",), pumper, "victorville", NOW)
    assert manifest is not None and "December 1, 2026" in manifest.text


def test_the_late_penalty_on_the_city_s_cleanup_bill_is_on_its_costs_and_service_charge_together():
    found = compute(
        "and if we are late whats the penalty on that. ok and the citys cleanup invoice, it says $3,600 for "
        "their cost and then $900 service charge on top, is that right? its dated November 20.",
        "inglewood",
        NOW,
        asked="and if we are late whats the penalty on that",
    )
    assert found is not None and found.kind == "late_fee"
    assert "$4,500" in found.text and "$450" in found.text and "$360" not in found.text


def test_the_late_penalty_on_a_cleanup_bill_given_by_the_city_s_costs_adds_the_service_charge():
    # "the city's cost was $2,400": the bill is the costs and the 25% service charge on them
    found = compute(
        "the city billed us for the sewer cleanup, the city's cost was $2,400, invoice dated November 5. and "
        "if we don't pay it by then?",
        "inglewood",
        NOW,
        asked="and if we don't pay it by then?",
    )
    assert found is not None and found.kind == "late_fee"
    assert "$3,000" in found.text and "$300" in found.text
    # a bill said to be the amount is that amount
    billed = compute(
        "the city billed us $2,400 for the sewer cleanup, invoice dated November 5, unpaid. late penalty?",
        "inglewood",
        NOW,
    )
    assert billed is not None and "$240" in billed.text and "$3,000" not in billed.text


def test_what_if_the_cleanup_bill_can_t_be_paid_by_its_due_date_is_its_late_penalty_first():
    said = (
        "Inglewood sent us a bill for the sewer cleanup, there's the cleanup cost and then some extra "
        "percentage added on top? okay the cleanup part says three thousand two hundred dollars and the "
        "invoice is dated November thirteenth. When do I have to pay it?"
    )
    asked = "what if I can't pay it by then?"
    found = compute(f"{said} {asked}", "inglewood", NOW, asked=asked)
    assert found is not None and found.kind == "late_fee"
    assert found.text.startswith("No penalty yet: pay the $4,000 by December 28, 2026.")
    assert "$400 (10% of the invoice)" in found.text
    # never paying at all asks when the permit can be revoked: that comes first
    never = compute(f"{said} and if we never pay it?", "inglewood", NOW, asked="and if we never pay it?")
    assert never is not None and never.text.startswith("Ninety days after the invoice date")


def test_a_bill_paid_next_week_is_worked_out_from_next_week_s_monday():
    said = "inglewood invoice dated October 20, 2026 for $413, not paid yet. and if we pay next week?"
    found = compute(said, "inglewood", NOW, asked="and if we pay next week?")
    assert found is not None and found.kind == "late_fee"
    assert found.text.startswith("Paid on December 7, 2026, you owe $454.30")


@pytest.mark.parametrize(
    "asked, paid",
    [
        ("what if it just sits there, like into january?", "Paid on January 1, 2027, you owe $454.30"),
        ("y si lo dejo hasta enero?", "Paid on January 1, 2027, you owe $454.30"),
        ("what if we let it ride till february", "Paid on February 1, 2027, you owe $461.11"),
    ],
)
def test_a_bill_left_unpaid_into_a_month_gives_the_revocation_day_and_what_is_owed_then(asked, paid):
    said = f"inglewood invoice dated October 20, 2026 for $413, not paid yet. {asked}"
    found = compute(said, "inglewood", NOW, asked=asked)
    assert found is not None and found.text.startswith(
        "Ninety days after the invoice date is January 18, 2027"
    )
    assert paid in found.text
    # a bill said to sit on a desk is no bill left unpaid on purpose: no revocation first
    still = compute(
        "inglewood invoice dated October 20, 2026 for $413, unpaid, it sits on my desk", "inglewood", NOW
    )
    assert still is not None and still.text.startswith("No penalty yet")


def test_seats_said_about_a_bill_ask_the_fee_they_set_before_its_late_penalty():
    said = "inglewood invoice dated October 20, 2026, inspection and control fee, large, $413, unpaid."
    asked = "we're billed wrong. we have 44 seats and no drive-thru, so shouldn't it be the small rate?"
    found = compute(f"{said} {asked}", "inglewood", NOW, asked=asked)
    assert found is not None and found.kind == "annual_fee" and "$267" in found.text


def test_an_organics_notice_that_gives_fewer_days_than_thirty_is_due_on_its_own_period():
    letter = (
        "Notice of Violation, organic waste. Date issued: November 24, 2026. Correct within 10 calendar days."
    )
    found = clock_deadlines(("organics_nov_compliance",), letter, "victorville", NOW)
    assert found is not None and "December 4, 2026" in found.text and "10 calendar days" in found.text
    # the chapter's thirty days when the notice gives none; a longer period is the chapter's too
    plain = clock_deadlines(("organics_nov_compliance",), "NOV issued November 24, 2026", "victorville", NOW)
    assert plain is not None and "December 24, 2026" in plain.text
    longer = clock_deadlines(
        ("organics_nov_compliance",), "NOV issued November 24, 2026, fix within 45 days", "victorville", NOW
    )
    assert longer is not None and "December 24, 2026" in longer.text


def test_asking_whether_the_city_adds_more_to_its_cleanup_costs_gets_the_service_charge_and_total():
    found = compute(
        "inglewood invoiced us for cleaning the sewer line, says city cost $2,000 from our grease blockage. "
        "is that all or do they add more?",
        "inglewood",
        NOW,
    )
    assert found is not None and found.kind == "damage_costs"
    assert "$500" in found.text and "$2,500" in found.text
    added = compute(
        "Their line backed up last month and the city cleaned the sewer. The bill says the city's costs were "
        "$4,000. Will anything be added to that?",
        "inglewood",
        NOW,
    )
    assert added is not None and "$1,000" in added.text and "$5,000" in added.text
    # whether the bill is only the City's costs (w49)
    only = compute(
        "Inglewood's public works crew spent $6,000 clearing a grease blockage they traced to our "
        "restaurant. Will the bill just be $6,000, and how long do we have to pay it?",
        "inglewood",
        NOW,
    )
    assert only is not None and only.kind == "damage_costs" and "$7,500" in only.text
    assert "forty-five days" in only.text
    # the costs said without a dollar sign, and more asked on top, in Spanish's gloss (s45-s055)
    cost = compute(
        gloss(
            "inglewood me quiere cobrar la limpieza del drenaje q se tapo por mi grasa, dicen q les costo "
            "4,000. me pueden cobrar algo mas encima?"
        ),
        "inglewood",
        NOW,
    )
    assert cost is not None and cost.kind == "damage_costs" and "$5,000" in cost.text
    # ... but a reinspection fee said beside the cleanup is no cleanup bill (stop 54's review)
    reinspection = compute(
        "We had a blockage and the city cleaned it. The reinspection charge will just be $150, right?",
        "inglewood",
        NOW,
    )
    assert reinspection is None or reinspection.kind != "damage_costs"
    # ... but a bill that is just a late fee's question is not the City's cleanup
    late = compute(
        "the city cleaned a blockage and billed us $6,000 on october 1. if we pay late how much is the "
        "penalty?",
        "inglewood",
        NOW,
    )
    assert late is None or late.kind != "damage_costs"


def test_a_service_due_tomorrow_says_tomorrow():
    found = compute(
        "inglewood: our permit sets every six months, last full pump-out was june 2, 2026. when's the next?",
        "inglewood",
        NOW,
    )
    assert found is not None and found.text.startswith(
        "Your next interceptor service is due by December 2, 2026, tomorrow."
    )


def test_which_notice_it_is_said_after_the_question_gives_its_fee():
    said = "got a NOV from inglewood for the grease trap, how much is the fine? its the second this year"
    found = compute(said, "inglewood", NOW, asked="its the second this year")
    assert found is not None and found.kind == "nov_fee" and found.text.startswith("$250.")


def test_a_decision_s_day_said_after_an_aside_still_starts_the_appeal_clock():
    said = (
        "the hearing officer's written decision (a temporary suspension of our FOG permit) is dated November "
        "24, 2026. what's our deadline to appeal to the council?"
    )
    found = clock_deadlines(("appeal_to_council",), said, "victorville", NOW)
    assert found is not None and "December 4, 2026" in found.text


def test_a_day_said_after_which_notice_it_is_asks_the_day_s_clock_not_the_fee_again():
    said = (
        "got a notice of violation from inglewood, it's the first one we ever got, how much is that gonna "
        "cost me. can I fight it? the letter says it was mailed November nineteenth"
    )
    found = compute(said, "inglewood", NOW, asked="the letter says it was mailed November nineteenth")
    assert found is None or found.kind != "nov_fee"


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("same envelope theres an invoice dated 11/6/2026 for $267", "inglewood"),
        ("the fee is 413 right", "inglewood"),
        ("38 seats, no drive thru, whats the yearly charge", "inglewood"),
        ("we live at 413 main st", None),  # a house number is no fee
        ("how often do i pump the interceptor", None),
    ],
)
def test_what_only_one_city_s_ordinance_has_implies_that_city(text, city):
    assert implied_city(text) == city


@pytest.mark.parametrize(
    "said",
    [
        "invoice dated 11/6/2026 for $267. if i pay it after new years how much extra am i looking at??",
        "invoice dated 11/6/2026 for $267, if i pay after new year's day what do i owe",
    ],
)
def test_a_bill_paid_after_a_holiday_is_worked_out_from_the_day_after_it(said):
    """Paying "after new years" (no word of it being unpaid or late) is paying on January 2 at the earliest:
    the invoice of November 6 is delinquent by then, so the basic penalty is owed."""
    found = compute(said, "inglewood", NOW, asked=said)
    assert found is not None and found.kind == "late_fee"
    assert "Paid on January 2, 2027, you owe $293.70" in found.text


def test_paying_late_is_no_day_to_pay_on_and_the_invoice_date_after_it_is_kept():
    """ "what happens if i pay late" then "its dated oct 20", read together: "late" names no day, so the date
    after it is the invoice's, not a day it would be paid."""
    said = "got an invoice from inglewood public works for $413. what happens if i pay late its dated oct 20"
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.text.startswith("No penalty yet: pay the $413 by December 4, 2026.")


def test_paying_the_annual_fee_late_gets_the_basic_penalty_on_the_fee_the_facts_set():
    """ "how much is the yearly grease fee ... 38 seats, drive thru" ($413), then "n what if i pay late": the
    10% basic penalty on $413, and the invoice's date asked for the days."""
    said = "how much is the yearly grease fee in inglewood for my restaurant 38 seats si we got drive thru"
    found = compute(f"{said} n what if i pay late", "inglewood", NOW, asked="n what if i pay late")
    assert found is not None and found.kind == "late_fee"
    assert "$41.30" in found.text and "$413" in found.text


@pytest.mark.parametrize("asked", ["ok and whats the late fee on that?", "and the late charge?"])
def test_the_late_fee_asked_after_the_annual_fee_is_the_penalty_on_that_fee(asked):
    said = "how much is the yearly grease fee in inglewood, we got 48 seats and a drive thru"
    found = compute(f"{said} {asked}", "inglewood", NOW, asked=asked)
    assert found is not None and found.kind == "late_fee"  # not the annual fee again
    assert "$41.30" in found.text and "$413" in found.text


@pytest.mark.parametrize(
    ("said", "asked", "language"),
    [
        (
            "how much is the yearly inspection fee for my pupuseria in inglewood? 45 seats, no drive thru",
            "ok and if we pay the bill late how much extra do they charge?",
            "en",
        ),
        (  # the seats said again with it, and "año" without its tilde (s35-c009)
            "cuanto se paga cada año de inspeccion pa la pupuseria en inglewood? 45 sillas, sin drive thru",
            "ok con las 45 sillas nomas. y si pago la factura tarde cuanto me cobran de mas?",
            "es",
        ),
    ],
)
def test_paying_the_fee_s_bill_late_is_the_penalty_on_that_fee(said, asked, language):
    with languages.using(language):
        read = gloss if language == "es" else str
        found = compute(read(f"{said} {asked}"), "inglewood", NOW, asked=read(asked))
        # the seats said with it (in the Spanish message) set the fee, whatever came before
        alone = compute(read(asked), "inglewood", NOW) if language == "es" else found
    for result in (found, alone):
        assert result is not None and result.kind == "late_fee"
        assert "$26.70" in result.text and "$267" in result.text


def test_a_bill_for_the_city_s_work_with_the_seats_said_is_no_annual_fee():
    """Review of stop 53: the seats said beside the cleanup bill made it the $267 annual fee."""
    said = (
        "inglewood billed us for cleaning the sewer line after our backup. we're a 45 seat place. what "
        "happens if we pay that bill late?"
    )
    found = compute(said, "inglewood", NOW)
    assert found is None or "$267" not in found.text


def test_a_weekday_said_with_its_day_is_no_second_day_for_an_advance_notice():
    """ "on monday february 1, 2027": one day, so the sixty days' notice counts back from February 1 (not
    from next Monday, December 7, which left a second day to choose between)."""
    said = (
        "our victorville location starts remodeling the kitchen on monday february 1, 2027. deadline to tell?"
    )
    found = clock_deadlines(("planned_change_notice",), said, "victorville", NOW)
    assert found is not None and "February 1, 2027" in found.text and "December 3, 2026" in found.text


def test_a_notice_s_ordinal_printed_with_its_number_in_parentheses_is_read():
    """w41-s004: a letter pasted as printed, "this is the second (2nd) Notice of Violation"."""
    asked = (
        "Our records indicate that this is the second (2nd) Notice of Violation issued to your "
        "establishment ... how much is the penalty?"
    )
    found = compute(asked, "inglewood", NOW)
    assert found is not None and found.kind == "nov_fee" and found.text.startswith("$250")


@pytest.mark.parametrize(
    ("text", "frequency"),
    [
        # w41-c003: the permit said to set none, then corrected to a number: the later word is the user's
        (
            "so when is next one due. permit doesnt say a diff schedule wait no. our permit says 60 days",
            (60, None),
        ),
        ("my permit doesnt say a number. do i gotta pump every 90 days?", (None, None)),
        ("our permit says 60 days. oh wait, the permit doesnt say a number", (None, None)),
    ],
)
def test_the_last_word_on_the_permit_s_frequency_counts(text, frequency):
    assert permit_frequency(text) == frequency


def test_no_seating_is_a_small_establishment_s_fee():
    """w41-c009: a snack bar "with no seating" has a fee to work out (small: $267), asked as "the fees"."""
    asked = "what would the fees be for a snack bar like ours with no seating? inglewood"
    found = compute(asked, "inglewood", NOW)
    assert found is not None and found.kind == "annual_fee" and "$267" in found.text
    assert "0 seats" not in found.text


@pytest.mark.parametrize(
    ("asked", "cap"),
    [
        (
            "the FOG manager required self-monitoring reports and our lab vendor failed to deliver them "
            "for 6 days. What is our maximum administrative civil penalty exposure for that period?",
            "at most $12,000 for 6 days",
        ),
        (
            "we missed the compliance schedule for ten days, whats the max administrative penalty?",
            "at most $30,000 for 10 days",
        ),
    ],
)
def test_the_administrative_penalty_cap_for_the_days_a_violation_lasted(asked, cap):
    """w41-s022: the day's cap for that kind of violation (10.03.360(d)) times the days it lasted."""
    found = compute(asked, "victorville", NOW)
    assert found is not None and found.kind == "penalty_cap" and cap in found.text


@pytest.mark.parametrize(
    ("proposed", "verdict"),
    [
        ("$18,000", "The $18,000 proposed is more than that cap."),
        ("$9,000", "The $9,000 proposed is within"),
        ("$6,000 per day", "The $6,000 a day proposed is more than that cap."),  # the day's cap is $5,000
    ],
)
def test_a_penalty_an_administrative_complaint_proposes_is_held_against_the_cap(proposed, verdict):
    """w39-c020: three days of discharges violating permit conditions are capped at $5,000 a day."""
    asked = (
        'the city served me with an "administrative complaint". It proposes a civil penalty of '
        f"{proposed} for three days of discharges violating my permit conditions. Can they charge that much?"
    )
    found = compute(asked, "victorville", NOW)
    assert found is not None and found.kind == "penalty_cap"
    assert "at most $15,000 for 3 days" in found.text and verdict in found.text
    assert found.citation.endswith("10.03.360(d)(3)")


def test_the_proposed_penalty_is_the_complaint_s_not_another_amount():
    said = (
        "we paid a $450 hauler charge last month. now the city served an administrative complaint that "
        "proposes a civil penalty of $18,000 for three days of discharges violating my permit conditions. "
        "that much?"
    )
    found = compute(said, "victorville", NOW)
    assert found is not None and "The $18,000 proposed is more than that cap." in found.text
    assert "$450" not in found.text


def test_a_discharge_penalty_proposed_in_spanish_is_held_against_the_cap():
    said = (
        "me mandaron una queja administrativa, propone una multa civil de $18,000 por 3 dias de descargas "
        "que violan las condiciones de mi permiso. me pueden cobrar tanto?"
    )
    with languages.using("es"):
        found = compute(gloss(said), "victorville", NOW)
    assert found is not None and "$15,000" in found.text and "pasan de ese límite" in found.text


def test_no_penalty_cap_without_its_days_or_its_kind():
    assert compute("what is the maximum administrative civil penalty?", "victorville", NOW) is None
    assert compute("max administrative penalty for a late report?", "inglewood", NOW) is None


def test_the_administrative_penalty_cap_asked_in_spanish():
    asked = gloss(
        "el fog manager nos pidio reportes de automonitoreo y el laboratorio no los entrego por 6 dias, cual "
        "es la multa administrativa maxima?"
    )
    found = compute(asked, "victorville", NOW)
    assert found is not None and found.kind == "penalty_cap" and "$12,000" in found.text


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        (
            "we're redoing the front landscaping, about 2,000 sq ft. do we have to use compost or mulch?",
            "No:",
        ),
        ("new building with 800 square feet of landscaping, any compost rules?", "Yes:"),
        # planting said for landscape, and the trash yards there for the contract rule, not a waiver
        # (w52-s039)
        (
            "our event center produces about 30 yards of trash a week and our landscaping is contracted out. "
            "Does that contract need any special language? Also, we're building a new plaza next year with "
            "roughly 3,000 square feet of planting, anything in the organics rules about that?",
            "Yes: 3,000 square feet is more than 500",
        ),
    ],
)
def test_a_landscape_s_size_says_whether_the_compost_rule_applies(asked, says):
    found = compute(asked, "victorville", NOW)
    assert found is not None and found.kind == "landscape" and found.text.startswith(says)


def test_a_landscape_neither_new_nor_redone_is_not_worked_out():
    assert compute("our landscaping is 2,000 sq ft, any compost rules?", "victorville", NOW) is None


def test_a_snack_bar_s_fees_are_a_small_establishment_s_and_its_fine_is_no_fee():
    """w41-s014: Inglewood makes every establishment but restaurants, schools and hospitals small; "we need a
    grease permit ... what would it cost?" is the first year's fees."""
    asked = (
        "I coordinate the snack bar for a youth soccer league in Inglewood. Someone said we need a grease "
        "permit. What would it even cost?"
    )
    found = compute(asked, "inglewood", NOW)
    assert found is not None and found.kind == "permit_fee" and "$607" in found.text
    yearly = compute("our church kitchen in inglewood, how much is the yearly fee?", "inglewood", NOW)
    assert yearly is not None and "$267" in yearly.text
    assert compute("whats the fine for a snack bar that skipped pumping", "inglewood", NOW) is None


@pytest.mark.parametrize(
    ("asked", "city"),
    [
        ("new Olive Garden, about 6,000 sq ft, any compost rules?", "victorville"),  # a name, no landscape
        (
            "new 3,000 sq ft restaurant with a small lawn, compost rules?",
            "victorville",
        ),  # the building's area
        ("what fines could a 40 seat restaurant get for skipping pumping", "inglewood"),  # a fine, no fee
        ("how much is the fine for a restaurant with no seating", "inglewood"),
        ("we had a backup, no seats in the place, how much will the cleanup cost", "inglewood"),
    ],
)
def test_an_area_or_seats_said_of_something_else_work_nothing_out(asked, city):
    assert compute(asked, city, NOW) is None


def test_a_renewal_is_no_new_application_and_a_permit_number_no_frequency():
    renewal = compute("we need the grease permit renewed, 40 seats, what will it cost", "inglewood", NOW)
    assert renewal is not None and renewal.kind == "annual_fee"  # no $340 initial fee
    said = "my permit doesnt say a frequency. my permit # is 123456, do we pump every 90 days?"
    assert permit_frequency(said) == (None, None)
    assert permit_frequency("permit doesnt say. wait no our permit says every 6 months") == (None, 6)


def test_an_establishment_the_definition_makes_small_is_small_whatever_its_seats():
    found = compute("community center kitchen has 120 seats, whats the annual fee", "inglewood", NOW)
    assert found is not None and "$267" in found.text


def test_a_capped_penalty_to_come_says_it_is_capped_and_a_clean_up_bill_paid_late_asks_the_late_fee():
    """w44-s006: the City's clean-up cost billed under a waiver, "the penalty if we pay late?": the late fee,
    not the 25% service charge on a clean-up, and the $1,000 it comes to said as the cap."""
    said = (
        "we have the waiver (no interceptor) and pay the grease clean up charge. city billed us actual cost "
        "this year $12,400, invoice dated 11/9. how much is the penalty if we pay late? inglewood"
    )
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.kind == "late_fee"
    assert "$1,000 (capped at $1,000)" in found.text and "December 24, 2026" in found.text


@pytest.mark.parametrize(
    ("said", "city", "expected"),
    [
        # w44-s002: "we good till december" asks whether it is late, the verb left out
        (
            "inglewood. last time we had the interceptor pumped was june 2. our permit doesnt list any "
            "pumping schedule. we good till december right?",
            "inglewood",
            "September 2, 2026",
        ),
        # w43-s019: a bin's size written with hyphens
        (
            "Our trash service is one 1-cubic-yard bin picked up once a week, and we only produce about 12 "
            "gallons of food scraps a week. Do we qualify for the waiver?",
            "victorville",
            "don't qualify",
        ),
    ],
)
def test_facts_texted_the_way_people_write_them_are_computed(said, city, expected):
    found = compute(said, city, NOW)
    assert found is not None and expected in found.text


def test_a_bill_said_to_be_for_an_amount_gives_its_amount():
    """ "the invoice is dated october 5 and its for 413" (w43-c018) after a late-fee question."""
    said = (
        "how bad are the late fees on our annual grease inspection fee? the invoice is dated october 5 and "
        "its for 413"
    )
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.text.startswith("As of today you owe $454.30")


def test_by_when_a_bill_in_hand_must_be_paid_is_its_pay_by_date():
    """s39-c010: asked by when to pay a dated bill (glossed from Spanish), not a permit's renewal."""
    said = (
        "si hola tengo aqui 1 invoice de la city de inglewood dice inspection and control fee 413 dolares "
        "and la fecha de la invoice es el 2 November by when tengo para pay"
    )
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.text.startswith("No penalty yet: pay the $413 by December 17, 2026.")


@pytest.mark.parametrize(
    ("said", "city", "starts"),
    [
        # w44-s015: two years in Victorville, from the month's last day
        (
            "cleaning out the office. we have grease pumping receipts going back to march 2025. victorville. "
            "can i toss those yet?",
            "victorville",
            "Not yet: keep the records from March 2025 until at least March 31, 2027.",
        ),
        # four years in Inglewood
        (
            "we have pump receipts from march 2022, can those go in the shredder?",
            "inglewood",
            "Yes: records from March 2022 had to be kept until March 31, 2026",
        ),
    ],
)
def test_records_asked_whether_they_may_go_are_kept_for_the_city_s_period_from_their_month(
    said, city, starts
):
    found = compute(said, city, NOW)
    assert found is not None and found.text.startswith(starts)
    assert compute("how long do we keep pump receipts?", city, NOW) is None  # no month: the card answers


def test_a_landscape_s_area_said_a_few_words_after_it_in_a_gloss_is_its_area():
    """s37-s014 glossed: "rehabilitate the landscape de enfrente son how 2,000 square feet de landscape
    area"."""
    said = (
        "administro 1 edificio de 15 multifamily apartments en victorville vamos a rehabilitate the "
        "landscape de enfrente son how 2,000 square feet de landscape area and we need permit de la city "
        "la law de organics nos obliga a usar compost or mulch"
    )
    found = compute(said, "victorville", NOW)
    assert found is not None and found.text.startswith("No: 2,000 square feet is not more than 2,500")


@pytest.mark.parametrize(
    "said",
    [
        # an unpaid bill asked about is its late fee, not its retention (review of stop 51)
        "the city's invoice from october 2026 for $413, we never paid, can we just toss it? inglewood",
        # the organics chapter sets no period for these
        "our recycling hauler receipts from march 2023, can i toss those? victorville",
        "self-haul records of organic waste from january 2024, can i throw them out?",
        # no month said of the records
        "we pumped in november 2026 and got the manifest, where do I toss the grease?",
    ],
)
def test_records_retention_is_no_answer_to_what_it_does_not_ask(said):
    found = compute(said, "victorville" if "victorville" in said else "inglewood", NOW)
    assert found is None or not found.text.startswith(("Not yet: keep the records", "Yes: records from"))


def test_a_penalty_rounded_down_is_not_said_to_be_capped():
    found = compute(
        "invoice dated nov 20 for $413.04, unpaid, what penalty if late? inglewood", "inglewood", NOW
    )
    assert found is not None and "(capped at $1,000)" not in found.text


def test_a_paid_bill_asked_about_the_next_one_gets_no_pay_by_date():
    said = "we paid the $413 invoice dated nov 2 already, when do we pay the next one? inglewood"
    found = compute(said, "inglewood", NOW)
    assert found is None or "pay the $413 by" not in found.text


def test_a_letter_just_mailed_starts_no_clock_today():
    from calculations.compute import _JUST_HAPPENED

    assert _JUST_HAPPENED.search("they just mailed us a decision, how long to appeal?") is None


def test_a_late_invoice_s_monthly_accrual_is_said_in_dollars():
    """s41-c008: "¿y cuánto es el recargo de cada mes?": 1.5% of $267 plus its $26.70 penalty."""
    found = compute(
        "the invoice is for $267 dated october 15 2026 and unpaid, what do we owe", "inglewood", NOW
    )
    assert found is not None and found.kind == "late_fee"
    assert "$4.41 a month" in found.text


def test_an_administrative_complaint_s_days_said_as_days_it_happened_on_give_the_cap():
    # "on three days last month" (w49-s011), never a deadline's "due on 30 days" (stop 54's review)
    found = compute(
        "we got an administrative complaint from the City of Victorville, it says we discharged grease in "
        "violation of our permit on three days last month. what's the most they can fine us?",
        "victorville",
        NOW,
    )
    assert found is not None and found.kind == "penalty_cap" and "$15,000" in found.text
    due = compute(
        "the administrative complaint penalty is due on 30 days, we missed the compliance schedule. what's "
        "the max penalty?",
        "victorville",
        NOW,
    )
    assert due is None or "$90,000" not in due.text


@pytest.mark.parametrize(
    ("topic", "said", "kept", "gone"),
    [
        # w50-c001: the invoice's day corrected, then "when do i have to pay it by" read the first date again
        (
            "victorville bill $3,850 invoice date is nov 3",
            "wait no sorry its dated the 13th not the 3rd",
            "nov 13",
            "nov 3 ",
        ),
        # w50-c018: "dated sept 15" corrected to the 25th, then "what do i owe right now" read Sept 15
        (
            "unpaid invoice from inglewood $413 dated sept 15",
            "actually it was dated the 25th not the 15th",
            "sept 25",
            "sept 15",
        ),
        ("factura del 3 de noviembre", "no perdon, es del 13 no del 3", "13 de noviembre", "del 3 de"),
    ],
)
def test_a_day_of_the_month_corrected_replaces_the_topic_s_date(topic, said, kept, gone):
    from calculations import with_newer_facts

    facts = with_newer_facts(topic, said)
    assert kept in facts and gone not in facts + " "


def test_the_corrected_invoice_date_is_the_one_computed():
    from calculations import with_newer_facts

    facts = with_newer_facts(
        "unpaid invoice from inglewood $413 dated sept 15", "actually it was dated the 25th not the 15th"
    )
    text = compute(
        f"{facts} so what do i owe right now and when do they start revoking", "inglewood", NOW
    ).text
    assert "$454.30" in text and "December 24, 2026" in text


def test_which_notice_corrected_changes_no_date():
    from calculations import with_newer_facts

    facts = with_newer_facts("its the 2nd notice of violation, dated nov 2", "its the 3rd not the 2nd")
    assert "nov 2" in facts


@pytest.mark.parametrize(
    "said",
    [
        # s46-c012: the bill that came, its amount and date, and no word of paying late
        "me llego 1 invoice de inglewood de lo de la grease es de $267 la fecha dice 20 October",
        "we got a bill from inglewood for $267 dated oct 20",
    ],
)
def test_an_inglewood_bill_that_came_with_its_amount_and_date_is_worked_out(said):
    assert "December 4, 2026" in compute(said, "inglewood", NOW).text


def test_an_inglewood_bill_named_without_its_coming_or_being_unpaid_computes_nothing():
    assert compute("inglewood invoice $413 dated oct 1", "inglewood", NOW) is None


@pytest.mark.parametrize(
    ("said", "total"),
    [
        # w50-s045: "clogged their main and it cost them $4,000 ... whats the bill gonna be"
        (
            "inglewood says our grease clogged their main and it cost them $4,000 to fix. whats the bill "
            "gonna be and when is it due",
            "$5,000",
        ),
        # s46-s023 (glossed): "por q me cobran mil de mas??"
        (
            "inglewood me charge bill por clean la sewer manhole they say a la city le cost $4,000 pero la "
            "invoice dice $5,000 why me charge 1000 de mas",
            "$5,000",
        ),
    ],
)
def test_the_city_s_repair_costs_get_the_service_charge_worked_out(said, total):
    text = compute(said, "inglewood", NOW).text
    assert "25%" in text and total in text


@pytest.mark.parametrize(
    ("said", "city", "most", "section"),
    [
        # w50-s051: Inglewood's Director assesses up to $2,000 a day for reports not furnished
        (
            "inglewood director hit us with an administrative civil penalty for not sending in reports for "
            "10 days. whats the max and how long to pay",
            "inglewood",
            "$20,000",
            "Enforcement (11)(c)",
        ),
        (
            "our lab failed to deliver the self-monitoring reports for 6 days: our maximum administrative "
            "civil penalty exposure?",
            "victorville",
            "$12,000",
            "10.03.360(d)(1)",
        ),
        # w56-s016: the days said as "12 days' worth", the complaint's proposed amount held against the cap
        (
            "Certified letter from Victorville today: 'administrative complaint'. It says we failed to "
            "furnish "
            "the monitoring reports the FOG manager asked for, 12 days' worth, and the proposed civil "
            "penalty "
            "is $30,000. Is that even allowed?",
            "victorville",
            "$24,000",
            "10.03.360(d)(1)",
        ),
        # w58-s050: how late the reports are, and "administrative complaints" in the plural
        (
            "Victorville's FOG manager asked for self-monitoring reports on our banquet kitchen's discharge "
            "and we're late, it's been 12 days. If this turns into one of those administrative complaints, "
            "what's the most they could fine us for that?",
            "victorville",
            "$24,000",
            "10.03.360(d)(1)",
        ),
    ],
)
def test_the_administrative_penalty_cap_for_the_days_is_each_city_s(said, city, most, section):
    found = compute(said, city, NOW)
    assert most in found.text and section in found.citation


@pytest.mark.parametrize(
    ("said", "fee"),
    [
        # s46-c014 (glossed): "me dieron otro ticket ... x la trampa de grasa. inglewood" then "es el tercero"
        ("me dieron another ticket en el restaurant for the grease trap inglewood es el 3rd", "$500"),
        ("got another ticket for the grease trap, its the 2nd one", "$250"),
    ],
)
def test_which_ticket_it_is_told_gets_its_fee(said, fee):
    assert compute(said, "inglewood", NOW).text.startswith(fee)


@pytest.mark.parametrize(
    "said",
    [
        "its the 2nd notice of violation, can i appeal it?",
        "the pump ticket for the grease trap service says 500 gallons",
    ],
)
def test_a_notice_asked_about_otherwise_or_a_pump_ticket_gets_no_fee(said):
    found = compute(said, "inglewood", NOW)
    assert found is None or found.kind != "nov_fee"


# --- review of stop 55 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "not_kind"),
    [
        # F9: a pump-out's ticket is no notice of violation
        ("that's the 2nd ticket the pump guy left this month", "nov_fee"),
        (
            "the hauler gave us a ticket for the grease they took out, it was the 3rd pump this quarter",
            "nov_fee",
        ),
        # F10: Enforcement (7) is the City's costs to repair its own sewer, not a private plumber's bill
        (
            "our kitchen line clogged and the roto guy charged $650, how much will inglewood charge on top",
            "damage_costs",
        ),
        # F12: a bill paid, or asked about otherwise, is not worked out as late
        ("we got a bill for $267 dated oct 20, paid it already", "late_fee"),
        ("got a $267 invoice from inglewood dated oct 20, how do we appeal it?", "late_fee"),
        # review of stop 56 (F17): a permit revoked and reinstated is no first year's fees
        (
            "40 seats no drive thru, if we get our permit revoked and reinstated, how much is the fee?",
            "permit_fee",
        ),
    ],
)
def test_a_message_beside_a_rule_s_case_is_not_worked_out_as_that_case(said, not_kind):
    """Review of stop 55 (F9, F10, F12) and of stop 56 (F17)."""
    found = compute(said, "inglewood", NOW)
    assert found is None or found.kind != not_kind


def test_inglewood_s_discharge_cap_is_per_violation_and_judges_no_proposed_total():
    """F13: "$5,000 per violation for each day of discharge": a proposed total may hold several violations."""
    said = (
        "administrative complaint proposes a civil penalty of $25,000 for 4 days of discharges violating our "
        "permit conditions, can they charge that much?"
    )
    found = compute(said, "inglewood", NOW)
    assert "each violation" in found.text and "more than that cap" not in found.text


@pytest.mark.parametrize(
    "said",
    [
        "how much is the administrative fine if we did not turn in the required reports for 3 days",
        "what's the max administrative penalty, no reports for 3 days",
    ],
)
def test_reports_not_turned_in_said_in_other_words_get_the_cap(said):
    """F15."""
    assert "$6,000" in compute(said, "inglewood", NOW).text


def test_a_day_corrected_after_another_correction_and_a_seat_count_are_read_apart():
    """F17."""
    from calculations import with_newer_facts

    both = with_newer_facts(
        "our permit says every 90 days, pumped on sept 30",
        "every 60, not 90... and it was the 20th not the 30th",
    )
    assert "sept 20" in both
    seats = with_newer_facts("we have 30 seats, opened nov 30", "its 20 not 30")
    assert "nov 30" in seats


@pytest.mark.parametrize(
    "said",
    [
        # review of stop 56: a two-storey building is no landscape (F10), a permit revoked is no new one
        # (F17),
        # the shop next door is no next service (F18)
        "vamos a construir un restaurante nuevo de dos plantas de 3,000 pies cuadrados en victorville, que "
        "necesitamos?",
        "the hauler came sept 14 and cleaned next door too, when is the manifest due?",
        # review of stop 57 (M2, M12): a trap's test is its capacity, and a scraping dates only a trap
        "our grease trap has 6 inches of grease in it, it's 12 inches deep. ok?",
        "we scrape it out ourselves, last time we did it was nov 10, when is the next one due?",
    ],
)
def test_words_near_a_rule_s_own_work_nothing_out(said):
    assert compute(said, "victorville", NOW) is None


def test_a_gardener_beside_a_bin_question_still_gets_the_waiver_s_limit():
    """Review of stop 56 (F20): only a landscaping contract asked about takes the trash yards for its rule."""
    said = "we have 1 yard of trash a week and a gardener does the landscaping, do we need a green bin?"
    found = compute(said, "victorville", NOW)
    assert found is not None and found.kind == "deminimis_limit"


@pytest.mark.parametrize(
    ("said", "fee", "billed_as"),
    [
        # w49-c008: the bill checked against the seats said, before its late penalty
        (
            "got a letter from inglewood public works, invoice for $413 dated october 1, says annual "
            "inspection and control fee. is that right? we only have 30 seats",
            "$267",
            "The $413 billed is the large establishments' fee",
        ),
        (
            "we got billed $267 but we have 80 seats, is that right?",
            "$413",
            "The $267 you mention is the small establishments' fee",
        ),
        # w58-s006: a drive-thru in everyday words makes the restaurant large whatever its seats
        (
            "slice shop in inglewood, 28 seats. we put in a lil window where cars pull up and grab their "
            "order. my cousin says since we're under 50 seats we pay the small fee, $267 a yr right?",
            "$413",
            "The $267 you mention is the small establishments' fee",
        ),
        ("invoice $413, 60 seats, is that right?", "$413", None),
    ],
)
def test_a_bill_checked_against_the_seats_said_gets_the_fee_they_set(said, fee, billed_as):
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.kind == "annual_fee"
    assert found.text.startswith(f"Your annual fee is {fee}")
    assert (billed_as in found.text) if billed_as else "establishments' fee" not in found.text


def test_an_unpaid_bill_with_seats_and_no_check_still_gets_its_late_penalty():
    said = "our $267 invoice from March 3 is still unpaid, we have 30 seats, what do we owe now?"
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.kind == "late_fee"


def test_a_trap_scraped_out_by_hand_gets_its_next_service():
    """w54-s016: "a little box under the 3 comp sink, i scrape it out myself. last time i did it was nov
    10"."""
    said = (
        "also theres a little box under the 3 comp sink, i scrape it out myself. last time i did it was nov "
        "10. "
        "how often is it supposed to be, is somebody from the city supposed to check it?"
    )
    found = compute(said, "victorville", NOW)
    assert found is not None and found.kind == "service_due" and "December 10, 2026" in found.text
    assert "trap" in found.text


@pytest.mark.parametrize(
    ("said", "topic", "read"),
    [
        # w54-c017: seats added to the ones the topic gave
        (
            "what if we add 20 more seats next year",
            "yearly grease fee in inglewood for a restaurant 38 seats",
            "what if we add 58 seats in all next year",
        ),
        (
            "y si agregamos 20 sillas mas?",
            "somos 38 sillas sin drive thru",
            "y si agregamos 58 sillas en total?",
        ),
        (
            "what if we add 20 more seats",
            "how much is the fee",
            "what if we add 20 more seats",
        ),  # none before
    ],
)
def test_seats_added_in_a_what_if_are_added_to_the_topic_s(said, topic, read):
    assert what_if_read(said, topic) == read


@pytest.mark.parametrize(
    ("said", "city", "over", "shown"),
    [
        (
            "the pumper measured our interceptor: 48 inches deep and grease and solids are at 14 inches. is "
            "that ok?",
            "victorville",
            True,
            "29% of the depth, over the 25% limit (12 inches)",
        ),
        (
            "depth is 60 inches, grease cap about 10 inches, fine?",
            "inglewood",
            False,
            "within the 25% limit (15 inches)",
        ),
    ],
)
def test_a_measured_interceptor_is_checked_against_the_25_percent_rule(said, city, over, shown):
    found = compute(said, city, NOW)
    assert found is not None and found.kind == "accumulation" and shown in found.text
    assert ("immediately" in found.text) is over


def test_a_manhole_s_diameter_beside_the_depth_is_no_grease_layer():
    assert (
        compute(
            "our manhole is 18 inches across and the interceptor is 48 inches deep, ok?", "victorville", NOW
        )
        is None
    )


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        # review of stop 57 (M1): a bill that is no annual fee keeps its own reading
        (
            "the city billed us $4,000 for clearing the sewer line plus $1,000 service charge, we only have "
            "30 "
            "seats, is that right?",
            "damage_costs",
        ),
        (
            "40 seats, invoice $267 dated august 1, still unpaid, is that right that they add a late fee?",
            "late_fee",
        ),
        ("30 seat restaurant. got our 2nd NOV, they want $250, is that right?", None),
        ("we have 30 seats. the pumper charged us $400 to pump the interceptor, is that right?", None),
    ],
)
def test_a_bill_that_is_no_annual_fee_is_not_checked_against_the_seats(said, kind):
    found = compute(said, "inglewood", NOW)
    assert (found.kind if found else None) == kind


def test_a_notice_said_to_need_no_reinspection_gets_no_reinspection_fee():
    """Review of stop 57 (S1): "they said no reinspection needed" adds no $150; said, it is conditional."""
    said = "got our 2nd NOV, how much? they said no reinspection needed"
    found = compute(said, "inglewood", NOW)
    assert found is not None and "$250" in found.text and "$150" not in found.text
    found = compute("2nd NOV and they will reinspect, how much?", "inglewood", NOW)
    assert found is not None and "If the City also charges the $150 reinspection fee" in found.text


def test_the_days_of_violation_said_come_before_the_days_since_something():
    """Review of stop 59, M7: "it's been 20 days since ..." was taken for 20 days of violation."""
    said = (
        "it's been 20 days since the administrative complaint was served. we discharged in violation of our "
        "permit conditions on 3 days last month. max administrative penalty?"
    )
    found = compute(said, "victorville", NOW)
    assert found is not None and "$15,000 for 3 days" in found.text
    said = (
        "administrative complaint for a discharge in violation of our permit, it's been 10 days since, max "
        "fine?"
    )
    found = compute(said, "victorville", NOW)
    assert found is None or "$50,000" not in found.text


@pytest.mark.parametrize(
    "said",
    [
        "we have 40 seats, customers drive up and park out front, annual fee?",
        "we have a walk-up ventanilla for to-go orders, 40 seats, annual fee?",
        "40 seat self-service buffet (autoservicio), annual fee?",
    ],
)
def test_a_window_or_self_service_is_no_drive_thru(said):
    """Review of stop 59, M8: parking out front, a walk-up window and a buffet made restaurants large."""
    found = compute(said, "inglewood", NOW)
    assert found is not None and found.text.startswith("Your annual fee is $267")
