"""A game's rules as Markdown, house rules marked, from the menu or `?` / F1 in play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, MarkdownViewer

from engine.i18n import N_, _
from tui.widgets.footer import KeysFooter

# The title of the house-rules section in each language's RULES file ("## House rules"); the
# rules' own tests (tests/engine/test_rules_translations.py) hold every translation to it.
HOUSE_RULES = {"en": "House rules", "es": "Reglas de la casa", "it": "Regole della casa"}


def house_rules_anchor(markdown: str) -> str | None:
    """The anchor of the rules' house-rules section (whatever language they are in)."""
    from textual._slug import slug

    for title in HOUSE_RULES.values():
        if f"\n## {title}\n" in f"\n{markdown}\n":
            return slug(title)
    return None


class RulesScreen(Screen):
    """The rules scroll (they are long at 80×24); `h` jumps to the house rules, where Batallas
    says how it plays what the sheet leaves open."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", N_("Back")),
        Binding("h", "house_rules", N_("House rules")),
        Binding("question_mark,f1", "app.pop_screen", N_("Close"), show=False),
    ]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.markdown = game.rules_markdown()

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(self.markdown, show_table_of_contents=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = _("Rules · {game}").format(game=self.game.name)
        self.query_one(MarkdownViewer).focus()

    async def language_changed(self) -> None:
        """The rules as written in the language just chosen (English where none is)."""
        self.markdown = self.game.rules_markdown()
        await self.recompose()
        self.on_mount()

    def action_house_rules(self) -> None:
        anchor = house_rules_anchor(self.markdown)
        if anchor is None or not self.query_one(MarkdownViewer).document.goto_anchor(anchor):
            self.notify(_("These rules have no house rules section."), timeout=4)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "house_rules":
            return house_rules_anchor(self.markdown) is not None
        return True
