"""A replay: the game's own screen, read-only, stepping through a saved game.

``replay_screen(session)`` makes the game's screen class (``GallicScreen``...) into a replay
by putting ``ReplayMixin`` in front of it: the board, the log and every drawing are the
game's own, only the keys change. ← → step one action, PgUp PgDn one chapter (a battle, a
turn, a round), Home End go to the first and the last step; ``v`` shows everything once the
game is over, and then ``s`` draws the board from the next seat's side (its hand, objective
and cards where the viewer's are: El Álamo's Mexican hand face up, each Ataque player's
objective and cards in turn). Of the game's own keys only those that merely look stay
(another hand, another tab, the search); nothing that would move is bound, and ``act``
refuses (``read_only``).
"""

from __future__ import annotations

import dataclasses
import inspect
import types

from textual.actions import parse
from textual.binding import Binding
from textual.widgets import Footer, Input

from engine.i18n import N_, _, number
from saves.replay import ReplaySession
from tui.messages import OpenReview
from tui.screens.game import GameScreen
from tui.screens.registry import screen_for

# The game screens' own actions that only change what is looked at, never the game.
VIEW_ONLY = frozenset({"other_hand", "next_row", "search", "close_box", "filter", "tab"})
# The coach's keys stay bound (hidden) only to say that a replay plays nothing.
COACH_ACTIONS = frozenset({"coach_hint", "take_back"})
# Priority: the hands, the map and the table would take the arrows, Home and End first. One
# footer entry per pair of keys: the footer has 80 columns for all of them.
REPLAY_KEYS = [
    Binding("left", "step(-1)", N_("Step"), key_display="←→", priority=True),
    Binding("right", "step(1)", N_("Step"), show=False, priority=True),
    Binding("pageup", "chapter(-1)", N_("Chapter"), key_display="PgUp/Dn", priority=True),
    Binding("pagedown", "chapter(1)", N_("Chapter"), show=False, priority=True),
    Binding("home", "jump(0)", N_("Ends"), key_display="Home/End", priority=True),
    Binding("end", "jump(1)", N_("Ends"), show=False, priority=True),
    Binding("v", "reveal(True)", N_("Show all")),
    Binding("v", "reveal(False)", N_("Hide")),
    Binding("v", "reveal_refused", show=False),
    Binding("s", "next_seat", N_("Seat")),
]
LOOK_KEYS = [
    Binding("r", "review", N_("Review")),
    Binding("question_mark,f1", "rules", N_("Rules")),
    Binding("l", "log", N_("Log")),
    Binding("k", "keys", N_("Keys"), show=False),
    Binding("escape", "menu", N_("Back")),
]
MOVES = frozenset({"step", "chapter", "jump"})
SHOWN = frozenset({"next_seat"})  # only while everything is shown


