"""The Ataque coach: the expert's own move with its next choices, told in chances and armies,
blind to what its seat cannot see, and a throw at a wall of armies that costs the game."""

from __future__ import annotations

import random

import attrs
import pytest

from engine import search
from engine.ataque import coach
from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place
from engine.ataque.data import TERRITORIES
from engine.ataque.expert import determinize
from engine.ataque.rules import ATAQUE
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, PLACE, REGROUP, Conquest
from engine.coach import WIDTH
from tui import language

from .helpers import rigged, t
from .test_expert import legal, positions

expert = ATAQUE.bots["expert"]


def one_throw_from_winning():
    """White holds 23 territories and must occupy 24 (objective 7); only Brasil (2 armies) can
    attack: Red's lone army in Argentina (42% with one die, and the game) or Red's 10 in
    Argelia. Black's stacks of 8 would eat White's single armies next round."""
    rest = [n for n in TERRITORIES if n not in ("Brasil", "Argentina", "Argelia")]
    owners = {"Brasil": 0} | {n: 0 for n in rest[:22]} | {n: 1 for n in rest[22:30]}
    armies = {"Brasil": 2, "Argelia": 10} | {n: 8 for n in rest[22:30]}
    return rigged(owners, armies=armies, objectives=(7, 6, 6), hands={1: (3, 9), 2: (40,)})


@pytest.fixture(scope="module")
def hints():
    """(state, seat, hint) at positions of every phase of a game of strong bots."""
    out = []
    with search.scaled(0.25):
        for i, state in enumerate(positions(7)):
            (seat,) = ATAQUE.to_move(state)
            out.append((state, seat, coach.hint(ATAQUE.view(state, seat), seat, random.Random(i))))
    return out


def test_the_hint_is_the_experts_move_and_legal(hints) -> None:
    searched = 0
    with search.scaled(0.25):
        for i, (state, seat, hint) in enumerate(hints):
            move = expert(ATAQUE.view(state, seat), seat, random.Random(i))
            assert hint.best.action == move, (i, state.phase)
            assert legal(state, seat, hint.best.action)
            assert hint.seat == seat and hint.why
            searched += hint.best.value is not None
    assert searched >= 3  # searched decisions, with the expert's value, among the settled ones


def test_the_next_choices_are_legal_distinct_and_valued(hints) -> None:
    shown = 0
    for state, seat, hint in hints:
        actions = [hint.best.action] + [c.action for c in hint.others]
        assert len(hint.others) <= 2 and len(set(actions)) == len(actions)
        for choice in hint.others:
            assert legal(state, seat, choice.action)
            assert choice.value is not None and 0.0 <= choice.value <= 1.0
            assert choice.text
        shown += len(hint.others)
    assert shown >= 3


def test_an_attack_is_told_by_its_chance_to_take_the_territory() -> None:
    state = one_throw_from_winning()
    with search.scaled(0.25):
        hint = coach.hint(ATAQUE.view(state, 0), 0, random.Random(0))
    assert hint.best.action == Attack(t("Brasil"), t("Argentina"), 1)
    assert hint.why == "attack Argentina from Brasil: 42% to take it"  # one die each: 15/36
    assert [c.text for c in hint.others] == ["stop attacking"]


def test_other_objectives_hands_and_draw_pile_change_nothing() -> None:
    state = one_throw_from_winning()
    view = ATAQUE.view(state, 0)
    other = determinize(view, 0, random.Random(5))
    assert other.players != state.players and other.deck != state.deck
    assert ATAQUE.view(other, 0) == view
    bad = Attack(t("Brasil"), t("Argelia"), 1)
    with search.scaled(0.25):
        for seed in (1, 2):
            told = [coach.hint(ATAQUE.view(s, 0), 0, random.Random(seed)) for s in (state, other)]
            judged = [
                coach.judge(ATAQUE.view(s, 0), 0, bad, random.Random(seed)) for s in (state, other)
            ]
            assert told[0] == told[1] and told[0].best.value is not None
            assert judged[0] == judged[1]


