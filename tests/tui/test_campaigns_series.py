"""Campaigns from the menu: set one up, play its first game to the end, go on to the next
battle from the result screen, quit in the middle and resume with the score; the history,
the records, and everything at 80×24."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Select

from engine.gallic.rules import GALLIC
from saves.campaigns import GALLIC_WARS, KINDS, PUNIC, campaigns_of
from saves.record import SeatInfo
from saves.session import Session
from tests.saves.test_campaigns import finish
from tests.tui.conftest import settle
from tests.tui.fit import assert_on_screen, footer_drawn, screen_lines, screen_text
from tui.screens.campaigns import CampaignsScreen
from tui.screens.game import GameScreen, ResultScreen
from tui.screens.records import RecordsScreen
from tui.screens.series import SeriesScreen, SeriesSetupScreen

SIZE = (80, 24)
ANA = SeatInfo("human", "Ana")
EASY = SeatInfo("bot", "Easy bot", "easy")


async def play_rome(pilot, app, moves: int | None = None) -> None:
    """Rome's moves, taken from the engine's legal actions, until the game's result screen
    (or ``moves`` of them); the Gauls' bot answers between them."""
    made = 0
    for _ in range(200):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, ResultScreen) or (moves is not None and made >= moves):
            return
        state = screen.session.state
        if 0 in screen.game.to_move(state):
            screen.act(screen.game.legal_actions(state, 0)[0])
            made += 1
    raise AssertionError("the game did not end")


async def test_a_campaign_goes_on_from_the_result_screen_and_resumes_with_its_score(
    make_app, store
):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "n")
        await pilot.pause()
        app.screen.query_one("#kind", Select).value = GALLIC_WARS
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SeriesSetupScreen) and setup.kind.id == GALLIC_WARS
        setup.query_one("#title", Input).value = "Gallia"
        setup.query_one("#name-0", Input).value = "Ana"
        setup.query_one("#kind-1", Select).value = "bot:easy"
        setup.query_one("#option-battles", Select).value = 5
        setup.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await play_rome(pilot, app)
        first = app.screen_stack[-2].session.record
        assert_on_screen(app, "Next battle (n)", "next: game 2 of 5")
        await pilot.press("n")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        second = app.screen.session
        assert second.name != first.name and second.record.seats == first.seats
        await play_rome(pilot, app, moves=2)
        moves = len(second.record.actions)
        await pilot.press("ctrl+q")  # in the middle of the second game
    rome = int(GALLIC.outcome(first.state).winners == (0,))
    score = f"Rome {rome}, Gauls {1 - rome} · next: game 2 of 5 (in progress)"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert_on_screen(app, "Gallia · Gallic Wars", score, "h History", "n New campaign")
        assert app.screen.query_one(DataTable).row_count == 0  # its games are not single games
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, SeriesScreen)
        assert_on_screen(app, "Gallia · Gallic Wars", "game 1 of 5", "game 2 of 5")
        assert_on_screen(app, "Rome: Ana · Gauls: Easy bot")
        await pilot.press("escape", "enter")  # Enter on the campaign resumes its game
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.name == second.name
        assert len(app.screen.session.record.actions) >= moves


async def test_the_history_opens_a_finished_game_and_replays_it(make_app, store):
    campaigns = campaigns_of(store)
    made = campaigns.create(PUNIC, "Punic", (EASY, EASY), {"consul": "Livius"}, seed=1)
    finish(campaigns.start_next(made.name, 0))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SeriesScreen(made.name))
        await pilot.pause()
        assert_on_screen(app, "Metauro, 207 BC", "next: Zama, 202 BC", "c Continue campaign")
        await pilot.press("p")
        await pilot.pause()
        assert type(app.screen).__name__.startswith("Replay")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # the finished game, on its result
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        assert_on_screen(app, "Next battle (n)")


async def test_campaigns_and_single_games_fit_80x24_and_broken_files_say_why(make_app, store):
    campaigns = campaigns_of(store)
    title = "The long war for the whole of Italy, second campaign"
    made = campaigns.create(PUNIC, title, (ANA, EASY), {"consul": "Nero"}, seed=1)
    campaigns.start_next(made.name, 0).close()
    (campaigns.root / "torn.json").write_text('{"format": "batallas-campaign", "ver')
    Session.new(GALLIC, store, (ANA, EASY), {}, seed=5, title="Alesia").close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert_on_screen(
            app,
            title,
            "Romans 0, Carthaginians 0 · next: Metauro, 207 BC (in progress)",
            "torn.json · unreadable campaign",
            "⚠ not valid JSON (truncated?)",
            "Alesia",
            "Romans: Ana · Carthaginians: Easy bot",
        )
        footer = screen_lines(app)[-1]
        for key in ("⏎ Resume", "n New campaign", "h History", "r Rename", "d Delete", "esc Back"):
            assert key in footer, footer
        await pilot.press("tab")  # to the single games
        await pilot.pause()
        assert "p Replay" in screen_lines(app)[-1] and "h History" not in screen_lines(app)[-1]
        assert_on_screen(app, "Seats: Ana, Easy bot")


@pytest.mark.parametrize("kind", list(KINDS))
async def test_every_kind_of_campaign_sets_up_within_80x24(make_app, kind):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SeriesSetupScreen(kind))
        await pilot.pause()
        region = app.screen.region
        for widget in app.screen.query("Select, Input, Button, Label, OptionList"):
            assert region.contains_region(widget.region), f"{widget} is cut\n{screen_text(app)}"
        await footer_drawn(pilot, app)
        assert_on_screen(app, KINDS[kind].name, "Start", "^s Start")


async def test_a_campaign_name_refuses_control_characters_and_shows_markup_as_typed(
    make_app, store
):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(SeriesSetupScreen("alamo"))
        await pilot.pause()
        app.screen.query_one("#title", Input).value = "Alamo\x1b[2J"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SeriesSetupScreen)
        assert any("control" in n.message for n in app._notifications)
        assert not campaigns_of(store).list()
        app.screen.query_one("#title", Input).value = "[b]Alamo[/b]"
        app.screen.query_one("#kind-0", Select).value = "bot:easy"
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        assert isinstance(app.screen, (GameScreen, ResultScreen))
        (campaign,) = campaigns_of(store).list()
        assert campaign.title == "[b]Alamo[/b]"
        app.push_screen(CampaignsScreen())
        await pilot.pause()
        assert_on_screen(app, "[b]Alamo[/b] · Defend the Alamo")


async def test_records_from_the_menu(make_app, store):
    session = Session.new(GALLIC, store, (ANA, EASY), {"battles": 5}, seed=2, title="Won")
    finish(session)  # Rome wins this seed
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert_on_screen(app, "1 player: 1 finished game counted", "La Guerra Gallica")
        (row,) = [line for line in screen_lines(app) if "Ana" in line]
        assert row.split()[-4:] == ["1", "1", "0", "0"]  # played, won, lost, drawn
