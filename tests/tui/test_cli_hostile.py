"""The command line against hostile input: no traceback, one line saying what is wrong, status 2;
names from files printed with their control characters escaped."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from aiohttp.web_runner import GracefulExit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.gallic.rules import GALLIC
from engine.mates.data import extended_deck
from saves.record import SeatInfo
from saves.session import Session
from saves.store import SaveStore
from saves.tables import TableStore
from tests.saves.support import FORBIDDEN_TARGETS, forbidden_target, snapshot
from tui import hosting, serve
from tui.app import BatallasApp
from tui.cli import main

TITLE_ESC = "\x1b]0;PWNED\x07"  # sets the terminal's title
CLIPBOARD = "\x1b]52;c;cHduZWQ=\x07"  # writes to the terminal's clipboard
RAW = ("\x1b", "\x07", "\u202e")
ANNOUNCE = serve.announce


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A home of its own, no app ever run, and an environment hosted mode may clean."""
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("USER", "carol")
    for name in ("BATALLAS_PLAYER", "BATALLAS_TABLES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(hosting, "has_terminal", lambda: True)
    return tmp_path / "home"


@pytest.fixture
def runs(monkeypatch):
    """Apps that would have been run: the tests must never start the full-screen app."""
    started: list[BatallasApp] = []
    monkeypatch.setattr(BatallasApp, "run", lambda app, **kw: started.append(app))
    return started


def status(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as done:  # argparse: its errors, --help and --version
        return 0 if done.code is None else done.code if isinstance(done.code, int) else 1


def one_clean_line(err: str) -> str:
    assert "Traceback" not in err
    assert not any(ch in err for ch in RAW), repr(err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 or "error:" in lines[-1], err  # argparse adds its usage line
    return lines[-1]


# --- typed names and titles ----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["new", "gallic", "--seat", f"human:{TITLE_ESC}", "--seat", "bot:easy"],
        ["new", "gallic", "--title", "\u202eevil"],
        ["table", "new", "gallic", "--seat", "a\x1bb", "--seat", "bot:easy"],
        ["table", "new", "gallic", "--seat", "a", "--seat", "b", "--name", "x\x07"],
        ["table", "join", "gallic-1", "--as", CLIPBOARD],
        ["table", "list", "--as", CLIPBOARD],
    ],
)
def test_typed_names_and_titles_with_control_characters_are_refused(argv, runs, capsys, home):
    assert status(argv) == 2
    line = one_clean_line(capsys.readouterr().err)
    assert "cannot contain control" in line
    assert not runs
    assert not (home / "tables").exists() or not any((home / "tables").iterdir())


def test_markup_in_names_is_only_text_to_the_command_line(runs, capsys):
    seats = ["--seat", "human:x[/]", "--seat", "bot:easy"]
    assert status(["new", "gallic", *seats, "--title", "[b]", "--seed", "1"]) == 0
    assert len(runs) == 1


# --- names from files ----------------------------------------------------------------------


def test_saves_prints_titles_names_and_file_names_with_controls_escaped(tmp_path, capsys):
    store = SaveStore(tmp_path / "s")
    seats = (SeatInfo(kind="human", name=CLIPBOARD), SeatInfo(kind="bot", name="B", level="easy"))
    Session.new(GALLIC, store, seats, {}, seed=1, title=TITLE_ESC)
    (tmp_path / "s" / "evil\x1b[2J.json").write_text("{")
    assert status(["--saves-dir", str(tmp_path / "s"), "saves"]) == 0
    out = capsys.readouterr().out
    assert not any(ch in out for ch in RAW), repr(out)
    assert "\\x1b]52;c;cHduZWQ=\\x07" in out and "evil\\x1b[2J" in out


def test_table_list_prints_hand_edited_tables_escaped(tmp_path, capsys):
    tables = TableStore(tmp_path / "t")
    path = tables.path(tables.create("gallic", ["alice", "bob"], seed=1).name)
    path.rename(path.with_name(f"evil{TITLE_ESC}.json"))  # a table copied in by hand
    tables.create("gallic", ["alice", "bob"], seed=1, name="owners")
    path = tables.path("owners")
    doc = json.loads(path.read_text())
    doc["owners"] = [CLIPBOARD, "bob"]
    path.write_text(json.dumps(doc))
    assert status(["table", "list", "--tables-dir", str(tmp_path / "t")]) == 0
    out = capsys.readouterr().out
    assert not any(ch in out for ch in RAW), repr(out)
    assert "evil\\x1b]0;PWNED\\x07" in out and "\\x1b]52;c;cHduZWQ=\\x07" in out


# --- folders that are files --------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "home_is_file"),
    [
        (["--saves-dir", "{file}", "saves"], False),
        (["--saves-dir", "{file}"], False),
        (["--saves-dir", "{file}", "new", "gallic"], False),
        (["saves"], True),
        (["resume"], True),
        (["--hosted", "--player", "alice", "saves"], True),
        (["--hosted", "--player", "alice"], True),
        (["table", "list", "--tables-dir", "{file}"], False),
        (["table", "list"], True),
        (["table", "new", "gallic", "--seat", "a", "--seat", "b"], True),
    ],
)
def test_a_folder_that_is_a_file_is_one_line_and_status_2(
    argv, home_is_file, tmp_path, monkeypatch, runs, capsys
):
    file = tmp_path / "not-a-folder"
    file.write_text("mine")
    if home_is_file:
        monkeypatch.setenv("BATALLAS_HOME", str(file))
    assert status([a.replace("{file}", str(file)) for a in argv]) == 2
    line = one_clean_line(capsys.readouterr().err)
    if "--hosted" in argv:  # the reader is a remote player: the host's folders are not theirs
        assert str(tmp_path) not in line and "host" in line
    else:
        assert str(file) in line and "folder" in line
    assert file.read_text() == "mine" and not runs


