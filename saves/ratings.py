"""Ratings (issue 30): every finished game at the host rates its players, per game, with
OpenSkill's Plackett–Luce model (Weng–Lin): its usual default, built for one ranking of any
number of sides with ties, so a six-player Ataque free-for-all and a two-sided Metauro battle
are rated alike, at a cost linear in the sides.

What is rated: a finished game between named players, without the coach's help (hints,
takebacks). A save counts for its one human seat (hosted, that seat is the login whose folder
holds it; in the host's own folder, the name typed in it); a save with two or more human
seats is hot seat (nobody can tell one person from several at one terminal) and a save with
no human seat rates nobody. A finished shared table counts for each seat its person played to
the end; a seat ever played by a take-over bot is left out (the others are still rated if two
sides remain). Bots take part with one rating per game and level, as ``bot:LEVEL``. Ranks
come from the outcome: the winners first, everyone else tied behind them; a draw ties all.
Games are applied in the order they finished.

Who is who: as Records keys people (``saves.records._Book.key``): names that differ only by
case are one player.

The ratings file is a cache, never the truth: it keeps what each save and table said (by its
file's stat, so an unchanged file is not read again) and the ratings worked out from those
games with their fingerprint. A missing, broken or stale file is worked out again from the
saves; deleting it changes nothing but the time the next look takes. Saves are read without
replaying their moves (``saves.verify``): replaying 10,000 games takes minutes, and a save
here is written only by the app. A finished save keeps its winners and losers in its envelope
(``result``), so only the envelope is read (``saves.store.decode_finished``): parsing the
moves and the position of 10,000 saves takes longer than the 10 s a recompute may; a save
written before there was a ``result`` is decoded with its position, as before.

Just over 600 lines because the ratings and their cache file share the records both build and
read (``Played``, ``Standing``, ``Change``): the cache's codec at the end would need a third
module for them, and it has no other user.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
from openskill.models import PlackettLuce

from engine.core import Game, Outcome
from engine.i18n import N_, _, number
from saves.outcomes import abandoned_seats, outcome_of
from saves.paths import PLAYERS, is_person_name, stems, visible
from saves.record import BOT, HUMAN, SaveError, SaveRecord, bot_name
from saves.safe_read import read_file
from saves.safe_write import WriteRefused, write_named_file
from saves.store import SUFFIX, _reject_constant, decode_finished, from_envelope
from saves.table_file import Table, bot_level, decode_table

FORMAT = "batallas-ratings"
VERSION = 1
FILE = "ratings.json"
MODEL = PlackettLuce()  # mu 25, sigma 25/3: a newcomer's ordinal is 0
ORDINAL = N_(
    "Rating: the skill we are nearly sure a player has at least (mu − 3 sigma); it starts "
    "at 0 and rises as they win."
)
"""What the number means, in one sentence, where ratings are shown."""

# Why a finished game is not rated (msgids, translated where shown).
HINTS = N_("hints")
TAKEBACKS = N_("takebacks")
HOT_SEAT = N_("hot seat")
TAKEN_OVER = N_("a bot took a seat over")
NO_PERSON = N_("no person played")
SOLO = N_("played alone")
COPY = N_("a copy of a game already rated")

Stamp = tuple[int, int, int, int]


@attrs.frozen
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The conservative rating shown: mu − 3σ."""
        return self.mu - 3 * self.sigma


@attrs.frozen
class Side:
    """One rated seat of a game: who (key and name as shown) and where they finished."""

    player: str  # a person's casefolded name, or ``bot:LEVEL``
    name: str
    rank: int  # 0 for the winners, 1 for everyone else (0 for all in a draw)


@attrs.frozen
class Played:
    """What ratings need of one finished game."""

    key: str  # "saves/NAME", "players/LOGIN/NAME" or "tables/NAME"
    game: str
    finished: str  # the time of its last move (ISO, UTC)
    sides: tuple[Side, ...] = ()
    unrated: str = ""  # why it is not rated (a msgid above), or ""
    seed: int = 0  # with the game and the folder, which saves are copies of one game


@attrs.frozen
class Standing:
    """One player's rating in one game."""

    player: str
    name: str
    rating: Rating
    games: int
    last: str  # when they last played a rated game of it


@attrs.frozen
class Change:
    """What one game did to one player's rating."""

    player: str
    name: str
    before: Rating
    after: Rating


