"""The Ataque world as a Unicode map: every territory a small box at its place on the globe,
showing its name, the owner's letter and the army count, named in its continent's colour with
the army in the owner's. A cursor and highlighted targets come on top.

Every border is drawn, so adjacency is never guesswork: a joint between neighbouring boxes
(─ across, │ down, ╲ ╱ corner to corner), long lines through empty places (Aral–India,
China–Japón, Brasil–Argelia…), and a labelled stub (≈Omsk) where no line can be drawn — Alaska
and Vladivostok meet across the edge of the map. The territory under the cursor lights its
borders and its neighbours.

Two geometries: framed boxes four lines high when the widget is at least 110×24 (names as long
as the width allows), bare two-line boxes otherwise (80×24: seven-letter names or abbreviations,
every army count still shown).
"""

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

# (column, row) on the map grid, roughly as on the printed board; 10 columns × 6 rows.
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

# Abbreviations, longest first: a box shows the whole name when it fits, else the first of
# these that does.
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "Mackenzie": ("Mackenz.", "Mackenz", "Macknz"),
    "Groenlandia": ("Groenland.", "Groenland", "Groenl.", "Groenl"),
    "Vancouver": ("Vancouv.", "Vancouv", "Vancvr"),
    "California": ("Californ.", "Calif.", "Calif"),
    "Nueva York": ("Nva. York", "N. York", "NYork"),
    "Venezuela": ("Venezue.", "Venez.", "Venez"),
    "Argentina": ("Argentin.", "Argent.", "Argent"),
    "Islandia": ("Islandi.", "Island.", "Islnd"),
    "Inglaterra": ("Inglater.", "Inglat.", "Ingla."),
    "Alemania": ("Aleman.", "Alemán", "Alem."),
    "Madagascar": ("Madagasc.", "Madag.", "Madag"),
    "Sudáfrica": ("Sudáfric.", "Sudáfr.", "Sudáfr"),
    "Labrador": ("Labrad.", "Labrad"),
    "Mongolia": ("Mongol.", "Mongol"),
    "Vladivostok": ("Vladivost.", "Vladivos.", "Vladiv.", "Vladiv"),
    "Medio Oriente": ("M. Oriente", "M.Oriente", "M.Orien", "M.Orie"),
    "Nueva Guinea": ("N. Guinea", "N.Guinea", "N.Guin.", "NGuin."),
    "Australia": ("Austral.", "Austral", "Austr."),
    "Dudinka": ("Dudink.",),
    "Siberia": ("Siberi.",),
    "Sumatra": ("Sumatr.",),
    "Vietnam": ("Vietn.",),
    "Polonia": ("Polon.",),
    "Francia": ("Franc.",),
    "Argelia": ("Argel.",),
}

CONTINENT_STYLES = {  # light enough to stay readable when NO_COLOR turns them grey
    "América del Norte": "#e5c07b",
    "América del Sur": "#8fd18f",
    "Europa": "#8fb4ff",
    "África": "#e59be5",
    "Asia": "#70d6d6",
    "Oceanía": "#d7d7d7",
}
LINK, LINK_LIT = "#808080", "bold #ffffff"
COLUMNS, ROWS = 10, 6
BLANK = Style()
_AT = {place: name for name, place in PLACES.items()}

# Borders between boxes that do not touch. A route goes through empty places, one step at a
# time between touching places; where there is none, a stub in an empty place beside one end
# names the other end: (the territory the stub joins, the territory it names, the place).
ROUTES: tuple[tuple[tuple[int, int], ...], ...] = (
    ((6, 1), (6, 2), (6, 3)),  # Aral – India, down past Medio Oriente
    ((7, 2), (8, 2), (9, 2)),  # China – Japón
    ((9, 1), (8, 2), (7, 2)),  # Vladivostok – China, joining the line to Japón
    ((3, 3), (2, 4), (1, 4)),  # Argelia – Brasil, across the Atlantic
)
STUBS: tuple[tuple[str, str, tuple[int, int]], ...] = (
    ("Omsk", "China", (5, 0)),
    ("China", "Omsk", (6, 2)),
    ("Vladivostok", "Alaska", (9, 0)),
)
EDGE = ("Alaska", "Vladivostok")  # Alaska's own stub: at the map's left edge or on its frame


@lru_cache(maxsize=512)
def _style(
    colour: str,
    *,
    bold: bool = False,
    dim: bool = False,
    italic: bool = False,
    underline: bool = False,
    reverse: bool = False,
) -> Style:
    """Boxes share their styles: building a fresh Style per box per frame made redraws slow."""
    return Style.parse(colour) + Style(
        bold=bold or None,
        dim=dim or None,
        italic=italic or None,
        underline=underline or None,
        reverse=reverse or None,
    )


