"""Metauro rules: pure functions from one frozen ``MetauroState`` to the next.

A battle is a deployment (Carthaginians first, then Romans, each on its own start squares),
lots for the first move, then alternate turns. In a turn the mover moves any of his units, each
once, then the turn ends; if enemies then face each other across an edge, a clash follows and
the mover picks the pairs one by one. Dice, forced retreats and eliminations run inside
``apply``; every real choice (a pair, a retreat square among several, an advance) waits for an
action from ``active``.

The module also holds the pure helpers the screen and the bots share: ``reach`` /
``reachable`` (where a unit or a stack may move), ``retreat_options``, ``facing_pairs`` and
``pairs_left`` (the clash's possible pairs and the size of a maximum matching),
``fight_odds`` / ``clash_odds`` (the chances of a fight), ``advantage``, ``board_rows`` (the
board as rows of cells for rendering) and ``stack_label`` (``"I3"``, ``"GI2"``, ``"C2"``...).
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any

import attrs

from engine.core import (
    Bot,
    IllegalAction,
    Option,
    Outcome,
    Seat,
    check_seat,
    visible_log,
)
from engine.metauro import ai
from engine.metauro.actions import (
    ACTION_TYPES,
    Advance,
    AutoPair,
    DefaultDeployment,
    Deploy,
    EndMove,
    Move,
    NoAdvance,
    Pair,
    Pass,
    Place,
    Retreat,
    TimeUp,
)
from engine.metauro.data import (
    BOARDS,
    CARTHAGINIANS,
    CAVALRY,
    CONSULS,
    EDGE_NEIGHBOURS,
    ELEPHANT,
    FOOT,
    GENERAL,
    INFANTRY,
    KILL_TOTAL,
    KIND_BONUS,
    KIND_NAMES,
    LETTERS,
    MAX_TURNS,
    NEIGHBOURS,
    PANIC_FACES,
    PANIC_RANGE,
    PANIC_STEPS,
    RANGE,
    ROMANS,
    SIDES,
    SQUARES,
    TERRAIN_BONUS,
    TERRAIN_NAMES,
    TRUMPET,
    Board,
    distance,
    ground,
    home_distance,
    is_square,
    stack_fits,
)
from engine.metauro.state import (
    ADVANCE,
    BY_KILL,
    DEPLOY,
    EVENT_TYPES,
    MOVE,
    NO_RETREAT,
    OVER,
    PAIR,
    RETREAT,
    TRUMPET_LOST,
    Advanced,
    Clash,
    ClashEnded,
    ClashStarted,
    Deployed,
    Eliminated,
    Fight,
    Fought,
    GameEnded,
    LotsDrawn,
    MetauroState,
    Moved,
    PanicRolled,
    Passed,
    Retreated,
    TimeRanOut,
    TurnStarted,
    Unit,
)
from engine.rng import Rng

# What a unit is worth when the game weighs a pair for AutoPair (the general decides the battle).
UNIT_VALUE = {GENERAL: 12.0, ELEPHANT: 3.0, CAVALRY: 2.0, INFANTRY: 1.0, TRUMPET: 1.0}

# --- board and occupancy ---------------------------------------------------------------------


def board_of(state: MetauroState) -> Board:
    return BOARDS[state.scenario]


_TERRAIN: dict[str, dict[str, str]] = {
    key: {sq: board.terrain(sq) for sq in SQUARES} for key, board in BOARDS.items()
}


def _terrain_map(board: Board) -> dict[str, str]:
    return _TERRAIN[board.key]


def occupancy(units: Iterable[Unit]) -> dict[str, list[Unit]]:
    """The units on each occupied square."""
    occ: dict[str, list[Unit]] = {}
    for u in units:
        occ.setdefault(u.square, []).append(u)
    return occ


def _counts(kinds: Iterable[str]) -> tuple[int, int, int]:
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
    terrain = _terrain_map(board)[sq]
    if any(terrain not in ground(k) for k in kinds):
        return False
    return stack_fits(*_counts(kinds))


def contact_squares(units: Iterable[Unit], side: Seat) -> frozenset[str]:
    """Squares touching (by edge or corner) a unit of the side opposed to ``side``."""
    out: set[str] = set()
    for u in units:
        if u.side != side:
            out.update(NEIGHBOURS[u.square])
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
    and a unit that enters a square touching an enemy stops there. Own units are passed
    through. ``contact`` may be given (from ``contact_squares``) to save recomputing it.
    """
    if contact is None:
        contact = contact_squares((u for us in occ.values() for u in us), side)
    allowed = ground(kind)
    terrain = _terrain_map(board)
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


