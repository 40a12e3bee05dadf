"""The session: apply, autosave, and what happens when the engine or the disk says no."""

from __future__ import annotations

import os
import random

import pytest

from engine.core import IllegalAction, replay
from engine.gallic.actions import Continue, Discard
from saves.record import APP_VERSION, SaveError, SeatInfo
from saves.session import Session
from saves.store import SaveStore
from tests.saves.support import SEATS


def _play_some(session: Session, moves: int, seed: int = 0) -> None:
    chooser = random.Random(seed)
    for _ in range(moves):
        seats = session.game.to_move(session.state)
        if not seats:
            return
        seat = chooser.choice(seats)
        session.apply(seat, chooser.choice(session.game.legal_actions(session.state, seat)))


def test_new_saves_at_once_with_defaults(store, gallic):
    session = Session.new(gallic, store, SEATS, {})
    assert session.record.players == 2
    assert session.record.config == {"battles": 8}
    assert 0 <= session.record.seed < 2**63
    assert session.record.title.startswith("La Guerra Gallica ")
    assert session.record.rules_version == gallic.rules_version
    assert session.record.app_version == APP_VERSION
    assert session.record.created == session.record.updated
    assert store.load(session.name) == session.record
    assert session.state == gallic.new({"battles": 8}, session.record.seed, 2)


def test_new_with_explicit_values(store, gallic):
    session = Session.new(gallic, store, SEATS, {"battles": 5}, seed=42, title="Quick one")
    assert (session.name, session.record.title, session.record.seed) == (
        "Quick-one",
        "Quick one",
        42,
    )
    assert session.state.battles_to_play == 5
    again = Session.new(gallic, store, SEATS, {"battles": 5}, seed=42, title="Quick one")
    assert again.name == "Quick-one-2"
    assert again.state == session.state


def test_new_checks_the_seat_count(store, gallic):
    with pytest.raises(ValueError, match="2 players need 2 seats, got 1"):
        Session.new(gallic, store, SEATS[:1], {}, players=2)


def test_apply_autosaves_every_action(store, gallic):
    session = Session.new(gallic, store, SEATS, {}, seed=3)
    for count in range(1, 6):
        _play_some(session, 1, seed=count)
        on_disk = store.load(session.name)
        assert on_disk == session.record
        assert len(on_disk.actions) == count
    assert session.record.updated >= session.record.created


def test_saved_log_replays_to_the_saved_state(store, gallic):
    session = Session.new(gallic, store, SEATS, {"battles": 5}, seed=11)
    _play_some(session, 500, seed=11)
    assert session.outcome() is not None
    record = store.load(session.name)
    assert replay(gallic, record.config, record.seed, record.players, list(record.actions)) == (
        record.state
    )
    assert store.list()[0].finished


def test_illegal_action_changes_nothing(store, gallic):
    session = Session.new(gallic, store, SEATS, {}, seed=3)
    before_record = session.record
    before_bytes = store.path(session.name).read_bytes()
    with pytest.raises(IllegalAction):
        session.apply(0, Continue())
    with pytest.raises(IllegalAction):
        session.apply(0, Discard((99,)))
    assert session.record is before_record
    assert store.path(session.name).read_bytes() == before_bytes


def test_failed_autosave_keeps_the_move_in_memory(store, gallic, monkeypatch):
    session = Session.new(gallic, store, SEATS, {}, seed=3)
    on_disk = store.path(session.name).read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    hand = session.state.sides[0].hand
    with pytest.raises(SaveError, match="No space left on device"):
        session.apply(0, Discard(tuple(sorted(hand[:2]))))
    assert session.unsaved
    assert len(session.record.actions) == 1
    assert 0 in session.state.chosen
    assert store.path(session.name).read_bytes() == on_disk

    monkeypatch.undo()
    session.apply(1, Discard(()))
    assert not session.unsaved
    assert store.load(session.name) == session.record
    assert len(store.load(session.name).actions) == 2


def test_autosave_refuses_a_file_broken_behind_its_back(store, gallic):
    session = Session.new(gallic, store, SEATS, {}, seed=3)
    store.path(session.name).write_bytes(b"{ oops")
    with pytest.raises(SaveError, match="left untouched"):
        session.apply(0, Discard(()))
    assert store.path(session.name).read_bytes() == b"{ oops"
    assert len(session.record.actions) == 1


def test_save_as_continues_in_the_copy(store, gallic):
    session = Session.new(gallic, store, SEATS, {}, seed=3, title="Original")
    _play_some(session, 3)
    original = store.load("Original")
    assert session.save_as("Branch") == "Branch"
    _play_some(session, 2, seed=9)
    assert store.load("Original") == original
    branch = store.load("Branch")
    assert branch == session.record
    assert branch.title == "Branch"
    assert branch.actions[:3] == original.actions
    assert len(branch.actions) == 5


def test_load_resumes_where_it_stopped(store, gallic):
    session = Session.new(gallic, store, SEATS, {}, seed=8, title="Resume me")
    _play_some(session, 4)
    resumed = Session.load(store, "Resume me".replace(" ", "-"))
    assert resumed.game is gallic
    assert resumed.record == session.record
    assert resumed.view(0) == gallic.view(session.state, 0)
    assert resumed.progress() == gallic.progress(session.state)
    _play_some(resumed, 2, seed=5)
    assert len(SaveStore(store.root).load(resumed.name).actions) == 6


def test_seat_labels():
    assert SeatInfo("human", "Ana").label() == "Ana"
    assert SeatInfo("bot", "Bot", "strong").label() == "Bot (strong)"
    assert SeatInfo("bot", "", None).label() == "Bot"
    assert SeatInfo("human", "").label() == "Player"
    with pytest.raises(ValueError):
        SeatInfo("robot", "R2")
