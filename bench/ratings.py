"""Ratings recompute (issue 30): 10,000 finished games in 40 hosted players' saves folders,
rated from scratch (no ratings file), then again with the file fresh, then after one game
changed (the recompute a finished game causes: every game rated again in order).

Prints one JSON object. The games are real save files: a small pool of finished games per
game (random legal play from fixed seeds, the whole action log and final position), each
written many times with one human seat (the folder's login) and bots of random levels in the
others, at increasing finish times, and a seed of its own (ratings count a game copied within
a folder once, by its seed; they never replay a save, so the position need not follow from
it). Budget: 10 s, for the recompute and from scratch (the ratings file deleted: every
save read again). From scratch reads each save's envelope only (its ``result``, not its moves
and position); the baseline, every file read and parsed whole as JSON in the same run, is
what reading them all cost before saves kept their result.

    nice -n 5 .venv/bin/python bench/ratings.py [--games 10000]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.registry import GAMES  # noqa: E402
from saves import ratings  # noqa: E402
from saves.paths import PLAYERS  # noqa: E402
from saves.record import SaveRecord, SeatInfo  # noqa: E402
from saves.store import encode  # noqa: E402

BUDGET_S = 10.0
PLAYERS_COUNT = 40
POOL = (("gallic", 2), ("alamo", 2), ("mates", 2), ("mates", 4), ("ataque", 3), ("metauro", 2))
PER_CONFIG = 2  # finished games kept per (game, players)
MOST_MOVES = 400  # random play drags on: games of a length bots play are kept
START = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def finished_games(game_id: str, players: int) -> list[tuple[int, tuple, object]]:
    """(seed, actions, final state) of the first ``PER_CONFIG`` random games that end."""
    game = GAMES[game_id]
    found = []
    for seed in range(1, 200):
        rng = random.Random(seed)
        state = game.new({}, seed, players)
        actions = []
        for _ in range(MOST_MOVES + 1):
            seats = game.to_move(state)
            if not seats:
                break
            seat = rng.choice(seats)
            action = rng.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action)
            actions.append((seat, action))
        if game.outcome(state) is not None and len(actions) <= MOST_MOVES:
            found.append((seed, tuple(actions), state))
            if len(found) == PER_CONFIG:
                break
    return found


def write_saves(root: Path, count: int, rng: random.Random) -> int:
    """``count`` finished saves spread over the players' folders; returns the bytes written."""
    pool = [(g, n, f) for g, n in POOL for f in finished_games(g, n)]
    logins = [f"player{i:02d}" for i in range(1, PLAYERS_COUNT + 1)]
    for login in logins:
        (root / PLAYERS / login).mkdir(parents=True)
    size = 0
    for i in range(count):
        game_id, players, (_seed, actions, state) = rng.choice(pool)
        game = GAMES[game_id]
        login = rng.choice(logins)
        human = rng.randrange(players)
        seats = tuple(
            SeatInfo("human", login)
            if s == human
            else SeatInfo("bot", "Bot", rng.choice(list(game.bots)))
            for s in range(players)
        )
        when = (START + dt.timedelta(minutes=i)).isoformat(timespec="milliseconds")
        record = SaveRecord(
            name=f"game-{i}",
            title=f"Game {i}",
            game_id=game_id,
            players=players,
            seats=seats,
            config={},
            seed=i,
            actions=actions,
            state=state,
            created=when,
            updated=when.replace("+00:00", "Z"),
            rules_version=game.rules_version,
        )
        data = encode(record, game)
        (root / PLAYERS / login / f"game-{i}.json").write_bytes(data)
        size += len(data)
    return size


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def parse_all(root: Path) -> int:
    n = 0
    for path in sorted((root / PLAYERS).glob("*/*.json")):
        json.loads(path.read_bytes())
        n += 1
    return n


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    rng = random.Random(30)
    with tempfile.TemporaryDirectory(prefix="batallas-ratings-") as tmp:
        root = Path(tmp) / "saves"
        cache = Path(tmp) / ratings.FILE
        size = write_saves(root, args.games, rng)
        baseline, _n = timed(lambda: parse_all(root))
        scratch, result = timed(lambda: ratings.compute(root, None, cache=cache))
        fresh, again = timed(lambda: ratings.compute(root, None, cache=cache))
        assert again.standings == result.standings, "a fresh cache gave other ratings"
        newest = max((root / PLAYERS).glob("*/game-*.json"), key=lambda p: p.stat().st_mtime_ns)
        newest.rename(newest.with_name("renamed.json"))  # one game more, one less: stale
        stale, _r = timed(lambda: ratings.compute(root, None, cache=cache))
        rated = sum(len(rows) for rows in result.changes.values())
        report = {
            "games": args.games,
            "players": PLAYERS_COUNT,
            "saves_mb": round(size / 2**20, 1),
            "rated_games": len(result.changes),
            "rated_rows": rated,
            "baseline_parse_s": round(baseline, 2),
            "scratch_s": round(scratch, 2),
            "scratch_ratio": round(scratch / baseline, 2),
            "fresh_cache_s": round(fresh, 2),
            "recompute_s": round(stale, 2),
            "cache_mb": round(cache.stat().st_size / 2**20, 1),
            "budget_s": BUDGET_S,
            "within_budget": stale < BUDGET_S and scratch < BUDGET_S,
        }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
