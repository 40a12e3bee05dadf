"""Scoring a placed piece: the seed's example and each special case a–e, with python-chess."""

from __future__ import annotations

from engine.mates.board import card_board, card_fen, pieces_on, placement, score_on
from engine.mates.state import CHECK, KING, MATE, SCORED, Piece

from .helpers import (
    CAPTURES,
    CHECKED,
    EMPTY,
    MATED,
    ON_KING,
    OWN_PIECE,
    SCORES_5,
    SEED_DEFENDER,
    card,
)

QUEEN_D4 = Piece("white", "Q", "d4")


def test_seed_example_black_queen_on_c4_attacking_only_a_white_rook_on_a4_scores_5() -> None:
    p = placement(card(SEED_DEFENDER), Piece("black", "Q", "c4"))
    assert (p.result, p.score) == (SCORED, 5)
    assert p.targets == ("a4",)
    assert "a4" in p.attacked and "b4" in p.attacked and "h1" not in p.attacked
    assert p.fen == "7k/8/8/8/R1q5/8/8/7K"


def test_plain_score_counts_the_enemy_pieces_attacked() -> None:
    p = placement(card(SCORES_5), QUEEN_D4)
    assert (p.result, p.score, p.targets) == (SCORED, 5, ("d5",))
    assert placement(card(EMPTY), QUEEN_D4).score == 0


def test_a_check_is_reported_so_the_card_is_covered() -> None:
    p = placement(card(CHECKED), QUEEN_D4)
    assert p.result == CHECK
    assert "d8" in p.attacked and p.targets == ()  # the king is worth nothing


def test_b_an_enemy_piece_on_the_square_is_captured_and_counted() -> None:
    p = placement(card(CAPTURES), QUEEN_D4)
    assert (p.result, p.score, p.captured, p.replaced) == (SCORED, 3 + 5, "N", "")


def test_c_an_own_piece_on_the_square_is_replaced_and_not_counted() -> None:
    p = placement(card(OWN_PIECE), QUEEN_D4)
    assert (p.result, p.score, p.captured, p.replaced) == (SCORED, 5, "", "B")


def test_d_a_king_on_the_square_makes_the_position_illegal() -> None:
    p = placement(card(ON_KING), QUEEN_D4)
    assert (p.result, p.score, p.fen) == (KING, 0, "")
    # Either colour: the white king on a1 of the same card.
    assert placement(card(ON_KING), Piece("black", "R", "a1")).result == KING


def test_e_mate_is_tested_before_check() -> None:
    assert placement(card(MATED), QUEEN_D4).result == MATE
    back_rank = card("6k1/5ppp/8/8/8/8/8/4K3 w - - 0 1")
    assert placement(back_rank, Piece("white", "R", "d8")).result == MATE
    # The same rook with an escape square open is only a check.
    open_rank = card("6k1/5pp1/8/8/8/8/8/4K3 w - - 0 1")
    assert placement(open_rank, Piece("white", "R", "d8")).result == CHECK


def test_check_counts_only_when_the_placed_piece_attacks_the_king() -> None:
    # Black to move and already in check from the rook on e1: a knight put on a1 checks nothing.
    c = card("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
    assert placement(c, Piece("white", "N", "a1")).result == SCORED


def test_pawns_attack_diagonally_forward_for_their_colour() -> None:
    c = card("k7/8/8/2n1b3/8/2r1q3/8/7K w - - 0 1")
    assert placement(c, Piece("white", "P", "d4")).score == 3 + 3  # c5 knight, e5 bishop
    assert placement(c, Piece("black", "P", "d4")).score == 0  # black pawns attack down


def test_pieces_on_lists_every_piece_but_the_kings() -> None:
    c = card(OWN_PIECE)
    assert pieces_on(c) == (Piece("white", "B", "d4"), Piece("black", "R", "d5"))
    assert card_fen(c) == OWN_PIECE
    board = card_board(c)
    board.clear()  # a fresh board each time
    assert card_board(c).fen() == OWN_PIECE
    assert score_on(c, Piece("black", "R", "d5")) == (SCORED, 3)