def short(name: str, width: int) -> str:
    """The name if it fits in ``width`` letters, else its best abbreviation that does."""
    if len(name) <= width:
        return name
    for form in ABBREVIATIONS.get(name, ()):
        if len(form) <= width:
            return form
    return name[:width]


@dataclass(frozen=True)
class Holding:
    """What a territory shows: its owner's letter (W K R B Y G in English), colour, armies."""

    letter: str
    style: str
    armies: int


Tag = tuple  # ("frame"|"name"|"army", territory) or ("link"|"label", frozenset of two names)


class Layout:
    """Every character of the map for one geometry, tagged with what it belongs to.

    Built once per geometry: names, frames, joints, routes and stubs never change; only
    styles (owner, cursor, highlights) and army counts are applied when a line is drawn."""

    def __init__(self, cw: int, ch: int, neighbours: dict[str, frozenset[str]]) -> None:
        self.cw, self.ch = cw, ch
        self.framed = ch == 4
        self.width, self.height = cw * COLUMNS, ch * ROWS
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.tags: list[list[Tag | None]] = [[None] * self.width for _ in range(self.height)]
        self.army: dict[str, tuple[int, int, int]] = {}  # territory -> x, y, width
        self._boxes()
        self._links(neighbours)
        self._empty_places()
        self.spans = [self._spans(y) for y in range(self.height)]
        self.affects = self._affects(neighbours)

    # -- building --
    def put(self, x: int, y: int, text: str, tag: Tag | None) -> None:
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width and 0 <= y < self.height:
                self.chars[y][x + i] = ch
                self.tags[y][x + i] = tag

    def origin(self, place: tuple[int, int]) -> tuple[int, int]:
        return place[0] * self.cw, place[1] * self.ch

    def _boxes(self) -> None:
        cw = self.cw
        for name, place in PLACES.items():
            x, y = self.origin(place)
            if self.framed:
                inner = cw - 2
                self.put(x, y, "╭" + "─" * inner + "╮", ("frame", name))
                self.put(x, y + 3, "╰" + "─" * inner + "╯", ("frame", name))
                for line in (1, 2):
                    self.put(x, y + line, "│", ("frame", name))
                    self.put(x + cw - 1, y + line, "│", ("frame", name))
                self.put(x + 1, y + 1, short(name, inner).ljust(inner), ("name", name))
                self.army[name] = (x + 1, y + 2, inner)
            else:  # each place's first column is the gap for joints; then 2 lines of box
                width = cw - 1
                self.put(x + 1, y, short(name, width).ljust(width), ("name", name))
                self.army[name] = (x + 2, y + 1, width - 1)
            x, y, width = self.army[name]
            self.put(x, y, " " * width, ("army", name))

    def _links(self, neighbours: dict[str, frozenset[str]]) -> None:
        """Every border as steps between touching places: direct, along a route, or from a
        stub to the territory it joins."""
        self.steps: list[tuple[frozenset[str], tuple[int, int], tuple[int, int]]] = []
        for name, others in neighbours.items():
            for other in others:
                if name < other and _touching(PLACES[name], PLACES[other]):
                    self.steps.append((frozenset((name, other)), PLACES[name], PLACES[other]))
        for route in ROUTES:
            link = frozenset((_AT[route[0]], _AT[route[-1]]))
            for a, b in zip(route, route[1:], strict=False):
                self.steps.append((link, a, b))
        for target, named, place in STUBS:
            self.steps.append((frozenset((target, named)), place, PLACES[target]))
        for link, a, b in self.steps:
            self._joint(link, a, b)

    def _joint(self, link: frozenset[str], a: tuple[int, int], b: tuple[int, int]) -> None:
        """Draw one step between the touching places ``a`` and ``b``."""
        tag = ("link", link)
        cw, ch = self.cw, self.ch
        if a[1] == b[1]:  # across
            left, right = sorted((a, b))
            x, y = self.origin(right)
            if self.framed:
                self.put(x - 1, y + 1, "├" if left in _AT else "─", tag)
                self.put(x, y + 1, "┤" if right in _AT else "─", tag)
            else:
                self.put(x, y, "─", tag)
            return
        upper, lower = sorted((a, b), key=lambda p: p[1])
        x, y = self.origin(upper)
        if upper[0] == lower[0]:  # down: into the next box, or on through an empty place
            if self.framed:
                self.put(x + 2, y + 3, "┬" if upper in _AT else "│", tag)
                self.put(x + 2, y + 4, "┴" if lower in _AT else "│", tag)
                if upper not in _AT:
                    self.put(x + 2, y + 2, "│", tag)
                if lower not in _AT:
                    self.put(x + 2, y + 5, "│", tag)
            else:
                self.put(x + 1, y + 1, "│", tag)
                if lower not in _AT:
                    self.put(x + 1, y + 2, "│", tag)
        elif lower[0] == upper[0] + 1:  # upper-left to lower-right
            if self.framed:
                self.put(x + cw - 1, y + 3, "╲", tag)
                self.put(x + cw, y + 4, "╲", tag)
            else:
                self.put(x + cw, y + ch - 1, "╲", tag)
        elif self.framed:  # upper-right to lower-left
            self.put(x, y + 3, "╱", tag)
            self.put(x - 1, y + 4, "╱", tag)
        else:
            self.put(x, y + ch - 1, "╱", tag)

    def _empty_places(self) -> None:
        """Lines across the empty places routes go through, the stubs' labels, and Alaska's
        stub at the edge."""
        cw = self.cw
        stubs = {place: (target, named) for target, named, place in STUBS}
        crossing: dict[tuple[int, int], frozenset[str]] = {}
        sides: dict[tuple[int, int], dict[int, str]] = {}  # place -> side (-1, 1) -> how
        for link, a, b in self.steps:
            for place, other in ((a, b), (b, a)):
                if place not in _AT and place not in stubs and place[0] != other[0]:
                    crossing[place] = crossing.get(place, frozenset()) | link
                    side = sides.setdefault(place, {})
                    how = (
                        "across"
                        if place[1] == other[1]
                        else "up"
                        if other[1] < place[1]
                        else "down"
                    )
                    if side.get(other[0] - place[0]) != "across":
                        side[other[0] - place[0]] = how
        turns = {(-1, "up"): "╰", (-1, "down"): "╭", (1, "up"): "╯", (1, "down"): "╮"}
        for place, ends in crossing.items():  # the line across; a corner turns to its diagonal
            x, y = self.origin(place)
            side = sides[place]
            start, width = (x, cw) if self.framed else (x + 1, cw - 1)
            line = ["─"] * width
            if self.framed:
                line[0] = turns.get((-1, side.get(-1, "")), "─")
            line[-1] = turns.get((1, side.get(1, "")), "─")
            self.put(start, y + 1 if self.framed else y, "".join(line), ("link", ends))
        for place, (target, named) in stubs.items():
            x, y = self.origin(place)
            tag = ("label", frozenset((target, named)))
            line = y + 1 if self.framed else y
            if PLACES[target][1] == place[1]:  # the stub points across: its label at the end
                end = x + cw - 1 if self.framed else x + cw
                label = "≈" + short(named, end - x - 3)
                self.put(end - len(label), line, label, tag)
            else:  # it points down: the label on top of its line
                left = x + 2 if self.framed else x + 1
                label = "≈" + short(named, x + cw - left - 1)
                self.put(left, line, label, tag)
        tag = ("label", frozenset(EDGE))
        x, y = self.origin(PLACES[EDGE[0]])
        if self.framed:
            self.put(x + 1, y, "≈" + short(EDGE[1], cw - 3), tag)
        else:
            self.put(x, y, "≈", tag)

    def _spans(self, y: int) -> list[tuple[str, Tag | None]]:
        """A line as runs of characters with the same tag."""
        spans: list[tuple[str, Tag | None]] = []
        row, tags = self.chars[y], self.tags[y]
        start = 0
        for x in range(1, self.width + 1):
            if x == self.width or tags[x] != tags[start]:
                spans.append(("".join(row[start:x]), tags[start]))
                start = x
        return spans

    def _affects(self, neighbours: dict[str, frozenset[str]]) -> dict[str, frozenset[int]]:
        """For each territory, the lines that look different while the cursor is on it."""
        on_line: list[set[str]] = []
        for y in range(self.height):
            names: set[str] = set()
            for _, tag in self.spans[y]:
                if tag is None:
                    continue
                if tag[0] in ("link", "label"):
                    names |= tag[1]
                else:
                    names.add(tag[1])
            on_line.append(names)
        return {
            name: frozenset(
                y for y, names in enumerate(on_line) if names & (neighbours[name] | {name})
            )
            for name in PLACES
        }


