"""The bots: legal from their views; strong's choices on positions with a clear best move."""

from __future__ import annotations

import random

from engine.mates.actions import EloAttack, PieceAttack
from engine.mates.ai import on_table, unseen
from engine.mates.rules import MATES
from engine.mates.state import COUNTER, ELO, TIE_ATTACK, StartCardTurned

from .helpers import EMPTY, SCORES_5, card, play, table

STRONG, EASY = MATES.bots["strong"], MATES.bots["easy"]
QUEEN_AND_PAWN = "k7/8/8/8/3Q4/8/7P/7K w - - 0 1"  # white queen d4, white pawn h2


def decide(bot, state, seat):
    return bot(MATES.view(state, seat), seat, random.Random(0))


def test_unseen_leaves_out_the_cards_seen_face_up() -> None:
    state = MATES.new({}, 4, 2)
    view = MATES.view(state, state.round.attacker)
    pool = unseen(view)
    turned = {e.card for e in state.log if isinstance(e, StartCardTurned)}
    assert turned and not turned & set(pool)
    assert state.round.card not in pool and state.round.card in on_table(view)
    assert len(pool) == 48 - len(turned | {state.round.card})


def test_strong_attacks_by_the_elo_side_that_wins() -> None:
    cards = [card(EMPTY, 2850, 2000)] + [card(EMPTY, 2600, 2600) for _ in range(7)]
    state = table(cards, [[0, 2, 3, 4], [1, 5, 6, 7]])
    assert decide(STRONG, state, 0) == EloAttack("white")
    cards[0] = card(EMPTY, 2000, 2850)
    state = table(cards, [[0, 2, 3, 4], [1, 5, 6, 7]])
    assert decide(STRONG, state, 0) == EloAttack("black")


def test_strong_counter_attacks_with_the_piece_that_beats_the_known_score() -> None:
    # Seat 0's knight scores 3 on seat 1's card; every unseen card has a black rook on d5, so
    # seat 1's queen on d4 would score 5 (a win) and his pawn on h2 nothing.
    attacker = "k7/8/8/8/8/8/8/1N5K w - - 0 1"  # white knight b1
    target = "k7/8/8/8/3Q4/2n4P/8/7K w - - 0 1"  # seat 1: queen d4, pawn h3; knight c3 (3)
    cards = [card(attacker), card(target)] + [card(SCORES_5) for _ in range(6)]
    state = table(cards, [[0, 2, 3, 4], [1, 5, 6, 7]], last_kind=(ELO, ""))
    state = MATES.apply(state, 0, PieceAttack("white", "N", "b1"))
    assert state.phase == COUNTER and state.round.duels[0].attack_score == 3
    assert decide(STRONG, state, 1) == PieceAttack("white", "Q", "d4")


def test_strong_breaks_a_tie_with_the_piece_that_wins_outright() -> None:
    rook_d1 = "7k/8/8/8/8/8/8/K2R4 w - - 0 1"
    new_attacker = "k7/8/8/3r4/8/8/P6p/7K w - - 0 1"  # white pawn a2, black rook d5, pawn h2
    new_defender = "k7/8/8/8/3Q4/8/8/7K w - - 0 1"
    cards = [card(rook_d1), card(SCORES_5), card(EMPTY), card(EMPTY)]
    cards += [card(new_attacker), card(new_defender), card(EMPTY), card(EMPTY)]
    state = table(cards, [[0, 2, 4, 6], [1, 3, 5, 7]])
    state = play(
        state,
        (0, PieceAttack("white", "R", "d1")),
        (1, PieceAttack("black", "R", "d5")),
        (1, PieceAttack("white", "Q", "d4")),
    )
    assert state.phase == TIE_ATTACK and state.round.duels[0].counter_score == 5
    assert decide(STRONG, state, 0) == PieceAttack("black", "R", "d5")


def test_both_bots_respect_the_two_player_alternation() -> None:
    cards = [card(QUEEN_AND_PAWN, 2850)] + [card(SCORES_5) for _ in range(7)]
    state = table(cards, [[0, 2, 3, 4], [1, 5, 6, 7]], last_kind=(ELO, ""))
    for bot in (STRONG, EASY):
        for i in range(5):
            action = bot(MATES.view(state, 0), 0, random.Random(i))
            assert isinstance(action, PieceAttack) and action in MATES.legal_actions(state, 0)


def test_strong_beats_easy_in_a_few_two_player_games() -> None:
    wins = 0
    for seed in range(10):
        me = seed % 2
        bots = [EASY, EASY]
        bots[me] = STRONG
        state = MATES.new({}, seed, 2)
        rngs = [random.Random(seed), random.Random(seed + 100)]
        while MATES.outcome(state) is None:
            (seat,) = MATES.to_move(state)
            state = MATES.apply(state, seat, bots[seat](MATES.view(state, seat), seat, rngs[seat]))
        wins += MATES.outcome(state).winners == (me,)
    assert wins >= 7
