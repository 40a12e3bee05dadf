"""Hostile or damaged save files: reported by name with a reason, never read blind, never touched.

A FIFO or a link to ``/dev/zero`` is run in a separate process with a time and memory limit,
so that a regression fails the test instead of hanging the run or exhausting the machine.
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

import attrs
import pytest

from saves.record import BrokenSave, SaveError, SaveSummary, SeatInfo
from saves.safe_read import MAX_FILE_BYTES, MissingFile, read_bounded, size_text
from saves.session import Session
from saves.store import SaveStore, encode
from saves.verify import verify
from tests.saves.support import SEATS, forbidden_target, played_record, snapshot

ROOT = Path(__file__).resolve().parents[2]
FIFO_REASON = "not a regular file (a FIFO)"
MOVES_REASON = "damaged: the moves do not lead to the saved position"

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def run_isolated(code: str, timeout: float = 60.0) -> list:
    """Run ``code`` in a fresh interpreter (2 GiB of memory at most); it prints JSON."""

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


LIST_AND_LOAD = """
    import json
    from saves.record import SaveError
    from saves.session import Session
    from saves.store import SaveStore

    store = SaveStore({root!r})
    rows = [[type(r).__name__, r.name, getattr(r, "reason", "")] for r in store.list()]
    try:
        Session.load(store, {name!r})
        opened = "opened"
    except SaveError as exc:
        opened = exc.reason
    print(json.dumps([rows, opened]))
"""


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every save file's bytes, inode and mtime (no ``.bak`` may appear either); hidden
    entries are the store's own lock files."""
    out = {}
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        st = entry.stat(follow_symlinks=False)
        data = Path(entry.path).read_bytes() if entry.is_file(follow_symlinks=False) else b""
        out[entry.name] = (data, st.st_ino, st.st_mtime_ns)
    return out


def _envelope(game, record=None) -> dict:
    record = record or played_record(game, seed=4, steps=6, name="game")
    return json.loads(encode(record, game))


def _write(store: SaveStore, name: str, raw: dict) -> bytes:
    store.root.mkdir(parents=True, exist_ok=True)
    data = json.dumps(raw).encode()
    store.path(name).write_bytes(data)
    return data


def _rows(store: SaveStore) -> dict[str, SaveSummary | BrokenSave]:
    return {row.name: row for row in store.list()}


# --- files that are not regular files ---------------------------------------------------------


@needs_fifo
def test_a_fifo_is_listed_as_unreadable_and_refused_at_once(store, gallic):
    store.save(played_record(gallic, name="good"))
    os.mkfifo(store.path("pipe"))
    rows, opened = run_isolated(LIST_AND_LOAD.format(root=str(store.root), name="pipe"))
    assert sorted(rows) == [["BrokenSave", "pipe", FIFO_REASON], ["SaveSummary", "good", ""]]
    assert opened == FIFO_REASON


def test_a_link_to_dev_zero_is_listed_as_unreadable_not_read(store, gallic):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    store.save(played_record(gallic, name="good"))
    os.symlink("/dev/zero", store.path("zero"))
    rows, opened = run_isolated(LIST_AND_LOAD.format(root=str(store.root), name="zero"))
    reason = "not a regular file (a device)"
    assert sorted(rows) == [["BrokenSave", "zero", reason], ["SaveSummary", "good", ""]]
    assert opened == reason


def test_a_file_over_the_limit_is_refused_without_reading_it(store, gallic):
    store.save(played_record(gallic, name="good"))
    with open(store.path("huge"), "wb") as f:  # sparse: costs no disk
        f.truncate(MAX_FILE_BYTES + 1)
    rows = _rows(store)
    assert rows["huge"].reason == "larger than 16 MiB"
    assert isinstance(rows["good"], SaveSummary)


def test_a_link_to_a_regular_save_is_followed(store, gallic, tmp_path):
    elsewhere = SaveStore(tmp_path / "elsewhere")
    elsewhere.save(played_record(gallic, name="real", title="Real"))
    store.root.mkdir(parents=True)
    os.symlink(elsewhere.path("real"), store.path("linked"))
    assert _rows(store)["linked"].title == "Real"


def test_a_link_to_a_folder_is_unreadable(store, tmp_path):
    store.root.mkdir(parents=True)
    os.symlink(tmp_path, store.path("folder"))
    assert _rows(store)["folder"].reason == "not a regular file (a folder)"


def test_read_bounded_reads_up_to_the_limit_and_refuses_one_byte_more(tmp_path):
    path = tmp_path / "deck.json"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, limit=10) == b"x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(SaveError, match=r"^larger than 10 bytes$"):
        read_bounded(path, limit=10)
    with pytest.raises(MissingFile):
        read_bounded(tmp_path / "absent.json")
    assert size_text(MAX_FILE_BYTES) == "16 MiB" and size_text(1536) == "1536 bytes"


# --- files whose values are possible types but impossible games -------------------------------


def test_a_card_that_does_not_exist_makes_the_save_damaged(store, gallic):
    raw = _envelope(gallic)
    raw["state"]["sides"][0]["hand"][0] = 9999
    data = _write(store, "cheat", raw)
    assert _rows(store)["cheat"].reason == MOVES_REASON
    with pytest.raises(SaveError) as info:
        Session.load(store, "cheat")
    assert info.value.reason == MOVES_REASON
    assert store.path("cheat").read_bytes() == data


