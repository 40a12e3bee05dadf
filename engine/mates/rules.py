"""Mates Hostiles rules: pure functions from one frozen ``MatesState`` to the next.

Two modes, picked by the number of players: 2–4 play the card game at the table, 1 solves the
mates of the cards (the solo puzzles). Everything that needs no decision (turning cards up,
scoring a placed piece, covering after a check, settling the round) runs inside ``apply``;
only real choices wait for an action: the attacker's choice of attack, each defender's
counter-attack, and the pieces announced to break a tied duel.

Chess is python-chess's: a placed piece's attacks, check and mate come from ``chess.Board``.
The pure helpers the screen needs: ``card_fen`` / ``card_board`` (a card's position),
``pieces_on`` (the pieces a player may announce), ``placement`` (a piece put on a card: the
squares it attacks, what it scores, check / mate / king), ``attack_placement`` and
``counter_placement`` (the placements of a duel as they stand), ``facing_card``,
``pile_counts``, ``alive``, ``turn_order``, and for the solo mode ``mating_moves``,
``parse_answer`` and ``hint_piece``.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import attrs
import chess

from engine.core import (
    HIDDEN,
    Bot,
    IllegalAction,
    Option,
    Outcome,
    Seat,
    check_seat,
    visible_log,
)
from engine.mates import ai
from engine.mates.actions import (
    ACTION_TYPES,
    EloAttack,
    GiveUp,
    Hint,
    NextPuzzle,
    PieceAttack,
    Solve,
)
from engine.mates.data import (
    ATTACKERS,
    BLACK,
    COLORS,
    DEAL,
    DECK_DEFAULT,
    DECK_EXTENDED,
    MATE_PENALTY,
    PIECE_NAMES,
    PIECE_VALUES,
    WHITE,
    Card,
    DeckError,
    deck_from_config,
    load_deck,
    mating_moves,
)
from engine.mates.state import (
    BY_KING,
    BY_MATE,
    BY_SCORE,
    CHECK,
    CHOOSE,
    COUNTER,
    DRAWN,
    ELO,
    EVENT_TYPES,
    KING,
    MAIN_CARD,
    MATE,
    MATE_FINE,
    NO_CARDS,
    OVER,
    PIECE,
    PUZZLE,
    REVIEW,
    SCORED,
    SOLO,
    STAKE,
    TABLE,
    TIE_ATTACK,
    TIE_DEFEND,
    TOP_CARD,
    CardCovered,
    CardsPaid,
    CardTurned,
    Dealt,
    Duel,
    DuelDecided,
    DuelTied,
    EloAnnounced,
    EloWon,
    GameEnded,
    HintGiven,
    MatesState,
    Piece,
    PieceAnnounced,
    PiecePlaced,
    PlayerOut,
    PuzzleAnswered,
    PuzzleResult,
    PuzzleShown,
    Round,
    RoundBegan,
    Solo,
    Stack,
    StartCardTurned,
    StarterChosen,
)
from engine.rng import Rng

__all__ = [
    "MATES",
    "MatesGame",
    "Placement",
    "alive",
    "attack_placement",
    "card_board",
    "card_fen",
    "counter_placement",
    "deal_size",
    "facing_card",
    "hint_piece",
    "mating_moves",
    "parse_answer",
    "pieces_on",
    "pile_counts",
    "placement",
    "redacted_cards",
    "score_on",
    "turn_order",
]

ROUND_LIMIT = 500  # house rule: after this many rounds the most cards wins
SOLVED_POINTS = 10  # solo: a mate found
HINT_COST = 5  # solo: what the hint takes off a mate found afterwards

_TYPES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}
_VALUE_OF_TYPE = {t: PIECE_VALUES[chess.piece_symbol(t).upper()] for t in chess.PIECE_TYPES}


def _seat_name(seat: Seat) -> str:
    return f"Player {seat + 1}"


# --- chess helpers (pure; the screen and the bots use them) ----------------------------------


@lru_cache(maxsize=1024)
def _board(fen: str) -> chess.Board:
    return chess.Board(fen)


def card_fen(card: Card) -> str:
    """The card's position (the moment before the mate), as FEN."""
    return card.fen


def card_board(card: Card) -> chess.Board:
    """A fresh ``chess.Board`` of the card's position (the caller may change it)."""
    return _board(card.fen).copy(stack=False)


def _color_name(color: bool) -> str:
    return WHITE if color == chess.WHITE else BLACK


@lru_cache(maxsize=1024)
def _pieces_on(fen: str) -> tuple[Piece, ...]:
    board = _board(fen)
    out = []
    for color in (chess.WHITE, chess.BLACK):
        for kind in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
            for sq in board.pieces(kind, color):
                letter = chess.piece_symbol(kind).upper()
                out.append(Piece(_color_name(color), letter, chess.square_name(sq)))
    return tuple(out)


def pieces_on(card: Card) -> tuple[Piece, ...]:
    """Every piece a player may announce from this card (all but the kings): white first,
    queens to pawns, squares from a1."""
    return _pieces_on(card.fen)


