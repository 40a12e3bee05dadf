"""`batallas export`: a saved game as a Markdown record, in the game screens' own words.

A finished game of each game reads as: its setup, a heading per chapter (battle, turn, round)
with the log's sentences under it, and the result; other seats' secrets only once it is over.
"""

from __future__ import annotations

import os
import re

import attrs
import pytest
from rich.text import Text

from engine.registry import get
from saves.record import SeatInfo
from saves.replay import ReplaySession
from saves.session import Session
from saves.store import SaveStore
from tests.saves.support import FORBIDDEN_TARGETS, forbidden_target, snapshot
from tests.tui.test_replay import GAMES, bot_game
from tui import hosting
from tui.cli import build_parser, main
from tui.export import export_markdown, is_heading
from tui.screens.replay import replay_screen


def headings(text: str) -> list[str]:
    return [line[3:] for line in text.splitlines() if line.startswith("## ")]


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def bullets(text: str) -> list[str]:
    return [unescaped(line.strip()[2:]) for line in text.splitlines() if line.strip()[:2] == "- "]


def log_as_seen(record, revealed: bool) -> list[str]:
    """Every line the replay's log shows at the last step, as plain text."""
    replay = ReplaySession(get(record.game_id), record)
    screen = replay_screen(replay)
    replay.go(replay.count)
    replay.reveal(revealed)
    view = replay.view(0)
    lines = [screen.log_line(e, view) for e in view.log]
    return [Text.from_markup(line, emoji=False).plain.strip() for line in lines if line]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_reads_chapter_by_chapter(store, game_id):
    record = bot_game(store, game_id)
    game = get(game_id)
    text = export_markdown(game, record)
    lines = text.splitlines()
    assert lines[0] == f"# {game.name} 1"
    assert f"- **Game:** {game.name}" in lines
    assert "- **Seed:** 1" in lines
    assert f"- **Moves:** {len(record.actions)}" in lines
    labels = game.seat_labels(record.players)
    assert f"{labels[0]} · Ana" in text and f"{labels[1]} · Bot (easy bot)" in text
    # A chapter per heading line of the log ("— Turn 3 —", "— Round 2: Ana attacks —"),
    # named by its words, in order, then the result.
    log = log_as_seen(record, revealed=True)
    heads = [line[2:-2] for line in log if is_heading(line)]
    found = [unescaped(h) for h in headings(text)]
    assert found[-1] == "Result"
    assert [h for h in found if h in heads] == heads
    assert len(found) > 3
    outcome = game.outcome(record.state)
    assert unescaped(outcome.reason) in unescaped(text.split("## Result")[1])
    # The sentences are the log's, every one of them, in order; a heading is never a bullet.
    said = [b for b in bullets(text) if not b.startswith("**")]
    assert said == [line for line in log if not is_heading(line)]


def test_quiet_alamo_turns_each_have_their_chapter(store):
    """Seed 1: turns 6 to 9 pass without an assault in one move; each is its own chapter."""
    record = bot_game(store, "alamo")
    found = headings(export_markdown(get("alamo"), record))
    turns = [h for h in found if h.startswith("Turn ")]
    assert turns == [f"Turn {n}" for n in range(1, record.state.turn + 1)]
    assert "Turn 7" in turns


def gauls_exchanged(record) -> set[str]:
    """The names of the cards the Gauls exchanged (their secret), minus any name a Roman card
    also has (Rome's own are told to Rome)."""
    from engine.gallic.data import DECK_SIZE, card
    from engine.gallic.state import Exchanged

    rome = {card(0, c).name for c in range(DECK_SIZE)}
    return {
        card(1, c).name
        for e in record.state.log
        if isinstance(e, Exchanged) and e.seat == 1
        for c in e.cards
    } - rome


def test_secrets_only_once_the_game_is_over(store):
    """Gallic: the Gauls' exchanged cards are named once the game is over, never before."""
    game = get("gallic")
    unfinished = bot_game(store, "gallic", seed=2, stop=6)
    finished = bot_game(store, "gallic", seed=2)
    before, after = export_markdown(game, unfinished), export_markdown(game, finished)
    assert "**Shown:** only what Rome · Ana saw" in before
    assert not re.search(r"The Gauls exchange \d+ cards?: ", before)
    assert "## Not over yet" in before and "Next to play:" in before
    early = gauls_exchanged(unfinished)
    assert early and not any(name in unescaped(before) for name in early)
    assert "**Shown:** everything, since the game is over" in after
    assert re.search(r"^- The Gauls exchange \d+ cards?: ", after, re.M)
    assert all(name in unescaped(after) for name in gauls_exchanged(finished))


def test_everything_shown_tells_each_exchange_once_in_the_third_person(store):
    """Every exchange of either side is one line, "Rome exchanges…" / "The Gauls keep…":
    never "you" after another seat's name, never the same exchange twice."""
    from engine.gallic.state import Exchanged

    record = bot_game(store, "gallic", seed=2)
    told = [e for e in record.state.log if isinstance(e, Exchanged) and e.seat in e.visible_to]
    for lines in (
        log_as_seen(record, revealed=True),
        bullets(export_markdown(get("gallic"), record)),
    ):
        said = [line for line in lines if re.match(r"(Rome|The Gauls) (exchange|keep)", line)]
        assert len(said) == len(told), said
        assert not [line for line in lines if " saw: " in line or line.startswith("You ")]


