"""The coach on a game screen (issue 29): a hint shown and played by keys, a takeback, and the
places the coach refuses to help, each in one sentence."""

from __future__ import annotations

import random

import pytest

from engine.alamo.actions import Confirm as AlamoConfirm
from engine.alamo.state import DEFEND
from engine.core import replay
from engine.mates.actions import Hint as MatesHint
from engine.registry import get
from saves.record import SeatInfo
from saves.replay import ReplaySession
from saves.session import Session
from saves.store import SaveStore
from saves.tables import TableStore, TableWatch
from tests.tui.conftest import played_until, settle
from tui.app import BatallasApp
from tui.match import hint_seed
from tui.screens import dialogs
from tui.screens.game_dialogs import HintDialog
from tui.screens.registry import screen_for
from tui.screens.replay import replay_screen

ANA = SeatInfo("human", "Ana")
BEA = SeatInfo("human", "Bea")
EXPERT = SeatInfo("bot", "Expert bot", "expert")
STRONG = SeatInfo("bot", "Strong bot", "strong")


@pytest.fixture(autouse=True)
def answer_at_once(monkeypatch):
    """The hint's Enter counts at once here (in play, a key pressed as it appeared does not)."""
    monkeypatch.setattr(dialogs, "ANSWER_DELAY", 0.0)


def game_app(make_app, session):
    return make_app(start=lambda app: screen_for(session))


def said(app) -> list[str]:
    return [note.message for note in app._notifications]


async def hint_shown(pilot, app) -> HintDialog:
    await pilot.press("f5")  # as "i", and also while a box takes letters (Mates solo)
    await settle(pilot, app)
    assert isinstance(app.screen, HintDialog), said(app)
    return app.screen


COACHED = [
    pytest.param("gallic", (ANA, EXPERT), id="gallic"),
    pytest.param("alamo", (ANA, EXPERT), id="alamo"),
    pytest.param("alamo", (ANA,), id="alamo-solitaire"),
    pytest.param("mates", (ANA, EXPERT), id="mates"),
    pytest.param("ataque", (ANA, STRONG, STRONG), id="ataque"),
    pytest.param("metauro", (ANA, EXPERT), id="metauro"),
]


