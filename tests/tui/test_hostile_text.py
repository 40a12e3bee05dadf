"""Names, titles and deck tags that look like markup or carry control characters: every screen
shows them as typed, nothing crashes, and no control character reaches the terminal."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from textual.widgets import DataTable, Input

from engine import registry
from engine.core import Outcome
from engine.gallic.rules import GALLIC
from engine.mates.data import extended_deck
from saves.paths import MAX_TITLE
from saves.record import SeatInfo
from saves.session import Session
from saves.tables import TableSession, TableStore
from tests.tui.conftest import settle
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.screens.game import GameScreen, HandOverScreen, ResultScreen
from tui.screens.registry import screen_for
from tui.screens.setup import SetupScreen
from tui.widgets.log import literal

MARKUP = ("[/]", "[b]", "[@click=app.quit]x[/]", "[link=file:///etc/passwd]x[/link]")
TITLE_ESC = "\x1b]0;PWNED\x07"  # would retitle the terminal
SHOWN_ESC = "\\x1b]0;PWNED\\x07"  # how it must appear instead
SIZE = (220, 60)


def screen_text(app) -> str:
    """Every character the screen (with its notifications) would send, without the styles."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False)


def assert_shown(app, *texts: str) -> str:
    text = screen_text(app)
    for wanted in texts:
        assert wanted in text, f"{wanted!r} not on screen"
    assert "\x1b" not in text and "\x07" not in text
    return text


def notified(app) -> str:
    """The notifications so far: long ones wrap on screen, so they are read from the app (the
    screen still renders them, which is where markup would crash)."""
    assert not any(n.markup for n in app._notifications), "a notification read as markup"
    return "\n".join(n.message for n in app._notifications)


def human(name: str) -> SeatInfo:
    return SeatInfo(kind="human", name=name)


def bot(name: str, level: str) -> SeatInfo:
    return SeatInfo(kind="bot", name=name, level=level)


def hostile_deck(count: int = 8) -> list[dict]:
    """Real positions whose PGN tags were written by someone unfriendly."""
    cards = []
    for i, card in enumerate(extended_deck()[:count]):
        d = card.to_dict()
        d.update(white=f"{MARKUP[i % 4]}W", black=f"B{TITLE_ESC}", event=MARKUP[2])
        cards.append(d)
    return cards


# --- log lines ---------------------------------------------------------------------------


@settings(max_examples=3000, deadline=None)
@given(st.text(st.sampled_from("[]/\\$@=#:ab B"), max_size=12))
def test_a_name_inside_a_log_line_reads_exactly_as_written(name):
    """Rich markup around it stays markup; the name itself is never a tag, an escape or an
    emoji code (``rich.markup.escape`` fails this for ``\\[`` and trailing backslashes)."""
    for before, after in (("[b]", "[/b]"), ("(", ")"), ("[i]x ", "[b]y[/b][/i]")):
        line = Text.from_markup(before + literal(name) + after, emoji=False)
        expected = Text.from_markup(before + after, emoji=False).plain
        cut = len(Text.from_markup(before).plain)
        assert line.plain == expected[:cut] + name + expected[cut:]


def test_a_log_line_shows_control_characters_as_escapes():
    assert Text.from_markup(f"[b]{literal(TITLE_ESC)}[/b]").plain == SHOWN_ESC


# --- game screens --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["gallic", "alamo", "mates", "ataque", "metauro"])
async def test_every_game_screen_shows_hostile_names_as_typed(game_id, make_app):
    game = registry.get(game_id)
    level = next(iter(game.bots))
    seats = [human("x[/]"), bot(MARKUP[2], level)]
    if game.max_players > 2:
        seats.append(bot(TITLE_ESC, level))
    config = {"deck": hostile_deck()} if game_id == "mates" else {}

    def start(app):
        return screen_for(Session.new(game, app.store, seats, config, seed=3, players=len(seats)))

    app = make_app(start)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen | ResultScreen)
        shown = [s.name for s in seats if s.name in screen_text(app)]
        assert shown or game_id == "metauro", "no seat name on screen"  # Metauro names sides
        assert_shown(app, *shown)
        if game_id == "mates":
            assert_shown(app, MARKUP[2], f"B{SHOWN_ESC}")


