"""Chess on the cards: a card's position, the pieces a player may announce, and a piece put on
a card and scored as the rules say (rule 5 and the special cases of rule 6).

Pure and cached: the rules, the bots and the screen all score placements, often the same ones,
so the python-chess work is done once per (position, piece). Chess is python-chess's: a placed
piece's attacks, check and mate come from ``chess.Board``.
"""

from __future__ import annotations

from functools import lru_cache

import attrs
import chess

from engine.mates.data import BLACK, PIECE_VALUES, WHITE, Card
from engine.mates.state import CHECK, KING, MATE, SCORED, Piece

_TYPES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}
_VALUE_OF_TYPE = {t: PIECE_VALUES[chess.piece_symbol(t).upper()] for t in chess.PIECE_TYPES}


@lru_cache(maxsize=1024)
def position(fen: str) -> chess.Board:
    """The board of a FEN, shared between callers: read it, never change it (``card_board``
    gives a copy to change)."""
    return chess.Board(fen)


def card_fen(card: Card) -> str:
    """The card's position (the moment before the mate), as FEN."""
    return card.fen


def card_board(card: Card) -> chess.Board:
    """A fresh ``chess.Board`` of the card's position (the caller may change it)."""
    return position(card.fen).copy(stack=False)


def color_name(color: bool) -> str:
    """``"white"`` or ``"black"`` for a python-chess colour."""
    return WHITE if color == chess.WHITE else BLACK


@lru_cache(maxsize=1024)
def _pieces_on(fen: str) -> tuple[Piece, ...]:
    board = position(fen)
    out = []
    for color in (chess.WHITE, chess.BLACK):
        for kind in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
            for sq in board.pieces(kind, color):
                letter = chess.piece_symbol(kind).upper()
                out.append(Piece(color_name(color), letter, chess.square_name(sq)))
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
    board = position(fen)
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
    there = position(fen).piece_at(sq)
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
    there = position(fen).piece_at(sq)
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


def clear_caches() -> None:
    """Forget every cached position and placement (the benchmark's worst case)."""
    for fn in (_outcome, _place, position, _pieces_on):
        fn.cache_clear()
