"""Everything a Metauro player does, one small step at a time.

Deployment edits the default layout unit by unit (``Place``) and is confirmed with ``Deploy``.
A turn is any number of ``Move`` steps (each unit at most once; a stack may move together),
closed by ``EndMove`` — or ``Pass`` with nothing moved, or ``TimeUp`` when the optional move
clock runs out. A clash is fought pair by pair: the last mover picks each ``Pair`` (or lets
``AutoPair`` pick), a beaten unit's owner picks its ``Retreat`` square when there is a choice,
and the winner may ``Advance`` into the square the loser left, or not (``NoAdvance``).
Squares are named ``"a1"``–``"p11"``; units by their ids.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Place:
    """Deployment: put this unit of mine on this start square instead."""

    unit: int
    square: str


@attrs.frozen
class DefaultDeployment:
    """Deployment: put my whole army back on the default layout."""


@attrs.frozen
class Deploy:
    """Deployment: my army stands as it is; the battle may begin."""


@attrs.frozen
class Move:
    """Move these units of mine, all standing on ``frm`` and not yet moved this turn, to
    ``to``."""

    frm: str
    to: str
    units: tuple[int, ...]


@attrs.frozen
class EndMove:
    """My move is over (I moved at least one unit)."""


@attrs.frozen
class Pass:
    """I move nothing this turn."""


@attrs.frozen
class TimeUp:
    """The move clock ran out: my turn ends with whatever I have moved."""


@attrs.frozen
class Pair:
    """Clash: my soldier ``own`` fights the enemy soldier ``enemy`` now."""

    own: int
    enemy: int


@attrs.frozen
class AutoPair:
    """Clash: let the game pick the next pair (the one with the best odds for me)."""


@attrs.frozen
class Retreat:
    """My beaten unit retreats to this square."""

    to: str


@attrs.frozen
class Advance:
    """My winning unit steps into the square its enemy left."""


@attrs.frozen
class NoAdvance:
    """My winning unit stays where it is."""


MetauroAction = (
    Place
    | DefaultDeployment
    | Deploy
    | Move
    | EndMove
    | Pass
    | TimeUp
    | Pair
    | AutoPair
    | Retreat
    | Advance
    | NoAdvance
)
ACTION_TYPES = (
    Place,
    DefaultDeployment,
    Deploy,
    Move,
    EndMove,
    Pass,
    TimeUp,
    Pair,
    AutoPair,
    Retreat,
    Advance,
    NoAdvance,
)
