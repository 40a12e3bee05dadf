"""Small modal dialogs: yes/no and a one-line text prompt.

Their sentences may be given as a function that says them (``Said``): a language switch
while a dialog is open asks it again, so the question follows the switch like its buttons.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from engine.i18n import N_, _, ngettext, number
from saves.paths import MAX_TITLE, title_problem, visible
from tui.textual_i18n import recompose_keeping_input

Said = str | Callable[[], str]
ANSWER_DELAY = 0.5  # seconds a dialog that switches or discards a game is shown before it listens


def say(text: Said) -> str:
    """The text of ``text`` in the current language (a plain string is shown as it is)."""
    return text() if callable(text) else text


class Deliberate:
    """For a dialog whose answer switches or discards a game (a mixin before ``ModalScreen``).

    The Enter meant for the board, pressed as the dialog appeared (or queued behind the move
    that made it appear), would answer a question nobody read. So a key made before the dialog
    showed, or within ``ANSWER_DELAY`` of it, is nobody's answer, nor is a click that soon;
    the dialog stays. Answers go through ``answer``."""

    _shown_at = math.inf  # nothing counts until the dialog is shown

    def on_screen_resume(self) -> None:
        """Shown (again: a screen that covered it, such as "too small", went away)."""
        self._shown_at = time.monotonic()

    def too_soon(self, moment: float) -> bool:
        return moment < self._shown_at + ANSWER_DELAY

    def on_key(self, event: events.Key) -> None:
        """A key on its way up from the dialog's buttons, stopped before any binding runs
        when it was pressed too soon (read late on a busy machine, it still counts from when
        it was pressed)."""
        if self.too_soon(event.time):
            event.stop()
            event.prevent_default()

    def answer(self, result) -> None:
        """Dismiss with ``result`` unless it comes too soon: this catches clicks, and a key
        queued behind the move on the board, which reaches the dialog's bindings without
        passing through ``on_key``."""
        if not self.too_soon(time.monotonic()):
            self.dismiss(result)


class ConfirmDialog(Deliberate, ModalScreen[bool]):
    """A question (a translated sentence, or a function saying it) with a yes button named
    for what it does."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: Said, yes: Said | None = None) -> None:
        super().__init__()
        self.question = question
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(say(self.question)), classes="question")  # it may quote a title
            with Horizontal(classes="buttons"):
                yes = say(self.yes) if self.yes else _("Yes")
                yield Button(_("{answer} (y)").format(answer=yes), variant="error", id="yes")
                yield Button(_("No (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.answer(value)


class PromptDialog(ModalScreen[str | None]):
    """One line of text, such as a title. Control and invisible formatting characters (a
    paste can carry them) are refused in the dialog itself, which stays open."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]
    HINT = N_("Enter to accept, Escape to cancel")

    def __init__(self, prompt: Said, value: str = "", what: Said | None = None) -> None:
        """``what`` names the text in a refusal ("A title", the default)."""
        super().__init__()
        self.prompt = prompt
        self.value = visible(value)  # an old title from a file, as it is shown elsewhere
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(say(self.prompt)), classes="question")
            yield Input(value=self.value, max_length=MAX_TITLE, id="prompt-text")
            yield Static(_(self.HINT), classes="hint", id="prompt-hint")

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        problem = title_problem(text, say(self.what) if self.what else _("A title"))
        if problem:
            self.query_one("#prompt-hint", Static).update(Content(problem))
            return
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConflictDialog(Deliberate, ModalScreen[str]):
    """Another session continued this game: load its newer position, or keep ours as a copy.

    Either way nothing is lost: the other session's game stays under the old name; only the
    ``unsaved`` moves on this screen (a move that met the conflict) stay out of the newer game,
    and the dialog says so.
    """

    BINDINGS = [
        Binding("l", "choose('load')", N_("Load the newer game")),
        Binding("k", "choose('copy')", N_("Keep mine as a copy")),
    ]

    def __init__(self, reason: str, unsaved: int = 0) -> None:
        super().__init__()
        self.reason = reason
        self.unsaved = unsaved

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.reason), classes="question")
            if self.unsaved:
                yield Static(
                    ngettext(
                        "The last move made here is not saved: loading the newer game leaves it "
                        "out, a copy keeps it.",
                        "The last {n} moves made here are not saved: loading the newer game "
                        "leaves them out, a copy keeps them.",
                        self.unsaved,
                    ).format(n=number(self.unsaved)),
                    id="unsaved",
                )
            yield Static(
                _(
                    "This window saves nothing more until you choose: load the newer game "
                    "here, or keep the position on this screen as a copy under a new name."
                )
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Load the newer game (l)"), variant="primary", id="load")
                yield Button(_("Keep mine as a copy (k)"), id="copy")

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id)

    def action_choose(self, what: str) -> None:
        self.answer(what)
