"""The Metauro board: 16 × 11 squares with terrain by colour and glyph, units by side colour
and letter case (Romans upper case, Carthaginians lower case), standards ⚑, coordinates a–p /
1–11, a cursor, the selected stack and the squares it can reach."""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.board import LineCachedBoard

COLUMNS = "abcdefghijklmnop"
ROWS = 11
TERRAIN = {  # glyph, background
    ".": (" ", "#3b5323"),
    "f": ("♣", "#1f3d1a"),
    "^": ("^", "#6b5a3a"),
    "#": ("#", "#4a4a4a"),
    "~": ("~", "#1f4e79"),
    "=": ("=", "#3f7fb5"),
    "r": ("r", "#5a4a4a"),
}
SIDE_COLOURS = ("#ff6b6b", "#8ecbff")  # Romans red, Carthaginians blue
REACH, SELECTED, CURSOR, MARK = "#c9a227", "#8e44ad", "#ffffff", "#d35400"


@lru_cache(maxsize=512)
def _style(bg: str, colour: str, bold: bool, cursor: int) -> Style:
    """Squares share their styles: a fresh Style per square per frame made redraws slow."""
    return Style(
        bgcolor=bg or None, color=colour, bold=bold, reverse=cursor == 1, underline=cursor == 2
    )


def letter_at(cw: int) -> int:
    """Where the column letter stands in a square ``cw`` wide: a unit's letters and the
    terrain start there, the standard stands left of it."""
    return (cw - 1) // 2


class MetauroGrid(LineCachedBoard):
    """Arrows move the cursor; Enter or a click posts ``Picked(square)``."""

    cursor: reactive[str] = reactive("h6", repaint=False)  # watch_cursor repaints
    SEAT_UI = ("cursor",)  # each player's own (``GameScreen.turn_seat_ui_to``)

    class Picked(Message):
        def __init__(self, square: str) -> None:
            super().__init__()
            self.square = square

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: tuple = ()
        self.reach: frozenset[str] = frozenset()
        self.selected: frozenset[str] = frozenset()
        self.marked: frozenset[str] = frozenset()
        self.labels: dict[str, tuple[str, int]] = {}  # square -> (label, side)

    def show(
        self, rows, labels, reach=frozenset(), selected=frozenset(), marked=frozenset()
    ) -> None:
        """``selected``: the stack picked to move, or the squares a clash's pairs are narrowed
        to (one or two)."""
        self.rows = rows
        self.labels = labels
        self.reach = frozenset(reach)
        self.selected = frozenset(selected)
        self.marked = frozenset(marked)
        self.changed()

    def cell(self) -> tuple[int, int]:
        """Roomy cells (6×2) when the widget is large enough, compact ones (4×1) otherwise."""
        w, h = self.size
        if w >= 3 + 16 * 6 and h >= 1 + ROWS * 2:
            return 6, 2
        return 4, 1

    def render_line(self, y: int) -> Strip:
        """Line API: each screen line is built once per board, cursor and size and cached, so
        a cursor move redraws the two rows it touches and nothing else."""
        cw, ch = self.cell()
        if y == 0:
            return self.cached_line(
                ("header", cw),
                lambda: [
                    Segment("   ", _style("", "#888888", False, 0)),
                    *(
                        Segment(
                            (" " * letter_at(cw) + c).ljust(cw), _style("", "#888888", False, 0)
                        )
                        for c in COLUMNS
                    ),
                ],
            )
        row, line = divmod(y - 1, ch)
        if row >= len(self.rows):
            return Strip.blank(self.size.width)
        cursor_here = self.cursor if self.cursor[1:] == str(row + 1) else ""
        key = (row, line, cw, ch, self.version, cursor_here, self.has_focus)

        def build() -> list[Segment]:
            label = f"{row + 1:>2} " if line == 0 else "   "
            segments = [Segment(label, _style("", "#888888", False, 0))]
            for cell in self.rows[row]:
                segments.append(Segment(*self.square_text(cell, cw, ch, line)))
            return segments

        return self.cached_line(key, build)

    def square_text(self, cell, cw: int, ch: int, line: int) -> tuple[str, Style]:
        """A square's text on one of its lines. Terrain and units start under the column
        letter (``letter_at``); a standard has the square's first column to itself, so it never
        runs into a unit's letters, the next square or the panel beside the grid."""
        glyph, bg = TERRAIN.get(cell.terrain, ("?", "#000000"))
        sq = cell.square
        if sq in self.reach:
            bg = REACH
        if sq in self.marked:
            bg = MARK
        if sq in self.selected:
            bg = SELECTED
        label, side = self.labels.get(sq, ("", -1))
        standard = cell.standard is not None
        unit_line = bool(label) and line == ch - 1
        flag_line = standard and line == 0
        shown = label if unit_line else (glyph if line == 0 else "")
        at = letter_at(cw)
        body = ("⚑" if flag_line else " ") + " " * (at - 1) + shown
        colour = SIDE_COLOURS[side] if unit_line else "#cfcfcf"
        if flag_line and not unit_line:
            colour = SIDE_COLOURS[cell.standard]
        cursor = 0 if sq != self.cursor else (1 if self.has_focus else 2)
        return body[:cw].ljust(cw), _style(bg, colour, unit_line or flag_line, cursor)

    def at(self, x: int, y: int) -> str | None:
        cw, ch = self.cell()
        col, row = (x - 3) // cw, (y - 1) // ch
        if x < 3 or y < 1 or not (0 <= col < 16 and 0 <= row < ROWS):
            return None
        return f"{COLUMNS[col]}{row + 1}"

    def action_move(self, dx: int, dy: int) -> None:
        col = COLUMNS.index(self.cursor[0])
        row = int(self.cursor[1:]) - 1
        col = max(0, min(15, col + dx))
        row = max(0, min(ROWS - 1, row + dy))
        self.cursor = f"{COLUMNS[col]}{row + 1}"

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.cursor))

    def on_click(self, event: Click) -> None:
        sq = self.at(event.x, event.y)
        if sq is not None:
            self.focus()
            self.cursor = sq
            self.post_message(self.Picked(sq))

    def watch_cursor(self, old: str, new: str) -> None:
        """Repaint only the rows the cursor left and entered (a few lines over SSH)."""
        _, ch = self.cell()
        for square in {old, new}:
            row = int(square[1:]) - 1
            self.refresh(Region(0, 1 + row * ch, self.size.width, ch))
