"""Deployment and movement: ranges and terrain per unit type, stacking, contact, enemies."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction
from engine.metauro.actions import (
    DefaultDeployment,
    Deploy,
    EndMove,
    Move,
    Pass,
    Place,
    TimeUp,
)
from engine.metauro.board import default_squares, occupancy
from engine.metauro.clash import facing
from engine.metauro.data import (
    BOARDS,
    CAVALRY,
    ELEPHANT,
    FORD,
    FOREST,
    GENERAL,
    HILL,
    INFANTRY,
    METAURO,
    NEIGHBOURS,
    PLAIN,
    RANGE,
    RIVER,
    ROCKS,
    RUINS,
    SQUARES,
    TERRAINS,
    TRUMPET,
    distance,
    ground,
)
from engine.metauro.movement import movable, reach, reachable
from engine.metauro.rules import METAURO as GAME
from engine.metauro.state import DEPLOY, MOVE, OVER, PAIR, Fought, LotsDrawn, Moved

from .helpers import C, R, play, random_moves, rigged, squares

GENERALS = ((R, GENERAL, "a11"), (C, GENERAL, "p1"))  # far from everything


def _terrain_sample(terrain: str) -> tuple[str, str]:
    """A Metauro square of ``terrain`` with a plain square touching it (far from the corners
    where the generals stand)."""
    for sq in SQUARES:
        if METAURO.terrain(sq) != terrain or distance(sq, "a11") < 3 or distance(sq, "p1") < 3:
            continue
        for n in NEIGHBOURS[sq]:
            if METAURO.terrain(n) == PLAIN and distance(n, "a11") > 2 and distance(n, "p1") > 2:
                return n, sq
    raise AssertionError(terrain)


ENTERS = {
    INFANTRY: {PLAIN, FOREST, HILL, FORD, RUINS},
    GENERAL: {PLAIN, FOREST, HILL, FORD, RUINS},
    TRUMPET: {PLAIN, FOREST, HILL, FORD, RUINS},
    CAVALRY: {PLAIN, FORD},
    ELEPHANT: {PLAIN, FORD},
}


@pytest.mark.parametrize("kind", [INFANTRY, GENERAL, TRUMPET, CAVALRY, ELEPHANT])
@pytest.mark.parametrize("terrain", TERRAINS)
def test_each_unit_type_on_each_terrain(kind: str, terrain: str) -> None:
    start, target = _terrain_sample(terrain)
    generals = [g for g in GENERALS if not (kind == GENERAL and g[0] == R)]
    state = rigged((R, kind, start), *generals)
    ok = terrain in ENTERS[kind]
    assert (target in reachable(state, (0,))) == ok
    if ok:
        after = GAME.apply(state, R, Move(start, target, (0,)))
        assert squares(after)[0] == target
    else:
        with pytest.raises(IllegalAction, match="cannot enter"):
            GAME.apply(state, R, Move(start, target, (0,)))


def test_rocks_and_river_are_closed_to_everyone() -> None:
    assert ENTERS[INFANTRY].isdisjoint({ROCKS, RIVER})
    assert ENTERS[CAVALRY].isdisjoint({ROCKS, RIVER, FOREST, HILL, RUINS})


@pytest.mark.parametrize(
    ("kind", "steps"), [(INFANTRY, 1), (GENERAL, 1), (TRUMPET, 1), (ELEPHANT, 2), (CAVALRY, 3)]
)
def test_movement_ranges_on_open_ground(kind: str, steps: int) -> None:
    """Zama's open plain: every square within reach through touching squares, hills apart."""
    generals = [g for g in GENERALS if not (kind == GENERAL and g[0] == R)]
    state = rigged((R, kind, "d5"), *generals, scenario="zama")
    expected = {sq for sq in SQUARES if 0 < distance(sq, "d5") <= steps}
    if kind in (CAVALRY, ELEPHANT):
        expected -= {"g2", "g3"}  # hills
    assert set(reachable(state, (0,))) == expected


def test_a_unit_stops_on_entering_a_square_that_shares_an_edge_with_an_enemy() -> None:
    wall = tuple((C, INFANTRY, f"f{r}") for r in range(3, 8))
    free = rigged((R, CAVALRY, "c5"), *GENERALS, scenario="zama")
    held = rigged((R, CAVALRY, "c5"), *GENERALS, *wall, scenario="zama")
    assert "f2" in reachable(free, (0,))
    options = set(reachable(held, (0,)))
    assert "e3" in options and "e5" in options  # it may enter the squares facing the enemy
    assert "f2" not in options and "f8" not in options  # but not go on from them
    assert not {sq for sq in options if sq[0] >= "f"}


