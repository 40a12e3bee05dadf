"""A language switch from the command palette takes effect at once on every screen open —
a game, its log, the campaigns, a result, a hand-over, a dialog — and nothing on them is lost:
the game, the cursor, the marks, the selected row, the search, what was typed."""

from __future__ import annotations

import gettext

import pytest
from textual.widgets import Button, DataTable, Input, OptionList, Static

from engine import i18n
from engine.ataque.state import ATTACK
from engine.gallic.rules import GALLIC
from engine.i18n import _
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import footer, screen_text
from tests.tui.test_ataque_fit import position, start_at
from tests.tui.test_language import MARK, Marked, pick_language, wait_for
from tui import language
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import GameScreen, HandOverScreen, ResultScreen
from tui.screens.log_view import LogScreen
from tui.screens.registry import screen_for
from tui.widgets.hand import HandView
from tui.widgets.status import StatusBar

ANA_AND_A_BOT = (SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "easy"))


@pytest.fixture(autouse=True)
def marked_spanish(monkeypatch, tmp_path):
    """Spanish is the marked stand-in catalog (every text it gives starts with the mark);
    the choice is remembered in a config folder of the test's own."""

    def catalog(code):
        return Marked() if code == "es" else gettext.NullTranslations()

    monkeypatch.setattr(language, "catalog", catalog)
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path / "home"))


def gallic(app, seats=ANA_AND_A_BOT) -> GameScreen:
    return screen_for(Session.new(GALLIC, app.store, seats, {}, seed=7, title="Alesia"))


def prompt(screen) -> str:
    return str(screen.query_one(StatusBar).query_one("#prompt", Static).render())


async def switch(pilot, app) -> None:
    """Español from the palette, then wait until the screen on top speaks it."""
    await pick_language(pilot, app, "Español")
    await wait_for(pilot, lambda: MARK in footer(app))


async def test_a_game_speaks_at_once_and_keeps_its_marks_cursor_and_focus(make_app):
    app = make_app(gallic)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("1", "3", "right")  # two cards marked, the cursor on the fourth
        await pilot.pause()
        hand = screen.query_one("#my-hand", HandView)
        before = (screen.session.state, set(screen.selected), hand.cursor, app.focused)
        assert before[1] and hand.cursor == 3
        assert MARK not in prompt(screen) and MARK not in screen_text(app)

        await switch(pilot, app)
        assert app.screen is screen
        assert (screen.session.state, screen.selected, hand.cursor, app.focused) == before
        assert prompt(screen).startswith(MARK + "2 cards marked")  # the prompt, at once
        assert screen.sub_title.startswith(MARK)  # the header's progress
        lines = screen.log_lines()
        assert lines and all(MARK in line for line in lines)  # the log under the board
        assert MARK + "Rules" in footer(app)
        assert "Ana" in screen_text(app)
        # the marks still count: Enter exchanges the two cards marked before the switch
        await pilot.press("enter")
        await settle(pilot, app)
        assert any(MARK + "You exchange 2 cards" in line for line in screen.log_lines())
    assert language.remembered() == "es"
    assert '"language": "es"' in language.config_path().read_text()


async def test_the_open_log_is_read_again_keeping_its_line_and_search(make_app):
    app = make_app(gallic)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        game = app.screen
        await pilot.press("enter")  # keep the hand: a battle is fought, the log grows
        await settle(pilot, app)
        lines = game.log_lines()
        assert len(lines) >= 3
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        assert isinstance(log, LogScreen)
        await pilot.press("slash", *"Battle", "enter")  # a word the marked catalog keeps
        await pilot.pause()
        options = log.query_one("#log-lines", OptionList)
        search = log.query_one("#log-search", Input)
        highlighted = options.highlighted_option.id
        assert highlighted.startswith("line-")
        found = str(log.query_one("#log-found", Static).render())
        assert "match" in found and MARK not in found

        await switch(pilot, app)
        assert app.screen is log
        assert MARK in str(log.query_one("#log-title", Static).render())
        shown = [options.get_option_at_index(i) for i in range(options.option_count)]
        assert len([o for o in shown if o.id.startswith("line-")]) == len(lines)
        assert all(str(o.prompt).startswith(MARK) for o in shown)
        assert options.highlighted_option.id == highlighted
        assert search.display and search.value == "Battle"
        assert search.placeholder.startswith(MARK)
        assert str(log.query_one("#log-found", Static).render()).startswith(MARK)
        await pilot.press("escape", "escape")  # the box, then the log: the game beneath
        await pilot.pause()
        assert app.screen is game
        assert all(MARK in line for line in game.log_lines())


