"""The whole visible history of a game on one screen: every battle's dice, every bot move,
every payment — what the two or three log lines under the board cannot hold.

Lines are the game screen's own log lines (Rich markup whose player text is already escaped
by ``tui.widgets.log.literal``), shown one option each so the keyboard scrolls them, and
searchable with ``/``: Enter or ``n`` goes to the next match, ``N`` to the previous one.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.words import plural

SINCE = "── since your last move ──"


def _plain(line: str) -> str:
    return Text.from_markup(line, emoji=False).plain


class LogScreen(Screen):
    """Full-screen log; ``since`` is the index of the first line after the viewer's last move
    (a marker is drawn there), None when there is nothing new."""

    DEFAULT_CSS = """
    LogScreen .log-view { height: 1fr; }
    LogScreen #log-title { padding: 0 1; }
    LogScreen #log-lines { height: 1fr; border: none; }
    LogScreen #log-search { height: 3; }
    LogScreen #log-found { height: 1; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape", "close", "Back to the game"),
        Binding("l,q", "close", "Back", show=False),
        Binding("slash", "search", "Search"),
        Binding("n", "find(1)", "Next match"),
        Binding("N,shift+n", "find(-1)", "Previous match"),
    ]

    def __init__(self, title: str, lines: list[str], since: int | None = None) -> None:
        super().__init__()
        self.heading = title
        self.lines = list(lines)
        self.since = since
        self.query_text = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="log-view"):
            yield Static(Text(self.heading, style="bold"), id="log-title")
            options: list[Option | None] = []
            for i, line in enumerate(self.lines):
                if i == self.since:
                    options.append(Option(Text(SINCE, style="bold"), id="since", disabled=True))
                options.append(Option(Text.from_markup(line, emoji=False), id=f"line-{i}"))
            if not self.lines:
                options.append(Option("Nothing has happened yet.", disabled=True))
            yield OptionList(*options, id="log-lines")
            yield Input(placeholder="search the log, Enter: next match", id="log-search")
            yield Static("", id="log-found")
        yield Footer()

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
        found = self.query_one("#log-found", Static)
        hits = self.matches()
        if not self.query_text:
            found.update("")
            return
        if not hits:
            found.update(Text(f"No line mentions “{self.query_text}”."))
            return
        lines = self.query_one("#log-lines", OptionList)
        current = lines.highlighted_option
        at = int(current.id.split("-")[1]) if current and current.id.startswith("line-") else -1
        if step > 0:
            target = next((i for i in hits if i > at), hits[0])
        else:
            target = next((i for i in reversed(hits) if i < at), hits[-1])
        lines.highlighted = lines.get_option_index(f"line-{target}")
        lines.focus()
        number = hits.index(target) + 1
        found.update(Text(f"{plural(len(hits), 'match', 'matches')} · {number} of {len(hits)}"))

    def action_close(self) -> None:
        """Escape closes the search box first (while it is open); then back to the game."""
        search = self.query_one("#log-search", Input)
        if search.display:
            search.display = False
            self.query_one("#log-lines", OptionList).focus()
            return
        self.dismiss()
