"""Campaigns: a named series of games with a running score, saved and resumed as one.

A campaign is one small JSON file in the saves folder's ``campaigns/`` subfolder. It holds what
the series is (its kind, seats and options), and the games played so far by the names of their
saves: each game is an ordinary save, so autosave, conflicts and replays work as for any game.
When the campaign moves on to its next game, the result of the finished one is copied into the
campaign file, so a score never depends on a save that was deleted later; the result of the
game being played (or just finished) is read from its save.

Campaign files are written like saves (a temp file, fsync, ``os.replace``, the previous version
kept as ``.bak``, under the save lock and only over the revision last seen) and read only
through ``read_bounded``. A file that does not load is listed as ``BrokenCampaign`` with the
reason and never overwritten.

The kinds:

- **The Second Punic War**: Metauro, then Zama; the same seats in both, Rome against Carthage
  across the two battles (1–1 is a drawn war).
- **Gallic Wars**: La Guerra Gallica until a side has three wins, five games at most (a drawn
  game counts as one of the five; after five, the side with more wins takes the war).
- **Defend the Alamo**: El Álamo solitaire, siege after siege, until the first fall; the score
  is the sieges held in a row.
- **Mates ladder**: Mates Hostiles solo, one card per rung, in rising Elo of the mating
  player; the streak of rungs solved is the score, and the first miss ends the climb.
- **Custom series**: any games in the order the player chose, the player in the first seat
  against bots of one level; the score is won, lost and drawn.

Every text a player reads (kind names, labels, scores, verdicts, problems) is made when it is
asked for, in the current language; the file holds only data. The one exception is the
``reason`` of a result, copied from the game's outcome when the next game starts: it is shown
only when that game's save is gone.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import weakref
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.i18n import N_, _, ngettext, number, pgettext
from saves.locks import exclusive
from saves.paths import (
    fit_title,
    fresh_name,
    is_safe_name,
    stems,
    title_problem,
    unprintable_problem,
)
from saves.record import (
    BOT,
    HUMAN,
    BrokenSave,
    SaveError,
    SaveRecord,
    SaveSummary,
    SeatInfo,
    bot_name,
    now_iso,
)
from saves.safe_read import MissingFile, read_bounded
from saves.store import SaveStore, os_reason, replace_keeping_bak, unlink_quietly

FORMAT = "batallas-campaign"
VERSION = 1
FOLDER = "campaigns"
SUFFIX = ".json"
BAK_SUFFIX = ".json.bak"
LOCKS = ".locks"
MAX_CAMPAIGN_BYTES = 1024 * 1024  # a 106-rung ladder is about 20 KiB
MAX_CUSTOM_GAMES = 12

PUNIC, GALLIC_WARS, ALAMO, LADDER, CUSTOM = "punic", "gallic", "alamo", "ladder", "custom"
GALLIC_GAMES, GALLIC_WINS = 5, 3
PUNIC_BATTLES = (("metauro", N_("Metauro, 207 BC")), ("zama", N_("Zama, 202 BC")))
"""The battles of the Punic War and their labels (English msgids, ``_`` where shown)."""


@attrs.frozen
class Kind:
    """What a campaign kind is, for the setup screen: its seats are those of ``game_id``.
    ``name`` and ``about`` are English msgids: show ``_(kind.name)``, ``_(kind.about)``."""

    id: str
    name: str
    about: str
    game_id: str | None  # None: the player picks the games (custom)
    players: int  # the seats the campaign itself has (custom: the player alone)


KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        Kind(
            PUNIC,
            N_("The Second Punic War"),
            N_(
                "Metauro (207 BC), then Zama (202 BC), same sides in both: "
                "Rome against Carthage across the two battles."
            ),
            "metauro",
            2,
        ),
        Kind(
            GALLIC_WARS,
            N_("Gallic Wars"),
            N_(
                "Best of five games of La Guerra Gallica: "
                "the first side to three wins takes the war."
            ),
            "gallic",
            2,
        ),
        Kind(
            ALAMO,
            N_("Defend the Alamo"),
            N_(
                "El Álamo solitaire, siege after siege: how many you hold in a row. "
                "The first fall ends it."
            ),
            "alamo",
            1,
        ),
        Kind(
            LADDER,
            N_("Mates ladder"),
            N_(
                "Mates Hostiles solo, one mate per rung in rising Elo: your streak is the "
                "score, the first miss ends the climb."
            ),
            "mates",
            1,
        ),
        Kind(
            CUSTOM,
            N_("Custom series"),
            N_("Any games in the order you pick, you in the first seat against bots of one level."),
            None,
            1,
        ),
    )
}


@attrs.frozen
class Result:
    """How a game of the campaign ended: its winners (seats), the reason, and for a Mates
    solo rung the puzzles solved."""

    winners: tuple[int, ...]
    reason: str
    solved: int | None = None


@attrs.frozen(kw_only=True)
class Played:
    """A game the campaign started: its save, and what identifies that save as this game
    (a save deleted and its name reused by another game is not taken for it)."""

    save: str
    game_id: str
    seed: int
    created: str
    result: Result | None = None


@attrs.frozen(kw_only=True)
class Campaign:
    name: str  # the file stem in campaigns/
    title: str
    kind: str
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    seed: int
    played: tuple[Played, ...] = ()
    created: str
    updated: str
    revision: int = 0

    @property
    def kind_name(self) -> str:
        """The kind's name in the current language."""
        return _(KINDS[self.kind].name)


