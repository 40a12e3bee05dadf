"""Gallic strong bot: decision latency against baselines from the same run, and its win rate.

Budget: strong decision p95 <= 100 ms. Latency is timed on the same discard-phase views for
the strong bot, the easy bot and a bare ``legal_actions`` call, so the ratios do not depend on
how fast this machine is. Then 500 seeded games strong vs easy, sides alternated.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.gallic.rules import GALLIC  # noqa: E402
from engine.gallic.state import DISCARD, OVER  # noqa: E402

DECISIONS = 240
GAMES = 500


def discard_states(count: int) -> list:
    """Real mid-game states (any battle) reached by easy-vs-easy play, one per seat to move."""
    easy = GALLIC.bots["easy"]
    states = []
    seed = 0
    while len(states) < count:
        state = GALLIC.new({}, seed)
        rnd = random.Random(seed)
        while state.phase != OVER and len(states) < count:
            for seat in GALLIC.to_move(state):
                if state.phase == DISCARD:
                    states.append((state, seat))
                state = GALLIC.apply(state, seat, easy(GALLIC.view(state, seat), seat, rnd))
        seed += 1
    return states


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50_ms": round(statistics.median(ordered) * 1e3, 3), "p95_ms": round(p95 * 1e3, 3)}


def latency() -> dict[str, object]:
    states = discard_states(DECISIONS)
    timings: dict[str, list[float]] = {"strong": [], "easy": [], "legal_actions": []}
    for i, (state, seat) in enumerate(states):
        view = GALLIC.view(state, seat)
        for name in ("strong", "easy"):
            bot = GALLIC.bots[name]
            rnd = random.Random(i)
            start = time.perf_counter()
            bot(view, seat, rnd)
            timings[name].append(time.perf_counter() - start)
        start = time.perf_counter()
        GALLIC.legal_actions(state, seat)
        timings["legal_actions"].append(time.perf_counter() - start)
    report: dict[str, object] = {"decisions": len(states)}
    for name, samples in timings.items():
        report[name] = percentiles(samples)
    strong_p50 = statistics.median(timings["strong"])
    report["ratio_p50_strong_vs_easy"] = round(strong_p50 / statistics.median(timings["easy"]), 1)
    report["ratio_p50_strong_vs_legal_actions"] = round(
        strong_p50 / statistics.median(timings["legal_actions"]), 1
    )
    report["budget_p95_ms"] = 100
    report["within_budget"] = report["strong"]["p95_ms"] <= 100
    return report


def matches() -> dict[str, object]:
    strong, easy = GALLIC.bots["strong"], GALLIC.bots["easy"]
    wins = draws = losses = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        me = seed % 2
        bots = [easy, easy]
        bots[me] = strong
        rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
        state = GALLIC.new({}, seed)
        while state.phase != OVER:
            for seat in GALLIC.to_move(state):
                action = bots[seat](GALLIC.view(state, seat), seat, rngs[seat])
                state = GALLIC.apply(state, seat, action)
        winners = GALLIC.outcome(state).winners
        wins += winners == (me,)
        losses += winners == (1 - me,)
        draws += winners == ()
    return {
        "games": GAMES,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": round(wins / GAMES, 3),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    report = {"strong_latency": latency(), "strong_vs_easy": matches()}
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
