"""Records come from the saves folder and the campaign files, nothing else: finished games
per player, game and opposition, and the best streaks."""

from __future__ import annotations

import attrs

from engine.mates.actions import NextPuzzle, Solve
from engine.mates.board import position
from engine.registry import GAMES
from saves.campaigns import ALAMO, LADDER, CampaignStore, Played, Result
from saves.record import SeatInfo
from saves.records import ALAMO_HELD, LADDER_CLIMB, MATES_SOLO, Line, Streak, Tally, compute
from saves.session import Session
from tests.saves.test_campaigns import finish

ANA = SeatInfo("human", "Ana")
EASY = SeatInfo("bot", "Easy bot", "easy")
GALLIC = "La Guerra Gallica"


def gallic(store, seats, seed, done=True):
    session = Session.new(GAMES["gallic"], store, seats, {"battles": 5}, seed=seed)
    if done:
        finish(session)
    session.close()
    return session.outcome()


def solve_all(store, cards: int) -> None:
    session = Session.new(GAMES["mates"], store, (ANA,), {"puzzles": cards}, 2, "Run", 1)
    while session.outcome() is None:
        state = session.state
        card = state.cards[state.solo.current]
        session.apply(0, Solve(position(card.fen).parse_san(card.mate_san).uci()))
        session.apply(0, NextPuzzle())
    session.close()


def test_records_count_finished_games_per_player_game_and_opposition(store):
    # seeded bots: Rome wins seed 2, the Gauls win seed 1
    assert gallic(store, (ANA, EASY), seed=2).winners == (0,)
    assert gallic(store, (EASY, SeatInfo("human", "ana ")), seed=1).winners == (1,)
    assert gallic(store, (ANA, EASY), seed=1).winners == (1,)
    assert gallic(store, (ANA, SeatInfo("human", "Bruno")), seed=2).winners == (0,)
    gallic(store, (ANA, EASY), seed=3, done=False)  # still being played: not counted
    solve_all(store, cards=2)
    (store.root / "broken.json").write_text("{")
    records = compute(store)
    assert records.finished == 5 and records.unread == 1
    ana, bruno = records.players
    assert ana.name == "Ana"  # "ana " is the same player
    assert ana.lines == (
        Line(GALLIC, "easy bot", Tally(played=3, won=2, lost=1)),
        Line(GALLIC, "humans", Tally(played=1, won=1)),
        Line("Mates Hostiles", "solo", Tally(played=1, won=1)),
    )
    assert ana.streaks == (Streak(MATES_SOLO, 2, "Run"),)
    assert bruno.lines == (Line(GALLIC, "humans", Tally(played=1, lost=1)),)


def test_hosted_records_are_the_logins_own(store):
    gallic(store, (SeatInfo("human", "whatever I typed"), EASY), seed=2)  # Rome wins seed 2
    gallic(store, (ANA, SeatInfo("human", "Bruno")), seed=2)  # hot seat: neither is the login
    gallic(store, (SeatInfo("human", "login"), ANA), seed=2)  # hot seat: the login is Rome
    gallic(store, (SeatInfo("human", "LOGIN"), ANA), seed=2)  # logins are case-sensitive
    (records,) = compute(store, player="login").players
    assert records.name == "login"
    assert records.lines == (
        Line(GALLIC, "easy bot", Tally(played=1, won=1)),
        Line(GALLIC, "humans", Tally(played=1, won=1)),
    )


def test_campaign_streaks_come_from_the_campaign_files(store):
    campaigns = CampaignStore(store)
    held, fell = Result((0,), "held"), Result((), "fell")
    alamo = campaigns.create(ALAMO, "Hold", (ANA,), {}, seed=1)
    games = tuple(
        Played(save=f"siege-{i}", game_id="alamo", seed=i, created="", result=r)
        for i, r in enumerate((held, held, held, fell))
    )
    campaigns._write(attrs.evolve(alamo, played=games))  # their saves deleted since
    ladder = campaigns.create(LADDER, "Climb", (ANA,), {"deck": "default"}, seed=1)
    rungs = tuple(
        Played(save=f"rung-{i}", game_id="mates", seed=i, created="", result=r)
        for i, r in enumerate((Result((0,), "", solved=1), Result((0,), "", solved=0)))
    )
    campaigns._write(attrs.evolve(ladder, played=rungs))
    (ana,) = compute(store).players
    assert ana.lines == ()  # no save: nothing played counts as a game
    assert ana.streaks == (Streak(ALAMO_HELD, 3, "Hold"), Streak(LADDER_CLIMB, 1, "Climb"))


def test_a_lost_solitaire_counts_as_a_loss(store):
    """The engine says a fallen Alamo is lost (not drawn), so records need no special case."""
    for seed in (1, 2):
        session = Session.new(GAMES["alamo"], store, (ANA,), {}, seed=seed, players=1)
        finish(session)
        assert session.outcome().losers == (0,) and not session.outcome().is_draw
    (ana,) = compute(store).players
    assert ana.lines == (Line("El Álamo", "solo", Tally(played=2, lost=2)),)


def test_games_played_with_the_coachs_help_are_counted_apart(store):
    helped = Session.new(GAMES["gallic"], store, (ANA, EASY), {"battles": 5}, seed=2)
    helped.mark_hint()  # as the game screen counts a hint shown
    finish(helped)
    helped.close()
    assert helped.outcome().winners == (0,)
    assert gallic(store, (ANA, EASY), seed=1).winners == (1,)
    (ana,) = compute(store).players
    assert ana.lines == (
        Line(GALLIC, "easy bot", Tally(played=1, lost=1)),
        Line(GALLIC, "easy bot, with hints", Tally(played=1, won=1)),
    )
