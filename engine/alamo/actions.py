"""Everything an El Álamo player does, one small step at a time.

Combinatorial choices are split into steps so ``legal_actions`` stays short: a battle hand is
built with ``AddCard`` / ``RemoveCard`` and sent with ``Confirm``; a payment is made card by
card with ``PayWith`` or ``PayTopOfDeck``; the hand is trimmed one ``Discard`` (Mexican) or
``ReturnToDeck`` (Texan) at a time. Card ids are the acting side's own deck ids.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Fire:
    """Discard this Artillery card to bombard (two-player), or fire this Artillery / Rifles /
    Trabucos card at the face-down attack (solitaire)."""

    card: int


@attrs.frozen
class StopFiring:
    """No more bombardment from me this turn."""


@attrs.frozen
class PayWith:
    """Pay part of what is owed with this card from my hand."""

    card: int


@attrs.frozen
class PayTopOfDeck:
    """Pay with the top card of my deck (a bombardment: the whole amount at once)."""


@attrs.frozen
class Discard:
    """Mexican above 7 cards: discard this one."""

    card: int


@attrs.frozen
class ReturnToDeck:
    """Texan above 7 cards: put this one back; the deck is shuffled once the hand is 7."""

    card: int


@attrs.frozen
class AddCard:
    """Put this card into the attack / defence / survivors / cards used, being chosen."""

    card: int


@attrs.frozen
class RemoveCard:
    """Take this card back out of the selection being chosen."""

    card: int


@attrs.frozen
class Confirm:
    """Commit the selection: attack, defend (possibly with nothing), keep, or use it."""


@attrs.frozen
class Decline:
    """The Mexican does not attack this turn."""


@attrs.frozen
class Roll:
    """Solitaire: roll for the next turn (the Texan's draw, then the Mexican attack)."""


AlamoAction = (
    Fire
    | StopFiring
    | PayWith
    | PayTopOfDeck
    | Discard
    | ReturnToDeck
    | AddCard
    | RemoveCard
    | Confirm
    | Decline
    | Roll
)
ACTION_TYPES = (
    Fire,
    StopFiring,
    PayWith,
    PayTopOfDeck,
    Discard,
    ReturnToDeck,
    AddCard,
    RemoveCard,
    Confirm,
    Decline,
    Roll,
)
