"""A finished shared table replays and exports by its name, like a save: its file holds the
whole action log. A save of that name comes first; an unfinished table is refused (its replay
would show a seat's secrets while the game goes on)."""

from __future__ import annotations

import random

import pytest

from engine.registry import get
from saves.store import SaveStore
from saves.table_chat import say
from saves.tables import TableStore
from tests.tui.test_replay import bot_game
from tui import cli


@pytest.fixture
def tables(tmp_path, monkeypatch):
    monkeypatch.setenv("BATALLAS_TABLES", str(tmp_path / "tables"))
    return TableStore(tmp_path / "tables")


def played(tables: TableStore, name: str, moves: int | None = None):
    """A Gallic table of two easy players, played to the end or for ``moves`` moves."""
    game = get("gallic")
    table = tables.create("gallic", ["ana", "bea"], name=name, seed=4)
    done = 0
    while game.outcome(table.record.state) is None and (moves is None or done < moves):
        seat = game.to_move(table.record.state)[0]
        view = game.view(table.record.state, seat)
        action = game.bots["easy"](view, seat, random.Random(done))
        table = tables.apply(name, table.version, seat, action)
        done += 1
    return table


def test_a_finished_table_exports_by_its_name(tmp_path, tables, capsys):
    table = played(tables, "tavolo1")
    assert cli.main(["--saves-dir", str(tmp_path / "saves"), "export", "tavolo1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# tavolo1\n")
    assert f"**Moves:** {len(table.record.actions)}" in out and "## Result" in out


def test_a_finished_tables_export_ends_with_its_chat_as_plain_markdown(tmp_path, tables, capsys):
    table = played(tables, "tavolo1")
    say(tables.root, table, "ana", "*gg* [well](played) <b>", now=1_796_300_640.0)
    say(tables.root, table, "bea", "grazie", now=1_796_300_700.0)
    assert cli.main(["--saves-dir", str(tmp_path / "saves"), "export", "tavolo1"]) == 0
    out = capsys.readouterr().out
    chat = out.split("## Table chat\n\n")[1].splitlines()
    assert chat == [
        r"- \[2026-12-03 12:24\] ana: \*gg\* \[well\](played) \<b\>",
        r"- \[2026-12-03 12:25\] bea: grazie",
    ]


def test_a_finished_table_replays_by_its_name(tmp_path, tables):
    played(tables, "tavolo1")
    store = SaveStore(tmp_path / "saves")
    start = cli._replay_starter(store, "tavolo1")
    assert start is not None
    assert start(None).session.count > 0


def test_an_unfinished_table_is_not_replayed(tmp_path, tables, capsys):
    played(tables, "tavolo2", moves=3)
    assert cli.main(["--saves-dir", str(tmp_path / "saves"), "replay", "tavolo2"]) == 2
    assert capsys.readouterr().err == (
        "Cannot replay tavolo2: table 'tavolo2' is not over yet: watch it instead.\n"
    )


def test_a_save_of_that_name_comes_first(tmp_path, tables, capsys):
    played(tables, "tavolo1")
    store = SaveStore(tmp_path / "saves")
    save = bot_game(store, "mates", stop=4)
    played(tables, save.name)
    assert cli.main(["--saves-dir", str(tmp_path / "saves"), "export", save.name]) == 0
    assert "**Game:** Mates Hostiles" in capsys.readouterr().out
