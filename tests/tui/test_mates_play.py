"""Mates Hostiles with the keyboard: a three-player table game and ten solo puzzles."""

from __future__ import annotations

import chess

from engine.mates import rules
from engine.mates.rules import MATES
from engine.mates.state import CHOOSE, ELO, PIECE, PUZZLE, REVIEW
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.screens.game import ResultScreen, screen_for
from tui.screens.mates import MatesScreen


def starter(seats, seed, config=None):
    def start(app):
        return screen_for(
            Session.new(MATES, app.store, seats, config or {}, seed=seed, players=len(seats))
        )

    return start


def keys_to(screen: MatesScreen, square: int) -> list[str]:
    df = chess.square_file(square) - chess.square_file(screen.cursor)
    dr = chess.square_rank(square) - chess.square_rank(screen.cursor)
    return ["right" if df > 0 else "left"] * abs(df) + ["up" if dr > 0 else "down"] * abs(dr)


def table_keys(screen: MatesScreen) -> list[str]:
    view = screen.view
    kinds = MATES.allowed_kinds(screen.session.state) if view.phase == CHOOSE else (PIECE,)
    if PIECE not in kinds:
        return ["w"]
    if view.phase == CHOOSE and ELO in kinds and view.round.number % 3 == 0:
        return ["b"]  # now and then an Elo attack, as a player would mix them
    card = view.cards[screen.my_card(view)]
    target = next(p for p in rules.pieces_on(card) if p.piece != "K")
    return [*keys_to(screen, chess.parse_square(target.square)), "enter"]


async def test_a_three_player_table_game_with_keys_only(make_app):
    seats = (
        SeatInfo(kind="human", name="Ana"),
        SeatInfo(kind="bot", name="B", level="strong"),
        SeatInfo(kind="bot", name="C", level="easy"),
    )
    app = make_app(starter(seats, seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, MatesScreen)
        for _ in range(3000):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
            if screen.my_turn:
                await pilot.press(*table_keys(screen))
        else:
            raise AssertionError("the game did not end")
        assert MATES.outcome(screen.session.state) is not None


async def test_ten_solo_puzzles_typed_and_picked_with_keys_only(make_app):
    seats = (SeatInfo(kind="human", name="Ana"),)
    app = make_app(starter(seats, seed=3, config={"puzzles": 10}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        for n in range(10):
            view = screen.view
            assert view.phase == PUZZLE
            card = view.cards[view.solo.current]
            board = chess.Board(card.fen)
            mate = next(
                m for m in board.legal_moves if board.is_checkmate() is False and _mates(board, m)
            )
            if n == 3:
                await pilot.press("f2")  # a hint costs half the points
            if n == 5:  # a wrong answer: a legal move that does not mate, as two squares
                wrong = next(m for m in board.legal_moves if not _mates(board, m))
                await pilot.press(*wrong.uci(), "enter")
            else:  # the mate in SAN, typed without its "#"
                await pilot.press(*board.san(mate).rstrip("#+"), "enter")
            await pilot.pause()
            assert screen.view.phase == REVIEW or isinstance(app.screen, ResultScreen)
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        solo = screen.session.state.solo
        assert len(solo.history) == 10
        assert [r.correct for r in solo.history] == [True] * 5 + [False] + [True] * 4
        assert solo.history[3].hinted and solo.history[3].points < solo.history[0].points


def _mates(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()
