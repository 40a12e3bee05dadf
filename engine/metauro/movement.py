"""Movement (rules 4 and 5): where a unit or a stack may go, and the ``Move`` action.

Units step to *touching* squares (8 neighbours, corners included), but contact with the enemy
is by an edge only, as for the clash (sheet rule 10: "casillas contiguas por cualquiera de sus
bordes"), not "por algún punto" as the sheet's rule 4 defines contiguous squares (a house
rule): a unit that enters a square sharing an edge with an enemy stops there, and one that
passes or ends diagonal to an enemy does not. So every unit the enemy stops is a unit that
fights in the clash that follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

import attrs

from engine.core import IllegalAction, Seat
from engine.i18n import _, ngettext, number
from engine.metauro.actions import EndMove, Move, Pass, TimeUp
from engine.metauro.board import (
    STACKING_RULE,
    add_events,
    board_of,
    kind_counts,
    occupancy,
    own_unit,
    relocate,
    square_order,
    terrain_map,
    unit_name,
)
from engine.metauro.data import (
    EDGE_NEIGHBOURS,
    NEIGHBOURS,
    RANGE,
    Board,
    ground,
    is_square,
    kind_name,
    stack_fits,
    terrain_name,
)
from engine.metauro.state import MOVE, MetauroState, Moved, Unit


def contact_squares(units: Iterable[Unit], side: Seat) -> frozenset[str]:
    """Squares sharing an edge with a unit of the side opposed to ``side``: a unit of ``side``
    that enters one stops there, and faces that enemy in the clash."""
    out: set[str] = set()
    for u in units:
        if u.side != side:
            out.update(EDGE_NEIGHBOURS[u.square])
    return frozenset(out)


def reach(
    board: Board,
    occ: Mapping[str, list[Unit]],
    side: Seat,
    kind: str,
    frm: str,
    contact: frozenset[str] | None = None,
) -> dict[str, int]:
    """Every square a unit of ``kind`` standing on ``frm`` could end a move on, with the steps
    it takes, before stacking at the destination is checked.

    Steps go to touching squares, only over the unit's own ground, never into an enemy square,
    and a unit that enters a square sharing an edge with an enemy stops there — even a square
    of its own side, which it may otherwise pass through. ``contact`` may be given (from
    ``contact_squares``) to save recomputing it.
    """
    if contact is None:
        contact = contact_squares((u for us in occ.values() for u in us), side)
    allowed = ground(kind)
    terrain = terrain_map(board)
    seen = {frm: 0}
    frontier = [frm]
    for step in range(1, RANGE[kind] + 1):
        nxt = []
        for sq in frontier:
            for n in NEIGHBOURS[sq]:
                if n in seen:
                    continue
                if terrain[n] not in allowed:
                    continue
                here = occ.get(n)
                if here and here[0].side != side:
                    continue
                seen[n] = step
                if n not in contact:
                    nxt.append(n)
        frontier = nxt
        if not frontier:
            break
    del seen[frm]
    return seen


def movable(state: MetauroState) -> tuple[int, ...]:
    """The mover's units that have not moved yet this turn (empty outside the move phase)."""
    if state.phase != MOVE:
        return ()
    return tuple(u.id for u in state.units if u.side == state.mover and u.id not in state.moved)


def reachable(state: MetauroState, units: Iterable[int]) -> tuple[str, ...]:
    """The squares these units (all the mover's, unmoved, on one square) can move to together
    right now, stacking included; sorted north → south, west → east. Empty when they cannot
    move together (or it is not their side's move)."""
    ids = tuple(units)
    by_id = {u.id: u for u in state.units}
    if state.phase != MOVE or not ids or len(set(ids)) != len(ids):
        return ()
    if any(i not in by_id for i in ids):
        return ()
    group = [by_id[i] for i in ids]
    frm = group[0].square
    if any(u.square != frm or u.side != state.mover or u.id in state.moved for u in group):
        return ()
    return group_reach(state, frm, group)


