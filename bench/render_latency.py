"""A cursor move on a board widget, re-rendered (Pilot, headless): the key's action and the
widget's full re-render into strips, with its render cache cleared so nothing is reused.

Budget: p95 ≤ 30 ms. The baseline in the same run is a bare Textual app whose only widget is a
Static re-rendered the same way after each key, so the ratio says what the board costs.
(Pilot's own press/pause round trip, ~80 ms of fixed waiting here, is left out of both.)
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from textual.app import App
from textual.widgets import Static

PRESSES = 120


class Bare(App):
    BINDINGS = [("right", "tick"), ("left", "tick")]

    def compose(self):
        yield Static("0", id="s")

    def action_tick(self) -> None:
        self.n = getattr(self, "n", 0) + 1
        self.query_one(Static).update(str(self.n))


async def timed_moves(app, selector: str, keys, cold: bool = False) -> list[float]:
    """Per key: the action plus a full re-render. ``cold`` also drops the widget's own line
    cache, as when the position changes (a placement or a battle), so every line is rebuilt."""
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        widget = app.screen.query_one(selector)
        region = widget.region.reset_offset
        for key in keys:
            start = time.perf_counter()
            if hasattr(widget, "action_move"):
                widget.action_move(1 if key == "right" else -1, 0)
            else:
                app.action_tick()
            widget._styles_cache.clear()
            if cold and hasattr(widget, "_lines"):
                widget._lines.clear()
            widget.render_lines(region)
            out.append((time.perf_counter() - start) * 1000)
    return out


def metauro_app(saves: Path):
    from engine.metauro.rules import METAURO
    from saves.record import SeatInfo
    from saves.session import Session
    from saves.store import SaveStore
    from tui.app import BatallasApp
    from tui.screens.registry import screen_for

    seats = (SeatInfo(kind="human", name="A"), SeatInfo(kind="human", name="B"))

    def start(app):
        return screen_for(Session.new(METAURO, app.store, seats, {}, seed=1))

    return BatallasApp(SaveStore(saves), start=start, bot_delay=0)


def ataque_app(saves: Path):
    from engine.ataque.rules import ATAQUE
    from saves.record import SeatInfo
    from saves.session import Session
    from saves.store import SaveStore
    from tui.app import BatallasApp
    from tui.screens.registry import screen_for

    # One person against two bots: three people at one terminal would start on the hand-over.
    seats = (
        SeatInfo(kind="human", name="A"),
        SeatInfo(kind="bot", name="", level="easy"),
        SeatInfo(kind="bot", name="", level="easy"),
    )

    def start(app):
        return screen_for(Session.new(ATAQUE, app.store, seats, {}, seed=1, players=3))

    return BatallasApp(SaveStore(saves), start=start, bot_delay=0)


def stats(ms: list[float]) -> dict:
    ms = sorted(ms)
    return {"p50_ms": round(statistics.median(ms), 2), "p95_ms": round(ms[int(0.95 * len(ms))], 2)}


async def main() -> None:
    keys = (["right"] * 10 + ["left"] * 10) * (PRESSES // 20)
    base = await timed_moves(Bare(), "#s", keys)
    with tempfile.TemporaryDirectory() as saves:
        grid = await timed_moves(metauro_app(Path(saves)), "MetauroGrid", keys)
    with tempfile.TemporaryDirectory() as saves:
        world = await timed_moves(ataque_app(Path(saves)), "WorldMap", keys)
    with tempfile.TemporaryDirectory() as saves:
        cold = await timed_moves(ataque_app(Path(saves)), "WorldMap", keys, cold=True)
    boards = {
        "metauro_grid": stats(grid),
        "ataque_world_map": stats(world),
        "ataque_world_map_position_changed": stats(cold),
    }
    report = {"presses": len(keys), "bare_static": stats(base), **boards}
    for board, figures in boards.items():
        report[f"{board}_ratio_p95"] = round(figures["p95_ms"] / report["bare_static"]["p95_ms"], 2)
    report["budget_p95_ms"] = 30
    report["within_budget"] = all(figures["p95_ms"] <= 30 for figures in boards.values())
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main())
