"""Builders for rigged Gallic states, a random-play driver and a marked language for the tests."""

from __future__ import annotations

import gettext
import random
from collections.abc import Sequence

from engine.core import Seat
from engine.gallic.data import DECK_SIZE, DECKS
from engine.gallic.rules import GALLIC
from engine.gallic.state import DISCARD, Battle, GallicState, Side
from engine.rng import Rng

NAMES = tuple({c.name: i for i, c in enumerate(deck)} for deck in DECKS)


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
    return tuple(NAMES[side][n] for n in names)


def past(*winners: Seat | None) -> tuple[Battle, ...]:
    """Battles already fought with these winners (cards and totals do not matter here)."""
    return tuple(
        Battle(number=i + 1, hands=((), ()), counted=((), ()), totals=(0, 0), winner=w)
        for i, w in enumerate(winners)
    )


def rigged(
    rome: Sequence[int],
    gauls: Sequence[int],
    *,
    battles: tuple[Battle, ...] = (),
    battles_to_play: int = 8,
    deck: Sequence[int] | None = None,
    seed: int = 0,
) -> GallicState:
    """A DISCARD-phase state with the given hands; the rest of each deck in id order.

    ``deck`` (both sides) limits the deck to those ids and puts the others on the discard pile.
    """
    sides = []
    for hand in (rome, gauls):
        rest = [c for c in range(DECK_SIZE) if c not in hand]
        d = [c for c in rest if deck is None or c in deck]
        pile = [c for c in rest if c not in d]
        sides.append(Side(deck=tuple(d), hand=tuple(hand), discard=tuple(pile)))
    return GallicState(
        battles_to_play=battles_to_play,
        streak_to_win=3,
        rng=Rng.from_seed(seed),
        phase=DISCARD,
        number=len(battles) + 1,
        sides=(sides[0], sides[1]),
        battles=battles,
    )


def random_game(
    seed: int, rnd: random.Random, battles: int = 8
) -> tuple[GallicState, list[tuple[Seat, object]], list[GallicState]]:
    """Play uniformly random legal actions to the end; return final state, actions, states."""
    state = GALLIC.new({"battles": battles}, seed)
    actions: list[tuple[Seat, object]] = []
    states = [state]
    while GALLIC.outcome(state) is None:
        movers = GALLIC.to_move(state)
        seat = rnd.choice(movers)
        action = rnd.choice(GALLIC.legal_actions(state, seat))
        state = GALLIC.apply(state, seat, action)
        actions.append((seat, action))
        states.append(state)
    return state, actions, states
