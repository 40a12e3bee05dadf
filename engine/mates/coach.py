"""Mates Hostiles' coach: at the table, the expert's attack or piece said in the cards it
expects to hold after the round; in the solo puzzles, a graded clue.

At the table the expert tries every legal announcement on worlds dealt from what the seat has
seen and plays the round out; the coach reads that search (``expert.decision``) and says each
value as the cards the seat ends the round with ("about 27 of the 48 cards").

In the solo puzzles the answer is the whole game, so the hint is graded the way a puzzle player
expects (lichess's "get a hint", then the solution): first the game's own clue, the piece that
mates, taken as the game's Hint action so that it costs the card's points it always costs;
once that piece is shown, the mating move itself (which scores the same reduced points as
typing it). A judgement counts a card's points: any mating move is the expert's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import chess

from engine import search
from engine.coach import Choice, Hint, Judgement, fitting, ranked_choices
from engine.core import HIDDEN, Seat
from engine.i18n import _
from engine.mates.actions import EloAttack, GiveUp, NextPuzzle, PieceAttack, Solve
from engine.mates.actions import Hint as AskHint
from engine.mates.board import card_board
from engine.mates.data import mating_moves, piece_words, side_name
from engine.mates.expert import Valuer, decision
from engine.mates.solo import HINT_COST, SOLVED_POINTS
from engine.mates.state import CHOOSE, COUNTER, PUZZLE, REVIEW, MatesState

Move = EloAttack | PieceAttack | Solve | AskHint | GiveUp | NextPuzzle


def hint(view: MatesState, seat: Seat, rng: random.Random) -> Hint:
    """The expert's announcement at the table, the next two and why in cards; in the solo
    puzzles the next grade of clue."""
    if view.phase in (PUZZLE, REVIEW):
        return _puzzle_hint(view, seat, rng)
    with search.watched() as found:
        move, value = decision(view, seat, rng)
    if value is None or not found:
        text = move_text(view, move)
        why = fitting(
            line.format(move=text)
            for line in (_("{move}: the only move here"), _("the only move here"))
        )
        return Hint(seat, Choice(move, text), why=why)
    scored = found[-1]
    choices = ranked_choices(scored, lambda a: a, lambda a: move_text(view, a))
    best = next(c for c in choices if c.action == move)
    worlds = next(s.worlds for s in scored if s.candidate == move)
    worlds_of = {s.candidate: s.worlds for s in scored}
    others = sorted(
        (
            c
            if worlds_of[c.action] >= worlds
            else attrs.evolve(c, value=_mean(value, c.action, worlds))
            for c in choices[:3]
            if c is not best
        ),
        key=lambda c: -(c.value or 0.0),
    )[:2]
    return Hint(seat, best, tuple(others), _why(view, best, others))


def judge(view: MatesState, seat: Seat, played: Move, rng: random.Random) -> Judgement:
    """What ``played`` was worth: at the table, its share of the cards after the round
    against the expert's announcement, on the same worlds; in the solo puzzles, the card's
    points it earns against a mate found."""
    if view.phase in (PUZZLE, REVIEW):
        return _puzzle_judgement(view, seat, played, rng)
    with search.watched() as found:
        move, value = decision(view, seat, rng)
    same = played == move
    texts = move_text(view, played), move_text(view, move)
    if value is None or not found:
        return Judgement(_share_now(view, seat), 0.0, *texts, same)
    best = next(s for s in found[-1] if s.candidate == move)
    cost = 0.0 if same else max(0.0, best.mean - _mean(value, played, best.worlds))
    return Judgement(best.mean, cost, *texts, same)


def move_text(view: MatesState, move: Any) -> str:
    """An announcement in words: "Elo attack, White: 2650", "counter-attack: black rook on
    e5"; a solo answer in SAN."""
    if isinstance(move, EloAttack):
        r = view.round
        card = r.card if r is not None else HIDDEN
        if card == HIDDEN:
            return _("Elo attack, {side}").format(side=side_name(move.side))
        elo = view.cards[card].white_elo if move.side == "white" else view.cards[card].black_elo
        return _("Elo attack, {side} {elo}").format(side=side_name(move.side), elo=elo)
    if isinstance(move, PieceAttack):
        piece = _("{piece} on {square}").format(
            piece=piece_words(move.color, move.piece), square=move.square
        )
        if view.phase == CHOOSE:
            return _("piece attack: {piece}").format(piece=piece)
        if view.phase == COUNTER:
            return _("counter-attack: {piece}").format(piece=piece)
        return _("for the tie: {piece}").format(piece=piece)
    if isinstance(move, Solve):
        return _san(view, move)
    if isinstance(move, AskHint):
        return _("show the piece that mates")
    if isinstance(move, GiveUp):
        return _("give up and see the answer")
    return _("on to the next card")


