"""Battle odds against exhaustive enumeration of the dice, and the seed's dice example."""

from __future__ import annotations

import time
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from engine.ataque.odds import (
    EXACT_LIMIT,
    _assaults,
    assault,
    assault_outcomes,
    compare,
    conquest_chance,
    roll_odds,
)


def test_the_seeds_dice_example() -> None:
    # 6-4-2 against 5-4-3: the attacker wins the first pair, ties and lower dice go to the
    # defender: the attacker loses 2 armies, the defender 1.
    assert compare((6, 4, 2), (5, 4, 3)) == (2, 1)
    assert compare((2, 6, 4), (3, 5, 4)) == (2, 1)  # dice are sorted before comparing
    # Then 5-3 against 4-2: the defender loses 2.
    assert compare((5, 3), (4, 2)) == (0, 2)
    # Fewer attacker dice: his die meets the defender's highest.
    assert compare((4,), (6, 1, 1)) == (1, 0)
    # Three attacking dice against one defending die: a loss costs the attacker one army.
    assert compare((1, 1, 1), (1,)) == (1, 0)


def brute(a: int, d: int) -> dict[tuple[int, int], Fraction]:
    counts: dict[tuple[int, int], int] = {}
    for att in product(range(1, 7), repeat=a):
        for dfn in product(range(1, 7), repeat=d):
            hi_a = sorted(att, reverse=True)
            hi_d = sorted(dfn, reverse=True)
            lost_a = lost_d = 0
            for i in range(min(a, d)):
                if hi_a[i] > hi_d[i]:
                    lost_d += 1
                else:
                    lost_a += 1
            counts[(lost_a, lost_d)] = counts.get((lost_a, lost_d), 0) + 1
    total = 6 ** (a + d)
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize("a", [1, 2, 3])
@pytest.mark.parametrize("d", [1, 2, 3])
def test_one_throw_matches_enumeration(a: int, d: int) -> None:
    got = {(la, ld): p for la, ld, p in roll_odds(a, d)}
    assert got == brute(a, d)
    assert sum(got.values()) == 1


def test_known_values() -> None:
    got = {(la, ld): p for la, ld, p in roll_odds(3, 2)}
    assert got == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }
    assert {(la, ld): p for la, ld, p in roll_odds(1, 1)} == {
        (0, 1): Fraction(15, 36),
        (1, 0): Fraction(21, 36),
    }


@cache
def exact(a: int, d: int, stop: int, cap: int = 3) -> Fraction:
    """The chance to conquer by plain recursion over every throw, in fractions."""
    if d == 0:
        return Fraction(1)
    if a <= stop or a < 2:
        return Fraction(0)
    return sum(
        (
            p * exact(a - la, d - ld, stop, cap)
            for la, ld, p in roll_odds(min(cap, a - 1), min(3, d))
        ),
        Fraction(0),
    )


def test_conquest_chance_matches_exact_recursion() -> None:
    for a in range(1, 13):
        for d in range(0, 10):
            for stop in (1, 2, 4):
                assert conquest_chance(a, d, stop) == pytest.approx(float(exact(a, d, stop)))


def test_fewer_dice_match_the_recursion_and_lower_the_chance() -> None:
    for cap in (1, 2):
        for a in range(2, 10):
            for d in range(1, 7):
                chance = conquest_chance(a, d, 1, max_dice=cap)
                assert chance == pytest.approx(float(exact(a, d, 1, cap)))
                if a >= 3:
                    assert chance <= conquest_chance(a, d, 1, max_dice=cap + 1) + 1e-12
    assert conquest_chance(8, 3, max_dice=1) < conquest_chance(8, 3) - 0.1


def test_conquest_chance_edges_and_large_armies() -> None:
    assert conquest_chance(1, 1) == 0.0  # the occupying army never attacks
    assert conquest_chance(5, 0) == 1.0
    assert conquest_chance(5, 3, stop_at=5) == 0.0
    assert conquest_chance(60, 5) > 0.99
    assert conquest_chance(200, 150) == pytest.approx(conquest_chance(200, 150))
    assert 0.0 < conquest_chance(150, 200) < 0.5


@cache
def exact_left(a: int, d: int) -> tuple[Fraction, Fraction]:
    """(E[armies left, conquests only], E[armies left]) by plain recursion, stop at 1."""
    if d == 0:
        return Fraction(a), Fraction(a)
    if a < 2:
        return Fraction(0), Fraction(a)
    lw = la = Fraction(0)
    for lost_a, lost_d, p in roll_odds(min(3, a - 1), min(3, d)):
        w, al = exact_left(a - lost_a, d - lost_d)
        lw, la = lw + p * w, la + p * al
    return lw, la


def test_assault_figures_match_exact_recursion_and_big_armies_are_quick() -> None:
    for a in range(1, 12):
        for d in range(1, 9):
            win, left_win, left_all = assault(a, d)
            lw, la = exact_left(a, d)
            assert left_all == pytest.approx(float(la))
            assert left_win * win == pytest.approx(float(lw))
    start = time.perf_counter()
    for a in range(150, 260, 7):
        for d in range(100, 200, 9):
            assault(a, d)
    for a in (300, 1000, 5000):
        assault(a, a // 2)
    assert time.perf_counter() - start < 5.0  # tables, not a fresh enumeration per question


def test_huge_armies_use_a_close_approximation() -> None:
    """Past EXACT_LIMIT the figures are approximated; at the limit they stay close to exact."""
    for a, d in ((256, 150), (256, 100), (240, 140)):
        exact_here = conquest_chance(a, d)
        assert abs(_assaults(1)._normal(a, d)[0] - exact_here) < 0.03
    assert conquest_chance(EXACT_LIMIT + 200, 150) > 0.99
    assert conquest_chance(400, 300) < 0.05  # three defending dice favour the defender
    win, left_win, left_all = assault(3000, 1000)
    assert win > 0.99 and 1 < left_win < 3000 and left_all <= 3000


def test_assault_summary_agrees_with_the_chance() -> None:
    for a, d in ((4, 3), (10, 3), (3, 1), (7, 7)):
        win, left_win, left_all = assault(a, d)
        assert win == pytest.approx(conquest_chance(a, d))
        assert 1 <= left_all <= a and (win == 0 or 1 <= left_win <= a)
        assert assault_outcomes(a, d) == (win, left_win)
