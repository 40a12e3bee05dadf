"""Mates Hostiles with the keyboard (and the mouse): a three-player table game and ten solo
puzzles; and what a player reads on the table at 80×24 — every Elo and pile count whole
beside long names, the attacker's piece marked on his card and told in words, the solo
verdicts, the keys of the moment in the footer."""

from __future__ import annotations

import re

import chess
import pytest
from textual import events

from engine.mates import rules
from engine.mates.actions import EloAttack, PieceAttack
from engine.mates.data import PIECE_NAMES, default_deck, extended_deck
from engine.mates.rules import MATES
from engine.mates.state import (
    CHOOSE,
    COUNTER,
    ELO,
    OVER,
    PIECE,
    PUZZLE,
    REVIEW,
    Piece,
    PieceAnnounced,
)
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import SIZES, assert_on_screen, screen_lines, screen_text
from tui.screens.game import ResultScreen
from tui.screens.mates import MatesScreen
from tui.screens.registry import screen_for
from tui.widgets.chess_card import ChessCard

LONG_NAME = "Alessandro Ciccarelli-Bianchi"
LONG_EVENT = "Campeonato Iberoamericano de Ajedrez Clásico por Equipos Nacionales"
LONG_PLAYER = "Wojtaszek-Papadopoulou, Radosław Konstantinos"


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
    """A whole game on a deck of the first 15 real cards (5 each): every phase of a table
    game comes up in it, and it ends in a third of the full deck's time."""
    seats = (
        SeatInfo(kind="human", name="Ana"),
        SeatInfo(kind="bot", name="B", level="strong"),
        SeatInfo(kind="bot", name="C", level="easy"),
    )
    deck = [card.to_dict() for card in default_deck()[:15]]
    app = make_app(starter(seats, seed=6, config={"deck": deck}))
    async with app.run_test(size=(80, 24)) as pilot:
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


# --- a table set up for a moment of play ------------------------------------------------------


def long_deck() -> list[dict]:
    """The real positions, with a long event on every card and long names on every other."""
    cards = []
    for i, card in enumerate(extended_deck()):
        d = card.to_dict()
        d["event"] = LONG_EVENT
        if i % 2:
            d["white"] = d["black"] = LONG_PLAYER
        cards.append(d)
    return cards


def long_seats(players: int) -> tuple[SeatInfo, ...]:
    return (SeatInfo(kind="human", name=LONG_NAME),) + tuple(
        SeatInfo(kind="bot", name=f"Bartolomeo Strongbot the {i}th", level="strong")
        for i in range(1, players)
    )


def first_piece(view) -> PieceAttack:
    piece = next(p for p in rules.pieces_on(view.cards[view.round.card]) if p.piece != "K")
    return PieceAttack(piece.color, piece.piece, piece.square)


def drive(session: Session, done, attack=first_piece) -> None:
    """Play every seat until seat 0 is to act and ``done(its view)``: another attacker
    attacks with ``attack(his view)`` when he may, else by Elo, as seat 0 does; anything else
    is the first legal action."""
    game = session.game
    for _ in range(500):
        if game.to_move(session.state) == (0,) and done(session.view(0)):
            return
        seat = game.to_move(session.state)[0]
        legal = game.legal_actions(session.state, seat)
        kinds = game.allowed_kinds(session.state) if session.state.phase == CHOOSE else ()
        if PIECE in kinds and seat != 0:
            session.apply(seat, attack(session.view(seat)))
        elif ELO in kinds:
            session.apply(seat, next(a for a in legal if isinstance(a, EloAttack)))
        else:
            session.apply(seat, legal[0])
    raise AssertionError("the position was never reached")


def elo_choice(view) -> bool:
    """Seat 0 attacks and may choose either kind."""
    kinds = MATES.allowed_kinds(view)
    return view.phase == CHOOSE and view.round.attacker == 0 and ELO in kinds and PIECE in kinds


def landed(view) -> bool:
    """Another seat's piece attack is on seat 0's card: his counter-attack is asked for."""
    return view.phase == COUNTER and view.round.attacker != 0


def table_start(players: int, done, attack=first_piece, seed: int = 11):
    def start(app):
        session = Session.new(
            MATES,
            app.store,
            long_seats(players),
            {"deck": long_deck()},
            seed=seed,
            players=players,
        )
        drive(session, done, attack)
        return screen_for(session)

    return start


def solo_start(seed: int = 3, deck=None):
    def start(app):
        config = {"puzzles": 10} | ({"deck": deck} if deck else {})
        human = (SeatInfo(kind="human", name=LONG_NAME),)
        return screen_for(Session.new(MATES, app.store, human, config, seed=seed, players=1))

    return start


def region_lines(app, widget) -> list[str]:
    """The widget's own lines, cut from the screen at its place."""
    region = widget.content_region
    lines = screen_lines(app)
    return [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]


