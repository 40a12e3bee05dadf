"""The lesson driver: which step is current, when it is done, when the lesson is over. No
Textual here: the game screen (``tui/screens/lesson_play.py``) asks it after every change and
on Enter, and draws what it says; ``tests/tui/test_lessons.py`` walks it without a screen.

A step with ``until`` is done when ``until(view, seat)`` holds after a change (a move of the
learner's or a bot's): the next step shows, with a short "Well done". A step without it is
read, and Enter goes on. The lesson is over on its last step once that step is done (a last
step without ``until`` is done when it shows): then Enter starts a real game."""

from __future__ import annotations

from typing import Any

from engine.i18n import _
from tui.lessons.lesson import Lesson, Step


class LessonDriver:
    """One lesson in progress, for the learner at ``lesson.seat``."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.praised = False  # the step before this one was done by the learner's play
        self.last_done = False  # the last step's ``until`` held

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    @property
    def over(self) -> bool:
        """On the last step, with nothing left to do there."""
        return self.last and (self.step.until is None or self.last_done)

    @property
    def waits_for_enter(self) -> bool:
        """The step is read, and Enter goes on to the next."""
        return self.step.until is None and not self.last

    def text(self, view: Any) -> str:
        """The current step's words in the current language, its placeholders filled from the
        learner's view."""
        step = self.step
        said = _(step.say)
        if step.fill is None:
            return said
        return said.format(**step.fill(view, self.lesson.seat))

    def changed(self, view: Any) -> bool:
        """After a move: True when it finished the current step (the next one shows)."""
        step = self.step
        if step.until is None or self.over or not step.until(view, self.lesson.seat):
            return False
        if self.last:
            self.last_done = True
        else:
            self.index += 1
        self.praised = True
        return True

    def go_on(self) -> bool:
        """Enter on a step that is only read: True when it moved on to the next step."""
        if not self.waits_for_enter:
            return False
        self.index += 1
        self.praised = False
        return True
