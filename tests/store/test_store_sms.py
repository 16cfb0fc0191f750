"""SMS channel state: MessageSid exactly once, stored replies, opt-outs, rate limit, phone keys."""

from __future__ import annotations

import datetime as dt

import pytest
from store_test_support import NOW, fresh_engine, run_at_once

from store import sms
from store.errors import RecordNotFound, StoreError
from store.phones import normalize_phone

SECOND = dt.timedelta(seconds=1)


def test_a_message_sid_is_claimed_once(engine):
    assert sms.claim_message_sid(engine, "SM0001", phone="+17605550100", now=NOW) is True
    assert sms.claim_message_sid(engine, "SM0001", phone="+17605550100", now=NOW) is False
    assert sms.claim_message_sid(engine, "SM0002", phone="+17605550100", now=NOW) is True


def test_claims_are_exactly_once_across_two_engines_on_the_same_file(engine, db_url):
    other = fresh_engine(db_url)
    try:
        assert sms.claim_message_sid(other, "SM0001") is True
        assert sms.claim_message_sid(engine, "SM0001") is False
        assert sms.claim_message_sid(engine, "SM0002") is True
        assert sms.claim_message_sid(other, "SM0002") is False
    finally:
        other.dispose()


def test_concurrent_deliveries_of_one_message_yield_exactly_one_claim(engine, db_url):
    other = fresh_engine(db_url)
    engines = [engine, other]
    results: list[bool] = []

    def deliver(index: int) -> None:
        results.append(sms.claim_message_sid(engines[index % 2], "SMrace"))

    try:
        run_at_once(deliver, 8, timeout=30)
    finally:
        other.dispose()
    assert sorted(results) == [False] * 7 + [True]


def test_a_duplicate_gets_the_stored_reply(engine):
    sms.claim_message_sid(engine, "SM0001", now=NOW)
    assert sms.get_reply(engine, "SM0001") is None  # still being processed
    twiml = "<Response><Message>Got it.</Message></Response>"
    sms.save_reply(engine, "SM0001", twiml, now=NOW)
    assert sms.claim_message_sid(engine, "SM0001") is False
    assert sms.get_reply(engine, "SM0001") == twiml
    assert sms.get_reply(engine, "SM-never-seen") is None


def test_saving_a_reply_for_an_unclaimed_sid_is_an_error(engine):
    with pytest.raises(RecordNotFound, match="'SM404'"):
        sms.save_reply(engine, "SM404", "<Response/>")


def test_an_empty_sid_is_refused(engine):
    with pytest.raises(StoreError, match="''"):
        sms.claim_message_sid(engine, "")


def test_opt_out_is_persisted_and_matches_any_formatting(engine, db_url):
    assert sms.is_opted_out(engine, "+17605550100") is False
    sms.opt_out(engine, "+17605550100", keyword="PARAR", now=NOW)
    engine.dispose()

    other = fresh_engine(db_url)
    try:
        assert sms.is_opted_out(other, "(760) 555-0100") is True
        assert sms.is_opted_out(other, "760.555.0100") is True
        assert sms.is_opted_out(other, "+17605550199") is False
        sms.opt_in(other, "760-555-0100", keyword="START", now=NOW + SECOND)
        assert sms.is_opted_out(other, "+17605550100") is False
        sms.opt_out(other, "+1 760 555 0100", keyword="STOP", now=NOW + 2 * SECOND)
        assert sms.is_opted_out(other, "+17605550100") is True
    finally:
        other.dispose()


def test_opt_in_without_a_prior_opt_out_changes_nothing(engine):
    sms.opt_in(engine, "+17605550100", keyword="START")
    assert sms.is_opted_out(engine, "+17605550100") is False


def test_rate_limit_allows_n_in_a_sliding_window_then_recovers(engine):
    limit = sms.RateLimit(max_messages=3, window=dt.timedelta(seconds=60))
    phone = "+17605550100"
    assert [sms.allow(engine, phone, NOW + k * SECOND, limit=limit) for k in range(3)] == [True, True, True]
    assert sms.allow(engine, phone, NOW + 3 * SECOND, limit=limit) is False
    assert sms.allow(engine, phone, NOW + 59 * SECOND, limit=limit) is False
    assert sms.allow(engine, "+17605550111", NOW + 59 * SECOND, limit=limit) is True  # another sender
    # at exactly 60 s the first message has left the window; refused ones never counted
    assert sms.allow(engine, phone, NOW + 60 * SECOND, limit=limit) is True
    assert sms.allow(engine, phone, NOW + 60 * SECOND, limit=limit) is False
    assert sms.allow(engine, phone, NOW + 61 * SECOND, limit=limit) is True


def test_a_message_the_assistant_could_not_answer_is_taken_back_from_the_rate_limit(engine):
    limit = sms.RateLimit(max_messages=2, window=dt.timedelta(seconds=60))
    phone = "+17605550100"
    assert sms.allow(engine, phone, NOW, limit=limit) and sms.allow(engine, phone, NOW + SECOND, limit=limit)
    sms.forgive(engine, phone, NOW + SECOND)  # the second got "please send it again"
    assert sms.allow(engine, phone, NOW + 2 * SECOND, limit=limit) is True  # the resend is served
    assert sms.allow(engine, phone, NOW + 3 * SECOND, limit=limit) is False


def test_rate_limit_is_shared_between_engines(engine, db_url):
    limit = sms.RateLimit(max_messages=2, window=dt.timedelta(minutes=10))
    other = fresh_engine(db_url)
    try:
        assert sms.allow(engine, "7605550100", NOW, limit=limit) is True
        assert sms.allow(other, "+17605550100", NOW, limit=limit) is True
        assert sms.allow(engine, "+17605550100", NOW, limit=limit) is False
    finally:
        other.dispose()


def test_rate_limit_default_and_validation():
    assert sms.RateLimit(max_messages=20, window=dt.timedelta(minutes=10)) == sms.DEFAULT_RATE_LIMIT
    with pytest.raises(StoreError, match="max_messages=0"):
        sms.RateLimit(max_messages=0)


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("+17605550100", "+17605550100"),
        ("(760) 555-0100", "+17605550100"),
        ("760.555.0100", "+17605550100"),
        ("1-760-555-0100", "+17605550100"),
        ("+44 20 7946 0958", "+442079460958"),
    ],
)
def test_phone_numbers_normalize_to_e164(written, key):
    assert normalize_phone(written) == key


@pytest.mark.parametrize("bad", ["555-0100", "call me", "+1", "2-760-555-0100", "760 555 0100 ext 4"])
def test_non_numbers_are_refused_with_the_value(bad):
    with pytest.raises(StoreError, match="is not a phone number"):
        normalize_phone(bad)
