"""Twilio webhook authentication: rebuild the URL Twilio signed, and check ``X-Twilio-Signature``.

Twilio signs the exact URL configured on the phone number (scheme, host, path and query string)
followed by the POST parameters sorted by name, with HMAC-SHA1 keyed by the account's Auth Token.
Behind a proxy or tunnel the app sees a different scheme and host (``http://localhost:5005``), so the
URL is rebuilt from the configured public base URL, which wins over whatever the request says about
itself.

Only Auth Token (HMAC-SHA1) signatures are checked; twilio 9's optional SharedKey / HMAC-SHA256
webhook signing is not available in twilio 8.2.2 (Rasa's environment) and is not used here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

from twilio.request_validator import RequestValidator

SIGNATURE_HEADER = "X-Twilio-Signature"


def public_url(
    base_url: str | None,
    path: str,
    query: str = "",
    *,
    request_base_url: str | None = None,
) -> str:
    """The URL Twilio requested: ``base_url`` (else ``request_base_url``) + ``path`` + ``?query``.

    ``base_url`` is the configured public origin, optionally with a path prefix the proxy strips
    ("https://fog.example.org" or "https://example.org/assistant"); ``path`` is the path the app received.
    ``query`` is the raw query string, kept byte for byte (a single leading "?" is tolerated), because Twilio
    signs it as sent.
    """
    chosen = base_url or request_base_url
    if not chosen:
        raise ValueError("no base URL: configure the public base URL or pass the request's own base URL")
    parts = urlsplit(chosen)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(
            f"base URL must be http(s)://host[:port][/prefix] without query or fragment: {chosen!r}"
        )
    raw_query = query.removeprefix("?")
    url = chosen.rstrip("/") + "/" + path.lstrip("/")
    return f"{url}?{raw_query}" if raw_query else url


def is_valid_twilio_request(
    auth_token: str,
    url: str,
    params: Mapping[str, str | Sequence[str]],
    signature: str | None,
) -> bool:
    """Whether ``signature`` is Twilio's signature of ``url`` and the form ``params``. Never raises.

    A missing or empty signature or auth token is invalid. A parameter sent several times may be given as a
    list of its values (Twilio signs each value).
    """
    if not signature or not auth_token:
        return False
    try:
        return bool(RequestValidator(auth_token).validate(url, _MultiValueParams(params), signature))
    except Exception:
        return False


class _MultiValueParams(dict):
    """Gives RequestValidator the ``getlist`` it uses for repeated form fields (Django-style)."""

    def __init__(self, params: Mapping[str, str | Sequence[str]]) -> None:
        super().__init__(params)

    def getlist(self, name: str) -> list[str]:
        value = self[name]
        return [value] if isinstance(value, str) else list(value)
