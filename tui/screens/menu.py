"""The main menu: the shared tables you sit at (when the app knows who you are), every
registered game, then Continue, Campaigns, Rules and Quit."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine import registry

BANNER = "⚔  B A T A L L A S  ⚔"
TAGLINE = "historical war games from old print-and-play rule sheets"
TABLES_POLL = 1.0  # seconds between looks at the tables folder (stats only, unless one moved)


def players_text(game) -> str:
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    return f"{game.min_players}–{game.max_players} players"


class MenuScreen(Screen):
    BINDINGS = [
        Binding("c", "continue", "Continue"),
        Binding("l", "load", "Campaigns"),
        Binding("r", "rules", "Rules"),
        Binding("q", "quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            yield OptionList(id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.tables_seen = None
        self.refresh_menu()
        self.query_one(OptionList).focus()
        if self.app.tables is not None and self.app.player:
            self.set_interval(TABLES_POLL, self.poll_tables)

    def poll_tables(self) -> None:
        """Rebuild the menu when a table moved, so "your turn" shows up without a key press."""
        if self.app.screen is self and self.app.tables.stamps() != self.tables_seen:
            self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        self.add_tables(menu)
        for game in registry.ENTRIES:
            menu.add_option(
                Option(
                    f"[b]{game.name}[/b]  [dim]{players_text(game)}[/dim]\n  {game.description}",
                    id=f"game:{game.id}",
                )
            )
        menu.add_option(None)
        recent = self.app.store.most_recent(unfinished=True)
        if recent is not None:
            menu.add_option(
                Option(
                    f"Continue  [dim]{escape(recent.title)} · {escape(recent.progress)}[/dim]",
                    id="continue",
                )
            )
        menu.add_option(
            Option("Campaigns  [dim]saved games: resume, rename, delete[/dim]", id="load")
        )
        menu.add_option(Option("Rules", id="rules"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = (
            highlighted if highlighted is not None and highlighted < menu.option_count else 0
        )

    def add_tables(self, menu: OptionList) -> None:
        """The tables this player sits at, with whose turn it is; "your turn" stands out."""
        from saves.tables import turn_text

        tables, player = self.app.tables, self.app.player
        if tables is None or not player:
            return
        self.tables_seen = tables.stamps()
        mine = tables.tables_of(player)
        for table in mine:
            game = tables.game(table)
            turn = turn_text(game, table, player)
            turn = "[b reverse] your turn [/]" if turn == "your turn" else f"[dim]{turn}[/dim]"
            name, seats = escape(table.name), escape(", ".join(table.owners))
            menu.add_option(
                Option(
                    f"Table [b]{name}[/b]  {turn}\n  [dim]{game.name} · {seats}[/dim]",
                    id=f"table:{table.name}",
                )
            )
        if mine:
            menu.add_option(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("table:"):
            self.app.open_table(choice.removeprefix("table:"))
        elif choice.startswith("game:"):
            from tui.screens.setup import SetupScreen

            self.app.push_screen(SetupScreen(registry.get(choice.removeprefix("game:"))))
        elif choice == "continue":
            self.action_continue()
        elif choice == "load":
            self.action_load()
        elif choice == "rules":
            self.action_rules()
        elif choice == "quit":
            self.app.exit()

    def action_continue(self) -> None:
        recent = self.app.store.most_recent(unfinished=True)
        if recent is None:
            self.notify("No saved game to continue yet.")
            return
        self.app.resume(recent.name)

    def action_load(self) -> None:
        from tui.screens.campaigns import CampaignsScreen

        self.app.push_screen(CampaignsScreen())

    def action_rules(self) -> None:
        from tui.screens.setup import pick_game_then

        pick_game_then(self.app, "rules")

    def action_quit(self) -> None:
        self.app.exit()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "continue":
            return self.app.store.most_recent(unfinished=True) is not None
        return True
