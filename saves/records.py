"""Records: per player, the games played, won, lost and drawn (per game and opposition) and the
best streaks, worked out from the saves folder and the campaign files each time they are
shown. Nothing is counted on the side, so a record can never drift from the games themselves:
delete a save and it no longer counts.

Who is who: a human seat counts for the name in it (compared without regard to case: in a
folder of one's own the names are labels typed at setup, and "ana" is Ana). In hosted mode
every player has their own saves folder, so the records are the login's: in a game with one
human seat that seat is the login's whatever name was typed in it; with several human seats
(hot seat at one terminal) only a seat named exactly as the login counts (logins are
case-sensitive).

Only finished games that load (verified like any save) count. A Mates solo run is won when
every card of it was solved; any other game counts as its outcome says (a lost solitaire is a
loss there, not a draw).

Records are worked out afresh each time they are shown, so the opposition ("easy bot") is
written in the language of the moment; a streak's name stays its English msgid (a key) and is
translated where it is shown.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from engine.core import Outcome
from engine.i18n import N_, _, ngettext, pgettext
from engine.words import listing
from saves.campaigns import ALAMO, LADDER, CampaignStore, held, solved
from saves.outcomes import outcome_of
from saves.paths import same_person, visible
from saves.record import BOT, HUMAN, SaveError, SeatInfo, coach_marks, level_name
from saves.store import SUFFIX, SaveStore

MATES_SOLO = N_("Mates solo: mates solved in a row")
LADDER_CLIMB = N_("Mates ladder: rungs climbed")
ALAMO_HELD = N_("Defend the Alamo: sieges held in a row")
"""The streaks, by their English names: keys here, translated (``_``) where shown."""


@attrs.frozen
class Tally:
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def plus(self, result: str) -> Tally:
        return Tally(
            self.played + 1,
            self.won + (result == "won"),
            self.lost + (result == "lost"),
            self.drawn + (result == "drawn"),
        )


@attrs.frozen
class Line:
    """A player's games of one game against one kind of opposition."""

    game: str
    against: str  # "easy bot", "strong bots", "humans", "solo", "easy bot and humans"
    # (in the language the records were worked out in)
    tally: Tally


@attrs.frozen
class Streak:
    what: str
    best: int
    where: str  # the title of the game or campaign it was reached in


@attrs.frozen
class PlayerRecords:
    name: str
    lines: tuple[Line, ...] = ()
    streaks: tuple[Streak, ...] = ()

    @property
    def total(self) -> Tally:
        out = Tally()
        for line in self.lines:
            t = line.tally
            out = Tally(
                out.played + t.played, out.won + t.won, out.lost + t.lost, out.drawn + t.drawn
            )
        return out


@attrs.frozen
class Records:
    players: tuple[PlayerRecords, ...]
    finished: int = 0  # finished games read
    unread: int = 0  # saves left out because they cannot be read


@attrs.frozen
class _Finished:
    """What records need of one finished save."""

    title: str
    game_name: str
    seats: tuple[SeatInfo, ...]
    outcome: Outcome
    solo_total: int | None  # Mates solo: cards in the run
    solo_solved: int | None
    best_streak: int | None
    hints: int = 0  # the coach's help: such games are counted on lines of their own
    takebacks: int = 0


# By saves folder and save name: the file's signature and what it told (None: not finished).
_SEEN: dict[tuple[str, str], tuple[Any, _Finished | None]] = {}


def against(seats: tuple[SeatInfo, ...], seat: int) -> str:
    """Whom ``seat`` played: ``solo``, ``humans``, ``strong bot``, ``easy and strong bots``,
    in the current language."""
    if len(seats) == 1:
        return pgettext("opposition", "solo")
    others = [s for i, s in enumerate(seats) if i != seat]
    levels = sorted({s.level or "" for s in others if s.kind == BOT})
    bots = sum(1 for s in others if s.kind == BOT)
    people = any(s.kind == HUMAN for s in others)
    if not bots:
        return pgettext("opposition", "humans")
    named = listing(level_name(level) for level in levels)
    text = ngettext("{levels} bot", "{levels} bots", bots).format(levels=named)
    return _("{bots} and humans").format(bots=text) if people else text


def result_for(facts: _Finished, seat: int) -> str:
    """ "won", "lost" or "drawn" for ``seat``."""
    if facts.solo_total is not None:
        return "won" if facts.solo_solved == facts.solo_total else "lost"
    return facts.outcome.result(seat)


def _save_names(root: Path) -> list[str]:
    try:
        entries = list(os.scandir(root))
    except OSError:
        return []
    return sorted(
        e.name[: -len(SUFFIX)]
        for e in entries
        if e.name.endswith(SUFFIX) and not e.name.startswith(".") and len(e.name) > len(SUFFIX)
    )


