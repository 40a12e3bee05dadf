"""What a save holds, as plain attrs values the app can use without touching files."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs

from engine import __version__
from engine.core import Seat
from engine.i18n import _, ngettext, number, pgettext
from engine.words import sentence_start

HUMAN, BOT = "human", "bot"


APP_VERSION = __version__
MAX_SEED = 2**64 - 1  # the RNG keeps 64 bits: a bigger seed would only play as a smaller one
MAX_COUNT = 10**9  # revisions and table versions: no game is written a billion times


def whole_number(value: Any, field: str, most: int) -> int:
    """``value``, read from a file for ``field``, as a whole number from 0 to ``most``: a
    hand-edited 10**50 is refused here rather than carried (and counted on) forever."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise SaveError(f"field {field}: expected a whole number from 0 to {most}")
    return value


def now_iso() -> str:
    """UTC, millisecond precision, ``Z`` suffix: sorts as text and parses with fromisoformat."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def level_name(level: str) -> str:
    """A bot level as the player reads it (``easy`` in English, ``fácil`` in Spanish); the
    level itself stays the key saves and tables store. A level without a common word (``teg``,
    named after the game it plays like) is shown as it is."""
    names = {
        "easy": pgettext("bot level", "easy"),
        "strong": pgettext("bot level", "strong"),
        "expert": pgettext("bot level", "expert"),
    }
    return names.get(level, level)


def level_key(typed: str) -> str:
    """The level a player means by ``typed``: its key (``expert``) or its name in the current
    language (``experto``, ``esperto``), in any case; anything else is returned as typed, for
    the caller to refuse with the list of levels."""
    wanted = typed.strip().casefold()
    for level in ("easy", "strong", "expert"):
        if wanted in (level, level_name(level).casefold()):
            return level
    return typed


def bot_name(level: str) -> str:
    """The name a bot seat gets when nobody typed one: ``Easy bot``. Like a typed name it is
    stored in the save, so it is written in the language of the player who set the game up."""
    return sentence_start(_("{level} bot").format(level=level_name(level)))


def says_level(name: str, level: str) -> bool:
    """Whether a bot's ``name`` already names its level (``Bot experto``, ``Easy bot``): a
    label then does not add it again."""
    words = name.casefold().split()
    return level.casefold() in words or level_name(level).casefold() in words


def coach_marks(hints: int, takebacks: int) -> str:
    """How the coach helped in a game, as Records, the saves list and the export mark it:
    "with hints", "with takebacks", "with hints and takebacks"; empty when it did not."""
    if hints and takebacks:
        return _("with hints and takebacks")
    if hints:
        return _("with hints")
    if takebacks:
        return _("with takebacks")
    return ""


def coach_counts(hints: int, takebacks: int) -> str:
    """ "2 hints, 1 takeback": the coach's help counted, for the log and the export."""
    return _("{hints}, {takebacks}").format(
        hints=ngettext("{n} hint", "{n} hints", hints).format(n=number(hints)),
        takebacks=ngettext("{n} takeback", "{n} takebacks", takebacks).format(n=number(takebacks)),
    )


class SaveError(Exception):
    """A save could not be read or written; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@attrs.frozen
class SeatInfo:
    """Who sits in a seat: a named human, or a bot of some level."""

    kind: str = attrs.field(validator=attrs.validators.in_((HUMAN, BOT)))
    name: str
    level: str | None = None

    def label(self) -> str:
        """``Ana`` for a human, ``Bot (strong)`` for a bot (the name is the player's own
        text; only the words the app supplies are translated)."""
        base = self.name or (_("Bot") if self.kind == BOT else _("Player"))
        if self.kind == BOT and self.level and not says_level(base, self.level):
            return _("{name} ({level})").format(name=base, level=level_name(self.level))
        return base


@attrs.frozen(kw_only=True)
class SaveRecord:
    """One game in progress or finished: enough to resume it, replay it, or list it.

    ``actions`` is the full log of ``(seat, action)`` since ``game.new(config, seed, players)``;
    ``state`` is the snapshot after the last of them, so loading needs no replay.
    ``revision`` counts the writes of this save: a write is refused unless the file on disk is
    still at the revision this record was read or written as (another session moved on).
    ``hints`` and ``takebacks`` count the coach's help the player had (issue 29): Records and
    the export mark such games, so that ratings can leave them out.
    """

    name: str
    title: str
    game_id: str
    players: int
    seats: tuple[SeatInfo, ...]
    config: dict[str, Any]
    seed: int
    actions: tuple[tuple[Seat, Any], ...]
    state: Any
    created: str
    updated: str
    rules_version: int
    app_version: str = APP_VERSION
    revision: int = 0
    hints: int = 0
    takebacks: int = 0
    resigned: tuple[Seat, ...] = ()  # the seats whose player resigned (``saves.outcomes``)

    @property
    def coached(self) -> bool:
        """Whether the coach helped: a hint was shown or a move taken back."""
        return bool(self.hints or self.takebacks)


@attrs.frozen
class BrokenSave:
    """A file in the saves folder that could not be read; it is listed, never touched."""

    name: str
    path: str
    reason: str


@attrs.frozen
class SaveSummary:
    """One row of the Campaigns table; holds nothing secret (no hands, no deck order)."""

    name: str
    title: str
    game_id: str
    game_name: str
    seats: tuple[str, ...]
    progress: str
    updated: str
    finished: bool
    coached: str = ""  # how the coach helped (``coach_marks``), in the language of the row
