"""Drafted documents reach the user: signed, expiring links (documents/links.py), served by
``GET /documents/{token}``, sent in the SMS reply, shown in the web chat, and texted to a caller through
the outbox."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from itsdangerous import URLSafeTimedSerializer
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

import store
from config import Settings
from documents import links
from store.schema import outbox_events
from web.app import create_app
from web.deps import get_now
from web.routes.documents import get_documents_dir

SECRET = "test-secret-key-that-is-long-enough-0123456789"
NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)
HOURS = dt.timedelta(hours=72)
NAME = "SP-482137-notice.pdf"
PDF = b"%PDF-1.4 drafted notice\n%%EOF"


# documents.links


def test_a_signed_name_verifies_until_it_expires():
    token = links.sign_document(NAME, secret_key=SECRET, now=NOW)

    assert links.verify_document(token, secret_key=SECRET, max_age=HOURS, now=NOW) == NAME
    just_in_time = NOW + HOURS
    assert links.verify_document(token, secret_key=SECRET, max_age=HOURS, now=just_in_time) == NAME
    with pytest.raises(links.ExpiredLink):
        links.verify_document(
            token, secret_key=SECRET, max_age=HOURS, now=just_in_time + dt.timedelta(seconds=1)
        )


def test_a_tampered_token_another_key_or_another_purpose_is_invalid():
    token = links.sign_document(NAME, secret_key=SECRET, now=NOW)
    tampered = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    other_purpose = links.sign_document(NAME, secret_key=SECRET, purpose="console-export", now=NOW)

    for bad, secret in ((tampered, SECRET), (token, SECRET + "x"), (other_purpose, SECRET), ("junk", SECRET)):
        with pytest.raises(links.InvalidLink) as raised:
            links.verify_document(bad, secret_key=secret, max_age=HOURS, now=NOW)
        assert not isinstance(raised.value, links.ExpiredLink)


@pytest.mark.parametrize("name", ["../assistant.db", "a/b.pdf", "notice.txt", ".pdf", "x" * 90 + ".pdf", ""])
def test_only_plain_pdf_names_are_signed(name):
    with pytest.raises(ValueError, match="not a document file name"):
        links.sign_document(name, secret_key=SECRET, now=NOW)


def test_a_token_we_signed_for_a_path_is_still_refused(tmp_path):
    serializer = URLSafeTimedSerializer(SECRET, salt="fog-assistant.documents.document-link")
    token = serializer.dumps("../secret.pdf")  # as if the signing side had a bug
    (tmp_path.parent / "secret.pdf").write_bytes(PDF)

    with pytest.raises(links.InvalidLink, match="names no document"):
        links.open_link(token, secret_key=SECRET, max_age=HOURS, folder=tmp_path)


def test_open_link_needs_the_file_inside_the_folder(tmp_path):
    folder = tmp_path / "documents"
    folder.mkdir()
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(PDF)
    (folder / "SP-000001-notice.pdf").symlink_to(outside)
    (folder / NAME).write_bytes(PDF)

    def opened(name):
        token = links.sign_document(name, secret_key=SECRET, now=NOW)
        return links.open_link(token, secret_key=SECRET, max_age=HOURS, folder=folder, now=NOW)

    assert opened(NAME) == (folder / NAME).resolve()
    with pytest.raises(links.InvalidLink, match="no longer available"):
        opened("SP-999999-notice.pdf")  # never written, or erased
    with pytest.raises(links.InvalidLink, match="no longer available"):
        opened("SP-000001-notice.pdf")  # a link out of the folder


def test_document_url_joins_the_public_address():
    url = links.document_url("https://assistant.example.org/", NAME, secret_key=SECRET, now=NOW)
    assert url.startswith("https://assistant.example.org/documents/")
    token = url.rsplit("/", 1)[1]
    assert links.verify_document(token, secret_key=SECRET, max_age=HOURS, now=NOW) == NAME


# GET /documents/{token}


@pytest.fixture
def folder(tmp_path) -> Path:
    (tmp_path / NAME).write_bytes(PDF)
    return tmp_path


@pytest.fixture
def clock() -> dict[str, dt.datetime]:
    return {"now": NOW}


@pytest.fixture
def client(folder, clock) -> Iterator[TestClient]:
    app = create_app(Settings(secret_key=SECRET, document_link_hours=72))
    app.dependency_overrides[get_documents_dir] = lambda: folder
    app.dependency_overrides[get_now] = lambda: clock["now"]
    with TestClient(app) as test_client:
        yield test_client


def test_a_valid_link_serves_the_pdf_as_an_attachment(client):
    token = links.sign_document(NAME, secret_key=SECRET, now=NOW)

    response = client.get(f"/documents/{token}")

    assert response.status_code == 200
    assert response.content == PDF
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"] == f'attachment; filename="{NAME}"'
    assert response.headers["cache-control"] == "private, no-store"
    assert response.headers["x-robots-tag"] == "noindex, nofollow"


def test_an_expired_link_is_gone_and_says_how_to_get_a_new_one(client, clock):
    token = links.sign_document(NAME, secret_key=SECRET, now=NOW)
    clock["now"] = NOW + dt.timedelta(hours=73)

    response = client.get(f"/documents/{token}")

    assert response.status_code == 410
    assert "expired" in response.text and "new link" in response.text


@pytest.mark.parametrize(
    "path",
    [
        "/documents/not-a-token",
        "/documents/..%2F..%2Fassistant.db",
        "/documents/"
        + links.sign_document(NAME, secret_key="another-deployments-secret-key-xxxxxxxx", now=NOW),
        "/documents/" + links.sign_document("SP-111111-notice.pdf", secret_key=SECRET, now=NOW),
    ],
)
def test_a_bad_tampered_or_missing_document_is_not_found(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "%PDF" not in response.text


# The replies that offer the documents (actions/spill.py, actions/permits.py)


def make_tracker(*, channel: str, sender: str, slots: dict | None = None, text: str = "yes") -> Tracker:
    input_channel = {"sms": "twilio_sms", "voice": "twilio_voice"}.get(channel, "rest")
    return Tracker.from_dict(
        {
            "sender_id": sender,
            "slots": dict(slots or {}),
            "latest_message": {"text": text, "intent": {"name": "affirm"}, "metadata": {"channel": channel}},
            "events": [
                {"event": "user", "text": text, "timestamp": NOW.timestamp(), "input_channel": input_channel}
            ],
            "paused": False,
            "followup_action": None,
            "active_loop": {},
            "latest_action_name": "action_listen",
        }
    )


def say(action, tracker: Tracker) -> str:
    dispatcher = CollectingDispatcher()
    asyncio.run(action.run(dispatcher, tracker, {}))
    return " ".join(message["text"] for message in dispatcher.messages if message.get("text"))


@pytest.fixture
def actions_world(engine, tmp_path, monkeypatch):
    """The actions' database, clock, settings and documents folder, as the action server has them."""
    from actions import permits, runtime, spill

    settings = Settings(secret_key=SECRET, web_public_url="https://assistant.example.org")
    monkeypatch.setattr(runtime, "engine", lambda: engine)
    monkeypatch.setattr(runtime, "settings", lambda: settings)
    monkeypatch.setattr(runtime, "clock_offset", lambda: dt.timedelta(0))
    monkeypatch.setattr(spill, "DOCUMENTS_DIR", tmp_path)
    monkeypatch.setattr(permits, "DOCUMENTS_DIR", tmp_path)
    return engine, tmp_path


