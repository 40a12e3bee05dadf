"""A review's key moments in words, the same for the review screen, `batallas review` and
`batallas export`: per human seat, how often its decisions were the expert's (and what the
dice took), then its three costliest decisions. Plain text: the callers escape it for where
it goes (a terminal, Markdown, a ``Content``)."""

from __future__ import annotations

from engine.core import Game
from engine.i18n import _
from engine.review import Review, moment_line, summary_line
from saves.record import SaveRecord


def seat_title(game: Game, record: SaveRecord, seat: int) -> str:
    """ "Rome · Ana": the seat's side and its player's name, as the game screens say it."""
    label = game.seat_labels(record.players)[seat]
    name = record.seats[seat].name if seat < len(record.seats) else ""
    return f"{label} · {name}" if name else label


def seat_lines(review: Review, seat: int, first: int = 1) -> list[str]:
    """The seat's summary line, then its costliest decisions numbered from ``first``."""
    lines = [summary_line(review, seat)]
    lines += [f"{n}. {moment_line(m)}" for n, m in enumerate(review.costliest(seat), first)]
    if len(lines) == 1:
        lines.append(_("No decision cost anything against the expert's."))
    return lines


def key_moments(game: Game, record: SaveRecord, review: Review) -> list[str]:
    """Every human seat's lines, each under its seat's name."""
    out: list[str] = []
    for seat in review.seats:
        out.append(seat_title(game, record, seat))
        out += [f"  {line}" for line in seat_lines(review, seat)]
    return out
