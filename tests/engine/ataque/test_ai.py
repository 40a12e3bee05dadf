"""The bots: legal from a view alone, the TEG heuristic as published, sensible choices."""

from __future__ import annotations

import random

import pytest

from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.data import (
    CARD_FIGURE,
    CIRCLE,
    CONTINENTS,
    NEIGHBOURS,
    SQUARE,
    TERRITORIES,
    TRIANGLE,
)
from engine.ataque.rules import ATAQUE
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, PLACE, REGROUP, Conquered, Conquest
from engine.core import IllegalAction

from .helpers import CONT, leader_one_short, rigged, t
from .test_rules import ASIA_SUR, OCCUPY_18, OCCUPY_24, _names, of

easy, teg, strong = ATAQUE.bots["easy"], ATAQUE.bots["teg"], ATAQUE.bots["strong"]


def legal(state, seat, action) -> bool:
    try:
        ATAQUE.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


def run_game(seed: int, names: list[str], limit: int = 60):
    state = ATAQUE.new({"round_limit": limit}, seed, len(names))
    rngs = [random.Random(seed * 7 + i) for i in range(len(names))]
    steps = 0
    while ATAQUE.outcome(state) is None:
        (seat,) = ATAQUE.to_move(state)
        action = ATAQUE.bots[names[seat]](ATAQUE.view(state, seat), seat, rngs[seat])
        state = ATAQUE.apply(state, seat, action)  # raises if a bot moved illegally
        steps += 1
        assert steps < 20000
    return state


@pytest.mark.parametrize(
    "seed,names",
    [
        (1, ["strong", "teg", "easy"]),
        (2, ["teg", "teg", "teg", "teg"]),
        (3, ["easy", "strong", "teg", "strong", "easy"]),
        (4, ["strong", "strong", "strong", "teg", "teg", "easy"]),
    ],
)
def test_bot_games_finish_with_legal_moves(seed: int, names: list[str]) -> None:
    state = run_game(seed, names)
    outcome = ATAQUE.outcome(state)
    assert outcome is not None and outcome.reason


def test_bots_choose_from_the_view_alone() -> None:
    state = ATAQUE.new({}, 11, 4)
    for name in ("easy", "teg", "strong"):
        seat = state.active
        view = ATAQUE.view(state, seat)
        action = ATAQUE.bots[name](view, seat, random.Random(1))
        assert legal(state, seat, action)


# --- teg -----------------------------------------------------------------------------------


def test_teg_attacks_only_with_more_armies_and_the_most_dice() -> None:
    state = rigged({"Brasil": 1}, armies={"Argelia": 5, "Brasil": 3}, default_owner=0)
    assert teg(ATAQUE.view(state, 0), 0, random.Random(0)) == Attack(t("Argelia"), t("Brasil"), 3)
    state = rigged({"Brasil": 1}, armies={"Argelia": 3, "Brasil": 3}, default_owner=0)
    assert teg(ATAQUE.view(state, 0), 0, random.Random(0)) == EndPhase()


def test_teg_ignores_its_objective() -> None:
    for phase in (PLACE, ATTACK):
        base = dict(armies={"Argelia": 4, "Brasil": 2}, phase=phase, to_place=5)
        a = rigged({"Argelia": 0, "Brasil": 1, "Egipto": 0}, objectives=(ASIA_SUR, 6, 6), **base)
        b = rigged({"Argelia": 0, "Brasil": 1, "Egipto": 0}, objectives=(OCCUPY_24, 6, 6), **base)
        assert teg(ATAQUE.view(a, 0), 0, random.Random(3)) == teg(
            ATAQUE.view(b, 0), 0, random.Random(3)
        )


def test_teg_hands_out_armies_one_at_a_time_by_score() -> None:
    # Two own territories facing one weak enemy each: the armies spread (score drops by 2).
    owners = {"Argentina": 0, "Venezuela": 0, "Perú": 1, "Brasil": 1}
    state = rigged(owners, phase=PLACE, to_place=6, default_owner=2)
    placed: dict[int, int] = {}
    rnd = random.Random(0)
    while state.phase == PLACE:
        action = teg(ATAQUE.view(state, 0), 0, rnd)
        assert isinstance(action, Place)
        placed[action.territory] = placed.get(action.territory, 0) + action.count
        state = ATAQUE.apply(state, 0, action)
    assert sum(placed.values()) == 6 and len(placed) == 2


def test_teg_regroups_inner_armies_to_a_border() -> None:
    owners = {"Argentina": 0, "Brasil": 0, "Perú": 0}
    state = rigged(owners, armies={"Argentina": 6}, phase=REGROUP, default_owner=1)
    action = teg(ATAQUE.view(state, 0), 0, random.Random(0))
    assert isinstance(action, Regroup) and action.source == t("Argentina")
    assert action.count == 5
    state = ATAQUE.apply(state, 0, action)
    assert teg(ATAQUE.view(state, 0), 0, random.Random(0)) == EndPhase()


def test_teg_always_exchanges() -> None:
    circles = tuple(c for c in range(42) if CARD_FIGURE[c] == CIRCLE)[:3]
    state = rigged({"Alaska": 0}, hands={0: circles}, phase=REGROUP, active=2, default_owner=1)
    state = ATAQUE.apply(state, 2, EndPhase())
    assert teg(ATAQUE.view(state, 0), 0, random.Random(0)) == Exchange(circles)


# --- strong --------------------------------------------------------------------------------


