"""The chat API and health check through TestClient, with Rasa replaced by an in-process fake transport."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config import Settings
from web.app import MAX_API_BODY_BYTES, create_app
from web.deps import get_rasa
from web.rasa_client import RasaClient
from web.sessions import COOKIE_NAME, rasa_sender

RASA = "http://rasa.test:5005"
TOKEN = "A" * 43  # the shape of a conversation cookie the server issued
SENDER = rasa_sender(TOKEN)
HI = "Hi."
GREEN = 'Victorville Municipal Code § 6.37.020 ("Green container")'
FEES = "Inglewood FOG Ordinance, Fees (2)"

Handler = Callable[[httpx.Request], httpx.Response]


class FakeRasaTransport:
    """Answers like Rasa's REST channel (or fails as told) and keeps every request it got."""

    def __init__(self, answer: Handler | None = None) -> None:
        self.requests: list[httpx.Request] = []
        self.answer = answer or (
            lambda request: httpx.Response(200, json=[{"recipient_id": "x", "text": HI}])
        )

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.answer(request)

    @property
    def posted(self) -> list[dict]:
        return [json.loads(request.content) for request in self.requests if request.method == "POST"]


@pytest.fixture
def rasa() -> FakeRasaTransport:
    return FakeRasaTransport()


@pytest.fixture
def client(rasa: FakeRasaTransport, tmp_path) -> Iterator[TestClient]:
    settings = Settings(
        mode="test",
        rasa_url=RASA,
        rasa_timeout_seconds=7,
        action_server_url="http://actions.test:5055/webhook",
        run_dir=str(tmp_path),
    )
    app = create_app(settings)
    http = httpx.AsyncClient(transport=httpx.MockTransport(rasa))
    app.dependency_overrides[get_rasa] = lambda: RasaClient(http, RASA, 7.0)
    with TestClient(app) as test_client:
        test_client.cookies.set(COOKIE_NAME, TOKEN, path="/api/")
        yield test_client


def chat(client: TestClient, **body: object) -> httpx.Response:
    return client.post("/api/chat", json=body)


def raising(error: Exception) -> Handler:
    def answer(request: httpx.Request) -> httpx.Response:
        raise error

    return answer


# --- forwarding to Rasa ---------------------------------------------------------------------------------


def test_message_is_posted_to_the_rest_webhook_as_a_web_conversation(client, rasa):
    response = chat(client, message="  Where do banana peels go?  ")

    assert response.status_code == 200
    assert response.json() == {"messages": [{"text": "Hi.", "quick_replies": [], "citation": None}]}
    assert [str(request.url) for request in rasa.requests] == [f"{RASA}/webhooks/rest/webhook"]
    assert rasa.posted == [
        {"sender": SENDER, "message": "Where do banana peels go?", "metadata": {"channel": "web"}}
    ]


def test_selected_city_travels_as_metadata_with_each_message(client, rasa):
    chat(client, message="How often must I pump?", city="Inglewood")

    assert rasa.posted == [
        {
            "sender": SENDER,
            "message": "How often must I pump?",
            "metadata": {"channel": "web", "city": "inglewood"},
        }
    ]


def test_choosing_a_city_sends_the_inform_city_intent_once(client, rasa):
    rasa.answer = lambda request: httpx.Response(
        200, json=[{"recipient_id": SENDER, "text": "Got it: I'll use Victorville's rules."}]
    )

    response = chat(client, city="victorville")

    assert response.json()["messages"][0]["text"] == "Got it: I'll use Victorville's rules."
    assert rasa.posted == [
        {
            "sender": SENDER,
            "message": '/inform_city{"city": "victorville"}',
            "metadata": {"channel": "web", "city": "victorville"},
        }
    ]


def test_typed_intent_shortcuts_reach_rasa_as_plain_text(client, rasa):
    chat(client, message=" //restart")

    assert rasa.posted[0]["message"] == "restart"


def test_each_request_waits_for_rasa_no_longer_than_configured(client, rasa):
    chat(client, message="hello")

    assert rasa.requests[0].extensions["timeout"] == {"connect": 3.0, "read": 7.0, "write": 7.0, "pool": 7.0}


