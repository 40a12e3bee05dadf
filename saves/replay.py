"""A saved game step by step, rebuilt from its seed and action log (so it is exact).

``ReplaySession`` stands where a game screen expects a ``Session``: the same attributes, but
its state is whichever step the replay is at, nothing is ever written, and ``apply`` refuses.
Until the game is over it shows only what one seat saw (the first human's); once it is over
``revealed`` may show the full state: every hand, objective and draw.

Only every ``CHECKPOINT``-th state is kept: a long game (thousands of moves, each state with
its whole log) would otherwise hold every log prefix at once. Any other step is replayed from
the checkpoint before it, a few milliseconds at most.
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.core import Game, IllegalAction, Outcome, Seat
from engine.i18n import _
from saves.outcomes import outcome_of
from saves.record import HUMAN, SaveError, SaveRecord
from saves.store import SaveStore
from saves.tables import TableStore
from saves.verify import replay_from

CHECKPOINT = 50


def first_human(record: SaveRecord) -> Seat:
    """The seat whose eyes a replay borrows: the first human, else (bots only) seat 0."""
    return next((i for i, s in enumerate(record.seats) if s.kind == HUMAN), 0)


def record_named(store: SaveStore, name: str, tables: TableStore | None = None) -> SaveRecord:
    """The save called ``name``, else the finished shared table of that name: a table's file
    holds its whole action log, so once the game is over it replays and exports like a save
    (its players know it by the table's name). A save of that name comes first: it is the
    player's own file. An unfinished table is refused, as a save's replay would show one
    seat's secrets while the game goes on; the live table can be watched instead."""
    try:
        return store.load(name)
    except SaveError as err:
        if tables is None or store.stamp(name) is not None:  # a save that does not load
            raise
        missing = err
    try:
        table = tables.load(name)
    except SaveError:
        if tables.stamp(name) is None:  # no table either: the save's "no save named"
            raise missing from None
        raise
    if outcome_of(tables.game(table), table.record) is None:
        raise SaveError(_("table {name} is not over yet: watch it instead").format(name=repr(name)))
    return table.record


class ReplaySession:
    """The interface of ``saves.session.Session``, read-only, over one step of a saved game.

    ``index`` is the step shown: 0 is the new game, ``i`` the state after the ``i``-th action.
    ``chapters[i]`` is ``game.chapter`` of step ``i``; consecutive equal names are one chapter.
    """

    read_only = True

    def __init__(self, game: Game, record: SaveRecord, seat: Seat | None = None) -> None:
        if record.rules_version < game.rules_version:
            raise SaveError(
                _(
                    "it was played under older rules of {game} (version {version}, "
                    "now {current}), which cannot be replayed"
                ).format(game=game.name, version=record.rules_version, current=game.rules_version)
            )
        self.game = game
        self.source = record
        self.seat = first_human(record) if seat is None else seat
        self.unsaved = False
        self.save_error: str | None = None
        self.conflict = None
        self.saved_moves = len(record.actions)
        self.revealed = False
        self._checkpoints: list[Any] = []
        chapters: list[str] = []
        try:
            state = game.new(record.config, record.seed, record.players)
        except Exception as exc:
            raise SaveError(
                _("damaged: the saved options do not start a game ({problem})").format(problem=exc)
            ) from exc
        for i in range(len(record.actions) + 1):
            if i:
                state = replay_from(game, record, state, i - 1, record.actions[i - 1 : i])
            if i % CHECKPOINT == 0:
                self._checkpoints.append(state)
            chapters.append(game.chapter(state))
        self.chapters: tuple[str, ...] = tuple(chapters)
        self.final = state
        self.finished = outcome_of(game, record) is not None
        self.index = 0
        self._at: tuple[int, Any] = (0, self._checkpoints[0])
        self._record: tuple[int, SaveRecord] | None = None

    @classmethod
    def load(
        cls, store, name: str, seat: Seat | None = None, tables: TableStore | None = None
    ) -> ReplaySession:
        """A save's replay (or a finished table's, ``record_named``); ``SaveError`` with a
        reason when it cannot be read or replayed. Nothing is claimed or written: the game
        may be open elsewhere at the same time."""
        record = record_named(store, name, tables)
        return cls(store.games[record.game_id], record, seat)

    # --- where the replay is ------------------------------------------------------------------
    @property
    def count(self) -> int:
        """How many actions the game has (the last step's index)."""
        return len(self.source.actions)

    def state_at(self, index: int) -> Any:
        """The state after ``index`` actions, replayed from the nearest step known before it."""
        base = index // CHECKPOINT * CHECKPOINT
        at, state = self._at
        if not base <= at <= index:
            at, state = base, self._checkpoints[index // CHECKPOINT]
        if index > at:
            state = replay_from(self.game, self.source, state, at, self.source.actions[at:index])
        self._at = (index, state)
        return state

    def go(self, index: int) -> bool:
        """Show step ``index`` (kept within the game); False if the replay was already there."""
        index = max(0, min(self.count, index))
        if index == self.index:
            return False
        self.index = index
        return True

    def chapter_start(self, index: int) -> int:
        """The first step of the chapter ``index`` belongs to."""
        name = self.chapters[index]
        while index > 0 and self.chapters[index - 1] == name:
            index -= 1
        return index

    def next_chapter(self) -> int:
        """The first step of the next chapter (the last step if this is the last chapter)."""
        index, name = self.index, self.chapters[self.index]
        while index < self.count and self.chapters[index] == name:
            index += 1
        return index

    def previous_chapter(self) -> int:
        """The start of this chapter, or of the one before when already at its start."""
        start = self.chapter_start(self.index)
        if start < self.index or start == 0:
            return start
        return self.chapter_start(start - 1)

    @property
    def chapter(self) -> str:
        return self.chapters[self.index]

    def reveal(self, on: bool) -> None:
        """Show the full state (only once the game is over: before, it would spoil it)."""
        if on and not self.finished:
            raise IllegalAction(_("Hidden cards are shown only once the game is over."))
        self.revealed = on

    # --- what a game screen reads ---------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.state_at(self.index)

    @property
    def record(self) -> SaveRecord:
        """The save as it stood at this step (its moves so far and the state they lead to;
        a resignation, made after the last move, only at the last step)."""
        if self._record is None or self._record[0] != self.index:
            record = attrs.evolve(
                self.source,
                actions=self.source.actions[: self.index],
                state=self.state,
                resigned=self.source.resigned if self.index == self.count else (),
            )
            self._record = (self.index, record)
        return self._record[1]

    @property
    def name(self) -> str:
        return self.source.name

    def view(self, seat: Seat | None) -> Any:
        """What ``seat`` saw at this step, or the full state once revealed."""
        if self.revealed:
            return self.state
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        """The outcome at this step (a resignation at the last one)."""
        return outcome_of(self.game, self.record)

    def progress(self) -> str:
        return self.game.progress(self.state)

    def apply(self, seat: Seat, action: Any) -> Any:
        raise IllegalAction(_("This is a replay."))

    def save(self) -> None:
        """Nothing to write: a replay changes no save."""

    def close(self) -> None:
        """Nothing to release: a replay claims no save."""

    def moved_elsewhere(self) -> None:
        return None
