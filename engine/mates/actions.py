"""Everything a Mates Hostiles player does.

At the table: the attacker picks ``EloAttack`` or ``PieceAttack``; ``PieceAttack`` is also how a
defender announces his counter-attack and how either player announces a piece to break a tied
duel (the phase says which). A piece is named by colour, letter and square, exactly as it stands
on the player's own active card.

Solo: ``Solve`` with the mating move as SAN ("Qxf7#") or UCI ("d1f7"), ``Hint``, ``GiveUp``,
then ``NextPuzzle``.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class EloAttack:
    """Attack with the Elo of this side of my card: "white" or "black"."""

    side: str


@attrs.frozen
class PieceAttack:
    """Announce the ``color`` ("white"/"black") ``piece`` ("Q", "R", "B", "N", "P") on
    ``square`` ("c4") of my active card."""

    color: str
    piece: str
    square: str


@attrs.frozen
class Solve:
    """Solo: my answer, in SAN or UCI."""

    move: str


@attrs.frozen
class Hint:
    """Solo: show which piece mates (costs points)."""


@attrs.frozen
class GiveUp:
    """Solo: show the answer; the card counts as missed."""


@attrs.frozen
class NextPuzzle:
    """Solo: on to the next card."""


MatesAction = EloAttack | PieceAttack | Solve | Hint | GiveUp | NextPuzzle
ACTION_TYPES = (EloAttack, PieceAttack, Solve, Hint, GiveUp, NextPuzzle)
