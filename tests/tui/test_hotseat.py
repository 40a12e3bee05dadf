"""Hot seat: a player's private view never shows until that player has taken the terminal.

Whole games with only humans at one terminal are driven through the screens; every time the
terminal shows a game screen (rendered while on top, or uncovered when a screen above it
closes) we note whose view it shows, and every hand-over cover we note for whom. A seat's view
may follow only that seat's own view, or a cover for that seat.
"""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

from engine import registry
from engine.gallic.data import card
from engine.gallic.state import DISCARD, REVEAL
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.game import GameScreen, HandOverScreen, ResultScreen
from tui.screens.registry import screen_for
from tui.widgets.hand import HandView
from tui.widgets.metauro_grid import MetauroGrid

NAMES = ("Ana", "Bruno", "Carla")

# Choices that end a game soon: the test plays whole games, not good ones.
FAST = {"Confirm", "Decline", "StopFiring", "EndPhase", "Continue", "PayTopOfDeck", "Roll"}

# game id, human seats, config, seed, most inputs (actions and hand-overs). A game too long
# for a quick test (El Álamo's decks take a hundred hand-overs) is checked up to the cap:
# Álamo's first 60 inputs already hold every phase of both sides and some twenty hand-overs.
GAMES = [
    ("gallic", 2, {"battles": 5}, 1, 200),
    ("alamo", 2, {}, 4, 60),
    ("mates", 2, {}, 14, 200),
    ("ataque", 3, {"round_limit": 1}, 1, 200),
]
WHOLE = {"gallic", "mates", "ataque"}


def humans(count: int) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(kind="human", name=n) for n in NAMES[:count])


def new_session(store, game_id: str, count: int, config: dict, seed: int) -> Session:
    game = registry.get(game_id)
    return Session.new(game, store, humans(count), config, seed=seed, players=count)


def choose(actions, rng: random.Random):
    fast = [a for a in actions if type(a).__name__ in FAST]
    if fast and rng.random() < 0.8:
        return rng.choice(fast)
    return rng.choice(actions)


