"""The shell screens (menu, setup, campaigns, rules) fit 80×24 and 120×40 and tell the whole
story there, in every language at 80×24; below 80×24 a request to enlarge the window covers
whatever is on screen, and enlarging brings that screen back as it was."""

from __future__ import annotations

import json
import re

import pytest
from textual.widgets import Button, DataTable, Input, OptionList, Select

from engine import registry
from engine.ataque.rules import ATAQUE
from engine.gallic.rules import GALLIC
from engine.i18n import _
from saves.paths import MAX_NAME, MAX_TITLE
from saves.record import SeatInfo, level_name
from saves.records import MATES_SOLO, PlayerRecords, Records, Streak
from saves.session import Session
from saves.tables import TableStore
from tests.tui.conftest import settle
from tests.tui.fit import (
    TIGHT,
    assert_on_screen,
    fits,
    footer_drawn,
    screen_lines,
    screen_text,
    speak,
)
from tui.screens import records as records_screen
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.screens.game import GameScreen
from tui.screens.records import RecordsScreen
from tui.screens.registry import screen_for
from tui.screens.rules import HOUSE_RULES, RulesScreen
from tui.screens.setup import SetupScreen
from tui.screens.too_small import TooSmallScreen
from tui.screens.watch import WatchScreen
from tui.textual_i18n import key_display

LONG_NAMES = (
    "Anastasia Wilhelmina Ros",  # 24 characters: the most a name field takes
    "Bartholomew Featherstone",
    "Carlota de la Concepción",
    "Dionisio Aurelio Montero",
    "Esmeralda Villanueva Paz",
    "Fortunato Escobar Ribera",
)
LONG_TITLE = "The long war for the world, second campaign of the year"


def flat(app) -> str:
    """The screen's words in order, borders and line breaks gone: wrapped text reads whole."""
    return re.sub(r"\s+", " ", re.sub(r"[│╭╮╰╯─]", " ", screen_text(app)))


def inside(app, widget) -> bool:
    region = widget.region
    screen = app.screen.region
    return bool(region.area) and screen.contains_region(region)


# --- the menu ----------------------------------------------------------------------------------


@fits
async def test_the_menu_shows_every_entry_and_key_without_scrolling(
    make_app, store, size, language
):
    speak(language)
    Session.new(GALLIC, store, tuple(_vs_bot()), {}, seed=5, title="Alesia")
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert menu.max_scroll_y == 0, "the menu scrolls"
        assert inside(app, menu), f"the menu runs off the screen\n{screen_text(app)}"
        entries = [game.name for game in registry.ENTRIES]
        in_menu = [line for line in screen_lines(app)[:-1] if "│" in line]
        for entry in (*entries, *map(_, ("Continue", "Campaigns", "Rules", "Quit"))):
            assert any(f"│ {entry} " in line for line in in_menu), entry
        footer = await footer_drawn(pilot, app)
        for key, word in (("c", "Continue"), ("l", "Campaigns"), ("r", "Rules"), ("q", "Quit")):
            assert f"{key} {_(word)}" in footer, footer
        if size == TIGHT:  # each entry on one line, every game's first clause whole
            options = [menu.get_option_at_index(i) for i in range(menu.option_count)]
            assert_on_screen(app, *[o.prompt.plain for o in options if o.prompt is not None])
        else:  # more room: each game's whole description
            for game in registry.ENTRIES:
                assert _(game.description) in flat(app), _(game.description)


@pytest.mark.parametrize("language", ["en", "es", "it"])
async def test_the_continue_row_never_wraps_into_an_orphan_fragment(make_app, store, language):
    """A four-player Mates game's piles made the row wrap: "… · pile: G1 12, G2 12, G3" then
    "11, G4 12" alone. The title and the progress each stay whole on a line of their own."""
    speak(language)
    seats = (SeatInfo("human", "Ana"), *[SeatInfo("bot", "Bot", "expert")] * 3)
    session = Session.new(registry.GAMES["mates"], store, seats, {}, seed=5)
    title, progress = session.record.title, store.most_recent(unfinished=True).progress
    session.close()
    app = make_app()
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert any(title in line for line in lines), screen_text(app)
        assert any(progress in line for line in lines), screen_text(app)
        menu = app.screen.query_one(OptionList)
        assert menu.max_scroll_y == 0 and inside(app, menu)


async def test_the_menu_follows_the_window_between_its_two_layouts(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        menu = app.screen.query_one(OptionList)
        assert menu.max_scroll_y == 0 and inside(app, menu)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.1)
        assert all(game.description in flat(app) for game in registry.ENTRIES)


# --- the setup ---------------------------------------------------------------------------------


