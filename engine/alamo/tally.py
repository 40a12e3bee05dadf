"""El Álamo arithmetic over cards: battle totals, the limits a battle hand must respect, what a
card is worth when paying, and the sets of cards a payment or a repelled assault may use.

Pure functions of card ids, shared by both games, the bots and the screen: the live tally of a
proposed attack or defence (``attack_tally`` / ``defence_tally`` / ``selection_tally``),
``cheapest_cover`` (the cheapest payment) and ``repel_choices`` (the sufficient sets of cards
to use against a solitaire assault).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from engine.alamo.data import (
    ARTILLERY,
    DECKS,
    DEFENCE,
    DICKINSON,
    EQUIPMENT,
    LEADER,
    MEXICANS,
    MORALE,
    RESERVE,
    TACTIC,
    TEXANS,
    TROOP,
)
from engine.alamo.state import ATTACK, DEFEND, REPEL, AlamoState
from engine.core import Seat
from engine.i18n import N_

DOUBLE_EXTRA = 50  # every DOUBLE after the first adds a flat 50

# Per side, per card id: (kind, strength, double, column, bonus_with, name, pay value) — plain
# tuples because the bots total thousands of hands per decision.
_PROFILE = tuple(
    tuple((c.kind, c.strength, c.double, c.column, c.bonus_with, c.name, c.pay_value) for c in d)
    for d in DECKS
)


def kind(side: Seat, card_id: int) -> str:
    """The card's kind: LEADER, TROOP, ARTILLERY, ..."""
    return _PROFILE[side][card_id][0]


def walls(hand: Iterable[int]) -> tuple[int, ...]:
    """The Standing Defence cards of a Texan hand, in hand order."""
    prof = _PROFILE[TEXANS]
    return tuple(c for c in hand if prof[c][0] == DEFENCE)


def pay_value(side: Seat, card_id: int) -> int:
    """A card's worth when paying: its strength, or 50 for a DOUBLE."""
    return _PROFILE[side][card_id][6]


@attrs.frozen
class Tally:
    """A proposed attack or defence: printed strength, bonuses, DOUBLEs and the total.

    ``bonuses`` pairs a card id with its bonus (+10 troop with its leader, Dickinson's +10 per
    Artillery card). The total is (base + bonuses) ×2 with the first DOUBLE; any further DOUBLE
    adds a flat 50 (only possible in the solitaire). ``problems`` lists every broken limit, in
    words, empty when the hand may be played as it stands: English msgids, which whoever shows
    one passes through ``_`` (the bots only ask whether there are any, thousands of times).
    """

    side: Seat
    cards: tuple[int, ...]
    base: int
    bonuses: tuple[tuple[int, int], ...]
    doubles: int
    total: int
    problems: tuple[str, ...] = ()

    @property
    def bonus(self) -> int:
        return sum(b for _, b in self.bonuses)

    @property
    def legal(self) -> bool:
        return not self.problems


def _parts(side: Seat, cards: Sequence[int]) -> tuple[int, tuple[tuple[int, int], ...], int]:
    prof = _PROFILE[side]
    base = doubles = 0
    leaders: set[str] = set()  # Mexican: leader columns; Texan: leader names
    artillery = 0
    for c in cards:
        kind_, strength, double, column, _bw, name, _pv = prof[c]
        base += strength
        doubles += double
        if kind_ == LEADER:
            leaders.add(column if side == MEXICANS else name)
        elif kind_ == ARTILLERY:
            artillery += 1
    bonuses = []
    for c in cards:
        kind_, _s, _d, column, bonus_with, name, _pv = prof[c]
        if kind_ == TROOP:
            if (column if side == MEXICANS else bonus_with) in leaders:
                bonuses.append((c, 10))
        elif side == TEXANS and name == DICKINSON and artillery:
            bonuses.append((c, 10 * artillery))
    return base, tuple(bonuses), doubles


def _combine(base: int, bonus: int, doubles: int) -> int:
    total = base + bonus
    if doubles:
        total = 2 * total + DOUBLE_EXTRA * (doubles - 1)
    return total


def battle_total(side: Seat, cards: Sequence[int]) -> int:
    """The total of a set of cards with bonuses and DOUBLEs (no limits checked)."""
    base, bonuses, doubles = _parts(side, cards)
    return _combine(base, sum(b for _, b in bonuses), doubles)


_ATTACK_LIMITS = (
    (EQUIPMENT, 1, N_("Only one Equipment card may attack.")),
    (TACTIC, 1, N_("Only one Tactic card may attack.")),
    (ARTILLERY, 1, N_("Only one Artillery card may attack.")),
    (LEADER, 1, N_("Only one Leader may attack (Santa Anna counts as the Leader).")),
)
_RESERVE_LIMIT = (2, N_("At most two Reserve troops may attack."))
ATTACK_NEEDS = N_("An attack needs at least one Leader or Reserve card.")
_DEFENCE_LIMITS = (
    (EQUIPMENT, 2, N_("At most two Equipment cards may defend.")),
    (TACTIC, 1, N_("Only one Tactic card may defend.")),
    (ARTILLERY, 2, N_("At most two Artillery cards may defend.")),
    (LEADER, 1, N_("Only one Leader may defend.")),
    (MORALE, 1, N_("Only one Morale card may defend.")),
    (DEFENCE, 1, N_("Only one Standing Defence card may defend.")),
)


