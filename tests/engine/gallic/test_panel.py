"""The Gallic panel's plans do what their names promise, from their seat's view."""

from __future__ import annotations

import random

from engine.gallic.actions import Discard
from engine.gallic.data import ROME
from engine.gallic.panel import PANEL
from engine.gallic.rules import GALLIC

from .helpers import rigged

# Legioni R10, Centurioni R9, Soldati R8 and Alleati R7 (two Resources count), Macchine T10,
# Conquista M10, Generali S4 (the only Strategy, it counts), Territorio Ostile P-2.
HAND = (2, 3, 4, 5, 10, 26, 24, 34)
OTHER = (0, 1, 11, 12, 18, 19, 27, 35)


def exchange(name: str) -> tuple[int, ...]:
    view = GALLIC.view(rigged(HAND, OTHER), ROME)
    action = PANEL[name](view, ROME, random.Random(0))
    assert action in GALLIC.legal_actions(rigged(HAND, OTHER), ROME)
    return action.cards


def test_each_plan_exchanges_as_its_player_would() -> None:
    assert exchange("never-exchange") == ()
    # Four cards, those that cost least: the idle Resources, the penalty, then Generali.
    assert exchange("exchange-all") == (4, 5, 24, 34)
    # Only what does not count now: the penalty and the idle Resources, never Generali.
    assert exchange("biggest-score") == (4, 5, 34)
    # Every card below 7 goes (Generali and the penalty); Alleati Celti (7) stays.
    assert exchange("keep-high") == (24, 34)


def test_a_plan_never_exchanges_more_than_four() -> None:
    low = (34, 35, 9, 17, 25, 33, 8, 16)  # both penalties, threes and fours
    view = GALLIC.view(rigged(low, OTHER), ROME)
    for name, plan in PANEL.items():
        action = plan(view, ROME, random.Random(0))
        assert isinstance(action, Discard) and len(action.cards) <= 4, name
