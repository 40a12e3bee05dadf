"""A shared table's chat on its game screen: ``h`` opens a one-line box, the lines said show
in the log under the board and in the whole log (``l``) where the game had got to, and other
clients' lines arrive with the table's own poll (a stat of ``NAME.chat`` beside the table's).
What may be said, by whom and how often is ``saves.table_chat``'s to decide. And after the
end, the rematch its result screen offers (``saves.table_rematch``). Mixed into
``GameScreen``."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engine.i18n import N_, _
from saves.paths import same_person, visible
from saves.record import SaveError
from saves.table_chat import MAX_TEXT, ChatFeed, ChatLine, chat_refusal, say
from saves.table_rematch import propose_rematch, rematch_of
from tui.messages import OpenTable
from tui.textual_i18n import recompose_keeping_input
from tui.widgets.log import literal

CHAT_STYLE = "cyan"  # a chat line in the log: told apart from the game's lines


def chat_markup(line: ChatLine) -> str:
    """ "[12:04] ana: text" as a log line: the typed text shown exactly as written."""
    return f"[{CHAT_STYLE}]{literal(line.words())}[/{CHAT_STYLE}]"


class ChatBox(ModalScreen[None]):
    """One line to say at the table: Enter sends it, Escape cancels. A refused line stays in
    the box with the reason above it (the toasts are hidden under a dialog)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]
    HINT = N_("Say to the table (Enter sends, Escape cancels):")

    def __init__(self, send: Callable[[str], str | None]) -> None:
        """``send`` writes a line, returning why it was refused (None: it was said)."""
        super().__init__()
        self.send = send

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_(self.HINT), classes="question", id="chat-said")
            yield Input(max_length=MAX_TEXT, id="chat-text")

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = self.send(event.value)
        if problem is None:
            self.dismiss(None)
        else:
            self.query_one("#chat-said", Static).update(Content(problem))

    def action_cancel(self) -> None:
        self.dismiss(None)


class TableChat:
    """The chat of the table on screen; the screen sets ``chat`` up (a ``ChatFeed`` at a
    table, else None)."""

    chat: ChatFeed | None

    def chat_person(self) -> str | None:
        """Who writes from here: the seat's player, or a spectator known to the app."""
        return self.session.player or self.app.player

    def action_chat(self) -> None:
        """Open the box, or say in one line why this person may not write here."""
        if self.chat is None:
            return
        refusal = chat_refusal(self.session.table, self.chat_person())
        if refusal is not None:
            self.notify(refusal, severity="warning", timeout=4, markup=False)
            return
        self.app.push_screen(ChatBox(self.send_chat))

    def send_chat(self, text: str) -> str | None:
        """Say ``text`` at the table and show it at once; why not, if it was refused."""
        try:
            say(self.session.store.root, self.session.table, self.chat_person(), text)
        except SaveError as err:
            return err.reason
        self.poll_chat()
        return None

    def poll_chat(self) -> None:
        """New lines in the chat (a stat when there are none): the log shows them."""
        if self.chat is not None and self.chat.poll() and self.view is not None:
            self.view = self.view

    def with_chat(self, said: list[tuple[int, str]]) -> list[str]:
        """The log's lines, each with the index of its event in the view's log, and the chat
        lines among them: each where the game's log had got to when it was said (counted in
        the events this viewer sees)."""
        chat = self.chat.lines if self.chat is not None else []
        if not chat:
            return [line for _i, line in said]
        log = self.session.state.log
        seen = list(itertools.accumulate((e.visible(self.viewer) for e in log), initial=0))
        places = sorted((seen[min(line.at, len(log))], n) for n, line in enumerate(chat))
        out: list[str] = []
        waiting = iter(places)
        place = next(waiting, None)
        for i, line in said:
            while place is not None and place[0] <= i:
                out.append(chat_markup(chat[place[1]]))
                place = next(waiting, None)
            out.append(line)
        while place is not None:
            out.append(chat_markup(chat[place[1]]))
            place = next(waiting, None)
        return out

    # --- the rematch --------------------------------------------------------------------------
    def rematch_said(self) -> str:
        """What Rematch does now, for the result screen: make the new table, or join the one
        a player proposed."""
        note = rematch_of(self.session.store, self.session.name)
        if note is None:
            return _(
                "Rematch: a new table with every seat moved on by one; the others join it "
                "when they like."
            )
        table = visible(note.table)
        if same_person(note.by, self.session.player):
            return _("You proposed a rematch: table {table}.").format(table=table)
        return _("{name} proposes a rematch: table {table}. Rematch (n) joins it.").format(
            name=visible(note.by), table=table
        )

    def rematch(self) -> None:
        """Propose the rematch (or take the one proposed) and sit down at it."""
        try:
            note = propose_rematch(self.session.store, self.session.table, self.session.player)
        except SaveError as err:
            self.notify(err.reason, severity="error", timeout=8, markup=False)
            return
        self.post_message(OpenTable(note.table))
