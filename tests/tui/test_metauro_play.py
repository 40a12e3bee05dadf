"""Metauro with the keyboard only: a whole battle against the strong bot, and the clash, the
keys and the layout as a player meets them."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from engine import search
from engine.metauro import rules
from engine.metauro.actions import Deploy, EndMove, Move, Pass
from engine.metauro.board import fits, occupancy
from engine.metauro.data import BOARDS, CARTHAGINIANS, ROMANS
from engine.metauro.rules import METAURO
from engine.metauro.state import (
    ADVANCE,
    DEPLOY,
    MOVE,
    OVER,
    PAIR,
    RETREAT,
    ClashEnded,
    ClashStarted,
    MetauroState,
)
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import played_until, settle
from tests.tui.fit import SIZES, screen_lines, screen_text
from tui.screens.game import ResultScreen
from tui.screens.metauro import MetauroScreen
from tui.screens.registry import screen_for
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


def from_turn(seats, seed: int, turn: int):
    """A battle both sides' bots played until ``turn``: a Pilot test plays the rest by keys
    (each step on screen costs a redraw; deploying by keys: the battle drawn by passing)."""

    def start(app):
        session = Session.new(METAURO, app.store, seats, {}, seed=seed)
        return screen_for(played_until(session, lambda s: s.turn >= turn, random.Random(seed)))

    return start


async def play_to_the_result(pilot, app, screen) -> None:
    for _ in range(2000):
        await settle(pilot, app)
        if isinstance(app.screen, ResultScreen):
            return
        if screen.my_turn:
            grid = screen.query_one(MetauroGrid)
            start = grid.cursor
            keys = next_keys(screen)
            grid.cursor = start
            await pilot.press(*keys)
    raise AssertionError("the battle did not end")


async def test_a_whole_battle_against_the_strong_bot_with_keys_only(make_app):
    """From turn 7 (of about 13) to the result, every move of ours by keys."""
    app = make_app(from_turn(SEATS, seed=2, turn=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, MetauroScreen)
        opened_at = len(screen.session.state.log)
        await play_to_the_result(pilot, app, screen)
        state = screen.session.state
        assert METAURO.outcome(state) is not None
        assert any(type(e).__name__ == "Moved" and e.seat == 0 for e in state.log[opened_at:])


# --- a clash of many pairs, built by hand on squares the rules allow ----------------------------

HUMANS = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="human", name="Ben"))

# Every unit's square, in the order of the board's armies (Romans, then Carthaginians): a
# battle line on columns e and f, plain on both boards. The Roman cavalry on d3 rides to e3 and
# the turn ends in a clash of 8 fights, 7 kinds of pair (two infantry of a stack against the
# same enemy are one choice). Zama's trumpet stands far from the elephants: nobody panics.
LINE = {
    "metauro": (
        ("e6", "d3", "e8", "e4", "e4", "e5", "e6", "e7", "e7", "c5", "c7"),
        ("m6", "f5", "f3", "f4", "f4", "f6", "f7", "f7", "f8", "m5"),
    ),
    # Nine kinds of pair: more than the eight lines the pair list has at 80×24.
    "metauro-wide": (
        ("e6", "d3", "e8", "e3", "e4", "e4", "e5", "e6", "e7", "e7", "e8"),
        ("m6", "f5", "f3", "f4", "f4", "f6", "f7", "f7", "f8", "m5"),
    ),
    "zama": (
        ("e6", "a6", "d3", "e8", "b2", "b10")
        + ("e4", "e4", "e5", "e6", "e7", "e7", "c3", "c4", "c8", "c9"),
        ("o6", "f5", "m3", "m5", "m9", "n2", "n10")
        + ("f3", "f4", "f4", "f6", "f7", "f7", "f8", "o3", "o4", "o8", "o9", "n6"),
    ),
}


def battle_line(line: str, seed: int) -> MetauroState:
    """The Romans to move on turn 3 with both armies in a LINE, every stack legal."""
    scenario = line.split("-")[0]
    state = METAURO.new({"scenario": scenario}, seed)
    squares = LINE[line][0] + LINE[line][1]
    units = tuple(attrs.evolve(u, square=sq) for u, sq in zip(state.units, squares, strict=True))
    for sq, stack in occupancy(units).items():
        assert fits(BOARDS[scenario], sq, [u.kind for u in stack]), sq
    return attrs.evolve(
        state,
        units=units,
        phase=MOVE,
        active=ROMANS,
        mover=ROMANS,
        turn=3,
        deployed=frozenset({ROMANS, CARTHAGINIANS}),
        first=ROMANS,
    )


def line_session(app, line: str, seed: int, seats=HUMANS) -> Session:
    config = {"scenario": line.split("-")[0]}
    session = Session.new(METAURO, app.store, seats, config, seed=seed)
    session.record = attrs.evolve(session.record, state=battle_line(line, seed))
    return session


def open_clash(session: Session) -> None:
    """The cavalry rides d3 → e3 and the Romans end their move: the clash begins."""
    cavalry = next(u.id for u in session.state.units if u.square == "d3")
    session.apply(ROMANS, Move("d3", "e3", (cavalry,)))
    session.apply(ROMANS, EndMove())
    assert session.state.phase == PAIR


def clash_start(line: str = "metauro", seed: int = 7, seats=HUMANS):
    def start(app):
        session = line_session(app, line, seed, seats)
        open_clash(session)
        return screen_for(session)

    return start


PAIR_LINE = re.compile(
    r"(?<!\S)([1-9]) +([a-p]\d{1,2}) +([a-z]+) +× +([a-p]\d{1,2}) +([a-z]+) +(\d{1,3})%"
)


def listed_pairs(app) -> dict[int, tuple[str, str, str, str, int]]:
    """The pairs on screen by number: own square and kind, enemy square and kind, win %."""
    found = {}
    for line in screen_lines(app):
        for m in PAIR_LINE.finditer(line):
            found[int(m[1])] = (m[2], m[3], m[4], m[5], int(m[6]))
    return found


def expected_pairs(view) -> set[tuple[str, str, str, str, int]]:
    """Every kind of pair the clash offers now, with the chooser's chance to win in %."""
    units = {u.id: u for u in view.units}
    out = set()
    for a, b in rules.facing_pairs(view):
        ua, ub = units[a], units[b]
        win = round(rules.clash_odds(view, a, b).win * 100)
        out.add((ua.square, ua.kind, ub.square, ub.kind, win))
    return out


