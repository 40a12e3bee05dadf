"""Shared tables: one game whose seats belong to different people, each at their own terminal.

A table is one file in the tables folder: the save envelope of ``saves/store.py`` with the
seat owners (a person's name or ``bot:LEVEL``) and a version counter beside it::

    {"format": "batallas-table", "version": 12, "owners": ["ana", "bot:strong"], "save": {…}}

Moves use optimistic concurrency. A client applies a move *with the version it saw*; under an
exclusive ``flock`` on ``NAME.lock`` the table is re-read, a stale version is refused with
``TableChanged`` (carrying the fresh table), otherwise the engine applies the move and the file
is replaced atomically (temp file, fsync, ``os.replace``) with the version bumped. A client
killed mid-write leaves the previous file whole, and the kernel drops its lock. Temp files are
only ever created under the lock, so whatever temp file the next lock holder finds belongs to
a dead writer and is swept away.

Bots are played by whichever client is open: their move is a pure function of (table seed,
version, seat), so it does not matter which client computes it, and the version check lets
exactly one of two racing clients land it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import secrets
import stat
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.core import Game, IllegalAction, Outcome, Seat
from engine.i18n import N_, _, language, ngettext, number
from engine.words import listing
from saves.locks import exclusive
from saves.paths import is_person_name, is_safe_name, same_person, sanitize_name, stems, tables_path
from saves.record import (
    APP_VERSION,
    HUMAN,
    MAX_COUNT,
    BrokenSave,
    SaveError,
    SaveRecord,
    SeatInfo,
    bot_name,
    now_iso,
    whole_number,
)
from saves.safe_read import MissingFile, read_file
from saves.session import full_config
from saves.store import (
    _reject_constant,
    from_envelope,
    fsync_dir,
    os_reason,
    sweep_temp_files,
    tmp_beside,
    to_envelope,
    unlink_quietly,
    write_durably,
)
from saves.verify import Verified, verify

try:
    import fcntl
except ImportError:  # no flock here (Windows): tables refuse to move rather than race
    fcntl = None

FORMAT = "batallas-table"
SUFFIX = ".json"
LOCK_SUFFIX = ".lock"
BOT_PREFIX = "bot:"
MAX_PERSON = 24
LOCK_TIMEOUT = 10.0
CHANGED = N_("The table changed, here is the new position.")
"""What a client is told when its move came too late (translated where it is raised)."""

Stamp = tuple[int, int, int, int]
"""What a stat of the file says about its content: a new write always gives a new stamp."""


def tables_dir(override: str | Path | None = None) -> Path:
    """``--tables-dir``, then ``$BATALLAS_TABLES``, ``$BATALLAS_HOME/tables``, the data folder."""
    path = tables_path(override)
    path.mkdir(parents=True, exist_ok=True)
    return path


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
    """One table as read from its file; ``stamp`` tells whether the file changed since."""

    record: SaveRecord
    owners: tuple[str, ...]
    version: int
    stamp: Stamp | None = attrs.field(default=None, eq=False)

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


# --- the file -----------------------------------------------------------------------------------


def encode_table(table: Table, game: Game) -> bytes:
    doc = {
        "format": FORMAT,
        "version": table.version,
        "owners": list(table.owners),
        "save": to_envelope(table.record, game),
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
    try:
        tidy, seats = seat_infos(game, owners)
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
    return Table(record, tidy, version)


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


def seat_infos(game: Game, owners: Sequence[str]) -> tuple[tuple[str, ...], tuple[SeatInfo, ...]]:
    """Check and tidy the owners (``bot:`` alone means the strong bot) and make their seats."""
    tidy: list[str] = []
    seats: list[SeatInfo] = []
    for owner in owners:
        owner = owner.strip()
        level = bot_level(owner)
        if level is not None:
            level = level or ("strong" if "strong" in game.bots else next(iter(game.bots)))
            if level not in game.bots:
                raise SaveError(
                    _("no bot level {level} for {game}; levels: {levels}").format(
                        level=repr(level), game=game.name, levels=", ".join(game.bots)
                    )
                )
            tidy.append(BOT_PREFIX + level)
            seats.append(SeatInfo(kind="bot", name=bot_name(level), level=level))
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


def turn_text(game: Game, table: Table, person: str | None = None) -> str:
    """``your turn``, ``bob's turn``, ``bob and carol to move``, or how the game ended."""
    outcome = game.outcome(table.record.state)
    if outcome is not None:
        return _("over: {reason}").format(reason=outcome.reason)
    pending = game.to_move(table.record.state)
    if person is not None and table.seat_of(person) in pending:
        return _("your turn")
    names = [table.owners[s] for s in pending]
    if len(names) == 1:
        return _("{name}'s turn").format(name=names[0])
    return _("{names} to move").format(names=listing(names))


