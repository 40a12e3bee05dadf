"""File locks shared by saves and tables: a short exclusive lock around each write, and a
long "this game is open here" hold that the kernel drops when its process dies.

Both are ``flock`` locks on small side files, never on the save itself: the save is replaced
by ``os.replace`` at every write, and a lock on a replaced file would lock nothing. A dead
client (SIGKILL, a dropped SSH connection) can therefore never leave a game locked.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import json
import os
import socket
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from engine.i18n import _
from saves.record import SaveError, now_iso

try:
    import fcntl
except ImportError:  # no flock here (Windows): writes go unchecked, holds always succeed
    fcntl = None

LOCK_TIMEOUT = 10.0  # seconds; read when a wait starts, so one setting governs every lock
HOLD_INFO_LIMIT = 4096


class Wait(enum.Enum):
    """``DEFAULT``: wait ``LOCK_TIMEOUT`` seconds, as it is set when the wait starts (a default
    argument would freeze the value at import, and a shortened timeout would go unseen)."""

    DEFAULT = "default"


DEFAULT_WAIT = Wait.DEFAULT


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


class Busy(SaveError):
    """Another client held the lock for longer than the caller would wait."""


class Cancelled(SaveError):
    """The caller stopped waiting for the lock (a player pressed Escape)."""


@contextlib.contextmanager
def exclusive(
    path: Path,
    what: str,
    timeout: float | None | Wait = DEFAULT_WAIT,
    cancel: threading.Event | None = None,
) -> Iterator[None]:
    """Hold ``path`` (created if missing) exclusively; ``what`` names the thing for errors,
    in the player's language (``_("save {name}")``). ``Busy`` after ``timeout`` seconds (0:
    one try; None: no limit; by default ``LOCK_TIMEOUT``), ``Cancelled`` as soon as ``cancel``
    is set: a screen waits in a worker thread that the player can stop, never on its own
    thread."""
    if fcntl is None:
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = _open_lock_file(path, os.O_RDONLY)
    except OSError as exc:
        raise SaveError(
            _("cannot lock {what}: {reason}").format(what=what, reason=_reason(exc))
        ) from exc
    try:
        if timeout is DEFAULT_WAIT:
            timeout = LOCK_TIMEOUT
        _wait_for(fd, what, timeout, cancel or threading.Event())
        yield
    finally:
        os.close(fd)


def _wait_for(fd: int, what: str, timeout: float | None, cancel: threading.Event) -> None:
    deadline = None if timeout is None else time.monotonic() + timeout
    pause = 0.001
    while True:
        if cancel.is_set():
            raise Cancelled(_("you stopped waiting for {what}").format(what=what))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if deadline is not None and time.monotonic() >= deadline:
                raise Busy(_("{what} stayed locked by another client").format(what=what)) from None
        cancel.wait(pause)
        pause = min(pause * 2, 0.02)


def _open_lock_file(path: Path, mode: int) -> int:
    """Open (creating) a lock file that is a plain file: a link, FIFO or device planted in
    its place must neither block the open nor be written through."""
    flags = mode | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags | getattr(os, "O_NOCTTY", 0), 0o666)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, _("the lock file is not a regular file"))
    return fd


class HeldElsewhere(SaveError):
    """Another live process has this game open; ``info`` says who, as far as it told us."""

    def __init__(self, name: str, info: dict[str, str]) -> None:
        who = info.get("player") or _("someone")
        since = info.get("since", "")[:16].replace("T", " ")
        if since:
            text = _("{name} is open in another session ({who} since {since} UTC).")
        else:
            text = _("{name} is open in another session ({who}).")
        super().__init__(text.format(name=repr(name), who=who, since=since))
        self.info = info


class Hold:
    """An open game's claim on its save: other sessions see it and can ask to take over.

    The claim is an exclusive ``flock`` on ``.NAME.open`` kept for as long as the game is on
    screen; the file holds who opened it, for the question shown to the next opener.
    """

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def take(cls, path: Path, name: str, player: str | None = None) -> Hold:
        """Claim ``path``; ``HeldElsewhere`` if a live process has it. Storage problems give
        an unclaimed hold (the revision check still protects the save)."""
        if fcntl is None:
            return cls(path, None)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = _open_lock_file(path, os.O_RDWR)
        except OSError:
            return cls(path, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            info = _read_info(fd)
            os.close(fd)
            raise HeldElsewhere(name, info) from None
        except OSError:
            os.close(fd)
            return cls(path, None)
        info = {"player": player or "", "host": socket.gethostname(), "pid": str(os.getpid())}
        info["since"] = now_iso()
        try:
            data = json.dumps(info).encode()
            os.ftruncate(fd, 0)
            os.pwrite(fd, data, 0)
        except OSError:
            pass  # the lock alone is the claim; the note only makes the question friendlier
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.close(fd)

    def __del__(self) -> None:  # a session dropped without close() lets go of its game too
        self.release()


def _read_info(fd: int) -> dict[str, str]:
    try:
        raw = json.loads(os.pread(fd, HOLD_INFO_LIMIT, 0) or b"{}")
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str)}
