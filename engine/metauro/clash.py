"""The clash (rules 6–10): who faces whom, the odds of a fight, and the clash itself.

When a turn ends with enemies sharing an edge, the mover picks the pairs one at a time (a
maximum matching of the facing soldiers), each fight is rolled at once, and a beaten unit is
eliminated or retreats, after which the winner may advance. Dice, forced retreats and
eliminations run here; every real choice (a pair, a retreat square among several, an advance)
stops the clash until the player acts (``choose_pair``, ``retreat``, ``advance``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from engine.core import IllegalAction, Seat
from engine.i18n import _
from engine.metauro.actions import Advance, AutoPair, Pair, Retreat
from engine.metauro.board import (
    add_events,
    board_of,
    fits,
    occupancy,
    own_unit,
    relocate,
    square_order,
    unit_at,
)
from engine.metauro.data import (
    CAVALRY,
    EDGE_NEIGHBOURS,
    ELEPHANT,
    GENERAL,
    INFANTRY,
    KILL_TOTAL,
    KIND_BONUS,
    NEIGHBOURS,
    PANIC_FACES,
    PANIC_RANGE,
    PANIC_STEPS,
    ROMANS,
    TERRAIN_BONUS,
    TRUMPET,
    distance,
    home_distance,
)
from engine.metauro.state import (
    ADVANCE,
    BY_KILL,
    NO_RETREAT,
    OVER,
    PAIR,
    RETREAT,
    TRUMPET_LOST,
    Advanced,
    Clash,
    ClashEnded,
    ClashStarted,
    Fight,
    Fought,
    MetauroState,
    PanicRolled,
    Retreated,
    Unit,
)
from engine.metauro.turn import after_clash, eliminate

# What a unit is worth when the game weighs a pair for AutoPair (the general decides the battle).
UNIT_VALUE = {GENERAL: 12.0, ELEPHANT: 3.0, CAVALRY: 2.0, INFANTRY: 1.0, TRUMPET: 1.0}


# --- the odds ----------------------------------------------------------------------------------


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
    return tuple(sorted(out, key=square_order))


# --- who faces whom ----------------------------------------------------------------------------


def facing(state: MetauroState, seat: Seat, done: frozenset[int]) -> dict[int, tuple[int, ...]]:
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


def matching_size(adj: Mapping[int, tuple[int, ...]], skip: tuple[int, int] | None = None) -> int:
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
    adj = facing(state, state.clash.chooser, state.clash.done)
    if not adj:
        return ()
    best = matching_size(adj)
    return tuple(
        (a, b)
        for a in sorted(adj)
        for b in sorted(adj[a])
        if matching_size(adj, (a, b)) == best - 1
    )


def pairs_left(state: MetauroState, seat: Seat | None = None) -> int:
    """How many fights the clash under way still holds (a maximum matching of the facing
    soldiers); outside a clash, how many a clash chosen by ``seat`` (default: the mover) would
    hold now."""
    if state.clash is not None:
        return matching_size(facing(state, state.clash.chooser, state.clash.done))
    return matching_size(facing(state, state.mover if seat is None else seat, frozenset()))


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


# --- the clash under way -----------------------------------------------------------------------


def end_turn(state: MetauroState) -> MetauroState:
    """The mover's turn is over: fight the clash, if any, then check victory and go on."""
    quiet = not state.moved
    adj = facing(state, state.mover, frozenset())
    if not adj:
        passes = state.passes + 1 if quiet else 0
        return after_clash(attrs.evolve(state, passes=passes))
    state = attrs.evolve(state, passes=0, clash=Clash(chooser=state.mover))
    state = add_events(state, ClashStarted(chooser=state.mover, pairs=matching_size(adj)))
    if state.trumpet_rule:
        state = _panic(state)
    return _continue_clash(state)


