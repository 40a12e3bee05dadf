"""The event log: lines appended as the game goes, rebuilt only when history changes."""

from __future__ import annotations

from textual.widgets import RichLog


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
            self.write(line)
        self.shown = list(lines)
