"""The panel's plans do what their names promise (the bench measures every level against them)."""

from __future__ import annotations

import random

from engine.alamo.actions import AddCard, Confirm, Decline
from engine.alamo.data import MEXICANS, TEXANS
from engine.alamo.panel import PANEL
from engine.alamo.rules import ALAMO
from engine.alamo.state import ATTACK, DEFEND

from .helpers import ids, rigged, side_with

M, T = MEXICANS, TEXANS
TEXAN_HAND = ("Davy Crockett", "James Bowie", "Voluntarios tejanos", "Hospital", "Trincheras")


def build(state, seat, plan, phase):
    """Let ``plan`` build its selection for ``seat``; the state once it is confirmed."""
    rnd = random.Random(0)
    while state.phase == phase and ALAMO.to_move(state) == (seat,):
        action = PANEL[plan](ALAMO.view(state, seat), seat, rnd)
        assert action in ALAMO.legal_actions(state, seat)
        state = ALAMO.apply(state, seat, action)
    return state


def attacked(mexican: tuple[str, ...]):
    """The Texan holding ``TEXAN_HAND``, facing an attack of ``mexican``."""
    mex = ids(M, *mexican)
    state = rigged(side_with(ids(T, *TEXAN_HAND)), side_with(mex), phase=ATTACK, active=M)
    for action in (*map(AddCard, mex), Confirm()):
        state = ALAMO.apply(state, M, action)
    assert state.phase == DEFEND
    return state


def test_defend_all_lays_every_card_the_limits_allow() -> None:
    state = build(attacked(("Coronel Juan Morales",)), T, "defend-all", DEFEND)
    # One Leader and one Standing Defence at most: Crockett, the troop and one wall.
    assert len(state.battle.defence) == 3 and state.battle.defence_total == 50 + 20 + 10


def test_never_defend_lays_nothing() -> None:
    state = build(attacked(("Santa Anna",)), T, "never-defend", DEFEND)
    assert state.battle.defence == () and state.battle.winner == M


def test_mexican_plans_attack_with_the_most_the_least_or_wait() -> None:
    mex = ids(M, "Coronel Romero", "Compañía Matamoros", "Compañía Matamoros", "Brecha")
    state = rigged(side_with(ids(T, "Hospital")), side_with(mex), phase=ATTACK, active=M)
    assert len(build(state, M, "attack-most", ATTACK).battle.attack) == 4
    assert build(state, M, "attack-least", ATTACK).battle.attack == mex[:1]
    assert PANEL["wait-biggest"](ALAMO.view(state, M), M, random.Random(0)) == Decline()
