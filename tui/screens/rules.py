"""A game's rules as Markdown, house rules marked, from the menu or `?` / F1 in play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, MarkdownViewer

HOUSE_RULES = "house-rules"  # the anchor of every RULES.md's "## House rules" section


class RulesScreen(Screen):
    """The rules scroll (they are long at 80×24); `h` jumps to the house rules, where Batallas
    says how it plays what the sheet leaves open."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("h", "house_rules", "House rules"),
        Binding("question_mark,f1", "app.pop_screen", "Close", show=False),
    ]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.markdown = game.rules_markdown()

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(self.markdown, show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Rules · {self.game.name}"
        self.query_one(MarkdownViewer).focus()

    def action_house_rules(self) -> None:
        if not self.query_one(MarkdownViewer).document.goto_anchor(HOUSE_RULES):
            self.notify("These rules have no house rules section.", timeout=4)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "house_rules":
            return "## House rules" in self.markdown
        return True
