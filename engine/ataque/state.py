"""Frozen state of an Ataque game; ``view`` returns the same classes with secrets replaced.

Territories, continents, cards and objectives are the integer ids of ``engine.ataque.data``.
``owner[t]`` and ``armies[t]`` describe territory ``t``; ``players[s]`` the seat ``s`` (colour
``COLOURS[s]``). In another seat's view, a player's ``objective`` is ``HIDDEN`` (until the game
is over) and his ``hand`` is ``HIDDEN`` ids; the draw pile is ``HIDDEN`` ids and ``rng`` None.
"""

from __future__ import annotations

import attrs

from engine.core import Event, Seat
from engine.rng import Rng

# Phases of the active player's turn.
EXCHANGE = "exchange"  # holding a set of cards: hand one in (compulsory); also mid-attack
# after taking an eliminated player's cards, while more than 4 are held
PLACE = "place"  # place the armies received (general pool, then continent bonuses)
ATTACK = "attack"  # attack as often as wanted, or EndPhase
MOVE_IN = "move-in"  # after a conquest ("up to 3" option): how many more follow the first
REGROUP = "regroup"  # move armies between adjacent own territories, or EndPhase
OVER = "over"

PHASES = (EXCHANGE, PLACE, ATTACK, MOVE_IN, REGROUP, OVER)


@attrs.frozen
class Player:
    """One seat. ``exchanges`` counts the player's exchanges so far (Tabla I);
    ``eliminated_by`` is the seat that destroyed him (``None`` while alive)."""

    objective: int
    hand: tuple[int, ...] = ()
    exchanges: int = 0
    alive: bool = True
    eliminated_by: Seat | None = None


@attrs.frozen
class Conquest:
    """The conquest waiting for ``MoveIn``: up to ``most`` more armies may follow."""

    source: int
    target: int
    most: int


# --- events ------------------------------------------------------------------------------------


@attrs.frozen
class DealerRolled(Event):
    """One round of the dealer roll: ``seats`` threw ``values`` (ties re-roll)."""

    seats: tuple[Seat, ...]
    values: tuple[int, ...]


@attrs.frozen
class DealerChosen(Event):
    seat: Seat


@attrs.frozen
class ObjectiveDrawn(Event):
    """``objective`` is the card's id for its owner's eyes, ``HIDDEN`` for everybody else."""

    seat: Seat
    objective: int


@attrs.frozen
class TerritoriesDealt(Event):
    seat: Seat
    territories: tuple[int, ...]


@attrs.frozen
class TurnStarted(Event):
    seat: Seat
    round: int
    turn: int


@attrs.frozen
class Reinforced(Event):
    """``armies`` for ``territories`` held (``first_round``: the starter's figure for all), and
    a continent bonus for each id in ``continents``."""

    seat: Seat
    territories: int
    armies: int
    continents: tuple[int, ...] = ()
    first_round: bool = False


@attrs.frozen
class Exchanged(Event):
    """The ``number``-th exchange of ``seat``: ``armies`` by Tabla I, and +2 placed at once on
    each territory of ``bonus_on``."""

    seat: Seat
    cards: tuple[int, ...]
    number: int
    armies: int
    bonus_on: tuple[int, ...] = ()


@attrs.frozen
class Placed(Event):
    seat: Seat
    territory: int
    count: int


@attrs.frozen
class Battle(Event):
    """One throw: dice sorted high to low; losses on each side."""

    attacker: Seat
    defender: Seat
    source: int
    target: int
    attack: tuple[int, ...]
    defence: tuple[int, ...]
    attacker_lost: int
    defender_lost: int


@attrs.frozen
class Conquered(Event):
    seat: Seat
    previous: Seat
    source: int
    target: int


@attrs.frozen
class MovedIn(Event):
    seat: Seat
    source: int
    target: int
    count: int


