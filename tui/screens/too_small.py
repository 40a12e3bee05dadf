"""Shown over everything while the terminal is smaller than the layouts can hold."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { text-align: center; width: auto; }
    """

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small")

    def on_resize(self) -> None:
        self.app.check_size()
        self.query_one("#too-small", Static).update(
            f"Please enlarge the window\n\nBatallas needs {MIN_WIDTH}×{MIN_HEIGHT}; "
            f"this terminal is {self.app.size.width}×{self.app.size.height}."
        )

    def on_mount(self) -> None:
        self.on_resize()
