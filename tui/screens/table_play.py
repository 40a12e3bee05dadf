"""A game screen at a shared table: a move that waits for the table's lock (in a worker, so
the screen stays responsive), the polling that shows other terminals' moves, the count of
spectators, and a spectator's keys (they only look). Mixed into ``GameScreen``."""

from __future__ import annotations

import time

from textual import work
from textual.actions import parse
from textual.message import Message
from textual.worker import Worker, get_current_worker

from engine.core import IllegalAction
from engine.i18n import N_, _
from engine.words import listing
from saves.paths import visible
from saves.store import SaveError
from saves.tables import WATCHING, TableChanged, count_watchers, watching_text
from tui.screens.screen_keys import own_bindings
from tui.widgets.status import StatusBar

TABLE_POLL = 0.25  # seconds between looks at a shared table's file (a stat when idle)
WATCHERS_POLL = 1.0  # seconds between counts of a table's spectators
# keys a spectator may use (a spectator never writes, so never has a move to cancel)
LOOK_ACTIONS = frozenset({"rules", "menu", "log", "keys", "cancel_table_wait", "chat"})
TABLE_WAIT = N_("Waiting for the table… Escape cancels your move.")
BOT_TABLE_WAIT = N_("Waiting for the table…")
STILL_WAITING = N_("Your move is still waiting for the table: Escape cancels it.")


class TableWritten(Message):
    """A move that waited for the table's lock was written, or not (``error`` says why)."""

    def __init__(self, worker: Worker, seat: int, bot: bool, error: Exception | None) -> None:
        super().__init__()
        self.worker = worker
        self.seat = seat
        self.bot = bot
        self.error = error


class TablePlay:
    """What a game screen does at a shared table (``session`` a ``TableSession`` or a
    ``TableWatch``); the screen sets ``table_wait``, ``table_wait_bot``, ``watchers`` and
    ``_watchers_counted`` up."""

    def waiting_text(self) -> str:
        """At a table: the lock a move waits for, or, when only people at other terminals can
        move, whom we wait for."""
        if self.table_wait is not None:
            return _(BOT_TABLE_WAIT) if self.table_wait_bot else _(TABLE_WAIT)
        if self.watching:
            return self.watching_prompt()
        taken = self.taken_over_text() if self.at_table else ""
        if taken and not self.my_turn:
            return taken
        away = self.match.waiting_for()
        return _("Waiting for {names}…").format(names=listing(away)) if away else ""

    # --- waiting for a table another client holds ---------------------------------------------
    def wait_for_table(self, seat: int, action, bot: bool) -> None:
        self.table_wait = self.write_when_free(seat, action, bot)
        self.table_wait_bot = bot
        self.table_wait_changed()

    @work(thread=True, group="table")
    def write_when_free(self, seat: int, action, bot: bool) -> None:
        """Wait for the table's lock as long as it takes, off the UI thread, then write the
        move; Escape (or leaving the screen, which cancels the worker) stops the wait. The
        table is not polled meanwhile, so only this thread uses the session."""
        worker = get_current_worker()
        error: Exception | None = None
        try:
            self.session.apply(seat, action, wait=None, cancel=worker.cancelled_event)
        except (IllegalAction, TableChanged, SaveError) as err:
            error = err
        self.post_message(TableWritten(worker, seat, bot, error))

    def on_table_written(self, message: TableWritten) -> None:
        if message.worker is not self.table_wait:
            return
        self.table_wait = None
        self.table_wait_changed()
        if self.move_done(message.seat, message.bot, message.error):
            self.advance()

    def action_cancel_table_wait(self) -> None:
        """Stop waiting: the worker gives up at once and says the move was not made (unless
        the lock came first, and the move with it)."""
        if self.table_wait is not None:
            self.table_wait.cancelled_event.set()

    def table_wait_changed(self) -> None:
        """The status line and the footer (Escape cancels) say whether a move waits."""
        if self.view is not None:
            self.query_one(StatusBar).prompt(self.waiting_text() or self.prompt_text(self.view))
        self.refresh_bindings()

    # --- shared tables ------------------------------------------------------------------------
    def poll_table(self) -> None:
        """Someone at another terminal (or their client's bot) moved: show it. Not while a
        move waits for the table: its worker has the session until it is written. The chat
        is looked at in the same poll (it is a file of its own)."""
        self.poll_chat()
        if self.table_wait is not None:
            return
        owners = self.session.table.owners
        moved, problem = self.match.table_news()
        if problem is not None:
            self.notify(
                _("Cannot read the table: {reason}").format(reason=problem),
                severity="error",
                markup=False,
            )
        if moved:
            if not self.watching:
                self.tell_taken_over(owners)
            self.table_moved()
        if time.monotonic() - self._watchers_counted >= WATCHERS_POLL:
            self.count_watchers()

    def count_watchers(self) -> None:
        """Count the table's spectators (no lock is taken) and say it in the title."""
        self._watchers_counted = time.monotonic()
        self.watchers = count_watchers(self.session.store.root, self.session.name)
        who = _("spectator") if self.watching else self.session.player
        table = _("table {name}").format(name=self.session.name)
        self.title = self.game.name + visible(f" · {table} · {who}")
        self.title += watching_text(self.watchers)

    # --- spectators ---------------------------------------------------------------------------
    def watching_prompt(self) -> str:
        """A spectator's status line: whom the table waits for, or how the game ended."""
        room = self.app.size.width - 2
        outcome = self.match.outcome()
        if outcome is not None:
            said = _("Game over — {reason}").format(reason=outcome.reason)
            return said if len(said) <= room else _("Game over (see the log).")
        pending = self.game.to_move(self.session.state)
        labels = self.game.seat_labels(len(self.seats))
        for names in (
            [self.seat_name(s) for s in pending],
            [labels[s] for s in pending],
        ):
            said = _("You are watching: {names} to play.").format(names=listing(names))
            if len(said) <= room:
                return said
        return _(WATCHING)

    def may_watch(self, action: str, parameters) -> bool:
        """Whether a spectator may use this key: it only looks, it never acts."""
        return (
            action in LOOK_ACTIONS
            or action in self.WATCH_ACTIONS
            or (action, tuple(parameters)) in self.WATCH_ACTIONS
        )

    def refuse_acting_keys(self) -> None:
        """Every key bound to something a spectator may not do still answers: "You are
        watching." Bound after the screen's own keys, it runs when ``check_action`` refuses
        theirs."""
        refused = set()
        keys = own_bindings(self)
        for bindings in keys.key_to_bindings.values():
            for binding in bindings:
                namespace, action, parameters = parse(binding.action)
                if not namespace and not self.may_watch(action, parameters):
                    refused.add((binding.key, binding.priority))
        for key, priority in sorted(refused):
            keys.bind(key, "watching", N_("Not while watching"), show=False, priority=priority)

    def action_watching(self) -> None:
        self.notify(_(WATCHING), severity="warning", timeout=3)

    def refuse_to_spectator(self) -> None:
        """A click or Enter on the board that would be a move: a spectator is told why not."""
        if self.watching and self.match.outcome() is None:
            self.action_watching()

    def on_hand_view_toggled(self) -> None:
        self.refuse_to_spectator()

    def on_chess_card_clicked(self) -> None:
        self.refuse_to_spectator()

    def on_metauro_grid_picked(self) -> None:
        self.refuse_to_spectator()

    def on_world_map_picked(self) -> None:
        self.refuse_to_spectator()

    def table_moved(self) -> None:
        """Forget bots thinking about an older position, then carry on from the new one."""
        self.match.forget_stale_bots()
        self.advance()
