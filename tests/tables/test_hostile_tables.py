"""Hostile or hand-edited table files: refused with a reason at every read, never touched.

Tables are re-read after every move, so the replay that checks them resumes from the last
verified position; the counting game below proves only the new moves are replayed.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.registry import GAMES
from saves.record import BrokenSave, SaveError
from saves.tables import Table, TableSession, TableStore
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
MOVES_REASON = "damaged: the moves do not lead to the saved position"


def run_isolated(code: str, timeout: float = 60.0) -> list:
    """Run ``code`` in a fresh interpreter (2 GiB of memory at most); it prints JSON. A
    regression that blocks on a FIFO then fails the test instead of hanging the run."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=limit_memory,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"still blocked after {timeout:.0f} s")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _raw(tables: TableStore, name: str) -> dict:
    return json.loads(tables.path(name).read_bytes())


def _write(tables: TableStore, name: str, raw: dict) -> bytes:
    data = json.dumps(raw).encode()
    tables.path(name).write_bytes(data)
    return data


def _first_moves(tables: TableStore, name: str, count: int) -> Table:
    """Play ``count`` more moves at table ``name``, the same ones on every run."""
    table = tables.load(name)
    game = tables.game(table)
    chooser = random.Random(table.version)
    for _ in range(count):
        state = table.record.state
        seat = game.to_move(state)[0]
        action = chooser.choice(game.legal_actions(state, seat))
        table = tables.apply(name, table.version, seat, action)
    return table


class Counting:
    """A game that counts the moves its rules apply (everything else is the real game)."""

    def __init__(self, game) -> None:
        self.game = game
        self.applied = 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, seat, action):
        self.applied += 1
        return self.game.apply(state, seat, action)

    def count(self, run) -> int:
        self.applied = 0
        run()
        return self.applied


# --- hand-edited positions and seats ----------------------------------------------------------


def test_a_table_giving_one_player_every_territory_is_damaged(tables, capsys):
    tables.create("gallic", ["alice", "bob"], name="fine")
    tables.create("ataque", ["alice", "bob", "carol"], name="world", seed=3)
    raw = _raw(tables, "world")
    owners = raw["save"]["state"]["owner"]
    raw["save"]["state"]["owner"] = [0] * len(owners)
    data = _write(tables, "world", raw)
    with pytest.raises(SaveError) as info:
        tables.load("world")
    assert info.value.reason == MOVES_REASON
    with pytest.raises(SaveError, match="damaged"):
        TableSession.join(tables, "world", "alice")
    rows = {row.name: row for row in tables.list()}
    assert rows["world"] == BrokenSave("world", str(tables.path("world")), MOVES_REASON)
    assert isinstance(rows["fine"], Table)
    assert main(["table", "list", "--tables-dir", str(tables.root)]) == 0
    out = capsys.readouterr().out
    assert f"world                UNREADABLE: {MOVES_REASON}" in out
    assert "fine" in out and "alice, bob" in out
    assert tables.path("world").read_bytes() == data


def test_no_move_lands_on_a_damaged_table_and_the_file_stays_as_it_was(tables):
    tables.create("gallic", ["alice", "bob"], seed=2)
    table = _first_moves(tables, "gallic-1", 2)
    seat = GAMES["gallic"].to_move(table.record.state)[0]
    move = GAMES["gallic"].legal_actions(table.record.state, seat)[0]
    raw = _raw(tables, "gallic-1")
    raw["save"]["state"]["sides"][1]["hand"][0] = 9999
    data = _write(tables, "gallic-1", raw)
    before = os.stat(tables.path("gallic-1"))
    with pytest.raises(SaveError, match=MOVES_REASON):
        tables.load("gallic-1")
    with pytest.raises(SaveError, match=MOVES_REASON):
        tables.apply("gallic-1", table.version, seat, move)
    after = os.stat(tables.path("gallic-1"))
    assert tables.path("gallic-1").read_bytes() == data
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_move_the_rules_refuse_is_reported_by_number(tables):
    tables.create("gallic", ["alice", "bob"], seed=2)
    _first_moves(tables, "gallic-1", 3)
    raw = _raw(tables, "gallic-1")
    raw["save"]["actions"][1]["action"]["cards"] = [9999]
    _write(tables, "gallic-1", raw)
    with pytest.raises(SaveError) as info:
        tables.load("gallic-1")
    assert info.value.reason == "damaged: move 2 is not legal: Card 9999 is not in your hand."


