"""Keys one screen adds for itself (a lesson's Enter, a spectator's "not while watching").

Textual gives each node a copy of its class's bindings whose per-key lists are still the
class's own: appending to one would add the key to every later screen of that game."""

from __future__ import annotations

from textual.binding import BindingsMap
from textual.dom import DOMNode


def own_bindings(node: DOMNode) -> BindingsMap:
    """``node``'s bindings, made its own (idempotent), ready to be added to."""
    if not getattr(node, "_bindings_owned", False):
        bindings = BindingsMap()
        bindings.key_to_bindings = {
            key: list(keyed) for key, keyed in node._bindings.key_to_bindings.items()
        }
        node._bindings = bindings
        node._bindings_owned = True
    return node._bindings
