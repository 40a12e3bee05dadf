"""The footer every screen shows: Textual's own, composed again only when its keys change.

Textual's ``Footer`` mounts all its keys anew on every bindings update — each move, each focus
change, each bot answer — and restyling a dozen fresh widgets was a fifth of a game screen's
time per move (most of it for an unchanged row). This one remembers what it last showed and
skips the rebuild when the keys, their descriptions, their enabled state and the footer's own
switches are the same.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """``Footer`` that recomposes only when what it would show differs from what it shows."""

    _shown: Hashable = None

    def _showing(self) -> Hashable:
        """Everything ``Footer.compose`` reads: the screen's active keys and the switches."""
        keys = tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
        )
        return (keys, self.compact, self.show_command_palette, self.combine_groups)

    def compose(self) -> ComposeResult:
        self._shown = self._showing() if self._bindings_ready else None
        for widget in super().compose():
            # Born as compact as the footer (a key's own default is compact), a key bound to
            # the footer's ``compact`` has nothing to change as it mounts: no restyle of every
            # new key. The palette's key is not bound (it stays compact), so it is left alone.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if self.is_attached and self._showing() != self._shown:
            await self.recompose()