@pytest.mark.parametrize(
    ("owner", "level", "reason"),
    [
        ("bot:godlike", "godlike", "field owners: no bot level 'godlike' for La Guerra Gallica"),
        ("bot:easy", "strong", "damaged: seat 2 does not match its owner 'bot:easy'"),
        ("bob\x1b[2J", None, "field owners: 'bob\\x1b[2J' is not a usable player name"),
        ("bot:easy", None, "damaged: seat 2 does not match its owner 'bot:easy'"),
    ],
)
def test_owners_and_seats_must_be_what_a_table_can_hold(tables, owner, level, reason):
    tables.create("gallic", ["alice", "bob"])
    raw = _raw(tables, "gallic-1")
    raw["owners"][1] = owner
    if level is not None:
        raw["save"]["seats"][1] = {"kind": "bot", "name": "Bot", "level": level}
    _write(tables, "gallic-1", raw)
    with pytest.raises(SaveError) as info:
        tables.load("gallic-1")
    assert info.value.reason.startswith(reason)


def _set_owner(raw: dict, seat: int, owner: str) -> None:
    raw["owners"][seat] = owner
    raw["save"]["seats"][seat]["name"] = owner


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda raw: raw.update(version=10**50), "field version: expected a whole number"),
        (lambda raw: raw.update(version=3), "damaged: version 3 but 2 moves"),
        (lambda raw: raw["save"].update(seed=10**50), "field seed: "),
        (lambda raw: raw["save"].update(seed=-1), "field seed: "),
        (lambda raw: raw["save"].update(revision=10**50), "field revision: "),
        (lambda raw: raw["save"].update(rules_version=-5), "field rules_version: "),
        (lambda raw: raw["save"]["config"].update(battles=10**50), "field config: "),
        (lambda raw: raw["save"]["config"].update(battles=True), "field config: "),
        (lambda raw: raw["save"]["config"].update(deck="/etc/passwd"), "field config: "),
        (lambda raw: _set_owner(raw, 1, "../../root"), "field owners: '../../root' is not"),
        (lambda raw: _set_owner(raw, 1, ".hidden"), "field owners: '.hidden' is not"),
        (lambda raw: _set_owner(raw, 1, "a\\b"), "field owners: 'a\\\\b' is not"),
        (lambda raw: _set_owner(raw, 1, "x" * 25), "field owners: 'xxxxxxxxx"),
        (
            lambda raw: raw["save"]["seats"][1].update(name="alice"),
            "damaged: seat 2 does not match its owner 'bob'",
        ),
    ],
)
def test_hand_edited_numbers_and_names_make_the_table_unreadable(tables, capsys, edit, reason):
    tables.create("gallic", ["alice", "bob"], seed=2)
    table = _first_moves(tables, "gallic-1", 2)
    seat = GAMES["gallic"].to_move(table.record.state)[0]
    move = GAMES["gallic"].legal_actions(table.record.state, seat)[0]
    raw = _raw(tables, "gallic-1")
    edit(raw)
    data = _write(tables, "gallic-1", raw)
    fresh = TableStore(tables.root)
    with pytest.raises(SaveError) as info:
        fresh.load("gallic-1")
    assert info.value.reason.startswith(reason)
    with pytest.raises(SaveError):
        fresh.apply("gallic-1", raw["version"], seat, move)
    assert tables.path("gallic-1").read_bytes() == data  # never the next version written
    assert main(["table", "list", "--tables-dir", str(tables.root)]) == 0
    assert "gallic-1             UNREADABLE: " in capsys.readouterr().out


