"""Shared helpers for the saves tests: random legal play and a ready-made record."""

from __future__ import annotations

import os
import random
import socket
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import Game, Seat
from saves.record import SaveRecord, SeatInfo

SEATS = (SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "strong"))
STAMP = "2025-01-01T00:00:00.000Z"


def random_play(
    game: Game,
    seed: int,
    chooser: random.Random,
    config: dict[str, Any] | None = None,
    max_actions: int = 400,
) -> Iterator[tuple[Any, Seat | None, Any]]:
    """Yield ``(state, seat, action)`` after each action (the first with ``None, None``)."""
    state = game.new(config or {}, seed, 2)
    yield state, None, None
    for _ in range(max_actions):
        seats = game.to_move(state)
        if not seats:
            return
        seat = chooser.choice(seats)
        action = chooser.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        yield state, seat, action


def played_record(
    game: Game, seed: int = 1, steps: int | None = None, name: str = "game", title: str = "Game"
) -> SaveRecord:
    """A record of a random game, stopped after ``steps`` actions (or at the end)."""
    actions: list[tuple[Seat, Any]] = []
    state = None
    for current, seat, action in random_play(game, seed, random.Random(seed)):
        state = current
        if seat is not None:
            actions.append((seat, action))
        if steps is not None and len(actions) >= steps:
            break
    return SaveRecord(
        name=name,
        title=title,
        game_id=game.id,
        players=2,
        seats=SEATS,
        config={},
        seed=seed,
        actions=tuple(actions),
        state=state,
        created=STAMP,
        updated=STAMP,
        rules_version=game.rules_version,
        app_version="test",
    )


# --- paths a person may name as a file to write -------------------------------------------------

FORBIDDEN_TARGETS = (
    "device",
    "fifo",
    "socket",
    "link to a file",
    "dangling link",
    "folder",
    "a save",
    "anything in the saves folder",
    "a save's lock",
    "a table",
    "a table's lock",
    "the error log",
    "the saves folder through a linked folder",
)


def forbidden_target(kind: str, tmp: Path, home: Path) -> Path:
    """Make the thing ``kind`` names (data folders under ``home``, as ``$BATALLAS_HOME``
    lays them out) and return the path a careless or hostile user would write to."""
    saves, tables, logs = home / "saves", home / "tables", home / "logs"
    for folder in (saves / ".locks", tables, logs):
        folder.mkdir(parents=True, exist_ok=True)
    if kind == "device":  # a /dev/null of our own, never the machine's
        path = tmp / "null"
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("mknod is not permitted here")
        return path
    if kind == "fifo":
        os.mkfifo(tmp / "pipe")
        return tmp / "pipe"
    if kind == "socket":
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(tmp / "sock"))
        listener.close()
        return tmp / "sock"
    if kind == "link to a file":
        (tmp / "victim.txt").write_text("precious")
        (tmp / "link.md").symlink_to(tmp / "victim.txt")
        return tmp / "link.md"
    if kind == "dangling link":
        (tmp / "dangling.md").symlink_to(tmp / "made-through-the-link.md")
        return tmp / "dangling.md"
    if kind == "folder":
        (tmp / "folder").mkdir()
        return tmp / "folder"
    if kind == "the saves folder through a linked folder":
        (tmp / "via").symlink_to(saves)
        return tmp / "via" / "record.md"
    path = {
        "a save": saves / "game.json",
        "anything in the saves folder": saves / "record.md",
        "a save's lock": saves / ".locks" / "game.lock",
        "a table": tables / "gallic-1.json",
        "a table's lock": tables / "gallic-1.lock",
        "the error log": logs / "errors.log",
    }[kind]
    path.write_text("ours")
    return path


def snapshot(path: Path) -> tuple:
    """What a refused write must leave as it was: the entry, and a regular file's bytes."""
    st = os.lstat(path) if os.path.lexists(path) else None
    if st is None:
        return (None,)
    data = path.read_bytes() if stat.S_ISREG(st.st_mode) else None
    return (st.st_mode, st.st_ino, st.st_rdev, data, sorted(os.listdir(path.parent)))
