"""The solo puzzles (rule 13): a card is shown, the player enters the mating move, asks for the
hint or gives up; python-chess judges the move, any mating move counts (house rule).
"""

from __future__ import annotations

from typing import Any

import attrs
import chess

from engine.core import IllegalAction
from engine.i18n import _
from engine.mates.actions import GiveUp, Hint, NextPuzzle, Solve
from engine.mates.board import card_board, color_name, position
from engine.mates.data import Card
from engine.mates.state import (
    PUZZLE,
    REVIEW,
    HintGiven,
    MatesState,
    Piece,
    PuzzleAnswered,
    PuzzleResult,
    PuzzleShown,
)
from engine.mates.table import end_game, logged

SOLVED_POINTS = 10  # a mate found
HINT_COST = 5  # what the hint takes off a mate found afterwards


def parse_answer(card: Card, text: str) -> chess.Move:
    """A solo answer as two squares ("d1f7", "d1 f7", "d1-f7") or in SAN ("Qxf7#", "Qxf7") as a
    legal move of the card's position; raises ``IllegalAction`` if it is neither."""
    board = position(card.fen)
    answer = text.strip()
    if not answer:
        raise IllegalAction(_("Type a move, like Qxf7# or d1f7."))
    try:  # two squares, also written "d1 f7" or "d1-f7"
        move = chess.Move.from_uci(answer.lower().replace(" ", "").replace("-", ""))
    except ValueError:
        move = None
    if move is not None and move in board.legal_moves:
        return move
    try:
        return board.parse_san(answer)
    except ValueError:
        raise IllegalAction(
            _("{move} is not a legal move in this position.").format(move=answer)
        ) from None


def hint_piece(card: Card) -> Piece:
    """The piece that mates in the game (the solo hint): its colour, letter and square."""
    board = position(card.fen)
    move = board.parse_san(card.mate_san)
    piece = board.piece_at(move.from_square)
    assert piece is not None
    return Piece(
        color_name(piece.color), piece.symbol().upper(), chess.square_name(move.from_square)
    )


def show_next(state: MatesState) -> MatesState:
    """The next card of the run, or the end of the run with its score."""
    solo = state.solo
    assert solo is not None
    if not solo.order:
        n, total = solo.solved, solo.total
        reason = (  # the English record (see ``table.end_game``)
            f"Solved {n} of {total} mates · score {solo.score} · best streak {solo.best_streak}."
        )
        return end_game(state, (0,), reason)
    card = solo.order[0]
    solo = attrs.evolve(solo, order=solo.order[1:], current=card, hint=None)
    state = attrs.evolve(state, solo=solo, phase=PUZZLE, active=0)
    return logged(state, PuzzleShown(number=len(solo.history) + 1, card=card))


def solo_actions(state: MatesState) -> tuple[Any, ...]:
    """Every legal move of the card on show as an answer, the hint (once) and giving up; or,
    once answered, going on."""
    if state.phase == REVIEW:
        return (NextPuzzle(),)
    solo = state.solo
    assert solo is not None
    board = position(state.cards[solo.current].fen)
    moves = tuple(Solve(m.uci()) for m in board.legal_moves)
    return moves + (() if solo.hint is not None else (Hint(),)) + (GiveUp(),)


def play_solo(state: MatesState, action: Any, asked: str) -> MatesState:
    """Apply a solo action; ``asked`` is the reason given when the card is already answered."""
    solo = state.solo
    assert solo is not None
    if isinstance(action, NextPuzzle):
        if state.phase != REVIEW:
            raise IllegalAction(_("Answer this card first (or give up)."))
        return show_next(state)
    if state.phase != PUZZLE:
        raise IllegalAction(asked)
    card = state.cards[solo.current]
    if isinstance(action, Hint):
        if solo.hint is not None:
            raise IllegalAction(_("You already have the hint for this card."))
        piece = hint_piece(card)
        state = attrs.evolve(state, solo=attrs.evolve(solo, hint=piece))
        return logged(state, HintGiven(card=solo.current, piece=piece.piece, square=piece.square))
    if isinstance(action, GiveUp):
        return _answered(state, "", False)
    if isinstance(action, Solve):
        if not isinstance(action.move, str):
            raise IllegalAction(_("Type a move, like Qxf7# or d1f7."))
        move = parse_answer(card, action.move)
        board = card_board(card)
        san = board.san(move)
        board.push(move)
        return _answered(state, san, board.is_checkmate())
    raise IllegalAction(_("In the solo puzzles you only enter moves, take hints or give up."))


def _answered(state: MatesState, answer: str, correct: bool) -> MatesState:
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
    return logged(
        state,
        PuzzleAnswered(
            card=result.card,
            answer=answer,
            correct=correct,
            solution=solution,
            points=points,
        ),
    )