def test_strong_takes_the_territory_that_completes_its_objective() -> None:
    asia = [TERRITORIES[x] for x in CONTINENTS[CONT["Asia"]].territories]
    owners = {name: 0 for name in asia}
    owners.update({"Brasil": 0, "Perú": 0, "Venezuela": 0, "Argentina": 1, "Alaska": 1})
    state = rigged(
        owners,
        armies={"Brasil": 12, "Argentina": 3, "Vladivostok": 6, "Alaska": 1},
        objectives=(ASIA_SUR, 6, 6),
    )
    action = strong(ATAQUE.view(state, 0), 0, random.Random(0))
    assert action == Attack(t("Brasil"), t("Argentina"), 3)


def test_strong_places_where_its_objective_is() -> None:
    asia = [TERRITORIES[x] for x in CONTINENTS[CONT["Asia"]].territories]
    owners = {name: 0 for name in asia[:-1]}
    owners.update({"Brasil": 0, "Perú": 0, "Venezuela": 0, "Alaska": 0})
    state = rigged(owners, phase=PLACE, to_place=8, objectives=(ASIA_SUR, 6, 6))
    rnd = random.Random(0)
    placed: dict[int, int] = {}
    while state.phase == PLACE:
        action = strong(ATAQUE.view(state, 0), 0, rnd)
        placed[action.territory] = placed.get(action.territory, 0) + action.count
        state = ATAQUE.apply(state, 0, action)
    targets = (t("Vladivostok"), t("Argentina"))
    near = {x for x in range(42) if any(y in targets for y in NEIGHBOURS[x])}
    assert sum(n for x, n in placed.items() if x in near) >= 6


def test_strong_completes_18_territories_with_two_armies_by_placing() -> None:
    owners = {name: 0 for name in _names(19)}
    armies = {name: 2 for name in _names(14)}
    state = rigged(owners, armies=armies, phase=PLACE, to_place=5, objectives=(OCCUPY_18, 6, 6))
    rnd = random.Random(0)
    while ATAQUE.outcome(state) is None and state.phase == PLACE:
        state = ATAQUE.apply(state, 0, strong(ATAQUE.view(state, 0), 0, rnd))
    assert ATAQUE.outcome(state) is not None and ATAQUE.outcome(state).winners == (0,)


def test_strong_exchanges_the_set_with_most_own_territories() -> None:
    circles = tuple(c for c in range(42) if CARD_FIGURE[c] == CIRCLE)[:4]  # Alemania, Argelia…
    state = rigged(
        {TERRITORIES[circles[3]]: 0, "Alaska": 0},
        hands={0: circles},
        phase=REGROUP,
        active=2,
        default_owner=1,
    )
    state = ATAQUE.apply(state, 2, EndPhase())
    action = strong(ATAQUE.view(state, 0), 0, random.Random(0))
    assert isinstance(action, Exchange) and circles[3] in action.cards


def test_strong_moves_in_when_the_conquest_opens_more_targets() -> None:
    state = rigged(
        {"Argelia": 0, "Brasil": 0, "Perú": 1, "Argentina": 1, "Venezuela": 1},
        armies={"Brasil": 1, "Argelia": 8},
        phase=MOVE_IN,
        default_owner=0,
        pending=Conquest(t("Argelia"), t("Brasil"), 2),
    )
    assert strong(ATAQUE.view(state, 0), 0, random.Random(0)) == MoveIn(2)


def test_strong_hits_the_player_one_territory_short_of_24() -> None:
    state = leader_one_short()
    assert strong(ATAQUE.view(state, 0), 0, random.Random(0)) == Attack(
        t("Brasil"), t("Argelia"), 3
    )


# --- easy ----------------------------------------------------------------------------------


def test_easy_is_cautious() -> None:
    state = rigged({"Brasil": 1}, armies={"Argelia": 4, "Brasil": 2}, default_owner=0)
    assert easy(ATAQUE.view(state, 0), 0, random.Random(0)) == EndPhase()
    state = rigged({"Brasil": 1}, armies={"Argelia": 5, "Brasil": 2}, default_owner=0)
    assert easy(ATAQUE.view(state, 0), 0, random.Random(0)) == Attack(t("Argelia"), t("Brasil"), 3)


def test_easy_stops_after_two_conquests() -> None:
    owners = {"Argelia": 0, "Brasil": 1, "Egipto": 1, "Sudán": 1, "Congo": 1}
    state = rigged(owners, armies={"Argelia": 40}, default_owner=2)
    rnd = random.Random(0)
    while state.phase in (ATTACK, MOVE_IN) and ATAQUE.outcome(state) is None:
        state = ATAQUE.apply(state, 0, easy(ATAQUE.view(state, 0), 0, rnd))
    assert sum(isinstance(e, Conquered) for e in state.log) == 2


@pytest.mark.parametrize("name", ["easy", "teg", "strong"])
def test_bots_exchange_and_place_in_the_middle_of_their_attack(name: str) -> None:
    # Taking Black's cards leaves 6 in hand: the bot exchanges, places, and attacks on.
    hands = {0: of(CIRCLE, 2) + of(SQUARE, 2), 1: of(TRIANGLE, 2)}
    state = rigged(
        {"Argelia": 0, "Brasil": 1, "Egipto": 0},
        armies={"Argelia": 30, "Brasil": 1},
        hands=hands,
    )
    while state.owner[t("Brasil")] != 0:
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    assert state.phase == EXCHANGE
    bot, rnd = ATAQUE.bots[name], random.Random(0)
    before = sum(state.armies[x] for x in range(42) if state.owner[x] == 0)
    while state.phase in (EXCHANGE, PLACE):
        state = ATAQUE.apply(state, 0, bot(ATAQUE.view(state, 0), 0, rnd))
    assert state.phase in (ATTACK, REGROUP) and len(state.players[0].hand) == 3
    after = sum(state.armies[x] for x in range(42) if state.owner[x] == 0)
    assert after - before >= 4  # Tabla I's first exchange, placed on his own territories
