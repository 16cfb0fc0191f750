"""The chat API in Spanish: the page's language reaches Rasa as metadata, and the API's own sentences
(refusals, Rasa unreachable, ...) come back in it. Rasa is replaced by an in-process fake transport."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config import Settings
from languages.catalog import catalog
from languages.messages import messages_in_code
from web.app import create_app
from web.deps import get_rasa
from web.rasa_client import RasaClient
from web.sessions import COOKIE_NAME, rasa_sender

RASA = "http://rasa.test:5005"
TOKEN = "A" * 43
SENDER = rasa_sender(TOKEN)
HOLA = "Hola."
RASA_FAILED_ES = (
    "El asistente tuvo un problema al responder. Inténtelo de nuevo o haga su pregunta de otra forma."
)

Handler = Callable[[httpx.Request], httpx.Response]


class FakeRasaTransport:
    """Answers like Rasa's REST channel (or as told) and keeps every request it got."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []
        self.answer: Handler = lambda request: httpx.Response(200, json=[{"recipient_id": "x", "text": HOLA}])

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
    app = create_app(Settings(mode="test", rasa_url=RASA, rasa_timeout_seconds=7, run_dir=str(tmp_path)))
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


# --- the page's language reaches Rasa ---------------------------------------------------------------------


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_pages_language_reaches_rasa_as_metadata(client, rasa, language):
    response = chat(client, message="¿Dónde van las cáscaras de plátano?", language=language)

    assert response.status_code == 200
    assert response.json() == {"messages": [{"text": HOLA, "quick_replies": [], "citation": None}]}
    assert rasa.posted == [
        {
            "sender": SENDER,
            "message": "¿Dónde van las cáscaras de plátano?",
            "metadata": {"channel": "web", "language": language},
        }
    ]


def test_the_language_rides_along_with_the_city_and_the_city_choice(client, rasa):
    chat(client, city="victorville", language="es")
    chat(client, message="sí", city="victorville", language="es")

    assert rasa.posted == [
        {
            "sender": SENDER,
            "message": '/inform_city{"city": "victorville"}',
            "metadata": {"channel": "web", "city": "victorville", "language": "es"},
        },
        {
            "sender": SENDER,
            "message": "sí",
            "metadata": {"channel": "web", "city": "victorville", "language": "es"},
        },
    ]


def test_without_a_language_rasa_is_left_to_tell_it_from_the_text(client, rasa):
    chat(client, message="hola")

    assert rasa.posted[0]["metadata"] == {"channel": "web"}


# --- a language the page cannot have sent ---------------------------------------------------------------

BAD_LANGUAGE = (
    'The language must be "en" (English) or "es" (Spanish), got {shown}. '
    "Reload the page and choose one from the list."
)


@pytest.mark.parametrize("language", ["fr", "ES", "es-MX", "spanish", "", " es"])
def test_a_language_other_than_en_or_es_gets_422_with_a_sentence_and_never_reaches_rasa(
    client, rasa, language
):
    response = chat(client, message="hola", language=language)

    assert response.status_code == 422
    assert response.json() == {"detail": BAD_LANGUAGE.format(shown=repr(language))}
    assert rasa.requests == []


def test_a_very_long_language_is_shown_cut_short(client, rasa):
    response = chat(client, message="hola", language="x" * 500)

    assert response.status_code == 422
    assert response.json() == {"detail": BAD_LANGUAGE.format(shown=repr("x" * 80 + "…"))}


@pytest.mark.parametrize("language", [12, ["es"], {"code": "es"}, True])
def test_a_language_that_is_not_a_string_gets_422(client, rasa, language):
    response = chat(client, message="hola", language=language)

    assert response.status_code == 422
    assert "body.language" in response.json()["detail"]
    assert rasa.requests == []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(language=st.one_of(st.none(), st.text(max_size=20), st.integers(), st.booleans()))
def test_any_language_value_gets_an_answer_or_a_sentence_never_a_500(client, language):
    response = chat(client, message="hola", language=language)

    assert response.status_code in (200, 422)
    if response.status_code == 422:
        assert isinstance(response.json()["detail"], str) and response.json()["detail"]


# --- the API's own sentences in Spanish -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "sentence"),
    [
        (
            {"message": "  "},
            422,
            "Su mensaje está vacío. Escriba una pregunta, por ejemplo: "
            "¿En qué contenedor van las cáscaras de plátano?",
        ),
        (
            {"message": "a" * 2001},
            413,
            "Su mensaje tiene 2,001 caracteres. Acórtelo a 2,000 caracteres o menos y vuelva a enviarlo.",
        ),
        (
            {"city": "Fontana"},
            422,
            "La ciudad debe ser Victorville o Inglewood (se recibió 'Fontana'). Elija una de la lista.",
        ),
        ({}, 422, "Escriba una pregunta o elija su ciudad, y luego envíela."),
    ],
    ids=["empty", "too-long", "bad-city", "nothing"],
)
def test_refusals_are_written_in_spanish(client, rasa, body, status, sentence):
    response = chat(client, **body, language="es")

    assert response.status_code == status
    assert response.json() == {"detail": sentence}
    assert rasa.requests == []


@pytest.mark.parametrize(
    ("answer", "status", "sentence"),
    [
        (
            raising(httpx.ConnectError("connection refused")),
            503,
            "En este momento no se puede contactar al asistente. Su mensaje se guardó y se enviará pronto.",
        ),
        (
            raising(httpx.ReadTimeout("read timed out")),
            504,
            "El asistente está tardando demasiado en responder. "
            "Espere un momento y vuelva a enviar su mensaje.",
        ),
        (
            lambda request: httpx.Response(500, text="Traceback …"),
            502,
            RASA_FAILED_ES,
        ),
        (
            lambda request: httpx.Response(200, json=[]),
            502,
            RASA_FAILED_ES,
        ),
    ],
    ids=["rasa-down", "rasa-slow", "rasa-broken", "rasa-silent"],
)
def test_rasa_failures_are_explained_in_spanish(client, rasa, answer, status, sentence):
    rasa.answer = answer

    response = chat(client, message="hola", language="es")

    assert response.status_code == status
    assert response.json() == {"detail": sentence}


def test_a_request_from_another_site_is_refused_in_its_language(client, rasa):
    response = client.post(
        "/api/chat", json={"message": "hola", "language": "es"}, headers={"Origin": "https://evil.example"}
    )

    assert response.status_code == 403
    assert response.json() == {"detail": "Este chat solo acepta mensajes de su propia página."}
    assert rasa.requests == []


def test_english_pages_keep_the_english_sentences(client, rasa):
    rasa.answer = raising(httpx.ConnectError("connection refused"))

    assert chat(client, message=" ", language="en").json() == {
        "detail": "Your message is empty. Type a question, for example: Which bin do banana peels go in?"
    }
    assert chat(client, message="a" * 2001, language="en").json() == {
        "detail": "Your message is 2,001 characters long. Please shorten it to 2,000 characters or fewer "
        "and send it again."
    }
    assert chat(client, message="hi", language="en").json() == {
        "detail": "The assistant can't be reached right now. Your message is kept and will be sent soon."
    }


def test_every_sentence_the_chat_api_writes_has_a_spanish_text():
    spanish = catalog("es")
    marked = {
        message: where
        for message, where in messages_in_code().items()
        if where.startswith(("web/routes/chat.py", "web/chat_input.py"))
    }

    assert len(marked) >= 9  # 5 in the route, 4 in the input checks
    assert {message: where for message, where in marked.items() if message not in spanish} == {}
