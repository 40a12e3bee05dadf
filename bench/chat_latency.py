"""A chat line at a shared table reaching every other client: 6 players and 2 spectators.

Eight client processes sit at one Ataque table (six seats, two spectators allowed to write),
each running the table screen's own poll without the screen: every ``TABLE_POLL`` seconds a
stat of the table (``refresh``) and of its chat (``ChatFeed.poll``), as
``TablePlay.poll_table`` does. One line at a time, a random client (one the rate limit lets
speak) sends a line through ``saves.table_chat.say``; measured: from the moment ``say``
returned to the moment the last of the seven other clients had read it. Between lines the
sender waits a random fraction of the poll interval, so lines land at every phase of the
others' polls.

Budget: p95 < 1000 ms. The baseline in the same run is the bare file round trip: one line
appended (under the lock, with fsync) and read back by a feed at once, with no poll between.
Prints one JSON object as its last line.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import queue
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._timing import ms_summary  # noqa: E402
from saves.table_chat import RATE_LINES, RATE_WINDOW, ChatFeed, say  # noqa: E402
from saves.tables import TableSession, TableStore, TableWatch  # noqa: E402
from tui.screens.table_play import TABLE_POLL  # noqa: E402

PLAYERS = ["ana", "bea", "carla", "dario", "elena", "fabio"]
SPECTATORS = ["gino", "hanna"]
LINES = 60
BUDGET_MS = 1000.0
TIMEOUT = 5.0


def client(root: str, name: str, person: str, orders, reports, stop) -> None:
    """One terminal at the table: the screen's poll, and a line sent when told to."""
    store = TableStore(root)
    table = store.load(name)
    seated = table.seat_of(person) is not None
    session = TableSession(store, table, person) if seated else TableWatch(store, table)
    feed = ChatFeed(root, name)
    feed.poll()
    seen = len(feed.lines)
    reports.put(("ready", person, "", time.time()))
    while not stop.is_set():
        try:
            text = orders.get_nowait()
        except queue.Empty:
            text = None
        if text is not None:
            say(root, session.table, person, text)
            reports.put(("sent", person, text, time.time()))
        session.refresh()  # the table's own poll: a stat
        if feed.poll():
            now = time.time()
            for line in feed.lines[seen:]:
                if line.sender != person:
                    reports.put(("read", person, line.text, now))
            seen = len(feed.lines)
        stop.wait(TABLE_POLL)
    if isinstance(session, TableWatch):
        session.close()


def bare_round_trip(store: TableStore, name: str) -> list[float]:
    """Append one line and read it back at once: the file work a chat line costs."""
    table = store.load(name)
    feed = ChatFeed(store.root, name)
    feed.poll()
    times = []
    for i in range(20):
        start = time.perf_counter()
        say(
            store.root,
            table,
            PLAYERS[i % len(PLAYERS)],
            f"bare {i}",
            now=time.time() + 3600 + 60 * i,
        )
        feed.poll()
        times.append(time.perf_counter() - start)
    return times


def measure(folder: Path) -> dict:
    store = TableStore(folder / "tables")
    name = store.create("ataque", PLAYERS, name="club", seed=7, spectators_chat=True).name
    ctx = mp.get_context("spawn")
    stop, reports = ctx.Event(), ctx.Queue()
    people = PLAYERS + SPECTATORS
    orders = {person: ctx.Queue() for person in people}
    procs = [
        ctx.Process(target=client, args=(str(store.root), name, p, orders[p], reports, stop))
        for p in people
    ]
    for proc in procs:
        proc.start()
    rng = random.Random(30)
    spoke: dict[str, list[float]] = {p: [] for p in people}
    everyone, each = [], []
    try:
        for _ in people:  # every client started and polling
            reports.get(timeout=120)
        for i in range(LINES):
            time.sleep(rng.uniform(0, TABLE_POLL))
            now = time.time()
            free = [p for p in people if sum(now - t < RATE_WINDOW for t in spoke[p]) < RATE_LINES]
            sender, text = rng.choice(free), f"line {i}"
            orders[sender].put(text)
            sent, read = None, {}
            deadline = time.monotonic() + TIMEOUT
            while sent is None or len(read) < len(people) - 1:
                kind, person, said, at = reports.get(timeout=max(0.01, deadline - time.monotonic()))
                if said != text:
                    continue
                if kind == "sent":
                    sent = at
                else:
                    read[person] = at
            spoke[sender].append(sent)
            everyone.append(max(read.values()) - sent)
            each.extend(at - sent for at in read.values())
    finally:
        stop.set()
        for proc in procs:
            proc.join(10)
    return {"everyone": everyone, "each": each, "bare": bare_round_trip(store, name)}


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="batallas-bench-") as tmp:
        result = measure(Path(tmp))
    everyone, bare = ms_summary(result["everyone"]), ms_summary(result["bare"])
    print(
        json.dumps(
            {
                "bench": "chat_latency",
                "clients": {"players": len(PLAYERS), "spectators": len(SPECTATORS)},
                "lines": LINES,
                "poll_ms": TABLE_POLL * 1000,
                "all_others_read_ms": everyone,
                "each_reader_ms": ms_summary(result["each"]),
                "baseline": "one line appended (lock, fsync) and read back, no poll",
                "baseline_ms": bare,
                "ratio_p50": round(everyone["p50"] / bare["p50"], 1),
                "budget_p95_ms": BUDGET_MS,
                "within_budget": everyone["p95"] < BUDGET_MS,
            }
        )
    )


if __name__ == "__main__":
    main()
