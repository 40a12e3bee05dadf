"""Exact battle odds, shared by the bots and the screen ("win chance 73%").

One roll: the attacker throws ``a`` dice (1–3), the defender ``d`` (1–3); both sort their dice,
compare highest with highest, second with second, and so on for as many pairs as the smaller
throw has; a tie goes to the defender; each lost comparison costs one army. ``roll_odds``
enumerates all ``6 ** (a + d)`` throws once and returns exact fractions.

A whole assault: ``conquest_chance(attackers, defenders, stop_at)`` is the chance of taking the
territory when the attacker keeps rolling the most dice he may (``min(3, armies - 1)``) against
the defender's most (``min(3, armies)``) until the territory falls or he is down to ``stop_at``
armies (at least 1: the occupying army never attacks).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from itertools import product

from engine.ataque.data import DICE_SIDES, MAX_DICE

Outcome = tuple[int, int, Fraction]  # (attacker losses, defender losses, probability)


def compare(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
    """Losses ``(attacker, defender)`` for one throw; ties go to the defender."""
    lost_a = lost_d = 0
    for x, y in zip(sorted(attack, reverse=True), sorted(defence, reverse=True), strict=False):
        if x > y:
            lost_d += 1
        else:
            lost_a += 1
    return lost_a, lost_d


@cache
def roll_odds(attack_dice: int, defence_dice: int) -> tuple[Outcome, ...]:
    """Every outcome of one throw with its exact probability, most attacker losses first."""
    if not (1 <= attack_dice <= MAX_DICE and 1 <= defence_dice <= MAX_DICE):
        raise ValueError("each side throws 1 to 3 dice")
    counts: dict[tuple[int, int], int] = {}
    faces = range(1, DICE_SIDES + 1)
    for throw in product(faces, repeat=attack_dice + defence_dice):
        key = compare(throw[:attack_dice], throw[attack_dice:])
        counts[key] = counts.get(key, 0) + 1
    total = DICE_SIDES ** (attack_dice + defence_dice)
    return tuple(
        (la, ld, Fraction(n, total)) for (la, ld), n in sorted(counts.items(), reverse=True)
    )


def attack_dice(armies: int) -> int:
    """The most dice an attacking territory may throw (its occupying army never attacks)."""
    return max(0, min(MAX_DICE, armies - 1))


def defence_dice(armies: int) -> int:
    return min(MAX_DICE, armies)


_FLOAT_ODDS = {
    (a, d): tuple((la, ld, float(p)) for la, ld, p in roll_odds(a, d))
    for a in range(1, MAX_DICE + 1)
    for d in range(1, MAX_DICE + 1)
}


class _Assaults:
    """Every assault's figures for one ``(stop, cap)``, filled bottom-up over a grid of
    attackers x defenders and regrown (doubled) when a bigger battle is asked about, so the
    bots' many questions per turn are table lookups, however large the armies grow."""

    def __init__(self, stop: int, cap: int) -> None:
        self.stop, self.cap = stop, cap
        self.win: list[list[float]] = []  # chance to conquer
        self.left_win: list[list[float]] = []  # E[armies left, counting only conquests]
        self.left_all: list[list[float]] = []  # E[armies left]

    def at(self, attackers: int, defenders: int) -> tuple[float, float, float]:
        if attackers > EXACT_LIMIT or defenders > EXACT_LIMIT:
            return self._normal(attackers, defenders)
        if attackers >= len(self.win) or defenders >= len(self.win[0]):
            self._grow(attackers, defenders)
        return (
            self.win[attackers][defenders],
            self.left_win[attackers][defenders],
            self.left_all[attackers][defenders],
        )

    def _grow(self, attackers: int, defenders: int) -> None:
        rows = max(attackers + 1, 2 * len(self.win), 16)
        cols = max(defenders + 1, 2 * len(self.win[0]) if self.win else 0, 16)
        win = [[0.0] * cols for _ in range(rows)]
        left_win = [[0.0] * cols for _ in range(rows)]
        left_all = [[0.0] * cols for _ in range(rows)]
        for a in range(rows):
            win[a][0], left_win[a][0], left_all[a][0] = 1.0, float(a), float(a)
            if a <= self.stop or a < 2:
                for d in range(1, cols):
                    left_all[a][d] = float(a)
                continue
            dice = min(self.cap, attack_dice(a))
            for d in range(1, cols):
                w = lw = la = 0.0
                for lost_a, lost_d, p in _FLOAT_ODDS[(dice, defence_dice(d))]:
                    w += p * win[a - lost_a][d - lost_d]
                    lw += p * left_win[a - lost_a][d - lost_d]
                    la += p * left_all[a - lost_a][d - lost_d]
                win[a][d], left_win[a][d], left_all[a][d] = w, lw, la
        self.win, self.left_win, self.left_all = win, left_win, left_all

    def _normal(self, attackers: int, defenders: int) -> tuple[float, float, float]:
        """Huge armies (a stalemate's hundreds or thousands): the race to ``defenders`` losses
        among the comparisons the attacker can afford, by the normal approximation — within
        one to three points of the exact figure at the limit, closer beyond it."""
        dice = self.cap
        outcomes = _FLOAT_ODDS[(dice, MAX_DICE)]
        mean = sum(p * lost_d for _, lost_d, p in outcomes)
        spread = sum(p * lost_d * lost_d for _, lost_d, p in outcomes) - mean * mean
        q, var = mean / dice, spread / dice  # per comparison: P(defender loses), variance
        m = defenders + attackers - self.stop - 1  # comparisons before the attacker must stop
        z = (m * q - defenders + 1.0) / math.sqrt(max(1e-9, m * var))
        win = 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
        left = min(float(attackers), max(self.stop + 1.0, attackers - defenders * (1 - q) / q))
        return win, win * left, win * left + (1.0 - win) * self.stop


