"""A shared table's chat: short plain-text lines from its players (and, if its creator allowed
it, its spectators), kept beside the table and never in it.

The lines live in ``NAME.chat`` beside ``NAME.json``, one JSON object a line::

    {"t": 1796300640.25, "from": "ana", "spectator": false, "at": 57, "text": "well played"}

``t`` is the UTC time (seconds since the epoch), ``at`` the length of the game's log when the
line was said (where it goes among the log's lines). A line is never written into the table
file: the table's version counts moves only, so a chat line can never make a player's move
"too late". Lines are appended under ``.NAME.chat.lock`` (a ``flock`` the kernel drops with a
dead writer), through a descriptor opened without following links (a link or FIFO planted as
``NAME.chat`` is refused, never written through or blocked on). Readers take no lock: they
read whole lines only, skip any line that is not one of ours (hand-edited, hostile, cut short)
and read at most ``MAX_CHAT_BYTES`` (the newest lines). The rules a line must follow are
checked here, whatever client sends it: see ``say``.

Deleting ``NAME.chat`` resets a table's chat; the table itself does not notice.
"""

from __future__ import annotations

import datetime as dt
import errno
import json
import math
import os
import stat
import time
from pathlib import Path

import attrs

from engine.i18n import N_, _, number
from saves.durable import os_reason
from saves.locks import exclusive
from saves.paths import is_person_name, same_person, unprintable_problem
from saves.record import SaveError
from saves.safe_read import kind_of, size_text
from saves.table_file import MAX_PERSON, Table

CHAT_SUFFIX = ".chat"
MAX_TEXT = 200  # characters in one line
RATE_LINES = 3  # at most this many lines from one sender…
RATE_WINDOW = 10.0  # …in this many seconds
MAX_CHAT_BYTES = 1024 * 1024  # a chat file is read this far back, and grows no further
MAX_LINE_BYTES = 4096  # far above a 200-character line with its fields: longer is not ours
RECENT_BYTES = 64 * 1024  # the tail read under the lock to count a sender's recent lines
LOCK_WAIT = 1.0  # seconds a line waits for another client's append (a few microseconds)
FULL = N_("The chat of this table is full ({size}): the host can reset it.")

_OPEN = os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)


class ChatRefused(SaveError):
    """A line not written, and why (one sentence for the person who typed it)."""


@attrs.frozen
class ChatLine:
    """One line said at a table."""

    time: float  # UTC, seconds since the epoch
    sender: str
    text: str
    spectator: bool = False
    at: int = 0  # the game log's length when it was said

    def clock(self, date: bool = False) -> str:
        """``12:04`` (UTC), or ``2026-12-03 12:04`` with the date."""
        moment = dt.datetime.fromtimestamp(self.time, dt.UTC)
        return moment.strftime("%Y-%m-%d %H:%M" if date else "%H:%M")

    def words(self, date: bool = False) -> str:
        """ "[12:04] ana: text", a spectator marked: "[12:04] ana (spectator): text". Plain
        text: callers escape it for wherever it is shown."""
        who = self.sender
        if self.spectator:
            who = _("{name} (spectator)").format(name=who)
        return f"[{self.clock(date)}] {who}: {self.text}"


def chat_path(root: str | Path, name: str) -> Path:
    return Path(root) / f"{name}{CHAT_SUFFIX}"


def _lock_path(root: str | Path, name: str) -> Path:
    # Hidden: no table's own ``NAME.lock`` can ever have this name (a table name has no
    # leading dot).
    return Path(root) / f".{name}{CHAT_SUFFIX}.lock"


# --- reading ------------------------------------------------------------------------------------


def parse_line(raw: bytes) -> ChatLine | None:
    """A stored line, or None for anything that is not one this module wrote."""
    if len(raw) > MAX_LINE_BYTES:
        return None
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict):
        return None
    t, sender, text = doc.get("t"), doc.get("from"), doc.get("text")
    spectator, at = doc.get("spectator", False), doc.get("at", 0)
    if type(t) not in (int, float) or not math.isfinite(t) or not 0 <= t < 1e11:
        return None
    if not isinstance(sender, str) or not _usable_name(sender):
        return None
    if not isinstance(text, str) or text_problem(text) is not None:
        return None
    if type(spectator) is not bool or type(at) is not int or not 0 <= at < 10**9:
        return None
    return ChatLine(float(t), sender, text, spectator, at)


def _usable_name(name: str) -> bool:
    return is_person_name(name) and len(name) <= MAX_PERSON and ":" not in name


def _open_chat(path: Path, flags: int) -> int:
    """A descriptor on the chat file, which must be a regular file (no link, FIFO, device)."""
    fd = os.open(path, flags | _OPEN, 0o666)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise OSError(errno.EINVAL, _("not a regular file ({kind})").format(kind=kind_of(mode)))
    return fd


def _whole_lines(data: bytes, cut: bool) -> tuple[list[ChatLine], int]:
    """The lines in ``data`` and how many bytes they took (an unfinished last line is left
    for the next read); ``cut``: ``data`` starts mid-file, so its first line is a fragment."""
    end = data.rfind(b"\n") + 1
    pieces = data[:end].split(b"\n")[:-1]
    if cut and pieces:
        pieces = pieces[1:]
    return [line for raw in pieces if (line := parse_line(raw)) is not None], end