@attrs.frozen
class Placement:
    """A piece put on a card's position, scored as the rules say.

    ``result``: SCORED, CHECK (the placed piece attacks the enemy king; the card is covered),
    MATE (and the king cannot escape: the card's owner loses the duel) or KING (the square holds
    a king: the one who placed the piece loses the duel). ``score`` is the value of the enemy
    pieces it attacks plus a captured piece (0 for KING). ``attacked`` lists every square the
    piece attacks, ``targets`` the squares of the enemy pieces among them that count;
    ``captured`` / ``replaced`` the letter of the piece that stood on the square; ``fen`` the
    board part of a FEN with the piece placed ("" for KING).
    """

    piece: Piece
    result: str
    score: int
    attacked: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    captured: str = ""
    replaced: str = ""
    fen: str = ""


def _put(fen: str, color: str, letter: str, square: str) -> tuple[chess.Board, int, int] | None:
    """The board with the piece placed, the square and its attack mask; None on a king."""
    board = _board(fen)
    sq = chess.parse_square(square)
    if board.kings & chess.BB_SQUARES[sq]:
        return None
    after = board.copy(stack=False)
    after.set_piece_at(sq, chess.Piece(_TYPES[letter], color == WHITE))
    return after, sq, after.attacks_mask(sq)


@lru_cache(maxsize=200_000)
def _outcome(fen: str, color: str, letter: str, square: str) -> tuple[str, int]:
    """``(result, score)`` of a placement: the part the rules and the bots need."""
    put = _put(fen, color, letter, square)
    if put is None:
        return KING, 0
    after, sq, attacks = put
    mine = color == WHITE
    score = 0
    for t in chess.scan_forward(attacks & after.occupied_co[not mine] & ~after.kings):
        score += _VALUE_OF_TYPE[after.piece_type_at(t) or chess.KING]
    there = _board(fen).piece_at(sq)
    if there is not None and there.color != mine:
        score += _VALUE_OF_TYPE[there.piece_type]
    king = after.king(not mine)
    if king is None or not attacks & chess.BB_SQUARES[king]:
        return SCORED, score
    after.turn = not mine
    after.castling_rights = chess.BB_EMPTY
    after.ep_square = None
    return (MATE if after.is_checkmate() else CHECK), score


@lru_cache(maxsize=1024)
def _place(fen: str, color: str, letter: str, square: str) -> Placement:
    piece = Piece(color, letter, square)
    result, score = _outcome(fen, color, letter, square)
    put = _put(fen, color, letter, square)
    if put is None:
        return Placement(piece, result, score)
    after, sq, attacks = put
    mine = color == WHITE
    targets = attacks & after.occupied_co[not mine] & ~after.kings
    captured = replaced = ""
    there = _board(fen).piece_at(sq)
    if there is not None:
        if there.color == mine:
            replaced = there.symbol().upper()
        else:
            captured = there.symbol().upper()
    return Placement(
        piece,
        result,
        score,
        attacked=tuple(chess.square_name(s) for s in chess.scan_forward(attacks)),
        targets=tuple(chess.square_name(s) for s in chess.scan_forward(targets)),
        captured=captured,
        replaced=replaced,
        fen=after.board_fen(),
    )


def placement(card: Card, piece: Piece) -> Placement:
    """Put ``piece`` on ``card``'s position and score it (seed example: a black queen on c4
    that attacks only a white rook on a4 scores 5). Mate is tested before check, and both
    only count when the placed piece itself attacks the enemy king."""
    return _place(card.fen, piece.color, piece.piece, piece.square)


def score_on(card: Card, piece: Piece) -> tuple[str, int]:
    """``(result, score)`` of ``placement`` without building the whole record (bots)."""
    return _outcome(card.fen, piece.color, piece.piece, piece.square)


_REDACTED: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}


def redacted_cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The deck as a view shows it: the played mating move blanked (it solves the puzzle)."""
    known = _REDACTED.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    out = tuple(attrs.evolve(c, mate_san="") if c.mate_san else c for c in cards)
    if len(_REDACTED) >= 64:
        _REDACTED.clear()
    _REDACTED[id(cards)] = (cards, out)
    return out


def parse_answer(card: Card, text: str) -> chess.Move:
    """A solo answer as two squares ("d1f7", "d1 f7", "d1-f7") or in SAN ("Qxf7#", "Qxf7") as a
    legal move of the card's position; raises ``IllegalAction`` if it is neither."""
    board = _board(card.fen)
    answer = text.strip()
    if not answer:
        raise IllegalAction("Type a move, like Qxf7# or d1f7.")
    try:  # two squares, also written "d1 f7" or "d1-f7"
        move = chess.Move.from_uci(answer.lower().replace(" ", "").replace("-", ""))
    except ValueError:
        move = None
    if move is not None and move in board.legal_moves:
        return move
    try:
        return board.parse_san(answer)
    except ValueError:
        raise IllegalAction(f"{answer} is not a legal move in this position.") from None


def facing_card(state: MatesState, duel: Duel) -> int:
    """The attacker's card facing this duel: his card, or the one he turned for this duel."""
    assert state.round is not None
    return duel.attack.active if duel.attack.active is not None else state.round.card


