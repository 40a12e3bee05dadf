"""The line under the board: what is being asked of the player, and who is thinking.

Both lines quote seat names, which players type and save files carry: they are shown as plain
text (``Content``), never read as markup, with control characters made visible.
"""

from __future__ import annotations

from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from saves.paths import visible
from tui.sides import thinking

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class Thinking(Static):
    """A spinner with the names of the bots that are working; empty when none are."""

    names: reactive[tuple[str, ...]] = reactive(())

    def on_mount(self) -> None:
        self.frame = 0
        self.timer = self.set_interval(0.1, self.tick, pause=True)

    def watch_names(self, names: tuple[str, ...]) -> None:
        # Hidden, not just emptied, when no one thinks: an emptied line drew differently
        # depending on what it had shown before (a snapshot of the same screen differed).
        self.display = bool(names)
        if names:
            self.timer.resume()
        else:
            self.timer.pause()
        self.tick()

    def tick(self) -> None:
        if not self.names:
            self.update("")
            return
        self.frame = (self.frame + 1) % len(SPINNER)
        said = thinking(tuple(visible(name) for name in self.names))
        self.update(Content(f"{SPINNER[self.frame]} {said}"))


class StatusBar(Horizontal):
    def compose(self):
        yield Static(id="prompt")
        yield Thinking(id="thinking")

    def prompt(self, text: str) -> None:
        """Plain text: prompts name players ("Waiting for …") and never carry markup."""
        self.query_one("#prompt", Static).update(Content(visible(text)))
