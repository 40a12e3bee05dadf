"""The turn driver (``tui/match.py``) without a screen: whose move, which bots start, when a
hand-over is due, what a conflict stops, what a returning player is told, the result."""

from __future__ import annotations

import random

import attrs
import pytest

from engine.core import Outcome
from engine.gallic.rules import GALLIC
from saves.record import SeatInfo
from saves.session import Session
from saves.store import SaveConflict, SaveStore
from saves.tables import TableSession, TableStore
from tui.match import Match

EASY = SeatInfo(kind="bot", name="Easy bot", level="easy")
ANA, BEA = SeatInfo(kind="human", name="Ana"), SeatInfo(kind="human", name="Bea")


def match_of(store, *seats: SeatInfo, seed: int = 5) -> Match:
    return Match(Session.new(GALLIC, store, seats, {}, seed=seed, title="Match"))


def run_bots(match: Match, turn) -> None:
    """Play every bot the turn starts, as the screen's workers do (one at a time here)."""
    for seat in turn.bots:
        job = match.bot_job(seat)
        action = job.bot(job.view, job.seat, random.Random(job.seed))
        if match.bot_answer_due(seat, job.serial):
            match.session.apply(seat, action)
            match.moved(seat, True, 0)


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path)


def test_a_bot_game_is_played_to_its_result_through_the_match(store):
    match = match_of(store, EASY, EASY)
    results = []
    for _step in range(5000):
        turn = match.advance()
        assert turn.hand_over is None and not turn.human_due
        if turn.result is not None:
            results.append(turn.result)
            break
        assert turn.bots, "nobody to move in an unfinished game"
        run_bots(match, turn)
    assert results and results[0] == GALLIC.outcome(match.session.state)
    assert match.advance().result is None, "the result is due once"
    assert not match.thinking


def test_the_player_is_due_and_no_bot_plays_for_them(store):
    match = match_of(store, ANA, EASY)
    turn = match.advance()
    assert match.viewer == 0 and match.my_turn
    assert turn.human_due and 0 not in turn.bots
    for seat in turn.bots:
        match.bot_job(seat)
    assert match.advance().bots == (), "a bot already thinking is not started again"


def test_two_players_sharing_a_terminal_are_handed_over(store):
    match = match_of(store, ANA, BEA)
    assert match.hot_seat
    first = match.advance()
    assert first.hand_over == 0, "the first view is handed over too"
    assert match.advance(handing_over=True) is None, "nothing moves under the cover"
    assert match.advance().human_due, "once ready, Ana plays"
    session = match.session
    assert GALLIC.to_move(session.state) == (0, 1), "both choose at once; Ana first"
    session.apply(0, GALLIC.legal_actions(session.state, 0)[0])
    assert match.advance().hand_over == 1, "then the terminal goes to Bea"
    assert match.advance().human_due and match.viewer == 1


def test_a_game_continued_elsewhere_starts_no_more_bots(store):
    match = match_of(store, ANA, EASY)
    Session.load(SaveStore(store.root), "Match", takeover=True)
    with pytest.raises(SaveConflict):
        match.session.apply(0, GALLIC.legal_actions(match.session.state, 0)[0])
    assert match.session.conflict is not None
    assert match.advance().bots == ()


def test_a_bot_answer_for_an_older_position_is_dropped(store):
    match = match_of(store, EASY, EASY)
    seat = match.advance().bots[0]
    job = match.bot_job(seat)
    other = Match(match.session)  # someone else moved meanwhile
    other.bot_job(seat)
    action = job.bot(job.view, seat, random.Random(job.seed))
    match.session.apply(seat, action)
    match.forget_stale_bots()
    assert match.bot_answer_due(seat, job.serial) is None


def test_a_bot_that_keeps_failing_gives_up(store):
    match = match_of(store, EASY, EASY)
    assert [match.bot_refused() for _ in range(4)] == [True, True, True, False]
    match.moved(0, True, 0)
    assert match.retries == 0


def test_a_returning_player_is_told_what_happened_once(store):
    match = match_of(store, ANA, EASY)
    session = match.session
    match.advance()
    match.moved(0, False, 3)  # Ana moved; three log lines were shown then
    # then two moves by the others (only who moved matters here)
    session.record = attrs.evolve(session.record, actions=(*session.record.actions, (1, 0), (1, 0)))
    assert match.summary_from(0, log_length=9) == 3
    assert match.summary_from(0, log_length=9) is None, "said once per position"
    assert match.since_last_move(0, log_length=9) == 3


def test_the_result_is_told_in_plain_words(store):
    match = match_of(store, ANA, EASY)
    assert match.result_words(Outcome(winners=(), reason="Tied.")) == ("A draw.", "Tied.")
    headline, reason = match.result_words(Outcome(winners=(1,), reason="[b]won"))
    assert "Easy bot" in headline and reason == "[b]won", "plain text: the screen escapes it"
    assert match.campaign_step(store) is None, "not a campaign's game"


def test_waiting_for_names_nobody_off_a_table(store):
    match = match_of(store, ANA, EASY)
    assert match.waiting_for() == []


def test_a_move_at_another_terminal_is_table_news_and_a_read_problem_is_said_once(tmp_path):
    tables = TableStore(tmp_path / "tables")
    table = tables.create("gallic", ["alice", "bob"], seed=11)
    alice = Match(TableSession.join(tables, table.name, "alice"))
    bob = TableSession.join(tables, table.name, "bob")
    assert alice.table_news() == (False, None)
    assert alice.advance().bots == (), "a person elsewhere is nobody's bot here"
    bob.apply(1, GALLIC.legal_actions(bob.state, 1)[0], wait=0)
    assert alice.table_news() == (True, None)
    assert alice.table_news() == (False, None), "told once"
    (tmp_path / "tables" / f"{table.name}.json").write_text("{torn")
    moved, problem = alice.table_news()
    assert not moved and problem
    assert alice.table_news() == (False, None), "the same problem is said once"
