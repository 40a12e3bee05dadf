"""The bots: legal from a view alone, sensible choices, and strong beats easy clearly."""

from __future__ import annotations

import random

from engine.gallic.actions import Continue, Discard
from engine.gallic.data import GAULS, ROME
from engine.gallic.rules import GALLIC
from engine.gallic.scoring import hand_total
from engine.gallic.state import OVER

from .helpers import rigged

easy, strong = GALLIC.bots["easy"], GALLIC.bots["strong"]


def play(seed: int, bots) -> tuple[int, ...]:
    state = GALLIC.new({}, seed)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    while state.phase != OVER:
        for seat in GALLIC.to_move(state):
            action = bots[seat](GALLIC.view(state, seat), seat, rngs[seat])
            state = GALLIC.apply(state, seat, action)
    return GALLIC.outcome(state).winners


def test_strong_beats_easy_clearly() -> None:
    won = lost = 0
    for seed in range(60):
        me = seed % 2
        bots = [easy, easy]
        bots[me] = strong
        winners = play(seed, bots)
        won += winners == (me,)
        lost += winners == (1 - me,)
    assert won >= 45 and lost <= 10, (won, lost)


def test_strong_throws_away_penalties_and_dead_cards() -> None:
    hand = (0, 2, 3, 4, 10, 18, 34, 35)  # Caesar, R10 R9 R8, T10, S10, both penalties
    view = GALLIC.view(rigged(hand, (5, 6, 7, 8, 9, 12, 13, 14)), ROME)
    action = strong(view, ROME, random.Random(1))
    assert {4, 34, 35} <= set(action.cards)  # the third Resource and the penalties
    assert not {0, 2, 3} & set(action.cards)


def test_strong_keeps_a_perfect_hand() -> None:
    hand = (0, 2, 3, 10, 11, 18, 19, 26)  # 77: no exchange can improve it
    assert hand_total(ROME, hand) == 77
    view = GALLIC.view(rigged(hand, (5, 6, 7, 8, 9, 12, 13, 14)), ROME)
    assert strong(view, ROME, random.Random(1)) == Discard()


def test_strong_handles_a_short_deck() -> None:
    hand = (34, 35, 9, 17, 25, 33, 8, 16)
    state = rigged((5, 6, 7, 8, 9, 12, 13, 14), hand, deck=(2,))
    action = strong(GALLIC.view(state, GAULS), GAULS, random.Random(3))
    assert action in GALLIC.legal_actions(state, GAULS) and len(action.cards) == 4


def test_bots_continue_after_the_reveal() -> None:
    state = rigged((0, 2, 3, 10, 11, 18, 19, 26), (5, 6, 7, 8, 9, 12, 13, 14))
    state = GALLIC.apply(GALLIC.apply(state, ROME, Discard()), GAULS, Discard())
    for bot in (easy, strong):
        assert bot(GALLIC.view(state, ROME), ROME, random.Random(0)) == Continue()


def test_easy_is_legal_and_varied() -> None:
    state = GALLIC.new({}, 4)
    view = GALLIC.view(state, ROME)
    rnd = random.Random(0)
    picks = {easy(view, ROME, rnd) for _ in range(200)}
    assert picks <= set(GALLIC.legal_actions(state, ROME))
    assert Discard() in picks and {len(p.cards) for p in picks} == {0, 1, 2, 3, 4}
