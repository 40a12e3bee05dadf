"""Metauro and Zama at 80×24 and 120×40: at every stage of a battle (deployment, movement, a
clash of seven kinds of pair, an advance, the end) the screen shows whole what a player needs —
each pair with its number and chance, the prompt, every stack's letters on the grid, and in the
footer the key of every action possible now (and of none that is not)."""

from __future__ import annotations

import re

import pytest

from engine.metauro import rules
from engine.metauro.actions import AutoPair, Deploy, NoAdvance, Pass, Retreat
from engine.metauro.data import CARTHAGINIANS, ROMANS
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, DEPLOY, MOVE, OVER, PAIR, RETREAT
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import (
    SIZES,
    assert_footer_exactly,
    assert_on_screen,
    screen_lines,
    screen_text,
)
from tests.tui.test_metauro_play import (
    HUMANS,
    expected_pairs,
    keys_to,
    line_session,
    listed_pairs,
    open_clash,
)
from tui.screens.game import ResultScreen
from tui.screens.metauro import MetauroScreen
from tui.screens.registry import screen_for
from tui.widgets.metauro_grid import COLUMNS, MetauroGrid

SCENARIOS = ("metauro", "zama")
ALWAYS = ("? Rules", "^s Save as", "esc Menu")
# Every key of the game's own actions, as the footer writes it.
GAME_KEYS = {
    "e Deploy",
    "e End move",
    "e Pass",
    "d Default",
    "1-9 Fight",
    "1-9 Units",
    "a Best pair",
    "A All auto",
    "y Advance",
    "n Stay",
    "n New game",
    "x Deselect",
}


def assert_footer(app, *keys: str) -> None:
    """Exactly these game keys are in the footer (with the keys every screen has)."""
    assert_footer_exactly(app, ALWAYS, GAME_KEYS, *keys)


def assert_grid(app, screen: MetauroScreen) -> None:
    """The column letters, and each stack's letters (Romans upper case, Carthaginians lower)
    in its own square."""
    lines = screen_lines(app)
    grid = screen.query_one(MetauroGrid)
    x0, y0 = grid.region.x, grid.region.y
    cw, ch = grid.cell()
    assert lines[y0][x0 + 3 : x0 + 3 + 16 * cw].split() == list(COLUMNS)
    view = screen.view
    for sq, units in rules.occupancy(view.units).items():
        label = rules.stack_label(units)
        label = label if units[0].side == ROMANS else label.lower()
        col, row = COLUMNS.index(sq[0]), int(sq[1:]) - 1
        y = y0 + 1 + row * ch + ch - 1
        x = x0 + 3 + col * cw
        assert label in lines[y][x : x + cw], f"{sq}: {label!r} not in {lines[y][x : x + cw]!r}"


def assert_prompt(app, screen: MetauroScreen) -> None:
    prompt = screen.prompt_text(screen.view)
    assert prompt
    assert_on_screen(app, prompt)


def assert_stage(app, screen: MetauroScreen, *keys: str) -> None:
    assert_prompt(app, screen)
    assert_grid(app, screen)
    assert_footer(app, *keys)


def start_deployment(scenario: str):
    def start(app):
        return screen_for(Session.new(METAURO, app.store, HUMANS, {"scenario": scenario}, seed=3))

    return start


def start_movement(scenario: str):
    def start(app):
        return screen_for(line_session(app, scenario, 7))

    return start


def start_clash(scenario: str):
    def start(app):
        session = line_session(app, scenario, 7)
        open_clash(session)
        return screen_for(session)

    return start


def start_advance(scenario: str):
    """The clash fought pair by pair (the best pair each time, the first retreat square)
    until a winner may advance."""

    def start(app):
        session = line_session(app, scenario, 7)
        open_clash(session)
        while (state := session.state).phase != ADVANCE:
            if state.phase == PAIR:
                session.apply(state.active, AutoPair())
            else:
                assert state.phase == RETREAT
                options = rules.retreat_options(state, state.clash.retreating)
                session.apply(state.active, Retreat(options[0]))
        return screen_for(session)

    return start


def start_retreat(scenario: str):
    """The clash fought pair by pair (the best pair, never advancing) until a beaten unit has
    a choice of squares to retreat to."""

    def start(app):
        session = line_session(app, scenario, 7)
        open_clash(session)
        while (state := session.state).phase != RETREAT:
            assert state.phase in (PAIR, ADVANCE)
            session.apply(state.active, AutoPair() if state.phase == PAIR else NoAdvance())
        return screen_for(session)

    return start


