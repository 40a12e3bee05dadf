"""Ataque's searching bot: ``strong``'s plans tried on sampled worlds, the best one played.

At a placement or an attack, four plans (``engine.ataque.plans``: ``strong`` itself, bolder,
more careful, fortifying) and, once a territory was taken this turn, stopping, each propose a
move. When they disagree, every proposal is played on the same sampled worlds (the other
objectives and cards dealt from those still possible, fresh dice): the move, then the rest of
the turn by the plan that proposed it, an attack pressed on while its odds stay good, then the
others' turns by the TEG robot's policy (cheap, and aggressive wherever it out-numbers a
neighbour) until the bot's own next turn begins. That position is judged by
``engine.ataque.evaluation`` (each army's chance to win, fitted on the positions at the start
of a turn); an objective met by anybody on the way ends the playout. Looking past the end of
its own turn is what lets the search see a territory left open, a continent about to be
taken back, or an opponent about to meet his objective by accident. ``strong``'s own move is
kept unless another beats it by ``PRIOR``; a proposal clearly ahead on the first few worlds is
played without the rest. A placement goes on as the look-ahead played it (only the plans that
would have placed the same armies so far still propose), and so does an attack under way;
exchanges, moving in and regrouping are ``strong``'s. Once a turn has begun ``FULL_SEARCHES``
attacks, the next ones are searched with half the playouts, and from ``LAST_SEARCH`` on they are
``strong``'s, so that a whole turn stays within a second."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import attrs

from engine import search
from engine.ataque.actions import Attack, EndPhase, Place
from engine.ataque.ai import P, placement_pools, strong_move, teg
from engine.ataque.data import CONTINENTS
from engine.ataque.evaluation import win_chances
from engine.ataque.inference import Belief, beliefs
from engine.ataque.odds import attack_dice, conquest_chance
from engine.ataque.plans import PLANS, Plan
from engine.ataque.rules import ATAQUE
from engine.ataque.sampling import fill, possible_objectives
from engine.ataque.state import ATTACK, OVER, PLACE, AtaqueState, Battle, Placed, TurnStarted
from engine.core import Seat
from engine.rng import Rng

# Playouts per decision, before the bench's scaling: each plays the others' round too (about
# 25 ms), so 16 keep a turn at 0.4–0.7 s on average here; 16 with the round beat 40 without.
PLAYOUTS = 16
MAX_PLIES = 200  # a turn longer than this is judged where it stands
PRIOR = 0.02  # strong's own move is kept unless another is better by more than this
PRESS_ON = 0.5  # in the look-ahead, an attack goes on while its chance is at least this
EARLY = 4  # worlds of the first look at a decision (see ``_search``), a quarter of the budget
ROUND_PLIES = 600  # the others' turns longer than this, all told, are judged where they stand
# A turn's time is its searches': turns of six to nine attacks took 1.2–2 s of CPU, over the
# one-second budget for a whole turn. The first attacks of a turn get the whole budget, the
# next ones half of it, and from the sixth on the attacks are strong's (the search's default).
FULL_SEARCHES = 3
LAST_SEARCH = 5


def determinize(view: AtaqueState, seat: Seat, rng: random.Random) -> AtaqueState:
    """A full state consistent with ``view``: see ``engine.ataque.sampling``."""
    return fill(view, seat, rng)


def this_turn(state: AtaqueState) -> AtaqueState:
    """``state`` with its log cut to the turn under way: all the bots read of the past, and
    what keeps a look-ahead from copying a whole game's log at every step."""
    log = state.log
    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], TurnStarted):
            return attrs.evolve(state, log=log[i:])
    return state


def following(view: AtaqueState, seat: Seat) -> tuple[Plan, ...]:
    """The plans that would have placed just what this placement placed so far (all of them
    before its first army). The look-ahead played the rest of the placement by the plan that
    proposed the first move, so that plan is among them and the placement is searched again
    only where the plans that agree so far part ways."""
    log = view.log
    k = 0
    while k < len(log) and isinstance(log[-1 - k], Placed):
        k += 1
    if view.phase != PLACE or not k:
        return PLANS
    general, conts, before = placement_pools(view, seat)
    bonus = [0] * len(CONTINENTS)
    for c in conts:
        bonus[c] = CONTINENTS[c].bonus
    start = attrs.evolve(
        view, armies=tuple(before), to_place=general, bonus_left=tuple(bonus), log=log[:-k]
    )
    out = []
    for plan in PLANS:
        state = start
        for event in log[-k:]:
            action = plan(state, seat)
            if action != Place(event.territory, event.count):
                break
            state = ATAQUE.apply(state, seat, action)
        else:
            if state == view:
                out.append(plan)
    return tuple(out) or PLANS


