"""The Gallic coach: the expert's exchange as a hint, said in expected totals, and what any
exchange was worth in the war — from the seat's view alone."""

from __future__ import annotations

import random

import pytest

from engine import search
from engine.coach import LINE
from engine.gallic import coach
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import GAULS, ROME
from engine.gallic.expert import determinize, expert
from engine.gallic.rules import GALLIC
from engine.gallic.scoring import hand_total
from engine.gallic.state import DISCARD
from tui.language import install

from .helpers import rigged

STRONG = (0, 2, 3, 10, 11, 18, 19, 26)  # 77: no exchange can improve it
WEAK = (34, 35, 9, 17, 25, 33, 8, 16)  # both penalties, threes and fours: 14


@pytest.fixture(autouse=True)
def quick():
    with search.scaled(0.25):
        yield


def positions(seed: int, count: int = 4) -> list[tuple[object, int]]:
    """Exchange decisions of a game the strong bots play, with the seat to decide."""
    strong = GALLIC.bots["strong"]
    state = GALLIC.new({}, seed)
    rng = random.Random(seed)
    found = []
    while GALLIC.outcome(state) is None and len(found) < 3 * count:
        for seat in GALLIC.to_move(state):
            view = GALLIC.view(state, seat)
            if state.phase == DISCARD:
                found.append((view, seat))
            state = GALLIC.apply(state, seat, strong(view, seat, rng))
    return found[::3]


def test_the_hint_is_the_experts_exchange_and_the_next_two_it_weighed() -> None:
    for view, seat in positions(3):
        hint = coach.hint(view, seat, random.Random(7))
        move = expert(view, seat, random.Random(7))
        assert hint.seat == seat
        assert hint.best.action == move
        legal = GALLIC.legal_actions(view, seat)
        assert hint.best.action in legal
        assert 1 <= len(hint.others) <= 2
        actions = [hint.best.action] + [c.action for c in hint.others]
        assert len(set(actions)) == len(actions)
        for choice in (hint.best, *hint.others):
            assert choice.action in legal
            assert 0.0 <= choice.value <= 1.0


def test_the_same_view_with_other_hidden_cards_gives_the_same_hint_and_judgement() -> None:
    view, seat = positions(8)[2]
    state = determinize(view, seat, random.Random(1))
    twin = determinize(view, seat, random.Random(2))
    assert state != twin
    assert GALLIC.view(state, seat) == GALLIC.view(twin, seat) == view
    played = Discard()
    hints = [coach.hint(GALLIC.view(s, seat), seat, random.Random(3)) for s in (state, twin)]
    judged = [
        coach.judge(GALLIC.view(s, seat), seat, played, random.Random(3)) for s in (state, twin)
    ]
    assert hints[0] == hints[1]
    assert judged[0] == judged[1]


def test_the_why_says_the_expected_total_the_exchange_brings() -> None:
    view = GALLIC.view(rigged(WEAK, STRONG), ROME)
    hint = coach.hint(view, ROME, random.Random(1))
    then = round(coach.expected_total(view, ROME, hint.best.action.cards))
    assert {34, 35} <= set(hint.best.action.cards)
    assert hint.why.endswith(f"your expected total rises from {hand_total(ROME, WEAK)} to {then}")
    # A perfect hand: keeping it, and why — its total against the best exchange weighed.
    view = GALLIC.view(rigged(STRONG, WEAK), ROME)
    hint = coach.hint(view, ROME, random.Random(1))
    assert hint.best.action == Discard()
    assert hint.why.startswith("keep your hand: 77 now, against ")


def test_the_expected_total_counts_every_draw_and_the_reshuffle() -> None:
    # Rome's deck is down to the R9 and the R3: exchanging the R10 draws one of them.
    hand = (0, 2, 10, 11, 18, 19, 26, 27)
    view = GALLIC.view(rigged(hand, STRONG, deck=(3, 9)), ROME)
    kept = [c for c in hand if c != 2]
    drawn = [hand_total(ROME, kept + [c]) for c in (3, 9)]
    assert coach.expected_total(view, ROME, (2,)) == sum(drawn) / 2
    # Three cards out of a deck of two: the third comes from the pile, the three put down on it.
    out = (2, 10, 11)
    pile = view.sides[ROME].discard + out
    kept = [c for c in hand if c not in out]
    totals = [hand_total(ROME, kept + [3, 9, c]) for c in pile]
    assert coach.expected_total(view, ROME, out) == pytest.approx(sum(totals) / len(totals))


def test_judging_the_experts_exchange_costs_nothing_keeping_penalties_costs() -> None:
    view = GALLIC.view(rigged(WEAK, STRONG, battles=()), ROME)
    move = expert(view, ROME, random.Random(4))
    same = coach.judge(view, ROME, move, random.Random(4))
    assert same.same and same.cost == 0.0
    assert 0.0 <= same.chance <= 1.0
    kept = coach.judge(view, ROME, Discard(), random.Random(4))
    assert not kept.same and kept.cost > 0.0
    assert kept.played == "keep your hand" and kept.best == same.best
    assert kept.chance == same.chance


def test_after_the_reveal_the_hint_is_to_continue() -> None:
    state = GALLIC.apply(GALLIC.apply(rigged(STRONG, WEAK), ROME, Discard()), GAULS, Discard())
    view = GALLIC.view(state, GAULS)
    hint = coach.hint(view, GAULS, random.Random(0))
    assert hint.best.action == Continue() and hint.others == ()
    assert hint.why
    judged = coach.judge(view, GAULS, Continue(), random.Random(0))
    assert judged.same and judged.cost == 0.0


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_why_fits_one_line_in_every_language(language: str) -> None:
    cases = [(GALLIC.view(rigged(WEAK, STRONG), ROME), ROME)]
    cases += [(GALLIC.view(rigged(STRONG, WEAK), ROME), ROME)] + positions(5)
    install(language)
    try:
        for view, seat in cases:
            hint = coach.hint(view, seat, random.Random(2))
            assert hint.why and len(hint.why) <= LINE, hint.why
            assert str(hand_total(seat, view.sides[seat].hand)) in hint.why
    finally:
        install("en")