@attrs.frozen
class Ratings:
    standings: dict[str, tuple[Standing, ...]]  # by game id, best first
    changes: dict[str, tuple[Change, ...]]  # by game key (``Played.key``)
    unrated: dict[str, str]  # by game key: why it was not rated
    unread: int = 0  # saves and tables left out because they cannot be read

    def change(self, key: str, player: str) -> Change | None:
        """``player``'s change in the game ``key`` (None: not rated for them)."""
        wanted = person_key(player)
        return next((c for c in self.changes.get(key, ()) if c.player == wanted), None)


# --- how they are shown -----------------------------------------------------------------------

TOLD = frozenset({HINTS, TAKEBACKS, HOT_SEAT, TAKEN_OVER, COPY})
"""Why-nots a player expects to hear about; a game played alone or by bots only says nothing."""


def points(value: float) -> str:
    """A rating with one decimal, as the current language writes it: ``12.3``, ``12,3``."""
    text = f"{abs(value):.1f}"
    whole, tenths = text.split(".")
    sign = "-" if value < 0 and text != "0.0" else ""
    return f"{sign}{number(int(whole))}{number(1.5)[1]}{tenths}"


def label(player: str, name: str) -> str:
    """A player as listed: a person's name as shown, a bot as ``Expert bot``."""
    return bot_name(player[4:]) if player.startswith("bot:") else name


def change_text(change: Change) -> str:
    """``23.4 → 25.1, +1.7``."""
    delta = round(change.after.ordinal, 1) - round(change.before.ordinal, 1)
    return _("{before} → {after}, {change}").format(
        before=points(change.before.ordinal),
        after=points(change.after.ordinal),
        change=("+" if delta >= 0 else "") + points(delta),
    )


def result_line(ratings: Ratings, key: str, player: str | None) -> str:
    """The result screen's line for ``player`` in the game ``key``: their rating change, why
    the game is not rated for them, or nothing (a game played alone or by bots only)."""
    change = ratings.change(key, player) if player else None
    if change is not None:
        return _("Rating: {change}").format(change=change_text(change))
    why = ratings.unrated.get(key) or (TAKEN_OVER if key in ratings.changes else "")
    return _("Unrated ({why})").format(why=_(why)) if why in TOLD else ""


# --- who, and which games ---------------------------------------------------------------------


def person_key(name: str) -> str:
    """A person as Records keys them: the name as shown, without regard to case (a name
    typed as ``bot:easy`` is kept apart from the easy bot)."""
    key = shown_name(name).casefold()
    return f"person:{key}" if key.startswith(("bot:", "person:")) else key


def shown_name(name: str) -> str:
    return visible(name.strip()) or "Player"


def bot_key(level: str) -> str:
    return f"bot:{level}"


def ranks(outcome: Outcome, seats: list[int]) -> list[int]:
    """Winners first, the rest tied; a draw ties all."""
    return [0 if seat in outcome.winners or outcome.is_draw else 1 for seat in seats]


def _played(
    key: str,
    record: SaveRecord,
    outcome: Outcome | None,
    seats: dict[int, Side | None],
    unrated: str,
) -> Played | None:
    """The facts of a finished game (None while it is played). ``seats`` maps each seat to
    its side (rank to be filled in), or None for a seat left out."""
    if outcome is None:
        return None
    if record.hints or record.takebacks:
        unrated = HINTS if record.hints else TAKEBACKS
    rated = [seat for seat, side in seats.items() if side is not None]
    if not unrated and len(rated) < 2:
        unrated = SOLO if record.players < 2 else TAKEN_OVER
    if not unrated and not any(not seats[s].player.startswith("bot:") for s in rated):
        unrated = NO_PERSON
    if unrated:
        return Played(key, record.game_id, record.updated, unrated=unrated, seed=record.seed)
    sides = tuple(
        attrs.evolve(seats[seat], rank=rank)
        for seat, rank in zip(rated, ranks(outcome, rated), strict=True)
    )
    return Played(key, record.game_id, record.updated, sides, seed=record.seed)


def save_played(
    key: str, record: SaveRecord, outcome: Outcome | None, login: str | None
) -> Played | None:
    """A save's facts: rated for its one human seat (the ``login`` whose folder it is in, or
    the name typed in it) against its bots."""
    humans = [i for i, s in enumerate(record.seats) if s.kind == HUMAN]
    seats: dict[int, Side | None] = {}
    for i, seat in enumerate(record.seats):
        if seat.kind == BOT:
            seats[i] = Side(bot_key(seat.level or ""), bot_key(seat.level or ""), 0)
        else:
            name = login if login is not None else seat.name
            seats[i] = Side(person_key(name), shown_name(name), 0)
    unrated = HOT_SEAT if len(humans) >= 2 else (NO_PERSON if not humans else "")
    return _played(key, record, outcome, seats, unrated)