def choose_pair(state: MetauroState, seat: Seat, action: Pair | AutoPair) -> MetauroState:
    """Fight the pair chosen (or the automatic one), or refuse it with the reason."""
    if isinstance(action, AutoPair):
        choice = auto_pair(state)
        assert choice is not None
        return _fight(state, *choice)
    own = own_unit(state, seat, action.own)
    enemy = action.enemy
    if isinstance(enemy, bool) or not isinstance(enemy, int) or unit_at(state, enemy) is None:
        raise IllegalAction(
            _("There is no enemy unit {unit} on the board.").format(unit=repr(enemy))
        )
    foe = unit_at(state, enemy)
    assert foe is not None
    if foe.side == seat:
        raise IllegalAction(_("Pair your soldier with an enemy soldier."))
    clash = state.clash
    assert clash is not None
    if own.id in clash.done or foe.id in clash.done:
        raise IllegalAction(_("No soldier fights twice in one clash."))
    if foe.square not in EDGE_NEIGHBOURS[own.square]:
        raise IllegalAction(
            _("{own} and {enemy} do not share an edge: those two do not face each other.").format(
                own=own.square, enemy=foe.square
            )
        )
    if (own.id, foe.id) not in facing_pairs(state):
        raise IllegalAction(
            _(
                "That pair would leave other facing soldiers without an opponent: choose "
                "pairs so that as many fights as possible take place."
            )
        )
    return _fight(state, own.id, foe.id)


def retreat(state: MetauroState, action: Retreat) -> MetauroState:
    """Move the beaten unit to the square its owner chose, or refuse it with the reason."""
    clash = state.clash
    assert clash is not None and clash.retreating is not None
    options = retreat_options(state, clash.retreating)
    if action.to not in options:
        raise IllegalAction(
            _(
                "Retreat to one of {squares}: a free square touching yours, one column nearer "
                "your own side."
            ).format(squares=", ".join(options))
        )
    u = unit_at(state, clash.retreating)
    assert u is not None
    return _continue_clash(_retreat_to(state, u, action.to))


def advance(state: MetauroState, action: Any) -> MetauroState:
    """The winner steps into the square the loser left (``Advance``) or stays (``NoAdvance``)."""
    clash = state.clash
    assert clash is not None and clash.advancer is not None and clash.vacated is not None
    winner = unit_at(state, clash.advancer)
    assert winner is not None
    if isinstance(action, Advance):
        state = relocate(state, {winner.id: clash.vacated})
        state = add_events(state, Advanced(unit=winner.id, frm=winner.square, to=clash.vacated))
    clash = attrs.evolve(clash, advancer=None, vacated=None)
    return _continue_clash(attrs.evolve(state, clash=clash))


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
        state = add_events(state, PanicRolled(unit=u.id, roll=roll, panicked=scared))
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
                state = eliminate(state, u.id, NO_RETREAT)
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
        if matching_size(facing(state, clash.chooser, clash.done)):
            return attrs.evolve(state, phase=PAIR, active=clash.chooser)
        state = add_events(state, ClashEnded(fights=clash.fights))
        return after_clash(attrs.evolve(state, clash=None))


def _retreat_to(state: MetauroState, u: Unit, to: str) -> MetauroState:
    clash = state.clash
    assert clash is not None
    steps = clash.steps - 1
    state = relocate(state, {u.id: to})
    state = add_events(state, Retreated(unit=u.id, frm=u.square, to=to))
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
    state = add_events(attrs.evolve(state, rng=rng, clash=clash), Fought(fight=fight))
    if winner is None or loser is None:
        return _continue_clash(state)
    clash = attrs.evolve(clash, vacated=loser.square, advancer=winner.id)
    state = attrs.evolve(state, clash=clash)
    if killed:
        state = eliminate(state, loser.id, TRUMPET_LOST if loser.kind == TRUMPET else BY_KILL)
    else:
        state = attrs.evolve(state, clash=attrs.evolve(clash, retreating=loser.id, steps=1))
    return _continue_clash(state)