def start_over(scenario: str):
    """Both armies deployed as they stand, then both sides pass: the battle is drawn."""

    def start(app):
        session = Session.new(METAURO, app.store, HUMANS, {"scenario": scenario}, seed=5)
        session.apply(CARTHAGINIANS, Deploy())
        session.apply(ROMANS, Deploy())
        first = session.state.mover
        session.apply(first, Pass())
        session.apply(1 - first, Pass())
        return screen_for(session)

    return start


pytestmark = [
    pytest.mark.parametrize("size", SIZES),
    pytest.mark.parametrize("scenario", SCENARIOS),
]


async def test_deployment(make_app, size, scenario):
    app = make_app(start_deployment(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == DEPLOY and screen.view.active == CARTHAGINIANS
        assert_stage(app, screen, "e Deploy")
        assert_on_screen(app, "Carthaginians", "to deploy")
        # A stack picked: its units listed, the keys to choose them and to let go.
        grid = screen.query_one(MetauroGrid)
        here = next(u.square for u in screen.view.units if u.side == CARTHAGINIANS)
        await pilot.press(*keys_to(grid, here), "enter")
        await pilot.pause()
        assert_stage(app, screen, "e Deploy", "1-9 Units", "x Deselect")
        stack = [u for u in screen.view.units if u.square == here]
        for i, u in enumerate(stack, start=1):
            assert_on_screen(app, f"{i} ■ {rules.unit_name(screen.view, u)}")
        # One unit placed elsewhere: the default layout can be put back.
        target = sorted(screen.query_one(MetauroGrid).reach)[0]
        await pilot.press("x", *keys_to(grid, here), "enter")
        await pilot.press(*keys_to(grid, target), "enter")
        await settle(pilot, app)
        assert_stage(app, screen, "e Deploy", "d Default")


async def test_movement(make_app, size, scenario):
    app = make_app(start_movement(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == MOVE and not screen.view.moved
        assert_stage(app, screen, "e Pass")
        assert_on_screen(app, "Turn 3", "Romans", "to move", "Carthaginians")
        grid = screen.query_one(MetauroGrid)
        await pilot.press(*keys_to(grid, "d3"), "enter")
        await pilot.pause()
        assert_stage(app, screen, "e Pass", "1-9 Units", "x Deselect")
        await pilot.press(*keys_to(grid, "c3"), "enter")
        await settle(pilot, app)
        assert screen.view.moved
        assert_stage(app, screen, "e End move")
        await pilot.press(*keys_to(grid, "e4"), "enter")  # the longest prompt
        await pilot.pause()
        assert_stage(app, screen, "e End move", "1-9 Units", "x Deselect")


async def test_the_move_clock_beside_the_grid(make_app, size, scenario):
    def start(app):
        config = {"scenario": scenario, "clock": 120}
        session = Session.new(METAURO, app.store, HUMANS, config, seed=2)
        session.apply(CARTHAGINIANS, Deploy())
        session.apply(ROMANS, Deploy())
        return screen_for(session)

    app = make_app(start)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == MOVE
        assert_stage(app, screen, "e Pass")
        assert re.search(r"to move: 1[0-2]\ds", screen_text(app)), screen_text(app)


async def test_a_clash_of_seven_kinds_of_pair(make_app, size, scenario):
    app = make_app(start_clash(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == PAIR
        assert_stage(app, screen, "1-9 Fight", "a Best pair", "A All auto")
        pairs = listed_pairs(app)
        assert set(pairs.values()) == expected_pairs(screen.view), screen_text(app)
        assert sorted(pairs) == list(range(1, 8))


async def test_a_retreat(make_app, size, scenario):
    app = make_app(start_retreat(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == RETREAT
        assert_stage(app, screen)
        assert_on_screen(app, "Last fight")
        view = screen.view
        assert screen.query_one(MetauroGrid).reach == set(
            rules.retreat_options(view, view.clash.retreating)
        )


async def test_an_advance(make_app, size, scenario):
    app = make_app(start_advance(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == ADVANCE
        assert_stage(app, screen, "y Advance", "n Stay")
        view = screen.view
        winner = rules.unit_at(view, view.clash.fight.winner)
        assert_on_screen(app, f"{rules.unit_name(view, winner)} wins")


async def test_the_end(make_app, size, scenario):
    app = make_app(start_over(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == OVER
        assert_stage(app, screen, "n New game")
        assert_on_screen(app, "Battle over", "Drawn")
