"""Clashes: pairing, dice and advantage points, kills, retreats, advances, victory, trumpet."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.metauro.actions import (
    Advance,
    AutoPair,
    EndMove,
    Move,
    NoAdvance,
    Pair,
    Pass,
    Retreat,
)
from engine.metauro.clash import clash_odds, facing_pairs, pairs_left, retreat_options
from engine.metauro.data import (
    CAVALRY,
    ELEPHANT,
    GENERAL,
    INFANTRY,
    MAX_TURNS,
    TRUMPET,
)
from engine.metauro.rules import METAURO as GAME
from engine.metauro.state import (
    ADVANCE,
    BY_KILL,
    MOVE,
    NO_RETREAT,
    OVER,
    PAIR,
    RETREAT,
    Advanced,
    ClashStarted,
    Eliminated,
    Fought,
    PanicRolled,
    Retreated,
    Unit,
)

from .helpers import C, R, play, rigged, squares, with_dice

GENERALS = ((R, GENERAL, "a11"), (C, GENERAL, "p1"))


def duel(roman: str = "e5", enemy: str = "g5", *more, kind=INFANTRY, enemy_kind=INFANTRY, **kw):
    """A Roman unit (id 0) one step from facing a Carthaginian (id 1); the Romans move."""
    return rigged((R, kind, roman), (C, enemy_kind, enemy), *GENERALS, *more, **kw)


def charge(state, frm="e5", to="f5", *rolls):
    """Move unit 0 next to the enemy, end the move, set the dice for the next fight."""
    state = play(state, (R, Move(frm, to, (0,))), (R, EndMove()))
    return with_dice(state, *rolls) if rolls else state


def fights(state):
    return [e.fight for e in state.log if isinstance(e, Fought)]


def test_a_clash_follows_a_move_that_ends_facing_an_enemy() -> None:
    state = charge(duel(scenario="zama"))
    assert state.phase == PAIR and GAME.to_move(state) == (R,)
    assert isinstance(state.log[-1], ClashStarted) and state.log[-1].pairs == 1
    assert GAME.legal_actions(state, R) == (Pair(0, 1), AutoPair())


def test_diagonal_contact_is_no_clash() -> None:
    state = play(duel(scenario="zama"), (R, Move("e5", "f4", (0,))))  # f4 touches g5 by a corner
    state = GAME.apply(state, R, EndMove())
    assert state.phase == MOVE and state.mover == C and not fights(state)


def test_a_six_kills() -> None:
    state = GAME.apply(charge(duel(scenario="zama"), "e5", "f5", 6, 2), R, Pair(0, 1))
    (fight,) = fights(state)
    assert (fight.total_a, fight.total_b, fight.winner, fight.killed) == (6, 2, 0, True)
    assert state.log[-1] == Eliminated(unit=1, side=C, kind=INFANTRY, square="g5", cause=BY_KILL)
    assert state.phase == ADVANCE and GAME.to_move(state) == (R,)
    state = GAME.apply(state, R, Advance())
    assert squares(state)[0] == "g5" and Advanced(unit=0, frm="f5", to="g5") in state.log


def test_advantage_points_decide_the_totals() -> None:
    """Cavalry +1 against infantry in forest +1: a 4 against a 3 is 5 to 4, no kill."""
    forest = rigged((R, CAVALRY, "g2"), (C, INFANTRY, "i3"), *GENERALS)  # i3 is forest
    forest = play(forest, (R, Move("g2", "h3", (0,))), (R, EndMove()))
    forest = GAME.apply(with_dice(forest, 4, 3), R, Pair(0, 1))
    (fight,) = fights(forest)
    assert (fight.bonus_a, fight.bonus_b, fight.total_a, fight.total_b) == (1, 1, 5, 4)
    assert fight.winner == 0 and not fight.killed


def test_the_loser_retreats_toward_home_and_the_winner_may_advance() -> None:
    state = GAME.apply(charge(duel(scenario="zama"), "e5", "f5", 5, 1), R, Pair(0, 1))
    (fight,) = fights(state)
    assert fight.winner == 0 and not fight.killed  # 5 beats 1 but is less than 6
    assert state.phase == RETREAT and GAME.to_move(state) == (C,)
    assert retreat_options(state, 1) == ("h4", "h5", "h6")  # one column nearer column p
    assert set(GAME.legal_actions(state, C)) == {Retreat("h4"), Retreat("h5"), Retreat("h6")}
    with pytest.raises(IllegalAction, match="Retreat to one of"):
        GAME.apply(state, C, Retreat("g4"))  # sideways is no retreat
    state = GAME.apply(state, C, Retreat("h6"))
    assert squares(state)[1] == "h6" and Retreated(unit=1, frm="g5", to="h6") in state.log
    assert state.phase == ADVANCE and GAME.to_move(state) == (R,)
    kept = GAME.apply(state, R, NoAdvance())
    assert squares(kept)[0] == "f5" and kept.phase == MOVE and kept.mover == C
    moved = GAME.apply(state, R, Advance())
    assert squares(moved)[0] == "g5"


def test_a_roman_retreats_west() -> None:
    state = GAME.apply(charge(duel(scenario="zama"), "e5", "f5", 1, 5), R, Pair(0, 1))
    assert state.phase == RETREAT and GAME.to_move(state) == (R,)
    assert retreat_options(state, 0) == ("e4", "e5", "e6")


def test_a_single_retreat_square_is_taken_without_asking() -> None:
    """Metauro n3: behind it only the ford o2; o3 and o4 are river."""
    state = rigged((R, INFANTRY, "l3"), (C, INFANTRY, "n3"), *GENERALS[:1], (C, GENERAL, "p11"))
    state = play(state, (R, Move("l3", "m3", (0,))), (R, EndMove()))
    state = GAME.apply(with_dice(state, 4, 2), R, Pair(0, 1))
    assert squares(state)[1] == "o2" and state.phase == ADVANCE


def test_elimination_when_no_retreat_is_possible() -> None:
    """Metauro n4 has the river behind it (o3, o4, o5): a beaten Carthaginian drowns."""
    state = rigged((R, INFANTRY, "l4"), (C, INFANTRY, "n4"), *GENERALS[:1], (C, GENERAL, "p11"))
    state = play(state, (R, Move("l4", "m4", (0,))), (R, EndMove()))
    assert retreat_options(state, 1) == ()
    odds = clash_odds(state, 0, 1)
    assert odds.kill == pytest.approx(odds.win) and odds.win == pytest.approx(15 / 36)
    state = GAME.apply(with_dice(state, 3, 2), R, Pair(0, 1))
    assert Eliminated(unit=1, side=C, kind=INFANTRY, square="n4", cause=NO_RETREAT) in state.log


def test_a_loser_on_his_home_edge_is_eliminated() -> None:
    state = rigged((R, INFANTRY, "a5"), (C, INFANTRY, "c5"), *GENERALS, scenario="zama", mover=C)
    state = play(state, (C, Move("c5", "b5", (1,))), (C, EndMove()))
    state = GAME.apply(with_dice(state, 4, 2), C, Pair(1, 0))
    assert any(
        isinstance(e, Eliminated) and e.unit == 0 and e.cause == NO_RETREAT for e in state.log
    )


def test_a_full_square_of_own_units_blocks_the_retreat() -> None:
    blockers = tuple((C, INFANTRY, sq) for sq in ("h4", "h5", "h6") for _ in range(3))
    state = rigged((R, INFANTRY, "e5"), (C, INFANTRY, "g5"), *GENERALS, *blockers, scenario="zama")
    state = charge(state, "e5", "f5")
    assert retreat_options(state, 1) == ()


def test_a_tie_leaves_both_in_place() -> None:
    state = GAME.apply(charge(duel(scenario="zama"), "e5", "f5", 3, 3), R, Pair(0, 1))
    (fight,) = fights(state)
    assert fight.winner is None and fight.loser is None
    assert squares(state)[0] == "f5" and squares(state)[1] == "g5"
    assert state.phase == MOVE and state.mover == C


def test_facing_units_fight_again_after_every_turn_even_a_pass() -> None:
    state = GAME.apply(charge(duel(scenario="zama"), "e5", "f5", 3, 3), R, Pair(0, 1))
    state = GAME.apply(state, C, Pass())
    assert state.phase == PAIR and GAME.to_move(state) == (C,)  # the passer chooses
    assert GAME.legal_actions(state, C) == (Pair(1, 0), AutoPair())


def test_pairs_form_a_maximum_matching_and_nobody_fights_twice() -> None:
    """Roman a1 on f5 faces X (g5) and Y (f6); Roman a2 on g4 faces only X. Pairing a1 with X
    would leave a2 without an opponent, so the only pairs are a1–Y and a2–X."""
    state = rigged(
        (R, INFANTRY, "e5"),  # 0: a1, moves to f5
        (R, INFANTRY, "g3"),  # 1: a2, moves to g4
        (C, INFANTRY, "g5"),  # 2: X
        (C, INFANTRY, "f6"),  # 3: Y
        *GENERALS,
        scenario="zama",
    )
    state = play(state, (R, Move("e5", "f5", (0,))), (R, Move("g3", "g4", (1,))), (R, EndMove()))
    assert pairs_left(state) == 2
    assert facing_pairs(state) == ((0, 3), (1, 2))
    with pytest.raises(IllegalAction, match="without an opponent"):
        GAME.apply(state, R, Pair(0, 2))
    state = GAME.apply(with_dice(state, 3, 3), R, Pair(0, 3))  # a tie: both stay
    assert facing_pairs(state) == ((1, 2),) and pairs_left(state) == 1
    with pytest.raises(IllegalAction, match="twice"):
        GAME.apply(state, R, Pair(0, 2))
    state = GAME.apply(with_dice(state, 3, 3), R, AutoPair())
    fought = fights(state)
    assert [(f.a, f.b) for f in fought] == [(0, 3), (1, 2)]
    assert state.phase == MOVE and state.mover == C  # the clash is over


def test_auto_pair_prefers_the_best_odds() -> None:
    """The Roman cavalryman may fight the infantry in forest or on plain: Auto takes the plain."""
    state = rigged(
        (R, CAVALRY, "g6"),
        (C, INFANTRY, "h6"),  # forest +1 (Metauro h6 is forest)
        (C, INFANTRY, "g5"),  # plain
        *GENERALS,
    )
    state = play(state, (R, Pass()))
    assert state.phase == PAIR and facing_pairs(state) == ((0, 1), (0, 2))
    state = GAME.apply(with_dice(state, 3, 3), R, AutoPair())
    (fight,) = fights(state)
    assert (fight.a, fight.b) == (0, 2)  # cavalry against the infantry on the plain


def test_the_winner_does_not_advance_onto_ground_it_may_not_enter() -> None:
    """A cavalryman beats an infantryman in forest: it may not follow him into the trees."""
    state = rigged((R, CAVALRY, "g2"), (C, INFANTRY, "i3"), *GENERALS)
    state = play(state, (R, Move("g2", "h3", (0,))), (R, EndMove()))
    state = GAME.apply(with_dice(state, 4, 1), R, Pair(0, 1))
    assert state.phase in (RETREAT, MOVE)
    if state.phase == RETREAT:
        state = GAME.apply(state, C, GAME.legal_actions(state, C)[0])
    assert state.phase == MOVE and squares(state)[0] == "h3"


def test_no_advance_while_other_enemies_hold_the_square() -> None:
    state = rigged(
        (R, INFANTRY, "e5"), (C, INFANTRY, "g5"), (C, INFANTRY, "g5"), *GENERALS, scenario="zama"
    )
    state = charge(state, "e5", "f5", 6, 1)
    state = GAME.apply(state, R, Pair(0, 1))
    assert Eliminated(unit=1, side=C, kind=INFANTRY, square="g5", cause=BY_KILL) in state.log
    assert state.phase == MOVE  # unit 2 still stands on g5


# --- victory ---------------------------------------------------------------------------------


def test_killing_the_general_wins_at_once() -> None:
    state = rigged(
        (R, INFANTRY, "e5"),
        (C, GENERAL, "g5"),
        (R, GENERAL, "a11"),
        (R, INFANTRY, "e8"),
        (C, INFANTRY, "g8"),
        scenario="zama",
    )
    state = play(state, (R, Move("e5", "f5", (0,))), (R, Move("e8", "f8", (3,))), (R, EndMove()))
    state = GAME.apply(with_dice(state, 6, 1), R, Pair(0, 1))
    assert state.phase == OVER and GAME.to_move(state) == ()
    outcome = GAME.outcome(state)
    assert outcome.winners == (R,) and "Hasdrubal has fallen" in outcome.reason
    assert len(fights(state)) == 1  # the other pair does not fight
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, R, AutoPair())


def test_holding_both_enemy_standards_at_the_end_of_the_move_wins() -> None:
    state = rigged((R, CAVALRY, "n5"), (R, CAVALRY, "n7"), (R, GENERAL, "a11"), (C, GENERAL, "k1"))
    one = play(state, (R, Move("n5", "p5", (0,))), (R, EndMove()))
    assert one.phase == MOVE and GAME.outcome(one) is None  # one standard is not enough
    both = play(state, (R, Move("n5", "p5", (0,))), (R, Move("n7", "p7", (1,))), (R, EndMove()))
    outcome = GAME.outcome(both)
    assert outcome.winners == (R,) and "both Carthaginian standards" in outcome.reason


def test_standards_count_only_at_the_end_of_the_holders_move() -> None:
    state = rigged(
        (C, INFANTRY, "a4"),
        (C, INFANTRY, "a8"),
        (R, GENERAL, "e11"),
        (C, GENERAL, "p1"),
        (R, INFANTRY, "e6"),
    )
    state = play(state, (R, Move("e6", "e7", (4,))), (R, EndMove()))
    assert GAME.outcome(state) is None and state.mover == C
    state = GAME.apply(state, C, Pass())
    assert GAME.outcome(state).winners == (C,)


def test_a_side_with_no_units_left_loses() -> None:
    state = rigged((R, INFANTRY, "e5"), (C, INFANTRY, "g5"), (R, GENERAL, "a11"), scenario="zama")
    state = GAME.apply(charge(state, "e5", "f5", 6, 1), R, Pair(0, 1))
    assert GAME.outcome(state).winners == (R,)


def test_two_quiet_passes_draw_the_battle_even_for_the_side_ahead() -> None:
    """House rule: stalling never wins. The side ahead on losses that passes after the
    enemy's pass only draws, and a pass on turn 5 ends no battle 0-0 as a win."""
    state = rigged((R, INFANTRY, "e5"), *GENERALS, scenario="zama")
    state = play(state, (R, Pass()), (C, Pass()))
    assert GAME.outcome(state).is_draw
    for loser in (R, C):
        for first in (R, C):
            lost = (Unit(id=9, side=loser, kind=INFANTRY, square="k5"),)
            units = ((R, INFANTRY, "e5"), *GENERALS)
            ahead = rigged(*units, scenario="zama", mover=first, fallen=lost)
            ahead = play(ahead, (first, Pass()), (1 - first, Pass()))
            assert GAME.outcome(ahead).is_draw, (loser, first)


