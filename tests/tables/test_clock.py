"""Clocks at a table: deadlines per move and per turn, a seat taken over by a bot when its time
runs out (once, whoever notices), claimed back, and resignations. Time is a number the test
moves (``TableStore(now=...)``): nothing here sleeps."""

from __future__ import annotations

import json
import random
import threading

import pytest
from textual.widgets import Static

from engine.core import IllegalAction
from saves.outcomes import abandoned_seats, outcome_of
from saves.record import SaveError
from saves.store import SaveStore
from saves.table_clock import Clock, parse_clock, seconds_of
from saves.table_deadline import deadline, overdue
from saves.tables import TableChanged, TableSession, TableStore, turn_text
from tests.tui.conftest import settle
from tui.app import BatallasApp
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import GameScreen, ResultScreen

START = 1_800_000_000.0


class Time:
    """A clock the test sets by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def time():
    return Time()


@pytest.fixture
def store(tmp_path, time):
    return TableStore(tmp_path / "tables", now=time)


def first_move(session, seat):
    """A sensible move for ``seat`` (the easy bot's): the game goes on."""
    return session.game.bots["easy"](session.view(seat), seat, random.Random(0))


def test_per_move_the_seat_due_has_its_minutes_from_the_last_write(store, time):
    table = store.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"))
    game = store.game(table)
    assert deadline(game, table, 1) == START + 300  # metauro: seat 1 opens
    assert deadline(game, table, 0) is None  # not its move: no clock runs
    time.now += 100
    bob = TableSession.join(store, table.name, "bob")
    bob.apply(1, first_move(bob, 1))
    (due,) = game.to_move(bob.state)  # whoever moves next, from this write on
    assert deadline(game, bob.table, due) == START + 100 + 300
    assert overdue(game, bob.table, START + 399) == ()
    assert overdue(game, bob.table, START + 400) == (due,)


def test_per_turn_the_time_runs_from_the_start_of_the_turn_over_all_its_moves(store, time):
    table = store.create("ataque", ["ana", "bob", "cy"], seed=4, clock=parse_clock("turn:2h"))
    game = store.game(table)
    (first,) = game.to_move(table.record.state)
    player = TableSession.join(store, table.name, table.owners[first])
    moves = 0
    while first in game.to_move(player.state) and moves < 100:
        time.now += 60
        assert deadline(game, player.table, first) == START + 7200  # all the turn's moves
        player.apply(first, first_move(player, first))
        moves += 1
    assert moves > 1  # a turn of several moves, one clock
    (nxt,) = game.to_move(player.state)
    assert deadline(game, player.table, nxt) == time.now + 7200


def test_a_bot_seat_never_runs_out(store, time):
    table = store.create("metauro", ["ana", "bot:easy"], seed=3, clock=parse_clock("move:1m"))
    time.now += 10**6
    assert overdue(store.game(table), table, time.now) == ()


def test_a_timed_out_seat_is_taken_over_once_under_two_racing_clients(store, time):
    store.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"), takeover="easy")
    clients = [
        TableSession.join(TableStore(store.root, now=time), "metauro-1", "ana") for _ in "ab"
    ]
    time.now += 301
    start = threading.Barrier(2)
    landed = []

    def run(client):
        start.wait()
        if client.store.take_over_overdue(client.name) is not None:
            landed.append(client)

    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(landed) == 1
    table = store.load("metauro-1")
    assert table.owners == ("ana", "bot:easy") and table.taken_over == ("", "bob")
    assert table.record.seats[1].kind == "bot" and table.record.seats[1].name == "bob"
    assert abandoned_seats(table) == {1}
    # the bot plays the seat, on any client
    clients[0].refresh()
    clients[0].play_bot(1)
    assert store.load("metauro-1").version == 1


def test_the_first_reader_takes_over_when_nobody_sits_at_the_table(store, time):
    store.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"))
    time.now += 301
    (row,) = store.list()  # `table list`, the menu
    assert row.owners == ("ana", "bot:strong") and row.taken_over == ("", "bob")
    assert store.tables_of("bob") == [row]  # still his menu's table: he may claim it back


def test_claim_back_lands_before_the_bot_moves_and_is_refused_after(store, time):
    store.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"))
    time.now += 301
    store.list()
    bob = TableSession.join(store, "metauro-1", "bob")  # bob sits down again: his seat's bot
    assert bob.seat == 1 and bob.table.claimable_by("bob") == 1
    ana = TableSession.join(TableStore(store.root, now=time), "metauro-1", "ana")
    ana.play_bot(1)  # ana's client plays bob's bot before bob claims
    with pytest.raises(TableChanged):
        bob.claim_back()  # on the position before the bot's move: refused
    assert bob.table.version == 1  # he now sees the bot's move
    bob.claim_back()  # on the new position, before the bot's next move: his again
    table = store.load("metauro-1")
    assert table.owners == ("ana", "bob") and table.taken_over == ("", "bob")
    assert abandoned_seats(table) == {1}  # unrated for him though he came back
    ana.refresh()
    for _ in range(50):
        if 1 in ana.game.to_move(ana.state):
            break
        ana.apply(0, first_move(ana, 0))
    assert deadline(ana.game, store.load("metauro-1"), 1) == time.now + 300
    bob.refresh()
    with pytest.raises(IllegalAction):
        bob.claim_back()  # nothing left to claim


def test_a_bot_move_computed_before_a_claim_back_is_refused(store, time):
    store.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"))
    time.now += 301
    ana = TableSession.join(store, "metauro-1", "ana")
    ana.refresh()
    bob = TableSession.join(TableStore(store.root, now=time), "metauro-1", "bob")
    bob.claim_back()
    with pytest.raises(TableChanged):
        ana.play_bot(1)  # ana's client still thought a bot played the seat
    assert store.load("metauro-1").version == 0


def test_resigning_with_two_players_ends_the_game_for_the_other_side(store):
    store.create("metauro", ["ana", "bob"], seed=3)
    ana = TableSession.join(store, "metauro-1", "ana")
    ana.resign(0)
    table = store.load("metauro-1")
    outcome = outcome_of(store.game(table), table.record)
    assert outcome.winners == (1,) and outcome.losers == (0,)
    assert outcome.reason == "ana resigned."
    assert turn_text(store.game(table), table) == "over: ana resigned."
    bob = TableSession.join(store, "metauro-1", "bob")
    with pytest.raises(IllegalAction):
        bob.apply(1, first_move(bob, 1))
    with pytest.raises(IllegalAction):
        bob.resign(1)


def test_resigning_with_three_players_gives_the_seat_to_the_bot_for_good(store):
    store.create("ataque", ["ana", "bob", "cy"], seed=4, takeover="easy")
    bob = TableSession.join(store, "ataque-1", "bob")
    bob.resign(1)
    table = store.load("ataque-1")
    assert table.owners[1] == "bot:easy" and table.record.resigned == (1,)
    assert outcome_of(store.game(table), table.record) is None  # the others play on
    assert table.claimable_by("bob") is None
    assert abandoned_seats(table) == {1} and abandoned_seats(table.record) == {1}


def test_a_table_file_from_before_clocks_still_reads(store):
    table = store.create("metauro", ["ana", "bob"], seed=3)
    path = store.path(table.name)
    raw = json.loads(path.read_bytes())
    for key in ("clock", "takeover", "taken_over", "clock_since"):
        del raw[key]
    path.write_text(json.dumps(raw))
    old = store.load(table.name)
    assert old.clock is None and old.takeover == "strong" and old.taken_over == ()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("clock", {"per": "move", "seconds": 10**50}),
        ("clock", {"per": "week", "seconds": 60}),
        ("clock", "move:5m"),
        ("takeover", "genius"),
        ("taken_over", ["", "../etc"]),
        ("taken_over", ["carol", ""]),  # ana sits there: nobody took it from carol
        ("taken_over", [""]),
        ("taken_over", ["ANA", ""]),  # ana sits there: nobody took it from her
        ("taken_over", ["", "Ana"]),  # bob sits there: nobody took it from Ana
        ("clock_since", ["yesterday", ""]),
        ("clock_since", [3, ""]),
    ],
)
def test_every_clock_field_is_checked_on_read(store, key, value):
    table = store.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:5m"))
    path = store.path(table.name)
    raw = json.loads(path.read_bytes())
    raw[key] = value
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match=key):
        store.load(table.name)