def _submitted_spill(engine, *, channel, sender):
    answers = {"city": "inglewood", "what_spilling": "grease", "started_at": "2026-12-01T08:00-08:00"}
    record = store.spills.create_partial(
        engine,
        conversation_id=sender,
        channel=channel,
        city="inglewood",
        details={"answers": answers},
        now=NOW,
    )
    store.spills.submit(engine, record["reference"], now=NOW)
    return record["reference"]


def _link_in(text: str) -> str:
    start = text.index("https://assistant.example.org/documents/")
    return text[start:].split()[0]


def _served(link: str, folder: Path) -> bytes:
    token = link.rsplit("/", 1)[1]
    return links.open_link(token, secret_key=SECRET, max_age=HOURS, folder=folder, now=NOW).read_bytes()


def _events(engine):
    with engine.connect() as connection:
        return (
            connection.execute(sa.select(outbox_events).where(outbox_events.c.kind == "document_link"))
            .mappings()
            .all()
        )


def test_a_texter_gets_the_drafted_notice_as_a_link_in_the_reply(actions_world):
    from actions.spill import ActionSpillNotice

    engine, folder = actions_world
    reference = _submitted_spill(engine, channel="sms", sender="+13105550100")

    text = say(
        ActionSpillNotice(),
        make_tracker(channel="sms", sender="+13105550100", slots={"spill_reference": reference}),
    )

    assert f"The drafted notice for {reference} is ready" in text
    assert "the link works for 72 hours" in text
    assert text.endswith(_link_in(text))  # nothing after the link, so no punctuation joins it
    assert _served(_link_in(text), folder).startswith(b"%PDF")
    assert _events(engine) == []


