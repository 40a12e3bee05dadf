"""The expert's solitaire: once the attack is face up the rest of the turn is certain, so every
distinct way to finish it (what to pay with, which cards repel the assault) is a plan; each plan
is played on worlds sampled from the view, the next turn is rolled and played by ``strong``,
and the position at the following roll is scored by ``evaluation.solitaire_odds``.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

import attrs

from engine.alamo.actions import AddCard, Confirm, Roll
from engine.alamo.ai import strong
from engine.alamo.data import DECKS, TEXANS
from engine.alamo.evaluation import solitaire_odds
from engine.alamo.rules import ALAMO
from engine.alamo.sampling import known_cards, sampler
from engine.alamo.state import FIRE, OVER, PAY, REPEL, ROLL, AlamoState
from engine.alamo.tally import repel_choices
from engine.search import best_action, budget, world_seeds

PLAYOUTS = 48  # playouts per decision, shared by its plans
LOOKAHEAD = 1  # turns rolled and played after the plan's own
MAX_PLANS = 5  # ways to finish the turn tried, the best by the evaluation alone

Path = tuple[Any, ...]  # actions; a repelling set is ("repel", cards)
Valuer = Callable[[Path, int], float]  # a path's value in world ``i``, as the search scores it

_plans_made: dict[str, tuple[int, ...]] = {}  # repelling sets by position: speed only


def solitaire_move(state: AlamoState, rng: random.Random, real: bool) -> Any:
    """The gun to fire, or the next card to pay with (``real``: the oracle, handed the real
    state)."""
    return solitaire_decision(state, rng, real)[0]


def solitaire_decision(
    state: AlamoState, rng: random.Random, real: bool
) -> tuple[Any, Valuer | None]:
    """``solitaire_move`` and the value its search scored paths by (None: no search), for the
    coach to score a move the search never weighed on the same worlds."""
    if state.phase == FIRE:
        guns = _distinct(ALAMO.legal_actions(state, TEXANS))
        if len(guns) == 1:
            return guns[0], None
        path, value = _search(state, [(g,) for g in guns], rng, real)
        return path[0], value
    paths = _best_ends(state)
    if len(paths) == 1:
        return paths[0][0], None
    path, value = _search(state, paths, rng, real)
    return path[0], value


def _distinct(actions: tuple[Any, ...]) -> list[Any]:
    """The actions, one per kind of card (two identical cards make the same move)."""
    seen: set[str] = set()
    out = []
    for a in actions:
        name = DECKS[TEXANS][a.card].name
        if name not in seen:
            seen.add(name)
            out.append(a)
    return out


def _step(state: AlamoState, step: Any) -> AlamoState:
    if isinstance(step, tuple):
        state = attrs.evolve(state, selection=tuple(sorted(step[1])))
        return ALAMO.apply(state, TEXANS, Confirm())
    return ALAMO.apply(state, TEXANS, step)


def _ends(state: AlamoState) -> list[tuple[Path, AlamoState]]:
    """Every distinct way to finish the turn from a payment or a repelled assault: the steps,
    and the state they lead to (the next roll, or the end)."""
    found: dict[Any, tuple[Path, AlamoState]] = {}

    def walk(s: AlamoState, path: Path) -> None:
        if s.phase == PAY:
            for a in _distinct(ALAMO.legal_actions(s, TEXANS)):
                walk(_step(s, a), path + (a,))
        elif s.phase == REPEL:
            assert s.battle is not None
            hand = s.sides[TEXANS].hand
            for cards in repel_choices(hand, s.battle.attack_total):
                step = ("repel", cards)
                walk(_step(attrs.evolve(s, selection=()), step), path + (step,))
        else:
            key = (tuple(sorted(s.sides[TEXANS].hand)), s.counters, s.phase)
            found.setdefault(key, (path, s))

    walk(state, ())
    return list(found.values())


def _best_ends(state: AlamoState) -> list[Path]:
    """The ways to finish the turn worth searching: the best by the evaluation alone."""
    ends = _ends(state)
    ends.sort(key=lambda e: -solitaire_odds(e[1]))
    return [path for path, _ in ends[:MAX_PLANS]]


def _finish(state: AlamoState, rng: random.Random) -> AlamoState:
    """Play on to the next roll: guns fire as ``strong`` fires them; payments and the
    repelling cards go the way the evaluation likes best."""
    while state.phase in (FIRE, PAY, REPEL):
        if state.phase == FIRE:
            state = ALAMO.apply(state, TEXANS, strong(state, TEXANS, rng))
        else:
            for step in _best_ends(state)[0]:
                state = _step(state, step)
    return state


def _next_turns(state: AlamoState, rng: random.Random) -> AlamoState:
    """Roll the next ``LOOKAHEAD`` turns and let ``strong`` play them."""
    for _ in range(LOOKAHEAD):
        if state.phase != ROLL:
            return state
        state = ALAMO.apply(state, TEXANS, Roll())
        while state.phase not in (ROLL, OVER):
            if state.phase == REPEL:
                state = _step(state, ("repel", _strong_repel(state, rng)))
            else:
                state = ALAMO.apply(state, TEXANS, strong(state, TEXANS, rng))
    return state


def _strong_repel(state: AlamoState, rng: random.Random) -> tuple[int, ...]:
    """The repelling set ``strong`` would build card by card."""
    s = attrs.evolve(state, selection=())
    while True:
        action = strong(s, TEXANS, rng)
        if not isinstance(action, AddCard):
            return s.selection
        s = attrs.evolve(s, selection=s.selection + (action.card,))


def _search(
    state: AlamoState, plans: list[Path], rng: random.Random, real: bool
) -> tuple[Path, Valuer]:
    seed_of = world_seeds(rng)
    deal = sampler(state, TEXANS)
    worlds: dict[int, AlamoState] = {}

    def world(i: int) -> AlamoState:
        if i not in worlds:
            w = state if real else deal(random.Random(seed_of(i)))
            worlds[i] = attrs.evolve(w, log=(), selection=())
        return worlds[i]

    def value(plan: Path, i: int) -> float:
        play = random.Random(seed_of(i) + 1)
        w = world(i)
        for step in plan:
            w = _step(w, step)
        w = _next_turns(_finish(w, play), play)
        return solitaire_odds(w)

    return best_action(plans, value, budget(PLAYOUTS)), value


def repel_plan(
    state: AlamoState, real: bool, fresh: bool = False
) -> tuple[tuple[int, ...], Valuer | None]:
    """The cards to repel with, the same at every step of choosing them: searched once per
    position, with worlds seeded by the position; and the value the search scored paths by
    (None when no search ran: one way to repel, or remembered and not ``fresh``)."""
    parts: tuple[Any, ...] = (
        real,
        state.turn,
        state.counters,
        state.sides,
        state.battle,
        known_cards(state),
    )
    if real:
        parts += (state.rng,)
    key = repr(parts)
    known = None if fresh else _plans_made.get(key)
    if known is not None:
        return known, None
    base = attrs.evolve(state, selection=())
    paths = _best_ends(base)
    rng = random.Random(zlib.crc32(key.encode()))
    path, value = (paths[0], None) if len(paths) == 1 else _search(base, paths, rng, real)
    cards = path[0][1]
    if len(_plans_made) > 512:
        _plans_made.clear()
    _plans_made[key] = cards
    return cards, value
