"""El Álamo from the keyboard: the solitaire and both sides of the two-player game, to the end."""

from __future__ import annotations

import random

import attrs
import pytest
from textual.widgets import Input

from engine.alamo import rules
from engine.alamo.data import card, ids_named
from engine.alamo.rules import ALAMO
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FIRE,
    FOR_ARTILLERY,
    PAY,
    REPEL,
    ROLL,
    SURVIVORS,
    AttackDrawn,
    Battle,
    Breached,
    CountersLost,
    DeckRebuilt,
    Drew,
    Fired,
    HandLost,
    Repelled,
    Returned,
    Revealed,
    SurvivorsKept,
    TurnStarted,
)
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import played_until, settle
from tests.tui.fit import assert_on_screen, screen_lines, screen_text
from tui.screens.alamo import AlamoScreen
from tui.screens.game import ResultScreen
from tui.screens.registry import screen_for
from tui.screens.setup import SetupScreen
from tui.widgets.alamo_battle import results
from tui.widgets.card import CardView
from tui.widgets.hand import HandView

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
    """To the result, then the board after the end, which shows no markup."""
    app = make_app(starter((SeatInfo(kind="human", name="Travis"),), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AlamoScreen) and screen.solitaire
        await play_to_the_end(pilot, app, screen, texan_keys)
        state = screen.session.state
        assert ALAMO.outcome(state) is not None
        assert app.screen.details == state.reason
        assert str(app.screen.headline) == ("Texans · Travis wins!" if state.winners else "Defeat.")
        await pilot.press("b")  # the board after the end shows no markup
        await pilot.pause()
        assert app.screen is screen
        text = screen_text(app)
        assert "[b]" not in text and "[/b]" not in text, text


async def test_a_fallen_alamo_is_told_as_a_defeat_not_a_draw(make_app):
    """Opened once the fort has fallen (the easy bot loses seed 1), the result says so."""

    def fallen(app):
        seats = (SeatInfo(kind="human", name="Travis"),)
        session = Session.new(ALAMO, app.store, seats, {}, seed=1, players=1)
        while ALAMO.outcome(session.state) is None:
            view = ALAMO.view(session.state, 0)
            session.apply(0, ALAMO.bots["easy"](view, 0, random.Random(len(view.log))))
        return screen_for(session)

    app = make_app(fallen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen), "the result is shown on opening"
        assert str(app.screen.headline) == "Defeat."
        assert "the Alamo is taken" in str(app.screen.details)


async def test_the_last_turns_as_the_texans_against_the_strong_bot_to_the_result(make_app):
    """From turn 34 of a game played by both sides' bots (the first turns by keys: the short
    game against the expert below) to the result, by keys against the strong bot."""

    def late(app):
        session = Session.new(ALAMO, app.store, TEXAN_VS_BOT, {}, seed=8, players=2)
        return screen_for(played_until(session, lambda s: s.turn >= 34, random.Random(8)))

    app = make_app(late)
    async with app.run_test(size=(80, 24)) as pilot:
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
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # the second game: El Álamo
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.players == 2
        # Texans: the easy bot (it answers at once); Mexicans: me. Each seat's list: Human, Bot ·
        # easy, Bot · strong, Bot · expert.
        # The first focus is the Texans' name: back one field to their seat's list.
        await pilot.press("shift+tab", "enter", "down", "enter")
        await pilot.press("tab", "tab", "enter", "up", "up", "enter")
        await pilot.pause()
        app.screen.query_one("#seed", Input).focus()  # a deal to replay: a siege of the shortest
        await pilot.press("9", "ctrl+s")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AlamoScreen)
        assert [s.kind for s in screen.seats] == ["bot", "human"]
        await play_to_the_end(pilot, app, screen, mexican_keys)
        assert ALAMO.outcome(screen.session.state) is not None


# --- what the screen shows (issue 13) ----------------------------------------------------------

TEXAN_VS_BOT = (
    SeatInfo(kind="human", name="Travis"),
    SeatInfo(kind="bot", name="S", level="strong"),
)
MEXICAN_VS_BOT = (SeatInfo(kind="bot", name="S", level="strong"), SeatInfo(kind="human", name="SA"))
ALONE = (SeatInfo(kind="human", name="Travis"),)


def driven(app, seats, seed: int, wanted) -> Session:
    """A game both sides (or the solitaire's Texan) played with the easy bot until ``wanted``
    holds; every move goes through the session, as if played on screen."""
    session = Session.new(ALAMO, app.store, seats, {}, seed=seed, players=len(seats))
    return played_until(session, wanted, random.Random(seed), level="easy")


