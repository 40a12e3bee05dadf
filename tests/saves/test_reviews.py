"""Reviews are computed once and kept with the save (saves.reviews): read back without a
single judgement, made again for a save that changed, deleted with their save, never kept
when cancelled, and a broken or hostile review file is computed again, never a traceback."""

from __future__ import annotations

import os

import attrs
import pytest

from engine import review as review_module
from engine.coach import Judgement
from engine.review import Cancelled
from saves.paths import reviews_path
from saves.record import SaveError
from saves.reviews import ReviewStore, review_of
from tests.saves.support import played_record


class CountingCoach:
    def __init__(self):
        self.calls = 0

    def judge(self, view, seat, played, rng):
        self.calls += 1
        blunder = len(str(played)) % 2 == 0  # the same move is always judged alike
        return Judgement(0.5, 0.1 if blunder else 0.0, "kept", "swapped", not blunder)


@pytest.fixture
def coach(monkeypatch):
    fake = CountingCoach()
    monkeypatch.setattr(review_module, "coach_of", lambda game_id: fake)
    return fake


@pytest.fixture
def saved(store, gallic):
    return store.save(played_record(gallic, seed=2))


def review_path(store, name="game"):
    return reviews_path(store.root) / f"{name}.json"


def test_a_review_is_computed_once_then_read(store, saved, coach):
    first, problem = review_of(store, saved)
    assert problem is None and coach.calls == len(first.moments) > 1
    assert review_path(store).is_file()
    again, problem = review_of(store, store.load("game"))
    assert again == first and problem is None
    assert coach.calls == len(first.moments)  # no judgement the second time


def test_a_changed_save_gets_a_new_review(store, saved, gallic, coach):
    first, _ = review_of(store, saved)
    calls = coach.calls
    other = attrs.evolve(played_record(gallic, seed=5), revision=saved.revision)
    store.save(other)
    second, _ = review_of(store, store.load("game"))
    assert coach.calls > calls
    assert [m.index for m in second.moments] != [m.index for m in first.moments]


def test_deleting_the_save_deletes_its_review(store, saved, coach):
    review_of(store, saved)
    assert review_path(store).exists()
    store.delete("game")
    assert not review_path(store).exists()


def test_a_cancelled_review_keeps_nothing(store, saved, coach):
    with pytest.raises(Cancelled):
        review_of(store, saved, cancelled=lambda: coach.calls >= 1)
    assert not review_path(store).exists()


def test_an_unfinished_game_has_no_review(store, gallic, coach):
    record = store.save(played_record(gallic, seed=2, steps=3))
    with pytest.raises(SaveError, match="not over"):
        review_of(store, record)
    assert coach.calls == 0


HOSTILE = {
    "garbage": b"\x00\xffnot json",
    "truncated": b'{"format": "batallas-review", "version": 1, "finger',
    "nan": None,  # a sound file whose chance is NaN
    "out of range": None,  # a moment at an action the game does not have
    "deep": b"[" * 100_000,
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_broken_or_hostile_review_is_computed_again(store, saved, coach, kind):
    first, _ = review_of(store, saved)
    path = review_path(store)
    text = path.read_text()
    if kind == "nan":
        data = text.replace('"chance": 0.5', '"chance": NaN', 1).encode()
    elif kind == "out of range":
        data = text.replace('"index": ', '"index": 9999', 1).encode()
    else:
        data = HOSTILE[kind]
    path.write_bytes(data)
    calls = coach.calls
    again, problem = review_of(store, saved)
    assert again == first and problem is None
    assert coach.calls == calls * 2  # judged again, and kept again
    assert review_of(store, saved)[0] == first and coach.calls == calls * 2


@pytest.mark.parametrize("kind", ["fifo", "link", "folder"])
def test_a_review_file_that_is_no_file_is_neither_read_nor_written_through(
    store, saved, coach, tmp_path, kind
):
    path = review_path(store)
    path.parent.mkdir(parents=True)
    victim = tmp_path / "victim"
    victim.write_text("precious")
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link":
        path.symlink_to(victim)
    else:
        path.mkdir()
    review, problem = review_of(store, saved)  # a FIFO would block a blind open forever
    assert review.moments and coach.calls == len(review.moments)
    assert problem.startswith("The review was not kept: it is ")
    assert victim.read_text() == "precious"


def test_review_names_stay_in_their_folder(store):
    with pytest.raises(SaveError):
        ReviewStore.of(store).path("../escape.json")


def test_a_finished_tables_review_is_named_after_the_table(store, gallic, coach):
    """A record no save is named after (a finished shared table) keeps ``table-NAME``."""
    table = played_record(gallic, seed=2, name="alesia")
    review, problem = review_of(store, table)
    assert problem is None
    assert (reviews_path(store.root) / "table-alesia.json").is_file()
    assert not review_path(store, "alesia").exists()
    assert review_of(store, table)[0] == review and coach.calls == len(review.moments)


def test_each_hosted_player_has_their_own_reviews(monkeypatch, tmp_path):
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path))
    assert reviews_path(tmp_path / "saves") == tmp_path / "reviews"
    ana = reviews_path(tmp_path / "saves" / "players" / "ana")
    assert ana == tmp_path / "reviews" / "players" / "ana"
