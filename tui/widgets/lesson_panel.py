"""The lesson's panel under the board: where the learner is (step 3 of 8, "Well done" after a
step played), and what to do now and why (the status line says which key goes on). Built as
``Content``: a step's filled-in values (card and place names) are never read as markup."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from engine.i18n import _, number
from tui.lessons.driver import LessonDriver


class LessonPanel(Static):
    """Draws a ``LessonDriver``'s current step from the learner's view."""

    def show(self, lesson: LessonDriver, view) -> None:
        self.border_title = Content.assemble(*head(lesson))
        self.update(Content(lesson.text(view)))


def head(lesson: LessonDriver) -> list:
    """The title on the panel's top border: the step, and a "Well done" after a step played
    (on the border, so that the step's words have every row of the panel)."""
    count = len(lesson.lesson.steps)
    pieces: list = []
    if lesson.praised:
        pieces += [(_("✓ Well done!"), "bold $success"), "  "]
    step = _("Step {n} of {count}").format(n=number(lesson.index + 1), count=number(count))
    pieces.append((step, "bold"))
    return pieces
