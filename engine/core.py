"""The contract every game follows, shaped after OpenSpiel's state API but pure.

A game is an object with ``new / to_move / legal_actions / apply / view / outcome``; states,
actions and events are frozen attrs classes. Nothing here mutates, does I/O or knows about
the UI, so the same code serves the screens, the bots, the saves and the tests.
"""

from __future__ import annotations

import importlib
import importlib.resources
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol, TypeVar

import attrs

from engine.i18n import _

Seat = int
"""Seats are numbered from 0 in the order the game lists them (e.g. 0 = Rome, 1 = Gauls)."""

HIDDEN = -1
"""Stands in for a card id the viewing seat may not see (face-down cards, deck order)."""


class IllegalAction(Exception):
    """Raised by ``apply`` for anything not legal; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@attrs.frozen
class Outcome:
    """How a finished game ended. Nobody won in a draw, and in a lost solitaire, whose lone
    player the board beat: ``losers`` names that player, so no reader takes it for a draw."""

    winners: tuple[Seat, ...]
    reason: str
    losers: tuple[Seat, ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners and not self.losers

    def result(self, seat: Seat) -> str:
        """ "won", "lost" or "drawn" for ``seat``."""
        if seat in self.winners:
            return "won"
        return "drawn" if self.is_draw else "lost"


@attrs.frozen
class Event:
    """Base for the things that happened, which the UI renders from data, not strings.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it. A
    private event (a card drawn) has a redacted twin for the other seats ("draws a card",
    not which): its ``seat`` is not among its ``visible_to``. That twin tells what the table
    learns, so a spectator (``seat`` None) reads it too.
    """

    visible_to: frozenset[Seat] | None = attrs.field(default=None, kw_only=True)

    def visible(self, seat: Seat | None) -> bool:
        if self.visible_to is None:
            return True
        if seat is None:
            return self.redacted_twin
        return seat in self.visible_to

    @property
    def redacted_twin(self) -> bool:
        """Told to every seat but its own actor, who read the full version instead."""
        owner = getattr(self, "seat", None)
        return owner is not None and owner not in self.visible_to


def visible_log(log: tuple[Event, ...], seat: Seat | None) -> tuple[Event, ...]:
    """The events a seat may see (``None``: a spectator, the public events and the redacted
    twins of private ones); every game's ``view`` filters its log through this."""
    return tuple(e for e in log if e.visible(seat))


@attrs.frozen
class Option:
    """A setup choice a game offers (e.g. the number of battles); the first choice is default."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...]

    @property
    def default(self) -> Any:
        return self.choices[0][1]


S = TypeVar("S")
A = TypeVar("A")

Bot = Callable[[Any, Seat, random.Random], Any]
"""A bot: ``(view, seat, rng) -> action``. It gets only its seat's view and its own RNG."""


class BotTable(Mapping[str, Bot]):
    """A game's bots by level, found by name in its bots module on first use.

    The rules list the levels (the setup offers them without importing any bot) but never
    import the bots themselves: bots depend on the rules, never the other way round.
    ``elsewhere`` names the module of a level that does not live in ``module`` (the searching
    ``expert`` lives in its own module and plays the ``strong`` bot in its playouts).
    """

    def __init__(
        self, module: str, levels: tuple[str, ...], elsewhere: Mapping[str, str] | None = None
    ) -> None:
        self.module = module
        self.levels = levels
        self.elsewhere = dict(elsewhere or {})

    def __getitem__(self, level: str) -> Bot:
        if level not in self.levels:
            raise KeyError(level)
        return getattr(importlib.import_module(self.elsewhere.get(level, self.module)), level)

    def __iter__(self) -> Iterator[str]:
        return iter(self.levels)

    def __len__(self) -> int:
        return len(self.levels)


class Game(Protocol[S, A]):
    """What ``engine.registry`` holds for each game id.

    ``view(state, seat)`` is what ``seat`` may see; ``view(state, None)`` is the public view a
    spectator of a shared table (or of a replay) gets: every hand, objective, face-down card,
    deck order and the RNG hidden, and the log cut to the public events and the redacted twins
    of private ones (``Event.visible``).
    It never shows anything some seat's view hides.

    ``chapter(state)`` names the part of the game a state belongs to (a battle, a turn, a
    round), so that a replay can step a chapter at a time: consecutive states with the same
    chapter belong together, and a chapter never comes back once the next one has begun.
    """

    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: tuple[Option, ...]
    bots: Mapping[str, Bot]
    state_type: type
    action_types: tuple[type, ...]
    event_types: tuple[type, ...]
    rules_version: int

    def seat_labels(self, players: int) -> tuple[str, ...]: ...
    def new(self, config: Mapping[str, Any], seed: int, players: int) -> S: ...
    def to_move(self, state: S) -> tuple[Seat, ...]: ...
    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]: ...
    def apply(self, state: S, seat: Seat, action: A) -> S: ...
    def view(self, state: S, seat: Seat | None) -> S: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def progress(self, state: S) -> str: ...
    def chapter(self, state: S) -> str: ...
    def rules_markdown(self) -> str: ...


def rules_text(package: str) -> str:
    """A game's in-app rules in the current language (``RULES.es.md`` beside ``RULES.md``),
    English where no translation exists."""
    from engine.i18n import language

    folder = importlib.resources.files(package)
    for name in (f"RULES.{language()}.md", "RULES.md"):
        if folder.joinpath(name).is_file():
            return folder.joinpath(name).read_text(encoding="utf-8")
    raise FileNotFoundError(f"{package} has no RULES.md")


def replay(
    game: Game, config: Mapping[str, Any], seed: int, players: int, actions: list[tuple[Seat, Any]]
) -> Any:
    """Rebuild a state from its seed and action log (used by saves, undo and tests)."""
    state = game.new(config, seed, players)
    for seat, action in actions:
        state = game.apply(state, seat, action)
    return state


def steps(
    game: Game, config: Mapping[str, Any], seed: int, players: int, actions: list[tuple[Seat, Any]]
) -> list[Any]:
    """Every state of a game from its seed and action log: index 0 is the new game, index
    ``i`` the state after the ``i``-th action. A replay steps through these (and groups them
    by ``game.chapter``); raises ``IllegalAction`` like ``apply`` if the log is not legal."""
    state = game.new(config, seed, players)
    out = [state]
    for seat, action in actions:
        state = game.apply(state, seat, action)
        out.append(state)
    return out


def check_seat(game: Game, state: Any, seat: Seat) -> None:
    """Refuse an action from a seat that is not due to act, with a reason a player reads."""
    if game.outcome(state) is not None:
        raise IllegalAction(_("The game is over."))
    if seat not in game.to_move(state):
        raise IllegalAction(_("It is not your turn."))
