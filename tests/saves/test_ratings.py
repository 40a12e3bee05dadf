"""Ratings (issue 30): which finished games rate whom, ranks, bots per level, the cache file
worked out again from the saves with the same numbers, and hostile cache files."""

from __future__ import annotations

import functools
import json
import os
import random
from pathlib import Path

import attrs
import pytest

from engine.core import Outcome
from engine.registry import GAMES
from saves import ratings, store
from saves.outcomes import outcome_of
from saves.paths import PLAYERS
from saves.record import SaveError, SaveRecord, SeatInfo
from saves.store import encode
from saves.table_file import Table, encode_table
from tests.saves.support import played_record

GALLIC = GAMES["gallic"]
SEAT0_WINS, SEAT1_WINS = 1, 5  # seeds of random Gallic games that end, and who wins them
HUMAN = SeatInfo("human", "typed name")


@functools.cache
def finished(seed: int) -> SaveRecord:
    return played_record(GALLIC, seed)


def write_save(folder: Path, name: str, seed: int, seats, when: str, **marks: int) -> SaveRecord:
    """A finished Gallic save called ``name`` in ``folder``, finished at ``when``."""
    record = attrs.evolve(finished(seed), name=name, seats=tuple(seats), updated=when, **marks)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_bytes(encode(record, GALLIC))
    return record


def bot(level: str) -> SeatInfo:
    return SeatInfo("bot", "Bot", level)


@pytest.fixture
def club(tmp_path) -> Path:
    return tmp_path / "saves"


def login(club: Path, name: str) -> Path:
    return club / PLAYERS / name


def compute(club: Path) -> ratings.Ratings:
    return ratings.compute(club, club.parent / "tables")


def rows(result: ratings.Ratings, game: str = "gallic") -> dict[str, ratings.Standing]:
    return {s.player: s for s in result.standings.get(game, ())}


def test_a_won_game_against_a_bot_rates_the_login_and_the_bots_level(club):
    write_save(login(club, "Ana"), "g", SEAT0_WINS, [HUMAN, bot("strong")], "2026-01-01T10:00Z")
    result = compute(club)
    table = rows(result)
    assert set(table) == {"ana", "bot:strong"}  # the login, whatever name was typed
    assert table["ana"].name == "Ana" and table["ana"].games == 1
    assert table["ana"].rating.ordinal > table["bot:strong"].rating.ordinal
    change = result.change("players/Ana/g", "Ana")
    assert change.before.ordinal == pytest.approx(0.0)
    assert change.after.ordinal > 0
    line = ratings.result_line(result, "players/Ana/g", "Ana")
    assert line.startswith("Rating: 0.0 → ") and ", +" in line


@pytest.mark.parametrize(
    ("seats", "marks", "why", "told"),
    [
        ([HUMAN, bot("easy")], {"hints": 1}, ratings.HINTS, "Unrated (hints)"),
        ([HUMAN, bot("easy")], {"takebacks": 2}, ratings.TAKEBACKS, "Unrated (takebacks)"),
        ([HUMAN, SeatInfo("human", "Bea")], {}, ratings.HOT_SEAT, "Unrated (hot seat)"),
        ([bot("easy"), bot("expert")], {}, ratings.NO_PERSON, ""),
    ],
)
def test_coached_hot_seat_and_bots_only_games_are_not_rated(club, seats, marks, why, told):
    write_save(club, "g", SEAT0_WINS, seats, "2026-01-01T10:00Z", **marks)
    result = compute(club)
    assert result.standings == {}
    assert result.unrated == {"saves/g": why}
    assert ratings.result_line(result, "saves/g", "typed name") == told


def test_ranks_put_the_winners_first_and_tie_the_rest_and_a_draw_ties_all():
    assert ratings.ranks(Outcome((1,), "won"), [0, 1, 2]) == [1, 0, 1]
    assert ratings.ranks(Outcome((0, 2), "won"), [0, 1, 2]) == [0, 1, 0]
    assert ratings.ranks(Outcome((), "drawn"), [0, 1, 2]) == [0, 0, 0]


