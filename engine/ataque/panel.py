"""Ataque's panel: simple plans real players use, which every bot level is measured against
(``bench/strength.py --against panel:NAME``). Each reads only its seat's view.

- ``territory-rush``: the newcomer who counts territories. He spreads his armies along the
  front, attacks wherever the odds are at least even, takes the likeliest conquest first and
  marches on with every army; he never looks at his objective.
- ``turtle``: the careful player who picks the continent he holds most of, piles every army on
  its borders, attacks only to complete it (with good odds) and once a turn elsewhere for a
  card when it is nearly safe.
- ``attack-all``: the impatient player who attacks whenever he is allowed, always from his
  biggest stack with every die at its weakest neighbour; the rest of his turn is ``strong``'s.

"Never exchange" is not on the panel: at the start of a turn every set held must be
exchanged, so that plan would play exactly as ``strong``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ataque.actions import Attack, EndPhase, MoveIn, Place
from engine.ataque.ai import P, strong_move
from engine.ataque.board import enemy_neighbours
from engine.ataque.data import CONTINENT_OF, CONTINENTS, TERRITORY_COUNT
from engine.ataque.odds import attack_dice, conquest_chance
from engine.ataque.state import ATTACK, MOVE_IN, PLACE, AtaqueState
from engine.ataque.turn import follow_plan, placement_pools
from engine.core import Seat

FAIR = 0.5  # territory-rush attacks at these odds or better
HOME_ODDS = 0.6  # turtle completes its continent at these odds or better
CARD_ODDS = 0.75  # turtle's one attack elsewhere, for a card


def _own(view: AtaqueState, seat: Seat) -> list[int]:
    return [t for t in range(TERRITORY_COUNT) if view.owner[t] == seat]


def _front(view: AtaqueState, territories: list[int]) -> list[int]:
    return [t for t in territories if enemy_neighbours(view, t)]


def _weakest_enemy(view: AtaqueState, t: int) -> int:
    return min(enemy_neighbours(view, t), key=lambda n: (view.armies[n], n))


def _strongest_enemy(view: AtaqueState, t: int) -> int:
    return max((view.armies[n] for n in enemy_neighbours(view, t)), default=0)


def _place_one_by_one(view: AtaqueState, seat: Seat, allowed: list[int], need) -> Place:
    """Every army of the placement, one at a time, to the allowed territory that ``need``
    (armies so far -> how short it falls) finds shortest; a continent's bonus goes to its own
    territories the same way."""
    general, conts, before = placement_pools(view, seat)
    plan = [0] * TERRITORY_COUNT

    def spend(count: int, where: list[int]) -> None:
        for _ in range(count):
            best = max(where, key=lambda t: (need(t, before[t] + plan[t]), -t))
            plan[best] += 1

    for c in conts:
        spend(CONTINENTS[c].bonus, list(CONTINENTS[c].territories))
    spend(max(0, general), allowed or _own(view, seat))
    return follow_plan(view, plan)


def _attack(view: AtaqueState, src: int, dst: int) -> Attack:
    return Attack(src, dst, attack_dice(view.armies[src]))


# --- territory-rush ----------------------------------------------------------------------------


def territory_rush(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """Most territories every turn, whatever the objective."""
    if view.phase == PLACE:
        front = _front(view, _own(view, seat))
        return _place_one_by_one(
            view,
            seat,
            front,
            lambda t, a: min((view.armies[n] for n in enemy_neighbours(view, t)), default=0) - a,
        )
    if view.phase == ATTACK:
        options = [
            (conquest_chance(view.armies[s], view.armies[d]), -view.armies[d], -s, -d)
            for s in _own(view, seat)
            if view.armies[s] >= 2
            for d in enemy_neighbours(view, s)
        ]
        best = max(options, default=None)
        if best is None or best[0] < FAIR:
            return EndPhase()
        return _attack(view, -best[2], -best[3])
    if view.phase == MOVE_IN:
        pending = view.pending
        assert pending is not None
        return MoveIn(pending.most if enemy_neighbours(view, pending.target) else 0)
    return strong_move(view, seat, P)


# --- turtle ------------------------------------------------------------------------------------


def home(view: AtaqueState, seat: Seat) -> int:
    """The continent the turtle holds the largest share of (the smaller one on a tie)."""

    def share(c: int) -> tuple[float, int, int]:
        ts = CONTINENTS[c].territories
        return sum(view.owner[t] == seat for t in ts) / len(ts), -len(ts), -c

    return max(range(len(CONTINENTS)), key=share)


def _turtle_attack(view: AtaqueState, seat: Seat, base: int) -> Attack | EndPhase:
    inside, outside = [], []
    for s in _own(view, seat):
        if view.armies[s] < 2:
            continue
        for d in enemy_neighbours(view, s):
            chance = conquest_chance(view.armies[s], view.armies[d])
            (inside if CONTINENT_OF[d] == base else outside).append((chance, -s, -d))
    home_best = max(inside, default=None)
    if home_best is not None and home_best[0] >= HOME_ODDS:
        return _attack(view, -home_best[1], -home_best[2])
    away_best = max(outside, default=None)
    if not view.conquered and away_best is not None and away_best[0] >= CARD_ODDS:
        return _attack(view, -away_best[1], -away_best[2])
    return EndPhase()


def turtle(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """One continent, fortified; little attacking."""
    base = home(view, seat)
    if view.phase == PLACE:
        mine = _own(view, seat)
        front = _front(view, [t for t in mine if CONTINENT_OF[t] == base]) or _front(view, mine)
        return _place_one_by_one(view, seat, front, lambda t, a: _strongest_enemy(view, t) - a)
    if view.phase == ATTACK:
        return _turtle_attack(view, seat, base)
    if view.phase == MOVE_IN:
        pending = view.pending
        assert pending is not None
        return MoveIn(pending.most if CONTINENT_OF[pending.target] == base else 0)
    return strong_move(view, seat, P)


# --- attack-all --------------------------------------------------------------------------------


def attack_all(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """Attacks while any attack is allowed, from the biggest stack; otherwise ``strong``."""
    if view.phase != ATTACK:
        return strong_move(view, seat, P)
    sources = [t for t in _front(view, _own(view, seat)) if view.armies[t] >= 2]
    if not sources:
        return EndPhase()
    src = max(sources, key=lambda t: (view.armies[t], -t))
    return _attack(view, src, _weakest_enemy(view, src))


PANEL = {
    "territory-rush": territory_rush,
    "turtle": turtle,
    "attack-all": attack_all,
}
