"""The keys panel (``k``): every key of the screen with what it does, one row per action.

Textual's panel gives each bound key its own row, so the keys a screen binds one by one for a
range it shows as one (``1-9 Fire``, ``←→↑↓ Move``) came out as rows ``2``, ``3``… with no
words. Here such a key joins the row before it when both run the same action on another value
(``mark(0)``, ``mark(1)``…): the row reads ``1-9 Fire``, or ``← → ↑ ↓`` and its words.
"""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import HelpPanel, KeyPanel, Markdown
from textual.widgets._key_panel import BindingsTable

from tui.textual_i18n import translated_binding


def continues(row: Binding, binding: Binding) -> bool:
    """Whether ``binding`` is one more key of ``row``'s range: the same action on another
    value (``mark(1)`` after ``mark(0)``), with no words of its own or the same words."""
    same_action = parse(row.action)[1] == parse(binding.action)[1]
    return same_action and binding.description in ("", row.description)


class KeysTable(BindingsTable):
    """Textual's bindings table with a range of keys on one row."""

    def rows(self) -> list[tuple[object, list[Binding]]]:
        """(namespace, the bindings of one row) in the order the screen gives them: one row
        per action, and a key without words on the row of the same action before it."""
        rows: list[tuple[object, list[Binding]]] = []
        seen: dict[tuple[object, str], list[Binding]] = {}
        for namespace, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if binding.system:
                continue
            same = seen.get((namespace, binding.action))
            if same is not None:
                same.append(binding)
                continue
            if rows:
                last_namespace, last = rows[-1]
                if last_namespace is namespace and continues(last[0], binding):
                    last.append(binding)
                    continue
            row = [binding]
            seen[namespace, binding.action] = row
            rows.append((namespace, row))
        return rows

    @staticmethod
    def words_of_range(namespace, binding: Binding) -> str:
        """The words of the range ``binding`` belongs to, when another key took the range's
        first key (the game's ``1-8 Mark`` over the hand's ``1-9 Toggle``: ``9`` toggles)."""
        for bound in namespace._bindings.key_to_bindings.values():
            for other in bound:
                if other.description and continues(other, binding):
                    return translated_binding(other).description
        return ""

    def keys_text(self, bindings: list[Binding]) -> str:
        """A row's keys: the first key's own display when it names the range (``1-9``)."""
        first = bindings[0]
        if first.key_display is not None:
            return self.app.get_key_display(first)
        shown = (self.app.get_key_display(b) for b in bindings)
        return " ".join(dict.fromkeys(shown))

    def render_bindings_table(self) -> Table:
        key_style = self.get_component_rich_style("bindings-table--key")
        words_style = self.get_component_rich_style("bindings-table--description")
        divider_transparent = self.get_component_styles("bindings-table--divider").color.a == 0
        table = Table(
            padding=(0, 0),
            show_header=False,
            box=box.SIMPLE if divider_transparent else box.HORIZONTALS,
            border_style=self.get_component_rich_style("bindings-table--divider"),
        )
        table.add_column("", justify="right")
        previous = None
        for namespace, bindings in self.rows():
            if previous is not None and namespace is not previous:
                table.add_section()
            previous = namespace
            words = next((b.description for b in bindings if b.description), "")
            words = words or self.words_of_range(namespace, bindings[0])
            table.add_row(
                Text(self.keys_text(bindings), style=key_style), Text(words, style=words_style)
            )
        return table


class KeysList(KeyPanel):
    def compose(self) -> ComposeResult:
        yield KeysTable(shrink=True, expand=False)


class KeysPanel(HelpPanel):
    """Textual's help panel (the focused widget's help, then the keys) with our keys table.

    It lies over the right of the screen on a layer of its own instead of splitting the
    screen: split, it shrank a hand of eight cards to five columns each and "R 10" read "R 1".
    """

    SCOPED_CSS = False  # the layer is declared on the screen it lies over
    DEFAULT_CSS = """
    Screen { layers: default keys-panel; }
    KeysPanel { layer: keys-panel; background: $panel; }
    """

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield KeysList(id="keys-help")
