"""How close each army is to winning: the static evaluation at the end of ``expert``'s
look-ahead.

Every live player gets a score, a weighted sum of features of his position — how far his
objective is (territories missing, the armies holding them, the armies and income he can throw
at them), his share of the board and armies, his cards and next exchange, and whether he moves
next — and the chance that he wins the game is his share of ``exp(score)`` (a conditional
logit). The weights were fitted on the winners of games between the ``strong`` and ``teg``
bots, from the positions at the start of every turn, each player's real objective known,
before ``strong`` learned to block a leader. ``bench/fit_ataque.py`` fits them again: on
today's bots its weights predict a little better but play no better, and leave a leader one
territory short of 24 alone, so these stay (docs/strength.md).

A player's objective is read from the state, so the evaluation needs a full state (a
determinized world, or the real one); in a seat's view the other objectives are hidden.
"""

from __future__ import annotations

import math

from engine.ataque.board import effective_objective
from engine.ataque.data import (
    CONTINENTS,
    CONTINENTS_KIND,
    DESTROY,
    MIN_REINFORCEMENT,
    NEIGHBOURS,
    OBJECTIVES,
    OCCUPY,
    TERRITORY_COUNT,
    TWO_ARMY_TERRITORIES,
    exchange_armies,
    sets_in,
)
from engine.ataque.state import AtaqueState
from engine.core import HIDDEN, Seat

FEATURES = (
    "territories",
    "armies",
    "income",
    "cards",
    "exchange",
    "missing",
    "near",
    "cost",
    "power",
    "reach",
    "reach_next",
    "missing_next",
    "next",
    "order",
)

# Fitted weights, one per feature (see the module docstring).
WEIGHTS = (
    1.726,  # territories
    -1.41,  # armies (the armies that count are in power)
    1.502,  # income
    0.355,  # cards
    -1.441,  # exchange (already in income)
    -0.445,  # missing
    0.387,  # near
    -1.266,  # cost
    0.676,  # power
    0.135,  # reach
    0.196,  # reach_next
    -0.153,  # missing_next
    0.127,  # next
    -0.673,  # order
)


def _targets(
    state: AtaqueState, seat: Seat, objective: int, mine: list[bool], held: int
) -> tuple[list[int], int]:
    """The enemy territories the objective still asks for, and how many more the player
    needs beyond them (an occupy objective asks for any territories: the cheapest borders)."""
    owner, armies = state.owner, state.armies
    card = OBJECTIVES[objective]
    if card.kind == CONTINENTS_KIND:
        need = [t for c in card.continents for t in CONTINENTS[c].territories if not mine[t]]
        if card.extra:
            best, best_key = None, None
            for c, cont in enumerate(CONTINENTS):
                if c in card.continents:
                    continue
                miss = [t for t in cont.territories if not mine[t]]
                key = (len(miss), sum(armies[t] for t in miss))
                if best_key is None or key < best_key:
                    best, best_key = miss, key
            need += best or []
        return need, 0
    if card.kind == DESTROY:
        return [t for t in range(TERRITORY_COUNT) if owner[t] == card.colour], 0
    border = sorted(
        (armies[t], t)
        for t in range(TERRITORY_COUNT)
        if not mine[t] and any(mine[n] for n in NEIGHBOURS[t])
    )
    if card.kind == OCCUPY:
        want = max(0, card.territories - held)
    else:  # 18 territories with 2 armies: conquests for the missing territories, placing for
        # the rest (counted as missing, with no armies to beat)
        two = sum(1 for t in range(TERRITORY_COUNT) if mine[t] and armies[t] >= 2)
        want = max(0, TWO_ARMY_TERRITORIES - held)
        short = max(0, TWO_ARMY_TERRITORIES - two - want)
        return [t for _, t in border[:want]], short + max(0, want - len(border))
    return [t for _, t in border[:want]], max(0, want - len(border))


def income(state: AtaqueState, seat: Seat, held: int, hand_set: bool) -> int:
    """The armies a turn of ``seat`` would bring: territories, continents, and the next
    exchange if the hand holds a set."""
    base = max(MIN_REINFORCEMENT, held // 2)
    owner = state.owner
    for cont in CONTINENTS:
        if all(owner[t] == seat for t in cont.territories):
            base += cont.bonus
    if hand_set:
        base += exchange_armies(state.players[seat].exchanges + 1)
    return base


def features(state: AtaqueState, seat: Seat) -> list[float]:
    """The features of ``seat``'s position (``FEATURES`` order); its objective must be known."""
    owner, armies = state.owner, state.armies
    player = state.players[seat]
    mine = [o == seat for o in owner]
    held = sum(mine)
    total = sum(armies)
    own_armies = sum(a for a, m in zip(armies, mine, strict=True) if m)
    hand = player.hand
    hand_set = HIDDEN not in hand and bool(sets_in(hand))
    gain = income(state, seat, held, hand_set)
    objective = effective_objective(state, seat)
    need, extra = _targets(state, seat, objective, mine, held)
    missing = len(need) + extra
    cost = sum(armies[t] for t in need)
    sources = {n for t in need for n in NEIGHBOURS[t] if mine[n]}
    near = sum(1 for t in need if any(mine[n] for n in NEIGHBOURS[t]))
    power = sum(armies[t] - 1 for t in sources) + gain
    # Conquering takes about the defenders plus one army left behind on each territory.
    margin = (power - 1.3 * cost - missing) / (4.0 + 0.05 * (power + cost))
    reach = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin)))) if missing else 1.0
    n = len(state.players)
    alive = [s for s in range(n) if state.players[s].alive]
    order = sum(1 for s in alive if (s - state.active) % n < (seat - state.active) % n)
    moves_next = order == 0
    return [
        held / TERRITORY_COUNT,
        own_armies / max(1, total),
        gain / 10.0,
        len(hand) / 5.0,
        exchange_armies(player.exchanges + 1) / 10.0 if hand_set else 0.0,
        min(missing, 24) / 10.0,
        near / max(1, missing),
        cost / (cost + power + 1.0),
        power / (power + 20.0),
        reach,
        reach if moves_next else 0.0,
        min(missing, 24) / 10.0 if moves_next else 0.0,
        1.0 if moves_next else 0.0,
        order / max(1, len(alive) - 1),
    ]


def scores(state: AtaqueState, weights: tuple[float, ...] = WEIGHTS) -> list[float | None]:
    """Each seat's score, None for the eliminated."""
    out: list[float | None] = []
    for s, p in enumerate(state.players):
        if not p.alive:
            out.append(None)
            continue
        out.append(sum(w * f for w, f in zip(weights, features(state, s), strict=True)))
    return out


def win_chances(state: AtaqueState, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """Each seat's chance to win from here, by the conditional logit over the live players."""
    raw = scores(state, weights)
    top = max(v for v in raw if v is not None)
    exps = [0.0 if v is None else math.exp(v - top) for v in raw]
    total = sum(exps)
    return [e / total for e in exps]
