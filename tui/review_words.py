"""A review's key moments in words, the same for the review screen, `batallas review` and
`batallas export`: per human seat, how often its decisions were the expert's (and what the
dice took), then its three costliest decisions. Plain text: the callers escape it for where
it goes (a terminal, Markdown, a ``Content``)."""

from __future__ import annotations

import attrs

from engine.core import Game
from engine.i18n import _
from engine.review import Review, moment_line, summary_line
from saves.record import SaveRecord


def retold(game: Game, record: SaveRecord, review: Review) -> Review:
    """The review with its chapters ("Battle 4") worded in the language now: a review is
    kept in the language it was made in, and read in any."""
    wanted = {m.index for m in review.moments}
    chapters = {}
    state = game.new(record.config, record.seed, record.players)
    for i, (seat, action) in enumerate(record.actions):
        if i in wanted:
            chapters[i] = game.chapter(state)
        if i >= max(wanted, default=-1):
            break
        state = game.apply(state, seat, action)
    moments = tuple(
        attrs.evolve(m, chapter=chapters.get(m.index, m.chapter)) for m in review.moments
    )
    return attrs.evolve(review, moments=moments)


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
    """Every human seat's lines, each under its seat's name, in the language now."""
    review = retold(game, record, review)
    out: list[str] = []
    for seat in review.seats:
        out.append(seat_title(game, record, seat))
        out += [f"  {line}" for line in seat_lines(review, seat)]
    return out
