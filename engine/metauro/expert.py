"""Metauro expert: a search over the dice, with the strong bot as the model of both sides.

Nothing on the battlefield is hidden but the dice to come, so a world is the view with a fresh
RNG (``determinize``). Each choice weighs a shortlist: the strong bot's own answer, in a move
the single-unit moves that score best by the strong bot's measure, none leading to the same end
of the move phase as another (stopping is weighed only when it is the strong bot's answer); in
a clash the pairs of best expected value. Each candidate is played out in common worlds through
the rest of the turn, its clash, the other side's whole turn and its clash (at Zama also its
own next turn), with the strong bot's plan for both sides (a turn's plan played at once), and
the position reached is valued as a chance to win (``evaluate``: a logistic, fitted on strong
battles, of the losses lead, the danger to both generals and at Zama to the standards). The
strong bot's answer keeps a small head start: an alternative must be clearly better to replace
it. ``search.best_action`` spreads the playouts and stops early when one candidate is clearly
best.

The answer is a function of the view, the seat and the bot's RNG (which seeds the worlds).
``oracle`` runs the same search on the real battle, whose RNG already holds the dice to come:
one world, the true one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import attrs

from engine import search
from engine.core import Seat
from engine.metauro import ai
from engine.metauro.actions import AutoPair, Deploy, EndMove, Move, Pass
from engine.metauro.board import board_of, casualties, fits, occupancy, relocate, terrain_map
from engine.metauro.clash import fight_odds, retreat_options
from engine.metauro.data import (
    CAVALRY,
    EDGE_NEIGHBOURS,
    ELEPHANT,
    GENERAL,
    KIND_BONUS,
    MAX_TURNS,
    PANIC_FACES,
    PANIC_RANGE,
    RANGE,
    ROMANS,
    TERRAIN_BONUS,
    TRUMPET,
    distance,
    home_distance,
)
from engine.metauro.movement import contact_squares, reach
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, DEPLOY, MOVE, OVER, PAIR, RETREAT, MetauroState, Unit
from engine.rng import Rng

# (candidate, world) playouts per decision, before the bench's scaling. A Metauro playout is
# cheap, and 48 won more than 24 there (68% of 60 battles against 62%); at Zama 36 won no
# more than 24 (58% both) and cost a third more time.
PLAYOUTS = {"metauro": 48, "zama": 24}
TOP_MOVES = 3  # alternative single-unit moves searched besides the strong bot's
TRIES = 10  # best-scored single-unit moves looked at to find them (many end alike)
TOP_PAIRS = 4  # pairs searched in a clash
HEAD_START = 0.02  # added to the strong bot's answer in every world
HORIZON = {"metauro": 2, "zama": 3}
"""Turns played out when the searching side is the mover. Two: its own and the other side's
answer, valued as it is about to move again. At Zama a battle is a race of riders to the
enemy general, and a third turn, its own follow-up, valued as the other side is about to move
(whose danger to its general the evaluation weighs most), won 71 of 100 tuning battles
against the strong bot (seeds 30,000+; 58 with two), 68 of 100 on seeds 90,000+ (59 with two)
and 298 of 400 on seeds 600,000+, never tuned on. It costs about half as much time again
(decision p95 about 250 ms under load)."""


def determinize(view: MetauroState, seat: Seat, rng: random.Random) -> MetauroState:
    """The battlefield as ``seat`` sees it, with a fresh RNG seeded from ``rng``: the dice to
    come are all a view hides."""
    return attrs.evolve(view, rng=Rng.from_seed(rng.getrandbits(64)))


# --- the evaluation ----------------------------------------------------------------------------

# The chance that the side about to move wins: a logistic of a few features of the position,
# fitted on positions of strong-against-strong battles with their outcome (bench/fit_metauro.py
# reproduces the fit). Battles are won by killing a general far more often than on losses, so
# most features measure the generals' danger: how many enemy units could stand facing each
# general after their next move, and the best chance that the one fight a general can be drawn
# into in a clash kills him; at Zama also how many of each side's standards the other could take.
FEATURES = (
    "lead",  # enemy losses minus own
    "lead_late",  # ... times turn / MAX_TURNS: a lead counts more as the day ends
    "value_lead",  # strong's unit values on the board, generals aside
    "enemy_general_on_edge",  # he could not retreat from his home edge
    "attackers_on_mine",  # enemy units able to face my general after their move
    "mine_on_his",  # mine able to face his general now
    "bias",
    "sign_late",  # the lead's sign times turn / MAX_TURNS
    "kill_his",  # the best chance that one of my units kills his general this move
    "kill_mine",  # the best chance that one of his kills mine next move, if I did nothing
    "riders_lead",  # cavalry and elephants, mine minus his
    "roman",  # 1 for the Romans, -1 for the Carthaginians
    "own_general_on_edge",
    "standards_his",  # his standards my units could stand on now (both: 2)
    "standards_mine",  # mine his could stand on next move
)

# Fitted weights, in the order of FEATURES. The Metauro's were fitted on 25,000 positions of
# 1,500 strong battles on the first eight features and two terms of a quiet position, when a
# pass after the enemy's won on losses (against the losses lead alone they raised the expert
# from 38% to 62% of 60 battles against the strong bot); rules version 3 made that pass a draw,
# so those terms went and ``evaluate`` gives the mover of a quiet position at least a draw.
# Zama's: ``fit_metauro.py zama --first-seed 10000 --games 1000`` on every feature but
# lead_late and sign_late (7,400 positions; held-out log-loss 0.645, 0.650 without the
# standards, 0.654 with the earlier weights, which had neither kill chances nor standards). In
# tuning the expert's Zama battles against the strong bot rose from 11 won of 22 with the
# earlier weights to 16 with the kill chances and 15 with the standards too (the Romans from
# 3 of 11 to 9 and 8). The odd signs of value_lead and riders_lead undo each other: material at
# Zama is mostly riders'.
WEIGHTS: dict[str, tuple[float, ...]] = {
    "metauro": (0.341, 1.803, -0.078, 0.235, -0.575, 0.912, 0.033, 1.9) + (0.0,) * 7,
    "zama": (0.227, 0.0, -0.226, 0.165, -0.131, 0.132, 0.05, 0.0)
    + (2.32, -0.294, 0.6, -1.161, 0.032, 0.516, -0.529),
}

PANIC_KEEPS = 1 - len(PANIC_FACES) / 6  # an elephant near the trumpet fights this often


def general(state: MetauroState, side: Seat) -> Unit | None:
    for u in state.units:
        if u.side == side and u.kind == GENERAL:
            return u
    return None


def danger(state: MetauroState, side: Seat, occ: dict[str, list[Unit]]) -> tuple[int, float]:
    """How many enemy units could stand facing ``side``'s general after their next move, and
    the best chance that one of them kills him in the fight (trumpet panic counted)."""
    g = general(state, side)
    if g is None:
        return 0, 0.0
    board = board_of(state)
    terrain = terrain_map(board)
    targets = EDGE_NEIGHBOURS[g.square]
    g_bonus = TERRAIN_BONUS.get(terrain[g.square], 0)
    can_retreat = bool(retreat_options(state, g.id))
    trumpets = [u.square for u in state.units if u.kind == TRUMPET and u.side == side]
    contact = None
    count = 0
    best = 0.0
    for u in state.units:
        if u.side == side or distance(u.square, g.square) > RANGE[u.kind] + 1:
            continue
        if u.square in targets:
            found = [u.square]
        else:
            if contact is None:
                contact = contact_squares(state.units, u.side)
            reached = reach(board, occ, u.side, u.kind, u.square, contact)
            found = [
                t
                for t in targets
                if t in reached and fits(board, t, [x.kind for x in occ.get(t, ())] + [u.kind])
            ]
        if not found:
            continue
        count += 1
        for t in found:
            odds = fight_odds(KIND_BONUS.get(u.kind, 0) + TERRAIN_BONUS.get(terrain[t], 0), g_bonus)
            p = odds.kill if can_retreat else odds.win
            if u.kind == ELEPHANT and any(distance(t, s) <= PANIC_RANGE for s in trumpets):
                p *= PANIC_KEEPS
            best = max(best, p)
    return count, best


def standards_open(state: MetauroState, side: Seat, occ: dict[str, list[Unit]]) -> int:
    """How many of ``side``'s standards an enemy unit could stand on after its next move,
    2 only if two different units could take them."""
    board = board_of(state)
    contact = None
    takers: list[set[int]] = []
    for sq in board.standards[side]:
        here = occ.get(sq, ())
        if here and here[0].side == side:
            takers.append(set())
            continue
        found = set()
        for u in state.units:
            if u.side == side or distance(u.square, sq) > RANGE[u.kind]:
                continue
            if u.square == sq:
                found.add(u.id)
                continue
            if contact is None:
                contact = contact_squares(state.units, 1 - side)
            reached = reach(board, occ, u.side, u.kind, u.square, contact)
            if sq in reached and fits(board, sq, [x.kind for x in occ.get(sq, ())] + [u.kind]):
                found.add(u.id)
        takers.append(found)
    held = sum(1 for t in takers if t)
    if held == 2 and len(takers[0] | takers[1]) < 2:
        held = 1
    return held


def features(
    state: MetauroState, seat: Seat, generals: bool = True, standards: bool = True
) -> list[float]:
    """The features of FEATURES for ``seat``, about to move. The generals' and the standards'
    terms cost the reach of the enemy units near them: without ``generals`` or ``standards``
    they are left at 0."""
    enemy = 1 - seat
    lost = casualties(state)
    lead = lost[enemy] - lost[seat]
    late = state.turn / MAX_TURNS
    f = dict.fromkeys(FEATURES, 0.0)
    f["lead"] = lead
    f["lead_late"] = lead * late
    f["bias"] = 1.0
    f["sign_late"] = ((lead > 0) - (lead < 0)) * late
    f["roman"] = 1.0 if seat == ROMANS else -1.0
    for u in state.units:
        mine = 1 if u.side == seat else -1
        if u.kind != GENERAL:
            f["value_lead"] += mine * ai.VALUE[u.kind]
        if u.kind in (CAVALRY, ELEPHANT):
            f["riders_lead"] += mine
    occ = occupancy(state.units) if generals or standards else {}
    if generals:
        his, mine = general(state, enemy), general(state, seat)
        f["enemy_general_on_edge"] = his is not None and home_distance(enemy, his.square) == 0
        f["own_general_on_edge"] = mine is not None and home_distance(seat, mine.square) == 0
        f["attackers_on_mine"], f["kill_mine"] = danger(state, seat, occ)
        f["mine_on_his"], f["kill_his"] = danger(state, enemy, occ)
    if standards:
        f["standards_his"] = standards_open(state, enemy, occ)
        f["standards_mine"] = standards_open(state, seat, occ)
    return [float(f[name]) for name in FEATURES]


def _terms(*names: str) -> tuple[int, ...]:
    return tuple(FEATURES.index(name) for name in names)


GENERAL_TERMS = _terms(
    "enemy_general_on_edge",
    "own_general_on_edge",
    "attackers_on_mine",
    "kill_mine",
    "mine_on_his",
    "kill_his",
)
STANDARD_TERMS = _terms("standards_his", "standards_mine")


def evaluate(state: MetauroState, seat: Seat) -> float:
    """The chance that ``seat``, about to move, wins the battle from here (a draw counts
    half: after the enemy's pass, one more pass draws)."""
    w = WEIGHTS[state.scenario]
    x = features(
        state,
        seat,
        generals=any(w[i] for i in GENERAL_TERMS),
        standards=any(w[i] for i in STANDARD_TERMS),
    )
    z = sum(a * b for a, b in zip(w, x, strict=True))
    value = 1.0 / (1.0 + math.exp(-z))
    return max(value, 0.5) if ai.quiet(state) else value  # a pass would draw


# --- the playouts ------------------------------------------------------------------------------


def _quick_move(state: MetauroState, move: Move) -> MetauroState:
    """``apply`` for a move of the strong bot's plan, which is always legal, without checking
    it again or logging it: a playout reads neither."""
    return attrs.evolve(
        relocate(state, dict.fromkeys(move.units, move.to)),
        moved=state.moved | frozenset(move.units),
    )


def _finish_moves(state: MetauroState) -> tuple[MetauroState, Any]:
    """The mover's whole move phase from here by the strong bot's one-pass plan, up to (not
    including) the action that ends it; returns the state and that closing action."""
    seat = state.active
    if ai.takes_the_draw(state, seat):
        return state, Pass()
    moved = False
    for move in list(ai.plan_moves(state, seat)):
        state = _quick_move(state, move)
        moved = True
    if not moved and not state.moved:
        if not ai.keeps_moving(state, seat):
            return state, Pass()
        least = ai.least_bad_move(state, seat)
        if isinstance(least, Pass):
            return state, least
        state = METAURO.apply(state, seat, least)
    return state, EndMove()


def _policy(state: MetauroState) -> Any:
    """The strong bot's answer in a clash (the playouts hold no log and no view is needed:
    the strong bot reads neither the RNG nor the log)."""
    seat = state.active
    if state.phase == PAIR:
        return ai.best_pair(state, seat)
    if state.phase == RETREAT:
        return ai.best_retreat(state, seat)
    if state.phase == ADVANCE:
        return ai.advance_or_not(state, seat)
    raise ValueError(state.phase)


def rollout(state: MetauroState, seat: Seat, stop: int) -> float:
    """Play on until the move of turn ``stop`` (or the end); ``seat``'s value there."""
    while state.phase != OVER:
        if state.phase == MOVE:
            if state.turn >= stop:
                break
            state, close = _finish_moves(state)
            state = METAURO.apply(state, state.active, close)
        else:
            state = METAURO.apply(state, state.active, _policy(state))
    if state.phase == OVER:
        if not state.winners:
            return 0.5
        return 1.0 if seat in state.winners else 0.0
    value = evaluate(state, state.mover)
    return value if state.mover == seat else 1.0 - value


# --- the search ---------------------------------------------------------------------------------


def _pair_candidates(view: MetauroState, seat: Seat, first: Any) -> list[Any]:
    """The strong bot's pair, then the others by the strong bot's expected value."""
    pairs = [a for a in METAURO.legal_actions(view, seat) if not isinstance(a, AutoPair)]
    plan = ai.Plan(view, seat, threats=False)
    by_id = {u.id: u for u in view.units}

    def pv(p: Any) -> float:
        a, b = by_id[p.own], by_id[p.enemy]
        return ai.pair_value(
            a.kind,
            plan.bonus(a.kind, a.square),
            plan.own_can_retreat(a.kind, a.square),
            b.kind,
            plan.bonus(b.kind, b.square),
            plan.enemy_can_retreat(b),
        )

    pairs.sort(key=lambda p: (p != first, -pv(p)))
    return pairs[:TOP_PAIRS]


def move_end(base: MetauroState, seat: Seat, action: Any) -> tuple[MetauroState, Any]:
    """The end of the move phase ``action`` leads to: after a unit's move, the rest of the
    move by the strong bot's plan and the action that closes it; a stop is its own end."""
    if isinstance(action, Move):
        return _finish_moves(METAURO.apply(base, seat, action))
    return base, action


Ends = dict[Any, tuple[MetauroState, Any]]


def _move_candidates(view: MetauroState, seat: Seat, first: Any) -> tuple[list[Any], Ends]:
    """The strong bot's move and the single-unit moves that score best by strong's own measure,
    each with the end of the move phase it leads to; moves leading to the same end as one
    already listed are dropped.

    Stopping here is no candidate of its own: its playouts answer with ``strong``, who attacks a
    general he can reach, so the expert stood still while a player rushing its general marched
    on and won the first clashes, or, stalled, passed and drew; at Zama an army that stops short
    pays for it beyond the horizon. Without it the Metauro expert won 25 of 30 Carthaginian
    battles against ``rush-general`` (20 with it, ``strong`` 26) and 60 of 100 against
    ``strong`` (55)."""
    base = attrs.evolve(view, log=())
    out: list[Any] = []
    ends: Ends = {}
    seen: set[Any] = set()

    def add(action: Any) -> bool:
        after, close = move_end(base, seat, action)
        key = (after.units, type(close))
        if key in seen:
            return False
        seen.add(key)
        out.append(action)
        ends[action] = (after, close)
        return True

    add(first)
    plan = ai.Plan(view, seat)
    claims: dict[int, int] = {}
    by_id = {u.id: u for u in view.units}
    scored = []
    for a in METAURO.legal_actions(view, seat):
        if not isinstance(a, Move) or len(a.units) != 1 or a == first:
            continue
        u = by_id[a.units[0]]
        plan.occ[u.square].remove(u.kind)
        here, _ = plan.local(u, u.square, claims)
        there, _ = plan.local(u, a.to, claims)
        plan.occ.setdefault(u.square, []).append(u.kind)
        scored.append((there - here, a))
    scored.sort(key=lambda t: -t[0])
    found = 0
    for _, a in scored[:TRIES]:
        if add(a):
            found += 1
            if found >= TOP_MOVES:
                break
    return out, ends


def _horizon(state: MetauroState, seat: Seat) -> int:
    """The turn whose move ends the playouts: ``HORIZON`` turns on from the searching side's
    move (Metauro: its next turn, after the other side has answered)."""
    horizon = HORIZON[state.scenario]
    return state.turn + (horizon if state.mover == seat else horizon - 1)


def world_dice(rng: random.Random) -> Callable[[int], Rng]:
    """The dice of world ``w`` of a decision, all seeded from ``rng`` now."""
    seed_of = search.world_seeds(rng)
    return lambda w: Rng.from_seed(seed_of(w))


def expert(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """Weighs the strong bot's choice against its best alternatives, played out over dice."""
    return _search(view, seat, world_dice(rng), search.budget(PLAYOUTS[view.scenario]))


def oracle(state: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """The same search handed the real battle: every world rolls the real dice to come."""
    real = state.rng
    assert real is not None
    return _search(state, seat, lambda w: real, 0)


def candidates(position: MetauroState, seat: Seat) -> tuple[list[Any], Ends]:
    """The actions the search weighs, the strong bot's first, and in the move phase the end of
    the move phase each leads to."""
    acts = METAURO.legal_actions(position, seat)
    if len(acts) == 1:
        return list(acts), {}
    view = METAURO.view(position, seat)
    first = ai.strong(view, seat, None)
    if position.phase == MOVE:
        return _move_candidates(view, seat, first)
    if position.phase == PAIR:
        return _pair_candidates(view, seat, first), {}
    return sorted(acts, key=lambda a: a != first), {}


def playout_value(
    position: MetauroState, seat: Seat, dice: Callable[[int], Rng], ends: Ends
) -> Callable[[Any, int], float]:
    """``value(action, w)``: ``seat``'s chance to win after ``action`` with world ``w``'s dice,
    both sides played on by the strong bot's plan to the horizon. In the move phase an action
    is played to the end of the move phase (``ends``, filled for an action not yet in it).

    A turn that ends with nothing moved is worth at most a draw: the enemy may answer it with a
    pass of his own, which draws the battle. The playouts' enemy (the strong bot) never takes
    that draw when level, but a player who holds his line does, so without the cap the expert
    stood still while level and let a passive enemy draw a battle it was winning."""
    view = METAURO.view(position, seat)
    stop = _horizon(view, seat)
    base = attrs.evolve(view, log=())

    def value(action: Any, w: int) -> float:
        if position.phase == MOVE:
            if action not in ends:
                ends[action] = move_end(base, seat, action)
            after, close = ends[action]
            state = METAURO.apply(attrs.evolve(after, rng=dice(w)), seat, close)
            if isinstance(close, Pass):
                return min(rollout(state, seat, stop), 0.5)
        else:
            state = METAURO.apply(attrs.evolve(base, rng=dice(w)), seat, action)
        return rollout(state, seat, stop)

    return value


def _search(position: MetauroState, seat: Seat, dice: Callable[[int], Rng], playouts: int) -> Any:
    """The candidate of best mean over the worlds ``dice`` rolls (one world when
    ``playouts`` is 0: the oracle's dice are known)."""
    if position.phase == DEPLOY:
        return Deploy()
    cands, ends = candidates(position, seat)
    if len(cands) == 1:
        return cands[0]
    value = playout_value(position, seat, dice, ends)
    if not playouts:
        return search.best_action(cands, value, len(cands), min_worlds=1, head_start=HEAD_START)
    return search.best_action(cands, value, playouts, head_start=HEAD_START)
