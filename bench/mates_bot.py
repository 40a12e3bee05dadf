"""Mates Hostiles bots: decision latency against baselines from the same run, and win rates.

Budget: strong decision p95 <= 200 ms. Latency is timed on real views (2, 3 and 4 players,
every table phase) for the strong bot with python-chess placements cached as in a running game
("strong") and with every cache emptied before each decision ("strong_cold", the worst case),
for the easy bot and for a bare ``legal_actions`` call, so the ratios do not depend on how fast
this machine is. Then strong vs easy over seeded two-player games (strong in seat 0 for even
seeds, seat 1 for odd), with easy vs easy as the baseline. Prints one line of JSON.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.mates import board, rules  # noqa: E402
from engine.mates.rules import MATES  # noqa: E402

DECISIONS = 300
GAMES = 400
BUDGET_MS = 200


def decision_points(count: int) -> list:
    """Real table states (2–4 players, every phase) reached by easy-vs-strong play."""
    bots = (MATES.bots["easy"], MATES.bots["strong"])
    points = []
    seed = 0
    while len(points) < count:
        players = 2 + seed % 3
        state = MATES.new({}, seed, players)
        rnd = random.Random(seed)
        step = 0
        while MATES.outcome(state) is None and len(points) < count:
            (seat,) = MATES.to_move(state)
            if step % 4 == 0:
                points.append((state, seat))
            bot = bots[(seat + seed) % 2]
            state = MATES.apply(state, seat, bot(MATES.view(state, seat), seat, rnd))
            step += 1
        seed += 1
    return points


def clear_caches() -> None:
    board.clear_caches()


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
    timings: dict[str, list[float]] = {
        "strong": [],
        "strong_cold": [],
        "easy": [],
        "legal_actions": [],
    }
    views = [(MATES.view(state, seat), seat) for state, seat in points]
    clear_caches()
    for i, (view, seat) in enumerate(views):
        for name, bot in (("strong", MATES.bots["strong"]), ("easy", MATES.bots["easy"])):
            rnd = random.Random(i)
            start = time.perf_counter()
            bot(view, seat, rnd)
            timings[name].append(time.perf_counter() - start)
        start = time.perf_counter()
        MATES.legal_actions(points[i][0], seat)
        timings["legal_actions"].append(time.perf_counter() - start)
    for i, (view, seat) in enumerate(views):
        clear_caches()
        start = time.perf_counter()
        MATES.bots["strong"](view, seat, random.Random(i))
        timings["strong_cold"].append(time.perf_counter() - start)
    report: dict[str, object] = {"decisions": len(points)}
    for name, samples in timings.items():
        report[name] = percentiles(samples)
    strong_p50 = statistics.median(timings["strong"])
    report["ratio_p50_strong_vs_easy"] = round(strong_p50 / statistics.median(timings["easy"]), 1)
    report["ratio_p50_strong_vs_legal_actions"] = round(
        strong_p50 / statistics.median(timings["legal_actions"]), 1
    )
    worst = max(report["strong"]["p95_ms"], report["strong_cold"]["p95_ms"])
    report["budget_p95_ms"] = BUDGET_MS
    report["within_budget"] = worst <= BUDGET_MS
    return report


def play(seed: int, bots) -> tuple[tuple[int, ...], int]:
    state = MATES.new({}, seed, 2)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    while MATES.outcome(state) is None:
        (seat,) = MATES.to_move(state)
        state = MATES.apply(state, seat, bots[seat](MATES.view(state, seat), seat, rngs[seat]))
    return MATES.outcome(state).winners, state.rounds


def matches() -> dict[str, object]:
    strong, easy = MATES.bots["strong"], MATES.bots["easy"]
    start = time.perf_counter()
    wins = [0, 0]
    rounds = []
    limit = 0
    for seed in range(GAMES):
        me = seed % 2
        bots = [easy, easy]
        bots[me] = strong
        winners, n = play(seed, bots)
        wins[me] += winners == (me,)
        rounds.append(n)
        limit += n >= rules.ROUND_LIMIT
    half = GAMES // 2
    baseline = sum(play(seed, (easy, easy))[0] == (0,) for seed in range(GAMES // 2))
    rate = round(sum(wins) / GAMES, 3)
    return {
        "games": GAMES,
        "strong_win_rate": rate,
        "strong_as_seat_1": round(wins[0] / half, 3),
        "strong_as_seat_2": round(wins[1] / half, 3),
        "required": 0.65,
        "passes": rate >= 0.65,
        "easy_vs_easy_seat_1_win_rate": round(baseline / (GAMES // 2), 3),
        "rounds_p50": statistics.median(rounds),
        "games_at_round_limit": limit,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    report = {"strong_latency": latency(), "strong_vs_easy_2p": matches()}
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
