"""Deterministic randomness carried inside the game state.

A counter-based SplitMix64: the generator is just ``(seed, counter)``, so it is a tiny frozen
value that saves as two integers, and drawing returns the value plus the advanced generator.
Same seed and same calls give the same numbers on every machine, which is what makes replays
of a save byte-identical.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """An immutable random stream: every draw returns ``(value, next_rng)``."""

    seed: int
    counter: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed=seed & _MASK, counter=0)

    def next_u64(self) -> tuple[int, Rng]:
        value = _mix((self.seed + (self.counter + 1) * _GOLDEN) & _MASK)
        return value, attrs.evolve(self, counter=self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)`` without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next_u64()
            if value < limit:
                return value % n, rng

    def randint(self, lo: int, hi: int) -> tuple[int, Rng]:
        """A uniform integer in ``[lo, hi]`` inclusive."""
        value, rng = self.below(hi - lo + 1)
        return lo + value, rng

    def roll(self, dice: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """Roll ``dice`` dice of ``sides`` faces, in the order rolled."""
        rng = self
        out = []
        for _ in range(dice):
            value, rng = rng.randint(1, sides)
            out.append(value)
        return tuple(out), rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher–Yates shuffle returning a new tuple."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
