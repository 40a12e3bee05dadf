"""Toasts (the "since your last move" summary, warnings) at 80×24: never over the prompt line or
the player's hand, and none over a dialog."""

from __future__ import annotations

from textual.widgets._toast import Toast

from engine.gallic.rules import GALLIC
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, screen_text
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import GameScreen
from tui.screens.game_log import SUMMARY
from tui.screens.registry import screen_for
from tui.widgets.status import StatusBar

NEWS = "\n".join(f"Line {n} of what the others did since your last move" for n in range(1, 6))


def gallic_vs_bot(app):
    seats = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Bot", level="easy"))
    return screen_for(Session.new(GALLIC, app.store, seats, {}, seed=11))


def toasts(app) -> list[Toast]:
    return [t for t in app.screen.query(Toast) if t.visible and t.region.area]


async def test_a_summary_covers_neither_the_prompt_nor_the_hand(make_app):
    app = make_app(gallic_vs_bot)
    async with app.run_test(size=TIGHT, notifications=True) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.notify(NEWS, title=SUMMARY, timeout=8, markup=False)
        await pilot.pause(0.2)
        shown = toasts(app)
        assert shown
        kept = [screen.query_one(StatusBar), screen.query_one("#my-hand")]
        for toast in shown:
            for widget in kept:
                assert not toast.region.overlaps(widget.region), (toast.region, widget)


async def test_no_toast_over_a_dialog(make_app):
    """Neither one shown before the dialog opened nor one said while it is up (the summary
    of the last moves came a moment after the Mates result dialog, and covered it)."""
    app = make_app(gallic_vs_bot)
    async with app.run_test(size=TIGHT, notifications=True) as pilot:
        await settle(pilot, app)
        app.notify(NEWS, title=SUMMARY, timeout=8, markup=False)
        await pilot.pause(0.2)
        app.push_screen(ConfirmDialog(lambda: "Leave this game?"))
        await pilot.pause(0.2)
        app.notify("A warning said while the dialog is up", severity="warning")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ConfirmDialog)
        assert not toasts(app)
        text = screen_text(app)
        assert "Line 1 of what" not in text and "A warning said" not in text
