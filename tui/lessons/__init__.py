"""The first lessons, by game id: a guided first game of each game (``lesson.py``), played on
the lesson's seed in a game that is never saved (``saves.session.MemorySession``)."""

from __future__ import annotations

from engine import registry
from engine.i18n import _
from saves.record import BOT, HUMAN, SeatInfo, bot_name
from saves.session import MemorySession
from saves.store import SaveStore
from tui.lessons import alamo, ataque, gallic, mates, metauro
from tui.lessons.lesson import Lesson

LESSONS: dict[str, Lesson] = {
    lesson.game_id: lesson
    for lesson in (gallic.LESSON, alamo.LESSON, mates.LESSON, ataque.LESSON, metauro.LESSON)
}


def lesson_session(lesson: Lesson, store: SaveStore, player: str | None = None) -> MemorySession:
    """The lesson's game, in memory: the learner (``player``, else "You") in the lesson's
    seat, a bot of the lesson's level in every other."""
    game = registry.get(lesson.game_id)
    seats = [
        SeatInfo(kind=HUMAN, name=player or _("You"))
        if seat == lesson.seat
        else SeatInfo(kind=BOT, name=bot_name(lesson.bot), level=lesson.bot)
        for seat in range(lesson.players)
    ]
    title = _("Lesson: {game}").format(game=game.name)
    return MemorySession.start(game, store, seats, lesson.config, lesson.seed, title)
