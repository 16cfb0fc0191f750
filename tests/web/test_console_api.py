"""The staff console through TestClient on a real migrated SQLite database: sign-in and lockout, CSRF, roles,
city scope, filters and pages, CSV export, the status workflow with texts to the reporter, the detail page,
the unanswered questions and the user administration."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from console_test_support import (
    NOW,
    PASSWORD,
    Seeded,
    csrf_token,
    csv_rows,
    make_user,
    seed,
    status_events,
)
from fastapi.testclient import TestClient

import store
from config import Settings
from store import outbox, sms, staff, unanswered, work
from store.schema import audit_log, notifications, spill_reports
from web.app import create_app
from web.console import __main__ as console_command
from web.console.deps import SESSION_COOKIE
from web.console.routes import SIGN_IN_FAILED
from web.console.views import VIEWS, filters_from_query, safe_cell
from web.deps import get_now
from web.routes.documents import get_documents_dir

BOTH = ("victorville", "inglewood")


@pytest.fixture
def documents_dir(tmp_path):
    path = tmp_path / "documents"
    path.mkdir()
    return path


@pytest.fixture
def settings(db_url, tmp_path) -> Settings:
    return Settings(mode="test", database_url=db_url, tracker_db=str(tmp_path / "tracker.db"))


def _client(settings: Settings, documents_dir, base_url: str = "http://testserver") -> TestClient:
    app = create_app(settings)
    app.dependency_overrides[get_now] = lambda: NOW
    app.dependency_overrides[get_documents_dir] = lambda: documents_dir
    return TestClient(app, base_url=base_url)


@pytest.fixture
def client(settings, documents_dir) -> Iterator[TestClient]:
    with _client(settings, documents_dir) as test_client:
        yield test_client


@pytest.fixture
def seeded(engine) -> Seeded:
    make_user(engine, "vic", "staff", ("victorville",))
    make_user(engine, "ing", "staff", ("inglewood",))
    make_user(engine, "view", "viewer", BOTH)
    make_user(engine, "boss", "admin", BOTH)
    return seed(engine)


def sign_in(client: TestClient, username: str, password: str = PASSWORD, next_page: str = "/console/"):
    form = client.get("/console/sign-in")
    assert form.status_code == 200
    data = {
        "username": username,
        "password": password,
        "csrf_token": csrf_token(form.text),
        "next": next_page,
    }
    return client.post("/console/sign-in", data=data, follow_redirects=False)


def signed_in(client: TestClient, username: str) -> TestClient:
    response = sign_in(client, username)
    assert response.status_code == 303, response.text
    return client


def token_of(client: TestClient, path: str = "/console/") -> str:
    return csrf_token(client.get(path).text)


# Sign-in, sessions, lockout


def test_signing_in_sets_a_strict_http_only_cookie_and_opens_the_dashboard(client, seeded):
    response = sign_in(client, "vic")
    assert response.status_code == 303 and response.headers["location"] == "/console/"
    cookie = next(
        value for value in response.headers.get_list("set-cookie") if value.startswith(SESSION_COOKIE)
    )
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/console" in cookie
    assert "Secure" not in cookie
    dashboard = client.get("/console/")
    assert dashboard.status_code == 200 and "vic (staff; Victorville)" in dashboard.text
    assert "script-src 'self'" in dashboard.headers["content-security-policy"]


def test_the_cookie_is_secure_when_the_public_address_is_https(settings, documents_dir, engine, seeded):
    secure = Settings(**{**settings.__dict__, "public_base_url": "https://fog.example.org"})
    with _client(secure, documents_dir, base_url="https://testserver") as client:
        response = sign_in(client, "vic")
    cookie = next(
        value for value in response.headers.get_list("set-cookie") if value.startswith(SESSION_COOKIE)
    )
    assert "Secure" in cookie


def test_pages_need_a_session_and_sign_in_returns_to_the_page_asked_for(client, seeded):
    response = client.get("/console/spills?q=bear", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/console/sign-in?next=%2Fconsole%2Fspills%3Fq%3Dbear"
    back = sign_in(client, "vic", next_page="/console/spills?q=bear")
    assert back.headers["location"] == "/console/spills?q=bear"


def test_sign_in_never_redirects_off_the_console(client, seeded):
    assert sign_in(client, "vic", next_page="https://evil.example/").headers["location"] == "/console/"


def test_unknown_users_and_wrong_passwords_get_the_same_answer(client, seeded):
    wrong = sign_in(client, "vic", "not the password at all")
    unknown = sign_in(client, "nobody", "not the password at all")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.text == unknown.text  # the form's token is the same: it comes from the same cookie
    assert SIGN_IN_FAILED in wrong.text
    assert SESSION_COOKIE not in client.cookies


def test_repeated_failures_lock_the_account(client, engine, seeded):
    for _ in range(Settings().console_max_failed_logins):
        assert sign_in(client, "vic", "not the password at all").status_code == 401
    assert sign_in(client, "vic").status_code == 401  # the right password, but locked
    with engine.connect() as connection:
        failures = connection.execute(
            sa.select(sa.func.count()).where(
                audit_log.c.action == "sign_in_failed", audit_log.c.actor == "vic"
            )
        ).scalar()
    assert failures == 6


def test_signing_out_ends_the_session(client, engine, seeded):
    signed_in(client, "vic")
    old_token = client.cookies[SESSION_COOKIE]
    response = client.post("/console/sign-out", data={"csrf_token": token_of(client)}, follow_redirects=False)
    assert response.status_code == 303
    assert staff.session_user(engine, old_token, now=NOW) is None
    client.cookies.set(SESSION_COOKIE, old_token, path="/console")
    assert client.get("/console/", follow_redirects=False).status_code == 303


# CSRF and roles


def test_a_post_without_the_csrf_token_is_refused_before_anything_changes(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}/status"
    form = {"to": "acknowledged", "note": "x", "text_reporter": "yes", "text": "hello"}
    assert client.post(path, data=form).status_code == 403
    assert client.post(path, data={**form, "csrf_token": "forged"}).status_code == 403
    assert client.post("/console/sign-out", data={}).status_code == 403
    assert work.get_record(engine, "spill_reports", seeded.texting_spill)["work_status"] == "new"
    assert status_events(engine) == []


def test_the_sign_in_form_needs_its_own_token(client, seeded):
    client.get("/console/sign-in")
    response = client.post(
        "/console/sign-in", data={"username": "vic", "password": PASSWORD, "csrf_token": "x"}
    )
    assert response.status_code == 403


def test_viewers_cannot_change_a_status(client, engine, seeded):
    signed_in(client, "view")
    path = f"/console/spills/{seeded.texting_spill}"
    page = client.get(path)
    assert page.status_code == 200 and "/status" not in page.text
    response = client.post(path + "/status", data={"csrf_token": csrf_token(page.text), "to": "acknowledged"})
    assert response.status_code == 403
    assert work.get_record(engine, "spill_reports", seeded.texting_spill)["work_status"] == "new"


def test_only_admins_manage_users(client, engine, seeded):
    signed_in(client, "vic")
    assert client.get("/console/users").status_code == 403
    response = client.post(
        "/console/users",
        data={
            "csrf_token": token_of(client),
            "username": "x",
            "password": PASSWORD,
            "role": "admin",
            "cities": "victorville",
        },
    )
    assert response.status_code == 403
    assert "x" not in [user["username"] for user in staff.list_users(engine)]


def test_an_admin_adds_changes_deactivates_and_resets_users(client, engine, seeded):
    signed_in(client, "boss")
    token = token_of(client, "/console/users")
    created = client.post(
        "/console/users",
        data={
            "csrf_token": token,
            "username": "newbie",
            "password": PASSWORD,
            "role": "viewer",
            "cities": ["inglewood"],
        },
    )
    assert created.status_code == 200 and "Account newbie created." in created.text
    newbie = next(user for user in staff.list_users(engine) if user["username"] == "newbie")
    assert (newbie["role"], newbie["cities"]) == ("viewer", ["inglewood"])
    changed = client.post(
        f"/console/users/{newbie['id']}",
        data={
            "csrf_token": token,
            "role": "staff",
            "cities": ["inglewood", "victorville"],
        },  # "active" unticked
    )
    assert changed.status_code == 200
    newbie = staff.get_user(engine, newbie["id"])
    assert (newbie["role"], newbie["cities"], newbie["active"]) == (
        "staff",
        ["inglewood", "victorville"],
        False,
    )
    short = client.post(
        f"/console/users/{newbie['id']}/password", data={"csrf_token": token, "password": "short"}
    )
    assert short.status_code == 400 and "at least 12" in short.text
    reset = client.post(
        f"/console/users/{newbie['id']}/password",
        data={"csrf_token": token, "password": "a brand new passphrase"},
    )
    assert reset.status_code == 200
    actions = [entry["action"] for entry in staff.audit_trail(engine) if entry["actor"] == "boss"]
    assert actions[:3] == ["password_reset", "user_changed", "user_created"]


def test_an_admin_cannot_lock_themself_out(client, engine, seeded):
    signed_in(client, "boss")
    boss = next(user for user in staff.list_users(engine) if user["username"] == "boss")
    response = client.post(
        f"/console/users/{boss['id']}",
        data={"csrf_token": token_of(client), "role": "viewer", "cities": BOTH},
    )
    assert response.status_code == 400
    assert staff.get_user(engine, boss["id"])["role"] == "admin"


# City scope


def test_another_citys_record_is_403_by_url_and_absent_from_lists_exports_and_counts(
    client, engine, seeded, documents_dir
):
    (documents_dir / f"{seeded.inglewood_spill}-notice.pdf").write_bytes(b"%PDF-1.4 notice")
    signed_in(client, "vic")
    assert client.get(f"/console/spills/{seeded.inglewood_spill}").status_code == 403
    assert client.get(f"/console/waivers/{seeded.waiver}").status_code == 403
    document = client.get(
        f"/console/spills/{seeded.inglewood_spill}/documents/{seeded.inglewood_spill}-notice.pdf"
    )
    assert document.status_code == 403
    status = client.post(
        f"/console/spills/{seeded.inglewood_spill}/status",
        data={"csrf_token": token_of(client), "to": "closed"},
    )
    assert status.status_code == 403
    listing = client.get("/console/spills").text
    assert seeded.inglewood_spill not in listing and seeded.texting_spill in listing
    assert seeded.inglewood_spill not in client.get("/console/spills/export.csv").text
    assert seeded.inglewood_spill not in client.get("/console/").text
    assert seeded.inglewood_spill not in client.get("/console/spills?city=inglewood").text
    assert client.get("/console/spills/SP-000000").status_code == 404


def test_the_inglewood_user_sees_inglewood_only(client, seeded):
    signed_in(client, "ing")
    assert client.get(f"/console/spills/{seeded.inglewood_spill}").status_code == 200
    assert client.get(f"/console/spills/{seeded.texting_spill}").status_code == 403
    assert client.get(f"/console/facilities/{seeded.facility}").status_code == 403


# Lists, filters, pages, export


def test_filters_and_pages(client, engine, seeded):
    seed(engine, victorville_spills=27)  # (3 + 1) + (27 + 1) = 32 Victorville spills
    signed_in(client, "vic")
    first = client.get("/console/spills")
    assert "<strong>32</strong>" in first.text and first.text.count('href="/console/spills/SP-') == 25
    assert 'aria-current="page">1<' in first.text and "page=2" in first.text
    second = client.get("/console/spills?page=2")
    assert second.text.count('href="/console/spills/SP-') == 7
    searched = client.get("/console/spills?q=forrest")
    assert "<strong>2</strong>" in searched.text  # one per seeding
    assert client.get("/console/spills?work_status=closed").text.count('href="/console/spills/SP-') == 0
    assert "<strong>0</strong>" in client.get("/console/spills?from=2026-12-02").text
    assert "<strong>32</strong>" in client.get("/console/spills?from=2026-12-01&to=2026-12-01").text


def test_overdue_spills_are_highlighted(client, seeded):
    signed_in(client, "vic")
    listing = client.get("/console/spills").text
    overdue_row = listing.split(f">{seeded.texting_spill}</a>")[0].rsplit("<tr", 1)[1]
    fresh_row = listing.split(f">{seeded.victorville_spills[0]}</a>")[0].rsplit("<tr", 1)[1]
    assert 'class="overdue"' in overdue_row and 'class="overdue"' not in fresh_row
    dashboard = client.get("/console/").text
    assert dashboard.index(seeded.texting_spill) < dashboard.index(seeded.victorville_spills[0])


def test_every_list_and_detail_page_renders(client, seeded):
    signed_in(client, "boss")
    for slug, reference in [
        ("spills", seeded.texting_spill),
        ("permits", seeded.permit),
        ("waivers", seeded.waiver),
        ("pump-outs", seeded.service_record),
        ("facilities", seeded.facility),
    ]:
        listing = client.get(f"/console/{slug}")
        assert listing.status_code == 200 and reference in listing.text, slug
        assert client.get(f"/console/{slug}/{reference}").status_code == 200, slug
    assert client.get("/console/nothing").status_code == 404


def test_the_csv_has_every_matching_row_as_in_the_database(client, engine, seeded):
    seed(engine, victorville_spills=30)
    signed_in(client, "vic")
    response = client.get("/console/spills/export.csv?q=bear")
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"].startswith('attachment; filename="spills-')
    rows = csv_rows(response.text)
    filters = filters_from_query(VIEWS["spills"], {"q": "bear"}, ("victorville",))
    expected = list(work.all_matching(engine, "spill_reports", filters))
    assert len(rows) == len(expected) == 33  # more than a page
    assert [row["reference"] for row in rows] == [record["reference"] for record in expected]
    assert list(rows[0]) == [column.name for column in spill_reports.c]
    for row, record in zip(rows, expected, strict=True):
        assert row["location_text"] == record["location_text"]
        assert row["reporter_name"] == safe_cell(record["reporter_name"])
        assert row["created_at"] == record["created_at"].isoformat()
    assert any(row["reporter_name"] == '\'=HYPERLINK("http://evil")' for row in rows)
    [entry] = staff.audit_trail(engine, action="export")
    assert entry["actor"] == "vic" and entry["changes"] == {"filters": {"q": "bear"}, "rows": 33}


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1760", "'+1760"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("ok", "ok"),
        (None, ""),
    ],
)
def test_csv_cells_never_start_a_formula(value, cell):
    assert safe_cell(value) == cell


# Detail and status workflow


def test_a_status_change_texts_the_reporter_and_is_audited(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}"
    page = client.get(path)
    assert "Text the reporter at +17605550123" in page.text
    assert "a crew is on the way for your spill report" in page.text
    text = f"City of Victorville: your spill report {seeded.texting_spill} is closed: [note]"
    response = client.post(
        path + "/status",
        data={
            "csrf_token": csrf_token(page.text),
            "to": "closed",
            "note": "Line jetted",
            "text_reporter": "yes",
            "text": text,
        },
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"] == f"{path}?done=texted"
    [event] = status_events(engine)
    assert event["payload"] == {
        "to": "+17605550123",
        "text": f"City of Victorville: your spill report {seeded.texting_spill} is closed: Line jetted",
        "language": "en",
    }
    record = work.get_record(engine, "spill_reports", seeded.texting_spill)
    assert (record["work_status"], record["work_note"], record["work_updated_at"]) == (
        "closed",
        "Line jetted",
        NOW,
    )
    detail = client.get(f"{path}?done=texted").text
    assert (
        "the text to the reporter is queued" in detail
        and "status change" in detail
        and "Line jetted" in detail
    )
    assert "Reopen" in detail


def test_no_text_unless_asked(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}"
    response = client.post(
        path + "/status",
        data={"csrf_token": token_of(client, path), "to": "acknowledged", "text": "unticked box"},
        follow_redirects=False,
    )
    assert response.headers["location"].endswith("done=changed")
    assert status_events(engine) == []


def test_an_opted_out_reporter_is_shown_and_gets_no_event(client, engine, seeded):
    sms.opt_out(engine, "+17605550123", keyword="STOP", now=NOW)
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}"
    page = client.get(path)
    assert "has opted out of texts (STOP)" in page.text and "Text the reporter" not in page.text
    response = client.post(
        path + "/status",
        data={
            "csrf_token": csrf_token(page.text),
            "to": "in_progress",
            "text_reporter": "yes",
            "text": "crew",
        },
        follow_redirects=False,
    )
    assert response.headers["location"].endswith("done=opted_out")
    assert status_events(engine) == []
    assert work.get_record(engine, "spill_reports", seeded.texting_spill)["work_status"] == "in_progress"


def test_a_refused_move_says_why(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}"
    token = token_of(client, path)
    client.post(path + "/status", data={"csrf_token": token, "to": "closed", "note": "done"})
    reopen = client.post(path + "/status", data={"csrf_token": token, "to": "in_progress"})
    assert reopen.status_code == 400 and "a note is required" in reopen.text


def test_the_permit_applicant_is_texted_at_their_phone(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/permits/{seeded.permit}"
    page = client.get(path)
    assert "staff are working on your permit application" in page.text
    client.post(
        path + "/status",
        data={
            "csrf_token": csrf_token(page.text),
            "to": "acknowledged",
            "text_reporter": "yes",
            "text": "Got it",
        },
    )
    assert [event["payload"]["to"] for event in status_events(engine)] == ["+17605550150"]


def test_the_detail_page_shows_details_media_documents_transcript_and_notifications(
    client, engine, seeded, documents_dir
):
    reference = seeded.texting_spill
    store.spills.add_media(
        engine, reference, ["https://api.twilio.com/media/ME1", "javascript:alert(1)"], now=NOW
    )
    store.spills.append_transcript(
        engine, reference, [{"speaker": "caller", "text": "It smells bad"}], now=NOW
    )
    with engine.begin() as connection:
        connection.execute(
            sa.update(spill_reports)
            .where(spill_reports.c.reference == reference)
            .values(details={"manhole_id": "MH-12", "crew": "<b>bold</b>"})
        )
    (documents_dir / f"{reference}-notice.pdf").write_bytes(b"%PDF-1.4 drafted")
    signed_in(client, "vic")
    page = client.get(f"/console/spills/{reference}").text
    assert "<dt>manhole id</dt><dd>MH-12</dd>" in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in page and "<b>bold</b>" not in page
    assert 'href="https://api.twilio.com/media/ME1"' in page and "javascript:alert" not in page
    assert "It smells bad" in page
    assert "spill submitted" in page  # the outbox event committed with the submission
    link = f"/console/spills/{reference}/documents/{reference}-notice.pdf"
    assert link in page
    pdf = client.get(link)
    assert pdf.status_code == 200 and pdf.content == b"%PDF-1.4 drafted"
    assert pdf.headers["content-type"] == "application/pdf"
    assert client.get(f"/console/spills/{reference}/documents/..%2F..%2Fassistant.db").status_code == 404


def test_the_conversation_excerpt_comes_from_the_tracker_when_no_transcript(client, engine, seeded, settings):
    tracker = sa.create_engine(settings.tracker_url)
    with tracker.begin() as connection:
        connection.exec_driver_sql(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id TEXT, type_name TEXT, timestamp REAL, "
            "data TEXT)"
        )
        connection.exec_driver_sql(
            "INSERT INTO events (sender_id, type_name, timestamp, data) VALUES (?, 'user', ?, ?)",
            ("+17605550150", NOW.timestamp(), '{"text": "I want a FOG permit"}'),
        )
    tracker.dispose()
    signed_in(client, "vic")
    assert "I want a FOG permit" in client.get(f"/console/permits/{seeded.permit}").text


# Unanswered questions


def test_the_unanswered_questions_page_groups_questions_in_scope(client, engine, seeded):
    for text in ("Can I pour bacon fat down the drain?", "can i pour bacon fat in the drain"):
        unanswered.record(
            engine, text=text, reason="not_covered", city="victorville", now=NOW - dt.timedelta(hours=1)
        )
    unanswered.record(
        engine, text="Where is the Inglewood dump?", reason="low_confidence", city="inglewood", now=NOW
    )
    signed_in(client, "vic")
    page = client.get("/console/unanswered")
    assert page.status_code == 200
    assert "bacon fat" in page.text and '<td class="num">2</td>' in page.text
    assert "Inglewood dump" not in page.text


def test_the_dashboard_counts_failed_notifications(client, engine, seeded):
    with engine.begin() as connection:
        reference = seeded.texting_spill
        event = outbox.enqueue(connection, "spill_submitted", city="victorville", reference=reference)
        connection.execute(
            sa.insert(notifications).values(
                event_id=event,
                channel="email",
                recipient="oncall@city.example",
                body="x",
                status="failed",
                attempts=6,
                last_error="SMTP refused",
                next_attempt_at=NOW,
                created_at=NOW,
                updated_at=NOW,
            )
        )
    signed_in(client, "vic")
    dashboard = client.get("/console/").text
    assert "1 notification(s)" in dashboard and "oncall@city.example" in dashboard
    assert f'href="/console/spills/{seeded.texting_spill}"' in dashboard
    detail = client.get(f"/console/spills/{seeded.texting_spill}").text
    assert "SMTP refused" in detail and 'class="failed"' in detail


# The command line


def test_the_command_creates_the_first_admin_from_stdin(db_url, engine, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", db_url)
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    code = console_command.main(
        [
            "create-user",
            "--username",
            "chief",
            "--role",
            "admin",
            "--cities",
            "victorville,inglewood",
            "--password-stdin",
        ]
    )
    assert code == 0 and "Created admin chief" in capsys.readouterr().out
    assert (
        staff.authenticate(engine, "chief", PASSWORD, max_failures=5, lockout=dt.timedelta(minutes=1))
        is not None
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    code = console_command.main(
        ["create-user", "--username", "two", "--role", "staff", "--cities", "inglewood", "--password-stdin"]
    )
    assert code == 1 and "at least 12" in capsys.readouterr().err


def test_admins_read_the_audit_log_in_words(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}"
    client.post(
        path + "/status",
        data={
            "csrf_token": token_of(client, path),
            "to": "acknowledged",
            "text_reporter": "yes",
            "text": "Hi",
        },
    )
    assert client.get("/console/audit").status_code == 403
    client.cookies.clear()
    signed_in(client, "boss")
    log = client.get("/console/audit?action=status_change").text
    assert "work status: New → Acknowledged; texted +17605550123" in log
    assert f'href="/console/spills/{seeded.texting_spill}"' in log
    assert "sign in" in client.get("/console/audit").text


def test_an_admin_cannot_grant_cities_outside_their_own(client, engine, seeded):
    make_user(engine, "vicboss", "admin", ("victorville",))
    signed_in(client, "vicboss")
    token = token_of(client, "/console/users")
    data = {"csrf_token": token, "username": "spy", "password": PASSWORD, "role": "admin"}
    data["cities"] = "inglewood"
    response = client.post("/console/users", data=data)
    assert response.status_code == 400 and "cities your own account covers" in response.text
    assert "spy" not in [user["username"] for user in staff.list_users(engine)]


def test_a_text_longer_than_two_messages_is_refused(client, engine, seeded):
    signed_in(client, "vic")
    path = f"/console/spills/{seeded.texting_spill}"
    data = {"csrf_token": token_of(client, path), "to": "acknowledged", "text_reporter": "yes"}
    data["text"] = "x" * 321
    response = client.post(path + "/status", data=data)
    assert response.status_code == 400 and "keep it to 320" in response.text
    assert work.get_record(engine, "spill_reports", seeded.texting_spill)["work_status"] == "new"
    assert status_events(engine) == []


def test_a_record_sent_before_every_answer_says_so_at_the_top_of_its_page(client, engine, seeded):
    reference = seeded.texting_spill
    with engine.begin() as connection:
        connection.execute(
            sa.update(spill_reports)
            .where(spill_reports.c.reference == reference)
            .values(details={"missing": ["What is spilling", "Reporter's name"]})
        )
    signed_in(client, "vic")
    page = client.get(f"/console/spills/{reference}").text
    assert (
        '<p class="notice warn" id="incomplete">Incomplete: the reporter asked to send it before answering '
        "What is spilling, Reporter&#39;s name. Contact them for the rest.</p>"
    ) in page
    complete = client.get(f"/console/spills/{seeded.victorville_spills[0]}").text
    assert 'id="incomplete"' not in complete