def attack_placement(state: MatesState, duel: Duel) -> Placement | None:
    """The attacker's piece in play on the defender's active card (what the screen shows on
    each defender card once a piece attack is announced)."""
    if duel.attack_piece is None or duel.defence.active is None:
        return None
    return placement(state.cards[duel.defence.active], duel.attack_piece)


def counter_placement(state: MatesState, duel: Duel) -> Placement | None:
    """The defender's counter-attack on the attacker's card facing him, once that card is face
    up (None before, or in a view that cannot see it)."""
    card = facing_card(state, duel)
    if duel.counter is None or card == HIDDEN:
        return None
    assert state.round is not None
    if duel.attack.active is None and not state.round.revealed:
        return None
    return placement(state.cards[card], duel.counter)


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


# --- small state helpers ---------------------------------------------------------------------


def _log(state: MatesState, *events: Any) -> MatesState:
    return attrs.evolve(state, log=state.log + events)


def _set_pile(state: MatesState, seat: Seat, pile: tuple[int, ...]) -> MatesState:
    piles = state.piles[:seat] + (pile,) + state.piles[seat + 1 :]
    return attrs.evolve(state, piles=piles)


def _take(state: MatesState, seat: Seat, count: int) -> tuple[tuple[int, ...], MatesState]:
    pile = state.piles[seat]
    return pile[:count], _set_pile(state, seat, pile[count:])


def _turn_up(state: MatesState, seat: Seat, why: str) -> tuple[int | None, MatesState]:
    taken, state = _take(state, seat, 1)
    if not taken:
        return None, state
    return taken[0], _log(state, CardTurned(seat=seat, card=taken[0], why=why))


def _cover_and_turn(
    state: MatesState, seat: Seat, stack: Stack, why: str
) -> tuple[Stack | None, MatesState]:
    """Cover the active card with a face-down card and turn up a new one. With one card left
    it is turned up without a cover; with none, None (the player cannot)."""
    pile = state.piles[seat]
    if not pile:
        return None, state
    blind = stack.blind
    if len(pile) >= 2:
        cover, state = _take(state, seat, 1)
        blind += cover
        state = _log(state, CardCovered(seat=seat))
    new, state = _turn_up(state, seat, why)
    shown = stack.shown + (() if stack.active is None else (stack.active,))
    return Stack(active=new, shown=shown, blind=blind), state


def _set_duel(state: MatesState, k: int, duel: Duel) -> MatesState:
    r = state.round
    assert r is not None
    duels = r.duels[:k] + (duel,) + r.duels[k + 1 :]
    return attrs.evolve(state, round=attrs.evolve(r, duels=duels))


def _end(state: MatesState, winners: tuple[Seat, ...], reason: str) -> MatesState:
    state = attrs.evolve(state, phase=OVER, winners=winners, reason=reason, round=None)
    return _log(state, GameEnded(winners=winners, reason=reason))


# --- who starts ------------------------------------------------------------------------------


def _who_starts(state: MatesState) -> MatesState:
    """Everyone turns up his top card; the highest White Elo starts; the tied turn up their
    next card, and so on. The turned cards go back face down to the bottom of the piles."""
    contenders = tuple(range(len(state.piles)))
    turned = [0] * len(state.piles)
    depth = 0
    starter = 0
    while True:
        showing = []
        for seat in contenders:
            pile = state.piles[seat]
            if depth >= len(pile):
                continue
            c = pile[depth]
            turned[seat] += 1
            elo = state.cards[c].white_elo
            showing.append((seat, elo))
            state = _log(state, StartCardTurned(seat=seat, card=c, elo=elo, turn=depth + 1))
        if not showing:  # every tied player turned his whole pile: the first of them starts
            starter = contenders[0]
            break
        best = max(elo for _, elo in showing)
        contenders = tuple(seat for seat, elo in showing if elo == best)
        if len(contenders) == 1:
            starter = contenders[0]
            break
        depth += 1
    for seat, count in enumerate(turned):
        pile = state.piles[seat]
        state = _set_pile(state, seat, pile[count:] + pile[:count])
    return _begin_round(_log(state, StarterChosen(seat=starter)), starter)


# --- the round -------------------------------------------------------------------------------


def _begin_round(state: MatesState, attacker: Seat) -> MatesState:
    if state.rounds >= ROUND_LIMIT:
        return _end_by_count(state)
    number = state.rounds + 1
    (card,), state = _take(state, attacker, 1)
    state = attrs.evolve(
        state,
        rounds=number,
        round=Round(number=number, attacker=attacker, card=card),
        phase=CHOOSE,
        active=attacker,
    )
    return _log(state, RoundBegan(number=number, attacker=attacker))


def _end_by_count(state: MatesState) -> MatesState:
    counts = pile_counts(state)
    most = max(counts[s] for s in alive(state))
    winners = tuple(s for s in alive(state) if counts[s] == most)
    names = " and ".join(_seat_name(s) for s in winners)
    reason = f"After {ROUND_LIMIT} rounds {names} {'has' if len(winners) == 1 else 'have'} "
    reason += f"the most cards ({most})."
    return _end(state, winners, reason)


