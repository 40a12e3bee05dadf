"""Ataque bots: ``(view, seat, rng) -> action``, reading only their own seat's view.

Each call decides one step of the turn from the view alone; whatever a bot planned at the start
of its placement is rebuilt from the turn's public events (``Placed``, ``Regrouped``), so a
plan survives being asked one step at a time.

``teg`` re-creates the published robot of Tenes Empanadas Graciela (``robot/ai_fichas.c`` and
``robot/ai.c``): territories are scored for placement by its three strategies (conquer a
continent, attack weak neighbours, defend a held continent's borders) and armies handed out one
at a time to the best score, which then drops by 2; continent bonuses go by the defence score
alone; it attacks, always with the most dice, from the territory whose best target scores
highest (10 + the army difference, +1 inside a continent, less a warning for dangerous
neighbours) while that score is positive; after a conquest it moves as many more armies as the
conquer-score difference says; it regroups the armies of territories without enemy neighbours
towards the borders; it always exchanges and never looks at its objective. The score thresholds
were written for TEG's own board and are kept as published.

``easy`` is legal and cautious: it piles its armies on one border, attacks only with a clear
advantage, and at most twice a turn. ``strong`` plays for its objective with the exact odds;
whatever its objective, it turns on a player close to 24 territories, and it throws a single
die only for a purpose beyond a card.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from typing import Any

from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.board import (
    effective_objective,
    enemy_neighbours,
    movable,
    placeable,
    played_this_round,
)
from engine.ataque.data import (
    CONTINENT_OF,
    CONTINENTS,
    CONTINENTS_KIND,
    DESTROY,
    FALLBACK_TERRITORIES,
    NEIGHBOURS,
    OBJECTIVES,
    OCCUPY,
    OCCUPY_TWO,
    TERRITORY_COUNT,
    TWO_ARMY_TERRITORIES,
    sets_in,
)
from engine.ataque.odds import assault, assault_outcomes, attack_dice, conquest_chance
from engine.ataque.state import (
    ATTACK,
    EXCHANGE,
    MOVE_IN,
    PLACE,
    REGROUP,
    AtaqueState,
    Battle,
    Conquered,
    Placed,
    Regrouped,
    Reinforced,
    TurnStarted,
)
from engine.core import Seat

CONTINENT_SIZE = tuple(len(c.territories) for c in CONTINENTS)


def _distances() -> tuple[tuple[int, ...], ...]:
    out = []
    for start in range(TERRITORY_COUNT):
        dist = [-1] * TERRITORY_COUNT
        dist[start] = 0
        queue = deque([start])
        while queue:
            t = queue.popleft()
            for n in NEIGHBOURS[t]:
                if dist[n] < 0:
                    dist[n] = dist[t] + 1
                    queue.append(n)
        out.append(tuple(dist))
    return tuple(out)


DIST = _distances()  # DIST[a][b]: borders crossed from a to b
CROSS_BORDER = tuple(
    any(CONTINENT_OF[n] != CONTINENT_OF[t] for n in NEIGHBOURS[t]) for t in range(TERRITORY_COUNT)
)


def _turn_events(view: AtaqueState) -> list[Any]:
    """The events of the current turn (after its ``TurnStarted``), oldest first."""
    out = []
    for event in reversed(view.log):
        if isinstance(event, TurnStarted):
            break
        out.append(event)
    out.reverse()
    return out


def _first_set(view: AtaqueState, seat: Seat) -> Exchange:
    return Exchange(sets_in(view.players[seat].hand)[0])


def _any_placeable(view: AtaqueState) -> Place:
    for t in range(TERRITORY_COUNT):
        n = placeable(view, t)
        if n:
            return Place(t, n)
    raise ValueError("nothing to place")


def _placement_events(view: AtaqueState) -> tuple[list[Any], bool]:
    """The events of the placement under way, and whether it comes in the middle of the turn:
    armies are placed at the start of a turn, before any battle, or after the battles, when
    an eliminated player's cards took the hand above 5 and were exchanged at once."""
    events = _turn_events(view)
    battles = [i for i, e in enumerate(events) if isinstance(e, Battle)]
    if not battles:
        return events, False
    return events[battles[-1] + 1 :], True


def _placed_this_turn(view: AtaqueState) -> list[int]:
    placed = [0] * TERRITORY_COUNT
    for e in _placement_events(view)[0]:
        if isinstance(e, Placed):
            placed[e.territory] += e.count
    return placed


