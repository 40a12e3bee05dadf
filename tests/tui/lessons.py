"""Playing a lesson by keys, as a learner following its text does, for the lesson tests of
every game: ``walk`` presses each step's keys and checks at every step that the panel shows
the step's whole text (nothing cut: every word on screen, in order)."""

from __future__ import annotations

import re

from tests.tui.conftest import settle
from tests.tui.fit import screen_lines, screen_text
from tui.screens.game import GameScreen
from tui.widgets.lesson_panel import LessonPanel


def words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def panel_lines(app) -> list[str]:
    """The panel's lines as the screen shows them (only those on screen)."""
    panel = app.screen.query_one(LessonPanel)
    region = panel.content_region.intersection(app.screen.region)
    lines = screen_lines(app)[region.y : region.y + region.height]
    return [line[region.x : region.x + region.width] for line in lines]


def assert_step_whole(app) -> None:
    """The current step's words are all on screen, whole and in order."""
    screen = app.screen
    lesson = screen.lesson
    said = lesson.text(screen.lesson_view())
    shown = words(" ".join(panel_lines(app)))
    assert " ".join(words(said)) in " ".join(shown), f"step {lesson.index + 1} cut:\n" + (
        screen_text(app)
    )


async def walk(pilot, app, script: list[list[str | list[str]]]) -> None:
    """Each step in turn: check it is whole, then press its keys (``script[i]`` for step i).
    The last step's keys are pressed once the lesson says it is over. A list among the keys is
    pressed as one burst (a name typed, a whole turn), the bots let play only after it."""
    await settle(pilot, app)
    for number, keys in enumerate(script, start=1):
        screen = app.screen
        assert isinstance(screen, GameScreen), screen_text(app)
        assert screen.lesson.index + 1 == number, (number, screen_text(app))
        assert_step_whole(app)
        if number == len(script):
            assert screen.lesson.over, screen_text(app)
        for key in keys:
            await pilot.press(*([key] if isinstance(key, str) else key))
            await settle(pilot, app)