@pytest.mark.parametrize(("game_id", "seats"), COACHED)
async def test_the_hint_is_the_experts_move_and_enter_plays_it(make_app, store, game_id, seats):
    game = get(game_id)
    session = Session.new(game, store, seats, {}, seed=17, title="Coached")
    app = game_app(make_app, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.my_turn
        view = game.view(session.state, 0)
        serial = len(session.record.actions)
        dialog = await hint_shown(pilot, app)
        expert = game.bots["expert"](view, 0, random.Random(hint_seed(17, serial, 0)))
        assert dialog.hint.best.action == expert, "the expert's move for Ana's view"
        await pilot.press("enter")
        await settle(pilot, app)
        assert session.record.actions[serial] == (0, expert), "played as Ana's own move"
        assert any(line.startswith("[i]Hint: ") for line in screen.log_lines())
        assert SaveStore(store.root).load("Coached").hints == 1, "the save marks one hint"
        print(f"{game_id} {len(seats)}: hint in {screen.hint_seconds:.2f} s")


async def test_enter_on_an_alamo_defence_hint_plays_the_whole_defence(make_app, store):
    """The hint says "defend with A, B and C": Enter marks all three and defends, as said."""
    game = get("alamo")
    session = Session.new(game, store, (ANA, STRONG), {}, seed=5, title="Coached")
    played_until(
        session,
        lambda s: s.phase == DEFEND and s.active == 0 and len(s.sides[0].hand) >= 3,
        random.Random(5),
        level="strong",
    )
    app = game_app(make_app, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        serial = len(session.record.actions)
        dialog = await hint_shown(pilot, app)
        steps = (dialog.hint.best.action, *dialog.hint.best.then)
        assert dialog.hint.best.text.startswith("defend with "), dialog.hint.best.text
        assert steps[-1] == AlamoConfirm() and len(steps) >= 2, steps
        await pilot.press("enter")
        await settle(pilot, app)
        assert [a for _seat, a in session.record.actions[serial:][: len(steps)]] == list(steps)
        assert session.record.state.phase != DEFEND or session.record.state.active != 0
        assert SaveStore(store.root).load("Coached").hints == 1, "one hint, however many steps"


async def test_the_mates_solo_hint_is_a_graded_clue_and_each_step_plays(make_app, store):
    """In the solo puzzles the coach first shows the piece that mates (the game's own clue),
    then the mating move itself: the expert's answer."""
    game = get("mates")
    session = Session.new(game, store, (ANA,), {}, seed=17, title="Coached")
    app = game_app(make_app, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        first = await hint_shown(pilot, app)
        assert first.hint.best.action == MatesHint()
        await pilot.press("enter")
        await settle(pilot, app)
        assert session.state.solo.hint is not None, "the piece is shown"
        view, serial = game.view(session.state, 0), len(session.record.actions)
        second = await hint_shown(pilot, app)
        expert = game.bots["expert"](view, 0, random.Random(hint_seed(17, serial, 0)))
        assert second.hint.best.action == expert
        await pilot.press("enter")
        await settle(pilot, app)
        assert session.record.actions[-1] == (0, expert)
        assert session.state.solo.solved == 1
        assert SaveStore(store.root).load("Coached").hints == 2
        print(f"mates solo: hint in {app.screen.hint_seconds:.2f} s")


async def test_escape_closes_the_hint_and_plays_nothing(make_app, store):
    session = Session.new(get("gallic"), store, (ANA, EXPERT), {}, seed=17, title="Coached")
    app = game_app(make_app, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        moves = len(session.record.actions)
        await hint_shown(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert not isinstance(app.screen, HintDialog)
        assert len(session.record.actions) == moves


async def test_a_takeback_on_screen_goes_back_and_says_so(make_app, store):
    game = get("gallic")
    session = Session.new(game, store, (ANA, EXPERT), {}, seed=17, title="Coached")
    app = game_app(make_app, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("u")
        await pilot.pause()
        assert "This is your first decision: there is nothing to take back." in said(app)
        before = session.state
        await pilot.press("1", "enter")  # exchange the first card
        await settle(pilot, app)
        assert session.state != before
        await pilot.press("u")
        await settle(pilot, app)
        kept = list(session.record.actions)
        assert all(seat != 0 for seat, _a in kept), "Ana's exchange is taken back"
        assert session.state == replay(game, session.record.config, 17, 2, kept)
        assert screen.view == game.view(session.state, 0), "the board shows it"
        assert screen.my_turn
        assert "[i]Took back to Battle 1.[/i]" in screen.log_lines()
        assert SaveStore(store.root).load("Coached").takebacks == 1


@pytest.mark.parametrize("keys", ["i", "u"])
async def test_the_coach_refuses_in_hot_seat(make_app, store, keys):
    session = Session.new(get("gallic"), store, (ANA, BEA), {}, seed=17, title="Two")
    app = game_app(make_app, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ana takes the terminal
        await settle(pilot, app)
        await pilot.press(keys)
        await pilot.pause()
        assert "Not in hot seat: the coach would help one player against another." in said(app)
        assert not isinstance(app.screen, HintDialog)


@pytest.mark.parametrize("keys", ["i", "u"])
async def test_the_coach_refuses_in_a_replay(make_app, store, keys):
    session = Session.new(get("gallic"), store, (ANA, EXPERT), {}, seed=17, title="Old")
    session.apply(0, get("gallic").legal_actions(session.state, 0)[0])
    session.close()
    replayed = ReplaySession.load(store, "Old")
    app = make_app(start=lambda app: replay_screen(replayed))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(keys)
        await pilot.pause()
        assert "This is a replay: nothing can be played here." in said(app)


@pytest.mark.parametrize("keys", ["i", "u"])
async def test_the_coach_refuses_at_a_shared_table(tmp_path, keys):
    tables = TableStore(tmp_path / "tables")
    tables.create("gallic", ["alice", "bot:expert"], seed=11)
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: app.open_table("gallic-1"),
        bot_delay=0,
        player="alice",
        tables=TableStore(tables.root),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(keys)
        await pilot.pause()
        said_here = said(app)
        assert (
            "Not at a shared table: the coach would help one player against the others."
            in said_here
        )


async def test_a_spectator_is_told_they_are_watching(tmp_path):
    tables = TableStore(tmp_path / "tables")
    table = tables.create("gallic", ["alice", "bot:expert"], seed=11)
    watch = TableWatch(TableStore(tables.root), table)
    app = BatallasApp(SaveStore(tmp_path / "saves"), start=lambda app: screen_for(watch))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in "iu":
            await pilot.press(key)
            await pilot.pause()
        assert said(app).count("You are watching.") == 2


async def test_a_reopened_game_says_how_the_coach_helped_before(make_app, store):
    session = Session.new(get("gallic"), store, (ANA, EXPERT), {}, seed=17, title="Coached")
    session.mark_hint()
    session.close()
    again = Session.load(store, "Coached")
    app = game_app(make_app, again)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        lines = app.screen.log_lines()
        assert lines[0] == "[i]Played with the coach's help so far: 1 hint, 0 takebacks.[/i]"
