"""The main menu: the shared tables you sit at (when the app knows who you are), every
registered game, then Learn (the first lessons), Continue, Campaigns, Records, Watch (the live
tables, when the app knows who you are), Rules and Quit. Ratings are a key away (``a``, and
``a`` again in Records): at 80×24 the menu has no line and the footer no room left for them.

Titles, table names and seat names come from files: they go into the option prompts as
template values (``Content.from_markup(..., name=...)``), which are never read as markup.
"""

from __future__ import annotations

import re
import string
import textwrap
import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine import registry
from engine.i18n import N_, _, ngettext, number
from saves.outcomes import to_move_of
from saves.paths import same_person, visible
from saves.table_deadline import time_left
from saves.table_rematch import rematch_of
from saves.tables import turn_text
from tui.messages import (
    NewGame,
    OpenCampaigns,
    OpenLessons,
    OpenRatings,
    OpenRecords,
    OpenRules,
    OpenTable,
    OpenWatch,
    ResumeGame,
)
from tui.widgets.footer import KeysFooter

BANNER = "⚔  B A T A L L A S  ⚔"
TAGLINE = N_("historical war games from old print-and-play rule sheets")
CLOCK_REDRAW = 20.0  # seconds between redraws of the time left at your tables
TABLES_POLL = 1.0  # seconds between looks at the tables folder (stats only, unless one moved)
MENU_MAX_WIDTH = 90  # #menu-box's max-width in app.tcss
MENU_CHROME = 7  # rows around the options: banner and tagline with their padding, border, footer
OPTION_CHROME = 4  # columns around an option's text: the list's border and padding


def players_text(game) -> str:
    """``2 players``, ``3–6 players``."""
    if game.min_players == game.max_players:
        n = game.min_players
        return ngettext("{n} player", "{n} players", n).format(n=number(n))
    return _("{low}–{high} players").format(
        low=number(game.min_players), high=number(game.max_players)
    )


def entry(title: str, about: str) -> Content:
    """A menu entry: its title, then what it is about, dimmed (plain text both)."""
    return Content.assemble(title, "  ", (about, "dim"))


def continue_entry(title: str, progress: str, width: int) -> Content:
    """Continue, the latest game's title and how far it went: on one line when it fits, else
    the progress on a line of its own, indented and cut to the line, never wrapped into an
    orphan fragment (a four-player Mates game's piles, a long title)."""
    title, progress = visible(title), visible(progress)
    one_line = entry(_("Continue"), f"{title} · {progress}")
    if one_line.cell_length <= width:
        return one_line
    below = Content.styled(progress, "dim").truncate(width - 2, ellipsis=True)
    return Content.assemble(entry(_("Continue"), title), "\n  ", below)


def labelled(template: str, **values: tuple[str, str]) -> list:
    """``template`` (a translated sentence with ``{name}`` fields) as Content pieces, each
    field's text in its own style: word order stays the translation's."""
    pieces: list = []
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        if literal:
            pieces.append(literal)
        if field is not None:
            pieces.append(values[field])
    return pieces


def first_clause(description: str) -> str:
    """A description's opening words, up to its first colon or semicolon: the compact menu's
    one line per game."""
    return re.split(r"[:;]", description, maxsplit=1)[0].strip().rstrip(".")


def wrapped_height(prompts: list[str | Content | None], width: int) -> int:
    """Lines the option list takes for these prompts (None is a separator) at ``width``."""
    lines = 0
    for prompt in prompts:
        if prompt is None:
            lines += 1
            continue
        plain = prompt.plain if isinstance(prompt, Content) else Content.from_markup(prompt).plain
        for line in plain.split("\n"):
            lines += len(textwrap.wrap(line, max(width, 10))) or 1
    return lines


