"""Ataque bots: whole-turn latency against baselines from the same run, and strength.

Budget: a bot's whole turn (every step from its first placement to its EndPhase, each step
being ``view`` + the bot's decision, as a bot worker runs it) p95 <= 300 ms. The baselines,
timed on the same turns, are the engine's own ``apply`` calls for those steps and the ``teg``
bot, so the ratios do not depend on how fast this machine is.

Strength: 4-player games, 1 ``strong`` against 3 ``teg``, over ``GAMES`` seeds with the strong
seat rotated (seed % 4); a fair share is 25%, the target 50%. The table counts wins by seat,
draws (the round limit reached) and the rounds played. ``easy`` is timed and measured in a
smaller series (1 easy against 3 teg).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ataque.rules import ATAQUE  # noqa: E402

GAMES = int(os.environ.get("ATAQUE_GAMES", 240))
EASY_GAMES = int(os.environ.get("ATAQUE_EASY_GAMES", 40))
FIRST_SEED = int(os.environ.get("ATAQUE_FIRST_SEED", 0))  # other seed ranges for the README
BUDGET_MS = 300.0


def play(seed: int, names: list[str], timings: dict[str, list[float]]) -> tuple[object, int]:
    """One game; appends every whole turn's bot time (and its apply time) to ``timings``."""
    state = ATAQUE.new({}, seed, len(names))
    rngs = [random.Random(seed * 31 + i) for i in range(len(names))]
    turn_bot = turn_apply = 0.0
    while ATAQUE.outcome(state) is None:
        (seat,) = ATAQUE.to_move(state)
        turn = state.turn
        start = time.perf_counter()
        action = ATAQUE.bots[names[seat]](ATAQUE.view(state, seat), seat, rngs[seat])
        mid = time.perf_counter()
        state = ATAQUE.apply(state, seat, action)
        end = time.perf_counter()
        turn_bot += mid - start
        turn_apply += end - mid
        if state.turn != turn or ATAQUE.outcome(state) is not None:
            timings[names[seat]].append(turn_bot)
            timings["engine_apply"].append(turn_apply)
            turn_bot = turn_apply = 0.0
    return ATAQUE.outcome(state), state.round


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "turns": len(ordered),
        "p50_ms": round(statistics.median(ordered) * 1e3, 2),
        "p95_ms": round(p95 * 1e3, 2),
        "max_ms": round(ordered[-1] * 1e3, 2),
    }


def series(bot: str, games: int, timings: dict[str, list[float]]) -> dict[str, object]:
    by_seat = [[0, 0] for _ in range(4)]  # [games, wins] with the bot in that seat
    wins = draws = rounds = teg_wins = 0
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        me = seed % 4
        names = ["teg"] * 4
        names[me] = bot
        outcome, played = play(seed, names, timings)
        rounds += played
        by_seat[me][0] += 1
        if not outcome.winners:
            draws += 1
        elif outcome.winners == (me,):
            wins += 1
            by_seat[me][1] += 1
        else:
            teg_wins += 1
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 3),
        "teg_wins": teg_wins,
        "draws_round_limit": draws,
        "win_rate_by_seat": [round(w / g, 3) if g else None for g, w in by_seat],
        "avg_rounds": round(rounds / games, 1),
    }


def main() -> None:
    start = time.perf_counter()
    timings: dict[str, list[float]] = {"strong": [], "teg": [], "easy": [], "engine_apply": []}
    strength = series("strong", GAMES, timings)
    strength.update({"fair_share": 0.25, "target": 0.5})
    strength["meets_target"] = strength["win_rate"] >= 0.5
    easy = series("easy", EASY_GAMES, timings)
    latency: dict[str, object] = {name: percentiles(s) for name, s in timings.items() if s}
    p95 = {name: latency[name]["p95_ms"] for name in ("strong", "teg", "easy")}
    latency["ratio_p95_strong_vs_teg"] = round(p95["strong"] / p95["teg"], 2)
    latency["ratio_p50_strong_vs_engine_apply"] = round(
        latency["strong"]["p50_ms"] / max(1e-6, latency["engine_apply"]["p50_ms"]), 2
    )
    latency["budget_p95_ms"] = BUDGET_MS
    latency["within_budget"] = all(v <= BUDGET_MS for v in p95.values())
    report = {
        "turn_latency": latency,
        "strong_vs_3_teg": strength,
        "easy_vs_3_teg": easy,
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
