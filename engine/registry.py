"""The games by id. A game appears in the menu only once it is registered here.

The menu needs only each game's name, description and player counts, so those are listed here
and a game's rules are imported the first time it is played, read or loaded: Mates Hostiles
(python-chess) and Ataque (its odds tables) alone would double the app's start-up time.
``tests/engine/test_registry.py`` checks that these lines agree with the games themselves.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

import attrs

from engine.core import Game


@attrs.frozen
class Entry:
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    module: str
    attr: str

    def load(self) -> Game:
        return getattr(importlib.import_module(self.module), self.attr)


ENTRIES: tuple[Entry, ...] = (
    Entry("gallic", "La Guerra Gallica",
          "Rome against the Gauls in eight card battles; three wins in a row end the war.",
          2, 2, "engine.gallic.rules", "GALLIC"),
    Entry("alamo", "El Álamo",
          "The siege of 1836: Santa Anna's columns against the mission's defenders, "
          "for two players or as a Texan solitaire against the dice.",
          1, 2, "engine.alamo.rules", "ALAMO"),
    Entry("mates", "Mates Hostiles",
          "Chess-mate cards from real tournaments: attack with your card's Elo or with one of "
          "its pieces, for 2–4 players; or solve the mates alone.",
          1, 4, "engine.mates.rules", "MATES"),
    Entry("ataque", "Ataque",
          "World conquest: 42 territories, dice battles, card exchanges and a "
          "secret objective for each army.",
          3, 6, "engine.ataque.rules", "ATAQUE"),
    Entry("metauro", "Metauro",
          "Romans against Carthaginians on a square grid: the Metaurus, 207 BC, or Zama, "
          "202 BC — kill the enemy general or take both his standards.",
          2, 2, "engine.metauro.rules", "METAURO"),
)  # fmt: skip


class _Games(Mapping[str, Game]):
    """``GAMES[id]`` imports that game on first use; iterating lists ids without importing."""

    def __init__(self) -> None:
        self._entries = {e.id: e for e in ENTRIES}
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._loaded:
            self._loaded[game_id] = self._entries[game_id].load()
        return self._loaded[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


GAMES: Mapping[str, Game] = _Games()


def entry(game_id: str) -> Entry:
    return GAMES._entries[game_id]  # type: ignore[attr-defined]


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
