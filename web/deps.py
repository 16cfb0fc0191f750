"""Dependencies the routes declare; tests replace them with ``app.dependency_overrides``."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.engine import Engine

import store
from config import Settings
from config.clock import Clock
from web.rasa_client import RasaClient

_state_lock = threading.Lock()


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_rasa(request: Request) -> RasaClient:
    """The client built at startup around the app's shared ``httpx.AsyncClient``."""
    return request.app.state.rasa


def get_engine(request: Request) -> Engine:
    """The application database (``settings.database_url``), connected on first use and kept on the app."""
    state = request.app.state
    with _state_lock:
        if getattr(state, "engine", None) is None:
            state.engine = store.connect(get_settings(request).database_url)
        return state.engine


def get_now(request: Request) -> dt.datetime:
    """The time on the app's clock: real, or shifted to ``CLOCK_START`` once, when first read (tests)."""
    state = request.app.state
    with _state_lock:
        if getattr(state, "clock", None) is None:
            state.clock = get_settings(request).clock()
        clock: Clock = state.clock
    return clock()


SettingsDep = Annotated[Settings, Depends(get_settings)]
RasaDep = Annotated[RasaClient, Depends(get_rasa)]
EngineDep = Annotated[Engine, Depends(get_engine)]
NowDep = Annotated[dt.datetime, Depends(get_now)]
