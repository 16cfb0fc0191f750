"""``GET /health``: the web app answers whenever it runs, and says which other part is down.

``status`` is ``ok`` when Rasa, the action server and the worker all answer, else ``degraded``; the response
is 200 either way (the web app itself is up), so a load balancer keeps sending residents here, where they
get a sentence instead of silence.
"""

from __future__ import annotations

from typing import Literal

import httpx
from fastapi import APIRouter
from pydantic import BaseModel

from config.heartbeat import worker_state
from web.deps import RasaDep, SettingsDep

router = APIRouter(tags=["health"])

State = Literal["up", "down"]


class Health(BaseModel):
    status: Literal["ok", "degraded"]
    rasa: State
    actions: State
    worker: State


@router.get("/health")
async def health(rasa: RasaDep, settings: SettingsDep) -> Health:
    parts: dict[str, State] = {
        "rasa": "up" if await rasa.is_up() else "down",
        "actions": "up" if await _answers(rasa.http, _health_url(settings.action_server_url)) else "down",
        "worker": worker_state(settings.run_dir),
    }
    return Health(status="ok" if set(parts.values()) == {"up"} else "degraded", **parts)


def _health_url(webhook_url: str) -> str:
    """The action server's ``/health``, beside the ``/webhook`` Rasa calls."""
    return webhook_url.rsplit("/", 1)[0] + "/health"


async def _answers(http: httpx.AsyncClient, url: str) -> bool:
    try:
        response = await http.get(url, timeout=2.0)
    except httpx.HTTPError:
        return False
    return response.status_code == 200