def test_rasa_replies_are_reduced_to_text_quick_replies_and_citations(client, rasa):
    reply = [
        {"recipient_id": SENDER, "text": "Which item?"},
        {"recipient_id": SENDER, "text": "Pick one", "buttons": [{"title": "Pizza box", "payload": "/x"}]},
        {"recipient_id": SENDER, "custom": {"quick_replies": ["Banana peels", {"title": "Yard"}, 7, ""]}},
        {"recipient_id": SENDER, "custom": {"citation": GREEN}},
        {"recipient_id": SENDER, "custom": {"citation": {"source": FEES, "quote": "Q"}}},
        {"recipient_id": SENDER, "image": "https://example.org/cat.png"},
        {"recipient_id": SENDER, "custom": {"unknown": 1}},
        {"recipient_id": SENDER, "text": "   "},
        "not a message",
    ]
    rasa.answer = lambda request: httpx.Response(200, json=reply)

    messages = chat(client, message="which bin").json()["messages"]

    assert messages == [
        {"text": "Which item?", "quick_replies": [], "citation": None},
        {"text": "Pick one", "quick_replies": ["Pizza box"], "citation": None},
        {"text": None, "quick_replies": ["Banana peels", "Yard"], "citation": None},
        {
            "text": None,
            "quick_replies": [],
            "citation": {"source": GREEN, "quote": None},
        },
        {
            "text": None,
            "quick_replies": [],
            "citation": {"source": FEES, "quote": "Q"},
        },
    ]


def test_bot_text_with_markup_is_passed_on_unchanged_for_the_page_to_show_as_text(client, rasa):
    markup = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    rasa.answer = lambda request: httpx.Response(200, json=[{"recipient_id": SENDER, "text": markup}])

    response = chat(client, message="hi")

    assert response.json()["messages"][0]["text"] == markup
    assert response.headers["content-type"] == "application/json"


# --- what the API refuses -------------------------------------------------------------------------------


@pytest.mark.parametrize("message", ["", "   ", "\n\t", "/", " // "])
def test_an_empty_message_gets_422_with_a_sentence_and_never_reaches_rasa(client, rasa, message):
    response = chat(client, message=message)

    assert response.status_code == 422
    assert response.json() == {
        "detail": "Your message is empty. Type a question, for example: Which bin do banana peels go in?"
    }
    assert rasa.requests == []


def test_a_message_of_exactly_2000_characters_is_accepted(client, rasa):
    assert chat(client, message="a" * 2000).status_code == 200
    assert len(rasa.posted[0]["message"]) == 2000


def test_a_message_of_2001_characters_gets_413_with_a_sentence(client, rasa):
    response = chat(client, message="a" * 2001)

    assert response.status_code == 413
    assert response.json() == {
        "detail": "Your message is 2,001 characters long. Please shorten it to 2,000 characters or fewer "
        "and send it again."
    }
    assert rasa.requests == []


def test_characters_are_counted_not_bytes(client, rasa):
    assert chat(client, message="é" * 2000).status_code == 200


def test_a_body_far_over_the_limit_is_refused_before_it_is_read(client, rasa):
    body = json.dumps({"message": "a" * MAX_API_BODY_BYTES}).encode()

    response = client.post("/api/chat", content=body, headers={"Content-Type": "application/json"})

    assert response.status_code == 413
    assert "shorten it to 2,000 characters" in response.json()["detail"]
    assert rasa.requests == []


def test_a_first_message_gets_a_new_unguessable_conversation_in_an_httponly_cookie(client, rasa):
    client.cookies.clear()
    first = client.post("/api/chat", json={"message": "hi"})
    issued = first.cookies.get(COOKIE_NAME)
    cookie = first.headers["set-cookie"]
    assert first.status_code == 200 and issued and len(issued) == 43 and issued != TOKEN
    assert (
        "HttpOnly" in cookie
        and "SameSite=strict" in cookie.replace("Strict", "strict")
        and "Path=/api/" in cookie
    )
    assert rasa.posted[0]["sender"] == rasa_sender(issued) and issued not in rasa.posted[0]["sender"]
    client.cookies.set(COOKIE_NAME, issued, path="/api/")
    second = client.post("/api/chat", json={"message": "and then?"})
    assert "set-cookie" not in second.headers  # the same conversation goes on
    assert rasa.posted[1]["sender"] == rasa.posted[0]["sender"]


