"""The two boards (Metauro as drawn in metauro.md, and the house scenario Zama) and the armies.

Squares are named like a chessboard: a column letter ``a``–``p`` (west → east) and a row
number ``1``–``11`` (north → south), e.g. ``"c3"``. The Romans (seat 0) always start in the
west with their home edge on column ``a``; the Carthaginians (seat 1) in the east, home edge
column ``p``. Both boards are 16 × 11, so the same grid serves both.
"""

from __future__ import annotations

import attrs

from engine.i18n import N_, _

ROMANS, CARTHAGINIANS = 0, 1
# English, as the game records them (the reason a finished battle keeps): players read
# ``side_name``. Terrain and unit kinds are words, translated where shown (``terrain_name``,
# ``kind_name``); generals, consuls and battles are names and keep their printed form.
SIDES = (N_("Romans"), N_("Carthaginians"))


def side_name(side: int) -> str:
    """``"Romans"`` or ``"Carthaginians"`` in the current language."""
    return _(SIDES[side])


COLUMNS = "abcdefghijklmnop"
WIDTH = len(COLUMNS)  # 16
HEIGHT = 11

# --- terrain -----------------------------------------------------------------------------------

PLAIN = "."
FOREST = "f"
HILL = "^"  # accessible mountain (montaña asequible)
ROCKS = "#"  # inaccessible mountain (montaña inaccesible)
RIVER = "~"  # unfordable river
FORD = "="  # fordable river
RUINS = "r"

TERRAINS = (PLAIN, FOREST, HILL, ROCKS, RIVER, FORD, RUINS)
TERRAIN_NAMES = {
    PLAIN: N_("plain"),
    FOREST: N_("forest"),
    HILL: N_("accessible mountain"),
    ROCKS: N_("inaccessible mountain"),
    RIVER: N_("unfordable river"),
    FORD: N_("ford"),
    RUINS: N_("ruins"),
}


def terrain_name(terrain: str) -> str:
    """A terrain glyph's name in the current language (``"f"`` → ``"forest"``)."""
    return _(TERRAIN_NAMES[terrain])


TERRAIN_BONUS = {FOREST: 1, HILL: 1, RUINS: 1}  # advantage points for the soldier standing there

# --- units -------------------------------------------------------------------------------------

INFANTRY = "infantry"
CAVALRY = "cavalry"
ELEPHANT = "elephant"
GENERAL = "general"  # moves, stacks and fights as infantry
TRUMPET = "trumpet"  # Zama: moves and stacks as infantry, never wins a fight

KINDS = (GENERAL, INFANTRY, CAVALRY, ELEPHANT, TRUMPET)
KIND_NAMES = {
    GENERAL: N_("general"),
    INFANTRY: N_("infantry"),
    CAVALRY: N_("cavalry"),
    ELEPHANT: N_("elephant"),
    TRUMPET: N_("trumpet"),
}
# A unit by its side, one msgid each: the adjective agrees with the kind in Spanish and
# Italian ("caballería romana", "elefante cartaginés").
UNIT_NAMES = {
    (ROMANS, GENERAL): N_("Roman general"),
    (ROMANS, INFANTRY): N_("Roman infantry"),
    (ROMANS, CAVALRY): N_("Roman cavalry"),
    (ROMANS, ELEPHANT): N_("Roman elephant"),
    (ROMANS, TRUMPET): N_("Roman trumpet"),
    (CARTHAGINIANS, GENERAL): N_("Carthaginian general"),
    (CARTHAGINIANS, INFANTRY): N_("Carthaginian infantry"),
    (CARTHAGINIANS, CAVALRY): N_("Carthaginian cavalry"),
    (CARTHAGINIANS, ELEPHANT): N_("Carthaginian elephant"),
    (CARTHAGINIANS, TRUMPET): N_("Carthaginian trumpet"),
}


def kind_name(kind: str) -> str:
    """A kind of unit in the current language (``"cavalry"``)."""
    return _(KIND_NAMES[kind])


LETTERS = {GENERAL: "G", INFANTRY: "I", CAVALRY: "C", ELEPHANT: "E", TRUMPET: "T"}