@pytest.mark.parametrize("resigned", [[2], [0, 0], ["0"], 0, [True]])
def test_a_resignation_in_a_file_is_checked(store, resigned):
    table = store.create("metauro", ["ana", "bob"], seed=3)
    path = store.path(table.name)
    raw = json.loads(path.read_bytes())
    raw["save"]["resigned"] = resigned
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="resigned"):
        store.load(table.name)


@pytest.mark.parametrize(
    ("spec", "clock"),
    [("move:5m", Clock("move", 300)), ("turn:12h", Clock("turn", 43200)), ("TURN:2d", None)],
)
def test_clock_specs(spec, clock):
    parsed = parse_clock(spec)
    assert parsed == (clock or Clock("turn", 172800))
    assert parse_clock(parsed.spec()) == parsed


@pytest.mark.parametrize(
    "spec", ["", "5m", "move:5h", "turn:30m", "move:0m", "turn:99999d", "move:-5m", "move:5m\x1b"]
)
def test_odd_clock_specs_get_one_sentence(spec):
    with pytest.raises(ValueError, match="clock|range") as err:
        parse_clock(spec)
    assert "\n" not in str(err.value)


def test_stamps_round_trip():
    table_since = "2026-12-03T15:00:00.000Z"
    assert seconds_of(table_since) == 1_796_310_000.0


