"""Random legal play from random seeds: bounds, conservation, replay and secrecy hold."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import HIDDEN, replay
from engine.gallic.data import DECK_SIZE, HAND_SIZE
from engine.gallic.rules import GALLIC, streaks
from engine.gallic.state import DISCARD, OVER, REVEAL, Exchanged, GallicState

from .helpers import random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)
lengths = st.sampled_from([8, 5])
randoms = st.randoms(use_true_random=False)
games = settings(max_examples=200, deadline=None)


@games
@given(seeds, lengths, randoms)
def test_random_play_ends_within_the_configured_battles(seed, battles, rnd) -> None:
    final, actions, _ = random_game(seed, rnd, battles)
    assert final.phase == OVER and GALLIC.to_move(final) == ()
    assert 3 <= len(final.battles) <= battles
    assert len(actions) <= 4 * battles
    result = GALLIC.outcome(final)
    if len(final.battles) < battles:
        assert max(streaks(final)) == 3 and result.winners == (streaks(final).index(3),)
    elif final.battles[-1].winner is not None and max(streaks(final)) < 3:
        assert result.winners == (final.battles[-1].winner,)


def check_invariants(state: GallicState) -> None:
    for side in state.sides:
        cards = side.deck + side.hand + side.discard + side.exchanged
        assert len(cards) == DECK_SIZE and set(cards) == set(range(DECK_SIZE))
        if state.phase in (REVEAL, OVER) or state.chosen:
            assert len(side.hand) == HAND_SIZE
    assert state.number == len(state.battles) + (state.phase == DISCARD)
    for battle in state.battles:
        totals = battle.totals
        expected = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        assert battle.winner == expected


@games
@given(seeds, lengths, randoms)
def test_each_side_always_owns_its_36_cards(seed, battles, rnd) -> None:
    _, _, states = random_game(seed, rnd, battles)
    for state in states:
        check_invariants(state)


@games
@given(seeds, lengths, randoms)
def test_replay_reproduces_the_game(seed, battles, rnd) -> None:
    final, actions, _ = random_game(seed, rnd, battles)
    assert replay(GALLIC, {"battles": battles}, seed, 2, actions) == final


def check_view(state: GallicState, seat: int) -> None:
    view = GALLIC.view(state, seat)
    other = 1 - seat
    assert view.rng is None
    for mine, real in zip(view.sides, state.sides, strict=True):
        assert mine.deck == (HIDDEN,) * len(real.deck)
        assert mine.discard == real.discard
    assert view.sides[seat].hand == state.sides[seat].hand
    assert view.sides[seat].exchanged == state.sides[seat].exchanged
    if state.phase == DISCARD:
        assert set(view.sides[other].hand) == {HIDDEN}
        assert set(view.sides[other].exchanged) <= {HIDDEN}
    else:
        assert view.sides[other].hand == state.sides[other].hand
    assert view.battles == state.battles
    for event in view.log:
        assert event.visible(seat)
        if isinstance(event, Exchanged) and event.seat == other:
            assert event.cards == ()


@games
@given(seeds, lengths, randoms)
def test_view_never_leaks(seed, battles, rnd) -> None:
    _, _, states = random_game(seed, rnd, battles)
    for state in states:
        for seat in (0, 1):
            check_view(state, seat)


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_bots_play_legal_games_from_their_views(seed) -> None:
    state = GALLIC.new({}, seed)
    rngs = (random.Random(seed), random.Random(seed + 1))
    bots = (GALLIC.bots["easy"], GALLIC.bots["strong"])
    while GALLIC.outcome(state) is None:
        for seat in GALLIC.to_move(state):
            action = bots[seat](GALLIC.view(state, seat), seat, rngs[seat])
            assert action in GALLIC.legal_actions(state, seat)
            state = GALLIC.apply(state, seat, action)
    check_invariants(state)
