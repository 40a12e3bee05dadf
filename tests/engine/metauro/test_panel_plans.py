"""Metauro's panel plans (``engine.metauro.panel``) in positions where their idea matters; the
generic test (tests/engine/test_panel.py) plays them to the end against ``strong``."""

from __future__ import annotations

import random

from engine.metauro.actions import Move, NoAdvance, Pass
from engine.metauro.data import CAVALRY, GENERAL, INFANTRY
from engine.metauro.panel import PANEL
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, Clash

from .helpers import C, R, rigged

# Turn 32 of a battle: the Roman cavalryman shares j2 with an infantryman who has moved;
# strong's plan rides the cavalry off and steps more infantry into j2.
CROWDED = (
    (R, GENERAL, "b5"),
    (R, CAVALRY, "j2"),
    (R, INFANTRY, "i3"),
    (R, INFANTRY, "i3"),
    (R, INFANTRY, "i4"),
    (R, INFANTRY, "i4"),
    (R, INFANTRY, "i4"),
    (R, INFANTRY, "j2"),
    (R, INFANTRY, "i2"),
    (C, GENERAL, "k3"),
    (C, "elephant", "l7"),
    (C, INFANTRY, "f9"),
    (C, INFANTRY, "k6"),
    (C, INFANTRY, "k6"),
    (C, INFANTRY, "k4"),
)


def ask(name: str, state, seat=R):
    return PANEL[name](METAURO.view(state, seat), seat, random.Random(0))


def test_cavalry_raid_never_plays_a_step_strong_planned_after_a_rider_it_keeps() -> None:
    state = rigged(*CROWDED, turn=32, moved=frozenset({7}))
    action = ask("cavalry-raid", state)
    assert action in METAURO.legal_actions(state, R)


def test_hold_line_never_moves_and_never_advances_out_of_line() -> None:
    state = rigged(*CROWDED, turn=32)
    assert ask("hold-line", state) == Pass()
    clash = Clash(chooser=R, advancer=2, vacated="j3")
    assert ask("hold-line", rigged(*CROWDED, phase=ADVANCE, clash=clash)) == NoAdvance()


def test_rush_general_marches_at_the_enemy_general_and_charge_all_at_his_edge() -> None:
    state = rigged(*CROWDED, turn=32)
    rush = ask("rush-general", state)
    assert isinstance(rush, Move) and rush.frm != "b5"  # the general stays behind
    charge = ask("charge-all", state)
    assert isinstance(charge, Move) and charge.to[0] > charge.frm[0]  # eastwards
