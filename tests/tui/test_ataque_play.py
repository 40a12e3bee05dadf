"""Ataque with the keyboard: a three-player game, one human and two bots, to the end."""

from __future__ import annotations

import attrs

from engine.ataque.data import NEIGHBOURS, TERRITORIES, sets_in
from engine.ataque.rules import ATAQUE
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, PLACE, REGROUP, Battle
from saves.record import SeatInfo
from saves.session import Session
from tests.engine.ataque.helpers import rigged, t
from tests.tui.conftest import settle
from tui.screens.ataque import AtaqueScreen
from tui.screens.game import ResultScreen, screen_for

SEATS = (
    SeatInfo(kind="human", name="Ana"),
    SeatInfo(kind="bot", name="Teg", level="teg"),
    SeatInfo(kind="bot", name="Strong", level="strong"),
)


def starter(seed):
    def start(app):
        return screen_for(Session.new(ATAQUE, app.store, SEATS, {}, seed=seed, players=3))

    return start


def find(name: str) -> list[str]:
    """Select a territory by typing part of its name, as a player would."""
    return ["slash", *name[:5].lower(), "enter"]


def human_keys(screen: AtaqueScreen) -> list[str]:
    view = screen.view
    me = screen.me
    mine = [t for t in range(len(TERRITORIES)) if view.owner[t] == me]
    if view.phase == EXCHANGE or sets_in(view.players[me].hand) and view.phase == PLACE:
        return ["x"]
    if view.phase == PLACE:
        border = max(
            mine, key=lambda t: (any(view.owner[n] != me for n in NEIGHBOURS[t]), view.armies[t])
        )
        return [*find(TERRITORIES[border]), "a"]
    if view.phase == MOVE_IN:
        return ["a"]
    if view.phase == ATTACK:
        for t in sorted(mine, key=lambda t: -view.armies[t]):
            weak = [
                n
                for n in NEIGHBOURS[t]
                if view.owner[n] != me and view.armies[n] * 2 < view.armies[t]
            ]
            if view.armies[t] >= 4 and weak:
                return [*find(TERRITORIES[t]), "enter", *find(TERRITORIES[weak[0]]), "b"]
        return ["e"]
    if view.phase == REGROUP:
        return ["e"]
    raise AssertionError(view.phase)


async def test_a_three_player_game_with_keys_only(make_app):
    app = make_app(starter(seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AtaqueScreen)
        for _ in range(3000):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
            if screen.my_turn:
                before = len(screen.session.record.actions)
                await pilot.press(*human_keys(screen))
                await pilot.pause()
                if len(screen.session.record.actions) == before and screen.view.phase == ATTACK:
                    await pilot.press("e")  # nothing came of it: end the attacks
        else:
            raise AssertionError("the game did not end")
        state = screen.session.state
        assert ATAQUE.outcome(state) is not None
        assert any(type(e).__name__ == "Placed" and e.seat == 0 for e in state.log)


def rigged_start(state):
    def start(app):
        session = Session.new(ATAQUE, app.store, SEATS, {}, seed=1, players=3)
        session.record = attrs.evolve(session.record, state=state)
        return screen_for(session)

    return start


async def test_choosing_dice_and_attacking_until_down_to_n(make_app):
    state = rigged(
        {"Argelia": 0, "Brasil": 1, "Egipto": 0},
        armies={"Argelia": 9, "Brasil": 7},
        default_owner=2,
    )
    app = make_app(rigged_start(state))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press(*find("Argelia"), "enter", *find("Brasil"))
        assert "3 dice" in str(screen.query_one("#selection").render())
        await pilot.press("1", "enter")
        battles = [e for e in screen.session.state.log if isinstance(e, Battle)]
        assert [len(b.attack) for b in battles] == [1]
        assert "1 die" in str(screen.query_one("#selection").render())
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        assert screen.stop_at == 4
        assert "down to 4" in str(screen.query_one("#selection").render())
        await pilot.press("b")
        await pilot.pause()
        after = screen.session.state
        battles = [e for e in after.log if isinstance(e, Battle)]
        assert len(battles) > 1 and all(len(b.attack) == 1 for b in battles)
        taken = after.owner[t("Brasil")] == 0
        assert taken or after.armies[t("Argelia")] == 4  # it stopped at N, not at 1


def test_a_win_chance_never_rounds_to_certainty():
    from tui.screens.ataque import percent

    assert percent(0.998) == ">99%" and percent(1.0) == "100%"
    assert percent(0.001) == "<1%" and percent(0.0) == "0%"
    assert percent(0.734) == "73%"
