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
from tests.tui.fit import FITS, TIGHT, assert_on_screen, screen_lines, speak
from tui.screens import dialogs
from tui.screens.game_dialogs import HintDialog
from tui.screens.registry import screen_for


@pytest.fixture(autouse=True)
def answer_at_once(monkeypatch):
    monkeypatch.setattr(dialogs, "ANSWER_DELAY", 0.0)


ANA = SeatInfo("human", "Ana")
BOT = SeatInfo("bot", "Strong bot", "strong")
# Gallic in every language and size; each other game once, in one language at 80×24.
CASES = [
    *(pytest.param(*case.values, "gallic", id=f"{case.id}-gallic") for case in FITS),
    pytest.param(TIGHT, "es", "ataque", id="80x24-es-ataque"),
    pytest.param(TIGHT, "it", "alamo", id="80x24-it-alamo"),
    pytest.param(TIGHT, "en", "mates", id="80x24-en-mates"),
    pytest.param(TIGHT, "es", "metauro", id="80x24-es-metauro"),
]


@pytest.mark.parametrize("size, language, game_id", CASES)
async def test_the_hint_fits(make_app, store, size, language, game_id):
    speak(language)
    game = get(game_id)
    seats = (ANA, *[BOT] * (game.min_players - 1 if game.min_players > 1 else 1))
    session = Session.new(game, store, seats, {}, seed=17, title="Coached")
    app = make_app(start=lambda app: screen_for(session))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("f5")
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, HintDialog)
        hint = dialog.hint
        box = dialog.query_one(".coach").region.shrink((1, 1, 1, 1))  # inside the border
        rows = screen_lines(app)[box.y : box.bottom]
        shown = " ".join(" ".join(row[box.x : box.right] for row in rows).split())
        for choice in (hint.best, *hint.others):
            assert " ".join(choice.text.split()) in shown, choice.text
            assert choice.value is None or percent(choice.value) in shown
        assert " ".join(hint.why.split()) in shown
        assert_on_screen(app, _("Play it (Enter)"), _("Close (Esc)"))