def table_played(key: str, game: Game, table: Table) -> Played | None:
    """A finished table's facts: each person who played their seat to the end, and its bots
    (a seat a take-over bot played is left out)."""
    gone = abandoned_seats(table)  # a seat a bot took over, even if claimed back
    seats: dict[int, Side | None] = {}
    for i, owner in enumerate(table.owners):
        level = bot_level(owner)
        if i in gone:
            seats[i] = None
        elif level is not None:
            seats[i] = Side(bot_key(level), bot_key(level), 0)
        else:
            seats[i] = Side(person_key(owner), shown_name(owner), 0)
    return _played(key, table.record, outcome_of(game, table.record), seats, "")


# --- the files ---------------------------------------------------------------------------------


@attrs.frozen
class Source:
    key: str
    path: Path
    login: str | None = None  # the player whose folder holds a save (hosted)
    table: bool = False


def sources(saves: Path, tables: Path | None) -> Iterator[Source]:
    """Every save of the club's saves folder and its players' folders (``players/LOGIN``),
    then every table."""
    for name in stems(saves, SUFFIX):
        yield Source(f"saves/{name}", saves / f"{name}{SUFFIX}")
    try:
        folders = sorted(
            e.name
            for e in os.scandir(saves / PLAYERS)
            if e.is_dir(follow_symlinks=False) and is_person_name(e.name)
        )
    except OSError:
        folders = []
    for login in folders:
        folder = saves / PLAYERS / login
        for name in stems(folder, SUFFIX):
            yield Source(f"{PLAYERS}/{login}/{name}", folder / f"{name}{SUFFIX}", login)
    if tables is not None:
        for name in stems(tables, SUFFIX):
            yield Source(f"tables/{name}", tables / f"{name}{SUFFIX}", table=True)


def stamp_of(path: Path) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


UNREAD = "unread"


def _finished_record(data: bytes, name: str, games: dict[str, Game]) -> SaveRecord:
    """A save without a ``result`` (``decode_finished``) as ``saves.store.decode`` reads
    it, but for its moves and its events: ratings
    need its seats, coach marks, time and final position (no game's outcome reads the event
    log), and structuring a long game's actions and events would take four times as long as
    the rest (the record's ``actions`` and its state's ``log`` are empty)."""
    try:
        raw = json.loads(data, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise SaveError("not valid JSON") from None
    if isinstance(raw, dict) and isinstance(raw.get("actions"), list):
        raw["actions"] = []
        if isinstance(raw.get("state"), dict) and isinstance(raw["state"].get("log"), list):
            raw["state"]["log"] = []
    return from_envelope(raw, name, games)


def read_played(source: Source, games: dict[str, Game]) -> Played | str | None:
    """A file's facts: ``Played``, None (not finished) or ``UNREAD`` (cannot be read)."""
    name = source.path.name[: -len(SUFFIX)]
    try:
        data = read_file(source.path).data
        if source.table:
            table = decode_table(data, name, games)
            return table_played(source.key, games[table.record.game_id], table)
        found = decode_finished(data, name, games)
        if found is None:  # saved before saves kept their result, or not finished
            record = _finished_record(data, name, games)
            found = record, outcome_of(games[record.game_id], record)
        return save_played(source.key, *found, source.login)
    except SaveError:
        return UNREAD
    except Exception:  # noqa: BLE001 - a state its own game cannot judge: left out
        return UNREAD


# --- rating -------------------------------------------------------------------------------------


def once_each(played: list[Played]) -> list[Played]:
    """In the order they finished, each save that copies one rated before (the same game and
    seed in the same folder: "Save as…", a copy kept from a conflict) marked unrated, so a
    won game copied ten times counts once. Tables are each their own game."""
    seen: set[tuple[str, str, int]] = set()
    out = []
    for p in sorted(played, key=lambda p: (p.finished, p.key)):
        origin = (p.key.rsplit("/", 1)[0], p.game, p.seed)
        if not p.unrated and not p.key.startswith("tables/"):
            if origin in seen:
                p = attrs.evolve(p, sides=(), unrated=COPY)
            seen.add(origin)
        out.append(p)
    return out


def fingerprint(played: list[Played]) -> str:
    """What the ratings were worked out from: the finished games' facts, in order."""
    text = json.dumps([_played_json(p) for p in played], ensure_ascii=False)
    return hashlib.sha256(f"{FORMAT}:{VERSION}:{text}".encode()).hexdigest()


def rate(played: list[Played]) -> tuple[dict, dict]:
    """Standings by game and changes by game key, every rated game applied in the order
    they finished (ties by key, so the order never depends on the folder's)."""
    book: dict[str, dict[str, Standing]] = {}
    changes: dict[str, tuple[Change, ...]] = {}
    for p in sorted(played, key=lambda p: (p.finished, p.key)):
        if p.unrated:
            continue
        table = book.setdefault(p.game, {})
        before = {s.player: table.get(s.player) for s in p.sides}
        teams = [[_model(before[s.player])] for s in p.sides]
        rated = MODEL.rate(teams, ranks=[s.rank for s in p.sides])
        after = _merged(p.sides, [team[0] for team in rated])
        changes[p.key] = tuple(
            Change(player, _name(p, player), _rating(before[player]), rating)
            for player, rating in after.items()
        )
        for player, rating in after.items():
            old = before[player]
            table[player] = Standing(
                player, _name(p, player), rating, (old.games if old else 0) + 1, p.finished
            )
    standings = {
        game: tuple(sorted(rows.values(), key=lambda s: (-s.rating.ordinal, s.player)))
        for game, rows in sorted(book.items())
    }
    return standings, changes


def _model(standing: Standing | None):
    rating = _rating(standing)
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)


