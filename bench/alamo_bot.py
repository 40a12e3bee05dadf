"""El Álamo bots: decision latency against baselines from the same run, and win rates.

Budget: strong decision p95 <= 100 ms. Latency is timed on the same real mid-game views (every
phase, both modes) for the strong bot, the easy bot and a bare ``legal_actions`` call, so the
ratios do not depend on how fast this machine is. Then strong vs easy over seeded two-player
games, each side, and the strong "auto" Texan's solitaire win rate over 1000 seeds.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.alamo.data import MEXICANS, TEXANS  # noqa: E402
from engine.alamo.rules import ALAMO  # noqa: E402

DECISIONS = 400
GAMES_PER_SIDE = 300
SOLITAIRE_SEEDS = 1000


def decision_points(count: int) -> list:
    """Real states (both modes, every phase) reached by easy-vs-easy play."""
    easy = ALAMO.bots["easy"]
    points = []
    seed = 0
    while len(points) < count:
        players = 1 + seed % 2
        state = ALAMO.new({}, seed, players)
        rnd = random.Random(seed)
        step = 0
        while ALAMO.outcome(state) is None and len(points) < count:
            (seat,) = ALAMO.to_move(state)
            if step % 3 == 0:
                points.append((state, seat))
            state = ALAMO.apply(state, seat, easy(ALAMO.view(state, seat), seat, rnd))
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
        view = ALAMO.view(state, seat)
        for name in ("strong", "easy"):
            bot = ALAMO.bots[name]
            rnd = random.Random(i)
            start = time.perf_counter()
            bot(view, seat, rnd)
            timings[name].append(time.perf_counter() - start)
        start = time.perf_counter()
        ALAMO.legal_actions(state, seat)
        timings["legal_actions"].append(time.perf_counter() - start)
    report: dict[str, object] = {"decisions": len(points)}
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


def play(seed: int, bots, players: int = 2) -> tuple[int, ...]:
    state = ALAMO.new({}, seed, players)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    while ALAMO.outcome(state) is None:
        (seat,) = ALAMO.to_move(state)
        state = ALAMO.apply(state, seat, bots[seat](ALAMO.view(state, seat), seat, rngs[seat]))
    return ALAMO.outcome(state).winners


def matches() -> dict[str, object]:
    strong, easy = ALAMO.bots["strong"], ALAMO.bots["easy"]
    report: dict[str, object] = {"games_per_side": GAMES_PER_SIDE}
    start = time.perf_counter()
    for me, label in ((TEXANS, "strong_as_texans"), (MEXICANS, "strong_as_mexicans")):
        bots = [easy, easy]
        bots[me] = strong
        wins = draws = 0
        for seed in range(GAMES_PER_SIDE):
            winners = play(seed, bots)
            wins += winners == (me,)
            draws += winners == ()
        report[label] = {
            "win_rate": round(wins / GAMES_PER_SIDE, 3),
            "draws": draws,
        }
    baseline = {}
    for me, label in ((TEXANS, "texans"), (MEXICANS, "mexicans")):
        wins = sum(play(seed, [easy, easy]) == (me,) for seed in range(GAMES_PER_SIDE))
        baseline[label] = round(wins / GAMES_PER_SIDE, 3)
    report["easy_vs_easy_win_rate"] = baseline
    report["seconds"] = round(time.perf_counter() - start, 1)
    return report


def solitaire() -> dict[str, object]:
    start = time.perf_counter()
    out: dict[str, object] = {"seeds": SOLITAIRE_SEEDS}
    for name in ("strong", "easy"):
        bot = ALAMO.bots[name]
        wins = sum(play(seed, (bot,), players=1) == (TEXANS,) for seed in range(SOLITAIRE_SEEDS))
        out[f"{name}_win_rate"] = round(wins / SOLITAIRE_SEEDS, 3)
    out["seconds"] = round(time.perf_counter() - start, 1)
    return out


def main() -> None:
    report = {"strong_latency": latency(), "strong_vs_easy": matches(), "solitaire": solitaire()}
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
