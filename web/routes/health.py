"""``GET /health``: the web app answers whenever it runs, and says whether Rasa answers too."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel

from web.deps import RasaDep

router = APIRouter(tags=["health"])


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    rasa: Literal["up", "down"]


@router.get("/health")
async def health(rasa: RasaDep) -> Health:
    return Health(rasa="up" if await rasa.is_up() else "down")
