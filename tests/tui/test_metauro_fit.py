"""Metauro and Zama at 80×24 (in every language) and 120×40: at every stage of a battle
(deployment, movement, a clash of seven kinds of pair, an advance, the end) the screen shows
whole what a player needs — each pair with its number and chance, the prompt, every stack's
letters on the grid, and in the footer the key of every action possible now (and of none that is
not)."""

from __future__ import annotations

import re

from engine.i18n import _, number, pgettext
from engine.metauro import rules
from engine.metauro.actions import AutoPair, Deploy, NoAdvance, Pass, Retreat
from engine.metauro.data import CARTHAGINIANS, ROMANS, side_name
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, DEPLOY, MOVE, OVER, PAIR, RETREAT
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import (
    assert_footer_exactly,
    assert_on_screen,
    fits_each,
    screen_lines,
    screen_text,
    speak,
)
from tests.tui.test_metauro_play import (
    HUMANS,
    expected_pairs,
    keys_to,
    line_session,
    open_clash,
)
from tui.screens.game import ResultScreen
from tui.screens.metauro import MetauroScreen
from tui.screens.registry import screen_for
from tui.textual_i18n import key_display
from tui.widgets.metauro_grid import COLUMNS, MetauroGrid
from tui.widgets.metauro_panels import kind_column

SCENARIOS = ("metauro", "zama")
# The shared key the footer always keeps (the others follow the game's keys as room allows).
ALWAYS = (("k", "Keys"),)
# Every key of the game's own actions: the key as the footer writes it, and its description.
DEPLOY_KEY = ("e", "Deploy")
END_MOVE = ("e", "End move")
PASS = ("e", "Pass")
DEFAULT = ("d", "Default")
FIGHT = ("1-9", "Fight")
UNITS = ("1-9", "Units")
BEST_PAIR = ("a", "Best pair")
ALL_AUTO = ("A", "All auto")
ADVANCE_KEY = ("y", "Advance")
STAY = ("n", "Stay")
NEW_GAME = ("n", "New game")
DESELECT = ("x", "Deselect")
GAME_KEYS = (
    DEPLOY_KEY,
    END_MOVE,
    PASS,
    DEFAULT,
    FIGHT,
    UNITS,
    BEST_PAIR,
    ALL_AUTO,
    ADVANCE_KEY,
    STAY,
    NEW_GAME,
    DESELECT,
)


def shown(key: tuple[str, str]) -> str:
    """A key as the footer shows it, its description in the current language."""
    display, description = key
    return f"{key_display(display)} {_(description)}"


def assert_footer(app, *keys: tuple[str, str]) -> None:
    """Exactly these game keys are in the footer (with the key that lists every key)."""
    game_keys = {shown(k) for k in GAME_KEYS}
    assert_footer_exactly(app, [shown(k) for k in ALWAYS], game_keys, *map(shown, keys))


def the_side(words: str) -> str:
    """What the side panel says under a side's name ("to move"), in the current language."""
    return pgettext("the side named above", words)


def listed_pairs(app) -> dict[int, tuple[str, str, str, str, int]]:
    """The pairs on screen by number, whatever the language: own square and kind, enemy
    square and kind, win %."""
    kinds = {name.strip(): kind for kind, name in kind_column().items()}
    kind = "|".join(re.escape(name) for name in sorted(kinds, key=len, reverse=True))
    chance = re.escape(_("{percent}%")).replace(re.escape("{percent}"), r"(\d{1,3})")
    line = re.compile(
        rf"(?<!\S)([1-9]) +([a-p]\d{{1,2}}) +({kind}) +× +([a-p]\d{{1,2}}) +({kind}) +{chance}"
    )
    found = {}
    for text in screen_lines(app):
        for m in line.finditer(text):
            found[int(m[1])] = (m[2], kinds[m[3]], m[4], kinds[m[5]], int(m[6]))
    return found


def assert_grid(app, screen: MetauroScreen) -> None:
    """The column letters, and each stack's letters (Romans upper case, Carthaginians lower)
    in its own square."""
    lines = screen_lines(app)
    grid = screen.query_one(MetauroGrid)
    x0, y0 = grid.region.x, grid.region.y
    cw, ch = grid.cell()
    assert lines[y0][x0 + 3 : x0 + 3 + 16 * cw].split() == list(COLUMNS)
    view = screen.view
    letter = (cw - 1) // 2  # where a square's column letter stands in it
    header = lines[y0]
    for col, name in enumerate(COLUMNS):
        assert header[x0 + 3 + col * cw + letter] == name, header
    for sq, units in rules.occupancy(view.units).items():
        label = rules.stack_label(units)
        label = label if units[0].side == ROMANS else label.lower()
        col, row = COLUMNS.index(sq[0]), int(sq[1:]) - 1
        y = y0 + 1 + row * ch + ch - 1
        x = x0 + 3 + col * cw
        assert label in lines[y][x : x + cw], f"{sq}: {label!r} not in {lines[y][x : x + cw]!r}"
        # The letters start under the column letter (not between two columns).
        assert lines[y][x + letter :].startswith(label[: cw - letter]), (sq, lines[y][x : x + cw])
    for cells in rules.board_rows(view):
        for cell in cells:
            if cell.standard is None:
                continue
            col, row = COLUMNS.index(cell.square[0]), int(cell.square[1:]) - 1
            x, y = x0 + 3 + col * cw, y0 + 1 + row * ch
            # A standard has the square's first cell to itself, left of its column letter:
            # never after a unit's letters nor against the panel beside the grid.
            assert lines[y][x] == "⚑", (cell.square, lines[y][x : x + cw])


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


