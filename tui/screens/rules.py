"""A game's rules as Markdown, house rules marked, from the menu or `?` / F1 in play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, MarkdownViewer


class RulesScreen(Screen):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("question_mark,f1", "app.pop_screen", "Close", show=False),
    ]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(self.game.rules_markdown(), show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Rules · {self.game.name}"
        self.query_one(MarkdownViewer).focus()
