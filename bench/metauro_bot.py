"""Metauro bots: decision latency against baselines from the same run, and the win rate.

Budget: strong decision p95 <= 500 ms. Latency is timed on the same real mid-battle views
(every phase, both boards) for the strong bot with its caches cleared before every call
(each move decision plans from the position it is asked about), the easy bot and a bare
``legal_actions`` call; the ratios do not depend on how fast this machine is. Then strong vs
easy over seeded games, sides alternated and both boards; strong must win at least 70%.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.metauro import ai  # noqa: E402
from engine.metauro.rules import METAURO  # noqa: E402

DECISIONS = 400
GAMES = 320
SCENARIOS = ("metauro", "zama")
BUDGET_MS = 500
TARGET_WIN_RATE = 0.7


def decision_points(count: int) -> list:
    """Real states (both boards, every phase) reached by easy-vs-easy play."""
    easy = METAURO.bots["easy"]
    points = []
    seed = 0
    while len(points) < count:
        state = METAURO.new({"scenario": SCENARIOS[seed % 2]}, seed, 2)
        rnd = random.Random(seed)
        step = 0
        while METAURO.outcome(state) is None and len(points) < count:
            (seat,) = METAURO.to_move(state)
            if step % 3 == 0:
                points.append((state, seat))
            state = METAURO.apply(state, seat, easy(METAURO.view(state, seat), seat, rnd))
            step += 1
        seed += 1
    return points


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "p50_ms": round(statistics.median(ordered) * 1e3, 3),
        "p95_ms": round(p95 * 1e3, 3),
        "max_ms": round(ordered[-1] * 1e3, 3),
    }


def latency() -> dict[str, object]:
    points = decision_points(DECISIONS)
    timings: dict[str, list[float]] = {"strong": [], "easy": [], "legal_actions": []}
    for i, (state, seat) in enumerate(points):
        view = METAURO.view(state, seat)
        for name in ("strong", "easy"):
            bot = METAURO.bots[name]
            rnd = random.Random(i)
            ai.clear_caches()
            start = time.perf_counter()
            bot(view, seat, rnd)
            timings[name].append(time.perf_counter() - start)
        start = time.perf_counter()
        METAURO.legal_actions(state, seat)
        timings["legal_actions"].append(time.perf_counter() - start)
    report: dict[str, object] = {"decisions": len(points)}
    for name, samples in timings.items():
        report[name] = percentiles(samples)
    strong_p50 = statistics.median(timings["strong"])
    report["ratio_p50_strong_vs_easy"] = round(strong_p50 / statistics.median(timings["easy"]), 1)
    report["ratio_p50_strong_vs_legal_actions"] = round(
        strong_p50 / statistics.median(timings["legal_actions"]), 1
    )
    report["budget_p95_ms"] = BUDGET_MS
    report["within_budget"] = report["strong"]["p95_ms"] <= BUDGET_MS
    return report


def play(seed: int, bots, scenario: str) -> tuple[tuple[int, ...], int]:
    state = METAURO.new({"scenario": scenario}, seed, 2)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    while METAURO.outcome(state) is None:
        (seat,) = METAURO.to_move(state)
        state = METAURO.apply(state, seat, bots[seat](METAURO.view(state, seat), seat, rngs[seat]))
    return METAURO.outcome(state).winners, state.turn


def matches() -> dict[str, object]:
    strong, easy = METAURO.bots["strong"], METAURO.bots["easy"]
    start = time.perf_counter()
    wins = draws = 0
    turns = []
    by: dict[str, list[int]] = {}
    for seed in range(GAMES):
        me = seed % 2  # sides alternate: strong is the Romans on even seeds
        scenario = SCENARIOS[seed // 2 % 2]
        bots = [easy, easy]
        bots[me] = strong
        winners, turn = play(seed, bots, scenario)
        won = winners == (me,)
        wins += won
        draws += winners == ()
        turns.append(turn)
        label = f"{('romans', 'carthaginians')[me]}_{scenario}"
        by.setdefault(label, []).append(won)
    rate = wins / GAMES
    return {
        "games": GAMES,
        "strong_win_rate": round(rate, 3),
        "draws": draws,
        "by_side_and_board": {k: round(sum(v) / len(v), 3) for k, v in sorted(by.items())},
        "mean_turns": round(statistics.mean(turns), 1),
        "target_win_rate": TARGET_WIN_RATE,
        "meets_target": rate >= TARGET_WIN_RATE,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    report = {"strong_latency": latency(), "strong_vs_easy": matches()}
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
