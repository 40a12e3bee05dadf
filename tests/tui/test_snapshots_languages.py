"""The menu and one screen of each game in Spanish and Italian at 80×24 (the same scenes as
test_snapshots.py; refresh with --snapshot-update, then look at them)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import settle
from tests.tui.test_snapshots import (
    alamo_start,
    app_with,
    ataque_start,
    drive_until,
    gallic_start,
    mates_start,
)
from tui import language

LANGUAGES = ["es", "it"]
SIZE = (80, 24)


@pytest.fixture(params=LANGUAGES)
def speaking(request):
    language.install(request.param)
    return request.param


def test_menu(snap_compare, tmp_path, speaking):
    assert snap_compare(app_with(tmp_path), terminal_size=SIZE)


def test_gallic_reveal(snap_compare, tmp_path, speaking):
    async def exchange_two_and_reveal(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("1", "2", "enter")
        await settle(pilot, pilot.app)

    app = app_with(tmp_path, gallic_start)
    assert snap_compare(app, terminal_size=SIZE, run_before=exchange_two_and_reveal)


def test_alamo_solitaire_assault(snap_compare, tmp_path, speaking):
    from engine.alamo.state import REPEL
    from saves.record import SeatInfo
    from tests.tui.test_alamo_play import texan_keys

    async def assault(pilot):
        await drive_until(pilot, lambda v: v.phase == REPEL, texan_keys)

    app = app_with(tmp_path, alamo_start((SeatInfo(kind="human", name="Travis"),), 3))
    assert snap_compare(app, terminal_size=SIZE, run_before=assault)


def test_mates_puzzle(snap_compare, tmp_path, speaking):
    async def shown(pilot):
        await settle(pilot, pilot.app)

    assert snap_compare(app_with(tmp_path, mates_start(1, 3)), terminal_size=SIZE, run_before=shown)


def test_metauro_deployment(snap_compare, tmp_path, speaking):
    from tests.tui.test_snapshots import metauro_start

    async def shown(pilot):
        await settle(pilot, pilot.app)

    assert snap_compare(app_with(tmp_path, metauro_start), terminal_size=SIZE, run_before=shown)


def test_ataque_map(snap_compare, tmp_path, speaking):
    async def show(pilot):
        await drive_until(pilot, lambda view: True, lambda view: [])
        await pilot.press("m")
        await pilot.pause()

    assert snap_compare(app_with(tmp_path, ataque_start), terminal_size=SIZE, run_before=show)
