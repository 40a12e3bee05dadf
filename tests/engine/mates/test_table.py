"""The table game on rigged cards: dealing, who starts, Elo and piece attacks, duels, ties,
settlement, the two-player rules, elimination and the refusals."""

from __future__ import annotations

import pytest

from engine.core import HIDDEN, IllegalAction
from engine.mates.actions import EloAttack, PieceAttack, Solve
from engine.mates.data import Card, extended_deck
from engine.mates.duels import attack_placement, counter_placement
from engine.mates.rules import MATES
from engine.mates.state import (
    BY_KING,
    BY_MATE,
    BY_SCORE,
    CHECK,
    CHOOSE,
    COUNTER,
    DRAWN,
    ELO,
    KING,
    MAIN_CARD,
    MATE,
    MATE_FINE,
    NO_CARDS,
    OVER,
    PIECE,
    SCORED,
    STAKE,
    TIE_ATTACK,
    TIE_DEFEND,
    TOP_CARD,
    CardCovered,
    CardsPaid,
    DuelDecided,
    DuelTied,
    EloWon,
    Piece,
    PiecePlaced,
    PlayerOut,
    RoundBegan,
    StartCardTurned,
)
from engine.mates.table import facing_card
from engine.rng import Rng

from .helpers import (
    ATTACKER,
    CHECKED,
    EMPTY,
    MATED,
    ON_KING,
    SCORES_5,
    card,
    play,
    table,
)

QUEEN_D4 = PieceAttack("white", "Q", "d4")


def events(state, kind):
    return [e for e in state.log if isinstance(e, kind)]


def filler(n: int, start: int = 100) -> list[Card]:
    return [card(EMPTY, 2000 + i, 2501) for i in range(start, start + n)]


# --- dealing and who starts ------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 24), (3, 16), (4, 12)])
def test_deal_24_16_12_with_every_card_used_once(players: int, each: int) -> None:
    state = MATES.new({}, 7, players)
    assert state.round is not None
    held = [len(p) + (1 if s == state.round.attacker else 0) for s, p in enumerate(state.piles)]
    assert held == [each] * players
    everything = [c for p in state.piles for c in p] + [state.round.card]
    assert sorted(everything) == list(range(48)) and state.unused == ()


def test_a_larger_deck_deals_the_same_and_leaves_the_rest_in_the_box() -> None:
    state = MATES.new({"deck": "extended"}, 3, 3)
    assert sum(len(p) for p in state.piles) + 1 == 48
    assert len(state.unused) == 106 - 48


def test_who_starts_ties_turn_further_cards_and_turned_cards_go_to_the_bottom() -> None:
    seed, players = 11, 3
    order, _ = Rng.from_seed(seed).shuffle(range(6))
    # Piles will be order[0:2], order[2:4], order[4:6]. White Elo by place in the piles:
    # top cards 2600, 2600, 2500 (a tie between seats 0 and 1); second cards 2700, 2650, 2800.
    elo_at = dict(zip(order, (2600, 2700, 2600, 2650, 2500, 2800), strict=True))
    base = extended_deck()[:6]
    deck = []
    for i, c in enumerate(base):
        raw = c.to_dict() | {"white_elo": elo_at[i], "black_elo": 2600}
        del raw["tier"]
        deck.append(raw)
    state = MATES.new({"deck": deck}, seed, players)
    turned = [(e.seat, e.card, e.turn) for e in events(state, StartCardTurned)]
    assert turned == [
        (0, order[0], 1),
        (1, order[2], 1),
        (2, order[4], 1),
        (0, order[1], 2),
        (1, order[3], 2),
    ]
    assert state.round is not None and state.round.attacker == 0  # 2700 beats 2650
    # Seats 0 and 1 turned both cards (back in the same order), seat 2 one (now at the bottom).
    assert state.round.card == order[0] and state.piles[0] == (order[1],)
    assert state.piles[1] == (order[2], order[3])
    assert state.piles[2] == (order[5], order[4])


# --- Elo attacks -----------------------------------------------------------------------------


