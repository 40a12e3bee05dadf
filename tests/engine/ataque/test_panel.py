"""Ataque's panel plans do what their names promise (the generic test checks legality)."""

from __future__ import annotations

import random

from engine.ataque.actions import Attack, EndPhase, Place
from engine.ataque.data import CONTINENTS, TERRITORIES
from engine.ataque.panel import PANEL
from engine.ataque.rules import ATAQUE
from engine.ataque.state import PLACE

from .helpers import CONT, rigged, t


def move(name: str, state, seat: int = 0):
    return PANEL[name](ATAQUE.view(state, seat), seat, random.Random(0))


def test_attack_all_attacks_from_its_biggest_stack_even_at_poor_odds() -> None:
    # Argelia's 4 armies face 9 on every side; Brasil's 3 face single armies.
    nine = {n: 9 for n in ("Congo", "Egipto", "Francia", "Sudán")}
    state = rigged(
        {"Brasil": 0, "Argelia": 0}, armies={"Brasil": 3, "Argelia": 4} | nine, default_owner=1
    )
    action = move("attack-all", state)
    assert isinstance(action, Attack) and action.source == t("Argelia") and action.dice == 3


def test_territory_rush_takes_even_odds_and_stops_below() -> None:
    five = {n: 5 for n in ("Perú", "Venezuela", "Argelia")}
    state = rigged({"Brasil": 0}, armies={"Brasil": 4, "Argentina": 2} | five, default_owner=1)
    assert move("territory-rush", state) == Attack(t("Brasil"), t("Argentina"), 3)
    weak = rigged({"Brasil": 0}, armies={"Brasil": 3, "Argentina": 3} | five, default_owner=1)
    assert move("territory-rush", weak) == EndPhase()


def test_turtle_places_every_army_on_the_continent_it_holds_most_of() -> None:
    south = [TERRITORIES[x] for x in CONTINENTS[CONT["América del Sur"]].territories]
    owners = {n: 0 for n in south} | {"Alaska": 0, "Egipto": 0}
    state = rigged(owners, phase=PLACE, to_place=6, default_owner=1)
    placed = set()
    while state.phase == PLACE:
        action = move("turtle", state)
        assert isinstance(action, Place)
        placed.add(TERRITORIES[action.territory])
        state = ATAQUE.apply(state, 0, action)
    assert placed and placed <= set(south)
