"""A whole Gallic game from the menu with keys only, and quitting then resuming."""

from __future__ import annotations

from engine.gallic.state import DISCARD, REVEAL, Reshuffled
from tests.tui.conftest import settle
from tui.screens.gallic import GallicScreen
from tui.screens.game import ResultScreen
from tui.screens.menu import MenuScreen
from tui.screens.setup import SetupScreen


async def start_from_menu(pilot, app) -> GallicScreen:
    """Menu → La Guerra Gallica → setup (human vs strong bot by default) → Start."""
    await pilot.press("enter")  # the first menu entry is the first game
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("ctrl+s")  # start with the default seats
    await pilot.pause()
    await settle(pilot, app)
    assert isinstance(app.screen, GallicScreen)
    return app.screen


async def play_battle(pilot, app, screen: GallicScreen, marks: str) -> None:
    """Mark cards with digit keys, confirm, wait for the bot, then leave the reveal."""
    assert screen.view.phase == DISCARD
    for key in marks:
        await pilot.press(key)
    await pilot.press("enter")
    await settle(pilot, app)
    if isinstance(app.screen, ResultScreen):
        return
    assert screen.view.phase == REVEAL
    await pilot.press("enter")
    await settle(pilot, app)


async def test_whole_game_against_the_strong_bot_with_keys_only(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_from_menu(pilot, app)
        patterns = ["", "12", "1357", "8", "24", "", "3", "56"]
        for battle in range(8):
            if isinstance(app.screen, ResultScreen):
                break
            await play_battle(pilot, app, screen, patterns[battle])
        assert isinstance(app.screen, ResultScreen)
        outcome = screen.game.outcome(screen.session.state)
        assert outcome is not None
        assert app.screen.details == outcome.reason
        # A reshuffle is logged as one whole sentence.
        assert screen.describe(Reshuffled(seat=1, cards=35)).endswith(
            "shuffle 35 discards into a new deck."
        )
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_marking_more_than_four_cards_is_refused(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_from_menu(pilot, app)
        for key in "12345":
            await pilot.press(key)
        assert len(screen.selected) == 4
        assert any("at most 4" in n.message for n in app._notifications)


async def test_quit_mid_game_and_resume_to_the_identical_state(make_app, store):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_from_menu(pilot, app)
        await play_battle(pilot, app, screen, "12")
        await pilot.press("3", "4", "enter")
        await settle(pilot, app)
        before = screen.session.state
        name = screen.session.record.name
        await pilot.press("ctrl+q")
    assert store.most_recent().name == name

    again = make_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")  # Continue
        await settle(pilot, again)
        assert isinstance(again.screen, GallicScreen)
        assert again.screen.session.state == before
        assert again.screen.view.phase == REVEAL
