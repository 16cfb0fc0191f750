"""Dependencies the routes declare; tests replace them with ``app.dependency_overrides``."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from config import Settings
from web.rasa_client import RasaClient


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_rasa(request: Request) -> RasaClient:
    """The client built at startup around the app's shared ``httpx.AsyncClient``."""
    return request.app.state.rasa


SettingsDep = Annotated[Settings, Depends(get_settings)]
RasaDep = Annotated[RasaClient, Depends(get_rasa)]