def test_elo_attack_the_highest_on_the_named_side_takes_every_card() -> None:
    cards = [card(EMPTY, 2700, 2300), card(EMPTY, 2600, 2700), card(EMPTY, 2650, 2400)]
    cards += filler(3)
    state = table(cards, [[0, 3], [1, 4], [2, 5]])
    after = MATES.apply(state, 0, EloAttack("white"))
    (won,) = events(after, EloWon)
    assert (won.seat, won.elo, won.cards) == (0, 2700, 3)
    # Three players: the attack passes to seat 1 (who takes his top card, 4).
    assert after.round is not None and after.round.attacker == 1 and after.round.card == 4
    assert after.piles[0] == (3, 0, 1, 2)
    # The same cards on the Black side: seat 1's 2700 wins.
    after = MATES.apply(state, 0, EloAttack("black"))
    assert events(after, EloWon)[0].seat == 1
    assert after.round.card == 4 and after.piles[1] == (0, 1, 2)


def test_elo_tie_the_tied_cover_and_turn_again_and_the_winner_takes_the_covers() -> None:
    cards = [card(EMPTY, 2700), card(EMPTY, 2700), card(EMPTY, 2600)]
    cards += [card(EMPTY, 2000), card(EMPTY, 2550), card(EMPTY, 2000), card(EMPTY, 2500)]
    cards += filler(2)
    # Seat 0: card 0, cover 3, new card 6 (2500). Seat 1: 1, cover 5, new 4 (2550).
    state = table(cards, [[0, 3, 6, 7], [1, 5, 4, 8], [2]])
    after = MATES.apply(state, 0, EloAttack("white"))
    (won,) = events(after, EloWon)
    assert (won.seat, won.elo, won.cards) == (1, 2550, 7)
    assert sorted(after.piles[1][-7:]) == [0, 1, 2, 3, 4, 5, 6]
    # Seat 2 had one card and lost it: he is out; two players left, seat 1 attacks next.
    assert events(after, PlayerOut)[0].seat == 2
    assert after.round is not None and after.round.attacker == 1


def test_elo_tie_a_player_with_no_card_left_drops_out_of_the_tie() -> None:
    cards = [card(EMPTY, 2700), card(EMPTY, 2700)] + filler(2)
    state = table(cards, [[0, 2, 3], [1]])
    after = MATES.apply(state, 0, EloAttack("white"))
    (won,) = events(after, EloWon)
    # Seat 1 has no card to turn; seat 0 covers with 2 and turns 3 (2101): he wins alone.
    assert (won.seat, won.elo, won.cards) == (0, 2101, 4)
    assert MATES.outcome(after).winners == (0,)


def test_elo_tie_with_one_card_left_it_is_turned_without_a_cover() -> None:
    cards = [card(EMPTY, 2700), card(EMPTY, 2700)] + filler(2)
    state = table(cards, [[0, 2], [1, 3]])
    after = MATES.apply(state, 0, EloAttack("white"))
    (won,) = events(after, EloWon)
    # Each turns his last card, uncovered: seat 1's 2101 beats seat 0's 2100.
    assert (won.seat, won.elo, won.cards) == (1, 2101, 4)
    assert not events(after, CardCovered)


# --- piece attacks ---------------------------------------------------------------------------


