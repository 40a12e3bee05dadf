"""Unexpected errors go to a log file, never to the player's terminal.

A traceback shows local variables and the server's paths: over SSH or in a browser that is
someone else's business, and at home it is noise. The player gets one short message; the
details are appended to ``errors.log`` in the logs folder (``$BATALLAS_HOME/logs``, else the
platform's user log folder), which is rotated past a size limit so it never fills a disk.
"""

from __future__ import annotations

import datetime as dt
import os
import traceback
from pathlib import Path

from saves.paths import logs_dir

LOG_NAME = "errors.log"
LOG_LIMIT = 1 << 20  # bytes before errors.log becomes errors.log.1


def log_crash(context: str, error: BaseException | None = None) -> tuple[Path | None, str]:
    """Append ``error`` (else the exception being handled) with its traceback; returns the
    log file (None when it cannot be written) and the time stamp that identifies the entry."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    if error is None:
        details = traceback.format_exc()
    else:
        details = "".join(traceback.format_exception(error))
    entry = f"--- {stamp} pid {os.getpid()}: {context}\n{details}\n"
    path = logs_dir() / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            if path.stat().st_size > LOG_LIMIT:
                os.replace(path, path.with_name(LOG_NAME + ".1"))
        except FileNotFoundError:
            pass
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as log:
            log.write(entry)
    except OSError:
        return None, stamp
    return path, stamp
