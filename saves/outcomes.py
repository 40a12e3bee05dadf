"""How a game ended, resignations included: the engine knows nothing of a player who resigns,
so every reader of a result (the result screen, Records, replay and export, ratings) asks
here instead of ``game.outcome``. A resignation is stored in the save's record (``resigned``),
inside a table's file for a shared table.

A resignation ends a game of one or two players (the other side wins); in a game of three or
more a bot takes the seat over and the others play on (``saves.table_store``), so the
engine's outcome stands.
"""

from __future__ import annotations

from engine.core import Game, Outcome, Seat
from engine.i18n import _
from saves.record import SaveRecord


def ends_game(record: SaveRecord) -> bool:
    """Whether a resignation ends this game: with two players or one, nobody plays on."""
    return record.players <= 2


def outcome_of(game: Game, record: SaveRecord) -> Outcome | None:
    """The outcome of ``record``: the engine's, unless a resignation ended the game first."""
    if record.resigned and ends_game(record):
        seat = record.resigned[0]
        others = tuple(s for s in range(record.players) if s != seat)
        reason = _("{name} resigned.").format(name=record.seats[seat].name)
        return Outcome(winners=others, reason=reason, losers=(seat,))
    return game.outcome(record.state)


def to_move_of(game: Game, record: SaveRecord) -> tuple[Seat, ...]:
    """The seats to move: none once a resignation ended the game."""
    if record.resigned and ends_game(record):
        return ()
    return tuple(game.to_move(record.state))


def abandoned_seats(table_or_record) -> frozenset[Seat]:
    """The seats a bot took over at some point (ran out of time, or resigned in a game of
    three or more), even when their player claimed them back: ratings leave them out."""
    record = getattr(table_or_record, "record", table_or_record)
    taken = getattr(table_or_record, "taken_over", ())
    seats = {seat for seat, who in enumerate(taken) if who}
    if not ends_game(record):
        seats.update(record.resigned)
    return frozenset(seats)
