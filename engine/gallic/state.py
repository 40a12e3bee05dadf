"""Frozen state of a Gallic game; ``view`` returns the same classes with secrets replaced."""

from __future__ import annotations

import attrs

from engine.core import Event, Seat
from engine.rng import Rng

DISCARD, REVEAL, OVER = "discard", "reveal", "over"


@attrs.frozen
class Side:
    """One player's cards. ``exchanged`` are this battle's face-down discards."""

    deck: tuple[int, ...]
    hand: tuple[int, ...]
    discard: tuple[int, ...] = ()
    exchanged: tuple[int, ...] = ()

    @property
    def discard_count(self) -> int:
        """Cards on the discard pile as the table shows it: the open discards plus this
        battle's exchanged cards, which lie face down on the same pile (house rule)."""
        return len(self.discard) + len(self.exchanged)


@attrs.frozen
class Counted:
    """A card that counted in a battle total, and the base type it counted as."""

    card: int
    as_kind: str  # S T R M, or P for a penalty


@attrs.frozen
class Battle:
    """A resolved battle: both revealed hands, what counted, totals and the winner."""

    number: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    counted: tuple[tuple[Counted, ...], tuple[Counted, ...]]
    totals: tuple[int, int]
    winner: Seat | None


@attrs.frozen
class BattleStarted(Event):
    number: int


@attrs.frozen
class Reshuffled(Event):
    seat: Seat
    cards: int


@attrs.frozen
class Exchanged(Event):
    """A player exchanged ``count`` cards; ``cards`` is filled only for the owner's eyes."""

    seat: Seat
    count: int
    cards: tuple[int, ...] = ()


@attrs.frozen
class BattleResolved(Event):
    number: int
    totals: tuple[int, int]
    winner: Seat | None


@attrs.frozen
class GameEnded(Event):
    winners: tuple[Seat, ...]
    reason: str


GallicEvent = BattleStarted | Reshuffled | Exchanged | BattleResolved | GameEnded


@attrs.frozen
class GallicState:
    battles_to_play: int
    streak_to_win: int
    rng: Rng | None
    phase: str
    number: int  # the current battle, 1-based
    sides: tuple[Side, Side]
    chosen: frozenset[Seat] = frozenset()  # seats whose discard is in for this battle
    ready: frozenset[Seat] = frozenset()  # seats done looking at the reveal
    battles: tuple[Battle, ...] = ()
    log: tuple[GallicEvent, ...] = ()
