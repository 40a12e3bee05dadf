"""Tables on disk: create, list, join, version-checked moves, and what each seat may see."""

from __future__ import annotations

import json

import pytest

from engine.core import HIDDEN, IllegalAction
from engine.gallic.actions import Discard
from saves.paths import MAX_TITLE
from saves.record import SaveError
from saves.tables import (
    CHANGED,
    TableChanged,
    TableSession,
    TableStore,
    tables_dir,
    turn_text,
)


def test_create_writes_version_0_with_the_owners_and_a_save_envelope(tables):
    table = tables.create("gallic", ["alice", "bot:strong"], seed=7)
    assert table.name == "gallic-1" and table.version == 0
    raw = json.loads(tables.path("gallic-1").read_bytes())
    assert raw["format"] == "batallas-table" and raw["version"] == 0
    assert raw["owners"] == ["alice", "bot:strong"]
    assert raw["save"]["format"] == "batallas-save" and raw["save"]["seed"] == 7
    assert tables.load("gallic-1") == table


def test_names_are_numbered_per_game_and_a_chosen_name_must_be_free(tables):
    assert tables.create("gallic", ["a", "b"]).name == "gallic-1"
    assert tables.create("gallic", ["a", "b"]).name == "gallic-2"
    assert tables.create("gallic", ["a", "b"], name="The Rubicon").name == "The-Rubicon"
    with pytest.raises(SaveError, match="already exists"):
        tables.create("gallic", ["a", "b"], name="The Rubicon")


@pytest.mark.parametrize(
    ("owners", "reason"),
    [
        (["alice", "Alice"], "two seats"),
        (["alice", "bot:genius"], "no bot level"),
        (["alice"], "2 players"),
        (["alice", ""], "not a usable player name"),
    ],
)
def test_bad_seats_are_refused_and_nothing_is_written(tables, owners, reason):
    with pytest.raises(SaveError, match=reason):
        tables.create("gallic", owners)
    assert tables.names() == []


def test_bot_without_level_is_the_strong_bot(tables):
    table = tables.create("gallic", ["alice", "bot:"])
    assert table.owners == ("alice", "bot:strong")
    assert table.record.seats[1].kind == "bot" and table.record.seats[1].level == "strong"


def test_list_shows_every_table_and_reports_a_broken_file(tables):
    tables.create("gallic", ["alice", "bob"])
    tables.create("ataque", ["alice", "carol", "bot:easy"])
    (tables.root / "junk.json").write_text("{")
    rows = {row.name: row for row in tables.list()}
    assert set(rows) == {"gallic-1", "ataque-1", "junk"}
    assert "not valid JSON" in rows["junk"].reason
    assert [t.name for t in tables.tables_of("carol")] == ["ataque-1"]
    assert tables.tables_of("Carol") == []  # logins are case-sensitive


def test_join_refuses_an_unknown_table_and_a_stranger(tables):
    tables.create("gallic", ["alice", "bob"])
    with pytest.raises(SaveError, match="no table named"):
        TableSession.join(tables, "nope", "alice")
    with pytest.raises(SaveError, match="no seat"):
        TableSession.join(tables, "gallic-1", "carol")
    assert TableSession.join(tables, "gallic-1", "bob").seat == 1
    with pytest.raises(SaveError, match="BOB has no seat"):
        TableSession.join(tables, "gallic-1", "BOB")  # logins are case-sensitive


def test_a_seat_and_its_turn_belong_to_the_login_spelled_exactly(tables):
    table = tables.create("gallic", ["alice", "bob"], seed=1)
    game = tables.game(table)
    assert table.seat_of("alice") == 0 and table.seat_of("ALICE") is None
    assert turn_text(game, table, "alice") == "your turn"
    assert turn_text(game, table, "ALICE") != "your turn"


def test_a_move_bumps_the_version_and_the_other_client_sees_it(tables):
    tables.create("gallic", ["alice", "bob"], seed=3)
    alice = TableSession.join(tables, "gallic-1", "alice")
    bob = TableSession.join(tables, "gallic-1", "bob")
    assert not bob.refresh()
    alice.apply(0, Discard(()))
    assert alice.version == 1 and turn_text(alice.game, alice.table, "alice") == "bob's turn"
    assert bob.refresh() and bob.version == 1 and bob.record.actions == ((0, Discard(())),)
    assert not bob.refresh()


