"""The event log: lines appended as the game goes, rebuilt only when history changes.

Lines are Rich markup written by the game screens (``[b]…[/b]``); anything in them that a
person or a file chose (seat names, a deck's PGN tags, a typed answer) goes through ``literal``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rich.text import Text
from textual.widgets import RichLog

from saves.paths import visible

_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")  # what Rich reads as a tag, with its backslashes
_TRAILING = re.compile(r"\\+$")


@lru_cache(maxsize=4096)  # the same seat names are made literal for every line, every redraw
def literal(text: str) -> str:
    """``text`` inside a markup line, shown exactly as it is, control characters made visible.

    ``rich.markup.escape`` is not enough: it leaves a ``\\[`` that opens no tag (Rich turns it
    into ``[``) and a backslash at the end swallows the tag that follows. Here a tag-like part
    gets its backslashes doubled plus one, any other ``[`` one backslash, and trailing
    backslashes are doubled and closed by an empty tag so nothing after them changes.
    """
    text = visible(text)
    out: list[str] = []
    pos = 0
    for match in _TAG.finditer(text):
        out.append(text[pos : match.start()].replace("[", "\\["))
        slashes, tag = match.groups()
        out.append(f"{slashes}{slashes}\\{tag}")
        pos = match.end()
    out.append(text[pos:].replace("[", "\\["))
    result = "".join(out)
    trailing = _TRAILING.search(result)
    if trailing:
        result = result[: trailing.start()] + trailing.group() * 2 + "[b][/b]"
    return result


class EventLog(RichLog, can_focus=False):
    """Not focusable: arrows and Enter always belong to the board or hand (the mouse wheel
    still scrolls it)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=True, auto_scroll=True, min_width=20)
        self.shown: list[str] = []

    def show(self, lines: list[str]) -> None:
        """Append what is new; if the past changed (a different seat's view), start over."""
        if lines[: len(self.shown)] != self.shown:
            self.clear()
            self.shown = []
        for line in lines[len(self.shown) :]:
            self.write(self.line_text(line))
        self.shown = list(lines)

    def line_text(self, line: str) -> Text:
        # No emoji codes: a player called ":fire:" is called that, not 🔥.
        return Text.from_markup(line, emoji=False)
