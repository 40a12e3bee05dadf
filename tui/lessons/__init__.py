"""The first lessons, by game id: a guided first game of each game (``lesson.py``)."""

from __future__ import annotations

from tui.lessons.lesson import Lesson

LESSONS: dict[str, Lesson] = {}
