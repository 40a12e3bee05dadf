"""The pure helpers the screen reads: progress, reinforcements, tables, odds, blitz."""

from __future__ import annotations

import attrs
import pytest

from engine.ataque.actions import Attack, Place
from engine.ataque.data import CONTINENTS, TERRITORIES
from engine.ataque.rules import (
    ATAQUE,
    attack_chance,
    blitz_step,
    continent_summary,
    objective_progress,
    player_summaries,
    reinforcement_total,
    territory_rows,
    turn_order,
)
from engine.ataque.state import PLACE
from engine.core import IllegalAction

from .helpers import CONT, rigged, t
from .test_rules import ASIA_SUR, DESTROY_RED, DESTROY_WHITE, EUROPA_SUR_ONE, OCCUPY_18, _names


def names_of(continent: str, n: int) -> list[str]:
    return [TERRITORIES[x] for x in CONTINENTS[CONT[continent]].territories][:n]


def test_objective_progress_lines() -> None:
    owners = {name: 0 for name in names_of("Asia", 9) + names_of("América del Sur", 4)}
    state = rigged(owners, objectives=(ASIA_SUR, 6, 6))
    assert objective_progress(state, 0) == "Asia 9/12, América del Sur 4/4"
    owners = {name: 0 for name in names_of("Europa", 5) + names_of("Oceanía", 3)}
    state = rigged(owners, objectives=(EUROPA_SUR_ONE, 6, 6))
    assert objective_progress(state, 0) == (
        "Europa 5/7, América del Sur 0/4, one more (best Oceanía 3/4)"
    )
    state = rigged({"Alaska": 0, "Brasil": 2}, default_owner=1, objectives=(DESTROY_RED, 6, 6))
    assert objective_progress(state, 0) == "Red: 1 territory, 1 army left"
    state = rigged({name: 0 for name in _names(15)}, objectives=(DESTROY_WHITE, 6, 6))
    assert objective_progress(state, 0) == "White is your own: territories 15/24"
    owners = {name: 0 for name in _names(20)}
    state = rigged(owners, objectives=(OCCUPY_18, 6, 6), armies={n: 2 for n in _names(10)})
    assert objective_progress(state, 0) == "territories with 2+ armies 10/18 (20 held)"
    view = ATAQUE.view(state, 1)
    assert objective_progress(view, 0) == "Secret"


def test_destroyed_by_another_player_is_explained() -> None:
    state = rigged({name: 0 for name in _names(12)}, objectives=(DESTROY_RED, 6, 6))
    gone = attrs.evolve(state.players[2], alive=False, eliminated_by=1)
    state = attrs.evolve(state, players=state.players[:2] + (gone,))
    assert objective_progress(state, 0) == (
        "Red was destroyed by another player: territories 12/24"
    )


def test_reinforcements_continents_and_tables() -> None:
    owners = {name: 0 for name in names_of("Oceanía", 4) + names_of("Europa", 4)}
    state = rigged(owners)
    assert reinforcement_total(state, 0) == 8 // 2 + 2
    summary = continent_summary(state)
    oceania = summary[CONT["Oceanía"]]
    assert (oceania.name, oceania.bonus, oceania.size, oceania.holder) == ("Oceanía", 2, 4, 0)
    assert summary[CONT["Europa"]].counts == (4, 0, 3)
    rows = territory_rows(state)
    assert len(rows) == 42
    row = rows[t("Sumatra")]
    assert (row.name, row.continent, row.owner, row.armies) == ("Sumatra", "Oceanía", 0, 1)
    assert row.enemy_neighbours == (t("India"),)
    players = player_summaries(state)
    assert players[0].territories == 8 and players[0].continents == (CONT["Oceanía"],)
    assert players[2].territories == 34 and players[1].territories == 0
    assert turn_order(state) == (0, 1, 2)


def test_reinforcement_total_counts_territories_and_bonuses() -> None:
    owners = {name: 0 for name in names_of("Oceanía", 4) + names_of("Europa", 6)}
    state = rigged(owners)
    assert reinforcement_total(state, 0) == 10 // 2 + 2


def test_blitz_and_the_win_chance() -> None:
    state = rigged({"Argelia": 0, "Brasil": 1}, armies={"Argelia": 6, "Brasil": 2})
    assert blitz_step(state, t("Argelia"), t("Brasil")) == Attack(t("Argelia"), t("Brasil"), 3)
    assert blitz_step(state, t("Argelia"), t("Brasil"), stop_at=6) is None
    assert blitz_step(state, t("Argelia"), t("Perú")) is None
    assert blitz_step(state, t("Brasil"), t("Argelia")) is None
    assert 0.8 < attack_chance(state, t("Argelia"), t("Brasil")) < 1.0
    # Fewer dice by choice, and a higher "down to N", both lower the chance.
    assert blitz_step(state, t("Argelia"), t("Brasil"), max_dice=1) == Attack(
        t("Argelia"), t("Brasil"), 1
    )
    assert attack_chance(state, t("Argelia"), t("Brasil"), max_dice=1) < attack_chance(
        state, t("Argelia"), t("Brasil")
    )
    assert attack_chance(state, t("Argelia"), t("Brasil"), stop_at=4) < attack_chance(
        state, t("Argelia"), t("Brasil")
    )
    # Blitz to the end: every throw is a logged Attack, until taken or down to 1.
    steps = 0
    while (step := blitz_step(state, t("Argelia"), t("Brasil"))) is not None:
        state = ATAQUE.apply(state, 0, step)
        steps += 1
        if state.phase != "attack":
            break
    assert steps >= 1
    assert state.owner[t("Brasil")] == 0 or state.armies[t("Argelia")] == 1


def test_place_menu_offers_one_five_and_all() -> None:
    state = rigged({"Alaska": 0, "Brasil": 0}, phase=PLACE, to_place=7)
    assert ATAQUE.legal_actions(state, 0) == (
        Place(t("Alaska"), 1),
        Place(t("Alaska"), 5),
        Place(t("Alaska"), 7),
        Place(t("Brasil"), 1),
        Place(t("Brasil"), 5),
        Place(t("Brasil"), 7),
    )
    state = ATAQUE.apply(state, 0, Place(t("Alaska"), 4))  # any count in range is accepted
    assert state.to_place == 3
    with pytest.raises(IllegalAction, match="not yours"):
        ATAQUE.apply(state, 0, Place(t("Perú"), 1))