def reachable(state: MetauroState, units: Iterable[int]) -> tuple[str, ...]:
    """The squares these units (all the mover's, unmoved, on one square) can move to together
    right now, stacking included; sorted west → east, north → south. Empty when they cannot
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
    return _group_reach(state, frm, group)


def _group_reach(
    state: MetauroState,
    frm: str,
    group: list[Unit],
    occ: dict[str, list[Unit]] | None = None,
    contact: frozenset[str] | None = None,
    cache: dict[str, dict[str, int]] | None = None,
) -> tuple[str, ...]:
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
    foot, cav, ele = _counts(u.kind for u in group)
    out = []
    for sq in targets or ():
        there = occ.get(sq)
        if there:
            f, c, e = _counts(u.kind for u in there)
            if not stack_fits(f + foot, c + cav, e + ele):
                continue
        out.append(sq)
    out.sort(key=_ORDER.__getitem__)
    return tuple(out)


_ORDER = {sq: i for i, sq in enumerate(SQUARES)}


def _square_order(sq: str) -> int:
    return _ORDER[sq]


def unit_at(state: MetauroState, unit_id: int) -> Unit | None:
    for u in state.units:
        if u.id == unit_id:
            return u
    return None


def movable(state: MetauroState) -> tuple[int, ...]:
    """The mover's units that have not moved yet this turn (empty outside the move phase)."""
    if state.phase != MOVE:
        return ()
    return tuple(u.id for u in state.units if u.side == state.mover and u.id not in state.moved)


# --- fights ------------------------------------------------------------------------------------


def advantage(state: MetauroState, unit: Unit) -> int:
    """A unit's advantage points where it stands: elephant +2, cavalry +1, and +1 for a
    soldier in forest, on an accessible mountain or in ruins."""
    return KIND_BONUS.get(unit.kind, 0) + TERRAIN_BONUS.get(board_of(state).terrain(unit.square), 0)


@attrs.frozen
class Odds:
    """The chances of a fight for soldier ``a`` against ``b``: ``win`` / ``tie`` / ``lose`` add
    up to 1; ``kill`` is the part of ``win`` where ``b`` is eliminated (a total of 6 or more,
    a trumpet beaten, or no square to retreat to), ``killed`` the part of ``lose`` where ``a``
    is."""

    win: float
    tie: float
    lose: float
    kill: float
    killed: float


@lru_cache(maxsize=256)
def fight_odds(
    bonus_a: int, bonus_b: int, trumpet_a: bool = False, trumpet_b: bool = False
) -> Odds:
    """The odds of one fight from the advantage points alone (retreats assumed possible).
    A trumpet never wins: a higher total for it counts as a tie, and it dies when it loses."""
    win = tie = lose = kill = killed = 0
    for ra in range(1, 7):
        for rb in range(1, 7):
            ta, tb = ra + bonus_a, rb + bonus_b
            if ta > tb and not trumpet_a:
                win += 1
                kill += ta >= KILL_TOTAL or trumpet_b
            elif tb > ta and not trumpet_b:
                lose += 1
                killed += tb >= KILL_TOTAL or trumpet_a
            else:
                tie += 1
    return Odds(win / 36, tie / 36, lose / 36, kill / 36, killed / 36)


def clash_odds(state: MetauroState, a: int, b: int) -> Odds:
    """The odds of a fight between units ``a`` and ``b`` where they stand now, counting a
    retreat that is impossible as an elimination."""
    ua, ub = unit_at(state, a), unit_at(state, b)
    if ua is None or ub is None:
        raise ValueError("both units must be on the board")
    odds = fight_odds(
        advantage(state, ua), advantage(state, ub), ua.kind == TRUMPET, ub.kind == TRUMPET
    )
    kill, killed = odds.kill, odds.killed
    if not retreat_options(state, b):
        kill = odds.win
    if not retreat_options(state, a):
        killed = odds.lose
    return attrs.evolve(odds, kill=kill, killed=killed)


def retreat_options(state: MetauroState, unit_id: int) -> tuple[str, ...]:
    """The squares a beaten unit may retreat to: touching its square, one column nearer its
    home edge, on its ground, free of enemies and with room for it. Empty: it is eliminated."""
    u = unit_at(state, unit_id)
    if u is None:
        return ()
    board = board_of(state)
    occ = occupancy(state.units)
    here = home_distance(u.side, u.square)
    out = []
    for n in NEIGHBOURS[u.square]:
        if home_distance(u.side, n) >= here:
            continue
        there = occ.get(n, [])
        if there and there[0].side != u.side:
            continue
        if fits(board, n, [x.kind for x in there] + [u.kind]):
            out.append(n)
    return tuple(sorted(out, key=_square_order))


