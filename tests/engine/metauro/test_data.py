"""The boards against metauro.md: size, terrain, fords, standards, start squares, armies."""

from __future__ import annotations

from collections import Counter

from engine.metauro.data import (
    BOARDS,
    CARTHAGINIANS,
    CAVALRY,
    COLUMNS,
    EDGE_NEIGHBOURS,
    ELEPHANT,
    FORD,
    GENERAL,
    HEIGHT,
    INFANTRY,
    METAURO,
    NEIGHBOURS,
    RIVER,
    ROMANS,
    SQUARES,
    TRUMPET,
    WIDTH,
    ZAMA,
    ground,
    home_distance,
    stack_fits,
)

# The Metauro board of metauro.md, retyped.
DRAWN = """
     abcdefghijklmnop
  1  ff.....#..^^..~.
  2  ff.....#..^^..=.
  3  f.......f.^...~.
  4  ff.....ff#f...~.
  5  f......f##f...~.
  6  f......f##f...=f
  7  f......f##f...~.
  8  ff.....ff.f...~.
  9  f.....rr......~.
 10  ff....rr......=.
 11  ff............~.
"""


def test_the_metauro_board_is_drawn_as_in_the_rules() -> None:
    lines = DRAWN.strip("\n").splitlines()
    assert lines[0].strip() == COLUMNS
    rows = tuple(line.split()[1] for line in lines[1:])
    assert METAURO.rows == rows
    assert (WIDTH, HEIGHT) == (16, 11) and len(SQUARES) == 176
    assert all(len(row) == WIDTH for board in BOARDS.values() for row in board.rows)
    assert all(len(board.rows) == HEIGHT for board in BOARDS.values())


def test_the_river_has_exactly_three_fords() -> None:
    fords = sorted(sq for sq in SQUARES if METAURO.terrain(sq) == FORD)
    assert fords == ["o10", "o2", "o6"]
    river = [sq for sq in SQUARES if sq[0] == "o"]
    assert all(METAURO.terrain(sq) in (RIVER, FORD) for sq in river)


def test_standards_and_start_squares() -> None:
    assert METAURO.standards == (("a4", "a8"), ("p5", "p7"))
    assert METAURO.terrain("a4") == METAURO.terrain("a8") == "f"  # in the woods
    assert METAURO.terrain("p6") == "f"  # the tree between the Carthaginian standards
    romans = {f"{c}{r}" for c in "cd" for r in range(3, 10)}
    carthaginians = {f"{c}{r}" for c in "lm" for r in range(3, 10)}
    assert METAURO.start == (romans, carthaginians)
    assert ZAMA.house and not METAURO.house
    assert all(ZAMA.terrain(sq) not in (RIVER, FORD) for sq in SQUARES)  # no river at Zama


def _army(board, side):
    return Counter(kind for kind, _sq in board.armies[side])


def test_armies() -> None:
    assert _army(METAURO, ROMANS) == {GENERAL: 1, CAVALRY: 2, INFANTRY: 8}
    assert _army(METAURO, CARTHAGINIANS) == {GENERAL: 1, ELEPHANT: 1, INFANTRY: 8}
    assert _army(ZAMA, ROMANS) == {GENERAL: 1, INFANTRY: 10, CAVALRY: 4, TRUMPET: 1}
    assert _army(ZAMA, CARTHAGINIANS) == {GENERAL: 1, ELEPHANT: 4, INFANTRY: 12, CAVALRY: 2}
    assert METAURO.generals[1] == "Hasdrubal" and ZAMA.generals == ("Scipio", "Hannibal")


def test_default_deployments_respect_start_squares_terrain_and_stacking() -> None:
    for board in BOARDS.values():
        for side in (ROMANS, CARTHAGINIANS):
            by_square: dict[str, list[str]] = {}
            for kind, sq in board.armies[side]:
                assert sq in board.start[side], (board.key, kind, sq)
                assert board.terrain(sq) in ground(kind)
                by_square.setdefault(sq, []).append(kind)
            for kinds in by_square.values():
                foot = sum(k in (INFANTRY, GENERAL, TRUMPET) for k in kinds)
                assert stack_fits(foot, kinds.count(CAVALRY), kinds.count(ELEPHANT)), kinds


def test_stacking_limits_of_rule_2() -> None:
    assert stack_fits(3, 0, 0) and not stack_fits(4, 0, 0)
    assert stack_fits(0, 2, 0) and not stack_fits(0, 3, 0)
    assert stack_fits(0, 0, 1) and not stack_fits(0, 0, 2)
    assert stack_fits(1, 1, 0)  # 1 infantry + 1 cavalry allowed
    assert not stack_fits(1, 2, 0)  # 2 cavalry + 1 infantry refused
    assert not stack_fits(2, 1, 0) and not stack_fits(1, 0, 1) and not stack_fits(0, 1, 1)


def test_geometry() -> None:
    assert sorted(NEIGHBOURS["a1"]) == ["a2", "b1", "b2"]
    assert len(NEIGHBOURS["e5"]) == 8 and len(EDGE_NEIGHBOURS["e5"]) == 4
    assert sorted(EDGE_NEIGHBOURS["e5"]) == ["d5", "e4", "e6", "f5"]
    assert home_distance(ROMANS, "a7") == 0 and home_distance(CARTHAGINIANS, "p7") == 0
    assert home_distance(ROMANS, "p1") == 15
