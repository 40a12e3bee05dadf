"""Records: games played, won and lost per player, game and opposition, and the best streaks.

Worked out from the saves folder and the campaign files each time the screen opens
(``saves/records.py``), in a worker thread: reading every save takes a moment in a full
folder. Hosted, only the login's records are shown. Names and titles come from files: cells
are ``Text``, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from engine.words import plural
from saves.paths import visible
from saves.records import ALAMO_HELD, LADDER_CLIMB, MATES_SOLO, Records, compute
from saves.store import SaveStore
from tui.crash import log_crash

NUMBER = 5  # the columns of counts: "Games" and "Drawn" are the widest headers
CELL_PADDING = 2
LONGEST_STREAK = max((ALAMO_HELD, LADDER_CLIMB, MATES_SOLO), key=len)
SCROLLBAR = 2


class RecordsScreen(Screen):
    """Two tables: every player's games by game and opposition (played, won, lost, drawn),
    then the best streaks (Mates solo and ladder, Defend the Alamo) and where they were set."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Other table", show=False),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    RecordsScreen #records-games { height: 1fr; }
    RecordsScreen #records-streaks { height: auto; max-height: 8; }
    RecordsScreen .records-label { text-style: bold; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.records: Records | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Counting the games in the saves folder…", id="records-where", classes="hint")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="records-games")
        yield Static("Best streaks", classes="records-label", id="streaks-label")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="records-streaks")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Records"
        self.query_one("#records-games", DataTable).focus()
        self.count()

    def on_screen_resume(self) -> None:
        self.count()

    def on_resize(self) -> None:
        if self.records is not None:
            self.show(self.records)

    @work(thread=True, exclusive=True, group="records")
    def count(self) -> None:
        """Off the UI thread, with a store of its own (nothing shared with the screens)."""
        store = SaveStore(self.app.store.root, self.app.store.games)
        try:
            records = compute(store, self.app.player)
        except Exception:  # never a traceback: say so, and log the details
            _, stamp = log_crash("counting the records")
            self.app.call_from_thread(self.failed, stamp)
            return
        self.app.call_from_thread(self.show, records)

    def failed(self, stamp: str) -> None:
        if self.is_attached:
            self.query_one("#records-where", Static).update(
                f"The records could not be counted (logged at {stamp})."
            )

    def show(self, records: Records) -> None:
        if not self.is_attached:
            return  # the player left before the count ended
        self.records = records
        games = self.query_one("#records-games", DataTable)
        streaks = self.query_one("#records-streaks", DataTable)
        games.clear(columns=True)
        streaks.clear(columns=True)
        width = max(self.app.size.width - SCROLLBAR - 7 * CELL_PADDING, 40)
        rest = width - 4 * NUMBER
        lines_of = [line for p in records.players for line in p.lines]
        game = min(max([len("Game"), *(len(line.game) for line in lines_of)]), rest // 2)
        against = min(
            max([len("Against"), *(len(line.against) for line in lines_of)]), (rest - game) // 2
        )
        player = rest - game - against
        games.add_column("Player", width=player)
        games.add_column("Game", width=game)
        games.add_column("Against", width=against)
        for header in ("Games", "Won", "Lost", "Drawn"):
            games.add_column(header, width=NUMBER)
        room = max(self.app.size.width - SCROLLBAR - 4 * CELL_PADDING, 40) - player - NUMBER
        what = min(len(LONGEST_STREAK), room - 10)
        streaks.add_column("Player", width=player)
        streaks.add_column("Streak", width=what)
        streaks.add_column("Best", width=NUMBER)
        streaks.add_column("Where", width=room - what)
        lines = streak_count = 0
        for person in records.players:
            name = Text(visible(person.name), style="bold")
            for line in person.lines:
                t = line.tally
                games.add_row(
                    name,
                    Text(line.game),
                    Text(line.against),
                    *(Text(str(n), justify="right") for n in (t.played, t.won, t.lost, t.drawn)),
                    height=None,
                )
                lines += 1
            for streak in person.streaks:
                streaks.add_row(
                    name,
                    Text(streak.what),
                    Text(str(streak.best), justify="right"),
                    Text(visible(streak.where), style="dim"),
                    height=None,
                )
                streak_count += 1
        self.query_one("#streaks-label").display = bool(streak_count)
        streaks.display = bool(streak_count)
        who = (
            f"Records of {self.app.player}"
            if self.app.player
            else plural(len(records.players), "player")
        )
        said = f"{who}: {plural(records.finished, 'finished game')} counted"
        if records.unread:
            said += f"; {plural(records.unread, 'save')} that cannot be read left out"
        if not lines:
            said = (
                f"No finished game yet in {self.app.store.root}: finish a game (or a "
                "campaign's) and it counts here."
            )
            if records.unread:
                said += f" {plural(records.unread, 'save')} that cannot be read left out."
        self.query_one("#records-where", Static).update(Content(visible(said)))
