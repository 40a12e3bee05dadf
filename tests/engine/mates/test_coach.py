"""The Mates Hostiles coach: at the table, the expert's announcement said in the cards it
expects after the round; in the solo puzzles, a graded clue (the piece, then the move)."""

from __future__ import annotations

import random

import attrs
import chess
import pytest

from engine import search
from engine.coach import LINE
from engine.mates import coach
from engine.mates.actions import EloAttack, GiveUp, Hint, Solve
from engine.mates.expert import determinize, expert
from engine.mates.rules import MATES
from engine.mates.state import CHOOSE, PUZZLE, REVIEW
from tui.language import install

from .test_solo import solo, wrong_move


@pytest.fixture(autouse=True)
def quick():
    with search.scaled(0.25):
        yield


def positions(players: int, seed: int, count: int = 6) -> list[tuple[object, int]]:
    """Announcements with a choice in a game ``strong`` plays at every seat, as seen by the
    seat to move."""
    strong = MATES.bots["strong"]
    state = MATES.new({}, seed, players)
    rnd = random.Random(seed)
    found = []
    while MATES.outcome(state) is None and len(found) < count:
        (seat,) = MATES.to_move(state)
        view = MATES.view(state, seat)
        if len(MATES.legal_actions(state, seat)) > 1 and rnd.random() < 0.4:
            found.append((view, seat))
        state = MATES.apply(state, seat, strong(view, seat, rnd))
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_the_hint_is_the_experts_announcement_and_the_next_two(players: int) -> None:
    for view, seat in positions(players, 4):
        hint = coach.hint(view, seat, random.Random(7))
        assert hint.best.action == expert(view, seat, random.Random(7))
        legal = MATES.legal_actions(view, seat)
        assert hint.seat == seat and hint.best.action in legal
        assert 1 <= len(hint.others) <= 2
        actions = [hint.best.action] + [c.action for c in hint.others]
        assert len(set(actions)) == len(actions)
        for choice in (hint.best, *hint.others):
            assert choice.action in legal
            assert 0.0 <= choice.value <= 1.0


def test_the_same_view_with_other_hidden_cards_gives_the_same_hint_and_judgement() -> None:
    view, seat = positions(3, 9)[-1]
    state = determinize(view, seat, random.Random(1))
    twin = determinize(view, seat, random.Random(2))
    assert state != twin
    assert MATES.view(state, seat) == MATES.view(twin, seat) == view
    played = MATES.legal_actions(view, seat)[-1]
    hints = [coach.hint(MATES.view(s, seat), seat, random.Random(3)) for s in (state, twin)]
    judged = [
        coach.judge(MATES.view(s, seat), seat, played, random.Random(3)) for s in (state, twin)
    ]
    assert hints[0] == hints[1]
    assert judged[0] == judged[1]


def test_the_why_counts_the_cards_after_the_round() -> None:
    view, seat = positions(2, 4)[0]
    hint = coach.hint(view, seat, random.Random(1))
    cards = round(hint.best.value * 48)
    assert hint.why.startswith(f"{hint.best.text}: about {cards} of 48 cards after the round")


def test_judging_the_experts_move_costs_nothing_the_weaker_elo_costs() -> None:
    # An attacker whose card's two Elos are far apart: attacking with the weaker is worse.
    def apart(view) -> bool:
        card = view.cards[view.round.card]
        return view.phase == CHOOSE and abs(card.white_elo - card.black_elo) >= 300

    view, seat = next(p for p in positions(2, 6, count=30) if apart(p[0]))
    card = view.cards[view.round.card]
    weaker = EloAttack("white" if card.white_elo < card.black_elo else "black")
    move = expert(view, seat, random.Random(4))
    same = coach.judge(view, seat, move, random.Random(4))
    assert same.same and same.cost == 0.0 and 0.0 <= same.chance <= 1.0
    assert move != weaker
    worse = coach.judge(view, seat, weaker, random.Random(4))
    assert not worse.same and worse.cost > 0.0
    assert worse.played.startswith("Elo attack, ") and worse.best == same.best


def test_the_puzzle_hint_is_the_piece_first_then_the_move() -> None:
    state = solo()
    view = MATES.view(state, 0)
    first = coach.hint(view, 0, random.Random(0))
    assert first.best.action == Hint() and first.others == ()
    assert "5" in first.why and "10" in first.why
    assert coach.hint(MATES.view(solo(seed=6), 0), 0, random.Random(0)).best.action == Hint()
    # Taking it is the game's own hint: the piece shown, the card now worth 5.
    state = MATES.apply(state, 0, first.best.action)
    view = MATES.view(state, 0)
    second = coach.hint(view, 0, random.Random(0))
    assert isinstance(second.best.action, Solve)
    piece = state.solo.hint
    assert second.best.action.move[:2] == piece.square
    assert second.why.endswith(f"mates: {second.best.text}")
    state = MATES.apply(state, 0, second.best.action)
    assert state.phase == REVIEW and state.solo.history[-1].points == 5


def test_the_puzzle_hint_does_not_read_the_cards_to_come() -> None:
    state = solo()
    order = state.solo.order
    twin = attrs.evolve(state, solo=attrs.evolve(state.solo, order=order[::-1]))
    assert twin != state and MATES.view(twin, 0) == MATES.view(state, 0)
    views = [MATES.view(s, 0) for s in (state, twin)]
    assert coach.hint(views[0], 0, random.Random(1)) == coach.hint(views[1], 0, random.Random(1))


def test_a_puzzle_answer_is_judged_by_its_points() -> None:
    state = solo()
    view = MATES.view(state, 0)
    assert view.phase == PUZZLE
    board = chess.Board(state.cards[state.solo.current].fen)
    mate = Solve(board.parse_san(state.cards[state.solo.current].mate_san).uci())
    right = coach.judge(view, 0, mate, random.Random(0))
    assert right.same and right.cost == 0.0 and right.chance == 1.0
    wrong = Solve(board.parse_san(wrong_move(state)).uci())
    assert coach.judge(view, 0, wrong, random.Random(0)).cost == 1.0
    assert coach.judge(view, 0, GiveUp(), random.Random(0)).cost == 1.0
    assert coach.judge(view, 0, Hint(), random.Random(0)).cost == 0.5


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_why_fits_one_line_in_every_language(language: str) -> None:
    state = solo()
    cases = positions(2, 4) + positions(4, 5) + [(MATES.view(state, 0), 0)]
    hinted = MATES.apply(state, 0, Hint())
    cases.append((MATES.view(hinted, 0), 0))
    install(language)
    try:
        for view, seat in cases:
            why = coach.hint(view, seat, random.Random(2)).why
            assert why and len(why) <= LINE, why
    finally:
        install("en")
