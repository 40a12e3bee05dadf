"""The chat at two terminals of one table: a line typed at one reaches the other's log with
the table's poll; a spectator the creator did not let write is told so in one line."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList

from engine.registry import get
from saves.store import SaveStore
from saves.table_chat import say
from saves.tables import TableSession, TableStore, TableWatch
from tests.tables.test_pilot import SIZE, notes, table_app, wait_for
from tests.tables.test_rematch import finished
from tui.app import BatallasApp
from tui.screens.dialogs import ANSWER_DELAY
from tui.screens.game import GameScreen, ResultScreen
from tui.screens.log_view import LogScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for
from tui.screens.table_chat import ChatBox
from tui.widgets.log import EventLog

HOSTILE = "[b]gg[/b] \\"  # markup and a trailing backslash: shown exactly as typed


def _plain(line: str) -> str:
    return Text.from_markup(line, emoji=False).plain


def options(menu) -> str:
    lines = menu.query_one(OptionList)
    return "\n".join(str(lines.get_option_at_index(i).prompt) for i in range(lines.option_count))


def log_text(app) -> str:
    return "\n".join(line.text for line in app.screen.query_one(EventLog).lines)


async def test_a_line_typed_at_one_screen_shows_in_the_others_log(tmp_path, tables):
    tables.create("gallic", ["alice", "bob"], name="t1", seed=11)
    alice_app = table_app(tmp_path, tables, "alice", "t1")
    bob_app = table_app(tmp_path, tables, "bob", "t1")
    async with alice_app.run_test(size=SIZE) as alice, bob_app.run_test(size=SIZE) as bob:
        await alice.pause()
        await bob.pause()
        await alice.press("h")
        assert isinstance(alice_app.screen, ChatBox)
        await alice.press(*HOSTILE, "enter")
        await alice.pause()
        assert isinstance(alice_app.screen, GameScreen)
        assert f"alice: {HOSTILE}" in log_text(alice_app)
        await wait_for(bob, lambda: f"alice: {HOSTILE}" in log_text(bob_app))
        assert bob_app.screen.session.version == 0  # no move was made by talking
        await bob.press("l")  # the whole log has it too, as plain text
        full = bob_app.screen
        assert isinstance(full, LogScreen)
        assert any(f"alice: {HOSTILE}" in _plain(line) for line in full.lines)


async def test_a_spectator_without_permission_is_refused_in_one_line(tmp_path, tables):
    tables.create("gallic", ["alice", "bob"], name="t1", seed=11)
    watch = TableWatch.open(TableStore(tables.root), "t1")
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: screen_for(watch),
        bot_delay=0,
        player="carla",
        tables=TableStore(tables.root),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert not isinstance(app.screen, ChatBox)
        assert notes(app) == ["Spectators may read this table's chat, not write in it."]


async def test_rematch_from_the_result_screen_and_the_others_menu_says_so(tmp_path, tables):
    finished(tables, ["ana", "bea"], "duel")
    ana_app = table_app(tmp_path, tables, "ana", "duel")
    bea_app = table_app(tmp_path, tables, "bea")  # at the menu
    async with ana_app.run_test(size=SIZE) as ana, bea_app.run_test(size=SIZE) as bea:
        await wait_for(ana, lambda: isinstance(ana_app.screen, ResultScreen))
        await ana.pause(ANSWER_DELAY + 0.1)
        await ana.press("n")
        await wait_for(ana, lambda: getattr(ana_app.screen, "session", None) is not None)
        await ana.pause()
        session = ana_app.screen.session
        assert (session.name, session.seat) == ("duel-2", 1)  # seats moved on by one
        menu = bea_app.screen
        assert isinstance(menu, MenuScreen)
        await wait_for(bea, lambda: "ana proposes a rematch: table duel-2" in options(menu), 3)


def test_a_chat_line_sits_in_the_log_where_the_game_had_got_to(tables):
    game = get("gallic")
    table = tables.create("gallic", ["alice", "bob"], name="t1", seed=11)
    said_at = None
    for move in range(4):
        if move == 2:
            said_at = len(table.record.state.log)
            say(tables.root, table, "bob", "[i]now[/i]")
        seat = game.to_move(table.record.state)[0]
        action = game.legal_actions(table.record.state, seat)[0]
        table = tables.apply("t1", table.version, seat, action)
    screen = screen_for(TableSession.join(tables, "t1", "alice"))
    screen.chat.poll()
    view = screen.session.view(0)
    lines = screen.logged(view)
    (at,) = [i for i, line in enumerate(lines) if "bob: [i]now[/i]" in _plain(line)]
    before = [e for e in table.record.state.log[:said_at] if e.visible(0)]
    assert at == len([e for e in before if screen.describe(e, view) is not None])
    assert 0 < at < len(lines) - 1  # among the game's lines, not at the end
