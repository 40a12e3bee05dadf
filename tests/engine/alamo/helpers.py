"""Builders for rigged El Álamo states, a random-play driver and a marked language for the tests."""

from __future__ import annotations

import gettext
import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine.alamo.actions import RemoveCard
from engine.alamo.data import DECK_SIZE, DECKS
from engine.alamo.rules import ALAMO
from engine.alamo.state import SOLITAIRE, TWO_PLAYER, AlamoState, Side
from engine.core import Seat
from engine.rng import Rng


class Marked(gettext.NullTranslations):
    """A language in which every message shows «marked»: what a player reads is asked of it;
    the state and its log, the same in every language, never are."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, one: str, many: str, n: int) -> str:
        return f"«{one if n == 1 else many}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


def ids(side: Seat, *names: str) -> tuple[int, ...]:
    """Distinct card ids for these names, in order (a repeated name takes the next copy)."""
    used: set[int] = set()
    out = []
    for name in names:
        c = next(i for i, card in enumerate(DECKS[side]) if card.name == name and i not in used)
        used.add(c)
        out.append(c)
    return tuple(out)


def one(side: Seat, name: str) -> int:
    return ids(side, name)[0]


def side_with(
    hand: Sequence[int],
    *,
    table: Sequence[int] = (),
    discard: Sequence[int] = (),
    deck: Sequence[int] | None = None,
) -> Side:
    """A side holding ``hand`` (and ``table``, ``discard``); the rest is its deck in id order,
    unless ``deck`` is given, in which case every other card goes to the discard pile."""
    placed = set(hand) | set(table) | set(discard)
    rest = [c for c in range(DECK_SIZE) if c not in placed]
    if deck is None:
        deck_cards = tuple(rest)
    else:
        deck_cards = tuple(deck)
        discard = tuple(discard) + tuple(c for c in rest if c not in set(deck))
    return Side(deck=deck_cards, hand=tuple(hand), discard=tuple(discard), table=tuple(table))


def rigged(
    texan: Side,
    mexican: Side,
    *,
    phase: str,
    active: Seat,
    mode: str = TWO_PLAYER,
    seed: int = 0,
    **fields: Any,
) -> AlamoState:
    return AlamoState(
        mode=mode,
        rng=Rng.from_seed(seed),
        phase=phase,
        turn=fields.pop("turn", 3),
        sides=(texan, mexican),
        active=active,
        counters=fields.pop("counters", 19 if mode == SOLITAIRE else 0),
        **fields,
    )


def play(state: AlamoState, *steps: tuple[Seat, Any]) -> AlamoState:
    for seat, action in steps:
        state = ALAMO.apply(state, seat, action)
    return state


def random_moves(
    players: int, seed: int, rnd: random.Random, max_actions: int = 6000
) -> Iterator[tuple[AlamoState, Seat | None, Any]]:
    """Yield ``(state, seat, action)`` after each random legal action (first: ``None, None``).

    Half the time any legal action is picked, otherwise any but ``RemoveCard``, so toggling
    selections still happens but games move on.
    """
    state = ALAMO.new({}, seed, players)
    yield state, None, None
    for _ in range(max_actions):
        seats = ALAMO.to_move(state)
        if not seats:
            return
        seat = rnd.choice(seats)
        legal = ALAMO.legal_actions(state, seat)
        onward = [a for a in legal if not isinstance(a, RemoveCard)]
        action = rnd.choice(onward if onward and rnd.random() < 0.5 else legal)
        state = ALAMO.apply(state, seat, action)
        yield state, seat, action


def random_game(
    players: int, seed: int, rnd: random.Random
) -> tuple[AlamoState, list[tuple[Seat, Any]], list[AlamoState]]:
    actions: list[tuple[Seat, Any]] = []
    states = []
    for state, seat, action in random_moves(players, seed, rnd):
        states.append(state)
        if seat is not None:
            actions.append((seat, action))
    return states[-1], actions, states
