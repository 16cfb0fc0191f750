"""Shared test setup: the repository root on sys.path, offline model loading, the real index once, and a
fresh migrated database per test (copied from one migrated once per session)."""

import os
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "tests" / "support"))  # test doubles shared by both environments (fake Twilio)
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@pytest.fixture(scope="session")
def real_index():
    """The real hybrid index with the real all-MiniLM-L6-v2 model (built by `make index`)."""
    from knowledge.index import HybridIndex

    return HybridIndex.load()


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory):
    from store import migrate

    path = tmp_path_factory.mktemp("template") / "assistant.db"
    migrate.upgrade_to_head(f"sqlite:///{path}")
    return path


@pytest.fixture
def db_url(migrated_template, tmp_path) -> str:
    """A fresh, fully migrated SQLite database file for this test."""
    path = tmp_path / "assistant.db"
    shutil.copyfile(migrated_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def engine(db_url):
    import store

    engine = store.connect(db_url)
    yield engine
    engine.dispose()
