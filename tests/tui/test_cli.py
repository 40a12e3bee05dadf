"""The `batallas` command line outside the full-screen app."""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len

from engine.gallic.coach import hint
from engine.gallic.rules import GALLIC
from saves.record import SeatInfo
from saves.session import Session
from saves.store import SaveStore
from saves.tables import TableStore
from tests.saves.test_campaigns import finish
from tui import __version__
from tui.cli import main, parse_seat
from tui.match import hint_lines, hint_seed

SEATS = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Easy bot", level="easy"))


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_rules_prints_the_house_rules(capsys):
    assert main(["rules", "gallic"]) == 0
    out = capsys.readouterr().out
    assert "House rule" in out and "Vercingetorix" in out


def test_saves_lists_good_and_broken_files(tmp_path, capsys):
    store = SaveStore(tmp_path)
    Session.new(GALLIC, store, SEATS, {}, seed=1, title="Bibracte")
    (tmp_path / "mangled.json").write_text("not json at all")
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert "Bibracte" in out and "Battle 1/8" in out
    assert "mangled" in out and "UNREADABLE" in out
    assert (tmp_path / "mangled.json").read_text() == "not json at all"


def test_saves_dir_comes_from_batallas_home(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path))
    assert main(["saves"]) == 0
    assert str(tmp_path / "saves") in capsys.readouterr().out


def test_seat_specs():
    assert parse_seat("human:Ana") == SeatInfo(kind="human", name="Ana")
    assert parse_seat("bot:easy") == SeatInfo(kind="bot", name="", level="easy")
    with pytest.raises(Exception, match="seat must be"):
        parse_seat("robot")


def test_new_refuses_a_wrong_seat_count_or_bot_level(tmp_path, capsys):
    base = ["--saves-dir", str(tmp_path), "new", "gallic"]
    assert main([*base, "--seat", "human"]) == 2
    assert "is for 2 players; got 1 seat" in capsys.readouterr().err
    assert main([*base, "--seat", "human", "--seat", "bot:genius"]) == 2
    assert "No bot level 'genius'" in capsys.readouterr().err


def test_resume_with_no_saves_says_so(tmp_path, capsys):
    assert main(["--saves-dir", str(tmp_path), "resume"]) == 2
    assert "No saved games" in capsys.readouterr().err


def test_unknown_theme_is_refused(tmp_path, capsys):
    assert main(["--saves-dir", str(tmp_path), "--theme", "neon-pink"]) == 2
    assert "Unknown theme" in capsys.readouterr().err


PGN = """[Event "Club"]
[White "A"]
[Black "B"]
[WhiteElo "2600"]
[BlackElo "2550"]
[Date "2024.01.01"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Club"]
[White "C"]
[Black "D"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
"""


def test_mates_deck_keeps_rated_mates_and_says_what_it_skipped(tmp_path, capsys):
    pgn = tmp_path / "games.pgn"
    pgn.write_text(PGN)
    out = tmp_path / "deck.json"
    assert main(["mates-deck", str(pgn), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "Kept 1 card" in err and "1 missing Elo" in err
    from engine.mates.rules import MATES

    deck = MATES.load_deck(out.read_text())
    assert deck[0]["mate_san"] == "Qxf7#" and deck[0]["tier"] == "gold"


def test_mates_deck_reports_a_missing_file_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "deck.json"
    assert main(["mates-deck", str(tmp_path / "none.pgn"), "-o", str(out)]) == 2
    assert "Cannot read" in capsys.readouterr().err and not out.exists()


def test_new_game_refuses_a_broken_deck_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('[{"fen": "nonsense"}]')
    args = ["--saves-dir", str(tmp_path), "new", "mates", "--seat", "human", "--seat", "bot:easy"]
    assert main([*args, "--deck", str(bad)]) == 2
    assert "not a usable deck" in capsys.readouterr().err


def test_a_bot_level_can_be_named_in_the_players_language(tmp_path, capsys):
    """`--seat bot:experto` is what a Spanish player types; English keeps working."""
    from tui import language

    try:
        language.install("es")
        assert parse_seat("bot:experto").level == "expert"
        assert parse_seat("bot:Fácil").level == "easy"
        assert parse_seat("bot:strong").level == "strong"
        language.install("it")
        assert parse_seat("bot:esperto").level == "expert"
        base = ["--lang", "es", "--saves-dir", str(tmp_path), "new", "gallic", "--seat", "human"]
        assert main([*base, "--seat", "bot:genio"]) == 2
        assert "fácil" in capsys.readouterr().err  # the levels it knows, as the player says them
    finally:
        language.install("en")


def test_saves_columns_line_up_in_terminal_cells(tmp_path, capsys):
    """A wide character takes two cells: the columns after a Japanese title still line up,
    and a title longer than the others pushes every line's columns alike."""
    store = SaveStore(tmp_path)
    for title in ("戦争と平和", "Bibracte", "A much longer title than the column was"):
        Session.new(GALLIC, store, SEATS, {}, seed=1, title=title).close()
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if GALLIC.name in line]
    assert len(lines) == 3
    for column in (GALLIC.name, "Battle 1/8", "Ana"):
        starts = {cell_len(line[: line.index(column)]) for line in lines}
        assert len(starts) == 1, (column, lines)


# --- batallas hint (issue 29) ---------------------------------------------------------------
EXPERT_SEATS = (SeatInfo("human", "Ana\x1b[31m"), SeatInfo("bot", "Expert bot", "expert"))


def test_hint_prints_the_coachs_move_as_the_app_shows_it(tmp_path, capsys):
    store = SaveStore(tmp_path)
    session = Session.new(GALLIC, store, EXPERT_SEATS, {}, seed=17, title="Alesia")
    session.close()
    assert main(["--saves-dir", str(tmp_path), "hint", "Alesia"]) == 0
    out = capsys.readouterr().out
    expected = hint(GALLIC.view(session.state, 0), 0, random.Random(hint_seed(17, 0, 0)))
    assert expected.best.text in out and expected.why in out
    assert out.splitlines()[0] == "Hint for Rome · Ana\\x1b[31m:", "control characters escaped"
    assert len(out.splitlines()) == len(hint_lines(expected, "Rome · Ana"))
    assert SaveStore(tmp_path).load("Alesia").hints == 0, "printing a hint changes no save"


@pytest.mark.parametrize(
    ("seats", "play_out", "said"),
    [
        ((SeatInfo("human", "Ana"), SeatInfo("human", "Bea")), False, "Not in hot seat"),
        (EXPERT_SEATS, True, "The game is over: there is no move to hint."),
    ],
)
def test_hint_refuses_hot_seat_and_finished_games(tmp_path, capsys, seats, play_out, said):
    store = SaveStore(tmp_path)
    session = Session.new(GALLIC, store, seats, {"battles": 1}, seed=3, title="Bibracte")
    if play_out:
        finish(session)
    session.close()
    assert main(["--saves-dir", str(tmp_path), "hint", "Bibracte"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("No hint for Bibracte: ") and said in err
    assert len(err.splitlines()) == 1


def test_hint_refuses_a_missing_save_and_a_shared_table(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path))
    TableStore(tmp_path / "tables").create("gallic", ["alice", "bot:easy"], seed=1)
    assert main(["hint", "nothing"]) == 2
    assert "no save named 'nothing'" in capsys.readouterr().err
    assert main(["hint", "gallic-1"]) == 2
    assert "shared table" in capsys.readouterr().err
