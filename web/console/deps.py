"""What every console route needs beyond the app's own dependencies (:mod:`web.deps`: settings, engine,
clock): the signed-in user, role and CSRF checks, and where drafted documents are.

A refusal is a :class:`Refusal` (rendered as a page by :func:`web.console.install`'s handler): 403 when
signed in but not allowed (wrong role, another city's record, a POST without a valid CSRF token), a
redirect to the sign-in page when a GET comes without a session.

CSRF: every form carries its session's ``csrf_token`` (``staff_sessions.csrf_token``, random per session),
compared with :func:`hmac.compare_digest` before anything changes. The sign-in form, which comes before any
session, uses a double-submit cookie instead (a random value in a SameSite=Strict cookie and in the form).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, Request

from config import Settings
from store import staff
from web.deps import EngineDep, NowDep
from web.routes.documents import get_documents_dir

SESSION_COOKIE = "console_session"
SIGN_IN_COOKIE = "console_sign_in"
COOKIE_PATH = "/console"


class Refusal(Exception):
    """Stop the request: ``status`` with ``message`` shown to the user, or a redirect to ``location``."""

    def __init__(self, status: int, message: str, *, location: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.location = location


DocumentsDirDep = Annotated[Path, Depends(get_documents_dir)]  # shared with the signed document links


@dataclass(frozen=True)
class Staff:
    """The signed-in user and their session, as the routes and templates see them."""

    user: dict[str, Any]
    session: dict[str, Any]
    token: str

    @property
    def cities(self) -> tuple[str, ...]:
        return tuple(self.user["cities"])

    @property
    def csrf_token(self) -> str:
        return self.session["csrf_token"]

    def may(self, role: str) -> bool:
        return staff.role_allows(self.user["role"], role)


def cookie_is_secure(settings: Settings) -> bool:
    return settings.public_base_url.startswith("https://")


def signed_in(request: Request, engine: EngineDep, now: NowDep) -> Staff | None:
    token = request.cookies.get(SESSION_COOKIE, "")
    found = staff.session_user(engine, token, now=now) if token else None
    if found is None:
        return None
    session, user = found
    return Staff(user=user, session=session, token=token)


def require_staff_user(request: Request, current: Annotated[Staff | None, Depends(signed_in)]) -> Staff:
    if current is not None:
        return current
    if request.method in ("GET", "HEAD"):
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        raise Refusal(303, "Please sign in.", location=f"/console/sign-in?next={quote(target, safe='')}")
    raise Refusal(403, "Your session has ended. Sign in again, then repeat what you were doing.")


UserDep = Annotated[Staff, Depends(require_staff_user)]


async def require_csrf(request: Request, current: UserDep) -> Staff:
    """A POST is refused (403) unless its form carries this session's CSRF token."""
    form = await request.form()
    sent = str(form.get("csrf_token", ""))
    if not sent or not hmac.compare_digest(sent.encode(), current.csrf_token.encode()):
        raise Refusal(
            403, "This form has expired or did not come from the console. Reload the page and try again."
        )
    return current


FormUserDep = Annotated[Staff, Depends(require_csrf)]


def require_role(current: Staff, role: str) -> None:
    if not current.may(role):
        raise Refusal(403, f"Your account ({current.user['role']}) cannot do this; it needs the {role} role.")
