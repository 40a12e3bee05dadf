"""The Mates panel's plans do what their names promise, from their seat's view."""

from __future__ import annotations

import random

from engine.mates.actions import EloAttack, PieceAttack
from engine.mates.data import BLACK, WHITE
from engine.mates.panel import PANEL
from engine.mates.rules import MATES
from engine.mates.state import ELO

from .helpers import EMPTY, card, table

# White: rook a1 (attacks nothing), bishop b3 (the pawn on d5), knight e4 (pawns d6 and f6).
PIECES = "7k/8/3p1p2/3p4/4N3/1B6/8/R6K w - - 0 1"


def choice(name: str, mine, **rigging) -> object:
    cards = [mine] + [card(EMPTY)] * 3
    state = table(cards, [(0, 1), (2, 3)], **rigging)
    action = PANEL[name](MATES.view(state, 0), 0, random.Random(0))
    assert action in MATES.legal_actions(state, 0)
    return action


def test_highest_elo_attacks_with_the_higher_rating_of_its_card() -> None:
    assert choice("highest-elo", card(PIECES, 2600, 2400)) == EloAttack(WHITE)
    assert choice("highest-elo", card(PIECES, 2300, 2500)) == EloAttack(BLACK)
    # Two players, an Elo attack last time: a piece attack it must be.
    forced = choice("highest-elo", card(PIECES, 2600, 2400), last_kind=(ELO, ""))
    assert isinstance(forced, PieceAttack)


def test_the_piece_plans_announce_the_first_attacker_and_the_one_attacking_most() -> None:
    assert choice("first-piece", card(PIECES)) == PieceAttack(WHITE, "B", "b3")
    assert choice("biggest-count", card(PIECES)) == PieceAttack(WHITE, "N", "e4")
