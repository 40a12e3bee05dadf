"""The coach: the expert's move for a seat, the next choices with their value and one line of
why; and, for a finished game's review, what a decision was worth against the expert's.

The coach is the expert itself, watched (``search.watched``): it sees only the seat's view,
its answer is a function of (view, seat, rng), and its numbers are the ones the expert chose
by. Each game has ``engine/<game>/coach.py`` with two functions, ``hint(view, seat, rng)`` and
``judge(view, seat, played, rng)``, which say those numbers in the game's own terms
("exchange Galli and Tribù: your expected total rises from 41 to 47"). Nothing here imports a
game; the registry finds its coach by name.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import attrs

from engine import search
from engine.core import Seat

OTHERS = 2  # the choices shown after the best one
LINE = 76  # columns a ``why`` may take: one line of an 80-column dialog


@attrs.frozen
class Choice:
    """One move the coach weighs: ``action`` is the legal action that plays it (or begins it,
    for a plan of several steps), ``text`` says what it is, and ``value`` is the expert's
    estimate for the seat after it, from 0 (lost) to 1 (won); None when it was not searched."""

    action: Any
    text: str
    value: float | None = None
    then: tuple[Any, ...] = ()
    """The steps after ``action`` that finish the plan (El Álamo builds a set of cards one
    toggle at a time, then confirms it): the hint's Enter plays them all, as the text says."""


@attrs.frozen
class Hint:
    """The expert's move for ``seat`` and the next choices (at most ``OTHERS``), best first,
    with one line of ``why`` in the game's terms."""

    seat: Seat
    best: Choice
    others: tuple[Choice, ...] = ()
    why: str = ""


@attrs.frozen
class Judgement:
    """A decision seen from the seat's view: the seat's ``chance`` with the expert's move,
    ``cost`` the chance the move played gave up against it (0 when they agree, never below
    0), and both moves in words."""

    chance: float
    cost: float
    played: str
    best: str
    same: bool


class Coach(Protocol):
    """What ``engine/<game>/coach.py`` holds."""

    def hint(self, view: Any, seat: Seat, rng: random.Random) -> Hint: ...

    def judge(self, view: Any, seat: Seat, played: Any, rng: random.Random) -> Judgement: ...


def coach_of(game_id: str) -> Coach:
    """The coach module of a game (imported when first asked, like its rules)."""
    return importlib.import_module(f"engine.{game_id}.coach")  # type: ignore[return-value]


def searches(
    bot: Callable[[Any, Seat, random.Random], Any], view: Any, seat: Seat, rng: random.Random
) -> tuple[Any, list[tuple[search.Scored, ...]]]:
    """The bot's move and every search it ran to choose it, each best first."""
    with search.watched() as found:
        move = bot(view, seat, rng)
    return move, list(found)


def ranked_choices(
    scored: Sequence[search.Scored],
    action_of: Callable[[Any], Any],
    text_of: Callable[[Any], str],
) -> tuple[Choice, ...]:
    """A search's candidates as choices, best first, one per distinct first action (plans
    that begin alike are one choice to the player: the best of them stands for it)."""
    seen: set[Any] = set()
    choices = []
    for s in scored:
        action = action_of(s.candidate)
        if action in seen:
            continue
        seen.add(action)
        choices.append(Choice(action, text_of(s.candidate), s.mean))
    return tuple(choices)


def percent(value: float) -> str:
    """A value in [0, 1] as a whole percentage ("71%"), the way every coach line says it."""
    return f"{round(100 * max(0.0, min(1.0, value)))}%"


def fitting(lines: Iterable[str]) -> str:
    """The first of ``lines`` (the same sentence, each form shorter than the one before) that
    fits one line of ``LINE`` columns; the last one when none does."""
    line = ""
    for line in lines:
        if len(line) <= LINE:
            break
    return line
