"""Builders for rigged Ataque states and a random-play driver shared by the tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from engine.ataque.actions import EndPhase, Place
from engine.ataque.data import CARD_COUNT, CONTINENTS, TERRITORIES, TERRITORY_COUNT
from engine.ataque.rules import ATAQUE
from engine.ataque.state import ATTACK, PLACE, REGROUP, AtaqueState, Player
from engine.core import Seat
from engine.rng import Rng

ID = {name: i for i, name in enumerate(TERRITORIES)}
CONT = {c.name: i for i, c in enumerate(CONTINENTS)}


def t(name: str) -> int:
    return ID[name]


def rigged(
    owners: Mapping[str, Seat] | None = None,
    *,
    players: int = 3,
    default_owner: Seat = 2,
    armies: Mapping[str, int] | None = None,
    objectives: tuple[int, ...] | None = None,
    hands: Mapping[Seat, tuple[int, ...]] | None = None,
    phase: str = ATTACK,
    active: Seat = 0,
    seed: int = 0,
    **fields: Any,
) -> AtaqueState:
    """A mid-game state: every territory belongs to ``default_owner`` unless named in
    ``owners``, with 1 army unless named in ``armies``; cards not in ``hands`` are in the
    draw pile in id order. Round 3, so reinforcements follow the territory count."""
    owner = [default_owner] * TERRITORY_COUNT
    for name, seat in (owners or {}).items():
        owner[ID[name]] = seat
    counts = [1] * TERRITORY_COUNT
    for name, n in (armies or {}).items():
        counts[ID[name]] = n
    hands = hands or {}
    objectives = objectives or (6,) * players  # "18 territories with 2 armies": not met
    held = {c for h in hands.values() for c in h}
    deck = tuple(c for c in range(CARD_COUNT) if c not in held)
    ps = tuple(
        Player(objective=objectives[s], hand=tuple(hands.get(s, ()))) for s in range(players)
    )
    defaults: dict[str, Any] = {
        "rng": Rng.from_seed(seed),
        "phase": phase,
        "owner": tuple(owner),
        "armies": tuple(counts),
        "players": ps,
        "deck": deck,
        "discard": (),
        "dealer": 0,
        "starter": 0,
        "active": active,
        "first_round_armies": 3,
        "round": 3,
        "turn": 9,
        "bonus_left": (0,) * len(CONTINENTS),
        "arrived": (0,) * TERRITORY_COUNT if phase == REGROUP else (),
    }
    defaults.update(fields)
    return AtaqueState(**defaults)


def leader_one_short() -> AtaqueState:
    """White (to attack, 5 armies in Brasil) can take Red's lone army at Argentina almost
    surely, or Black's 3 at Argelia at worse odds; Black holds 23 territories in plain sight:
    one more and he may have won."""
    mine = ["Brasil", "Australia", "Borneo", "Nueva Guinea", "Sumatra"]
    rest = [n for n in TERRITORIES if n not in mine + ["Argentina", "Perú", "Venezuela"]]
    owners = {n: 0 for n in mine} | {n: 1 for n in rest[:23]}
    owners |= {n: 2 + i % 2 for i, n in enumerate(rest[23:])}
    owners |= {"Argentina": 2, "Perú": 2, "Venezuela": 2}
    assert "Argelia" in rest[:23]
    return rigged(owners, players=4, armies={"Brasil": 5, "Argelia": 3}, objectives=(6,) * 4)


def play(state: AtaqueState, *steps: tuple[Seat, Any]) -> AtaqueState:
    for seat, action in steps:
        state = ATAQUE.apply(state, seat, action)
    return state


def with_armies(state: AtaqueState, **named: int) -> AtaqueState:
    counts = list(state.armies)
    for name, n in named.items():
        counts[ID[name.replace("_", " ")]] = n
    return attrs.evolve(state, armies=tuple(counts))


def random_moves(
    players: int,
    seed: int,
    rnd: random.Random,
    config: Mapping[str, Any] | None = None,
    max_actions: int = 4000,
) -> Iterator[tuple[AtaqueState, Seat | None, Any]]:
    """Yield ``(state, seat, action)`` after each random legal action (first: ``None, None``).

    Placements take all armies at once half the time and attacks end with probability 1/4
    each step, so turns move on while every kind of action still happens.
    """
    config = {"round_limit": 8} if config is None else config
    state = ATAQUE.new(config, seed, players)
    yield state, None, None
    for _ in range(max_actions):
        seats = ATAQUE.to_move(state)
        if not seats:
            return
        seat = seats[0]
        legal = ATAQUE.legal_actions(state, seat)
        action = rnd.choice(legal)
        if state.phase == PLACE and rnd.random() < 0.5:
            action = max((a for a in legal if isinstance(a, Place)), key=lambda a: a.count)
        elif state.phase in (ATTACK, REGROUP) and rnd.random() < 0.25:
            action = EndPhase()
        state = ATAQUE.apply(state, seat, action)
        yield state, seat, action


def random_game(
    players: int, seed: int, rnd: random.Random, config: Mapping[str, Any] | None = None
) -> tuple[AtaqueState, list[tuple[Seat, Any]], list[AtaqueState]]:
    actions: list[tuple[Seat, Any]] = []
    states = []
    for state, seat, action in random_moves(players, seed, rnd, config):
        states.append(state)
        if seat is not None:
            actions.append((seat, action))
    return states[-1], actions, states