def opened(seats, seed: int, wanted):
    def start(app):
        return screen_for(driven(app, seats, seed, wanted))

    return start


def defending(state) -> bool:
    """The Texan defends against five or more cards with a leader's bonus, holding six."""
    return (
        state.phase == DEFEND
        and len(state.battle.attack) >= 5
        and rules.attack_tally(state.battle.attack).bonus > 0
        and len(state.sides[0].hand) >= 6
        and any(card(0, c).note.startswith("+10") for c in state.sides[0].hand)
    )


def solitaire_artillery_after_a_battle(state) -> bool:
    """The solitaire's Texan pays for this turn's Mexican artillery, last turn's assault still
    in the state, this turn's attack on the table."""
    return (
        state.phase == PAY
        and state.payment.cause == FOR_ARTILLERY
        and state.battle is not None
        and len(state.sides[1].table) >= 2
    )


def card_text(app, view: CardView) -> str:
    region = view.content_region
    lines = screen_lines(app)[region.y : region.y + region.height]
    return "\n".join(line[region.x : region.x + region.width] for line in lines)


def bonus_marks(face) -> list[tuple[str, ...]]:
    """What a card's bonus line must show, whole or abbreviated (any of each group): "+10"
    and a word of the leader's name (or, for a Mexican troop, its column), "DOUBLE", the
    column of a Mexican leader."""
    note = face.hint
    column = tuple(w[:3] for w in face.footer.split(" · ")[1:])
    if note.startswith("DOUBLE"):
        return [("DOUBLE",)]
    if note.startswith("+10 with "):
        leader = note.removeprefix("+10 with ").replace(" or ", " ").split()
        return [("+10",), tuple(w[:3] for w in leader) + column]
    if note.startswith("+10"):
        return [("+10",), ("Art",)]
    if note.endswith("leader"):
        return [(note[:3],)]
    return []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_cards_keep_their_bonus_lines_and_the_attack_its_breakdown(make_app, size):
    app = make_app(opened(TEXAN_VS_BOT, 4, defending))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        for row, side, ids in (
            ("#my-hand", 0, view.sides[0].hand),
            ("#attack", 1, view.battle.attack),
        ):
            cards = list(screen.query_one(row, HandView).query(CardView))
            assert len(cards) == len(ids)
            for shown, c in zip(cards, ids, strict=True):
                assert shown.face.hint == card(side, c).note
                text = card_text(app, shown)
                for marks in bonus_marks(shown.face):
                    assert any(m in text for m in marks), f"{marks} not on:\n{text}"
        tally = rules.attack_tally(view.battle.attack)
        assert_on_screen(app, f"{tally.base} +{tally.bonus}", f"= {tally.total}")


async def test_the_solitaire_shows_this_turns_attack_during_the_artillery_payment(make_app):
    app = make_app(opened(ALONE, 1, solitaire_artillery_after_a_battle))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        table = view.sides[1].table
        shown = screen.query_one("#attack", HandView).faces
        assert [f.title for f in shown] == [card(1, c).name for c in table]
        assert not screen.query_one("#defence-row").display  # no old defence either
        assert_on_screen(app, "ATTACK")
        assert not any("TURN" in line for line in screen_lines(app))


def solitaire_roll_after_a_breach(state) -> bool:
    return state.phase == ROLL and state.battle is not None and state.battle.winner == 1


async def test_last_turns_assault_stays_labelled_until_the_roll(make_app):
    app = make_app(opened(ALONE, 1, solitaire_roll_after_a_breach))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        battle, last = screen.view.battle, screen.view.turn - 1
        assert_on_screen(
            app,
            f"TURN {last} ATTACK",
            f"TURN {last} DEFENCE",
            f"✔ won by {battle.difference}",
            f"✘ lost by {battle.difference}",
        )


