"""Spectators of a shared table: each holds a mark in the table's watch folder while watching
(a lock the kernel drops with a dead process), counted by the players, and sees the public
view only."""

from __future__ import annotations

import contextlib
import itertools
import os
import secrets
import stat
import time
from pathlib import Path
from typing import Any

from engine.core import IllegalAction, Seat
from engine.i18n import N_, _, ngettext, number
from saves.durable import unlink_quietly
from saves.locks import fcntl
from saves.paths import is_safe_name
from saves.record import SaveError
from saves.table_file import Table
from saves.table_players import OnTable
from saves.table_store import TableStore

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