def test_a_square_facing_an_enemy_stops_a_unit_even_when_its_own_side_holds_it() -> None:
    """House rule: e3 faces f3, so the cavalry stops there though a Roman stands on it; it
    cannot slip along the front to f2."""
    wall = tuple((C, INFANTRY, f"f{r}") for r in range(3, 8))
    state = rigged((R, CAVALRY, "c5"), (R, INFANTRY, "e3"), *GENERALS, *wall, scenario="zama")
    options = set(reachable(state, (0,)))
    assert "e3" in options and "f2" not in options and "e2" in options


def test_a_unit_that_passes_diagonal_to_an_enemy_is_not_stopped() -> None:
    """Sheet rule 10: contact is "por cualquiera de sus bordes". d4 and d6 touch e5 only by a
    corner, so the cavalry rides on through them; d5 shares an edge with e5 and stops it."""
    state = rigged((R, CAVALRY, "c5"), (C, INFANTRY, "e5"), *GENERALS, scenario="zama")
    options = set(reachable(state, (0,)))
    assert {"f3", "f7"} <= options  # c5 -> d4 -> e3 -> f3, c5 -> d6 -> e7 -> f7
    after = GAME.apply(state, R, Move("c5", "f3", (0,)))
    assert squares(after)[0] == "f3"
    after = GAME.apply(after, R, EndMove())
    assert after.phase == MOVE and after.mover == C  # f3 faces nobody: no clash


def test_an_elephant_steps_past_the_corner_of_an_enemy() -> None:
    """c5 -> d4 -> e3 is the only way to e3 in two steps; d4 touches e5 only by a corner."""
    state = rigged((R, ELEPHANT, "c5"), (C, INFANTRY, "e5"), *GENERALS, scenario="zama")
    options = set(reachable(state, (0,)))
    assert {"e3", "e7"} <= options and "e5" not in options


def _stops(state, unit):
    """The squares where ``unit`` may end its move but could not go on from, though it has
    steps left and a square it may enter lies next to it."""
    board = BOARDS[state.scenario]
    occ = occupancy(state.units)
    steps = reach(board, occ, unit.side, unit.kind, unit.square)
    out = []
    for sq, used in steps.items():
        if used >= RANGE[unit.kind]:
            continue
        for n in NEIGHBOURS[sq]:
            here = occ.get(n)
            if n == unit.square or n in steps or (here and here[0].side != unit.side):
                continue
            if board.terrain(n) in ground(unit.kind):
                out.append(sq)
                break
    return out


@pytest.mark.parametrize("scenario", ["metauro", "zama"])
def test_every_unit_that_is_stopped_also_fights(scenario: str) -> None:
    """In positions from random games, every square that stops a unit shares an edge with an
    enemy: a unit moved there and the turn ended, it is one of the soldiers in the clash."""
    checked = 0
    for seed in range(8):
        rnd = random.Random(seed)
        for i, (state, _seat, _action) in enumerate(
            random_moves(seed, rnd, {"scenario": scenario, "trumpet": False})
        ):
            if state.phase != MOVE or i % 2:
                continue
            by_id = {u.id: u for u in state.units}
            for uid in movable(state):
                u = by_id[uid]
                for sq in _stops(state, u):
                    if sq not in reachable(state, (uid,)):
                        continue  # no room there
                    after = GAME.apply(state, u.side, Move(u.square, sq, (uid,)))
                    after = GAME.apply(after, u.side, EndMove())
                    assert after.phase in (PAIR, OVER), (u, sq)
                    assert any(
                        isinstance(e, Fought) and uid in (e.fight.a, e.fight.b) for e in after.log
                    ) or uid in facing(after, u.side, frozenset()), (u, sq)
                    checked += 1
    assert checked > 40, checked


def test_no_unit_enters_an_enemy_square() -> None:
    state = rigged((R, INFANTRY, "e5"), (C, INFANTRY, "f5"), *GENERALS, scenario="zama")
    assert "f5" not in reachable(state, (0,))
    with pytest.raises(IllegalAction, match="enemy holds f5"):
        GAME.apply(state, R, Move("e5", "f5", (0,)))


