"""Shared helpers for the saves tests: random legal play and a ready-made record."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.core import Game, Seat
from saves.record import SaveRecord, SeatInfo

SEATS = (SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "strong"))
STAMP = "2025-01-01T00:00:00.000Z"


def random_play(
    game: Game,
    seed: int,
    chooser: random.Random,
    config: dict[str, Any] | None = None,
    max_actions: int = 400,
) -> Iterator[tuple[Any, Seat | None, Any]]:
    """Yield ``(state, seat, action)`` after each action (the first with ``None, None``)."""
    state = game.new(config or {}, seed, 2)
    yield state, None, None
    for _ in range(max_actions):
        seats = game.to_move(state)
        if not seats:
            return
        seat = chooser.choice(seats)
        action = chooser.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        yield state, seat, action


def played_record(
    game: Game, seed: int = 1, steps: int | None = None, name: str = "game", title: str = "Game"
) -> SaveRecord:
    """A record of a random game, stopped after ``steps`` actions (or at the end)."""
    actions: list[tuple[Seat, Any]] = []
    state = None
    for current, seat, action in random_play(game, seed, random.Random(seed)):
        state = current
        if seat is not None:
            actions.append((seat, action))
        if steps is not None and len(actions) >= steps:
            break
    return SaveRecord(
        name=name,
        title=title,
        game_id=game.id,
        players=2,
        seats=SEATS,
        config={},
        seed=seed,
        actions=tuple(actions),
        state=state,
        created=STAMP,
        updated=STAMP,
        rules_version=game.rules_version,
        app_version="test",
    )
