"""El Álamo's ``expert``: it tries each sensible move on worlds sampled from what it can see,
plays the turn out with the ``strong`` bot and keeps the move that leaves it best placed.

Two-player: a move is a whole plan (an attack or defence as a set of cards, a way to pay a
debt, a gun to fire, a card to shed). Each plan is played in every world, the turn runs on
with ``strong`` for both sides until the next attack is about to be chosen, and the position
is scored by ``evaluation.texan_odds``, the race of the decks. The worlds are shared by every
plan and the search drops a plan as soon as it is clearly behind (``engine.search``).

An attack or defence is built card by card over several decisions; the plan is chosen once,
seeded by the position itself (not the bot's RNG), so every step aims at the same cards. The
Mexican waits for a full hand as ``strong`` does (``ai.builds_up``): the playouts stop before
the next attack, so the search alone never sees what waiting gains.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import attrs

from engine.alamo.actions import (
    Confirm,
    Decline,
    PayTopOfDeck,
    PayWith,
)
from engine.alamo.ai import builds_up, legal_battle_hands, strong, strong_selection, towards
from engine.alamo.data import DECKS, MEXICANS, TEXANS
from engine.alamo.evaluation import texan_odds
from engine.alamo.rules import ALAMO
from engine.alamo.sampling import known_cards, sampler
from engine.alamo.solo import repel_plan, solitaire_decision
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FOR_BOMBARDMENT,
    OVER,
    PAY,
    REPEL,
    SOLITAIRE,
    SURVIVORS,
    AlamoState,
)
from engine.alamo.tally import pay_value
from engine.core import Seat
from engine.search import best_action, budget, world_seeds

PLAYOUTS = 96  # playouts per decision, shared by its plans
MAX_PLANS = 8  # attack or defence sets tried per decision
MAX_COVERS = 5  # ways to pay a debt from the hand tried per decision
CARD_COST = 15  # what a card is worth beyond its strength when ranking battle hands

Plan = tuple[Any, ...]
Valuer = Callable[[Any, int], float]  # a plan's value in world ``i``, as the search scores it


@attrs.frozen
class Decision:
    """The expert's ``move``, and the value its search scored the candidates by (None when
    no search ran): the coach scores a move the search never weighed on the same worlds."""

    move: Any
    value: Valuer | None = None


_plans_made: dict[str, tuple[int, ...] | None] = {}  # selection plans by position: speed only


def expert(view: AlamoState, seat: Seat, rng: random.Random) -> Any:
    """Search the sensible moves on worlds sampled from the view; ``strong`` plays the turn
    out and the race of the decks scores it."""
    return _decide(view, seat, rng, real=False).move


def decision(view: AlamoState, seat: Seat, rng: random.Random) -> Decision:
    """``expert``'s move with its search's value, the search run afresh (never a plan
    remembered from an earlier step) so that a watcher sees it: the coach's entry."""
    return _decide(view, seat, rng, real=False, fresh=True)


def oracle(state: AlamoState, seat: Seat, rng: random.Random) -> Any:
    """The same search handed the real state: it knows both hands, the deck orders and the
    dice to come, the ceiling no fair bot can pass."""
    return _decide(state, seat, rng, real=True).move


def _decide(
    state: AlamoState, seat: Seat, rng: random.Random, real: bool, fresh: bool = False
) -> Decision:
    legal = ALAMO.legal_actions(state, seat)
    if len(legal) == 1:
        return Decision(legal[0])
    phase = state.phase
    if state.mode == SOLITAIRE:
        if phase == REPEL:
            cards, value = repel_plan(state, real, fresh)
            return Decision(towards(state, cards), value)
        return Decision(*solitaire_decision(state, rng, real))
    if phase == SURVIVORS:
        return Decision(towards(state, strong_selection(state, seat)))
    if phase in (ATTACK, DEFEND):
        target, value = _selection_plan(state, seat, real, fresh)
        return Decision(towards(state, target), value)
    plans = _plans(state, seat)
    if len(plans) == 1:
        return Decision(_first_step(plans[0]))
    plan, value = _search(state, seat, plans, rng, real)
    return Decision(_first_step(plan), value)


# --- plans -------------------------------------------------------------------------------------


