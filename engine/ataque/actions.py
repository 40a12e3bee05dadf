"""Everything an Ataque player does, one small step at a time.

Territories and cards are the integer ids of ``engine.ataque.data``. ``legal_actions`` offers a
short menu (place 1, 5 or all; each attack with the most dice and fewer; move in 0..most;
regroup 1 or all); ``apply`` also accepts any other count within the limits, so a screen may
let the player type a number.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Exchange:
    """Hand in these three cards (sorted ids) for armies, at the start of the turn."""

    cards: tuple[int, ...]


@attrs.frozen
class Place:
    """Put ``count`` of the armies received on my ``territory``. A continent's bonus is used
    first on its own territories, then the general pool."""

    territory: int
    count: int


@attrs.frozen
class Attack:
    """Throw ``dice`` (1..3, at most armies − 1) from my ``source`` at the adjacent enemy
    ``target``; the defender throws as many as he may (up to 3)."""

    source: int
    target: int
    dice: int


@attrs.frozen
class MoveIn:
    """After a conquest: move ``count`` more armies (0 keeps only the one that entered)."""

    count: int


@attrs.frozen
class Regroup:
    """Move ``count`` armies from my ``source`` to my adjacent ``target`` (each army once)."""

    source: int
    target: int
    count: int


@attrs.frozen
class EndPhase:
    """Stop attacking and go on to regroup; in the regroup, end the turn."""


AtaqueAction = Exchange | Place | Attack | MoveIn | Regroup | EndPhase
ACTION_TYPES = (Exchange, Place, Attack, MoveIn, Regroup, EndPhase)
