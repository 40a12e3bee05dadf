"""Campaigns: one file in saves/campaigns/, games as ordinary saves, a running score, the next
game, and damaged or stale files that are reported and never overwritten."""

from __future__ import annotations

import json
import os
import random

import attrs
import pytest

from engine.mates.actions import GiveUp, NextPuzzle, Solve
from engine.mates.board import position
from saves.campaigns import (
    ALAMO,
    CUSTOM,
    GALLIC_WARS,
    LADDER,
    PUNIC,
    BrokenCampaign,
    Campaign,
    CampaignMoved,
    CampaignStore,
    Result,
    mating_elo,
    planned,
    standing,
)
from saves.paths import MAX_TITLE, title_width
from saves.record import SaveError, SeatInfo, now_iso
from saves.session import Session

ANA = SeatInfo("human", "Ana")
EASY = SeatInfo("bot", "Easy bot", "easy")


@pytest.fixture
def campaigns(store):
    return CampaignStore(store)


def finish(session: Session, level: str = "easy") -> None:
    """Let bots play every seat to the end (seeded), then save once: quicker than an
    autosave per move, and the same file."""
    game, state, actions = session.game, session.state, list(session.record.actions)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        action = game.bots[level](game.view(state, seat), seat, random.Random(len(actions)))
        state = game.apply(state, seat, action)
        actions.append((seat, action))
    session.record = session.store.save(
        attrs.evolve(session.record, state=state, actions=tuple(actions), updated=now_iso())
    )
    session.close()


def status_of(campaigns: CampaignStore, name: str):
    return campaigns.status(campaigns.load(name))


def test_a_campaign_is_one_file_in_the_campaigns_folder(store, campaigns):
    made = campaigns.create(GALLIC_WARS, "Gallia", (ANA, EASY), {"battles": 5}, seed=3)
    path = store.root / "campaigns" / "Gallia.json"
    assert path.is_file() and made.revision == 1
    raw = json.loads(path.read_text())
    assert raw["format"] == "batallas-campaign" and raw["played"] == []
    assert campaigns.list() == [made]
    assert store.list() == []  # the saves listing never mistakes it for a game
    again = campaigns.create(GALLIC_WARS, "Gallia", (ANA, EASY), {"battles": 5}, seed=3)
    assert again.name == "Gallia-2"


def test_gallic_wars_keeps_a_running_score_until_three_wins(store, campaigns):
    made = campaigns.create(GALLIC_WARS, "Gallia", (ANA, EASY), {"battles": 5}, seed=3)
    scores = []
    for _ in range(5):
        status = status_of(campaigns, made.name)
        if not status.ready:
            break
        session = campaigns.start_next(made.name, len(status.entries))
        assert session.record.seats == (ANA, EASY)  # the same sides in every game
        assert session.record.config["battles"] == 5
        assert status_of(campaigns, made.name).current == session.name
        finish(session)
        scores.append(status_of(campaigns, made.name).standing.score)
    status = status_of(campaigns, made.name)
    wins = [r.winners for r in (e.result for e in status.entries)]
    rome, gauls = wins.count((0,)), wins.count((1,))
    assert scores[-1] == f"Rome {rome}, Gauls {gauls}"
    assert status.standing.over and max(rome, gauls) == 3
    winner = "Rome" if rome == 3 else "Gauls"
    assert status.standing.verdict == f"{winner} wins the war, 3–{min(rome, gauls)}."
    assert not status.ready and status.next_text == "over"
    with pytest.raises(SaveError, match="is over"):
        campaigns.start_next(made.name, len(status.entries))
    # every finished game but the last had its result copied into the file when it moved on
    recorded = [p.result for p in campaigns.load(made.name).played]
    assert all(r is not None for r in recorded[:-1]) and recorded[-1] is None


def test_the_second_punic_war_is_metauro_then_zama_with_the_same_sides(campaigns):
    sides = (EASY, SeatInfo("bot", "Hannibal", "easy"))
    made = campaigns.create(PUNIC, "Punic", sides, {"consul": "Nero"}, seed=11)
    first = campaigns.start_next(made.name, 0)
    assert first.record.config["scenario"] == "metauro" and first.record.config["consul"] == "Nero"
    finish(first)
    status = status_of(campaigns, made.name)
    assert status.ready and status.next_label == "Zama, 202 BC"
    second = campaigns.start_next(made.name, 1)
    assert second.record.config["scenario"] == "zama" and second.record.seats == sides
    finish(second)
    status = status_of(campaigns, made.name)
    romans = sum(e.result.winners == (0,) for e in status.entries)
    carthage = sum(e.result.winners == (1,) for e in status.entries)
    assert status.standing.score == f"Romans {romans}, Carthaginians {carthage}"
    assert status.standing.over and not status.ready


def test_the_mates_ladder_climbs_in_rising_elo_and_ends_at_the_first_miss(campaigns):
    made = campaigns.create(LADDER, "Ladder", (ANA,), {"deck": "default"}, seed=1)
    elos = [mating_elo_of(planned(made, i)) for i in range(48)]
    assert elos == sorted(elos) and elos[0] < elos[-1]
    for rung, solve in enumerate((True, True, False)):
        session = campaigns.start_next(made.name, rung)
        card = session.state.cards[session.state.solo.current]
        if solve:
            move = position(card.fen).parse_san(card.mate_san)
            session.apply(0, Solve(move.uci()))
        else:
            session.apply(0, GiveUp())
        session.apply(0, NextPuzzle())
        session.close()
        status = status_of(campaigns, made.name)
        assert status.standing.score == f"streak {2 if rung == 2 else rung + 1}"
    assert status.standing.over and status.standing.verdict == "Missed rung 3: a streak of 2."