def _rating(standing: Standing | None) -> Rating:
    return standing.rating if standing is not None else Rating()


def _name(p: Played, player: str) -> str:
    return next(s.name for s in p.sides if s.player == player)


def _merged(sides: tuple[Side, ...], rated: list) -> dict[str, Rating]:
    """Each player's new rating; a bot level at several seats of one game moves by the
    mean of its seats' results."""
    seen: dict[str, list] = {}
    for side, new in zip(sides, rated, strict=True):
        seen.setdefault(side.player, []).append(new)
    return {
        player: Rating(sum(r.mu for r in rs) / len(rs), sum(r.sigma for r in rs) / len(rs))
        for player, rs in seen.items()
    }


# --- the cache file -----------------------------------------------------------------------------


def _played_json(p: Played) -> list:
    sides = [[s.player, s.name, s.rank] for s in p.sides]
    return [p.key, p.game, p.finished, sides, p.unrated, p.seed]


def _encode(
    files: dict[str, tuple[Stamp, Played | str | None]], mark: str, standings: dict, changes: dict
) -> bytes:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "files": {
            key: [list(stamp), _played_json(f) if isinstance(f, Played) else f]
            for key, (stamp, f) in files.items()
        },
        "fingerprint": mark,
        "standings": {
            game: [[s.player, s.name, s.rating.mu, s.rating.sigma, s.games, s.last] for s in rows]
            for game, rows in standings.items()
        },
        "changes": {
            key: [[c.player, c.name, *_pair(c.before), *_pair(c.after)] for c in rows]
            for key, rows in changes.items()
        },
    }
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8") + b"\n"


def _pair(r: Rating) -> tuple[float, float]:
    return r.mu, r.sigma


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected text")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("expected a count")
    return value


def _float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError("expected a number")
    return float(value)


def _rating_from(mu: Any, sigma: Any) -> Rating:
    rating = Rating(_float(mu), _float(sigma))
    if rating.sigma <= 0:
        raise ValueError("sigma must be positive")
    return rating


def _decode_played(raw: Any) -> Played | str | None:
    if raw is None or raw == UNREAD:
        return raw
    key, game, finished, sides, unrated, seed = raw
    return Played(
        _text(key),
        _text(game),
        _text(finished),
        tuple(Side(_text(p), _text(n), _count(r)) for p, n, r in sides),
        _text(unrated),
        _count(seed),
    )


