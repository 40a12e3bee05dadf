"""Ataque's log tells what happened: the dealer's roll, the +2 armies an exchanged card gives
its own territory, and (to a spectator too) that a player drew a card."""

from __future__ import annotations

import attrs

from engine.ataque.actions import EndPhase, Exchange
from engine.ataque.data import CARD_FIGURE, TERRITORIES
from engine.ataque.rules import ATAQUE
from engine.ataque.state import EXCHANGE, REGROUP
from saves.record import SeatInfo
from saves.session import Session
from tests.engine.ataque.helpers import rigged
from tui.screens.registry import screen_for

SEATS = (
    SeatInfo(kind="human", name="Ana"),
    SeatInfo(kind="bot", name="Teg", level="teg"),
    SeatInfo(kind="bot", name="Strong", level="strong"),
)


def log_of(store, state, seat):
    """The log lines ``seat`` (None: a spectator) reads of ``state``, as the screen words them."""
    session = Session.new(ATAQUE, store, SEATS, {}, seed=1, players=3)
    session.record = attrs.evolve(session.record, state=state)
    screen = screen_for(session)
    view = ATAQUE.view(state, seat)
    return [line for e in view.log if (line := screen.describe(e, view)) is not None]


def test_the_log_tells_the_dealer_roll(store):
    state = ATAQUE.new({}, 7, 3)
    lines = log_of(store, state, None)
    assert any(line.startswith("Roll for the dealer: ") for line in lines), lines
    assert any("deals (the highest roll)." in line for line in lines), lines


def test_the_log_tells_the_plus_two_of_an_exchanged_cards_territory(store):
    triangles = [c for c in range(42) if CARD_FIGURE[c] == "triángulo"][:3]
    mine = triangles[0]  # its territory is White's: +2 armies there
    state = rigged({"Alaska": 0}, phase=EXCHANGE, hands={0: tuple(triangles)})
    owner = list(state.owner)
    owner[mine] = 0
    state = attrs.evolve(state, owner=tuple(owner))
    state = ATAQUE.apply(state, 0, Exchange(tuple(triangles)))

    lines = log_of(store, state, 1)
    assert f"and +2 on {TERRITORIES[mine]} (the cards' own territories)." in lines[-1], lines


def test_a_spectator_reads_that_a_card_was_drawn(store):
    state = rigged({"Argelia": 0, "Brasil": 1}, phase=REGROUP, conquered=True)
    state = ATAQUE.apply(state, 0, EndPhase())
    assert "White (Ana) draws a card." in log_of(store, state, None)
    assert "White (Ana) draws a card." in log_of(store, state, 1)
    assert not any("draws a card" in line for line in log_of(store, state, 0))
