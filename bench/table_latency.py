"""A move at a shared table reaching the other player's screen.

A headless app sits at an Ataque table as ``bob``; a separate client (its own ``TableStore``,
as another terminal would have) plays every seat's move with the easy bot through the
version-checked ``TableStore.apply``. Measured: from that ``apply`` returning to bob's screen
having re-rendered the new version (his ``render_view`` ran with it). Between moves the writer
waits a random fraction of the poll interval, so moves land at every phase of bob's polling.

Budget: p95 ≤ 1000 ms. The baseline in the same run is the bare file round trip the poll
relies on: the same bytes written atomically (temp, fsync, replace), then stat and read back.
Prints one JSON object as its last line.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._timing import ms_summary  # noqa: E402
from saves.store import SaveStore  # noqa: E402
from saves.tables import TableStore, encode_table  # noqa: E402
from tui.app import BatallasApp  # noqa: E402
from tui.screens.game import TABLE_POLL  # noqa: E402

MOVES = 50
BUDGET_MS = 1000.0
TIMEOUT = 5.0


def _round_trip(folder: Path, data: bytes) -> float:
    path, tmp = folder / "bare.json", folder / ".bare.json.tmp"
    start = time.perf_counter()
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    path.stat()
    path.read_bytes()
    return time.perf_counter() - start


async def measure(folder: Path) -> dict:
    tables = TableStore(folder / "tables")
    name = tables.create("ataque", ["alice", "bob", "carol"], seed=7).name
    writer = TableStore(tables.root)
    app = BatallasApp(
        SaveStore(folder / "saves"),
        start=lambda app: app.open_table(name),
        bot_delay=0,
        player="bob",
        tables=TableStore(tables.root),
    )
    shown: dict[int, float] = {}
    latencies, bare = [], []
    rng = random.Random(7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        draw = screen.render_view

        def render_view(view) -> None:
            draw(view)
            shown.setdefault(screen.session.version, time.perf_counter())

        screen.render_view = render_view
        table = writer.load(name)
        game = writer.game(table)
        for _ in range(MOVES):
            await asyncio.sleep(rng.uniform(0, TABLE_POLL))
            state = table.record.state
            seat = game.to_move(state)[0]
            action = game.bots["easy"](game.view(state, seat), seat, rng)
            table = writer.apply(name, table.version, seat, action)
            landed = time.perf_counter()
            while table.version not in shown:
                if time.perf_counter() - landed > TIMEOUT:
                    raise SystemExit(f"version {table.version} never reached bob's screen")
                await asyncio.sleep(0.002)
            latencies.append(shown[table.version] - landed)
            bare.append(_round_trip(folder, encode_table(table, game)))
    return {"latency": latencies, "bare": bare, "bytes": len(encode_table(table, game))}


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="batallas-bench-") as tmp:
        result = asyncio.run(measure(Path(tmp)))
    latency, bare = ms_summary(result["latency"]), ms_summary(result["bare"])
    print(
        json.dumps(
            {
                "bench": "table_latency",
                "game": "ataque",
                "moves": MOVES,
                "table_bytes": result["bytes"],
                "poll_ms": TABLE_POLL * 1000,
                "latency_ms": latency,
                "baseline": "same bytes: write + fsync + os.replace, then stat + read back",
                "baseline_ms": bare,
                "ratio_p50": round(latency["p50"] / bare["p50"], 1),
                "ratio_p95": round(latency["p95"] / bare["p95"], 1),
                "budget_p95_ms": BUDGET_MS,
                "within_budget": latency["p95"] <= BUDGET_MS,
            }
        )
    )


if __name__ == "__main__":
    main()