@pytest.mark.parametrize("size", SIZES)
async def test_every_pair_is_listed_whole_and_its_number_fights_it(make_app, size):
    app = make_app(clash_start())
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        pairs = listed_pairs(app)
        assert set(pairs.values()) == expected_pairs(screen.view), screen_text(app)
        assert sorted(pairs) == list(range(1, len(pairs) + 1))
        assert len(pairs) == 7
        own_sq, own_kind, enemy_sq, enemy_kind, _ = pairs[7]
        before = screen.view
        await pilot.press("7")
        await settle(pilot, app)
        fight = screen.session.state.clash.fight
        ua, ub = rules.unit_at(before, fight.a), rules.unit_at(before, fight.b)
        assert (ua.square, ua.kind, ub.square, ub.kind) == (own_sq, own_kind, enemy_sq, enemy_kind)


async def test_a_long_pair_list_says_how_many_more_and_a_square_narrows_it(make_app):
    """Nine kinds of pair and eight lines of room at 80×24: the list says what it leaves out,
    and picking a square on the grid lists only the pairs fought from it."""
    app = make_app(clash_start("metauro-wide"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert len(expected_pairs(screen.view)) == 9
        shown = listed_pairs(app)
        assert len(shown) == 7
        assert set(shown.values()) < expected_pairs(screen.view)
        assert any("+2 more: pick a square to narrow" in line for line in screen_lines(app))
        grid = screen.query_one(MetauroGrid)
        await pilot.press(*keys_to(grid, "e8"), "enter")
        await pilot.pause()
        assert {p[:4] for p in listed_pairs(app).values()} == {
            ("e8", "infantry", "f8", "infantry"),
            ("e8", "cavalry", "f8", "infantry"),
        }
        assert "Pairs at e8" in screen_text(app)
        before = screen.view
        await pilot.press("2")
        await settle(pilot, app)
        fight = screen.session.state.clash.fight
        assert rules.unit_at(before, fight.a).square == "e8"
        await answer_until_pairs(pilot, app)
        assert len(listed_pairs(app)) == 7  # the narrowed pairs have fought: the whole list


async def answer_until_pairs(pilot, app) -> None:
    """Retreat to the first square offered and never advance, until pairs are asked again."""
    screen = app.screen
    for _ in range(10):
        view = screen.view
        if view.phase == RETREAT:
            grid = screen.query_one(MetauroGrid)
            options = rules.retreat_options(view, view.clash.retreating)
            await pilot.press(*keys_to(grid, options[0]), "enter")
        elif view.phase == ADVANCE:
            await pilot.press("n")
        else:
            break
        await settle(pilot, app)
    assert screen.view.phase == PAIR


VOCABULARY = ("Romans", "Carthaginians", "Carthaginian", "Deployment", "infantry", "cavalry")


def broken_words(app) -> list[str]:
    """Words cut by a line end: a piece of a word of the game shown without the rest."""
    out = []
    for line in screen_lines(app):
        for token in re.findall(r"[A-Za-z]+", line):
            if any(w.startswith(token) and w != token for w in VOCABULARY) and not any(
                token == w for w in VOCABULARY
            ):
                if len(token) >= 3:
                    out.append(token)
    return out


@pytest.mark.parametrize("size", [*SIZES, (100, 30), (115, 40), (116, 36)])
async def test_no_word_is_broken_across_lines(make_app, size):
    def start(app):
        session = Session.new(METAURO, app.store, HUMANS, {}, seed=1)
        session.apply(CARTHAGINIANS, Deploy())
        session.apply(ROMANS, Deploy())  # the lots: the Carthaginians (the longest name) move
        return screen_for(session)

    app = make_app(start)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert app.screen.view.mover == CARTHAGINIANS
        assert broken_words(app) == [], screen_text(app)


@pytest.mark.parametrize(("first", "then"), [((80, 24), (120, 40)), ((120, 40), (80, 24))])
async def test_a_resize_lays_the_screen_out_at_once(make_app, store, first, then):
    """After a resize the screen is what it would be had it opened at the new size, without
    waiting for the next move."""
    app = make_app(clash_start())
    async with app.run_test(size=first) as pilot:
        await settle(pilot, app)
        await pilot.resize_terminal(*then)
        await settle(pilot, app)
        resized = screen_lines(app)
    fresh = make_app(clash_start())
    async with fresh.run_test(size=then) as pilot:
        await settle(pilot, fresh)
        assert resized == screen_lines(fresh)


def over_start(app):
    """Both armies deployed as they stand, then both sides pass: the battle is drawn."""
    session = Session.new(METAURO, app.store, HUMANS, {}, seed=5)
    session.apply(CARTHAGINIANS, Deploy())
    session.apply(ROMANS, Deploy())
    first = session.state.mover
    session.apply(first, Pass())
    session.apply(1 - first, Pass())
    assert session.state.phase == OVER
    return screen_for(session)


async def test_after_the_battle_only_keys_that_still_work_are_shown(make_app):
    app = make_app(over_start)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, MetauroScreen)
        footer = screen_lines(app)[-1]
        assert not re.search(r"(?<!\S)e [A-Z]", footer), footer  # no "e End move"
        assert "n New game" in footer, footer
        await pilot.press("e")
        await settle(pilot, app)
        assert app.screen is screen
        await pilot.press("n")
        await settle(pilot, app)
        assert isinstance(app.screen, MetauroScreen) and app.screen is not screen
        assert app.screen.view.phase == DEPLOY


async def test_shift_a_fights_the_whole_clash_asking_only_for_advances(make_app):
    seats = (SeatInfo(kind="human", name="Nero"), SeatInfo(kind="bot", name="S", level="strong"))
    app = make_app(clash_start(seed=7, seats=seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("A")
        for _ in range(40):
            await settle(pilot, app)
            view = screen.view
            if view.phase not in (PAIR, RETREAT, ADVANCE):
                break
            assert not (view.phase == PAIR and screen.my_turn), "A stopped at a pair"
            if view.phase == ADVANCE and screen.my_turn:
                await pilot.press("y")
            elif view.phase == RETREAT and screen.my_turn:
                options = rules.retreat_options(view, view.clash.retreating)
                grid = screen.query_one(MetauroGrid)
                await pilot.press(*keys_to(grid, options[0]), "enter")
        state = screen.session.state
        ends = [e for e in state.log if isinstance(e, ClashEnded)]
        if ends:  # all eight fights, with one press of A
            assert ends[0].fights == 8
        else:  # a general fell on the way
            assert state.phase == OVER


async def test_the_log_counts_pairs_and_fights_in_good_english(make_app):
    app = make_app(clash_start())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        assert screen.describe(ClashStarted(chooser=0, pairs=1), view) == (
            "[b]Clash[/b]: 1 pair faces each other."
        )
        assert screen.describe(ClashStarted(chooser=0, pairs=3), view) == (
            "[b]Clash[/b]: 3 pairs face each other."
        )
        assert screen.describe(ClashEnded(fights=1), view) == "The clash is over after 1 fight."
        assert "8 pairs face each other." in screen_text(app)


async def test_a_whole_battle_against_the_expert_bot_with_keys_only(make_app):
    """From turn 7 to the result against the expert on a tenth of its playouts (the same
    search; its strength is measured in bench/)."""
    seats = (SeatInfo(kind="human", name="Nero"), SeatInfo(kind="bot", name="X", level="expert"))
    app = make_app(from_turn(seats, seed=1, turn=7))
    with search.scaled(0.1):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            screen = app.screen
            opened_at = len(screen.session.state.log)
            await play_to_the_result(pilot, app, screen)
    state = screen.session.state
    assert METAURO.outcome(state) is not None
    by_keys = state.log[opened_at:]
    assert any(type(e).__name__ == "Moved" and e.seat == CARTHAGINIANS for e in by_keys)


async def test_a_fights_die_shows_the_face_it_rolled(make_app):
    """A roll of 2 is drawn ⚁, not ⚄: the face and the number say the same."""
    app = make_app(clash_start())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("1")
        await settle(pilot, app)
        fight = app.screen.session.state.clash.fight
        rolls = re.findall(r"([⚀-⚅]) (\d)\+\d+ = ", screen_text(app))
        assert rolls == [
            ("⚀⚁⚂⚃⚄⚅"[fight.roll_a - 1], str(fight.roll_a)),
            ("⚀⚁⚂⚃⚄⚅"[fight.roll_b - 1], str(fight.roll_b)),
        ], screen_text(app)
