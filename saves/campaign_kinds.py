"""What a campaign is: its kinds (the Punic War, the Gallic Wars, the Alamo, the Mates
ladder, a custom series) and the records a campaign, its games and its status are made of.
``saves.campaigns`` tells the whole story; its store reads and writes them."""

from __future__ import annotations

from typing import Any

import attrs

from engine.i18n import N_, _, pgettext
from saves.record import SeatInfo

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
