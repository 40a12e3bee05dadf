"""A game in progress: the one mutable object the app holds, autosaving after every action."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from engine.core import Game, IllegalAction, Outcome, Seat, replay
from engine.i18n import _, moment
from saves.locks import HeldElsewhere, Hold
from saves.outcomes import ends_game, outcome_of
from saves.paths import fit_title
from saves.record import APP_VERSION, HUMAN, SaveError, SaveRecord, SeatInfo, now_iso
from saves.store import SaveConflict, SaveStore


def full_config(game: Game, config: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's option defaults overridden by ``config``, through JSON once, so the
    in-memory config equals the one a reload gives back."""
    defaults = {opt.key: opt.default for opt in getattr(game, "options", ())}
    return json.loads(json.dumps({**defaults, **dict(config or {})}))


def keep_unsaved_moves(session) -> None:
    """Save what a closing session has not saved; if another session continued the game,
    keep this one's moves as a copy when a person made any of them (there is nobody left to
    ask; moves of bots alone are not worth a copy beside the game that went on)."""
    if not session.unsaved:
        return
    try:
        session.save()
    except SaveConflict:
        unsaved = session.record.actions[session.saved_moves :]
        if any(session.record.seats[seat].kind == HUMAN for seat, _action in unsaved):
            session.save_as(_("{title} (copy)").format(title=session.record.title))


