"""`batallas table new | join | list` outside the full-screen app."""

from __future__ import annotations

import contextlib

import pytest

from saves.tables import TableStore
from tui.app import BatallasApp
from tui.cli import main
from tui.screens.game import GameScreen


@pytest.fixture
def where(tmp_path):
    return ["--tables-dir", str(tmp_path / "tables")]


def test_new_prints_the_name_and_list_shows_seats_turn_and_version(where, tmp_path, capsys):
    assert main(["table", "new", "gallic", "--seat", "alice", "--seat", "bot:easy", *where]) == 0
    assert capsys.readouterr().out.strip() == "gallic-1"
    args = ["table", "new", "metauro", "--seat", "bob", "--seat", "carol", "--name", "Zama"]
    assert main([*args, "--seed", "3", *where]) == 0
    assert capsys.readouterr().out.strip() == "Zama"
    assert main(["table", "list", *where]) == 0
    out = capsys.readouterr().out
    assert "gallic-1" in out and "alice, bot:easy" in out and "v0" in out
    assert "Zama" in out and "Metauro" in out and "bob, carol" in out
    assert main(["table", "list", "--as", "alice", *where]) == 0
    out = capsys.readouterr().out
    assert "gallic-1" in out and "your turn" in out and "Zama" not in out


def test_new_lets_spectators_write_in_the_chat_only_when_asked(where, tmp_path):
    base = ["table", "new", "gallic", "--seat", "alice", "--seat", "bob", *where]
    assert main([*base, "--name", "quiet"]) == 0
    assert main([*base, "--name", "open", "--spectators-chat"]) == 0
    tables = TableStore(tmp_path / "tables")
    assert not tables.load("quiet").spectators_chat and tables.load("open").spectators_chat


def test_new_refuses_bad_seats(where, capsys):
    assert main(["table", "new", "gallic", "--seat", "alice", "--seat", "alice", *where]) == 2
    assert "two seats" in capsys.readouterr().err


def test_tables_dir_from_the_environment(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BATALLAS_TABLES", str(tmp_path / "shared"))
    assert main(["table", "new", "gallic", "--seat", "a", "--seat", "b"]) == 0
    assert TableStore(tmp_path / "shared").names() == ["gallic-1"]


def test_join_refuses_an_unknown_table_a_stranger_and_nobody(where, capsys):
    main(["table", "new", "gallic", "--seat", "alice", "--seat", "bob", *where])
    capsys.readouterr()
    assert main(["table", "join", "nope", "--as", "alice", *where]) == 2
    assert "no table named 'nope'" in capsys.readouterr().err
    assert main(["table", "join", "gallic-1", "--as", "carol", *where]) == 2
    assert "carol has no seat at table 'gallic-1'" in capsys.readouterr().err
    assert main(["table", "join", "gallic-1", *where]) == 2
    assert "--as" in capsys.readouterr().err


def test_join_opens_the_table_at_your_seat(where, tmp_path, monkeypatch, capsys):
    main(["table", "new", "gallic", "--seat", "alice", "--seat", "bob", *where])
    opened = {}

    def run(app, **kwargs):
        opened["screen"] = app._start(app)
        opened["player"] = app.player
        return None

    monkeypatch.setattr(BatallasApp, "run", run)
    saves = ["--saves-dir", str(tmp_path / "saves")]
    assert main([*saves, "table", "join", "gallic-1", "--as", "bob", *where]) == 0
    screen = opened["screen"]
    assert isinstance(screen, GameScreen) and screen.at_table and screen.viewer == 1
    assert opened["player"] == "bob"


def test_hosted_as_defaults_to_the_player_and_cannot_name_someone_else():
    from argparse import Namespace

    from tui.tables_cli import _person

    assert _person(Namespace(hosted=True, player="alice", person=None)) == ("alice", None)
    person, problem = _person(Namespace(hosted=True, player="alice", person="bob"))
    assert person is None and "You are alice here" in problem
    assert _person(Namespace(hosted=False, player=None, person=" bob ")) == ("bob", None)


def test_a_login_takes_only_the_seat_spelled_as_it_is(where, capsys):
    """Logins are case-sensitive: ALICE is someone else than alice, hosted or not."""
    from argparse import Namespace

    from tui.tables_cli import _person

    person, problem = _person(Namespace(hosted=True, player="ALICE", person="alice"))
    assert person is None and "You are ALICE here" in problem
    main(["table", "new", "gallic", "--seat", "alice", "--seat", "bob", *where])
    capsys.readouterr()
    assert main(["table", "join", "gallic-1", "--as", "ALICE", *where]) == 2
    assert "ALICE has no seat at table 'gallic-1' (seated: alice, bob)" in capsys.readouterr().err
    assert main(["table", "list", "--as", "ALICE", *where]) == 0
    assert "No tables for ALICE" in capsys.readouterr().out


def test_new_with_a_clock_stores_it_and_list_shows_the_time_left(where, tmp_path, capsys):
    args = ["table", "new", "metauro", "--seat", "ana", "--seat", "bob", "--seed", "3"]
    assert main([*args, "--clock", "turn:2d", "--takeover", "easy", *where]) == 0
    table = TableStore(tmp_path / "tables").load("metauro-1")
    assert table.clock.spec() == "turn:2d" and table.takeover == "easy"
    assert main(["table", "list", "--as", "bob", *where]) == 0
    assert "your turn · 1 d 23 h left" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "said"),
    [
        (["--clock", "move:5h"], "not a clock"),
        (["--clock", "forever"], "not a clock"),
        (["--clock", "turn:999d"], "out of range"),
        (["--clock", "move:\x1b[2J5m"], "not a clock"),
        (["--takeover", "genius"], "no bot level"),
    ],
)
def test_new_refuses_odd_clocks_and_levels_in_one_sentence(where, capsys, option, said):
    args = ["table", "new", "metauro", "--seat", "ana", "--seat", "bob", *option, *where]
    with pytest.raises(SystemExit) if option[0] == "--clock" else contextlib.nullcontext():
        assert main(args) == 2
    err = capsys.readouterr().err
    assert said in err and "\x1b" not in err and "Traceback" not in err
