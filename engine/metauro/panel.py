"""Metauro's panel: the simple plans newcomers and stubborn players use, as bots
``(view, seat, rng) -> action`` that the bench measures every level against.

- ``rush-general``: the player who goes straight for the king. Every soldier (the general
  aside, who stays where he stands) marches at the enemy general by the shortest way, the
  units nearest him first; clashes, retreats and advances as ``strong``.
- ``hold-line``: the stubborn defender. Nothing ever moves: he passes every turn and fights
  only what comes to him, pairing and retreating as ``strong`` and never advancing out of line.
- ``charge-all``: the all-out attacker. Every unit, the general too, steps as far towards the
  enemy's home edge as it can every turn, the front first; every clash is left to **Auto**
  and every winner advances.
- ``cavalry-raid``: the rider who goes for the flags. Cavalry and elephants ride for the enemy
  standards they may stand on, the nearest first; everything else is ``strong``'s plan.

Each reads only its view; none of them needs the dice, so the rng is left unused.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import Seat
from engine.metauro import ai
from engine.metauro.actions import Advance, AutoPair, EndMove, Move, NoAdvance, Pass
from engine.metauro.board import board_of, terrain_map
from engine.metauro.data import CAVALRY, ELEPHANT, GENERAL, distance, ground, home_distance
from engine.metauro.movement import movable, reachable
from engine.metauro.state import ADVANCE, MOVE, PAIR, MetauroState, Unit

Key = Callable[[Unit, str], float]  # how far a unit on a square still is from its goal


def march(view: MetauroState, seat: Seat, units: list[Unit], key: Key) -> Move | None:
    """The first of ``units`` (those nearest their goal first) that can get strictly nearer
    it, moved to its reachable square nearest the goal; None when none can."""
    free = set(movable(view))
    for u in sorted((u for u in units if u.id in free), key=lambda u: (key(u, u.square), u.id)):
        options = reachable(view, (u.id,))
        best = min(options, key=lambda sq: (key(u, sq), sq), default=None)
        if best is not None and key(u, best) < key(u, u.square):
            return Move(u.square, best, (u.id,))
    return None


def done(view: MetauroState) -> Any:
    return EndMove() if view.moved else Pass()


def soldiers(view: MetauroState, seat: Seat, general: bool) -> list[Unit]:
    return [u for u in view.units if u.side == seat and (general or u.kind != GENERAL)]


def rush_general(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """Every soldier but the general marches at the enemy general."""
    target = next((u.square for u in view.units if u.side != seat and u.kind == GENERAL), None)
    if view.phase != MOVE or target is None:
        return ai.strong(view, seat, rng)
    move = march(view, seat, soldiers(view, seat, False), lambda u, sq: distance(sq, target))
    return move or done(view)


def hold_line(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """Never moves; fights what comes, never advancing out of line."""
    if view.phase == MOVE:
        return Pass()
    if view.phase == ADVANCE:
        return NoAdvance()
    return ai.strong(view, seat, rng)


def charge_all(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """Everything forward every turn; every clash on Auto, every winner advances."""
    if view.phase == PAIR:
        return AutoPair()
    if view.phase == ADVANCE:
        return Advance()
    if view.phase != MOVE:
        return ai.strong(view, seat, rng)
    move = march(view, seat, soldiers(view, seat, True), lambda u, sq: home_distance(1 - seat, sq))
    return move or done(view)


def cavalry_raid(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """The riders for the enemy standards, the rest as ``strong`` plans it."""
    if view.phase != MOVE:
        return ai.strong(view, seat, rng)
    terrain = terrain_map(board_of(view))
    standards = board_of(view).standards[1 - seat]

    def key(u: Unit, sq: str) -> float:
        return min((distance(sq, s) for s in standards if terrain[s] in ground(u.kind)), default=0)

    riders = [u for u in view.units if u.side == seat and u.kind in (CAVALRY, ELEPHANT)]
    move = march(view, seat, riders, key)
    if move is not None:
        return move
    rider_ids = {u.id for u in riders}
    for planned in ai.plan_moves(view, seat):  # strong's plan without the riders' moves
        if not rider_ids & set(planned.units) and planned.to in reachable(view, planned.units):
            return planned  # (a move planned after a rider's may need the square he left)
    return done(view)


PANEL: dict[str, Callable[[MetauroState, Seat, random.Random], Any]] = {
    "rush-general": rush_general,
    "hold-line": hold_line,
    "charge-all": charge_all,
    "cavalry-raid": cavalry_raid,
}
