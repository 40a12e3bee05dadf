"""Writing a file at a path a person named (``export -o``, ``mates-deck -o``).

The rule, in one place: such a write makes a new regular file, or replaces a regular file that
is not one of Batallas's own. It never writes to or replaces a device node, a FIFO, a socket, a
symbolic link or a folder, nor anything inside the saves, tables (and their lock files) or logs
folders, whatever the path looks like on the way there: run as root, ``-o /dev/full`` must not
turn the machine's device into a Markdown file.

The text goes to a temp file beside the target (created with ``O_EXCL``, which never follows a
link), fsynced, then put in place: a reader never sees half a file. A new file is put in place
with a hard link, which fails rather than replace anything that appeared meanwhile; an existing
one is looked at again (``lstat``, no link followed) just before the rename, and must still be
the regular file that was checked. The rename replaces the name, never writes through it.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from engine.i18n import _
from saves.durable import fsync_dir, tmp_beside, unlink_quietly, write_durably
from saves.paths import visible
from saves.safe_read import kind_of


class WriteRefused(Exception):
    """The path names something that must not be written; ``reason`` says what, as a clause
    ("it is a device") the caller puts in its own sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _kind_refusal(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return _("it is a symbolic link")
    return _("it is {kind}").format(kind=kind_of(mode))


def _inside(path: Path, folder: Path) -> bool:
    real = Path(os.path.realpath(folder))
    return path == real or real in path.parents


def refusal(target: Path, own: Iterable[Path]) -> str | None:
    """Why ``target`` may not be written (a clause), or None. ``own`` are Batallas's own
    folders: nothing in them is ever replaced, whichever link or ``..`` leads there."""
    try:
        st = _lstat(target)
        if st is not None:
            reason = _kind_refusal(st.st_mode)
            if reason:
                return reason
        elif not target.parent.is_dir():
            folder = visible(str(target.parent))
            return _("the folder {folder} does not exist").format(folder=folder)
        real = Path(os.path.realpath(target.parent)) / target.name
    except OSError as exc:  # a folder on the way that may not be looked into
        return exc.strerror or str(exc)
    for folder in own:
        if _inside(real, folder):
            return _("it is in {folder}, where Batallas keeps its own files").format(
                folder=visible(str(folder))
            )
    return None


def write_named_file(target: Path, data: bytes, own: Iterable[Path]) -> None:
    """Write ``data`` at ``target`` by the rule above: ``WriteRefused`` if the target may not
    be written (nothing is changed), ``OSError`` if the write fails (the old file is kept)."""
    own = tuple(own)
    reason = refusal(target, own)
    if reason:
        raise WriteRefused(reason)
    tmp = tmp_beside(target)
    try:
        write_durably(tmp, data)
        _put_in_place(tmp, target)
    finally:
        unlink_quietly(tmp)
    fsync_dir(target.parent)


def _put_in_place(tmp: Path, target: Path) -> None:
    """Link ``tmp`` as a new ``target``, or rename it over a regular file there now."""
    st = _lstat(target)
    if st is None:
        try:
            os.link(tmp, target)  # never replaces: EEXIST if something appeared meanwhile
            return
        except FileExistsError:
            st = _lstat(target)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise  # a system without hard links here falls through to the rename
    if st is not None:
        reason = _kind_refusal(st.st_mode)
        if reason:
            raise WriteRefused(reason)
    os.replace(tmp, target)
