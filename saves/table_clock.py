"""A table's clock: how long a seat may take, when its time started, when it runs out.

Two kinds, chosen at ``table new --clock``:

- ``move:5m`` (live): each seat due has the time from the table's last write (the last move);
- ``turn:12h``, ``turn:2d`` (correspondence): a seat has the time from the start of its turn,
  the span in which the engine's ``to_move`` keeps including that seat (an Ataque turn of
  many attacks is one turn; a Gallic battle's discard is one too).

The start of each seat's time is stored in the table file (``clock_since``), so a deadline is
worked out from the file alone: no process polls the disk for it. Only people have a clock;
a bot's seat never runs out.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

import attrs

from engine.core import Seat
from engine.i18n import _, number

PER_MOVE, PER_TURN = "move", "turn"
TAKEOVER = "strong"  # the level of the bot that takes a seat over, unless the table says
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
ALLOWED_UNITS = {PER_MOVE: "m", PER_TURN: "hd"}
LONGEST = {PER_MOVE: 24 * 3600, PER_TURN: 30 * 86400}  # a live move: a day; a turn: a month
_SPEC = re.compile(r"(move|turn):(\d{1,6})([a-z])", re.ASCII)


@attrs.frozen
class Clock:
    """``per`` is ``"move"`` or ``"turn"``; ``seconds`` the time each gets."""

    per: str
    seconds: int

    def spec(self) -> str:
        """The clock as typed at ``table new``: ``move:5m``, ``turn:2d``, ``turn:12h``."""
        units = "m" if self.per == PER_MOVE else "d" if self.seconds % UNITS["d"] == 0 else "h"
        return f"{self.per}:{self.seconds // UNITS[units]}{units}"


def parse_clock(text: str) -> Clock:
    """``move:5m`` (minutes), ``turn:12h`` or ``turn:2d``; ``ValueError`` with one sentence
    for anything else."""
    match = _SPEC.fullmatch(text.strip().lower())
    if match is None or match[3] not in ALLOWED_UNITS[match[1]]:
        raise ValueError(
            _(
                "{spec} is not a clock: write move:MINUTESm (e.g. move:5m) or turn:HOURSh / "
                "turn:DAYSd (e.g. turn:12h, turn:2d)"
            ).format(spec=repr(text[:40]))
        )
    per, seconds = match[1], int(match[2]) * UNITS[match[3]]
    if not 0 < seconds <= LONGEST[per]:
        raise ValueError(
            _(
                "{spec} is out of range: a move takes 1 minute to 1 day, a turn 1 hour to 30 days"
            ).format(spec=repr(text[:40]))
        )
    return Clock(per, seconds)


def check_clock(raw) -> Clock | None:
    """A clock as read from a table file (``None``: no clock); ``ValueError`` if it is not
    one ``parse_clock`` could have made."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"per", "seconds"}:
        raise ValueError("expected {per, seconds}")
    per, seconds = raw["per"], raw["seconds"]
    if per not in LONGEST or type(seconds) is not int or not 0 < seconds <= LONGEST[per]:
        raise ValueError("expected move or turn and a number of seconds in range")
    return Clock(per, seconds)


# --- time, as the file stores it ----------------------------------------------------------------


def iso(when: float) -> str:
    """A time stamp as the table file stores it (UTC, milliseconds, ``Z``)."""
    stamp = dt.datetime.fromtimestamp(when, dt.UTC).isoformat(timespec="milliseconds")
    return stamp.replace("+00:00", "Z")


def seconds_of(stamp: str) -> float:
    """``iso``'s stamp back as seconds since the epoch; ``ValueError`` if it is not one."""
    parsed = dt.datetime.fromisoformat(stamp)
    if parsed.tzinfo is None:
        raise ValueError("a time without its zone")
    return parsed.timestamp()


# --- when each seat's time started, and when it runs out -----------------------------------------


def clock_starts(
    clock: Clock | None,
    before: Sequence[Seat],
    after: Sequence[Seat],
    since: Sequence[str],
    now: float,
    players: int,
) -> tuple[str, ...]:
    """Each seat's start after a move that left ``after`` to move (``before`` were): per move,
    every seat due starts now; per turn, a seat that stays due keeps its start. A seat not due
    has none (``""``)."""
    if clock is None:
        return ()
    old = tuple(since) or ("",) * players
    keep = clock.per == PER_TURN
    return tuple(
        (old[s] if keep and s in before and old[s] else iso(now)) if s in after else ""
        for s in range(players)
    )


def left_text(seconds: float, exact: bool = True) -> str:
    """The time left, as the menu and the table screen show it: ``2 d 3 h left``,
    ``4 min left``; under ten minutes the table screen counts ``4:32 left`` (``exact``), the
    menu, redrawn less often, only under one."""
    left = max(0, int(seconds))
    days, rest = divmod(left, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _("{d} d {h} h left").format(d=number(days), h=number(hours))
    if hours:
        return _("{h} h {m} min left").format(h=number(hours), m=number(minutes))
    if minutes >= 10 or (minutes and not exact):
        return _("{m} min left").format(m=number(minutes))
    return _("{m}:{s:02d} left").format(m=minutes, s=secs)
