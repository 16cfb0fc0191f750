"""Where things live on disk: the repository, the built artifacts under ``var/``, the two environments."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VAR = REPO / "var"
MODEL = VAR / "models" / "assistant.tar.gz"
INDEX_DIR = VAR / "index"
DOCUMENTS_DIR = VAR / "documents"
APP_PYTHON = REPO / ".venv" / "app" / "bin" / "python"
RASA_BIN = REPO / ".venv" / "rasa" / "bin" / "rasa"
ENV_FILE = REPO / ".env"

DEFAULT_DATABASE_URL = "sqlite:///var/assistant.db"
"""The embedded default: a SQLite file under ``var/`` (relative paths are resolved against the repository)."""
DEFAULT_TRACKER_DB = "var/tracker.db"
