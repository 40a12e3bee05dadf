"""Resigning a game at one's own terminal (one or two players): the save says so, and every
reader of its result (Records, the Campaigns list, a replay) reads the same outcome."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.registry import GAMES
from saves import records
from saves.outcomes import outcome_of
from saves.record import SeatInfo
from saves.replay import ReplaySession
from saves.session import Session
from saves.store import SaveStore

SEATS = (SeatInfo("human", "Ana"), SeatInfo("bot", "Easy bot", "easy"))


def test_a_resigned_game_is_lost_for_the_resigner_everywhere(tmp_path):
    store = SaveStore(tmp_path)
    game = GAMES["metauro"]
    session = Session.new(game, store, SEATS, seed=3, title="Zama")
    session.resign(0)
    record = store.load(session.name)
    assert record.resigned == (0,)
    outcome = outcome_of(game, record)
    assert outcome.winners == (1,) and outcome.reason == "Ana resigned."
    (ana,) = records.compute(store, "Ana").players
    assert (ana.total.played, ana.total.lost) == (1, 1)
    assert store.list()[0].finished
    assert ReplaySession(game, record).finished
    with pytest.raises(IllegalAction):
        session.resign(0)  # over already


def test_a_takeback_undoes_a_resignation(tmp_path):
    store = SaveStore(tmp_path)
    game = GAMES["metauro"]
    session = Session.new(game, store, SEATS, seed=3, title="Zama")
    session.apply(1, game.legal_actions(session.state, 1)[0])
    session.resign(0)
    session.take_back(0)
    assert session.outcome() is None and session.record.resigned == ()


def test_a_bigger_game_at_one_terminal_is_not_resigned(tmp_path):
    store = SaveStore(tmp_path)
    seats = (SeatInfo("human", "Ana"), *[SeatInfo("bot", "Bot", "easy")] * 2)
    session = Session.new(GAMES["ataque"], store, seats, seed=3, title="TEG")
    with pytest.raises(IllegalAction, match="one or two players"):
        session.resign(0)