def test_the_experts_move_costs_nothing_and_a_throw_at_ten_armies_costs_the_game() -> None:
    state = one_throw_from_winning()
    view = ATAQUE.view(state, 0)
    move = expert(view, 0, random.Random(0))
    kept = coach.judge(view, 0, move, random.Random(0))
    assert kept.same and kept.cost == 0.0 and 0.0 < kept.chance <= 1.0
    assert kept.played == kept.best == "attack Argentina from Brasil"
    thrown = coach.judge(view, 0, Attack(t("Brasil"), t("Argelia"), 1), random.Random(0))
    assert not thrown.same and thrown.played == "attack Argelia from Brasil"
    assert thrown.cost > 0.05  # Brasil is left with one army: no throw at Argentina this turn


def test_a_settled_move_is_judged_by_playouts_too() -> None:
    """The regroup is strong's (no search): the judgement still plays both moves out."""
    state = attrs.evolve(one_throw_from_winning(), phase=REGROUP, arrived=(0,) * 42)
    view = ATAQUE.view(state, 0)
    with search.scaled(0.25):
        judged = coach.judge(view, 0, EndPhase(), random.Random(0))
        hint = coach.hint(view, 0, random.Random(0))
    assert judged.same == (hint.best.action == EndPhase())
    assert 0.0 <= judged.chance <= 1.0 and judged.cost >= 0.0
    assert hint.others == () and hint.best.value is None


def test_a_placement_on_the_experts_territory_begins_its_plan() -> None:
    assert coach.same_plan(Place(3, 5), Place(3, 1))
    assert not coach.same_plan(Place(3, 5), Place(4, 5))
    assert not coach.same_plan(Attack(1, 2, 3), Attack(1, 2, 1))


def heavy_board_lines() -> list[str]:
    """Why lines of every kind on a board of hundreds of armies, the longest names included."""
    names = ("Medio Oriente", "Nueva Guinea", "Vladivostok")
    owners = {n: 0 for n in TERRITORIES[::2]}
    state = rigged(owners, armies=dict.fromkeys(TERRITORIES, 180), phase=ATTACK)
    lines = [
        coach.why(state, 0, a) for a in ATAQUE.legal_actions(state, 0) if isinstance(a, Attack)
    ]
    placing = attrs.evolve(state, phase=PLACE, to_place=99)
    lines += [coach.why(placing, 0, Place(t, 99)) for t in range(0, 42, 2)]
    regroup = attrs.evolve(state, phase=REGROUP, arrived=(0,) * 42)
    lines += [coach.why(regroup, 0, a) for a in ATAQUE.legal_actions(regroup, 0) if a != EndPhase()]
    lines.append(coach.why(regroup, 0, EndPhase()))
    cards = tuple(sorted(t(n) for n in names))
    exchange = attrs.evolve(state, phase=EXCHANGE, owner=(0,) * 42)
    first = attrs.evolve(state.players[0], exchanges=20)
    exchange = attrs.evolve(exchange, players=(first, *state.players[1:]))
    lines.append(coach.why(exchange, 0, Exchange(cards)))
    for src, dst in ((t("Medio Oriente"), t("Egipto")), (t("Nueva Guinea"), t("Australia"))):
        pending = Conquest(src, dst, 3)
        moving = attrs.evolve(state, phase=MOVE_IN, pending=pending)
        lines += [coach.why(moving, 0, MoveIn(k)) for k in (0, 3)]
    return lines


@pytest.mark.parametrize("code", ["en", "es", "it"])
def test_every_why_fits_one_line(hints, code) -> None:
    language.install(code)
    lines = heavy_board_lines()
    with search.scaled(0.25):
        lines += [
            coach.hint(ATAQUE.view(state, seat), seat, random.Random(i)).why
            for i, (state, seat, _) in enumerate(hints)
        ]
    too_long = [line for line in lines if len(line) > WIDTH or "\n" in line]
    assert not too_long
    if code != "en":
        english = {h.why for _, _, h in hints}
        assert not english & set(lines[-len(hints) :])  # translated, not the English text