class ChatFeed:
    """One client's reading of a table's chat: a stat at each poll, and when the file grew,
    only the new bytes read. A file replaced or shortened (the chat reset) is read anew."""

    def __init__(self, root: str | Path, name: str) -> None:
        self.path = chat_path(root, name)
        self.lines: list[ChatLine] = []
        self._forget()

    def _forget(self) -> None:
        self._file: tuple[int, int] | None = None  # (device, inode) read from
        self._offset = 0  # where the next read starts
        self._cut = False  # whether it starts in the middle of a line (to be skipped)
        self._stamp: tuple[int, int, int, int] | None = None  # the lstat last seen

    def poll(self) -> bool:
        """Read what is new; True when the lines changed. Never raises: a chat that cannot
        be read shows what was read before."""
        try:
            st = os.lstat(self.path)
        except OSError:  # no chat yet, or it was reset
            changed = bool(self.lines)
            self.lines = []
            self._forget()
            return changed
        stamp = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        try:
            return self._read()
        except OSError:
            return False

    def _read(self) -> bool:
        fd = _open_chat(self.path, os.O_RDONLY)
        try:
            st = os.fstat(fd)
            old = list(self.lines)
            if self._file != (st.st_dev, st.st_ino) or st.st_size < self._offset:
                self._file = (st.st_dev, st.st_ino)
                self._offset = max(0, st.st_size - MAX_CHAT_BYTES)
                self._cut = self._offset > 0
                self.lines = []
            start = self._offset
            data = os.pread(fd, min(st.st_size - start, MAX_CHAT_BYTES), start)
        finally:
            os.close(fd)
        lines, used = _whole_lines(data, self._cut)
        if used:
            self._cut = False
        elif len(data) >= min(MAX_LINE_BYTES, MAX_CHAT_BYTES):  # longer than any line of ours
            used, self._cut = len(data), True
        self._offset = start + used
        if start + len(data) < st.st_size:
            self._stamp = None  # more to read at the next poll
        self.lines = self.lines + lines
        return self.lines != old


def read_chat(root: str | Path, name: str) -> list[ChatLine]:
    """Every line of a table's chat (the newest ``MAX_CHAT_BYTES``), oldest first."""
    feed = ChatFeed(root, name)
    feed.poll()
    return feed.lines


# --- writing ------------------------------------------------------------------------------------


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a chat line (one sentence), or None."""
    if not text.strip():
        return _("Nothing to send: the line is empty.")
    if len(text) > MAX_TEXT:
        return _("A chat line has at most {n} characters.").format(n=number(MAX_TEXT))
    return unprintable_problem(text, _("A chat line"))


def chat_refusal(table: Table, person: str | None) -> str | None:
    """Why ``person`` may not write in ``table``'s chat (one sentence), or None: its players
    may, its spectators only when the table's creator allowed it, and only by a name."""
    if person is None or not _usable_name(person):
        return _("Only a named player can write in the chat (say who you are with --as).")
    if table.seat_of(person) is None and not table.spectators_chat:
        return _("Spectators may read this table's chat, not write in it.")
    return None


def say(
    root: str | Path, table: Table, person: str | None, text: str, now: float | None = None
) -> ChatLine:
    """Append ``person``'s line to ``table``'s chat and return it; ``ChatRefused`` says why
    not: no right to write, an empty or too long line, a control character, more than
    ``RATE_LINES`` lines in ``RATE_WINDOW`` seconds, or a full or unusable chat file."""
    refusal = chat_refusal(table, person) or text_problem(text)
    if refusal is not None:
        raise ChatRefused(refusal)
    now = time.time() if now is None else now
    line = ChatLine(
        now, person, text.strip(), table.seat_of(person) is None, len(table.record.state.log)
    )
    what = _("the chat of table {name}").format(name=repr(table.name))
    with exclusive(_lock_path(root, table.name), what, LOCK_WAIT):
        try:
            _append(chat_path(root, table.name), line)
        except OSError as exc:
            raise ChatRefused(
                _("The chat of table {name} cannot be written: {reason}").format(
                    name=repr(table.name), reason=os_reason(exc)
                )
            ) from exc
    return line


def _append(path: Path, line: ChatLine) -> None:
    """Write ``line`` at the end of the chat, after the rate and size checks (under the lock:
    nobody else appends meanwhile)."""
    fd = _open_chat(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(fd).st_size
        if size >= MAX_CHAT_BYTES:
            raise ChatRefused(_(FULL).format(size=size_text(MAX_CHAT_BYTES)))
        start = max(0, size - RECENT_BYTES)
        tail = os.pread(fd, size - start, start)
        recent, _used = _whole_lines(tail, cut=start > 0)
        mine = [
            old
            for old in recent
            if same_person(old.sender, line.sender) and line.time - old.time < RATE_WINDOW
        ]
        if len(mine) >= RATE_LINES:
            raise ChatRefused(
                _("At most {lines} lines every {seconds} seconds: wait a moment.").format(
                    lines=number(RATE_LINES), seconds=number(int(RATE_WINDOW))
                )
            )
        doc = {
            "t": round(line.time, 3),
            "from": line.sender,
            "spectator": line.spectator,
            "at": line.at,
            "text": line.text,
        }
        data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        if tail and not tail.endswith(b"\n"):
            data = b"\n" + data  # a writer killed mid-line: its fragment stays a line apart
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