def _facing(state: MetauroState, seat: Seat, done: frozenset[int]) -> dict[int, tuple[int, ...]]:
    """For each of ``seat``'s soldiers not yet fought, the enemy soldiers facing it by an edge."""
    occ = occupancy(u for u in state.units if u.id not in done)
    adj: dict[int, tuple[int, ...]] = {}
    for u in state.units:
        if u.side != seat or u.id in done:
            continue
        enemies = tuple(
            e.id for n in EDGE_NEIGHBOURS[u.square] for e in occ.get(n, ()) if e.side != seat
        )
        if enemies:
            adj[u.id] = enemies
    return adj


def _matching_size(adj: Mapping[int, tuple[int, ...]], skip: tuple[int, int] | None = None) -> int:
    """The size of a maximum matching of the facing graph (Kuhn's augmenting paths), without
    the two soldiers of ``skip`` if given."""
    owner: dict[int, int] = {}

    def augment(u: int, seen: set[int]) -> bool:
        for v in adj[u]:
            if v in seen or (skip is not None and v == skip[1]):
                continue
            seen.add(v)
            if v not in owner or augment(owner[v], seen):
                owner[v] = u
                return True
        return False

    size = 0
    for u in adj:
        if skip is not None and u == skip[0]:
            continue
        if augment(u, set()):
            size += 1
    return size


def facing_pairs(state: MetauroState) -> tuple[tuple[int, int], ...]:
    """During a clash: every pair ``(own, enemy)`` the chooser may pick next — facing soldiers,
    neither yet fought, that leave the rest able to form as many pairs as possible."""
    if state.phase != PAIR or state.clash is None:
        return ()
    return _legal_pairs(state, state.clash.chooser, state.clash.done)


def _legal_pairs(
    state: MetauroState, seat: Seat, done: frozenset[int]
) -> tuple[tuple[int, int], ...]:
    adj = _facing(state, seat, done)
    if not adj:
        return ()
    best = _matching_size(adj)
    return tuple(
        (a, b)
        for a in sorted(adj)
        for b in sorted(adj[a])
        if _matching_size(adj, (a, b)) == best - 1
    )


def pairs_left(state: MetauroState, seat: Seat | None = None) -> int:
    """How many fights the clash under way still holds (a maximum matching of the facing
    soldiers); outside a clash, how many a clash chosen by ``seat`` (default: the mover) would
    hold now."""
    if state.clash is not None:
        return _matching_size(_facing(state, state.clash.chooser, state.clash.done))
    return _matching_size(_facing(state, state.mover if seat is None else seat, frozenset()))


def pair_score(state: MetauroState, own: int, enemy: int) -> float:
    """How good a pair is for the owner of ``own``: the expected value won minus lost, a
    beaten unit that retreats counting for a third of one that is eliminated."""
    odds = clash_odds(state, own, enemy)
    ua, ub = unit_at(state, own), unit_at(state, enemy)
    assert ua is not None and ub is not None
    gained = UNIT_VALUE[ub.kind] * (odds.kill + (odds.win - odds.kill) / 3)
    lost = UNIT_VALUE[ua.kind] * (odds.killed + (odds.lose - odds.killed) / 3)
    return gained - lost


def auto_pair(state: MetauroState) -> tuple[int, int] | None:
    """The pair AutoPair fights next: the legal pair of best ``pair_score`` (lowest ids on a
    tie); None outside a clash."""
    pairs = facing_pairs(state)
    if not pairs:
        return None
    return max(pairs, key=lambda p: (pair_score(state, *p), -p[0], -p[1]))


# --- rendering helpers -------------------------------------------------------------------------


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


def unit_name(state: MetauroState, unit: Unit) -> str:
    """``"Hasdrubal"`` for a general, otherwise e.g. ``"Roman cavalry"``."""
    if unit.kind == GENERAL and state.generals[unit.side]:
        return state.generals[unit.side]
    adjective = "Roman" if unit.side == ROMANS else "Carthaginian"
    return f"{adjective} {KIND_NAMES[unit.kind]}"


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


# --- state helpers -----------------------------------------------------------------------------


def _log(state: MetauroState, *events: Any) -> MetauroState:
    return attrs.evolve(state, log=state.log + events)


def _relocate(state: MetauroState, moves: Mapping[int, str]) -> MetauroState:
    units = tuple(attrs.evolve(u, square=moves[u.id]) if u.id in moves else u for u in state.units)
    return attrs.evolve(state, units=units)