def _finished(store: SaveStore, name: str) -> _Finished | None:
    """The facts of a finished save (None while it is played); ``SaveError`` if unreadable."""
    key = (str(store.root), name)
    stamp = store.stamp(name)
    seen = _SEEN.get(key)
    if seen is not None and stamp is not None and seen[0] == stamp:
        return seen[1]
    record = store.load(name)
    game = store.games[record.game_id]
    outcome = outcome_of(game, record)
    facts = None
    if outcome is not None:
        solo = getattr(record.state, "solo", None) if record.game_id == "mates" else None
        facts = _Finished(
            title=record.title,
            game_name=game.name,
            seats=record.seats,
            outcome=outcome,
            solo_total=solo.total if solo is not None else None,
            solo_solved=solo.solved if solo is not None else None,
            best_streak=solo.best_streak if solo is not None else None,
            hints=record.hints,
            takebacks=record.takebacks,
        )
    _SEEN[key] = (stamp, facts)
    return facts


class _Book:
    """Records being gathered, by player (names compared without regard to case)."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.tallies: dict[str, dict[tuple[str, str], Tally]] = {}
        self.streaks: dict[str, dict[str, Streak]] = {}

    def key(self, name: str) -> str:
        shown = visible(name.strip()) or _("Player")
        key = shown.casefold()
        self.names.setdefault(key, shown)
        self.tallies.setdefault(key, {})
        self.streaks.setdefault(key, {})
        return key

    def count(self, name: str, game: str, opposition: str, result: str) -> None:
        tallies = self.tallies[self.key(name)]
        tallies[(game, opposition)] = tallies.get((game, opposition), Tally()).plus(result)

    def streak(self, name: str, what: str, best: int, where: str) -> None:
        streaks = self.streaks[self.key(name)]
        if best > 0 and (what not in streaks or best > streaks[what].best):
            streaks[what] = Streak(what, best, visible(where))

    def players(self, only: str | None) -> tuple[PlayerRecords, ...]:
        keys = [self.key(only)] if only is not None else sorted(self.names)
        return tuple(
            PlayerRecords(
                name=self.names[k],
                lines=tuple(
                    Line(game, opposition, tally)
                    for (game, opposition), tally in sorted(self.tallies[k].items())
                ),
                streaks=tuple(sorted(self.streaks[k].values(), key=lambda s: s.what)),
            )
            for k in keys
        )


def _credited(seats: tuple[SeatInfo, ...], player: str | None) -> Iterable[tuple[int, str]]:
    """(seat, name) of each human seat that counts, and for whom."""
    humans = [i for i, s in enumerate(seats) if s.kind == HUMAN]
    if player is None:
        return [(i, seats[i].name) for i in humans]
    if len(humans) == 1:
        return [(humans[0], player)]
    return [(i, player) for i in humans if same_person(seats[i].name, player)]


def compute(store: SaveStore, player: str | None = None) -> Records:
    """Every player's records from ``store``'s folder (only ``player``'s when given: hosted).

    Reads every save once (a save unchanged since the last call is not read again)."""
    book = _Book()
    if player is not None:
        book.key(player)
    unread = finished = 0
    for name in _save_names(store.root):
        try:
            facts = _finished(store, name)
        except SaveError:
            unread += 1
            continue
        except Exception:  # noqa: BLE001 - a state its own game cannot judge: not counted
            unread += 1
            continue
        if facts is None:
            continue
        finished += 1
        for seat, who in _credited(facts.seats, player):
            opposition = against(facts.seats, seat)
            coached = coach_marks(facts.hints, facts.takebacks)
            if coached:  # apart from the games played alone: ratings will leave them out
                opposition = _("{against}, {coached}").format(against=opposition, coached=coached)
            book.count(who, facts.game_name, opposition, result_for(facts, seat))
            if facts.best_streak:
                book.streak(who, MATES_SOLO, facts.best_streak, facts.title)
    campaigns = CampaignStore(store)
    for campaign in campaigns.campaigns():
        if campaign.kind not in (ALAMO, LADDER):
            continue
        status = campaigns.status(campaign)
        results = [e.result for e in status.entries if e.result is not None]
        good = held if campaign.kind == ALAMO else solved
        run = 0
        for result in results:
            if not good(result):
                break
            run += 1
        what = ALAMO_HELD if campaign.kind == ALAMO else LADDER_CLIMB
        for _seat, who in _credited(campaign.seats, player):
            book.streak(who, what, run, campaign.title)
    return Records(players=book.players(player), finished=finished, unread=unread)
