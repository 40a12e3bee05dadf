"""The lock files beside the saves cannot be turned against the app: a FIFO, a link or a
folder planted in their place makes a save fail with a reason, never hang or write through."""

from __future__ import annotations

import os

import pytest

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