def _default_units(board: Board) -> tuple[Unit, ...]:
    out = []
    for side in (ROMANS, CARTHAGINIANS):
        for kind, sq in board.armies[side]:
            out.append(Unit(id=len(out), side=side, kind=kind, square=sq))
    return tuple(out)


def default_squares(state: MetauroState, side: Seat) -> dict[int, str]:
    """Where the default deployment puts each of ``side``'s units, by unit id."""
    return {u.id: u.square for u in _default_units(board_of(state)) if u.side == side}


def _end(state: MetauroState, winners: tuple[Seat, ...], reason: str) -> MetauroState:
    state = attrs.evolve(state, phase=OVER, winners=winners, reason=reason)
    return _log(state, GameEnded(winners=winners, reason=reason))


def _decide_on_losses(state: MetauroState, why: str) -> MetauroState:
    lost = casualties(state)
    if lost[ROMANS] == lost[CARTHAGINIANS]:
        return _end(state, (), f"{why}: both sides lost {lost[0]} soldiers, a drawn battle.")
    winner = ROMANS if lost[ROMANS] < lost[CARTHAGINIANS] else CARTHAGINIANS
    return _end(
        state,
        (winner,),
        f"{why}: the {SIDES[winner]} lost {lost[winner]} soldiers to "
        f"{lost[1 - winner]} and win the battle.",
    )


def _eliminate(state: MetauroState, unit_id: int, cause: str) -> MetauroState:
    u = unit_at(state, unit_id)
    assert u is not None
    state = attrs.evolve(
        state,
        units=tuple(x for x in state.units if x.id != unit_id),
        fallen=state.fallen + (u,),
    )
    state = _log(
        state, Eliminated(unit=u.id, side=u.side, kind=u.kind, square=u.square, cause=cause)
    )
    if u.kind == GENERAL:
        name = state.generals[u.side] or "The general"
        return _end(
            state,
            (1 - u.side,),
            f"{name} has fallen: the {SIDES[1 - u.side]} win the battle.",
        )
    if not any(x.side == u.side for x in state.units):
        return _end(
            state,
            (1 - u.side,),
            f"The {SIDES[u.side]} have no soldiers left: the {SIDES[1 - u.side]} win.",
        )
    return state


# --- turn flow ---------------------------------------------------------------------------------


def _start_turn(state: MetauroState, seat: Seat) -> MetauroState:
    turn = state.turn + 1
    state = attrs.evolve(
        state,
        phase=MOVE,
        turn=turn,
        mover=seat,
        active=seat,
        moved=frozenset(),
        clash=None,
    )
    return _log(state, TurnStarted(turn=turn, seat=seat))


def _end_turn(state: MetauroState) -> MetauroState:
    """The mover's turn is over: fight the clash, if any, then check victory and go on."""
    quiet = not state.moved
    adj = _facing(state, state.mover, frozenset())
    if not adj:
        passes = state.passes + 1 if quiet else 0
        return _after_clash(attrs.evolve(state, passes=passes))
    state = attrs.evolve(state, passes=0, clash=Clash(chooser=state.mover))
    state = _log(state, ClashStarted(chooser=state.mover, pairs=_matching_size(adj)))
    if state.trumpet_rule:
        state = _panic(state)
    return _continue_clash(state)


def _panic(state: MetauroState) -> MetauroState:
    """Zama house rule: each elephant within 2 squares of a Roman trumpet rolls; on 1–2 it
    panics, will retreat twice and does not fight in this clash."""
    trumpets = [u.square for u in state.units if u.kind == TRUMPET]
    if not trumpets:
        return state
    rng = state.rng
    assert rng is not None
    clash = state.clash
    assert clash is not None
    panicked = []
    for u in state.units:
        if u.kind != ELEPHANT or u.side == ROMANS:
            continue
        if not any(distance(u.square, t) <= PANIC_RANGE for t in trumpets):
            continue
        roll, rng = rng.randint(1, 6)
        scared = roll in PANIC_FACES
        state = _log(state, PanicRolled(unit=u.id, roll=roll, panicked=scared))
        if scared:
            panicked.append(u.id)
    clash = attrs.evolve(clash, panicked=tuple(panicked), done=clash.done | frozenset(panicked))
    return attrs.evolve(state, rng=rng, clash=clash)


