"""The Metauro and Zama coach: the expert's own move with its next choices, told in contacts
and odds, blind to the dice to come, and a general walked into the elephants that costs."""

from __future__ import annotations

import random

import attrs
import pytest

from engine import search
from engine.coach import WIDTH
from engine.metauro import coach
from engine.metauro.actions import Move, Pair
from engine.metauro.data import CAVALRY, ELEPHANT, GENERAL, INFANTRY
from engine.metauro.expert import expert
from engine.metauro.rules import METAURO
from engine.metauro.state import MOVE, PAIR
from engine.rng import Rng
from tui import language

from .helpers import C, R, rigged
from .test_expert import strong_battle


def general_near_elephants():
    """The Roman general on c6, two Carthaginian elephants a step from him (e6, d7): d6
    touches both."""
    return rigged(
        (R, GENERAL, "c6"),
        (R, INFANTRY, "c4"),
        (R, INFANTRY, "c8"),
        (R, CAVALRY, "b6"),
        (C, ELEPHANT, "e6"),
        (C, ELEPHANT, "d7"),
        (C, GENERAL, "n6"),
        (C, INFANTRY, "n4"),
    )


INTO_THE_ELEPHANTS = Move("c6", "d6", (0,))


@pytest.fixture(scope="module")
def hints():
    """(state, seat, ply, hint) at positions of every phase of a strong battle in each scenario."""
    out = []
    with search.scaled(0.25):
        for scenario, seed in (("metauro", 3), ("zama", 4)):
            for ply, state in enumerate(strong_battle(scenario, seed)):
                if ply % 13 == 0 and ply < 100:
                    seat = state.active
                    view = METAURO.view(state, seat)
                    out.append((state, seat, ply, coach.hint(view, seat, random.Random(ply))))
    return out


def test_the_hint_is_the_experts_move_and_legal(hints) -> None:
    searched, phases = 0, set()
    with search.scaled(0.25):
        for state, seat, ply, hint in hints:
            view = METAURO.view(state, seat)
            assert hint.best.action == expert(view, seat, random.Random(ply)), (ply, state.phase)
            assert hint.best.action in METAURO.legal_actions(state, seat)
            assert hint.seat == seat and hint.why
            searched += hint.best.value is not None
            phases.add(state.phase)
    assert searched >= 10 and {MOVE, PAIR} <= phases


def test_the_next_choices_are_legal_distinct_and_valued(hints) -> None:
    shown = 0
    for state, seat, _, hint in hints:
        choices = (hint.best, *hint.others)
        assert len(hint.others) <= 2
        assert len({c.action for c in choices}) == len({c.text for c in choices}) == len(choices)
        for choice in hint.others:
            assert choice.action in METAURO.legal_actions(state, seat)
            assert choice.value is not None and 0.0 <= choice.value <= 1.0
        shown += len(hint.others)
    assert shown >= 10


def test_a_move_is_told_by_its_contacts_and_chance() -> None:
    view = METAURO.view(general_near_elephants(), R)
    with search.scaled(0.25):
        hint = coach.hint(view, R, random.Random(0))
    assert hint.best.action == Move("c6", "b6", (0,))
    assert hint.why.startswith("move the general from c6 to b6: out of contact, ")
    assert hint.why.endswith("% to win the battle")
    line = coach.why(view, R, INTO_THE_ELEPHANTS, 0.2, alone=False)
    assert line == "move the general from c6 to d6: contact with 2 enemies, 20% to win"  # 76


def test_only_the_dice_differ_and_they_change_nothing(hints) -> None:
    """Nothing but the dice is hidden: two battles that differ only in their RNG give the same
    hint and the same judgement."""
    searched = [(s, seat) for s, seat, _, h in hints if h.best.value is not None][:2]
    with search.scaled(0.25):
        for state, seat in [(general_near_elephants(), R), *searched]:
            other = attrs.evolve(state, rng=Rng.from_seed(99))
            assert other.rng != state.rng
            views = [METAURO.view(s, seat) for s in (state, other)]
            assert views[0] == views[1]
            played = METAURO.legal_actions(state, seat)[-1]
            told = [coach.hint(v, seat, random.Random(3)) for v in views]
            judged = [coach.judge(v, seat, played, random.Random(3)) for v in views]
            assert told[0] == told[1] and judged[0] == judged[1]


def test_the_experts_move_costs_nothing_and_the_elephants_cost_the_battle() -> None:
    view = METAURO.view(general_near_elephants(), R)
    with search.scaled(0.5):
        move = expert(view, R, random.Random(0))
        kept = coach.judge(view, R, move, random.Random(0))
        walked = coach.judge(view, R, INTO_THE_ELEPHANTS, random.Random(0))
    assert kept.same and kept.cost == 0.0 and 0.0 < kept.chance < 1.0
    assert kept.played == kept.best == "move the general from c6 to b6"
    assert not walked.same and walked.played == "move the general from c6 to d6"
    assert walked.cost > 0.05


def test_a_deployment_is_not_judged(hints) -> None:
    state, seat, _, hint = hints[0]
    judged = coach.judge(METAURO.view(state, seat), seat, hint.best.action, random.Random(0))
    assert judged.same and judged.cost == 0.0 and judged.chance == 0.5
    assert hint.why == "confirm the deployment: the expert keeps the army as it stands"


@pytest.mark.parametrize("code", ["en", "es", "it"])
def test_every_why_fits_one_line(hints, code) -> None:
    """The hints' lines in each language, and a line for every move and pair possible there."""
    language.install(code)
    told, lines = [], []
    for state, seat, _, hint in hints:
        view = METAURO.view(state, seat)
        legal = METAURO.legal_actions(view, seat)
        told.append(coach.why(view, seat, hint.best.action, hint.best.value, len(legal) == 1))
        lines += [
            coach.why(view, seat, a, 0.555, False) for a in legal if isinstance(a, (Move, Pair))
        ]
    if code == "en":
        assert told == [h.why for *_, h in hints]
    else:
        assert not {h.why for *_, h in hints} & set(told)  # translated
    assert not [line for line in told + lines if len(line) > WIDTH or "\n" in line]
