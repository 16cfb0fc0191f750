"""``GET /documents/{token}``: a drafted spill notice or application summary, behind a signed, expiring link.

The token (see :mod:`documents.links`) names one PDF in ``var/documents``; a token we did not sign, or one
that was changed, is a 404, an expired one a 410 with a sentence saying how to get a new link. The file is
sent as an attachment, never cached by a shared cache, and never indexed.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse, PlainTextResponse, Response

from documents.links import DOCUMENTS_DIR, ExpiredLink, InvalidLink, open_link
from web.deps import NowDep, SettingsDep

router = APIRouter(tags=["documents"])

EXPIRED = (
    "This link has expired. Ask the assistant again for your drafted notice or application summary "
    "(by text, call or web chat) and you will get a new link."
)
NOT_FOUND = (
    "There is no document at this link. Check that the whole link was copied, or ask the assistant again."
)


def get_documents_dir() -> Path:
    """Where the actions write the PDFs; tests point it elsewhere with ``app.dependency_overrides``."""
    return DOCUMENTS_DIR


@router.get("/documents/{token}", response_model=None)
def document(
    token: str, settings: SettingsDep, now: NowDep, folder: Annotated[Path, Depends(get_documents_dir)]
) -> Response:
    max_age = dt.timedelta(hours=settings.document_link_hours)
    try:
        path = open_link(token, secret_key=settings.secret_key, max_age=max_age, folder=folder, now=now)
    except ExpiredLink:
        return PlainTextResponse(EXPIRED, status_code=410)
    except InvalidLink:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    headers = {"Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow"}
    return FileResponse(
        path,
        media_type="application/pdf",
        filename=path.name,
        content_disposition_type="attachment",
        headers=headers,
    )
