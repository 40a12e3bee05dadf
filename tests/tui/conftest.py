"""Apps for Pilot tests: a fresh saves folder each and bots that answer without a pause."""

from __future__ import annotations

import random

import pytest

from saves.session import Session
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


def played_until(
    session: Session, wanted, rng: random.Random, level: str | None = None, steps: int = 3000
) -> Session:
    """``session`` played on through itself, each seat by its bot (humans by the easy bot;
    every seat by ``level`` if given), until ``wanted(state)`` holds: a late position reached
    as a real game reaches it, so a Pilot test plays by keys only the part it checks (each
    step on screen costs a redraw)."""
    game = session.game
    for _ in range(steps):
        state = session.record.state
        assert game.outcome(state) is None, "the game ended first"
        if wanted(state):
            return session
        seat = game.to_move(state)[0]
        info = session.record.seats[seat]
        bot = game.bots[level or (info.level if info.kind == "bot" else "easy")]
        session.apply(seat, bot(game.view(state, seat), seat, rng))
    raise AssertionError("never reached")
