"""Ratings: each game's players, best first (rating, games, last played), one game at a time.

Worked out in a worker thread (``saves/ratings.py``): the first look after a game finished
reads the saves that changed and rates every game again. Hosted, the whole club's ratings
are shown (every player's saves and the finished tables) and the login's own row stands out.
Names come from files: cells are ``Text``, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static, Tab, Tabs

from engine import registry
from engine.i18n import N_, _, ngettext, number, pgettext
from saves import ratings
from saves.paths import tables_path, visible
from tui import language
from tui.crash import log_crash
from tui.widgets.footer import KeysFooter

CELL_PADDING = 2
SCROLLBAR = 2
WHEN = 16  # "2025-12-31 18:05", "31/12/2025 18:05"


def headers() -> tuple[str, ...]:
    return (
        "#",
        _("Player"),
        pgettext("ratings column", "Rating"),
        pgettext("ratings column", "Games"),
        _("Last played"),
    )


class RatingsScreen(Screen):
    """One table per game (tabs, or ← →): rank, player, rating, games, last played."""

    BINDINGS = [
        Binding("left", "game(-1)", N_("Previous game"), priority=True),
        Binding("right", "game(1)", N_("Next game"), priority=True),
        Binding("escape,q", "app.pop_screen", N_("Back")),
    ]
    DEFAULT_CSS = """
    RatingsScreen #ratings-table { height: 1fr; }
    RatingsScreen #ratings-about { padding: 0 1; }
    """

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.result: ratings.Ratings | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Content(_(ratings.ORDINAL)), id="ratings-about", classes="hint")
        yield Tabs(*(Tab(g.name, id=f"tab-{g.id}") for g in registry.ENTRIES), id="ratings-games")
        yield Static(Content(_("Working out the ratings…")), id="ratings-where", classes="hint")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="ratings-table")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = _("Ratings")
        if self.game_id is not None:
            self.query_one(Tabs).active = f"tab-{self.game_id}"
        self.query_one(DataTable).focus()
        self.work_out()

    def on_screen_resume(self) -> None:
        self.work_out()

    def language_changed(self) -> None:
        self.sub_title = _("Ratings")
        self.query_one("#ratings-about", Static).update(Content(_(ratings.ORDINAL)))
        self.show()

    def on_resize(self) -> None:
        self.show()

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        self.game_id = (event.tab.id or "").removeprefix("tab-")
        self.show()

    def action_game(self, step: int) -> None:
        ids = [g.id for g in registry.ENTRIES]
        now = ids.index(self.game_id) if self.game_id in ids else 0
        self.query_one(Tabs).active = f"tab-{ids[(now + step) % len(ids)]}"

    @work(thread=True, exclusive=True, group="ratings")
    def work_out(self) -> None:
        """Off the UI thread: every finished game of the club may be read."""
        app = self.app
        tables = app.tables.root if app.tables is not None else tables_path()
        try:
            club = ratings.club_saves(app.store.root, app.hosted)
            result = ratings.compute(club, tables, app.store.games)
        except Exception:  # never a traceback: say so, and log the details
            _path, stamp = log_crash("working out the ratings")
            app.call_from_thread(self.failed, stamp)
            return
        app.call_from_thread(self.arrived, result)

    def failed(self, stamp: str) -> None:
        if self.is_attached:
            said = _("The ratings could not be worked out (logged at {stamp}).")
            self.query_one("#ratings-where", Static).update(Content(said.format(stamp=stamp)))

    def arrived(self, result: ratings.Ratings) -> None:
        if not self.is_attached:
            return  # the player left before the ratings were ready
        self.result = result
        if self.game_id is None:  # the first game anyone is rated in
            self.game_id = next(
                (g.id for g in registry.ENTRIES if result.standings.get(g.id)),
                registry.ENTRIES[0].id,
            )
            self.query_one(Tabs).active = f"tab-{self.game_id}"
        self.show()

    def mine(self, standing: ratings.Standing) -> bool:
        me = self.app.player
        return bool(me) and standing.player == ratings.person_key(me)

    def show(self) -> None:
        if self.result is None or self.game_id is None or not self.is_attached:
            return
        table = self.query_one(DataTable)
        table.clear(columns=True)
        rows = self.result.standings.get(self.game_id, ())
        rank, player, rating, games, when = headers()
        numbers = max(len(rating), len(games), 6)
        room = self.app.size.width - SCROLLBAR - 5 * CELL_PADDING
        name_width = max(room - 4 - 2 * numbers - WHEN, 10)
        for header, width in zip(
            (rank, player, rating, games, when),
            (4, name_width, numbers, numbers, WHEN),
            strict=True,
        ):
            table.add_column(header, width=width)
        mine_at = None
        for i, s in enumerate(rows):
            style = "bold reverse" if self.mine(s) else ""
            if style:
                mine_at = i
            name = visible(ratings.label(s.player, s.name))
            table.add_row(
                Text(number(i + 1), justify="right", style=style),
                Text(name, style=style, no_wrap=True, overflow="ellipsis"),
                Text(ratings.points(s.rating.ordinal), justify="right", style=style),
                Text(number(s.games), justify="right", style=style),
                Text(visible(language.when(s.last)), style=style),
            )
        if mine_at is not None:
            table.move_cursor(row=mine_at, animate=False)
        game = registry.get(self.game_id).name
        if rows:
            said = ngettext(
                "{game}: {n} player rated", "{game}: {n} players rated", len(rows)
            ).format(game=game, n=number(len(rows)))
        else:
            said = _("No rated game of {game} yet.").format(game=game)
        self.query_one("#ratings-where", Static).update(Content(said))
