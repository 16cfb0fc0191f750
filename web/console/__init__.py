"""The staff console: city staff sign in at ``/console`` to see, filter, export and act on what residents
submitted (spill reports, permit applications, waiver requests, pump-out records, facilities), and to see
the questions the assistant could not answer.

Server-rendered (Jinja2 templates in ``templates/``, style sheet in ``web/static/console/``), no script
needed, no inline code (the app's Content-Security-Policy forbids it). Accounts and sessions live in
:mod:`store.staff`, the records' workflow in :mod:`store.work`. ``python -m web.console create-user`` makes
the first administrator.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import Response

from web.console.deps import Refusal
from web.console.routes import refusal_page, router

__all__ = ["install", "router"]


def install(app: FastAPI) -> None:
    """Mount the console under ``/console`` with its refusal pages (403, 404, sign-in redirects)."""
    app.include_router(router)

    async def _refused(request: Request, refusal: Exception) -> Response:
        assert isinstance(refusal, Refusal)
        return refusal_page(request, refusal)

    app.add_exception_handler(Refusal, _refused)
