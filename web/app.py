"""The residents' web chat app: ``uvicorn web.app:app`` (ops/stack.py starts it on WEB_PORT).

Settings come from the environment (``RASA_URL``, ``RASA_TIMEOUT_SECONDS``, see config/settings.py); the HTTP
client to Rasa is created at startup and closed at shutdown unless the caller passes its own.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import httpx
from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from config import Settings
from web import console
from web.body_limit import BodyLimit
from web.open311 import router as open311_router
from web.rasa_client import RasaClient
from web.routes import chat, documents, health, page

log = logging.getLogger(__name__)
MAX_API_BODY_BYTES = 16_384  # a 2,000-character message in JSON, even all escaped, fits several times over
TOO_LARGE = "That message is far too long to send. Please shorten it to 2,000 characters or fewer."

# The page needs nothing from other origins and no inline code, so the policy can be strict: even if a bot
# message ever reached the DOM as markup, an injected script or event handler would not run.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def create_app(settings: Settings | None = None, http: httpx.AsyncClient | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        client = http or httpx.AsyncClient(limits=httpx.Limits(max_connections=50))
        app.state.rasa = RasaClient(client, settings.rasa_url, float(settings.rasa_timeout_seconds))
        try:
            yield
        finally:
            if http is None:
                await client.aclose()

    app = FastAPI(
        title="FOG & organics web chat",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.settings = settings
    app.include_router(page.router)
    app.include_router(health.router)
    app.include_router(chat.router)
    app.include_router(documents.router)  # signed links to drafted documents
    app.include_router(open311_router)  # Open311 GeoReport v2 under /open311/v2
    console.install(app)  # the staff console under /console
    app.mount("/static", StaticFiles(directory=page.STATIC_DIR), name="static")
    app.add_exception_handler(RequestValidationError, _unreadable_request)
    app.middleware("http")(_security_headers)
    app.add_middleware(BodyLimit, limit=MAX_API_BODY_BYTES, prefixes=("/api/",), detail=TOO_LARGE)
    return app


async def _security_headers(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """Put the security headers on every response."""
    response = await call_next(request)
    response.headers.update(SECURITY_HEADERS)
    return response


async def _unreadable_request(request: Request, error: Exception) -> JSONResponse:
    """A body that is not the expected JSON gets a sentence, plus the problems for the client's author."""
    problems = error.errors() if isinstance(error, RequestValidationError) else []
    where = "; ".join(
        f"{'.'.join(str(part) for part in problem.get('loc', ()))}: {problem.get('msg', '')}"
        for problem in problems
    )
    return JSONResponse(
        {
            "detail": (
                'The chat request was not understood: send JSON like {"session": "…", "message": "…"}'
                f" ({where or 'no details'}). Reloading the page usually fixes this."
            )
        },
        status_code=422,
    )


app = create_app()