class MenuScreen(Screen):
    """Two layouts with the same entries: each game on one line (its description's first
    clause) when the window is small, its whole description beneath it when there is room.
    Either way every entry is on screen at 80×24 without scrolling."""

    compact: bool | None = None  # the layout shown; None until the first one is built
    tables_seen = None
    clocks_seen: float | None = None  # when the time left shown is next out of date

    BINDINGS = [
        Binding("e", "learn", N_("Learn")),
        Binding("c", "continue", N_("Continue")),
        Binding("l", "load", N_("Campaigns")),
        Binding("s", "records", N_("Records")),
        Binding("a", "ratings", N_("Ratings"), show=False),  # no room in the footer (Italian)
        Binding("w", "watch", N_("Watch")),
        Binding("r", "rules", N_("Rules")),
        Binding("q", "quit", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static(_(TAGLINE), id="tagline")
            yield OptionList(id="menu")
        yield KeysFooter()

    def language_changed(self) -> None:
        """The tagline and every entry in the language just chosen."""
        self.query_one("#tagline", Static).update(_(TAGLINE))
        self.refresh_menu()

    def on_mount(self) -> None:
        self.refresh_menu()
        self.query_one(OptionList).focus()
        if self.app.tables is not None and self.app.player:
            self.set_interval(TABLES_POLL, self.poll_tables)

    def poll_tables(self) -> None:
        """Rebuild the menu when a table moved, so "your turn" shows up without a key press,
        and when a clock shown may say less time (reading the tables takes an overdue seat
        over: ``TableStore.settle``)."""
        if self.app.screen is not self:
            return
        clock_due = self.clocks_seen is not None and time.monotonic() >= self.clocks_seen
        if clock_due or self.app.tables.stamps() != self.tables_seen:
            self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def on_resize(self) -> None:
        if self.compact is not None and self.choose_compact(self.entries(False)) != self.compact:
            self.refresh_menu()

    def choose_compact(self, full: list) -> bool:
        """The full layout when all of it fits between the banner and the footer."""
        width, height = self.app.size
        room = height - MENU_CHROME
        prompts = [prompt for prompt, _ in full]
        return wrapped_height(prompts, min(width, MENU_MAX_WIDTH) - OPTION_CHROME) > room

    def refresh_menu(self) -> None:
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        full = self.entries(False)
        self.compact = self.choose_compact(full)
        entries = self.entries(True) if self.compact else full
        # The list never runs under the footer: with more entries than rows (many tables) it
        # scrolls instead.
        menu.styles.max_height = max(3, self.app.size.height - MENU_CHROME + 2)
        menu.clear_options()
        menu.add_options(
            [None if prompt is None else Option(prompt, id=key) for prompt, key in entries]
        )
        menu.highlighted = (
            highlighted if highlighted is not None and highlighted < menu.option_count else 0
        )

    def entries(self, compact: bool) -> list:
        """(prompt, option id) for every menu entry; a None prompt is a separator."""
        out = self.tables_entries(compact)
        width = min(self.app.size.width, MENU_MAX_WIDTH) - OPTION_CHROME
        for game in registry.ENTRIES:
            players = players_text(game)
            description = _(game.description)
            if compact:
                about = ["  ", (players, "dim"), "  ", first_clause(description)]
            else:  # wrapped here, so that every line of it keeps the indent
                lines = textwrap.wrap(
                    description, width, initial_indent="  ", subsequent_indent="  "
                )
                about = ["  ", (players, "dim"), "\n", "\n".join(lines)]
            out.append((Content.assemble((game.name, "bold"), *about), f"game:{game.id}"))
        out.append((None, None))
        out.append((entry(_("Learn"), _("a guided first game of each game")), "learn"))
        recent = self.app.store.most_recent(unfinished=True)
        if recent is not None:
            out.append((continue_entry(recent.title, recent.progress, width), "continue"))
        out.append((entry(_("Campaigns"), _("series of battles, and every saved game")), "load"))
        out.append((entry(_("Records"), _("games won and lost, best streaks")), "records"))
        if self.knows_player():
            out.append((entry(_("Watch"), _("follow a live table on this host")), "watch"))
        out.append((Content(_("Rules")), "rules"))
        out.append((Content(_("Quit")), "quit"))
        return out

    def tables_entries(self, compact: bool) -> list:
        """The tables this player sits at, with whose turn it is; "your turn" stands out."""
        tables, player = self.app.tables, self.app.player
        if not self.knows_player():
            return []
        self.tables_seen = tables.stamps()
        mine = tables.tables_of(player)
        self.clocks_seen = None
        out = []
        for table in mine:
            game = tables.game(table)
            turn = visible(turn_text(game, table, player))
            left = time_left(game, table, player, tables.now())
            if left:
                turn = f"{turn} · {left}"
                self.clocks_seen = time.monotonic() + CLOCK_REDRAW
            mine_now = table.seat_of(player) in to_move_of(game, table.record)
            proposed = self.rematch_proposed(table, player)
            if proposed:
                turn, mine_now = proposed, True
            mark = (f" {turn} ", "bold reverse") if mine_now else (turn, "dim")
            prompt = Content.assemble(
                *labelled(_("Table {name}"), name=(visible(table.name), "bold")),
                "  ",
                mark,
                "  " if compact else "\n  ",
                (f"{game.name} · {visible(', '.join(table.owners))}", "dim"),
            )
            out.append((prompt, f"table:{table.name}"))
        if mine:
            out.append((None, None))
        return out

    def rematch_proposed(self, table, player: str) -> str | None:
        """ "ana proposes a rematch: table duel-2", when another player of this finished
        table did (the new table is in the list too: joining it accepts)."""
        if self.app.tables.game(table).outcome(table.record.state) is None:
            return None
        note = rematch_of(self.app.tables, table.name)
        if note is None or same_person(note.by, player):
            return None
        return _("{name} proposes a rematch: table {table}").format(
            name=visible(note.by), table=visible(note.table)
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("table:"):
            self.post_message(OpenTable(choice.removeprefix("table:")))
        elif choice.startswith("game:"):
            self.post_message(NewGame(registry.get(choice.removeprefix("game:"))))
        elif choice == "learn":
            self.action_learn()
        elif choice == "continue":
            self.action_continue()
        elif choice == "load":
            self.action_load()
        elif choice == "records":
            self.action_records()
        elif choice == "watch":
            self.action_watch()
        elif choice == "rules":
            self.action_rules()
        elif choice == "quit":
            self.app.exit()

    def action_learn(self) -> None:
        self.post_message(OpenLessons())

    def action_continue(self) -> None:
        recent = self.app.store.most_recent(unfinished=True)
        if recent is None:
            self.notify(_("No saved game to continue yet."))
            return
        self.post_message(ResumeGame(recent.name))

    def action_load(self) -> None:
        self.post_message(OpenCampaigns())

    def action_records(self) -> None:
        self.post_message(OpenRecords())

    def action_ratings(self) -> None:
        self.post_message(OpenRatings())

    def knows_player(self) -> bool:
        """Hosted, or after `table join`: the app knows who is here and where the tables are."""
        return self.app.tables is not None and bool(self.app.player)

    def action_watch(self) -> None:
        if self.knows_player():
            self.post_message(OpenWatch())

    def action_rules(self) -> None:
        self.post_message(OpenRules())

    def action_quit(self) -> None:
        self.app.exit()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "continue":
            return self.app.store.most_recent(unfinished=True) is not None
        if action == "watch":
            return self.knows_player()
        return True
