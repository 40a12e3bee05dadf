"""Apps for Pilot tests: a fresh saves folder each and bots that answer without a pause."""

from __future__ import annotations

import pytest

from saves.store import SaveStore
from tui.app import BatallasApp


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")


@pytest.fixture
def make_app(store):
    def make(start=None, **kwargs):
        return BatallasApp(store, start=start, bot_delay=0, **kwargs)

    return make


async def settle(pilot, app) -> None:
    """Let bot workers finish and their moves land on screen: the app must look idle several
    times in a row, since each bot move schedules the next bot's worker a moment later."""
    idle = 0
    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause()
        idle = idle + 1 if not app.workers._workers else 0
        if idle >= 3:
            return
