"""``POST /api/chat``: one turn of the residents' chat, relayed to Rasa's REST channel.

The conversation is the one in the request's ``fog_chat`` cookie, issued here on the first message
(:mod:`web.sessions`); a request from another site's page (an ``Origin`` that is not ours) is refused.
A request with a ``message`` sends it (with the page's selected city as metadata). A request with only a
``city`` is the resident choosing a city in the selector: Rasa is told once, with the same intent a typed
"I'm in Victorville" gets, and its confirmation (or the answer to a question that was waiting for the city)
comes back.

The page's language (its English/Español switch) comes as ``language`` ("en" or "es"): it reaches Rasa as
metadata (the assistant's NLU takes it as the conversation's language when a message is too short to tell),
and this route's own sentences (refusals, Rasa unreachable, ...) are written in it.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel

import languages
from languages import N_, t
from web.bot_messages import BotMessage, bot_messages
from web.chat_input import (
    ChatInputError,
    checked_city,
    checked_language,
    checked_message,
    city_choice_message,
)
from web.deps import RasaDep
from web.rasa_client import RasaFailed, RasaTimeout, RasaUnavailable
from web.sessions import COOKIE_NAME, is_token, new_token, rasa_sender

router = APIRouter(prefix="/api", tags=["chat"])

NOTHING_TO_SEND = N_("Type a question or choose your city, then send it.")
RASA_UNAVAILABLE = N_("The assistant can't be reached right now. Your message is kept and will be sent soon.")
RASA_TIMEOUT = N_(
    "The assistant is taking too long to answer. Please wait a moment and send your message again."
)
RASA_FAILED = N_("The assistant had a problem answering that. Please try again, or rephrase your question.")


class ChatRequest(BaseModel):
    """What the page sends. The conversation is the cookie's, never a field of the body."""

    message: str | None = None
    city: str | None = None
    language: str | None = None  # "en" or "es", the page's switch; absent: Rasa tells from the text


class ChatReply(BaseModel):
    messages: list[BotMessage]


CROSS_SITE = N_("This chat only accepts messages from its own page.")


@router.post("/chat")
async def chat(request: ChatRequest, http: Request, response: Response, rasa: RasaDep) -> ChatReply:
    try:
        language = checked_language(request.language) if request.language is not None else None
    except ChatInputError as error:
        raise HTTPException(error.status, error.sentence) from error
    with languages.using(language or languages.ENGLISH):
        return await _turn(request, language, http, response, rasa)


async def _turn(
    request: ChatRequest, language: str | None, http: Request, response: Response, rasa: RasaDep
) -> ChatReply:
    """One turn, its sentences written in the page's language (the caller's ``languages.using``)."""
    origin = http.headers.get("origin")
    if origin is not None and origin.rstrip("/") != str(http.base_url).rstrip("/"):
        raise HTTPException(403, t(CROSS_SITE))
    token = http.cookies.get(COOKIE_NAME)
    if not is_token(token):
        token = new_token()
        response.set_cookie(
            COOKIE_NAME,
            token,
            httponly=True,
            samesite="strict",
            secure=http.url.scheme == "https" or http.headers.get("x-forwarded-proto") == "https",
            path="/api/",
        )
    try:
        city = checked_city(request.city) if request.city is not None else None
        message = checked_message(request.message) if request.message is not None else None
    except ChatInputError as error:
        raise HTTPException(error.status, error.sentence) from error
    if message is None and city is None:
        raise HTTPException(422, t(NOTHING_TO_SEND))

    metadata = (
        {"channel": "web"} | ({"city": city} if city else {}) | ({"language": language} if language else {})
    )
    text = message if message is not None else city_choice_message(city)
    try:
        reply = await rasa.send(rasa_sender(token), text, metadata)
    except RasaUnavailable as error:
        raise HTTPException(503, t(RASA_UNAVAILABLE)) from error
    except RasaTimeout as error:
        raise HTTPException(504, t(RASA_TIMEOUT)) from error
    except RasaFailed as error:
        raise HTTPException(502, t(RASA_FAILED)) from error
    messages = bot_messages(reply)
    if not messages:  # Rasa answered nothing (an action failed or timed out): say so rather than stay silent
        raise HTTPException(502, t(RASA_FAILED))
    return ChatReply(messages=messages)