def _elo_attack(state: MatesState, side: str) -> MatesState:
    r = state.round
    assert r is not None
    attacker = r.attacker
    state = _log(state, EloAnnounced(seat=attacker, side=side))
    state = attrs.evolve(state, round=attrs.evolve(r, kind=ELO, revealed=True))
    state = _log(state, CardTurned(seat=attacker, card=r.card, why=ELO))
    order = turn_order(state, attacker)
    stacks: dict[Seat, Stack] = {attacker: Stack(active=r.card)}
    for seat in order[1:]:
        c, state = _turn_up(state, seat, ELO)
        stacks[seat] = Stack(active=c)

    def elo(seat: Seat) -> int:
        c = stacks[seat].active
        assert c is not None
        return state.cards[c].elo(side)

    best = max(elo(s) for s in order)
    tied = tuple(s for s in order if elo(s) == best)
    while len(tied) > 1:
        again = []
        for seat in tied:
            new, state = _cover_and_turn(state, seat, stacks[seat], "tie")
            if new is not None:
                stacks[seat] = new
                again.append(seat)
        if not again:  # no tied player has a card left: the first in turn order wins
            break
        best = max(elo(s) for s in again)
        tied = tuple(s for s in again if elo(s) == best)
    winner = tied[0]
    taken = tuple(c for s in order for c in stacks[s].cards)
    state = _log(state, EloWon(seat=winner, side=side, elo=elo(winner), cards=len(taken)))
    for seat in order:
        if seat != winner:
            state = _log(
                state,
                CardsPaid(payer=seat, payee=winner, count=len(stacks[seat].cards), why=STAKE),
            )
    state = _set_pile(state, winner, state.piles[winner] + taken)
    return _end_round(state, attacker_lost=winner != attacker)


def _piece_attack(state: MatesState, piece: Piece) -> MatesState:
    r = state.round
    assert r is not None
    state = _log(state, PieceAnnounced(seat=r.attacker, piece=piece, role="attack"))
    duels = []
    for seat in turn_order(state, r.attacker)[1:]:
        c, state = _turn_up(state, seat, "defend")
        duels.append(Duel(defender=seat, defence=Stack(active=c), attack_piece=piece))
    state = attrs.evolve(state, round=attrs.evolve(r, kind=PIECE, piece=piece, duels=tuple(duels)))
    for k in range(len(duels)):
        state = _score_on_defender(state, k)
    return _next_counter(state, 0)


def _decide(state: MatesState, k: int, winner: Seat | None, how: str) -> MatesState:
    r = state.round
    assert r is not None
    duel = attrs.evolve(r.duels[k], decided=True, winner=winner, how=how)
    state = _set_duel(state, k, duel)
    return _log(
        state,
        DuelDecided(
            attacker=r.attacker,
            defender=duel.defender,
            winner=winner,
            how=how,
            attack_score=duel.attack_score,
            counter_score=duel.counter_score,
        ),
    )


def _score_on_defender(state: MatesState, k: int) -> MatesState:
    """The attacker's piece on defender k's active card, covering after each check."""
    r = state.round
    assert r is not None
    while True:
        duel = r.duels[k]
        card = duel.defence.active
        assert card is not None and duel.attack_piece is not None
        p = placement(state.cards[card], duel.attack_piece)
        state = _log(
            state,
            PiecePlaced(
                seat=r.attacker,
                owner=duel.defender,
                card=card,
                piece=duel.attack_piece,
                result=p.result,
                score=p.score,
                captured=p.captured,
                replaced=p.replaced,
            ),
        )
        if p.result == KING:
            return _decide(state, k, duel.defender, BY_KING)
        if p.result == MATE:
            return _decide(state, k, r.attacker, BY_MATE)
        if p.result == CHECK:
            new, state = _cover_and_turn(state, duel.defender, duel.defence, "check")
            if new is not None:
                state = _set_duel(state, k, attrs.evolve(duel, defence=new))
                r = state.round
                assert r is not None
                continue
        return _set_duel(state, k, attrs.evolve(duel, attack_score=p.score))


def _score_on_attacker(state: MatesState, k: int) -> MatesState:
    """Defender k's counter piece on the attacker's card facing him, covering after checks
    (the attacker covers and turns up a card for this duel only)."""
    r = state.round
    assert r is not None
    while True:
        duel = r.duels[k]
        card = facing_card(state, duel)
        assert duel.counter is not None
        p = placement(state.cards[card], duel.counter)
        state = _log(
            state,
            PiecePlaced(
                seat=duel.defender,
                owner=r.attacker,
                card=card,
                piece=duel.counter,
                result=p.result,
                score=p.score,
                captured=p.captured,
                replaced=p.replaced,
            ),
        )
        if p.result == KING:
            return _decide(state, k, r.attacker, BY_KING)
        if p.result == MATE:
            return _decide(state, k, duel.defender, BY_MATE)
        if p.result == CHECK:
            new, state = _cover_and_turn(state, r.attacker, duel.attack, "check")
            if new is not None:
                state = _set_duel(state, k, attrs.evolve(duel, attack=new))
                r = state.round
                assert r is not None
                continue
        return _set_duel(state, k, attrs.evolve(duel, counter_score=p.score))