def proposals(view: AtaqueState, seat: Seat) -> dict[Any, Plan]:
    """The distinct moves the plans still followed propose (and stopping, in the attack),
    each with the first plan that proposed it: the one that plays on after it in the
    look-ahead."""
    out: dict[Any, Plan] = {}
    for plan in following(view, seat):
        out.setdefault(plan(view, seat), plan)
    if view.phase == ATTACK and (view.conquered or EndPhase() in out):
        out.setdefault(EndPhase(), PLANS[0])
    return out


def finish_turn(state: AtaqueState, seat: Seat, plan: Plan) -> AtaqueState:
    """Play ``seat``'s turn to its end with ``plan`` (nothing if it is over). An attack the
    plan starts goes on, with the most dice, until the territory falls or the odds drop below
    ``PRESS_ON`` (what the plans would do throw by throw, asked once)."""
    turn = state.turn
    for _ in range(MAX_PLIES):
        if state.phase == OVER or state.turn != turn or state.active != seat:
            break
        action = plan(state, seat)
        state = ATAQUE.apply(state, seat, action)
        if isinstance(action, Attack):
            state = press_on(state, seat, action.source, action.target)
    return state


def press_on(state: AtaqueState, seat: Seat, source: int, target: int) -> AtaqueState:
    """Keep throwing at ``target`` while it stands and the chance to take it is good."""
    while (
        state.phase == ATTACK
        and state.owner[target] != seat
        and conquest_chance(state.armies[source], state.armies[target]) >= PRESS_ON
    ):
        state = ATAQUE.apply(state, seat, Attack(source, target, attack_dice(state.armies[source])))
    return state


Model = Callable[[AtaqueState, Seat, random.Random], Any]
Value = Callable[[Any, int], float]


