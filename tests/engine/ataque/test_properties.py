"""Random legal play from random seeds: invariants, replay, secrecy and saves."""

from __future__ import annotations

import json
import random
from functools import partial

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ataque.data import CARD_COUNT, HAND_LIMIT, TERRITORY_COUNT
from engine.ataque.rules import ATAQUE
from engine.ataque.state import (
    EXCHANGE,
    MOVE_IN,
    OVER,
    AtaqueState,
    CardDrawn,
    CardsTaken,
    ObjectiveDrawn,
)
from engine.core import HIDDEN, replay
from saves.convert import action_codec
from tests.engine.properties import json_round_trip

from .helpers import random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)
players = st.integers(min_value=3, max_value=6)
choosers = st.integers(min_value=0, max_value=2**32).map(random.Random)
games = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: AtaqueState) -> None:
    n = len(state.players)
    assert len(state.owner) == len(state.armies) == TERRITORY_COUNT
    assert all(a >= 1 for a in state.armies), "a territory was left empty"
    for s, p in enumerate(state.players):
        held = state.owner.count(s)
        assert p.alive == (held > 0), f"seat {s} alive={p.alive} with {held} territories"
        assert p.alive or (p.hand == () and p.eliminated_by is not None)
    assert all(0 <= o < n for o in state.owner)
    for s, p in enumerate(state.players):
        # Above 5 only while the cards taken from an eliminated player are being exchanged.
        busy = s == state.active and state.phase in (EXCHANGE, MOVE_IN, OVER)
        assert len(p.hand) <= HAND_LIMIT or busy, f"seat {s} holds {len(p.hand)} cards"
    cards = state.deck + state.discard + tuple(c for p in state.players for c in p.hand)
    assert sorted(cards) == list(range(CARD_COUNT)), "a card was lost or doubled"
    assert (state.pending is not None) == (state.phase == MOVE_IN)
    if state.phase == OVER:
        assert ATAQUE.to_move(state) == () and ATAQUE.outcome(state) is not None
    else:
        assert ATAQUE.outcome(state) is None
        assert ATAQUE.legal_actions(state, state.active)
        assert state.players[state.active].alive


@games
@given(seeds, players, choosers)
def test_random_play_keeps_the_invariants_and_ends(seed, n, rnd) -> None:
    final, actions, states = random_game(n, seed, rnd)
    assert final.phase == OVER, "random play should end within the round limit"
    for state in states:
        check_invariants(state)


@games
@given(seeds, players, choosers)
def test_replay_reproduces_the_game(seed, n, rnd) -> None:
    final, actions, _ = random_game(n, seed, rnd)
    assert replay(ATAQUE, {"round_limit": 8}, seed, n, actions) == final


def check_view(state: AtaqueState, seat: int) -> None:
    view = ATAQUE.view(state, seat)
    assert view.rng is None and set(view.deck) <= {HIDDEN} and len(view.deck) == len(state.deck)
    assert view.players[seat] == state.players[seat]
    for s, p in enumerate(view.players):
        if s != seat:
            assert set(p.hand) <= {HIDDEN} and len(p.hand) == len(state.players[s].hand)
            if state.phase != OVER:
                assert p.objective == HIDDEN
    for event in view.log:
        assert event.visible(seat)
        if isinstance(event, CardDrawn | ObjectiveDrawn) and event.seat != seat:
            assert getattr(event, "card", HIDDEN) == HIDDEN
            assert getattr(event, "objective", HIDDEN) == HIDDEN
        if isinstance(event, CardsTaken) and event.seat != seat:
            assert set(event.cards) <= {HIDDEN}


@games
@given(seeds, players, choosers)
def test_views_never_leak(seed, n, rnd) -> None:
    _, _, states = random_game(n, seed, rnd)
    for state in states[::7] + states[-1:]:
        for seat in range(n):
            check_view(state, seat)


round_trip = partial(json_round_trip, ATAQUE)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, players, choosers)
def test_states_views_and_actions_survive_a_save(seed, n, rnd) -> None:
    final, actions, states = random_game(n, seed, rnd)
    codec = action_codec(ATAQUE)
    for state in states[:: max(1, len(states) // 12)] + [final]:
        assert round_trip(state, AtaqueState) == state
        view = ATAQUE.view(state, rnd.randrange(n))
        assert round_trip(view, AtaqueState) == view
    for _seat, action in actions:
        assert codec.structure(json.loads(json.dumps(codec.unstructure(action)))) == action
