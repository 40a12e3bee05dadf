"""SVG snapshots at fixed sizes with a fixed seed (refresh with --snapshot-update, then look)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.gallic.rules import GALLIC
from saves.record import SeatInfo
from saves.session import Session
from saves.store import SaveStore
from tests.tui.conftest import settle
from tui.app import BatallasApp
from tui.screens.game import screen_for


def app_with(tmp_path: Path, start=None) -> BatallasApp:
    return BatallasApp(
        SaveStore(tmp_path / "saves"), start=start, bot_delay=0, theme="textual-dark"
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_menu(snap_compare, tmp_path, size):
    assert snap_compare(app_with(tmp_path), terminal_size=size)


def gallic_start(app):
    seats = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Bot 2", level="strong"))
    return screen_for(Session.new(GALLIC, app.store, seats, {}, seed=7, title="Snapshot"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_gallic_reveal(snap_compare, tmp_path, size):
    async def exchange_two_and_reveal(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("1", "2", "enter")
        await settle(pilot, pilot.app)

    assert snap_compare(
        app_with(tmp_path, gallic_start), terminal_size=size, run_before=exchange_two_and_reveal
    )
