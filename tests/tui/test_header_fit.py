"""The header at 80×24 in every language: a game's result (who won, after how many battles, both
scores) is whole; the game's name gives way to it when both do not fit. A Metauro battle's line
(turn, who moves) is whole too, at a two-digit turn with the longest side's name."""

from __future__ import annotations

import random

import pytest

from engine.metauro.data import CARTHAGINIANS
from engine.metauro.rules import METAURO
from engine.metauro.state import MOVE
from saves.session import Session
from tests.tui.conftest import played_until, settle
from tests.tui.fit import TIGHT, screen_lines, speak
from tests.tui.test_gallic_play import starting
from tests.tui.test_metauro_play import SEATS
from tui import language
from tui.screens.game import ResultScreen
from tui.screens.registry import screen_for


@pytest.mark.parametrize("code", language.LANGUAGES)
async def test_the_result_in_the_header_keeps_both_scores(make_app, code):
    speak(code)
    app = make_app(starting(seed=4, battles=8, reveal=True))
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        result = screen.game.progress(screen.session.state)
        assert result in screen_lines(app)[0], screen_lines(app)[0]


@pytest.mark.parametrize("code", language.LANGUAGES)
async def test_a_metauro_battle_line_is_whole_in_the_header(make_app, code):
    speak(code)

    def late(state):
        return state.turn >= 10 and state.phase == MOVE and state.mover == CARTHAGINIANS

    def start(app):
        session = Session.new(METAURO, app.store, SEATS, {}, seed=3)
        return screen_for(played_until(session, late, random.Random(3), level="strong"))

    app = make_app(start)
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        screen = app.screen
        line = screen.game.progress(screen.session.state)
        assert line in screen_lines(app)[0], screen_lines(app)[0]
