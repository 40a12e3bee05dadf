"""A table's clock and a seat taken over by its bot at 80×24 in every language: the player
whose seat a bot plays reads, whole, that F9 claims it back, and the time left beside it;
the menu lists the table with the time left."""

from __future__ import annotations

import pytest

from saves.store import SaveStore
from saves.table_clock import parse_clock
from saves.table_deadline import time_left
from saves.tables import TableStore
from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, screen_lines, speak
from tui import language
from tui.app import BatallasApp
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen

START = 1_800_000_000.0


@pytest.mark.parametrize("code", language.LANGUAGES)
async def test_the_claim_back_line_and_the_clock_fit(tmp_path, code):
    speak(code)
    now = [START]
    tables = TableStore(tmp_path / "tables", now=lambda: now[0])
    tables.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("turn:1d"))
    now[0] += 86400 + 1  # bob (to move first) let his day run out
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: app.open_table("metauro-1"),
        bot_delay=0,
        player="bob",
        tables=TableStore(tables.root, now=lambda: now[0]),
    )
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)  # joining took the seat over; bob's client plays his bot
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.table.owners[1] == "bot:strong"
        shown = screen_lines(app)
        status = next(line for line in shown if "F9" in line)
        assert screen.taken_over_text() in status
        assert screen.clock_words().strip() in status
        await pilot.press("escape")  # the menu lists the table with the time left
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        left = time_left(screen.game, screen.session.table, "bob", now[0])
        assert left and any("metauro-1" in line and left in line for line in screen_lines(app))


@pytest.mark.parametrize("code", language.LANGUAGES)
async def test_a_long_prompt_beside_the_clock_goes_on_a_second_line_whole(tmp_path, code):
    """The Gallic exchange's prompt is nearly 80 columns long: beside the clock it used to be
    cut ("…; Enter" and no "keeps all"); now the status line takes a second line for it."""
    speak(code)
    tables = TableStore(tmp_path / "tables", now=lambda: START)
    tables.create("gallic", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"))
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: app.open_table("gallic-1"),
        bot_delay=0,
        player="ana",
        tables=TableStore(tables.root, now=lambda: START + 1),  # the clock stands at 4:59
    )
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        clock = screen.clock_words().strip()
        first, second = (line.strip() for line in screen_lines(app)[-3:-1])
        assert first.endswith(clock)
        said = " ".join([first.removesuffix(clock).strip(), second])
        assert said == screen.prompt_text(screen.view), screen_lines(app)[-3:-1]
