"""Watch: the live tables on this host, to follow one as a spectator (or sit at your own),
then the finished ones, to replay: a table's players look for their game where they played it.

Each table says its game, players, whose turn it is, how long since the last move and how many
are watching; the list follows the tables once a second. Table and player names come from
files anyone at a table may edit: they are template values, never read as markup.
"""

from __future__ import annotations

import datetime as dt

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext, number
from engine.words import plural
from saves.outcomes import outcome_of
from saves.paths import visible
from saves.record import SaveError
from saves.replay import ReplaySession
from saves.tables import Table, TableWatch, count_watchers, turn_text
from tui.messages import OpenGame, OpenReplay, OpenTable
from tui.widgets.footer import KeysFooter

WATCH_POLL = 1.0  # seconds between looks at the tables folder


def since(iso: str, now: dt.datetime | None = None) -> str:
    """ "12 s", "3 min", "5 h", "2 days": how long ago ``iso`` (a UTC time) was. The units are
    msgids too, so each language writes them its own way ("2 días")."""
    try:
        then = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return _("a while")
    if then.tzinfo is None:
        then = then.replace(tzinfo=dt.UTC)
    seconds = max(0, int(((now or dt.datetime.now(dt.UTC)) - then).total_seconds()))
    if seconds < 60:
        return _("{n} s").format(n=number(seconds))
    if seconds < 3600:
        return _("{n} min").format(n=number(seconds // 60))
    if seconds < 48 * 3600:
        return _("{n} h").format(n=number(seconds // 3600))
    return plural(seconds // 86400, "day", "days")


class WatchScreen(Screen):
    """One entry per live table, two lines each; Enter watches it (or takes your seat)."""

    DEFAULT_CSS = """
    WatchScreen #watch-list { height: 1fr; border: round $primary; }
    """

    BINDINGS = [
        Binding("enter", "open", N_("Watch"), priority=True),
        Binding("escape,q", "app.pop_screen", N_("Back")),
    ]

    shown: list | None = None  # the prompts on screen, to redraw only when one changed

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="watch-where", classes="hint")
        yield OptionList(id="watch-list")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = _("Watch a table")
        self.reload()
        self.query_one(OptionList).focus()
        self.set_interval(WATCH_POLL, self.poll)

    def on_screen_resume(self) -> None:
        self.reload()

    def language_changed(self) -> None:
        """Every table said again in the language just chosen, the same one selected."""
        self.sub_title = _("Watch a table")
        self.shown = None  # the prompts changed even where the tables did not
        self.reload()

    def poll(self) -> None:
        if self.app.screen is self:
            self.reload()

    def listed_tables(self) -> tuple[list[Table], list[Table]]:
        """The live tables and the finished ones."""
        tables = self.app.tables
        live, over = [], []
        for row in tables.list():
            if not isinstance(row, Table):
                continue
            try:
                finished = outcome_of(tables.game(row), row.record) is not None
            except SaveError:
                continue
            (over if finished else live).append(row)
        return live, over

    def prompt(self, table: Table) -> Content:
        tables, player = self.app.tables, self.app.player
        game = tables.game(table)
        moved = table.record.actions
        if moved:
            last = _("last move {time} ago").format(time=since(table.record.updated))
        else:
            last = _("no move yet")
        watchers = count_watchers(tables.root, table.name)
        if watchers:
            watching = ngettext("{n} watching", "{n} watching", watchers).format(n=number(watchers))
        else:
            watching = _("nobody watching")
        mine = player is not None and table.place_of(player) is not None
        return Content.from_markup(
            "[b]$name[/b]  $game · $turn$mine\n  [dim]$players · $last · $watching[/dim]",
            name=visible(table.name),
            game=game.name,
            turn=visible(turn_text(game, table, player)),
            mine=" · " + _("your seat") if mine else "",
            players=visible(", ".join(table.owners)),
            last=last,
            watching=watching,
        )

    def reload(self) -> None:
        live, over = self.listed_tables()
        prompts = [(table.name, self.prompt(table)) for table in live + over]
        said = [(name, prompt.plain) for name, prompt in prompts]
        self.query_one("#watch-where", Static).update(Content(self.where_text(bool(live))))
        if said == self.shown:
            return
        self.shown = said
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        key = menu.get_option_at_index(highlighted).id if highlighted is not None else None
        menu.clear_options()
        menu.add_options([Option(prompt, id=name) for name, prompt in prompts])
        names = [name for name, _prompt in prompts]
        if names:
            menu.highlighted = names.index(key) if key in names else 0

    def where_text(self, any_live: bool) -> str:
        """Where the tables are and how one starts, said to someone at their own terminal;
        a remote player can neither see the folder nor type the command, so not to them."""
        if not self.app.shows_paths:
            if any_live:
                return _("Live tables on this server: Enter watches one.")
            return _("No live tables right now: the host of this server starts them.")
        folder = visible(str(self.app.tables.root))
        if any_live:
            return _("Live tables in {folder}: Enter watches one.").format(folder=folder)
        return _("No live tables in {folder}. Start one with `batallas table new`.").format(
            folder=folder
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(event.option.id)

    def action_open(self) -> None:
        menu = self.query_one(OptionList)
        if menu.highlighted is not None:
            self.open(menu.get_option_at_index(menu.highlighted).id)

    def open(self, name: str | None) -> None:
        """Your own table opens at your seat; any other one as a spectator; a finished one
        as its replay."""
        if name is None:
            return
        tables, player = self.app.tables, self.app.player
        try:
            table = tables.load(name)
            game = tables.game(table)
            if outcome_of(game, table.record) is not None:
                self.post_message(OpenReplay(ReplaySession(game, table.record)))
                return
            if player is not None and table.place_of(player) is not None:
                self.post_message(OpenTable(name))
                return
            watch = TableWatch(tables, table)
        except SaveError as err:
            self.notify(
                _("Cannot watch table {name}: {reason}").format(name=name, reason=err),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.post_message(OpenGame(watch))