FOOT = frozenset({INFANTRY, GENERAL, TRUMPET})  # stack and move as infantry
RANGE = {INFANTRY: 1, GENERAL: 1, TRUMPET: 1, CAVALRY: 3, ELEPHANT: 2}
KIND_BONUS = {ELEPHANT: 2, CAVALRY: 1}
FOOT_GROUND = frozenset({PLAIN, FOREST, HILL, FORD, RUINS})  # never rocks or the river
MOUNTED_GROUND = frozenset({PLAIN, FORD})  # cavalry and elephants: plain and fords only


def ground(kind: str) -> frozenset[str]:
    """The terrain a unit of this kind may enter or stand on."""
    return FOOT_GROUND if kind in FOOT else MOUNTED_GROUND


# Stacking (rule 2): at most 3 foot; or 2 cavalry; or 1 elephant; or 1 foot + 1 cavalry.
MAX_FOOT = 3
MAX_CAVALRY = 2
MAX_ELEPHANT = 1


def stack_fits(foot: int, cavalry: int, elephants: int) -> bool:
    """Whether a square may hold this many foot soldiers, cavalry and elephants together."""
    if elephants:
        return elephants <= MAX_ELEPHANT and not foot and not cavalry
    if cavalry and foot:
        return cavalry == 1 and foot == 1
    return foot <= MAX_FOOT and cavalry <= MAX_CAVALRY


# --- geometry ----------------------------------------------------------------------------------


def square(col: int, row: int) -> str:
    """The name of the square at 0-based ``col`` (west → east) and ``row`` (north → south)."""
    return f"{COLUMNS[col]}{row + 1}"


SQUARES: tuple[str, ...] = tuple(square(c, r) for r in range(HEIGHT) for c in range(WIDTH))
COL: dict[str, int] = {s: COLUMNS.index(s[0]) for s in SQUARES}
ROW: dict[str, int] = {s: int(s[1:]) - 1 for s in SQUARES}


