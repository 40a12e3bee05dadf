"""Who stands where: terrain, occupancy, stacking, unit lookups and the board as the screen
draws it.

The rules (``movement``, ``clash``, ``turn``, ``rules``), the bots and the screen all read the
board through these helpers, so none of them needs another's private names. The few state
helpers at the end (``add_events``, ``relocate``, ``own_unit``) are how every rules module
writes a new state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from engine.core import IllegalAction, Seat
from engine.i18n import N_, _
from engine.metauro.data import (
    BOARDS,
    CARTHAGINIANS,
    CAVALRY,
    ELEPHANT,
    FOOT,
    GENERAL,
    INFANTRY,
    LETTERS,
    ROMANS,
    SQUARES,
    TRUMPET,
    UNIT_NAMES,
    Board,
    ground,
    stack_fits,
)
from engine.metauro.state import MetauroState, Unit

STACKING_RULE = N_(
    "at most 3 infantry, or 2 cavalry, or 1 elephant, or 1 infantry with 1 cavalry "
    "(generals and trumpets count as infantry)"
)
"""The stacking limits (rule 2) as a refusal reason quotes them (``_`` where quoted)."""


def board_of(state: MetauroState) -> Board:
    return BOARDS[state.scenario]


_TERRAIN: dict[str, dict[str, str]] = {
    key: {sq: board.terrain(sq) for sq in SQUARES} for key, board in BOARDS.items()
}


def terrain_map(board: Board) -> dict[str, str]:
    """Every square's terrain glyph, computed once per board (movement and the bots read it in
    their inner loops). Read only: the dict is shared."""
    return _TERRAIN[board.key]


_ORDER = {sq: i for i, sq in enumerate(SQUARES)}


def square_order(sq: str) -> int:
    """Sort key for squares: north → south, then west → east, as the board reads."""
    return _ORDER[sq]


def occupancy(units: Iterable[Unit]) -> dict[str, list[Unit]]:
    """The units on each occupied square."""
    occ: dict[str, list[Unit]] = {}
    for u in units:
        occ.setdefault(u.square, []).append(u)
    return occ


def kind_counts(kinds: Iterable[str]) -> tuple[int, int, int]:
    """How many foot soldiers (infantry, generals, trumpets), cavalry and elephants."""
    foot = cav = ele = 0
    for k in kinds:
        if k in FOOT:
            foot += 1
        elif k == CAVALRY:
            cav += 1
        else:
            ele += 1
    return foot, cav, ele


def fits(board: Board, sq: str, kinds: Iterable[str]) -> bool:
    """Whether units of these kinds may all stand together on ``sq`` (terrain and stacking)."""
    kinds = tuple(kinds)
    terrain = terrain_map(board)[sq]
    if any(terrain not in ground(k) for k in kinds):
        return False
    return stack_fits(*kind_counts(kinds))


def unit_at(state: MetauroState, unit_id: int) -> Unit | None:
    for u in state.units:
        if u.id == unit_id:
            return u
    return None


def unit_name(state: MetauroState, unit: Unit) -> str:
    """``"Hasdrubal"`` for a general (his name as printed), otherwise e.g. ``"Roman
    cavalry"`` in the current language."""
    if unit.kind == GENERAL and state.generals[unit.side]:
        return state.generals[unit.side]
    return _(UNIT_NAMES[unit.side, unit.kind])


def casualties(state: MetauroState) -> tuple[int, int]:
    """How many units each side has lost."""
    lost = [0, 0]
    for u in state.fallen:
        lost[u.side] += 1
    return lost[0], lost[1]


def standards_held(state: MetauroState, side: Seat) -> tuple[str, ...]:
    """The enemy standard squares ``side``'s units stand on."""
    enemy = board_of(state).standards[1 - side]
    held = {u.square for u in state.units if u.side == side}
    return tuple(sq for sq in enemy if sq in held)


# --- the board as the screen draws it ----------------------------------------------------------


@attrs.frozen
class Cell:
    """One square for the screen: its terrain glyph, the units on it (ids ascending), whose
    standard stands there and whose start square it is (None for neither)."""

    square: str
    terrain: str
    units: tuple[Unit, ...]
    standard: Seat | None
    start: Seat | None

    @property
    def side(self) -> Seat | None:
        return self.units[0].side if self.units else None


def board_rows(state: MetauroState) -> tuple[tuple[Cell, ...], ...]:
    """The board as 11 rows (north → south) of 16 cells (west → east)."""
    board = board_of(state)
    occ = occupancy(sorted(state.units, key=lambda u: u.id))
    standard = {sq: side for side in (ROMANS, CARTHAGINIANS) for sq in board.standards[side]}
    start = {sq: side for side in (ROMANS, CARTHAGINIANS) for sq in board.start[side]}
    rows = []
    for r, line in enumerate(board.rows):
        row = []
        for c, terrain in enumerate(line):
            sq = f"{chr(97 + c)}{r + 1}"
            row.append(
                Cell(
                    square=sq,
                    terrain=terrain,
                    units=tuple(occ.get(sq, ())),
                    standard=standard.get(sq),
                    start=start.get(sq),
                )
            )
        rows.append(tuple(row))
    return tuple(rows)


def stack_label(units: Iterable[Unit]) -> str:
    """A short label for a stack: the general first, then each kind with its count if more
    than one — ``"I3"``, ``"C2"``, ``"E"``, ``"G"``, ``"GI2"``, ``"IC"``, ``"T"``."""
    counts: dict[str, int] = {}
    for u in units:
        counts[u.kind] = counts.get(u.kind, 0) + 1
    out = ""
    for kind in (GENERAL, TRUMPET, INFANTRY, CAVALRY, ELEPHANT):
        n = counts.get(kind, 0)
        if n:
            out += LETTERS[kind] + (str(n) if n > 1 else "")
    return out


# --- the armies at the start and writing new states --------------------------------------------


def default_units(board: Board) -> tuple[Unit, ...]:
    """Both armies on their default squares, ids in the board's order (Romans first)."""
    out = []
    for side in (ROMANS, CARTHAGINIANS):
        for kind, sq in board.armies[side]:
            out.append(Unit(id=len(out), side=side, kind=kind, square=sq))
    return tuple(out)


def default_squares(state: MetauroState, side: Seat) -> dict[int, str]:
    """Where the default deployment puts each of ``side``'s units, by unit id."""
    return {u.id: u.square for u in default_units(board_of(state)) if u.side == side}


def add_events(state: MetauroState, *events: Any) -> MetauroState:
    return attrs.evolve(state, log=state.log + events)


def relocate(state: MetauroState, moves: Mapping[int, str]) -> MetauroState:
    """The same state with the units of ``moves`` (by id) standing on their new squares."""
    units = tuple(attrs.evolve(u, square=moves[u.id]) if u.id in moves else u for u in state.units)
    return attrs.evolve(state, units=units)


def own_unit(state: MetauroState, seat: Seat, unit_id: Any) -> Unit:
    """The unit ``unit_id`` of ``seat``'s army, or ``IllegalAction`` saying why not."""
    if isinstance(unit_id, bool) or not isinstance(unit_id, int):
        raise IllegalAction(_("{value} is not a unit.").format(value=repr(unit_id)))
    u = unit_at(state, unit_id)
    if u is None:
        raise IllegalAction(_("There is no unit {unit} on the board.").format(unit=unit_id))
    if u.side != seat:
        raise IllegalAction(
            _("The {unit} on {square} is not yours.").format(
                unit=unit_name(state, u), square=u.square
            )
        )
    return u
