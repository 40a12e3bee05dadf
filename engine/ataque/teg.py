"""The Tenes Empanadas Graciela robot (``teg``), re-created from its published sources
(``robot/ai_fichas.c`` and ``robot/ai.c``): the baseline every Ataque level is measured against.

Territories are scored for placement by its three strategies (conquer a continent, attack weak
neighbours, defend a held continent's borders) and armies handed out one at a time to the best
score, which then drops by 2; continent bonuses go by the defence score alone; it attacks,
always with the most dice, from the territory whose best target scores highest (10 + the army
difference, +1 inside a continent, less a warning for dangerous neighbours) while that score is
positive; after a conquest it moves as many more armies as the conquer-score difference says;
it regroups the armies of territories without enemy neighbours towards the borders; it always
exchanges and never looks at its objective. The score thresholds were written for TEG's own
board and are kept as published. ``strong`` reuses its ``Board`` and ``hand_out``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ataque.actions import Attack, EndPhase, MoveIn, Place, Regroup
from engine.ataque.board import (
    played_this_round,
)
from engine.ataque.data import (
    CONTINENT_OF,
    CONTINENTS,
    NEIGHBOURS,
    TERRITORY_COUNT,
)
from engine.ataque.odds import attack_dice
from engine.ataque.state import (
    ATTACK,
    EXCHANGE,
    MOVE_IN,
    PLACE,
    REGROUP,
    AtaqueState,
    Regrouped,
)
from engine.ataque.turn import (
    CONTINENT_SIZE,
    CROSS_BORDER,
    first_set,
    follow_plan,
    placement_pools,
    turn_events,
)
from engine.core import Seat


class Board:
    """The TEG robot's view of the board: owners and armies, from ``seat``'s side."""

    def __init__(self, view: AtaqueState, seat: Seat, armies: list[int] | None = None):
        self.owner = view.owner
        self.armies = list(view.armies) if armies is None else armies
        self.me = seat
        self.own_cont = [all(self.owner[t] == seat for t in c.territories) for c in CONTINENTS]

    def mine(self, t: int) -> bool:
        return self.owner[t] == self.me

    # ai_fichas_calc_puntaje_conquer
    def conquer(self, t: int) -> int:
        c = CONTINENT_OF[t]
        if self.own_cont[c]:
            return 0
        pc = CONTINENT_SIZE[c]
        pm = em = ee = ple = 0
        for i in CONTINENTS[c].territories:
            if self.mine(i):
                pm += 1
                em += self.armies[i]
            else:
                ee += self.armies[i]
                if i in NEIGHBOURS[t]:
                    ple += 1
        p = 0
        if pc >= 12:
            p += (pm >= 10) + 2 * (pm >= 11) + 7 * (pm >= 12) - 5 * (pm < 7)
        elif pc >= 8:
            p += (pm >= 5) + 2 * (pm >= 7) + 7 * (pm >= 8)
        elif pc >= 6:
            p += 2 * (pm >= 4) + 7 * (pm >= 5)
        if pc >= 4:  # as published: not an ``else``, so every continent gets it
            p += 2 * (pm >= 2) + 3 * (pm >= 3)
        p += ple
        if em > ee:
            p += 3
        if ple == 0:
            p -= 50
        return p

    # ai_fichas_calc_puntaje_defense
    def defense(self, t: int) -> int:
        c = CONTINENT_OF[t]
        if not self.own_cont[c]:
            return 0
        suma = f = 0
        mine = self.armies[t]
        for i in NEIGHBOURS[t]:
            if CONTINENT_OF[i] == c:
                continue
            if not self.mine(i):
                suma += 5
                if self.armies[i] > mine:
                    suma += 6
            else:
                suma += 1
            if mine < 4:
                suma += 3
            f += 1
        p = suma + f // 2
        if f == 0:
            p -= 50
        return p

    # ai_fichas_calc_puntaje_fichas
    def fichas(self, t: int) -> int:
        suma = p1 = p2 = 0
        mine = self.armies[t]
        for i in NEIGHBOURS[t]:
            if self.mine(i):
                continue
            suma += 3
            if mine >= self.armies[i]:
                p2 += 2 + mine - self.armies[i]
            else:
                p1 += self.armies[i] - mine
        if suma == 0:
            return 0
        suma += p1 // 2 + p2 // 2
        size = CONTINENT_SIZE[CONTINENT_OF[t]]
        if size >= 12:
            suma -= 1
        elif size >= 8:
            suma += 1
        elif size >= 6:
            suma += 3
        if size >= 4:
            suma += 3
        return suma

    def score(self, t: int) -> int:
        return self.conquer(t) + self.fichas(t) + self.defense(t)


def hand_out(scores: dict[int, int], count: int, plan: list[int]) -> None:
    """ai_puntaje_sort: each army to the best score (first on ties), which then drops by 2."""
    order = sorted(scores)
    for _ in range(count):
        best = order[0]
        for t in order:
            if scores[t] > scores[best]:
                best = t
        plan[best] += 1
        scores[best] -= 2


def _teg_place(view: AtaqueState, seat: Seat) -> Place:
    general, conts, before = placement_pools(view, seat)
    board = Board(view, seat, before)
    plan = [0] * TERRITORY_COUNT
    for c in conts:  # ai_fichas_en_cont
        scores = {t: board.defense(t) for t in CONTINENTS[c].territories}
        hand_out(scores, CONTINENTS[c].bonus, plan)
    scores = {t: board.score(t) for t in range(TERRITORY_COUNT) if board.mine(t)}
    hand_out(scores, general, plan)
    return follow_plan(view, plan)


def _teg_dangerous(view: AtaqueState, board: Board, src: int, dst: int) -> bool:
    """ai_is_country_peligroso: an enemy who has yet to play this round and out-numbers what
    ``src`` keeps after throwing its dice."""
    if played_this_round(view, board.owner[dst]):
        return False
    a = board.armies[src]
    keep = a - (3 if a > 3 else a - 1)
    return board.armies[dst] > keep


def _teg_attack(view: AtaqueState, seat: Seat, rng: random.Random) -> Attack | EndPhase:
    board = Board(view, seat)
    best_score, best = 0, None
    for src in range(TERRITORY_COUNT):
        a = board.armies[src]
        if not board.mine(src) or a <= 1:
            continue
        warning = 0
        for i in NEIGHBOURS[src]:
            if not board.mine(i) and _teg_dangerous(view, board, src, i):
                warning += board.armies[i] - a
        warning = -(5 + 2 * warning)
        p, dst = 0, -1
        for i in NEIGHBOURS[src]:
            if board.mine(i):
                continue
            d = board.armies[i]
            if a > d:
                score = (CONTINENT_OF[src] == CONTINENT_OF[i]) + 10 + a - d
            else:
                score = 1 if rng.randint(1, 10) > 7 and a > 7 else 0
            score += warning
            if score > p:
                p, dst = score, i
        if dst >= 0 and p > best_score:
            best_score, best = p, (src, dst)
    if best is None:
        return EndPhase()
    src, dst = best
    return Attack(src, dst, attack_dice(board.armies[src]))


def _teg_move_in(view: AtaqueState, seat: Seat) -> MoveIn:
    pending = view.pending
    assert pending is not None
    board = Board(view, seat)
    src, dst = board.score(pending.source), board.score(pending.target)
    return MoveIn(sum(1 for i in range(pending.most) if dst > src + i))


def _teg_regroup(view: AtaqueState, seat: Seat) -> Regroup | EndPhase:
    board = Board(view, seat)
    arrived = view.arrived or (0,) * TERRITORY_COUNT
    done = {e.source for e in turn_events(view) if isinstance(e, Regrouped)}
    for p in range(TERRITORY_COUNT):
        if not board.mine(p) or p in done:
            continue
        if any(not board.mine(i) for i in NEIGHBOURS[p]):
            continue
        free = board.armies[p] - arrived[p]
        if free < 2:
            continue
        move = _teg_regroup_one(board, p, free - 1, arrived[p])
        if move is not None:
            return move
    return EndPhase()


def _teg_regroup_one(board: Board, p: int, cant: int, arrived: int) -> Regroup | None:
    """__ai_reagrupe: from an inner territory towards a border."""
    c = CONTINENT_OF[p]
    if board.own_cont[c]:
        for i in NEIGHBOURS[p]:
            if not board.mine(i) and board.armies[i] > board.armies[p]:
                return Regroup(p, i, cant)
        new_cant = cant
        if board.armies[p] - arrived - cant < 3:  # leave 3 on the continent's border
            new_cant -= 2
        if new_cant > 0:
            for i in NEIGHBOURS[p]:
                if board.mine(i) and CONTINENT_OF[i] != c:
                    return Regroup(p, i, new_cant)
    for i in NEIGHBOURS[p]:
        if board.mine(i) and CONTINENT_OF[i] == c and CROSS_BORDER[i]:
            return Regroup(p, i, cant)
    for i in NEIGHBOURS[p]:
        if board.mine(i) and CONTINENT_OF[i] == c:
            return Regroup(p, i, cant)
    return None


def teg(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """The Tenes Empanadas Graciela robot's heuristic: the baseline to beat."""
    phase = view.phase
    if phase == EXCHANGE:
        return first_set(view, seat)
    if phase == PLACE:
        return _teg_place(view, seat)
    if phase == ATTACK:
        return _teg_attack(view, seat, rng)
    if phase == MOVE_IN:
        return _teg_move_in(view, seat)
    if phase == REGROUP:
        return _teg_regroup(view, seat)
    raise ValueError(f"no move in phase {phase!r}")