pytestmark = [fits_each("scenario", SCENARIOS)]


async def test_deployment(make_app, size, language, scenario):
    speak(language)
    app = make_app(start_deployment(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == DEPLOY and screen.view.active == CARTHAGINIANS
        assert_stage(app, screen, DEPLOY_KEY)
        assert_on_screen(app, side_name(CARTHAGINIANS), the_side("to deploy"))
        # A stack picked: its units listed, the keys to choose them and to let go.
        grid = screen.query_one(MetauroGrid)
        here = next(u.square for u in screen.view.units if u.side == CARTHAGINIANS)
        await pilot.press(*keys_to(grid, here), "enter")
        await pilot.pause()
        assert_stage(app, screen, DEPLOY_KEY, UNITS, DESELECT)
        stack = [u for u in screen.view.units if u.square == here]
        for i, u in enumerate(stack, start=1):
            assert_on_screen(app, f"{i} ■ {rules.unit_name(screen.view, u)}")
        # One unit placed elsewhere: the default layout can be put back.
        target = sorted(screen.query_one(MetauroGrid).reach)[0]
        await pilot.press("x", *keys_to(grid, here), "enter")
        await pilot.press(*keys_to(grid, target), "enter")
        await settle(pilot, app)
        assert_stage(app, screen, DEPLOY_KEY, DEFAULT)


async def test_movement(make_app, size, language, scenario):
    speak(language)
    app = make_app(start_movement(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == MOVE and not screen.view.moved
        assert_stage(app, screen, PASS)
        turn = _("Turn {turn}").format(turn=number(3))
        romans, carthaginians = side_name(ROMANS), side_name(CARTHAGINIANS)
        assert_on_screen(app, turn, romans, the_side("to move"), carthaginians)
        grid = screen.query_one(MetauroGrid)
        await pilot.press(*keys_to(grid, "d3"), "enter")
        await pilot.pause()
        assert_stage(app, screen, PASS, UNITS, DESELECT)
        await pilot.press(*keys_to(grid, "c3"), "enter")
        await settle(pilot, app)
        assert screen.view.moved
        assert_stage(app, screen, END_MOVE)
        await pilot.press(*keys_to(grid, "e4"), "enter")  # the longest prompt
        await pilot.pause()
        assert_stage(app, screen, END_MOVE, UNITS, DESELECT)


async def test_the_move_clock_beside_the_grid(make_app, size, language, scenario):
    speak(language)

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
        assert_stage(app, screen, PASS)
        clock = re.escape(the_side("to move: {seconds}s"))
        clock = clock.replace(re.escape("{seconds}"), r"1[0-2]\d")
        assert re.search(clock, screen_text(app)), screen_text(app)


async def test_a_clash_of_seven_kinds_of_pair(make_app, size, language, scenario):
    speak(language)
    app = make_app(start_clash(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == PAIR
        assert_stage(app, screen, FIGHT, BEST_PAIR, ALL_AUTO)
        pairs = listed_pairs(app)
        assert set(pairs.values()) == expected_pairs(screen.view), screen_text(app)
        assert sorted(pairs) == list(range(1, 8))


async def test_a_retreat(make_app, size, language, scenario):
    speak(language)
    app = make_app(start_retreat(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == RETREAT
        assert_stage(app, screen)
        assert_on_screen(app, _("Last fight"))
        view = screen.view
        assert screen.query_one(MetauroGrid).reach == set(
            rules.retreat_options(view, view.clash.retreating)
        )


async def test_an_advance(make_app, size, language, scenario):
    speak(language)
    app = make_app(start_advance(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == ADVANCE
        assert_stage(app, screen, ADVANCE_KEY, STAY)
        view = screen.view
        fight = view.clash.fight
        winner = rules.unit_name(view, rules.unit_at(view, fight.winner))
        wins = _("{unit} wins and kills.") if fight.killed else _("{unit} wins.")
        assert_on_screen(app, wins.format(unit=winner))


async def test_the_end(make_app, size, language, scenario):
    speak(language)
    app = make_app(start_over(scenario))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == OVER
        assert_stage(app, screen, NEW_GAME)
        assert_on_screen(app, _("Battle over"), _("Drawn"))
