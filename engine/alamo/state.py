"""Frozen state of an El Álamo game; ``view`` returns the same classes with secrets replaced.

Seat 0 is always the Texan (the solitaire's only player), seat 1 the Mexican. In the solitaire
the Mexican side is the dice's: its ``table`` holds the attack cards, face down until
``revealed``.
"""

from __future__ import annotations

import attrs

from engine.core import Event, Seat
from engine.rng import Rng

TWO_PLAYER, SOLITAIRE = "two-player", "solitaire"

# Two-player phases.
BOMBARD = "bombard"  # ``active`` may Fire an Artillery card or StopFiring
PAY = "pay"  # ``payment.payer`` pays card by card (also the solitaire's payments)
DISCARD = "discard"  # ``active`` trims the hand to 7
ATTACK = "attack"  # the Mexican builds an attack in ``selection`` or declines
DEFEND = "defend"  # the Texan builds a defence in ``selection``
SURVIVORS = "survivors"  # the battle's winner picks the played cards to keep
# Solitaire phases.
ROLL = "roll"  # the Texan rolls for the next turn
FIRE = "fire"  # more Texan guns than targets: the Texan picks which fire
REPEL = "repel"  # attack repelled: the Texan picks the cards he used
OVER = "over"

# What a payment is for.
FOR_BOMBARDMENT = "bombardment"
FOR_BATTLE = "battle"
FOR_ARTILLERY = "artillery"  # solitaire: Mexican artillery, Standing Defence first
FOR_MUSKETS = "muskets"  # solitaire: Mexican Mosquetes / Carabinas, no Standing Defence


@attrs.frozen
class Side:
    """One side's cards. ``table`` holds the cards played in the current battle."""

    deck: tuple[int, ...]
    hand: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    table: tuple[int, ...] = ()


@attrs.frozen
class Payment:
    """``payer`` owes ``amount`` points and has paid ``paid`` with ``cards`` so far;
    ``from_deck`` are those of ``cards`` that came from the top of his deck (an unneeded one
    goes back there, not to the hand)."""

    payer: Seat
    amount: int
    cause: str
    paid: int = 0
    cards: tuple[int, ...] = ()
    from_deck: tuple[int, ...] = ()

    @property
    def due(self) -> int:
        return max(0, self.amount - self.paid)


@attrs.frozen
class Battle:
    """The current turn's battle (two-player) or assault (solitaire).

    ``winner`` is None for a tie or while undecided; in the solitaire the Texan "wins" when the
    attack is repelled.
    """

    attack: tuple[int, ...]
    attack_total: int
    defence: tuple[int, ...] = ()
    defence_total: int = 0
    resolved: bool = False
    winner: Seat | None = None
    difference: int = 0


# --- events ------------------------------------------------------------------------------------


@attrs.frozen
class TurnStarted(Event):
    turn: int


@attrs.frozen
class Drew(Event):
    """``seat`` drew ``count`` cards; ``cards`` is filled only for the owner's eyes."""

    seat: Seat
    count: int
    cards: tuple[int, ...] = ()


@attrs.frozen
class DeckRebuilt(Event):
    """Solitaire: the Texan deck ran out and the discards were shuffled into a new one."""

    seat: Seat
    cards: int


@attrs.frozen
class Rolled(Event):
    """A solitaire die: ``purpose`` is "draw" (the Texan's cards) or "attack" (Mexican cards)."""

    purpose: str
    value: int


@attrs.frozen
class AttackDrawn(Event):
    """Solitaire: this many Mexican cards were drawn face down as the attack."""

    count: int


@attrs.frozen
class Fired(Event):
    seat: Seat
    card: int


@attrs.frozen
class Removed(Event):
    """Solitaire: Texan fire removed this (random, face-down) Mexican attack card."""

    card: int


@attrs.frozen
class Revealed(Event):
    """Solitaire: the attack cards left after the Texan fire are turned face up."""

    cards: tuple[int, ...]


@attrs.frozen
class PaymentDue(Event):
    payer: Seat
    amount: int
    cause: str