async def test_bots_play_to_the_result_with_hostile_names_and_deck_tags(make_app):
    seats = (bot("[/]", "easy"), bot(TITLE_ESC, "easy"))

    def start(app):
        game = registry.get("mates")
        return screen_for(Session.new(game, app.store, seats, {"deck": hostile_deck(4)}, seed=1))

    app = make_app(start)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(30):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)
        log = "\n".join(app.screen_stack[-2].query_one("#log").shown)
        assert "[/]" not in log.replace("\\[/]", "")  # escaped for the log's markup
        assert_shown(app, "wins" if "wins" in screen_text(app) else "draw")


async def test_the_result_headline_names_the_winners_as_typed(make_app):
    seats = (human("[/]"), human(TITLE_ESC))
    app = make_app(lambda app: screen_for(Session.new(GALLIC, app.store, seats, {}, seed=1)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        game.show_result(Outcome(winners=(0, 1), reason="[b]by [/] default"))
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert_shown(app, f"Rome · [/] and Gauls · {SHOWN_ESC} wins!", "[b]by [/] default")


async def test_hand_over_names_the_next_player_as_typed(make_app):
    seats = (human(TITLE_ESC), human("x[/]"))
    app = make_app(lambda app: screen_for(Session.new(GALLIC, app.store, seats, {}, seed=2)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        seen = []
        for _ in range(4):
            if isinstance(app.screen, HandOverScreen):
                seen.append(screen_text(app))
                await pilot.press("enter")
            else:
                await pilot.press("enter")  # keep the hand
            await pilot.pause()
        assert any("Pass the terminal to x[/]" in text for text in seen)
        assert not any("\x1b" in text for text in seen)


async def test_a_shared_table_waits_for_a_player_named_like_markup(tmp_path, make_app):
    tables = TableStore(tmp_path / "tables")
    # A seat is a login's (no "/"), so the markup here opens a tag rather than closing one.
    table = tables.create("alamo", ["[@click=app.quit]x", "me"], seed=4)
    game = tables.game(table)
    first = game.to_move(table.record.state)[0]
    me = table.owners[1 - first]
    other = table.owners[first]
    app = make_app(lambda app: screen_for(TableSession.join(tables, table.name, me)), player=me)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert_shown(app, f"Waiting for {other}…")


async def test_save_as_with_a_markup_title_when_hosted(make_app, store):
    seats = (human("Ana"), bot("Easy bot", "easy"))
    app = make_app(
        lambda app: screen_for(Session.new(GALLIC, app.store, seats, {}, seed=1)), hosted=True
    )
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        app.screen.query_one(Input).value = f"a{TITLE_ESC}"  # pasted, not typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        assert "cannot contain control" in screen_text(app)
        app.screen.query_one(Input).value = "[/]"
        await pilot.press("enter")
        await pilot.pause()
        assert "Saved as “[/]”." in notified(app)
        assert_shown(app, "Saved as “[/]”.")
        assert "[/]" in [getattr(e, "title", None) for e in store.list()]


async def test_typed_search_and_answers_are_quoted_as_typed(make_app):
    ataque = registry.get("ataque")
    mates = registry.get("mates")
    seats = (human("Ana"), bot("B", "easy"), bot("C", "easy"))
    app = make_app(
        lambda app: screen_for(Session.new(ataque, app.store, seats, {}, seed=1, players=3))
    )
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        search = app.screen.query_one("#search", Input)
        search.value = "[/]"
        search.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "No territory called “[/]”." in notified(app)
        assert_shown(app)
        app.open_session(Session.new(mates, app.store, (human("Ana"),), {}, seed=1, players=1))
        await pilot.pause()
        answer = app.screen.query_one("#answer", Input)
        answer.value = "[/]"
        answer.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "[/] is not a legal move" in notified(app)
        assert_shown(app)


# --- menu, campaigns, setup ----------------------------------------------------------------


async def test_menu_and_campaigns_show_titles_names_and_files_as_typed(make_app, store):
    seats = (human(MARKUP[3]), bot(TITLE_ESC, "easy"))
    Session.new(GALLIC, store, seats, {}, seed=5, title=MARKUP[2])
    Session.new(GALLIC, store, seats, {}, seed=4, title=MARKUP[0])
    odd = Session.new(GALLIC, store, seats, {}, seed=6, title=MARKUP[1]).record.name
    doc = json.loads(store.path(odd).read_text())
    doc["updated"] = "[/]"
    store.path(odd).write_text(json.dumps(doc))
    unknown = Session.new(GALLIC, store, seats, {}, seed=7, title="unknown").record.name
    doc = json.loads(store.path(unknown).read_text())
    doc["game"] = "[/]"
    store.path(unknown).write_text(json.dumps(doc))
    (store.root / f"[b]{TITLE_ESC}.json").write_text("{")
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert any(title in assert_shown(app) for title in MARKUP[:3])  # Continue
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert_shown(app, *MARKUP, SHOWN_ESC, f"[b]{SHOWN_ESC}")
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(unknown))
        await pilot.press("enter")  # says why it cannot open
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert "unknown game '[/]'" in notified(app)
        assert_shown(app)
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(odd))
        await pilot.pause()
        assert app.screen.selected().name == odd
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, f"Delete “{MARKUP[1]}” for good?")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        app.screen.query_one(Input).value = "x\u202ey"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        assert "cannot contain control" in assert_shown(app)
        app.screen.query_one(Input).value = "[link=file:///etc/passwd]y[/link]"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert_shown(app, "[link=file:///etc/passwd]y[/link]")


async def test_menu_lists_a_table_with_hostile_names(tmp_path, make_app):
    tables = TableStore(tmp_path / "tables")
    table = tables.create("gallic", ["alice", "[b]"], seed=1)
    copied = tables.path(table.name).with_name("[b]x.json")  # a table file copied by hand
    copied.write_bytes(tables.path(table.name).read_bytes())
    app = make_app(player="alice", tables=tables)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_shown(app, "Table [b]x", "alice, [b]")


async def test_setup_refuses_control_characters_and_takes_markup_names(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(SetupScreen(GALLIC))
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = f"a{TITLE_ESC}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not store.list()
        assert "Player 1's name cannot contain control" in notified(app)
        app.screen.query_one("#name-0", Input).value = "[@click=app.quit]x[/]"
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert_shown(app, "[@click=app.quit]x[/]")


async def test_setup_refuses_a_deck_too_small_for_the_players(tmp_path, make_app, store):
    deck = tmp_path / "one.json"
    deck.write_text(json.dumps(hostile_deck(1)))
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(SetupScreen(registry.get("mates"), players=4))
        await pilot.pause()
        app.screen.query_one("#deck-file", Input).value = str(deck)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not store.list()
        assert "too few for 4 players" in notified(app)
        assert_shown(app)


async def test_save_as_caps_a_typed_title_and_says_when_it_is_too_wide(make_app, store):
    seats = (human("Ana"), bot("Easy bot", "easy"))
    app = make_app(lambda app: screen_for(Session.new(GALLIC, app.store, seats, {}, seed=1)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        box = app.screen.query_one(Input)
        assert box.max_length == MAX_TITLE  # the box takes no more characters than that
        box.value = "戦" * (MAX_TITLE // 2 + 1)  # fewer characters, but too wide
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        assert "too long: at most 60 characters" in screen_text(app)
        assert [e.title for e in store.list()] != ["戦" * (MAX_TITLE // 2 + 1)]