# Beyond this many armies on a side, figures come from the normal approximation: an exact
# table that large would take seconds to fill.
EXACT_LIMIT = 256
_ASSAULTS: dict[tuple[int, int], _Assaults] = {}


def _assaults(stop_at: int, max_dice: int = MAX_DICE) -> _Assaults:
    key = (max(1, stop_at), max(1, min(MAX_DICE, max_dice)))
    table = _ASSAULTS.get(key)
    if table is None:
        table = _ASSAULTS[key] = _Assaults(*key)
    return table


def conquest_chance(
    attackers: int, defenders: int, stop_at: int = 1, max_dice: int = MAX_DICE
) -> float:
    """The chance to take a territory held by ``defenders`` armies, attacking from one with
    ``attackers`` armies with the most dice each time (never more than ``max_dice``), until it
    falls or the attacker is down to ``stop_at`` armies ("attack until conquered or down to
    N")."""
    if defenders <= 0:
        return 1.0
    if attackers <= max(1, stop_at) or attackers < 2:
        return 0.0
    return _assaults(stop_at, max_dice).at(attackers, defenders)[0]


def assault(attackers: int, defenders: int, stop_at: int = 1) -> tuple[float, float, float]:
    """``(chance to conquer, expected attacker armies left if it does, expected attacker armies
    left whatever happens)`` for an attack until conquered or down to ``stop_at``; "left" counts
    the armies in the source before the one that moves in. The bots' planning figures."""
    if defenders <= 0:
        return 1.0, float(attackers), float(attackers)
    win, left_win, left_all = _assaults(stop_at).at(attackers, defenders)
    return win, (left_win / win if win else 0.0), left_all


def assault_outcomes(attackers: int, defenders: int, stop_at: int = 1) -> tuple[float, float]:
    """``(chance to conquer, expected attacker armies left in the source when it does)``."""
    win, left, _ = assault(attackers, defenders, stop_at)
    return win, left
