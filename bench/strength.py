"""Seeded bot-against-bot matches for every game: win rate with its 95% interval, and timing.

    python bench/strength.py GAME --bot LEVEL --against LEVEL [--players N]
                             --first-seed N --games M [--workers W] [--bot-budget X]

GAME is a game id, or ``zama`` (Metauro's Zama board) or ``alamo-solitaire``. Game ``k`` of a
match uses seed ``first-seed + k`` and puts the measured bot in seat ``k % players``, so sides
and seats rotate; every other seat plays ``--against``. ``--bot oracle`` plays the game's
oracle (``engine.<game>.expert.oracle``), which is handed the real state, hidden cards, deck
order and RNG included: the ceiling no fair bot can pass; ``--bot oracle-secrets`` (Ataque)
knows every secret but the dice. ``--bot-budget 2`` doubles the measured bot's search budget.
``--bot panel:NAME`` or ``--against panel:NAME`` plays one of the game's panel plans
(``engine.<game>.panel.PANEL``): the simple plans newcomers and stubborn players use, such as
"defend with every card"; ``--against panel`` lists them and ``--against 'panel:*'`` plays
the measured bot against each plan in turn, one JSON line each, then a line naming the worst
case per side (the plan against which the measured bot wins least).
Games run on ``--workers`` processes (default: every core).

It prints one JSON line: games, wins, draws, losses, win_rate, ci95 (Wilson), fair_share, the
same per seat (``by_seat``), and decision time p50/p95 in ms for the measured bot and its
opponents with their ratio (``turn_*`` groups consecutive decisions of one seat: a whole
Ataque turn). With no arguments it runs the README's strength table with small counts (what
``make bench`` runs); the README gives the commands for the full counts.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import search  # noqa: E402
from engine.registry import GAMES  # noqa: E402

VARIANTS = {  # name -> (game id, config, players)
    "gallic": ("gallic", {}, 2),
    "alamo": ("alamo", {}, 2),
    "alamo-solitaire": ("alamo", {}, 1),
    "mates": ("mates", {}, 2),
    "ataque": ("ataque", {}, 4),
    "metauro": ("metauro", {"scenario": "metauro"}, 2),
    "zama": ("metauro", {"scenario": "zama"}, 2),
}

# `make bench`: every row of the README's strength tables, with small counts.
SUITE = [
    ("gallic", "strong", "easy", None, 40),
    ("alamo", "strong", "easy", None, 40),
    ("alamo", "strong", "panel:defend-all", None, 40),
    ("alamo", "strong", "panel:wait-biggest", None, 40),
    ("alamo-solitaire", "strong", None, None, 100),
    ("mates", "strong", "easy", 2, 40),
    ("metauro", "strong", "easy", None, 40),
    ("zama", "strong", "easy", None, 40),
    ("metauro", "strong", "panel:hold-line", None, 40),  # strong's worst panel case, both
    ("zama", "strong", "panel:hold-line", None, 40),
    ("ataque", "strong", "teg", 4, 40),
    ("gallic", "strong", "panel:exchange-all", None, 40),
    ("mates", "strong", "panel:highest-elo", 2, 40),
    ("ataque", "strong", "panel:attack-all", 4, 40),
    ("ataque", "strong", "panel:territory-rush", 4, 40),
    ("gallic", "expert", "strong", None, 40),
    ("alamo", "expert", "strong", None, 40),
    ("alamo-solitaire", "expert", None, None, 100),
    ("mates", "expert", "strong", 2, 40),
    ("metauro", "expert", "strong", None, 40),
    ("zama", "expert", "strong", None, 40),
    ("ataque", "expert", "teg", 4, 40),
    ("ataque", "expert", "strong", 4, 40),
]
SUITE_FIRST_SEED = 50_000  # away from the seeds the bots were tuned on


def wilson(wins: int, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def load_bot(game_id: str, level: str):
    """A level of the game's bots, ``oracle``/``oracle-secrets``, or ``panel:NAME``."""
    if level.startswith("panel:"):
        return panel_plans(game_id)[level.removeprefix("panel:")]
    if level.startswith("oracle"):
        return getattr(importlib.import_module(f"engine.{game_id}.expert"), level.replace("-", "_"))
    return GAMES[game_id].bots[level]


def panel_plans(game_id: str) -> dict:
    """The game's panel of simple human plans, by name."""
    return dict(importlib.import_module(f"engine.{game_id}.panel").PANEL)


def play_one(task: tuple) -> dict:
    """One seeded game; the measured seat's times and the others' are kept apart."""
    variant, seed, me, players, bot, against, bot_budget, options = task
    game_id, config, _ = VARIANTS[variant]
    game = GAMES[game_id]
    config = {**config, **options}
    levels = [bot if s == me else against for s in range(players)]
    bots = [load_bot(game_id, level) for level in levels]
    rngs = [random.Random(seed * 31 + s) for s in range(players)]
    state = game.new(config, seed, players)
    times: dict[str, list[float]] = {"bot": [], "against": []}
    turns: dict[str, list[float]] = {"bot": [], "against": []}
    turn_seat, turn_time = None, 0.0
    decisions = 0
    while game.outcome(state) is None:
        for seat in game.to_move(state):
            side = "bot" if seat == me else "against"
            shown = state if levels[seat].startswith("oracle") else game.view(state, seat)
            start = time.perf_counter()
            with search.scaled(bot_budget if seat == me else 1.0):
                action = bots[seat](shown, seat, rngs[seat])
            spent = time.perf_counter() - start
            times[side].append(spent)
            if seat != turn_seat and turn_seat is not None:
                turns["bot" if turn_seat == me else "against"].append(turn_time)
                turn_time = 0.0
            turn_seat, turn_time = seat, turn_time + spent
            state = game.apply(state, seat, action)
            decisions += 1
            if game.outcome(state) is not None:
                break
    if turn_seat is not None:
        turns["bot" if turn_seat == me else "against"].append(turn_time)
    return {
        "seed": seed,
        "me": me,
        "winners": list(game.outcome(state).winners),
        "draw": game.outcome(state).is_draw,
        "times": times,
        "turns": turns,
        "decisions": decisions,
    }


