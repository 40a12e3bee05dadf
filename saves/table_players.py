"""One player's client of a shared table: the table as last read, the player's moves sent
with the version seen, the bots' moves computed alike on every client."""

from __future__ import annotations

import random
import threading
from typing import Any

from engine.core import Game, IllegalAction, Outcome, Seat
from engine.i18n import _
from saves.locks import DEFAULT_WAIT, Wait
from saves.outcomes import outcome_of
from saves.record import SaveError, SaveRecord
from saves.table_file import Table, TableChanged, bot_level, bot_seed
from saves.table_store import TableStore


def _hands(table: Table) -> tuple:
    """What a client redraws for: the position, who plays each seat, who resigned."""
    return table.version, table.owners, table.record.resigned


# --- one player's client ------------------------------------------------------------------------


class OnTable:
    """What a player's and a spectator's client of a table share: ``Session``'s reading side
    over the ``Table`` last read, refreshed by a stat and, when the file changed, a read
    (never a lock). A table is written under its lock at every move, so nothing is ever
    unsaved and there is no other session to lose the game to."""

    unsaved = False
    save_error: str | None = None
    conflict = None
    store: TableStore
    table: Table
    game: Game

    @property
    def record(self) -> SaveRecord:
        return self.table.record

    @property
    def state(self) -> Any:
        return self.table.record.state

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def saved_moves(self) -> int:
        return len(self.table.record.actions)

    def refresh(self) -> bool:
        """Reload if the file changed; True when the position did (someone moved), or a seat
        changed hands (a bot took it over, its player claimed it back, someone resigned)."""
        if self.store.stamp(self.name) == self.table.stamp:
            return False
        fresh = self.store.load(self.name)
        moved = _hands(fresh) != _hands(self.table)
        self.table = fresh
        return moved

    def moved_elsewhere(self) -> None:
        return None

    def outcome(self) -> Outcome | None:
        return outcome_of(self.game, self.record)

    def progress(self) -> str:
        return self.game.progress(self.state)


class TableSession(OnTable):
    """A table seen from one person's seat, with ``Session``'s interface so that a game screen
    plays it unchanged; moves go through the version-checked ``TableStore.apply``."""

    def __init__(self, store: TableStore, table: Table, player: str) -> None:
        seat = table.place_of(player)  # a seat a bot took over: its player may sit to claim it
        if seat is None:
            people = ", ".join(table.people()) or _("nobody")
            raise SaveError(
                _("{player} has no seat at table {table} (seated: {people})").format(
                    player=player, table=repr(table.name), people=people
                )
            )
        self.store = store
        self.table = table
        self.game = store.game(table)
        self.player = table.taken_over[seat] if table.is_bot(seat) else table.owners[seat]
        self.seat = seat

    @classmethod
    def join(cls, store: TableStore, name: str, player: str) -> TableSession:
        """Sit down at ``name``; a seat whose clock ran out is taken over first."""
        return cls(store, store.settle(store.load(name)), player)

    def apply(
        self,
        seat: Seat,
        action: Any,
        *,
        wait: float | None | Wait = DEFAULT_WAIT,
        cancel: threading.Event | None = None,
    ) -> Any:
        """Our seat's move or a bot's, against the version we hold; on ``TableChanged`` this
        session already holds the new position when the exception reaches the caller.
        ``wait`` and ``cancel`` say how long to wait for another client's lock (a screen tries
        once on its own thread, then waits in a worker that the player may stop)."""
        owner = self.table.owners[seat]
        if seat != self.seat and bot_level(owner) is None:
            raise IllegalAction(_("That seat is {owner}'s to play.").format(owner=owner))
        try:
            self.table = self.store.apply(
                self.name, self.version, seat, action, wait=wait, cancel=cancel, owner=owner
            )
        except TableChanged as exc:
            self.table = exc.table
            raise
        return self.state

    def bot_action(self, seat: Seat) -> Any:
        """The bot's move here, from its own view only: the same on every client."""
        bot = self.game.bots[self.record.seats[seat].level]
        rng = random.Random(bot_seed(self.record.seed, self.version, seat))
        return bot(self.view(seat), seat, rng)

    def play_bot(self, seat: Seat) -> Any:
        return self.apply(seat, self.bot_action(seat))

    def take_over_overdue(self) -> bool:
        """A clock ran out (this client's timer says): hand the overdue seats to the bot,
        unless another client did first. True when this session now holds a change."""
        fresh = self.store.take_over_overdue(self.name, wait=0)
        if fresh is None:
            return self.refresh()
        self.table = fresh
        return True

    def resign(self, seat: Seat) -> None:
        """Our player resigns (``TableStore.resign``); the session holds the table after."""
        if seat != self.seat:
            raise IllegalAction(_("That seat is {owner}'s to play.").format(owner=self.player))
        self.table = self.store.resign(self.name, self.seat)

    def claim_back(self) -> None:
        """Take our seat back from the bot, on the position we hold (``TableChanged``: the
        bot moved first; the session then holds the new position)."""
        try:
            self.table = self.store.claim_back(self.name, self.version, self.player)
        except TableChanged as exc:
            self.table = exc.table
            raise

    def save(self) -> None:
        """Nothing to do: every move was written under the lock when it was made."""

    def close(self) -> None:
        """Nothing held: a table is open to all its players at once."""

    def save_as(self, title: str) -> str:
        raise SaveError(_("A table is saved after every move and cannot be copied."))

    def view(self, seat: Seat) -> Any:
        return self.game.view(self.state, seat)
