"""Metauro bots: ``(view, seat, rng) -> action``, reading only their own seat's view.

``easy`` is eager and careless: most turns it marches a handful of units (the general too)
towards the nearest enemy, picks pairs at random, retreats anywhere and advances on a coin toss.

``strong`` plans each turn unit by unit. For every square a unit could end on it weighs the fight
it would start there (the clash odds with both sides' advantage points, and whether the enemy
could retreat), the fights the enemy could force on it next turn (every square each enemy unit
can reach), terrain, and the distance to the enemy, his general and his standards. It keeps its
own general out of reach, hunts the enemy general, rides for the enemy standards when a rider
can hold them and covers its own when they are threatened. When enemies able to face its
general next turn outnumber the soldiers near him, the nearest others come back to guard him.
In a clash it picks the pairs of best expected value; it advances and retreats by the same
measure.

Two passes in a row draw the battle (house rule), so a line that only passes can only be beaten
by going to it. After the enemy's pass, level on losses, strong presses: its soldiers march for
the squares where they would start a fight of good odds, and its riders take the way round the
enemy to his standards. It never passes with nothing moved when a pass would draw a battle it is
not losing; behind, after the enemy's pass, it takes the draw.

Every bot is a function of ``(view, seat, rng)`` alone: the strong bot plans the rest of the
turn afresh from the position it is asked about and plays the plan's first move, so nothing it
was asked before can change its answer. The only caches are of pure functions of their
arguments (the odds of a fight).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from engine.core import Seat
from engine.metauro.actions import (
    Advance,
    AutoPair,
    Deploy,
    EndMove,
    Move,
    NoAdvance,
    Pair,
    Pass,
)
from engine.metauro.board import casualties, occupancy, terrain_map, unit_at
from engine.metauro.clash import facing_pairs, fight_odds
from engine.metauro.data import (
    BOARDS,
    CAVALRY,
    EDGE_NEIGHBOURS,
    ELEPHANT,
    FOOT,
    GENERAL,
    INFANTRY,
    KIND_BONUS,
    NEIGHBOURS,
    SQUARES,
    TERRAIN_BONUS,
    TRUMPET,
    distance,
    ground,
    home_distance,
    stack_fits,
)
from engine.metauro.movement import contact_squares, movable, reach, reachable
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, DEPLOY, MOVE, PAIR, RETREAT, MetauroState, Unit


def clear_caches() -> None:
    """Forget every memoised value the bots lean on. Their answers never depend on it; the
    bench calls it to time decisions cold, and the tests to show the answers stay the same."""
    pair_value.cache_clear()
    fight_odds.cache_clear()


# --- easy --------------------------------------------------------------------------------------

EASY_KEEP_MOVING = 0.8  # after each unit moved, the chance easy moves another


def easy(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """Careless but legal: marches units at the nearest enemy, fights and retreats at random."""
    phase = view.phase
    if phase == DEPLOY:
        return Deploy()
    if phase == PAIR:
        return rng.choice(METAURO.legal_actions(view, seat))
    if phase == RETREAT:
        return rng.choice(METAURO.legal_actions(view, seat))
    if phase == ADVANCE:
        return Advance() if rng.random() < 0.5 else NoAdvance()
    if phase != MOVE:
        raise ValueError(f"no move in phase {phase!r}")
    done = EndMove() if view.moved else Pass()
    if view.moved and rng.random() > EASY_KEEP_MOVING:
        return done
    ids = list(movable(view))
    rng.shuffle(ids)
    enemies = [u.square for u in view.units if u.side != seat]
    by_id = {u.id: u for u in view.units}
    for uid in ids:
        u = by_id[uid]
        targets = reachable(view, (uid,))
        if not targets:
            continue
        here = min(distance(u.square, e) for e in enemies)
        scored = [(min(distance(t, e) for e in enemies), rng.random(), t) for t in targets]
        best = min(scored)
        if best[0] < here or rng.random() < 0.3:
            to = best[2] if rng.random() < 0.75 else rng.choice(targets)
            return Move(u.square, to, (uid,))
    return done


# --- strong: valuations ------------------------------------------------------------------------

VALUE = {GENERAL: 30.0, ELEPHANT: 3.5, CAVALRY: 2.2, INFANTRY: 1.0, TRUMPET: 1.3}
RETREAT_COST = 0.3  # a beaten unit pushed back: disorder, and the winner may step in
THREAT_WEIGHT = 0.85  # what the enemy's best fight against a unit next turn costs
SECOND_THREAT = 0.25  # ... and each further enemy able to strike it
ADVANCE_WEIGHT = 0.07  # per square nearer the nearest enemy
HUNT_WEIGHT = 0.05  # per square nearer the enemy general
RAID_WEIGHT = 0.2  # per square nearer an enemy standard a rider could hold
STANDARD_HELD = 2.5  # a unit standing on an enemy standard
BOTH_STANDARDS = 60.0  # both held: the battle is won if they are still held after the clash
COVER_STANDARD = 15.0  # stand on an own standard the enemy could otherwise take
GENERAL_AWAY = 0.4  # per square the general stands nearer the enemy than GENERAL_SAFE
GENERAL_SAFE = 4
GENERAL_EDGE = 3.0  # the general on his home edge could not retreat
GUARD_WEIGHT = 0.9  # a unit shielding the general takes that much of his threat away
RECALL = 0.3  # per square nearer the own general, for a soldier called back to guard him
PRESS_ADVANCE = 0.25  # ADVANCE_WEIGHT then, per square nearer a fight of good odds
PRESS_RAID = 0.6  # RAID_WEIGHT then, per step of the way round the enemy
RIDE_FAR = 30  # steps counted from a square with no way to the standard
PRESS_ODDS = 0.1  # the expected value of a fight worth marching to


@lru_cache(maxsize=4096)
def pair_value(
    kind_a: str,
    bonus_a: int,
    can_retreat_a: bool,
    kind_b: str,
    bonus_b: int,
    can_retreat_b: bool,
) -> float:
    """Expected value of a fight for ``a``'s side: what it kills or pushes back minus what it
    loses, in unit values."""
    odds = fight_odds(bonus_a, bonus_b, kind_a == TRUMPET, kind_b == TRUMPET)
    kill = odds.kill if can_retreat_b else odds.win
    killed = odds.killed if can_retreat_a else odds.lose
    gained = VALUE[kind_b] * kill + RETREAT_COST * (odds.win - kill)
    lost = VALUE[kind_a] * killed + RETREAT_COST * (odds.lose - killed)
    return gained - lost


class Plan:
    """What the strong bot knows about the position while it plans one decision."""

    def __init__(self, view: MetauroState, seat: Seat, threats: bool = True) -> None:
        self.view = view
        self.seat = seat
        self.board = BOARDS[view.scenario]
        self.terrain = terrain_map(self.board)
        self.own = [u for u in view.units if u.side == seat]
        self.enemy = [u for u in view.units if u.side != seat]
        self.enemy_squares = {u.square for u in self.enemy}
        self.enemy_occ: dict[str, list[Unit]] = {}
        for u in self.enemy:
            self.enemy_occ.setdefault(u.square, []).append(u)
        self.occ: dict[str, list[str]] = {}  # planned own occupancy: square -> kinds
        for u in self.own:
            self.occ.setdefault(u.square, []).append(u.kind)
        self.enemy_general = next((u.square for u in self.enemy if u.kind == GENERAL), None)
        self.general = next((u.square for u in self.own if u.kind == GENERAL), None)
        self.own_standards = self.board.standards[seat]
        self.enemy_standards = self.board.standards[1 - seat]
        self._nearest: dict[str, int] = {}
        self.recalled: set[int] = set()
        self.press = presses(view, seat)
        self._fronts: dict[str, list[str]] = {}
        self._rides: dict[tuple[str, str], dict[str, int]] = {}
        if threats:  # what the enemy could do next turn; a choice of pairs does not need it
            self._threats()
            self.recalled = self._recalled()

    def _recalled(self) -> set[int]:
        """The own soldiers that come back to the general: one for each enemy able to face him
        next turn beyond the soldiers already within two squares of him, the nearest first (a
        lone hunter catches a lone general in the end; the rest of the army fights on)."""
        g = self.general
        if g is None:
            return set()
        around = EDGE_NEIGHBOURS[g]
        hunters = sum(1 for e in self.enemy if not self.enemy_reach[e.id].isdisjoint(around))
        row = DISTANCES[g]
        others = sorted((row[u.square], u.id) for u in self.own if u.kind != GENERAL)
        guards = sum(1 for d, _ in others if d <= 2)
        return {uid for d, uid in others[guards : max(guards, hunters)]}

    def _threats(self) -> None:
        """For every square an enemy unit could stand on next turn, the (kind, advantage) of
        those that could; and whether the enemy could take both own standards."""
        occ = occupancy(self.view.units)
        contact = contact_squares(self.view.units, 1 - self.seat)
        found: dict[str, set[tuple[str, int]]] = {}
        self.enemy_reach: dict[int, set[str]] = {}
        for e in self.enemy:
            squares = set(reach(self.board, occ, e.side, e.kind, e.square, contact))
            squares.add(e.square)
            self.enemy_reach[e.id] = squares
            kind_bonus = KIND_BONUS.get(e.kind, 0)
            for t in squares:
                found.setdefault(t, set()).add(
                    (e.kind, kind_bonus + TERRAIN_BONUS.get(self.terrain[t], 0))
                )
        self.attackers_from = found
        reachers = [
            {e.id for e in self.enemy if sq in self.enemy_reach[e.id]} for sq in self.own_standards
        ]
        self.standards_danger = all(reachers) and len(set().union(*reachers)) >= 2

    def nearest(self, sq: str) -> int:
        """The distance from ``sq`` to the nearest enemy (0 with none), memoised for the plan:
        the enemy does not move while a plan is made."""
        near = self._nearest.get(sq)
        if near is None:
            row = DISTANCES[sq]
            near = min((row[e] for e in self.enemy_squares), default=0)
            self._nearest[sq] = near
        return near

    def fronts(self, kind: str) -> list[str]:
        """The squares from which a unit of ``kind`` would start a fight of good odds: where a
        pressing side sends it (memoised per kind: the enemy stands still while it plans)."""
        found = self._fronts.get(kind)
        if found is None:
            allowed = ground(kind)
            found = [
                sq
                for sq in contact_squares(self.view.units, self.seat)
                if self.terrain[sq] in allowed
                and sq not in self.enemy_squares
                and self.attack(kind, sq, {})[0] >= PRESS_ODDS
            ]
            self._fronts[kind] = found
        return found

    def ride(self, kind: str, goal: str) -> dict[str, int]:
        """The steps a unit of ``kind`` needs from each square to ``goal`` over its own
        ground, round the enemy (memoised: the enemy stands still while it plans)."""
        key = (kind, goal)
        steps = self._rides.get(key)
        if steps is None:
            allowed = ground(kind)
            steps = {goal: 0}
            todo = deque([goal])
            while todo:
                sq = todo.popleft()
                for n in NEIGHBOURS[sq]:
                    if (
                        n not in steps
                        and self.terrain[n] in allowed
                        and n not in self.enemy_squares
                    ):
                        steps[n] = steps[sq] + 1
                        todo.append(n)
            self._rides[key] = steps
        return steps

    def front_distance(self, kind: str, sq: str) -> int:
        """Squares to the nearest fight of good odds (to the nearest enemy, with none)."""
        row = DISTANCES[sq]
        return min((row[f] for f in self.fronts(kind)), default=self.nearest(sq))

    # -- pieces of the score --

    def bonus(self, kind: str, sq: str) -> int:
        return KIND_BONUS.get(kind, 0) + TERRAIN_BONUS.get(self.terrain[sq], 0)

    def own_can_retreat(self, kind: str, sq: str) -> bool:
        here = home_distance(self.seat, sq)
        allowed = ground(kind)
        for n in NEIGHBOURS[sq]:
            if home_distance(self.seat, n) >= here or self.terrain[n] not in allowed:
                continue
            if n in self.enemy_squares:
                continue
            if _fits(self.occ.get(n, []) + [kind]):
                return True
        return False

    def enemy_can_retreat(self, e: Unit) -> bool:
        side = 1 - self.seat
        here = home_distance(side, e.square)
        allowed = ground(e.kind)
        for n in NEIGHBOURS[e.square]:
            if home_distance(side, n) >= here or self.terrain[n] not in allowed:
                continue
            if self.occ.get(n):
                continue
            kinds = [x.kind for x in self.enemy_occ.get(n, ())]
            if _fits(kinds + [e.kind]):
                return True
        return False

    def threat(self, kind: str, sq: str) -> float:
        """The enemy's best expected gain from fighting a unit of ``kind`` on ``sq`` next turn:
        from every edge-neighbour not held by an own unit, each enemy that could stand there."""
        attackers: set[tuple[str, int]] = set()
        for t in EDGE_NEIGHBOURS[sq]:
            if t in self.occ and self.occ[t]:
                continue
            found = self.attackers_from.get(t)
            if found:
                attackers |= found
        if not attackers:
            return 0.0
        bonus = self.bonus(kind, sq)
        can_retreat = self.own_can_retreat(kind, sq)
        values = sorted(
            (pair_value(k, b, True, kind, bonus, can_retreat) for k, b in attackers),
            reverse=True,
        )
        top = max(0.0, values[0])
        extra = sum(max(0.0, v) for v in values[1:3])
        return top + SECOND_THREAT * extra

    def guard(self, sq: str) -> float:
        """What holding ``sq`` takes off the threat to the own general, if it shields him."""
        g = self.general
        if g is None or sq not in EDGE_NEIGHBOURS[g] or self.occ.get(sq):
            return 0.0
        before = self.threat(GENERAL, g)
        if not before:
            return 0.0
        self.occ[sq] = [INFANTRY]
        after = self.threat(GENERAL, g)
        del self.occ[sq]
        return before - after

    def attack(self, kind: str, sq: str, claims: dict[int, int]) -> tuple[float, int | None]:
        """The best fight a unit of ``kind`` on ``sq`` could start against an enemy soldier not
        yet claimed by another of its units; (0, None) when it faces none."""
        best: tuple[float, int | None] = (0.0, None)
        found = False
        bonus = self.bonus(kind, sq)
        can_retreat = self.own_can_retreat(kind, sq)
        for n in EDGE_NEIGHBOURS[sq]:
            for e in self.enemy_occ.get(n, ()):
                if claims.get(e.id):
                    continue
                value = pair_value(
                    kind,
                    bonus,
                    can_retreat,
                    e.kind,
                    self.bonus(e.kind, e.square),
                    self.enemy_can_retreat(e),
                )
                if not found or value > best[0]:
                    best, found = (value, e.id), True
        return best

    def positional(self, u: Unit, sq: str) -> float:
        score = 0.0
        near = self.nearest(sq)
        if u.kind == GENERAL:
            # Keep well away from the enemy, off the home edge (no retreat from there).
            score -= GENERAL_AWAY * max(0, GENERAL_SAFE - near)
            if home_distance(self.seat, sq) == 0:
                score -= GENERAL_EDGE
        else:
            if self.press:
                score -= PRESS_ADVANCE * self.front_distance(u.kind, sq)
            else:
                score -= ADVANCE_WEIGHT * near
            if self.enemy_general is not None:
                score -= HUNT_WEIGHT * DISTANCES[sq][self.enemy_general]
            if u.id in self.recalled:
                score -= RECALL * DISTANCES[sq][self.general]
        enemy_std = self.enemy_standards
        if sq in enemy_std:
            score += STANDARD_HELD
            other = enemy_std[1] if sq == enemy_std[0] else enemy_std[0]
            if self.occ.get(other):
                score += BOTH_STANDARDS
        elif u.kind == CAVALRY or u.kind == ELEPHANT:
            holdable = [s for s in enemy_std if self.terrain[s] in ground(u.kind)]
            free = [s for s in holdable if not self.occ.get(s)]
            if free and self.press:
                score -= PRESS_RAID * min(self.ride(u.kind, s).get(sq, RIDE_FAR) for s in free)
            elif free:
                row = DISTANCES[sq]
                score -= RAID_WEIGHT * min(row[s] for s in free)
        if sq in self.own_standards and self.standards_danger and u.kind != GENERAL:
            score += COVER_STANDARD
        return score

    def local(self, u: Unit, sq: str, claims: dict[int, int]) -> tuple[float, int | None]:
        value, target = self.attack(u.kind, sq, claims)
        score = value - THREAT_WEIGHT * self.threat(u.kind, sq) + self.positional(u, sq)
        if u.kind != GENERAL:
            score += GUARD_WEIGHT * self.guard(sq)
        return score, target


DISTANCES: dict[str, dict[str, int]] = {a: {b: distance(a, b) for b in SQUARES} for a in SQUARES}
"""``distance`` as a table: the plans ask it in their inner loops."""


def _fits(kinds: list[str]) -> bool:
    foot = sum(1 for k in kinds if k in FOOT)
    cav = sum(1 for k in kinds if k == CAVALRY)
    ele = len(kinds) - foot - cav
    return stack_fits(foot, cav, ele)


# --- strong: the turn --------------------------------------------------------------------------


def _plan_next(view: MetauroState, seat: Seat) -> Move | None:
    """The strong bot's next move this turn, None when every unit left had better stay.

    The units are weighed one by one in plan order, each against where the ones before it
    chose to stand; the first that would move is the answer. Later units never change an
    earlier choice, so this is the first step of the whole turn's plan from this position, and
    nothing but the position decides it.
    """
    return next(plan_moves(view, seat), None)


def plan_moves(view: MetauroState, seat: Seat) -> Iterator[Move]:
    """The moves of the whole turn's plan from this position, in plan order: the strong bot
    plays the first and plans afresh; a searching bot may play them all at once, a cheaper
    approximation of the same turn (they are all legal one after the other)."""
    plan = Plan(view, seat)
    free = set(movable(view))
    if not plan.enemy:
        return
    # The general first (his guards then close round him), then the front units.
    order = sorted(
        (u for u in plan.own if u.id in free),
        key=lambda u: (
            u.kind != GENERAL,
            plan.nearest(u.square),
            u.id,
        ),
    )
    fixed = [u for u in plan.own if u.id not in free]
    claims: dict[int, int] = {}
    for u in fixed:  # units already moved (or not movable) fight where they stand
        _value, target = plan.attack(u.kind, u.square, claims)
        if target is not None:
            claims[target] = claims.get(target, 0) + 1
    occ = occupancy(view.units)
    contact = contact_squares(view.units, seat)
    for u in order:
        options = reach(plan.board, occ, seat, u.kind, u.square, contact)
        here = plan.occ[u.square]
        here.remove(u.kind)
        best_score, best_target = plan.local(u, u.square, claims)
        best_sq = u.square
        for sq in options:
            if not _fits(plan.occ.get(sq, []) + [u.kind]):
                continue
            score, target = plan.local(u, sq, claims)
            if score > best_score + 1e-9:
                best_score, best_sq, best_target = score, sq, target
        plan.occ.setdefault(best_sq, []).append(u.kind)
        if u.kind == GENERAL:
            plan.general = best_sq
        if best_target is not None:
            claims[best_target] = claims.get(best_target, 0) + 1
        if best_sq != u.square:
            yield Move(u.square, best_sq, (u.id,))


def _next_move(view: MetauroState, seat: Seat) -> Any:
    """The next move planned from this very position. A plan made earlier in the turn is never
    replayed: asked cold or after any other position, the answer is the same."""
    if takes_the_draw(view, seat):
        return Pass()
    move = _plan_next(view, seat)
    if move is not None:
        return move
    if keeps_moving(view, seat):
        return least_bad_move(view, seat)
    return EndMove() if view.moved else Pass()


def quiet(view: MetauroState) -> bool:
    """The enemy passed, with no clash since, and nothing is moved yet: a pass now ends the
    battle drawn, whatever the losses (house rule)."""
    return not view.moved and view.passes == 1


def keeps_moving(view: MetauroState, seat: Seat) -> bool:
    """Whether the strong bot moves some unit rather than pass with nothing moved: when the
    pass would draw a battle it is not losing (the enemy passed)."""
    return quiet(view) and not takes_the_draw(view, seat)


def presses(view: MetauroState, seat: Seat) -> bool:
    """Whether the strong bot presses the enemy (marches for good fights, rides round him for
    his standards): he passed, and losses are level, so waiting can only bring a draw (two
    passes, or level losses at the turn limit)."""
    lost = casualties(view)
    return view.passes == 1 and lost[seat] == lost[1 - seat]


def takes_the_draw(view: MetauroState, seat: Seat) -> bool:
    """Whether the strong bot ends a quiet battle with a pass: only when behind on losses,
    since a draw is all a pass can bring."""
    lost = casualties(view)
    return quiet(view) and lost[seat] > lost[1 - seat]


def least_bad_move(view: MetauroState, seat: Seat) -> Any:
    """Some move rather than a pass that would draw the battle: the unit move of best score,
    even if standing still would score better."""
    plan = Plan(view, seat)
    claims: dict[int, int] = {}
    best: tuple[float, Any] | None = None
    for uid in movable(view):
        u = unit_at(view, uid)
        assert u is not None
        plan.occ[u.square].remove(u.kind)
        for sq in reachable(view, (uid,)):
            score, _ = plan.local(u, sq, claims)
            if best is None or score > best[0]:
                best = (score, Move(u.square, sq, (uid,)))
        plan.occ[u.square].append(u.kind)
    return best[1] if best is not None else Pass()


def best_pair(view: MetauroState, seat: Seat) -> Any:
    pairs = facing_pairs(view)
    if not pairs:
        return AutoPair()
    plan = Plan(view, seat, threats=False)
    by_id = {u.id: u for u in view.units}

    def value(p: tuple[int, int]) -> float:
        a, b = by_id[p[0]], by_id[p[1]]
        return pair_value(
            a.kind,
            plan.bonus(a.kind, a.square),
            plan.own_can_retreat(a.kind, a.square),
            b.kind,
            plan.bonus(b.kind, b.square),
            plan.enemy_can_retreat(b),
        )

    best = max(pairs, key=lambda p: (value(p), -p[0], -p[1]))
    return Pair(*best)


def best_retreat(view: MetauroState, seat: Seat) -> Any:
    options = METAURO.legal_actions(view, seat)
    clash = view.clash
    assert clash is not None and clash.retreating is not None
    u = unit_at(view, clash.retreating)
    assert u is not None
    plan = Plan(view, seat)
    plan.occ[u.square].remove(u.kind)
    return max(
        options,
        key=lambda a: (
            -plan.threat(u.kind, a.to) + 0.2 * plan.bonus(u.kind, a.to) + plan.positional(u, a.to),
            a.to,
        ),
    )


def advance_or_not(view: MetauroState, seat: Seat) -> Any:
    clash = view.clash
    assert clash is not None and clash.advancer is not None and clash.vacated is not None
    u = unit_at(view, clash.advancer)
    assert u is not None
    plan = Plan(view, seat)
    claims: dict[int, int] = {}
    stay, _ = plan.local(u, u.square, claims)
    plan.occ[u.square].remove(u.kind)
    go, _ = plan.local(u, clash.vacated, claims)
    return Advance() if go > stay else NoAdvance()


def strong(view: MetauroState, seat: Seat, rng: random.Random) -> Any:
    """Plans its turn, fights the pairs of best value, guards its general and standards."""
    phase = view.phase
    if phase == DEPLOY:
        return Deploy()
    if phase == MOVE:
        return _next_move(view, seat)
    if phase == PAIR:
        return best_pair(view, seat)
    if phase == RETREAT:
        return best_retreat(view, seat)
    if phase == ADVANCE:
        return advance_or_not(view, seat)
    raise ValueError(f"no move in phase {phase!r}")
