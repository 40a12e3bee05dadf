"""The Álamo coach, two-player and solitaire: the expert's plan as a hint, said in totals and
the chance to win, and what any move was worth — from the seat's view alone."""

from __future__ import annotations

import random

import attrs
import pytest

from engine import search
from engine.alamo import coach
from engine.alamo import expert as expert_module
from engine.alamo.actions import AddCard, Confirm
from engine.alamo.data import MEXICANS, TEXANS
from engine.alamo.expert import expert
from engine.alamo.rules import ALAMO
from engine.alamo.sampling import determinize
from engine.alamo.state import ATTACK, DEFEND, PAY, SURVIVORS
from engine.coach import LINE
from tui.language import install

from .helpers import ids, rigged, side_with

M, T = MEXICANS, TEXANS


@pytest.fixture(autouse=True)
def quick():
    with search.scaled(0.25):
        yield


def positions(players: int, seed: int, count: int = 6) -> list[tuple[object, int]]:
    """Decisions with a choice in a game ``strong`` plays against itself (some of them in
    the middle of building an attack or defence), as the seat to move sees them."""
    strong = ALAMO.bots["strong"]
    state = ALAMO.new({}, seed, players)
    rnd = random.Random(seed)
    found = []
    while ALAMO.outcome(state) is None and len(found) < count:
        (seat,) = ALAMO.to_move(state)
        view = ALAMO.view(state, seat)
        if len(ALAMO.legal_actions(state, seat)) > 1 and rnd.random() < 0.3:
            found.append((view, seat))
        state = ALAMO.apply(state, seat, strong(view, seat, rnd))
    return found


def defence_against_santa_anna():
    """Santa Anna attacks with 50; the Texan holds Crockett, Travis, the Caballería and the
    Hospital: he can beat it."""
    anna = ids(M, "Santa Anna")
    tex = ids(T, "Davy Crockett", "William B. Travis", "Caballería tejana", "Hospital")
    state = rigged(side_with(tex), side_with(anna), phase=ATTACK, active=M)
    state = ALAMO.apply(ALAMO.apply(state, M, AddCard(anna[0])), M, Confirm())
    assert state.phase == DEFEND
    return state, tex


@pytest.mark.parametrize("players", [2, 1])
def test_the_hint_is_the_experts_move_and_the_next_two_plans(players: int) -> None:
    for view, seat in positions(players, 4):
        hint = coach.hint(view, seat, random.Random(7))
        expert_module._plans_made.clear()  # the expert searches again, unprompted
        assert hint.best.action == expert(view, seat, random.Random(7))
        legal = ALAMO.legal_actions(view, seat)
        assert hint.seat == seat and hint.best.action in legal and hint.why
        assert len(hint.others) <= 2
        actions = [hint.best.action] + [c.action for c in hint.others]
        assert len(set(actions)) == len(actions)
        for choice in hint.others:
            assert choice.action in legal
            assert 0.0 <= choice.value <= 1.0


@pytest.mark.parametrize("players", [2, 1])
def test_the_same_view_with_other_hidden_cards_gives_the_same_hint_and_judgement(
    players: int,
) -> None:
    view, seat = positions(players, 9)[-1]
    state = determinize(view, seat, random.Random(1))
    twin = determinize(view, seat, random.Random(2))
    assert state != twin
    assert ALAMO.view(state, seat) == ALAMO.view(twin, seat) == view
    played = ALAMO.legal_actions(view, seat)[-1]
    hints = [coach.hint(ALAMO.view(s, seat), seat, random.Random(3)) for s in (state, twin)]
    judged = [
        coach.judge(ALAMO.view(s, seat), seat, played, random.Random(3)) for s in (state, twin)
    ]
    assert hints[0] == hints[1]
    assert judged[0] == judged[1]


def test_the_defence_hint_names_the_cards_and_says_the_attack() -> None:
    state, tex = defence_against_santa_anna()
    hint = coach.hint(ALAMO.view(state, T), T, random.Random(1))
    assert hint.best.text.startswith("defend with ")
    assert "the attack is 50; " in hint.why and hint.why.endswith("% to win")
    assert hint.best.action in [AddCard(c) for c in tex]


