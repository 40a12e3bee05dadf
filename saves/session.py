"""A game in progress: the one mutable object the app holds, autosaving after every action."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from engine.core import Game, Outcome, Seat
from saves.record import APP_VERSION, SaveRecord, SeatInfo, now_iso
from saves.store import SaveStore


def full_config(game: Game, config: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's option defaults overridden by ``config``, through JSON once, so the
    in-memory config equals the one a reload gives back."""
    defaults = {opt.key: opt.default for opt in getattr(game, "options", ())}
    return json.loads(json.dumps({**defaults, **dict(config or {})}))


class Session:
    """Owns the current ``SaveRecord``; ``apply`` is the only way the game moves on.

    The engine decides legality before anything changes, so an ``IllegalAction`` leaves the
    session as it was. A failed autosave (disk full, folder gone) raises ``SaveError`` *after*
    the move is applied in memory: the player keeps playing and ``unsaved`` tells the UI that
    the file lags behind until the next successful save.
    """

    def __init__(self, game: Game, store: SaveStore, record: SaveRecord) -> None:
        self.game = game
        self.store = store
        self.record = record
        self.unsaved = False

    @classmethod
    def new(
        cls,
        game: Game,
        store: SaveStore,
        seats: Sequence[SeatInfo],
        config: Mapping[str, Any] | None = None,
        seed: int | None = None,
        title: str | None = None,
        players: int | None = None,
    ) -> Session:
        """Start a game, save it at once (so it shows in Campaigns) and return its session."""
        seats = tuple(seats)
        players = len(seats) if players is None else players
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, got {len(seats)}")
        if seed is None:
            seed = secrets.randbits(63)
        if title is None:
            title = f"{game.name} {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}"
        config = full_config(game, config)
        state = game.new(config, seed, players)
        stamp = now_iso()
        record = SaveRecord(
            name=store.unique_name(title),
            title=title,
            game_id=game.id,
            players=players,
            seats=seats,
            config=config,
            seed=seed,
            actions=(),
            state=state,
            created=stamp,
            updated=stamp,
            rules_version=game.rules_version,
        )
        store.save(record)
        return cls(game, store, record)

    @classmethod
    def load(cls, store: SaveStore, name: str) -> Session:
        record = store.load(name)
        return cls(store.games[record.game_id], store, record)

    @property
    def state(self) -> Any:
        return self.record.state

    @property
    def name(self) -> str:
        return self.record.name

    def apply(self, seat: Seat, action: Any) -> Any:
        """Apply, record and autosave one action; returns the new full state."""
        state = self.game.apply(self.record.state, seat, action)
        self.record = attrs.evolve(
            self.record,
            state=state,
            actions=(*self.record.actions, (seat, action)),
            updated=now_iso(),
            app_version=APP_VERSION,
        )
        self.save()
        return state

    def save(self) -> None:
        """Write the current record (autosave, or a retry after a failed one)."""
        self.unsaved = True
        self.store.save(self.record)
        self.unsaved = False

    def save_as(self, title: str) -> str:
        """Copy the game to a new save titled ``title`` and carry on in the copy."""
        stamp = now_iso()
        self.record = attrs.evolve(
            self.record,
            name=self.store.unique_name(title),
            title=title.strip() or title,
            created=stamp,
            updated=stamp,
            app_version=APP_VERSION,
        )
        self.save()
        return self.record.name

    def view(self, seat: Seat) -> Any:
        return self.game.view(self.record.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.record.state)

    def progress(self) -> str:
        return self.game.progress(self.record.state)
