"""A rematch of a finished table: same people and bots, seats rotated, a new seed, the same
options; the first to ask makes the table, the others find it and join."""

from __future__ import annotations

import random
import time

import pytest

from engine.registry import get
from saves.record import SaveError
from saves.table_clock import parse_clock
from saves.table_rematch import propose_rematch, rematch_name, rematch_of, rotated
from saves.tables import TableStore


def finished(tables: TableStore, owners: list[str], name: str, **options):
    """A Gallic table played to the end by easy bots' moves at every seat."""
    return played_out(tables, tables.create("gallic", owners, name=name, seed=4, **options))


def played_out(tables: TableStore, table):
    """``table`` played on to its end by easy bots' moves at every seat."""
    game = get("gallic")
    while game.outcome(table.record.state) is None:
        seat = game.to_move(table.record.state)[0]
        action = game.bots["easy"](game.view(table.record.state, seat), seat, random.Random(1))
        table = tables.apply(table.name, table.version, seat, action)
    return table


def test_a_rematch_rotates_the_seats_with_a_new_seed_and_the_same_options(tables):
    old = finished(tables, ["ana", "bot:easy"], "duel", spectators_chat=True)
    rematch = propose_rematch(tables, old, "ana")
    assert (rematch.table, rematch.by) == ("duel-2", "ana")
    new = tables.load("duel-2")
    assert new.owners == ("bot:easy", "ana")  # sides change hands; the bot keeps its level
    assert new.version == 0 and new.record.seed != old.record.seed
    assert new.record.config == old.record.config and new.spectators_chat
    assert rotated(("a", "b", "c")) == ("c", "a", "b")


def test_the_others_see_the_proposal_and_join_the_same_table(tables):
    old = finished(tables, ["ana", "bea"], "duel")
    assert rematch_of(tables, "duel") is None
    first = propose_rematch(tables, old, "bea")
    assert rematch_of(tables, "duel") == first
    assert propose_rematch(tables, old, "ana") == first  # asking again joins it
    assert tables.names() == ["duel", "duel-2"]
    assert rematch_name(tables, "duel-2") == "duel-3"  # a rematch of the rematch


def test_only_a_finished_tables_players_may_ask(tables):
    old = finished(tables, ["ana", "bea"], "duel")
    with pytest.raises(SaveError, match="Only the players"):
        propose_rematch(tables, old, "carla")
    live = tables.create("gallic", ["ana", "bea"], name="live")
    with pytest.raises(SaveError, match="not over"):
        propose_rematch(tables, live, "ana")


def test_a_hostile_note_is_no_proposal(tables):
    finished(tables, ["ana", "bea"], "duel")
    note = tables.root / "duel.rematch"
    for junk in (
        b"[1]",
        b"{",
        b'{"table": "../etc", "by": "ana"}',
        b'{"table": "gone", "by": "a"}',
    ):
        note.write_bytes(junk)
        assert rematch_of(tables, "duel") is None


def test_a_rematch_keeps_the_clock_and_seats_a_player_whose_seat_a_bot_took(tables):
    """A clocked table's rematch has the same clock and take-over level, and a player whose
    time ran out sits at the new table in person, not as the bot that finished for her."""
    clock = parse_clock("move:5m")
    tables.create("gallic", ["ana", "bea"], name="duel", seed=4, clock=clock, takeover="easy")
    an_hour_on = TableStore(tables.root, now=lambda: time.time() + 3600)
    an_hour_on.take_over_overdue("duel")  # ana's time ran out: the easy bot plays her seat
    old = played_out(tables, tables.load("duel"))
    assert old.owners[0] == "bot:easy" and old.taken_over[0] == "ana"
    new = tables.load(propose_rematch(tables, old, "bea").table)
    assert new.owners == ("bea", "ana")
    assert new.clock == clock and new.takeover == "easy"