def test_the_defence_hint_carries_every_step_of_its_plan_to_the_confirm() -> None:
    """Enter on a hint plays the whole defence it names, not its first card alone."""
    state, tex = defence_against_santa_anna()
    hint = coach.hint(ALAMO.view(state, T), T, random.Random(4))
    assert hint.best.text == "defend with Davy Crockett and Hospital (60)"
    steps = (hint.best.action, *hint.best.then)
    assert steps[-1] == Confirm() and len(steps) == 3
    for step in steps[:-1]:
        state = ALAMO.apply(state, T, step)
    assert sorted(state.selection) == sorted((tex[0], tex[3]))
    state = ALAMO.apply(state, T, steps[-1])
    assert state.phase != DEFEND
    # Halfway, the hint finishes the same plan from where the player is.
    half = ALAMO.apply(defence_against_santa_anna()[0], T, steps[0])
    rest = coach.hint(ALAMO.view(half, T), T, random.Random(4)).best
    assert (rest.action, *rest.then) == steps[1:]


def test_the_survivors_hint_keeps_every_card_it_names_then_confirms() -> None:
    """The Texans beat Santa Anna by 10; the Mexicans pay, then the hint keeps the cards it
    names and confirms, in one Enter."""
    state, tex = defence_against_santa_anna()
    for step in (AddCard(tex[0]), AddCard(tex[3]), Confirm()):
        state = ALAMO.apply(state, T, step)
    strong = ALAMO.bots["strong"]
    while state.phase != SURVIVORS:
        seat = state.active
        state = ALAMO.apply(state, seat, strong(ALAMO.view(state, seat), seat, random.Random(1)))
    assert state.active == T
    hint = coach.hint(ALAMO.view(state, T), T, random.Random(4))
    assert hint.best.text.startswith("keep ")
    steps = (hint.best.action, *hint.best.then)
    assert steps[-1] == Confirm()
    for step in steps:
        state = ALAMO.apply(state, T, step)
    assert state.phase != SURVIVORS


def test_judging_the_experts_move_costs_nothing_a_losing_defence_costs() -> None:
    state, tex = defence_against_santa_anna()
    view = ALAMO.view(state, T)
    move = expert(view, T, random.Random(4))
    same = coach.judge(view, T, move, random.Random(4))
    assert same.same and same.cost == 0.0 and 0.0 <= same.chance <= 1.0
    # The expert's defence has two cards: adding the other one first is the same plan.
    hint = coach.hint(view, T, random.Random(4))
    assert hint.best.text == same.best == "defend with Davy Crockett and Hospital (60)"
    other_first = AddCard(next(c for c in (tex[0], tex[3]) if AddCard(c) != move))
    assert other_first != move
    assert coach.judge(view, T, other_first, random.Random(4)) == same
    # The Hospital alone (10) against 50: the battle lost and the card with it.
    hospital = attrs.evolve(state, selection=(tex[3],))
    assert Confirm() in ALAMO.legal_actions(hospital, T)
    view = ALAMO.view(hospital, T)
    lost = coach.judge(view, T, Confirm(), random.Random(4))
    assert not lost.same and lost.cost > 0.0
    assert lost.played == "defend with Hospital (10)"
    assert lost.best.startswith("defend with ") and lost.best != lost.played


def test_a_payment_hint_says_what_is_owed() -> None:
    for view, seat in positions(2, 4, count=40):
        if view.phase == PAY and view.payment.payer == seat:
            hint = coach.hint(view, seat, random.Random(2))
            assert f"{view.payment.due} to pay" in hint.why or "the only move" in hint.why
            return
    pytest.fail("no payment in the game")


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_why_fits_one_line_in_every_language(language: str) -> None:
    cases = (
        positions(2, 4) + positions(1, 4) + [(ALAMO.view(defence_against_santa_anna()[0], T), T)]
    )
    install(language)
    try:
        for view, seat in cases:
            why = coach.hint(view, seat, random.Random(2)).why
            assert why and len(why) <= LINE, why
    finally:
        install("en")


def test_a_hint_to_wait_for_a_full_hand_says_why() -> None:
    """The expert holds back a half-empty hand for one big attack: the hint says so, never
    that declining is "the only move" (attacking is legal)."""
    tex = ids(T, "Hospital", "Trincheras", "Voluntarios tejanos")
    mex = ids(M, "Coronel Romero", "Compañía Matamoros", "Compañía Matamoros", "Brecha")
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    given = coach.hint(ALAMO.view(state, M), M, random.Random(1))
    assert "full hand" in given.why and "only move" not in given.why, given.why
    for language in ("en", "es", "it"):  # one line of the hint dialog in every language
        install(language)
        assert len(coach.hint(ALAMO.view(state, M), M, random.Random(1)).why) <= LINE
    install("en")
