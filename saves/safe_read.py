"""Reading a file the player (or anyone with access to the folder) may have replaced.

Saves and shared tables are read here, and so should be every file taken from a folder a
player controls (the config file, deck files): only regular files, at most ``MAX_FILE_BYTES``.
A FIFO would block ``open()`` forever (no timeout, not even SIGHUP gets the app out), and a
link to ``/dev/zero`` or a huge file would read until memory runs out, so anything else is
refused with a reason and never read.

The type is checked twice: ``stat`` before opening, so a device is never even opened, and
``fstat`` on the opened descriptor, so a file swapped in between the two is caught too. The
open itself uses ``O_NONBLOCK``, so even a FIFO swapped in at that moment cannot block it.
Symbolic links are followed: a link to a regular file reads like the file.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import attrs

from engine.i18n import _, ngettext, number
from saves.record import SaveError

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Far above any real save (a 2,600-move Ataque game is under 0.5 MiB)."""

_CHUNK = 1024 * 1024


class MissingFile(SaveError):
    """The file does not exist (a dangling link too): callers say which save or table."""


@attrs.frozen
class ReadResult:
    """The bytes read and the ``fstat`` of the descriptor they came from."""

    data: bytes
    stat: os.stat_result


def size_text(size: int) -> str:
    """``16 MiB``, ``512 KiB`` or ``100 bytes``: how a limit is told to the player."""
    for unit, factor in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor and size % factor == 0:
            return f"{number(size // factor)} {unit}"
    return ngettext("{n} byte", "{n} bytes", size).format(n=number(size))


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words a player knows."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("a special file")


def _refuse_special(mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise SaveError(_("not a regular file ({kind})").format(kind=kind_of(mode)))


def _os_reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _too_big(limit: int) -> SaveError:
    return SaveError(_("larger than {size}").format(size=size_text(limit)))


def read_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> ReadResult:
    """The content of the regular file at ``path`` (at most ``limit`` bytes) and its fstat.

    Raises ``MissingFile`` if there is nothing there, ``SaveError`` with the reason for
    anything that is not a regular file, is larger than ``limit`` or cannot be read.
    """
    try:
        _refuse_special(os.stat(path).st_mode)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise MissingFile(_("not found")) from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket (or a FIFO with no writer on some systems)
            raise SaveError(_("not a regular file ({kind})").format(kind=_("a socket"))) from None
        raise SaveError(_("cannot be read ({reason})").format(reason=_os_reason(exc))) from None
    try:
        st = os.fstat(fd)
        _refuse_special(st.st_mode)
        if st.st_size > limit:
            raise _too_big(limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:  # the file may grow after fstat: never read past limit + 1
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise _too_big(limit)
        return ReadResult(b"".join(chunks), st)
    except OSError as exc:
        raise SaveError(_("cannot be read ({reason})").format(reason=_os_reason(exc))) from None
    finally:
        os.close(fd)


def read_bounded(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The content of a regular file of at most ``limit`` bytes, or ``SaveError`` saying why
    not (``MissingFile`` when there is no file): for config, deck and other small files."""
    return read_file(path, limit).data
