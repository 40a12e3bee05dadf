"""The saves folder: listing, loading, atomic writes, backups, and hands off broken files."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time

import attrs
import pytest

from saves import migrations
from saves import store as store_module
from saves.paths import MAX_TITLE, title_width
from saves.record import BrokenSave, SaveError, SaveSummary
from saves.session import Session
from saves.store import LOCKS, SaveStore, encode
from tests.saves.support import SEATS, played_record


def _files(store: SaveStore) -> list[str]:
    """The folder as a player sees it (the hidden lock folder aside)."""
    return sorted(n for n in os.listdir(store.root) if n != LOCKS)


def _save_over(store: SaveStore, record):
    """Write ``record`` as the next revision of whatever the file holds now."""
    try:
        current = store.load(record.name).revision
    except SaveError:
        current = 0
    return store.save(attrs.evolve(record, revision=current))


def _envelope(gallic, **changes) -> dict:
    raw = json.loads(encode(played_record(gallic, seed=4, steps=3), gallic))
    raw.update(changes)
    return raw


def _wrong_field(gallic) -> dict:
    raw = _envelope(gallic)
    raw["state"]["number"] = "three"
    return raw


def _dump(raw) -> bytes:
    return json.dumps(raw).encode()


BROKEN = {
    "truncated": (
        lambda g: encode(played_record(g, seed=4, steps=3), g)[:150],
        "not valid JSON (truncated?)",
    ),
    "empty": (lambda g: b"", "not valid JSON (truncated?)"),
    "not-json": (lambda g: b"Ceci n'est pas une sauvegarde", "not valid JSON (truncated?)"),
    "not-utf8": (lambda g: b'{"format": "\xff\xfe"}', "not valid JSON (truncated?)"),
    "nan": (lambda g: b'{"format": NaN}', "not valid JSON (truncated?)"),
    "json-list": (lambda g: b"[1, 2, 3]", "not a Batallas save"),
    "missing-format": (
        lambda g: _dump({k: v for k, v in _envelope(g).items() if k != "format"}),
        "not a Batallas save",
    ),
    "other-format": (lambda g: _dump(_envelope(g, format="other-app")), "not a Batallas save"),
    "unknown-game": (lambda g: _dump(_envelope(g, game="chess")), "unknown game 'chess'"),
    "future-schema": (
        lambda g: _dump(_envelope(g, schema_version=7)),
        "saved by a newer version of Batallas "
        f"(schema 7; this one reads up to {migrations.SCHEMA_VERSION})",
    ),
    "wrong-field": (lambda g: _dump(_wrong_field(g)), "field state.number: expected int"),
    "wrong-seat-count": (
        lambda g: _dump(_envelope(g, players=3)),
        "field seats: expected 3 seats, found 2",
    ),
}


@pytest.fixture(params=sorted(BROKEN))
def broken(request, store, gallic):
    """A store holding one good save ("good") and one broken file; yields (name, bytes, why)."""
    make, reason = BROKEN[request.param]
    store.save(played_record(gallic, name="good", title="Good"))
    data = make(gallic)
    name = f"bad-{request.param}"
    (store.root / f"{name}.json").write_bytes(data)
    return name, data, reason


def test_broken_file_is_listed_with_its_reason(store, broken):
    name, data, reason = broken
    rows = {row.name: row for row in store.list()}
    assert isinstance(rows["good"], SaveSummary)
    assert rows[name] == BrokenSave(name, str(store.root / f"{name}.json"), reason)
    assert (store.root / f"{name}.json").read_bytes() == data


def test_broken_file_load_raises_its_reason(store, broken):
    name, data, reason = broken
    with pytest.raises(SaveError) as info:
        store.load(name)
    assert info.value.reason == reason
    assert (store.root / f"{name}.json").read_bytes() == data


def test_broken_file_is_never_overwritten_renamed_or_backed_up(store, broken, gallic):
    name, data, reason = broken
    before = _files(store)
    with pytest.raises(SaveError, match="left untouched") as info:
        store.save(played_record(gallic, name=name))
    assert reason in info.value.reason
    with pytest.raises(SaveError):
        store.rename(name, "Something else")
    assert (store.root / f"{name}.json").read_bytes() == data
    assert _files(store) == before


def test_broken_file_can_be_deleted_on_request(store, broken):
    name, _data, _reason = broken
    store.delete(name)
    assert [row.name for row in store.list()] == ["good"]


def test_folder_entry_named_like_a_save_is_reported(store, gallic):
    store.save(played_record(gallic, name="good"))
    (store.root / "odd.json").mkdir()
    rows = {row.name: row for row in store.list()}
    assert isinstance(rows["odd"], BrokenSave)


def test_round_trip_through_the_store(store, gallic):
    record = played_record(gallic, seed=9, steps=11, name="Città-di-Roma", title="Città di Roma")
    written = store.save(record)
    assert written == attrs.evolve(record, revision=1)
    assert store.load(record.name) == written
    text = (store.root / "Città-di-Roma.json").read_text(encoding="utf-8")
    assert "Città di Roma" in text  # ensure_ascii off: accents stay readable
    raw = json.loads(text)
    assert raw["format"] == "batallas-save"
    assert raw["schema_version"] == migrations.SCHEMA_VERSION
    assert raw["actions"][0]["action"]["type"] in {"Discard", "Continue"}
    assert list(raw)[:2] == ["format", "schema_version"]


def test_load_missing_and_unsafe_names(store):
    with pytest.raises(SaveError, match="no save named 'nothing'"):
        store.load("nothing")
    for name in ("../etc/passwd", ".hidden", "a/b", ""):
        with pytest.raises(SaveError, match="not a usable save name"):
            store.load(name)


def test_bak_holds_the_previous_version(store, gallic):
    first = played_record(gallic, seed=2, steps=2)
    second = played_record(gallic, seed=2, steps=3)
    third = played_record(gallic, seed=2, steps=4)
    written = store.save(first)
    assert not (store.root / "game.json.bak").exists()
    written = store.save(attrs.evolve(second, revision=written.revision))
    kept = written
    written = store.save(attrs.evolve(third, revision=written.revision))
    assert (store.root / "game.json.bak").read_bytes() == encode(kept, gallic)
    assert (store.root / "game.json").read_bytes() == encode(written, gallic)
    assert [row.name for row in store.list()] == ["game"]


@pytest.mark.parametrize("failing_call", [1, 2], ids=["backup-rename", "final-rename"])
def test_interrupted_write_leaves_the_old_save(store, gallic, monkeypatch, failing_call):
    old = played_record(gallic, seed=2, steps=2)
    old = store.save(store.save(old))  # now there is a .bak too
    old_bytes = (store.root / "game.json").read_bytes()
    calls = []
    real_replace = os.replace

    def flaky_replace(src, dst):
        calls.append(src)
        if len(calls) == failing_call:
            assert os.path.exists(src), "the temp file is written before any rename"
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", flaky_replace)
    with pytest.raises(SaveError, match="No space left on device"):
        _save_over(store, played_record(gallic, seed=2, steps=5))
    monkeypatch.undo()
    assert (store.root / "game.json").read_bytes() == old_bytes
    assert store.load("game") == old
    assert _files(store) == ["game.json", "game.json.bak"]
    assert [row.name for row in store.list()] == ["game"]


def test_failed_fsync_leaves_no_temp_file(store, gallic, monkeypatch):
    store.save(played_record(gallic, steps=1))

    def no_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", no_fsync)
    with pytest.raises(SaveError, match="Input/output error"):
        _save_over(store, played_record(gallic, steps=2))
    assert _files(store) == ["game.json"]


def test_stray_temp_and_bak_files_are_not_listed(store, gallic):
    store.save(played_record(gallic))
    (store.root / ".game.json.123.abcd.tmp").write_bytes(b'{"half')
    (store.root / "other.json.bak").write_bytes(b"old")
    (store.root / "notes.txt").write_text("hi")
    assert [row.name for row in store.list()] == ["game"]


def test_file_changed_on_disk_is_checked_again_before_overwriting(store, gallic):
    record = played_record(gallic, steps=2)
    store.save(record)
    assert store.list()[0].name == "game"
    (store.root / "game.json").write_bytes(b"[]")
    assert isinstance(store.list()[0], BrokenSave)
    with pytest.raises(SaveError, match="left untouched"):
        store.save(record)
    assert (store.root / "game.json").read_bytes() == b"[]"


def test_list_is_most_recent_first(store, gallic):
    for name, updated in [
        ("b", "2025-03-01T10:00:00.000Z"),
        ("a", "2025-05-01T10:00:00.000Z"),
        ("c", "2024-12-31T23:59:59.999Z"),
    ]:
        store.save(attrs.evolve(played_record(gallic, steps=2, name=name), updated=updated))
    assert [row.name for row in store.list()] == ["a", "b", "c"]
    assert store.most_recent().name == "a"


def test_most_recent(store, gallic):
    assert store.most_recent() is None
    (store.root).mkdir(parents=True, exist_ok=True)
    (store.root / "junk.json").write_bytes(b"{")
    assert store.most_recent() is None
    done = attrs.evolve(played_record(gallic, name="done"), updated="2025-06-01T00:00:00.000Z")
    going = attrs.evolve(
        played_record(gallic, steps=3, name="going"), updated="2025-01-01T00:00:00.000Z"
    )
    store.save(done)
    store.save(going)
    assert store.most_recent().name == "done"
    assert store.most_recent().finished
    assert store.most_recent(unfinished=True).name == "going"


def test_summary_is_public(store, gallic):
    record = played_record(gallic, steps=3, title="Ana contro il bot")
    store.save(record)
    (row,) = store.list()
    assert row == SaveSummary(
        name="game",
        title="Ana contro il bot",
        game_id="gallic",
        game_name=gallic.name,
        seats=("Ana", "Bot (strong)"),
        progress=gallic.progress(record.state),
        updated=record.updated,
        finished=False,
    )


def test_unique_name(store, gallic):
    assert store.unique_name("Roma vs Galli") == "Roma-vs-Galli"
    store.save(played_record(gallic, name="Roma-vs-Galli"))
    assert store.unique_name("Roma vs Galli") == "Roma-vs-Galli-2"
    assert store.unique_name("roma VS galli") == "roma-VS-galli-2"  # case-insensitive disks
    store.save(played_record(gallic, name="Roma-vs-Galli-2"))
    assert store.unique_name("Roma vs Galli") == "Roma-vs-Galli-3"
    long = "x" * 80
    store.save(played_record(gallic, name=store.unique_name(long)))
    assert store.unique_name(long) == "x" * 58 + "-2"


def test_rename_moves_file_and_backup_and_retitles(store, gallic):
    store.save(played_record(gallic, steps=2))
    _save_over(store, played_record(gallic, steps=3))
    new = store.rename("game", "  La rivincita di Cesare! ")
    assert new == "La-rivincita-di-Cesare"
    assert _files(store) == ["La-rivincita-di-Cesare.json", "La-rivincita-di-Cesare.json.bak"]
    record = store.load(new)
    assert record.name == new
    assert record.title == "La rivincita di Cesare!"
    assert record.state == played_record(gallic, steps=3).state
    assert [row.name for row in store.list()] == [new]


def test_rename_to_same_name_only_retitles(store, gallic):
    store.save(played_record(gallic, name="Roma"))
    assert store.rename("Roma", "Roma!") == "Roma"
    assert store.load("Roma").title == "Roma!"


def test_rename_changing_only_case(store, gallic):
    store.save(played_record(gallic, name="roma"))
    assert store.rename("roma", "Roma") == "Roma"
    assert [row.name for row in store.list()] == ["Roma"]
    assert store.load("Roma").title == "Roma"


def test_rename_refuses_a_clash(store, gallic):
    store.save(played_record(gallic, name="one"))
    store.save(played_record(gallic, name="Two"))
    before = {p: (store.root / p).read_bytes() for p in _files(store)}
    with pytest.raises(SaveError, match="a save named 'two' already exists"):
        store.rename("one", "two")
    assert {p: (store.root / p).read_bytes() for p in _files(store)} == before


def test_delete_removes_save_and_backup(store, gallic):
    store.save(played_record(gallic, steps=1))
    _save_over(store, played_record(gallic, steps=2))
    store.delete("game")
    assert _files(store) == []
    with pytest.raises(SaveError, match="no save named 'game'"):
        store.delete("game")


def test_list_of_a_missing_folder_is_empty(tmp_path):
    assert SaveStore(tmp_path / "nowhere").list() == []


def test_save_unknown_game_is_refused(store, gallic):
    with pytest.raises(SaveError, match="unknown game 'chess'"):
        store.save(attrs.evolve(played_record(gallic), game_id="chess"))


def test_unsaveable_value_is_a_save_error(store, gallic):
    record = played_record(gallic, steps=1)
    with pytest.raises(SaveError, match="could not save 'game'"):
        store.save(attrs.evolve(record, actions=((0, object()),)))
    assert not store.root.exists() or _files(store) == []


def _save_until_killed(root: str, record, ready) -> None:
    """A writer that stops for good with its temp files made, the moment before its rename."""

    def stop(*_args):
        ready.set()
        time.sleep(60)

    store_module.os.replace = stop  # this child process only
    SaveStore(root).save(record)


def test_temp_files_of_a_writer_killed_mid_save_are_swept_by_the_next_save(store, gallic):
    store.save(played_record(gallic, steps=1))
    context = multiprocessing.get_context("fork")
    ready = context.Event()
    writer = context.Process(
        target=_save_until_killed,
        args=(str(store.root), attrs.evolve(played_record(gallic, steps=2), revision=1), ready),
    )
    writer.start()
    assert ready.wait(20)
    os.kill(writer.pid, signal.SIGKILL)  # kill -9 during a save
    writer.join()
    left = [n for n in os.listdir(store.root) if n.endswith(".tmp")]
    assert sorted(n.split(".")[3] for n in left) == sorted(["bak", str(writer.pid)]), left
    other = store.root / f".game-2.json.{writer.pid}.0a1b2c3d.tmp"  # another save's: not ours
    other.write_bytes(b"{")
    _save_over(store, played_record(gallic, steps=3))
    assert [n for n in os.listdir(store.root) if n.endswith(".tmp")] == [other.name]
    assert _files(store) == [other.name, "game.json", "game.json.bak"]


def test_a_title_of_any_length_in_a_file_is_read_cut_to_the_limit(store, gallic):
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "game.json").write_bytes(
        encode(played_record(gallic, title="W" * 100_000), gallic)
    )
    title = store.load("game").title
    assert title == "W" * (MAX_TITLE - 1) + "…"
    assert store.list()[0].title == title
    _save_over(store, played_record(gallic, steps=2, title=title))  # written back as read
    assert json.loads((store.root / "game.json").read_bytes())["title"] == title


def test_a_copy_of_a_game_whose_title_is_at_the_limit_stays_within_it(store, gallic):
    session = Session.new(gallic, store, SEATS, seed=1, title="T" * MAX_TITLE)
    assert session.record.title == "T" * MAX_TITLE
    session.save_as(f"{session.record.title} (copy)")
    assert session.record.title == "T" * (MAX_TITLE - 1) + "…"
    session.close()
    assert (
        store.rename(session.name, "R" * 500)
        and max(title_width(row.title) for row in store.list()) == MAX_TITLE
    )


def test_the_coach_marks_are_kept_and_an_old_save_has_none(store, gallic):
    record = played_record(gallic, seed=4, steps=3)
    raw = json.loads(encode(record, gallic))
    assert "hints" not in raw and "takebacks" not in raw, "a game without help is as before"
    (store.root).mkdir(parents=True, exist_ok=True)
    (store.root / "old.json").write_bytes(_dump(raw))
    old = store.load("old")
    assert (old.hints, old.takebacks, old.coached) == (0, 0, False)
    helped = store.save(attrs.evolve(old, hints=2, takebacks=1))
    again = SaveStore(store.root).load("old")
    assert (again.hints, again.takebacks, again.coached) == (2, 1, True)
    assert again.revision == helped.revision
    (row,) = SaveStore(store.root).list()
    assert row.coached == "with hints and takebacks", "the saves list's detail says it"


@pytest.mark.parametrize("value", [-1, "2", 1.5, True, 10**12])
def test_a_coach_mark_that_is_not_a_count_makes_the_save_unreadable(store, gallic, value):
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "odd.json").write_bytes(_dump(_envelope(gallic, hints=value)))
    with pytest.raises(SaveError, match="field hints"):
        store.load("odd")
