"""A table's chat (``saves/table_chat.py``): lines beside the table, never in it, with the
rules enforced whatever client writes, and a hostile chat file read without harm."""

from __future__ import annotations

import json
import os

import pytest

from saves import table_chat
from saves.record import SaveError
from saves.table_chat import ChatFeed, ChatRefused, chat_path, read_chat, say
from saves.tables import TableSession

T0 = 1_796_300_640.0  # 2026-12-03 12:24 UTC


@pytest.fixture
def table(tables):
    return tables.create("gallic", ["ana", "bea"], name="t1", seed=3)


def test_a_players_line_is_read_by_everyone_and_never_bumps_the_table(tables, table):
    before = tables.path("t1").read_bytes()
    bea = TableSession.join(tables, "t1", "bea")
    say(tables.root, table, "ana", "  good luck  ", now=T0)
    (line,) = read_chat(tables.root, "t1")
    assert (line.sender, line.text, line.spectator) == ("ana", "good luck", False)
    assert line.words() == "[12:24] ana: good luck"
    # The table file is untouched: bea's move on version 0 still lands.
    assert tables.path("t1").read_bytes() == before
    seat = bea.seat
    bea.apply(seat, bea.game.legal_actions(bea.state, seat)[0])
    assert bea.version == 1


def test_the_limits_each_refused_in_one_sentence(tables, table):
    say(tables.root, table, "ana", "x" * 200, now=T0)
    with pytest.raises(ChatRefused, match="at most 200 characters"):
        say(tables.root, table, "ana", "x" * 201, now=T0 + 60)
    with pytest.raises(ChatRefused, match="empty"):
        say(tables.root, table, "ana", "   ", now=T0 + 60)
    for bad in ("\x1b[2Jgone", "bell\a", "two\nlines", "rtl\u202eevil"):
        with pytest.raises(ChatRefused) as refused:
            say(tables.root, table, "ana", bad, now=T0 + 60)
        assert "control or invisible formatting characters" in refused.value.reason
        assert "\\" in refused.value.reason  # says which, escaped
    assert len(read_chat(tables.root, "t1")) == 1


def test_three_lines_per_sender_every_ten_seconds(tables, table):
    for i in range(3):
        say(tables.root, table, "ana", f"line {i}", now=T0 + i)
    with pytest.raises(ChatRefused, match="At most 3 lines every 10 seconds"):
        say(tables.root, table, "ana", "one more", now=T0 + 9)
    say(tables.root, table, "bea", "my turn to talk", now=T0 + 9)  # per sender
    say(tables.root, table, "ana", "later", now=T0 + 10.5)
    assert [line.text for line in read_chat(tables.root, "t1")][-2:] == [
        "my turn to talk",
        "later",
    ]


def test_spectators_read_and_write_only_when_the_creator_allowed_it(tables, table):
    with pytest.raises(ChatRefused, match="Spectators may read"):
        say(tables.root, table, "carla", "hello", now=T0)
    with pytest.raises(ChatRefused, match="named player"):
        say(tables.root, table, None, "hello", now=T0)
    open_table = tables.create("gallic", ["ana", "bea"], name="t2", spectators_chat=True)
    assert tables.load("t2").spectators_chat and not tables.load("t1").spectators_chat
    say(tables.root, open_table, "carla", "nice move", now=T0)
    (line,) = read_chat(tables.root, "t2")
    assert line.spectator and line.words() == "[12:24] carla (spectator): nice move"


def test_an_old_table_file_without_the_field_reads_and_a_wrong_value_is_refused(tables, table):
    path = tables.path("t1")
    doc = json.loads(path.read_bytes())
    del doc["spectators_chat"]
    path.write_text(json.dumps(doc))
    assert tables.load("t1").spectators_chat is False
    doc["spectators_chat"] = 1
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="spectators_chat"):
        tables.load("t1")


def test_a_hostile_chat_file_shows_only_its_good_lines(tables, table):
    good = {"t": T0, "from": "ana", "spectator": False, "at": 0, "text": "fine"}
    hostile = [
        b"not json",
        b"[1, 2]",
        json.dumps({**good, "text": "\x1b]0;pwned\x07"}).encode(),
        json.dumps({**good, "from": "../../root"}).encode(),
        json.dumps({**good, "t": "yesterday"}).encode(),
        json.dumps({**good, "text": "y" * 5000}).encode(),
        b"[" * 100000,
        json.dumps(good).encode(),
        b'{"t": 1, "from": "ana", "te',  # a writer killed mid-line
    ]
    chat_path(tables.root, "t1").write_bytes(b"\n".join(hostile))
    assert [line.text for line in read_chat(tables.root, "t1")] == ["fine"]
    say(tables.root, table, "bea", "still works", now=T0)  # after the fragment, on its own line
    assert [line.text for line in read_chat(tables.root, "t1")] == ["fine", "still works"]


def test_a_link_or_fifo_as_the_chat_is_never_read_or_written_through(tables, table, tmp_path):
    target = tmp_path / "elsewhere"
    target.write_bytes(json.dumps({"t": T0, "from": "ana", "text": "secret"}).encode() + b"\n")
    chat_path(tables.root, "t1").symlink_to(target)
    assert read_chat(tables.root, "t1") == []
    with pytest.raises(ChatRefused, match="cannot be written"):
        say(tables.root, table, "ana", "hi", now=T0)
    assert b"hi" not in target.read_bytes()
    chat_path(tables.root, "t1").unlink()
    os.mkfifo(chat_path(tables.root, "t1"))
    assert read_chat(tables.root, "t1") == []  # never blocks
    with pytest.raises(ChatRefused, match="cannot be written"):
        say(tables.root, table, "ana", "hi", now=T0)


def test_a_full_chat_takes_no_more_lines_and_is_read_from_its_end(tables, table, monkeypatch):
    monkeypatch.setattr(table_chat, "MAX_CHAT_BYTES", 2000)
    for i in range(40):
        say(tables.root, table, "ana", f"line {i}", now=T0 + 10 * i)
        if chat_path(tables.root, "t1").stat().st_size >= 2000:
            break
    with pytest.raises(ChatRefused, match="full"):
        say(tables.root, table, "ana", "more", now=T0 + 1000)
    lines = read_chat(tables.root, "t1")
    assert 0 < len(lines) < i + 1 and lines[-1].text == f"line {i}"


def test_a_flood_with_no_line_end_does_not_stop_the_lines_after_it(tables, table, monkeypatch):
    monkeypatch.setattr(table_chat, "MAX_CHAT_BYTES", 3000)
    path = chat_path(tables.root, "t1")
    path.write_bytes(b"z" * 5000)
    feed = ChatFeed(tables.root, "t1")
    assert not feed.poll()
    good = {"t": T0, "from": "ana", "spectator": False, "at": 0, "text": "heard"}
    with path.open("ab") as f:
        f.write(b"\n" + json.dumps(good).encode() + b"\n")
    feed.poll()
    assert [line.text for line in feed.lines] == ["heard"]


def test_a_feed_reads_only_what_is_new_and_follows_a_reset(tables, table):
    feed = ChatFeed(tables.root, "t1")
    assert not feed.poll()
    say(tables.root, table, "ana", "one", now=T0)
    assert feed.poll() and [line.text for line in feed.lines] == ["one"]
    assert not feed.poll()  # nothing new: a stat only
    say(tables.root, table, "bea", "two", now=T0 + 1)
    assert feed.poll() and [line.text for line in feed.lines] == ["one", "two"]
    chat_path(tables.root, "t1").unlink()  # the host resets the chat
    assert feed.poll() and feed.lines == []