async def test_the_clock_counts_down_and_a_timed_out_seat_is_played_by_its_bot(tmp_path, time):
    """ana's screen shows bob's time; once it ran out, ana's client gives bob's seat to the bot
    (its timer: nobody polls for it), the bot moves and the status line says bob may claim."""
    tables = TableStore(tmp_path / "tables", now=time)
    tables.create("metauro", ["ana", "bob"], seed=3, clock=parse_clock("move:1m"))
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: app.open_table("metauro-1"),
        bot_delay=0,
        player="ana",
        tables=TableStore(tables.root, now=time),
    )
    time.now += 30
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        clock = screen.query_one("#table-clock", Static)
        assert str(clock.render()).strip() == "⏱ bob · 0:30 left"
        time.now += 31
        screen.schedule_clock()  # as after any change: the timer fires at the deadline
        await settle(pilot, app)
        table = tables.load("metauro-1")
        assert table.owners == ("ana", "bot:strong") and table.version >= 1
        assert screen.session.table.taken_over == ("", "bob")
        said = "\n".join(screen.log_lines())
        assert "bob's time ran out: the strong bot plays the seat; bob may claim" in said


async def test_resigning_at_a_two_player_table_shows_who_resigned(tmp_path, time):
    tables = TableStore(tmp_path / "tables", now=time)
    tables.create("metauro", ["ana", "bob"], seed=3)
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: app.open_table("metauro-1"),
        bot_delay=0,
        player="ana",
        tables=TableStore(tables.root, now=time),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f8")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        assert "ana resigned." in app.screen.details.plain
        assert "bob" in app.screen.headline.plain
        game = app.screen_stack[-2]
        said = str(game.query_one("#prompt").render())
        assert "Waiting" not in said, said  # nobody is waited for once the game is over
    table = tables.load("metauro-1")
    assert table.record.resigned == (0,)


async def test_once_the_bot_ended_the_game_nobody_is_told_to_claim_the_seat_back(tmp_path, time):
    """ana kept her hand; bob's minute ran out and his bot's move ended a one-battle game:
    the status line no longer says bob may claim his seat back (a claim is refused now)."""
    tables = TableStore(tmp_path / "tables", now=time)
    table = tables.create(
        "gallic", ["ana", "bob"], seed=7, config={"battles": 1}, clock=parse_clock("move:1m")
    )
    game = tables.game(table)
    (keep,) = [a for a in game.legal_actions(table.record.state, 0) if not a.cards]
    tables.apply(table.name, 0, 0, keep)
    time.now += 61
    app = BatallasApp(
        SaveStore(tmp_path / "saves"),
        start=lambda app: app.open_table(table.name),
        bot_delay=0,
        player="ana",
        tables=TableStore(tables.root, now=time),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        screen = app.screen_stack[-2]
        assert screen.session.table.taken_over == ("", "bob")
        said = str(screen.query_one("#prompt").render())
        assert "claim" not in said, said