def _strong(state: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    return strong_move(state, seat, P)


def models(
    world: AtaqueState, seat: Seat, beliefs: tuple[Belief | None, ...], rng: random.Random | None
) -> tuple[Model, ...]:
    """How each other seat plays in ``world``: ``strong`` or the TEG robot, drawn from what
    its moves so far say of it, given the objective the world dealt it (without ``rng``, the
    likelier of the two)."""
    out: list[Model] = []
    for s, belief in enumerate(beliefs):
        draw = 0.5 if rng is None else rng.random()
        plays_strong = belief is not None and draw < belief.plays_strong(world.players[s].objective)
        out.append(_strong if plays_strong else teg)
    return tuple(out)


def others_play(
    state: AtaqueState, seat: Seat, players: tuple[Model, ...], rng: random.Random
) -> AtaqueState:
    """The other seats' turns, each by its model, until ``seat``'s next turn starts (or the
    game ends). ``rng`` is the TEG robot's own (a rare tie-break)."""
    for _ in range(ROUND_PLIES):
        if state.phase == OVER or state.active == seat:
            break
        active = state.active
        state = ATAQUE.apply(state, active, players[active](state, active, rng))
    return state


def judge(state: AtaqueState, seat: Seat) -> float:
    """``seat``'s chance to win: 1 or 0 once the game is over (a draw shared), else the
    evaluation's."""
    if state.phase == OVER:
        if not state.winners:
            return 1.0 / len(state.players)
        return 1.0 if seat in state.winners else 0.0
    return win_chances(state)[seat]


World = Callable[[int], tuple[AtaqueState, tuple[Model, ...]]]


def playout_value(seat: Seat, world: World, plan_of: Callable[[Any], Plan]) -> Value:
    """``value(action, i)``: ``seat``'s chance to win after playing ``action`` in world ``i``,
    the rest of the turn by ``plan_of(action)`` and the others' round by their models (each
    world drawn once, however many actions are scored on it)."""
    worlds: dict[int, tuple[AtaqueState, tuple[Model, ...]]] = {}

    def value(action: Any, i: int) -> float:
        got = worlds.get(i)
        if got is None:
            got = worlds[i] = world(i)
        start, players = got
        state = ATAQUE.apply(start, seat, action)
        if isinstance(action, Attack):
            state = press_on(state, seat, action.source, action.target)
        state = finish_turn(state, seat, plan_of(action))
        return judge(others_play(state, seat, players, random.Random(i)), seat)

    return value


def _search(
    view: AtaqueState, seat: Seat, world: World, playouts: int, min_worlds: int, early: int
) -> Any:
    """The proposal that plays best on the worlds; ``early`` worlds are a first look (the
    search core's ``probe``): most decisions are clear there (150 of 180 sampled from bot
    games), and on every one of those the full budget picked the same move."""
    options = proposals(view, seat)
    if len(options) == 1:
        return next(iter(options))
    value = playout_value(seat, world, options.__getitem__)
    return search.best_action(
        list(options), value, playouts, min_worlds=min_worlds, head_start=PRIOR, probe=early
    )


def attacks_begun(view: AtaqueState) -> int:
    """How many attacks the turn under way has begun: each was a searched decision."""
    count, later = 0, None
    for event in reversed(view.log):
        if isinstance(event, TurnStarted):
            break
        if isinstance(event, Battle):
            if (event.source, event.target) != later:
                count += 1
            later = (event.source, event.target)
    return count


def playouts_now(view: AtaqueState) -> int:
    """The search budget of this decision: halved once the turn has begun ``FULL_SEARCHES``
    attacks, so that a turn of many attacks stays within its time."""
    late = view.phase == ATTACK and attacks_begun(view) >= FULL_SEARCHES
    return search.budget(PLAYOUTS // 2 if late else PLAYOUTS)


def _routine(view: AtaqueState) -> bool:
    """Exchanges, moving in and regrouping are left to ``strong``."""
    return view.phase not in (PLACE, ATTACK)


def pressing(view: AtaqueState, seat: Seat) -> Attack | None:
    """The next throw of the attack under way, if it goes on: the look-ahead played every
    attack on while its chance was at least ``PRESS_ON``, and so does the bot."""
    if view.phase != ATTACK or not view.log or not isinstance(view.log[-1], Battle):
        return None
    battle = view.log[-1]
    src, dst = battle.source, battle.target
    if battle.attacker != seat or view.owner[dst] == seat or view.armies[src] < 2:
        return None
    if conquest_chance(view.armies[src], view.armies[dst]) < PRESS_ON:
        return None
    return Attack(src, dst, attack_dice(view.armies[src]))


def settled(view: AtaqueState, seat: Seat) -> Any | None:
    """The move that needs no search, if any: ``strong``'s in the routine phases and once the
    turn has begun ``LAST_SEARCH`` attacks, the next throw of an attack under way."""
    if _routine(view):
        return strong_move(view, seat, P)
    pressed = pressing(view, seat)
    if pressed is None and view.phase == ATTACK and attacks_begun(view) >= LAST_SEARCH:
        return strong_move(view, seat, P)
    return pressed


def sampled_worlds(view: AtaqueState, seat: Seat, rng: random.Random) -> World:
    """World ``i`` of a decision: the turn under way (``this_turn``) with the unseen
    objectives and cards dealt as the moves so far suggest, fresh dice, and each other seat's
    model; the worlds' seeds are drawn from ``rng`` now."""
    short = this_turn(view)
    seed_of = search.world_seeds(rng)

    @functools.cache
    def known() -> tuple[tuple[tuple[int, ...], ...], tuple[Belief | None, ...], tuple]:
        found = beliefs(view, seat)
        weights = tuple(None if b is None else b.objective_weights() for b in found)
        return possible_objectives(short, seat), found, weights

    def world(i: int) -> tuple[AtaqueState, tuple[Model, ...]]:
        possible, found, weights = known()
        r = random.Random(seed_of(i))
        state = fill(short, seat, r, possible, weights)
        return state, models(state, seat, found, r)

    return world


def expert(view: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """Tries strong's usual, bold, careful and fortifying plans on sampled worlds, keeps
    strong's move unless another plays clearly better."""
    move = settled(view, seat)
    if move is not None:
        return move
    short = this_turn(view)
    return _search(short, seat, sampled_worlds(view, seat, rng), playouts_now(short), 4, EARLY)


def oracle(state: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """The same search handed the real game: the other objectives and cards, the draw pile
    and the dice to come are known, so one world per proposal tells it all."""
    view = ATAQUE.view(state, seat)
    if _routine(view):
        return strong_move(view, seat, P)
    short = this_turn(state)
    players = models(short, seat, beliefs(view, seat), None)
    return _search(this_turn(view), seat, lambda i: (short, players), len(PLANS) + 1, 1, 0)


def oracle_secrets(state: AtaqueState, seat: Seat, rng: random.Random) -> Any:
    """The expert handed every secret but the dice: the real objectives, hands and draw pile
    in each of its worlds, with fresh dice. Against ``oracle`` (which knows the dice too) it
    tells how much of the ceiling comes from the hidden cards and objectives, and how much
    from luck no fair bot can read."""
    view = ATAQUE.view(state, seat)
    move = settled(view, seat)
    if move is not None:
        return move
    short = this_turn(state)
    players = models(short, seat, beliefs(view, seat), None)
    seed_of = search.world_seeds(rng)

    def world(i: int) -> tuple[AtaqueState, tuple[Model, ...]]:
        dice = Rng.from_seed(random.Random(seed_of(i)).getrandbits(64))
        return attrs.evolve(short, rng=dice), players

    return _search(this_turn(view), seat, world, playouts_now(short), 4, EARLY)
