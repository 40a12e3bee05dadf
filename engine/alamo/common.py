"""State plumbing both El Álamo games share: replacing a side, logging, ending the game, naming
cards in refusals, and drawing with an event only the drawer sees in full."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from engine.alamo.data import DECK_SIZE, TEXANS, card
from engine.alamo.state import OVER, SOLITAIRE, AlamoState, Drew, GameEnded, Side
from engine.core import IllegalAction, Seat
from engine.i18n import N_, _

IN_HAND = N_("{card} is not in your hand.")


def card_name(side: Seat, card_id: Any) -> str:
    """A card's printed name, or a plain description of whatever a refused action held."""
    if isinstance(card_id, int) and not isinstance(card_id, bool) and 0 <= card_id < DECK_SIZE:
        return card(side, card_id).name
    return _("Card {value}").format(value=repr(card_id))


def card_in(seat: Seat, c: Any, cards: tuple[int, ...], refusal: str = IN_HAND) -> int:
    """``c`` if it is one of ``cards``; otherwise refuse with ``refusal`` (a msgid that names
    the card as ``{card}``: "{card} is not in your hand.")."""
    if isinstance(c, bool) or not isinstance(c, int):
        raise IllegalAction(_("{value} is not a card.").format(value=repr(c)))
    if c not in cards:
        raise IllegalAction(_(refusal).format(card=card_name(seat, c)))
    return c


def with_side(state: AlamoState, seat: Seat, side: Side) -> AlamoState:
    sides = (side, state.sides[1]) if seat == TEXANS else (state.sides[0], side)
    return attrs.evolve(state, sides=sides)


def log(state: AlamoState, *events: Any) -> AlamoState:
    return attrs.evolve(state, log=state.log + events)


def without(cards: tuple[int, ...], gone: Iterable[int]) -> tuple[int, ...]:
    out = set(gone)
    return tuple(c for c in cards if c not in out)


def end(state: AlamoState, winners: tuple[Seat, ...], reason: str) -> AlamoState:
    state = attrs.evolve(
        state,
        phase=OVER,
        winners=winners,
        reason=reason,
        selection=(),
        payment=None,
    )
    return log(state, GameEnded(winners=winners, reason=reason))


def private(seat: Seat, players: int) -> tuple[frozenset[Seat] | None, frozenset[Seat] | None]:
    """visible_to for an owner-only event and for its public twin (None: no twin needed)."""
    if players == 1:
        return None, None
    return frozenset({seat}), frozenset({1 - seat})


def draw_event(state: AlamoState, seat: Seat, cards: tuple[int, ...]) -> AlamoState:
    """Log a draw: the cards for the drawer, only their number for the other player."""
    mine, theirs = private(seat, 1 if state.mode == SOLITAIRE else 2)
    if mine is None:
        return log(state, Drew(seat=seat, count=len(cards), cards=cards))
    return log(
        state,
        Drew(seat=seat, count=len(cards), cards=cards, visible_to=mine),
        Drew(seat=seat, count=len(cards), visible_to=theirs),
    )