def test_a_unit_may_start_next_to_an_enemy_and_move_away() -> None:
    state = rigged((R, CAVALRY, "e5"), (C, INFANTRY, "f5"), *GENERALS, scenario="zama")
    assert "b5" in reachable(state, (0,))  # e5 -> d5 -> c5 -> b5, none touching f5


def test_units_pass_through_their_own_side_but_end_within_the_limits() -> None:
    own = tuple((R, INFANTRY, sq) for sq in ("d4", "d5", "d6") for _ in range(3))
    state = rigged((R, CAVALRY, "c5"), *own, *GENERALS, scenario="zama")
    options = reachable(state, (0,))
    assert "e5" in options and "f5" in options  # through the full squares of column d
    assert not {"d4", "d5", "d6"} & set(options)


def test_stacking_one_infantry_and_one_cavalry_allowed() -> None:
    state = rigged(
        (R, INFANTRY, "e5"), (R, CAVALRY, "d5"), (R, CAVALRY, "d6"), *GENERALS, scenario="zama"
    )
    state = GAME.apply(state, R, Move("d5", "e5", (1,)))
    assert squares(state)[1] == "e5"
    assert "e5" not in reachable(state, (2,))
    with pytest.raises(IllegalAction, match="no room"):
        GAME.apply(state, R, Move("d6", "e5", (2,)))  # 2 cavalry + 1 infantry refused


def test_stacking_two_cavalry_refuse_an_infantryman() -> None:
    state = rigged(
        (R, CAVALRY, "e5"), (R, CAVALRY, "e5"), (R, INFANTRY, "d5"), *GENERALS, scenario="zama"
    )
    assert "e5" not in reachable(state, (2,))
    with pytest.raises(IllegalAction, match="no room"):
        GAME.apply(state, R, Move("d5", "e5", (2,)))


def test_stacking_elephant_alone_and_three_infantry_at_most() -> None:
    state = rigged(
        (C, ELEPHANT, "h5"),
        (C, INFANTRY, "i5"),
        (C, INFANTRY, "i6"),
        (C, INFANTRY, "i6"),
        (C, INFANTRY, "i6"),
        (C, INFANTRY, "j6"),
        *GENERALS,
        scenario="zama",
        mover=C,
    )
    assert "h5" not in reachable(state, (1,))  # nobody joins an elephant
    assert "i6" not in reachable(state, (5,))  # a fourth infantryman
    assert "i6" not in reachable(state, (0,))  # an elephant joins nobody


def test_a_stack_moves_together_and_each_unit_moves_once() -> None:
    state = rigged(*((R, INFANTRY, "d5") for _ in range(3)), *GENERALS, scenario="zama")
    assert Move("d5", "e5", (0, 1, 2)) in GAME.legal_actions(state, R)
    state = GAME.apply(state, R, Move("d5", "e5", (0, 1, 2)))
    assert [squares(state)[i] for i in range(3)] == ["e5"] * 3
    assert state.log[-1] == Moved(seat=R, units=(0, 1, 2), frm="d5", to="e5")
    assert movable(state) == (3,)  # only the general may still move
    with pytest.raises(IllegalAction, match="already moved"):
        GAME.apply(state, R, Move("e5", "f5", (0,)))
    assert Pass() not in GAME.legal_actions(state, R) and EndMove() in GAME.legal_actions(state, R)


def test_a_mixed_stack_moves_as_its_slowest_unit() -> None:
    state = rigged((R, INFANTRY, "d5"), (R, CAVALRY, "d5"), *GENERALS, scenario="zama")
    together = set(reachable(state, (0, 1)))
    assert together == set(reachable(state, (0,))) and "g5" in reachable(state, (1,))


def test_pass_and_end_move_end_the_turn() -> None:
    state = rigged((R, INFANTRY, "d5"), *GENERALS, scenario="zama")
    with pytest.raises(IllegalAction, match="pass instead"):
        GAME.apply(state, R, EndMove())
    after = GAME.apply(state, R, Pass())
    assert (after.phase, after.mover, after.turn) == (MOVE, C, state.turn + 1)
    moved = play(state, (R, Move("d5", "e5", (0,))))
    with pytest.raises(IllegalAction, match="end your move"):
        GAME.apply(moved, R, Pass())
    assert GAME.apply(moved, R, EndMove()).mover == C


