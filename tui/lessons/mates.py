"""Mates Hostiles' first lesson: announcing a piece and counting what it attacks, then an Elo
attack (two players alternate the kinds).

Seed 22: the learner starts; the black queen on g3 of the first card scores 13 on the bot's
card, the bot's counter-attack 0; the next card's Black Elo, 2720, wins the Elo attack."""

from __future__ import annotations

import chess

from engine.i18n import N_, number
from engine.mates.board import pieces_on
from engine.mates.data import BLACK, WHITE, piece_words
from engine.mates.state import DuelDecided, EloWon, PieceAnnounced, PiecePlaced
from tui.lessons.lesson import Lesson, Step

VALUES = {"Q": 10, "R": 5, "B": 3, "N": 3, "P": 1}
START = chess.E4  # where the screen's cursor starts


def happened(kind):
    """An event of ``kind`` is in the learner's log."""
    return lambda view, seat: any(isinstance(e, kind) for e in view.log)


def announced(view, seat: int) -> bool:
    return any(isinstance(e, PieceAnnounced) and e.seat == seat for e in view.log)


def strongest(view, seat: int):
    """The learner's attack card's strongest piece of the side to move (the mating side)."""
    card = view.cards[view.round.card]
    moving = WHITE if chess.Board(card.fen).turn == chess.WHITE else BLACK
    pieces = [p for p in pieces_on(card) if p.piece != "K" and p.color == moving]
    return max(pieces, key=lambda p: VALUES[p.piece])


def arrows(square: str) -> str:
    """The arrow presses from the cursor's first square to ``square``: "→ 2, ↓ 1"."""
    target = chess.parse_square(square)
    across = chess.square_file(target) - chess.square_file(START)
    up = chess.square_rank(target) - chess.square_rank(START)
    moves = [
        f"{'→' if across > 0 else '←'} {number(abs(across))}" if across else "",
        f"{'↑' if up > 0 else '↓'} {number(abs(up))}" if up else "",
    ]
    return ", ".join(m for m in moves if m)


def suggestion(view, seat: int) -> dict[str, str]:
    piece = strongest(view, seat)
    return {
        "piece": piece_words(piece.color, piece.piece),
        "square": piece.square,
        "arrows": arrows(piece.square),
    }


def duel(view, seat: int) -> dict[str, str]:
    """What the learner's piece and the bot's counter-attack scored."""
    placed = [e for e in view.log if isinstance(e, PiecePlaced)]
    mine = [e for e in placed if e.seat == seat]
    theirs = [e for e in placed if e.seat != seat]
    words = {"piece": "", "mine": "0", "counter": "", "theirs": "0"}
    if mine:
        words.update(piece=piece_words(mine[-1].piece.color, mine[-1].piece.piece))
        words.update(mine=number(mine[-1].score))
    if theirs:
        words.update(counter=piece_words(theirs[-1].piece.color, theirs[-1].piece.piece))
        words.update(theirs=number(theirs[-1].score))
    return words


def elo(view, seat: int) -> dict[str, str]:
    """The Elo ratings on the learner's new card, and the key of the higher."""
    card = view.cards[view.round.card] if view.round is not None else None
    white, black = (card.white_elo, card.black_elo) if card is not None else (0, 0)
    return {"white": str(white), "black": str(black), "key": "w" if white >= black else "b"}


LESSON = Lesson(
    game_id="mates",
    title=N_("Announcing a piece, and counting what it attacks"),
    config={},
    seed=22,
    players=2,
    seat=0,
    bot="easy",
    steps=(
        Step(
            N_(
                "Each card is a real tournament game one move before mate. You and a bot each "
                "hold a pile of cards; you attack first, with the card on top of yours."
            )
        ),
        Step(
            N_(
                "A piece attack: name a piece of your card (not the king) and its square. The "
                "bot puts it on that square of its own card and counts the enemy pieces it "
                "attacks there: Queen 10, Rook 5, Bishop 3, Knight 3, Pawn 1."
            )
        ),
        Step(
            N_(
                "Announce your {piece} on {square}, your strongest piece: move the cursor "
                "there with the arrows ({arrows}), then press Enter."
            ),
            until=happened(DuelDecided),
            fill=suggestion,
        ),
        Step(
            N_(
                "Your {piece} scored {mine} on the bot's card; its counter-attack, a {counter} "
                "put on yours, scored {theirs}. The higher score wins the duel, and the loser "
                "gives the winner his card."
            ),
            fill=duel,
        ),
        Step(
            N_(
                "Two players must change the kind of attack: now an Elo attack. Your new card "
                "shows White {white} and Black {black}. Name the side with the higher: press "
                "{key}. The highest Elo on that side takes every card turned up."
            ),
            until=happened(EloWon),
            fill=elo,
        ),
        Step(
            N_(
                "That is Mates Hostiles: a piece scores what it attacks on the other cards, an "
                "Elo attack the highest rating. A check, a capture or a mate changes the "
                "count: see the rules (?). The last player with cards wins."
            )
        ),
    ),
)
