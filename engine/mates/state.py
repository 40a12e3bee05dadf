"""Frozen state of a Mates Hostiles game; ``view`` returns the same classes with secrets replaced.

Card ids index ``MatesState.cards`` (the deck in play, public knowledge like a printed deck).
A pile is listed top first. Two modes: the table game (2–4 players) and the solo puzzles
(1 player, ``solo`` holds the run).

On the table, each round keeps every player's cards in ``Stack`` values: the face-up ``active``
card, the earlier face-up cards now covered (``shown``), and the face-down cover cards
(``blind``, never seen by anyone). The attacker's announced card is ``Round.card``; in a piece
attack it stays secret until every counter-attack is announced. When a duel makes the attacker
cover his card (a check from a counter-attack, or a tie), he plays a stack for that duel only
(``Duel.attack``), so his card keeps facing the other defenders.
"""

from __future__ import annotations

import attrs

from engine.core import Event, Seat
from engine.mates.data import Card
from engine.rng import Rng

TABLE, SOLO = "table", "solo"

# Table phases.
CHOOSE = "choose"  # the attacker looks at his card and picks an Elo or a piece attack
COUNTER = "counter"  # defender ``Round.duels[current]`` announces his counter-attack
TIE_DEFEND = "tie-defend"  # duel tie: the defender announces a piece from his new card
TIE_ATTACK = "tie-attack"  # duel tie: then the attacker announces one from his new card
# Solo phases.
PUZZLE = "puzzle"  # enter the mating move, take a hint, or give up
REVIEW = "review"  # the answer is judged (see the last ``Solo.history`` entry); go on
OVER = "over"

ELO, PIECE = "elo", "piece"  # the two kinds of attack

# How a placement ended (``Placement.result`` and the ``PiecePlaced`` event).
SCORED, CHECK, MATE, KING = "scored", "check", "mate", "king"

# How a duel was decided (``Duel.how``).
BY_SCORE = "score"  # the higher score won
BY_KING = "king"  # a piece was put on a king: the one who put it there lost
BY_MATE = "mate"  # a piece gave mate: the mated player lost and pays 3 more cards
NO_CARDS = "no cards"  # a tie the loser had no card to break
DRAWN = "drawn"  # a tie neither could break: each takes his own cards back

# Why cards changed hands (``CardsPaid.why``).
STAKE = "stake"  # the loser's cards on the table for that duel / the whole Elo table
MAIN_CARD = "card"  # the beaten attacker's card, to the first winner in turn order
TOP_CARD = "top card"  # the beaten attacker's top card, to each further winner
MATE_FINE = "mate"  # 3 cards from the top of a mated player's pile
RETURNED = "returned"  # a drawn duel: one's own cards back


@attrs.frozen
class Piece:
    """An announced piece: ``color`` "white"/"black", ``piece`` "Q" "R" "B" "N" "P", ``square``
    like "c4"."""

    color: str
    piece: str
    square: str


@attrs.frozen
class Stack:
    """A player's cards on the table: ``active`` face up (None if none yet), ``shown`` the
    earlier face-up cards now covered, ``blind`` the face-down covers."""

    active: int | None = None
    shown: tuple[int, ...] = ()
    blind: tuple[int, ...] = ()

    @property
    def cards(self) -> tuple[int, ...]:
        top = () if self.active is None else (self.active,)
        return self.shown + self.blind + top


@attrs.frozen
class Duel:
    """The attacker against one defender in a piece attack.

    ``attack_piece`` is the attacker's piece in play (the announcement, then his tie-break
    pieces) and ``attack_score`` its score on the defender's active card; ``counter`` and
    ``counter_score`` the defender's. ``winner`` is set once the duel is decided (None for a
    drawn duel with ``how == DRAWN``).
    """

    defender: Seat
    defence: Stack
    attack: Stack = Stack()
    attack_piece: Piece | None = None
    attack_score: int | None = None
    counter: Piece | None = None
    counter_score: int | None = None
    ties: int = 0
    decided: bool = False
    winner: Seat | None = None
    how: str = ""


@attrs.frozen
class Round:
    """The current attack. ``card`` is the attacker's card, secret until ``revealed``.

    ``duels`` lists the defenders in turn order (piece attacks); ``current`` is the duel being
    played (the counter-attack being announced, or the tie being broken).
    """

    number: int
    attacker: Seat
    card: int
    kind: str = ""
    piece: Piece | None = None
    revealed: bool = False
    duels: tuple[Duel, ...] = ()
    current: int = 0


@attrs.frozen
class PuzzleResult:
    """One solo card answered: the move given (SAN, "" if given up), the game's move, points."""

    card: int
    answer: str
    correct: bool
    hinted: bool
    points: int
    solution: str


@attrs.frozen
class Solo:
    """The solo run: ``order`` the cards still to come (hidden in views), ``current`` the card
    on show, ``hint`` the mating piece once asked for, ``history`` every card answered."""

    order: tuple[int, ...]
    current: int
    total: int
    hint: Piece | None = None
    score: int = 0
    streak: int = 0
    best_streak: int = 0
    history: tuple[PuzzleResult, ...] = ()

    @property
    def solved(self) -> int:
        return sum(r.correct for r in self.history)


