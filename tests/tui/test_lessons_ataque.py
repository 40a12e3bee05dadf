"""The Ataque lesson through the engine: a learner who does what each step says meets
every step's goal on the lesson's seed, and the game shows what each step teaches. ``SCRIPT``
holds the keys such a learner presses, played to the end at 80×24 in ``test_lessons.py``."""

from __future__ import annotations

from engine.ataque.actions import EndPhase, Exchange, Place
from engine.ataque.board import blitz_step, placeable
from engine.ataque.data import TERRITORIES, sets_in
from engine.ataque.rules import ATAQUE
from engine.ataque.state import ATTACK, EXCHANGE, PLACE, Battle, CardDrawn, Conquered, Exchanged
from tests.tui.lesson_walk import walk
from tui.lessons.ataque import LESSON, attack_names, holds_set, placed
from tui.screens.ataque import folded

INDEX = {name: t for t, name in enumerate(TERRITORIES)}


def follower(view, seat, step):
    """Place every army on the territory the text names, attack the one it names until it
    falls, one conquest a turn, then end the turn; exchange the set when asked."""
    names = attack_names(view, seat)
    source, target = INDEX[names["source"]], INDEX[names["target"]]
    if view.phase == EXCHANGE:
        return Exchange(sets_in(view.players[seat].hand)[0])
    if view.phase == PLACE:
        return Place(source, placeable(view, source))
    if view.phase == ATTACK and not view.conquered:
        return blitz_step(view, source, target) or EndPhase()
    return EndPhase()


def test_following_the_text_reaches_every_step_and_the_end():
    done = walk(LESSON, follower)
    assert done.driver.over
    assert [i for i, _ in done.said][-1] == len(LESSON.steps) - 1
    learner = LESSON.seat
    state = ATAQUE.view(done.state, learner)
    first = next(e for e in state.log if isinstance(e, Battle) and e.attacker == learner)
    assert first.attack[0] == first.defence[0] and first.attacker_lost == 1  # a tie: defender's
    conquests = [e for e in state.log if isinstance(e, Conquered) and e.seat == learner]
    cards = [e for e in state.log if isinstance(e, CardDrawn) and e.seat == learner]
    assert len(conquests) == len(cards) == 3  # one a turn, a card for each
    exchange = next(e for e in state.log if isinstance(e, Exchanged))
    assert exchange.seat == learner and exchange.armies == 4 and len(exchange.bonus_on) == 2
    assert state.round == 4  # within the learner's first four turns


def test_every_step_names_what_the_game_shows():
    said = dict(walk(LESSON, follower).said)
    assert "Put all 7 on Aral, beside India" in said[1]
    assert "You threw 5-3-2, India 5" in said[3]
    assert said[4].startswith("India is yours")
    assert "Dudinka and Omsk" in said[7]


def test_a_step_is_not_done_before_the_learner_did_it():
    state = ATAQUE.new({}, LESSON.seed, LESSON.players)
    seat = LESSON.seat
    view = ATAQUE.view(state, seat)
    assert not placed(view, seat) and not holds_set(view, seat)
    source = INDEX[attack_names(view, seat)["source"]]
    state = ATAQUE.apply(state, seat, Place(source, 1))
    assert not placed(ATAQUE.view(state, seat), seat)  # armies still to place
    state = ATAQUE.apply(state, seat, Place(source, placeable(state, source)))
    assert placed(ATAQUE.view(state, seat), seat)


def test_the_lesson_is_a_short_one():
    assert 6 <= len(LESSON.steps) <= 10
    assert LESSON.players == 3 and LESSON.bot == "easy"


# --- by keys, on the screen --------------------------------------------------------------------
def find(name: str) -> list[str]:
    """Move the map's cursor to a territory by typing its name, as the step says."""
    return ["slash", *("space" if c == " " else c for c in folded(name)), "enter"]


def turn(source: str, target: str) -> list[str]:
    """A turn as the card step asks: every army on ``source``, attack ``target`` until it
    falls, end the attacks and the turn."""
    return [*find(source), "a", "enter", *find(target), "b", "e", "e"]


# The keys a learner presses at each step, following its text (the territories it names); a
# list is pressed as one burst, before the bots play.
SCRIPT = [
    ["enter"],
    [[*find("Aral"), "a"]],
    [["enter", *find("India"), "enter"]],
    ["b"],
    ["e", "e"],
    [turn("Aral", "Moscú"), turn("China", "Japón")],
    ["x"],
    ["enter"],  # a real game
]
