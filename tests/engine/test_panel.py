"""The panel of simple human plans the bench measures every level against (issue: honest strength).

Each game's ``engine/<game>/panel.py`` holds plans a newcomer or a stubborn player uses
("defend with every card", "attack whenever allowed"). The bench trusts them to be players:
every plan plays legal moves to the end of a game against ``strong``, answers the same question
the same way, and is handed only its seat's view (as the bench does), so it cannot peek.
"""

from __future__ import annotations

import importlib
import random

import pytest

from engine.registry import ENTRIES, GAMES

MAX_PLIES = 3000
PANELS = {e.id: importlib.import_module(f"engine.{e.id}.panel").PANEL for e in ENTRIES}
CASES = [(game_id, name) for game_id, panel in PANELS.items() for name in sorted(panel)]


def scenarios(game_id: str) -> list[dict]:
    return [{"scenario": "metauro"}, {"scenario": "zama"}] if game_id == "metauro" else [{}]


def play(game_id: str, name: str, config: dict, seed: int, plan_seat: int) -> list:
    """A whole game of the plan against ``strong``; the plan's moves, in order."""
    game = GAMES[game_id]
    players = max(2, game.min_players) if game_id != "ataque" else 3
    state = game.new(config, seed, players)
    plan, strong = PANELS[game_id][name], game.bots["strong"]
    moves = []
    for ply in range(MAX_PLIES):
        if game.outcome(state) is not None:
            return moves
        seat = game.to_move(state)[0]
        rng = random.Random(f"{seed}:{ply}:{seat}")
        bot = plan if seat == plan_seat else strong
        action = bot(game.view(state, seat), seat, rng)
        if seat == plan_seat:
            moves.append(action)
        state = game.apply(state, seat, action)  # raises on an illegal move
    raise AssertionError(f"{game_id} {name}: no end after {MAX_PLIES} moves")


def test_every_game_has_a_panel_of_at_least_two_plans():
    for game_id, panel in PANELS.items():
        assert len(panel) >= 2, game_id
        for name in panel:
            assert name.replace("-", "").isalnum() and name == name.lower(), name


@pytest.mark.parametrize(("game_id", "name"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_plan_plays_legal_moves_to_the_end_and_the_same_way_twice(game_id, name):
    for config in scenarios(game_id):
        for plan_seat in (0, 1):
            first = play(game_id, name, config, 7 + plan_seat, plan_seat)
            assert first, f"{name} never moved"
            assert play(game_id, name, config, 7 + plan_seat, plan_seat) == first
