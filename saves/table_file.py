"""A shared table as one file: what a table is (its save, owners and version), its JSON form
and reading one back (every field checked), its seats, and whose turn it says it is."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from engine.core import Game, Seat
from engine.i18n import N_, _
from engine.words import listing
from saves.outcomes import outcome_of, to_move_of
from saves.paths import is_person_name, same_person
from saves.record import HUMAN, MAX_COUNT, SaveError, SaveRecord, SeatInfo, bot_name, whole_number
from saves.store import _reject_constant, from_envelope, to_envelope
from saves.table_clock import TAKEOVER, Clock, check_clock, seconds_of

FORMAT = "batallas-table"
SUFFIX = ".json"
BOT_PREFIX = "bot:"
MAX_PERSON = 24
CHANGED = N_("The table changed, here is the new position.")
"""What a client is told when its move came too late (translated where it is raised)."""

Stamp = tuple[int, int, int, int]
"""What a stat of the file says about its content: a new write always gives a new stamp."""


def bot_level(owner: str) -> str | None:
    """``"strong"`` for ``"bot:strong"``; ``None`` for a person."""
    return owner[len(BOT_PREFIX) :] if owner.startswith(BOT_PREFIX) else None


def bot_seed(seed: int, version: int, seat: Seat, retry: int = 0) -> str:
    """The seed of a bot's move: the same on every client that computes it."""
    return f"{seed}:{version}:{seat}:{retry}"


def confusable(a: str, b: str) -> bool:
    """Two names told apart only by case: never at one table, where each would pass for
    the other on every screen."""
    return a.casefold() == b.casefold()


class TableChanged(Exception):
    """A move was made against an old version; ``table`` is the position it missed."""

    def __init__(self, table: Table) -> None:
        super().__init__(_(CHANGED))
        self.table = table


@attrs.frozen
class Table:
    """One table as read from its file; ``stamp`` tells whether the file changed since.

    The clock (``saves.table_clock``): ``clock`` (None: none), ``takeover`` the level of the
    bot that takes over a seat whose time ran out or whose player resigned in a game of three
    or more, ``taken_over`` per seat the person a bot took it from ("" never; kept after a
    claim back, so ratings leave the seat out), ``clock_since`` per seat when its time started
    ("" not running). Files older than clocks have none of them: empty tuples."""

    record: SaveRecord
    owners: tuple[str, ...]
    version: int
    stamp: Stamp | None = attrs.field(default=None, eq=False)
    clock: Clock | None = None
    takeover: str = TAKEOVER
    taken_over: tuple[str, ...] = ()
    clock_since: tuple[str, ...] = ()
    # Whether spectators may write in the table's chat (``saves.table_chat``), as its creator
    # chose at ``table new``; they always read it.
    spectators_chat: bool = False

    @property
    def name(self) -> str:
        return self.record.name

    def seat_of(self, person: str) -> Seat | None:
        for seat, owner in enumerate(self.owners):
            if bot_level(owner) is None and same_person(owner, person):
                return seat
        return None

    def people(self) -> tuple[str, ...]:
        return tuple(o for o in self.owners if bot_level(o) is None)

    def is_bot(self, seat: Seat) -> bool:
        return bot_level(self.owners[seat]) is not None

    def taken_from(self, seat: Seat) -> str:
        """The person a bot plays ``seat`` for now ("" when nobody's seat is taken over)."""
        who = self.taken_over[seat] if self.taken_over else ""
        return who if who and self.is_bot(seat) else ""

    def place_of(self, person: str) -> Seat | None:
        """The seat that is ``person``'s at this table: theirs, or theirs to claim back."""
        seat = self.seat_of(person)
        return self.claimable_by(person) if seat is None else seat

    def claimable_by(self, person: str) -> Seat | None:
        """The seat ``person`` may claim back from its bot: taken over, not resigned."""
        for seat in range(len(self.owners)):
            who = self.taken_from(seat)
            if who and same_person(who, person) and seat not in self.record.resigned:
                return seat
        return None


# --- the file -----------------------------------------------------------------------------------


