"""Random legal play from random seeds: bounds, conservation, replay, secrecy and saves."""

from __future__ import annotations

import json
import random
from functools import partial

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import HIDDEN, replay
from engine.mates.rounds import ROUND_LIMIT
from engine.mates.rules import MATES
from engine.mates.state import OVER, SOLO, MatesState
from engine.mates.table import alive
from saves.convert import action_codec
from tests.engine.properties import json_round_trip

from .helpers import random_game, table_cards

seeds = st.integers(min_value=0, max_value=2**64 - 1)
table_players = st.sampled_from([2, 3, 4])
any_players = st.sampled_from([1, 2, 3, 4])
choosers = st.integers(min_value=0, max_value=2**32).map(random.Random)
games = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: MatesState) -> None:
    n = len(state.cards)
    if state.mode == SOLO:
        solo = state.solo
        seen = solo.order + (solo.current,) + tuple(r.card for r in solo.history)
        assert len(set(seen)) == len(seen) - (state.phase in ("review", OVER))
        assert sorted(set(seen) | set(state.unused)) == list(range(n))
        assert solo.score == sum(r.points for r in solo.history)
        return
    everything = [c for p in state.piles for c in p] + list(state.unused) + table_cards(state)
    assert sorted(everything) == list(range(n)), "a card was lost or doubled"
    for seat in state.out:
        assert state.piles[seat] == ()
    assert state.rounds <= ROUND_LIMIT
    if state.phase == OVER:
        assert MATES.to_move(state) == () and MATES.outcome(state) is not None
        assert state.round is None
        if state.rounds < ROUND_LIMIT:
            assert alive(state) == state.winners and len(state.winners) == 1
    else:
        assert state.active in alive(state)
        assert MATES.legal_actions(state, state.active)


@games
@given(seeds, any_players, choosers)
def test_random_play_ends_and_conserves_cards(seed, players, rnd) -> None:
    final, actions, states = random_game(players, seed, rnd)
    assert final.phase == OVER, "random play should finish within 4000 actions"
    for state in states:
        check_invariants(state)


@games
@given(seeds, any_players, choosers)
def test_replay_reproduces_the_game(seed, players, rnd) -> None:
    final, actions, _ = random_game(players, seed, rnd)
    assert replay(MATES, {}, seed, players, actions) == final


def check_view(state: MatesState, seat: int) -> None:
    view = MATES.view(state, seat)
    assert view.rng is None
    assert all(c.mate_san == "" for c in view.cards)
    assert [c.fen for c in view.cards] == [c.fen for c in state.cards]
    assert view.unused == (HIDDEN,) * len(state.unused)
    for mine, real in zip(view.piles, state.piles, strict=True):
        assert mine == (HIDDEN,) * len(real)
    for event in view.log:
        assert event.visible(seat)
    if state.solo is not None:
        assert view.solo.order == (HIDDEN,) * len(state.solo.order)
        assert view.solo.current == state.solo.current
    r, vr = state.round, view.round
    if r is None:
        return
    secret = not r.revealed and seat != r.attacker
    assert vr.card == (HIDDEN if secret else r.card)
    for duel, vduel in zip(r.duels, vr.duels, strict=True):
        for stack, vstack in ((duel.defence, vduel.defence), (duel.attack, vduel.attack)):
            assert vstack.blind == (HIDDEN,) * len(stack.blind)
            assert (vstack.active, vstack.shown) == (stack.active, stack.shown)


@games
@given(seeds, any_players, choosers)
def test_views_never_leak(seed, players, rnd) -> None:
    _, _, states = random_game(players, seed, rnd)
    for state in states[:: max(1, len(states) // 40)]:
        for seat in range(players):
            check_view(state, seat)


round_trip = partial(json_round_trip, MATES)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, any_players, choosers)
def test_states_views_and_actions_survive_a_save(seed, players, rnd) -> None:
    # The first 300 actions: every phase shows up well before that, and logs stay short.
    final, actions, states = random_game(players, seed, rnd, max_actions=300)
    codec = action_codec(MATES)
    for state in states[:: max(1, len(states) // 5)] + [final]:
        assert round_trip(state, MatesState) == state
        for seat in range(players):
            view = MATES.view(state, seat)
            assert round_trip(view, MatesState) == view
    for _seat, action in actions:
        assert codec.structure(json.loads(json.dumps(codec.unstructure(action)))) == action


@settings(max_examples=12, deadline=None)
@given(seeds, table_players)
def test_bots_play_legal_games_from_their_views(seed, players) -> None:
    state = MATES.new({}, seed, players)
    names = ("strong", "easy") if seed % 2 else ("easy", "strong")
    bots = [MATES.bots[names[s % 2]] for s in range(players)]
    rngs = [random.Random(seed + s) for s in range(players)]
    steps = 0
    while MATES.outcome(state) is None:
        (seat,) = MATES.to_move(state)
        action = bots[seat](MATES.view(state, seat), seat, rngs[seat])
        assert action in MATES.legal_actions(state, seat)
        state = MATES.apply(state, seat, action)
        steps += 1
        assert steps < 3000
    check_invariants(state)