def limit_problems(side: Seat, cards: Sequence[int]) -> tuple[str, ...]:
    """The per-kind limits of a two-player battle hand that ``cards`` break, as msgids (the
    Mexican's need for a Leader or Reserve card is not one of them: see ``attack_problems``)."""
    prof = _PROFILE[side]
    counts: dict[str, int] = {}
    reserve_troops = 0
    for c in cards:
        kind_, _s, _d, column, *_ = prof[c]
        counts[kind_] = counts.get(kind_, 0) + 1
        reserve_troops += kind_ == TROOP and column == RESERVE
    limits = _ATTACK_LIMITS if side == MEXICANS else _DEFENCE_LIMITS
    out = [msg for kind_, most, msg in limits if counts.get(kind_, 0) > most]
    if side == MEXICANS and reserve_troops > _RESERVE_LIMIT[0]:
        out.append(_RESERVE_LIMIT[1])
    return tuple(out)


def can_attack_with(cards: Iterable[int]) -> bool:
    """Whether these Mexican cards hold the Leader or Reserve card an attack needs."""
    prof = _PROFILE[MEXICANS]
    return any(prof[c][0] == LEADER or prof[c][3] == RESERVE for c in cards)


def attack_problems(cards: Sequence[int]) -> tuple[str, ...]:
    """Every rule a proposed Mexican attack breaks (two-player), as msgids."""
    out = limit_problems(MEXICANS, cards)
    if not can_attack_with(cards):
        out += (ATTACK_NEEDS,)
    return out


def defence_problems(cards: Sequence[int]) -> tuple[str, ...]:
    """Every rule a proposed Texan defence breaks (two-player), as msgids."""
    return limit_problems(TEXANS, cards)


def _tally(side: Seat, cards: Sequence[int], problems: tuple[str, ...]) -> Tally:
    base, bonuses, doubles = _parts(side, cards)
    total = _combine(base, sum(b for _, b in bonuses), doubles)
    return Tally(side, tuple(cards), base, bonuses, doubles, total, problems)


def attack_tally(cards: Sequence[int]) -> Tally:
    """A proposed Mexican attack: total with column bonuses and Brecha, and broken limits."""
    return _tally(MEXICANS, cards, attack_problems(cards))


def defence_tally(cards: Sequence[int]) -> Tally:
    """A proposed Texan defence: total with bonuses and Fuego Tejano, and broken limits."""
    return _tally(TEXANS, cards, defence_problems(cards))


def solitaire_tally(side: Seat, cards: Sequence[int]) -> Tally:
    """The solitaire's attack value (Mexican cards) or defence value (Texan cards): no limits;
    the first DOUBLE doubles, each further one adds 50."""
    return _tally(side, cards, ())


def selection_tally(state: AlamoState) -> Tally | None:
    """The live tally of what ``state.selection`` holds, for the screen: the attack or defence
    being built (with its broken limits), or the repelling cards counted with the Standing
    Defence. None in other phases."""
    chosen = state.selection
    if state.phase == ATTACK:
        return attack_tally(chosen)
    if state.phase == DEFEND:
        return defence_tally(chosen)
    if state.phase == REPEL:
        return solitaire_tally(TEXANS, walls(state.sides[TEXANS].hand) + chosen)
    return None


def cheapest_cover(side: Seat, cards: Sequence[int], amount: int) -> tuple[int, ...] | None:
    """The cards (from ``cards``) of least combined pay value covering ``amount``; ties go to
    fewer cards, then to the earliest ids. None if even all of them fall short."""
    if amount <= 0:
        return ()
    values = [(pay_value(side, c), c) for c in sorted(cards)]
    if sum(v for v, _ in values) < amount:
        return None
    # best[s] = (count, ids) of the best set with pay value exactly s.
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for v, c in values:
        for s, (n, chosen) in sorted(best.items(), reverse=True):
            if s >= amount:
                continue
            key = (n + 1, chosen + (c,))
            old = best.get(s + v)
            if old is None or key < old:
                best[s + v] = key
    s = min(t for t in best if t >= amount)
    return best[s][1]


def repel_choices(hand: Sequence[int], attack_total: int) -> tuple[tuple[int, ...], ...]:
    """Solitaire: every minimal set of non-Standing-Defence cards that, counted with all the
    Standing Defence cards, reaches ``attack_total``; cheapest (pay value) first."""
    held = walls(hand)
    others = tuple(sorted(c for c in hand if c not in held))
    found = []
    for k in range(len(others) + 1):
        for combo in combinations(others, k):
            if battle_total(TEXANS, held + combo) < attack_total:
                continue
            if all(
                battle_total(TEXANS, held + tuple(x for x in combo if x != c)) < attack_total
                for c in combo
            ):
                found.append(combo)
    found.sort(key=lambda s: (sum(pay_value(TEXANS, c) for c in s), len(s), s))
    return tuple(found)