def test_the_page_cannot_choose_its_conversation(client, rasa):
    client.post("/api/chat", json={"session": "someone-elses-session-id-1234", "message": "hi"})
    assert rasa.posted[0]["sender"] == SENDER  # a session in the body is ignored: the cookie decides


@pytest.mark.parametrize("forged", ["", "short", "x" * 44, "../../" + "a" * 37, "<script>" + "a" * 35])
def test_a_cookie_the_server_did_not_issue_is_replaced(client, rasa, forged):
    client.cookies.set(COOKIE_NAME, forged, path="/api/")
    response = client.post("/api/chat", json={"message": "hi"})
    issued = response.cookies.get(COOKIE_NAME)
    assert response.status_code == 200 and issued and issued != forged
    assert rasa.posted[0]["sender"] == rasa_sender(issued)


def test_a_request_from_another_sites_page_is_refused(client, rasa):
    response = client.post("/api/chat", json={"message": "hi"}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and rasa.requests == []
    same = client.post("/api/chat", json={"message": "hi"}, headers={"Origin": "http://testserver"})
    assert same.status_code == 200


def test_a_city_other_than_the_two_gets_422(client, rasa):
    response = chat(client, city="Fontana")

    assert response.status_code == 422
    assert response.json() == {
        "detail": "The city must be Victorville or Inglewood (got 'Fontana'). Choose one from the list."
    }
    assert rasa.requests == []


def test_neither_message_nor_city_gets_422(client, rasa):
    response = chat(client)

    assert response.status_code == 422
    assert response.json() == {"detail": "Type a question or choose your city, then send it."}


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b"not json", "JSON decode error"),
        (b'{"message": 12}', "body.message: Input should be a valid string"),
    ],
)
def test_unreadable_requests_get_422_with_a_sentence_and_the_problem(client, rasa, body, problem):
    response = client.post("/api/chat", content=body, headers={"Content-Type": "application/json"})

    assert response.status_code == 422
    detail = response.json()["detail"]
    assert detail.startswith("The chat request was not understood: send JSON like")
    assert problem in detail
    assert rasa.requests == []


# --- when Rasa fails --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        raising(httpx.ConnectError("connection refused")),
        raising(httpx.ConnectTimeout("connect timed out")),
        lambda request: httpx.Response(503, text="loading"),
    ],
    ids=["refused", "connect-timeout", "rasa-503"],
)
def test_rasa_down_gives_503_with_a_sentence_the_page_shows(client, rasa, answer):
    rasa.answer = answer

    response = chat(client, message="Where do banana peels go?")

    assert response.status_code == 503
    assert response.json() == {
        "detail": "The assistant can't be reached right now. Your message is kept and will be sent soon."
    }


def test_rasa_too_slow_gives_504(client, rasa):
    rasa.answer = raising(httpx.ReadTimeout("read timed out"))

    response = chat(client, message="hi")

    assert response.status_code == 504
    assert response.json()["detail"].startswith("The assistant is taking too long to answer.")


@pytest.mark.parametrize(
    "answer",
    [
        lambda request: httpx.Response(500, text="Traceback …"),
        lambda request: httpx.Response(200, text="<html>not json</html>"),
        lambda request: httpx.Response(200, json={"text": "a dict, not a list"}),
    ],
    ids=["rasa-500", "not-json", "not-a-list"],
)
def test_broken_rasa_answers_give_502_without_leaking_them(client, rasa, answer):
    rasa.answer = answer

    response = chat(client, message="hi")

    assert response.status_code == 502
    assert response.json() == {
        "detail": "The assistant had a problem answering that. Please try again, or rephrase your question."
    }


# --- health -----------------------------------------------------------------------------------------------


