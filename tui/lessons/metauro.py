"""Metauro's first lesson: moving units over the terrain, contact with the enemy and the
clash that follows, on the Metauro board.

Seed 58: the learner leads the Romans against an easy Carthaginian bot, and the lots give the
Romans the first move. The cavalry from d3 rides to g3, then to j3, facing the Carthaginian
infantry that marched onto the hill k3: the learner's clash. The cavalry (+1) wins 5 to 2, less
than 6, so the beaten soldier retreats instead of falling.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import N_
from engine.metauro.board import board_of, unit_name
from engine.metauro.data import CAVALRY, EDGE_NEIGHBOURS, GENERAL, ROW, distance
from engine.metauro.movement import group_reach
from engine.metauro.state import (
    MOVE,
    ClashStarted,
    Deployed,
    Fought,
    Moved,
    TurnStarted,
)
from tui.lessons.lesson import Lesson, Step


def rider(view: Any, seat: int) -> Any:
    """The learner's first cavalryman still standing (the one the lesson rides with)."""
    return next((u for u in view.units if u.side == seat and u.kind == CAVALRY), None)


def ride(view: Any, seat: int) -> tuple[str, str]:
    """Where the lesson sends the rider, from and to: a square facing an enemy if he can reach
    one, else the one nearest the enemy, keeping to his row. Once he moved this turn, the move
    he made; while the other side moves, where he could ride from where he stands."""
    unit = rider(view, seat)
    if unit is None:
        return "-", "-"
    if view.phase == MOVE and view.mover == seat and unit.id in view.moved:
        done = [e for e in view.log if isinstance(e, Moved) and unit.id in e.units]
        return done[-1].frm, done[-1].to
    targets = group_reach(view, unit.square, [unit])
    enemies = [u.square for u in view.units if u.side != seat]
    if not targets or not enemies:
        return unit.square, unit.square
    facing = {sq for e in enemies for sq in EDGE_NEIGHBOURS[e]}
    return unit.square, min(
        targets,
        key=lambda t: (
            t not in facing,
            min(distance(t, e) for e in enemies),
            abs(ROW[t] - ROW[unit.square]),
            t,
        ),
    )


def squares(view: Any, seat: int) -> dict[str, str]:
    """The squares the steps name: the rider's, where he rides, the enemy nearest that, the
    enemy general's and the enemy standards."""
    frm, to = ride(view, seat)
    enemies = [u.square for u in view.units if u.side != seat]
    general = next((u.square for u in view.units if u.side != seat and u.kind == GENERAL), "-")
    standards = board_of(view).standards[1 - seat]
    return {
        "square": frm,
        "to": to,
        "enemy": nearest(enemies, to),
        "general": general,
        "first": standards[0],
        "second": standards[1],
    }


def nearest(enemies: list[str], to: str) -> str:
    """The enemy square the rider will face from ``to`` (sharing an edge), else the nearest."""
    if not enemies or to == "-":
        return "-"
    return min(enemies, key=lambda e: (e not in EDGE_NEIGHBOURS[to], distance(to, e), e))


def since_my_clash(view: Any, seat: int) -> list:
    """The log from the learner's first clash on (empty before it)."""
    for i, e in enumerate(view.log):
        if isinstance(e, ClashStarted) and e.chooser == seat:
            return list(view.log[i:])
    return []


def fight(view: Any, seat: int) -> dict[str, str]:
    """The first fight of the learner's first clash (the bots may fight on while he reads):
    each side's unit, die and advantage points."""
    fights = [e.fight for e in since_my_clash(view, seat) if isinstance(e, Fought)]
    if not fights:
        return {k: "-" for k in ("own", "roll_a", "bonus_a", "enemy", "roll_b", "bonus_b")}
    first = fights[0]
    units = {u.id: u for u in (*view.fallen, *view.units)}
    return {
        "own": unit_name(view, units[first.a]),
        "roll_a": str(first.roll_a),
        "bonus_a": str(first.bonus_a),
        "enemy": unit_name(view, units[first.b]),
        "roll_b": str(first.roll_b),
        "bonus_b": str(first.bonus_b),
    }


def has(view: Any, kind: type, **fields: Any) -> bool:
    return any(
        isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items()) for e in view.log
    )


def move_ended(view: Any, seat: int) -> bool:
    """The learner moved, and the other side's turn began after it."""
    log = view.log
    first = next((i for i, e in enumerate(log) if isinstance(e, Moved) and e.seat == seat), None)
    return first is not None and any(
        isinstance(e, TurnStarted) and e.seat != seat for e in log[first:]
    )


LESSON = Lesson(
    game_id="metauro",
    title=N_("Metauro: move, contact, clash"),
    config={"scenario": "metauro"},
    seed=58,
    players=2,
    seat=0,
    bot="easy",
    steps=(
        Step(
            N_(
                "You lead the Romans, capital letters, in the west. Win by killing Hasdrubal "
                "(g on {general}) or by holding {first} and {second}, his standards. Press e to "
                "keep your deployment."
            ),
            until=lambda view, seat: has(view, Deployed, seat=seat),
            fill=squares,
        ),
        Step(
            N_(
                "Cavalry (C) rides up to 3 squares over plain and fords; infantry (I) walks 1, "
                "also into forest, hills and ruins. Select the cavalry on {square} (arrows, "
                "Enter), then pick {to}."
            ),
            until=lambda view, seat: has(view, Moved, seat=seat),
            fill=squares,
        ),
        Step(
            N_(
                "Each unit moves once a turn, never onto rocks (#) or the river (~); lit "
                "squares show where it can go. Press e to end your move."
            ),
            until=move_ended,
        ),
        Step(
            N_(
                "A unit that enters a square sharing an edge with an enemy stops there, and a "
                "clash follows your move. Ride from {square} to {to}, facing {enemy}, and press e."
            ),
            until=lambda view, seat: has(view, ClashStarted, chooser=seat),
            fill=squares,
        ),
        Step(
            N_(
                "The clash: each soldier facing an enemy fights one, as many pairs as can be "
                "made. The box lists them with your chance to win: 1 fights the first pair."
            ),
            until=lambda view, seat: any(isinstance(e, Fought) for e in since_my_clash(view, seat)),
        ),
        Step(
            N_(
                "Your fight: {own} {roll_a}+{bonus_a} against {enemy} {roll_b}+{bonus_b}. A "
                "die, plus 1 for cavalry, 2 for an elephant, 1 in forest, hills or ruins. The "
                "higher wins: 6 or more kills, less drives back; a tie, both stay."
            ),
            fill=fight,
        ),
        Step(
            N_(
                "That is Metauro: bring your infantry up in line, fight from forest and hills, "
                "and keep your general out of reach. Well done!"
            ),
        ),
    ),
)
