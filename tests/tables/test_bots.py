"""Bots at a table are played by whichever client is open, and land exactly once."""

from __future__ import annotations

import threading

import pytest

from saves.tables import TableChanged, TableSession, TableStore


def test_two_clients_running_the_same_bot_move_land_it_once(tables):
    tables.create("gallic", ["alice", "bot:easy"], seed=5)
    first = TableSession.join(tables, "gallic-1", "alice")
    second = TableSession.join(TableStore(tables.root), "gallic-1", "alice")
    assert first.bot_action(1) == second.bot_action(1)  # the same move whoever computes it
    first.play_bot(1)
    with pytest.raises(TableChanged):
        second.play_bot(1)
    table = tables.load("gallic-1")
    assert table.version == 1 and len(table.record.actions) == 1
    assert second.version == 1 and 1 not in second.game.to_move(second.state)


def test_racing_threads_land_the_bot_move_once(tables):
    tables.create("gallic", ["alice", "bot:strong"], seed=9)
    clients = [TableSession.join(TableStore(tables.root), "gallic-1", "alice") for _ in range(4)]
    start = threading.Barrier(len(clients))
    landed, refused = [], []

    def run(client):
        start.wait()
        try:
            client.play_bot(1)
            landed.append(client)
        except TableChanged:
            refused.append(client)

    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(landed) == 1 and len(refused) == 3
    table = tables.load("gallic-1")
    assert table.version == 1 and [seat for seat, _ in table.record.actions] == [1]