def _why(view: MatesState, best: Choice, others: Sequence[Choice]) -> str:
    """The cards the seat expects to hold once the round is over, and the next best's."""
    total = len(view.cards) - len(view.unused)

    def cards(choice: Choice) -> int:
        return round((choice.value or 0.0) * total)

    lines = [_("{move}: about {cards} of {total} cards after the round")]
    if others:
        lines.insert(
            0, _("{move}: about {cards} of {total} cards after the round, next best {other}")
        )
    other = cards(others[0]) if others else 0
    return fitting(
        line.format(move=best.text, cards=cards(best), total=total, other=other) for line in lines
    )


def _mean(value: Valuer, action: Any, worlds: int) -> float:
    return sum(value(action, w) for w in range(worlds)) / worlds


def _share_now(view: MatesState, seat: Seat) -> float:
    """The seat's share of the cards in play as they lie (no search to say more)."""
    mine = len(view.piles[seat]) if seat < len(view.piles) else 0
    return mine / max(1, len(view.cards) - len(view.unused))


# --- the solo puzzles ---------------------------------------------------------------------------


def _board(view: MatesState) -> chess.Board:
    solo = view.solo
    assert solo is not None
    return card_board(view.cards[solo.current])


def _san(view: MatesState, move: Solve) -> str:
    board = _board(view)
    try:
        return board.san(chess.Move.from_uci(move.move))
    except (ValueError, AssertionError):
        return move.move


def _mating(board: chess.Board) -> set[chess.Move]:
    """Every move that mates on ``board`` (the deck's own ``mating_moves``)."""
    return {board.parse_san(san) for san in mating_moves(board.fen())}


def _puzzle_hint(view: MatesState, seat: Seat, rng: random.Random) -> Hint:
    """First the game's own clue (which piece mates), then the move itself."""
    solo = view.solo
    assert solo is not None
    move, _value = decision(view, seat, rng)
    if view.phase == REVIEW:
        return Hint(seat, Choice(move, move_text(view, move)), why=_("the card is answered"))
    if solo.hint is None:
        why = _("a first clue: which piece mates (a mate then scores {hinted}, not {full})")
        why = why.format(hinted=SOLVED_POINTS - HINT_COST, full=SOLVED_POINTS)
        return Hint(seat, Choice(AskHint(), move_text(view, AskHint())), why=why)
    board = _board(view)
    square = chess.parse_square(solo.hint.square)
    mating = _mating(board)
    mates = [m for m in board.legal_moves if m.from_square == square and m in mating]
    if isinstance(move, Solve) and chess.Move.from_uci(move.move) not in mates and mates:
        move = Solve(mates[0].uci())
    text = move_text(view, move)
    piece = _("{piece} on {square}").format(
        piece=piece_words(solo.hint.color, solo.hint.piece), square=solo.hint.square
    )
    why = _("{piece} mates: {move}").format(piece=piece, move=text)
    return Hint(seat, Choice(move, text), why=why)


def _points(view: MatesState, action: Any) -> int:
    """The points a puzzle answer earns (a hint: those a mate earns after it)."""
    solo = view.solo
    assert solo is not None
    full = SOLVED_POINTS - (HINT_COST if solo.hint is not None else 0)
    if isinstance(action, AskHint):
        return SOLVED_POINTS - HINT_COST
    if not isinstance(action, Solve):
        return 0
    try:
        move = chess.Move.from_uci(action.move)
    except ValueError:
        return 0
    board = _board(view)
    return full if move in _mating(board) else 0


def _puzzle_judgement(view: MatesState, seat: Seat, played: Any, rng: random.Random) -> Judgement:
    """The card's points: a mate found is the expert's move, whichever mate it is."""
    move, _value = decision(view, seat, rng)
    texts = move_text(view, played), move_text(view, move)
    solo = view.solo
    assert solo is not None
    if view.phase == REVIEW:
        last = solo.history[-1].points if solo.history else 0
        return Judgement(last / SOLVED_POINTS, 0.0, *texts, True)
    best, mine = _points(view, move), _points(view, played)
    same = played == move or (isinstance(played, Solve) and mine == best > 0)
    return Judgement(best / SOLVED_POINTS, (best - mine) / SOLVED_POINTS, *texts, same)
