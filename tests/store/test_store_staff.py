"""Console accounts, sessions and audit (store.staff) and the city's work on records (store.work)."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from store_test_support import NOW

from store import facilities, outbox, permits, service, sms, spills, staff, waivers, work
from store.errors import StoreError
from store.schema import audit_log, notifications, outbox_events, staff_sessions, staff_users

PASSWORD = "correct horse battery"
LOCKOUT = dt.timedelta(minutes=15)
MINUTE = dt.timedelta(minutes=1)
BOTH = ("victorville", "inglewood")


def _user(engine, username="dana", role="staff", cities=("victorville",)):
    return staff.create_user(engine, username=username, password=PASSWORD, role=role, cities=cities, now=NOW)


def _authenticate(engine, username, password, now=NOW):
    return staff.authenticate(engine, username, password, max_failures=3, lockout=LOCKOUT, now=now)


def test_a_user_is_stored_with_an_argon2_hash_and_never_returned_with_it(engine):
    user = _user(engine, username=" Dana ", cities=["Inglewood", "victorville"])
    assert user["username"] == "dana"
    assert user["cities"] == ["inglewood", "victorville"]
    assert "password_hash" not in user
    with engine.connect() as connection:
        stored = connection.execute(sa.select(staff_users.c.password_hash)).scalar()
    assert stored.startswith("$argon2id$")
    assert PASSWORD not in stored


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"password": "short"}, "at least 12"),
        ({"role": "superuser"}, "Unknown role"),
        ({"cities": []}, "at least one city"),
        ({"cities": ["springfield"]}, "Unknown city"),
        ({"username": "two words"}, "without spaces"),
    ],
)
def test_bad_accounts_are_refused(engine, changes, message):
    values = {"username": "dana", "password": PASSWORD, "role": "staff", "cities": ["victorville"], **changes}
    with pytest.raises(StoreError, match=message):
        staff.create_user(engine, **values)


def test_a_taken_username_is_refused(engine):
    _user(engine)
    with pytest.raises(StoreError, match="taken"):
        _user(engine, username="DANA")


def test_the_right_password_signs_in_and_a_wrong_one_does_not(engine):
    _user(engine)
    assert _authenticate(engine, "dana", "wrong password here") is None
    user = _authenticate(engine, "Dana", PASSWORD)
    assert user is not None and user["last_login_at"] == NOW and user["failed_logins"] == 0
    assert _authenticate(engine, "nobody", PASSWORD) is None


def test_repeated_failures_lock_the_account_even_against_the_right_password(engine):
    _user(engine)
    for _ in range(3):
        assert _authenticate(engine, "dana", "wrong password here") is None
    assert staff.list_users(engine)[0]["locked_until"] == NOW + LOCKOUT
    assert _authenticate(engine, "dana", PASSWORD, now=NOW + 14 * MINUTE) is None
    assert (
        _authenticate(engine, "dana", PASSWORD, now=NOW + 15 * MINUTE + dt.timedelta(seconds=1)) is not None
    )


def test_a_deactivated_user_cannot_sign_in_and_loses_their_sessions(engine):
    user = _user(engine)
    token, _ = staff.start_session(engine, user["id"], lifetime=dt.timedelta(hours=8), now=NOW)
    staff.update_user(engine, user["id"], active=False, now=NOW)
    assert _authenticate(engine, "dana", PASSWORD) is None
    assert staff.session_user(engine, token, now=NOW) is None


def test_a_hash_made_under_old_parameters_is_replaced_at_sign_in(engine):
    user = _user(engine)
    weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash(PASSWORD)
    with engine.begin() as connection:
        connection.execute(sa.update(staff_users).values(password_hash=weak))
    assert _authenticate(engine, "dana", PASSWORD) is not None
    with engine.connect() as connection:
        rehashed = connection.execute(sa.select(staff_users.c.password_hash)).scalar()
    assert rehashed != weak and not PasswordHasher().check_needs_rehash(rehashed)
    assert staff.get_user(engine, user["id"])["username"] == "dana"


def test_a_session_stores_only_the_tokens_hash_and_expires(engine):
    user = _user(engine)
    token, session = staff.start_session(engine, user["id"], lifetime=dt.timedelta(hours=8), now=NOW)
    with engine.connect() as connection:
        stored = connection.execute(sa.select(staff_sessions.c.token_hash)).scalar()
    assert stored == hashlib.sha256(token.encode()).hexdigest() and token not in stored
    found = staff.session_user(engine, token, now=NOW + dt.timedelta(hours=7))
    assert (
        found is not None
        and found[1]["username"] == "dana"
        and found[0]["csrf_token"] == session["csrf_token"]
    )
    assert staff.session_user(engine, token, now=NOW + dt.timedelta(hours=8)) is None
    assert staff.session_user(engine, token + "x", now=NOW) is None


def test_signing_out_and_resetting_a_password_end_sessions(engine):
    user = _user(engine)
    first, _ = staff.start_session(engine, user["id"], lifetime=dt.timedelta(hours=8), now=NOW)
    second, _ = staff.start_session(engine, user["id"], lifetime=dt.timedelta(hours=8), now=NOW)
    staff.end_session(engine, first)
    assert staff.session_user(engine, first, now=NOW) is None
    assert staff.session_user(engine, second, now=NOW) is not None
    staff.set_password(engine, user["id"], "another long password", now=NOW)
    assert staff.session_user(engine, second, now=NOW) is None
    assert _authenticate(engine, "dana", "another long password") is not None


def test_roles_are_ranked():
    assert staff.role_allows("admin", "staff") and staff.role_allows("staff", "viewer")
    assert not staff.role_allows("viewer", "staff") and not staff.role_allows("staff", "admin")


# store.work


def _spill(engine, city="victorville", *, now=NOW, **fields):
    report = spills.create_partial(engine, conversation_id="+17605550100", channel="sms", city=city, now=now)
    spills.update(engine, report["reference"], now=now, **fields)
    return spills.submit(engine, report["reference"], now=now)


def test_lists_are_scoped_to_the_users_cities(engine):
    victorville = _spill(engine, "victorville", location_text="7th and Forrest")
    inglewood = _spill(engine, "inglewood", location_text="Market Street")
    cityless = spills.create_partial(engine, conversation_id="web-1", channel="web", now=NOW)

    def references(cities):
        return {
            row["reference"] for row in work.search(engine, "spill_reports", work.Filters(cities=cities)).rows
        }

    assert references(("victorville",)) == {victorville["reference"]}
    assert references(("inglewood",)) == {inglewood["reference"]}
    assert references(BOTH) == {victorville["reference"], inglewood["reference"], cityless["reference"]}
    assert work.may_see(victorville, ("victorville",)) and not work.may_see(inglewood, ("victorville",))
    assert not work.may_see(cityless, ("victorville",)) and work.may_see(cityless, BOTH)


def test_filters_narrow_the_list_and_pages_hold_25_newest_first(engine):
    made = [_spill(engine, location_text=f"Spot {n}", now=NOW + n * MINUTE) for n in range(30)]
    page_one = work.search(engine, "spill_reports", work.Filters(cities=BOTH))
    assert (page_one.total, page_one.pages, len(page_one.rows)) == (30, 2, 25)
    assert page_one.rows[0]["reference"] == made[-1]["reference"]
    page_two = work.search(engine, "spill_reports", work.Filters(cities=BOTH), page=2)
    assert [row["reference"] for row in page_two.rows] == [r["reference"] for r in reversed(made[:5])]
    found = work.search(engine, "spill_reports", work.Filters(cities=BOTH, text="spot 7"))
    assert [row["location_text"] for row in found.rows] == ["Spot 7"]
    found = work.search(engine, "spill_reports", work.Filters(cities=BOTH, text=made[3]["reference"].lower()))
    assert [row["reference"] for row in found.rows] == [made[3]["reference"]]
    assert work.search(engine, "spill_reports", work.Filters(cities=BOTH, text="100%")).total == 0


def test_date_ranges_are_city_days(engine):
    late_evening = dt.datetime(2024, 8, 14, 23, 30, tzinfo=dt.timezone(dt.timedelta(hours=-7)))
    spill = _spill(engine, now=late_evening)  # 06:30 UTC on the 15th
    day = dt.date(2024, 8, 14)
    assert (
        work.search(engine, "spill_reports", work.Filters(cities=BOTH, date_from=day, date_to=day)).total == 1
    )
    after = work.Filters(cities=BOTH, date_from=day + dt.timedelta(days=1))
    assert work.search(engine, "spill_reports", after).total == 0
    assert spill["created_at"].date() == dt.date(2024, 8, 15)


def test_every_kind_can_be_searched_and_filtered(engine):
    facility = facilities.create(
        engine,
        city="inglewood",
        name="Taco Palace",
        conversation_id="c",
        channel="sms",
        address="1 Market St",
    )
    service.add_record(
        engine,
        service_date=dt.date(2024, 8, 1),
        conversation_id="c",
        channel="sms",
        facility_reference=facility["reference"],
        hauler="Acme Pumping",
    )
    permit = permits.create_draft(
        engine, city="victorville", conversation_id="c", channel="web", business_name="Deli"
    )
    waivers.create_draft(engine, kind="deminimis", conversation_id="c", channel="sms")
    waivers.create_draft(engine, kind="physical_space", conversation_id="c", channel="sms")
    assert work.search(engine, "facilities", work.Filters(cities=BOTH, text="market")).total == 1
    assert work.search(engine, "service_records", work.Filters(cities=("inglewood",), text="acme")).total == 1
    assert work.search(engine, "service_records", work.Filters(cities=("victorville",))).total == 0
    assert (
        work.search(engine, "permit_applications", work.Filters(cities=BOTH, status="draft")).rows[0]
        == permit
    )
    assert work.search(engine, "waiver_requests", work.Filters(cities=BOTH, kind="deminimis")).total == 1
    assert len(list(work.all_matching(engine, "waiver_requests", work.Filters(cities=BOTH)))) == 2


def _status_events(engine):
    with engine.connect() as connection:
        query = sa.select(outbox_events).where(outbox_events.c.kind == "status_changed")
        return [dict(row._mapping) for row in connection.execute(query)]


def _audits(engine, action="status_change"):
    with engine.connect() as connection:
        return [
            dict(row._mapping)
            for row in connection.execute(sa.select(audit_log).where(audit_log.c.action == action))
        ]


def test_a_status_change_is_audited_and_texts_the_reporter_in_one_transaction(engine):
    user = _user(engine)
    spill = _spill(engine, callback_number="(760) 555-0199")
    change = work.change_work_status(
        engine,
        "spill_reports",
        spill["reference"],
        to="acknowledged",
        note="Crew notified",
        actor=user,
        text="City of Victorville: received.",
        now=NOW + MINUTE,
    )
    assert change.record["work_status"] == "acknowledged" and change.record["work_note"] == "Crew notified"
    assert change.record["work_updated_at"] == NOW + MINUTE
    assert change.texted_to == "+17605550199" and not change.opted_out
    [event] = _status_events(engine)
    assert event["payload"] == {
        "to": "+17605550199",
        "text": "City of Victorville: received.",
        "language": "en",
    }
    assert (event["reference"], event["city"]) == (spill["reference"], "victorville")
    [entry] = _audits(engine)
    assert entry["actor"] == "dana" and entry["user_id"] == user["id"] and entry["note"] == "Crew notified"
    assert entry["changes"]["work_status"] == ["new", "acknowledged"]
    assert entry["changes"]["text"] == {"to": "+17605550199", "sent": True, "opted_out": False}


def test_an_opted_out_reporter_gets_no_event(engine):
    user = _user(engine)
    spill = _spill(engine, callback_number="+17605550199")
    sms.opt_out(engine, "760-555-0199", keyword="STOP", now=NOW)
    change = work.change_work_status(
        engine,
        "spill_reports",
        spill["reference"],
        to="closed",
        note="Cleaned",
        actor=user,
        text="Closed.",
        now=NOW,
    )
    assert change.opted_out and change.texted_to is None
    assert _status_events(engine) == []
    assert _audits(engine)[0]["changes"]["text"]["opted_out"] is True


def test_a_failing_change_leaves_nothing_behind(engine, monkeypatch):
    user = _user(engine)
    spill = _spill(engine, callback_number="+17605550199")

    def broken(*args, **kwargs):
        raise StoreError("outbox unavailable")

    monkeypatch.setattr(work.outbox, "enqueue", broken)
    with pytest.raises(StoreError):
        work.change_work_status(
            engine,
            "spill_reports",
            spill["reference"],
            to="acknowledged",
            note=None,
            actor=user,
            text="Hi",
            now=NOW,
        )
    assert work.get_record(engine, "spill_reports", spill["reference"])["work_status"] == "new"
    assert _audits(engine) == []


def test_the_workflow_moves_forward_and_reopens_only_with_a_note(engine):
    user = _user(engine)
    spill = _spill(engine)
    reference = spill["reference"]

    def move(to, note=None):
        return work.change_work_status(
            engine, "spill_reports", reference, to=to, note=note, actor=user, now=NOW
        )

    move("in_progress")
    with pytest.raises(StoreError, match="cannot become acknowledged"):
        move("acknowledged")
    move("closed", "Done")
    with pytest.raises(StoreError, match="note is required"):
        move("in_progress")
    assert move("in_progress", "Still seeping").record["work_status"] == "in_progress"
    with pytest.raises(StoreError, match="no work status"):
        work.change_work_status(engine, "facilities", reference, to="closed", note=None, actor=user)


@pytest.mark.parametrize(
    ("kind", "record", "phone"),
    [
        (
            "spill_reports",
            {"callback_number": "760 555 0101", "conversation_id": "+17605550102", "channel": "sms"},
            "+17605550101",
        ),
        (
            "spill_reports",
            {"callback_number": None, "conversation_id": "+17605550102", "channel": "voice"},
            "+17605550102",
        ),
        ("spill_reports", {"callback_number": None, "conversation_id": "abc123", "channel": "web"}, None),
        (
            "permit_applications",
            {"applicant_phone": "3105550103", "conversation_id": "w", "channel": "web"},
            "+13105550103",
        ),
        ("waiver_requests", {"conversation_id": "+13105550104", "channel": "sms"}, "+13105550104"),
        ("waiver_requests", {"conversation_id": "+13105550104", "channel": "web"}, None),
    ],
)
def test_the_reporters_number(kind, record, phone):
    assert work.reporter_phone(kind, record) == phone


def test_the_dashboard_counts_by_status_and_age_and_lists_overdue_spills_first(engine):
    user = _user(engine)
    old = _spill(engine, now=NOW - dt.timedelta(days=3), location_text="old")
    hour_old = _spill(engine, now=NOW - 2 * dt.timedelta(hours=1), location_text="two hours")
    fresh = _spill(engine, now=NOW - 10 * MINUTE, location_text="fresh")
    closed = _spill(engine, now=NOW - dt.timedelta(days=9))
    work.change_work_status(
        engine, "spill_reports", closed["reference"], to="closed", note="ok", actor=user, now=NOW
    )
    _spill(engine, "inglewood", now=NOW)
    counts = work.dashboard(engine, ("victorville",), now=NOW)
    assert counts["by_status"]["spill_reports"] == {
        "new": 3,
        "acknowledged": 0,
        "in_progress": 0,
        "closed": 1,
    }
    assert counts["by_age"]["spill_reports"] == {"today": 2, "this_week": 1, "older": 0}
    assert [row["reference"] for row in counts["overdue_spills"]] == [old["reference"], hour_old["reference"]]
    assert [row["reference"] for row in counts["open_spills"]] == [fresh["reference"]]
    assert counts["totals"]["spill_reports"] == 4 and counts["failed_notifications"] == 0
    assert work.is_overdue("spill_reports", hour_old, NOW) and not work.is_overdue(
        "spill_reports", fresh, NOW
    )


def _failed_notification(connection, event_id, recipient="+13105550100"):
    connection.execute(
        sa.insert(notifications).values(
            event_id=event_id,
            channel="sms",
            recipient=recipient,
            body="x",
            status="failed",
            attempts=6,
            next_attempt_at=NOW,
            created_at=NOW,
            updated_at=NOW,
        )
    )


def test_failed_notifications_are_counted_per_city_and_listed_with_their_event(engine):
    spill = _spill(engine, "inglewood")
    with engine.begin() as connection:
        reference = spill["reference"]
        event_id = outbox.enqueue(
            connection, "status_changed", city="inglewood", reference=reference, now=NOW
        )
        _failed_notification(connection, event_id)
    assert work.dashboard(engine, ("inglewood",), now=NOW)["failed_notifications"] == 1
    assert work.dashboard(engine, ("victorville",), now=NOW)["failed_notifications"] == 0
    assert work.dashboard(engine, BOTH, now=NOW)["failed_notifications"] == 1
    [failed] = work.failed_notifications(engine, ("inglewood",))
    assert (failed["reference"], failed["event_kind"]) == (spill["reference"], "status_changed")
    assert work.failed_notifications(engine, ("victorville",)) == []
    events = work.notifications_for(engine, spill["reference"])
    assert [event["kind"] for event in events] == ["status_changed", "spill_submitted", "spill_started"]
    assert [n["recipient"] for n in events[0]["notifications"]] == ["+13105550100"]
    assert events[1]["notifications"] == []


def test_the_conversation_excerpt_reads_rasa_events_and_fails_soft(tmp_path):
    url = f"sqlite:///{tmp_path / 'tracker.db'}"
    tracker = sa.create_engine(url)
    with tracker.begin() as connection:
        connection.exec_driver_sql(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id TEXT, type_name TEXT, timestamp REAL, "
            "intent_name TEXT, action_name TEXT, data TEXT)"
        )
        rows = [
            ("+17605550100", "user", 1723656600.0, '{"text": "Grease is coming out of a manhole"}'),
            ("+17605550100", "action", 1723656601.0, '{"name": "action_listen"}'),
            ("+17605550100", "bot", 1723656602.0, '{"text": "Is it still flowing?"}'),
            ("someone-else", "user", 1723656603.0, '{"text": "Not this one"}'),
        ]
        for row in rows:
            connection.exec_driver_sql(
                "INSERT INTO events (sender_id, type_name, timestamp, data) VALUES (?, ?, ?, ?)", row
            )
    tracker.dispose()
    excerpt = work.conversation_excerpt(url, "+17605550100")
    assert [(turn["speaker"], turn["text"]) for turn in excerpt] == [
        ("user", "Grease is coming out of a manhole"),
        ("bot", "Is it still flowing?"),
    ]
    assert excerpt[0]["at"] == dt.datetime(2024, 8, 14, 17, 30, tzinfo=dt.timezone.utc)
    assert work.conversation_excerpt(f"sqlite:///{tmp_path / 'missing' / 'none.db'}", "x") == []
    assert work.conversation_excerpt(url, None) == []