def test_the_battle_ends_after_the_last_turn() -> None:
    state = rigged((R, INFANTRY, "e5"), *GENERALS, scenario="zama", turn=MAX_TURNS)
    state = play(state, (R, Move("e5", "e6", (0,))), (R, EndMove()))
    outcome = GAME.outcome(state)
    assert outcome.is_draw and f"{MAX_TURNS} turns" in outcome.reason


# --- the trumpet (Zama house rule) ---------------------------------------------------------


def trumpet_duel(**kw):
    return rigged(
        (R, INFANTRY, "e5"),
        (C, ELEPHANT, "g5"),
        (R, TRUMPET, "e4"),
        *GENERALS,
        scenario="zama",
        **kw,
    )


def test_a_panicking_elephant_runs_two_squares_and_does_not_fight() -> None:
    state = play(trumpet_duel(), (R, Move("e5", "f5", (0,))))
    state = GAME.apply(with_dice(state, 2), R, EndMove())  # the elephant rolls a 2
    assert PanicRolled(unit=1, roll=2, panicked=True) in state.log
    assert state.phase == RETREAT and GAME.to_move(state) == (C,)
    state = GAME.apply(state, C, Retreat("h5"))
    assert state.phase == RETREAT  # the second step
    state = GAME.apply(state, C, Retreat("i5"))
    assert squares(state)[1] == "i5" and not fights(state)
    assert state.phase == MOVE and state.mover == C