def _continue_clash(state: MetauroState) -> MetauroState:
    """Run the clash until a player must choose something, or it is over."""
    while True:
        if state.phase == OVER:
            return state
        clash = state.clash
        assert clash is not None
        if clash.retreating is not None:
            u = unit_at(state, clash.retreating)
            options = retreat_options(state, clash.retreating) if u is not None else ()
            if u is None:
                state = attrs.evolve(state, clash=attrs.evolve(clash, retreating=None, steps=0))
            elif not options:
                state = attrs.evolve(state, clash=attrs.evolve(clash, retreating=None, steps=0))
                state = _eliminate(state, u.id, NO_RETREAT)
            elif len(options) == 1:
                state = _retreat_to(state, u, options[0])
            else:
                return attrs.evolve(state, phase=RETREAT, active=u.side)
            continue
        if clash.advancer is not None:
            if _can_advance(state):
                winner = unit_at(state, clash.advancer)
                assert winner is not None
                return attrs.evolve(state, phase=ADVANCE, active=winner.side)
            state = attrs.evolve(state, clash=attrs.evolve(clash, advancer=None, vacated=None))
            continue
        if clash.panicked:
            first, rest = clash.panicked[0], clash.panicked[1:]
            state = attrs.evolve(
                state,
                clash=attrs.evolve(clash, panicked=rest, retreating=first, steps=PANIC_STEPS),
            )
            continue
        if _matching_size(_facing(state, clash.chooser, clash.done)):
            return attrs.evolve(state, phase=PAIR, active=clash.chooser)
        state = _log(state, ClashEnded(fights=clash.fights))
        return _after_clash(attrs.evolve(state, clash=None))


def _retreat_to(state: MetauroState, u: Unit, to: str) -> MetauroState:
    clash = state.clash
    assert clash is not None
    steps = clash.steps - 1
    state = _relocate(state, {u.id: to})
    state = _log(state, Retreated(unit=u.id, frm=u.square, to=to))
    clash = attrs.evolve(clash, steps=steps, retreating=u.id if steps > 0 else None)
    return attrs.evolve(state, clash=clash)


def _can_advance(state: MetauroState) -> bool:
    clash = state.clash
    assert clash is not None
    winner = unit_at(state, clash.advancer) if clash.advancer is not None else None
    sq = clash.vacated
    if winner is None or sq is None:
        return False
    if any(u.square == sq for u in state.units):
        return False
    return fits(board_of(state), sq, [winner.kind])


def _fight(state: MetauroState, a: int, b: int) -> MetauroState:
    ua, ub = unit_at(state, a), unit_at(state, b)
    assert ua is not None and ub is not None
    rng = state.rng
    assert rng is not None
    roll_a, rng = rng.randint(1, 6)
    roll_b, rng = rng.randint(1, 6)
    bonus_a, bonus_b = advantage(state, ua), advantage(state, ub)
    ta, tb = roll_a + bonus_a, roll_b + bonus_b
    winner = loser = None
    if ta > tb and ua.kind != TRUMPET:
        winner, loser = ua, ub
    elif tb > ta and ub.kind != TRUMPET:
        winner, loser = ub, ua
    killed = False
    if winner is not None and loser is not None:
        killed = max(ta, tb) >= KILL_TOTAL or loser.kind == TRUMPET
    fight = Fight(
        a=a,
        b=b,
        roll_a=roll_a,
        roll_b=roll_b,
        bonus_a=bonus_a,
        bonus_b=bonus_b,
        winner=winner.id if winner else None,
        loser=loser.id if loser else None,
        killed=killed,
    )
    clash = state.clash
    assert clash is not None
    clash = attrs.evolve(clash, done=clash.done | {a, b}, fight=fight, fights=clash.fights + 1)
    state = _log(attrs.evolve(state, rng=rng, clash=clash), Fought(fight=fight))
    if winner is None or loser is None:
        return _continue_clash(state)
    clash = attrs.evolve(clash, vacated=loser.square, advancer=winner.id)
    state = attrs.evolve(state, clash=clash)
    if killed:
        state = _eliminate(state, loser.id, TRUMPET_LOST if loser.kind == TRUMPET else BY_KILL)
    else:
        state = attrs.evolve(state, clash=attrs.evolve(clash, retreating=loser.id, steps=1))
    return _continue_clash(state)


def _after_clash(state: MetauroState) -> MetauroState:
    """The turn is over: standards, quiet turns and the turn limit, then the next turn."""
    mover = state.mover
    enemy_standards = board_of(state).standards[1 - mover]
    if len(standards_held(state, mover)) == len(enemy_standards):
        return _end(
            state,
            (mover,),
            f"The {SIDES[mover]} hold both {SIDES[1 - mover][:-1]} standards and win.",
        )
    if state.passes >= 2:
        return _decide_on_losses(state, "Both sides passed in a row")
    if state.turn >= MAX_TURNS:
        return _decide_on_losses(state, f"The day is over after {MAX_TURNS} turns")
    return _start_turn(state, 1 - mover)


# --- the game ----------------------------------------------------------------------------------