def test_health_reports_every_part_up_when_they_all_answer(client, rasa, tmp_path):
    rasa.answer = lambda request: httpx.Response(200, text="Hello from Rasa: 3.6.21")
    (tmp_path / "worker.heartbeat").write_text(f"{time.time()}\n")  # as the worker beats: its own clock

    response = client.get("/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "rasa": "up", "actions": "up", "worker": "up"}
    assert [str(request.url) for request in rasa.requests] == [f"{RASA}/", "http://actions.test:5055/health"]


@pytest.mark.parametrize(
    "answer",
    [raising(httpx.ConnectError("refused")), lambda request: httpx.Response(500)],
    ids=["refused", "rasa-500"],
)
def test_health_says_which_part_is_down(client, rasa, answer, tmp_path):
    rasa.answer = answer

    response = client.get("/health")

    assert response.status_code == 200  # the web app itself answers, with a sentence for residents
    assert response.json() == {"status": "degraded", "rasa": "down", "actions": "down", "worker": "down"}


def test_a_stale_worker_heartbeat_is_down(client, rasa, tmp_path):
    import time

    rasa.answer = lambda request: httpx.Response(200, text="Hello from Rasa: 3.6.21")
    (tmp_path / "worker.heartbeat").write_text(f"{time.time() - 120}\n")
    assert client.get("/health").json() == {
        "status": "degraded",
        "rasa": "up",
        "actions": "up",
        "worker": "down",
    }


# --- the page ---------------------------------------------------------------------------------------------


def test_the_page_and_its_assets_are_served_with_a_strict_content_security_policy(client):
    page = client.get("/")
    script = client.get("/static/chat.js")
    style = client.get("/static/chat.css")

    assert page.status_code == script.status_code == style.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert '<html lang="en">' in page.text
    assert 'role="log"' in page.text and 'aria-live="polite"' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "default-src 'none';" in policy
    assert "unsafe-inline" not in policy
    assert page.headers["x-content-type-options"] == "nosniff"


def test_the_page_script_never_parses_text_as_html(client):
    script = client.get("/static/chat.js").text
    code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("//"))

    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in code, sink
    assert "textContent" in code


def test_the_page_loads_nothing_from_other_origins(client):
    page = client.get("/").text

    assert "http://" not in page and "https://" not in page


def test_a_chunked_body_without_content_length_is_cut_off_at_the_limit(client, rasa):
    def chunks():
        yield b'{"message": "'
        for _ in range(40):
            yield b"b" * 1024  # 40 KB, never declared
        yield b'"}'

    response = client.post("/api/chat", content=chunks(), headers={"Content-Type": "application/json"})

    assert response.status_code == 413
    assert "shorten it to 2,000 characters" in response.json()["detail"]
    assert rasa.requests == []


def test_a_content_length_that_understates_the_body_does_not_get_past(client, rasa):
    body = json.dumps({"message": "a" * (MAX_API_BODY_BYTES + 10)}).encode()
    response = client.post(
        "/api/chat", content=body, headers={"Content-Type": "application/json", "Content-Length": "100"}
    )
    assert response.status_code in (400, 413, 422)
    assert rasa.requests == []


def test_when_rasa_answers_nothing_the_page_gets_a_sentence_not_silence():
    rasa = FakeRasaTransport(lambda request: httpx.Response(200, json=[]))
    app = create_app(Settings(mode="test", rasa_url=RASA, rasa_timeout_seconds=7))
    http = httpx.AsyncClient(transport=httpx.MockTransport(rasa))
    app.dependency_overrides[get_rasa] = lambda: RasaClient(http, RASA, 7.0)
    with TestClient(app) as client:
        response = client.post("/api/chat", json={"message": "hello?"})
    assert response.status_code == 502
    assert response.json()["detail"].startswith("The assistant had a problem answering that")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3000),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)


FUZZ = {"deadline": None, "suppress_health_check": [HealthCheck.function_scoped_fixture]}


@settings(max_examples=150, **FUZZ)
@given(
    body=st.one_of(json_values, st.dictionaries(st.sampled_from(["message", "city", "session"]), json_values))
)
def test_any_json_body_gets_an_answer_or_a_sentence_never_a_500(client, rasa, body):
    response = client.post("/api/chat", json=body)
    assert response.status_code in (200, 413, 422), (body, response.status_code)
    if response.status_code != 200:
        assert isinstance(response.json()["detail"], str)


@settings(max_examples=60, **FUZZ)
@given(raw=st.binary(max_size=20_000))
def test_any_bytes_get_an_answer_or_a_sentence_never_a_500(client, rasa, raw):
    response = client.post("/api/chat", content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code in (200, 400, 413, 422)
    if response.status_code != 200:
        assert isinstance(response.json()["detail"], str)