@attrs.frozen
class BrokenCampaign:
    """A file in campaigns/ that could not be read: listed with why, never touched."""

    name: str
    path: str
    reason: str


@attrs.frozen
class Planned:
    """The game a campaign plays at some position of its series."""

    game_id: str
    label: str  # "Zama, 202 BC", "game 3 of 5", "rung 4 of 48 · Elo 2655"
    players: int
    seats: tuple[SeatInfo, ...]
    config: dict[str, Any]


@attrs.frozen
class Standing:
    """The running score; ``verdict`` says how it ended once ``over``."""

    score: str
    over: bool
    verdict: str = ""


@attrs.frozen
class Entry:
    """One game of a campaign as it stands: its result if finished, else its progress, or
    why its save cannot be read."""

    number: int
    label: str
    save: str
    game_id: str
    result: Result | None
    progress: str
    updated: str
    problem: str | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None


@attrs.frozen
class Status:
    campaign: Campaign
    entries: tuple[Entry, ...]
    standing: Standing
    next_label: str  # the game to play next, or "" when the campaign is over
    current: str | None  # the unfinished game's save, to resume
    ready: bool  # the next game can be started now
    updated: str  # when anything of the campaign was last played

    @property
    def next_text(self) -> str:
        """For a list: what comes next, in a few words."""
        if self.standing.over:
            return pgettext("campaign", "over")
        if self.current is not None:
            return _("{game} (in progress)").format(game=self.next_label)
        return self.next_label


class CampaignMoved(SaveError):
    """Another session moved the campaign on first (it started the next game)."""


def _moved(campaign: Campaign) -> str:
    return _("The campaign {title} moved on in another session.").format(title=repr(campaign.title))


# --- the games of each kind -----------------------------------------------------------------


def _games():
    from engine.registry import GAMES

    return GAMES


def setup_players(game) -> int:
    """The player count a game is set up with by default (as the new-game screen does)."""
    return min(game.max_players, max(2, game.min_players))


