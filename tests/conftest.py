"""Shared test setup: the repository root on sys.path, offline model loading, and the real index once."""

import os
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
