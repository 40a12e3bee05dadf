"""The review with a real coach (La Guerra Gallica's): a decision that is the expert's costs
nothing, and a planted blunder (the worst exchange the expert weighed) is among the
costliest. A tenth of the budget keeps it fast."""

from __future__ import annotations

import random

from engine import review as review_module
from engine import search
from engine.coach import coach_of, searches
from engine.registry import get
from engine.review import judge_rng, review

SEED = 11
SCALE = 0.1


def play(blunder_at: int | None):
    """Seat 0 plays the expert's move with the RNG its judgement will use (so they agree),
    except at its ``blunder_at``-th choice, where it plays the worst candidate searched."""
    game = get("gallic")
    expert, easy = game.bots["expert"], game.bots["easy"]
    config = {"battles": 5}
    state = game.new(config, SEED, 2)
    actions, choices = [], 0
    with search.scaled(SCALE):
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            view = game.view(state, seat)
            if seat == 1:
                action = easy(view, seat, random.Random(len(actions)))
            else:
                rng = judge_rng(SEED, len(actions))
                action, found = searches(expert, view, seat, rng)
                if len(game.legal_actions(state, seat)) > 1:
                    if choices == blunder_at and found:
                        action = found[0][-1].candidate
                    choices += 1
            actions.append((seat, action))
            state = game.apply(state, seat, action)
    return game, config, actions


def reviewed(game, config, actions, monkeypatch):
    monkeypatch.setattr(review_module, "scale_for", lambda game_id, n: SCALE)
    return review(game, SEED, config, 2, actions, [0])


def test_the_experts_own_decisions_cost_nothing(monkeypatch):
    game, config, actions = play(blunder_at=None)
    done = reviewed(game, config, actions, monkeypatch)
    assert done.moments
    assert all(m.same and m.cost == 0 for m in done.moments)
    assert done.costliest(0) == ()
    assert done.agreed(0) == (len(done.moments), len(done.moments))
    assert coach_of("gallic") is not None


def test_a_planted_blunder_is_among_the_costliest(monkeypatch):
    game, config, actions = play(blunder_at=1)
    done = reviewed(game, config, actions, monkeypatch)
    blunder = done.moments[1]
    assert not blunder.same and blunder.cost > 0
    assert blunder in done.costliest(0)
    assert blunder.played != blunder.best