class Witness:
    """What the people at the terminal saw, in order: ("cover", seat) and ("view", seat)."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[tuple[str, int | None]] = []
        witness = self
        watch_view = GameScreen.watch_view

        def watched(screen, view) -> None:
            watch_view(screen, view)
            if view is None:
                return
            screen.rendered_seat = screen.viewer
            if screen.app.screen is screen:
                witness.seen.append(("view", screen.viewer))

        # A screen's resume event may arrive after another screen went on top of it.
        def game_uncovered(screen) -> None:
            seat = getattr(screen, "rendered_seat", None)
            if seat is not None and screen.app.screen is screen:
                witness.seen.append(("view", seat))

        def cover_shown(cover) -> None:
            if cover.app.screen is cover:
                witness.seen.append(("cover", NAMES.index(cover.player)))

        monkeypatch.setattr(GameScreen, "watch_view", watched)
        monkeypatch.setattr(GameScreen, "on_screen_resume", game_uncovered, raising=False)
        monkeypatch.setattr(HandOverScreen, "on_screen_resume", cover_shown, raising=False)

    def check(self) -> None:
        last, cover = None, None
        for i, (what, seat) in enumerate(self.seen):
            if what == "cover":
                cover = seat
                continue
            if seat is None:
                last, cover = None, None
                continue
            assert seat == last or cover == seat, (
                f"{NAMES[seat]}'s view shown after "
                f"{'nobody' if last is None else NAMES[last]}'s without a hand-over "
                f"(step {i} of {self.seen[max(0, i - 4) : i + 1]})"
            )
            last, cover = seat, None


async def play_out(pilot, app, witness: Witness, rng: random.Random, cap: int) -> GameScreen:
    """Answer hand-overs with Enter and Space in turn, and move with legal actions, until the
    result shows or ``cap`` inputs were made."""
    game_screen = None
    covers = 0
    for _ in range(cap):
        screen = app.screen
        if isinstance(screen, ResultScreen):
            break
        if isinstance(screen, HandOverScreen):
            covers += 1
            await pilot.press("enter" if covers % 2 else "space")
            continue
        assert isinstance(screen, GameScreen)
        game_screen = screen
        state = screen.session.state
        if screen.game.outcome(state) is not None:
            await pilot.pause()  # the result comes up after the last move shows
            continue
        if screen.viewer is None:  # Gallic's reveal: everyone looks, one Enter for all
            await pilot.press("enter")
            continue
        assert screen.viewer in screen.game.to_move(state)
        action = choose(screen.game.legal_actions(state, screen.viewer), rng)
        assert screen.act(action)
        if not isinstance(app.screen, GameScreen):
            await pilot.pause()  # a screen came up: let it show
    assert game_screen is not None
    return game_screen


@pytest.mark.parametrize(("game_id", "count", "config", "seed", "cap"), GAMES)
async def test_a_whole_hot_seat_game_never_shows_a_hand_to_the_wrong_player(
    make_app, monkeypatch, game_id, count, config, seed, cap
):
    witness = Witness(monkeypatch)
    app = make_app(lambda app: screen_for(new_session(app.store, game_id, count, config, seed)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await play_out(pilot, app, witness, random.Random(seed), cap)
        if game_id in WHOLE:
            assert isinstance(app.screen, ResultScreen)
            assert screen.game.outcome(screen.session.state) is not None
    covers = {seat for what, seat in witness.seen if what == "cover"}
    assert covers == set(range(count))  # every player took the terminal at least once
    assert witness.seen[0][0] == "cover"  # nobody's hand before the first hand-over
    witness.check()


async def test_after_the_gallic_reveal_the_next_hand_waits_for_a_hand_over(make_app, monkeypatch):
    witness = Witness(monkeypatch)
    app = make_app(lambda app: screen_for(new_session(app.store, "gallic", 2, {}, 4)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(2):  # each player takes the terminal and keeps the hand
            assert isinstance(app.screen, HandOverScreen)
            await pilot.press("enter")
            await pilot.press("enter")
        game = app.screen
        assert isinstance(game, GameScreen) and game.view.phase == REVEAL
        await pilot.press("enter")  # both players looked at the reveal: on to battle 2
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("space")
        assert app.screen is game and game.view.phase == DISCARD and game.view.number == 2
    witness.check()


@pytest.mark.parametrize(("game_id", "count", "config", "seed", "cap"), GAMES)
async def test_continuing_a_saved_hot_seat_game_hands_over_first(
    make_app, store, monkeypatch, game_id, count, config, seed, cap
):
    session = new_session(store, game_id, count, config, seed)
    rng = random.Random(seed)
    for _ in range(7):  # a few moves in, then the players quit
        game, state = session.game, session.state
        seat = game.to_move(state)[0]
        session.apply(seat, choose(game.legal_actions(state, seat), rng))
    session.close()
    witness = Witness(monkeypatch)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")  # Continue from the menu
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        mover = session.game.to_move(session.state)[0]
        assert app.screen.player == NAMES[mover]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.viewer == mover
    assert witness.seen[0] == ("cover", mover)
    witness.check()


async def test_the_cover_says_one_thing_about_how_to_go_on(make_app):
    app = make_app(lambda app: screen_for(new_session(app.store, "gallic", 2, {}, 4)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, HandOverScreen)
        text = "\n".join(str(w.render()) for w in cover.query("Static"))
        assert "Press Enter or Space when you are ready." in text
        assert [b.description for b in cover.BINDINGS] == ["Ready"]
        assert str(cover.query_one("#ready").label) == "Ready"


@pytest.mark.parametrize(
    "seats",
    [
        (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="B", level="easy")),
        (SeatInfo(kind="bot", name="B", level="easy"), SeatInfo(kind="human", name="Ana")),
    ],
)
async def test_one_human_against_a_bot_never_sees_a_hand_over(make_app, seats):
    game = registry.get("gallic")
    app = make_app(lambda app: screen_for(Session.new(game, app.store, seats, {}, seed=2)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen) and app.screen.view is not None
        await pilot.press("enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, HandOverScreen)


async def test_two_humans_at_metauro_need_no_hand_over(make_app):
    """Metauro hides nothing: the board simply turns to whoever moves."""
    game = registry.get("metauro")
    app = make_app(lambda app: screen_for(Session.new(game, app.store, humans(2), {}, seed=2)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        for _ in range(6):
            state = screen.session.state
            mover = screen.game.to_move(state)[0]
            assert screen.viewer == mover
            assert screen.act(screen.game.legal_actions(state, mover)[0])
            await pilot.pause()
            assert app.screen is screen


# --- shared screens: what everyone at the terminal looks at together ------------------------
YOU = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def plain(lines: list[str]) -> str:
    return "\n".join(Text.from_markup(line).plain for line in lines)


def to_the_end(game_id: str, count: int, config: dict, seed: int) -> list[tuple[int, object]]:
    """The moves of a whole game (quick choices), played on the engine alone."""
    game = registry.get(game_id)
    state, moves, rng = game.new(config, seed, count), [], random.Random(seed)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        action = choose(game.legal_actions(state, seat), rng)
        state = game.apply(state, seat, action)
        moves.append((seat, action))
    return moves


async def test_the_gallic_reveal_in_hot_seat_names_no_exchanged_card_and_says_no_you(make_app):
    """Both players look at the reveal: each side's exchange is said in the third person,
    and the cards a side exchanged stay its own secret."""
    app = make_app(lambda app: screen_for(new_session(app.store, "gallic", 2, {}, 4)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for marks in ("1", "12"):  # Ana exchanges one card, Bruno two
            await pilot.press("enter")  # the hand-over
            for key in marks:
                await pilot.press(key)
            await pilot.press("enter")
        game = app.screen
        assert isinstance(game, GameScreen) and game.view.phase == REVEAL
        exchanged = [
            card(side, c).name for side in (0, 1) for c in game.session.state.sides[side].exchanged
        ]
        said = plain(game.log_lines())
        assert len(exchanged) == 3
        assert not YOU.search(said), said
        assert not any(name in said for name in exchanged), said
        assert "Rome exchanges 1 card." in said and "The Gauls exchange 2 cards." in said
        assert game.viewer is None  # nobody's private view: the public one
        assert "the log as all players see it" in game.log_contents()[0]


@pytest.mark.parametrize(
    ("game_id", "count", "config", "seed"),
    [
        ("gallic", 2, {"battles": 5}, 1),
        ("alamo", 2, {}, 4),
        ("mates", 2, {}, 14),
        ("ataque", 3, {"round_limit": 1}, 1),
    ],
)
async def test_the_end_of_a_hot_seat_game_shows_no_hand_and_says_no_you(
    make_app, store, game_id, count, config, seed
):
    """The last move ends the game; everyone looks at the result and the board behind it:
    no player's hand, no log line in the second person."""
    moves = to_the_end(game_id, count, config, seed)
    session = new_session(store, game_id, count, config, seed)
    for seat, action in moves[:-1]:
        session.apply(seat, action)
    last_seat, last = moves[-1]
    app = make_app(lambda app: screen_for(session))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        game = app.screen
        assert isinstance(game, GameScreen) and game.viewer == last_seat
        assert game.act(last)
        await pilot.pause()
        assert game.game.outcome(game.session.state) is not None
        said = plain(game.log_lines())
        assert not YOU.search(said), said
        assert game.view == game.session.view(None)  # only what a spectator may see


