"""Metauro with the keyboard only: a whole battle against the strong bot."""

from __future__ import annotations

from engine.metauro import rules
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, DEPLOY, MOVE, PAIR, RETREAT
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.game import ResultScreen, screen_for
from tui.screens.metauro import MetauroScreen
from tui.widgets.metauro_grid import COLUMNS, MetauroGrid

SEATS = (SeatInfo(kind="human", name="Nero"), SeatInfo(kind="bot", name="S", level="strong"))


def starter(seed, config=None):
    def start(app):
        return screen_for(Session.new(METAURO, app.store, SEATS, config or {}, seed=seed))

    return start


def keys_to(grid: MetauroGrid, square: str) -> list[str]:
    """Arrow presses that bring the grid's cursor to ``square``."""
    dx = COLUMNS.index(square[0]) - COLUMNS.index(grid.cursor[0])
    dy = int(square[1:]) - int(grid.cursor[1:])
    return ["right" if dx > 0 else "left"] * abs(dx) + ["down" if dy > 0 else "up"] * abs(dy)


def next_keys(screen: MetauroScreen) -> list[str]:
    view = screen.view
    grid = screen.query_one(MetauroGrid)
    if view.phase == DEPLOY:
        return ["e"]
    if view.phase == PAIR:
        return ["a"]
    if view.phase == ADVANCE:
        return ["y"]
    if view.phase == RETREAT:
        options = rules.retreat_options(view, view.clash.retreating)
        return [*keys_to(grid, options[0]), "enter"]
    assert view.phase == MOVE
    if view.moved:
        return ["e"]
    # March the army east: the first stack (west to east) that can go further east goes.
    for unit in sorted(rules.movable(view), key=lambda u: rules.unit_at(view, u).square):
        here = rules.unit_at(view, unit).square
        stack = [u.id for u in view.units if u.square == here and u.id not in view.moved]
        east = [
            sq
            for sq in rules.reachable(view, stack)
            if COLUMNS.index(sq[0]) > COLUMNS.index(here[0])
        ]
        if east:
            target = max(east, key=lambda sq: COLUMNS.index(sq[0]))
            keys = [*keys_to(grid, here), "enter"]
            grid.cursor = here  # keys_to below starts from the stack's square
            keys += [*keys_to(grid, target), "enter"]
            return keys
    return ["e"]


async def test_a_whole_battle_against_the_strong_bot_with_keys_only(make_app):
    app = make_app(starter(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, MetauroScreen)
        for _ in range(2000):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
            if screen.my_turn:
                grid = screen.query_one(MetauroGrid)
                start = grid.cursor
                keys = next_keys(screen)
                grid.cursor = start
                await pilot.press(*keys)
        else:
            raise AssertionError("the battle did not end")
        state = screen.session.state
        assert METAURO.outcome(state) is not None
        assert any(type(e).__name__ == "Moved" and e.seat == 0 for e in state.log)
