"""El Álamo from the keyboard: the solitaire and both sides of the two-player game, to the end."""

from __future__ import annotations

from engine.alamo import rules
from engine.alamo.rules import ALAMO
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FIRE,
    PAY,
    REPEL,
    ROLL,
    SURVIVORS,
)
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.alamo import AlamoScreen
from tui.screens.game import ResultScreen, screen_for
from tui.screens.setup import SetupScreen

MAX_STEPS = 3000


def starter(seats, seed):
    def start(app):
        return screen_for(Session.new(ALAMO, app.store, seats, {}, seed=seed, players=len(seats)))

    return start


def key_for(index: int) -> list[str]:
    """Reach card ``index`` of the hand with the keys a player would use."""
    return [str(index + 1)] if index < 9 else ["home", *["right"] * index, "space"]


async def play_to_the_end(pilot, app, screen: AlamoScreen, choose) -> None:
    """Answer whatever the screen asks with ``choose(view) -> keys`` until the result shows."""
    for _ in range(MAX_STEPS):
        await settle(pilot, app)
        if isinstance(app.screen, ResultScreen):
            return
        assert app.screen is screen
        if not screen.my_turn:
            continue
        await pilot.press(*choose(screen.view))
    raise AssertionError("the game did not end")


def texan_keys(view) -> list[str]:
    hand = view.sides[0].hand
    if view.phase in (ROLL, BOMBARD):
        return ["enter"]
    if view.phase == PAY:
        return ["a"]
    if view.phase == DISCARD:
        return key_for(0)
    if view.phase == DEFEND:
        tally = rules.selection_tally(view)
        if not view.selection and hand:
            return key_for(0)  # defend with the first card, if it may defend alone
        return ["enter"] if tally is None or tally.legal else key_for(0)
    if view.phase == FIRE:
        return key_for(0)
    if view.phase == SURVIVORS:
        return ["enter"]
    if view.phase == REPEL:
        needed = rules.repel_choices(hand, view.battle.attack_total)[0]
        missing = [c for c in needed if c not in view.selection]
        return key_for(hand.index(missing[0])) if missing else ["enter"]
    raise AssertionError(f"unexpected phase {view.phase}")


async def test_a_whole_solitaire_with_keys_only(make_app):
    app = make_app(starter((SeatInfo(kind="human", name="Travis"),), seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AlamoScreen) and screen.solitaire
        await play_to_the_end(pilot, app, screen, texan_keys)
        state = screen.session.state
        assert ALAMO.outcome(state) is not None
        assert app.screen.details == state.reason


async def test_a_whole_two_player_game_as_the_texans_against_the_strong_bot(make_app):
    seats = (SeatInfo(kind="human", name="Travis"), SeatInfo(kind="bot", name="S", level="strong"))
    app = make_app(starter(seats, seed=8))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await play_to_the_end(pilot, app, screen, texan_keys)
        assert ALAMO.outcome(screen.session.state) is not None


def mexican_keys(view) -> list[str]:
    hand = view.sides[1].hand
    if view.phase == BOMBARD:
        return ["enter"]
    if view.phase == PAY:
        return ["a"]
    if view.phase == DISCARD:
        return key_for(0)
    if view.phase == SURVIVORS:
        return ["enter"]
    if view.phase == ATTACK:
        tally = rules.selection_tally(view)
        if view.selection and tally.legal:
            return ["enter"]
        legal = {a.card for a in ALAMO.legal_actions(view, 1) if hasattr(a, "card")}
        addable = [i for i, c in enumerate(hand) if c in legal and c not in view.selection]
        return key_for(addable[0]) if addable else ["d"]
    raise AssertionError(f"unexpected phase {view.phase}")


async def test_a_whole_two_player_game_as_the_mexicans_from_the_menu(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "enter")  # the second game: El Álamo
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.players == 2
        # Texans: a strong bot; Mexicans: me. Each seat's list: Human, Bot · easy, Bot · strong.
        await pilot.press("enter", "down", "down", "enter")  # the Texans' seat has the focus
        await pilot.press("tab", "tab", "enter", "up", "up", "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AlamoScreen)
        assert [s.kind for s in screen.seats] == ["bot", "human"]
        await play_to_the_end(pilot, app, screen, mexican_keys)
        assert ALAMO.outcome(screen.session.state) is not None
