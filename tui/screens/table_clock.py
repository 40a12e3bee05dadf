"""A game screen's clock at a shared table, resigning, and a seat taken over by a bot.

The deadline comes from the table file as last read (``saves.table_clock``): each player's
client sets one timer for it and, when it fires, hands the overdue seat to the table's
take-over bot under the table's lock (one client lands it; the others see it). The time left
counts down once a second from memory, never from the disk. Mixed into ``GameScreen``.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from engine.core import IllegalAction
from engine.i18n import N_, _
from saves.locks import Busy
from saves.outcomes import ends_game
from saves.record import level_name
from saves.store import SaveError
from saves.table_clock import left_text
from saves.table_deadline import clock_shown, next_deadline
from saves.tables import TableChanged
from tui.screens.dialogs import ConfirmDialog
from tui.widgets.status import StatusBar

CLOCK_TICK = 1.0  # seconds between redraws of the time left (from memory)
LATE = 0.05  # seconds after a deadline the timer fires: the clock has surely run out then
RETRY = 1.0  # seconds before trying a take-over again when another client holds the table
RESIGN_ASK = N_("Resign this game? With two players the other side wins.")
RESIGN_ASK_MANY = N_("Resign this game? A bot plays your seat to the end.")


class TableClock:
    """The screen sets ``deadline_timer`` (None) up and calls ``start_clock`` at a table."""

    def start_clock(self) -> None:
        """The clock's place on the status line, its tick and its first timer."""
        clock = Static(Content(self.clock_words()), id="table-clock")
        self.query_one(StatusBar).mount(clock, before="#thinking")
        self.set_interval(CLOCK_TICK, self.tick_table_clock)
        self.schedule_clock()

    def schedule_clock(self) -> None:
        """One timer for the table's next deadline, set again after every change."""
        if self.deadline_timer is not None:
            self.deadline_timer.stop()
            self.deadline_timer = None
        due = next_deadline(self.game, self.session.table)
        if due is not None:
            wait = max(0.0, due - self.session.store.now()) + LATE
            self.deadline_timer = self.set_timer(wait, self.clock_ran_out)
        self.tick_table_clock()

    def clock_ran_out(self) -> None:
        """A deadline passed: take the seat over (unless another client did), then show it."""
        self.deadline_timer = None
        if self.table_wait is not None:  # our move waits for the lock: look again later
            self.deadline_timer = self.set_timer(RETRY, self.clock_ran_out)
            return
        seats_before = self.session.table.owners
        try:
            changed = self.session.take_over_overdue()
        except Busy:
            self.deadline_timer = self.set_timer(RETRY, self.clock_ran_out)
            return
        except SaveError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        if changed:
            self.tell_taken_over(seats_before)
            self.table_moved()
        self.schedule_clock()

    def tick_table_clock(self) -> None:
        """The time left for the seat to move, counted from memory."""
        clocks = self.query("#table-clock")
        if clocks:
            clocks.first(Static).update(Content(self.clock_words()))

    def clock_words(self) -> str:
        """``⏱ 4:32 left`` for our seat, ``⏱ ana · 2 d 3 h left`` for another's; empty when
        no clock runs."""
        shown = clock_shown(self.game, self.session.table, self.session.seat)
        if shown is None:
            return ""
        seat, due = shown
        left = left_text(due - self.session.store.now())
        if seat == self.session.seat:
            return f" ⏱ {left} "
        return f" ⏱ {self.seat_name(seat, with_label=False)} · {left} "

    # --- seats taken over, claimed back ------------------------------------------------------
    def taken_over_text(self) -> str:
        """The status line's word that a bot plays someone's seat and that they may claim it
        back (the log says it in full when it happens)."""
        table = self.session.table
        if self.match.outcome() is not None:
            return ""  # nothing to claim back from a game that is over
        mine = table.claimable_by(self.session.player)
        if mine is not None:
            level = level_name(table.takeover)
            return _("The {level} bot plays your seat: F9 claims it back.").format(level=level)
        for seat in range(len(table.owners)):
            who = table.taken_from(seat)
            if who and seat not in table.record.resigned:
                return _("The {level} bot plays {name}'s seat; {name} may claim it back.").format(
                    name=who, level=level_name(table.takeover)
                )
        return ""

    def tell_taken_over(self, before: tuple[str, ...]) -> None:
        """A log note for each seat a bot took since ``before`` (the owners then)."""
        table = self.session.table
        level = level_name(table.takeover)
        for seat, owner in enumerate(before):
            who = table.taken_from(seat)
            if not who or owner != who:
                continue
            if seat in table.record.resigned:
                said = _("{name} resigned: the {level} bot plays the seat.")
            else:
                said = _(
                    "{name}'s time ran out: the {level} bot plays the seat; {name} may claim "
                    "it back before its next move."
                )
            self.note(said.format(name=who, level=level))

    def action_claim_back(self) -> None:
        """Our seat back from the bot, on the position shown (refused if the bot moved)."""
        try:
            self.session.claim_back()
        except TableChanged as err:
            self.notify(str(err), severity="warning", markup=False)
            self.table_moved()
            return
        except (IllegalAction, SaveError) as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        self.match.forget_stale_bots()
        self.match.thinking.pop(self.session.seat, None)
        self.note(_("{name} claimed the seat back.").format(name=self.session.player))
        self.advance()

    # --- resigning ---------------------------------------------------------------------------
    def action_resign(self) -> None:
        """Resign, once confirmed: the other side wins, or (at a table of three or more) a
        bot plays on for us."""
        many = not ends_game(self.session.record)

        def question() -> str:
            return _(RESIGN_ASK_MANY) if many else _(RESIGN_ASK)

        def answer(yes: bool | None) -> None:
            if yes:
                self.resign_now()

        self.app.push_screen(ConfirmDialog(question, yes=lambda: _("Resign")), answer)

    def resign_now(self) -> None:
        before = self.session.table.owners if self.at_table else ()
        try:
            self.session.resign(self.viewer)
        except (IllegalAction, SaveError) as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        if self.at_table:
            self.tell_taken_over(before)
            self.table_moved()
        else:
            self.match.thinking.clear()  # bots thinking on: the game is over
            self.advance()

    def resigned_prompt(self) -> str:
        """How a game a resignation ended ended (the board's own prompt knows only the
        engine's end); empty otherwise."""
        if not self.session.record.resigned or self.game.outcome(self.session.state) is not None:
            return ""
        outcome = self.match.outcome()
        return _("Game over — {reason}").format(reason=outcome.reason) if outcome else ""

    def table_key_works(self, action: str) -> bool | None:
        """Whether resign or claim back works now; None for any other key. At one terminal
        a player may resign a game of one or two (not a lesson, not a replay)."""
        if action not in ("resign", "claim_back"):
            return None
        if self.watching or self.read_only or self.lesson is not None:
            return False
        if self.match.outcome() is not None:
            return False
        if not self.at_table:
            return (
                action == "resign" and ends_game(self.session.record) and self.is_human(self.viewer)
            )
        table = self.session.table
        if action == "claim_back":
            return table.claimable_by(self.session.player) is not None
        return not table.is_bot(self.session.seat)