def follow_plan(view: AtaqueState, plan: list[int]) -> Place:
    """The next Place of a whole-turn plan (armies per territory), minus what is placed."""
    placed = _placed_this_turn(view)
    for t in range(TERRITORY_COUNT):
        want = plan[t] - placed[t]
        if want > 0:
            room = placeable(view, t)
            if room:
                return Place(t, min(want, room))
    return _any_placeable(view)


def placement_pools(view: AtaqueState, seat: Seat) -> tuple[int, tuple[int, ...], list[int]]:
    """(general armies, bonus continents, armies before placing) of the placement under
    way. Continent bonuses come only with the turn's reinforcements, never mid-turn."""
    events, mid_turn = _placement_events(view)
    placed = _placed_this_turn(view)
    conts: tuple[int, ...] = ()
    if not mid_turn:
        reinforced = [e for e in events if isinstance(e, Reinforced) and e.seat == seat]
        conts = reinforced[-1].continents if reinforced else ()
    total = view.to_place + sum(view.bonus_left) + sum(placed)
    general = total - sum(CONTINENTS[c].bonus for c in conts)
    before = [a - p for a, p in zip(view.armies, placed, strict=True)]
    return general, conts, before


# --- teg ---------------------------------------------------------------------------------------


class _Board:
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


def _teg_hand_out(scores: dict[int, int], count: int, plan: list[int]) -> None:
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
    board = _Board(view, seat, before)
    plan = [0] * TERRITORY_COUNT
    for c in conts:  # ai_fichas_en_cont
        scores = {t: board.defense(t) for t in CONTINENTS[c].territories}
        _teg_hand_out(scores, CONTINENTS[c].bonus, plan)
    scores = {t: board.score(t) for t in range(TERRITORY_COUNT) if board.mine(t)}
    _teg_hand_out(scores, general, plan)
    return follow_plan(view, plan)


def _teg_dangerous(view: AtaqueState, board: _Board, src: int, dst: int) -> bool:
    """ai_is_country_peligroso: an enemy who has yet to play this round and out-numbers what
    ``src`` keeps after throwing its dice."""
    if played_this_round(view, board.owner[dst]):
        return False
    a = board.armies[src]
    keep = a - (3 if a > 3 else a - 1)
    return board.armies[dst] > keep


def _teg_attack(view: AtaqueState, seat: Seat, rng: random.Random) -> Attack | EndPhase:
    board = _Board(view, seat)
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
    board = _Board(view, seat)
    src, dst = board.score(pending.source), board.score(pending.target)
    return MoveIn(sum(1 for i in range(pending.most) if dst > src + i))


def _teg_regroup(view: AtaqueState, seat: Seat) -> Regroup | EndPhase:
    board = _Board(view, seat)
    arrived = view.arrived or (0,) * TERRITORY_COUNT
    done = {e.source for e in _turn_events(view) if isinstance(e, Regrouped)}
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


def _teg_regroup_one(board: _Board, p: int, cant: int, arrived: int) -> Regroup | None:
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
        return _first_set(view, seat)
    if phase == PLACE:
        return _teg_place(view, seat)
    if phase == ATTACK:
        return _teg_attack(view, seat, rng)
    if phase == MOVE_IN:
        return _teg_move_in(view, seat)
    if phase == REGROUP:
        return _teg_regroup(view, seat)
    raise ValueError(f"no move in phase {phase!r}")


# --- easy --------------------------------------------------------------------------------------

EASY_CONQUESTS = 2


