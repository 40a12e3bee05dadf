"""The territory table: every territory with its continent, owner, armies and enemy
neighbours, filtered by what is typed above it and sorted by a click on a header.

A territory can have up to eight enemy neighbours, more than any 80-column row holds: the
column names the first ones whole (abbreviated, never cut mid-word) and counts the rest
("Mackenz, Vancouv +1"); the line under the table names every enemy neighbour of the
highlighted row.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static

from engine.ataque import rules
from engine.ataque.data import TERRITORIES
from engine.i18n import N_, _
from tui.widgets.ataque.words import fit, folded, owner_label
from tui.widgets.world_map import short

COLUMNS = (
    (N_("Territory"), "t"),
    (N_("Continent"), "c"),
    (N_("Owner"), "o"),
    (N_("Armies"), "a"),
    (N_("Enemy neighbours"), "n"),
)
FILTER_HINT = N_("filter by owner, continent or name")
CELL_PADDING = 2  # a column's padding, one column a side
SCROLLBAR = 2
SHORT = 7  # the letters of a neighbour's abbreviation where room is short


def listed(names: list[str], room: int) -> str:
    """As many of ``names`` as fit ``room``, each whole, then "+N" for the rest."""
    for shown in range(len(names), -1, -1):
        more = len(names) - shown
        text = ", ".join(names[:shown]) + (f" +{more}" if more else "")
        if len(text.strip()) <= room:
            return text.strip()
    return f"+{len(names)}"


def neighbours_cell(names: list[str], room: int, wide: bool) -> str:
    """The enemy neighbours in ``room`` columns: full names when they fit (and on a wide
    screen), else abbreviations."""
    full = listed(names, room)
    if wide or "+" not in full:
        return full
    return listed([short(name, SHORT) for name in names], room)


class TerritoryTable(Vertical):
    """The filter box, the table and the highlighted territory's enemy neighbours. Enter
    on a row posts the table's ``RowSelected`` (the screen shows it on the map)."""

    SEAT_UI = ("sort_key", "sort_reverse")  # in hot seat, each player's own

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sort_key: str | None = None  # the sort column, and its direction
        self.sort_reverse = False
        self.enemies: dict[str, list[str]] = {}  # territory -> enemy neighbours' names
        self.shown: tuple | None = None  # the last (view, wide, width) drawn

    def compose(self) -> ComposeResult:
        yield Input(placeholder=_(FILTER_HINT), id="filter")
        yield DataTable(id="territories", cursor_type="row", zebra_stripes=True)
        yield Static(id="neighbours")

    def language_changed(self) -> None:
        """Headers and hint in the language just chosen (the screen draws the rows again)."""
        self.query_one("#filter", Input).placeholder = _(FILTER_HINT)
        self.query_one(DataTable).clear(columns=True)
        self.add_columns()

    def add_columns(self) -> None:
        """Once, by the screen as it mounts: before its first view is drawn."""
        table = self.query_one(DataTable)
        for label, key in COLUMNS:
            table.add_column(_(label), key=key)

    def show(self, view, wide: bool, width: int) -> None:
        """The rows of ``view`` that pass the filter, sorted as chosen, keeping the cursor's
        territory; the neighbours column gets the room the others leave in ``width``."""
        self.shown = (view, wide, width)
        table = self.query_one(DataTable)
        wanted = folded(self.query_one("#filter", Input).value.strip())
        at = table.cursor_row
        keep = None
        if table.row_count and 0 <= at < table.row_count:
            keep = table.coordinate_to_cell_key((at, 0)).row_key.value
        self.enemies = {}
        rows = []
        for r in rules.territory_rows(view):
            self.enemies[r.name] = [TERRITORIES[n] for n in r.enemy_neighbours]
            row = (r.name, r.continent, owner_label(r.owner), r.armies)
            if not wanted or any(wanted in folded(str(x)) for x in row[:3]):
                rows.append(row)
        room = self.neighbours_room(rows, width)
        table.clear()
        for row in rows:
            cell = neighbours_cell(self.enemies[row[0]], room, wide)
            table.add_row(*row, cell, key=row[0])
        if self.sort_key is not None:
            table.sort(self.sort_key, reverse=self.sort_reverse)
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)
        self.show_neighbours()

    def neighbours_room(self, rows: list[tuple], width: int) -> int:
        """The columns left for the neighbours once the others take their widest cell."""
        used = SCROLLBAR + CELL_PADDING
        for i, (label, _key) in enumerate(COLUMNS[:-1]):
            widest = max([len(_(label)), *(len(str(row[i])) for row in rows)])
            used += widest + CELL_PADDING
        return max(SHORT, width - used)

    def show_neighbours(self) -> None:
        """Every enemy neighbour of the highlighted territory, whole, on one line."""
        table = self.query_one(DataTable)
        line = ""
        if table.row_count and self.shown is not None:
            at = max(0, min(table.cursor_row, table.row_count - 1))
            name = str(table.coordinate_to_cell_key((at, 0)).row_key.value)
            line = self.neighbours_line(name, self.enemies.get(name, []), self.shown[2])
        self.query_one("#neighbours", Static).update(Text(line))

    @staticmethod
    def neighbours_line(name: str, enemies: list[str], width: int) -> str:
        if not enemies:
            return _("{territory}: no enemy neighbour").format(territory=name)
        said = _("{territory}: enemy neighbours {names}")
        return fit(
            width - 2,  # the line's padding
            said.format(territory=name, names=", ".join(enemies)),
            said.format(territory=name, names=", ".join(short(n, SHORT) for n in enemies)),
        )

    def on_data_table_row_highlighted(self) -> None:
        self.show_neighbours()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a header sorts by it; a second click on the same one reverses."""
        key = event.column_key.value
        self.sort_reverse = key == self.sort_key and not self.sort_reverse
        self.sort_key = key
        event.data_table.sort(event.column_key, reverse=self.sort_reverse)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter" and self.shown is not None:
            event.stop()
            self.show(*self.shown)