def _touching(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


class WorldMap(LineCachedBoard):
    """Arrow keys move the cursor between neighbouring boxes; a click moves it too (to look
    without acting). The screen binds Enter; a double click posts ``Picked``."""

    cursor: reactive[str] = reactive("Argentina", repaint=False)  # watch_cursor repaints
    SEAT_UI = ("cursor",)  # in hot seat, each player's own (``GameScreen.turn_seat_ui_to``)

    class Picked(Message):
        def __init__(self, territory: str) -> None:
            super().__init__()
            self.territory = territory

    class Moved(Message):
        """The cursor went to another territory (screens show what is under it)."""

    def __init__(
        self,
        continents: dict[str, str],
        neighbours: dict[str, frozenset[str]] | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.continent_of = continents  # territory -> continent
        self.neighbours = neighbours or {name: frozenset() for name in PLACES}
        self.holdings: dict[str, Holding] = {}
        self.marked: frozenset[str] = frozenset()  # e.g. attack targets
        self.chosen: frozenset[str] = frozenset()  # e.g. the attacking territory
        self._layouts: dict[tuple[int, int], Layout] = {}

    def show(self, holdings, marked=frozenset(), chosen=frozenset()) -> None:
        holdings, marked, chosen = dict(holdings), frozenset(marked), frozenset(chosen)
        if (holdings, marked, chosen) == (self.holdings, self.marked, self.chosen):
            return
        self.holdings, self.marked, self.chosen = holdings, marked, chosen
        self.changed()

    # --- geometry ----------------------------------------------------------------------------
    def cell(self) -> tuple[int, int]:
        """Cell width and height: framed boxes 4 lines high when there is room (at least
        11 columns each), bare 2-line boxes otherwise."""
        width, height = self.size
        if width >= COLUMNS * 11 and height >= ROWS * 4:
            return width // COLUMNS, 4
        return max(7, width // COLUMNS), 2

    def layout(self) -> Layout:
        key = self.cell()
        if key not in self._layouts:
            self._layouts[key] = Layout(*key, self.neighbours)
        return self._layouts[key]

    def at(self, x: int, y: int) -> str | None:
        w, h = self.cell()
        return _AT.get((x // w, y // h))

    def army_spot(self, name: str) -> tuple[int, int, str]:
        """Where a territory's army count is drawn (x, y inside the widget) and its text."""
        layout = self.layout()
        x, y, width = layout.army[name]
        return x, y, self._army_text(name, width, layout.framed)

    # --- drawing -----------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """Line API: each screen line is built once per position, cursor and size and cached;
        a cursor move rebuilds only the lines that show its territory, its borders or its
        neighbours."""
        layout = self.layout()
        if y >= layout.height:
            return Strip.blank(self.size.width, BLANK)
        looks = self.cursor if y in layout.affects.get(self.cursor, ()) else ""
        key = (y, layout.cw, layout.ch, self.version, looks, self.has_focus, self.size.width)
        return self.cached_line(key, lambda: self._build(layout, y))

    def _build(self, layout: Layout, y: int) -> list[Segment]:
        cursor = self.cursor
        lit = self.neighbours.get(cursor, frozenset())
        focus = self.has_focus
        segments: list[Segment] = []
        for text, tag in layout.spans[y]:
            if tag is None:  # a styled blank: a style-less segment breaks NO_COLOR's filter
                segments.append(Segment(text, BLANK))
                continue
            kind, what = tag
            if kind in ("link", "label"):
                on = cursor in what
                if kind == "link":
                    style = _style(LINK_LIT if on else LINK, bold=on)
                else:
                    style = _style(LINK_LIT if on else LINK, italic=True, bold=on)
                segments.append(Segment(text, style))
                continue
            here, near = what == cursor, what in lit
            colour = CONTINENT_STYLES.get(self.continent_of.get(what, ""), "white")
            if kind == "frame":
                style = _style(colour, bold=here or near, reverse=here and focus)
            elif kind == "name":
                style = _style(
                    colour, bold=True, reverse=here and focus, underline=here and not focus
                )
                if near and not here:
                    style = _style(colour, bold=True, underline=True)
            else:
                holding = self.holdings.get(what)
                text = self._army_text(what, len(text), layout.framed)
                style = _style(
                    holding.style if holding else "",
                    bold=bool(holding),
                    dim=not holding,
                    underline=what in self.marked,
                    reverse=what in self.chosen or (here and focus),
                )
            segments.append(Segment(text, style))
        return segments

    def _army_text(self, name: str, width: int, framed: bool) -> str:
        """Markers, then the owner's letter and armies: ``◆`` the territory picked as the
        source, ``»`` a target of it."""
        holding = self.holdings.get(name)
        army = f"{holding.letter}{holding.armies:>3}" if holding else ""
        marker = "◆" if name in self.chosen else "»" if name in self.marked else ""
        if framed:
            return (marker.ljust(2) + army.rjust(width - 3) + " ")[:width]
        return (marker + army).rjust(width)[-width:]

    # --- input -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        """Enter belongs to the screen, whose footer says what it does now."""
        return action != "pick"

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

    def on_click(self, event: Click) -> None:
        """A click shows what is there; a double click acts, like Enter."""
        name = self.at(event.x, event.y)
        if name is None:
            return
        self.cursor = name
        if event.chain >= 2:
            self.post_message(self.Picked(name))

    def watch_cursor(self, old: str, new: str) -> None:
        """Repaint only the lines that show the territories the cursor left and entered, with
        their borders and neighbours: over SSH a keypress then sends those lines."""
        affects = self.layout().affects
        width = self.size.width
        for y in affects.get(old, frozenset()) | affects.get(new, frozenset()):
            self.refresh(Region(0, y, width, 1))
        self.post_message(self.Moved())