def _decode(data: bytes) -> tuple[dict, str, dict, dict]:
    """The cache's files, fingerprint, standings and changes; ``ValueError`` (and its kin)
    for anything that is not exactly what ``_encode`` writes."""
    raw = json.loads(data, parse_constant=_reject_constant)
    if raw.get("format") != FORMAT or raw.get("version") != VERSION:
        raise ValueError("not a ratings file of this version")
    files = {
        _text(key): (tuple(_count(n) for n in stamp), _decode_played(facts))
        for key, (stamp, facts) in raw["files"].items()
    }
    if any(len(stamp) != 4 for stamp, _facts in files.values()):
        raise ValueError("a stamp has four numbers")
    standings = {
        _text(game): tuple(
            Standing(_text(p), _text(n), _rating_from(mu, sg), _count(g), _text(last))
            for p, n, mu, sg, g, last in rows
        )
        for game, rows in raw["standings"].items()
    }
    changes = {
        _text(key): tuple(
            Change(_text(p), _text(n), _rating_from(m0, s0), _rating_from(m1, s1))
            for p, n, m0, s0, m1, s1 in rows
        )
        for key, rows in raw["changes"].items()
    }
    return files, _text(raw["fingerprint"]), standings, changes


def read_cache(path: Path) -> tuple[dict, str, dict, dict] | None:
    """The cache as written, or None when it is missing, not a regular file (never read
    through a link or a FIFO), or anything but a ratings file."""
    try:
        if not os.path.isfile(path) or os.path.islink(path):
            return None
        return _decode(read_file(path).data)
    except (SaveError, OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def write_cache(path: Path, data: bytes) -> None:
    """Keep the cache if the folder lets us; a cache that cannot be written is only slower."""
    try:
        write_named_file(path, data, ())
    except (WriteRefused, OSError):
        pass


def ratings_file(saves: Path) -> Path:
    """Beside the saves folder (and the tables, in the data folder): ``ratings.json``."""
    return saves.parent / FILE


def club_saves(saves: Path, hosted: bool) -> Path:
    """The club's saves folder: a hosted player's own (``saves/players/LOGIN``) is in it."""
    return saves.parent.parent if hosted and saves.parent.name == PLAYERS else saves


def compute(
    saves: Path,
    tables: Path | None,
    games: dict[str, Game] | None = None,
    cache: Path | None = None,
) -> Ratings:
    """The club's ratings from every finished game in ``saves`` (and its players' folders)
    and ``tables``, using and refreshing the cache file (``ratings_file``) on the way."""
    if games is None:
        from engine.registry import GAMES

        games = GAMES
    cache = ratings_file(saves) if cache is None else cache
    known = read_cache(cache)
    old_files, old_mark, standings, changes = known or ({}, "", {}, {})
    files: dict[str, tuple[Stamp, Played | str | None]] = {}
    for source in sources(saves, tables):
        stamp = stamp_of(source.path)
        if stamp is None:
            continue
        seen = old_files.get(source.key)
        if seen is not None and seen[0] == stamp:
            files[source.key] = seen
        else:
            files[source.key] = (stamp, read_played(source, games))
    played = once_each([f for _stamp, f in files.values() if isinstance(f, Played)])
    mark = fingerprint(played)
    if known is None or mark != old_mark:
        standings, changes = rate(played)
    if known is None or mark != old_mark or files != old_files:
        write_cache(cache, _encode(files, mark, standings, changes))
    return Ratings(
        standings=standings,
        changes=changes,
        unrated={p.key: p.unrated for p in played if p.unrated},
        unread=sum(1 for _stamp, f in files.values() if f == UNREAD),
    )


def save_key(club: Path, folder: Path, name: str) -> str:
    """The key of save ``name`` in ``folder`` (the club's own or a player's) among ``sources``."""
    if folder.parent.name == PLAYERS and folder.parent.parent == club:
        return f"{PLAYERS}/{folder.name}/{name}"
    return f"saves/{name}"


def table_key(name: str) -> str:
    return f"tables/{name}"


def change_for(
    club: Path,
    tables: Path | None,
    folder: Path | None,
    name: str,
    player: str | None,
    games: dict[str, Game] | None = None,
) -> Callable[[], str]:
    """The result screen's line (``result_line``) for the game just finished: save ``name``
    of ``folder`` (its one human seat is ``player``, unless ``folder`` is a login's), or the
    table ``name`` when ``folder`` is None (``player`` the person viewing it). A function,
    so that a language switch words it again."""
    if folder is None:
        key = table_key(name)
    else:
        key = save_key(club, folder, name)
        player = folder.name if key.startswith(f"{PLAYERS}/") else player
    return functools.partial(result_line, compute(club, tables, games), key, player)
