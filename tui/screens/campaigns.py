"""Campaigns: every save in a table, to resume, rename or delete; broken files say why."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from saves.record import BrokenSave
from saves.store import SaveError
from tui.screens.dialogs import ConfirmDialog, PromptDialog


def when(iso: str) -> str:
    return iso[:16].replace("T", " ")


class CampaignsScreen(Screen):
    BINDINGS = [
        Binding("enter", "resume", "Resume"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="campaigns-where", classes="hint")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="campaigns")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Campaigns"
        table = self.query_one(DataTable)
        table.add_columns("Title", "Game", "Seats", "Progress", "Last played")
        self.reload()
        table.focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        self.entries = {}
        for entry in self.app.store.list():
            self.entries[entry.name] = entry
            if isinstance(entry, BrokenSave):
                table.add_row(
                    Text(entry.name),
                    "—",
                    "—",
                    Text(f"⚠ unreadable: {entry.reason}"),
                    "—",
                    key=entry.name,
                )
            else:
                table.add_row(
                    Text(entry.title),  # titles and names are typed by players: never markup
                    entry.game_name,
                    Text(", ".join(entry.seats)),
                    entry.progress,
                    when(entry.updated),
                    key=entry.name,
                )
        count = len(self.entries)
        where = self.query_one("#campaigns-where", Static)
        where.update(
            f"{count} save{'s' if count != 1 else ''} in {self.app.store.root}"
            if count
            else f"No saves yet in {self.app.store.root}. "
            "Start a game from the menu: it saves itself after every move."
        )
        if count:
            table.move_cursor(row=min(row, count - 1))

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
                f"{entry.name} cannot be opened: {entry.reason}. The file is left as it is.",
                severity="error",
                timeout=8,
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
                self.notify(str(err), severity="error")
            self.reload()

        self.app.push_screen(PromptDialog("New title for this campaign:", entry.title), done)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        label = entry.name if isinstance(entry, BrokenSave) else entry.title

        def done(yes: bool | None) -> None:
            if yes:
                self.app.store.delete(entry.name)
                self.notify(f"Deleted {label}.")
                self.reload()

        self.app.push_screen(ConfirmDialog(f"Delete “{label}” for good?", yes="Delete"), done)
