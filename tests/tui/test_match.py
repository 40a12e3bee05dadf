"""The turn driver (``tui/match.py``) without a screen: whose move, which bots start, when a
hand-over is due, what a conflict stops, what a returning player is told, the result."""

from __future__ import annotations

import random

import attrs
import pytest

from engine.core import Outcome, replay
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


# --- the coach: takebacks and hints (issue 29) ----------------------------------------------
STRONG = SeatInfo(kind="bot", name="Strong bot", level="strong")


def play_decisions(match: Match, picks: list[int]) -> list:
    """Ana (seat 0) makes one decision per pick (the pick-th legal action, wrapped), the bots
    answering between them as the screen's workers would; the states after each decision."""
    states = []
    for pick in picks:
        turn = match.advance()
        while not turn.human_due:
            assert turn.bots and turn.result is None, "the game ended before Ana's decision"
            run_bots(match, turn)
            turn = match.advance()
        legal = GALLIC.legal_actions(match.session.state, 0)
        match.session.apply(0, legal[pick % len(legal)])
        match.moved(0, False, 0)
        states.append(match.session.state)
    return states


def test_a_takeback_replays_to_the_identical_state_and_the_same_moves_meet_the_same_bots(store):
    match = match_of(store, ANA, STRONG, seed=17)
    picks = [3, 0, 1, 5, 2]
    first = play_decisions(match, picks)
    run_bots(match, match.advance())
    actions_first = match.session.record.actions
    revision = match.session.record.revision
    taken = match.take_back()
    keep = taken.keep
    assert actions_first[keep][0] == 0, "back to just before Ana's last decision"
    assert all(seat == 1 for seat, _a in actions_first[keep + 1 :]), "after it, only bots"
    assert match.session.record.actions == actions_first[:keep], "the bots' replies went too"
    rebuilt = replay(GALLIC, match.session.record.config, 17, 2, list(actions_first[:keep]))
    assert match.session.state == rebuilt, "the state replayed from the seed, all of it"
    assert 0 in GALLIC.to_move(match.session.state), "Ana decides again"
    on_disk = SaveStore(store.root).load("Match")
    assert on_disk.actions == actions_first[:keep] and on_disk.takebacks == 1
    assert on_disk.revision > revision, "saved at once, as a new revision"
    again = play_decisions(match, picks[-1:])
    run_bots(match, match.advance())
    assert again[-1] == first[-1], "the same move gives the same position"
    assert match.session.record.actions == actions_first, "and the bots answer it the same way"


def test_takebacks_go_back_one_decision_each_down_to_the_first(store):
    match = match_of(store, ANA, STRONG, seed=17)
    play_decisions(match, [1, 2, 0])
    anas = [i for i, (seat, _a) in enumerate(match.session.record.actions) if seat == 0]
    kept = []
    while not isinstance(taken := match.take_back(), str):
        kept.append(taken.keep)
    assert kept == anas[::-1], "each takeback goes back one of Ana's decisions"
    assert taken == "This is your first decision: there is nothing to take back."
    assert match.session.state == GALLIC.new(match.session.record.config, 17, 2)
    assert SaveStore(store.root).load("Match").takebacks == len(anas)


def test_a_takeback_forgets_the_bots_thinking(store):
    match = match_of(store, ANA, STRONG, seed=17)
    play_decisions(match, [0])
    turn = match.advance()
    job = match.bot_job(turn.bots[0]) if turn.bots else None
    match.take_back()
    assert not match.thinking
    if job is not None:
        assert match.bot_answer_due(job.seat, job.serial, job.epoch) is None


def test_a_takeback_after_the_end_takes_the_result_back(store):
    match = match_of(store, ANA, EASY, seed=3)
    turn = match.advance()
    for _step in range(500):
        if turn.result is not None:
            break
        if turn.human_due:
            match.session.apply(0, GALLIC.legal_actions(match.session.state, 0)[0])
        run_bots(match, turn)
        turn = match.advance()
    assert turn.result is not None
    assert match.hint_refusal() == "The game is over: there is no move to hint."
    match.take_back()
    assert match.session.outcome() is None, "play resumes"
    turn = match.advance()
    assert turn.human_due and turn.result is None


def test_a_second_session_meets_a_conflict_after_a_takeback(store):
    match = match_of(store, ANA, STRONG, seed=17)
    play_decisions(match, [0, 1])
    other = Session.load(SaveStore(store.root), "Match", takeover=True)
    match.session.close()
    with pytest.raises(SaveConflict):
        match.take_back()
    other.close()


@pytest.mark.parametrize(
    ("seats", "said"),
    [
        ((ANA, BEA), "Not in hot seat: the coach would help one player against another."),
        ((EASY, EASY), "Only bots play this game: there is nobody to help."),
    ],
)
def test_the_coach_refuses_to_help_one_person_against_another(store, seats, said):
    match = match_of(store, *seats)
    assert match.hint_refusal() == said
    assert match.take_back() == said


def test_the_coach_refuses_at_a_shared_table(tmp_path):
    tables = TableStore(tmp_path / "tables")
    table = tables.create("gallic", ["alice", "bot:strong"], seed=11)
    alice = Match(TableSession.join(tables, table.name, "alice"))
    said = "Not at a shared table: the coach would help one player against the others."
    assert alice.hint_refusal() == said
    assert alice.take_back() == said


def test_a_hint_is_for_the_position_it_was_asked_about(store, monkeypatch):
    match = match_of(store, ANA, STRONG, seed=17)
    assert match.advance().human_due and match.hint_refusal() is None
    job = match.hint_job()
    assert job.view == GALLIC.view(match.session.state, 0), "the player's view only"
    assert job.seed == match.hint_job().seed, "the same position, the same seed"
    assert match.hint_due(job)
    job = match.hint_job()
    match.session.apply(0, GALLIC.legal_actions(match.session.state, 0)[0])
    match.advance()
    assert not match.hint_due(job), "a move was made since: the hint is dropped"
    assert match.hinting is None