def square_cell(app, card: ChessCard, square: int) -> str:
    """The columns of one square of a card, as the screen shows them."""
    row = region_lines(app, card)[2 + 7 - chess.square_rank(square)]
    x = 1 + chess.square_file(square) * card.cell
    return row[x : x + card.cell]


def footer(app) -> str:
    return screen_lines(app)[-1]


def in_footer(app, key: str) -> bool:
    return re.search(rf"(?<!\S){re.escape(key)}(?!\S)", footer(app)) is not None


def piece_words(color: str, letter: str) -> str:
    return f"{color} {PIECE_NAMES[letter].lower()}"


# --- what the table shows at 80×24 -----------------------------------------------------------


async def test_long_names_never_push_an_elo_off_a_card(make_app):
    """Four cards of 19 columns: every name line ends with its Elo, whole; the names and the
    event are cut with an ellipsis, the year kept."""
    app = make_app(table_start(4, landed))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        face_up = [card for _, card in screen.card_widgets if not card.face.face_down]
        assert len(face_up) == 3
        for card in face_up:
            f = card.face
            white, black = region_lines(app, card)[:2]
            assert white.rstrip().endswith(f" {f.white_elo}"), white
            assert black.rstrip().endswith(f" {f.black_elo}"), black
            for line, name in ((white, f.white), (black, f.black)):
                shown = line[2:].rsplit(" ", 1)[0].rstrip()
                assert shown == name or name.startswith(shown.removesuffix("…")), line
            event = region_lines(app, card)[11].rstrip()
            assert event.endswith(f"… · {f.year}"), event
        assert any(LONG_PLAYER not in line for line in screen_lines(app))


async def test_every_pile_count_is_whole_above_its_card(make_app):
    app = make_app(table_start(4, landed))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        counts = rules.pile_counts(screen.view)
        assert len(screen.seen) == 4
        for seen, (title, _) in zip(screen.seen, screen.card_widgets, strict=True):
            line = region_lines(app, title)[0].rstrip()
            assert line.endswith(f"pile {counts[seen.seat]}"), line
            assert f"P{seen.seat + 1}" in line, line