def test_piece_attack_check_cover_king_square_counter_attack_and_settlement() -> None:
    cards = [
        card(ATTACKER),  # 0: seat 0's card, white queen on d4
        card(CHECKED),  # 1: seat 1's first card: the queen checks -> covered
        card(EMPTY),  # 2: seat 1's face-down cover
        card(SCORES_5),  # 3: seat 1's new card: the queen attacks the rook on d5 -> 5
        card(ON_KING),  # 4: seat 2's card: a king on d4 -> the attacker loses this duel
        card(EMPTY),  # 5: seat 0's next card (paid to the second winner)
        card(EMPTY),  # 6: seat 0's last card
        card(EMPTY),  # 7: seat 1's remaining card
        card(EMPTY),  # 8: seat 2's remaining card
    ]
    state = table(cards, [[0, 5, 6], [1, 2, 3, 7], [4, 8]])
    state = MATES.apply(state, 0, QUEEN_D4)
    placed = [(e.owner, e.card, e.result, e.score) for e in events(state, PiecePlaced)]
    assert placed == [(1, 1, CHECK, 0), (1, 3, SCORED, 5), (2, 4, KING, 0)]
    r = state.round
    assert r is not None and r.kind == PIECE and not r.revealed
    assert r.duels[0].defence.shown == (1,) and r.duels[0].defence.blind == (2,)
    assert r.duels[1].decided and r.duels[1].winner == 2 and r.duels[1].how == BY_KING
    # Only seat 1 counter-attacks; he cannot see the attacker's card.
    assert (state.phase, state.active) == (COUNTER, 1)
    view = MATES.view(state, 1)
    assert view.round.card == HIDDEN and view.round.duels[0].defence.blind == (HIDDEN,)
    shown = attack_placement(view, view.round.duels[0])
    assert (shown.result, shown.score, shown.targets) == (SCORED, 5, ("d5",))
    assert attack_placement(view, view.round.duels[1]).result == KING
    assert counter_placement(view, view.round.duels[0]) is None
    assert MATES.view(state, 0).round.card == 0
    # Seat 1's black rook on d5, put on the attacker's card, attacks the white queen: 10 > 5.
    state = MATES.apply(state, 1, PieceAttack("black", "R", "d5"))
    decided = [(e.defender, e.winner, e.how) for e in events(state, DuelDecided)]
    assert decided == [(2, 2, BY_KING), (1, 1, BY_SCORE)]
    paid = [(e.payer, e.payee, e.count, e.why) for e in events(state, CardsPaid)]
    # Seat 1 (first winner in turn order) takes the attacker's card; seat 2 his top card.
    assert paid == [(0, 1, 1, MAIN_CARD), (0, 2, 1, TOP_CARD)]
    # The attack passes clockwise to seat 1, who takes his top card, 7.
    assert state.round is not None and state.round.attacker == 1 and state.round.card == 7
    assert state.piles[1] == (1, 2, 3, 0)
    assert state.piles[2] == (8, 4, 5)
    assert state.piles[0] == (6,)


def test_mate_the_defender_loses_and_pays_three_more_cards_and_the_attacker_goes_on() -> None:
    cards = [card(ATTACKER), card(MATED)] + filler(6)
    state = table(cards, [[0, 2], [1, 3, 4, 5, 6, 7]])
    state = MATES.apply(state, 0, QUEEN_D4)
    (placed,) = events(state, PiecePlaced)
    assert placed.result == MATE
    (decided,) = events(state, DuelDecided)
    assert (decided.winner, decided.how) == (0, BY_MATE)
    paid = [(e.payer, e.payee, e.count, e.why) for e in events(state, CardsPaid)]
    assert paid == [(1, 0, 1, STAKE), (1, 0, 3, MATE_FINE)]
    # Seat 0 lost no cards: with two players he attacks again (his card 2 now on the table) ...
    assert state.round is not None and state.round.attacker == 0 and state.round.card == 2
    assert state.piles == ((1, 3, 4, 5, 0), (6, 7))
    # ... and must now attack by Elo.
    assert state.last_kind[0] == PIECE
    assert MATES.legal_actions(state, 0) == (EloAttack("white"), EloAttack("black"))
    with pytest.raises(IllegalAction, match="last one was a piece attack, so this one must be"):
        MATES.apply(state, 0, QUEEN_D4)


def test_a_counter_attack_that_mates_costs_the_attacker_his_card_and_three_more() -> None:
    # Seat 0's card is the mate position (black bishop on b1); seat 1 holds the white queen.
    cards = [card(MATED), card(ATTACKER)] + filler(6)
    state = table(cards, [[0, 2, 3, 4, 5], [1, 6, 7]])
    state = MATES.apply(state, 0, PieceAttack("black", "B", "b1"))
    assert state.round.duels[0].attack_score == 0
    state = MATES.apply(state, 1, QUEEN_D4)
    (decided,) = events(state, DuelDecided)
    assert (decided.winner, decided.how) == (1, BY_MATE)
    paid = [(e.payer, e.payee, e.count, e.why) for e in events(state, CardsPaid)]
    assert paid == [(0, 1, 1, MAIN_CARD), (0, 1, 3, MATE_FINE)]
    # The attacker lost cards: the attack passes to seat 1, who takes his top card, 6.
    assert (state.round.attacker, state.round.card) == (1, 6)
    assert state.piles == ((5,), (7, 1, 0, 2, 3, 4))