async def test_the_campaigns_keep_the_selected_row(make_app, store):
    for title in ("Alesia", "Gergovia", "Bibracte"):
        Session.new(GALLIC, store, ANA_AND_A_BOT, {}, seed=7, title=title).close()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(CampaignsScreen())
        await pilot.pause()
        campaigns = app.screen
        table = campaigns.query_one(DataTable)
        table.move_cursor(row=2)
        await pilot.pause()
        chosen = campaigns.selected().name
        detail = campaigns.query_one("#campaign-detail", Static)
        assert MARK not in str(detail.render())

        await switch(pilot, app)
        assert app.screen is campaigns and app.focused is table
        assert table.cursor_row == 2 and campaigns.selected().name == chosen
        headers = [str(column.label) for column in table.columns.values()]
        assert headers == [MARK + "Single game", MARK + "Progress"]
        assert str(detail.render()).count(MARK) >= 2  # progress and seats lines
        assert MARK in str(campaigns.query_one("#campaigns-where", Static).render())
        assert campaigns.sub_title == MARK + "Campaigns"


async def test_a_hand_over_a_result_and_a_dialog_follow_too(make_app):
    both = (SeatInfo("human", "Ana"), SeatInfo("human", "Bruno"))
    app = make_app(lambda app: gallic(app, both))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, HandOverScreen)  # hot seat: the first hand waits too
        await app.set_language("es")
        await pilot.pause()
        said = str(cover.query_one(".title", Static).render())
        assert said.startswith(MARK + "Pass the terminal to Ana (" + MARK)  # the side too
        assert str(cover.query_one(Button).label) == MARK + "Ready"

        await app.set_language("en")
        game = app.screen_stack[-2]
        retold = []

        def retell():
            retold.append(i18n.language())
            return _("A draw."), "", None

        result = ResultScreen("A draw.", "", retell=retell)
        app.push_screen(result)
        await pilot.pause()
        focused = app.focused
        await app.set_language("es")
        await pilot.pause()
        assert retold == ["es"] and app.focused is not None and app.focused.id == focused.id
        assert str(result.query_one(".title", Static).render()) == MARK + "A draw."
        result.dismiss()
        await pilot.pause()

        app.push_screen(ConfirmDialog(lambda: _("Quit anyway?"), yes=lambda: _("Quit")))
        await pilot.pause()
        dialog = app.screen
        await app.set_language("en")
        await pilot.pause()
        assert str(dialog.query_one(".question", Static).render()) == "Quit anyway?"
        assert str(dialog.query_one("#yes", Button).label) == "Quit (y)"
        assert app.focused is dialog.query_one("#no", Button)  # still on the safe answer
        assert isinstance(game, GameScreen) and MARK not in screen_text(app)


async def test_the_ataque_table_speaks_at_once_keeping_its_filter(make_app):
    """The table's headers and the line under it are renamed; what was typed stays."""
    app = make_app(start_at(position(3, ATTACK), 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("t", "tab", "a", "r", "a", "l")
        await pilot.pause()
        await switch(pilot, app)
        table = app.screen.query_one("#territories", DataTable)
        assert [str(c.label) for c in table.columns.values()][0] == MARK + "Territory"
        assert app.screen.query_one("#filter", Input).value == "aral"
        assert MARK + "Aral: enemy neighbours" in screen_text(app)
