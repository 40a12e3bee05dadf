"""A lesson as plain data: a game on a fixed seed, the learner's seat, and the steps of text
that guide the learner through it. No Textual here: the driver (``driver.py``) and the tests
read lessons without a screen, and ``tui/lessons/<game>.py`` each define one ``LESSON``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs


@attrs.frozen
class Step:
    """One thing to learn. ``say`` is marked with ``N_()`` and translated when shown; it may
    hold ``{placeholders}`` that ``fill`` gives values for, from the learner's view.

    ``until(view, seat)`` says when the learner has done what the step asks (checked after
    every move); None: the step is read, and Enter goes on."""

    say: str
    until: Callable[[Any, int], bool] | None = None
    fill: Callable[[Any, int], dict[str, str]] | None = None


@attrs.frozen
class Lesson:
    """A guided first game: ``game_id`` on ``seed`` with ``config``, ``players`` seats; the
    learner plays ``seat``, every other seat is a bot of level ``bot``."""

    game_id: str
    title: str  # N_()
    config: Mapping[str, Any]
    seed: int
    players: int
    seat: int
    bot: str
    steps: tuple[Step, ...]