def _plans(state: AlamoState, seat: Seat) -> list[Plan]:
    """The moves worth trying: ("select", cards), ("decline",), ("act", action) or
    ("pay", hand cards, then from the deck)."""
    phase = state.phase
    hand = state.sides[seat].hand
    if phase == ATTACK:
        if builds_up(state):
            return [("decline",)]
        return [("decline",)] + [("select", c) for c in _battle_hands(MEXICANS, hand, None)]
    if phase == DEFEND:
        battle = state.battle
        assert battle is not None
        return [("select", c) for c in _battle_hands(TEXANS, hand, battle.attack_total)]
    if phase == BOMBARD:
        return [("act", a) for a in _distinct(seat, ALAMO.legal_actions(state, seat))]
    if phase == DISCARD:
        return [("act", a) for a in _distinct(seat, ALAMO.legal_actions(state, seat))]
    if phase == PAY:
        return _payment_plans(state, seat)
    raise ValueError(f"no plan in phase {phase!r}")


def _profile(seat: Seat, c: int) -> tuple[Any, ...]:
    card = DECKS[seat][c]
    return (card.name, card.column)


def _distinct(seat: Seat, actions: Sequence[Any]) -> list[Any]:
    """The actions, one per kind of card (two identical cards make the same move)."""
    seen: set[Any] = set()
    out = []
    for a in actions:
        key = _profile(seat, a.card) if hasattr(a, "card") else a
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def _battle_hands(seat: Seat, hand: tuple[int, ...], attack: int | None) -> list[tuple[int, ...]]:
    """Legal attacks or defences worth trying: the cheapest hand for every total worth
    having (no dearer hand reaches a lower total), thinned to ``MAX_PLANS``; a defence
    always includes none at all, the cheapest win and the strongest."""
    best: dict[Any, tuple[float, tuple[int, ...], int]] = {}
    for combo, total in legal_battle_hands(seat, tuple(hand)):
        cost = sum(pay_value(seat, c) + CARD_COST for c in combo)
        key = tuple(sorted(_profile(seat, c) for c in combo))
        if key not in best or cost < best[key][0]:
            best[key] = (cost, combo, total)
    ranked = sorted(best.values(), key=lambda x: (x[0], -x[2], x[1]))
    front: list[tuple[float, tuple[int, ...], int]] = []
    for cost, combo, total in ranked:
        if not front or total > front[-1][2]:
            front.append((cost, combo, total))
    keep: list[tuple[int, ...]] = []
    if attack is not None:
        keep.append(())
        winners = [x for x in front if x[2] > attack]
        if winners:
            keep.append(winners[0][1])
    keep.append(front[-1][1])
    rest = [x[1] for x in front if x[1] not in keep]
    room = MAX_PLANS - len(set(keep))
    if room > 0 and rest:
        step = max(1, len(rest) / room)
        keep += [rest[int(i * step)] for i in range(min(room, len(rest)))]
    out: list[tuple[int, ...]] = []
    for combo in keep:
        if combo not in out:
            out.append(combo)
    return out


def _payment_plans(state: AlamoState, seat: Seat) -> list[Plan]:
    """Pay from the deck; or with one of the cheapest sets of hand cards that covers the debt,
    every card needed; or (a battle debt) one hand card and the rest from the deck."""
    p = state.payment
    assert p is not None
    legal = ALAMO.legal_actions(state, seat)
    usable = sorted(a.card for a in legal if isinstance(a, PayWith))
    deck = PayTopOfDeck() in legal
    plans: list[Plan] = [("pay", (), True)] if deck else []
    covers = []
    for k in range(1, len(usable) + 1):
        for combo in combinations(usable, k):
            worth = sum(pay_value(seat, c) for c in combo)
            if worth < p.due or any(worth - pay_value(seat, c) >= p.due for c in combo):
                continue
            covers.append((worth, k, combo))
    covers.sort()
    seen: set[Any] = set()
    for _worth, _k, combo in covers:
        key = tuple(sorted(_profile(seat, c) for c in combo))
        if key not in seen and len(seen) < MAX_COVERS:
            seen.add(key)
            plans.append(("pay", combo, deck))
    if deck and p.cause != FOR_BOMBARDMENT:
        singles = {_profile(seat, c): c for c in reversed(usable)}
        for c in sorted(singles.values(), key=lambda c: pay_value(seat, c))[:3]:
            if pay_value(seat, c) < p.due:
                plans.append(("pay", (c,), True))
    if not plans:
        plans = [("act", a) for a in _distinct(seat, legal)]
    return plans