def _vs_bot():
    return (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Bot", level="easy"))


@fits
@pytest.mark.parametrize("game_id, players", [("gallic", 2), ("ataque", 6)])
async def test_setup_fields_are_inside_the_screen_with_long_names(
    make_app, size, language, game_id, players
):
    speak(language)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(SetupScreen(registry.get(game_id), players=players))
        await pilot.pause()
        for i in range(players):
            app.screen.query_one(f"#name-{i}", Input).value = LONG_NAMES[i]
        await pilot.pause()
        for widget in app.screen.query("Select, Input, Button, .field-label"):
            assert inside(app, widget), f"{widget} at {widget.region} is cut\n{screen_text(app)}"
        assert_on_screen(app, *LONG_NAMES[:players], _("Start"))
        footer = await footer_drawn(pilot, app)
        assert f"^s {_('Start')}" in footer and f"{key_display('esc')} {_('Back')}" in footer, (
            footer
        )


async def test_enter_in_a_name_moves_to_the_next_field_and_only_start_starts(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(GALLIC))
        await pilot.pause()
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.press(*"Ana", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not store.list()
        assert app.focused is app.screen.query_one("#kind-1", Select)
        app.screen.query_one("#seed", Input).focus()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not store.list()
        assert app.focused is app.screen.query_one("#start", Button)
        await pilot.press("enter")  # on the Start button
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert [seat.name for seat in store.load(store.list()[0].name).seats] == [
            "Ana",
            "Strong bot",
        ]


async def test_ctrl_s_starts_from_a_name_field(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(GALLIC))
        await pilot.pause()
        app.screen.query_one("#name-0", Input).focus()
        await pilot.press(*"Ana", "ctrl+s")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)


@fits
@pytest.mark.parametrize("game_id", [entry.id for entry in registry.ENTRIES])
async def test_setup_says_how_each_bot_level_plays(make_app, size, language, game_id):
    speak(language)
    game = registry.get(game_id)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(SetupScreen(game, players=game.max_players))
        await pilot.pause()
        hint = app.screen.query_one("#bot-levels")
        assert inside(app, hint)
        text = flat(app)
        for level in game.bots:
            name = re.escape(level_name(level))
            assert re.search(rf"\b{name} — \w", text), f"nothing said of {level}: {text}"


# --- the campaigns -----------------------------------------------------------------------------


def campaign_saves(store):
    seats = (SeatInfo(kind="human", name=LONG_NAMES[0]),) + tuple(
        SeatInfo(kind="bot", name=name, level="strong") for name in LONG_NAMES[1:]
    )
    Session.new(ATAQUE, store, seats, {}, seed=3, players=6, title=LONG_TITLE)
    Session.new(GALLIC, store, _vs_bot(), {}, seed=5, title="Alesia")
    (store.root / "broken.json").write_text('{"format": "batallas-save", "sch')


@fits
async def test_campaigns_show_every_title_and_progress_whole(make_app, store, size, language):
    speak(language)
    campaign_saves(store)
    entries = store.list()
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        table = app.screen.query_one(DataTable)
        assert table.max_scroll_x == 0, "the table runs past the right edge"
        progress = [e.progress for e in entries if hasattr(e, "progress")]
        assert_on_screen(app, *progress, "Alesia")
        for row, entry in enumerate(entries):
            table.move_cursor(row=row)
            await pilot.pause()
            if hasattr(entry, "reason"):
                assert_on_screen(app, entry.reason, "broken.json")
            else:
                assert_on_screen(app, entry.title, entry.progress)
        footer = await footer_drawn(pilot, app)
        for key, word in (("⏎", "Resume"), ("r", "Rename"), ("d", "Delete"), ("esc", "Back")):
            assert f"{key_display(key)} {_(word)}" in footer, footer


async def test_campaigns_say_who_sits_in_a_six_player_save(make_app, store):
    campaign_saves(store)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        names = [e.name for e in store.list()]
        table.move_cursor(row=names.index(next(n for n in names if n.startswith("The-long"))))
        await pilot.pause()
        text = flat(app)
        for name in LONG_NAMES:
            assert name in text, name


async def test_campaigns_follow_the_window_width(make_app, store):
    campaign_saves(store)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert app.screen.query_one(DataTable).max_scroll_x == 0
        assert_on_screen(app, "Round 1 · Blue to play · 7 territories")


# --- the rules ---------------------------------------------------------------------------------


@fits
@pytest.mark.parametrize("game_id", ["alamo", "ataque"])
async def test_rules_are_readable_and_house_rules_one_key_away(make_app, size, language, game_id):
    speak(language)
    game = registry.get(game_id)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(RulesScreen(game))
        await pilot.pause(0.3)
        assert_on_screen(app, _("Rules · {game}").format(game=game.name))
        footer = await footer_drawn(pilot, app)
        assert (
            f"h {_('House rules')}" in footer and f"{key_display('esc')} {_('Back')}" in footer
        ), footer
        await pilot.press("h")
        await pilot.pause(0.3)
        lines = screen_lines(app)
        title = HOUSE_RULES[language]
        assert any(line.strip() == title for line in lines[:6]), screen_text(app)
        house = app.screen.markdown.split(f"## {title}\n", 1)[1]
        marker = re.search(r"\*\*(.+?)\*\*", house)[1]  # "House rule:" in this language
        assert marker in screen_text(app)


# --- too small ---------------------------------------------------------------------------------


def gallic_vs_bot(app):
    return screen_for(Session.new(GALLIC, app.store, _vs_bot(), {}, seed=11, title="Small"))


def covers(app) -> list[TooSmallScreen]:
    return [s for s in app.screen_stack if isinstance(s, TooSmallScreen)]


async def test_shrinking_the_menu_asks_to_enlarge_and_enlarging_brings_it_back(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        menu.query_one(OptionList).highlighted = 3
        await pilot.resize_terminal(70, 20)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen)
        assert_on_screen(app, "Please enlarge the window", "this terminal is 70×20")
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert app.screen is menu and menu.query_one(OptionList).highlighted == 3
        assert not covers(app)


@pytest.mark.parametrize("code", ["es", "it"])
async def test_the_request_to_enlarge_is_in_the_players_language(make_app, code):
    speak(code)
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen)
        asked = _("Please enlarge the window")
        assert asked != "Please enlarge the window"
        assert_on_screen(app, asked)


