"""The plans ``expert`` weighs for the rest of a turn, each a policy ``(state, seat) -> move``.

``strong`` with its own weights; bolder (it attacks at worse odds and strikes at its objective
sooner); more careful (better odds only, and it strikes only when the strike is likely); and
fortifying, which places its armies where the neighbours' biggest stacks would most likely
take a territory (most of all inside a continent it holds) and then attacks carefully.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.ataque.ai import P, strong_move
from engine.ataque.data import CONTINENT_OF, CONTINENTS, NEIGHBOURS, TERRITORY_COUNT
from engine.ataque.odds import conquest_chance
from engine.ataque.state import PLACE, AtaqueState
from engine.ataque.turn import follow_plan, placement_pools
from engine.core import Seat

Plan = Callable[[AtaqueState, Seat], Any]

BOLD: Mapping[str, float] = {**P, "p_floor": 0.2, "p_base": 0.55, "strike": 0.15, "loss": 0.15}
CAREFUL: Mapping[str, float] = {**P, "p_floor": 0.55, "p_base": 0.85, "strike": 0.5, "loss": 0.6}


def _weights(params: Mapping[str, float]) -> Plan:
    return lambda state, seat: strong_move(state, seat, params)


def fortify_place(view: AtaqueState, seat: Seat) -> Any:
    """One ``Place`` of a plan that spends each army where it most lowers the chance of
    losing a territory to its strongest enemy neighbour; a held continent's territories
    count more, by its bonus."""
    general, conts, before = placement_pools(view, seat)
    owner = view.owner
    mine = [o == seat for o in owner]
    held = [all(mine[t] for t in c.territories) for c in CONTINENTS]
    top = [
        max((before[n] for n in NEIGHBOURS[t] if not mine[n]), default=0) if mine[t] else 0
        for t in range(TERRITORY_COUNT)
    ]
    weight = [
        1.0 + (CONTINENTS[CONTINENT_OF[t]].bonus / 2.0 if held[CONTINENT_OF[t]] else 0.0)
        for t in range(TERRITORY_COUNT)
    ]
    plan = [0] * TERRITORY_COUNT

    def spend(count: int, allowed: list[int]) -> None:
        for _ in range(count):
            best, best_gain = allowed[0], -1.0
            for t in allowed:
                a = before[t] + plan[t]
                gain = 0.0
                if top[t] >= 2:
                    gain = weight[t] * (conquest_chance(top[t], a) - conquest_chance(top[t], a + 1))
                if gain > best_gain:
                    best, best_gain = t, gain
            plan[best] += 1

    for c in conts:
        spend(CONTINENTS[c].bonus, list(CONTINENTS[c].territories))
    spend(max(0, general), [t for t in range(TERRITORY_COUNT) if mine[t]])
    return follow_plan(view, plan)


def _fortify(state: AtaqueState, seat: Seat) -> Any:
    if state.phase == PLACE:
        return fortify_place(state, seat)
    return strong_move(state, seat, CAREFUL)


PLANS: tuple[Plan, ...] = (_weights(P), _weights(BOLD), _weights(CAREFUL), _fortify)
