"""Fit the Ataque expert's evaluation (``engine/ataque/evaluation.py``) on bot games.

    python bench/fit_ataque.py --first-seed N --games M [--players 4] [--workers W]

Plays M games (seeds N.., below 50,000: the tuning seeds) in which each seat is ``strong`` or
the TEG robot (drawn from the seed, so the fit sees both styles the expert meets), takes the
position at the start of every turn with each live player's features (his real objective
known) and outcome (1 won, 0 lost, a draw shared), and fits the conditional logit of
``win_chances`` by Newton's method with a light ridge. Prints the weights in FEATURES order
and the held-out log-loss (the last fifth of the games) of the new weights and of the
weights in use. Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._linalg import solve  # noqa: E402
from engine.ataque.evaluation import FEATURES, WEIGHTS, features  # noqa: E402
from engine.ataque.rules import ATAQUE  # noqa: E402
from engine.ataque.state import OVER  # noqa: E402

RIDGE = 1.0  # added to the Hessian's diagonal: keeps rare features' weights sane
MAX_ACTIONS = 20_000  # a game longer than this is dropped (the round limit ends them first)

Group = list[tuple[list[float], float]]  # each live player's features and outcome


def game(args: tuple[int, int]) -> list[Group]:
    """The groups of one game: at the start of every turn, every live player."""
    seed, players = args
    coin = random.Random(seed)
    levels = [coin.choice(("strong", "teg")) for _ in range(players)]
    bots = [ATAQUE.bots[level] for level in levels]
    state = ATAQUE.new({}, seed, players)
    rng = random.Random(seed)
    seen: list[tuple[list[int], list[list[float]]]] = []
    turn = None
    for _ in range(MAX_ACTIONS):
        if state.phase == OVER:
            break
        if state.turn != turn:
            turn = state.turn
            alive = [s for s in range(players) if state.players[s].alive]
            seen.append((alive, [features(state, s) for s in alive]))
        seat = state.active
        state = ATAQUE.apply(state, seat, bots[seat](ATAQUE.view(state, seat), seat, rng))
    else:
        return []
    winners = state.winners  # every winner is alive at every turn, so each group sums to 1
    out = []
    for alive, xs in seen:
        if not winners:
            out.append([(x, 1.0 / len(alive)) for x in xs])
        else:
            out.append(
                [(x, float(s in winners) / len(winners)) for s, x in zip(alive, xs, strict=True)]
            )
    return out


def probabilities(group: Group, w: list[float]) -> list[float]:
    zs = [sum(a * b for a, b in zip(w, x, strict=True)) for x, _ in group]
    top = max(zs)
    es = [math.exp(z - top) for z in zs]
    total = sum(es)
    return [e / total for e in es]


def fit(groups: list[Group], k: int) -> list[float]:
    """The conditional logit's weights by Newton's method (from the weights in use)."""
    w = list(WEIGHTS)
    for _ in range(20):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for group in groups:
            ps = probabilities(group, w)
            mean = [sum(p * x[i] for p, (x, _) in zip(ps, group, strict=True)) for i in range(k)]
            for p, (x, y) in zip(ps, group, strict=True):
                d = [x[i] - mean[i] for i in range(k)]
                for i in range(k):
                    grad[i] += (p - y) * x[i]
                    pdi = p * d[i]
                    row = hess[i]
                    for j in range(k):
                        row[j] += pdi * d[j]
        n = len(groups)
        for i in range(k):
            grad[i] += RIDGE * w[i] / n
            hess[i][i] += RIDGE / n + 1e-9
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        print(f"  step {max(abs(s) for s in step):.5f}", flush=True)
        if max(abs(s) for s in step) < 1e-5:
            break
    return w


def log_loss(groups: list[Group], w: list[float]) -> float:
    """Mean cross-entropy of the outcome shares against the predicted chances, per group."""
    total = 0.0
    for group in groups:
        ps = probabilities(group, w)
        total -= sum(y * math.log(max(p, 1e-12)) for p, (_, y) in zip(ps, group, strict=True))
    return total / len(groups)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    if args.first_seed + args.games > 50_000:
        parser.error("fit on the tuning seeds only (below 50,000)")
    jobs = [(args.first_seed + k, args.players) for k in range(args.games)]
    with multiprocessing.Pool(args.workers) as pool:
        played = pool.map(game, jobs, chunksize=4)
    held_from = args.games * 4 // 5
    train = [g for games in played[:held_from] for g in games]
    held = [g for games in played[held_from:] for g in games]
    print(f"{len(train)} positions fitted, {len(held)} held out", flush=True)
    w = fit(train, len(FEATURES))
    weights = tuple(round(v, 3) for v in w)
    print("weights:", weights)
    for name, old, new in zip(FEATURES, WEIGHTS, weights, strict=True):
        print(f"  {name:12} {old:8.3f} {new:8.3f}")
    print(
        f"held-out log-loss: fitted {log_loss(held, list(weights)):.4f}, "
        f"in use {log_loss(held, list(WEIGHTS)):.4f}"
    )


if __name__ == "__main__":
    main()
