"""How long the review of a whole game takes, per game (issue 29: at most 30 s on one core).

Each row is one seeded game played to its end by ``strong`` bots, seat 0 standing for the
human; then ``engine.review.review`` judges seat 0's choices, timed. The row says how many
decisions were judged, the budget scale the review chose for them, and the seconds it took;
``review_cpu_s`` is the CPU time it took (the wall time ``review_s`` grows with whatever
else the machine runs); ``per_judgement_cpu_s`` what one judgement cost at that scale, the
figure ``engine.review.FULL_JUDGEMENTS`` is set from; ``expert_s`` one expert decision at the
full budget on those views. A game whose
coach is not written yet reports ``"review_s": null`` and its expert time only.

    nice -n 5 .venv/bin/python bench/review.py [--games gallic,ataque] [--seed 700001]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import review, search  # noqa: E402
from engine.registry import GAMES  # noqa: E402

# The longest game of each kind: Ataque with 4 players, Metauro's full scenario.
ROWS = {
    "gallic": ("gallic", {}, 2),
    "alamo": ("alamo", {}, 2),
    "mates": ("mates", {}, 2),
    "ataque": ("ataque", {}, 4),
    "metauro": ("metauro", {"scenario": "metauro"}, 2),
}
SAMPLE = 8  # expert decisions timed per game


def play(game_id: str, config: dict, players: int, seed: int) -> tuple[list, object]:
    """A seeded game of ``strong`` bots: its action log and its game."""
    game = GAMES[game_id]
    bot = game.bots["strong"]
    rngs = [random.Random(seed * 31 + s) for s in range(players)]
    state = game.new(config, seed, players)
    actions = []
    while game.outcome(state) is None:
        for seat in game.to_move(state):
            action = bot(game.view(state, seat), seat, rngs[seat])
            actions.append((seat, action))
            state = game.apply(state, seat, action)
            if game.outcome(state) is not None:
                break
    return actions, game


def expert_seconds(game, config, players, seed, actions, chosen) -> float:
    """The mean time of one full-budget expert decision over a sample of the judged ones."""
    expert = game.bots["expert"]
    state = game.new(config, seed, players)
    states = [state]
    for seat, action in actions:
        state = game.apply(state, seat, action)
        states.append(state)
    sample = chosen[:: max(1, len(chosen) // SAMPLE)][:SAMPLE]
    start = time.perf_counter()
    for i in sample:
        seat = actions[i][0]
        expert(game.view(states[i], seat), seat, random.Random(i))
    return (time.perf_counter() - start) / max(1, len(sample))


def row(name: str, seed: int) -> dict:
    game_id, config, players = ROWS[name]
    actions, game = play(game_id, config, players, seed)
    full = {**{o.key: o.default for o in game.options}, **config}
    states = [game.new(full, seed, players)]
    for seat, action in actions:
        states.append(game.apply(states[-1], seat, action))
    chosen = review.decisions(game, states, actions, {0})
    out = {
        "game": name,
        "seed": seed,
        "actions": len(actions),
        "decisions": len(chosen),
        "scale": round(review.scale_for(game_id, len(chosen)), 3),
        "expert_s": round(expert_seconds(game, full, players, seed, actions, chosen), 3),
        "review_s": None,
    }
    if importlib.util.find_spec(f"engine.{game_id}.coach") is None:
        return out
    start, cpu = time.perf_counter(), time.process_time()
    done = review.review(game, seed, full, players, actions, [0])
    out["review_s"] = round(time.perf_counter() - start, 2)
    out["review_cpu_s"] = round(time.process_time() - cpu, 2)  # the machine is shared
    out["per_judgement_cpu_s"] = round(out["review_cpu_s"] / max(1, len(chosen)), 3)
    same, total = done.agreed(0)
    out["expert_agreed"] = f"{same}/{total}"
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(ROWS))
    parser.add_argument("--seed", type=int, default=700001)
    args = parser.parse_args()
    rows = []
    with search.scaled(1.0):
        for name in args.games.split(","):
            rows.append(row(name, args.seed))
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    slowest = max((r["review_s"] for r in rows if r["review_s"] is not None), default=None)
    print(json.dumps({"rows": rows, "limit_s": review.SECONDS, "slowest_s": slowest}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
