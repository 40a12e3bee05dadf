"""Durable file writes shared by saves, tables, campaigns and the language setting: a new file
is written beside its target, fsynced and renamed over it, the folder fsynced after, so a crash
or a full disk leaves either the old file or the new one, never half of either.

Lifted out of ``saves/store.py`` when tables, campaigns and the language file came to use the
same plumbing.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import time
from pathlib import Path

from engine.i18n import _
from saves import locks
from saves.record import SaveError

STALE_TEMP = 3600.0  # seconds: without flock, an older temp file is a dead writer's


def fsync_dir(path: Path) -> None:
    """Make the rename itself durable; not every system can open a folder, which is fine."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def unlink_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def write_durably(tmp: Path, data: bytes) -> None:
    """Write a new file and fsync it, ready to be renamed over the real one (saves, tables)."""
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def tmp_beside(path: Path, suffix: str = "") -> Path:
    """``.NAME.json.PID.HEX.tmp``: hidden, never listed, and recognised by ``sweep_temp_files``."""
    return path.with_name(f".{path.name}{suffix}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def sweep_temp_files(path: Path) -> None:
    """Remove the temp files of ``path`` (and of its ``.bak``) that a writer killed mid-write
    left behind. Call it only while holding ``path``'s write lock.

    Why that is safe: every writer of ``path`` makes its temp files under that same lock, and
    the kernel drops a dead process's ``flock`` at once, so a temp file the lock holder finds
    can only be a dead writer's; no age or PID guess is needed (a PID may be reused, or belong
    to another machine sharing the folder). Without ``flock`` (Windows) two writers may overlap,
    so only files older than ``STALE_TEMP`` are removed there: no write takes that long.
    """
    pattern = re.compile(re.escape(f".{path.name}") + r"(\.bak)?\.\d+\.[0-9A-Za-z]+\.tmp")
    oldest = time.time() - (0 if locks.fcntl is not None else STALE_TEMP)
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        for entry in entries:
            if pattern.fullmatch(entry.name):
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_mtime <= oldest:
                        unlink_quietly(Path(entry.path))


def replace_keeping_bak(path: Path, data: bytes, what: str) -> None:
    """Write ``path`` atomically with ``data``, the current file kept as ``path.bak`` (a hard
    link when the system allows it, so ``path`` never disappears even for a moment); any
    failure leaves the old file whole and is a ``SaveError`` naming ``what``. Called under
    ``path``'s write lock, so it also sweeps what a killed writer left."""
    sweep_temp_files(path)
    tmp = tmp_beside(path)
    bak_tmp = tmp_beside(path, ".bak")
    try:
        write_durably(tmp, data)
        if path.exists():
            try:
                os.link(path, bak_tmp)
            except OSError:
                shutil.copyfile(path, bak_tmp)
            os.replace(bak_tmp, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
    except BaseException as exc:
        unlink_quietly(tmp)
        unlink_quietly(bak_tmp)
        if isinstance(exc, OSError):
            raise SaveError(
                _("could not save {what}: {reason}").format(what=what, reason=os_reason(exc))
            ) from exc
        raise
    fsync_dir(path.parent)
