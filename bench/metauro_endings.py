"""How Metauro and Zama battles end: general killed, standards taken, a side wiped out, two
passes in a row, or the turn limit (won on losses or drawn).

    python bench/metauro_endings.py metauro --bot expert --against expert
                                    --first-seed 700000 --games 200 [--workers W]

Game ``k`` uses seed ``first-seed + k``, with ``--bot`` as the Romans on even games and as
the Carthaginians on odd ones (as in ``bench/strength.py``). Prints one JSON line: how many
battles ended each way, the Roman wins, Carthaginian wins and draws of each way, the mean
turn at the end, and the first seeds of each way (to replay them).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.metauro.board import board_of, standards_held  # noqa: E402
from engine.metauro.data import GENERAL, MAX_TURNS  # noqa: E402
from engine.registry import GAMES  # noqa: E402

SCENARIOS = ("metauro", "zama")
RESULT = {(0,): "romans", (1,): "carthaginians", (): "draw"}


def ending(state) -> str:
    """The way a finished battle ended, read from its final position in the order the rules
    check it."""
    if any(u.kind == GENERAL for u in state.fallen):
        return "general"
    if {u.side for u in state.units} != {0, 1}:
        return "wiped-out"
    winner = state.winners[0] if state.winners else None
    standards = board_of(state).standards
    if winner == state.mover and len(standards_held(state, winner)) == len(standards[1 - winner]):
        return "standards"
    if state.passes >= 2:
        return "passes"
    if state.turn >= MAX_TURNS:
        return "turn-limit"
    return "other"


def play_one(task: tuple) -> dict:
    """One seeded battle between two bots of the given levels."""
    scenario, seed, me, bot, against = task
    game = GAMES["metauro"]
    bots = [game.bots[bot if s == me else against] for s in (0, 1)]
    rngs = [random.Random(seed * 31 + s) for s in (0, 1)]
    state = game.new({"scenario": scenario}, seed, 2)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, bots[seat](game.view(state, seat), seat, rngs[seat]))
    return {
        "seed": seed,
        "ending": ending(state),
        "result": RESULT[tuple(state.winners)],
        "turn": state.turn,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", choices=SCENARIOS)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--against", default="expert")
    parser.add_argument("--first-seed", type=int, default=700_000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    tasks = [
        (args.scenario, args.first_seed + k, k % 2, args.bot, args.against)
        for k in range(args.games)
    ]
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            results = list(pool.imap_unordered(play_one, tasks))
    else:
        results = [play_one(t) for t in tasks]
    endings: dict[str, dict] = {}
    for way in sorted({r["ending"] for r in results}):
        mine = [r for r in results if r["ending"] == way]
        endings[way] = {
            "battles": len(mine),
            **Counter(r["result"] for r in mine),
            "mean_turn": round(sum(r["turn"] for r in mine) / len(mine), 1),
            "seeds": sorted(r["seed"] for r in mine)[:5],
        }
    report = {
        "scenario": args.scenario,
        "bot": args.bot,
        "against": args.against,
        "first_seed": args.first_seed,
        "games": args.games,
        "results": Counter(r["result"] for r in results),
        "endings": endings,
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
