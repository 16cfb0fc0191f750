"""Signed, expiring links to the documents the assistant drafts (a spill notice, an application summary).

A link carries the document's file name signed with ``SECRET_KEY`` (itsdangerous'
``URLSafeTimedSerializer``, one salt per purpose so a token signed for something else is never a document
link); the web app serves ``GET /documents/{token}`` from :data:`DOCUMENTS_DIR` while the signature is
younger than ``DOCUMENT_LINK_HOURS``. Nothing is stored: the file name is in the token, the age in the
signature. Clocks are injected (``now=``) so the actions, the web app and the tests agree on the time.

    url = document_url("https://assistant.example.org", "SP-482137-notice.pdf", secret_key=key, now=now)
    path = open_link(token, secret_key=key, max_age=dt.timedelta(hours=72), folder=DOCUMENTS_DIR, now=now)
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from itsdangerous import BadSignature, SignatureExpired, TimestampSigner, URLSafeTimedSerializer

from config.clock import utc_now
from config.paths import DOCUMENTS_DIR

__all__ = [
    "DOCUMENTS_DIR",
    "DOCUMENT_LINK_PURPOSE",
    "ExpiredLink",
    "InvalidLink",
    "document_url",
    "open_link",
    "sign_document",
    "verify_document",
]

DOCUMENT_LINK_PURPOSE = "document-link"
_SALT_PREFIX = "fog-assistant.documents."
_FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,80}\.pdf$")
"""What the actions write under var/documents (``SP-482137-notice.pdf``, ``PA-482137.pdf``): one plain name,
no folder, no dots but the extension, so a token can never name a file outside the folder."""


class InvalidLink(LookupError):
    """The token was not signed by us, was tampered with, or names no document we serve (HTTP 404)."""


class ExpiredLink(InvalidLink):
    """The token is ours but older than the links' lifetime (HTTP 410)."""


def _serializer(secret_key: str, purpose: str, now: dt.datetime | None) -> URLSafeTimedSerializer:
    """A serializer whose signatures read ``now`` (the injected clock) instead of the system time."""
    moment = int((now or utc_now()).timestamp())

    class _ClockSigner(TimestampSigner):
        def get_timestamp(self) -> int:
            return moment

    return URLSafeTimedSerializer(secret_key, salt=_SALT_PREFIX + purpose, signer=_ClockSigner)


def sign_document(
    file_name: str, *, secret_key: str, purpose: str = DOCUMENT_LINK_PURPOSE, now: dt.datetime | None = None
) -> str:
    """A URL-safe token for ``file_name`` (a name in :data:`DOCUMENTS_DIR`, not a path)."""
    if not _FILE_NAME.match(file_name):
        raise ValueError(f"{file_name!r} is not a document file name like 'SP-482137-notice.pdf'.")
    return _serializer(secret_key, purpose, now).dumps(file_name)


def verify_document(
    token: str,
    *,
    secret_key: str,
    max_age: dt.timedelta,
    purpose: str = DOCUMENT_LINK_PURPOSE,
    now: dt.datetime | None = None,
) -> str:
    """The file name ``token`` was signed for; :class:`ExpiredLink` or :class:`InvalidLink` otherwise."""
    try:
        file_name = _serializer(secret_key, purpose, now).loads(token, max_age=int(max_age.total_seconds()))
    except SignatureExpired as error:
        raise ExpiredLink("This link has expired.") from error
    except BadSignature as error:
        raise InvalidLink("This link is not valid.") from error
    if not isinstance(file_name, str) or not _FILE_NAME.match(file_name):
        raise InvalidLink("This link names no document.")
    return file_name


def open_link(
    token: str,
    *,
    secret_key: str,
    max_age: dt.timedelta,
    folder: Path = DOCUMENTS_DIR,
    now: dt.datetime | None = None,
) -> Path:
    """The document file a valid, unexpired ``token`` points to; it must exist inside ``folder``."""
    file_name = verify_document(token, secret_key=secret_key, max_age=max_age, now=now)
    root = folder.resolve()
    path = (root / file_name).resolve()
    if path.parent != root or not path.is_file():
        raise InvalidLink("This document is no longer available.")
    return path


def document_url(
    base_url: str,
    file_name: str,
    *,
    secret_key: str,
    now: dt.datetime | None = None,
) -> str:
    """The full link to send: ``<WEB_PUBLIC_URL>/documents/<token>``."""
    token = sign_document(file_name, secret_key=secret_key, now=now)
    return f"{base_url.rstrip('/')}/documents/{token}"