def game_seed(seed: int, index: int) -> int:
    """Game ``index``'s seed, from the campaign's: replaying a campaign deals the same."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def mating_elo(card) -> int:
    return card.elo(card.mating_side)


def ladder_cards(deck: str) -> tuple[Any, ...]:
    """The rungs of a Mates ladder: the deck's cards by the mating player's Elo, lowest first
    (then by the other player's Elo, then the deck's order)."""
    from engine.mates.data import BLACK, WHITE, deck_from_config

    cards = deck_from_config(deck)

    def key(item):
        i, card = item
        other = BLACK if card.mating_side == WHITE else WHITE
        return (mating_elo(card), card.elo(other), i)

    return tuple(card for _, card in sorted(enumerate(cards), key=key))


def plan_length(campaign: Campaign) -> int:
    """The most games the campaign can have."""
    if campaign.kind == PUNIC:
        return len(PUNIC_BATTLES)
    if campaign.kind == GALLIC_WARS:
        return GALLIC_GAMES
    if campaign.kind == LADDER:
        return len(ladder_cards(campaign.options["deck"]))
    if campaign.kind == CUSTOM:
        return len(campaign.options["games"])
    return 10**9  # the Alamo is defended until it falls


def planned(campaign: Campaign, index: int) -> Planned | None:
    """Game ``index`` (from 0) of the campaign, or None past the end of its series."""
    if not 0 <= index < plan_length(campaign):
        return None
    kind, options, seats = campaign.kind, campaign.options, campaign.seats
    if kind == PUNIC:
        scenario, label = PUNIC_BATTLES[index]
        config = {"scenario": scenario, "consul": options["consul"]}
        return Planned("metauro", _(label), 2, seats, config)
    if kind == GALLIC_WARS:
        label = _("game {number} of {total}").format(
            number=number(index + 1), total=number(GALLIC_GAMES)
        )
        return Planned("gallic", label, 2, seats, {"battles": options["battles"]})
    if kind == ALAMO:
        return Planned("alamo", _("siege {number}").format(number=number(index + 1)), 1, seats, {})
    if kind == LADDER:
        cards = ladder_cards(options["deck"])
        card = cards[index]
        label = _("rung {number} of {total} · Elo {elo}").format(
            number=number(index + 1), total=number(len(cards)), elo=mating_elo(card)
        )
        return Planned("mates", label, 1, seats, {"deck": [card.to_dict()], "puzzles": 0})
    game_id = options["games"][index]
    game = _games()[game_id]
    level = options["level"]
    bots = tuple(
        SeatInfo(kind=BOT, name=bot_name(level), level=level)
        for _seat in range(setup_players(game) - 1)
    )
    label = f"{number(index + 1)}/{number(len(options['games']))} {game.name}"
    return Planned(game_id, label, setup_players(game), (seats[0], *bots), {})


def result_of(game, record: SaveRecord) -> Result | None:
    """The result of a saved game, or None while it is being played."""
    outcome = game.outcome(record.state)
    if outcome is None:
        return None
    solo = getattr(record.state, "solo", None)
    solved = solo.solved if record.game_id == "mates" and solo is not None else None
    return Result(winners=tuple(outcome.winners), reason=outcome.reason, solved=solved)


def _wins(results: Sequence[Result]) -> tuple[int, int]:
    return (
        sum(1 for r in results if r.winners == (0,)),
        sum(1 for r in results if r.winners == (1,)),
    )


def _leading(results: Sequence[Result], good) -> tuple[int, bool]:
    """How many results from the first are good, and whether a bad one ended the run."""
    count = 0
    for r in results:
        if not good(r):
            return count, True
        count += 1
    return count, False


def held(result: Result) -> bool:
    return 0 in result.winners


def solved(result: Result) -> bool:
    return bool(result.solved)


def standing(campaign: Campaign, results: Sequence[Result]) -> Standing:
    """The score after ``results`` (the finished games, in order) and whether it is over."""
    kind = campaign.kind
    if kind in (PUNIC, GALLIC_WARS):
        first, second = _wins(results)
        if kind == PUNIC:
            score = _("Romans {romans}, Carthaginians {carthaginians}").format(
                romans=number(first), carthaginians=number(second)
            )
            over = len(results) >= len(PUNIC_BATTLES)
        else:
            score = _("Rome {rome}, Gauls {gauls}").format(rome=number(first), gauls=number(second))
            over = max(first, second) >= GALLIC_WINS or len(results) >= GALLIC_GAMES
        if not over:
            return Standing(score, False)
        tally = f"{number(max(first, second))}–{number(min(first, second))}"
        if first == second:
            verdict = _("The war is drawn, {tally}.")
        elif kind == PUNIC:
            verdict = (
                _("Romans win the war, {tally}.")
                if first > second
                else _("Carthaginians win the war, {tally}.")
            )
        else:
            verdict = (
                _("Rome wins the war, {tally}.")
                if first > second
                else _("Gauls wins the war, {tally}.")
            )
        return Standing(score, True, verdict.format(tally=tally))
    if kind == ALAMO:
        count, fell = _leading(results, held)
        score = ngettext("{n} siege held", "{n} sieges held", count).format(n=number(count))
        verdict = ""
        if fell:
            verdict = ngettext(
                "The Alamo fell in siege {siege}: {n} siege held in a row.",
                "The Alamo fell in siege {siege}: {n} sieges held in a row.",
                count,
            ).format(siege=number(count + 1), n=number(count))
        return Standing(score, fell, verdict)
    if kind == LADDER:
        count, missed = _leading(results, solved)
        top = plan_length(campaign)
        score = _("streak {n}").format(n=number(count))
        if missed:
            verdict = _("Missed rung {rung}: a streak of {n}.")
            return Standing(score, True, verdict.format(rung=number(count + 1), n=number(count)))
        if count >= top:
            verdict = _("The whole ladder climbed: {n} in a row.").format(n=number(count))
            return Standing(score, True, verdict)
        return Standing(score, False)
    won = sum(1 for r in results if r.winners and 0 in r.winners)
    drawn = sum(1 for r in results if not r.winners)
    lost = len(results) - won - drawn
    counts = {"won": number(won), "lost": number(lost), "drawn": number(drawn)}
    over = len(results) >= plan_length(campaign)
    if drawn:
        score = _("won {won}, lost {lost}, drawn {drawn}").format(**counts)
        verdict = _("Series over: won {won}, lost {lost}, drawn {drawn} of {games}.")
    else:
        score = _("won {won}, lost {lost}").format(**counts)
        verdict = _("Series over: won {won}, lost {lost} of {games}.")
    verdict = verdict.format(games=number(len(results)), **counts) if over else ""
    return Standing(score, over, verdict)


# --- the file --------------------------------------------------------------------------------


def _seat_json(seat: SeatInfo) -> dict[str, Any]:
    return {"kind": seat.kind, "name": seat.name, "level": seat.level}


def _result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"winners": list(result.winners), "reason": result.reason, "solved": result.solved}


def encode(campaign: Campaign) -> bytes:
    raw = {
        "format": FORMAT,
        "version": VERSION,
        "title": campaign.title,
        "kind": campaign.kind,
        "seats": [_seat_json(s) for s in campaign.seats],
        "options": campaign.options,
        "seed": campaign.seed,
        "created": campaign.created,
        "updated": campaign.updated,
        "revision": campaign.revision,
        "played": [
            {
                "save": p.save,
                "game": p.game_id,
                "seed": p.seed,
                "created": p.created,
                "result": _result_json(p.result),
            }
            for p in campaign.played
        ],
    }
    text = json.dumps(raw, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8") + b"\n"


def _get(raw: Mapping[str, Any], key: str, type_: type, path: str) -> Any:
    if key not in raw:
        raise SaveError(f"field {path}: missing")
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, type_):
        raise SaveError(f"field {path}: expected {_type_name(type_)}")
    return value


def _type_name(type_: type) -> str:
    names = {str: "text", int: "a whole number", list: "a list", dict: "an object"}
    return names.get(type_, type_.__name__)


def _seat(raw: Any, path: str) -> SeatInfo:
    if not isinstance(raw, dict):
        raise SaveError(f"field {path}: expected an object")
    kind = _get(raw, "kind", str, f"{path}.kind")
    if kind not in (HUMAN, BOT):
        raise SaveError(f"field {path}.kind: expected 'human' or 'bot', not {kind!r}")
    level = raw.get("level")
    if level is not None and not isinstance(level, str):
        raise SaveError(f"field {path}.level: expected text")
    if kind == BOT and level is None:
        raise SaveError(f"field {path}.level: a bot needs a level")
    return SeatInfo(kind=kind, name=_get(raw, "name", str, f"{path}.name"), level=level)


def _result(raw: Any, path: str) -> Result | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise SaveError(f"field {path}: expected an object")
    winners = _get(raw, "winners", list, f"{path}.winners")
    if not all(type(w) is int and 0 <= w < 6 for w in winners):
        raise SaveError(f"field {path}.winners: expected seat numbers")
    got = raw.get("solved")
    if got is not None and (type(got) is not int or got < 0):
        raise SaveError(f"field {path}.solved: expected a whole number")
    return Result(tuple(winners), _get(raw, "reason", str, f"{path}.reason"), got)


def _played(raw: Any, path: str) -> Played:
    if not isinstance(raw, dict):
        raise SaveError(f"field {path}: expected an object")
    save = _get(raw, "save", str, f"{path}.save")
    if not is_safe_name(save):
        raise SaveError(f"field {path}.save: {save!r} is not a usable save name")
    game_id = _get(raw, "game", str, f"{path}.game")
    if game_id not in _games():
        raise SaveError(f"field {path}.game: unknown game {game_id!r}")
    return Played(
        save=save,
        game_id=game_id,
        seed=_get(raw, "seed", int, f"{path}.seed"),
        created=_get(raw, "created", str, f"{path}.created"),
        result=_result(raw.get("result"), f"{path}.result"),
    )


def check_setup(kind: str, seats: Sequence[SeatInfo], options: Mapping[str, Any]) -> None:
    """Refuse (``SaveError``) seats or options a campaign of ``kind`` cannot play."""
    if kind not in KINDS:
        raise SaveError(f"field kind: unknown kind {kind!r}")
    spec = KINDS[kind]
    if len(seats) != spec.players:
        raise SaveError(f"field seats: {spec.name} has {spec.players} seats, not {len(seats)}")
    for i, seat in enumerate(seats):
        problem = unprintable_problem(seat.name, _("Seat {number}'s name").format(number=i + 1))
        if problem:
            raise SaveError(problem)
    games = _games()
    if kind == CUSTOM:
        chosen = options.get("games")
        if not isinstance(chosen, list) or not 1 <= len(chosen) <= MAX_CUSTOM_GAMES:
            raise SaveError(f"field options.games: pick 1 to {MAX_CUSTOM_GAMES} games")
        unknown = [g for g in chosen if not isinstance(g, str) or g not in games]
        if unknown:
            raise SaveError(f"field options.games: unknown game {unknown[0]!r}")
        level = options.get("level")
        lacking = [games[g].name for g in chosen if level not in games[g].bots]
        if lacking:
            raise SaveError(f"field options.level: {lacking[0]} has no {level!r} bot")
        if seats[0].kind != HUMAN:
            raise SaveError("field seats: the player of a custom series is a human")
        return
    game = games[spec.game_id]
    for i, seat in enumerate(seats):
        if seat.kind == BOT and seat.level not in game.bots:
            raise SaveError(f"field seats[{i}].level: {game.name} has no {seat.level!r} bot")
    if kind == LADDER and seats[0].kind != HUMAN:
        raise SaveError("field seats: the ladder's solver is a human")
    wanted = {
        PUNIC: ("consul", "metauro"),
        GALLIC_WARS: ("battles", "gallic"),
        LADDER: ("deck", "mates"),
    }.get(kind)
    if wanted is not None:
        key, game_id = wanted
        option = next(o for o in games[game_id].options if o.key == key)
        allowed = [value for _, value in option.choices]
        if options.get(key) not in allowed or isinstance(options.get(key), bool):
            raise SaveError(f"field options.{key}: expected one of {allowed}")


def _not_json(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def decode(data: bytes, name: str) -> Campaign:
    """A campaign from its file; every problem is one ``SaveError`` with the reason."""
    try:
        raw = json.loads(data, parse_constant=_not_json)
    except (ValueError, RecursionError):
        raise SaveError(_("not valid JSON (truncated?)")) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(_("not a Batallas campaign"))
    version = raw.get("version")
    if type(version) is not int or version > VERSION:
        raise SaveError(
            _("saved by a newer version (campaign format {version})").format(version=repr(version))
        )
    kind = _get(raw, "kind", str, "kind")
    seats = tuple(_seat(s, f"seats[{i}]") for i, s in enumerate(_get(raw, "seats", list, "seats")))
    options = _get(raw, "options", dict, "options")
    check_setup(kind, seats, options)
    revision = _get(raw, "revision", int, "revision")
    if revision < 0:
        raise SaveError("field revision: expected a whole number")
    played = tuple(
        _played(p, f"played[{i}]") for i, p in enumerate(_get(raw, "played", list, "played"))
    )
    return Campaign(
        name=name,
        title=fit_title(_get(raw, "title", str, "title")),
        kind=kind,
        seats=seats,
        options=options,
        seed=_get(raw, "seed", int, "seed"),
        played=played,
        created=_get(raw, "created", str, "created"),
        updated=_get(raw, "updated", str, "updated"),
        revision=revision,
    )


# --- the folder ------------------------------------------------------------------------------


class CampaignStore:
    """The campaigns of one saves folder; their games are saves of ``store``."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.root = store.root / FOLDER
        # results read from finished saves, by save name and file signature
        self._records: dict[str, tuple[Any, SaveRecord]] = {}

    # paths and names

    def path(self, name: str) -> Path:
        if not is_safe_name(name):
            raise SaveError(_("{name} is not a usable campaign name").format(name=repr(name)))
        return self.root / f"{name}{SUFFIX}"

    def _names(self) -> list[str]:
        return stems(self.root, SUFFIX)

    def unique_name(self, title: str) -> str:
        try:
            taken = {
                e.name.removesuffix(".bak").removesuffix(SUFFIX).casefold()
                for e in os.scandir(self.root)
            }
        except OSError:
            taken = set()
        return fresh_name(title, taken)

    # reading

    def load(self, name: str) -> Campaign:
        try:
            data = read_bounded(self.path(name), MAX_CAMPAIGN_BYTES)
        except MissingFile:
            raise SaveError(_("no campaign named {name}").format(name=repr(name))) from None
        return decode(data, name)

    def list(self) -> list[Campaign | BrokenCampaign]:
        """Every campaign file, readable or not (with why), in name order."""
        out: list[Campaign | BrokenCampaign] = []
        for name in self._names():
            try:
                out.append(self.load(name))
            except SaveError as exc:
                out.append(BrokenCampaign(name, str(self.path(name)), exc.reason))
            except Exception as exc:  # noqa: BLE001 - any surprise is the file's, listed
                reason = _("cannot be read ({reason})").format(
                    reason=f"{type(exc).__name__}: {exc}"
                )
                out.append(BrokenCampaign(name, str(self.path(name)), reason))
        return out

    def campaigns(self) -> Iterator[Campaign]:
        return (c for c in self.list() if isinstance(c, Campaign))

    def save_names(self) -> set[str]:
        """The saves that are games of a readable campaign (the rest are single games)."""
        return {p.save for c in self.campaigns() for p in c.played}

    def of_save(self, save: str) -> Campaign | None:
        """The campaign whose latest game is the save ``save``, if any."""
        for campaign in self.campaigns():
            if campaign.played and campaign.played[-1].save == save:
                return campaign
        return None

    # the state of a campaign

    def _record(self, played: Played) -> tuple[SaveRecord | None, str | None]:
        """The save of a campaign game, or why it cannot be had."""
        stamp = self.store.stamp(played.save)
        cached = self._records.get(played.save)
        if cached is not None and stamp is not None and cached[0] == stamp:
            record = cached[1]
            if record.seed == played.seed and record.created == played.created:
                return record, None
        try:
            record = self.store.load(played.save)
        except SaveError as exc:
            if not self.store.path(played.save).exists():
                return None, _("its save is gone")
            return None, _("its save cannot be read ({reason})").format(reason=exc.reason)
        if record.seed != played.seed or record.created != played.created:
            return None, _("its save was replaced by another game")
        self._records[played.save] = (stamp, record)
        return record, None

    def status(
        self, campaign: Campaign, rows: Mapping[str, SaveSummary | BrokenSave] | None = None
    ) -> Status:
        """Where the campaign stands: each game's result or progress, the score, what next.

        ``rows`` (from ``SaveStore.list``) spares reading the saves of games already recorded.
        """
        games = _games()
        entries = []
        results: list[Result] = []
        for i, played in enumerate(campaign.played):
            plan = planned(campaign, i)
            label = plan.label if plan is not None else games[played.game_id].name
            row = rows.get(played.save) if rows is not None else None
            result, problem = played.result, None
            progress, updated = "", ""
            if isinstance(row, SaveSummary):
                progress, updated = row.progress, row.updated
            if result is None or (rows is not None and row is None) or not updated:
                record, problem = self._record(played)
                if record is not None:
                    game = games[record.game_id]
                    result = result or result_of(game, record)
                    progress, updated = game.progress(record.state), record.updated
            if result is not None:
                results.append(result)
                if not progress:
                    progress = result.reason
            entries.append(
                Entry(
                    number=i + 1,
                    label=label,
                    save=played.save,
                    game_id=played.game_id,
                    result=result,
                    progress=progress,
                    updated=updated,
                    problem=problem,
                )
            )
        standing_now = standing(campaign, results)
        last = entries[-1] if entries else None
        current = last.save if last and not last.finished and last.problem is None else None
        index = len(entries) - 1 if last is not None and not last.finished else len(entries)
        plan = planned(campaign, index)
        next_label = "" if standing_now.over or plan is None else plan.label
        ready = not standing_now.over and current is None and plan is not None
        stamps = [e.updated for e in entries if e.updated] + [campaign.updated]
        return Status(
            campaign=campaign,
            entries=tuple(entries),
            standing=standing_now,
            next_label=next_label,
            current=current,
            ready=ready,
            updated=max(stamps),
        )

    # writing

    def _lock(self, name: str):
        what = _("campaign {name}").format(name=repr(name))
        return exclusive(self.root / LOCKS / f"{name}.lock", what)

    def _write(self, campaign: Campaign) -> Campaign:
        """Write under the lock, only over the revision ``campaign`` was read as."""
        path = self.path(campaign.name)
        written = attrs.evolve(campaign, revision=campaign.revision + 1)
        data = encode(written)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(
                _("could not save {what}: {reason}").format(
                    what=_("the campaign"), reason=os_reason(exc)
                )
            ) from exc
        with self._lock(campaign.name):
            self._check_on_disk(campaign, path)
            replace_keeping_bak(path, data, _("the campaign"))
        return written

    def _check_on_disk(self, campaign: Campaign, path: Path) -> None:
        try:
            on_disk = self.load(campaign.name)
        except SaveError as exc:
            if not path.exists() and not path.is_symlink():
                if campaign.revision == 0:
                    return
                raise SaveError(
                    _("the campaign {title} is gone").format(title=repr(campaign.title))
                ) from exc
            raise SaveError(
                _("{file} was left untouched because it could not be read ({reason})").format(
                    file=path.name, reason=exc.reason
                )
            ) from exc
        if on_disk.revision != campaign.revision:
            raise CampaignMoved(_moved(campaign))

    def create(
        self,
        kind: str,
        title: str,
        seats: Sequence[SeatInfo],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> Campaign:
        """Write a new campaign (no game started yet: ``start_next`` starts its first)."""
        title = title.strip() or _(KINDS.get(kind, KINDS[CUSTOM]).name)
        problem = title_problem(title, _("A campaign's name"))
        if problem:
            raise SaveError(problem)
        options = json.loads(json.dumps(dict(options or {})))
        seats = tuple(seats)
        check_setup(kind, seats, options)
        stamp = now_iso()
        campaign = Campaign(
            name=self.unique_name(title),
            title=title,
            kind=kind,
            seats=seats,
            options=options,
            seed=secrets.randbits(63) if seed is None else seed,
            created=stamp,
            updated=stamp,
        )
        return self._write(campaign)

    def rename(self, campaign: Campaign, title: str) -> Campaign:
        """A new title (the file keeps its name, so its games stay found)."""
        title = title.strip()
        problem = title_problem(title, _("A campaign's name"))
        if problem:
            raise SaveError(problem)
        if not title:
            raise SaveError(_("A campaign's name cannot be empty."))
        return self._write(attrs.evolve(campaign, title=title, updated=now_iso()))

    def delete(self, name: str) -> None:
        """Remove a campaign file and its ``.bak`` (broken ones too: the player's call); its
        games stay, as single games."""
        removed = False
        with self._lock(name):
            for path in (self.path(name), self.root / f"{name}{BAK_SUFFIX}"):
                try:
                    path.unlink()
                    removed = True
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    raise SaveError(
                        _("could not delete {name}: {reason}").format(
                            name=repr(name), reason=os_reason(exc)
                        )
                    ) from exc
        unlink_quietly(self.root / LOCKS / f"{name}.lock")
        if not removed:
            raise SaveError(_("no campaign named {name}").format(name=repr(name)))

    def start_next(self, name: str, seen: int, player: str | None = None):
        """Start the campaign's next game (its first, or the one after a finished game, or a
        game again whose save is gone) and return its ``Session``.

        ``seen`` is how many games the caller saw the campaign have: if another session moved
        it on since, ``CampaignMoved``. The finished game's result goes into the campaign file
        with the new game, in one write; if that write fails the new save is removed again.
        """
        from saves.session import Session

        campaign = self.load(name)
        if len(campaign.played) != seen:
            raise CampaignMoved(_moved(campaign))
        status = self.status(campaign)
        if status.standing.over:
            raise SaveError(_("The campaign {title} is over.").format(title=repr(campaign.title)))
        if status.current is not None:
            raise SaveError(
                _("Game {number} of {title} is not finished.").format(
                    number=number(len(status.entries)), title=repr(campaign.title)
                )
            )
        played = [
            attrs.evolve(p, result=e.result) if p.result is None else p
            for p, e in zip(campaign.played, status.entries, strict=True)
        ]
        if status.entries and not status.entries[-1].finished:
            played.pop()  # its save is gone or damaged: that game is played again
        index = len(played)
        plan = planned(campaign, index)
        if plan is None:
            raise SaveError(
                _("The campaign {title} has no game left to play.").format(
                    title=repr(campaign.title)
                )
            )
        game = _games()[plan.game_id]
        seed = game_seed(campaign.seed, index)
        session = Session.new(
            game,
            self.store,
            plan.seats,
            plan.config,
            seed=seed,
            title=fit_title(f"{campaign.title} · {plan.label}"),
            players=plan.players,
            player=player,
        )
        if session.save_error:
            session.close()
            raise SaveError(
                _("could not start the next game: {reason}").format(reason=session.save_error)
            )
        entry = Played(
            save=session.name, game_id=game.id, seed=seed, created=session.record.created
        )
        try:
            self._write(
                attrs.evolve(campaign, played=(*played, entry), updated=session.record.created)
            )
        except SaveError:
            session.close()
            try:
                self.store.delete(session.name)
            except SaveError:
                pass
            raise
        return session


_STORES: weakref.WeakKeyDictionary[SaveStore, CampaignStore] = weakref.WeakKeyDictionary()


def campaigns_of(store: SaveStore) -> CampaignStore:
    """The campaigns of a save store, one ``CampaignStore`` per store (it remembers the saves
    it read, so a list redrawn after each move reads only what changed)."""
    campaigns = _STORES.get(store)
    if campaigns is None:
        campaigns = _STORES[store] = CampaignStore(store)
    return campaigns
