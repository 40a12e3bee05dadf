"""Two apps at one table, as two people at two terminals would be."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import pytest

from engine import registry
from engine.gallic.actions import Discard
from saves import locks
from saves.locks import exclusive
from saves.store import SaveStore
from saves.tables import CHANGED, TableSession, TableStore
from tests.tui.conftest import settle
from tui.app import BatallasApp
from tui.screens.game import GameScreen, HandOverScreen
from tui.screens.menu import MenuScreen
from tui.widgets.status import StatusBar

SIZE = (120, 40)
# A screen that waited for a held lock on its own thread would freeze for the whole lock
# timeout; a busy machine delays a key by a second or two. Far apart, so neither passes for
# the other.
FROZEN = 30.0
ANSWERED = 5.0


def table_app(tmp_path, tables: TableStore, player: str, table: str | None = None):
    """``player``'s app, sitting at ``table`` (or at the menu)."""

    def start(app):
        app.open_table(table)

    return BatallasApp(
        SaveStore(tmp_path / f"saves-{player}"),
        start=start if table else None,
        bot_delay=0,
        player=player,
        tables=TableStore(tables.root),  # a client of its own, as in another process
    )


def prompt(app) -> str:
    return str(app.screen.query_one(StatusBar).query_one("#prompt").render())


