"""The Ataque bots ``easy`` and ``strong``: ``(view, seat, rng) -> action``, each reading only
its own seat's view.

Each call decides one step of the turn from the view alone; whatever a bot planned at the start
of its placement is rebuilt from the turn's public events (``Placed``, ``Regrouped``), so a
plan survives being asked one step at a time.

``teg``, the Tenes Empanadas Graciela robot, is in ``engine.ataque.teg``; ``strong`` uses
its board and its way of handing out armies.

``easy`` is legal and cautious: it piles its armies on one border, attacks only with a clear
advantage, and at most twice a turn. ``strong`` plays for its objective with the exact odds;
whatever its objective, it turns on a player close to 24 territories, and it throws a single
die only for a purpose beyond a card.

The module is longer than the usual 600 lines for one reason: ``strong`` is one bot whose
placement, attacks, moves-in and regroups all read the same private valuation of the position
(``_Values``, ``_danger``, ``_needed``); split across modules those pieces would be public
names that nothing else should call.
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
    Conquered,
)
from engine.ataque.teg import Board, hand_out
from engine.ataque.turn import (
    CONTINENT_SIZE,
    DIST,
    any_placeable,
    first_set,
    follow_plan,
    placement_pools,
    turn_events,
)
from engine.core import Seat

# --- easy --------------------------------------------------------------------------------------

EASY_CONQUESTS = 2


def easy(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """Legal and cautious: one pile on a border, clear-advantage attacks, no regrouping."""
    phase = view.phase
    if phase == EXCHANGE:
        return first_set(view, seat)
    if phase == PLACE:
        borders = [
            t for t in range(TERRITORY_COUNT) if placeable(view, t) and enemy_neighbours(view, t)
        ]
        if not borders:
            return any_placeable(view)
        t = max(borders, key=lambda t: (view.armies[t], -t))
        return Place(t, placeable(view, t))
    if phase == ATTACK:
        done = sum(1 for e in turn_events(view) if isinstance(e, Conquered))
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
    board = Board(view, seat, before)
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
        hand_out(scores, count, extra)
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
        hand_out(scores, spread, extra)
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
    conquered = any(isinstance(e, Conquered) for e in turn_events(view))
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