@pytest.mark.parametrize(
    "argv",
    [
        ["new", "gallic", "--title", "T" * 61],
        ["new", "gallic", "--title", "戦" * 31],
        ["table", "new", "gallic", "--seat", "a", "--seat", "b", "--name", "T" * 61],
    ],
    ids=["title", "wide-title", "table-name"],
)
def test_a_typed_title_past_the_limit_is_refused_in_one_line(argv, runs, capsys):
    assert status(argv) == 2
    assert "too long: at most 60 characters" in one_clean_line(capsys.readouterr().err)
    assert not runs


# --- mates-deck and deck files -------------------------------------------------------------

PGN = """[Event "Club"]
[White "A"]
[Black "B"]
[WhiteElo "2600"]
[BlackElo "2550"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
"""


@pytest.mark.parametrize(
    ("output", "says"),
    [
        ("missing/deck.json", "does not exist"),
        (".", "is a folder"),
        ("games.pgn", "would overwrite"),
        ("./sub/../games.pgn", "would overwrite"),
        ("link.pgn", "symbolic link"),
    ],
)
def test_mates_deck_refuses_an_output_it_cannot_or_must_not_write(
    output, says, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.pgn").write_text(PGN)
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.pgn").symlink_to(tmp_path / "games.pgn")
    assert status(["mates-deck", "games.pgn", "-o", output]) == 2
    assert says in one_clean_line(capsys.readouterr().err)
    assert (tmp_path / "games.pgn").read_text() == PGN
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("kind", FORBIDDEN_TARGETS)
def test_mates_deck_writes_only_a_regular_file_outside_the_data_folders(
    kind, tmp_path, home, capsys
):
    (tmp_path / "games.pgn").write_text(PGN)
    out = tmp_path / "out"
    out.mkdir()
    target = forbidden_target(kind, out, home)
    before = snapshot(target)
    assert status(["mates-deck", str(tmp_path / "games.pgn"), "-o", str(target)]) == 2
    line = one_clean_line(capsys.readouterr().err)
    assert line.startswith(f"Cannot write the deck to {target}: ")
    assert snapshot(target) == before
    if kind == "link to a file":
        assert (out / "victim.txt").read_text() == "precious"
    assert not (out / "made-through-the-link.md").exists()


def test_mates_deck_replaces_a_regular_file_and_makes_a_new_one(tmp_path, capsys):
    (tmp_path / "games.pgn").write_text(PGN)
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text("an older deck")
    for target in (old, new):
        assert status(["mates-deck", str(tmp_path / "games.pgn"), "-o", str(target)]) == 0
        assert json.loads(target.read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.pgn", "new.json", "old.json"]


def test_a_deck_file_nested_too_deeply_is_refused(tmp_path, runs, capsys):
    deck = tmp_path / "deep.json"
    deck.write_text("[" * 100_000)
    seats = ["--seat", "human", "--seat", "bot:easy"]
    assert status(["new", "mates", *seats, "--deck", str(deck)]) == 2
    assert "not a usable deck" in one_clean_line(capsys.readouterr().err)
    assert not runs


def test_a_deck_too_small_for_the_seats_is_refused_before_the_app(tmp_path, runs, capsys):
    deck = tmp_path / "one.json"
    deck.write_text(json.dumps([extended_deck()[0].to_dict()]))
    seats = ["--seat", "human", "--seat", "bot:easy", "--seat", "bot:easy", "--seat", "bot:easy"]
    assert status(["new", "mates", *seats, "--deck", str(deck)]) == 2
    assert "too few for 4 players" in one_clean_line(capsys.readouterr().err)
    assert not runs


# --- the environment -------------------------------------------------------------------------


def test_an_unknown_colour_system_does_not_stop_the_command_line(tmp_path):
    env = {**os.environ, "TEXTUAL_COLOR_SYSTEM": "bogus", "BATALLAS_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "--theme", "no-such-theme"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).parents[2],
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2 and "Unknown theme" in done.stderr


@pytest.mark.parametrize(
    ("value", "kept"),
    [("bogus", False), ("TRUECOLOR ", False), ("", False), ("256", True), ("auto", True)],
)
def test_hosting_keeps_only_a_colour_system_textual_knows(value, kept):
    environ = {"TEXTUAL_COLOR_SYSTEM": value, "TEXTUAL_ANIMATIONS": "none"}
    hosting.clean_environment(environ)
    assert ("TEXTUAL_COLOR_SYSTEM" in environ) is kept
    assert environ["TEXTUAL_ANIMATIONS"] == "none"


# --- anything at all -------------------------------------------------------------------------

# Real arguments cannot hold NUL: the kernel passes C strings.
ANY_TEXT = st.text(st.characters(blacklist_characters="\x00"), max_size=8)
NAMES = st.one_of(
    st.sampled_from(["ana", "Ana María", "x[/]", "[@click=app.quit]x[/]", TITLE_ESC, "", " "]),
    ANY_TEXT,
)
# Relative paths only (besides the prepared ones): every folder the command line makes must
# land in the test's own folder, where the test runs.
PLACES = st.one_of(
    st.sampled_from(["{file}", "{dir}", "{missing}", "{deep}", "{one_card}", "{pgn}"]),
    st.sampled_from(["{dir}/out.json", "{file}/x", "../x", ".", "-"]),
    ANY_TEXT.filter(lambda text: not text.startswith(("/", "~"))),
)
GAMES = st.sampled_from(["gallic", "alamo", "mates", "ataque", "metauro", "chess"])
LEVELS = st.sampled_from(["easy", "strong", "", "nope"])
NUMBERS = st.one_of(st.integers(-(2**70), 2**70).map(str), ANY_TEXT)
# Addresses that fail before any name lookup, or need none: the test never waits on DNS.
HOSTS = st.sampled_from(
    ["127.0.0.1", "::1", "[::1]", "[::1", "localhost", "", " ", "a..b", "1.2.3.4", TITLE_ESC]
)
PORTS = st.one_of(NUMBERS, st.integers(-70_000, 140_000).map(str))
SEATS = st.one_of(
    st.just("human"), NAMES.map("human:{}".format), LEVELS.map("bot:{}".format), NAMES
)


def option(flag: str, values=None):
    return st.just([flag]) if values is None else values.map(lambda v: [flag, v])


def options(*choices):
    return st.lists(st.one_of(*choices), max_size=5).map(lambda groups: sum(groups, []))


GLOBAL = options(
    option("--saves-dir", PLACES),
    option("--theme", st.sampled_from(["nord", "ansi-dark", "neon"])),
    option("--hosted"),
    option("--player", NAMES),
    option("--no-mouse"),
    option("--letters"),
    option("--no-animations"),
)
WHERE = option("--tables-dir", PLACES)
SERVE = options(
    option("--port", PORTS),
    option("--host", HOSTS),
    option("--public-url", st.one_of(NAMES, st.just("http://[::1]:8000/"))),
    option("--max-sessions", st.one_of(NUMBERS, st.just("2"))),
    option("--theme", st.one_of(NAMES, st.just("nord"))),
    option("--saves-dir", PLACES),
    option("--lang", st.sampled_from(["es", "it", "xx"])),
)
COMMANDS = st.one_of(
    st.just([]),
    st.tuples(
        st.just(["new"]),
        GAMES.map(lambda g: [g]),
        options(
            option("--seat", SEATS),
            option("--seed", NUMBERS),
            option("--title", NAMES),
            option("--deck", PLACES),
        ),
    ),
    st.tuples(st.just(["resume"]), st.lists(NAMES, max_size=1)),
    st.just(["saves"]),
    st.tuples(st.just(["rules"]), GAMES.map(lambda g: [g])),
    st.tuples(st.just(["mates-deck"]), PLACES.map(lambda p: [p]), option("-o", PLACES)),
    st.tuples(
        st.just(["table", "new"]),
        GAMES.map(lambda g: [g]),
        options(option("--seat", SEATS), option("--name", NAMES), option("--seed", NUMBERS), WHERE),
    ),
    st.tuples(
        st.just(["table", "join"]), NAMES.map(lambda n: [n]), options(option("--as", NAMES), WHERE)
    ),
    st.tuples(st.just(["table", "list"]), options(option("--as", NAMES), WHERE)),
    st.tuples(st.just(["serve"]), SERVE),
).map(lambda parts: sum(parts, []) if isinstance(parts, tuple) else parts)


@st.composite
def command_lines(draw) -> list[str]:
    """Mostly well-formed command lines with hostile values; now and then a word out of place."""
    argv = draw(GLOBAL) + draw(COMMANDS)
    for _ in range(draw(st.integers(0, 2))):
        argv.insert(draw(st.integers(0, len(argv))), draw(st.one_of(NAMES, PLACES)))
    return argv


@pytest.fixture(scope="module")
def places():
    """Files the generated arguments may name (kept for the whole module: hypothesis reruns)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "cwd" / "a" / "b" / "c").mkdir(parents=True)  # "../../.." stays inside
        (root / "file").write_text("plain")
        (root / "dir").mkdir()
        (root / "deep.json").write_text("[" * 100_000)
        (root / "one.json").write_text(json.dumps([extended_deck()[0].to_dict()]))
        (root / "games.pgn").write_text(PGN)
        yield {
            "{file}": str(root / "file"),
            "{dir}": str(root / "dir"),
            "{missing}": str(root / "missing" / "x"),
            "{deep}": str(root / "deep.json"),
            "{one_card}": str(root / "one.json"),
            "{pgn}": str(root / "games.pgn"),
            "{cwd}": str(root / "cwd" / "a" / "b" / "c"),
        }


def fill(word: str, places: dict[str, str]) -> str:
    for key, path in places.items():
        if key != "{cwd}":
            word = word.replace(key, path)
    return word


def bind_and_exit(url: str, limit: int) -> None:
    """`serve` stops as soon as its port listens, having said where to play."""
    ANNOUNCE(url, limit)
    raise GracefulExit


def run_hostile(argv: list[str], batallas_home: str, places, monkeypatch) -> None:
    """Run ``argv`` in the prepared places: a status, never a traceback or a raw control."""
    monkeypatch.setattr(BatallasApp, "run", lambda app, **kw: None)
    monkeypatch.setattr(serve, "announce", bind_and_exit)
    monkeypatch.setenv("BATALLAS_HOME", fill(batallas_home, places))
    monkeypatch.chdir(places["{cwd}"])
    argv = [fill(word, places) for word in argv]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = status(argv)
    # 0 done, 2 refused (one line saying why).
    assert code in (0, 2), (argv, code, err.getvalue())
    assert "Traceback" not in err.getvalue()
    assert not any(ch in out.getvalue() + err.getvalue() for ch in RAW), argv


@settings(
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=command_lines(), batallas_home=st.sampled_from(["{dir}", "{file}", "{missing}"]))
def test_any_arguments_end_in_a_status_never_a_traceback(argv, batallas_home, places, monkeypatch):
    run_hostile(argv, batallas_home, places, monkeypatch)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=SERVE.map(["serve"].__add__), batallas_home=st.sampled_from(["{dir}", "{file}"]))
def test_serve_with_any_options_ends_in_a_status_never_a_traceback(
    argv, batallas_home, places, monkeypatch
):
    """Up to the server listening on its port (then it stops): what `serve` checks itself."""
    run_hostile(argv, batallas_home, places, monkeypatch)
