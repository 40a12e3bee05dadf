"""Builders for rigged Metauro states, dice-fixing seeds and a random-play driver."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import attrs

from engine.core import Seat
from engine.metauro.actions import DefaultDeployment, Deploy, EndMove, Place, TimeUp
from engine.metauro.data import CARTHAGINIANS, ROMANS
from engine.metauro.rules import METAURO
from engine.metauro.state import MOVE, MetauroState, Unit
from engine.rng import Rng

R, C = ROMANS, CARTHAGINIANS


def rigged(
    *specs: tuple[Seat, str, str],
    scenario: str = "metauro",
    mover: Seat = R,
    seed: int = 0,
    phase: str = MOVE,
    **fields: Any,
) -> MetauroState:
    """A battle under way with exactly these units ``(side, kind, square)``, ids in order."""
    units = tuple(Unit(id=i, side=s, kind=k, square=sq) for i, (s, k, sq) in enumerate(specs))
    return MetauroState(
        scenario=scenario,
        rng=Rng.from_seed(seed),
        phase=phase,
        active=fields.pop("active", mover),
        mover=mover,
        units=units,
        turn=fields.pop("turn", 5),
        deployed=frozenset({R, C}),
        first=R,
        generals=fields.pop("generals", ("Livius", "Hasdrubal")),
        trumpet_rule=fields.pop("trumpet_rule", True),
        **fields,
    )


@cache
def dice_seed(*rolls: int) -> int:
    """The first seed whose RNG rolls ``rolls`` first (fights roll the chooser's die first)."""
    for seed in range(1_000_000):
        if Rng.from_seed(seed).roll(len(rolls))[0] == rolls:
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


def with_dice(state: MetauroState, *rolls: int) -> MetauroState:
    """The same state, with an RNG that rolls ``rolls`` next."""
    return attrs.evolve(state, rng=Rng.from_seed(dice_seed(*rolls)))


def play(state: MetauroState, *steps: tuple[Seat, Any]) -> MetauroState:
    for seat, action in steps:
        state = METAURO.apply(state, seat, action)
    return state


def squares(state: MetauroState) -> dict[int, str]:
    return {u.id: u.square for u in state.units}


def random_moves(
    seed: int, rnd: random.Random, config: dict[str, Any] | None = None, max_actions: int = 4000
) -> Iterator[tuple[MetauroState, Seat | None, Any]]:
    """Yield ``(state, seat, action)`` after each random legal action (first: ``None, None``).

    Deployment edits happen but are few (the deployment is confirmed soon), and a quarter of
    the move steps end the turn, so games go on.
    """
    state = METAURO.new(config or {}, seed, 2)
    yield state, None, None
    for _ in range(max_actions):
        seats = METAURO.to_move(state)
        if not seats:
            return
        seat = seats[0]
        legal = METAURO.legal_actions(state, seat)
        if isinstance(legal[-1], Deploy) and rnd.random() < 0.6:
            action = legal[-1]
        elif rnd.random() < 0.15 and any(isinstance(a, DefaultDeployment) for a in legal):
            action = DefaultDeployment()
        elif state.phase == MOVE and state.moved and rnd.random() < 0.25:
            action = rnd.choice([a for a in legal if isinstance(a, EndMove | TimeUp)])
        else:
            pool = [a for a in legal if not isinstance(a, Place)] or list(legal)
            if rnd.random() < 0.2:
                pool = list(legal)
            action = rnd.choice(pool)
        state = METAURO.apply(state, seat, action)
        yield state, seat, action


def random_game(
    seed: int, rnd: random.Random, config: dict[str, Any] | None = None
) -> tuple[MetauroState, list[tuple[Seat, Any]], list[MetauroState]]:
    actions: list[tuple[Seat, Any]] = []
    states = []
    for state, seat, action in random_moves(seed, rnd, config):
        states.append(state)
        if seat is not None:
            actions.append((seat, action))
    return states[-1], actions, states
