"""Web chat conversations: the id is issued by the server, unguessable, and held in an HttpOnly cookie.

The page never chooses or sees its conversation id, so nobody can continue someone else's conversation by
naming it. Rasa knows the conversation by a hash of the cookie (``web-`` + 40 hex digits), so the tracker
store never holds the cookie itself. The cookie is ``SameSite=Strict`` (another site's page cannot send it)
and ``Secure`` whenever the app is served over https.
"""

from __future__ import annotations

import hashlib
import re
import secrets

COOKIE_NAME = "fog_chat"
SENDER_PREFIX = "web-"  # keeps web conversations apart from SMS (phone numbers) and voice senders in Rasa
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def new_token() -> str:
    """A fresh conversation token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def is_token(value: str | None) -> bool:
    return bool(value) and bool(_TOKEN.fullmatch(value))


def rasa_sender(token: str) -> str:
    """The Rasa sender id of a web conversation: never the token itself."""
    return SENDER_PREFIX + hashlib.sha256(token.encode()).hexdigest()[:40]
