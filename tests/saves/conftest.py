from __future__ import annotations

import pytest

from engine.registry import GAMES
from saves.store import SaveStore


@pytest.fixture(scope="session")
def gallic():
    """Games are stateless objects, so one per session is safe (and hypothesis needs it)."""
    return GAMES["gallic"]


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")
