"""The solo puzzles: answers in SAN or UCI, any mating move, hints, score, streak, history."""

from __future__ import annotations

import chess
import pytest

from engine.core import HIDDEN, IllegalAction
from engine.mates.actions import EloAttack, GiveUp, Hint, NextPuzzle, Solve
from engine.mates.data import mating_moves
from engine.mates.rules import MATES
from engine.mates.solo import hint_piece, parse_answer
from engine.mates.state import OVER, PUZZLE, REVIEW, HintGiven, Piece, PuzzleAnswered


def solo(puzzles: int = 0, seed: int = 5, deck: str = "default"):
    return MATES.new({"puzzles": puzzles, "deck": deck}, seed, 1)


def current(state):
    return state.cards[state.solo.current]


def wrong_move(state) -> str:
    c = current(state)
    board = chess.Board(c.fen)
    mates = set(mating_moves(c.fen))
    return next(board.san(m) for m in board.legal_moves if board.san(m) not in mates)


def test_a_right_answer_in_san_scores_10_and_shows_the_games_move() -> None:
    state = solo()
    assert (state.phase, state.solo.total, len(state.solo.order)) == (PUZZLE, 48, 47)
    c = current(state)
    state = MATES.apply(state, 0, Solve(c.mate_san))
    assert state.phase == REVIEW
    (result,) = state.solo.history
    assert (result.correct, result.points, result.solution) == (True, 10, c.mate_san)
    assert (state.solo.score, state.solo.streak, state.solo.best_streak) == (10, 1, 1)
    assert MATES.legal_actions(state, 0) == (NextPuzzle(),)
    state = MATES.apply(state, 0, NextPuzzle())
    assert state.phase == PUZZLE and state.solo.current != c


def test_uci_and_san_without_the_mate_sign_are_accepted() -> None:
    state = solo()
    c = current(state)
    board = chess.Board(c.fen)
    move = board.parse_san(c.mate_san)
    assert parse_answer(c, move.uci()) == move
    assert parse_answer(c, c.mate_san.rstrip("#")) == move
    squares = f"{chess.square_name(move.from_square)} {chess.square_name(move.to_square)}"
    assert parse_answer(c, squares) == move == parse_answer(c, squares.replace(" ", "-"))
    state = MATES.apply(state, 0, Solve(move.uci()))
    assert state.solo.history[-1].answer == c.mate_san


def test_any_mating_move_is_right() -> None:
    # Find a seed whose first card has several mates, and answer with the one not played.
    for seed in range(200):
        state = solo(seed=seed, deck="extended")
        c = current(state)
        others = [m for m in mating_moves(c.fen) if m != c.mate_san]
        if others:
            break
    else:
        pytest.fail("no card with several mates found")
    state = MATES.apply(state, 0, Solve(others[0]))
    result = state.solo.history[-1]
    assert result.correct and result.answer == others[0] and result.solution == c.mate_san


def test_a_wrong_answer_scores_nothing_and_ends_the_streak() -> None:
    state = solo()
    state = MATES.apply(state, 0, Solve(current(state).mate_san))
    state = MATES.apply(state, 0, NextPuzzle())
    c = current(state)
    miss = wrong_move(state)
    state = MATES.apply(state, 0, Solve(miss))
    (answered,) = [e for e in state.log if isinstance(e, PuzzleAnswered)][-1:]
    assert (answered.correct, answered.answer, answered.solution) == (False, miss, c.mate_san)
    assert (state.solo.score, state.solo.streak, state.solo.best_streak) == (10, 0, 1)


def test_not_a_move_is_refused_and_counts_nothing() -> None:
    state = solo()
    for text, message in (("Zz9", "Zz9 is not a legal move"), ("", "Type a move")):
        with pytest.raises(IllegalAction, match=message):
            MATES.apply(state, 0, Solve(text))
    with pytest.raises(IllegalAction, match="enter moves"):
        MATES.apply(state, 0, EloAttack("white"))
    with pytest.raises(IllegalAction, match="Go on to the next card"):
        MATES.apply(MATES.apply(state, 0, GiveUp()), 0, Solve("e4"))
    with pytest.raises(IllegalAction, match="Answer this card first"):
        MATES.apply(state, 0, NextPuzzle())


def test_the_hint_names_the_mating_piece_and_costs_5_points() -> None:
    state = solo()
    c = current(state)
    board = chess.Board(c.fen)
    move = board.parse_san(c.mate_san)
    state = MATES.apply(state, 0, Hint())
    expected = hint_piece(c)
    assert state.solo.hint == expected
    assert expected.square == chess.square_name(move.from_square)
    assert expected.piece == board.piece_at(move.from_square).symbol().upper()
    hint = [e for e in state.log if isinstance(e, HintGiven)][-1]
    assert (hint.piece, hint.square) == (expected.piece, expected.square)
    assert Hint() not in MATES.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="already have the hint"):
        MATES.apply(state, 0, Hint())
    state = MATES.apply(state, 0, Solve(c.mate_san))
    assert state.solo.history[-1].hinted and state.solo.score == 5
    state = MATES.apply(state, 0, NextPuzzle())
    assert state.solo.hint is None


def test_giving_up_shows_the_answer_and_the_run_ends_after_the_last_card() -> None:
    state = solo(puzzles=10)
    assert state.solo.total == 10 and len(state.unused) == 38
    for i in range(10):
        state = MATES.apply(state, 0, GiveUp() if i % 2 else Solve(current(state).mate_san))
        state = MATES.apply(state, 0, NextPuzzle())
    assert state.phase == OVER
    outcome = MATES.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.reason == "Solved 5 of 10 mates · score 50 · best streak 1."
    assert [r.correct for r in state.solo.history] == [True, False] * 5
    assert len({r.card for r in state.solo.history}) == 10
    assert MATES.progress(state) == "Solved 5 of 10 · score 50"


def test_the_view_hides_the_cards_to_come_and_every_solution() -> None:
    state = solo()
    view = MATES.view(state, 0)
    assert view.rng is None and view.solo.order == (HIDDEN,) * 47
    assert all(c.mate_san == "" for c in view.cards)
    assert view.cards[state.solo.current].fen == current(state).fen
    assert MATES.progress(state) == "Card 1 of 48 · score 0 · streak 0"
    # The legal answers are every move of the position (as UCI) plus the hint and giving up.
    legal = MATES.legal_actions(view, 0)
    assert Hint() in legal and GiveUp() in legal
    assert Solve(chess.Board(current(state).fen).parse_san(current(state).mate_san).uci()) in legal


def test_the_solo_bots_solve_or_try() -> None:
    import random

    state = solo(puzzles=5)
    strong = MATES.bots["strong"]
    while MATES.outcome(state) is None:
        state = MATES.apply(state, 0, strong(MATES.view(state, 0), 0, random.Random(0)))
    assert state.solo.solved == 5 and state.solo.best_streak == 5
    state = solo(puzzles=5)
    easy = MATES.bots["easy"]
    while MATES.outcome(state) is None:
        action = easy(MATES.view(state, 0), 0, random.Random(1))
        assert action in MATES.legal_actions(state, 0)
        state = MATES.apply(state, 0, action)
    assert len(state.solo.history) == 5


def test_hint_piece_of_a_known_card() -> None:
    c = MATES.new({}, 0, 1).cards[0]
    board = chess.Board(c.fen)
    move = board.parse_san(c.mate_san)
    p = hint_piece(c)
    assert isinstance(p, Piece) and p.square == chess.square_name(move.from_square)