def _next_counter(state: MatesState, start: int) -> MatesState:
    """Ask the next defender (in turn order) whose duel is open for his counter-attack; once
    all have announced, reveal the attacker's card and play the duels out."""
    r = state.round
    assert r is not None
    for k in range(start, len(r.duels)):
        duel = r.duels[k]
        if not duel.decided and duel.counter is None:
            return attrs.evolve(
                state, phase=COUNTER, active=duel.defender, round=attrs.evolve(r, current=k)
            )
    state = attrs.evolve(state, round=attrs.evolve(r, revealed=True))
    state = _log(state, CardTurned(seat=r.attacker, card=r.card, why="reveal"))
    return _resolve_from(state, 0)


def _resolve_from(state: MatesState, start: int) -> MatesState:
    """Play the duels out in turn order from ``start``; stop where a tie needs a piece."""
    r = state.round
    assert r is not None
    for k in range(start, len(r.duels)):
        r = state.round
        assert r is not None
        duel = r.duels[k]
        if duel.decided:
            continue
        if duel.counter_score is None:
            state = _score_on_attacker(state, k)
            r = state.round
            assert r is not None
            if r.duels[k].decided:
                continue
        state = _compare(state, k)
        if not _decided(state, k):
            return state  # a tie: the defender announces a piece of his new card
    return _settle(state)


def _decided(state: MatesState, k: int) -> bool:
    assert state.round is not None
    return state.round.duels[k].decided


def _compare(state: MatesState, k: int) -> MatesState:
    """Both scores known: the higher wins; a tie sends both to cover and turn a new card."""
    r = state.round
    assert r is not None
    duel = r.duels[k]
    a, d = duel.attack_score, duel.counter_score
    assert a is not None and d is not None
    if a != d:
        return _decide(state, k, r.attacker if a > d else duel.defender, BY_SCORE)
    state = _log(state, DuelTied(attacker=r.attacker, defender=duel.defender, score=a))
    defence, state = _cover_and_turn(state, duel.defender, duel.defence, "tie")
    attack, state = _cover_and_turn(state, r.attacker, duel.attack, "tie")
    duel = attrs.evolve(
        duel,
        defence=defence or duel.defence,
        attack=attack or duel.attack,
        ties=duel.ties + 1,
    )
    state = _set_duel(state, k, duel)
    if defence is None and attack is None:
        return _decide(state, k, None, DRAWN)
    if defence is None:
        return _decide(state, k, r.attacker, NO_CARDS)
    if attack is None:
        return _decide(state, k, duel.defender, NO_CARDS)
    duel = attrs.evolve(
        duel, attack_piece=None, attack_score=None, counter=None, counter_score=None
    )
    state = _set_duel(state, k, duel)
    r = state.round
    assert r is not None
    return attrs.evolve(
        state, phase=TIE_DEFEND, active=duel.defender, round=attrs.evolve(r, current=k)
    )


def _settle(state: MatesState) -> MatesState:
    """Pay every duel: the loser gives the winner his cards for it; the beaten attacker's card
    goes to the first winner in turn order and his top card to each further winner; a mated
    player pays 3 more cards from his pile. Payments from piles come before the won cards go
    to the bottom of the piles."""
    r = state.round
    assert r is not None
    attacker = r.attacker
    gains: dict[Seat, tuple[int, ...]] = {}

    def gain(seat: Seat, cards: tuple[int, ...]) -> None:
        gains[seat] = gains.get(seat, ()) + cards

    def pay(state: MatesState, payer: Seat, payee: Seat, count: int, why: str) -> MatesState:
        taken, state = _take(state, payer, count)
        gain(payee, taken)
        if taken:
            state = _log(state, CardsPaid(payer=payer, payee=payee, count=len(taken), why=why))
        return state

    card_given = False
    lost = False
    for duel in r.duels:
        d = duel.defender
        if duel.winner == attacker:
            gain(attacker, duel.attack.cards + duel.defence.cards)
            state = _log(
                state, CardsPaid(payer=d, payee=attacker, count=len(duel.defence.cards), why=STAKE)
            )
            if duel.how == BY_MATE:
                state = pay(state, d, attacker, MATE_PENALTY, MATE_FINE)
        elif duel.winner == d:
            lost = True
            gain(d, duel.defence.cards + duel.attack.cards)
            if duel.attack.cards:
                state = _log(
                    state,
                    CardsPaid(payer=attacker, payee=d, count=len(duel.attack.cards), why=STAKE),
                )
            if not card_given:
                card_given = True
                gain(d, (r.card,))
                state = _log(state, CardsPaid(payer=attacker, payee=d, count=1, why=MAIN_CARD))
            else:
                state = pay(state, attacker, d, 1, TOP_CARD)
            if duel.how == BY_MATE:
                state = pay(state, attacker, d, MATE_PENALTY, MATE_FINE)
        else:  # drawn: each takes his own cards back
            gain(d, duel.defence.cards)
            gain(attacker, duel.attack.cards)
    if not card_given:
        gain(attacker, (r.card,))
    for seat in sorted(gains):
        state = _set_pile(state, seat, state.piles[seat] + gains[seat])
    return _end_round(state, attacker_lost=lost)


