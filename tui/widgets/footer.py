"""The footer every screen shows: the screen's own keys first, the shared ones after, each whole.

Textual's ``Footer`` shows the keys in the order they are bound (a game screen's shared keys,
bound by its base class, came first) and cuts the line at the screen's edge, mid-word. This one
puts the keys a screen lists in ``SHARED_KEYS`` (and the app's) after the others and leaves out
whatever would not fit whole. The first shared key always keeps its place: it is the key
that lists every key, the left-out ones included (``k``, the keys panel).

It also recomposes only when what it would show differs from what it shows. Textual's
``Footer`` mounts all its keys anew on every bindings update — each move, each focus change,
each bot answer — and restyling a dozen fresh widgets was a fifth of a game screen's time per
move (most of it for an unchanged row).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable

import attrs
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

PALETTE_ROOM = 12  # the palette's key, docked right: "^p palette", its border and margin


@attrs.frozen
class Entry:
    """One item of the footer: a key (several keys of one action show the first), or a group
    of actions shown as their keys and the group's label."""

    bindings: tuple[tuple[Binding, bool, str], ...]  # (binding, enabled, tooltip) per action
    group: Binding.Group | None
    shared: bool

    @property
    def grouped(self) -> bool:
        return self.group is not None and len(self.bindings) > 1


class KeysFooter(Footer):
    """``Footer`` with the screen's keys first, every key whole, recomposed only on change."""

    # A group's label keeps a column from the next key in the compact footer too (Textual's
    # has none there: ``123 DiceNext`` ran into the following key).
    DEFAULT_CSS = """
    KeysFooter.-compact FooterLabel { margin: 0 1 0 0; }
    """

    _shown: Hashable = None

    def _showing(self) -> Hashable:
        """Everything ``compose`` reads: the screen's active keys, the switches, the width."""
        keys = tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
        )
        switches = (self.compact, self.show_command_palette, self.combine_groups)
        return (keys, switches, self.app.size.width)

    def entries(self) -> list[Entry]:
        """The keys to show, as Textual's footer groups them, the screen's own first: those
        bound by the app or listed in the screen's ``SHARED_KEYS`` come after, in its order."""
        shared_order = tuple(getattr(self.screen, "SHARED_KEYS", ()))
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        shared: set[str] = set()
        for node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
                if isinstance(node, App) or binding.action in shared_order:
                    shared.add(binding.action)
        entries: list[Entry] = []
        for action, bound in by_action.items():
            group = bound[0][0].group if self.combine_groups else None
            last = entries[-1] if entries else None
            if group is not None and last is not None and last.group == group:
                entries[-1] = attrs.evolve(last, bindings=(*last.bindings, bound[0]))
            else:
                entries.append(Entry((bound[0],), group, action in shared))

        def rank(entry: Entry) -> int:
            action = entry.bindings[0][0].action
            return shared_order.index(action) if action in shared_order else len(shared_order)

        own = [e for e in entries if not e.shared]
        return own + sorted((e for e in entries if e.shared), key=rank)

    def width(self, entry: Entry) -> int:
        """The columns ``entry`` takes, its margin included (Textual's footer styles)."""
        display = self.app.get_key_display
        if entry.grouped:
            keys = [cell_len(display(binding)) for binding, _e, _t in entry.bindings]
            if entry.group.compact:  # the keys side by side after a space, then a margin
                keys_width = 1 + sum(keys) + 1
            else:  # a column between keys and on each side
                keys_width = sum(keys) + len(keys) + 1
            return keys_width + cell_len(entry.group.description) + 1  # a label's margin
        binding = entry.bindings[0][0]
        key, words = cell_len(display(binding)), cell_len(binding.description)
        if self.compact:
            return key + (words + 1 if words else 0) + 1
        return key + words + 3 if words else key

    def fitting(self, entries: list[Entry]) -> list[Entry]:
        """As many entries as fit whole, in order; the first shared one always: it lists the
        rest (so its room is kept before the screen's own keys take theirs). A screen with no
        ``SHARED_KEYS`` has no such key: all of its keys are shown."""
        if not getattr(self.screen, "SHARED_KEYS", ()):
            return entries  # no key lists the others here: none is left out
        room = self.app.size.width + (1 if self.compact else 0)  # the last margin may fall off
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            room -= PALETTE_ROOM
        first_shared = next((e for e in entries if e.shared), None)
        used = self.width(first_shared) if first_shared is not None else 0
        kept = []
        for entry in entries:
            if entry is first_shared:
                kept.append(entry)
                continue
            needed = self.width(entry)
            if used + needed <= room:
                used += needed
                kept.append(entry)
        return kept

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            self._shown = None
            return
        self._shown = self._showing()
        kept = self.fitting(self.entries())
        self.styles.grid_size_columns = sum(len(e.bindings) for e in kept)
        for entry in kept:
            yield from self.entry_widgets(entry)
        yield from self.palette_key()

    def entry_widgets(self, entry: Entry) -> ComposeResult:
        """Textual's footer widgets for one entry, born as compact as the footer (a key's own
        default is compact): nothing to restyle as they mount."""
        display = self.app.get_key_display
        if entry.grouped:
            with KeyGroup(classes="-compact" if entry.group.compact else ""):
                for binding, enabled, tooltip in entry.bindings:
                    yield self.born_compact(
                        FooterKey(
                            binding.key,
                            display(binding),
                            "",
                            binding.action,
                            disabled=not enabled,
                            tooltip=tooltip or binding.description,
                            classes="-grouped",
                        )
                    )
            yield FooterLabel(entry.group.description)
            return
        binding, enabled, tooltip = entry.bindings[0]
        yield self.born_compact(
            FooterKey(
                binding.key,
                display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            )
        )

    def born_compact(self, key: FooterKey) -> FooterKey:
        key.set_reactive(FooterKey.compact, self.compact)
        key.set_class(self.compact, "-compact", update=False)
        return key.data_bind(compact=Footer.compact)

    def palette_key(self) -> ComposeResult:
        """The command palette's key, docked right, as Textual's footer shows it."""
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return
        _node, binding, enabled, _tooltip = found
        yield FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            binding.description,
            binding.action,
            classes="-command-palette",
            disabled=not enabled,
            tooltip=binding.tooltip or binding.description,
        )

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    def on_resize(self) -> None:
        """Another width: other keys may fit."""
        self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        """A redraw asked for before the screen began to leave runs while its widgets are being
        removed one by one: the screen cannot say then which keys work, and nobody sees it."""
        if self.is_attached and not self._pruning and self._showing() != self._shown:
            await self.recompose()