@pytest.mark.parametrize("owner", ["../../root", ".hidden", "a/b", "-_-", "x" * 25])
def test_a_name_a_table_file_may_not_hold_cannot_be_typed_either(tables, owner):
    with pytest.raises(SaveError, match="is not a usable player name"):
        tables.create("gallic", ["alice", owner])
    assert tables.names() == []


def test_a_seed_beyond_64_bits_cannot_be_typed(tables, tmp_path, capsys):
    where = ["--tables-dir", str(tables.root)]
    args = ["table", "new", "gallic", "--seat", "a", "--seat", "b", "--seed", str(10**50)]
    with pytest.raises(SystemExit):
        main([*args, *where])
    assert "seed" in capsys.readouterr().err
    assert tables.names() == []


def test_a_fifo_table_is_listed_as_unreadable_at_once(tables):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    tables.create("gallic", ["alice", "bob"], name="fine")
    os.mkfifo(tables.path("pipe"))
    rows, loaded = run_isolated(
        f"""
        import json
        from saves.record import SaveError
        from saves.tables import TableStore

        tables = TableStore({str(tables.root)!r})
        rows = [[type(r).__name__, r.name, getattr(r, "reason", "")] for r in tables.list()]
        try:
            tables.load("pipe")
            loaded = "loaded"
        except SaveError as exc:
            loaded = exc.reason
        print(json.dumps([rows, loaded]))
        """
    )
    assert rows == [["Table", "fine", ""], ["BrokenSave", "pipe", "not a regular file (a FIFO)"]]
    assert loaded == "not a regular file (a FIFO)"


# --- verifying at every read stays cheap -------------------------------------------------------


def test_each_read_replays_only_the_moves_made_since_the_last_one(tmp_path):
    counting = Counting(GAMES["gallic"])
    writer = TableStore(tmp_path, games={"gallic": counting})
    writer.create("gallic", ["alice", "bob"], seed=11)
    table = _first_moves(writer, "gallic-1", 12)
    reader = TableStore(tmp_path, games={"gallic": counting})
    assert counting.count(lambda: reader.load("gallic-1")) == 12  # first read: the whole log
    assert counting.count(lambda: reader.load("gallic-1")) == 0  # nothing new
    table = _first_moves(writer, "gallic-1", 1)
    assert counting.count(lambda: reader.load("gallic-1")) == 1
    table = _first_moves(writer, "gallic-1", 3)
    assert counting.count(lambda: reader.load("gallic-1")) == 3
    assert reader.load("gallic-1") == table


def test_a_resumed_check_still_catches_a_tampered_position_or_history(tmp_path):
    counting = Counting(GAMES["gallic"])
    writer = TableStore(tmp_path, games={"gallic": counting})
    writer.create("gallic", ["alice", "bob"], seed=11)
    _first_moves(writer, "gallic-1", 6)
    reader = TableStore(tmp_path, games={"gallic": counting})
    reader.load("gallic-1")
    _first_moves(writer, "gallic-1", 1)
    honest = _raw(writer, "gallic-1")

    tampered = json.loads(json.dumps(honest))
    tampered["save"]["state"]["sides"][0]["hand"][0] = 9999
    _write(writer, "gallic-1", tampered)
    with pytest.raises(SaveError, match=MOVES_REASON):
        reader.load("gallic-1")

    rewritten = json.loads(json.dumps(honest))
    rewritten["save"]["actions"][0]["action"]["cards"] = [9999]  # history changed, not extended
    _write(writer, "gallic-1", rewritten)
    with pytest.raises(SaveError, match="move 1 is not legal"):
        reader.load("gallic-1")

    _write(writer, "gallic-1", honest)
    assert counting.count(lambda: reader.load("gallic-1")) == 1  # resumes from the last good one
