"""La Guerra Gallica's panel: the simple plans people really play, for the strength bench.

- ``never-exchange``: the cautious newcomer who keeps every hand he is dealt.
- ``exchange-all``: the gambler who always puts down the most he may (four cards), the four
  whose loss costs his hand least.
- ``biggest-score``: the player who takes the biggest score in hand and never risks it: he
  exchanges only the cards that do not count now (penalties first), never one that scores.
- ``keep-high``: the rule of thumb "keep the high cards": every card below 7 goes (penalties
  first, then the weakest), at most four, whatever it counts for.

Each reads only its seat's view and simply continues after a reveal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from engine.core import Seat
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import MAX_EXCHANGE, card
from engine.gallic.scoring import hand_total, score
from engine.gallic.state import DISCARD, GallicState

HIGH = 7  # keep-high: the lowest strength a card needs to stay


def _plan(choose: Callable[[tuple[int, ...], Seat], tuple[int, ...]]) -> Callable:
    """A bot from an exchange rule over the seat's own hand; it continues after a reveal."""

    def bot(view: GallicState, seat: Seat, rng: random.Random) -> Discard | Continue:
        if view.phase != DISCARD:
            return Continue()
        return Discard(tuple(sorted(choose(tuple(sorted(view.sides[seat].hand)), seat))))

    bot.__doc__ = choose.__doc__
    return bot


def _weakest_first(hand: tuple[int, ...], seat: Seat) -> list[int]:
    """The hand from the card a player parts with first: penalties, then the weakest."""
    return sorted(hand, key=lambda c: (card(seat, c).kind != "P", card(seat, c).strength, c))


def never_exchange(hand: tuple[int, ...], seat: Seat) -> tuple[int, ...]:
    """Keep the hand dealt."""
    return ()


def exchange_all(hand: tuple[int, ...], seat: Seat) -> tuple[int, ...]:
    """Put down four cards, those whose loss lowers the hand's total least."""
    k = min(MAX_EXCHANGE, len(hand))
    return max(
        combinations(hand, k),
        key=lambda out: hand_total(seat, [c for c in hand if c not in out]),
    )


def biggest_score(hand: tuple[int, ...], seat: Seat) -> tuple[int, ...]:
    """Keep every card that counts now; exchange the others, penalties first."""
    _total, counted = score(seat, hand)
    scoring = {c.card for c in counted if c.as_kind != "P"}
    idle = [c for c in _weakest_first(hand, seat) if c not in scoring]
    return tuple(idle[:MAX_EXCHANGE])


def keep_high(hand: tuple[int, ...], seat: Seat) -> tuple[int, ...]:
    """Exchange every card below ``HIGH`` (penalties first, then the weakest), at most four."""
    low = [c for c in _weakest_first(hand, seat) if card(seat, c).strength < HIGH]
    return tuple(low[:MAX_EXCHANGE])


PANEL = {
    "never-exchange": _plan(never_exchange),
    "exchange-all": _plan(exchange_all),
    "biggest-score": _plan(biggest_score),
    "keep-high": _plan(keep_high),
}
