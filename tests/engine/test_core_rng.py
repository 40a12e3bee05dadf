"""The deterministic RNG and the small shared pieces of engine.core."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Event, IllegalAction, Option, Outcome, visible_log
from engine.rng import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def _stream(rng: Rng, n: int) -> list[int]:
    out = []
    for _ in range(n):
        value, rng = rng.next_u64()
        out.append(value)
    return out


@given(seeds)
def test_same_seed_same_stream(seed: int) -> None:
    assert _stream(Rng.from_seed(seed), 20) == _stream(Rng.from_seed(seed), 20)


def test_different_seeds_differ_and_values_fit_64_bits() -> None:
    a, b = _stream(Rng.from_seed(1), 50), _stream(Rng.from_seed(2), 50)
    assert a != b
    assert all(0 <= v < 2**64 for v in a + b)
    assert len(set(a)) == 50


def test_drawing_does_not_mutate() -> None:
    rng = Rng.from_seed(7)
    first, after = rng.next_u64()
    again, _ = rng.next_u64()
    assert first == again
    assert rng.counter == 0 and after.counter == 1


def test_known_values_are_stable() -> None:
    # Saves replay byte for byte only if these never change between versions.
    value, _ = Rng.from_seed(0).next_u64()
    assert value == 0xE220A8397B1DCDAF


@given(seeds, st.integers(min_value=1, max_value=10**6))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng.from_seed(seed)
    for _ in range(5):
        value, rng = rng.below(n)
        assert 0 <= value < n


def test_below_refuses_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(12345)
    counts: Counter[int] = Counter()
    n, draws = 10, 20_000
    for _ in range(draws):
        value, rng = rng.below(n)
        counts[value] += 1
    expected = draws / n
    chi2 = sum((counts[i] - expected) ** 2 / expected for i in range(n))
    assert chi2 < 27.9  # p = 0.001 for 9 degrees of freedom; fixed seed, so not flaky


@given(seeds)
def test_randint_and_roll_are_inclusive(seed: int) -> None:
    value, rng = Rng.from_seed(seed).randint(3, 5)
    assert 3 <= value <= 5
    dice, _ = rng.roll(4)
    assert len(dice) == 4 and all(1 <= d <= 6 for d in dice)


@given(seeds, st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled, _ = Rng.from_seed(seed).shuffle(items)
    assert isinstance(shuffled, tuple)
    assert sorted(shuffled) == sorted(items)


def test_shuffle_reaches_every_order() -> None:
    rng = Rng.from_seed(3)
    seen = set()
    for _ in range(600):
        order, rng = rng.shuffle((1, 2, 3))
        seen.add(order)
    assert len(seen) == 6


@attrs.frozen
class _Ping(Event):
    n: int


def test_visible_log_filters_by_seat() -> None:
    log = (_Ping(n=0), _Ping(n=1, visible_to=frozenset({0})), _Ping(n=2, visible_to=frozenset()))
    assert [e.n for e in visible_log(log, 0)] == [0, 1]
    assert [e.n for e in visible_log(log, 1)] == [0]


def test_small_core_values() -> None:
    assert Outcome((), "tie").is_draw and not Outcome((1,), "won").is_draw
    fell = Outcome((), "the fort fell", losers=(0,))  # a lost solitaire: nobody won, no draw
    assert not fell.is_draw and fell.result(0) == "lost"
    assert [Outcome((1,), "won").result(s) for s in (0, 1)] == ["lost", "won"]
    assert Outcome((), "tie").result(0) == "drawn"
    assert Option("k", "K", (("a", 8), ("b", 5))).default == 8
    assert IllegalAction("Nope.").reason == "Nope."
