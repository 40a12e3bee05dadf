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
from textual.widgets import DataTable, Header, Static

from engine.i18n import N_, _, number, pgettext
from engine.words import plural
from saves.paths import visible
from saves.records import ALAMO_HELD, LADDER_CLIMB, MATES_SOLO, Records, compute
from saves.store import SaveStore
from tui.crash import log_crash
from tui.messages import OpenRatings
from tui.widgets.footer import KeysFooter

NUMBER = 5  # the narrowest column of counts ("Games" and "Drawn" are the widest headers)


def count_headers() -> tuple[str, ...]:
    """The headers of the columns of counts: games won, lost and drawn, counted (Spanish
    "Empates", not the "Empate" of one game's result)."""
    return (
        pgettext("records column", "Games"),
        pgettext("records column", "Won"),
        pgettext("records column", "Lost"),
        pgettext("records column", "Drawn"),
    )


CELL_PADDING = 2
SCROLLBAR = 2


def number_width() -> int:
    """The width of each column of counts: its widest header in the current language."""
    return max(NUMBER, *(len(header) for header in count_headers()), len(_("Best")))


def longest_streak() -> int:
    return max(len(_(what)) for what in (ALAMO_HELD, LADDER_CLIMB, MATES_SOLO))


def longest_word(texts: list[str]) -> int:
    return max((len(word) for text in texts for word in text.split()), default=0)


def column_widths(records: Records, room: int) -> tuple[int, int, int]:
    """The player, game and opposition columns sharing ``room``: the game and the opposition
    as wide as their longest line while they take no more than their share, and never
    narrower than their longest word (a cell wraps between words, never inside one)."""
    lines = [line for p in records.players for line in p.lines]
    names = [visible(p.name) for p in records.players]
    games = [_("Game"), *(line.game for line in lines)]
    against_texts = [_("Against"), *(line.against for line in lines)]
    game = max(min(max(map(len, games)), room // 2), longest_word(games))
    against_fit = max(map(len, against_texts))
    against = max(min(against_fit, (room - game) // 2), longest_word(against_texts))
    short = longest_word([_("Player"), *names]) - (room - game - against)
    if short > 0:  # a name's word would break: the game's column gives what it can spare
        game -= min(short, game - longest_word(games))
    return max(room - game - against, 1), game, against


class RecordsScreen(Screen):
    """Two tables: every player's games by game and opposition (played, won, lost, drawn),
    then the best streaks (Mates solo and ladder, Defend the Alamo) and where they were set."""

    BINDINGS = [
        Binding("tab", "app.focus_next", N_("Other table"), show=False),
        Binding("a", "ratings", N_("Ratings")),
        Binding("escape,q", "app.pop_screen", N_("Back")),
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
        yield Static(
            _("Counting the games in the saves folder…"), id="records-where", classes="hint"
        )
        yield DataTable(cursor_type="row", zebra_stripes=True, id="records-games")
        yield Static(_("Best streaks"), classes="records-label", id="streaks-label")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="records-streaks")
        yield KeysFooter()

    def action_ratings(self) -> None:
        self.post_message(OpenRatings())

    def on_mount(self) -> None:
        self.sub_title = _("Records")
        self.query_one("#records-games", DataTable).focus()
        self.count()

    def on_screen_resume(self) -> None:
        self.count()

    def language_changed(self) -> None:
        """Headers and words in the language just chosen, at once; then counted again, since
        the records hold a few words (the opposition, a streak's place) said as counted."""
        self.sub_title = _("Records")
        self.query_one("#streaks-label", Static).update(_("Best streaks"))
        if self.records is not None:
            self.show(self.records)
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
            _path, stamp = log_crash("counting the records")
            self.app.call_from_thread(self.failed, stamp)
            return
        self.app.call_from_thread(self.show, records)

    def failed(self, stamp: str) -> None:
        if self.is_attached:
            self.query_one("#records-where", Static).update(
                Content(
                    _("The records could not be counted (logged at {stamp}).").format(stamp=stamp)
                )
            )

    def nothing_yet(self) -> str:
        """No finished game: where they would be counted from, when the player may see it."""
        if not self.app.shows_paths:
            return _("No finished game yet: finish a game (or a campaign's) and it counts here.")
        return _(
            "No finished game yet in {folder}: finish a game (or a campaign's) and it counts here."
        ).format(folder=self.app.store.root)

    def show(self, records: Records) -> None:
        if not self.is_attached:
            return  # the player left before the count ended
        self.records = records
        games = self.query_one("#records-games", DataTable)
        streaks = self.query_one("#records-streaks", DataTable)
        rows = games.cursor_row, streaks.cursor_row  # the same rows stay selected
        games.clear(columns=True)
        streaks.clear(columns=True)
        counts = number_width()
        width = max(self.app.size.width - SCROLLBAR - 7 * CELL_PADDING, 40)
        rest = width - 4 * counts
        player, game, against = column_widths(records, rest)
        games.add_column(_("Player"), width=player)
        games.add_column(_("Game"), width=game)
        games.add_column(_("Against"), width=against)
        for header in count_headers():
            games.add_column(header, width=counts)
        room = max(self.app.size.width - SCROLLBAR - 4 * CELL_PADDING, 40) - player - counts
        what = min(longest_streak(), room - 10)
        streaks.add_column(_("Player"), width=player)
        streaks.add_column(_("Streak"), width=what)
        streaks.add_column(_("Best"), width=counts)
        streaks.add_column(_("Where"), width=room - what)
        lines = streak_count = 0
        for person in records.players:
            name = Text(visible(person.name), style="bold")
            for line in person.lines:
                t = line.tally
                games.add_row(
                    name,
                    Text(line.game),
                    Text(line.against),
                    *(Text(number(n), justify="right") for n in (t.played, t.won, t.lost, t.drawn)),
                    height=None,
                )
                lines += 1
            for streak in person.streaks:
                streaks.add_row(
                    name,
                    Text(_(streak.what)),
                    Text(number(streak.best), justify="right"),
                    Text(visible(streak.where), style="dim"),
                    height=None,
                )
                streak_count += 1
        self.query_one("#streaks-label").display = bool(streak_count)
        streaks.display = bool(streak_count)
        for table, row, count in ((games, rows[0], lines), (streaks, rows[1], streak_count)):
            if count:
                table.move_cursor(row=min(row, count - 1), animate=False)
        who = (
            _("Records of {player}").format(player=self.app.player)
            if self.app.player
            else plural(len(records.players), "player", "players")
        )
        # Each count carries its own participle, so that it agrees with its number in every
        # language ("1 partita finita contata", "19 partite finite contate").
        counted = plural(records.finished, "finished game counted", "finished games counted")
        unread = plural(records.unread, "unreadable save left out", "unreadable saves left out")
        if not lines:
            said = self.nothing_yet()
            if records.unread:
                said += " " + _("{saves}.").format(saves=unread)
        elif records.unread:
            said = _("{who}: {games}; {saves}").format(who=who, games=counted, saves=unread)
        else:
            said = _("{who}: {games}").format(who=who, games=counted)
        self.query_one("#records-where", Static).update(Content(visible(said)))
