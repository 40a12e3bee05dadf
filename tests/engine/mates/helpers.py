"""Builders for rigged Mates Hostiles tables and a random-play driver shared by the tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine.core import Seat
from engine.mates.data import Card
from engine.mates.rules import MATES
from engine.mates.state import CHOOSE, TABLE, MatesState, Round
from engine.rng import Rng

# Positions for a white queen put on d4 (the attacker's card ATTACKER holds one).
ATTACKER = "7k/8/8/8/3Q4/8/8/K7 w - - 0 1"  # white queen d4; kings a1, h8
SCORES_5 = "k7/8/8/3r4/8/8/8/7K w - - 0 1"  # it attacks the black rook on d5
CHECKED = "3k4/8/8/8/8/8/8/K7 w - - 0 1"  # it checks the black king on d8, who can escape
ON_KING = "8/8/8/8/3k4/8/8/K7 w - - 0 1"  # a black king stands on d4
MATED = "8/8/8/8/8/8/p7/kb5K w - - 0 1"  # it mates the black king on a1
CAPTURES = "k7/8/8/3r4/3n4/8/8/7K w - - 0 1"  # takes the knight (3), attacks the rook: 8
OWN_PIECE = "k7/8/8/3r4/3B4/8/8/7K w - - 0 1"  # replaces the white bishop, attacks the rook: 5
EMPTY = "k7/8/8/8/8/8/8/7K w - - 0 1"  # bare kings: scores 0
# The seed's example: a black queen on c4 attacks only the white rook on a4.
SEED_DEFENDER = "7k/8/8/8/R7/8/8/7K w - - 0 1"


def card(fen: str, white_elo: int = 2600, black_elo: int = 2400, name: str = "") -> Card:
    return Card(
        fen=fen,
        mate_san="",
        white=name or "White",
        black="Black",
        white_elo=white_elo,
        black_elo=black_elo,
    )


def table(
    cards: Sequence[Card],
    piles: Sequence[Sequence[int]],
    attacker: Seat = 0,
    *,
    last_kind: Sequence[str] | None = None,
    out: Sequence[Seat] = (),
) -> MatesState:
    """A table whose round has begun: ``attacker`` holds the top card of his ``piles`` entry."""
    piles = [tuple(p) for p in piles]
    top, piles[attacker] = piles[attacker][0], piles[attacker][1:]
    return MatesState(
        mode=TABLE,
        rng=Rng.from_seed(0),
        cards=tuple(cards),
        phase=CHOOSE,
        piles=tuple(piles),
        active=attacker,
        round=Round(number=1, attacker=attacker, card=top),
        out=tuple(out),
        last_kind=tuple(last_kind) if last_kind is not None else ("",) * len(piles),
        rounds=1,
    )


def play(state: MatesState, *steps: tuple[Seat, Any]) -> MatesState:
    for seat, action in steps:
        state = MATES.apply(state, seat, action)
    return state


def table_cards(state: MatesState) -> list[int]:
    """Every card id on the table in the current round."""
    r = state.round
    if r is None:
        return []
    out = [r.card]
    for duel in r.duels:
        out += list(duel.defence.cards) + list(duel.attack.cards)
    return out


def random_moves(
    players: int, seed: int, rnd: random.Random, config: dict | None = None, max_actions: int = 4000
) -> Iterator[tuple[MatesState, Seat | None, Any]]:
    """Yield ``(state, seat, action)`` after each random legal action (first: ``None, None``)."""
    state = MATES.new(config or {}, seed, players)
    yield state, None, None
    for _ in range(max_actions):
        seats = MATES.to_move(state)
        if not seats:
            return
        seat = rnd.choice(seats)
        action = rnd.choice(MATES.legal_actions(state, seat))
        state = MATES.apply(state, seat, action)
        yield state, seat, action


def random_game(
    players: int,
    seed: int,
    rnd: random.Random,
    config: dict | None = None,
    max_actions: int = 4000,
) -> tuple[MatesState, list[tuple[Seat, Any]], list[MatesState]]:
    actions: list[tuple[Seat, Any]] = []
    states = []
    for state, seat, action in random_moves(players, seed, rnd, config, max_actions):
        states.append(state)
        if seat is not None:
            actions.append((seat, action))
    return states[-1], actions, states