class Session:
    """Owns the current ``SaveRecord``; ``apply`` is the only way the game moves on.

    The engine decides legality before anything changes, so an ``IllegalAction`` leaves the
    session as it was. A failed autosave (disk full, folder gone) raises ``SaveError`` *after*
    the move is applied in memory: the player keeps playing, ``unsaved`` tells the UI that the
    file lags behind, and the next ``save`` writes every move made since.

    A session writes only over the revision it last saw. When another session continued the
    game (a reconnection took it over), the write raises ``SaveConflict`` and this session
    writes nothing more (``conflict``) until the player keeps their game as a copy.
    """

    def __init__(
        self, game: Game, store: SaveStore, record: SaveRecord, hold: Hold | None = None
    ) -> None:
        self.game = game
        self.store = store
        self.record = record
        self.unsaved = False
        self.save_error: str | None = None  # the last write problem, for the screen to say
        self.conflict: SaveConflict | None = None
        self.saved_moves = len(record.actions)  # how many of the moves are on disk
        self._hold = hold

    @classmethod
    def new(
        cls,
        game: Game,
        store: SaveStore,
        seats: Sequence[SeatInfo],
        config: Mapping[str, Any] | None = None,
        seed: int | None = None,
        title: str | None = None,
        players: int | None = None,
        player: str | None = None,
    ) -> Session:
        """Start a game and save it at once (so it shows in Campaigns). A game that cannot be
        saved yet still starts: ``unsaved`` and ``save_error`` say so, and the next move
        retries."""
        seats = tuple(seats)
        players = len(seats) if players is None else players
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, got {len(seats)}")
        if seed is None:
            seed = secrets.randbits(63)
        if title is None:
            title = f"{game.name} {moment(dt.datetime.now())}"
        title = fit_title(title)
        config = full_config(game, config)
        state = game.new(config, seed, players)
        stamp = now_iso()
        record = SaveRecord(
            name=store.unique_name(title),
            title=title,
            game_id=game.id,
            players=players,
            seats=seats,
            config=config,
            seed=seed,
            actions=(),
            state=state,
            created=stamp,
            updated=stamp,
            rules_version=game.rules_version,
        )
        session = cls(game, store, record)
        session._claim(player)
        session.unsaved = True
        try:
            session.save()
        except SaveError:
            pass  # kept in memory: the screen says why, the next move tries again
        return session

    @classmethod
    def load(
        cls, store: SaveStore, name: str, player: str | None = None, takeover: bool = False
    ) -> Session:
        """Open a save. ``HeldElsewhere`` when another live session has it open, unless
        ``takeover``: then this session writes the next revision at once, so the other one
        is refused at its next write and told the game went on here."""
        record = store.load(name)
        session = cls(store.games[record.game_id], store, record)
        try:
            session._claim(player)
        except HeldElsewhere:
            if not takeover:
                raise
            session.record = store.save(record)
        return session

    def _claim(self, player: str | None) -> None:
        self._hold = self.store.hold(self.record.name, player)

    def close(self) -> None:
        """The game left the screen: another session may open it without asking."""
        if self._hold is not None:
            self._hold.release()
            self._hold = None

    @property
    def state(self) -> Any:
        return self.record.state

    @property
    def name(self) -> str:
        return self.record.name

    @property
    def moves_not_saved(self) -> int:
        """Moves played here that the file lacks (a write that failed or met a conflict)."""
        return len(self.record.actions) - self.saved_moves

    def apply(self, seat: Seat, action: Any) -> Any:
        """Apply, record and autosave one action; returns the new full state."""
        state = self.game.apply(self.record.state, seat, action)
        self.unsaved = True  # before the move is in memory: whoever checks never misses it
        self.record = attrs.evolve(
            self.record,
            state=state,
            actions=(*self.record.actions, (seat, action)),
            updated=now_iso(),
            app_version=APP_VERSION,
        )
        self.unsaved = True
        self.save()
        return state

    def mark_hint(self) -> None:
        """A hint was shown: counted in the save at once (Records and the export say so)."""
        self.record = attrs.evolve(self.record, hints=self.record.hints + 1, updated=now_iso())
        self.unsaved = True
        self.save()

    def resign(self, seat: Seat) -> None:
        """``seat``'s player resigns a game of one or two players: the other side wins
        (``saves.outcomes``), and the save says so at once. A bigger game at one terminal
        has nobody to hand the seat to but its own bots: play on, or leave it."""
        if outcome_of(self.game, self.record) is not None:
            raise IllegalAction(_("The game is over."))
        if not ends_game(self.record):
            raise IllegalAction(
                _("Only a game of one or two players can be resigned here: play on, or leave it.")
            )
        self.unsaved = True
        self.record = attrs.evolve(self.record, resigned=(seat,), updated=now_iso())
        self.save()

    def take_back(self, keep: int) -> Any:
        """Keep only the first ``keep`` moves: the position is rebuilt by replaying them from
        the seed (so the bots, whose seeds follow the move count, answer the same moves the
        same way), the takeback is counted and the save written at once (its revision goes
        up, so a second session of the game meets a conflict as after any move)."""
        if not 0 <= keep <= len(self.record.actions):
            raise ValueError(f"cannot keep {keep} of {len(self.record.actions)} moves")
        actions = self.record.actions[:keep]
        state = replay(
            self.game, self.record.config, self.record.seed, self.record.players, actions
        )
        self.unsaved = True
        self.record = attrs.evolve(
            self.record,
            state=state,
            actions=actions,
            resigned=(),  # taken back past the resignation too: play resumes
            takebacks=self.record.takebacks + 1,
            updated=now_iso(),
            app_version=APP_VERSION,
        )
        self.saved_moves = min(self.saved_moves, keep)
        self.save()
        return state

    def save(self) -> None:
        """Write the moves not yet on disk (autosave, or a retry after a failed one).

        Writes nothing when nothing changed, so ``.bak`` keeps the previous position.
        """
        if not self.unsaved:
            return
        if self.conflict is not None:
            raise self.conflict
        try:
            self.record = self.store.save(self.record)
        except SaveConflict as exc:
            self.conflict = exc
            self.save_error = exc.reason
            raise
        except SaveError as exc:
            self.save_error = exc.reason
            raise
        self.unsaved = False
        self.save_error = None
        self.saved_moves = len(self.record.actions)

    def moved_elsewhere(self) -> SaveConflict | None:
        """Whether another session wrote this game since we last did (a stat when nothing
        changed, so the screen can ask every few seconds)."""
        if self.conflict is not None:
            return self.conflict
        stamp = self.store.stamp(self.name)
        if stamp is None or stamp == self.store.known_stamp(self.name):
            return None
        try:
            current = self.store.load(self.name)
        except SaveError:
            return None  # unreadable now: the next write says so
        if current.revision == self.record.revision:
            return None
        self.conflict = SaveConflict(current, self.record)
        return self.conflict

    def save_as(self, title: str) -> str:
        """Copy the game to a new save titled ``title`` and carry on in the copy (also the
        way out of a conflict: the other session keeps the old name)."""
        stamp = now_iso()
        previous = self._hold
        record = attrs.evolve(
            self.record,
            name=self.store.unique_name(title),
            title=fit_title(title.strip() or title),
            created=stamp,
            updated=stamp,
            app_version=APP_VERSION,
            revision=0,
        )
        self.record = self.store.save(record)
        self.conflict = None
        self.unsaved = False
        self.save_error = None
        self.saved_moves = len(self.record.actions)
        self._hold = None
        if previous is not None:
            previous.release()
        try:
            self._claim(None)
        except HeldElsewhere:
            pass  # a brand-new name: nobody else can have it open
        return self.record.name

    def view(self, seat: Seat) -> Any:
        return self.game.view(self.record.state, seat)

    def outcome(self) -> Outcome | None:
        return outcome_of(self.game, self.record)

    def progress(self) -> str:
        return self.game.progress(self.record.state)


class MemorySession(Session):
    """A game kept in memory only (a lesson): it is never written, so it is neither a save the
    menu's Continue offers nor a game Records count, and it leaves nothing behind.

    Moves are applied and checked like any session's; ``save`` only marks them as kept, and
    ``save_as`` refuses with one sentence (the player starts a real game instead)."""

    @classmethod
    def start(
        cls,
        game: Game,
        store: SaveStore,
        seats: Sequence[SeatInfo],
        config: Mapping[str, Any] | None,
        seed: int,
        title: str,
    ) -> MemorySession:
        seats = tuple(seats)
        config = full_config(game, config)
        stamp = now_iso()
        record = SaveRecord(
            name="",
            title=title,
            game_id=game.id,
            players=len(seats),
            seats=seats,
            config=config,
            seed=seed,
            actions=(),
            state=game.new(config, seed, len(seats)),
            created=stamp,
            updated=stamp,
            rules_version=game.rules_version,
        )
        return cls(game, store, record)

    def save(self) -> None:
        self.unsaved = False
        self.saved_moves = len(self.record.actions)

    def moved_elsewhere(self) -> SaveConflict | None:
        return None

    def save_as(self, title: str) -> str:
        raise SaveError(_("A lesson is not saved: start a real game to keep one."))
