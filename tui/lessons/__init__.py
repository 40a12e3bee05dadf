"""The first lessons, by game id: a guided first game of each game (``lesson.py``)."""

from __future__ import annotations

from tui.lessons import ataque, metauro
from tui.lessons.lesson import Lesson

LESSONS: dict[str, Lesson] = {lesson.game_id: lesson for lesson in (ataque.LESSON, metauro.LESSON)}
