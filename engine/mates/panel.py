"""Mates Hostiles' panel: the simple plans people really play, for the strength bench.

- ``highest-elo``: the player who trusts the ratings: he always attacks with the higher Elo
  of his card (when the two-player stage forbids an Elo attack, he plays ``strong``).
- ``first-piece``: the hasty player: he announces the first piece of his card (white first,
  queens to pawns) that attacks anything there, in attack, counter-attack and tie alike.
- ``biggest-count``: the counter: he announces the piece that attacks the most enemy pieces on
  his own card (the most points on a tie).

The piece players attack with a piece whenever they may and play ``strong`` when only an Elo
attack is allowed. Each reads only its seat's view: his own card, never the hidden ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import Seat
from engine.mates.actions import EloAttack, PieceAttack
from engine.mates.ai import strong
from engine.mates.board import Placement, placement
from engine.mates.data import BLACK, WHITE
from engine.mates.duels import card_for
from engine.mates.rules import MATES
from engine.mates.state import CHOOSE, MatesState, Piece


def highest_elo(view: MatesState, seat: Seat, rng: random.Random) -> Any:
    """An Elo attack with the higher rating of the card whenever allowed; otherwise strong."""
    legal = MATES.legal_actions(view, seat)
    if view.phase == CHOOSE and EloAttack(WHITE) in legal:
        mine = view.cards[view.round.card]
        return EloAttack(max((WHITE, BLACK), key=mine.elo))
    return strong(view, seat, rng)


def _piece_plan(reach: Callable[[Placement], tuple[int, ...]]) -> Callable:
    """A bot announcing, whenever a piece is asked for, the first piece of its card with the
    highest ``reach`` (a placement of the piece on its own card); otherwise strong."""

    def bot(view: MatesState, seat: Seat, rng: random.Random) -> Any:
        pieces = [a for a in MATES.legal_actions(view, seat) if isinstance(a, PieceAttack)]
        if not pieces:
            return strong(view, seat, rng)
        mine = view.cards[card_for(view)]
        return max(pieces, key=lambda a: reach(placement(mine, Piece(a.color, a.piece, a.square))))

    return bot


def attacks_anything(placed: Placement) -> tuple[int, ...]:
    """1 for a piece that attacks an enemy piece on its own card (the first one wins)."""
    return (int(bool(placed.targets)),)


def attacks_most(placed: Placement) -> tuple[int, ...]:
    """How many enemy pieces it attacks on its own card, then how many points."""
    return (len(placed.targets), placed.score)


PANEL = {
    "highest-elo": highest_elo,
    "first-piece": _piece_plan(attacks_anything),
    "biggest-count": _piece_plan(attacks_most),
}
