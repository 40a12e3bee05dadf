"""The game screens by game id: the one place that names them, so the base screen
(``tui/screens/game.py``) knows no game, and a game's screen is imported only when played."""

from __future__ import annotations

import importlib

from tui.screens.game import GameScreen

SCREENS: dict[str, tuple[str, str]] = {
    "gallic": ("tui.screens.gallic", "GallicScreen"),
    "alamo": ("tui.screens.alamo", "AlamoScreen"),
    "mates": ("tui.screens.mates", "MatesScreen"),
    "ataque": ("tui.screens.ataque", "AtaqueScreen"),
    "metauro": ("tui.screens.metauro", "MetauroScreen"),
}


def screen_class(game_id: str) -> type[GameScreen]:
    module, name = SCREENS[game_id]
    return getattr(importlib.import_module(module), name)


def screen_for(session) -> GameScreen:
    """The screen for a session's game (a game, a shared table, a spectator, a replay)."""
    return screen_class(session.game.id)(session)


def lesson_screen(session, lesson) -> GameScreen:
    """The screen of the lesson's game, with the lesson's panel (``lesson_play.py``)."""
    screen = screen_class(session.game.id)(session)
    screen.teach(lesson)
    return screen
