"""The tables folder: each table read, listed, created and moved under its lock, a stale
version refused with ``TableChanged`` (see ``saves.tables`` for the whole story)."""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.core import Game, IllegalAction, Seat
from engine.i18n import _, language
from saves.durable import (
    fsync_dir,
    os_reason,
    sweep_temp_files,
    tmp_beside,
    unlink_quietly,
    write_durably,
)
from saves.locks import DEFAULT_WAIT, Busy, Wait, exclusive, fcntl
from saves.outcomes import ends_game, outcome_of, to_move_of
from saves.paths import is_safe_name, sanitize_name, stems, tables_path
from saves.record import APP_VERSION, BrokenSave, SaveError, SaveRecord, SeatInfo, now_iso
from saves.safe_read import MissingFile, read_file
from saves.session import full_config
from saves.table_clock import TAKEOVER, Clock, clock_starts, iso
from saves.table_deadline import overdue
from saves.table_file import (
    BOT_PREFIX,
    SUFFIX,
    Stamp,
    Table,
    TableChanged,
    check_config,
    check_level,
    decode_table,
    encode_table,
    seat_infos,
)
from saves.verify import Verified, verify

LOCK_SUFFIX = ".lock"


def tables_dir(override: str | Path | None = None) -> Path:
    """``--tables-dir``, then ``$BATALLAS_TABLES``, ``$BATALLAS_HOME/tables``, the data folder."""
    path = tables_path(override)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _stamp(st: os.stat_result) -> Stamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


# --- the folder ---------------------------------------------------------------------------------


