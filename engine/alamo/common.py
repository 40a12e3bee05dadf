"""State plumbing both El Álamo games share: replacing a side, logging, ending the game, naming
cards in refusals, and drawing with an event only the drawer sees in full."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from engine.alamo.data import DECK_SIZE, TEXANS, card
from engine.alamo.state import OVER, SOLITAIRE, AlamoState, Drew, GameEnded, Side
from engine.core import IllegalAction, Seat


def card_name(side: Seat, card_id: Any) -> str:
    """A card's printed name, or a plain description of whatever a refused action held."""
    if isinstance(card_id, int) and not isinstance(card_id, bool) and 0 <= card_id < DECK_SIZE:
        return card(side, card_id).name
    return f"Card {card_id!r}"


def card_in(seat: Seat, c: Any, cards: tuple[int, ...], where: str) -> int:
    """``c`` if it is one of ``cards``; otherwise refuse, saying it is not ``where``."""
    if isinstance(c, bool) or not isinstance(c, int):
        raise IllegalAction(f"{c!r} is not a card.")
    if c not in cards:
        raise IllegalAction(f"{card_name(seat, c)} is not {where}.")
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
