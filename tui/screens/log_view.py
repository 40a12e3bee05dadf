"""The whole visible history of a game on one screen: every battle's dice, every bot move,
every payment — what the two or three log lines under the board cannot hold.

Lines are the game screen's own log lines (Rich markup whose player text is already escaped
by ``tui.widgets.log.literal``), shown one option each so the keyboard scrolls them, and
searchable with ``/``: Enter or ``n`` goes to the next match, ``N`` to the previous one.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, number
from engine.words import plural
from tui.widgets.footer import KeysFooter

SINCE = N_("── since your last move ──")  # the marker line (``_(SINCE)`` where shown)
SEARCH_HINT = N_("search the log, Enter: next match")


def _plain(line: str) -> str:
    return Text.from_markup(line, emoji=False).plain


Contents = tuple[str, list[str], int | None]  # title, lines, since


class LogScreen(Screen):
    """Full-screen log; ``since`` is the index of the first line after the viewer's last move
    (a marker is drawn there), None when there is nothing new. ``source`` gives title, lines
    and ``since`` again: after a language switch the log is read anew in the new language,
    the line under the cursor, the scroll position and a search kept."""

    DEFAULT_CSS = """
    LogScreen .log-view { height: 1fr; }
    LogScreen #log-title { padding: 0 1; }
    LogScreen #log-lines { height: 1fr; border: none; }
    LogScreen #log-search { height: 3; }
    LogScreen #log-found { height: 1; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape", "close", N_("Back to the game")),
        Binding("l,q", "close", N_("Back"), show=False),
        Binding("slash", "search", N_("Search")),
        Binding("n", "find(1)", N_("Next match")),
        Binding("N,shift+n", "find(-1)", N_("Previous match")),
    ]

    def __init__(
        self,
        title: str,
        lines: list[str],
        since: int | None = None,
        source: Callable[[], Contents] | None = None,
    ) -> None:
        super().__init__()
        self.heading = title
        self.lines = list(lines)
        self.since = since
        self.source = source
        self.query_text = ""
        self.found: int | None = None  # the line the search went to last

    def compose(self) -> ComposeResult:
        with Vertical(classes="log-view"):
            yield Static(Text(self.heading, style="bold"), id="log-title")
            yield OptionList(*self.options(), id="log-lines")
            yield Input(placeholder=_(SEARCH_HINT), id="log-search")
            yield Static("", id="log-found")
        yield KeysFooter()

    def options(self) -> list[Option]:
        """One option a line, with the marker before the first line since the last move."""
        options: list[Option] = []
        for i, line in enumerate(self.lines):
            if i == self.since:
                marker = Text(_(SINCE), style="bold")
                options.append(Option(marker, id="since", disabled=True))
            options.append(Option(Text.from_markup(line, emoji=False), id=f"line-{i}"))
        if not self.lines:
            options.append(Option(_("Nothing has happened yet."), disabled=True))
        return options

    def language_changed(self) -> None:
        """The title, the lines and the search's words again, in the language just chosen;
        the same line stays under the cursor and the list where it was scrolled to."""
        if self.source is not None:
            self.heading, lines, self.since = self.source()
            self.lines = list(lines)
        self.query_one("#log-title", Static).update(Text(self.heading, style="bold"))
        self.query_one("#log-search", Input).placeholder = _(SEARCH_HINT)
        options = self.query_one("#log-lines", OptionList)
        current = options.highlighted_option
        kept = current.id if current is not None else None
        scrolled = options.scroll_offset
        new = self.options()
        options.clear_options()
        options.add_options(new)
        if kept is not None and kept in {option.id for option in new}:
            options.highlighted = options.get_option_index(kept)
        self.call_after_refresh(options.scroll_to, scrolled.x, scrolled.y, animate=False)
        if self.query_text:
            self.say_found()

    def on_mount(self) -> None:
        search = self.query_one("#log-search", Input)
        search.display = False
        lines = self.query_one("#log-lines", OptionList)
        lines.focus()
        if lines.option_count:
            start = "since" if self.since is not None else None
            index = lines.get_option_index(start) + 1 if start else lines.option_count - 1
            lines.highlighted = min(index, lines.option_count - 1)

    # --- search ---------------------------------------------------------------------------
    def action_search(self) -> None:
        search = self.query_one("#log-search", Input)
        search.display = True
        search.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_text = event.value.strip()
        self.action_find(1)

    def matches(self) -> list[int]:
        needle = self.query_text.casefold()
        if not needle:
            return []
        return [i for i, line in enumerate(self.lines) if needle in _plain(line).casefold()]

    def action_find(self, step: int) -> None:
        hits = self.matches()
        self.found = None
        if hits:
            lines = self.query_one("#log-lines", OptionList)
            current = lines.highlighted_option
            at = -1
            if current is not None and current.id and current.id.startswith("line-"):
                at = int(current.id.split("-")[1])
            if step > 0:
                self.found = next((i for i in hits if i > at), hits[0])
            else:
                self.found = next((i for i in reversed(hits) if i < at), hits[-1])
            lines.highlighted = lines.get_option_index(f"line-{self.found}")
            lines.focus()
        self.say_found()

    def say_found(self) -> None:
        """Under the search box: how many lines match and which one the cursor is on."""
        found = self.query_one("#log-found", Static)
        hits = self.matches()
        if not self.query_text:
            found.update("")
        elif not hits:
            found.update(Text(_("No line mentions “{text}”.").format(text=self.query_text)))
        elif self.found in hits:
            said = _("{matches} · {number} of {count}").format(
                matches=plural(len(hits), "match", "matches"),
                number=number(hits.index(self.found) + 1),
                count=number(len(hits)),
            )
            found.update(Text(said))
        else:  # the lines changed under the search: the count without the place
            found.update(Text(plural(len(hits), "match", "matches")))

    def action_close(self) -> None:
        """Escape closes the search box first (while it is open); then back to the game."""
        search = self.query_one("#log-search", Input)
        if search.display:
            search.display = False
            self.query_one("#log-lines", OptionList).focus()
            return
        self.dismiss()
