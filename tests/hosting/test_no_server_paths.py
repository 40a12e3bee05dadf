"""A remote player (SSH or browser) never sees the server's folders: every screen, dialog and
message of hosted mode is walked with a ``BATALLAS_HOME`` whose path holds a marker word, and
the word never shows. Nor is a remote player told to type a command: they have no shell.
At their own terminal, a player still sees where their files are."""

from __future__ import annotations

import os
import re

import pytest
from textual.widgets import DataTable, OptionList

from engine import registry
from engine.gallic.rules import GALLIC
from saves.campaigns import PUNIC, BrokenCampaign, campaigns_of
from saves.paths import saves_dir
from saves.record import SeatInfo
from saves.replay import ReplaySession
from saves.session import Session
from saves.store import SaveStore
from saves.tables import TableSession, TableStore, tables_dir
from tests.saves.test_campaigns import finish
from tests.tui.conftest import settle
from tests.tui.fit import screen_lines
from tui import hosting
from tui.app import BatallasApp
from tui.cli import main
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.screens.game import GameScreen, ResultScreen
from tui.screens.log_view import LogScreen
from tui.screens.records import RecordsScreen
from tui.screens.replay import replay_screen
from tui.screens.rules import RulesScreen
from tui.screens.series import SeriesScreen, SeriesSetupScreen
from tui.screens.setup import SetupScreen
from tui.screens.watch import WatchScreen

MARKER = "Qzsecretqz"  # a folder name on the server; no screen may ever show it
SIZE = (200, 50)  # wide: a path shown would fit on one line, whole
ANA = SeatInfo("human", "Ana")
EASY = SeatInfo("bot", "Easy bot", "easy")
COMMAND = re.compile(r"`?batallas [a-z-]+")  # "batallas table new", "`batallas mates-deck`"


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / MARKER / "srv"
    monkeypatch.setenv("BATALLAS_HOME", str(home))
    monkeypatch.delenv("BATALLAS_TABLES", raising=False)
    return home


def seeded(home) -> SaveStore:
    """Alice's folder as `batallas --hosted` makes it: a game, a finished one, a campaign, and
    files that cannot be read (a torn save, a folder named like one, a torn campaign)."""
    store = SaveStore(saves_dir() / "players" / "alice")
    store.root.mkdir(parents=True, exist_ok=True)
    Session.new(GALLIC, store, (ANA, EASY), {}, seed=5, title="Alesia").close()
    finish(Session.new(GALLIC, store, (ANA, EASY), {"battles": 5}, seed=2, title="Won"))
    (store.root / "torn.json").write_text('{"format": "batallas-save", "ver')
    (store.root / "hollow.json").mkdir()
    campaigns = campaigns_of(store)
    made = campaigns.create(PUNIC, "Punic", (ANA, EASY), {"consul": "Nero"}, seed=1)
    campaigns.start_next(made.name, 0).close()
    (campaigns.root / "ripped.json").write_text('{"format": "batallas-campaign", "ver')
    return store


def app_for(store, hosted=True) -> BatallasApp:
    tables = TableStore(tables_dir())
    return BatallasApp(store, bot_delay=0, hosted=hosted, player="alice", tables=tables)


def everything_shown(app) -> str:
    """The screen as drawn (dialogs and toasts included) and every message, whole."""
    messages = [str(n.message) for n in app._notifications]
    return "\n".join([*screen_lines(app), *messages])


def assert_private(app, where: str) -> None:
    shown = everything_shown(app)
    paths = [line.strip() for line in shown.splitlines() if MARKER in line]
    assert not paths, f"{where} shows a server path: {paths}"
    commands = COMMAND.findall(shown)
    assert not commands, f"{where} tells a remote player to type {commands}"


async def look(pilot, app, screen, where: str) -> None:
    app.push_screen(screen)
    await settle(pilot, app)
    assert_private(app, where)