def _stamp(st: os.stat_result) -> Stamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


# --- the folder ---------------------------------------------------------------------------------


class TableStore:
    """The tables in one folder, by name (the file stem); safe to share between processes."""

    def __init__(self, root: str | Path, games: Mapping[str, Game] | None = None) -> None:
        if games is None:
            from engine.registry import GAMES

            games = GAMES
        self.root = Path(root)
        self.games = games
        # by name: the stamp and language a row was made in (a broken row's reason is a
        # sentence, made again after a language switch) and the row
        self._rows: dict[str, tuple[tuple[Stamp, str], Table | BrokenSave]] = {}
        self._verified: dict[str, Verified] = {}  # by name: the last replay load() checked

    def path(self, name: str) -> Path:
        if not is_safe_name(name):
            raise SaveError(_("{name} is not a usable table name").format(name=repr(name)))
        return self.root / f"{name}{SUFFIX}"

    def game(self, table: Table) -> Game:
        try:
            return self.games[table.record.game_id]
        except KeyError:
            raise SaveError(
                _("unknown game {game}").format(game=repr(table.record.game_id))
            ) from None

    def names(self) -> list[str]:
        return stems(self.root, SUFFIX)

    # reading

    def stamp(self, name: str) -> Stamp | None:
        """A stat, no read: polling this is cheap enough to do four times a second."""
        try:
            return _stamp(self.path(name).stat())
        except OSError:
            return None

    def load(self, name: str) -> Table:
        """The table called ``name``, its moves replayed and checked against its position.

        Only a regular file of bounded size is read. Tables are re-read after every move, so
        the replay resumes from the last one verified here when the log merely grew.
        """
        try:
            read = read_file(self.path(name))
        except MissingFile:
            raise SaveError(_("no table named {name}").format(name=repr(name))) from None
        table = decode_table(read.data, name, self.games)
        verified = verify(self.game(table), table.record, self._verified.get(name))
        if verified is None:
            self._verified.pop(name, None)
        else:
            self._verified[name] = verified
        return attrs.evolve(table, stamp=_stamp(read.stat))

    def list(self) -> list[Table | BrokenSave]:
        """Every table by name; a file that does not load is a ``BrokenSave`` row."""
        rows = []
        names = self.names()
        self._rows = {n: row for n, row in self._rows.items() if n in names}
        for name in names:
            stamp = self.stamp(name)
            cached = self._rows.get(name)
            if cached is not None and cached[0] == (stamp, language()):
                rows.append(cached[1])
                continue
            try:
                row: Table | BrokenSave = self.load(name)
            except SaveError as exc:
                row = BrokenSave(name, str(self.path(name)), exc.reason)
            except Exception as exc:  # a state the game itself cannot describe
                row = BrokenSave(name, str(self.path(name)), f"{type(exc).__name__}: {exc}")
            if stamp is not None:
                self._rows[name] = ((stamp, language()), row)
            rows.append(row)
        return rows

    def tables_of(self, person: str) -> list[Table]:
        return [t for t in self.list() if isinstance(t, Table) and t.seat_of(person) is not None]

    def stamps(self) -> tuple[tuple[str, Stamp | None], ...]:
        """Every table's stamp: equal between two calls means nothing moved anywhere."""
        return tuple((name, self.stamp(name)) for name in self.names())

    # writing (always under the table's lock)

    @contextlib.contextmanager
    def _locked(
        self, name: str, wait: float | None = LOCK_TIMEOUT, cancel: threading.Event | None = None
    ) -> Iterator[None]:
        """Hold ``NAME.lock`` exclusively; the kernel releases it if this process dies.
        ``wait`` and ``cancel`` are ``saves.locks.exclusive``'s."""
        self.path(name)  # refuse an unsafe name before creating anything
        if fcntl is None:
            raise SaveError(_("shared tables need file locks (fcntl), which this system lacks"))
        what = _("table {name}").format(name=repr(name))
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(
                _("cannot lock {what}: {reason}").format(what=what, reason=os_reason(exc))
            ) from exc
        with exclusive(self.root / f"{name}{LOCK_SUFFIX}", what, wait, cancel):
            sweep_temp_files(self.path(name))  # a killed writer's, made under this lock
            yield

    def _write(self, table: Table) -> Table:
        """Replace the file atomically; returns ``table`` with the stamp of what was written."""
        path = self.path(table.name)
        data = encode_table(table, self.game(table))
        tmp = tmp_beside(path)
        try:
            write_durably(tmp, data)
            os.replace(tmp, path)
        except BaseException as exc:
            unlink_quietly(tmp)
            if isinstance(exc, OSError):
                raise SaveError(
                    _("could not write table {name}: {reason}").format(
                        name=repr(table.name), reason=os_reason(exc)
                    )
                ) from exc
            raise
        fsync_dir(self.root)
        return attrs.evolve(table, stamp=self.stamp(table.name))

    def create(
        self,
        game_id: str,
        owners: Sequence[str],
        *,
        name: str | None = None,
        seed: int | None = None,
        config: Mapping[str, Any] | None = None,
    ) -> Table:
        """A new table at version 0. A given name must be free; otherwise ``GAME-1``, ``-2``…"""
        game = self.games.get(game_id)
        if game is None:
            raise SaveError(
                _("unknown game {game}; known: {games}").format(
                    game=repr(game_id), games=", ".join(self.games)
                )
            )
        owners, seats = seat_infos(game, owners)
        seed = secrets.randbits(63) if seed is None else seed
        config = full_config(game, config)
        check_config(game, config)
        state = game.new(config, seed, len(seats))
        candidates = [sanitize_name(name)] if name else (f"{game_id}-{i}" for i in range(1, 10**6))
        for candidate in candidates:
            with self._locked(candidate):
                if self.path(candidate).exists():
                    continue
                stamp = now_iso()
                record = SaveRecord(
                    name=candidate,
                    title=candidate,
                    game_id=game_id,
                    players=len(seats),
                    seats=seats,
                    config=config,
                    seed=seed,
                    actions=(),
                    state=state,
                    created=stamp,
                    updated=stamp,
                    rules_version=game.rules_version,
                )
                return self._write(Table(record, owners, 0))
        raise SaveError(
            _("a table named {name} already exists").format(name=repr(sanitize_name(name or "")))
        )

    def apply(
        self,
        name: str,
        version: int,
        seat: Seat,
        action: Any,
        *,
        wait: float | None = LOCK_TIMEOUT,
        cancel: threading.Event | None = None,
    ) -> Table:
        """Apply a move made on ``version``: ``TableChanged`` if the table moved on since,
        ``IllegalAction`` (nothing written) if the rules refuse it; else the new table.
        ``Busy``/``Cancelled`` when the lock was not had (``wait``, ``cancel``: as for
        ``saves.locks.exclusive``)."""
        with self._locked(name, wait, cancel):
            table = self.load(name)
            if table.version != version:
                raise TableChanged(table)
            state = self.game(table).apply(table.record.state, seat, action)
            record = attrs.evolve(
                table.record,
                state=state,
                actions=(*table.record.actions, (seat, action)),
                updated=now_iso(),
                app_version=APP_VERSION,
            )
            return self._write(Table(record, table.owners, table.version + 1))


