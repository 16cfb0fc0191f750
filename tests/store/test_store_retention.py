"""Retention: what only served a conversation is erased after the period; records and opt-outs stay."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from store import reminders, sms, unanswered, voice
from store.retention import ERASED, purge_conversations, purge_personal_data
from store.schema import (
    audit_log,
    notifications,
    outbox_events,
    sms_deliveries,
    sms_more_remainders,
    staff_sessions,
    staff_users,
    unanswered_questions,
    voice_calls,
)
from store.schema import reminders as reminders_table

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


def _notification(connection, *, event_id, status, when, recipient):
    connection.execute(
        sa.insert(notifications).values(
            event_id=event_id,
            channel="sms",
            recipient=recipient,
            subject="Spill SP-123456",
            body=f"Spill at 5th and Main, call {recipient}",
            status=status,
            attempts=1,
            next_attempt_at=when,
            last_error="554 rejected " + recipient if status == "failed" else None,
            created_at=when,
            updated_at=when,
            sent_at=when if status == "sent" else None,
        )
    )


def test_the_city_side_tables_are_kept_only_as_long_as_needed(engine):
    unanswered.record(engine, text="my name is Ann, where do I take oil?", reason="not_covered", now=OLD)
    unanswered.record(engine, text="where do I take oil?", reason="not_covered", now=RECENT)
    with engine.begin() as connection:
        events = {}
        for name, when in (("old", OLD), ("recent", RECENT)):
            events[name] = connection.execute(
                sa.insert(outbox_events).values(
                    kind="document_link",
                    payload={"to": "+17605550109", "text": "your notice"},
                    created_at=when,
                    dispatched_at=when,
                )
            ).inserted_primary_key[0]
        pending = connection.execute(
            sa.insert(outbox_events).values(
                kind="spill_submitted",
                payload={"callback": "+17605550110"},
                created_at=OLD,
                dispatched_at=None,
            )
        ).inserted_primary_key[0]
        _notification(connection, event_id=events["old"], status="sent", when=OLD, recipient="+17605550111")
        _notification(connection, event_id=pending, status="failed", when=OLD, recipient="oncall@example.org")
        _notification(connection, event_id=pending, status="pending", when=OLD, recipient="+17605550112")
        _notification(
            connection, event_id=events["recent"], status="sent", when=RECENT, recipient="+17605550113"
        )
        user = connection.execute(
            sa.insert(staff_users).values(
                username="ana",
                password_hash="x",
                role="staff",
                cities=["victorville"],
                active=True,
                failed_logins=0,
                created_at=OLD,
                updated_at=OLD,
            )
        ).inserted_primary_key[0]
        for token, expires in (
            ("a" * 64, RECENT - dt.timedelta(hours=1)),
            ("b" * 64, RECENT + dt.timedelta(hours=1)),
        ):
            connection.execute(
                sa.insert(staff_sessions).values(
                    token_hash=token,
                    user_id=user,
                    csrf_token="c" * 64,
                    created_at=RECENT - dt.timedelta(hours=8),
                    expires_at=expires,
                    last_seen_at=RECENT - dt.timedelta(hours=2),
                )
            )
        connection.execute(
            sa.insert(audit_log).values(
                occurred_at=OLD, user_id=user, actor="ana", action="status_changed", changes={"to": "closed"}
            )
        )

    purged = purge_personal_data(engine, CUTOFF, now=RECENT)

    assert (
        purged.unanswered_questions,
        purged.notifications,
        purged.outbox_events,
        purged.staff_sessions,
    ) == (
        1,
        2,
        1,
        1,
    )
    assert [row["text"] for row in rows(engine, unanswered_questions)] == ["where do I take oil?"]
    by_status = {(row["status"], row["event_id"]): row for row in rows(engine, notifications)}
    for erased in (by_status[("sent", events["old"])], by_status[("failed", pending)]):
        assert (erased["recipient"], erased["body"], erased["subject"], erased["last_error"]) == (
            ERASED,
            ERASED,
            None,
            None,
        )
        assert erased["created_at"] == OLD and erased["attempts"] == 1  # the row stays: the city was told
    assert by_status[("pending", pending)]["recipient"] == "+17605550112"  # not delivered yet: kept
    assert by_status[("sent", events["recent"])]["recipient"] == "+17605550113"  # recent: kept
    payloads = {row["id"]: row["payload"] for row in rows(engine, outbox_events)}
    assert payloads[events["old"]] == {}
    assert payloads[events["recent"]]["to"] == "+17605550109"
    assert payloads[pending] == {"callback": "+17605550110"}  # not dispatched yet: the worker needs it
    assert [row["token_hash"] for row in rows(engine, staff_sessions)] == [
        "b" * 64
    ]  # the expired one is gone
    assert len(rows(engine, audit_log)) == 1  # the audit log is a record: kept
    again = purge_personal_data(engine, CUTOFF, now=RECENT)
    assert (again.unanswered_questions, again.notifications, again.outbox_events, again.staff_sessions) == (
        0,
        0,
        0,
        0,
    )
