"""The staff console in real headless Chromium: the web app under uvicorn on a seeded SQLite database.

Run: ``.venv/app/bin/python -m pytest tests/web/test_console_browser.py -q`` (needs /usr/bin/chromium).
A status change must leave the committed outbox event (the reporter's number and the text) behind; one pass of
the worker's outbox then delivers it to the local fake Twilio (the worker itself is tested in tests/worker).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from console_test_support import NOW, PASSWORD, Seeded, csv_rows, make_user, seed, status_events
from fake_twilio import FakeTwilioApi
from net import free_port
from playwright.sync_api import Page, expect
from twilio.rest import Client
from web_chat_test_support import ARTIFACTS, REPO, PageProblems, running_web_app

import store
from config import Settings
from store import unanswered, work
from web.console.views import VIEWS, filters_from_query
from worker.outbox import run_once

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 860}
TABLET = {"width": 820, "height": 1180}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ACCOUNT_SID = "AC" + "5" * 32
AUTH_TOKEN = "f" * 32
TWILIO_SETTINGS = Settings(
    mode="test",
    twilio_account_sid=ACCOUNT_SID,
    twilio_auth_token=AUTH_TOKEN,
    twilio_sms_number="+17605550100",
)


class RecordingMailer:
    def __init__(self) -> None:
        self.sent: list[EmailMessage] = []

    def send(self, message: EmailMessage) -> None:
        self.sent.append(message)


@pytest.fixture(scope="module")
def console_db(migrated_template, tmp_path_factory) -> Iterator[tuple[object, Seeded]]:
    path = tmp_path_factory.mktemp("console") / "assistant.db"
    shutil.copyfile(migrated_template, path)
    engine = store.connect(f"sqlite:///{path}")
    make_user(engine, "vic", "staff", ("victorville",))
    make_user(engine, "ing", "staff", ("inglewood",))
    seeded = seed(engine)
    for text in ("Can I pour bacon grease down the sink?", "can i pour bacon grease in the sink"):
        unanswered.record(engine, text=text, reason="not_covered", city="victorville", now=NOW)
    unanswered.record(
        engine, text="When is bulky item pickup?", reason="low_confidence", city="victorville", now=NOW
    )
    yield engine, seeded
    engine.dispose()


@pytest.fixture(scope="module")
def console_url(console_db, tmp_path_factory) -> Iterator[str]:
    """The whole web app under uvicorn, on the seeded database, its clock started at the seeding moment."""
    engine, _ = console_db
    folder = tmp_path_factory.mktemp("console-web")
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "MODE": "test",
        "DATABASE_URL": str(engine.url),
        "TRACKER_DB": str(folder / "tracker.db"),
        "CLOCK_START": NOW.isoformat(),
        "RASA_URL": f"http://127.0.0.1:{free_port()}",
    }
    with running_web_app(env, folder / "uvicorn.log", ready_path="/console/sign-in") as url:
        yield url


@pytest.fixture
def problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def tab(browser_context, console_url: str, problems: PageProblems) -> Iterator[Page]:
    """A fresh tab, signed out, laptop-sized, watched for script errors and blocked inline code."""
    browser_context.clear_cookies()
    page = browser_context.new_page()
    page.set_viewport_size(LAPTOP)
    page.on("pageerror", lambda error: problems.errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and problems.console.append(message.text))
    yield page
    page.close()
    assert problems.errors == []
    assert problems.console_errors(allow_failed_requests=True) == []  # a CSP violation would be listed here


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/console/")
    expect(page).to_have_url(f"{base}/console/sign-in?next=%2Fconsole%2F")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    assert path.read_bytes()[:8] == PNG_SIGNATURE and path.stat().st_size > 5_000


def test_sign_in_and_the_dashboard_puts_overdue_spills_first(tab: Page, console_url: str, console_db):
    _, seeded = console_db
    sign_in(tab, console_url, "vic")
    rows = tab.locator("table.records").first.locator("tbody tr")
    expect(rows.first).to_have_class("overdue")
    expect(rows.first).to_contain_text(seeded.texting_spill)
    expect(rows.first).to_contain_text("over an hour")
    expect(tab.locator("main")).not_to_contain_text(seeded.inglewood_spill)
    stylesheet = tab.evaluate("getComputedStyle(document.querySelector('tr.overdue')).backgroundColor")
    assert stylesheet == "rgb(255, 241, 214)"  # the style sheet loaded under the CSP
    screenshot(tab, "console-dashboard.png")
    tab.set_viewport_size(TABLET)
    screenshot(tab, "console-dashboard-tablet.png")


def test_a_city_scoped_list_and_a_filter(tab: Page, console_url: str, console_db):
    _, seeded = console_db
    sign_in(tab, console_url, "vic")
    tab.get_by_role("navigation", name="Console").get_by_role("link", name="Spill reports").click()
    table = tab.locator("#records")
    for reference in [*seeded.victorville_spills, seeded.texting_spill]:
        expect(table).to_contain_text(reference)
    expect(table).not_to_contain_text(seeded.inglewood_spill)
    expect(tab.locator("#total")).to_contain_text("4 spill reports match")
    tab.get_by_label("Search").fill("forrest")
    tab.get_by_role("button", name="Filter").click()
    expect(tab).to_have_url(f"{console_url}/console/spills?status=&work_status=&from=&to=&q=forrest")
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table).to_contain_text(seeded.texting_spill)
    expect(tab.locator("#total")).to_contain_text("1 spill report matches")
    screenshot(tab, "console-list.png")


def test_a_status_change_that_texts_the_reporter(tab: Page, console_url: str, console_db):
    engine, seeded = console_db
    sign_in(tab, console_url, "vic")
    tab.goto(f"{console_url}/console/spills/{seeded.texting_spill}")
    crew = tab.locator("form.transition").filter(has=tab.get_by_role("heading", name="Crew on the way"))
    expect(crew.get_by_label("Text", exact=True)).to_have_value(
        f"City of Victorville: a crew is on the way for your spill report {seeded.texting_spill}."
    )
    crew.get_by_label("Note").fill("Vactor truck dispatched")
    crew.get_by_label("Text the reporter at +17605550123").check()
    crew.get_by_role("button", name="Crew on the way").click()
    expect(tab.locator("#done")).to_have_text("Status changed; the text to the reporter is queued.")
    expect(tab.locator("#work-status")).to_have_text("In progress")
    expect(tab.locator("#audit")).to_contain_text("Vactor truck dispatched")
    [event] = [e for e in status_events(engine) if e["reference"] == seeded.texting_spill]
    assert event["payload"] == {
        "to": "+17605550123",
        "text": f"City of Victorville: a crew is on the way for your spill report {seeded.texting_spill}.",
        "language": "en",  # the reporter's language: the worker texts them in it
    }
    assert event["dispatched_at"] is None  # committed for the worker to deliver
    screenshot(tab, "console-status.png")

    # One pass of the worker's outbox delivers it to the fake Twilio (the worker is tested in tests/worker).
    mailer = RecordingMailer()
    with FakeTwilioApi() as twilio:
        sms_client = Client(ACCOUNT_SID, AUTH_TOKEN, http_client=twilio.http_client())
        run_once(engine, TWILIO_SETTINGS, sms_client=sms_client, mailer=mailer, now=NOW)
    texts = [request.form for request in twilio.requests if request.method == "POST"]
    assert [(text["To"], text["Body"]) for text in texts] == [(["+17605550123"], [event["payload"]["text"]])]
    assert mailer.sent == []  # no recipients are configured: the staff notifications stay unsent


def test_a_csv_download_matches_the_database(tab: Page, console_url: str, console_db, tmp_path):
    engine, _ = console_db
    sign_in(tab, console_url, "vic")
    tab.goto(f"{console_url}/console/spills?q=bear")
    with tab.expect_download() as download_info:
        tab.locator("#export").click()
    download = download_info.value
    assert download.suggested_filename.startswith("spills-") and download.suggested_filename.endswith(".csv")
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    rows = csv_rows(target.read_text(encoding="utf-8"))
    expected = list(
        work.all_matching(
            engine, "spill_reports", filters_from_query(VIEWS["spills"], {"q": "bear"}, ("victorville",))
        )
    )
    assert len(rows) == len(expected) == 3
    assert [(row["reference"], row["location_text"], row["city"]) for row in rows] == [
        (record["reference"], record["location_text"], record["city"]) for record in expected
    ]


def test_the_unanswered_questions_page(tab: Page, console_url: str):
    sign_in(tab, console_url, "vic")
    tab.get_by_role("link", name="Unanswered questions").click()
    table = tab.locator("#unanswered")
    expect(table.locator("tbody tr")).to_have_count(2)
    bacon = table.locator("tbody tr").filter(has_text="bacon grease")
    expect(bacon.locator("td.num")).to_have_text("2")
    expect(bacon).to_contain_text("Not covered")
    expect(table).to_contain_text("Low confidence")
    screenshot(tab, "console-unanswered.png")


def test_a_victorville_user_is_denied_an_inglewood_record_by_url(tab: Page, console_url: str, console_db):
    _, seeded = console_db
    sign_in(tab, console_url, "vic")
    response = tab.goto(f"{console_url}/console/spills/{seeded.inglewood_spill}")
    assert response is not None and response.status == 403
    expect(tab.get_by_role("alert")).to_contain_text("belongs to a city your account does not cover")
    screenshot(tab, "console-denied.png")
    tab.context.clear_cookies()
    sign_in(tab, console_url, "ing")
    response = tab.goto(f"{console_url}/console/spills/{seeded.inglewood_spill}")
    assert response is not None and response.status == 200


def test_a_post_without_the_csrf_token_is_refused(tab: Page, console_url: str, console_db):
    engine, seeded = console_db
    sign_in(tab, console_url, "vic")
    reference = seeded.victorville_spills[1]
    response = tab.context.request.post(
        f"{console_url}/console/spills/{reference}/status",
        form={"to": "closed", "note": "forged", "text_reporter": "yes", "text": "forged"},
    )
    assert response.status == 403
    assert "did not come from the console" in response.text()
    assert work.get_record(engine, "spill_reports", reference)["work_status"] == "new"
    tab.reload()  # the session still works: the refusal changed nothing
    expect(tab.get_by_role("heading", name="Dashboard")).to_be_visible()