# --- one player's client ------------------------------------------------------------------------


class OnTable:
    """What a player's and a spectator's client of a table share: ``Session``'s reading side
    over the ``Table`` last read, refreshed by a stat and, when the file changed, a read
    (never a lock). A table is written under its lock at every move, so nothing is ever
    unsaved and there is no other session to lose the game to."""

    unsaved = False
    save_error: str | None = None
    conflict = None
    store: TableStore
    table: Table
    game: Game

    @property
    def record(self) -> SaveRecord:
        return self.table.record

    @property
    def state(self) -> Any:
        return self.table.record.state

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def saved_moves(self) -> int:
        return len(self.table.record.actions)

    def refresh(self) -> bool:
        """Reload if the file changed; True when the position did (someone moved)."""
        if self.store.stamp(self.name) == self.table.stamp:
            return False
        fresh = self.store.load(self.name)
        moved = fresh.version != self.version
        self.table = fresh
        return moved

    def moved_elsewhere(self) -> None:
        return None

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def progress(self) -> str:
        return self.game.progress(self.state)


class TableSession(OnTable):
    """A table seen from one person's seat, with ``Session``'s interface so that a game screen
    plays it unchanged; moves go through the version-checked ``TableStore.apply``."""

    def __init__(self, store: TableStore, table: Table, player: str) -> None:
        seat = table.seat_of(player)
        if seat is None:
            people = ", ".join(table.people()) or _("nobody")
            raise SaveError(
                _("{player} has no seat at table {table} (seated: {people})").format(
                    player=player, table=repr(table.name), people=people
                )
            )
        self.store = store
        self.table = table
        self.game = store.game(table)
        self.player = table.owners[seat]
        self.seat = seat

    @classmethod
    def join(cls, store: TableStore, name: str, player: str) -> TableSession:
        return cls(store, store.load(name), player)

    def apply(
        self,
        seat: Seat,
        action: Any,
        *,
        wait: float | None = LOCK_TIMEOUT,
        cancel: threading.Event | None = None,
    ) -> Any:
        """Our seat's move or a bot's, against the version we hold; on ``TableChanged`` this
        session already holds the new position when the exception reaches the caller.
        ``wait`` and ``cancel`` say how long to wait for another client's lock (a screen tries
        once on its own thread, then waits in a worker that the player may stop)."""
        owner = self.table.owners[seat]
        if seat != self.seat and bot_level(owner) is None:
            raise IllegalAction(_("That seat is {owner}'s to play.").format(owner=owner))
        try:
            self.table = self.store.apply(
                self.name, self.version, seat, action, wait=wait, cancel=cancel
            )
        except TableChanged as exc:
            self.table = exc.table
            raise
        return self.state

    def bot_action(self, seat: Seat) -> Any:
        """The bot's move here, from its own view only: the same on every client."""
        bot = self.game.bots[self.record.seats[seat].level]
        rng = random.Random(bot_seed(self.record.seed, self.version, seat))
        return bot(self.view(seat), seat, rng)

    def play_bot(self, seat: Seat) -> Any:
        return self.apply(seat, self.bot_action(seat))

    def save(self) -> None:
        """Nothing to do: every move was written under the lock when it was made."""

    def close(self) -> None:
        """Nothing held: a table is open to all its players at once."""

    def save_as(self, title: str) -> str:
        raise SaveError(_("A table is saved after every move and cannot be copied."))

    def view(self, seat: Seat) -> Any:
        return self.game.view(self.state, seat)