def group_reach(
    state: MetauroState,
    frm: str,
    group: list[Unit],
    occ: dict[str, list[Unit]] | None = None,
    contact: frozenset[str] | None = None,
    cache: dict[str, dict[str, int]] | None = None,
) -> tuple[str, ...]:
    """Where ``group`` (one side's units on ``frm``) may move together: the squares every kind
    in it reaches, with room for all of them. ``occ``, ``contact`` and a per-square ``cache``
    of reach by kind may be passed in when many groups of one position are asked."""
    board = board_of(state)
    if occ is None:
        occ = occupancy(state.units)
    side = group[0].side
    if contact is None:
        contact = contact_squares(state.units, side)
    targets: set[str] | None = None
    for kind in {u.kind for u in group}:
        found = cache.get(kind) if cache is not None else None
        if found is None:
            found = reach(board, occ, side, kind, frm, contact)
            if cache is not None:
                cache[kind] = found
        targets = set(found) if targets is None else targets & found.keys()
    foot, cav, ele = kind_counts(u.kind for u in group)
    out = []
    for sq in targets or ():
        there = occ.get(sq)
        if there:
            f, c, e = kind_counts(u.kind for u in there)
            if not stack_fits(f + foot, c + cav, e + ele):
                continue
        out.append(sq)
    out.sort(key=square_order)
    return tuple(out)


def move_options(state: MetauroState, seat: Seat) -> tuple[Any, ...]:
    """Every ``Move`` of ``seat`` (each unmoved unit and each group of unmoved units on one
    square, to each square they reach together), then ``EndMove`` or ``Pass``, then ``TimeUp``
    when the move clock is on."""
    occ = occupancy(state.units)
    contact = contact_squares(state.units, seat)
    out: list[Any] = []
    for sq in sorted(occ, key=square_order):
        group = [u for u in occ[sq] if u.side == seat and u.id not in state.moved]
        if not group:
            continue
        cache: dict[str, dict[str, int]] = {}
        by_kinds: dict[tuple[str, ...], tuple[str, ...]] = {}
        for k in range(1, len(group) + 1):
            for chosen in combinations(group, k):
                kinds = tuple(sorted(u.kind for u in chosen))
                dests = by_kinds.get(kinds)
                if dests is None:
                    dests = group_reach(state, sq, list(chosen), occ, contact, cache)
                    by_kinds[kinds] = dests
                ids = tuple(u.id for u in chosen)
                out.extend(Move(sq, to, ids) for to in dests)
    out.append(EndMove() if state.moved else Pass())
    if state.clock:
        out.append(TimeUp())
    return tuple(out)


def move_units(state: MetauroState, seat: Seat, action: Move) -> MetauroState:
    """Apply one ``Move`` of the turn, or refuse it with the reason."""
    frm, to = action.frm, action.to
    if not is_square(frm):
        raise IllegalAction(_("{value} is not a square on the board.").format(value=repr(frm)))
    if not is_square(to):
        raise IllegalAction(_("{value} is not a square on the board.").format(value=repr(to)))
    ids = action.units
    if not isinstance(ids, tuple) or not ids:
        raise IllegalAction(_("Choose at least one unit to move."))
    if len(set(ids)) != len(ids):
        raise IllegalAction(_("A unit is listed twice."))
    group = [own_unit(state, seat, i) for i in ids]
    for u in group:
        if u.square != frm:
            raise IllegalAction(
                _("The {unit} is on {square}, not on {start}.").format(
                    unit=unit_name(state, u), square=u.square, start=frm
                )
            )
        if u.id in state.moved:
            raise IllegalAction(
                _("The {unit} has already moved this turn.").format(unit=unit_name(state, u))
            )
    if to == frm:
        raise IllegalAction(_("Choose a different square to move to."))
    if to not in group_reach(state, frm, group):
        raise IllegalAction(_why_not(state, group, frm, to))
    state = relocate(state, {u.id: to for u in group})
    state = attrs.evolve(state, moved=state.moved | {u.id for u in group})
    return add_events(state, Moved(seat=seat, units=tuple(ids), frm=frm, to=to))


def _why_not(state: MetauroState, group: list[Unit], frm: str, to: str) -> str:
    board = board_of(state)
    occ = occupancy(state.units)
    there = occ.get(to, [])
    if there and there[0].side != group[0].side:
        return _("The enemy holds {square}: you can only take it in a clash.").format(square=to)
    terrain = board.terrain(to)
    for u in group:
        if terrain not in ground(u.kind):
            return _("{kind} cannot enter {terrain} ({square}).").format(
                kind=kind_name(u.kind).capitalize(), terrain=terrain_name(terrain), square=to
            )
    for u in group:
        if to not in reach(board, occ, u.side, u.kind, frm):
            n = RANGE[u.kind]
            steps = (
                _("1 square")
                if n == 1
                else ngettext("up to {n} square", "up to {n} squares", n).format(n=number(n))
            )
            return _(
                "{square} is out of reach: {kind} moves {steps} through touching squares of its "
                "own ground, and stops on entering a square that shares an edge with an enemy."
            ).format(square=to, kind=kind_name(u.kind), steps=steps)
    return _("{square} has no room for them: {rule}.").format(square=to, rule=_(STACKING_RULE))