_PHASE_ASK = {
    DEPLOY: "Arrange your army on your start squares, then confirm the deployment.",
    MOVE: "Move your units, then end your move (or pass).",
    PAIR: "Choose the next pair to fight.",
    RETREAT: "Choose where your beaten unit retreats.",
    ADVANCE: "Choose whether your winner advances.",
}

_STACKING = (
    "at most 3 infantry, or 2 cavalry, or 1 elephant, or 1 infantry with 1 cavalry "
    "(generals and trumpets count as infantry)"
)


class MetauroGame:
    """The Game protocol for Metauro and Zama; stateless, so one shared instance suffices."""

    id = "metauro"
    name = "Metauro"
    description = (
        "Romans against Carthaginians on a square grid: the Metaurus, 207 BC, "
        "or Zama, 202 BC — kill the enemy general or take both his standards."
    )
    min_players = 2
    max_players = 2
    hidden_information = False
    options = (
        Option(
            "scenario",
            "Battle",
            (("Metauro, 207 BC", "metauro"), ("Zama, 202 BC (house scenario)", "zama")),
        ),
        Option("consul", "Roman consul (Metauro)", tuple((c, c) for c in CONSULS)),
        Option(
            "clock",
            "Move clock",
            (
                ("Off", 0),
                ("1 minute a move", 60),
                ("2 minutes a move", 120),
                ("30 seconds a move", 30),
            ),
        ),
        Option("trumpet", "Trumpet rule (Zama)", (("On (house rule)", True), ("Off", False))),
    )
    bots: Mapping[str, Bot] = MappingProxyType({"easy": ai.easy, "strong": ai.strong})
    state_type = MetauroState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    rules_version = 1

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        return SIDES

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> MetauroState:
        if players != 2:
            raise ValueError("Metauro is for exactly 2 players")
        scenario = config.get("scenario", "metauro")
        if scenario not in BOARDS:
            raise ValueError(f"unknown battle {scenario!r}; known: {', '.join(BOARDS)}")
        consul = config.get("consul", CONSULS[0])
        if consul not in CONSULS:
            raise ValueError(f"the consul is one of {', '.join(CONSULS)}, not {consul!r}")
        clock = config.get("clock", 0)
        if isinstance(clock, bool) or not isinstance(clock, int) or clock < 0:
            raise ValueError(f"the move clock is a number of seconds, not {clock!r}")
        trumpet = config.get("trumpet", True)
        if not isinstance(trumpet, bool):
            raise ValueError(f"the trumpet rule is on or off, not {trumpet!r}")
        board = BOARDS[scenario]
        generals = (consul, board.generals[1]) if scenario == "metauro" else board.generals
        return MetauroState(
            scenario=scenario,
            rng=Rng.from_seed(seed),
            phase=DEPLOY,
            active=CARTHAGINIANS,
            mover=CARTHAGINIANS,
            units=_default_units(board),
            clock=clock,
            trumpet_rule=trumpet,
            generals=generals,
        )

    def to_move(self, state: MetauroState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def legal_actions(self, state: MetauroState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        if phase == DEPLOY:
            return self._deploy_options(state, seat)
        if phase == MOVE:
            return self._move_options(state, seat)
        if phase == PAIR:
            return tuple(Pair(a, b) for a, b in facing_pairs(state)) + (AutoPair(),)
        if phase == RETREAT:
            clash = state.clash
            assert clash is not None and clash.retreating is not None
            return tuple(Retreat(sq) for sq in retreat_options(state, clash.retreating))
        if phase == ADVANCE:
            return (Advance(), NoAdvance())
        return ()

    def _deploy_options(self, state: MetauroState, seat: Seat) -> tuple[Any, ...]:
        board = board_of(state)
        occ = occupancy(state.units)
        starts = sorted(board.start[seat], key=_square_order)
        out: list[Any] = []
        for u in state.units:
            if u.side != seat:
                continue
            for sq in starts:
                if sq != u.square and fits(board, sq, [x.kind for x in occ.get(sq, ())] + [u.kind]):
                    out.append(Place(u.id, sq))
        if {u.id: u.square for u in state.units if u.side == seat} != default_squares(state, seat):
            out.append(DefaultDeployment())
        out.append(Deploy())
        return tuple(out)

    def _move_options(self, state: MetauroState, seat: Seat) -> tuple[Any, ...]:
        occ = occupancy(state.units)
        contact = contact_squares(state.units, seat)
        out: list[Any] = []
        for sq in sorted(occ, key=_square_order):
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
                        dests = _group_reach(state, sq, list(chosen), occ, contact, cache)
                        by_kinds[kinds] = dests
                    ids = tuple(u.id for u in chosen)
                    out.extend(Move(sq, to, ids) for to in dests)
        out.append(EndMove() if state.moved else Pass())
        if state.clock:
            out.append(TimeUp())
        return tuple(out)

    # -- apply --

    def apply(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction("That is not a move in Metauro.")
        phase = state.phase
        if isinstance(action, (Place, DefaultDeployment, Deploy)):
            if phase != DEPLOY:
                raise IllegalAction("The armies are already deployed.")
            return self._deploy(state, seat, action)
        if isinstance(action, (Move, EndMove, Pass, TimeUp)):
            if phase != MOVE:
                raise IllegalAction(_PHASE_ASK.get(phase, "That is not possible now."))
            return self._move(state, seat, action)
        if isinstance(action, (Pair, AutoPair)):
            if phase != PAIR:
                raise IllegalAction(_PHASE_ASK.get(phase, "There is no clash to fight."))
            return self._pair(state, seat, action)
        if isinstance(action, Retreat):
            if phase != RETREAT:
                raise IllegalAction(_PHASE_ASK.get(phase, "No unit of yours must retreat."))
            return self._retreat(state, action)
        if phase != ADVANCE:
            raise IllegalAction(_PHASE_ASK.get(phase, "No unit of yours may advance."))
        clash = state.clash
        assert clash is not None and clash.advancer is not None and clash.vacated is not None
        winner = unit_at(state, clash.advancer)
        assert winner is not None
        if isinstance(action, Advance):
            state = _relocate(state, {winner.id: clash.vacated})
            state = _log(state, Advanced(unit=winner.id, frm=winner.square, to=clash.vacated))
        clash = attrs.evolve(clash, advancer=None, vacated=None)
        return _continue_clash(attrs.evolve(state, clash=clash))

    def _own_unit(self, state: MetauroState, seat: Seat, unit_id: Any) -> Unit:
        if isinstance(unit_id, bool) or not isinstance(unit_id, int):
            raise IllegalAction(f"{unit_id!r} is not a unit.")
        u = unit_at(state, unit_id)
        if u is None:
            raise IllegalAction(f"There is no unit {unit_id} on the board.")
        if u.side != seat:
            raise IllegalAction(f"The {unit_name(state, u)} on {u.square} is not yours.")
        return u

    def _deploy(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        if isinstance(action, Deploy):
            state = _log(attrs.evolve(state, deployed=state.deployed | {seat}), Deployed(seat=seat))
            if len(state.deployed) < 2:
                other = 1 - seat
                return attrs.evolve(state, active=other, mover=other)
            rng = state.rng
            assert rng is not None
            first, rng = rng.below(2)
            state = _log(attrs.evolve(state, rng=rng, first=first), LotsDrawn(first=first))
            return _start_turn(state, first)
        if isinstance(action, DefaultDeployment):
            return _relocate(state, default_squares(state, seat))
        u = self._own_unit(state, seat, action.unit)
        sq = action.square
        board = board_of(state)
        if not is_square(sq):
            raise IllegalAction(f"{sq!r} is not a square on the board.")
        if sq not in board.start[seat]:
            raise IllegalAction(f"{sq} is not one of your start squares.")
        if sq == u.square:
            raise IllegalAction(f"That unit already stands on {sq}.")
        there = [x.kind for x in state.units if x.square == sq]
        if not fits(board, sq, there + [u.kind]):
            raise IllegalAction(f"{sq} has no room for it: {_STACKING}.")
        return _relocate(state, {u.id: sq})

    def _move(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        if isinstance(action, EndMove):
            if not state.moved:
                raise IllegalAction("You have moved nothing: pass instead.")
            return _end_turn(state)
        if isinstance(action, Pass):
            if state.moved:
                raise IllegalAction("You have already moved: end your move instead.")
            return _end_turn(_log(state, Passed(seat=seat)))
        if isinstance(action, TimeUp):
            if not state.clock:
                raise IllegalAction("This battle is played without a move clock.")
            event = TimeRanOut(seat=seat) if state.moved else Passed(seat=seat, timed_out=True)
            return _end_turn(_log(state, event))
        frm, to = action.frm, action.to
        if not is_square(frm):
            raise IllegalAction(f"{frm!r} is not a square on the board.")
        if not is_square(to):
            raise IllegalAction(f"{to!r} is not a square on the board.")
        ids = action.units
        if not isinstance(ids, tuple) or not ids:
            raise IllegalAction("Choose at least one unit to move.")
        if len(set(ids)) != len(ids):
            raise IllegalAction("A unit is listed twice.")
        group = [self._own_unit(state, seat, i) for i in ids]
        for u in group:
            if u.square != frm:
                raise IllegalAction(f"The {unit_name(state, u)} is on {u.square}, not on {frm}.")
            if u.id in state.moved:
                raise IllegalAction(f"The {unit_name(state, u)} has already moved this turn.")
        if to == frm:
            raise IllegalAction("Choose a different square to move to.")
        if to not in _group_reach(state, frm, group):
            raise IllegalAction(self._why_not(state, group, frm, to))
        state = _relocate(state, {u.id: to for u in group})
        state = attrs.evolve(state, moved=state.moved | {u.id for u in group})
        return _log(state, Moved(seat=seat, units=tuple(ids), frm=frm, to=to))

    def _why_not(self, state: MetauroState, group: list[Unit], frm: str, to: str) -> str:
        board = board_of(state)
        occ = occupancy(state.units)
        there = occ.get(to, [])
        if there and there[0].side != group[0].side:
            return f"The enemy holds {to}: you can only take it in a clash."
        terrain = board.terrain(to)
        for u in group:
            if terrain not in ground(u.kind):
                return (
                    f"{KIND_NAMES[u.kind].capitalize()} cannot enter "
                    f"{TERRAIN_NAMES[terrain]} ({to})."
                )
        for u in group:
            if to not in reach(board, occ, u.side, u.kind, frm):
                n = RANGE[u.kind]
                steps = "1 square" if n == 1 else f"up to {n} squares"
                return (
                    f"{to} is out of reach: {KIND_NAMES[u.kind]} moves {steps} through "
                    "touching squares of its own ground, and stops on entering a square that "
                    "touches an enemy."
                )
        return f"{to} has no room for them: {_STACKING}."

    def _pair(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        legal = facing_pairs(state)
        if isinstance(action, AutoPair):
            choice = auto_pair(state)
            assert choice is not None
            return _fight(state, *choice)
        own = self._own_unit(state, seat, action.own)
        enemy = action.enemy
        if isinstance(enemy, bool) or not isinstance(enemy, int) or unit_at(state, enemy) is None:
            raise IllegalAction(f"There is no enemy unit {enemy!r} on the board.")
        foe = unit_at(state, enemy)
        assert foe is not None
        if foe.side == seat:
            raise IllegalAction("Pair your soldier with an enemy soldier.")
        clash = state.clash
        assert clash is not None
        if own.id in clash.done or foe.id in clash.done:
            raise IllegalAction("No soldier fights twice in one clash.")
        if foe.square not in EDGE_NEIGHBOURS[own.square]:
            raise IllegalAction(
                f"{own.square} and {foe.square} do not share an edge: those two do not face "
                "each other."
            )
        if (own.id, foe.id) not in legal:
            raise IllegalAction(
                "That pair would leave other facing soldiers without an opponent: choose "
                "pairs so that as many fights as possible take place."
            )
        return _fight(state, own.id, foe.id)

    def _retreat(self, state: MetauroState, action: Retreat) -> MetauroState:
        clash = state.clash
        assert clash is not None and clash.retreating is not None
        options = retreat_options(state, clash.retreating)
        if action.to not in options:
            raise IllegalAction(
                f"Retreat to one of {', '.join(options)}: a free square touching yours, one "
                "column nearer your own side."
            )
        u = unit_at(state, clash.retreating)
        assert u is not None
        return _continue_clash(_retreat_to(state, u, action.to))

    # -- view / outcome --

    def view(self, state: MetauroState, seat: Seat) -> MetauroState:
        """Nothing on the battlefield is secret: only the RNG is hidden."""
        return attrs.evolve(state, rng=None, log=visible_log(state.log, seat))

    def outcome(self, state: MetauroState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.winners, state.reason)

    def progress(self, state: MetauroState) -> str:
        board = board_of(state)
        result = self.outcome(state)
        if result is not None:
            if result.is_draw:
                return f"{board.name}: drawn on turn {state.turn}"
            return f"{board.name}: the {SIDES[result.winners[0]]} won on turn {state.turn}"
        if state.phase == DEPLOY:
            return f"{board.name}: the {SIDES[state.active]} deploy"
        lost = casualties(state)
        return (
            f"{board.name} · turn {state.turn} · {SIDES[state.mover]} to move · "
            f"lost: Romans {lost[ROMANS]}, Carthaginians {lost[CARTHAGINIANS]}"
        )

    def rules_markdown(self) -> str:
        return (
            importlib.resources.files("engine.metauro")
            .joinpath("RULES.md")
            .read_text(encoding="utf-8")
        )


METAURO = MetauroGame()
