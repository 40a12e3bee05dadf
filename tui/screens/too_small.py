"""Shown over everything while the terminal is smaller than the layouts can hold."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from engine.i18n import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen):
    """Covers the screen beneath, untouched, until the window is 80×24 again.

    ``BatallasApp.check_size`` pushes and pops it. Keys typed meanwhile reach only this cover
    (and the app's own ctrl+q), never the game or dialog beneath it.
    """

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { text-align: center; width: auto; }
    """

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small")

    def on_mount(self) -> None:
        self.on_resize()

    def on_resize(self) -> None:
        needs = _("Batallas needs {width}×{height}; this terminal is {now_width}×{now_height}.")
        needs = needs.format(
            width=MIN_WIDTH,
            height=MIN_HEIGHT,
            now_width=self.app.size.width,
            now_height=self.app.size.height,
        )
        asked = _("Please enlarge the window")
        self.query_one("#too-small", Static).update(Content(f"{asked}\n\n{needs}"))
        self.app.check_size()

    def language_changed(self) -> None:
        self.on_resize()

    def on_screen_suspend(self) -> None:
        """Something opened on top of this cover (or it is being lifted): let the app cover
        the new screen too while the window is still too small."""
        self.app.call_later(self.app.check_size)
