"""A bot's move depends on (view, seat, rng) and on nothing else.

Replays, undo, saved games and the benchmarks all assume that a bot asked the same thing twice
answers the same, whatever it was asked before: no hidden state may survive between calls (a
plan remembered from an earlier position, a cache keyed too loosely, a global random). Two
checks, for every registered game and every bot level, the bot's rng being
``random.Random(f"{seed}:{ply}:{seat}")``:

- two identical bot-only games played one after the other in one process give the same moves;
- in a fresh interpreter, every position of the bot's own game is asked twice: from the last
  to the first (so the very first question finds the bots' module cold, and no position is
  asked after the one that led to it), then in the order of play (each position right after
  the one before, as in a game, where a plan made earlier could be replayed). Both answers
  must agree.

Kept fast: small tables and at most ``MAX_PLIES`` moves a game; the searching ``expert`` bots,
a hundred times slower a move, play ``EXPERT_PLIES`` moves of one seed (enough to reach their
searches in every phase; the bench plays them whole) on ``EXPERT_BUDGET`` of their playouts:
an answer that depends on anything but its question does so at any budget.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import search
from engine.core import Bot, Game, Seat
from engine.registry import ENTRIES, GAMES, entry
from saves.convert import action_codec

ROOT = Path(__file__).resolve().parents[2]
MAX_PLIES = 150
EXPERT_PLIES = 60
EXPERT_BUDGET = 0.25
SEEDS = (3, 11)

Path_ = list[tuple[Seat, Any]]  # a game as (seat, move as a save file writes it)


def tables(game_id: str) -> list[int]:
    """The player counts to try: the smallest table, and the solo game if there is one."""
    e = entry(game_id)
    smallest = min(max(2, e.min_players), e.max_players)
    return [smallest] + ([1] if e.min_players == 1 else [])


CASES = [
    (e.id, players, level)
    for e in ENTRIES
    for players in tables(e.id)
    for level in GAMES[e.id].bots
]
IDS = [f"{game_id}-{players}p-{level}" for game_id, players, level in CASES]


def bot_rng(seed: int, ply: int, seat: Seat) -> random.Random:
    return random.Random(f"{seed}:{ply}:{seat}")


def plies_of(level: str) -> int:
    return EXPERT_PLIES if level == "expert" else MAX_PLIES


def budget_of(level: str) -> float:
    return EXPERT_BUDGET if level == "expert" else 1.0


def bot_game(
    game: Game, players: int, bot: Bot, seed: int, plies: int = MAX_PLIES
) -> list[tuple[Seat, Any]]:
    """Every seat played by ``bot``; the moves, at most ``plies`` of them."""
    state = game.new({}, seed, players)
    moves: list[tuple[Seat, Any]] = []
    while game.outcome(state) is None and len(moves) < plies:
        seat = game.to_move(state)[0]
        action = bot(game.view(state, seat), seat, bot_rng(seed, len(moves), seat))
        state = game.apply(state, seat, action)
        moves.append((seat, action))
    return moves


def as_path(game: Game, moves: list[tuple[Seat, Any]]) -> Path_:
    """The moves as a save file writes them, which plain JSON carries to a child process."""
    codec = action_codec(game)
    return [(seat, codec.unstructure(action)) for seat, action in moves]


def positions(game: Game, players: int, seed: int, path: Path_) -> list[tuple[Any, Seat, int]]:
    """Every position of the game as (state, seat to move, ply), rebuilt by the rules alone."""
    codec = action_codec(game)
    state = game.new({}, seed, players)
    out = []
    for ply, (seat, action) in enumerate(path):
        out.append((state, seat, ply))
        state = game.apply(state, seat, codec.structure(action))
    return out


def differences(game: Game, where: list[tuple[Any, Seat, int]], bot: Bot, seed: int) -> list[str]:
    """Ask ``bot`` each position from the last to the first, then again from the first to the
    last; describe every position whose two answers differ."""

    def ask(state: Any, seat: Seat, ply: int) -> Any:
        return bot(game.view(state, seat), seat, bot_rng(seed, ply, seat))

    backwards = [ask(*p) for p in reversed(where)][::-1]
    forwards = [ask(*p) for p in where]
    return [
        f"move {ply}: {a!r} when asked before the move that led to it, {b!r} after"
        for (_, _, ply), a, b in zip(where, backwards, forwards, strict=True)
        if a != b
    ]


def ask_twice(game_id: str, players: int, level: str, seed: int, path: Path_) -> dict[str, Any]:
    """``differences`` over a game of the bot. Meant for a fresh interpreter: the bots'
    module is imported only after the positions are rebuilt, by the first question."""
    game = GAMES[game_id]
    where = positions(game, players, seed, [tuple(p) for p in path])
    bot = game.bots[level]
    with search.scaled(budget_of(level)):
        return {"asked": len(where), "differ": differences(game, where, bot, seed)}


def parting(a: list[Any], b: list[Any]) -> int:
    """The first move at which two move lists differ."""
    pairs = enumerate(zip(a, b, strict=False))
    return next((i for i, (x, y) in pairs if x != y), min(len(a), len(b)))


@pytest.mark.parametrize(("game_id", "players", "level"), CASES, ids=IDS)
def test_identical_bot_games_play_identically(game_id: str, players: int, level: str) -> None:
    game = GAMES[game_id]
    plies = plies_of(level)
    for seed in SEEDS[:1] if level == "expert" else SEEDS:
        with search.scaled(budget_of(level)):
            once = bot_game(game, players, game.bots[level], seed, plies)
            twice = bot_game(game, players, game.bots[level], seed, plies)
        assert once, "the bot made no move"
        assert twice == once, f"seed {seed}: the games part at move {parting(once, twice)}"


@pytest.mark.parametrize(("game_id", "players", "level"), CASES, ids=IDS)
def test_a_bot_answers_the_same_cold_or_warm(game_id: str, players: int, level: str) -> None:
    game, seed = GAMES[game_id], SEEDS[0]
    with search.scaled(budget_of(level)):
        moves = bot_game(game, players, game.bots[level], seed, plies_of(level))
    path = as_path(game, moves)
    code = (
        "import json, sys\n"
        "from tests.engine.test_bot_purity import ask_twice\n"
        "print(json.dumps(ask_twice(*json.loads(sys.stdin.read()))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps([game_id, players, level, seed, path]),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["asked"] >= 2
    assert result["differ"] == []


def test_the_checks_catch_a_bot_with_a_memory() -> None:
    """A bot whose answer depends on how often it was asked fails both checks, while the
    honest bot it wraps passes them."""
    game = GAMES["gallic"]
    honest = game.bots["easy"]
    asked: list[int] = []

    def remembers(view: Any, seat: Seat, rng: random.Random) -> Any:
        asked.append(1)
        return honest(view, seat, random.Random(len(asked)))

    once, twice = bot_game(game, 2, remembers, SEEDS[0]), bot_game(game, 2, remembers, SEEDS[0])
    assert once != twice
    where = positions(game, 2, SEEDS[0], as_path(game, bot_game(game, 2, honest, SEEDS[0])))
    assert len(where) > 2
    assert differences(game, where, remembers, SEEDS[0]) != []
    assert differences(game, where, honest, SEEDS[0]) == []