def test_a_counter_attack_on_a_king_loses_the_duel_for_the_defender() -> None:
    # Seat 0's card: a black king on d4 and a white knight on g1 (announced: it scores 0).
    cards = [card("8/8/8/8/3k4/8/8/K5N1 w - - 0 1"), card(ATTACKER)] + filler(4)
    state = table(cards, [[0, 2, 3], [1, 4, 5]])
    state = MATES.apply(state, 0, PieceAttack("white", "N", "g1"))
    state = MATES.apply(state, 1, QUEEN_D4)  # on the attacker's black king
    placed = events(state, PiecePlaced)[-1]
    assert (placed.owner, placed.result) == (0, KING)
    (decided,) = events(state, DuelDecided)
    assert (decided.winner, decided.how) == (0, BY_KING)


def test_a_check_from_a_counter_attack_makes_the_attacker_cover_for_that_duel_only() -> None:
    cards = [
        card("3k4/8/8/8/8/8/8/K6R w - - 0 1"),  # 0: seat 0's card: white rook h1, black king d8
        card("k7/7p/8/8/3Q4/8/8/1K6 w - - 0 1"),  # 1: seat 1: rook h1 attacks the h7 pawn: 1
        card("k7/8/8/8/8/8/8/1K4n1 w - - 0 1"),  # 2: seat 2: rook h1 attacks the g1 knight: 3
        card(EMPTY),  # 3: seat 0's cover
        card(SCORES_5),  # 4: seat 0's card for duel 1: the queen attacks its d5 rook: 5
    ] + filler(3)
    state = table(cards, [[0, 3, 4, 5], [1, 6], [2, 7]])
    state = MATES.apply(state, 0, PieceAttack("white", "R", "h1"))
    assert [d.attack_score for d in state.round.duels] == [1, 3]
    state = MATES.apply(state, 1, QUEEN_D4)  # checks the attacker's king on d8
    assert (state.phase, state.active) == (COUNTER, 2)
    state = MATES.apply(state, 2, PieceAttack("black", "N", "g1"))
    placed = [(e.seat, e.card, e.result, e.score) for e in events(state, PiecePlaced)][2:]
    # Seat 1's queen checks card 0, the attacker covers with 3 and turns 4 for that duel; seat
    # 2's knight is still scored on card 0.
    assert placed == [(1, 0, CHECK, 0), (1, 4, SCORED, 5), (2, 0, SCORED, 0)]
    decided = [(e.defender, e.winner) for e in events(state, DuelDecided)]
    assert decided == [(1, 1), (2, 0)]
    # Seat 1 takes the attacker's card and his cards for that duel (cover 3 and card 4).
    assert (state.round.attacker, state.round.card) == (1, 6)
    assert sorted(state.piles[1]) == [0, 1, 3, 4]
    paid = [(e.payer, e.payee, e.count, e.why) for e in events(state, CardsPaid)]
    assert paid == [(0, 1, 2, STAKE), (0, 1, 1, MAIN_CARD), (2, 0, 1, STAKE)]
    assert state.piles[0] == (5, 2)


# Duel ties: seat 0's white rook on d1 and seat 1's black rook on d5 score 5 each.
ROOK_D1 = "7k/8/8/8/8/8/8/K2R4 w - - 0 1"
QUEEN_D4_A8 = "k7/8/8/8/3Q4/8/8/7K w - - 0 1"


