"""`batallas review SAVE` prints a finished game's key moments (computing the review once,
then reading it), refuses what it cannot review in one sentence, and `batallas export`
includes the key moments once a review is kept."""

from __future__ import annotations

import pytest

from engine import review as review_module
from engine.coach import Judgement
from engine.registry import get
from saves.store import SaveStore
from tests.saves.support import played_record
from tui.cli import main


class Coach:
    def __init__(self):
        self.calls = 0

    def judge(self, view, seat, played, rng):
        self.calls += 1
        if self.calls == 2:  # the planted blunder, named with a hostile word
            return Judgement(0.6, 0.12, "kept Galli\x1b[2J", "exchanged Galli", False)
        return Judgement(0.5, 0.0, "kept", "kept", True)


@pytest.fixture
def coach(monkeypatch):
    fake = Coach()
    monkeypatch.setattr(review_module, "coach_of", lambda game_id: fake)
    return fake


@pytest.fixture
def saves(tmp_path):
    store = SaveStore(tmp_path)
    store.save(played_record(get("gallic"), seed=2))
    store.save(played_record(get("gallic"), seed=2, steps=3, name="unfinished"))
    return tmp_path


def test_review_prints_the_key_moments_once_computed(saves, coach, capsys):
    assert main(["--saves-dir", str(saves), "review", "game"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "Review of Game (La Guerra Gallica)"
    assert lines[1] == "Rome · Ana"
    assert lines[2].startswith(f"  Your decisions were the expert's in {coach.calls - 1} of ")
    assert lines[3] == (
        "  1. Battle 2: you played “kept Galli\\x1b[2J”; “exchanged Galli” was worth +12 points "
        "of win chance"
    )
    assert "\x1b" not in out and err == ""  # no progress line: stderr is not a terminal
    calls = coach.calls
    assert main(["--saves-dir", str(saves), "review", "game"]) == 0
    assert capsys.readouterr().out == out and coach.calls == calls  # read, not judged again


@pytest.mark.parametrize(
    ("name", "reason"),
    [("unfinished", "the game is not over yet"), ("nothing", "no save named 'nothing'")],
)
def test_review_refuses_in_one_sentence(saves, coach, capsys, name, reason):
    assert main(["--saves-dir", str(saves), "review", name]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"Cannot review {name}: {reason}.\n"
    assert coach.calls == 0


def test_export_includes_the_key_moments_once_reviewed(saves, coach, capsys):
    assert main(["--saves-dir", str(saves), "export", "game"]) == 0
    assert "Key moments" not in capsys.readouterr().out
    assert coach.calls == 0  # export never computes a review
    main(["--saves-dir", str(saves), "review", "game"])
    capsys.readouterr()
    assert main(["--saves-dir", str(saves), "export", "game"]) == 0
    text = capsys.readouterr().out
    part = text.split("## Key moments\n\n")[1].splitlines()
    assert part[0] == "- Rome · Ana"
    assert part[1].startswith("  - Your decisions were the expert's in ")
    assert part[2].startswith("  - 1. Battle 2: you played “kept Galli\\\\x1b\\[2J”;")


def test_a_coach_that_fails_is_one_sentence_never_a_traceback(saves, monkeypatch, capsys):
    class Broken:
        def judge(self, view, seat, played, rng):
            raise RuntimeError("the coach tripped")

    monkeypatch.setattr(review_module, "coach_of", lambda game_id: Broken())
    assert main(["--saves-dir", str(saves), "review", "game"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("Cannot review game: it could not be made (logged at ")
    assert len(err.splitlines()) == 1


def test_a_kept_review_is_told_in_the_language_now(saves, coach, capsys):
    main(["--saves-dir", str(saves), "review", "game"])
    capsys.readouterr()
    assert main(["--lang", "es", "--saves-dir", str(saves), "review", "game"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3].startswith("  1. Batalla 2: jugaste «kept Galli")
    assert "Battle" not in "\n".join(lines)