def percentile(samples: list[float], q: float) -> float | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1e3, 2)


def match(
    variant: str,
    bot: str,
    against: str | None,
    players: int | None,
    first_seed: int,
    games: int,
    workers: int,
    bot_budget: float = 1.0,
    options: dict | None = None,
) -> dict:
    game_id, _, default_players = VARIANTS[variant]
    players = players or default_players
    labels = GAMES[game_id].seat_labels(players)
    against = against or bot
    tasks = [
        (variant, first_seed + k, k % players, players, bot, against, bot_budget, options or {})
        for k in range(games)
    ]
    start = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = list(pool.imap_unordered(play_one, tasks))
    else:
        results = [play_one(t) for t in tasks]
    wins = sum(r["winners"] == [r["me"]] for r in results)
    shared = sum(len(r["winners"]) > 1 and r["me"] in r["winners"] for r in results)
    draws = sum(r["draw"] for r in results)
    by_seat = {}
    for seat, label in enumerate(labels):
        mine = [r for r in results if r["me"] == seat]
        won = sum(r["winners"] == [seat] for r in mine)
        by_seat[label] = {
            "games": len(mine),
            "wins": won,
            "win_rate": round(won / len(mine), 3) if mine else None,
            "ci95": wilson(won, len(mine)),
        }
    timing: dict[str, dict] = {}
    for side in ("bot", "against"):
        samples = [t for r in results for t in r["times"][side]]
        turn_samples = [t for r in results for t in r["turns"][side]]
        timing[side] = {
            "decision_p50_ms": percentile(samples, 0.5),
            "decision_p95_ms": percentile(samples, 0.95),
            "turn_p95_ms": percentile(turn_samples, 0.95),
        }
    report = {
        "game": variant,
        "bot": bot,
        "against": against if players > 1 else None,
        "players": players,
        "first_seed": first_seed,
        "games": games,
        "wins": wins,
        "draws": draws,
        "shared_wins": shared,
        "losses": games - wins - draws - shared,
        "win_rate": round(wins / games, 3),
        "ci95": wilson(wins, games),
        "fair_share": round(1 / players, 3),
        "by_seat": by_seat,
        "decision_p95_ms": timing["bot"]["decision_p95_ms"],
        "turn_p95_ms": timing["bot"]["turn_p95_ms"],
        "timing": timing,
        "bot_budget": bot_budget,
        "decisions": sum(r["decisions"] for r in results),
        "workers": workers,
        "seconds": round(time.perf_counter() - start, 1),
    }
    bot_p95, other_p95 = timing["bot"]["decision_p95_ms"], timing["against"]["decision_p95_ms"]
    if players > 1 and bot_p95 and other_p95:
        report["decision_p95_ratio"] = round(bot_p95 / other_p95, 1)
    return report


def option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=sorted(VARIANTS))
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--against", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bot-budget", type=float, default=1.0)
    parser.add_argument("--option", type=option, action="append", default=[])
    args = parser.parse_args(argv)
    if args.game and "panel" in (args.bot, args.against):
        print(json.dumps(sorted(panel_plans(VARIANTS[args.game][0]))))
        return
    if args.game and args.against == "panel:*":
        worst_case(args)
        return
    if args.game is None:
        report = {
            f"{variant} {bot} vs {against or 'alone'}"
            + (f" ({players}p)" if players else ""): match(
                variant, bot, against, players, SUITE_FIRST_SEED, games, args.workers
            )
            for variant, bot, against, players, games in SUITE
        }
        print(json.dumps(report, ensure_ascii=False))
        return
    report = match(
        args.game,
        args.bot,
        args.against,
        args.players,
        args.first_seed,
        args.games,
        args.workers,
        args.bot_budget,
        dict(args.option),
    )
    print(json.dumps(report, ensure_ascii=False))


def worst_case(args: argparse.Namespace) -> None:
    """The measured bot against every panel plan; the lowest win rate per side, plan named."""
    worst: dict[str, dict] = {}
    for name in sorted(panel_plans(VARIANTS[args.game][0])):
        report = match(
            args.game, args.bot, f"panel:{name}", args.players, args.first_seed, args.games,
            args.workers, args.bot_budget, dict(args.option),
        )  # fmt: skip
        print(json.dumps(report, ensure_ascii=False), flush=True)
        for side, row in report["by_seat"].items():
            if side not in worst or row["win_rate"] < worst[side]["win_rate"]:
                worst[side] = {**row, "against": f"panel:{name}"}
    print(json.dumps({"game": args.game, "bot": args.bot, "worst_case": worst}, ensure_ascii=False))


if __name__ == "__main__":
    main()