def _end_round(state: MatesState, attacker_lost: bool) -> MatesState:
    r = state.round
    assert r is not None
    before = len(alive(state))
    state = attrs.evolve(state, round=None)
    for seat in alive(state):
        if not state.piles[seat]:
            state = _log(attrs.evolve(state, out=state.out + (seat,)), PlayerOut(seat=seat))
    left = alive(state)
    if len(left) == 1:
        return _end(state, left, f"{_seat_name(left[0])} won every card.")
    if len(left) == 2 and before > 2:  # the two-player stage begins: both kinds are free
        state = attrs.evolve(state, last_kind=("",) * len(state.piles))
    attacker = r.attacker
    if len(left) == 2 and attacker in left and not attacker_lost:
        return _begin_round(state, attacker)
    return _begin_round(state, turn_order(state, attacker + 1)[0])


# --- solo ------------------------------------------------------------------------------------


def _show_next(state: MatesState) -> MatesState:
    solo = state.solo
    assert solo is not None
    if not solo.order:
        n, total = solo.solved, solo.total
        reason = (
            f"Solved {n} of {total} mates · score {solo.score} · best streak {solo.best_streak}."
        )
        return _end(state, (0,), reason)
    card = solo.order[0]
    solo = attrs.evolve(solo, order=solo.order[1:], current=card, hint=None)
    state = attrs.evolve(state, solo=solo, phase=PUZZLE, active=0)
    return _log(state, PuzzleShown(number=len(solo.history) + 1, card=card))


def hint_piece(card: Card) -> Piece:
    """The piece that mates in the game (the solo hint): its colour, letter and square."""
    board = _board(card.fen)
    move = board.parse_san(card.mate_san)
    piece = board.piece_at(move.from_square)
    assert piece is not None
    return Piece(
        _color_name(piece.color), piece.symbol().upper(), chess.square_name(move.from_square)
    )


# --- the game --------------------------------------------------------------------------------

_ASKED = {
    CHOOSE: "Choose your attack: by Elo (White or Black) or with a piece of your card.",
    COUNTER: "Announce your counter-attack: a piece of your card, with colour and square.",
    TIE_DEFEND: "The duel is tied: announce a piece of your new card.",
    TIE_ATTACK: "The duel is tied: announce a piece of your new card.",
    PUZZLE: "Enter the mating move, ask for a hint or give up.",
    REVIEW: "Go on to the next card.",
}