def easy(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """Legal and cautious: one pile on a border, clear-advantage attacks, no regrouping."""
    phase = view.phase
    if phase == EXCHANGE:
        return _first_set(view, seat)
    if phase == PLACE:
        borders = [
            t for t in range(TERRITORY_COUNT) if placeable(view, t) and enemy_neighbours(view, t)
        ]
        if not borders:
            return _any_placeable(view)
        t = max(borders, key=lambda t: (view.armies[t], -t))
        return Place(t, placeable(view, t))
    if phase == ATTACK:
        done = sum(1 for e in _turn_events(view) if isinstance(e, Conquered))
        if done >= EASY_CONQUESTS:
            return EndPhase()
        options = []
        for src in range(TERRITORY_COUNT):
            a = view.armies[src]
            if view.owner[src] != seat or a < 4:
                continue
            for dst in NEIGHBOURS[src]:
                if view.owner[dst] != seat and a >= view.armies[dst] + 3:
                    options.append((src, dst))
        if not options:
            return EndPhase()
        src, dst = rng.choice(options)
        return Attack(src, dst, attack_dice(view.armies[src]))
    if phase == MOVE_IN:
        return MoveIn(0)
    if phase == REGROUP:
        return EndPhase()
    raise ValueError(f"no move in phase {phase!r}")


# --- strong ------------------------------------------------------------------------------------

P = {
    "cont_base": 3.0,
    "cont_scale": 8.0,
    "occupy": 2.0,
    "occupy_two": 1.5,
    "destroy": 5.0,
    "deny_full": 1.0,
    "deny_near": 0.5,
    "kill": 1.0,
    "big": 2.0,
    "place_obj": 8.0,
    "guard": 1.0,
    "p_floor": 0.35,
    "p_base": 0.7,
    "p_slope": 0.04,
    "card": 3.0,
    "step": 1.0,
    "danger": 40.0,
    "min_gain": 0.02,
    "strike": 0.3,
    "loss": 0.3,
    "spread": 0.0,
    "income": 3.0,
    "hold_income": 0.0,
    "leader": 6.0,
    "one_die": 3.0,
}


def _front_distance(view: AtaqueState, seat: Seat) -> list[int]:
    """For each own territory, how many steps through own territory to an enemy border."""
    dist = [-1] * TERRITORY_COUNT
    queue: deque[int] = deque()
    for t in range(TERRITORY_COUNT):
        if view.owner[t] == seat and any(view.owner[n] != seat for n in NEIGHBOURS[t]):
            dist[t] = 0
            queue.append(t)
    while queue:
        t = queue.popleft()
        for n in NEIGHBOURS[t]:
            if view.owner[n] == seat and dist[n] < 0:
                dist[n] = dist[t] + 1
                queue.append(n)
    return dist


class _Values:
    """What ``strong`` wants: ``val[t]`` is worth of owning territory ``t`` beyond the
    territory itself (objective, denial, finishing a player); ``wanted`` the objective's
    continents (with the chosen extra one)."""

    def __init__(self, view: AtaqueState, seat: Seat, params: Mapping[str, float] = P):
        owner = view.owner
        n = len(view.players)
        self.me = seat
        self.mine = [o == seat for o in owner]
        cont_count = [[0] * n for _ in CONTINENTS]
        for t in range(TERRITORY_COUNT):
            cont_count[CONTINENT_OF[t]][owner[t]] += 1
        self.cont_count = cont_count
        held = [sum(1 for o in owner if o == s) for s in range(n)]
        self.held = held
        self.count = held[seat]
        card = OBJECTIVES[effective_objective(view, seat)]
        self.card = card
        val = [0.0] * TERRITORY_COUNT
        self.wanted: list[int] = []
        if card.kind == CONTINENTS_KIND:
            wanted = list(card.continents)
            if card.extra:
                wanted.append(self._extra(view, card.continents))
            self.wanted = wanted
            for c in wanted:
                share = cont_count[c][seat] / CONTINENT_SIZE[c]
                w = params["cont_base"] + params["cont_scale"] * share
                for t in CONTINENTS[c].territories:
                    val[t] += w
        elif card.kind == OCCUPY:
            for t in range(TERRITORY_COUNT):
                val[t] += params["occupy"]
        elif card.kind == OCCUPY_TWO:
            for t in range(TERRITORY_COUNT):
                val[t] += params["occupy_two"]
        elif card.kind == DESTROY:
            left = held[card.colour]
            for t in range(TERRITORY_COUNT):
                if owner[t] == card.colour:
                    val[t] += params["destroy"] * (1.0 + 3.0 / max(1, left))
        # Continent bonuses: worth having whatever the objective.
        if params["income"]:
            for c, cont in enumerate(CONTINENTS):
                share = cont_count[c][seat] / CONTINENT_SIZE[c]
                if share >= 0.5:
                    w = params["income"] * cont.bonus * share * share
                    for t in cont.territories:
                        if not self.mine[t]:
                            val[t] += w
        # Stepping stones: enemy territories on the way to what the objective wants.
        goals = [t for t in range(TERRITORY_COUNT) if val[t] > 0 and not self.mine[t]]
        if goals:
            step = params["step"]
            for t in range(TERRITORY_COUNT):
                if self.mine[t] or val[t] > 0:
                    continue
                near = max(val[g] * 0.5 ** DIST[t][g] for g in goals)
                val[t] += step * near
        for c, cont in enumerate(CONTINENTS):
            for s in range(n):
                if s == seat or not view.players[s].alive:
                    continue
                missing = CONTINENT_SIZE[c] - cont_count[c][s]
                if missing == 0:
                    w = params["deny_full"] * cont.bonus
                elif missing == 1:
                    w = params["deny_near"] * cont.bonus
                else:
                    continue
                for t in cont.territories:
                    if owner[t] == s:
                        val[t] += w
        for s in range(n):
            p = view.players[s]
            if s == seat or not p.alive:
                continue
            if 0 < held[s] <= 3:
                w = params["kill"] * (1.0 + len(p.hand)) / held[s]
                for t in range(TERRITORY_COUNT):
                    if owner[t] == s:
                        val[t] += w
            if held[s] >= FALLBACK_TERRITORIES - 4:
                for t in range(TERRITORY_COUNT):
                    if owner[t] == s:
                        val[t] += params["big"]
        if params["leader"]:
            for t, w in enumerate(_leaders(view, seat, held)):
                val[t] += params["leader"] * w
        if params["danger"]:
            for t, d in enumerate(_danger(view, seat, cont_count, held)):
                val[t] += params["danger"] * d
        self.val = val

    def _extra(self, view: AtaqueState, named: tuple[int, ...]) -> int:
        best, best_cost = -1, 1e9
        for c, cont in enumerate(CONTINENTS):
            if c in named:
                continue
            cost = sum(view.armies[t] + 1 for t in cont.territories if view.owner[t] != self.me)
            cost += 1.5 * len(cont.territories)
            if cost < best_cost:
                best, best_cost = c, cost
        return best


_GAP = (0.0, 1.0, 0.6, 0.35, 0.2, 0.1, 0.05)


def _gap_weight(missing: int) -> float:
    missing = max(1, missing)
    return _GAP[missing] if missing < len(_GAP) else 0.0


def _leaders(view: AtaqueState, seat: Seat, held: list[int]) -> list[float]:
    """For each territory, how near its owner is to 24 territories: about to win in plain
    sight (that objective, a destroy one fallen back to it, or simply the board), so every
    other player wants his territories, whatever his objective may be."""
    near = [
        0.0 if s == seat or not p.alive else _gap_weight(FALLBACK_TERRITORIES - held[s])
        for s, p in enumerate(view.players)
    ]
    return [near[o] for o in view.owner]


def _danger(
    view: AtaqueState, seat: Seat, cont_count: list[list[int]], held: list[int]
) -> list[float]:
    """For each territory, how much taking it would set back an opponent close to one of the
    objectives he might hold: each objective not ours and not already met by him (he would
    have won) equally likely."""
    n = len(view.players)
    mine = view.players[seat].objective
    pool = [
        o
        for o, card in enumerate(OBJECTIVES)
        if o != mine and not (card.kind == DESTROY and card.colour >= n)
    ]
    out = [0.0] * TERRITORY_COUNT
    owner, armies = view.owner, view.armies
    for s in range(n):
        player = view.players[s]
        if s == seat or not player.alive:
            continue
        theirs = [t for t in range(TERRITORY_COUNT) if owner[t] == s]
        two = [t for t in theirs if armies[t] >= 2]
        threats: list[tuple[int, list[int]]] = []
        possible = 0
        for o in pool:
            card = OBJECTIVES[o]
            kind = card.kind
            if kind == DESTROY:
                victim = view.players[card.colour]
                if card.colour == s or (not victim.alive and victim.eliminated_by != s):
                    kind = OCCUPY
                else:
                    possible += 1
                    continue
            if kind == OCCUPY:
                missing, critical = FALLBACK_TERRITORIES - held[s], theirs
            elif kind == OCCUPY_TWO:
                missing, critical = TWO_ARMY_TERRITORIES - len(two), two
            else:
                missing = sum(CONTINENT_SIZE[c] - cont_count[c][s] for c in card.continents)
                extra_c = -1
                if card.extra:
                    extra_c = min(
                        (c for c in range(len(CONTINENTS)) if c not in card.continents),
                        key=lambda c: CONTINENT_SIZE[c] - cont_count[c][s],
                    )
                    missing += CONTINENT_SIZE[extra_c] - cont_count[extra_c][s]
                critical = [
                    t
                    for t in theirs
                    if CONTINENT_OF[t] in card.continents or CONTINENT_OF[t] == extra_c
                ]
            if missing <= 0:
                continue  # met already: he would have won, so it is not his
            possible += 1
            threats.append((missing, critical))
        if not possible:
            continue
        share = 1.0 / possible
        for missing, critical in threats:
            w = share * _gap_weight(missing)
            if w:
                for t in critical:
                    out[t] += w
    return out


def _threat(view: AtaqueState, mine: list[bool], t: int) -> int:
    return max((view.armies[n] for n in NEIGHBOURS[t] if not mine[n]), default=0)


def _needed(view: AtaqueState, values: _Values) -> tuple[list[int], int]:
    """The enemy territories the objective asks for, and how many of them must fall."""
    card, mine = values.card, values.mine
    if card.kind == CONTINENTS_KIND:
        need = [t for c in values.wanted for t in CONTINENTS[c].territories if not mine[t]]
        return need, len(need)
    if card.kind == DESTROY:
        need = [t for t in range(TERRITORY_COUNT) if view.owner[t] == card.colour]
        return need, len(need)
    near = [
        t for t in range(TERRITORY_COUNT) if not mine[t] and any(mine[n] for n in NEIGHBOURS[t])
    ]
    if card.kind == OCCUPY:
        return near, card.territories - values.count
    two = sum(1 for t in range(TERRITORY_COUNT) if mine[t] and view.armies[t] >= 2)
    return near, card.territories - two


def _assign(
    mine: list[bool], targets: list[int], armies: list[int]
) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Who attacks what: each target to the adjacent own territory with most armies (the
    roots), and targets with no own neighbour to an adjacent root target (chained)."""
    roots: dict[int, list[int]] = {}
    chained: dict[int, list[int]] = {}
    placed = set()
    for x in targets:
        sources = [n for n in NEIGHBOURS[x] if mine[n]]
        if sources:
            s = max(sources, key=lambda n: (armies[n], -n))
            roots.setdefault(s, []).append(x)
            placed.add(x)
    for x in targets:
        if x in placed:
            continue
        via = [n for n in NEIGHBOURS[x] if n in placed]
        if via:
            chained.setdefault(min(via), []).append(x)
    return roots, chained


def _chain(
    a: int, xs: list[int], chained: dict[int, list[int]], armies: list[int], most: int
) -> dict[int, float]:
    """Chance of taking each target of one source's chain, attacking in order, each success
    needed for the next (expected armies carried forward)."""
    out: dict[int, float] = {}
    alive = 1.0
    for x in sorted(xs, key=lambda t: (armies[t], t)):
        if a < 2:
            out[x] = 0.0
            continue
        p, left = assault_outcomes(a, armies[x])
        alive *= p
        out[x] = alive
        kids = chained.get(x, ())
        moved = min(most, max(1, int(left + 0.5) - 1)) if kids else 1
        a = int(left + 0.5) - moved
        carry = moved
        sub = alive
        for y in sorted(kids, key=lambda t: (armies[t], t)):
            if carry < 2:
                out[y] = 0.0
                continue
            q, rest = assault_outcomes(carry, armies[y])
            sub *= q
            out[y] = sub
            carry = min(most, int(rest + 0.5) - 1)
    return out


class _Strike:
    """The objective's targets this turn, how they are split among own territories, and the
    chance of taking them for a given spread of armies."""

    def __init__(self, view: AtaqueState, values: _Values, armies: list[int]):
        self.view = view
        self.values = values
        self.targets, self.k = _needed(view, values)
        self.roots, self.chained = _assign(values.mine, self.targets, armies)
        self.most = view.conquest_most
        self._memo: dict[tuple[int, int], dict[int, float]] = {}

    def chances(self, s: int, a: int, armies: list[int]) -> dict[int, float]:
        key = (s, a)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = _chain(a, self.roots[s], self.chained, armies, self.most)
        return got

    def worth(self, s: int, a: int, armies: list[int]) -> float:
        val = self.values.val
        return sum((1.0 + val[x]) * p for x, p in self.chances(s, a, armies).items())

    def all_chance(self, armies: list[int]) -> float:
        """The chance of meeting the objective this turn (k targets of the list falling)."""
        if self.k <= 0:
            return 1.0
        ps: list[float] = []
        for s in self.roots:
            ps.extend(self.chances(s, armies[s], armies).values())
        if len(ps) < self.k:
            return 0.0
        card = self.values.card
        if card.kind in (CONTINENTS_KIND, DESTROY):
            if len(ps) < len(self.targets):
                return 0.0
            out = 1.0
            for p in ps:
                out *= p
            return out
        ps.sort(reverse=True)
        out = 1.0
        for p in ps[: self.k]:
            out *= p
        return out


def _strong_place(view: AtaqueState, seat: Seat, params: Mapping[str, float] = P) -> Place:
    general, conts, before = placement_pools(view, seat)
    values = _Values(view, seat, params)
    mine = values.mine
    plan = [0] * TERRITORY_COUNT
    armies = list(before)
    # 18 territories with 2 armies: met by placing alone?
    if values.card.kind == OCCUPY_TWO and values.count >= TWO_ARMY_TERRITORIES:
        two = sum(1 for t in range(TERRITORY_COUNT) if mine[t] and armies[t] >= 2)
        ones = [t for t in range(TERRITORY_COUNT) if mine[t] and armies[t] < 2]
        if TWO_ARMY_TERRITORIES - two <= general:
            for t in ones[: TWO_ARMY_TERRITORIES - two]:
                plan[t] += 1
    strike = _Strike(view, values, armies)
    board = _Board(view, seat, before)
    guard_val = [0.0] * TERRITORY_COUNT
    for t in range(TERRITORY_COUNT):
        c = CONTINENT_OF[t]
        if not mine[t]:
            continue
        if c in values.wanted and values.val[t] > 0:
            if values.cont_count[c][seat] >= CONTINENT_SIZE[c] - 2:
                guard_val[t] = values.val[t] * params["guard"]
        if values.cont_count[c][seat] == CONTINENT_SIZE[c]:
            guard_val[t] += params["hold_income"] * CONTINENTS[c].bonus

    def gain(t: int, a: int) -> float:
        g = 0.0
        if t in strike.roots:
            g += strike.worth(t, a + 1, armies) - strike.worth(t, a, armies)
        if guard_val[t]:
            threat = _threat(view, mine, t)
            if threat >= 2:
                g += guard_val[t] * (conquest_chance(threat, a) - conquest_chance(threat, a + 1))
        return g

    def spend(count: int, allowed: list[int]) -> None:
        for _ in range(count):
            best, best_gain = -1, params["min_gain"]
            for t in allowed:
                g = gain(t, armies[t] + plan[t])
                if g > best_gain:
                    best, best_gain = t, g
            if best < 0:
                break
            plan[best] += 1
            count -= 1
        if count <= 0:
            return
        scores = {t: board.score(t) for t in allowed}
        extra = [0] * TERRITORY_COUNT
        _teg_hand_out(scores, count, extra)
        for t in range(TERRITORY_COUNT):
            plan[t] += extra[t]

    for c in conts:
        spend(CONTINENTS[c].bonus, list(CONTINENTS[c].territories))
    left = max(0, general - sum(plan) + sum(CONTINENTS[c].bonus for c in conts))
    own = [t for t in range(TERRITORY_COUNT) if mine[t]]
    spread = int(left * params["spread"] + 0.5)
    spend(left - spread, own)
    if spread:
        scores = {t: board.score(t) for t in own}
        extra = [0] * TERRITORY_COUNT
        _teg_hand_out(scores, spread, extra)
        for t in range(TERRITORY_COUNT):
            plan[t] += extra[t]
    return follow_plan(view, plan)


def _strong_attack(
    view: AtaqueState, seat: Seat, params: Mapping[str, float] = P
) -> Attack | EndPhase:
    values = _Values(view, seat, params)
    armies = list(view.armies)
    strike = _Strike(view, values, armies)
    if strike.k > 0 and strike.all_chance(armies) >= params["strike"]:
        best, best_p = None, 0.0
        for s, xs in strike.roots.items():
            if armies[s] < 2:
                continue
            for x in xs:
                p = conquest_chance(armies[s], armies[x])
                if p > best_p:
                    best, best_p = (s, x), p
        if best is not None:
            return Attack(best[0], best[1], attack_dice(armies[best[0]]))
    conquered = any(isinstance(e, Conquered) for e in _turn_events(view))
    best, best_value = None, 0.0
    for src in range(TERRITORY_COUNT):
        a = view.armies[src]
        if not values.mine[src] or a < 2:
            continue
        for dst in NEIGHBOURS[src]:
            if values.mine[dst]:
                continue
            if a == 2 and values.val[dst] < params["one_die"]:
                continue  # a single die, for nothing but a card
            d = view.armies[dst]
            p, _, left = assault(a, d)
            v = 1.0 + values.val[dst] + (0.0 if conquered else params["card"])
            need = max(params["p_floor"], params["p_base"] - params["p_slope"] * v)
            if p < need:
                continue
            score = p * v - params["loss"] * (a - left)
            if score > best_value:
                best, best_value = (src, dst), score
    if best is None:
        return EndPhase()
    src, dst = best
    return Attack(src, dst, attack_dice(view.armies[src]))


def _strong_move_in(view: AtaqueState, seat: Seat) -> MoveIn:
    pending = view.pending
    assert pending is not None
    src, dst = pending.source, pending.target
    mine = [o == seat for o in view.owner]
    card = OBJECTIVES[effective_objective(view, seat)]
    if card.kind == OCCUPY_TWO and view.armies[src] >= 3:
        return MoveIn(min(pending.most, max(1, view.armies[src] - 3)))
    src_enemies = sum(view.armies[n] for n in NEIGHBOURS[src] if not mine[n])
    dst_enemies = sum(view.armies[n] for n in NEIGHBOURS[dst] if not mine[n])
    if dst_enemies and (not src_enemies or dst_enemies >= src_enemies):
        return MoveIn(pending.most)
    if not src_enemies:
        return MoveIn(pending.most)
    return MoveIn(0)


def _strong_regroup(view: AtaqueState, seat: Seat) -> Regroup | EndPhase:
    card = OBJECTIVES[effective_objective(view, seat)]
    if card.kind == OCCUPY_TWO:
        # Lift single armies to 2 from a neighbour that keeps 2 itself.
        for t in range(TERRITORY_COUNT):
            if view.owner[t] != seat or view.armies[t] >= 2:
                continue
            for n in NEIGHBOURS[t]:
                if view.owner[n] == seat and view.armies[n] >= 3 and movable(view, n):
                    return Regroup(n, t, 1)
    dist = _front_distance(view, seat)
    for t in range(TERRITORY_COUNT):
        if view.owner[t] != seat or dist[t] <= 0:
            continue
        free = movable(view, t)
        if card.kind == OCCUPY_TWO:
            free = min(free, view.armies[t] - 2)
        if free <= 0:
            continue
        closer = [n for n in NEIGHBOURS[t] if view.owner[n] == seat and 0 <= dist[n] < dist[t]]
        if closer:
            target = max(closer, key=lambda n: (-dist[n], view.armies[n], -n))
            return Regroup(t, target, free)
    return EndPhase()


def _best_set(view: AtaqueState, seat: Seat) -> Exchange:
    """The set giving the most +2 bonuses, keeping wildcards when it can."""
    hand_sets = sets_in(view.players[seat].hand)

    def key(cards: tuple[int, ...]) -> tuple[int, int]:
        bonus = sum(1 for c in cards if c < TERRITORY_COUNT and view.owner[c] == seat)
        wild = sum(1 for c in cards if c >= TERRITORY_COUNT)
        return bonus, -wild

    return Exchange(max(hand_sets, key=key))


def strong(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """Plays for its objective with the exact odds; see the module docstring."""
    return strong_move(view, seat, P)


def strong_move(view: AtaqueState, seat: Seat, params: Mapping[str, float]) -> Any:
    """``strong``'s move with its weights ``params`` (``P`` and variations of it: the
    ``expert`` plays a few in its look-ahead)."""
    phase = view.phase
    if phase == EXCHANGE:
        return _best_set(view, seat)
    if phase == PLACE:
        return _strong_place(view, seat, params)
    if phase == ATTACK:
        return _strong_attack(view, seat, params)
    if phase == MOVE_IN:
        return _strong_move_in(view, seat)
    if phase == REGROUP:
        return _strong_regroup(view, seat)
    raise ValueError(f"no move in phase {phase!r}")