def test_a_steady_elephant_fights() -> None:
    state = play(trumpet_duel(), (R, Move("e5", "f5", (0,))))
    state = GAME.apply(with_dice(state, 3), R, EndMove())
    assert PanicRolled(unit=1, roll=3, panicked=False) in state.log
    assert state.phase == PAIR


def test_no_panic_without_the_trumpet_rule() -> None:
    state = play(trumpet_duel(trumpet_rule=False), (R, Move("e5", "f5", (0,))))
    state = GAME.apply(with_dice(state, 1), R, EndMove())
    assert not any(isinstance(e, PanicRolled) for e in state.log) and state.phase == PAIR


def test_the_trumpet_never_wins_and_dies_when_it_loses() -> None:
    state = rigged((R, TRUMPET, "e5"), (C, INFANTRY, "g5"), *GENERALS, scenario="zama")
    won = GAME.apply(charge(state, "e5", "f5", 6, 1), R, Pair(0, 1))
    (fight,) = fights(won)
    assert fight.winner is None and squares(won)[1] == "g5"  # a higher total does nothing
    lost = GAME.apply(charge(state, "e5", "f5", 1, 2), R, Pair(0, 1))
    assert any(isinstance(e, Eliminated) and e.unit == 0 for e in lost.log)  # 2 < 6, still dead