def test_the_move_clock() -> None:
    state = rigged((R, INFANTRY, "d5"), *GENERALS, scenario="zama")
    assert TimeUp() not in GAME.legal_actions(state, R)
    with pytest.raises(IllegalAction, match="without a move clock"):
        GAME.apply(state, R, TimeUp())
    clocked = rigged((R, INFANTRY, "d5"), *GENERALS, scenario="zama", clock=60)
    assert TimeUp() in GAME.legal_actions(clocked, R)
    moved = GAME.apply(clocked, R, Move("d5", "e5", (0,)))
    after = GAME.apply(moved, R, TimeUp())
    assert after.mover == C and squares(after)[0] == "e5"  # the moves made stand


def test_wrong_seat_and_bad_input_are_refused_with_reasons() -> None:
    state = rigged((R, INFANTRY, "d5"), (C, INFANTRY, "k5"), *GENERALS, scenario="zama")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, C, Pass())
    with pytest.raises(IllegalAction, match="not yours"):
        GAME.apply(state, R, Move("k5", "j5", (1,)))
    with pytest.raises(IllegalAction, match="not a square"):
        GAME.apply(state, R, Move("d5", "z9", (0,)))
    with pytest.raises(IllegalAction, match="out of reach"):
        GAME.apply(state, R, Move("d5", "f5", (0,)))
    with pytest.raises(IllegalAction, match="at least one unit"):
        GAME.apply(state, R, Move("d5", "e5", ()))
    with pytest.raises(IllegalAction, match="not a move"):
        GAME.apply(state, R, "advance!")


def test_every_legal_move_is_accepted() -> None:
    state = GAME.new({}, 3, 2)
    state = play(state, (C, Deploy()), (R, Deploy()))
    seat = state.mover
    for action in GAME.legal_actions(state, seat):
        GAME.apply(state, seat, action)


# --- deployment ------------------------------------------------------------------------------


def test_deployment_order_default_edits_and_lots() -> None:
    state = GAME.new({"scenario": "metauro", "consul": "Nero"}, 7, 2)
    assert state.phase == DEPLOY and GAME.to_move(state) == (C,)
    assert state.generals == ("Nero", "Hasdrubal")
    hasdrubal = next(u for u in state.units if u.side == C and u.kind == GENERAL)
    assert Place(hasdrubal.id, "l3") in GAME.legal_actions(state, C)
    moved = GAME.apply(state, C, Place(hasdrubal.id, "l3"))
    assert squares(moved)[hasdrubal.id] == "l3"
    assert DefaultDeployment() in GAME.legal_actions(moved, C)
    back = GAME.apply(moved, C, DefaultDeployment())
    assert {u.id: u.square for u in back.units if u.side == C} == default_squares(back, C)
    with pytest.raises(IllegalAction, match="not one of your start squares"):
        GAME.apply(state, C, Place(hasdrubal.id, "k3"))
    elephant = next(u for u in state.units if u.kind == ELEPHANT)
    with pytest.raises(IllegalAction, match="no room"):
        GAME.apply(state, C, Place(elephant.id, "l4"))  # two infantry stand there
    state = GAME.apply(moved, C, Deploy())
    assert GAME.to_move(state) == (R,) and state.phase == DEPLOY
    state = GAME.apply(state, R, Deploy())
    assert state.phase == MOVE and state.turn == 1
    lots = [e for e in state.log if isinstance(e, LotsDrawn)]
    assert len(lots) == 1 and state.mover == lots[0].first == state.first
    with pytest.raises(IllegalAction, match="already deployed"):
        GAME.apply(state, state.mover, Deploy())


def test_lots_give_each_side_the_first_move_sometimes() -> None:
    firsts = {play(GAME.new({}, seed, 2), (C, Deploy()), (R, Deploy())).mover for seed in range(12)}
    assert firsts == {R, C}


def test_options_are_checked() -> None:
    for bad in ({"scenario": "cannae"}, {"consul": "Caesar"}, {"clock": -1}, {"trumpet": "yes"}):
        with pytest.raises(ValueError):
            GAME.new(bad, 0, 2)
    with pytest.raises(ValueError):
        GAME.new({}, 0, 3)
    assert [o.key for o in GAME.options] == ["scenario", "consul", "clock", "trumpet"]
    zama = GAME.new({"scenario": "zama"}, 0, 2)
    assert zama.generals == ("Scipio", "Hannibal") and len(zama.units) == 16 + 19
