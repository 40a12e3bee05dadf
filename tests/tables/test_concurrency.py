"""Real processes hammering one table while some of them are SIGKILLed mid-run.

Whatever is killed, when: the file always loads, its action log replays to exactly its state,
the version counts the actions, and no temp file left by a dead writer gets in the way.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time

from engine.core import replay
from saves.record import BrokenSave
from saves.tables import TableChanged, TableStore

WORKERS = 4
TARGET = 300  # moves in total
DEADLINE = 50.0  # seconds; the run normally takes a few


def hammer(root: str, name: str, seed: int) -> None:
    """One client: load, pick a legal move for whoever must move, apply with the version seen,
    and on "table changed" carry on from the fresh position."""
    store = TableStore(root)
    table = store.load(name)
    game = store.game(table)
    rng = random.Random(seed)
    while table.version < TARGET and game.outcome(table.record.state) is None:
        state = table.record.state
        seat = game.to_move(state)[0]
        action = game.bots["easy"](game.view(state, seat), seat, rng)
        try:
            table = store.apply(name, table.version, seat, action)
        except TableChanged as exc:
            table = exc.table


def test_killed_writers_never_corrupt_the_table(tmp_path):
    store = TableStore(tmp_path / "tables")
    name = store.create("ataque", ["ana", "bob", "cai", "dee"], seed=2024).name
    ctx = multiprocessing.get_context("fork")
    schedule = random.Random(1)
    spawned = 0

    def spawn():
        nonlocal spawned
        spawned += 1
        proc = ctx.Process(target=hammer, args=(str(store.root), name, spawned), daemon=True)
        proc.start()
        return proc

    procs = [spawn() for _ in range(WORKERS)]
    kills = 0
    started = time.monotonic()
    try:
        while time.monotonic() - started < DEADLINE:
            time.sleep(schedule.uniform(0.02, 0.25))
            if store.load(name).version >= TARGET:
                break
            victim = schedule.randrange(len(procs))
            os.kill(procs[victim].pid, signal.SIGKILL)
            procs[victim].join()
            kills += 1
            procs[victim] = spawn()
        for proc in procs:
            proc.join(timeout=DEADLINE)
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.kill()
                proc.join()

    final = store.load(name)
    game = store.game(final)
    record = final.record
    assert final.version >= TARGET, f"only {final.version} moves in {DEADLINE} s"
    assert kills >= 5
    assert final.version == len(record.actions)
    assert replay(game, record.config, record.seed, record.players, list(record.actions)) == (
        record.state
    )
    rows = store.list()
    assert [r.name for r in rows] == [name] and not isinstance(rows[0], BrokenSave)
    leftovers = [p.name for p in store.root.iterdir() if p.name.endswith(".tmp")]
    assert all(n.startswith(".") for n in leftovers)  # hidden, never mistaken for a table
    # The next writer sweeps whatever a killed one left behind.
    seat = game.to_move(record.state)[0]
    store.apply(name, final.version, seat, game.legal_actions(record.state, seat)[0])
    assert not [p for p in store.root.iterdir() if p.name.endswith(".tmp")]