def _around(sq: str, steps: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    c, r = COL[sq], ROW[sq]
    return tuple(
        square(c + dc, r + dr) for dc, dr in steps if 0 <= c + dc < WIDTH and 0 <= r + dr < HEIGHT
    )


_KING = tuple((dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr)
_ROOK = ((0, -1), (-1, 0), (1, 0), (0, 1))
NEIGHBOURS: dict[str, tuple[str, ...]] = {s: _around(s, _KING) for s in SQUARES}
"""The 8 squares that touch a square (by an edge or a corner): where a unit steps or retreats."""
EDGE_NEIGHBOURS: dict[str, tuple[str, ...]] = {s: _around(s, _ROOK) for s in SQUARES}
"""The 4 squares that share an edge with a square: contact with the enemy, which stops a
moving unit and makes a clash."""

HOME_COLUMN = (0, WIDTH - 1)  # the Romans' home edge is column a, the Carthaginians' column p


def home_distance(side: int, sq: str) -> int:
    """How many columns ``sq`` lies from ``side``'s home edge (0 on the edge itself)."""
    return abs(COL[sq] - HOME_COLUMN[side])


def distance(a: str, b: str) -> int:
    """King-move distance between two squares (moves through touching squares)."""
    return max(abs(COL[a] - COL[b]), abs(ROW[a] - ROW[b]))


def is_square(value: object) -> bool:
    return isinstance(value, str) and value in COL


# --- boards and armies -------------------------------------------------------------------------


def _block(cols: str, rows: range) -> frozenset[str]:
    return frozenset(f"{c}{r}" for c in cols for r in rows)


@attrs.frozen
class Board:
    """One battlefield: terrain rows (north → south), start squares, standards and armies.

    ``armies[side]`` lists every unit as ``(kind, default square)``; unit ids are given in
    that order, Romans first. ``generals`` are the generals' names; ``house`` marks a board of
    our own making (Zama).
    """

    key: str
    name: str
    year: str
    rows: tuple[str, ...]
    start: tuple[frozenset[str], frozenset[str]]
    standards: tuple[tuple[str, str], tuple[str, str]]
    armies: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
    generals: tuple[str, str]
    house: bool = False

    def terrain(self, sq: str) -> str:
        return self.rows[ROW[sq]][COL[sq]]


METAURO_ROWS = (
    "ff.....#..^^..~.",
    "ff.....#..^^..=.",
    "f.......f.^...~.",
    "ff.....ff#f...~.",
    "f......f##f...~.",
    "f......f##f...=f",
    "f......f##f...~.",
    "ff.....ff.f...~.",
    "f.....rr......~.",
    "ff....rr......=.",
    "ff............~.",
)

CONSULS = ("Livius", "Nero", "Porcius")

METAURO = Board(
    key="metauro",
    name="Metauro",
    year="207 BC",
    rows=METAURO_ROWS,
    start=(_block("cd", range(3, 10)), _block("lm", range(3, 10))),
    standards=(("a4", "a8"), ("p5", "p7")),
    armies=(
        (
            (GENERAL, "c6"),
            (CAVALRY, "d3"),
            (CAVALRY, "d9"),
            (INFANTRY, "d4"),
            (INFANTRY, "d4"),
            (INFANTRY, "d6"),
            (INFANTRY, "d6"),
            (INFANTRY, "d8"),
            (INFANTRY, "d8"),
            (INFANTRY, "c5"),
            (INFANTRY, "c7"),
        ),
        (
            (GENERAL, "m6"),
            (ELEPHANT, "l6"),
            (INFANTRY, "l4"),
            (INFANTRY, "l4"),
            (INFANTRY, "l8"),
            (INFANTRY, "l8"),
            (INFANTRY, "l5"),
            (INFANTRY, "l7"),
            (INFANTRY, "m5"),
            (INFANTRY, "m7"),
        ),
    ),
    generals=("Livius", "Hasdrubal"),
)

ZAMA_ROWS = (
    "................",
    "......^^........",
    "......^.........",
    "................",
    "................",
    ".......^^.......",
    "................",
    "................",
    ".........^......",
    "........^^......",
    "................",
)

ZAMA = Board(
    key="zama",
    name="Zama",
    year="202 BC",
    rows=ZAMA_ROWS,
    start=(_block("bcde", range(2, 11)), _block("lmno", range(2, 11))),
    standards=(("a4", "a8"), ("p4", "p8")),
    armies=(
        (
            (GENERAL, "b6"),
            (TRUMPET, "d6"),
            (CAVALRY, "e2"),  # Laelius, on the left
            (CAVALRY, "e2"),
            (CAVALRY, "e10"),  # Masinissa, on the right
            (CAVALRY, "e10"),
            (INFANTRY, "e3"),  # columns with open lanes between them
            (INFANTRY, "d3"),
            (INFANTRY, "e5"),
            (INFANTRY, "d5"),
            (INFANTRY, "e7"),
            (INFANTRY, "d7"),
            (INFANTRY, "e9"),
            (INFANTRY, "d9"),
            (INFANTRY, "c5"),
            (INFANTRY, "c7"),
        ),
        (
            (GENERAL, "o6"),
            (ELEPHANT, "l3"),  # the elephants in front
            (ELEPHANT, "l5"),
            (ELEPHANT, "l7"),
            (ELEPHANT, "l9"),
            (CAVALRY, "m2"),
            (CAVALRY, "m10"),
            (INFANTRY, "m3"),  # first line: the mercenaries
            (INFANTRY, "m5"),
            (INFANTRY, "m7"),
            (INFANTRY, "m9"),
            (INFANTRY, "n3"),  # second line: the Carthaginian levies
            (INFANTRY, "n5"),
            (INFANTRY, "n7"),
            (INFANTRY, "n9"),
            (INFANTRY, "o3"),  # third line: Hannibal's veterans
            (INFANTRY, "o5"),
            (INFANTRY, "o7"),
            (INFANTRY, "o9"),
        ),
    ),
    generals=("Scipio", "Hannibal"),
    house=True,
)

BOARDS: dict[str, Board] = {METAURO.key: METAURO, ZAMA.key: ZAMA}

# --- fights, the trumpet (Zama house rule) and the length of a battle --------------------------

PANIC_RANGE = 2  # an elephant within 2 squares of a Roman trumpet may panic
PANIC_FACES = (1, 2)  # ... on a roll of 1 or 2
PANIC_STEPS = 2  # and then retreats twice

KILL_TOTAL = 6  # a winner's total of 6 or more eliminates the loser

MAX_TURNS = 120  # house rule: 60 moves a side, then the battle is decided on casualties
