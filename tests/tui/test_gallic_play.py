"""A whole Gallic game from the menu with keys only, and quitting then resuming."""

from __future__ import annotations

import re

import pytest

from engine.gallic.actions import Continue, Discard
from engine.gallic.data import card
from engine.gallic.rules import GALLIC
from engine.gallic.state import DISCARD, REVEAL, Exchanged, Reshuffled
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import SIZES, assert_on_screen, screen_lines
from tui.screens.gallic import GallicScreen
from tui.screens.game import ResultScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for
from tui.screens.setup import SetupScreen
from tui.widgets.card import CardView
from tui.widgets.hand import HandView


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


async def test_discard_count_includes_the_cards_just_exchanged(make_app):
    # House rule: exchanged cards go face down on the discard pile; the count shows them.
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_from_menu(pilot, app)
        await pilot.press("1", "2", "enter")
        await settle(pilot, app)
        assert screen.view.phase == REVEAL
        bot = len(screen.view.sides[screen.them].exchanged)
        assert "discard 2" in str(screen.query_one("#my-head").render())
        assert f"discard {bot}" in str(screen.query_one("#opp-head").render())


# --- fitting the cards and the track (issue 13) ------------------------------------------------

SEATS = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="B", level="strong"))


def played(app, seed: int, battles: int, reveal: bool = False) -> Session:
    """A game in which both sides kept their hands for ``battles`` battles; it waits at the
    next exchange, or at the last battle's reveal (or is over after the last battle)."""
    session = Session.new(GALLIC, app.store, SEATS, {}, seed=seed)
    while True:
        state = session.state
        done = len(state.battles)
        if state.phase == DISCARD and done == battles:
            return session
        if state.phase == REVEAL and done == battles and reveal:
            return session
        if GALLIC.outcome(state) is not None:
            assert done == battles, "the game ended first"
            return session
        for seat in GALLIC.to_move(state):
            session.apply(seat, Discard(()) if state.phase == DISCARD else Continue())


def starting(seed: int, battles: int = 0, reveal: bool = False):
    def start(app):
        return screen_for(played(app, seed, battles, reveal))

    return start


def readable(token: str, name: str) -> bool:
    """A word of the name, or an abbreviation of one ("Battag."), or a cut end ("…")."""
    words = name.split()
    if token in words or token.endswith("…"):
        return True
    return token.endswith(".") and any(w.startswith(token[:-1]) for w in words)


def card_lines(app, view: CardView) -> list[str]:
    """What the card shows inside its border, as on the screen."""
    region = view.content_region
    lines = screen_lines(app)[region.y : region.y + region.height]
    return [line[region.x : region.x + region.width].strip() for line in lines]


async def test_names_are_never_cut_mid_word_and_the_cursor_card_is_spelled_out(make_app):
    # Seed 1 deals Rome "Soldati Professionisti" and "Battaglia Decisiva" among others.
    app = make_app(starting(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        hand = screen.query_one("#my-hand", HandView)
        for i, card_id in enumerate(screen.view.sides[screen.me].hand):
            name = card(screen.me, card_id).name
            view = list(hand.query(CardView))[i]
            number, *body = card_lines(app, view)
            assert number.startswith(f"{i + 1} {view.face.corner}")
            for token in " ".join(body).split():
                assert readable(token, name), (token, name)
            assert hand.cursor == i
            assert_on_screen(app, name)  # the detail line under the hand
            await pilot.press("right")
            await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_the_battle_track_holds_all_eight_battles_on_one_line(make_app, size):
    app = make_app(starting(seed=4, battles=7, reveal=True))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        track = [line for line in screen_lines(app) if "Battles" in line]
        assert len(track) == 1, track
        numbers = re.findall(r"(?<!\d)([1-8])(?=\s?[RG=▸·])", track[0])
        assert numbers == [str(n) for n in range(1, 9)], track[0]


async def test_counts_in_the_log_agree_with_their_nouns(make_app):
    app = make_app(starting(seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.describe(Reshuffled(seat=1, cards=1)) == (
            "The Gauls shuffle 1 discard into a new deck."
        )
        assert screen.describe(Exchanged(seat=1, count=1)) == "The Gauls exchange 1 card."
        mine = screen.describe(Exchanged(seat=0, count=1, cards=(2,)))
        assert mine == "You exchange 1 card: Legioni."
        two = screen.describe(Exchanged(seat=0, count=2, cards=(2, 3)))
        assert two == "You exchange 2 cards: Legioni and Centurioni."


# --- against the searching bot (issue 14) -------------------------------------------------------


async def test_a_quick_game_against_the_expert_bot_through_the_screen(make_app):
    seats = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="B", level="expert"))

    def start(app):
        return screen_for(Session.new(GALLIC, app.store, seats, {"battles": 5}, seed=7))

    app = make_app(start)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GallicScreen)
        for marks in ("12", "", "1357", "8", "24"):
            if isinstance(app.screen, ResultScreen):
                break
            await play_battle(pilot, app, screen, marks)
        assert isinstance(app.screen, ResultScreen)
        state = screen.session.state
        outcome = GALLIC.outcome(state)
        assert outcome is not None and app.screen.details == outcome.reason
        # The bot exchanged in every battle fought, as the log tells the human.
        theirs = [e for e in state.log if isinstance(e, Exchanged) and e.seat == screen.them]
        assert len(theirs) == 2 * len(state.battles)  # one private, one public event each
