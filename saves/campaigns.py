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

This module is the store (the folder, reading, listing, writing, moving on to the next game);
what a campaign is lives in ``campaign_kinds``, its series and score in ``campaign_score``, its
file format in ``campaign_file``. The public names are importable from here.

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

import json
import os
import secrets
import weakref
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.i18n import _, number
from saves.campaign_file import check_setup, decode, encode
from saves.campaign_kinds import (
    ALAMO,
    BAK_SUFFIX,
    CUSTOM,
    FOLDER,
    GALLIC_WARS,
    KINDS,
    LADDER,
    LOCKS,
    MAX_CAMPAIGN_BYTES,
    MAX_CUSTOM_GAMES,
    PUNIC,
    SUFFIX,
    BrokenCampaign,
    Campaign,
    Entry,
    Played,
    Result,
    Status,
)
from saves.campaign_score import (
    game_seed,
    held,
    mating_elo,
    planned,
    registered_games,
    result_of,
    setup_players,
    solved,
    standing,
)
from saves.durable import os_reason, replace_keeping_bak, unlink_quietly
from saves.locks import exclusive
from saves.paths import fit_title, fresh_name, is_safe_name, stems, title_problem
from saves.record import BrokenSave, SaveError, SaveRecord, SaveSummary, SeatInfo, now_iso
from saves.safe_read import MissingFile, read_bounded
from saves.store import SaveStore

# The names callers import from here; they live in the campaign_* modules.
__all__ = [
    "ALAMO",
    "CUSTOM",
    "GALLIC_WARS",
    "KINDS",
    "LADDER",
    "MAX_CUSTOM_GAMES",
    "PUNIC",
    "BrokenCampaign",
    "Campaign",
    "CampaignMoved",
    "CampaignStore",
    "Played",
    "Result",
    "Status",
    "campaigns_of",
    "held",
    "mating_elo",
    "planned",
    "setup_players",
    "solved",
    "standing",
]


class CampaignMoved(SaveError):
    """Another session moved the campaign on first (it started the next game)."""


def _moved(campaign: Campaign) -> str:
    return _("The campaign {title} moved on in another session.").format(title=repr(campaign.title))


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
        games = registered_games()
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
        game = registered_games()[plan.game_id]
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
