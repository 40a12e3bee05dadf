"""The Metauro lesson through the engine: a learner who does what each step says meets
every step's goal on the lesson's seed, and the game shows what each step teaches. ``SCRIPT``
holds the keys such a learner presses, played to the end at 80×24 in ``test_lessons.py``."""

from __future__ import annotations

from engine.metauro.actions import Advance, Deploy, EndMove, Move, Pair
from engine.metauro.data import COLUMNS
from engine.metauro.rules import METAURO
from engine.metauro.state import (
    ADVANCE,
    DEPLOY,
    MOVE,
    PAIR,
    ClashStarted,
    Fought,
    LotsDrawn,
    Moved,
)
from tests.tui.lesson_walk import walk
from tui.lessons.metauro import LESSON, move_ended, rider, squares


def follower(view, seat, step):
    """Keep the deployment, ride the cavalry where the text says and end the move, fight
    the first pair listed, advance when the game asks."""
    if view.phase == DEPLOY:
        return Deploy()
    if view.phase == MOVE:
        if view.moved:
            return EndMove()
        said = squares(view, seat)
        return Move(said["square"], said["to"], (rider(view, seat).id,))
    if view.phase == PAIR:
        return next(a for a in METAURO.legal_actions(view, seat) if isinstance(a, Pair))
    if view.phase == ADVANCE:
        return Advance()
    raise AssertionError(f"the lesson says nothing of {view.phase}")


def test_following_the_text_reaches_every_step_and_the_end():
    done = walk(LESSON, follower)
    assert done.driver.over
    log = done.state.log
    assert next(e for e in log if isinstance(e, LotsDrawn)).first == LESSON.seat
    rides = [(e.frm, e.to) for e in log if isinstance(e, Moved) and e.seat == LESSON.seat]
    assert rides == [("d3", "g3"), ("g3", "j3")]
    assert next(e for e in log if isinstance(e, ClashStarted)).chooser == LESSON.seat
    fight = next(e for e in log if isinstance(e, Fought)).fight
    assert (fight.total_a, fight.total_b) == (5, 2) and fight.winner == fight.a
    assert not fight.killed  # less than 6: the loser is driven back


def test_every_step_names_what_the_game_shows():
    said = dict(walk(LESSON, follower).said)
    assert "Hasdrubal (g on m6)" in said[0] and "p5 and p7" in said[0]
    assert "cavalry on d3" in said[1] and "pick g3" in said[1]
    assert "from g3 to j3, facing k3" in said[3]
    assert said[5].startswith("Your fight: Roman cavalry 4+1 against Carthaginian infantry 1+1")


def test_a_move_is_not_over_before_the_other_side_moves():
    state = METAURO.new(LESSON.config, LESSON.seed, LESSON.players)
    seat = LESSON.seat
    state = METAURO.apply(state, 1 - seat, Deploy())
    state = METAURO.apply(state, seat, Deploy())
    state = METAURO.apply(state, seat, Move("d3", "g3", (rider(state, seat).id,)))
    assert not move_ended(METAURO.view(state, seat), seat)
    state = METAURO.apply(state, seat, EndMove())
    assert move_ended(METAURO.view(state, seat), seat)


def test_the_lesson_is_a_short_one():
    assert 6 <= len(LESSON.steps) <= 10
    assert LESSON.config["scenario"] == "metauro" and LESSON.bot == "easy"


# --- by keys, on the screen --------------------------------------------------------------------
def arrows(frm: str, to: str) -> list[str]:
    """The arrow keys that move the grid's cursor from one square to another."""
    dx = COLUMNS.index(to[0]) - COLUMNS.index(frm[0])
    dy = int(to[1:]) - int(frm[1:])
    return ["right" if dx > 0 else "left"] * abs(dx) + ["down" if dy > 0 else "up"] * abs(dy)


# The keys a learner presses at each step, following its text (the squares it names); the
# grid's cursor starts on h6 and stays where it last picked.
SCRIPT = [
    ["e"],
    [[*arrows("h6", "d3"), "enter", *arrows("d3", "g3"), "enter"]],
    ["e"],
    [["enter", *arrows("g3", "j3"), "enter", "e"]],
    ["1"],
    ["enter"],
    ["enter"],  # a real game
]
