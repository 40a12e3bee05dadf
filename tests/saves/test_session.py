"""The session: apply, autosave, and what happens when the engine or the disk says no."""

from __future__ import annotations

import os
import random
import re

import pytest

from engine.core import IllegalAction, replay
from engine.gallic.actions import Continue, Discard
from saves.locks import HeldElsewhere
from saves.record import APP_VERSION, SaveError, SeatInfo, bot_name
from saves.session import Session
from saves.store import SaveConflict, SaveStore
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
    session.close()
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


def test_a_bot_named_after_its_level_is_not_told_its_level_twice():
    """ "Bot experto (experto)" says one word twice: the default name already says it."""
    from tui import language

    try:
        language.install("es")
        assert SeatInfo("bot", bot_name("expert"), "expert").label() == "Bot experto"
        assert SeatInfo("bot", "Rayo", "expert").label() == "Rayo (experto)"
        language.install("it")
        assert SeatInfo("bot", bot_name("expert"), "expert").label() == "Bot esperto"
    finally:
        language.install("en")
    assert SeatInfo("bot", bot_name("easy"), "easy").label() == "Easy bot"


# --- two sessions of one save -------------------------------------------------------------------


def test_a_second_open_is_told_the_game_is_open_elsewhere(store, gallic):
    first = Session.new(gallic, store, SEATS, {}, seed=8, title="Busy", player="ana")
    with pytest.raises(HeldElsewhere, match="'Busy' is open in another session \\(ana"):
        Session.load(store, "Busy")
    first.close()
    Session.load(store, "Busy").close()


def test_taking_over_refuses_the_other_sessions_next_write(store, gallic):
    """Two browser tabs press Continue: the second takes over, the first is refused."""
    a = Session.new(gallic, store, SEATS, {}, seed=8, title="Tabs")
    _play_some(a, 2)
    b = Session.load(store, "Tabs", takeover=True)
    before = store.path("Tabs").read_bytes()
    with pytest.raises(SaveConflict, match="continued in another session"):
        _play_some(a, 20, seed=1)
    assert a.conflict is not None and a.unsaved
    assert store.path("Tabs").read_bytes() == before  # A wrote nothing over B
    with pytest.raises(SaveConflict):
        a.save()  # and keeps refusing without touching the disk
    _play_some(b, 1, seed=2)
    assert store.load("Tabs") == b.record
    # A keeps its own line of play as a copy: nothing is lost on either side.
    moves_of_a = a.record.actions
    assert a.save_as("Tabs (mine)") == "Tabs-mine"
    assert store.load("Tabs-mine").actions == moves_of_a
    assert store.load("Tabs") == b.record


def test_the_late_writer_never_overwrites_even_without_the_open_claim(store, gallic):
    """Two ``Session.load`` of one save, A makes 20 moves, B makes 1: the file keeps A's."""
    first = store.load(Session.new(gallic, store, SEATS, {}, seed=5, title="Two").name)
    a = Session(gallic, store, first)
    b = Session(gallic, store, first)
    _play_some(a, 20, seed=3)
    assert len(store.load("Two").actions) == 20
    with pytest.raises(SaveConflict, match="19 moves ahead") as info:
        _play_some(b, 1, seed=4)
    assert info.value.current == a.record
    assert store.load("Two") == a.record
    assert b.moved_elsewhere() is b.conflict


def test_another_sessions_write_is_noticed_without_writing(store, gallic):
    a = Session.new(gallic, store, SEATS, {}, seed=5, title="Watch")
    b = Session(gallic, SaveStore(store.root), store.load("Watch"))
    assert a.moved_elsewhere() is None
    _play_some(b, 3)
    conflict = a.moved_elsewhere()
    assert conflict is not None and conflict.ahead == 3
    assert "3 moves ahead" in conflict.reason


def test_bak_keeps_the_previous_position_after_a_save_with_nothing_new(store, gallic):
    """ctrl+q and a hang-up save again: that must not turn .bak into a copy of the save."""
    session = Session.new(gallic, store, SEATS, {}, seed=5, title="Bak")
    _play_some(session, 3)
    bak = store.root / "Bak.json.bak"
    before = bak.read_bytes()
    session.save()
    assert bak.read_bytes() == before
    assert bak.read_bytes() != store.path("Bak").read_bytes()
    assert len(store.load("Bak").actions) == 3


def test_a_new_game_on_a_full_disk_starts_unsaved_and_saves_later(store, gallic, monkeypatch):
    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    session = Session.new(gallic, store, SEATS, {}, seed=3, title="Later")
    assert session.unsaved and "No space left on device" in session.save_error
    assert not store.path("Later").exists()
    with pytest.raises(SaveError):
        _play_some(session, 1)
    monkeypatch.undo()
    _play_some(session, 1, seed=1)
    assert not session.unsaved and session.save_error is None
    assert store.load("Later") == session.record
    assert len(session.record.actions) == 2


def test_a_default_title_writes_its_date_as_the_list_does(gallic, store):
    """One screen, one date format: the title "… 2025-12-31 18:05" beside "31/12/2025 18:05"."""
    from tui import language

    try:
        language.install("es")
        session = Session.new(gallic, store, SEATS, {}, seed=3)
    finally:
        language.install("en")
    assert re.search(r"\d{1,2}/\d{1,2}/\d{4} \d{1,2}:\d\d$", session.record.title), (
        session.record.title
    )
