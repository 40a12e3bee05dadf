"""Fit the Metauro expert's evaluation (``engine/metauro/expert.py``) on strong battles.

    python bench/fit_metauro.py SCENARIO --first-seed N --games M [--features a,b,...]

Plays M battles of the strong bot against itself (seeds N.., below 50,000: the tuning
seeds), takes every position where a side is about to start its move, with that side's
outcome (1 won, 0 lost, 0.5 drawn), and fits a logistic of the chosen features (default:
all of FEATURES) by Newton's method with a light ridge. Prints the weights in FEATURES order
(0 for a feature left out) and the log-loss on the last fifth of the battles, held out.
Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._linalg import solve  # noqa: E402
from engine.metauro.expert import FEATURES, features  # noqa: E402
from engine.metauro.rules import METAURO  # noqa: E402
from engine.metauro.state import MOVE  # noqa: E402

STRONG = METAURO.bots["strong"]
RIDGE = 1.0  # added to the Hessian's diagonal: keeps rare features' weights sane


def battle(scenario: str, seed: int) -> list[tuple[list[float], float]]:
    """(features, outcome) for the mover at the start of every move of one strong battle."""
    state = METAURO.new({"scenario": scenario}, seed)
    seen = []
    while METAURO.outcome(state) is None:
        if state.phase == MOVE and not state.moved:
            seen.append((state.mover, features(state, state.mover)))
        seat = state.active
        state = METAURO.apply(state, seat, STRONG(METAURO.view(state, seat), seat, None))
    winners = state.winners
    return [(x, 0.5 if not winners else float(side in winners)) for side, x in seen]


def fit(rows: list[tuple[list[float], float]], used: list[int]) -> list[float]:
    """Logistic regression by Newton's method on the ``used`` columns."""
    k = len(used)
    w = [0.0] * k
    for _ in range(25):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            xs = [x[i] for i in used]
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, xs, strict=True))))
            for i in range(k):
                grad[i] += (p - y) * xs[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * xs[i] * xs[j]
        for i in range(k):
            grad[i] += RIDGE * w[i] / len(rows)
            hess[i][i] += RIDGE / len(rows) + 1e-9
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def log_loss(rows: list[tuple[list[float], float]], weights: list[float]) -> float:
    total = 0.0
    for x, y in rows:
        z = sum(a * b for a, b in zip(weights, x, strict=True))
        p = min(1 - 1e-12, max(1e-12, 1 / (1 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["metauro", "zama"])
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--features", default=",".join(FEATURES))
    args = parser.parse_args()
    if args.first_seed + args.games > 50_000:
        parser.error("fit on the tuning seeds only (below 50,000)")
    used = [FEATURES.index(name) for name in args.features.split(",")]
    held_from = args.games * 4 // 5
    train, held = [], []
    for k in range(args.games):
        (train if k < held_from else held).extend(battle(args.scenario, args.first_seed + k))
    w = fit(train, used)
    weights = [0.0] * len(FEATURES)
    for i, v in zip(used, w, strict=True):
        weights[i] = round(v, 3)
    print(f"{len(train)} positions fitted, {len(held)} held out")
    print("weights:", tuple(weights))
    print(f"held-out log-loss {log_loss(held, weights):.4f}")


if __name__ == "__main__":
    main()