def test_duel_tie_both_cover_and_turn_the_defender_then_the_attacker_announce() -> None:
    cards = [card(ROOK_D1), card(SCORES_5), card(EMPTY), card(EMPTY)]
    cards += [card(SCORES_5), card(QUEEN_D4_A8)] + filler(2)
    # Seat 0: 0, cover 2, new 4. Seat 1: 1, cover 3, new 5.
    state = table(cards, [[0, 2, 4, 6], [1, 3, 5, 7]])
    state = MATES.apply(state, 0, PieceAttack("white", "R", "d1"))
    state = MATES.apply(state, 1, PieceAttack("black", "R", "d5"))
    (tied,) = events(state, DuelTied)
    assert tied.score == 5
    duel = state.round.duels[0]
    assert (state.phase, state.active, duel.ties) == (TIE_DEFEND, 1, 1)
    assert duel.defence.active == 5 and duel.defence.blind == (3,)
    assert duel.attack.active == 4 and duel.attack.blind == (2,)
    assert facing_card(state, duel) == 4
    # Both new cards are face up: the defender sees the attacker's.
    assert MATES.view(state, 1).round.duels[0].attack.active == 4
    with pytest.raises(IllegalAction, match="There is no black rook on d5 of your card"):
        MATES.apply(state, 1, PieceAttack("black", "R", "d5"))
    state = MATES.apply(state, 1, QUEEN_D4)  # on card 4: attacks the d5 rook: 5
    assert (state.phase, state.active) == (TIE_ATTACK, 0)
    counter = counter_placement(MATES.view(state, 0), state.round.duels[0])
    assert (counter.piece, counter.score, counter.targets) == (
        Piece("white", "Q", "d4"),
        5,
        ("d5",),
    )
    state = MATES.apply(state, 0, PieceAttack("black", "R", "d5"))  # on card 5: the queen: 10
    (decided,) = events(state, DuelDecided)
    assert (decided.winner, decided.how, decided.attack_score, decided.counter_score) == (
        0,
        BY_SCORE,
        10,
        5,
    )
    assert sorted(state.piles[0] + (state.round.card,)) == [0, 1, 2, 3, 4, 5, 6]
    assert state.round.attacker == 0  # two players: he lost nothing, he attacks again


def test_duel_tie_the_one_who_cannot_turn_a_card_loses_and_is_out() -> None:
    cards = [card(ROOK_D1), card(SCORES_5)] + filler(3)
    state = table(cards, [[0, 2, 3, 4], [1]])
    state = play(state, (0, PieceAttack("white", "R", "d1")), (1, PieceAttack("black", "R", "d5")))
    (decided,) = events(state, DuelDecided)
    assert (decided.winner, decided.how) == (0, NO_CARDS)
    assert state.phase == OVER and MATES.outcome(state).winners == (0,)
    assert MATES.outcome(state).reason == "Player 1 won every card."
    assert events(state, PlayerOut)[0].seat == 1
    assert MATES.to_move(state) == ()


def test_duel_tie_neither_can_turn_a_card_each_takes_his_own_back() -> None:
    cards = [card(ROOK_D1), card(SCORES_5)]
    state = table(cards, [[0], [1]])
    state = play(state, (0, PieceAttack("white", "R", "d1")), (1, PieceAttack("black", "R", "d5")))
    (decided,) = events(state, DuelDecided)
    assert (decided.winner, decided.how) == (None, DRAWN)
    assert state.round.attacker == 0 and state.round.card == 0 and state.piles == ((), (1,))


# --- the two-player rules and passing ---------------------------------------------------------


def test_two_players_attacks_alternate_for_each_player() -> None:
    cards = [card(ATTACKER, 2700), card(EMPTY, 2100)] + filler(4)
    state = table(cards, [[0, 2, 3], [1, 4, 5]], last_kind=(ELO, ""))
    legal = MATES.legal_actions(state, 0)
    assert legal == (QUEEN_D4,)
    with pytest.raises(IllegalAction, match="your last one was an Elo attack"):
        MATES.apply(state, 0, EloAttack("white"))
    free = table(cards, [[0, 2, 3], [1, 4, 5]])
    assert EloAttack("white") in MATES.legal_actions(free, 0)
    # An Elo attack won: he attacks again, now with a piece only.
    after = MATES.apply(free, 0, EloAttack("white"))
    assert after.round.attacker == 0 and after.last_kind == (ELO, "")
    assert all(isinstance(a, PieceAttack) for a in MATES.legal_actions(after, 0))