class ReplayMixin:
    """Put in front of a game screen class: its board, driven by a ``ReplaySession``."""

    session: ReplaySession
    DESCRIBE_TAKES_VIEW = False  # mates and metauro word their log lines from the view

    def __init__(self, session: ReplaySession) -> None:
        super().__init__(session)
        self.viewer = session.seat  # the first human, as the game screen chose too

    # --- the line that says where the replay is -----------------------------------------------
    @property
    def seat_label(self) -> str:
        return self.game.seat_labels(len(self.seats))[self.viewer]

    def replay_line(self, width: int | None = None) -> str:
        """ "Replay · action 37/212 · Battle 3 · as Rome saw it" (shorter when narrow)."""
        s = self.session
        if s.revealed:
            who = _("everything shown, as {seat}").format(seat=self.seat_label)
        else:
            who = _("as {seat} saw it").format(seat=self.seat_label)
        step = {"index": number(s.index), "count": number(s.count)}
        # Worded now, from the step shown: the session's chapters are worded once, at load,
        # and the language may have changed since.
        chapter = self.game.chapter(s.state)
        said = _("Replay · action {index}/{count} · {chapter} · {who}").format(
            chapter=chapter, who=who, **step
        )
        if width is not None and len(said) > width:
            said = _("Replay {index}/{count} · {chapter} · {who}").format(
                chapter=chapter, who=who, **step
            )
        return said

    def prompt_text(self, view) -> str:
        return self.replay_line(self.app.size.width - 2)

    def on_resize(self) -> None:
        """At 80 columns the footer's keys sit closer. (``GameScreen.on_mount`` calls this
        directly, so it calls the game screen's own too.)"""
        super().on_resize()
        footer = self.query_one(Footer)
        footer.compact = self.app.size.width < 100
        footer.show_command_palette = not footer.compact

    # --- keys -----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        s = self.session
        if action in MOVES:  # typing in a box (Ataque's filter, search): the arrows edit it
            return not isinstance(self.focused, Input)
        secrets = self.game.hidden_information  # else there is nothing more to show
        if action == "reveal":
            return secrets and s.finished and s.revealed != parameters[0]
        if action == "reveal_refused":
            return secrets and not s.finished
        if action == "review":
            return s.finished
        if action in SHOWN:
            return secrets and s.revealed and len(self.seats) > 1
        if action in VIEW_ONLY:
            return super().check_action(action, parameters)
        return True

    def show_step(self, index: int) -> None:
        if self.session.go(index):
            self.advance()

    def action_step(self, step: int) -> None:
        self.show_step(self.session.index + step)

    def action_chapter(self, step: int) -> None:
        s = self.session
        self.show_step(s.next_chapter() if step > 0 else s.previous_chapter())

    def action_jump(self, end: int) -> None:
        self.show_step(self.session.count if end else 0)

    def action_reveal(self, on: bool) -> None:
        self.session.reveal(on)
        if not on:  # hidden again: the replay's own seat's eyes
            self.viewer = self.session.seat
        self.advance()

    def action_next_seat(self) -> None:
        """Everything is shown, but a board has one side at the bottom: the next seat's."""
        self.viewer = (self.viewer + 1) % len(self.seats)
        self.advance()

    def action_reveal_refused(self) -> None:
        self.notify(
            _("The game is not over: its replay shows only what {seat} saw.").format(
                seat=self.seat_label
            ),
            severity="warning",
            timeout=4,
        )

    def action_menu(self) -> None:
        self.app.pop_screen()

    def action_review(self) -> None:
        """The review of the whole game (``tui/screens/review.py``)."""
        self.post_message(OpenReview(self.session.source))

    def action_save_as(self) -> None:
        self.notify(_("A replay changes nothing: there is nothing to save."), timeout=3)

    def show_result(self, outcome) -> None:
        """No result screen: the header says how the game ended."""

    def log_contents(self) -> tuple[str, list[str], int | None]:
        """The log screen's title and lines, to the step shown (no "since your last move")."""
        s = self.session
        if s.revealed:
            title = _("{game} · replay · the log with everything shown, to action {index}")
        else:
            title = _("{game} · replay · the log as {seat} saw it, to action {index}")
        title = title.format(
            game=self.game.name, seat=self.seat_name(self.viewer), index=number(s.index)
        )
        return title, self.log_lines(), None

    # --- the log --------------------------------------------------------------------------------
    def describe(self, event, *more) -> str | None:
        """Once everything is shown, each private event (the cards a seat drew or exchanged,
        its new objective) is told once, in the third person with its details, as a spectator
        would read that move if nothing were secret (so even the viewer's own is "Rome
        exchanges", never "you"); its redacted twin for the other seats is left out."""
        if not self.session.revealed or event.visible_to is None:
            return super().describe(event, *more)
        if event.redacted_twin:
            return None
        me = self.viewer
        self.viewer = None
        try:
            return super().describe(event, *more)
        finally:
            self.viewer = me

    def log_line(self, event, view) -> str | None:
        """The log line of ``event`` in ``view`` (markup), whatever the game's ``describe``
        takes."""
        if self.DESCRIBE_TAKES_VIEW:
            return self.describe(event, view)
        return self.describe(event)


_CLASSES: dict[type, type] = {}


def replay_class(base: type[GameScreen]) -> type[GameScreen]:
    """``base`` (a game's screen class) as a replay: the replay's keys, the game's keys that
    only look, and rules, log and back."""
    made = _CLASSES.get(base)
    if made is not None:
        return made
    kept = []
    for bindings in base._merge_bindings().key_to_bindings.values():
        for binding in bindings:
            namespace, action, _parameters = parse(binding.action)
            if namespace or action in VIEW_ONLY | COACH_ACTIONS:  # in k's list, not the footer
                kept.append(dataclasses.replace(binding, show=False))
    takes_view = len(inspect.signature(base.describe).parameters) > 2

    def body(ns: dict) -> None:
        ns["BINDINGS"] = [*REPLAY_KEYS, *kept, *LOOK_KEYS]
        ns["DESCRIBE_TAKES_VIEW"] = takes_view
        ns["__doc__"] = f"A replay on {base.__name__}'s board."
        ns["__module__"] = __name__

    made = types.new_class(
        f"Replay{base.__name__}", (ReplayMixin, base), {"inherit_bindings": False}, body
    )
    _CLASSES[base] = made
    return made


def replay_screen(session: ReplaySession) -> GameScreen:
    """The replay screen for a session's game."""
    return replay_class(type(screen_for(session)))(session)