@attrs.frozen
class Paid(Event):
    """``seat`` paid with ``card`` (from the top of the deck if ``from_deck``), worth
    ``value``."""

    seat: Seat
    card: int
    value: int
    from_deck: bool = False


@attrs.frozen
class TakenBack(Event):
    """A paid card the payment turned out not to need goes back where it came from: the
    payer's hand, or the top of his deck if ``to_deck``."""

    seat: Seat
    card: int
    value: int
    to_deck: bool = False


@attrs.frozen
class CountersLost(Event):
    """Solitaire: ``count`` sections of 10 men lost for ``points`` unpaid points."""

    count: int
    points: int
    left: int


@attrs.frozen
class HandLost(Event):
    """The whole hand was discarded (a bombardment that could not be paid, or a breach)."""

    seat: Seat
    cards: tuple[int, ...]


@attrs.frozen
class Discarded(Event):
    seat: Seat
    card: int


@attrs.frozen
class Returned(Event):
    """The Texan put cards above 7 back into his deck (shown to him only)."""

    seat: Seat
    count: int
    cards: tuple[int, ...] = ()


@attrs.frozen
class Shuffled(Event):
    seat: Seat
    cards: int


@attrs.frozen
class AttackDeclined(Event):
    pass


@attrs.frozen
class Attacked(Event):
    cards: tuple[int, ...]
    total: int


@attrs.frozen
class Defended(Event):
    cards: tuple[int, ...]
    total: int


@attrs.frozen
class BattleResolved(Event):
    attack_total: int
    defence_total: int
    winner: Seat | None
    difference: int


@attrs.frozen
class SurvivorsKept(Event):
    seat: Seat
    cards: tuple[int, ...]


@attrs.frozen
class Repelled(Event):
    """Solitaire: the assault failed; ``used`` are the Texan cards discarded for it."""

    attack_total: int
    defence_total: int
    used: tuple[int, ...]


@attrs.frozen
class Breached(Event):
    """Solitaire: the defence fell short by ``shortfall`` points."""

    attack_total: int
    defence_total: int
    shortfall: int


@attrs.frozen
class GameEnded(Event):
    winners: tuple[Seat, ...]
    reason: str


AlamoEvent = (
    TurnStarted
    | Drew
    | DeckRebuilt
    | Rolled
    | AttackDrawn
    | Fired
    | Removed
    | Revealed
    | PaymentDue
    | Paid
    | TakenBack
    | CountersLost
    | HandLost
    | Discarded
    | Returned
    | Shuffled
    | AttackDeclined
    | Attacked
    | Defended
    | BattleResolved
    | SurvivorsKept
    | Repelled
    | Breached
    | GameEnded
)
EVENT_TYPES = (
    TurnStarted,
    Drew,
    DeckRebuilt,
    Rolled,
    AttackDrawn,
    Fired,
    Removed,
    Revealed,
    PaymentDue,
    Paid,
    TakenBack,
    CountersLost,
    HandLost,
    Discarded,
    Returned,
    Shuffled,
    AttackDeclined,
    Attacked,
    Defended,
    BattleResolved,
    SurvivorsKept,
    Repelled,
    Breached,
    GameEnded,
)


@attrs.frozen
class AlamoState:
    """``active`` is the seat asked to act in ``phase`` (the payer during a payment).

    ``selection`` is the attack / defence / survivors / used cards being chosen; ``dice`` the
    solitaire's last two rolls (draw, attack); ``counters`` the solitaire's sections of men.
    """

    mode: str
    rng: Rng | None
    phase: str
    turn: int
    sides: tuple[Side, Side]
    active: Seat = 0
    selection: tuple[int, ...] = ()
    payment: Payment | None = None
    battle: Battle | None = None
    counters: int = 0
    revealed: bool = False
    dice: tuple[int, ...] = ()
    winners: tuple[Seat, ...] = ()
    reason: str = ""
    log: tuple[AlamoEvent, ...] = ()
