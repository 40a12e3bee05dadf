"""The review of a finished game (engine.review): which decisions are judged, with which
view and RNG, and what it tells from the judgements (the expert's share, the costliest, the
dice). The coach is a stand-in here, so these tests see the review's own logic only; the
real coaches' judgements are tested with their games."""

from __future__ import annotations

import random

import pytest

from engine import review as review_module
from engine.coach import Judgement
from engine.registry import get
from engine.review import Cancelled, Moment, Review, dice_index, review, summary_line


class FakeCoach:
    """A coach that counts its judgements; the costs it gives are planted by action index."""

    def __init__(self, costs=None, chance=0.5):
        self.calls = []
        self.costs = costs or {}
        self.chance = chance

    def judge(self, view, seat, played, rng):
        index = len(self.calls)
        self.calls.append((view, seat, played, rng.random()))
        cost = self.costs.get(index, 0.0)
        return Judgement(self.chance, cost, f"played {index}", f"best {index}", cost == 0.0)


def played_game(game_id="gallic", seed=3, players=2, config=None):
    game = get(game_id)
    config = {"battles": 5} if config is None else config
    state = game.new(config, seed, players)
    actions = []
    rng = random.Random(seed)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        action = game.bots["easy"](game.view(state, seat), seat, rng)
        actions.append((seat, action))
        state = game.apply(state, seat, action)
    return game, config, actions


@pytest.fixture
def coach(monkeypatch):
    fake = FakeCoach()
    monkeypatch.setattr(review_module, "coach_of", lambda game_id: fake)
    return fake


def test_only_the_humans_choices_are_judged_each_from_its_view(coach):
    game, config, actions = played_game()
    states = [game.new(config, 3, 2)]
    for seat, action in actions:
        states.append(game.apply(states[-1], seat, action))
    done = review(game, 3, config, 2, actions, [0])
    choices = [
        i
        for i, (s, _a) in enumerate(actions)
        if s == 0 and len(game.legal_actions(states[i], 0)) > 1
    ]
    assert len(coach.calls) == len(choices) > 0
    assert [m.index for m in done.moments] == choices
    for (view, seat, played, _r), i in zip(coach.calls, choices, strict=True):
        assert seat == 0 and played == actions[i][1]
        assert view == game.view(states[i], 0)  # the seat's view, never the full state
    assert done.agreed(0) == (len(choices), len(choices))


def test_a_review_is_the_same_every_time(coach):
    game, config, actions = played_game()
    first = review(game, 3, config, 2, actions, [0])
    draws = [c[3] for c in coach.calls]
    coach.calls.clear()
    assert review(game, 3, config, 2, actions, [0]) == first
    assert [c[3] for c in coach.calls] == draws  # each judgement's RNG from (seed, index)


def test_the_costliest_decisions_come_first_and_a_free_one_is_none(monkeypatch):
    fake = FakeCoach(costs={0: 0.05, 1: 0.2, 2: 0.1, 3: 0.01})
    monkeypatch.setattr(review_module, "coach_of", lambda game_id: fake)
    game, config, actions = played_game("alamo", config={})
    done = review(game, 3, config, 2, actions, [0])
    assert len(fake.calls) > 4
    assert [m.cost for m in done.costliest(0)] == [0.2, 0.1, 0.05]
    same, total = done.agreed(0)
    assert total - same == 4
    assert "played 1" in review_module.moment_line(done.costliest(0)[0])
    assert "+20 points" in review_module.moment_line(done.costliest(0)[0])


def test_progress_is_told_and_cancel_stops(coach):
    game, config, actions = played_game()
    seen = []
    review(game, 3, config, 2, actions, [0], progress=lambda d, t: seen.append((d, t)))
    total = seen[-1][1]
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    coach.calls.clear()
    with pytest.raises(Cancelled):
        review(game, 3, config, 2, actions, [0], cancelled=lambda: len(coach.calls) >= 2)
    assert len(coach.calls) == 2


def moment(index, chance, cost=0.0, chapter=""):
    return Moment(index, 0, chapter or f"Battle {index}", chance, cost, "a", "b", cost == 0)


def test_the_dice_took_the_chapter_where_the_chance_fell_most():
    mine = [moment(1, 0.6), moment(5, 0.55, 0.02), moment(9, 0.2), moment(12, 0.25)]
    # 0.53 -> 0.2 between battles 5 and 9 is the largest fall; the last one ends at 0.
    assert dice_index(mine) == 5
    # Decisions that cost more than any fall: the loss was the player's own.
    assert dice_index([moment(1, 0.6, 0.3), moment(5, 0.4, 0.3)]) == -1
    told = Review("gallic", (0,), tuple(mine), (5,))
    assert summary_line(told, 0) == (
        "Your decisions were the expert's in 3 of 4; the dice took Battle 5"
    )
