"""The shell around the games: hot seat, small terminals, campaigns, rules, palette, SIGHUP."""

from __future__ import annotations

import json
import os

from textual.content import Content

from engine.gallic.data import card
from engine.gallic.rules import GALLIC
from engine.gallic.state import DISCARD, REVEAL
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.screens.gallic import GallicScreen
from tui.screens.game import HandOverScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for
from tui.screens.rules import RulesScreen
from tui.screens.too_small import TooSmallScreen

HUMANS = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="human", name="Bruno"))
VS_BOT = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Easy bot", level="easy"))


def starter(seats, seed=11, title="Test game"):
    def start(app):
        return screen_for(Session.new(GALLIC, app.store, seats, {}, seed=seed, title=title))

    return start


def visible_text(app) -> str:
    return "\n".join(
        str(w.render()) for w in app.screen.query("Static") if w.display and w.region.area
    )


async def test_hot_seat_hides_the_first_hand_before_the_second_player_looks(make_app):
    app = make_app(starter(HUMANS))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, HandOverScreen)  # even the first hand waits for its player
        assert "Ana" in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GallicScreen) and game.viewer == 0
        ana_cards = {card(0, c).name for c in game.view.sides[0].hand}
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        assert "Bruno" in visible_text(app)
        assert not any(name in visible_text(app) for name in ana_cards)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and game.viewer == 1
        assert set(game.view.sides[0].hand) == {-1}  # Bruno sees Ana's cards face down
        await pilot.press("enter")
        await pilot.pause()
        assert game.view.phase == REVEAL
        # One Enter at the reveal answers for both players at this terminal; both were looking,
        # so the next hand waits for a hand-over.
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game
        assert game.view.phase == DISCARD and game.view.number == 2


async def test_a_tiny_terminal_asks_to_be_enlarged(make_app):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "enlarge the window" in visible_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause(0.1)
        assert isinstance(app.screen, MenuScreen)


async def test_rules_open_with_f1_during_play_and_mark_house_rules(make_app):
    app = make_app(starter(VS_BOT))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "House rule" in GALLIC.rules_markdown()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GallicScreen)


async def test_campaigns_resume_rename_and_delete(make_app, store):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        Session.new(GALLIC, store, VS_BOT, {}, seed=5, title="Alesia")
        (store.root / "broken.json").write_text('{"format": "batallas-save", "sch')
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        names = [e.name for e in store.list()]
        assert "broken" in names
        for _ in range(names.index("broken")):
            await pilot.press("down")
        await pilot.press("r")  # a broken save is never renamed
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert any("left untouched" in n.message for n in app._notifications)
        await pilot.press("home")
        for _ in range(1 - names.index("broken")):
            await pilot.press("down")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        await pilot.press(*"Gergovia", "enter")  # typing replaces the old title
        await pilot.pause()
        titles = [getattr(e, "title", None) for e in store.list()]
        assert "Gergovia" in titles
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        names = [e.name for e in store.list()]
        assert names == ["broken"]  # the broken file is still there, untouched
        await pilot.press("home", "enter")  # resuming a broken save explains why it cannot
        await pilot.pause()
        assert any("cannot be opened" in n.message for n in app._notifications)
        assert (store.root / "broken.json").read_text() == '{"format": "batallas-save", "sch'


async def test_palette_offers_the_game_commands(make_app):
    app = make_app(starter(VS_BOT))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("New game", "Save as…", "Load", "Rules", "Theme", "Quit"):
            assert wanted in titles


async def test_save_as_continues_in_a_new_save(make_app, store):
    app = make_app(starter(VS_BOT, title="First"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"Second", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, app)
        titles = sorted(e.title for e in store.list())
        assert titles == ["First", "Second"]
        second = next(e for e in store.list() if e.title == "Second")
        assert json.loads(store.path(second.name).read_text())["actions"]


async def test_hang_up_saves_what_a_failed_autosave_left_and_exits(make_app, store, monkeypatch):
    app = make_app(starter(VS_BOT))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        monkeypatch.setattr(os, "fsync", _disk_full)
        await pilot.press("enter")
        await settle(pilot, app)
        session = app.screen.session
        assert session.unsaved
        monkeypatch.undo()
        state = session.state
        app.hang_up()
        await pilot.pause()
    assert store.load(session.record.name).state == state
    assert app.return_code == 0


def _disk_full(fd):
    raise OSError(28, "No space left on device")


async def test_titles_that_look_like_markup_are_shown_as_typed(make_app, store):
    """Players type titles and names; bracketed text must not become styles or actions."""
    title = "[b]Alesia[/b] [@click=app.quit]x[/]"
    Session.new(GALLIC, store, VS_BOT, {}, seed=5, title=title)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        prompts = [menu.get_option_at_index(i).prompt for i in range(menu.option_count)]
        assert any(title in Content.from_markup(p).plain for p in prompts)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        table = app.screen.query_one("DataTable")
        assert str(table.get_row_at(0)[0]).splitlines()[0] == title  # game and seats below
