"""Campaigns: every save in a table, to resume, rename or delete; broken files say why.

Every cell and message quotes a file (its name, title, seats, dates, why it cannot be read):
cells are ``Text`` and messages plain, never markup, with control characters made visible.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from saves.paths import visible
from saves.record import BrokenSave
from saves.store import SaveError
from tui.screens.dialogs import ConfirmDialog, PromptDialog


def when(iso: str) -> str:
    return iso[:16].replace("T", " ")


def file_name(broken: BrokenSave) -> str:
    return Path(broken.path).name


LAST_PLAYED = len("2025-01-01 12:00")
MIN_TITLE = 24  # the title column never gets narrower than this while progress needs room
CELL_PADDING = 2  # DataTable's padding around each cell
SCROLLBAR = 2


class CampaignsScreen(Screen):
    """Two columns whose cells wrap, so that no title, progress or reason is ever cut:

    - Campaign: the title, and under it (dim, cut with an ellipsis if it must) the game and
      seats;
    - Progress: the progress, and under it when it was last played; for an unreadable file,
      why it cannot be read.

    The column widths follow the window, and a detail line under the table says everything
    about the selected row in full (every seat, the whole reason of a broken file).
    """

    BINDINGS = [
        Binding("enter", "resume", "Resume", priority=True),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="campaigns-where", classes="hint")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="campaigns")
        yield Static(id="campaign-detail", classes="hint")
        yield Footer()

    laid_out_for: int | None = None  # the window width the columns were sized for

    def on_mount(self) -> None:
        self.sub_title = "Campaigns"
        self.reload()
        self.query_one(DataTable).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_resize(self) -> None:
        if self.laid_out_for != self.app.size.width:
            self.reload()

    def column_widths(self, entries: list) -> tuple[int, int]:
        """(campaign, progress): progress whole on one line when it can be, the rest for titles,
        and the two always within the window."""
        width = max(self.app.size.width - SCROLLBAR - 2 * CELL_PADDING, 2 * len("Progress"))
        saves = [e for e in entries if not isinstance(e, BrokenSave)]
        progress = max([LAST_PLAYED, *(len(visible(e.progress)) for e in saves)])
        titles = max([len("Campaign"), *(len(visible(e.title)) for e in saves)])
        if titles + progress > width:
            progress = min(progress, max(width - MIN_TITLE, width // 2))
        return width - progress, progress

    def reload(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        entries = self.app.store.list()
        title_width, progress_width = self.column_widths(entries)
        self.laid_out_for = self.app.size.width
        table.clear(columns=True)
        table.add_column("Campaign", width=title_width)
        table.add_column("Progress", width=progress_width)
        self.entries = {}
        for entry in entries:
            self.entries[entry.name] = entry
            if isinstance(entry, BrokenSave):
                campaign = Text.assemble(
                    visible(file_name(entry)), "\n", ("unreadable file", "dim italic")
                )
                progress = Text(visible(f"⚠ {entry.reason}"), style="bold")
            else:
                about = Text(visible(f"{entry.game_name} · {', '.join(entry.seats)}"), "dim")
                about.truncate(title_width, overflow="ellipsis")  # the detail line has it all
                campaign = Text.assemble((visible(entry.title), "bold"), "\n", about)
                progress = Text.assemble(
                    visible(entry.progress), "\n", (visible(when(entry.updated)), "dim")
                )
            table.add_row(campaign, progress, key=entry.name, height=None)
        count = len(self.entries)
        where = self.query_one("#campaigns-where", Static)
        root = visible(str(self.app.store.root))
        where.update(
            Content(
                f"{count} save{'s' if count != 1 else ''} in {root}"
                if count
                else f"No saves yet in {root}. "
                "Start a game from the menu: it saves itself after every move."
            )
        )
        if count:
            table.move_cursor(row=min(row, count - 1))
        self.show_detail()

    def on_data_table_row_highlighted(self) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        """Everything about the selected row, in full: its title, game, every seat, progress and
        date, or the whole reason why a file cannot be read."""
        entry = self.selected()
        detail = self.query_one("#campaign-detail", Static)
        if entry is None:
            detail.update("")
        elif isinstance(entry, BrokenSave):
            detail.update(
                Content(
                    visible(
                        f"{file_name(entry)} cannot be read: {entry.reason}. "
                        "It is listed and left as it is."
                    )
                )
            )
        else:
            lines = (
                entry.title,
                f"{entry.game_name} · {entry.progress} · last played {when(entry.updated)}",
                f"Seats: {', '.join(entry.seats)}",
            )
            detail.update(Content("\n".join(map(visible, lines))))

    def selected(self):
        table = self.query_one(DataTable)
        if not self.entries:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.entries.get(key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if isinstance(entry, BrokenSave):
            self.notify(
                visible(
                    f"{entry.name} cannot be opened: {entry.reason}. The file is left as it is."
                ),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.app.resume(entry.name)

    def action_rename(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if isinstance(entry, BrokenSave):
            self.notify(
                "An unreadable save is left untouched; it cannot be renamed here.",
                severity="warning",
            )
            return

        def done(title: str | None) -> None:
            if title is None:
                return
            try:
                self.app.store.rename(entry.name, title)
            except SaveError as err:
                self.notify(visible(str(err)), severity="error", markup=False)
            self.reload()

        self.app.push_screen(PromptDialog("New title for this campaign:", entry.title), done)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        label = visible(entry.name if isinstance(entry, BrokenSave) else entry.title)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.store.delete(entry.name)
            except SaveError as err:
                self.notify(f"Not deleted: {err.reason}", severity="error", markup=False)
            else:
                self.notify(f"Deleted {label}.", markup=False)
            self.reload()

        self.app.push_screen(ConfirmDialog(f"Delete “{label}” for good?", yes="Delete"), done)
