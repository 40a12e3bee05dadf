"""The Ataque world as a Unicode map: every territory a small box at its place on the globe,
showing a short name, the owner's letter and the army count; boxes are framed in their
continent's colour, filled in the owner's. A cursor and highlighted targets come on top."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.board import LineCachedBoard

# (column, row) on the map grid, roughly as on the printed board; 11 columns × 6 rows.
PLACES: dict[str, tuple[int, int]] = {
    "Alaska": (0, 0), "Mackenzie": (1, 0), "Groenlandia": (2, 0),
    "Vancouver": (0, 1), "Ottawa": (1, 1), "Labrador": (2, 1),
    "California": (0, 2), "Nueva York": (1, 2),
    "México": (0, 3),
    "Venezuela": (1, 3), "Perú": (0, 4), "Brasil": (1, 4), "Argentina": (0, 5),
    "Islandia": (3, 0), "Suecia": (4, 0),
    "Inglaterra": (3, 1), "Alemania": (4, 1), "Moscú": (5, 1),
    "Francia": (3, 2), "Polonia": (4, 2),
    "Argelia": (3, 3), "Egipto": (4, 3), "Sudán": (4, 4), "Congo": (3, 4),
    "Sudáfrica": (3, 5), "Madagascar": (4, 5),
    "Omsk": (6, 0), "Dudinka": (7, 0), "Siberia": (8, 0),
    "Aral": (6, 1), "Mongolia": (7, 1), "Tchita": (8, 1), "Vladivostok": (9, 1),
    "Medio Oriente": (5, 2), "China": (7, 2), "Japón": (9, 2),
    "India": (6, 3), "Vietnam": (7, 3),
    "Sumatra": (6, 4), "Borneo": (7, 4), "Nueva Guinea": (8, 4),
    "Australia": (7, 5),
}  # fmt: skip

SHORT: dict[str, str] = {
    "Mackenzie": "Mackenz.", "Groenlandia": "Groenl.", "Vancouver": "Vancouv.",
    "California": "Californ", "Nueva York": "N. York", "Venezuela": "Venezuel",
    "Argentina": "Argentin", "Inglaterra": "Inglater", "Madagascar": "Madagasc",
    "Sudáfrica": "Sudáfric", "Vladivostok": "Vladivos", "Medio Oriente": "M.Orient",
    "Nueva Guinea": "N.Guinea", "Australia": "Australi",
}  # fmt: skip

CONTINENT_STYLES = {
    "América del Norte": "yellow",
    "América del Sur": "green",
    "Europa": "blue",
    "África": "magenta",
    "Asia": "cyan",
    "Oceanía": "white",
}
COLUMNS, ROWS = 11, 6
_AT = {place: name for name, place in PLACES.items()}


@lru_cache(maxsize=256)
def _style(
    colour: str,
    *,
    bold: bool = False,
    dim: bool = False,
    underline: bool = False,
    reverse: bool = False,
) -> Style:
    """Boxes share their styles: building a fresh Style per box per frame made redraws slow."""
    return Style(
        color=colour or None,
        bold=bold or None,
        dim=dim or None,
        underline=underline or None,
        reverse=reverse or None,
    )


def short(name: str, width: int = 8) -> str:
    return SHORT.get(name, name)[:width]


@dataclass(frozen=True)
class Holding:
    """What a territory shows: owner letter (A–F), its colour, and armies."""

    letter: str
    style: str
    armies: int


class WorldMap(LineCachedBoard):
    """Arrow keys move the cursor between neighbouring boxes; Enter or a click picks."""

    cursor: reactive[str] = reactive("Argentina", repaint=False)  # watch_cursor repaints

    class Picked(Message):
        def __init__(self, territory: str) -> None:
            super().__init__()
            self.territory = territory

    def __init__(self, continents: dict[str, str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.continent_of = continents  # territory -> continent
        self.holdings: dict[str, Holding] = {}
        self.marked: frozenset[str] = frozenset()  # e.g. attack targets
        self.chosen: frozenset[str] = frozenset()  # e.g. the attacking territory

    def show(self, holdings, marked=frozenset(), chosen=frozenset()) -> None:
        holdings, marked, chosen = dict(holdings), frozenset(marked), frozenset(chosen)
        if (holdings, marked, chosen) == (self.holdings, self.marked, self.chosen):
            return
        self.holdings, self.marked, self.chosen = holdings, marked, chosen
        self.changed()

    # --- geometry ----------------------------------------------------------------------------
    def cell(self) -> tuple[int, int]:
        """Box width and height: framed 10×4 boxes when there is room, bare 7×2 otherwise."""
        width, height = self.size
        if width >= COLUMNS * 10 and height >= ROWS * 4:
            return 10, 4
        return max(6, min(9, width // COLUMNS)), 2

    def at(self, x: int, y: int) -> str | None:
        w, h = self.cell()
        spot = (x // w, y // h)
        return _AT.get(spot)

    # --- drawing -----------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """Line API: each screen line is built once per position, cursor and size and cached,
        so a cursor move rebuilds the lines of the one or two rows of boxes it touches."""
        w, h = self.cell()
        row, line = divmod(y, h)
        if row >= ROWS:
            return Strip.blank(self.size.width)
        cursor_here = self.cursor if PLACES.get(self.cursor, (0, -1))[1] == row else ""
        key = (row, line, w, h, self.version, cursor_here, self.has_focus, self.size.width)

        def build() -> list[Segment]:
            segments: list[Segment] = []
            for col in range(COLUMNS):
                name = _AT.get((col, row))
                if name is None:
                    segments.append(Segment(" " * w))
                else:
                    segments.extend(self._box_line(name, w, h, line))
            return segments

        return self.cached_line(key, build)

    def _box_line(self, name: str, w: int, h: int, line: int) -> list[Segment]:
        """One line of one territory's box, as segments."""
        holding = self.holdings.get(name)
        marked, chosen, here = name in self.marked, name in self.chosen, name == self.cursor
        frame_colour = CONTINENT_STYLES.get(self.continent_of.get(name, ""), "white")
        lit = here and self.has_focus
        frame = _style("" if lit else frame_colour, bold=marked or here, reverse=lit)
        body = _style(
            holding.style if holding else "",
            bold=bool(holding),
            dim=not holding,
            underline=marked,
            reverse=chosen,
        )
        inner = w - 2 if h == 4 else w - 1
        label = short(name, inner)
        army = f"{holding.letter}{holding.armies:>3}" if holding else ""
        if marked:
            army = ("»" + army)[-inner:]
        if h == 4:
            if line in (0, 3):
                left, right = ("╭", "╮") if line == 0 else ("╰", "╯")
                return [Segment(left + "─" * inner + right, frame)]
            content = label.ljust(inner) if line == 1 else army.rjust(inner)
            return [Segment("│", frame), Segment(content, body), Segment("│", frame)]
        if line == 0:
            return [Segment(label.ljust(inner), frame if here else body), Segment(" ")]
        return [Segment(army.rjust(inner - 1).ljust(inner), body), Segment(" ")]

    # --- input -------------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        col, row = PLACES[self.cursor]
        best = None
        for name, (c, r) in PLACES.items():
            ddx, ddy = c - col, r - row
            if (dx and ddx * dx <= 0) or (dy and ddy * dy <= 0):
                continue
            along = abs(ddx) if dx else abs(ddy)
            across = abs(ddy) if dx else abs(ddx)
            score = (along + 2 * across, across)
            if best is None or score < best[0]:
                best = (score, name)
        if best is not None:
            self.cursor = best[1]

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.cursor))

    def on_click(self, event: Click) -> None:
        name = self.at(event.x, event.y)
        if name is not None:
            self.cursor = name
            self.post_message(self.Picked(name))

    class Moved(Message):
        """The cursor went to another territory (screens show what is under it)."""

    def watch_cursor(self, old: str, new: str) -> None:
        """Repaint only the rows of boxes the cursor left and entered: over SSH a keypress
        then sends those lines, not the whole map."""
        w, h = self.cell()
        for name in {old, new}:
            if name in PLACES:
                self.refresh(Region(0, PLACES[name][1] * h, self.size.width, h))
        self.post_message(self.Moved())