@attrs.frozen
class Eliminated(Event):
    """``victim`` lost his last territory to ``by``, who takes his ``cards`` cards."""

    victim: Seat
    by: Seat
    cards: int


@attrs.frozen
class CardsTaken(Event):
    """The eliminated player's cards pass to ``seat`` (ids shown to him only)."""

    seat: Seat
    victim: Seat
    cards: tuple[int, ...]


@attrs.frozen
class ObjectiveChanged(Event):
    """A destroy objective became "occupy 24 territories" (shown to its owner only)."""

    seat: Seat
    colour: Seat


@attrs.frozen
class Regrouped(Event):
    seat: Seat
    source: int
    target: int
    count: int


@attrs.frozen
class CardDrawn(Event):
    """``card`` is the id for the drawer's eyes, ``HIDDEN`` for everybody else."""

    seat: Seat
    card: int


@attrs.frozen
class DeckReshuffled(Event):
    """The exchanged cards became a new draw pile (the "reshuffle" setup option only)."""

    cards: int


@attrs.frozen
class NothingDrawn(Event):
    """``seat`` conquered this turn but the draw pile is empty: no card."""

    seat: Seat


@attrs.frozen
class TurnEnded(Event):
    seat: Seat


@attrs.frozen
class GameEnded(Event):
    """``objectives`` reveals every seat's card at the end."""

    winners: tuple[Seat, ...]
    reason: str
    objectives: tuple[int, ...] = ()


AtaqueEvent = (
    DealerRolled
    | DealerChosen
    | ObjectiveDrawn
    | TerritoriesDealt
    | TurnStarted
    | Reinforced
    | Exchanged
    | Placed
    | Battle
    | Conquered
    | MovedIn
    | Eliminated
    | CardsTaken
    | ObjectiveChanged
    | Regrouped
    | CardDrawn
    | DeckReshuffled
    | NothingDrawn
    | TurnEnded
    | GameEnded
)
EVENT_TYPES = (
    DealerRolled,
    DealerChosen,
    ObjectiveDrawn,
    TerritoriesDealt,
    TurnStarted,
    Reinforced,
    Exchanged,
    Placed,
    Battle,
    Conquered,
    MovedIn,
    Eliminated,
    CardsTaken,
    ObjectiveChanged,
    Regrouped,
    CardDrawn,
    DeckReshuffled,
    NothingDrawn,
    TurnEnded,
    GameEnded,
)


@attrs.frozen
class AtaqueState:
    """The whole game.

    ``active`` is the seat whose turn it is; ``starter`` began the first round (rounds count
    from him); ``first_round_armies`` is the starter's reinforcement, which everybody receives
    in round 1. During ``PLACE``, ``to_place`` is the general pool and ``bonus_left[c]`` the
    continent ``c`` bonus still to place inside it. ``conquered`` says whether the active
    player took a territory this turn (he draws a card at its end). ``arrived[t]`` counts the
    armies that reached ``t`` in this regroup (they may not move again). ``conquest_most`` is
    the most armies that may enter a conquered territory (1 = only the automatic one, as
    printed). ``discard`` holds the exchanged cards, out of the game for good unless
    ``reshuffle`` (TEG's habit, a setup option) makes them a new pile when the draw pile runs
    out. ``round_limit`` ends the game as a draw after that many rounds (0: no limit).
    """

    rng: Rng | None
    phase: str
    owner: tuple[Seat, ...]
    armies: tuple[int, ...]
    players: tuple[Player, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    dealer: Seat
    starter: Seat
    active: Seat
    first_round_armies: int
    round: int = 1
    turn: int = 1
    to_place: int = 0
    bonus_left: tuple[int, ...] = ()
    conquered: bool = False
    pending: Conquest | None = None
    arrived: tuple[int, ...] = ()
    conquest_most: int = 1
    round_limit: int = 0
    reshuffle: bool = False
    winners: tuple[Seat, ...] = ()
    reason: str = ""
    log: tuple[AtaqueEvent, ...] = ()
