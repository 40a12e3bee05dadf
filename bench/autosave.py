"""Autosave cost: ``SaveStore.save`` of a finished Gallic game, against a bare atomic write.

Prints one JSON object. The baseline is the floor any durable save pays on this disk: the same
bytes written to a temp file, fsynced and renamed over the target, measured in the same run
so the ratio means something across machines. Budget: p95 of a save <= 5 ms.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._timing import ms_summary  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from saves.record import SeatInfo  # noqa: E402
from saves.session import Session  # noqa: E402
from saves.store import SaveStore, encode  # noqa: E402

N = 200
BUDGET_MS = 5.0


def _finished_session(folder: Path) -> Session:
    """A full-length finished game (all battles played), autosaved action by action.

    Easy bots on both sides, trying seeds from 2025 until a game goes the distance, so the
    save measured is as large as a Gallic save gets.
    """
    game = GAMES["gallic"]
    seats = (SeatInfo("bot", "Bot", "easy"), SeatInfo("bot", "Bot", "easy"))
    longest = None
    for seed in range(2025, 2075):
        store = SaveStore(folder / str(seed))
        session = Session.new(game, store, seats, {}, seed=seed, title="Bench")
        rng = random.Random(seed)
        while session.outcome() is None:
            seat = game.to_move(session.state)[0]
            session.apply(seat, game.bots["easy"](session.view(seat), seat, rng))
        if longest is None or len(session.record.actions) > len(longest.record.actions):
            longest = session
        if len(session.state.battles) == session.state.battles_to_play:
            break
    return longest


def _bare_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="batallas-bench-") as tmp:
        folder = Path(tmp)
        session = _finished_session(folder / "play")
        record = session.record
        game = session.game
        data = encode(record, game)
        store = SaveStore(folder / "saves")
        record = store.save(record)  # first write: creates the file the timed saves replace

        saves, encodes, bare = [], [], []
        target = folder / "bare.json"
        _bare_write(target, data)
        for _ in range(N):  # interleaved, so both see the same disk conditions
            t0 = time.perf_counter()
            record = store.save(record)  # each save is the next revision, as in play
            t1 = time.perf_counter()
            _bare_write(target, data)
            t2 = time.perf_counter()
            encode(record, game)
            t3 = time.perf_counter()
            saves.append(t1 - t0)
            bare.append(t2 - t1)
            encodes.append(t3 - t2)

    save_ms, bare_ms = ms_summary(saves, 3), ms_summary(bare, 3)
    print(
        json.dumps(
            {
                "bench": "autosave",
                "game": "gallic",
                "actions": len(record.actions),
                "log_events": len(record.state.log),
                "bytes": len(data),
                "n": N,
                "save_ms": save_ms,
                "encode_ms": ms_summary(encodes, 3),
                "baseline": "same bytes: write + fsync + os.replace, no encode, no .bak",
                "baseline_ms": bare_ms,
                "ratio_p50": round(save_ms["p50"] / bare_ms["p50"], 2),
                "ratio_p95": round(save_ms["p95"] / bare_ms["p95"], 2),
                "budget_ms": BUDGET_MS,
                "within_budget": save_ms["p95"] <= BUDGET_MS,
            }
        )
    )


if __name__ == "__main__":
    main()
