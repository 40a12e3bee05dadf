"""The header at 80×24 in every language: a game's result (who won, after how many battles, both
scores) is whole; the game's name gives way to it when both do not fit."""

from __future__ import annotations

import pytest

from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, screen_lines, speak
from tests.tui.test_gallic_play import starting
from tui import language
from tui.screens.game import ResultScreen


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