def _first_step(plan: Plan) -> Any:
    kind = plan[0]
    if kind == "act":
        return plan[1]
    if kind == "pay":
        return PayWith(plan[1][0]) if plan[1] else PayTopOfDeck()
    raise ValueError(f"no first step for {plan!r}")


# --- playing a plan in a world -----------------------------------------------------------------


def _execute(world: AlamoState, seat: Seat, plan: Plan) -> AlamoState:
    kind = plan[0]
    if kind == "decline":
        return ALAMO.apply(world, seat, Decline())
    if kind == "select":
        return _select(world, seat, plan[1])
    if kind == "act":
        return ALAMO.apply(world, seat, plan[1])
    _, cards, deck = plan
    for c in cards:
        if world.phase != PAY or world.active != seat:
            return world
        world = ALAMO.apply(world, seat, PayWith(c))
    while deck and world.phase == PAY and world.active == seat and world.sides[seat].deck:
        world = ALAMO.apply(world, seat, PayTopOfDeck())
    return world


def _select(world: AlamoState, seat: Seat, cards: tuple[int, ...]) -> AlamoState:
    """Build and confirm a selection in one go (from an empty one)."""
    world = attrs.evolve(world, selection=tuple(sorted(cards)))
    return ALAMO.apply(world, seat, Confirm())


def _advance(world: AlamoState, turn: int, rng: random.Random) -> AlamoState:
    """Let ``strong`` play both sides until the next attack is about to be chosen (or the
    turn after next has begun, or the game is over)."""
    while world.phase != OVER and world.turn <= turn + 1:
        if world.phase == ATTACK and not world.selection:
            break
        seat = world.active
        if world.phase in (DEFEND, SURVIVORS):
            world = _select(world, seat, strong_selection(world, seat))
        else:
            world = ALAMO.apply(world, seat, strong(world, seat, rng))
    return world


def _search(
    state: AlamoState, seat: Seat, plans: list[Plan], rng: random.Random, real: bool
) -> tuple[Plan, Valuer]:
    seed_of = world_seeds(rng)
    worlds: dict[int, AlamoState] = {}
    turn = state.turn
    deal = sampler(state, seat)

    def world(i: int) -> AlamoState:
        if i not in worlds:
            w = state if real else deal(random.Random(seed_of(i)))
            worlds[i] = attrs.evolve(w, log=(), selection=())
        return worlds[i]

    def value(plan: Plan, i: int) -> float:
        w = _execute(world(i), seat, plan)
        w = _advance(w, turn, random.Random(seed_of(i) + 1))
        odds = texan_odds(w, seat)
        return odds if seat == TEXANS else 1.0 - odds

    return best_action(plans, value, budget(PLAYOUTS)), value


def _selection_plan(
    state: AlamoState, seat: Seat, real: bool, fresh: bool = False
) -> tuple[tuple[int, ...] | None, Valuer | None]:
    """The attack (None: decline) or defence to build, the same at every step of building
    it: searched once per position, with worlds seeded by the position; and the value the
    search scored plans by (None when no search ran: one plan, or remembered and not
    ``fresh``)."""
    key = _position_key(state, seat, real)
    if not fresh:
        try:
            return _plans_made[key], None
        except KeyError:  # (another bot's thread may clear the cache at any time)
            pass
    base = attrs.evolve(state, selection=())
    plans = _plans(base, seat)
    rng = random.Random(zlib.crc32(key.encode()))
    plan, value = (plans[0], None) if len(plans) == 1 else _search(base, seat, plans, rng, real)
    target = plan[1] if plan[0] == "select" else None
    if len(_plans_made) > 512:
        _plans_made.clear()
    _plans_made[key] = target
    return target, value


def _position_key(state: AlamoState, seat: Seat, real: bool) -> str:
    """Everything the search reads from a position, but the selection in progress."""
    parts: tuple[Any, ...] = (
        real,
        seat,
        state.phase,
        state.turn,
        state.sides,
        state.battle,
        state.payment,
        known_cards(state),
    )
    if real:
        parts += (state.rng,)
    return repr(parts)