async def test_counts_and_names_in_the_log_read_right(make_app):
    app = make_app(starter(TEXAN_VS_BOT, seed=8))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        say = app.screen.describe
        cannon = ids_named(0, "Cañón de 18 pdr.")[0]
        bowie = ids_named(0, "James Bowie")[0]
        assert say(AttackDrawn(count=1)) == "1 Mexican card comes face down."
        assert say(AttackDrawn(count=3)) == "3 Mexican cards come face down."
        assert say(Fired(seat=0, card=cannon)) == "The Texans fire Cañón de 18 pdr."
        assert say(SurvivorsKept(seat=0, cards=())) == "The Texans keep none of their played cards."
        assert say(SurvivorsKept(seat=0, cards=(bowie,))) == (
            "The Texans keep James Bowie and shuffle it into their deck."
        )
        assert say(HandLost(seat=0, cards=())) == "The Texans have no cards left to lose."
        assert say(HandLost(seat=0, cards=(bowie,))) == "The Texans lose the whole hand (1 card)."
        assert say(Drew(seat=1, count=1)) == "The Mexicans draw 1 card."
        assert say(Returned(seat=1, count=1)) == "The Mexicans put 1 card back into the deck."
        assert say(DeckRebuilt(seat=0, cards=1)) == "The Texans shuffle 1 discard into a new deck."
        assert say(CountersLost(count=1, points=10, left=3)).startswith("[b]1 section of men")
        cos, cerco = ids_named(1, "General Cos")[0], ids_named(1, "Cerco")[0]
        assert say(Revealed(cards=(cos, cerco))) == "The attack: General Cos and Cerco."


# --- against the expert ------------------------------------------------------------------------


def short_game(app, seats, seed: int) -> Session:
    """A game dealt as usual, but with six cards left in each deck (the others discarded):
    it is over in a few turns."""
    session = Session.new(ALAMO, app.store, seats, {}, seed=seed, players=len(seats))
    state = session.state
    sides = tuple(attrs.evolve(s, deck=s.deck[:6], discard=s.deck[6:]) for s in state.sides)
    session.record = attrs.evolve(session.record, state=attrs.evolve(state, sides=sides))
    return session


@pytest.mark.parametrize("human", [0, 1])
async def test_a_whole_short_game_by_keys_against_the_expert(make_app, human):
    """The player (Texan, then Mexican) plays every move by keys, from the first draw to the
    result screen; the expert bot plays the other side."""
    expert = SeatInfo(kind="bot", name="E", level="expert")
    me = SeatInfo(kind="human", name="Travis" if human == 0 else "SA")
    seats = (me, expert) if human == 0 else (expert, me)
    app = make_app(lambda app: screen_for(short_game(app, seats, 21)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AlamoScreen) and screen.seats[1 - human].level == "expert"
        await play_to_the_end(pilot, app, screen, texan_keys if human == 0 else mexican_keys)
        assert ALAMO.outcome(screen.session.state) is not None
        assert app.screen.details == screen.session.state.reason
        assert {seat for seat, _ in screen.session.record.actions} == {0, 1}


async def test_a_payment_says_more_only_once_something_is_paid(make_app):
    """ "Pay 30 more" before any card was paid reads as a second bill."""
    app = make_app(opened(ALONE, 1, solitaire_artillery_after_a_battle))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        payment = view.payment
        fresh = attrs.evolve(view, payment=attrs.evolve(payment, paid=0))
        started = attrs.evolve(view, payment=attrs.evolve(payment, paid=10))
        due = payment.amount
        assert screen.prompt_text(fresh).startswith(f"Pay {due} for the Mexican artillery")
        assert screen.prompt_text(started).startswith(f"Pay {due - 10} more for")


def test_an_exact_repel_is_not_won_by_zero():
    exact = Battle(attack=(1,), attack_total=80, defence_total=80, resolved=True, winner=0)
    won_by = Battle(attack=(1,), attack_total=80, defence_total=90, resolved=True, winner=0)
    won_by = attrs.evolve(won_by, difference=10)
    assert all("0" not in said for said in results(exact))
    assert results(won_by) == ("✘ lost by 10", "✔ won by 10")


def solitaire_roll_after_a_quiet_turn(state) -> bool:
    """The roll of a turn after one whose attack was shot away (no assault), with an older
    assault still in the state."""
    if state.phase != ROLL or state.battle is None:
        return False
    starts = [i for i, e in enumerate(state.log) if isinstance(e, TurnStarted)]
    if len(starts) < 2:
        return False
    last_turn = state.log[starts[-2] : starts[-1]]
    return not any(isinstance(e, (Repelled, Breached)) for e in last_turn)


async def test_after_a_quiet_turn_no_old_assault_is_shown(make_app):
    app = make_app(opened(ALONE, 1, solitaire_roll_after_a_quiet_turn))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == ROLL
        assert not screen.query_one("#attack-row").display
        assert not screen.query_one("#defence-row").display
        assert not any("TURN" in line for line in screen_lines(app))
