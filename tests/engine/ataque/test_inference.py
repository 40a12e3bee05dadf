"""Reading the others from their public moves: the replay of the log finds the board the view
shows, ``strong``'s objective shows through its moves, the TEG robot's style shows, and the
worlds are dealt accordingly."""

from __future__ import annotations

import random

import pytest

from engine.ataque import inference
from engine.ataque.ai import strong
from engine.ataque.rules import ATAQUE
from engine.ataque.sampling import deal_objectives, possible_objectives
from engine.ataque.state import PLACE, TurnStarted
from engine.ataque.teg import teg


def game(seed: int, bots, rounds: int):
    """The state at the start of seat 0's turn in round ``rounds`` (or the last one before
    the game ended) of a game between ``bots``."""
    state = ATAQUE.new({}, seed, len(bots))
    rng = random.Random(seed)
    last = state
    while ATAQUE.outcome(state) is None:
        (seat,) = ATAQUE.to_move(state)
        if seat == 0 and state.phase == PLACE and isinstance(state.log[-2], TurnStarted):
            last = state
            if state.round >= rounds:
                break
        state = ATAQUE.apply(state, seat, bots[seat](ATAQUE.view(state, seat), seat, rng))
    return last


@pytest.fixture(scope="module")
def against_strong():
    return [game(seed, (teg, strong, strong, strong), 6) for seed in (1, 2, 3)]


def test_the_replay_reaches_the_board_the_view_shows(against_strong) -> None:
    for state in against_strong:
        view = ATAQUE.view(state, 0)
        replay = inference._Replay(view, inference._start(view))
        for event in view.log:
            replay.apply(event)
        assert tuple(replay.owner) == view.owner and tuple(replay.armies) == view.armies


def test_strongs_objective_shows_through_its_moves(against_strong) -> None:
    named = 0
    for state in against_strong:
        found = inference.beliefs(ATAQUE.view(state, 0), 0)
        assert found[0] is None
        for seat in (1, 2, 3):
            belief = found[seat]
            if belief is None:
                continue
            assert belief.teg < 0.05
            weights = belief.objective_weights()
            real = belief.objectives.index(state.players[seat].objective)
            assert weights[real] > 3.0 / len(weights)  # well above an even spread
            named += weights[real] == max(weights)
    assert named >= 5


def test_the_teg_robots_style_shows_and_hides_nothing() -> None:
    state = game(4, (strong, teg, teg, teg), 5)
    for belief in inference.beliefs(ATAQUE.view(state, 0), 0)[1:]:
        assert belief is not None and belief.teg > 0.95
        weights = belief.objective_weights()
        assert max(weights) - min(weights) < 0.02  # it ignores its objective: nothing to read


def test_the_beliefs_weigh_the_deal() -> None:
    state = game(1, (teg, strong, strong, strong), 2)
    possible = possible_objectives(ATAQUE.view(state, 0), 0)
    sure = [None] + [tuple(1.0 if o == p[-1] else 0.0 for o in p) for p in possible[1:]]
    if len({p[-1] for p in possible[1:]}) == 3:
        for i in range(5):
            dealt = deal_objectives(possible, 0, random.Random(i), tuple(sure))
            assert dealt[1:] == tuple(p[-1] for p in possible[1:])
