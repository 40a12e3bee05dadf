"""The Ataque world as a Unicode map: every territory a small box at its place on the globe,
showing a short name, the owner's letter and the army count; boxes are framed in their
continent's colour, filled in the owner's. A cursor and highlighted targets come on top."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

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


def short(name: str, width: int = 8) -> str:
    return SHORT.get(name, name)[:width]


@dataclass(frozen=True)
class Holding:
    """What a territory shows: owner letter (A–F), its colour, and armies."""

    letter: str
    style: str
    armies: int


class WorldMap(Widget, can_focus=True):
    """Arrow keys move the cursor between neighbouring boxes; Enter or a click picks."""

    BINDINGS = [
        ("left", "move(-1, 0)"),
        ("right", "move(1, 0)"),
        ("up", "move(0, -1)"),
        ("down", "move(0, 1)"),
        ("enter", "pick"),
    ]

    cursor: reactive[str] = reactive("Argentina")

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
        self.holdings = dict(holdings)
        self.marked = frozenset(marked)
        self.chosen = frozenset(chosen)
        self.refresh()

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
        return next((t for t, p in PLACES.items() if p == spot), None)

    # --- drawing -----------------------------------------------------------------------------
    def render(self) -> Text:
        w, h = self.cell()
        blank = Style()
        canvas = [[(" ", blank)] * (COLUMNS * w) for _ in range(ROWS * h)]

        def put(x: int, y: int, text: str, style: Style) -> None:
            for i, ch in enumerate(text):
                if 0 <= y < len(canvas) and 0 <= x + i < len(canvas[0]):
                    canvas[y][x + i] = (ch, style)

        for name, (col, row) in PLACES.items():
            x, y = col * w, row * h
            frame = Style(color=CONTINENT_STYLES.get(self.continent_of.get(name, ""), "white"))
            holding = self.holdings.get(name)
            body = Style(color=holding.style, bold=True) if holding else Style(dim=True)
            if name in self.marked:
                body += Style(underline=True)
                frame += Style(bold=True)
            if name in self.chosen:
                body += Style(reverse=True)
            if name == self.cursor and self.has_focus:
                frame = Style(reverse=True, bold=True)
            elif name == self.cursor:
                frame += Style(bold=True)
            inner = w - 2 if h == 4 else w - 1
            label = short(name, inner)
            army = f"{holding.letter}{holding.armies:>3}" if holding else ""
            if name in self.marked:
                army = ("»" + army)[-inner:]
            if h == 4:
                put(x, y, "╭" + "─" * inner + "╮", frame)
                put(x, y + 3, "╰" + "─" * inner + "╯", frame)
                for line, content in ((1, label.ljust(inner)), (2, army.rjust(inner))):
                    put(x, y + line, "│", frame)
                    put(x + 1, y + line, content, body)
                    put(x + w - 1, y + line, "│", frame)
            else:
                put(x, y, label.ljust(inner), frame if name == self.cursor else body)
                put(x, y + 1, army.rjust(inner - 1).ljust(inner), body)
        # One span per run of equal style, not per character: a 110×24 map is 2,640 cells.
        text = Text()
        for i, line in enumerate(canvas):
            if i:
                text.append("\n")
            run, run_style = [], None
            for ch, style in line:
                if style != run_style and run:
                    text.append("".join(run), run_style)
                    run = []
                run_style = style
                run.append(ch)
            if run:
                text.append("".join(run), run_style)
        return text

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

    def watch_cursor(self) -> None:
        self.refresh()
        self.post_message(self.Moved())