def test_the_web_chat_shows_the_notice_and_links_the_pdf(actions_world):
    from actions.spill import ActionSpillNotice

    engine, folder = actions_world
    reference = _submitted_spill(engine, channel="web", sender="web-abc")

    text = say(
        ActionSpillNotice(),
        make_tracker(channel="web", sender="web-abc", slots={"spill_reference": reference}),
    )

    assert "Written confirmation of spill notification" in text
    assert _served(_link_in(text), folder).startswith(b"%PDF")


def test_a_caller_is_told_a_link_will_be_texted_and_the_outbox_holds_it(actions_world):
    from actions.spill import ActionSpillNotice

    engine, folder = actions_world
    call_sid = "CA" + "5" * 32
    store.voice.start_call(
        engine, call_sid, from_number="+1 (310) 555-0177", to_number="+13105550199", now=NOW
    )
    reference = _submitted_spill(engine, channel="voice", sender=call_sid)

    text = say(
        ActionSpillNotice(),
        make_tracker(channel="voice", sender=call_sid, slots={"spill_reference": reference}),
    )

    assert text.endswith("I'll text you a link to it.")
    assert "https://" not in text  # nothing to read out
    [event] = _events(engine)
    assert (event["city"], event["reference"]) == ("inglewood", reference)
    assert event["payload"]["to"] == "+13105550177"
    assert event["payload"]["text"].startswith(
        f"Your drafted notice for {reference} (the link works for 72 hours): "
    )
    assert _served(_link_in(event["payload"]["text"]), folder).startswith(b"%PDF")


def test_a_caller_who_opted_out_or_withheld_the_number_gets_no_text(actions_world):
    from actions.spill import ActionSpillNotice

    engine, _ = actions_world
    opted_out, withheld = "CA" + "6" * 32, "CA" + "7" * 32
    store.voice.start_call(engine, opted_out, from_number="+13105550178", to_number="+13105550199", now=NOW)
    store.sms.opt_out(engine, "+13105550178", keyword="STOP", now=NOW)
    store.voice.start_call(engine, withheld, from_number="anonymous", to_number="+13105550199", now=NOW)

    replies = []
    for call_sid in (opted_out, withheld):
        reference = _submitted_spill(engine, channel="voice", sender=call_sid)
        tracker = make_tracker(channel="voice", sender=call_sid, slots={"spill_reference": reference})
        replies.append(say(ActionSpillNotice(), tracker))

    assert "opted out of our texts" in replies[0]
    assert "I can't text this number" in replies[1]
    assert _events(engine) == []


def test_a_permit_application_summary_link_comes_before_the_next_steps_in_a_text(actions_world):
    from actions.permits import ActionSubmitPermitApplication

    _, folder = actions_world
    slots = {
        "city": "inglewood",
        "business_name": "Taco Corner",
        "facility_address": "1 Market St, Inglewood",
        "applicant_name": "Ana",
        "applicant_phone": "(310) 555-0100",
    }

    text = say(
        ActionSubmitPermitApplication(), make_tracker(channel="sms", sender="+13105550100", slots=slots)
    )

    assert text.startswith("Your application is filed. Your reference number is PA-")
    link = _link_in(text)
    assert text.index(link) < text.index("What happens next")
    assert _served(link, folder).startswith(b"%PDF")


def test_the_public_address_of_links_is_checked():
    from config import SettingsError

    with pytest.raises(SettingsError, match="WEB_PUBLIC_URL"):
        Settings.from_env({"WEB_PUBLIC_URL": "assistant.example.org"})
    production = {
        "MODE": "production",
        "TWILIO_ACCOUNT_SID": "AC" + "1f" * 16,
        "TWILIO_AUTH_TOKEN": "a-real-looking-token-0123456789abcdef",
        "TWILIO_SMS_NUMBER": "+17605550100",
        "PUBLIC_BASE_URL": "https://fog.example.org",
        "SECRET_KEY": SECRET,
    }
    with pytest.raises(SettingsError, match="WEB_PUBLIC_URL must be an https"):
        Settings.from_env(production)  # the default http://localhost:8000
    assert Settings.from_env({**production, "WEB_PUBLIC_URL": "https://fog.example.org"}).web_public_url
