"""The deck builder on a small PGN: mates kept, everything else skipped and counted by reason."""

from __future__ import annotations

import json

import chess

from engine.mates.data import load_deck
from engine.mates.deck_builder import (
    DUPLICATE,
    LOW_ELO,
    MISSING_ELO,
    NO_MOVES,
    NOT_MATE,
    UNREADABLE,
    WRONG_RESULT,
    build_deck,
    deck_json,
    report,
)
from engine.mates.rules import MATES


def game(moves: str, result: str = "1-0", white_elo: str = "2610", black_elo: str = "2420", **tags):
    headers = {
        "Event": "Test Open",
        "Site": "Madrid",
        "Date": "2024.03.01",
        "White": "Carlsen, M",
        "Black": "Pérez, A",
        "Result": result,
        "WhiteElo": white_elo,
        "BlackElo": black_elo,
        **tags,
    }
    head = "".join(f'[{k} "{v}"]\n' for k, v in headers.items() if v is not None)
    return f"{head}\n{moves} {result}\n\n"


SCHOLAR = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
FOOLS = "1. f3 e5 2. g4 Qh4#"
NO_MATE = "1. e4 e5 2. Nf3 Nc6"

PGN = (
    game(SCHOLAR)  # silver: kept
    + game(FOOLS, "0-1", "2700", "2650")  # gold: kept
    + game(NO_MATE, "1/2-1/2")  # not a mate
    + game(SCHOLAR, white_elo=None)  # no WhiteElo tag
    + game(SCHOLAR, black_elo="?")  # BlackElo not a number
    + game(SCHOLAR, white_elo="2400", black_elo="2300")  # nobody above 2500
    + game(FOOLS, "1-0", "2700", "2650")  # White "won" a game Black mated
    + game("1. e4 e5 2. Qxh8 Nc6")  # an illegal move
    + game(FOOLS, "0-1", "2700", "2650")  # the same card again
    + "this is not chess at all\n\n"
)


def test_keeps_the_mates_with_elo_and_counts_the_rest_by_reason() -> None:
    cards, skipped = build_deck(PGN, source="test.pgn")
    assert skipped == {
        NOT_MATE: 1,
        MISSING_ELO: 2,
        LOW_ELO: 1,
        WRONG_RESULT: 1,
        UNREADABLE: 1,
        DUPLICATE: 1,
        NO_MOVES: 1,
    }
    assert [c["mate_san"] for c in cards] == ["Qxf7#", "Qh4#"]
    scholar, fools = cards
    assert scholar == {
        "fen": "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "mate_san": "Qxf7#",
        "white": "Carlsen, M",
        "black": "Pérez, A",
        "white_elo": 2610,
        "black_elo": 2420,
        "event": "Test Open",
        "site": "Madrid",
        "date": "2024.03.01",
        "tier": "silver",
        "source": "test.pgn",
    }
    assert fools["tier"] == "gold"
    board = chess.Board(fools["fen"])
    board.push_san(fools["mate_san"])
    assert board.is_checkmate()


def test_the_report_and_the_deck_file_round_trip_into_a_game() -> None:
    cards, skipped = build_deck(PGN)
    text = report(cards, skipped)
    assert text.splitlines()[0] == "Kept 2 cards (1 gold, 1 silver) from 10 games."
    assert text.splitlines()[1] == (
        "Skipped 8: 1 unreadable moves, 1 no moves, 1 not a mate, 2 missing Elo, "
        "1 no player above 2500, 1 result contradicts the mate, 1 duplicate."
    )
    deck = load_deck(deck_json(cards))
    assert deck == cards
    state = MATES.new({"deck": json.loads(deck_json(cards))}, 3, 2)
    assert len(state.cards) == 2  # one card each
    assert sorted(state.piles[0] + state.piles[1] + (state.round.card,)) == [0, 1]


def test_broken_text_gives_a_clear_message() -> None:
    cards, skipped = build_deck("")
    assert (cards, skipped) == ([], {})
    assert report(cards, skipped) == "No games found: is this a PGN file?"
    cards, skipped = build_deck("{ an unclosed comment\n1. e4")
    assert cards == [] and sum(skipped.values()) == 1
    cards, skipped = build_deck("\x00\x01 binary junk \xff")
    assert cards == []


def test_blank_line_runs_do_not_split_a_game() -> None:
    text = game(SCHOLAR).replace("\n\n1.", "\n\n\n\n1.")
    cards, skipped = build_deck(text)
    assert len(cards) == 1 and skipped == {}


def test_a_game_from_a_set_up_position_and_windows_line_ends() -> None:
    fen = "6k1/5ppp/8/8/8/8/8/3RK3 w - - 0 1"
    text = game("1. Rd8#", SetUp="1", FEN=fen).replace("\n", "\r\n")
    (card,), skipped = build_deck(text)
    assert card["fen"] == fen and card["mate_san"] == "Rd8#" and skipped == {}
