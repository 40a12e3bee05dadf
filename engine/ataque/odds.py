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

from fractions import Fraction
from functools import cache, lru_cache
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

# _TABLES[stop][a][d]: chance to conquer from a attackers against d defenders, as float.
_TABLES: dict[int, list[list[float]]] = {}


def _table(stop: int, attackers: int, defenders: int) -> list[list[float]]:
    """Grow the DP table for ``stop`` to cover ``attackers`` x ``defenders`` (bottom-up)."""
    table = _TABLES.setdefault(stop, [[1.0]])
    old_a = len(table)
    old_d = len(table[0])
    need_a = max(old_a, attackers + 1)
    need_d = max(old_d, defenders + 1)
    if need_a == old_a and need_d == old_d:
        return table
    for row in table:
        row.extend([0.0] * (need_d - old_d))
    for _ in range(need_a - old_a):
        table.append([0.0] * need_d)
    for a in range(need_a):
        for d in range(need_d):
            if a < old_a and d < old_d:
                continue
            if d == 0:
                table[a][d] = 1.0
            elif a <= stop or a < 2:
                table[a][d] = 0.0
            else:
                table[a][d] = sum(
                    p * table[a - la][d - ld]
                    for la, ld, p in _FLOAT_ODDS[(attack_dice(a), defence_dice(d))]
                )
    return table


def conquest_chance(attackers: int, defenders: int, stop_at: int = 1) -> float:
    """The chance to take a territory held by ``defenders`` armies, attacking from one with
    ``attackers`` armies with the most dice each time, until it falls or the attacker is down to
    ``stop_at`` armies ("attack until conquered or down to N")."""
    if defenders <= 0:
        return 1.0
    stop = max(1, stop_at)
    if attackers <= stop or attackers < 2:
        return 0.0
    return _table(stop, attackers, defenders)[attackers][defenders]


@lru_cache(maxsize=8192)
def assault(attackers: int, defenders: int, stop_at: int = 1) -> tuple[float, float, float]:
    """``(chance to conquer, expected attacker armies left if it does, expected attacker armies
    left whatever happens)`` for an attack until conquered or down to ``stop_at``; "left" counts
    the armies in the source before the one that moves in. The bots' planning figures."""
    stop = max(1, stop_at)
    if defenders <= 0:
        return 1.0, float(attackers), float(attackers)
    dist: dict[tuple[int, int], float] = {(attackers, defenders): 1.0}
    win = left_win = left_all = 0.0
    for total in range(attackers + defenders, 0, -1):
        for a in range(min(attackers, total), -1, -1):
            d = total - a
            p = dist.pop((a, d), 0.0)
            if not p:
                continue
            if d == 0:
                win += p
                left_win += p * a
                left_all += p * a
                continue
            if a <= stop or a < 2:
                left_all += p * a
                continue
            for la, ld, q in _FLOAT_ODDS[(attack_dice(a), defence_dice(d))]:
                key = (a - la, d - ld)
                dist[key] = dist.get(key, 0.0) + p * q
    return win, (left_win / win if win else 0.0), left_all


def assault_outcomes(attackers: int, defenders: int, stop_at: int = 1) -> tuple[float, float]:
    """``(chance to conquer, expected attacker armies left in the source when it does)``."""
    win, left, _ = assault(attackers, defenders, stop_at)
    return win, left