class MatesGame:
    """The Game protocol for Mates Hostiles; stateless, so one shared instance suffices."""

    id = "mates"
    name = "Mates Hostiles"
    description = (
        "Chess-mate cards from real tournaments: attack with your card's Elo or with one of its "
        "pieces, for 2–4 players; or solve the mates alone."
    )
    min_players = 1
    max_players = 4
    hidden_information = True
    options = (
        Option(
            "deck",
            "Deck",
            (("Default (48 cards)", DECK_DEFAULT), ("Extended (106 cards)", DECK_EXTENDED)),
        ),
        Option("puzzles", "Solo puzzles", (("Every card", 0), ("10 cards", 10), ("20 cards", 20))),
    )
    bots: Mapping[str, Bot] = MappingProxyType({"easy": ai.easy, "strong": ai.strong})
    state_type = MatesState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    rules_version = 1
    # A deck file (from `batallas mates-deck`) replaces the deck option: text -> config["deck"].
    load_deck = staticmethod(load_deck)

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        if players == 1:
            return ("Solver",)
        return tuple(_seat_name(s) for s in range(players))

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> MatesState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Mates Hostiles is for 1 player (solo puzzles) or 2–4 players")
        try:
            cards = deck_from_config(config.get("deck", DECK_DEFAULT))
        except DeckError as exc:
            raise ValueError(f"deck: {exc}") from None
        rng = Rng.from_seed(seed)
        order, rng = rng.shuffle(range(len(cards)))
        if players == 1:
            limit = config.get("puzzles", 0)
            if type(limit) is not int or limit < 0:
                raise ValueError("puzzles must be a whole number (0 for every card)")
            chosen = order[:limit] if limit else order
            state = MatesState(
                mode=SOLO,
                rng=rng,
                cards=cards,
                phase=PUZZLE,
                unused=order[len(chosen) :],
                solo=Solo(order=chosen, current=chosen[0], total=len(chosen)),
            )
            return _show_next(state)
        each = deal_size(players, len(cards))
        if each < 1:
            raise ValueError(f"deck: {len(cards)} cards are too few for {players} players")
        piles = tuple(order[s * each : (s + 1) * each] for s in range(players))
        state = MatesState(
            mode=TABLE,
            rng=rng,
            cards=cards,
            phase=CHOOSE,
            piles=piles,
            unused=order[players * each :],
            last_kind=("",) * players,
            log=(Dealt(players=players, each=each, unused=len(cards) - players * each),),
        )
        return _who_starts(state)

    def to_move(self, state: MatesState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def _card_for(self, state: MatesState) -> int | None:
        """The active card of the seat asked to announce a piece, in the current phase."""
        r = state.round
        if r is None:
            return None
        if state.phase == CHOOSE:
            return r.card
        duel = r.duels[r.current]
        if state.phase in (COUNTER, TIE_DEFEND):
            return duel.defence.active
        if state.phase == TIE_ATTACK:
            return facing_card(state, duel)
        return None

    def allowed_kinds(self, state: MatesState) -> tuple[str, ...]:
        """The attack kinds the attacker may choose: both, except that with two players left
        each must differ from his previous one."""
        r = state.round
        if state.phase != CHOOSE or r is None:
            return ()
        last = state.last_kind[r.attacker] if state.last_kind else ""
        if len(alive(state)) == 2 and last:
            return (PIECE,) if last == ELO else (ELO,)
        return (ELO, PIECE)

    def legal_actions(self, state: MatesState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        if phase == PUZZLE:
            solo = state.solo
            assert solo is not None
            board = _board(state.cards[solo.current].fen)
            moves = tuple(Solve(m.uci()) for m in board.legal_moves)
            return moves + (() if solo.hint is not None else (Hint(),)) + (GiveUp(),)
        if phase == REVIEW:
            return (NextPuzzle(),)
        out: tuple[Any, ...] = ()
        kinds = self.allowed_kinds(state) if phase == CHOOSE else (PIECE,)
        if ELO in kinds:
            out += (EloAttack(WHITE), EloAttack(BLACK))
        card = self._card_for(state)
        if PIECE in kinds and card is not None and card != HIDDEN:
            out += tuple(
                PieceAttack(p.color, p.piece, p.square) for p in pieces_on(state.cards[card])
            )
        return out

    # -- apply --

    def apply(self, state: MatesState, seat: Seat, action: Any) -> MatesState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction("That is not a move in Mates Hostiles.")
        if state.mode == SOLO:
            return self._solo(state, action)
        if isinstance(action, EloAttack):
            if state.phase != CHOOSE:
                raise IllegalAction(self._asked(state))
            side = action.side.lower() if isinstance(action.side, str) else action.side
            if side not in COLORS:
                raise IllegalAction("Name the side whose Elo attacks: white or black.")
            self._check_kind(state, ELO)
            return _elo_attack(self._record_kind(state, ELO), side)
        if isinstance(action, PieceAttack):
            card = self._card_for(state)
            if card is None:
                raise IllegalAction(self._asked(state))
            if state.phase == CHOOSE:
                self._check_kind(state, PIECE)
            piece = self._check_piece(state.cards[card], action)
            return self._announce(state, piece)
        raise IllegalAction("That move belongs to the solo puzzles.")

    def _asked(self, state: MatesState) -> str:
        return _ASKED.get(state.phase, "That move is not possible now.")

    def _check_kind(self, state: MatesState, kind: str) -> None:
        if kind in self.allowed_kinds(state):
            return
        done = "an Elo attack" if kind == ELO else "a piece attack"
        must = "a piece attack" if kind == ELO else "an Elo attack"
        raise IllegalAction(
            f"With two players left attacks alternate: your last one was {done}, "
            f"so this one must be {must}."
        )

    def _record_kind(self, state: MatesState, kind: str) -> MatesState:
        r = state.round
        assert r is not None
        kinds = list(state.last_kind)
        kinds[r.attacker] = kind
        return attrs.evolve(state, last_kind=tuple(kinds))

    def _check_piece(self, card: Card, action: PieceAttack) -> Piece:
        color, letter, square = action.color, action.piece, action.square
        if not isinstance(color, str) or color.lower() not in COLORS:
            raise IllegalAction("Name the piece's colour: white or black.")
        if not isinstance(letter, str) or letter.upper() not in PIECE_VALUES:
            raise IllegalAction("Name the piece by its letter: Q, R, B, N or P.")
        if not isinstance(square, str) or square.lower() not in chess.SQUARE_NAMES:
            raise IllegalAction(f"{square!r} is not a square: use a file a–h and a rank 1–8.")
        color, letter, square = color.lower(), letter.upper(), square.lower()
        if letter == "K":
            raise IllegalAction("The king cannot attack: choose another piece.")
        piece = Piece(color, letter, square)
        if piece not in pieces_on(card):
            there = _board(card.fen).piece_at(chess.parse_square(square))
            if there is None:
                holds = f"{square} is empty"
            else:
                holds = f"{square} holds a {_color_name(there.color)} "
                holds += PIECE_NAMES[there.symbol().upper()]
            raise IllegalAction(
                f"There is no {color} {PIECE_NAMES[letter]} on {square} of your card ({holds})."
            )
        assert letter in ATTACKERS
        return piece

    def _announce(self, state: MatesState, piece: Piece) -> MatesState:
        r = state.round
        assert r is not None
        if state.phase == CHOOSE:
            return _piece_attack(self._record_kind(state, PIECE), piece)
        k = r.current
        duel = r.duels[k]
        if state.phase == COUNTER:
            state = _log(state, PieceAnnounced(seat=duel.defender, piece=piece, role="counter"))
            state = _set_duel(state, k, attrs.evolve(duel, counter=piece))
            return _next_counter(state, k + 1)
        if state.phase == TIE_DEFEND:
            state = _log(state, PieceAnnounced(seat=duel.defender, piece=piece, role="tie"))
            state = _set_duel(state, k, attrs.evolve(duel, counter=piece))
            state = _score_on_attacker(state, k)
            if _decided(state, k):
                return _resolve_from(state, k + 1)
            return attrs.evolve(state, phase=TIE_ATTACK, active=r.attacker)
        state = _log(state, PieceAnnounced(seat=r.attacker, piece=piece, role="tie"))
        state = _set_duel(state, k, attrs.evolve(duel, attack_piece=piece))
        state = _score_on_defender(state, k)
        if not _decided(state, k):
            state = _compare(state, k)
            if not _decided(state, k):
                return state  # tied again
        return _resolve_from(state, k + 1)

    def _solo(self, state: MatesState, action: Any) -> MatesState:
        solo = state.solo
        assert solo is not None
        if isinstance(action, NextPuzzle):
            if state.phase != REVIEW:
                raise IllegalAction("Answer this card first (or give up).")
            return _show_next(state)
        if state.phase != PUZZLE:
            raise IllegalAction(self._asked(state))
        card = state.cards[solo.current]
        if isinstance(action, Hint):
            if solo.hint is not None:
                raise IllegalAction("You already have the hint for this card.")
            piece = hint_piece(card)
            state = attrs.evolve(state, solo=attrs.evolve(solo, hint=piece))
            return _log(state, HintGiven(card=solo.current, piece=piece.piece, square=piece.square))
        if isinstance(action, GiveUp):
            return self._answered(state, "", False)
        if isinstance(action, Solve):
            if not isinstance(action.move, str):
                raise IllegalAction("Type a move, like Qxf7# or d1f7.")
            move = parse_answer(card, action.move)
            board = card_board(card)
            san = board.san(move)
            board.push(move)
            return self._answered(state, san, board.is_checkmate())
        raise IllegalAction("In the solo puzzles you only enter moves, take hints or give up.")

    def _answered(self, state: MatesState, answer: str, correct: bool) -> MatesState:
        solo = state.solo
        assert solo is not None
        hinted = solo.hint is not None
        points = (SOLVED_POINTS - (HINT_COST if hinted else 0)) if correct else 0
        streak = solo.streak + 1 if correct else 0
        solution = state.cards[solo.current].mate_san
        result = PuzzleResult(
            card=solo.current,
            answer=answer,
            correct=correct,
            hinted=hinted,
            points=points,
            solution=solution,
        )
        solo = attrs.evolve(
            solo,
            score=solo.score + points,
            streak=streak,
            best_streak=max(solo.best_streak, streak),
            history=solo.history + (result,),
        )
        state = attrs.evolve(state, solo=solo, phase=REVIEW)
        return _log(
            state,
            PuzzleAnswered(
                card=result.card,
                answer=answer,
                correct=correct,
                solution=solution,
                points=points,
            ),
        )

    # -- view / outcome --

    def view(self, state: MatesState, seat: Seat) -> MatesState:
        """Piles, the box, the face-down covers, the attacker's card until it is shown, the
        solo cards to come, the played mating moves and the RNG are hidden."""
        r = state.round
        if r is not None:
            card = r.card if (r.revealed or seat == r.attacker) else HIDDEN
            duels = tuple(
                attrs.evolve(d, defence=_hide_blind(d.defence), attack=_hide_blind(d.attack))
                for d in r.duels
            )
            r = attrs.evolve(r, card=card, duels=duels)
        solo = state.solo
        if solo is not None:
            solo = attrs.evolve(solo, order=(HIDDEN,) * len(solo.order))
        return attrs.evolve(
            state,
            rng=None,
            cards=redacted_cards(state.cards),
            piles=tuple((HIDDEN,) * len(p) for p in state.piles),
            unused=(HIDDEN,) * len(state.unused),
            round=r,
            solo=solo,
            log=visible_log(state.log, seat),
        )

    def outcome(self, state: MatesState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.winners, state.reason)

    def progress(self, state: MatesState) -> str:
        if state.mode == SOLO:
            solo = state.solo
            assert solo is not None
            if state.phase == OVER:
                return f"Solved {solo.solved} of {solo.total} · score {solo.score}"
            number = len(solo.history) + (1 if state.phase == PUZZLE else 0)
            return f"Card {number} of {solo.total} · score {solo.score} · streak {solo.streak}"
        counts = ", ".join(
            f"P{s + 1} {len(p)}" for s, p in enumerate(state.piles) if s not in state.out
        )
        if state.phase == OVER:
            names = " and ".join(_seat_name(s) for s in state.winners)
            return f"{names} won after {state.rounds} rounds"
        return f"Round {state.rounds} · piles: {counts}"

    def rules_markdown(self) -> str:
        return (
            importlib.resources.files("engine.mates")
            .joinpath("RULES.md")
            .read_text(encoding="utf-8")
        )


def _hide_blind(stack: Stack) -> Stack:
    if not stack.blind:
        return stack
    return attrs.evolve(stack, blind=(HIDDEN,) * len(stack.blind))


MATES = MatesGame()
