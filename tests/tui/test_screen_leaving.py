"""Leaving a game screen while its footer has a redraw pending: the leaving screen's widgets
are removed one by one, and a footer still attached must not ask that screen which keys work
(it asked for a hand row that was already gone and closed the app with an error)."""

from __future__ import annotations

import asyncio

from engine.alamo.rules import ALAMO
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.registry import screen_for
from tui.widgets.footer import KeysFooter

SEATS = (SeatInfo("human", "Ana"), SeatInfo("bot", "", "easy"))


async def test_a_footer_redraw_while_its_screen_is_being_removed_asks_nothing(make_app):
    app = make_app(lambda app: screen_for(Session.new(ALAMO, app.store, SEATS, {}, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        leaving = app.screen
        footer = leaving.query_one(KeysFooter)
        leaving.new_game_same_setup()  # "n": the next game's screen replaces this one
        for _ in range(200):  # until the hand rows are gone and the footer is not yet
            if footer.is_attached and not leaving.query("#defence"):
                break
            await asyncio.sleep(0)
        assert footer.is_attached and not leaving.query("#defence")
        await footer._recompose_if_changed()  # the redraw the footer had asked for
        await settle(pilot, app)
        assert app.screen is not leaving and app.screen.query_one("#defence")
