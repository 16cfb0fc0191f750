"""``POST /api/chat``: one turn of the residents' chat, relayed to Rasa's REST channel.

A request with a ``message`` sends it (with the page's selected city as metadata). A request with only a
``city`` is the resident choosing a city in the selector: Rasa is told once, with the same intent a typed
"I'm in Victorville" gets, and its confirmation (or the answer to a question that was waiting for the city)
comes back.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from web.bot_messages import BotMessage, bot_messages
from web.chat_input import (
    ChatInputError,
    checked_city,
    checked_message,
    checked_session,
    city_choice_message,
    rasa_sender,
)
from web.deps import RasaDep
from web.rasa_client import RasaFailed, RasaTimeout, RasaUnavailable

router = APIRouter(prefix="/api", tags=["chat"])

NOTHING_TO_SEND = "Type a question or choose your city, then send it."
RASA_UNAVAILABLE = "The assistant can't be reached right now. Your message is kept and will be sent soon."
RASA_TIMEOUT = "The assistant is taking too long to answer. Please wait a moment and send your message again."
RASA_FAILED = "The assistant had a problem answering that. Please try again, or rephrase your question."


class ChatRequest(BaseModel):
    session: str
    message: str | None = None
    city: str | None = None


class ChatReply(BaseModel):
    messages: list[BotMessage]


@router.post("/chat")
async def chat(request: ChatRequest, rasa: RasaDep) -> ChatReply:
    try:
        session = checked_session(request.session)
        city = checked_city(request.city) if request.city is not None else None
        message = checked_message(request.message) if request.message is not None else None
    except ChatInputError as error:
        raise HTTPException(error.status, error.sentence) from error
    if message is None and city is None:
        raise HTTPException(422, NOTHING_TO_SEND)

    metadata = {"channel": "web"} | ({"city": city} if city else {})
    text = message if message is not None else city_choice_message(city)
    try:
        reply = await rasa.send(rasa_sender(session), text, metadata)
    except RasaUnavailable as error:
        raise HTTPException(503, RASA_UNAVAILABLE) from error
    except RasaTimeout as error:
        raise HTTPException(504, RASA_TIMEOUT) from error
    except RasaFailed as error:
        raise HTTPException(502, RASA_FAILED) from error
    return ChatReply(messages=bot_messages(reply))
