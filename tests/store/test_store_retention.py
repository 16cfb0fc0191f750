"""Retention: what only served a conversation is erased after the period; records and opt-outs stay."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from store import reminders, sms, voice
from store.retention import purge_conversations, purge_personal_data
from store.schema import reminders as reminders_table
from store.schema import sms_deliveries, sms_more_remainders, voice_calls

OLD = dt.datetime(2025, 1, 5, 12, 0, tzinfo=dt.timezone.utc)
RECENT = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.timezone.utc)
CUTOFF = dt.datetime(2025, 12, 1, tzinfo=dt.timezone.utc)
OLD_SID, NEW_SID = "SM" + "1" * 32, "SM" + "2" * 32


def rows(engine, table):
    with engine.connect() as connection:
        return [row._asdict() for row in connection.execute(sa.select(table))]


def test_old_conversation_data_is_erased_and_recent_data_kept(engine):
    for sid, when, phone in ((OLD_SID, OLD, "+17605550101"), (NEW_SID, RECENT, "+17605550102")):
        sms.claim_message_sid(engine, sid, phone=phone, now=when)
        sms.save_reply(engine, sid, "<Response><Message>hi</Message></Response>", now=when)
        sms.keep_remainder(engine, phone, "the rest", now=when)
    sms.opt_out(engine, "+17605550101", keyword="STOP", now=OLD)
    voice.start_call(engine, "CA" + "1" * 32, from_number="+17605550103", to_number="+17605550199", now=OLD)
    voice.finish(engine, "CA" + "1" * 32, status="completed", now=OLD)
    voice.start_call(engine, "CA" + "2" * 32, from_number="+17605550104", to_number="+17605550199", now=OLD)
    sent = reminders.schedule(
        engine, phone="+17605550105", kind="pump_out_due", due_date=OLD.date(), send_at=OLD, now=OLD
    )
    reminders.claim_due(engine, now=OLD)
    reminders.mark_sent(engine, sent["id"], provider_sid="SM" + "3" * 32, now=OLD)

    purged = purge_personal_data(engine, CUTOFF)

    assert (purged.sms_deliveries, purged.remainders, purged.calls, purged.reminders) == (1, 1, 1, 1)
    deliveries = {row["message_sid"]: row for row in rows(engine, sms_deliveries)}
    assert deliveries[OLD_SID]["phone"] is None and deliveries[OLD_SID]["reply_twiml"] is None
    assert deliveries[NEW_SID]["phone"] == "+17605550102"  # recent: kept
    assert sms.get_reply(engine, OLD_SID) is None  # the SID stays, so a replay is still not answered twice
    assert [row["phone"] for row in rows(engine, sms_more_remainders)] == ["+17605550102"]
    assert sms.is_opted_out(engine, "+17605550101")  # STOP is kept
    calls = {row["call_sid"]: row for row in rows(engine, voice_calls)}
    assert calls["CA" + "1" * 32]["from_number"] is None and calls["CA" + "1" * 32]["state"] == {}
    assert calls["CA" + "2" * 32]["from_number"] == "+17605550104"  # still in progress: kept
    [reminder] = rows(engine, reminders_table)
    assert reminder["phone"] == "" and reminder["message"] is None
    assert purge_personal_data(engine, CUTOFF).sms_deliveries == 0  # nothing left to erase


def test_old_conversations_leave_rasas_tracker_store(tmp_path):
    url = f"sqlite:///{tmp_path / 'tracker.db'}"
    engine = sa.create_engine(url)
    events = sa.Table(
        "events",
        sa.MetaData(),
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("sender_id", sa.String(255)),
        sa.Column("type_name", sa.String(255)),
        sa.Column("timestamp", sa.Float),
        sa.Column("data", sa.Text),
    )
    events.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(
            events.insert(),
            [
                {
                    "sender_id": "+17605550101",
                    "type_name": "user",
                    "timestamp": OLD.timestamp(),
                    "data": "{}",
                },
                {"sender_id": "web-old", "type_name": "user", "timestamp": OLD.timestamp(), "data": "{}"},
                {"sender_id": "web-old", "type_name": "bot", "timestamp": OLD.timestamp() + 1, "data": "{}"},
                # an old conversation that went on recently is a recent conversation: kept whole
                {"sender_id": "web-both", "type_name": "user", "timestamp": OLD.timestamp(), "data": "{}"},
                {"sender_id": "web-both", "type_name": "user", "timestamp": RECENT.timestamp(), "data": "{}"},
            ],
        )

    assert purge_conversations(url, CUTOFF) == 2
    with engine.connect() as connection:
        left = sorted(row.sender_id for row in connection.execute(sa.select(events)))
    assert left == ["web-both", "web-both"]
    assert purge_conversations(f"sqlite:///{tmp_path / 'none.db'}", CUTOFF) == 0