async def test_shrinking_during_play_covers_the_game_and_a_dialog_on_it(make_app):
    app = make_app(gallic_vs_bot)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.resize_terminal(70, 20)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.1)
        assert app.screen is game
        await pilot.press("ctrl+s")  # Save as…: a dialog over the game
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PromptDialog)
        await pilot.press("end", *"XY")
        await pilot.resize_terminal(79, 30)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen)
        assert_on_screen(app, "Please enlarge the window")
        await pilot.press("z")  # keys go nowhere while the window is too small
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert app.screen is dialog and dialog.query_one(Input).value.endswith("XY")
        assert not covers(app)


async def test_a_screen_opened_while_too_small_is_covered_too(make_app):
    app = make_app(gallic_vs_bot)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = app.screen
        await pilot.resize_terminal(70, 20)
        await pilot.pause(0.1)
        answers = []
        app.push_screen(ConfirmDialog("Really?", yes="Yes"), answers.append)  # e.g. a bot's news
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen) and len(covers(app)) == 1
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, ConfirmDialog) and not covers(app)
        await pilot.press("y")
        await pilot.pause(0.1)
        assert answers == [True] and app.screen is game


# --- titles at the limit -----------------------------------------------------------------------

AT_THE_LIMIT = "戦" * (MAX_TITLE // 2)  # as wide as a title gets: every character two columns


async def test_a_title_at_the_limit_fits_the_menu_campaigns_records_and_watch(
    make_app, store, monkeypatch
):
    seats = (SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "easy"))
    Session.new(GALLIC, store, seats, {}, seed=5, title=AT_THE_LIMIT).close()
    tables = TableStore(store.root.parent / "tables")
    tables.create("gallic", ["Ana", "bot:easy"], name="T" * MAX_NAME)
    path = tables.path("T" * MAX_NAME)
    raw = json.loads(path.read_bytes())
    raw["save"]["title"] = "W" * 100_000  # a table file edited by hand
    path.write_text(json.dumps(raw))
    streak = Streak(_(MATES_SOLO), 12, AT_THE_LIMIT)
    records = Records((PlayerRecords("Ana", streaks=(streak,)),), finished=1)
    monkeypatch.setattr(records_screen, "compute", lambda store, player: records)
    app = make_app(tables=tables, player="Ana")
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert menu.max_scroll_y == 0 and inside(app, menu), screen_text(app)
        assert AT_THE_LIMIT in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query_one(DataTable).max_scroll_x == 0
        assert AT_THE_LIMIT in flat(app).replace(" ", "")
        await pilot.press("escape", "s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        assert all(t.max_scroll_x == 0 for t in app.screen.query(DataTable))
        where = "".join(ch for line in screen_lines(app) for ch in line if ch == "戦")
        assert where == AT_THE_LIMIT, screen_text(app)  # wrapped in its cell, all of it
        await pilot.press("escape", "w")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        assert_on_screen(app, "T" * MAX_NAME)
        for screen_line in screen_lines(app):
            assert "W" * 10 not in screen_line
        assert key_display("esc") in await footer_drawn(pilot, app)


async def test_a_title_of_any_length_in_a_save_file_is_shown_cut(make_app, store):
    seats = (SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "easy"))
    session = Session.new(GALLIC, store, seats, {}, seed=5, title="Alesia")
    session.close()
    path = store.path(session.name)
    raw = json.loads(path.read_bytes())
    path.write_text(json.dumps({**raw, "title": "W" * 100_000}))  # edited by hand
    app = make_app()
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert menu.max_scroll_y == 0 and inside(app, menu), screen_text(app)
        assert "W" * (MAX_TITLE - 1) + "…" in flat(app).replace(" ", "")


def test_the_records_count_draws_in_the_plural():
    """A column of counts is "Empates"; one game's result stays "Empate"."""
    speak("es")  # the autouse fixture puts English back
    assert records_screen.count_headers()[-1] == "Empates"
    assert _("Drawn") == "Empate"
