"""Random legal play from random seeds: bounds, stacking, replay, views and saves."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import replay
from engine.metauro.board import occupancy
from engine.metauro.clash import facing_pairs
from engine.metauro.data import BOARDS, FOOT, MAX_TURNS, ground, stack_fits
from engine.metauro.rules import METAURO
from engine.metauro.state import MOVE, OVER, PAIR, MetauroState
from saves.convert import action_codec, converter_for

from .helpers import random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)
configs = st.fixed_dictionaries(
    {
        "scenario": st.sampled_from(sorted(BOARDS)),
        "clock": st.sampled_from([0, 60]),
        "trumpet": st.booleans(),
    }
)
choosers = st.integers(min_value=0, max_value=2**32).map(random.Random)
games = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: MetauroState, total_units: int) -> None:
    board = BOARDS[state.scenario]
    ids = [u.id for u in state.units] + [u.id for u in state.fallen]
    assert sorted(ids) == list(range(total_units)), "a unit was lost or doubled"
    for sq, here in occupancy(state.units).items():
        assert len({u.side for u in here}) == 1, f"enemies share {sq}"
        kinds = Counter("foot" if u.kind in FOOT else u.kind for u in here)
        assert stack_fits(kinds["foot"], kinds["cavalry"], kinds["elephant"]), (sq, kinds)
        assert all(board.terrain(sq) in ground(u.kind) for u in here), sq
    assert state.moved <= {u.id for u in state.units + state.fallen if u.side == state.mover}
    assert 0 <= state.turn <= MAX_TURNS
    if state.phase == OVER:
        assert METAURO.to_move(state) == () and METAURO.outcome(state) is not None
    else:
        assert METAURO.outcome(state) is None
        assert METAURO.legal_actions(state, state.active)
    if state.phase == PAIR:
        assert facing_pairs(state)
    if state.phase == MOVE:
        assert state.clash is None


@games
@given(seeds, configs, choosers)
def test_random_play_ends_and_keeps_the_stacking_limits(seed, config, rnd) -> None:
    final, actions, states = random_game(seed, rnd, config)
    assert final.phase == OVER, "random play should finish within the turn limit"
    total = len(states[0].units)
    for state in states:
        check_invariants(state, total)
    for state in states[::7] + [final]:
        for seat in (0, 1):
            view = METAURO.view(state, seat)
            assert view.rng is None and view.units == state.units and view.log == state.log


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, configs, choosers)
def test_replay_reproduces_the_game_and_every_state_survives_a_save(seed, config, rnd) -> None:
    final, actions, states = random_game(seed, rnd, config)
    assert replay(METAURO, config, seed, 2, actions) == final
    conv = converter_for(METAURO)

    def round_trip(value):
        plain = json.loads(json.dumps(conv.unstructure(value, MetauroState)))
        return conv.structure(plain, MetauroState)

    for state in states[:: max(1, len(states) // 20)] + [final]:
        assert round_trip(state) == state
        view = METAURO.view(state, 1)
        assert round_trip(view) == view
    codec = action_codec(METAURO)
    for _seat, action in actions:
        assert codec.structure(json.loads(json.dumps(codec.unstructure(action)))) == action


@settings(max_examples=6, deadline=None)
@given(seeds, st.sampled_from(sorted(BOARDS)))
def test_bots_play_legal_games_from_their_views(seed, scenario) -> None:
    state = METAURO.new({"scenario": scenario}, seed, 2)
    rngs = (random.Random(seed), random.Random(seed + 1))
    levels = ("strong", "easy") if seed % 2 else ("easy", "strong")
    bots = tuple(METAURO.bots[level] for level in levels)
    total = len(state.units)
    steps = 0
    while METAURO.outcome(state) is None:
        (seat,) = METAURO.to_move(state)
        action = bots[seat](METAURO.view(state, seat), seat, rngs[seat])
        assert action in METAURO.legal_actions(state, seat)
        state = METAURO.apply(state, seat, action)
        check_invariants(state, total)
        steps += 1
        assert steps < 5000
