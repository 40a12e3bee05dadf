"""The table of the card game: the piles, cards turned up and covered, who is still in.

Small pure steps on a ``MatesState`` that the round, the duels and the settling all take: a
card taken from the top of a pile, turned up, or covered by a face-down card (rules 4, 6a and
8), and the questions the bots and the screen ask (``alive``, ``turn_order``, ``pile_counts``,
``facing_card``).
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.core import Seat
from engine.i18n import _, number, pgettext
from engine.mates.data import DEAL
from engine.mates.state import (
    OVER,
    CardCovered,
    CardTurned,
    Duel,
    GameEnded,
    MatesState,
    Stack,
)


def seat_name(seat: Seat) -> str:
    """``"Player 2"`` in the current language: shown, never stored (saves keep seat numbers)."""
    return _("Player {n}").format(n=number(seat + 1))


def seat_short(seat: Seat) -> str:
    """``"P2"``: the seat where room is short, in the current language."""
    return pgettext("short for Player", "P{n}").format(n=number(seat + 1))


def recorded_name(seat: Seat) -> str:
    """``"Player 2"`` as the game records it in the reason a finished game keeps: English
    whatever the language, so a replay gives the same state byte for byte (players read
    ``rules.end_reason``)."""
    return f"Player {seat + 1}"


def pile_counts(state: MatesState) -> tuple[int, ...]:
    """Cards in each seat's pile (not counting cards on the table)."""
    return tuple(len(p) for p in state.piles)


def alive(state: MatesState) -> tuple[Seat, ...]:
    """The seats still in the game, in seat order."""
    return tuple(s for s in range(len(state.piles)) if s not in state.out)


def turn_order(state: MatesState, first: Seat) -> tuple[Seat, ...]:
    """The seats still in, clockwise from ``first`` (included if still in)."""
    n = len(state.piles)
    return tuple(s for s in ((first + i) % n for i in range(n)) if s not in state.out)


def deal_size(players: int, deck: int) -> int:
    """Cards per player: 24/16/12 for 2/3/4 players, fewer if the deck is too small."""
    return min(DEAL[players], deck // players)


def facing_card(state: MatesState, duel: Duel) -> int:
    """The attacker's card facing this duel: his card, or the one he turned for this duel."""
    assert state.round is not None
    return duel.attack.active if duel.attack.active is not None else state.round.card


def logged(state: MatesState, *events: Any) -> MatesState:
    """The state with ``events`` added to its log."""
    return attrs.evolve(state, log=state.log + events)


def set_pile(state: MatesState, seat: Seat, pile: tuple[int, ...]) -> MatesState:
    piles = state.piles[:seat] + (pile,) + state.piles[seat + 1 :]
    return attrs.evolve(state, piles=piles)


def take(state: MatesState, seat: Seat, count: int) -> tuple[tuple[int, ...], MatesState]:
    """Up to ``count`` cards from the top of a seat's pile (fewer if the pile is short)."""
    pile = state.piles[seat]
    return pile[:count], set_pile(state, seat, pile[count:])


def turn_up(state: MatesState, seat: Seat, why: str) -> tuple[int | None, MatesState]:
    """Turn up the top card of a seat's pile; None if the pile is empty."""
    taken, state = take(state, seat, 1)
    if not taken:
        return None, state
    return taken[0], logged(state, CardTurned(seat=seat, card=taken[0], why=why))


def cover_and_turn(
    state: MatesState, seat: Seat, stack: Stack, why: str
) -> tuple[Stack | None, MatesState]:
    """Cover the active card with a face-down card and turn up a new one. With one card left
    it is turned up without a cover; with none, None (the player cannot)."""
    pile = state.piles[seat]
    if not pile:
        return None, state
    blind = stack.blind
    if len(pile) >= 2:
        cover, state = take(state, seat, 1)
        blind += cover
        state = logged(state, CardCovered(seat=seat))
    new, state = turn_up(state, seat, why)
    shown = stack.shown + (() if stack.active is None else (stack.active,))
    return Stack(active=new, shown=shown, blind=blind), state


def set_duel(state: MatesState, k: int, duel: Duel) -> MatesState:
    """The state with duel ``k`` of the current round replaced."""
    r = state.round
    assert r is not None
    duels = r.duels[:k] + (duel,) + r.duels[k + 1 :]
    return attrs.evolve(state, round=attrs.evolve(r, duels=duels))


def end_game(state: MatesState, winners: tuple[Seat, ...], reason: str) -> MatesState:
    """End the game. ``reason`` is the English record the state and the log keep, the same
    whatever language is spoken; players read ``rules.end_reason``, worded from the final
    position in their language."""
    state = attrs.evolve(state, phase=OVER, winners=winners, reason=reason, round=None)
    return logged(state, GameEnded(winners=winners, reason=reason))
