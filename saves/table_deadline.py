"""When each seat's time at a table runs out (``saves.table_clock``), worked out from the
table as read: the deadline of a seat, the next one at the table, the seats overdue now, and
the time left as the menu and ``table list`` say it."""

from __future__ import annotations

from engine.core import Game, Seat
from saves.outcomes import to_move_of
from saves.table_clock import left_text, seconds_of
from saves.table_file import Table


def deadline(game: Game, table: Table, seat: Seat) -> float | None:
    """When ``seat``'s time runs out (seconds since the epoch); None when it has no clock
    running (no clock, a bot's seat, not its move, the game over)."""
    if table.clock is None or not table.clock_since or not table.clock_since[seat]:
        return None
    if table.is_bot(seat) or seat not in to_move_of(game, table.record):
        return None
    return seconds_of(table.clock_since[seat]) + table.clock.seconds


def next_deadline(game: Game, table: Table) -> float | None:
    """The first deadline at the table: when some client should look again."""
    times = [deadline(game, table, s) for s in range(len(table.owners))]
    return min((t for t in times if t is not None), default=None)


def overdue(game: Game, table: Table, now: float) -> tuple[Seat, ...]:
    """The seats whose time ran out by ``now``: a bot takes each over."""
    times = [deadline(game, table, s) for s in range(len(table.owners))]
    return tuple(s for s, t in enumerate(times) if t is not None and t <= now)


def clock_shown(game: Game, table: Table, seat: Seat | None) -> tuple[Seat, float] | None:
    """The clock to show and its deadline: ``seat``'s own when it runs, else the one that
    runs out first; None when no clock runs."""
    times = {s: deadline(game, table, s) for s in range(len(table.owners))}
    running = {s: t for s, t in times.items() if t is not None}
    if not running:
        return None
    shown = seat if seat in running else min(running, key=running.__getitem__)
    return shown, running[shown]


def time_left(game: Game, table: Table, person: str | None, now: float) -> str:
    """The time left for the seat to move, as the menu's and ``table list``'s turn says it
    (``person``'s own seat first): ``4 min left``; empty when no clock runs."""
    shown = clock_shown(game, table, table.seat_of(person) if person else None)
    return left_text(shown[1] - now, exact=False) if shown is not None else ""
