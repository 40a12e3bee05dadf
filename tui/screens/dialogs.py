"""Small modal dialogs: yes/no and a one-line text prompt."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from saves.paths import unprintable_problem, visible


class ConfirmDialog(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes") -> None:
        super().__init__()
        self.question = question
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.question), classes="question")  # it may quote a title
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (y)", variant="error", id="yes")
                yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class PromptDialog(ModalScreen[str | None]):
    """One line of text, such as a title. Control and invisible formatting characters (a
    paste can carry them) are refused in the dialog itself, which stays open."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    HINT = "Enter to accept, Escape to cancel"

    def __init__(self, prompt: str, value: str = "", what: str = "A title") -> None:
        super().__init__()
        self.prompt = prompt
        self.value = visible(value)  # an old title from a file, as it is shown elsewhere
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.prompt, classes="question")
            yield Input(value=self.value, max_length=60)
            yield Static(self.HINT, classes="hint", id="prompt-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        problem = unprintable_problem(text, self.what)
        if problem:
            self.query_one("#prompt-hint", Static).update(Content(problem))
            return
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConflictDialog(ModalScreen[str]):
    """Another session continued this game: load its newer position, or keep ours as a copy.

    Either way nothing is lost: the other session's game stays under the old name.
    """

    BINDINGS = [
        Binding("l", "choose('load')", "Load the newer game"),
        Binding("k", "choose('copy')", "Keep mine as a copy"),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.reason), classes="question")
            yield Static(
                "This window saves nothing more until you choose: load the newer game here, "
                "or keep the position on this screen as a copy under a new name."
            )
            with Horizontal(classes="buttons"):
                yield Button("Load the newer game (l)", variant="primary", id="load")
                yield Button("Keep mine as a copy (k)", id="copy")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
