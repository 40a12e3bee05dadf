"""A game screen playing a lesson (``tui/lessons``): the real game on the lesson's seed, with
the lesson's panel in the log's place. Enter goes on after a step that is only read, and once
the lesson is over starts a real game (the game's setup); Escape leaves for the menu. Mixed
into ``GameScreen``, which leaves it dormant unless ``teach`` was called before mounting.

The lesson's game is a ``saves.session.MemorySession``: never written, so the menu's Continue
never offers it and Records never count it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from engine.i18n import N_, _
from tui.lessons.driver import LessonDriver
from tui.lessons.lesson import Lesson
from tui.messages import NewGame
from tui.screens.screen_keys import own_bindings
from tui.widgets.lesson_panel import LessonPanel

# First of the screen's Enter keys, so that it wins whenever it applies (``check_action``);
# the panel names it, the footer's room stays the game's.
LESSON_KEY = Binding("enter", "lesson", N_("Go on"), show=False, priority=True)


class LessonPlay:
    """The lesson in progress on this screen, if any."""

    lesson: LessonDriver | None = None

    def teach(self, lesson: Lesson) -> None:
        """Play ``lesson`` on this screen (before it is mounted)."""
        self.lesson = LessonDriver(lesson)
        self.add_class("lesson")
        own_bindings(self).key_to_bindings.setdefault("enter", []).insert(0, LESSON_KEY)

    def compose_lesson(self) -> ComposeResult:
        if self.lesson is not None:
            yield LessonPanel(id="lesson")

    def lesson_view(self):
        return self.session.view(self.lesson.lesson.seat)

    def lesson_changed(self) -> None:
        """After any change: the step the learner just did is done, and the next shows."""
        if self.lesson is None:
            return
        self.lesson.changed(self.lesson_view())
        self.show_lesson()
        if self.view is not None:
            self.show_prompt(self.view)

    def show_lesson(self) -> None:
        """The current step on the panel, in the current language."""
        if self.lesson is not None:
            self.query_one(LessonPanel).show(self.lesson, self.lesson_view())

    def lesson_prompt(self) -> str | None:
        """What Enter does while it is the lesson's; None while the game has it."""
        if self.lesson is None:
            return None
        if self.lesson.over:
            return _("Enter: start a real game · Escape: menu")
        if self.lesson.waits_for_enter:
            return _("Enter: go on")
        return None

    def lesson_key_works(self) -> bool:
        lesson = self.lesson
        return lesson is not None and (lesson.waits_for_enter or lesson.over)

    def action_lesson(self) -> None:
        if self.lesson.over:
            self.start_real_game()
        elif self.lesson.go_on():
            self.lesson_changed()
            self.refresh_bindings()

    def start_real_game(self) -> None:
        """The lesson's game is left behind; the setup of a real game of it opens."""
        self.app.post_message(NewGame(self.game))
        self.app.pop_screen()