async def wait_for(pilot, check, timeout: float = 1.0) -> float:
    """Seconds until ``check()`` holds; fails after ``timeout``."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, "not within the time allowed"
        await pilot.pause(0.02)
    return time.monotonic() - started


async def test_a_move_reaches_the_other_players_screen_within_a_second(tmp_path, tables):
    tables.create("gallic", ["alice", "bob"], seed=11)
    alice_app = table_app(tmp_path, tables, "alice", "gallic-1")
    bob_app = table_app(tmp_path, tables, "bob", "gallic-1")
    async with alice_app.run_test(size=SIZE) as alice, bob_app.run_test(size=SIZE) as bob:
        await alice.pause()
        await bob.pause()
        alice_screen, bob_screen = alice_app.screen, bob_app.screen
        assert isinstance(alice_screen, GameScreen) and alice_screen.viewer == 0
        assert isinstance(bob_screen, GameScreen) and bob_screen.viewer == 1
        assert set(bob_screen.view.sides[0].hand) == {-1}  # alice's cards face down for bob

        await alice.press("1", "enter")  # exchange one card
        await alice.pause()
        assert alice_screen.session.version == 1
        assert not isinstance(alice_app.screen, HandOverScreen)  # own terminal: no hand-over
        assert alice_screen.viewer == 0 and prompt(alice_app) == "Waiting for bob…"

        await wait_for(bob, lambda: 0 in bob_screen.view.chosen)
        assert bob_screen.session.version == 1
        assert set(bob_screen.view.sides[0].hand) == {-1}  # still hidden after the refresh


async def test_a_stale_move_is_refused_with_the_message_and_shows_the_new_position(
    tmp_path, tables
):
    tables.create("gallic", ["alice", "bob"], seed=11)
    bob_app = table_app(tmp_path, tables, "bob", "gallic-1")
    async with bob_app.run_test(size=SIZE) as bob:
        await bob.pause()
        screen = bob_app.screen
        # Alice moves from her terminal; bob acts before his next look at the table.
        TableSession.join(TableStore(tables.root), "gallic-1", "alice").apply(0, Discard(()))
        assert screen.session.version == 0
        assert not screen.act(Discard(()))
        await bob.pause()
        assert any(n.message == CHANGED for n in bob_app._notifications)
        assert screen.session.version == 1 and 0 in screen.view.chosen
        assert tables.load("gallic-1").version == 1  # bob's stale move was not written
        assert screen.act(Discard(()))  # from the new position it lands
        assert tables.load("gallic-1").version == 2


def first_to_move(tables, table) -> str:
    return table.owners[tables.game(table).to_move(table.record.state)[0]]


async def test_the_menu_lists_my_tables_and_says_whose_turn_it_is(tmp_path, tables):
    table = tables.create("ataque", ["alice", "bob", "bot:easy"], seed=4)
    tables.create("gallic", ["carol", "dan"], seed=4)
    player = first_to_move(tables, table)
    app = table_app(tmp_path, tables, player)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu")
        options = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        tables_shown = [o for o in options if o.startswith("Table")]
        assert len(tables_shown) == 1  # not carol's table
        assert "ataque-1" in tables_shown[0] and "your turn" in tables_shown[0]
        menu.highlighted = options.index(tables_shown[0])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.at_table
        assert app.screen.viewer == table.seat_of(player) and app.screen.my_turn
        footer_keys = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "save_as" not in footer_keys  # every move is already on the table


async def test_a_login_spelled_otherwise_sees_no_table_and_no_turn_of_hers(tmp_path, tables):
    table = tables.create("gallic", ["alice", "bob"], seed=4)
    assert first_to_move(tables, table) == "alice"
    app = table_app(tmp_path, tables, "ALICE")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        options = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert not [o for o in options if o.startswith("Table")]


async def test_the_others_menu_says_whose_turn_it_is(tmp_path, tables):
    table = tables.create("ataque", ["alice", "bob", "bot:easy"], seed=4)
    player = first_to_move(tables, table)
    other = "alice" if player == "bob" else "bob"
    app = table_app(tmp_path, tables, other)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        first = str(menu.get_option_at_index(0).prompt)
        assert "ataque-1" in first and f"{player}'s turn" in first and "your turn" not in first


async def test_a_bot_at_the_table_moves_through_the_table(tmp_path, tables):
    tables.create("gallic", ["alice", "bot:easy"], seed=6)
    expected = TableSession.join(TableStore(tables.root), "gallic-1", "alice").bot_action(1)
    app = table_app(tmp_path, tables, "alice", "gallic-1")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        table = tables.load("gallic-1")
        assert table.record.actions == ((1, expected),)  # the deterministic bot move, once
        assert app.screen.session.version == 1


@pytest.mark.parametrize("game_id", [e.id for e in registry.ENTRIES])
async def test_every_game_opens_at_a_table_and_its_bots_play_through_it(tmp_path, tables, game_id):
    bots = max(1, registry.entry(game_id).min_players - 1)
    table = tables.create(game_id, ["alice", *["bot:easy"] * bots], seed=3)
    app = table_app(tmp_path, tables, "alice", table.name)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.at_table and screen.viewer == 0
        now = tables.load(table.name)
        assert now.version == len(now.record.actions) == screen.session.version
        pending = screen.game.to_move(now.record.state)
        assert pending == () or 0 in pending  # the bots stop only where alice must act
        escape = screen._bindings.key_to_bindings["escape"]  # before any key of the game's
        assert any(b.action == "cancel_table_wait" and b.priority for b in escape)


@contextmanager
def lock_held_elsewhere(tables: TableStore, name: str):
    """The table's lock, held by another thread until the block ends (another client
    writing, or one stuck halfway)."""
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with exclusive(tables.root / f"{name}.lock", "the table", timeout=1):
            held.set()
            release.wait(2 * FROZEN)

    thread = threading.Thread(target=hold)
    thread.start()
    assert held.wait(5)
    try:
        yield release
    finally:
        release.set()
        thread.join()


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def timed_press(pilot, *keys) -> float:
    started = time.monotonic()
    await pilot.press(*keys)
    return time.monotonic() - started


async def test_a_locked_table_never_freezes_the_screen_and_the_wait_can_be_cancelled(
    tmp_path, tables, monkeypatch
):
    monkeypatch.setattr(locks, "LOCK_TIMEOUT", FROZEN)
    tables.create("gallic", ["alice", "bob"], seed=11)
    app = table_app(tmp_path, tables, "alice", "gallic-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        with lock_held_elsewhere(tables, "gallic-1") as release:
            assert await timed_press(pilot, "1", "enter") < ANSWERED  # the move key, answered
            await pilot.pause()
            assert prompt(app) == "Waiting for the table… Escape cancels your move."
            assert await timed_press(pilot, "l") < ANSWERED  # other keys work meanwhile
            assert app.screen is not screen  # the log opened
            await pilot.press("escape")  # closes the log
            assert app.screen is screen
            assert await timed_press(pilot, "enter") < ANSWERED  # another move is told to wait
            assert "Your move is still waiting for the table: Escape cancels it." in notes(app)

            await pilot.press("escape")  # cancel: the move is not made, and it says so
            await wait_for(
                pilot, lambda: any("The move was not made" in n for n in notes(app)), ANSWERED
            )
            assert app.screen is screen and screen.my_turn  # still at the table
            assert not prompt(app).startswith("Waiting for the table")
            assert tables.load("gallic-1").version == 0

            await pilot.press("enter")  # again, and this time the other client lets go
            await pilot.pause()
            assert prompt(app).startswith("Waiting for the table")
            release.set()
            await wait_for(pilot, lambda: screen.session.version == 1, timeout=ANSWERED)
        await pilot.pause()
        assert tables.load("gallic-1").version == 1
        assert prompt(app) == "Waiting for bob…"


async def test_a_bot_move_waits_for_a_locked_table_without_freezing_the_screen(
    tmp_path, tables, monkeypatch
):
    monkeypatch.setattr(locks, "LOCK_TIMEOUT", FROZEN)
    tables.create("gallic", ["alice", "bot:easy"], seed=6)
    app = table_app(tmp_path, tables, "alice", "gallic-1")
    with lock_held_elsewhere(tables, "gallic-1") as release:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: prompt(app).startswith("Waiting for the table"), 10.0)
            assert await timed_press(pilot, "l") < ANSWERED
            await pilot.press("escape")  # closes the log
            assert isinstance(app.screen, GameScreen)
            release.set()
            await wait_for(pilot, lambda: app.screen.session.version == 1, timeout=ANSWERED)
    assert tables.load("gallic-1").version == 1