def test_two_players_the_attack_passes_when_the_attacker_loses_cards() -> None:
    cards = [card(EMPTY, 2100), card(EMPTY, 2700)] + filler(4)
    state = table(cards, [[0, 2, 3], [1, 4, 5]])
    after = MATES.apply(state, 0, EloAttack("white"))
    assert events(after, EloWon)[0].seat == 1
    assert after.round.attacker == 1
    rounds = [(e.number, e.attacker) for e in events(after, RoundBegan)]
    assert rounds == [(2, 1)]


def test_when_two_players_remain_both_attack_kinds_are_free_again() -> None:
    cards = [card(EMPTY, 2700), card(EMPTY, 2100), card(EMPTY, 2000)] + filler(4)
    state = table(cards, [[0, 3, 4], [1, 5, 6], [2]], last_kind=(ELO, PIECE, ELO))
    after = MATES.apply(state, 0, EloAttack("white"))
    assert events(after, PlayerOut)[0].seat == 2
    assert after.last_kind == ("", "", "")
    assert after.round.attacker == 0  # two left, seat 0 lost nothing: he goes on
    assert EloAttack("black") in MATES.legal_actions(after, 0)


def test_passing_skips_players_who_are_out() -> None:
    cards = [card(EMPTY, 2100), card(EMPTY, 2700), card(EMPTY, 2000)] + filler(4)
    state = table(cards, [[0, 3], [1, 4], [2, 5], [6]], out=(3,))
    after = MATES.apply(state, 0, EloAttack("white"))
    assert after.round.attacker == 1
    state = table(cards, [[0, 3], [4], [2, 5], [1, 6]], attacker=2, out=(1,))
    after = MATES.apply(state, 2, EloAttack("white"))
    assert after.round.attacker == 3


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (PieceAttack("white", "K", "a1"), "The king cannot attack"),
        (PieceAttack("white", "Q", "e4"), r"no white queen on e4 of your card \(e4 is empty\)"),
        (PieceAttack("black", "Q", "d4"), r"no black queen on d4 .*holds a white queen"),
        (PieceAttack("white", "Q", "z9"), "'z9' is not a square"),
        (PieceAttack("green", "Q", "d4"), "colour: white or black"),
        (PieceAttack("white", "X", "d4"), "letter: Q, R, B, N or P"),
        (EloAttack("red"), "white or black"),
        (Solve("e2e4"), "solo puzzles"),
        ("Qd4", "not a move in Mates Hostiles"),
    ],
)
def test_refusals_say_why(action, message) -> None:
    state = table([card(ATTACKER)] + filler(3), [[0, 1], [2, 3]])
    with pytest.raises(IllegalAction, match=message):
        MATES.apply(state, 0, action)


def test_a_piece_may_be_named_in_any_case_and_is_stored_plainly() -> None:
    state = table([card(ATTACKER), card(SCORES_5)] + filler(2), [[0, 2], [1, 3]])
    after = MATES.apply(state, 0, PieceAttack("WHITE", "q", "D4"))
    assert after.round.piece.square == "d4" and after.round.piece.piece == "Q"


def test_wrong_seat_and_wrong_phase() -> None:
    state = table([card(ATTACKER), card(SCORES_5)] + filler(2), [[0, 2], [1, 3]])
    with pytest.raises(IllegalAction, match="It is not your turn"):
        MATES.apply(state, 1, EloAttack("white"))
    state = MATES.apply(state, 0, QUEEN_D4)
    assert state.phase == COUNTER
    with pytest.raises(IllegalAction, match="Announce your counter-attack"):
        MATES.apply(state, 1, EloAttack("white"))
    assert MATES.legal_actions(state, 0) == ()
    assert MATES.legal_actions(state, 1) == (PieceAttack("black", "R", "d5"),)


def test_progress_and_rules_text() -> None:
    state = MATES.new({}, 1, 3)
    assert MATES.progress(state).startswith("Round 1 · piles: P1 ")
    assert state.phase == CHOOSE
    text = MATES.rules_markdown()
    assert text.startswith("# Mates Hostiles") and text.count("House rule:") >= 15
