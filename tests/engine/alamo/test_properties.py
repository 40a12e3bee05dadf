"""Random legal play from random seeds: bounds, conservation, replay, secrecy and saves."""

from __future__ import annotations

import json
import random
from functools import partial

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.alamo.data import COUNTERS, DECK_SIZE, MEXICANS, TEXANS
from engine.alamo.rules import ALAMO
from engine.alamo.state import (
    OVER,
    SOLITAIRE,
    SURVIVORS,
    AlamoState,
    Drew,
    Returned,
)
from engine.core import HIDDEN, replay
from saves.convert import action_codec
from tests.engine.properties import json_round_trip

from .helpers import random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)
modes = st.sampled_from([1, 2])
choosers = st.integers(min_value=0, max_value=2**32).map(random.Random)
games = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MAX_TURNS = {1: 60, 2: 400}


def check_invariants(state: AlamoState) -> None:
    for seat, side in enumerate(state.sides):
        cards = side.deck + side.hand + side.table + side.discard
        assert sorted(cards) == list(range(DECK_SIZE)), f"side {seat} lost or doubled a card"
    assert 0 <= state.counters <= (COUNTERS if state.mode == SOLITAIRE else 0)
    if state.mode == SOLITAIRE:
        assert len(state.sides[TEXANS].hand) <= 5 and state.sides[MEXICANS].hand == ()
    where = state.sides[state.active].table if state.phase == SURVIVORS else None
    if where is None:
        where = state.sides[state.active].hand
    assert set(state.selection) <= set(where)
    if state.payment is not None:
        assert 0 < state.payment.due <= state.payment.amount
    if state.phase == OVER:
        assert ALAMO.to_move(state) == () and ALAMO.outcome(state) is not None
    else:
        assert ALAMO.legal_actions(state, state.active)


@games
@given(seeds, modes, choosers)
def test_random_play_ends_within_a_bound_and_conserves_cards(seed, players, rnd) -> None:
    final, actions, states = random_game(players, seed, rnd)
    assert final.phase == OVER, "random play should finish within 6000 actions"
    assert final.turn <= MAX_TURNS[players]
    for state in states:
        check_invariants(state)
    if players == 1 and final.winners:
        assert final.sides[MEXICANS].deck == () and final.counters > 0
    if players == 1 and not final.winners:
        assert final.counters == 0


@games
@given(seeds, modes, choosers)
def test_replay_reproduces_the_game(seed, players, rnd) -> None:
    final, actions, _ = random_game(players, seed, rnd)
    assert replay(ALAMO, {}, seed, players, actions) == final


def check_view(state: AlamoState, seat: int) -> None:
    view = ALAMO.view(state, seat)
    assert view.rng is None
    for mine, real in zip(view.sides, state.sides, strict=True):
        assert mine.deck == (HIDDEN,) * len(real.deck) and mine.discard == real.discard
    assert view.sides[seat].hand == state.sides[seat].hand
    if state.mode != SOLITAIRE:
        other = 1 - seat
        assert view.sides[other].hand == (HIDDEN,) * len(state.sides[other].hand)
        if state.active != seat:
            assert view.selection == ()
        for event in view.log:
            assert event.visible(seat)
            if isinstance(event, Drew | Returned) and event.seat == other:
                assert event.cards == ()
    elif not state.revealed:
        assert set(view.sides[MEXICANS].table) <= {HIDDEN}


@games
@given(seeds, modes, choosers)
def test_views_never_leak(seed, players, rnd) -> None:
    _, _, states = random_game(players, seed, rnd)
    for state in states[::3]:
        for seat in range(players):
            check_view(state, seat)


round_trip = partial(json_round_trip, ALAMO)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, modes, choosers)
def test_states_views_and_actions_survive_a_save(seed, players, rnd) -> None:
    final, actions, states = random_game(players, seed, rnd)
    codec = action_codec(ALAMO)
    for state in states[:: max(1, len(states) // 25)] + [final]:
        assert round_trip(state, AlamoState) == state
        for seat in range(players):
            view = ALAMO.view(state, seat)
            assert round_trip(view, AlamoState) == view
    for _seat, action in actions:
        assert codec.structure(json.loads(json.dumps(codec.unstructure(action)))) == action


@settings(max_examples=15, deadline=None)
@given(seeds, modes)
def test_bots_play_legal_games_from_their_views(seed, players) -> None:
    state = ALAMO.new({}, seed, players)
    rngs = (random.Random(seed), random.Random(seed + 1))
    bots = (
        (ALAMO.bots["strong"], ALAMO.bots["easy"])
        if seed % 2
        else (
            ALAMO.bots["easy"],
            ALAMO.bots["strong"],
        )
    )
    if players == 1:
        bots = (ALAMO.bots["strong" if seed % 2 else "easy"],)
    steps = 0
    while ALAMO.outcome(state) is None:
        (seat,) = ALAMO.to_move(state)
        action = bots[seat](ALAMO.view(state, seat), seat, rngs[seat])
        assert action in ALAMO.legal_actions(state, seat)
        state = ALAMO.apply(state, seat, action)
        steps += 1
        assert steps < 5000
    check_invariants(state)
