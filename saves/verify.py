"""Does a save tell the truth? Its action log, replayed from the seed, must give its state.

Structuring a save only proves its values have the right types: a card id 9999, a bot level
"godlike" or a table hand-edited to give one player every territory all structure fine, then
crash the screen that opens them or let someone cheat. So every read replays the action log
with the engine (``game.new`` + ``game.apply``) and compares the result with the stored state;
whatever differs, or whatever the engine refuses, makes the file "damaged". Nothing here
writes: a damaged file is reported and left exactly as it was.

Replaying costs about 0.1 s for the longest games (an Ataque game of 2,000+ moves), so the
callers avoid repeating it: the saves list caches rows by file signature, and shared tables,
re-read after every move, extend the last verified replay (``Verified``) with the new moves
only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from engine.core import Game, IllegalAction, Seat
from engine.i18n import _
from saves import convert
from saves.record import BOT, SaveError, SaveRecord

_MAX_DETAIL = 160


@attrs.frozen(eq=False)
class Verified:
    """A replay known to match a save: where the next read of the same game can resume."""

    game_id: str
    rules_version: int
    config: dict[str, Any]
    seed: int
    players: int
    actions: tuple[tuple[Seat, Any], ...]
    state: Any

    def extended_by(self, record: SaveRecord) -> bool:
        """True if ``record`` is this game with zero or more moves added at the end."""
        n = len(self.actions)
        return (
            record.game_id == self.game_id
            and record.rules_version == self.rules_version
            and record.seed == self.seed
            and record.players == self.players
            and record.config == self.config
            and len(record.actions) >= n
            and record.actions[:n] == self.actions
        )


def _plain(text: str) -> str:
    """An exception's text as one printable line: it may quote bytes from the file."""
    flat = "".join(ch if ch.isprintable() else "?" for ch in text)
    return flat if len(flat) <= _MAX_DETAIL else flat[: _MAX_DETAIL - 1] + "…"


def _problem(exc: Exception) -> str:
    if isinstance(exc, IllegalAction):
        return _plain(exc.reason)
    return _plain(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)


def check_seats(game: Game, record: SaveRecord) -> None:
    """Player count within the game's range; every bot seat has a level the game has."""
    low, high = game.min_players, game.max_players
    if not low <= record.players <= high:
        span = str(low) if low == high else f"{low}–{high}"
        raise SaveError(
            _("damaged: {game} is for {span} players, not {players}").format(
                game=game.name, span=span, players=record.players
            )
        )
    levels = tuple(game.bots)  # the names only: no bot module is imported to check them
    for i, seat in enumerate(record.seats, start=1):
        if seat.kind == BOT and seat.level not in levels:
            raise SaveError(
                _(
                    "damaged: seat {seat} is a bot of unknown level {level} (levels: {levels})"
                ).format(seat=i, level=repr(seat.level), levels=", ".join(levels))
            )


def _same_state(game: Game, replayed: Any, stored: Any) -> bool:
    """Equal as values, or at least as the JSON they save as (if ``==`` is stricter)."""
    try:
        if replayed == stored:
            return True
        return convert.unstructure_state(game, replayed) == convert.unstructure_state(game, stored)
    except Exception:  # a stored value so wrong that it cannot even be compared
        return False


def replay_from(
    game: Game, record: SaveRecord, start: Any, done: int, actions: Sequence[tuple[Seat, Any]]
) -> Any:
    """Apply ``actions`` (moves ``done + 1`` onwards of ``record``) to ``start``."""
    state = start
    for number, (seat, action) in enumerate(actions, start=done + 1):
        try:
            state = game.apply(state, seat, action)
        except IllegalAction as exc:
            raise SaveError(
                _("damaged: move {number} is not legal: {problem}").format(
                    number=number, problem=_problem(exc)
                )
            ) from exc
        except Exception as exc:  # the engine choking on a value no real game holds
            raise SaveError(
                _("damaged: move {number} cannot be played ({problem})").format(
                    number=number, problem=_problem(exc)
                )
            ) from exc
    return state


def verify(game: Game, record: SaveRecord, base: Verified | None = None) -> Verified | None:
    """Raise ``SaveError("damaged: …")`` unless ``record`` is a game ``game`` really played.

    ``base``, a replay verified earlier, is resumed if ``record`` extends it, so a table
    re-read after each move replays only the new moves. Returns the replay to resume from
    next time, or ``None`` when none was made: a save from older rules (``rules_version``
    below the game's) cannot be replayed with today's rules, which may deal, roll or score
    differently, so for it only the seats are checked and the stored state is trusted.
    """
    check_seats(game, record)
    if record.rules_version < game.rules_version:
        return None
    if base is not None and base.extended_by(record):
        start, done = base.state, len(base.actions)
    else:
        try:
            start = game.new(record.config, record.seed, record.players)
        except Exception as exc:
            raise SaveError(
                _("damaged: the saved options do not start a game ({problem})").format(
                    problem=_problem(exc)
                )
            ) from exc
        done = 0
    state = replay_from(game, record, start, done, record.actions[done:])
    if not _same_state(game, state, record.state):
        raise SaveError(_("damaged: the moves do not lead to the saved position"))
    return Verified(
        game_id=record.game_id,
        rules_version=record.rules_version,
        config=record.config,
        seed=record.seed,
        players=record.players,
        actions=record.actions,
        state=state,
    )