@pytest.mark.parametrize("game_id", ["alamo", "ataque"])
def test_other_seats_private_draws_are_told_once_over(store, game_id):
    record = bot_game(store, game_id)
    text = export_markdown(get(game_id), record)
    drawn = r"^- (The Mexicans draw [^\d]|.*\) draws the card )"
    assert re.search(drawn, text, re.M)
    assert " saw: " not in text and "You draw" not in text
    unfinished = bot_game(store, game_id, stop=len(record.actions) // 2)
    assert not re.search(drawn, export_markdown(get(game_id), unfinished), re.M)


def test_names_are_plain_markdown_and_never_control_characters(store):
    game = get("gallic")
    seats = [SeatInfo("human", "*Ana*_\x1b[31m"), SeatInfo("bot", "Bot", "easy")]
    session = Session.new(game, store, seats, {}, seed=4, title="Bib[r]acte")
    session.close()
    text = export_markdown(game, session.record)
    assert "\x1b" not in text
    assert text.startswith("# Bib\\[r\\]acte\n")
    assert "Rome · \\*Ana\\*\\_\\\\x1b\\[31m" in text


# --- the command line -------------------------------------------------------------------------


def test_export_prints_the_record(tmp_path, capsys):
    store = SaveStore(tmp_path)
    record = bot_game(store, "gallic", stop=4)
    assert main(["--saves-dir", str(tmp_path), "export", record.name]) == 0
    out = capsys.readouterr().out
    assert out == export_markdown(get("gallic"), record)


def test_export_writes_a_file_atomically(tmp_path, capsys):
    store = SaveStore(tmp_path / "saves")
    record = bot_game(store, "metauro", stop=30)
    out = tmp_path / "record.md"
    out.write_text("an older record")
    assert main(["--saves-dir", str(store.root), "export", record.name, "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == export_markdown(get("metauro"), record)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.md", "saves"]
    assert "Wrote the record" in capsys.readouterr().err


def test_export_never_overwrites_a_save(tmp_path, capsys):
    store = SaveStore(tmp_path)
    record = bot_game(store, "gallic", stop=3)
    bot_game(store, "gallic", seed=2, stop=1)  # a second save, so the first has a backup
    save = tmp_path / f"{record.name}.json"
    before = save.read_bytes()
    base = ["--saves-dir", str(tmp_path), "export", record.name, "-o"]
    for target, said in (
        (save, "where Batallas keeps its own files"),
        (tmp_path / "." / f"{record.name}.json", "where Batallas keeps its own files"),
        (tmp_path / f"{record.name}.json.bak", "where Batallas keeps its own files"),
        (tmp_path / "other.json", "where Batallas keeps its own files"),
        (tmp_path, "it is a folder"),
        (tmp_path / "nowhere" / "r.md", "does not exist"),
    ):
        assert main([*base, str(target)]) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1, err
    assert save.read_bytes() == before


@pytest.mark.parametrize("kind", FORBIDDEN_TARGETS)
def test_export_writes_only_a_regular_file_outside_the_data_folders(
    kind, tmp_path, monkeypatch, capsys
):
    home = tmp_path / "home"
    monkeypatch.setenv("BATALLAS_HOME", str(home))
    record = bot_game(SaveStore(home / "saves"), "gallic", stop=3)
    out = tmp_path / "out"
    out.mkdir()
    target = forbidden_target(kind, out, home)
    before = snapshot(target)
    assert main(["export", record.name, "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"Cannot write the record to {target}: ") and err.count("\n") == 1, err
    assert snapshot(target) == before
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == []
    if kind == "link to a file":
        assert (out / "victim.txt").read_text() == "precious"
    assert not (out / "made-through-the-link.md").exists()


def test_export_of_no_such_save_is_one_line(tmp_path, capsys):
    assert main(["--saves-dir", str(tmp_path), "export", "nope"]) == 2
    assert capsys.readouterr().err == "Cannot export nope: no save named 'nope'.\n"


def test_hosted_allows_replay_and_printing_but_no_output_file():
    parser = build_parser()
    assert hosting.refusal(parser.parse_args(["--hosted", "replay", "x"])) is None
    assert hosting.refusal(parser.parse_args(["--hosted", "export", "x"])) is None
    refused = hosting.refusal(parser.parse_args(["--hosted", "export", "x", "-o", "f.md"]))
    assert refused is not None and "not available with --hosted" in refused


def test_hosted_export_prints_the_players_own_save(tmp_path, monkeypatch, capsys):
    # Hosted mode cleans os.environ: the test hands it a copy, so pytest's own TEXTUAL_*
    # variables survive.
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path))
    store = SaveStore(tmp_path / "saves" / "players" / "bob")
    record = bot_game(store, "mates", stop=5)
    assert main(["--hosted", "--player", "bob", "export", record.name]) == 0
    assert capsys.readouterr().out.startswith(f"# {record.title}\n")
    assert main(["--hosted", "--player", "bob", "export", record.name, "-o", "x.md"]) == 2
    assert "not available with --hosted" in capsys.readouterr().err


def test_the_export_says_when_the_coach_helped(store):
    record = bot_game(store, "gallic", stop=6)
    assert not any(
        b.startswith("**Coach:**") for b in bullets(export_markdown(get("gallic"), record))
    )
    helped = attrs.evolve(record, hints=2, takebacks=1)
    assert "**Coach:** with hints and takebacks (2 hints, 1 takeback)" in bullets(
        export_markdown(get("gallic"), helped)
    )
