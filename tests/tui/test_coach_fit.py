"""The coach's hint at 80×24 in every language (and 120×40): the move, its value, why, the
next choices and the keys, nothing cut."""

from __future__ import annotations

import pytest

from engine.coach import percent
from engine.i18n import _
from engine.registry import get
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import assert_on_screen, fits, screen_lines, speak
from tui.screens import dialogs
from tui.screens.game_dialogs import HintDialog
from tui.screens.registry import screen_for


@pytest.fixture(autouse=True)
def answer_at_once(monkeypatch):
    monkeypatch.setattr(dialogs, "ANSWER_DELAY", 0.0)


@fits
async def test_the_gallic_hint_fits(make_app, store, size, language):
    speak(language)
    seats = (SeatInfo("human", "Ana"), SeatInfo("bot", "Expert bot", "expert"))
    session = Session.new(get("gallic"), store, seats, {}, seed=17, title="Coached")
    app = make_app(start=lambda app: screen_for(session))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("i")
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, HintDialog)
        hint = dialog.hint
        box = dialog.query_one(".coach").region.shrink((1, 1, 1, 1))  # inside the border
        rows = screen_lines(app)[box.y : box.bottom]
        shown = " ".join(" ".join(row[box.x : box.right] for row in rows).split())
        for choice in (hint.best, *hint.others):
            assert " ".join(choice.text.split()) in shown, choice.text
            assert percent(choice.value) in shown
        assert " ".join(hint.why.split()) in shown
        assert_on_screen(app, _("Play it (Enter)"), _("Close (Esc)"))