def test_a_move_the_rules_refuse_makes_the_save_damaged(store, gallic):
    raw = _envelope(gallic)
    first = raw["actions"][0]
    assert first["action"]["type"] == "Discard"
    first["action"]["cards"] = [9999]
    _write(store, "cheat", raw)
    reason = _rows(store)["cheat"].reason
    assert reason == "damaged: move 1 is not legal: Card 9999 is not in your hand."
    with pytest.raises(SaveError, match="move 1 is not legal"):
        Session.load(store, "cheat")


def test_a_bot_level_the_game_does_not_have_makes_the_save_damaged(store, gallic):
    raw = _envelope(gallic)
    raw["seats"][1]["level"] = "godlike"
    _write(store, "godlike", raw)
    reason = "damaged: seat 2 is a bot of unknown level 'godlike' (levels: easy, strong, expert)"
    assert _rows(store)["godlike"].reason == reason
    with pytest.raises(SaveError, match="godlike"):
        Session.load(store, "godlike")


def test_options_the_game_cannot_start_with_make_the_save_damaged(store, gallic):
    raw = _envelope(gallic)
    raw["config"] = {"battles": "lots"}
    _write(store, "options", raw)
    reason = _rows(store)["options"].reason
    assert reason.startswith("damaged: the saved options do not start a game (ValueError: ")


def test_a_player_count_the_game_does_not_allow_is_damaged(store, gallic):
    raw = _envelope(gallic)
    raw["players"] = 3
    raw["seats"].append(raw["seats"][0])
    _write(store, "three", raw)
    assert _rows(store)["three"].reason == "damaged: La Guerra Gallica is for 2 players, not 3"


def test_an_engine_error_on_a_move_is_damage_not_a_crash(gallic):
    class Choking:
        """The real game, except that its rules crash on the third move."""

        def __init__(self) -> None:
            self.moves = 0

        def __getattr__(self, name):
            return getattr(gallic, name)

        def apply(self, state, seat, action):
            self.moves += 1
            if self.moves == 3:
                raise KeyError("\x1b[31mno such card")
            return gallic.apply(state, seat, action)

    with pytest.raises(SaveError) as info:
        verify(Choking(), played_record(gallic, seed=4, steps=6))
    assert info.value.reason.startswith("damaged: move 3 cannot be played (KeyError: ")
    assert "\x1b" not in info.value.reason


def test_a_save_from_older_rules_is_not_replayed_but_its_seats_are_checked(store, gallic):
    """Rules changed since: the old moves may not replay today, yet the game stays open."""
    raw = _envelope(gallic)
    raw["rules_version"] = gallic.rules_version - 1
    raw["state"]["sides"][0]["deck"].reverse()  # what a changed shuffle would do
    _write(store, "older", raw)
    assert isinstance(_rows(store)["older"], SaveSummary)
    raw["seats"][1]["level"] = "godlike"
    _write(store, "older", raw)
    store._rows.clear()
    assert "unknown level 'godlike'" in _rows(store)["older"].reason


def test_real_games_of_every_game_verify(store):
    """The check is not stricter than the games: honest saves of all five load."""
    from engine.registry import GAMES

    for game_id in ("gallic", "alamo", "mates", "metauro"):
        game = GAMES[game_id]
        record = played_record(game, seed=3, name=game_id, title=game_id)
        store.save(record)
        loaded = store.load(game_id)
        assert (loaded.actions, loaded.state) == (record.actions, record.state)
    ataque = GAMES["ataque"]
    state, actions, chooser = ataque.new({}, 3, 3), [], random.Random(3)
    while ataque.to_move(state) and len(actions) < 300:
        seat = ataque.to_move(state)[0]
        action = chooser.choice(ataque.legal_actions(state, seat))
        state = ataque.apply(state, seat, action)
        actions.append((seat, action))
    three = (*SEATS, SeatInfo("human", "Eva"))
    record = attrs.evolve(
        played_record(GAMES["gallic"], name="ataque"),
        game_id="ataque",
        players=3,
        seats=three,
        seed=3,
        actions=tuple(actions),
        state=state,
        rules_version=ataque.rules_version,
    )
    store.save(record)
    assert store.load("ataque").state == state


# --- damaged files stay exactly as they were --------------------------------------------------


@needs_fifo
def test_nothing_in_the_folder_changes_when_hostile_files_are_listed_and_opened(store, gallic):
    store.save(played_record(gallic, name="good"))
    raw = _envelope(gallic)
    raw["state"]["sides"][0]["hand"][0] = 9999
    _write(store, "cheat", raw)
    with open(store.path("huge"), "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    os.mkfifo(store.path("pipe"))
    before = _snapshot(store.root)
    run_isolated(LIST_AND_LOAD.format(root=str(store.root), name="pipe"))
    store.list()
    for name in ("cheat", "huge"):
        with pytest.raises(SaveError):
            Session.load(store, name)
        with pytest.raises(SaveError, match="left untouched"):
            store.save(played_record(gallic, name=name))
    assert _snapshot(store.root) == before


@pytest.mark.parametrize("kind", ["device", "fifo", "socket", "link to a file", "dangling link"])
@pytest.mark.parametrize("file", ["Copy.json", "Copy.json.bak"])
def test_save_as_never_replaces_what_is_already_in_the_saves_folder(
    kind, file, store, gallic, tmp_path
):
    # Save-as writes a file whose name comes from the typed title: whatever sits at that
    # name (or its backup's) is left alone, and the copy takes the next free name.
    session = Session.new(gallic, store, SEATS, seed=1, title="Game")
    made = forbidden_target(kind, tmp_path, tmp_path / "home")
    os.replace(made, store.root / file)
    before = snapshot(store.root / file)
    assert session.save_as("Copy") == "Copy-2"
    assert snapshot(store.root / file)[:4] == before[:4]
    assert store.load("Copy-2").title == "Copy"
