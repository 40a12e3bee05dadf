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
from tui.lessons.driver import LessonDriver
from tui.lessons.lesson import Lesson


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