def mating_elo_of(plan) -> int:
    from engine.mates.data import cards_from_dicts

    (card,) = cards_from_dicts(plan.config["deck"])
    return mating_elo(card)


def test_scores_of_the_alamo_and_of_a_custom_series():
    stamp = now_iso()

    def campaign(kind, seats, options):
        return Campaign(
            name="c",
            title="C",
            kind=kind,
            seats=seats,
            options=options,
            seed=1,
            created=stamp,
            updated=stamp,
        )

    held, fell = Result((0,), "held"), Result((), "fell")
    alamo = campaign(ALAMO, (ANA,), {})
    assert planned(alamo, 7).players == 1 and planned(alamo, 7).label == "siege 8"
    assert standing(alamo, [held, held]).score == "2 sieges held"
    assert not standing(alamo, [held, held]).over
    ended = standing(alamo, [held, held, fell])
    assert ended.over and ended.verdict == "The Alamo fell in siege 3: 2 sieges held in a row."
    series = campaign(CUSTOM, (ANA,), {"games": ["metauro", "ataque"], "level": "strong"})
    second = planned(series, 1)
    assert second.game_id == "ataque" and second.players == 3
    assert second.seats[0] == ANA and {s.level for s in second.seats[1:]} == {"strong"}
    assert planned(series, 2) is None
    won, lost = Result((0,), "won"), Result((1,), "lost")
    assert standing(series, [won]).score == "won 1, lost 0" and not standing(series, [won]).over
    assert standing(series, [won, lost]).verdict == "Series over: won 1, lost 1 of 2."


def test_a_damaged_campaign_file_is_listed_with_its_reason_and_never_written(store, campaigns):
    good = campaigns.create(ALAMO, "Alamo", (ANA,), {}, seed=2)
    bad = campaigns.create(ALAMO, "Bad", (ANA,), {}, seed=2)
    path = campaigns.path(bad.name)
    raw = json.loads(path.read_text())
    raw["kind"] = "crusade"
    damaged = json.dumps(raw).encode()
    path.write_bytes(damaged)
    listed = campaigns.list()
    assert listed[0] == good
    assert listed[1] == BrokenCampaign("Bad", str(path), "field kind: unknown kind 'crusade'")
    with pytest.raises(SaveError, match="left untouched"):
        campaigns.rename(bad, "Other")
    with pytest.raises(SaveError, match="unknown kind"):
        campaigns.start_next(bad.name, 0)
    assert path.read_bytes() == damaged
    assert store.list() == []  # no game was started for it


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_in_place_of_a_campaign_is_refused_without_blocking(campaigns):
    campaigns.root.mkdir(parents=True)
    os.mkfifo(campaigns.root / "pipe.json")
    (broken,) = campaigns.list()
    assert broken.reason == "not a regular file (a FIFO)"


def test_another_session_that_moved_on_first_wins(campaigns):
    made = campaigns.create(ALAMO, "Alamo", (ANA,), {}, seed=2)
    campaigns.start_next(made.name, 0).close()
    with pytest.raises(CampaignMoved):
        campaigns.start_next(made.name, 0)  # this session had not seen the first game
    with pytest.raises(CampaignMoved):
        campaigns.rename(made, "Stale")  # nor the revision that started it
    assert campaigns.load(made.name).title == "Alamo"


def test_typed_names_with_control_characters_are_refused(campaigns):
    with pytest.raises(SaveError, match="control"):
        campaigns.create(ALAMO, "Al\x1b[31mamo", (ANA,), {})
    with pytest.raises(SaveError, match="control"):
        campaigns.create(ALAMO, "Alamo", (SeatInfo("human", "Ana\u202e"),), {})
    assert campaigns.list() == []


def test_a_lost_game_keeps_its_result_or_is_played_again(store, campaigns):
    made = campaigns.create(GALLIC_WARS, "Gallia", (ANA, EASY), {"battles": 5}, seed=3)
    first = campaigns.start_next(made.name, 0)
    finish(first)
    second = campaigns.start_next(made.name, 1)
    second.close()
    before = status_of(campaigns, made.name)
    store.delete(first.name)
    store.delete(second.name)
    status = status_of(campaigns, made.name)
    assert status.standing == before.standing  # the first game's result was kept
    assert status.entries[0].problem == "its save is gone"
    assert status.entries[1].problem == "its save is gone" and status.ready
    again = campaigns.start_next(made.name, 2)  # the second game, dealt again
    assert again.record.seed == second.record.seed
    assert [p.save for p in campaigns.load(made.name).played] == [first.name, again.name]


def test_a_campaign_title_is_refused_past_the_limit_and_cut_when_read(store, campaigns):
    with pytest.raises(SaveError, match="too long"):
        campaigns.create(ALAMO, "A" * (MAX_TITLE + 1), (ANA,), {})
    made = campaigns.create(ALAMO, "A" * MAX_TITLE, (ANA,), {})
    with pytest.raises(SaveError, match="too long"):
        campaigns.rename(made, "B" * (MAX_TITLE + 1))
    path = store.root / "campaigns" / f"{made.name}.json"
    raw = json.loads(path.read_text())
    path.write_text(json.dumps({**raw, "title": "C" * 100_000}))
    assert [c.title for c in campaigns.list()] == ["C" * (MAX_TITLE - 1) + "…"]
    game = campaigns.start_next(made.name, 0)
    assert title_width(game.record.title) <= MAX_TITLE