def test_bots_are_rated_per_game_and_level_one_rating_for_a_level_at_two_seats():
    sides = (
        ratings.Side("ana", "Ana", 0),
        ratings.Side("bot:easy", "bot:easy", 1),
        ratings.Side("bot:easy", "bot:easy", 1),
    )
    played = [
        ratings.Played("saves/a", "ataque", "2026-01-01T10:00Z", sides),
        ratings.Played(
            "saves/b",
            "gallic",
            "2026-01-01T11:00Z",
            (ratings.Side("ana", "Ana", 1), ratings.Side("bot:easy", "bot:easy", 0)),
        ),
    ]
    standings, changes = ratings.rate(played)
    ataque = {s.player: s for s in standings["ataque"]}
    gallic = {s.player: s for s in standings["gallic"]}
    assert ataque["bot:easy"].games == 1 and len(changes["saves/a"]) == 2
    assert ataque["bot:easy"].rating.ordinal < 0 < ataque["ana"].rating.ordinal
    # Gallic's easy bot started afresh: its first game there, which it won
    assert gallic["bot:easy"].games == 1 and gallic["bot:easy"].rating.ordinal > 0


def test_games_are_rated_in_the_order_they_finished(club):
    folder = login(club, "Ana")
    write_save(folder, "z-first", SEAT1_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    write_save(folder, "a-second", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-02T10:00Z")
    result = compute(club)
    first = result.change("players/Ana/z-first", "Ana")
    second = result.change("players/Ana/a-second", "Ana")
    assert first.before == ratings.Rating() and second.before == first.after
    assert rows(result)["ana"].last == "2026-01-02T10:00Z"


def write_table(folder: Path, name: str, owners: tuple[str, ...], seed: int, taken_over=()) -> None:
    seats = tuple(SeatInfo("human", o) for o in owners)
    record = attrs.evolve(finished(seed), name=name, seats=seats)
    table = Table(record, owners, len(record.actions), taken_over=taken_over)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_bytes(encode_table(table, GALLIC))


def test_a_finished_table_rates_each_person_unless_a_bot_took_a_seat_over(club):
    tables = club.parent / "tables"
    write_table(tables, "t1", ("ana", "Bob"), SEAT1_WINS)
    result = compute(club)
    assert rows(result)["bob"].rating.ordinal > rows(result)["ana"].rating.ordinal
    assert ratings.result_line(result, "tables/t1", "ana").startswith("Rating: 0.0 → -")

    # ana's time ran out once and a bot played her seat until she claimed it back
    write_table(tables, "t1", ("ana", "Bob"), SEAT1_WINS, taken_over=("ana", ""))
    (club.parent / ratings.FILE).unlink()
    result = compute(club)
    assert result.standings == {}  # one side left: nobody to be rated against
    assert ratings.result_line(result, "tables/t1", "Bob") == "Unrated (a bot took a seat over)"


def test_deleting_the_ratings_file_and_recomputing_gives_the_same_numbers(club):
    write_save(login(club, "ana"), "g1", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    write_save(login(club, "bob"), "g2", SEAT1_WINS, [HUMAN, bot("easy")], "2026-01-01T11:00Z")
    write_save(club, "g3", SEAT1_WINS, [bot("easy"), SeatInfo("human", "Ana")], "2026-01-02Z")
    write_table(club.parent / "tables", "t", ("ana", "bob"), SEAT0_WINS)
    cache = club.parent / ratings.FILE
    first = compute(club)
    assert cache.is_file()
    cached = compute(club)  # read back from the file
    cache.unlink()
    again = compute(club)
    assert first == cached == again
    assert rows(first)["ana"].games == 3  # her folder, the host's own save, the table


def test_a_new_game_makes_the_cache_stale(club):
    folder = login(club, "ana")
    write_save(folder, "g1", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    compute(club)
    write_save(folder, "g2", SEAT1_WINS, [HUMAN, bot("easy")], "2026-01-01T11:00Z")
    assert rows(compute(club))["ana"].games == 2


def test_a_copy_of_a_won_game_counts_once(club):
    folder = login(club, "ana")
    write_save(folder, "won", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    write_save(folder, "won-copy", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T11:00Z")
    result = compute(club)
    assert rows(result)["ana"].games == 1
    told = ratings.result_line(result, "players/ana/won-copy", "ana")
    assert told == "Unrated (a copy of a game already rated)"


BROKEN = [
    b"",
    b"not json",
    b"[]",
    b'{"format": "batallas-ratings", "version": 1}',
    b'{"format": "batallas-ratings", "version": 1, "files": {"saves/g": [[1,2,3], null]},'
    b' "fingerprint": "x", "standings": {}, "changes": {}}',
    b'{"format": "batallas-ratings", "version": 1, "files": {"s": [[1,2,3,4], ["k"]]},'
    b' "fingerprint": "x", "standings": {}, "changes": {}}',
    b'{"format": "batallas-ratings", "version": 1, "files": {}, "fingerprint": "x",'
    b' "standings": {"gallic": [["ana", "Ana", 1e400, -1, 1, "t"]]}, "changes": {}}',
]


@pytest.mark.parametrize("data", BROKEN)
def test_a_broken_ratings_file_is_worked_out_again(club, data):
    write_save(login(club, "ana"), "g", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    expected = compute(club)
    cache = club.parent / ratings.FILE
    cache.write_bytes(data)
    assert compute(club) == expected
    assert ratings.read_cache(cache) is not None  # written again, whole


def test_a_fifo_or_a_link_in_place_of_the_ratings_file_is_never_read_or_written(club, tmp_path):
    write_save(login(club, "ana"), "g", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    expected = compute(club)
    cache = club.parent / ratings.FILE
    cache.unlink()
    os.mkfifo(cache)
    assert compute(club) == expected  # a FIFO would block a reader forever
    assert not cache.is_file()
    cache.unlink()
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    cache.symlink_to(target)
    assert compute(club) == expected
    assert target.read_text() == "keep me"


def test_an_unreadable_save_is_counted_and_stops_nothing(club):
    write_save(login(club, "ana"), "g", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z")
    (login(club, "ana") / "junk.json").write_bytes(b'{"format": "batallas-save", "game": 7}')
    result = compute(club)
    assert result.unread == 1 and rows(result)["ana"].games == 1


def test_a_person_named_like_a_bot_is_not_taken_for_the_bot(club):
    seats = [SeatInfo("human", "Bot:Easy"), bot("easy")]  # typed in the host's own game
    write_save(club, "g", SEAT0_WINS, seats, "2026-01-01T10:00Z")
    assert len(rows(compute(club))) == 2


def test_a_resigned_game_is_rated_as_the_resignation_says(club):
    """The engine's game was won by seat 0, but seat 0 resigned first: seat 1 won."""
    folder = login(club, "ana")
    write_save(folder, "g", SEAT0_WINS, [HUMAN, bot("easy")], "2026-01-01T10:00Z", resigned=(0,))
    result = compute(club)
    assert rows(result)["bot:easy"].rating.ordinal > rows(result)["ana"].rating.ordinal


# --- the envelope alone (``saves.store.decode_finished``) ---------------------------------------


@functools.cache
def finished_game(game_id: str) -> SaveRecord:
    """The first random game of ``game_id`` (fewest players, two at least) that ends."""
    game = GAMES[game_id]
    players = max(2, game.min_players)
    for seed in range(1, 200):
        chooser = random.Random(seed)
        state, actions = game.new({}, seed, players), []
        while game.to_move(state) and len(actions) < 400:
            seat = chooser.choice(game.to_move(state))
            action = chooser.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action)
            actions.append((seat, action))
        if game.outcome(state) is not None:
            return SaveRecord(
                name="game",
                title="Game",
                game_id=game_id,
                players=players,
                seats=(HUMAN, *(bot("easy") for _ in range(players - 1))),
                config={},
                seed=seed,
                actions=tuple(actions),
                state=state,
                created="2026-01-01T10:00Z",
                updated="2026-01-01T11:00Z",
                rules_version=game.rules_version,
            )
    raise AssertionError(f"no random {game_id} game ended")


def without_result(data: bytes) -> bytes:
    """The same save as written before saves kept their result."""
    raw = json.loads(data)
    del raw[store.RESULT]
    return json.dumps(raw, ensure_ascii=False).encode()


def played_from(folder: Path, name: str, data: bytes) -> ratings.Played | str | None:
    (folder / f"{name}.json").write_bytes(data)
    return ratings.read_played(ratings.Source(f"saves/{name}", folder / f"{name}.json"), GAMES)


@pytest.mark.parametrize("resigned", [(), (1,)], ids=["played out", "resigned"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_envelope_alone_rates_a_finished_save_as_the_whole_save_does(
    tmp_path, game_id, resigned
):
    """A real finished save of each game, played out or resigned (in Ataque, of three, a
    resignation does not end the game): its ``result`` gives the outcome the engine gives
    from its position, the rest of the record is the same, and so are its ratings facts."""
    game = GAMES[game_id]
    record = attrs.evolve(finished_game(game_id), resigned=resigned)
    data = encode(record, game)
    head, outcome = store.decode_finished(data, "game", GAMES)
    whole = store.decode(data, "game", GAMES)
    expected = outcome_of(game, whole)
    assert (outcome.winners, outcome.losers) == (expected.winners, expected.losers)
    assert head == attrs.evolve(whole, actions=(), state=None)
    played = played_from(tmp_path, "game", data)
    assert isinstance(played, ratings.Played) and played.sides
    assert played == played_from(tmp_path, "game", without_result(data))


def test_an_unfinished_save_has_no_result(tmp_path):
    data = encode(played_record(GALLIC, SEAT0_WINS, steps=3), GALLIC)
    assert store.RESULT not in json.loads(data)
    assert store.decode_finished(data, "g", GAMES) is None
    assert played_from(tmp_path, "g", data) is None


@pytest.mark.parametrize(
    "result",
    [
        {"winners": [2], "losers": [0]},  # no such seat
        {"winners": [0], "losers": [0]},
        {"winners": [True], "losers": []},
        {"winners": [[0]], "losers": []},
        {"winners": "0", "losers": []},
        {"winners": [0]},
        [0],
        None,
    ],
)
def test_a_result_no_save_could_hold_is_left_for_the_whole_save_to_judge(tmp_path, result):
    data = encode(finished(SEAT1_WINS), GALLIC)
    raw = json.loads(data)
    raw[store.RESULT] = result
    hostile = json.dumps(raw).encode()
    assert store.decode_finished(hostile, "g", GAMES) is None
    assert played_from(tmp_path, "g", hostile) == played_from(tmp_path, "g", data)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.replace(b'"log":[', b'"log":["\xff",', 1),  # not UTF-8
        lambda d: d.replace(b'"log":[', b'"log":[NaN,', 1),
        lambda d: d[: len(d) // 2] + d[-60:],  # a part lost
        lambda d: d.replace(b'"log":[', b'"log":' + b"[" * 10**5, 1),
        lambda d: d.replace(b'"players":2', b'"players":3', 1),
    ],
    ids=["not utf-8", "NaN", "a part lost", "deep", "seats do not match"],
)
def test_a_damaged_save_with_a_result_is_unread_as_before(tmp_path, damage):
    hostile = damage(encode(finished(SEAT1_WINS), GALLIC))
    assert b'"result":' in hostile
    with pytest.raises(SaveError):
        store.decode(hostile, "g", GAMES)
    assert played_from(tmp_path, "g", hostile) == ratings.UNREAD