# --- spectators ---------------------------------------------------------------------------------

WATCH_DIR = ".watch"
WATCHING = N_("You are watching.")
"""What a spectator is told when they try to move (``_(WATCHING)`` where shown)."""
MAX_WATCH_ENTRIES = 4096  # a folder flooded with files is counted this far and no further
STALE_TEMP = 60.0  # seconds: a mark still unnamed after this belongs to a dead watcher

_OPEN_FLAGS = os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)


def _watch_folder(root: Path, name: str, create: bool) -> Path | None:
    """``ROOT/.watch/NAME``, a real folder (never a link planted in its place); None when it
    is missing (and not to be created) or unusable. Folders made here get the tables folder's
    permissions: where people with different logins share the tables, each can mark himself
    as a watcher."""
    folder = root / WATCH_DIR / name
    for path in (folder.parent, folder):
        try:
            if create:
                try:
                    path.mkdir()
                    os.chmod(path, stat.S_IMODE(os.stat(root).st_mode))
                except FileExistsError:
                    pass
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                return None
        except OSError:
            return None
    return folder


class WatchMark:
    """A spectator's presence at a table: an exclusive ``flock`` on a file of its own in
    ``.watch/NAME/``, held while the table is on screen. The kernel drops the lock when the
    process dies, so a dead watcher's file is recognised (and removed) by the next count.

    The file is made and locked under a dot-name, then renamed into place: a count never
    finds a watcher's file before its lock is taken (and so never removes a live one)."""

    def __init__(self, path: Path | None, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def take(cls, root: Path, name: str) -> WatchMark:
        """Mark one more watcher of ``name``; storage problems give an unmarked watcher (the
        table can still be watched, it is just not counted)."""
        if fcntl is None:
            return cls(None, None)
        folder = _watch_folder(root, name, create=True)
        if folder is None:
            return cls(None, None)
        token = f"{os.getpid()}-{secrets.token_hex(6)}"
        temp, path = folder / f".{token}", folder / token
        try:
            fd = os.open(temp, os.O_RDWR | os.O_CREAT | os.O_EXCL | _OPEN_FLAGS, 0o666)
        except OSError:
            return cls(None, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.rename(temp, path)
        except OSError:
            os.close(fd)
            unlink_quietly(temp)
            return cls(None, None)
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Stop watching: the file goes, and the lock with it."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        if self.path is not None:
            unlink_quietly(self.path)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __del__(self) -> None:
        self.release()


def _stale(path: Path) -> bool | None:
    """True (and the file removed) when nobody holds ``path``'s lock, False when a live
    watcher does, None when it is gone or is not a watcher's file."""
    try:
        fd = os.open(path, os.O_RDONLY | _OPEN_FLAGS)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        unlink_quietly(path)  # still holding its lock: a new watcher never reuses a name
        return True
    except OSError:
        return None
    finally:
        os.close(fd)


def count_watchers(root: str | Path, name: str) -> int:
    """How many clients are watching table ``name`` now. Reads the ``.watch`` folder and
    tries each watcher's lock without waiting: never the table's lock, so players are never
    kept waiting by it. Files of dead watchers are removed on the way."""
    if fcntl is None or not is_safe_name(name):
        return 0
    folder = _watch_folder(Path(root), name, create=False)
    if folder is None:
        return 0
    live = 0
    try:
        with os.scandir(folder) as entries:
            found = [(e.name, Path(e.path)) for e in itertools.islice(entries, MAX_WATCH_ENTRIES)]
    except OSError:
        return 0
    for entry, path in found:
        if entry.startswith("."):  # a watcher between creating and naming its file
            with contextlib.suppress(OSError):
                if time.time() - os.lstat(path).st_mtime > STALE_TEMP:
                    _stale(path)
            continue
        if _stale(path) is False:
            live += 1
    return live


def watching_text(count: int) -> str:
    """`` · 2 watching`` for a title line; nothing when nobody watches."""
    if not count:
        return ""
    return " · " + ngettext("{n} watching", "{n} watching", count).format(n=number(count))


class TableWatch(OnTable):
    """A table seen by a spectator, with ``TableSession``'s interface so that a game screen
    shows it unchanged: the public view only (``game.view(state, None)``), whatever seat is
    asked for, and every move refused. It only ever reads the table (no lock), and marks
    itself as a watcher (``WatchMark``) until it is closed."""

    seat = None  # no seat: the game screen's viewer is None
    player = None

    def __init__(self, store: TableStore, table: Table, mark: bool = True) -> None:
        self.store = store
        self.table = table
        self.game = store.game(table)
        self._mark = WatchMark.take(store.root, table.name) if mark else None

    @classmethod
    def open(cls, store: TableStore, name: str) -> TableWatch:
        return cls(store, store.load(name))

    def apply(self, seat: Seat, action: Any, **_waiting: Any) -> Any:
        raise IllegalAction(_(WATCHING))

    def watchers(self) -> int:
        return count_watchers(self.store.root, self.name)

    def save(self) -> None:
        """Nothing to save: a spectator never writes."""

    def close(self) -> None:
        """Stop counting as a watcher."""
        if self._mark is not None:
            self._mark.release()

    def save_as(self, title: str) -> str:
        raise SaveError(_("You are watching this table: there is nothing of yours to save."))

    def view(self, seat: Seat | None = None) -> Any:
        """The public view, whoever asks: a spectator's screen never holds a seat's secrets."""
        return self.game.view(self.state, None)