class TableStore:
    """The tables in one folder, by name (the file stem); safe to share between processes."""

    def __init__(
        self,
        root: str | Path,
        games: Mapping[str, Game] | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        if games is None:
            from engine.registry import GAMES

            games = GAMES
        self.root = Path(root)
        self.games = games
        self.now = now  # the clocks' time (tests give their own)
        # by name: the stamp and language a row was made in (a broken row's reason is a
        # sentence, made again after a language switch) and the row
        self._rows: dict[str, tuple[tuple[Stamp, str], Table | BrokenSave]] = {}
        self._verified: dict[str, Verified] = {}  # by name: the last replay load() checked

    def path(self, name: str) -> Path:
        if not is_safe_name(name):
            raise SaveError(_("{name} is not a usable table name").format(name=repr(name)))
        return self.root / f"{name}{SUFFIX}"

    def game(self, table: Table) -> Game:
        try:
            return self.games[table.record.game_id]
        except KeyError:
            raise SaveError(
                _("unknown game {game}").format(game=repr(table.record.game_id))
            ) from None

    def names(self) -> list[str]:
        return stems(self.root, SUFFIX)

    # reading

    def stamp(self, name: str) -> Stamp | None:
        """A stat, no read: polling this is cheap enough to do four times a second."""
        try:
            return _stamp(self.path(name).stat())
        except OSError:
            return None

    def load(self, name: str) -> Table:
        """The table called ``name``, its moves replayed and checked against its position.

        Only a regular file of bounded size is read. Tables are re-read after every move, so
        the replay resumes from the last one verified here when the log merely grew.
        """
        try:
            read = read_file(self.path(name))
        except MissingFile:
            raise SaveError(_("no table named {name}").format(name=repr(name))) from None
        table = decode_table(read.data, name, self.games)
        verified = verify(self.game(table), table.record, self._verified.get(name))
        if verified is None:
            self._verified.pop(name, None)
        else:
            self._verified[name] = verified
        return attrs.evolve(table, stamp=_stamp(read.stat))

    def list(self) -> list[Table | BrokenSave]:
        """Every table by name; a file that does not load is a ``BrokenSave`` row."""
        rows = []
        names = self.names()
        self._rows = {n: row for n, row in self._rows.items() if n in names}
        for name in names:
            stamp = self.stamp(name)
            cached = self._rows.get(name)
            if cached is not None and cached[0] == (stamp, language()):
                rows.append(cached[1])
                continue
            try:
                row: Table | BrokenSave = self.load(name)
            except SaveError as exc:
                row = BrokenSave(name, str(self.path(name)), exc.reason)
            except Exception as exc:  # a state the game itself cannot describe
                row = BrokenSave(name, str(self.path(name)), f"{type(exc).__name__}: {exc}")
            if stamp is not None:
                self._rows[name] = ((stamp, language()), row)
            rows.append(row)
        return [self.settle(row) if isinstance(row, Table) else row for row in rows]

    def settle(self, table: Table) -> Table:
        """``table`` with its overdue seats taken over: whoever reads a table first after a
        clock ran out (a player's client, the menu, ``table list``) lands the take-over, so
        it happens even when nobody sits at the table. A table busy or unwritable stays as
        it was read; the next reader tries again."""
        try:
            if not overdue(self.game(table), table, self.now()):
                return table
            return self.take_over_overdue(table.name, wait=0) or self.load(table.name)
        except (Busy, SaveError):
            return table
        except Exception:  # noqa: BLE001 - a state its own game cannot judge: left as read
            return table

    def tables_of(self, person: str) -> list[Table]:
        return [t for t in self.list() if isinstance(t, Table) and t.place_of(person) is not None]

    def stamps(self) -> tuple[tuple[str, Stamp | None], ...]:
        """Every table's stamp: equal between two calls means nothing moved anywhere."""
        return tuple((name, self.stamp(name)) for name in self.names())

    # writing (always under the table's lock)

    @contextlib.contextmanager
    def _locked(
        self,
        name: str,
        wait: float | None | Wait = DEFAULT_WAIT,
        cancel: threading.Event | None = None,
    ) -> Iterator[None]:
        """Hold ``NAME.lock`` exclusively; the kernel releases it if this process dies.
        ``wait`` and ``cancel`` are ``saves.locks.exclusive``'s."""
        self.path(name)  # refuse an unsafe name before creating anything
        if fcntl is None:
            raise SaveError(_("shared tables need file locks (fcntl), which this system lacks"))
        what = _("table {name}").format(name=repr(name))
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(
                _("cannot lock {what}: {reason}").format(what=what, reason=os_reason(exc))
            ) from exc
        with exclusive(self.root / f"{name}{LOCK_SUFFIX}", what, wait, cancel):
            sweep_temp_files(self.path(name))  # a killed writer's, made under this lock
            yield

    def _write(self, table: Table) -> Table:
        """Replace the file atomically; returns ``table`` with the stamp of what was written."""
        path = self.path(table.name)
        data = encode_table(table, self.game(table))
        tmp = tmp_beside(path)
        try:
            write_durably(tmp, data)
            os.replace(tmp, path)
        except BaseException as exc:
            unlink_quietly(tmp)
            if isinstance(exc, OSError):
                raise SaveError(
                    _("could not write table {name}: {reason}").format(
                        name=repr(table.name), reason=os_reason(exc)
                    )
                ) from exc
            raise
        fsync_dir(self.root)
        return attrs.evolve(table, stamp=self.stamp(table.name))

    def create(
        self,
        game_id: str,
        owners: Sequence[str],
        *,
        name: str | None = None,
        seed: int | None = None,
        config: Mapping[str, Any] | None = None,
        clock: Clock | None = None,
        takeover: str = TAKEOVER,
        spectators_chat: bool = False,
    ) -> Table:
        """A new table at version 0. A given name must be free; otherwise ``GAME-1``, ``-2``…
        ``clock``: each seat's time (None: no clock); ``takeover``: the level of the bot that
        plays a seat whose time ran out or whose player resigned; ``spectators_chat``:
        spectators may write in its chat, not only read it."""
        game = self.games.get(game_id)
        if game is None:
            raise SaveError(
                _("unknown game {game}; known: {games}").format(
                    game=repr(game_id), games=", ".join(self.games)
                )
            )
        owners, seats = seat_infos(game, owners)
        check_level(game, takeover)
        seed = secrets.randbits(63) if seed is None else seed
        config = full_config(game, config)
        check_config(game, config)
        state = game.new(config, seed, len(seats))
        candidates = [sanitize_name(name)] if name else (f"{game_id}-{i}" for i in range(1, 10**6))
        for candidate in candidates:
            with self._locked(candidate):
                if self.path(candidate).exists():
                    continue
                stamp = now_iso()
                record = SaveRecord(
                    name=candidate,
                    title=candidate,
                    game_id=game_id,
                    players=len(seats),
                    seats=seats,
                    config=config,
                    seed=seed,
                    actions=(),
                    state=state,
                    created=stamp,
                    updated=stamp,
                    rules_version=game.rules_version,
                )
                since = clock_starts(clock, (), game.to_move(state), (), self.now(), len(seats))
                table = Table(record, owners, 0, None, clock, takeover, (), since)
                return self._write(attrs.evolve(table, spectators_chat=spectators_chat))
        raise SaveError(
            _("a table named {name} already exists").format(name=repr(sanitize_name(name or "")))
        )

    def apply(
        self,
        name: str,
        version: int,
        seat: Seat,
        action: Any,
        *,
        wait: float | None | Wait = DEFAULT_WAIT,
        cancel: threading.Event | None = None,
        owner: str | None = None,
    ) -> Table:
        """Apply a move made on ``version`` by ``owner`` (the seat's owner as the client saw
        it; None: not checked): ``TableChanged`` if the table moved on since or the seat
        changed hands (a bot took it over, its player claimed it back),
        ``IllegalAction`` (nothing written) if the rules refuse it; else the new table.
        ``Busy``/``Cancelled`` when the lock was not had (``wait``, ``cancel``: as for
        ``saves.locks.exclusive``)."""
        with self._locked(name, wait, cancel):
            table = self.load(name)
            if table.version != version or owner not in (None, table.owners[seat]):
                raise TableChanged(table)
            game = self.game(table)
            over = outcome_of(game, table.record)
            if over is not None:  # the engine's own ending refuses by itself; a resignation not
                raise IllegalAction(_("The game is over: {reason}").format(reason=over.reason))
            state = game.apply(table.record.state, seat, action)
            record = attrs.evolve(
                table.record,
                state=state,
                actions=(*table.record.actions, (seat, action)),
                updated=now_iso(),
                app_version=APP_VERSION,
            )
            since = clock_starts(
                table.clock,
                game.to_move(table.record.state),
                game.to_move(state),
                table.clock_since,
                self.now(),
                record.players,
            )
            return self._write(
                attrs.evolve(table, record=record, version=table.version + 1, clock_since=since)
            )

    # seats that change hands: a clock ran out, a player resigned or came back

    def take_over_overdue(
        self, name: str, *, wait: float | None | Wait = DEFAULT_WAIT
    ) -> Table | None:
        """Give every seat whose time ran out to the table's take-over bot; the table written,
        or None when no seat is overdue any more (another client landed it first, or the
        player moved in time): of two clients whose timers fire together, one lands it."""
        with self._locked(name, wait):
            table = self.load(name)
            seats = overdue(self.game(table), table, self.now())
            if not seats:
                return None
            for seat in seats:
                table = _to_bot(table, seat)
            return self._write(table)

    def resign(self, name: str, seat: Seat, *, wait: float | None | Wait = DEFAULT_WAIT) -> Table:
        """``seat``'s player resigns: with two players the other side wins and the game ends;
        with more, the take-over bot plays the seat to the end (never claimed back)."""
        with self._locked(name, wait):
            table = self.load(name)
            game = self.game(table)
            if outcome_of(game, table.record) is not None:
                raise IllegalAction(_("The game is over."))
            if table.is_bot(seat):
                raise IllegalAction(_("A bot plays that seat: there is nobody to resign."))
            record = attrs.evolve(table.record, resigned=(*table.record.resigned, seat))
            table = attrs.evolve(table, record=record)
            if not ends_game(record):
                table = _to_bot(table, seat)
            return self._write(table)

    def claim_back(
        self, name: str, version: int, person: str, *, wait: float | None | Wait = DEFAULT_WAIT
    ) -> Table:
        """``person`` takes back the seat a bot took from them, on the position they saw
        (``version``): ``TableChanged`` if the bot (or anyone) moved since, so a claim never
        lands after a move the player did not see. Their time starts again now."""
        with self._locked(name, wait):
            table = self.load(name)
            if table.version != version:
                raise TableChanged(table)
            game = self.game(table)
            if outcome_of(game, table.record) is not None:
                raise IllegalAction(_("The game is over."))
            seat = table.claimable_by(person)
            if seat is None:
                raise IllegalAction(_("No seat of yours is played by a bot here."))
            who = table.taken_over[seat]
            owners = _replace(table.owners, seat, who)
            seats = _replace(table.record.seats, seat, SeatInfo(kind="human", name=who))
            since = table.clock_since
            if since and seat in to_move_of(game, table.record):
                since = _replace(since, seat, iso(self.now()))
            record = attrs.evolve(table.record, seats=seats)
            return self._write(attrs.evolve(table, record=record, owners=owners, clock_since=since))


def _replace(values: tuple, index: int, value) -> tuple:
    return (*values[:index], value, *values[index + 1 :])


def _to_bot(table: Table, seat: Seat) -> Table:
    """``table`` with ``seat`` played by its take-over bot, which bears its player's name."""
    who = table.owners[seat]
    level = table.takeover
    taken = table.taken_over or ("",) * len(table.owners)
    seats = _replace(table.record.seats, seat, SeatInfo(kind="bot", name=who, level=level))
    return attrs.evolve(
        table,
        record=attrs.evolve(table.record, seats=seats),
        owners=_replace(table.owners, seat, BOT_PREFIX + level),
        taken_over=_replace(taken, seat, who),
    )
