"""Textual in the current language: its own words, the keys' descriptions, and the screens
on the stack redrawn when the language changes.

Textual 8.2.8 builds each class's key bindings once, when the class is defined, and its
Footer and key panel read their descriptions through ``Screen.active_bindings``. So the
descriptions stay English msgids everywhere (screens write ``Binding("c", "continue",
N_("Continue"))``) and are translated there, as they are read: every screen, Textual's own
included, whenever its class was defined and whatever the language was then.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterable
from functools import lru_cache

from textual.app import SystemCommand
from textual.binding import ActiveBinding, Binding
from textual.screen import Screen
from textual.widgets import Input, Select
from textual.widgets.select import InvalidSelectValueError

from engine import i18n
from engine.i18n import N_, _, pgettext

# Textual's own words that reach the screen: its system commands in the palette, and the
# descriptions its widgets give their keys (the key panel lists them). Marked here so that
# extraction puts them in our catalogs; translated where they are shown.
TEXTUAL_WORDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Up"),
    N_("Down"),
    N_("First"),
    N_("Last"),
    N_("Select"),
    N_("Dismiss menu"),
    N_("Show menu"),
    N_("Move cursor left"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor left"),
    N_("Cursor right"),
    N_("Home"),
    N_("End"),
    N_("Page up"),
    N_("Page down"),
    N_("Top"),
    N_("Bottom"),
    N_("Press button"),
    N_("Previous tab"),
    N_("Next tab"),
)


def key_names() -> dict[str, str]:
    """The names Textual writes for keys in the footer and the key panel (``space``, ``tab``,
    ``esc``), in the current language; the arrows and ⏎ are symbols, the same everywhere."""
    return {
        "space": pgettext("key name", "space"),
        "tab": pgettext("key name", "tab"),
        "esc": pgettext("key name", "esc"),
        "del": pgettext("key name", "del"),
        "pgup": pgettext("key name", "pgup"),
        "pgdn": pgettext("key name", "pgdn"),
        "home": pgettext("key name", "home"),
        "end": pgettext("key name", "end"),
        "shift": pgettext("key name", "shift"),
    }


def key_display(display: str) -> str:
    """Textual's display of a key (``space``, ``shift+tab``) in the current language."""
    names = key_names()
    return "+".join(names.get(part, part) for part in display.split("+"))


def shown(text: str | None) -> str | None:
    """``text`` translated, except an empty one (gettext's "" is the catalog's header)."""
    return _(text) if text else text


@lru_cache(maxsize=2048)
def _translated(binding: Binding, generation: int) -> Binding:
    """``binding`` with its description, tooltip and group in the language ``code``."""
    group = binding.group
    if group is not None and group.description:
        group = Binding.Group(_(group.description), compact=group.compact)
    changed = dataclasses.replace(
        binding,
        description=shown(binding.description),
        tooltip=shown(binding.tooltip),
        group=group,
    )
    return binding if changed == binding else changed


def translated_binding(binding: Binding) -> Binding:
    return _translated(binding, i18n.generation())


_english_active_bindings = Screen.active_bindings


def _active_bindings(self: Screen) -> dict[str, ActiveBinding]:
    return {
        key: ActiveBinding(node, translated_binding(binding), enabled, shown(tooltip))
        for key, (node, binding, enabled, tooltip) in _english_active_bindings.fget(self).items()
    }


def translate_bindings() -> None:
    """From now on, the footer and the key panel show every key's description in the current
    language (idempotent; the app calls it once)."""
    Screen.active_bindings = property(_active_bindings, doc=_english_active_bindings.__doc__)


def translated_commands(commands: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
    """Textual's own palette commands with their title and help in the current language."""
    for command in commands:
        yield command._replace(title=_(command.title), help=shown(command.help))


# --- a language switch --------------------------------------------------------------------
async def relabel(screen: Screen) -> None:
    """Show ``screen`` in the language just installed.

    A screen says how in ``language_changed()`` (plain or async): most compose themselves
    again with ``recompose_keeping_input``, then refill what their ``on_mount`` filled. A
    screen without it keeps the text it holds until it is opened again; what it reloads in
    ``on_screen_resume`` is reloaded now. Either way the keys in its footer follow at once.
    """
    hook = getattr(screen, "language_changed", None) or getattr(screen, "on_screen_resume", None)
    if hook is not None:
        result = hook()
        if inspect.isawaitable(result):
            await result
    screen.refresh_bindings()


async def recompose_keeping_input(screen: Screen) -> None:
    """Compose ``screen`` again (its labels in the new language) with the values of its
    inputs and selects (those with an id), and the focus, as they were."""
    kept: dict[str, object] = {}
    for widget in screen.query("Input, Select"):
        if widget.id:
            kept[widget.id] = widget.value
    focused = screen.focused.id if screen.focused is not None else None
    await screen.recompose()
    for widget in screen.query("Input, Select"):
        if widget.id in kept:
            value = kept[widget.id]
            if isinstance(widget, Input):
                widget.value = str(value)
            elif isinstance(widget, Select) and value != Select.BLANK:
                try:
                    widget.value = value
                except InvalidSelectValueError:  # its choices are not what they were
                    pass
    if focused:
        found = screen.query(f"#{focused}")
        if found:
            found.first().focus()
