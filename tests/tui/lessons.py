"""Playing a lesson by keys, as a learner following its text does, for the lesson tests of
every game: ``walk`` presses each step's keys and checks at every step, in every language,
that the panel shows the step's whole text (every word on screen, in order) and that the board
above it is not cut to make room for it."""

from __future__ import annotations

import re

from textual.widgets import Footer, Header

from engine import i18n
from tests.tui.conftest import settle
from tests.tui.fit import screen_lines, screen_text
from tui import language
from tui.screens.game import GameScreen
from tui.widgets.lesson_panel import LessonPanel
from tui.widgets.status import StatusBar


def words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def panel_lines(app) -> list[str]:
    """The panel's lines as the screen shows them (only those on screen)."""
    panel = app.screen.query_one(LessonPanel)
    region = panel.content_region.intersection(app.screen.region)
    lines = screen_lines(app)[region.y : region.y + region.height]
    return [line[region.x : region.x + region.width] for line in lines]


def assert_step_whole(app) -> None:
    """The current step's words are all on screen, whole and in order, and the board above
    the panel shows all it holds (no row of it pushed out of sight; a box closed for now, as
    Ataque's search, holds nothing to see)."""
    screen = app.screen
    lesson = screen.lesson
    said = " ".join(words(lesson.text(screen.lesson_view())))
    shown = " ".join(words(" ".join(panel_lines(app))))
    assert said in shown, f"step {lesson.index + 1} cut:\n" + screen_text(app)
    for part in screen.children:
        if part.display and not isinstance(part, (Header, Footer, StatusBar, LessonPanel)):
            cut = part.virtual_size.height > part.size.height
            assert not cut, f"step {lesson.index + 1}: {part} cut:\n" + screen_text(app)


async def assert_shown_whole(pilot, app, index: int) -> None:
    """Step ``index`` is whole on screen in every language (one game played, each step's
    panel drawn in each). A step the game already went past (a bot's move did what it waits
    for) is put back on the panel for the look, then the lesson goes on."""
    screen = app.screen
    lesson, panel = screen.lesson, screen.query_one(LessonPanel)
    now = (lesson.index, lesson.praised)
    lesson.index = index
    spoken = i18n.language()
    for code in language.LANGUAGES:
        language.install(code)
        panel.show(lesson, screen.lesson_view())
        await pilot.pause()
        assert_step_whole(app)
    language.install(spoken)
    lesson.index, lesson.praised = now
    panel.show(lesson, screen.lesson_view())
    await pilot.pause()


async def walk(pilot, app, script: list[list[str | list[str]]]) -> None:
    """Each step in turn: check it is whole, then press its keys (``script[i]`` for step i;
    none for a step the game passes by itself). The last step's keys are pressed once the
    lesson says it is over. A list among the keys is pressed as one burst (a name typed, a
    whole turn), the bots playing only after it."""
    await settle(pilot, app)
    for number, keys in enumerate(script, start=1):
        screen = app.screen
        assert isinstance(screen, GameScreen), screen_text(app)
        assert screen.lesson.index + 1 >= number, (number, screen_text(app))
        await assert_shown_whole(pilot, app, number - 1)
        if number == len(script):
            assert screen.lesson.over, screen_text(app)
        for key in keys:
            await pilot.press(*([key] if isinstance(key, str) else key))
            await settle(pilot, app)
