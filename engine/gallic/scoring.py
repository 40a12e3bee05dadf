"""Scoring a Gallic hand: at most two cards of each base type, leaders anywhere, penalties always.

Kept apart from the rules so the bots can score thousands of sampled hands without importing
the game (which imports the bots to list them).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from engine.core import Seat
from engine.gallic.data import BASE_TYPES, DECKS
from engine.gallic.state import Counted

# Per side, per card id: (kind, strength). Precomputed because the bot scores thousands of hands.
_PROFILE: tuple[tuple[tuple[str, int], ...], ...] = tuple(
    tuple((c.kind, c.strength) for c in deck) for deck in DECKS
)
# Kind as a small int (0..3 base types in BASE_TYPES order, 4 leader, 5 penalty) for hand_total.
_KIND_INDEX = {**{t: i for i, t in enumerate(BASE_TYPES)}, "L": 4, "P": 5}
FAST_PROFILE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((_KIND_INDEX[k], s) for k, s in prof) for prof in _PROFILE
)


def score(side: Seat, hand_ids: Iterable[int]) -> tuple[int, tuple[Counted, ...]]:
    """The best total of a hand and which cards counted as what.

    At most two cards of each base type count; each leader may fill a slot of any one base type;
    penalties always count. Every assignment of leaders to types (4**L, L <= 2) is tried and the
    first best one in S, T, R, M order wins, so the result is deterministic. Within a type the
    strongest cards take the slots, a base card before a leader of equal strength.
    """
    prof = _PROFILE[side]
    base: dict[str, list[tuple[int, int]]] = {t: [] for t in BASE_TYPES}
    leaders: list[tuple[int, int]] = []
    penalties: list[int] = []
    for c in hand_ids:
        kind, strength = prof[c]
        if kind == "L":
            leaders.append((strength, c))
        elif kind == "P":
            penalties.append(c)
        else:
            base[kind].append((strength, c))
    leaders.sort(key=lambda sc: (-sc[0], sc[1]))
    penalties.sort()

    best_total: int | None = None
    best: list[Counted] = []
    for assignment in product(BASE_TYPES, repeat=len(leaders)):
        total = 0
        counted: list[Counted] = []
        for t in BASE_TYPES:
            slots = [(-s, 0, c) for s, c in base[t]]
            slots += [(-s, 1, c) for (s, c), a in zip(leaders, assignment, strict=True) if a == t]
            for neg, _is_leader, c in sorted(slots)[:2]:
                total -= neg
                counted.append(Counted(card=c, as_kind=t))
        if best_total is None or total > best_total:
            best_total, best = total, counted
    penalty_total = sum(prof[c][1] for c in penalties)
    counted_all = tuple(best) + tuple(Counted(card=c, as_kind="P") for c in penalties)
    return (best_total or 0) + penalty_total, counted_all


def hand_total(side: Seat, hand_ids: Iterable[int]) -> int:
    """Just the total of ``score``, in closed form, for the bot's inner loop.

    One leader goes where it beats the weakest second slot; two leaders either fill the two
    weakest second slots of different types, or both go into one type.
    """
    fast = FAST_PROFILE[side]
    a = [0, 0, 0, 0]
    b = [0, 0, 0, 0]
    l1 = l2 = 0
    total = 0
    for c in hand_ids:
        k, s = fast[c]
        if k < 4:
            if s > a[k]:
                b[k] = a[k]
                a[k] = s
            elif s > b[k]:
                b[k] = s
        elif k == 4:
            if s > l1:
                l2 = l1
                l1 = s
            else:
                l2 = s
        else:
            total += s
    total += a[0] + a[1] + a[2] + a[3] + b[0] + b[1] + b[2] + b[3]
    if not l1:
        return total
    lo = sorted(b)
    if not l2:
        return total + max(0, l1 - lo[0])
    apart = max(0, l1 - lo[0]) + max(0, l2 - lo[1])
    together = max(l1 - b[t] + max(0, l2 - a[t]) for t in range(4))
    return total + max(apart, together, 0)
