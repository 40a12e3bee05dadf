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
from tui.screens.registry import screen_for


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


def alamo_start(seats, seed):
    from engine.alamo.rules import ALAMO

    def start(app):
        return screen_for(
            Session.new(ALAMO, app.store, seats, {}, seed=seed, players=len(seats), title="S")
        )

    return start


async def drive_until(pilot, wanted, keys) -> None:
    """Play with ``keys(view)`` until ``wanted(view)`` holds on the player's turn."""
    screen = pilot.app.screen
    for _ in range(400):
        await settle(pilot, pilot.app)
        if screen.my_turn and wanted(screen.view):
            return
        if screen.my_turn:
            await pilot.press(*keys(screen.view))
    raise AssertionError("never reached the wanted moment")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_alamo_composing_an_attack(snap_compare, tmp_path, size):
    from engine.alamo.state import ATTACK
    from tests.tui.test_alamo_play import mexican_keys

    seats = (
        SeatInfo(kind="bot", name="Travis", level="strong"),
        SeatInfo(kind="human", name="Ana"),
    )

    async def compose(pilot):
        await drive_until(
            pilot, lambda v: v.phase == ATTACK and len(v.selection) >= 2, mexican_keys
        )

    assert snap_compare(
        app_with(tmp_path, alamo_start(seats, 21)), terminal_size=size, run_before=compose
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_alamo_solitaire_assault(snap_compare, tmp_path, size):
    from engine.alamo.state import REPEL
    from tests.tui.test_alamo_play import texan_keys

    async def assault(pilot):
        await drive_until(pilot, lambda v: v.phase == REPEL, texan_keys)

    seats = (SeatInfo(kind="human", name="Travis"),)
    assert snap_compare(
        app_with(tmp_path, alamo_start(seats, 3)), terminal_size=size, run_before=assault
    )


def metauro_start(app):
    from engine.metauro.rules import METAURO

    seats = (SeatInfo(kind="human", name="Nero"), SeatInfo(kind="bot", name="S", level="strong"))
    return screen_for(Session.new(METAURO, app.store, seats, {}, seed=2, title="S"))


def metauro_mid_battle(app):
    """Seed 2 played by the strong bot for both sides, straight through the engine, up to the
    Romans' first move after a clash: the same position however loaded the machine is (played
    through the screen, a settle that came back early could change the game)."""
    import random

    from engine.metauro.rules import METAURO as game
    from engine.metauro.state import MOVE

    seats = (SeatInfo(kind="human", name="Nero"), SeatInfo(kind="bot", name="S", level="strong"))
    session = Session.new(game, app.store, seats, {}, seed=2, title="S")
    strong = game.bots["strong"]
    for ply in range(2000):
        state = session.state
        seat = game.to_move(state)[0]
        fought = any(type(e).__name__ == "Fought" for e in state.log)
        if seat == 0 and state.phase == MOVE and fought:
            return screen_for(session)
        session.apply(seat, strong(game.view(state, seat), seat, random.Random(ply)))
    raise AssertionError("no clash happened")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_metauro_mid_battle(snap_compare, tmp_path, size):
    async def shown(pilot):
        await settle(pilot, pilot.app)

    assert snap_compare(
        app_with(tmp_path, metauro_mid_battle), terminal_size=size, run_before=shown
    )


def mates_start(players: int, seed: int):
    from engine.mates.rules import MATES

    seats = (SeatInfo(kind="human", name="Ana"),) + tuple(
        SeatInfo(kind="bot", name=f"Bot {i}", level="strong") for i in range(1, players)
    )

    def start(app):
        return screen_for(
            Session.new(
                MATES, app.store, seats, {"puzzles": 10}, seed=seed, players=players, title="S"
            )
        )

    return start


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_mates_piece_attack_on_two_defender_cards(snap_compare, tmp_path, size):
    from engine.mates.state import COUNTER

    async def counter(pilot):
        await drive_until(pilot, lambda v: v.phase == COUNTER, lambda v: [])

    assert snap_compare(
        app_with(tmp_path, mates_start(3, 4)), terminal_size=size, run_before=counter
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_mates_puzzle(snap_compare, tmp_path, size):
    async def shown(pilot):
        await settle(pilot, pilot.app)

    assert snap_compare(app_with(tmp_path, mates_start(1, 3)), terminal_size=size, run_before=shown)


def ataque_start(app):
    from engine.ataque.rules import ATAQUE

    seats = (
        SeatInfo(kind="human", name="Ana"),
        SeatInfo(kind="bot", name="Teg", level="teg"),
        SeatInfo(kind="bot", name="Strong", level="strong"),
    )
    return screen_for(Session.new(ATAQUE, app.store, seats, {}, seed=4, players=3, title="S"))


@pytest.mark.parametrize("size,tab", [((120, 40), "m"), ((120, 40), "t"), ((80, 24), "m")])
def test_ataque(snap_compare, tmp_path, size, tab):
    async def show(pilot):
        # The bots' opening turns must be over: wait until the human is to move.
        await drive_until(pilot, lambda view: True, lambda view: [])
        await pilot.press(tab)
        await pilot.pause()

    assert snap_compare(app_with(tmp_path, ataque_start), terminal_size=size, run_before=show)


STAMP = "2026-11-30T18:00:00.000Z"


def finished_gallic(store: SaveStore, title: str, seed: int):
    """A finished bot game of La Guerra Gallica with fixed dates (snapshots never age)."""
    import random

    import attrs

    seats = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Bot", level="easy"))
    session = Session.new(GALLIC, store, seats, {"battles": 5}, seed=seed, title=title)
    chooser = random.Random(seed)
    while session.outcome() is None:
        seat = GALLIC.to_move(session.state)[0]
        session.apply(seat, chooser.choice(GALLIC.legal_actions(session.state, seat)))
    record = store.save(attrs.evolve(session.record, created=STAMP, updated=STAMP))
    session.close()
    return record


def test_campaigns_screen(snap_compare):
    import shutil
    import tempfile

    folder = Path(tempfile.gettempdir()) / "batallas-snapshot" / "saves"  # shown on screen
    shutil.rmtree(folder, ignore_errors=True)
    store = SaveStore(folder)
    finished_gallic(store, "Alesia", 3)
    finished_gallic(store, "Gergovia", 5)
    (store.root / "torn.json").write_text('{"format": "batallas-save", "sch')

    async def open_campaigns(pilot):
        await pilot.press("l")
        await pilot.pause()

    app = BatallasApp(store, bot_delay=0, theme="textual-dark")
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_campaigns)


def test_replay_of_a_finished_game(snap_compare, tmp_path):
    from saves.replay import ReplaySession
    from tui.screens.replay import replay_screen

    store = SaveStore(tmp_path / "saves")
    record = finished_gallic(store, "Alesia", 3)

    def start(app):
        return replay_screen(ReplaySession(GALLIC, record))

    async def step(pilot):
        await pilot.pause()
        await pilot.press("home", "pagedown", "pagedown", "right")
        await pilot.pause()

    app = BatallasApp(store, start=start, bot_delay=0, theme="textual-dark")
    assert snap_compare(app, terminal_size=(80, 24), run_before=step)


def test_watch_list(snap_compare, tmp_path, monkeypatch):
    """The live tables of the host, as a player sees them from the menu's Watch entry."""
    import shutil
    import tempfile

    from saves.tables import TableStore
    from tui.screens import watch
    from tui.screens.watch import WatchScreen

    monkeypatch.setattr(watch, "since", lambda iso, now=None: "3 min")
    folder = Path(tempfile.gettempdir()) / "batallas-snapshot" / "tables"  # shown on screen
    shutil.rmtree(folder, ignore_errors=True)
    tables = TableStore(folder)
    tables.create("gallic", ["ana", "bot:strong"], seed=3)
    tables.create("ataque", ["ana", "bruno", "carla", "bot:teg"], seed=5)
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        bot_delay=0,
        theme="textual-dark",
        player="dora",
        tables=tables,
    )

    async def open_watch(pilot):
        await pilot.pause()
        pilot.app.push_screen(WatchScreen())
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_watch)
