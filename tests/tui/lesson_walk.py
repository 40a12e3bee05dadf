"""A lesson played through the engine alone, as the app plays it: the lesson's seed, its bots
seeded as the turn driver seeds them (``bot_seed`` of the game's seed, the number of moves made
and the seat), and the learner's moves from ``learner(view, seat, step)`` — a function that
does what the step's text says. The lesson's driver is asked after every move."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from engine import registry
from saves.session import full_config
from saves.table_file import bot_seed
from tests.tui.conftest import settle
from tests.tui.fit import screen_text
from tests.tui.lessons import assert_step_whole
from tui import language
from tui.lessons.driver import LessonDriver
from tui.lessons.lesson import Lesson
from tui.screens.game import GameScreen
from tui.widgets.lesson_panel import LessonPanel


@attrs.define
class Walk:
    """Where the walk got: the driver, the final state, and the text of every step shown
    (each time it changed), in order."""

    driver: LessonDriver
    state: Any
    said: list[tuple[int, str]]


def walk(lesson: Lesson, learner: Callable[[Any, int, int], Any], moves: int = 3000) -> Walk:
    game = registry.get(lesson.game_id)
    state = game.new(full_config(game, lesson.config), lesson.seed, lesson.players)
    driver = LessonDriver(lesson)
    seat = lesson.seat
    said: list[tuple[int, str]] = []
    for serial in range(moves):
        view = game.view(state, seat)
        text = driver.text(view)
        if not said or said[-1] != (driver.index, text):
            said.append((driver.index, text))
        while driver.waits_for_enter:
            driver.go_on()
            said.append((driver.index, driver.text(view)))
        if driver.over or not game.to_move(state):
            break
        mover = game.to_move(state)[0]
        if mover == seat:
            action = learner(view, seat, driver.index)
        else:
            bot = game.bots[lesson.bot]
            rng = random.Random(bot_seed(lesson.seed, serial, mover, 0))
            action = bot(game.view(state, mover), mover, rng)
        state = game.apply(state, mover, action)
        driver.changed(game.view(state, seat))
    return Walk(driver, state, said)


# --- by keys, on the screen --------------------------------------------------------------------
def redraw_in(app, code: str) -> None:
    """The lesson's panel drawn again in ``code`` (the step and its values as they stand)."""
    language.install(code)
    screen = app.screen
    screen.query_one(LessonPanel).show(screen.lesson, screen.lesson_view())


async def walk_by_keys(pilot, app, script: list, check: Callable[[Any], None] = lambda app: None):
    """The lesson played by the keys of ``script`` (``script[i]`` for step i; a list among
    them is pressed as one burst, the bots playing only after it), once, in English. At every
    step its panel is drawn in each language in turn and must show the step's whole text, and
    ``check(app)`` what else must stay in sight. Playing a long lesson once and reading it in
    three languages costs a third of playing it three times."""
    await settle(pilot, app)
    for number, keys in enumerate(script, start=1):
        screen = app.screen
        assert isinstance(screen, GameScreen), screen_text(app)
        assert screen.lesson.index + 1 == number, (number, screen_text(app))
        for code in language.LANGUAGES:
            redraw_in(app, code)
            await pilot.pause()
            assert_step_whole(app)
            check(app)
        redraw_in(app, language.DEFAULT)
        if number == len(script):
            assert screen.lesson.over, screen_text(app)
        for key in keys:
            await pilot.press(*([key] if isinstance(key, str) else key))
            await settle(pilot, app)
