"""Spectators: counted by the locks they hold on their own files, and never waiting for (or
holding up) the players.

Each watcher holds an ``flock`` on its own file in ``.watch/NAME/``; a count tries each lock
without waiting, so a watcher whose process died (the kernel dropped its lock) is no longer
counted, and its file is removed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

import pytest

from engine.core import IllegalAction
from saves.locks import exclusive
from saves.tables import (
    WATCH_DIR,
    WATCHING,
    TableSession,
    TableStore,
    TableWatch,
    WatchMark,
    count_watchers,
)

FORK = multiprocessing.get_context("fork")


def watch_forever(root: str, name: str, ready) -> None:
    """Another client: watch the table until killed."""
    mark = WatchMark.take(TableStore(root).root, name)
    ready.send(mark.held)
    while True:
        time.sleep(1)


def start_watcher(tables: TableStore, name: str):
    mine, theirs = FORK.Pipe()
    proc = FORK.Process(target=watch_forever, args=(str(tables.root), name, theirs), daemon=True)
    proc.start()
    assert mine.poll(10) and mine.recv() is True
    return proc


def marks(tables: TableStore, name: str) -> list[str]:
    return sorted(os.listdir(tables.root / WATCH_DIR / name))


@pytest.fixture
def gallic(tables):
    return tables.create("gallic", ["ana", "bob"], seed=3).name


def test_live_watchers_are_counted_and_dead_ones_removed(tables, gallic):
    assert count_watchers(tables.root, gallic) == 0  # nobody has watched yet: no folder
    procs = [start_watcher(tables, gallic) for _ in range(3)]
    here = TableWatch.open(tables, gallic)  # this process watches too
    try:
        assert count_watchers(tables.root, gallic) == 4
        assert len(marks(tables, gallic)) == 4
        for proc in procs[:2]:
            os.kill(proc.pid, signal.SIGKILL)  # no goodbye: only the kernel drops the lock
            proc.join()
        assert count_watchers(tables.root, gallic) == 2
        assert len(marks(tables, gallic)) == 2  # the dead watchers' files are gone
        here.close()
        assert count_watchers(tables.root, gallic) == 1
        assert len(marks(tables, gallic)) == 1
    finally:
        for proc in procs:
            proc.kill()
            proc.join()
    assert count_watchers(tables.root, gallic) == 0
    assert marks(tables, gallic) == []


def test_watchers_are_counted_per_table(tables, gallic):
    other = tables.create("metauro", ["ana", "bob"], seed=3).name
    first, second = TableWatch.open(tables, gallic), TableWatch.open(tables, other)
    third = TableWatch.open(tables, other)
    assert (count_watchers(tables.root, gallic), count_watchers(tables.root, other)) == (1, 2)
    for watch in (first, second, third):
        watch.close()
    assert (count_watchers(tables.root, gallic), count_watchers(tables.root, other)) == (0, 0)


def test_a_watchers_file_being_named_is_not_taken_for_a_dead_one(tables, gallic):
    """A mark is locked under a dot-name and renamed into place: a count never removes a live
    watcher's file, and a stray dot-file does not count."""
    folder = tables.root / WATCH_DIR / gallic
    folder.mkdir(parents=True)
    (folder / ".123-half-made").write_bytes(b"")
    watch = TableWatch.open(tables, gallic)
    assert count_watchers(tables.root, gallic) == 1
    assert (folder / ".123-half-made").exists()  # young: perhaps a watcher still starting
    old = time.time() - 3600
    os.utime(folder / ".123-half-made", (old, old))
    assert count_watchers(tables.root, gallic) == 1
    assert not (folder / ".123-half-made").exists()  # an hour old: its watcher died
    watch.close()


def test_watching_takes_no_lock_the_players_wait_on(tables, gallic):
    """With the table's lock held (a player in the middle of a move), a spectator still
    opens the table, follows a move made before, and counts the watchers, at once."""
    ana = TableSession.join(TableStore(tables.root), gallic, "ana")
    ana.apply(0, ana.game.legal_actions(ana.state, 0)[0])
    with exclusive(tables.root / f"{gallic}.lock", "the table", timeout=0.1):
        started = time.monotonic()
        watch = TableWatch.open(TableStore(tables.root), gallic)
        assert watch.version == 1
        assert count_watchers(tables.root, gallic) == 1
        assert not watch.refresh()
        assert watch.view(0) == watch.game.view(watch.state, None)
        assert time.monotonic() - started < 1.0  # the lock's wait is 10 s: none was taken
    # And the other way round: a player moves while spectators watch.
    bob = TableSession.join(TableStore(tables.root), gallic, "bob")
    bob.apply(1, bob.game.legal_actions(bob.state, 1)[0])
    assert watch.refresh() and watch.version == 2
    watch.close()


def test_a_watcher_sees_the_public_view_and_cannot_move(tables, gallic):
    watch = TableWatch.open(tables, gallic)
    state = watch.state
    for seat in (None, 0, 1):
        assert watch.view(seat) == watch.game.view(state, None)
    action = watch.game.legal_actions(state, 0)[0]
    with pytest.raises(IllegalAction, match=WATCHING):
        watch.apply(0, action)
    assert tables.load(gallic).version == 0
    watch.close()


def test_a_planted_link_is_not_followed(tables, gallic, tmp_path):
    """``.watch`` replaced by a link to another folder: nothing is created there, and the
    table can still be watched (uncounted)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tables.root / WATCH_DIR).symlink_to(elsewhere)
    watch = TableWatch.open(tables, gallic)
    assert list(elsewhere.iterdir()) == []
    assert count_watchers(tables.root, gallic) == 0
    assert watch.view(None) == watch.game.view(watch.state, None)
    watch.close()


def test_the_watch_folders_are_as_open_as_the_tables_folder(tables, gallic):
    """Where several logins share the tables folder, each of them can mark himself watching."""
    os.chmod(tables.root, 0o777)
    old = os.umask(0o022)
    try:
        watch = TableWatch.open(tables, gallic)
    finally:
        os.umask(old)
    for folder in (tables.root / WATCH_DIR, tables.root / WATCH_DIR / gallic):
        assert folder.stat().st_mode & 0o777 == 0o777
    watch.close()


# --- batallas table watch ------------------------------------------------------------------------


def test_the_command_line_opens_a_table_to_watch(tables, gallic, tmp_path, monkeypatch, capsys):
    from tui.app import BatallasApp
    from tui.cli import main
    from tui.screens.game import GameScreen

    where = ["--tables-dir", str(tables.root)]
    opened = {}

    def run(app, **kwargs):
        opened["screen"] = app._start(app)
        opened["player"] = app.player
        opened["screen"].session.close()

    monkeypatch.setattr(BatallasApp, "run", run)
    saves = ["--saves-dir", str(tmp_path / "saves")]
    assert main([*saves, "table", "watch", gallic, *where]) == 0
    screen = opened["screen"]
    assert isinstance(screen, GameScreen) and screen.watching and screen.viewer is None
    assert opened["player"] is None
    assert main([*saves, "table", "watch", gallic, "--as", "carol", *where]) == 0
    assert opened["player"] == "carol"  # no seat needed to watch
    assert main([*saves, "table", "watch", "nope", *where]) == 2
    assert "no table named 'nope'" in capsys.readouterr().err
