"""The lock files beside the saves cannot be turned against the app: a FIFO, a link or a
folder planted in their place makes a save fail with a reason, never hang or write through."""

from __future__ import annotations

import os
import threading
import time

import pytest

from saves import locks
from saves.locks import Busy, Cancelled, exclusive
from saves.record import SaveError
from saves.session import Session
from saves.store import LOCKS
from tests.saves.support import SEATS


def test_a_fifo_in_place_of_the_write_lock_refuses_instead_of_hanging(store, gallic):
    session = Session.new(gallic, store, SEATS, {}, seed=3, title="Fifo")
    lock = store.root / LOCKS / "Fifo.lock"
    lock.unlink()
    os.mkfifo(lock)
    with pytest.raises(SaveError, match="not a regular file"):
        store.save(session.record)


def test_a_link_in_place_of_the_open_claim_is_not_written_through(store, gallic, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (store.root / LOCKS).mkdir(parents=True)
    (store.root / LOCKS / "Linked.open").symlink_to(victim)
    session = Session.new(gallic, store, SEATS, {}, seed=3, title="Linked")
    assert victim.read_text() == "keep me"
    assert store.load("Linked") == session.record  # the game itself is saved as usual


def test_a_held_lock_is_tried_once_or_waited_for_until_cancelled(tmp_path):
    """What a screen relies on to stay responsive: one try says Busy at once, and a wait
    without a limit ends as soon as the player cancels it."""
    lock = tmp_path / "x.lock"
    cancel = threading.Event()
    with exclusive(lock, "x"):
        started = time.monotonic()
        with (
            pytest.raises(Busy, match="x stayed locked by another client"),
            exclusive(lock, "x", 0),
        ):
            pass
        threading.Timer(0.2, cancel.set).start()
        with pytest.raises(Cancelled), exclusive(lock, "x", None, cancel):
            pass
        assert time.monotonic() - started < 2
    with exclusive(lock, "x", 0):  # free again: had at the first try
        pass


def test_the_default_wait_is_the_timeout_set_when_the_wait_starts(tmp_path, monkeypatch):
    """One setting governs every default wait, also when it changes after import (a host that
    shortens it, a test that must tell a frozen screen from a busy machine)."""
    monkeypatch.setattr(locks, "LOCK_TIMEOUT", 0.1)
    lock = tmp_path / "x.lock"
    with exclusive(lock, "x"):
        started = time.monotonic()
        with pytest.raises(Busy), exclusive(lock, "x"):
            pass
        assert time.monotonic() - started < 5  # not the 10 s fixed at import
