"""Frozen state of a Metauro (or Zama) battle; ``view`` returns the same classes.

Seat 0 is the Romans, seat 1 the Carthaginians. Nothing on the board is secret: a view only
drops the RNG (and filters the log, whose events are all public).
"""

from __future__ import annotations

import attrs

from engine.core import Event, Seat
from engine.rng import Rng

# Phases. ``active`` is always the seat asked to act.
DEPLOY = "deploy"  # ``active`` arranges its army on its start squares, then Deploy()
MOVE = "move"  # ``mover`` moves units one Move at a time, then EndMove / Pass / TimeUp
PAIR = "pair"  # the clash: the last mover picks the next pair to fight (Pair / AutoPair)
RETREAT = "retreat"  # a loser (or a panicking elephant) has several squares to retreat to
ADVANCE = "advance"  # the winner of a fight may step into the square the loser left
OVER = "over"

# Why a unit was eliminated.
BY_KILL = "kill"  # beaten by a total of 6 or more
NO_RETREAT = "no retreat"  # beaten and no square to retreat to
TRUMPET_LOST = "trumpet"  # a trumpet that loses a fight is eliminated


@attrs.frozen
class Unit:
    """One soldier (a figure on the board). ``id`` is fixed for the whole battle."""

    id: int
    side: Seat
    kind: str
    square: str


@attrs.frozen
class Fight:
    """One fight of a clash: ``a`` belongs to the seat that chose the pair, ``b`` to the other.

    ``winner`` / ``loser`` are unit ids, None on a tie; ``killed`` when the winner reached 6.
    """

    a: int
    b: int
    roll_a: int
    roll_b: int
    bonus_a: int
    bonus_b: int
    winner: int | None = None
    loser: int | None = None
    killed: bool = False

    @property
    def total_a(self) -> int:
        return self.roll_a + self.bonus_a

    @property
    def total_b(self) -> int:
        return self.roll_b + self.bonus_b


@attrs.frozen
class Clash:
    """The clash under way after a turn.

    ``chooser`` is the seat that ended the turn and picks the pairs. ``done`` holds every unit
    that has fought (or panicked) in this clash. ``retreating`` is the unit being pushed back,
    ``steps`` how many retreats it still owes (2 for a panicking elephant). ``panicked`` are the
    elephants still to run from a trumpet. ``vacated`` / ``advancer`` are the square a beaten
    unit left and the winner who may step into it. ``fight`` is the last fight, for the screen;
    ``fights`` counts the fights so far.
    """

    chooser: Seat
    done: frozenset[int] = frozenset()
    retreating: int | None = None
    steps: int = 0
    panicked: tuple[int, ...] = ()
    vacated: str | None = None
    advancer: int | None = None
    fight: Fight | None = None
    fights: int = 0


# --- events ------------------------------------------------------------------------------------


@attrs.frozen
class Deployed(Event):
    seat: Seat


@attrs.frozen
class LotsDrawn(Event):
    """The lots gave the first move to ``first``."""

    first: Seat


@attrs.frozen
class TurnStarted(Event):
    turn: int
    seat: Seat


@attrs.frozen
class Moved(Event):
    seat: Seat
    units: tuple[int, ...]
    frm: str
    to: str


@attrs.frozen
class Passed(Event):
    """``seat`` ended its turn without moving; ``timed_out`` when its move clock ran out."""

    seat: Seat
    timed_out: bool = False


@attrs.frozen
class TimeRanOut(Event):
    """The move clock ran out after ``seat`` had moved some units: the turn ends there."""

    seat: Seat


@attrs.frozen
class ClashStarted(Event):
    chooser: Seat
    pairs: int


@attrs.frozen
class PanicRolled(Event):
    """Zama house rule: an elephant near a Roman trumpet rolled ``roll``."""

    unit: int
    roll: int
    panicked: bool


@attrs.frozen
class Fought(Event):
    fight: Fight


@attrs.frozen
class Retreated(Event):
    unit: int
    frm: str
    to: str


@attrs.frozen
class Eliminated(Event):
    unit: int
    side: Seat
    kind: str
    square: str
    cause: str


@attrs.frozen
class Advanced(Event):
    unit: int
    frm: str
    to: str


@attrs.frozen
class ClashEnded(Event):
    fights: int


@attrs.frozen
class GameEnded(Event):
    winners: tuple[Seat, ...]
    reason: str


MetauroEvent = (
    Deployed
    | LotsDrawn
    | TurnStarted
    | Moved
    | Passed
    | TimeRanOut
    | ClashStarted
    | PanicRolled
    | Fought
    | Retreated
    | Eliminated
    | Advanced
    | ClashEnded
    | GameEnded
)
EVENT_TYPES = (
    Deployed,
    LotsDrawn,
    TurnStarted,
    Moved,
    Passed,
    TimeRanOut,
    ClashStarted,
    PanicRolled,
    Fought,
    Retreated,
    Eliminated,
    Advanced,
    ClashEnded,
    GameEnded,
)


@attrs.frozen
class MetauroState:
    """A battle in progress.

    ``scenario`` is a key of ``data.BOARDS``. ``turn`` counts the turns played (0 while
    deploying), ``mover`` is whose turn it is, ``active`` the seat asked to act now (the
    deployer, the mover, the chooser of pairs, a retreating unit's owner or an advancing
    winner's owner). ``units`` holds the units on the board by id, ``fallen`` the eliminated
    ones where they fell. ``moved`` are the units already moved this turn. ``passes`` counts
    quiet turns in a row (no unit moved, no clash). ``clock`` is the move clock in seconds
    (0: off), ``trumpet_rule`` the Zama house rule, ``generals`` the generals' names.
    """

    scenario: str
    rng: Rng | None
    phase: str
    active: Seat
    mover: Seat
    units: tuple[Unit, ...]
    turn: int = 0
    fallen: tuple[Unit, ...] = ()
    moved: frozenset[int] = frozenset()
    deployed: frozenset[Seat] = frozenset()
    first: Seat | None = None
    clash: Clash | None = None
    passes: int = 0
    clock: int = 0
    trumpet_rule: bool = True
    generals: tuple[str, str] = ("", "")
    winners: tuple[Seat, ...] = ()
    reason: str = ""
    log: tuple[MetauroEvent, ...] = ()