# --- events ------------------------------------------------------------------------------------


@attrs.frozen
class Dealt(Event):
    """Every player got ``each`` cards; ``unused`` cards of a larger deck stay in the box."""

    players: int
    each: int
    unused: int


@attrs.frozen
class StartCardTurned(Event):
    """Who starts: ``seat`` turned up ``card`` (its ``turn``-th) with White Elo ``elo``."""

    seat: Seat
    card: int
    elo: int
    turn: int


@attrs.frozen
class StarterChosen(Event):
    seat: Seat


@attrs.frozen
class RoundBegan(Event):
    number: int
    attacker: Seat


@attrs.frozen
class EloAnnounced(Event):
    seat: Seat
    side: str


@attrs.frozen
class CardTurned(Event):
    """``seat`` turned ``card`` face up: ``why`` is "elo", "defend", "check", "tie" or
    "reveal" (the attacker's card shown after the counter-attacks)."""

    seat: Seat
    card: int
    why: str


@attrs.frozen
class CardCovered(Event):
    """``seat`` laid a face-down card over his active card."""

    seat: Seat


@attrs.frozen
class EloWon(Event):
    """``seat`` had the highest ``side`` Elo, ``elo``, and takes ``cards`` cards."""

    seat: Seat
    side: str
    elo: int
    cards: int


@attrs.frozen
class PieceAnnounced(Event):
    """``role``: "attack", "counter" or "tie"."""

    seat: Seat
    piece: Piece
    role: str


@attrs.frozen
class PiecePlaced(Event):
    """``seat``'s piece put on ``owner``'s ``card``: ``result`` SCORED / CHECK / MATE / KING,
    ``score`` its points, ``captured`` / ``replaced`` the letter of the piece on the square."""

    seat: Seat
    owner: Seat
    card: int
    piece: Piece
    result: str
    score: int
    captured: str = ""
    replaced: str = ""


@attrs.frozen
class DuelTied(Event):
    attacker: Seat
    defender: Seat
    score: int


@attrs.frozen
class DuelDecided(Event):
    """``winner`` is None for a drawn duel."""

    attacker: Seat
    defender: Seat
    winner: Seat | None
    how: str
    attack_score: int | None = None
    counter_score: int | None = None


@attrs.frozen
class CardsPaid(Event):
    """``payer`` gave ``count`` cards to ``payee`` (to the bottom of his pile)."""

    payer: Seat
    payee: Seat
    count: int
    why: str


@attrs.frozen
class PlayerOut(Event):
    seat: Seat


@attrs.frozen
class PuzzleShown(Event):
    number: int
    card: int


@attrs.frozen
class HintGiven(Event):
    """The piece that mates: ``piece`` letter on ``square``."""

    card: int
    piece: str
    square: str


@attrs.frozen
class PuzzleAnswered(Event):
    card: int
    answer: str
    correct: bool
    solution: str
    points: int


@attrs.frozen
class GameEnded(Event):
    winners: tuple[Seat, ...]
    reason: str


MatesEvent = (
    Dealt
    | StartCardTurned
    | StarterChosen
    | RoundBegan
    | EloAnnounced
    | CardTurned
    | CardCovered
    | EloWon
    | PieceAnnounced
    | PiecePlaced
    | DuelTied
    | DuelDecided
    | CardsPaid
    | PlayerOut
    | PuzzleShown
    | HintGiven
    | PuzzleAnswered
    | GameEnded
)
EVENT_TYPES = (
    Dealt,
    StartCardTurned,
    StarterChosen,
    RoundBegan,
    EloAnnounced,
    CardTurned,
    CardCovered,
    EloWon,
    PieceAnnounced,
    PiecePlaced,
    DuelTied,
    DuelDecided,
    CardsPaid,
    PlayerOut,
    PuzzleShown,
    HintGiven,
    PuzzleAnswered,
    GameEnded,
)


@attrs.frozen
class MatesState:
    """``piles`` per seat, top first; ``unused`` the cards of a larger deck left in the box.

    ``active`` is the seat asked to act. ``out`` lists the eliminated seats in the order they
    went out. ``last_kind`` is each seat's previous attack kind in the two-player stage (the
    kinds must alternate), "" when free. ``rounds`` counts the rounds begun.
    """

    mode: str
    rng: Rng | None
    cards: tuple[Card, ...]
    phase: str
    piles: tuple[tuple[int, ...], ...] = ()
    unused: tuple[int, ...] = ()
    active: Seat = 0
    round: Round | None = None
    out: tuple[Seat, ...] = ()
    last_kind: tuple[str, ...] = ()
    rounds: int = 0
    solo: Solo | None = None
    winners: tuple[Seat, ...] = ()
    reason: str = ""
    log: tuple[MatesEvent, ...] = ()
