"""The games by id. A game appears in the menu only once it is registered here."""

from __future__ import annotations

from engine.alamo.rules import ALAMO
from engine.core import Game
from engine.gallic.rules import GALLIC
from engine.mates.rules import MATES
from engine.metauro.rules import METAURO

GAMES: dict[str, Game] = {g.id: g for g in (GALLIC, ALAMO, MATES, METAURO)}


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