async def test_the_attackers_piece_on_my_card_is_marked_and_told_in_words(make_app, monkeypatch):
    """Without colour, in letters: the placed piece carries stars, and the cursor's line says
    whose piece it is and what of mine lies under it."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(table_start(3, landed), letters=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        piece = view.round.piece
        square = chess.parse_square(piece.square)
        mine = screen.card_widgets[0][1]
        letter = piece.piece if piece.color == "white" else piece.piece.lower()
        assert square_cell(app, mine, square) == f"*{letter}*"
        assert_on_screen(app, "Cursor: e4 — ")
        await pilot.press(*keys_to(screen, square))
        under = chess.Board(view.cards[screen.my_card(view)].fen).piece_at(square)
        mark = "[" if mine.cell == 3 else ""
        assert square_cell(app, mine, square).startswith(f"{mark}{letter}")
        attacker = MATES.seat_labels(3)[view.round.attacker]
        words = f"Cursor: {piece.square} — {piece_words(piece.color, piece.piece).capitalize()}"
        words += f" placed by {attacker}'s attack, "
        if under is None:
            words += "on an empty square"
        else:
            words += f"over your {'white' if under.color else 'black'} "
            words += chess.piece_name(under.piece_type)
        assert_on_screen(app, words)


@pytest.mark.parametrize("size", SIZES)
async def test_my_card_answers_the_mouse_a_click_aims_a_second_announces(make_app, size):
    app = make_app(table_start(3, landed))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        target = next(
            p for p in rules.pieces_on(view.cards[screen.my_card(view)]) if p.piece != "K"
        )
        square = chess.parse_square(target.square)
        mine = screen.card_widgets[0][1]
        left, top = mine.gutter.left, mine.gutter.top  # the border, in the roomy layout
        offset = (
            left + 1 + chess.square_file(square) * mine.cell,
            top + 2 + 7 - chess.square_rank(square),
        )
        await pilot.click(mine, offset=offset)
        await pilot.pause()
        assert screen.cursor == square
        assert screen.session.state.phase == COUNTER  # nothing announced yet
        await pilot.click(mine, offset=offset)
        await settle(pilot, app)
        mine = [
            e.piece
            for e in screen.session.state.log
            if isinstance(e, PieceAnnounced) and e.seat == 0 and e.role == "counter"
        ]
        assert mine == [Piece(target.color, target.piece, target.square)]


async def test_giving_up_says_so_and_shows_the_answer(make_app):
    app = make_app(solo_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("f3")
        await pilot.pause()
        card = screen.session.state.cards[screen.view.solo.current]  # the view hides the move
        board = chess.Board(card.fen)
        move = board.parse_san(card.mate_san)
        text = screen_text(app)
        assert "Not mate" not in text
        assert_on_screen(app, f"You gave up. The game went {card.mate_san}.")
        mover = board.piece_at(move.from_square)
        who = piece_words("white" if mover.color else "black", mover.symbol().upper())
        start, end = chess.square_name(move.from_square), chess.square_name(move.to_square)
        assert_on_screen(app, f"The mate: {card.mate_san}, the {who} from {start} to {end}.")
        assert_on_screen(app, f"Gave up — the game went {card.mate_san}.")


async def test_a_wrong_answer_is_named_and_a_right_one_scores_in_words(make_app):
    app = make_app(solo_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        card = screen.session.state.cards[screen.view.solo.current]
        board = chess.Board(card.fen)
        wrong = next(m for m in board.legal_moves if not _mates(board, m))
        san = board.san(wrong)
        await pilot.press(*wrong.uci(), "enter")
        await pilot.pause()
        assert_on_screen(app, f"✘ {san} does not mate. The game went {card.mate_san}.")
        assert_on_screen(app, f"✘ {san} does not mate — the game went {card.mate_san}.")
        await pilot.press("enter")
        await pilot.pause()
        card = screen.session.state.cards[screen.view.solo.current]
        await pilot.press(*card.mate_san.rstrip("#"), "enter")
        await pilot.pause()
        assert_on_screen(app, f"✔ Mate! {card.mate_san}, as in the game (+10).")
        assert_on_screen(app, f"✔ {card.mate_san} mates (+10 points).")


def typed_at_once(app, text: str) -> None:
    """``text`` and Enter arriving together, as from fast typing or a paste: every key is
    queued before the app handles the first."""
    for key in (*text, "enter"):
        event = events.Key(key, "\r" if key == "enter" else key)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_a_move_typed_fast_then_enter_is_submitted(make_app):
    app = make_app(solo_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        card = screen.session.state.cards[screen.view.solo.current]
        typed_at_once(app, card.mate_san)
        await settle(pilot, app)
        assert screen.first_square is None  # not the board cursor's square
        assert screen.view.phase == REVIEW
        assert screen.session.state.solo.history[-1].answer == card.mate_san
        assert screen.session.state.solo.history[-1].correct


async def test_solo_arrows_and_enter_pick_the_mate_on_the_board(make_app):
    """The answer box has the focus, yet with nothing typed the arrows move the board's
    cursor and Enter picks the piece, then its square."""
    app = make_app(solo_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        card = screen.session.state.cards[screen.view.solo.current]
        move = chess.Board(card.fen).parse_san(card.mate_san)
        await pilot.press(*keys_to(screen, move.from_square), "enter")
        await pilot.pause()
        assert screen.first_square == move.from_square
        assert_on_screen(app, f"Cursor: {chess.square_name(move.from_square)} — the ")
        await pilot.press(*keys_to(screen, move.to_square))
        assert_on_screen(app, "Enter moves the ")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.phase == REVIEW
        assert screen.session.state.solo.history[-1].correct


async def test_the_footer_shows_the_keys_of_the_moment(make_app):
    app = make_app(table_start(3, elo_choice))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key in ("w b Elo", "⏎ Announce", "←→↑↓ Move"):
            assert in_footer(app, key), footer(app)
        await pilot.press("w")
        await settle(pilot, app)
        screen = app.screen
        if not screen.my_turn:  # the round goes on without me: no key of mine is shown
            for key in ("w b Elo", "⏎ Announce", "←→↑↓ Move"):
                assert not in_footer(app, key), footer(app)
    app = make_app(solo_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key in ("⏎ Answer", "←→↑↓ Move", "f2 Hint", "f3 Give up"):
            assert in_footer(app, key), footer(app)
        await pilot.press("f3")
        await pilot.pause()
        assert in_footer(app, "⏎ Next puzzle"), footer(app)
        for key in ("⏎ Answer", "←→↑↓ Move", "f2 Hint", "f3 Give up"):
            assert not in_footer(app, key), footer(app)


async def test_after_the_last_puzzle_enter_and_n_are_offered(make_app):
    app = make_app(solo_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        for _ in range(10):
            await pilot.press("f3", "enter")
            await pilot.pause()
        assert screen.view.phase == OVER
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")  # a last look at the board
        await pilot.pause()
        assert in_footer(app, "⏎ Result") and in_footer(app, "n New game"), footer(app)
        assert not in_footer(app, "⏎ Next puzzle")


async def test_a_short_game_against_the_expert_with_keys_only(make_app):
    """Twelve cards, six each: the human plays through the screen, the searching bot answers
    from its worker, and the game ends on the result screen."""
    deck = [c.to_dict() for c in default_deck()[:12]]
    seats = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="E", level="expert"))
    app = make_app(starter(seats, seed=4, config={"deck": deck}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, MatesScreen)
        for _ in range(300):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
            if screen.my_turn:
                await pilot.press(*table_keys(screen))
        else:
            raise AssertionError("the game did not end")
        state = screen.session.state
        assert MATES.outcome(state) is not None and state.rounds > 1
        assert any(isinstance(e, PieceAnnounced) and e.seat == 1 for e in state.log)
