"""The whole log on one key: every bot move of a long turn, searchable, with a summary of
what happened since the player's last move."""

from __future__ import annotations

import random

from engine.ataque.rules import ATAQUE
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.game import GameScreen
from tui.screens.log_view import SINCE, LogScreen
from tui.screens.registry import screen_for

SEATS = (
    SeatInfo("human", "Ana"),
    SeatInfo("bot", "Easy bot", "easy"),
    SeatInfo("bot", "Easy bot", "easy"),
)


def starter(app):
    return screen_for(Session.new(ATAQUE, app.store, SEATS, {}, seed=7, title="Log"))


async def play_my_turn(pilot, app) -> None:
    """Ana plays one turn of legal moves (ending phases when she can), then the bots play
    theirs. She stops the moment her turn passes: on a quiet machine the bots' workers are
    done within one pause, and a loop that looked only before each move played on for
    dozens of rounds, to the 100-round draw."""
    screen = app.screen
    chooser = random.Random(1)
    for _ in range(200):
        state = screen.session.state
        if 0 not in ATAQUE.to_move(state):
            break
        actions = ATAQUE.legal_actions(state, 0)
        ends = [a for a in actions if type(a).__name__ == "EndPhase"]
        screen.act(ends[0] if ends else chooser.choice(actions))
        if 0 not in ATAQUE.to_move(screen.session.state):
            break
        await pilot.pause()
    await settle(pilot, app)


def notes(app) -> list[str]:
    return [f"{n.title} {n.message}" for n in app._notifications]


async def test_the_turn_comes_back_with_a_summary_and_the_whole_log(make_app):
    app = make_app(starter)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await play_my_turn(pilot, app)
        await play_my_turn(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.my_turn
        assert any(n.startswith("Since your last move") for n in notes(app))
        assert all(isinstance(n.message, str) for n in app._notifications)
        await pilot.pause(0.2)  # the toast is drawn
        lines = screen.log_lines()
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        assert isinstance(log, LogScreen)
        assert log.lines == lines and len(lines) > 10  # more than the board's log shows
        options = log.query_one("#log-lines")
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert SINCE in prompts
        # search: a word from an early line, Enter jumps to it, Escape closes only the box
        word = next(w for w in lines[0].split() if w.isalpha() and len(w) > 3)
        await pilot.press("slash", *word, "enter")
        await pilot.pause()
        assert "match" in str(log.query_one("#log-found").render())
        assert word in str(options.highlighted_option.prompt)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is log and not log.query_one("#log-search").display
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_keys_panel_lists_the_keys_the_footer_has_no_room_for(make_app):
    app = make_app(starter)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("k")
        await pilot.pause()
        assert app.screen.query("HelpPanel")
        descriptions = {b.description for _, b, _, _ in app.screen.active_bindings.values()}
        assert {"Bots faster", "Bots slower", "Skip to my turn", "Log"} <= descriptions
        await pilot.press("k")
        await pilot.pause()
        assert not app.screen.query("HelpPanel")
