"""What the two board widgets (the Ataque world map, the Metauro grid) share: Textual's line
API with every screen line built once per position, cursor and size, and cached.

A cursor move then costs the lines of the rows it touches; ``changed()`` drops the cache when
the position itself changes. The cache is keyed by what a line depends on, so it never shows a
stale line; it is simply emptied when it grows past ``LIMIT``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.segment import Segment
from textual.binding import Binding
from textual.strip import Strip
from textual.widget import Widget

from engine.i18n import N_

LIMIT = 4096


class LineCachedBoard(Widget, can_focus=True):
    """Arrows move the cursor (``action_move``), Enter picks (``action_pick``)."""

    BINDINGS = [
        # Words for the keys panel only (the panel puts the other arrows on the left's row).
        Binding("left", "move(-1, 0)", N_("Move the cursor"), show=False),
        ("right", "move(1, 0)"),
        ("up", "move(0, -1)"),
        ("down", "move(0, 1)"),
        Binding("enter", "pick", N_("Choose"), show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.version = 0  # bumped by changed(); part of every line's key
        self._lines: dict[Hashable, Strip] = {}

    def changed(self) -> None:
        """The position shown changed: every line must be built again."""
        self.version += 1
        self._lines.clear()
        self.refresh()

    def cached_line(self, key: Hashable, build: Callable[[], list[Segment]]) -> Strip:
        strip = self._lines.get(key)
        if strip is None:
            if len(self._lines) > LIMIT:
                self._lines.clear()
            strip = Strip(Segment.simplify(build())).crop(0, self.size.width)
            self._lines[key] = strip
        return strip

    def on_resize(self) -> None:
        self._lines.clear()

    def on_focus(self) -> None:
        self.refresh()  # the cursor is drawn differently with and without focus

    def on_blur(self) -> None:
        self.refresh()