# The walk is cut in three (each game; the menu's other screens; a game's dialogs) so that
# the suite's two workers share it.
@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
async def test_no_game_screen_shows_a_server_path_when_hosted(home, game_id):
    store = seeded(home)
    app = app_for(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        assert_private(app, "the menu")
        game = registry.get(game_id)
        await look(pilot, app, SetupScreen(game), f"{game_id} setup")
        await look(pilot, app, RulesScreen(game), f"{game_id} rules")
        app.pop_screen()
        app.pop_screen()
        level = next(iter(game.bots))
        bots = [SeatInfo("bot", f"Bot {n}", level) for n in range(game.min_players - 1)]
        seats = (ANA, *bots) if bots else (ANA,)
        app.open_session(Session.new(game, store, seats, {}, seed=3, players=len(seats)))
        await settle(pilot, app)
        assert_private(app, f"the {game_id} screen")
        app.screen.action_log()
        await settle(pilot, app)
        assert isinstance(app.screen, LogScreen)
        assert_private(app, f"the {game_id} log")
        app.pop_screen()
        await pilot.press("escape")  # back to the menu (saved)
        await settle(pilot, app)
        assert_private(app, f"the menu after {game_id}")


async def test_no_menu_screen_shows_a_server_path_when_hosted(home):
    store = seeded(home)
    app = app_for(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        await look(pilot, app, CampaignsScreen(), "the campaigns")
        table = app.screen.query_one(DataTable)
        for broken in ("torn", "hollow"):
            table.focus()
            table.move_cursor(row=table.get_row_index(broken))
            await pilot.pause()
            assert_private(app, f"the reason {broken} cannot be read")
            await pilot.press("enter")  # cannot be opened: the toast says why
            await pilot.press("p")  # nor replayed
            await pilot.pause()
            assert "cannot be replayed" in everything_shown(app)
            assert_private(app, f"opening {broken}")
        campaigns = app.screen.query_one("#series-list", OptionList)
        campaigns.focus()
        for index in range(campaigns.option_count):
            campaigns.highlighted = index
            await pilot.pause()
            if isinstance(app.screen.selected_campaign(), BrokenCampaign):
                await pilot.press("enter")  # cannot be opened: the toast says why
                await pilot.pause()
            assert_private(app, f"campaign {index}")
        assert "ripped.json cannot be opened" in everything_shown(app)
        (punic,) = [c.name for c in campaigns_of(store).list() if hasattr(c, "title")]
        await look(pilot, app, SeriesScreen(punic), "a campaign's history")
        app.pop_screen()
        await look(pilot, app, SeriesSetupScreen(), "a new campaign")
        app.pop_screen()
        app.pop_screen()

        await look(pilot, app, RecordsScreen(), "the records")
        app.pop_screen()
        await look(pilot, app, WatchScreen(), "watch, with no table")
        app.pop_screen()


async def test_no_dialog_of_a_game_shows_a_server_path_when_hosted(home, monkeypatch):
    store = seeded(home)
    app = app_for(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        app.push_screen(replay_screen(ReplaySession.load(store, "Alesia")))
        await settle(pilot, app)
        assert_private(app, "a replay")
        app.pop_screen()
        app.resume("torn")  # Continue on a file that cannot be read
        await pilot.pause()
        assert "Cannot open torn" in everything_shown(app)
        assert_private(app, "continuing a broken save")
        app.resume("Won")
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        assert_private(app, "a finished game's result")
        await pilot.press("m")
        await settle(pilot, app)

        elsewhere = Session.load(SaveStore(store.root), "Alesia")  # a frozen connection
        app.resume("Alesia")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_private(app, "taking over a game open elsewhere")
        await pilot.press("y")
        await settle(pilot, app)
        elsewhere.close()
        assert isinstance(app.screen, GameScreen)
        app.screen.action_keys()
        await pilot.pause()
        assert_private(app, "the keys")
        app.screen.action_keys()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        assert_private(app, "save as")
        await pilot.press("escape")
        await pilot.pause()

        def disk_full(fd):
            raise OSError(28, "No space left on device", str(store.path("Alesia")))

        monkeypatch.setattr(os, "fsync", disk_full)
        app.screen.act(app.screen.game.legal_actions(app.screen.session.state, 0)[0])
        await settle(pilot, app)
        assert "No space left on device" in everything_shown(app)
        assert_private(app, "a move that cannot be saved")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_private(app, "quitting with moves not saved")
        await pilot.press("n")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_private(app, "leaving with moves not saved")
        monkeypatch.undo()


async def test_a_table_says_no_command_to_a_remote_player(home):
    store = seeded(home)
    tables = TableStore(tables_dir())
    table = tables.create("alamo", ["alice", "bot:easy"], seed=4)
    app = app_for(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await look(pilot, app, WatchScreen(), "watch, with a table")
        app.pop_screen()
        app.open_session(TableSession.join(tables, table.name, "alice"))
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert_private(app, "a table")
        app.screen.new_game_same_setup()  # "n" on a table's result
        await pilot.pause()
        assert_private(app, "another table")


@pytest.mark.parametrize("filled", [False, True])
async def test_at_their_own_terminal_a_player_sees_where_their_files_are(home, filled):
    store = seeded(home) if filled else SaveStore(saves_dir())
    app = app_for(store, hosted=False)
    screens = [CampaignsScreen, WatchScreen] + ([] if filled else [RecordsScreen])
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for screen in screens:
            app.push_screen(screen())
            await settle(pilot, app)
            assert MARKER in everything_shown(app), screen.__name__
            app.pop_screen()


def browser_app(store) -> BatallasApp:
    """A browser tab's app, as ``tui.serve.app_main`` makes it: hosted, nobody in particular."""
    return BatallasApp(store, bot_delay=0, hosted=True)


@pytest.mark.parametrize("filled", [False, True])
async def test_a_browser_tab_shows_no_server_path_either(home, filled):
    store = seeded(home) if filled else SaveStore(saves_dir())
    app = browser_app(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        assert_private(app, "the menu")
        for screen in (CampaignsScreen(), RecordsScreen()):
            await look(pilot, app, screen, type(screen).__name__)
            app.pop_screen()


async def test_an_empty_folder_is_not_named_either(home):
    store = SaveStore(saves_dir() / "players" / "alice")
    app = app_for(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for screen in (CampaignsScreen(), RecordsScreen(), WatchScreen()):
            await look(pilot, app, screen, f"{type(screen).__name__}, empty")
            app.pop_screen()


@pytest.fixture
def hosted_cli(home, monkeypatch):
    """`batallas --hosted …` as sshd runs it (it cleans os.environ: the test gets a copy)."""
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setenv("BATALLAS_HOME", str(home))
    monkeypatch.setenv("BATALLAS_PLAYER", "alice")
    monkeypatch.setattr(hosting, "has_terminal", lambda: True)
    return home


def printed(capsys) -> str:
    out = capsys.readouterr()
    return out.out + out.err


def test_hosted_commands_print_no_server_path(hosted_cli, capsys):
    assert main(["--hosted", "saves"]) == 0
    assert main(["--hosted", "table", "list"]) == 0
    empty = printed(capsys)
    assert "No saved games yet." in empty and "No tables for alice yet." in empty
    seeded(hosted_cli)
    TableStore(tables_dir()).create("alamo", ["alice", "bot:easy"], seed=4)
    assert main(["--hosted", "saves"]) == 0
    assert main(["--hosted", "table", "list"]) == 0
    listed = printed(capsys)
    assert "torn" in listed and "alamo-1" in listed
    assert MARKER not in empty + listed


@pytest.mark.parametrize("command", [["saves"], ["table", "list"]])
def test_a_broken_server_folder_is_not_named_to_a_remote_player(hosted_cli, capsys, command):
    hosted_cli.parent.mkdir(parents=True)
    hosted_cli.write_text("not a folder")  # $BATALLAS_HOME is a file
    assert main(["--hosted", *command]) == 2
    said = printed(capsys)
    assert "please tell its host" in said and MARKER not in said