def test_a_stale_move_is_refused_with_the_new_position_and_nothing_written(tables):
    tables.create("gallic", ["alice", "bob"], seed=3)
    alice = TableSession.join(tables, "gallic-1", "alice")
    bob = TableSession.join(tables, "gallic-1", "bob")
    alice.apply(0, Discard(()))
    before = tables.path("gallic-1").read_bytes()
    with pytest.raises(TableChanged) as caught:
        bob.apply(1, Discard(()))
    assert str(caught.value) == CHANGED == "The table changed, here is the new position."
    assert caught.value.table.version == 1
    assert bob.version == 1  # the session already holds the fresh position
    assert tables.path("gallic-1").read_bytes() == before
    bob.apply(1, Discard(()))  # and the same move now lands
    assert tables.load("gallic-1").version == 2


def test_an_illegal_move_is_refused_with_the_rules_reason_and_nothing_written(tables):
    tables.create("gallic", ["alice", "bob"], seed=3)
    alice = TableSession.join(tables, "gallic-1", "alice")
    before = tables.path("gallic-1").read_bytes()
    with pytest.raises(IllegalAction, match="at most 4 cards"):
        alice.apply(0, Discard(tuple(alice.view(0).sides[0].hand[:5])))
    with pytest.raises(IllegalAction, match="bob's to play"):
        alice.apply(1, Discard(()))
    assert tables.path("gallic-1").read_bytes() == before
    assert alice.version == 0


def test_each_player_sees_only_their_own_hand(tables):
    tables.create("gallic", ["alice", "bob"], seed=3)
    alice = TableSession.join(tables, "gallic-1", "alice")
    bob = TableSession.join(tables, "gallic-1", "bob")
    mine = alice.view(alice.seat)
    assert HIDDEN not in mine.sides[0].hand and set(mine.sides[1].hand) == {HIDDEN}
    theirs = bob.view(bob.seat)
    assert HIDDEN not in theirs.sides[1].hand and set(theirs.sides[0].hand) == {HIDDEN}


def test_save_is_a_no_op_and_save_as_is_refused(tables):
    tables.create("gallic", ["alice", "bob"])
    alice = TableSession.join(tables, "gallic-1", "alice")
    before = tables.path("gallic-1").read_bytes()
    alice.save()
    assert tables.path("gallic-1").read_bytes() == before
    with pytest.raises(SaveError):
        alice.save_as("copy")


def test_leftover_temp_files_are_ignored_and_swept_by_the_next_writer(tables):
    tables.create("gallic", ["alice", "bob"], seed=3)
    dead = tables.root / ".gallic-1.json.999.dead.tmp"
    dead.write_bytes(b'{"format": "batallas-tab')  # a writer killed mid-write
    assert [t.name for t in tables.list()] == ["gallic-1"]
    TableSession.join(tables, "gallic-1", "alice").apply(0, Discard(()))
    assert not dead.exists()


def test_tables_dir_override_then_env(tmp_path, monkeypatch):
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("BATALLAS_TABLES", raising=False)
    assert tables_dir() == tmp_path / "home" / "tables"
    monkeypatch.setenv("BATALLAS_TABLES", str(tmp_path / "shared"))
    assert tables_dir() == tmp_path / "shared"
    assert tables_dir(tmp_path / "flag") == tmp_path / "flag"


def test_a_table_in_another_folder_is_another_table(tmp_path):
    one, two = TableStore(tmp_path / "a"), TableStore(tmp_path / "b")
    one.create("gallic", ["alice", "bob"])
    assert two.list() == []


def test_a_table_title_of_any_length_in_its_file_is_read_cut_to_the_limit(tables):
    tables.create("gallic", ["alice", "bob"], seed=3)
    path = tables.path("gallic-1")
    raw = json.loads(path.read_bytes())
    raw["save"]["title"] = "T" * 100_000
    path.write_text(json.dumps(raw))
    assert tables.load("gallic-1").record.title == "T" * (MAX_TITLE - 1) + "…"
    assert [t.record.title for t in tables.list()] == ["T" * (MAX_TITLE - 1) + "…"]