async def test_bots_between_hot_seat_players_play_on_the_public_view(make_app, monkeypatch):
    """Two people and a bot at Ataque: while the bot plays both may look, so the screen
    shows nobody's cards or objective."""
    game = registry.get("ataque")
    seats = (*humans(2), SeatInfo(kind="bot", name="Bot", level="easy"))
    session = {"round_limit": 1}
    bots_moving: list[int | None] = []
    watch_view = GameScreen.watch_view

    def watched(screen, view) -> None:
        watch_view(screen, view)
        pending = screen.game.to_move(screen.session.state)
        if view is not None and pending and not any(screen.is_human(s) for s in pending):
            bots_moving.append(screen.viewer)

    monkeypatch.setattr(GameScreen, "watch_view", watched)
    app = make_app(
        lambda app: screen_for(Session.new(game, app.store, seats, session, seed=3, players=3))
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rng = random.Random(3)
        for _ in range(300):
            if isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
                continue
            screen = app.screen
            if not isinstance(screen, GameScreen):
                break
            state = screen.session.state
            if screen.game.outcome(state) is not None:
                break
            if screen.viewer in screen.game.to_move(state):
                assert screen.act(choose(screen.game.legal_actions(state, screen.viewer), rng))
            await settle(pilot, app)
    assert bots_moving, "the bot never played"
    assert set(bots_moving) == {None}


async def test_each_hot_seat_player_finds_the_hand_as_they_left_it(make_app):
    """Ana moves her cursor; Bruno's hand opens at its own start, and Ana's cursor is back
    where she left it when her turn comes again."""
    app = make_app(lambda app: screen_for(new_session(app.store, "gallic", 2, {}, 4)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ana takes the terminal
        game = app.screen
        hand = game.query_one("#my-hand", HandView)
        await pilot.press("right", "right", "right")
        assert (game.viewer, hand.cursor) == (0, 3)
        await pilot.press("enter")  # she keeps her hand
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")  # Bruno
        assert game.viewer == 1 and hand.cursor == 0
        await pilot.press("right")
        await pilot.press("enter")  # he keeps his: the reveal
        await pilot.press("enter")  # on to battle 2
        await pilot.press("enter")  # Ana again
        assert game.viewer == 0 and hand.cursor == 3


def metauro_step(screen) -> None:
    """One quick step of the side to move: deploy as the game suggests, end the move."""
    legal = screen.game.legal_actions(screen.session.state, screen.viewer)
    quick = ("Deploy", "DefaultDeployment", "EndMove", "Pass", "NoAdvance", "AutoPair")
    ranked = sorted(legal, key=lambda a: (quick + (type(a).__name__,)).index(type(a).__name__))
    assert screen.act(ranked[0])


async def test_two_humans_at_metauro_each_keep_their_own_cursor(make_app):
    """No hand-over at Metauro, but the board turns to whoever moves: each finds the cursor
    where they left it, and the second player starts at the board's first square."""
    game = registry.get("metauro")
    app = make_app(lambda app: screen_for(Session.new(game, app.store, humans(2), {}, seed=2)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        grid = screen.query_one(MetauroGrid)
        first, start = screen.viewer, grid.cursor
        await pilot.press("up", "up", "left")
        left_at = grid.cursor
        assert left_at != start
        for _ in range(20):  # Ana's move, all of its steps
            metauro_step(screen)
            await pilot.pause()
            if screen.viewer != first:
                break
        assert screen.viewer != first
        assert grid.cursor == start  # Bruno's own, not the square Ana left
        await pilot.press("down")
        for _ in range(20):
            metauro_step(screen)
            await pilot.pause()
            if screen.viewer == first:
                break
        assert screen.viewer == first and grid.cursor == left_at