def encode_table(table: Table, game: Game) -> bytes:
    doc = {
        "format": FORMAT,
        "version": table.version,
        "owners": list(table.owners),
        "save": to_envelope(table.record, game),
        "clock": attrs.asdict(table.clock) if table.clock is not None else None,
        "takeover": table.takeover,
        "taken_over": list(table.taken_over),
        "clock_since": list(table.clock_since),
        "spectators_chat": table.spectators_chat,
    }
    return (
        json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
        + b"\n"
    )


def decode_table(data: bytes, name: str, games: Mapping[str, Game]) -> Table:
    try:
        raw = json.loads(data, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise SaveError(_("not valid JSON (truncated?)")) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(_("not a Batallas table"))
    owners = raw.get("owners")
    if not isinstance(owners, list) or not all(isinstance(o, str) for o in owners):
        raise SaveError("field owners: expected a list of names")
    record = from_envelope(raw.get("save"), name, games)
    game = games[record.game_id]
    # Every move bumps the version by one: any other number was written by hand.
    version = whole_number(raw.get("version"), "version", MAX_COUNT)
    if version != len(record.actions):
        raise SaveError(
            _("damaged: version {version} but {moves} moves").format(
                version=version, moves=len(record.actions)
            )
        )
    check_config(game, record.config)
    if len(owners) != record.players:
        raise SaveError(f"field owners: expected {record.players} owners, found {len(owners)}")
    # The owners are printed and matched against players: the same rules as at creation, and
    # each seat must be what its owner says (a person of that name, or a bot of that level).
    # A bot that took a seat over bears the name of the person it took it from.
    taken = _taken_over(raw, owners)
    try:
        tidy, seats = seat_infos(game, owners, people=taken)
    except SaveError as exc:
        raise SaveError(f"field owners: {exc.reason}") from exc
    for i, (said, saved) in enumerate(zip(seats, record.seats, strict=True), start=1):
        human = said.kind == HUMAN
        if (said.kind, said.level) != (saved.kind, saved.level) or (
            human and said.name != saved.name
        ):
            raise SaveError(
                _("damaged: seat {seat} does not match its owner {owner}").format(
                    seat=i, owner=repr(owners[i - 1])
                )
            )
    spectators_chat = raw.get("spectators_chat", False)  # absent from older tables
    if type(spectators_chat) is not bool:
        raise SaveError("field spectators_chat: expected true or false")
    clock, takeover, since = _clock_fields(raw, game, len(tidy))
    return Table(
        record, tidy, version, None, clock, takeover, taken, since, spectators_chat=spectators_chat
    )


def _taken_over(raw: dict[str, Any], owners: list[str]) -> tuple[str, ...]:
    """Per seat, the person a bot took it from: "" or a usable name; a seat a person sits at
    again was claimed back, by that person. Absent (an older file): nobody's."""
    taken = raw.get("taken_over", [])
    if not isinstance(taken, list) or not all(isinstance(t, str) for t in taken):
        raise SaveError("field taken_over: expected a list of names")
    if taken and len(taken) != len(owners):
        raise SaveError(f"field taken_over: expected {len(owners)} names, found {len(taken)}")
    people = [o for o in owners if bot_level(o) is None]
    for who, owner in zip(taken, owners, strict=False):
        if not who:
            continue
        if not is_person_name(who) or len(who) > MAX_PERSON or ":" in who:
            raise SaveError(f"field taken_over: {who[:40]!r} is not a player name")
        if bot_level(owner) is None and not same_person(who, owner):
            raise SaveError(f"field taken_over: {who[:40]!r} does not sit at that seat")
        if bot_level(owner) is not None and any(confusable(who, p) for p in people):
            raise SaveError(f"field taken_over: {who[:40]!r} sits at another seat")
    return tuple(taken)


def _clock_fields(
    raw: dict[str, Any], game: Game, seats: int
) -> tuple[Clock | None, str, tuple[str, ...]]:
    """``clock``, ``takeover`` and ``clock_since`` of a table file, each checked; a file
    older than clocks has the defaults."""
    try:
        clock = check_clock(raw.get("clock"))
    except ValueError as exc:
        raise SaveError(f"field clock: {exc}") from None
    takeover = raw.get("takeover", TAKEOVER)
    if not isinstance(takeover, str) or takeover not in game.bots:
        raise SaveError("field takeover: expected a bot level of this game")
    since = raw.get("clock_since", [])
    if not isinstance(since, list) or (since and len(since) != seats):
        raise SaveError(f"field clock_since: expected {seats} times")
    for stamp in since:
        try:
            if not isinstance(stamp, str):
                raise ValueError
            if stamp:
                seconds_of(stamp)
        except (ValueError, OverflowError):
            raise SaveError("field clock_since: expected times like 2026-12-03T15:00:00Z") from None
    return clock, takeover, tuple(since)


def check_config(game: Game, config: Mapping[str, Any]) -> None:
    """Each option of a table is one its game offers: a number from 0 to its largest choice
    (a shorter game may be set up, a clock of 10**50 seconds may not), anything else one of
    its choices, of the same type (``true`` is not 1)."""
    choices = {o.key: [value for _label, value in o.choices] for o in getattr(game, "options", ())}
    for key, value in config.items():
        if key not in choices or not _fits(value, choices[key]):
            raise SaveError(f"field config: {key[:40]!r} is not one of the options of {game.name}")


def _fits(value: Any, choices: list[Any]) -> bool:
    numbers = [c for c in choices if type(c) is int]
    if type(value) is int and numbers:
        return 0 <= value <= max(numbers)
    return any(type(value) is type(c) and value == c for c in choices)


def seat_infos(
    game: Game, owners: Sequence[str], people: Sequence[str] = ()
) -> tuple[tuple[str, ...], tuple[SeatInfo, ...]]:
    """Check and tidy the owners (``bot:`` alone means the strong bot) and make their seats;
    a bot playing a seat for someone (``people``, per seat: a take-over) bears their name."""
    tidy: list[str] = []
    seats: list[SeatInfo] = []
    for i, owner in enumerate(owners):
        owner = owner.strip()
        level = bot_level(owner)
        if level is not None:
            level = level or ("strong" if "strong" in game.bots else next(iter(game.bots)))
            check_level(game, level)
            tidy.append(BOT_PREFIX + level)
            name = people[i] if i < len(people) and people[i] else bot_name(level)
            seats.append(SeatInfo(kind="bot", name=name, level=level))
            continue
        if not is_person_name(owner) or len(owner) > MAX_PERSON or ":" in owner:
            raise SaveError(
                _(
                    "{owner} is not a usable player name (1–{most} characters with a letter or "
                    "digit; no ':', '/', '\\' or leading '.')"
                ).format(owner=repr(owner), most=MAX_PERSON)
            )
        if any(confusable(owner, other) for other in tidy):
            raise SaveError(_("{owner} cannot sit at two seats of one table").format(owner=owner))
        tidy.append(owner)
        seats.append(SeatInfo(kind="human", name=owner))
    if not game.min_players <= len(seats) <= game.max_players:
        span = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players}–{game.max_players}"
        )
        raise SaveError(
            _("{game} is for {span} players; got {seats} seats").format(
                game=game.name, span=span, seats=len(seats)
            )
        )
    return tuple(tidy), tuple(seats)


def check_level(game: Game, level: str) -> None:
    """Refuse a bot level ``game`` does not have, saying which it has."""
    if level not in game.bots:
        raise SaveError(
            _("no bot level {level} for {game}; levels: {levels}").format(
                level=repr(level), game=game.name, levels=", ".join(game.bots)
            )
        )


def turn_text(game: Game, table: Table, person: str | None = None) -> str:
    """``your turn``, ``bob's turn``, ``bob and carol to move``, or how the game ended."""
    outcome = outcome_of(game, table.record)
    if outcome is not None:
        return _("over: {reason}").format(reason=outcome.reason)
    pending = to_move_of(game, table.record)
    if person is not None and table.seat_of(person) in pending:
        return _("your turn")
    names = [table.owners[s] for s in pending]
    if len(names) == 1:
        return _("{name}'s turn").format(name=names[0])
    return _("{names} to move").format(names=listing(names))
