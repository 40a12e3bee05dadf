"""The tables folder: each table read, listed, created and moved under its lock, a stale
version refused with ``TableChanged`` (see ``saves.tables`` for the whole story)."""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.core import Game, Seat
from engine.i18n import _, language
from saves.locks import DEFAULT_WAIT, Wait, exclusive, fcntl
from saves.paths import is_safe_name, sanitize_name, stems, tables_path
from saves.record import APP_VERSION, BrokenSave, SaveError, SaveRecord, now_iso
from saves.safe_read import MissingFile, read_file
from saves.session import full_config
from saves.store import (
    fsync_dir,
    os_reason,
    sweep_temp_files,
    tmp_beside,
    unlink_quietly,
    write_durably,
)
from saves.table_file import (
    SUFFIX,
    Stamp,
    Table,
    TableChanged,
    check_config,
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

    def __init__(self, root: str | Path, games: Mapping[str, Game] | None = None) -> None:
        if games is None:
            from engine.registry import GAMES

            games = GAMES
        self.root = Path(root)
        self.games = games
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
        return rows

    def tables_of(self, person: str) -> list[Table]:
        return [t for t in self.list() if isinstance(t, Table) and t.seat_of(person) is not None]

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
        spectators_chat: bool = False,
    ) -> Table:
        """A new table at version 0. A given name must be free; otherwise ``GAME-1``, ``-2``…
        ``spectators_chat``: spectators may write in its chat, not only read it."""
        game = self.games.get(game_id)
        if game is None:
            raise SaveError(
                _("unknown game {game}; known: {games}").format(
                    game=repr(game_id), games=", ".join(self.games)
                )
            )
        owners, seats = seat_infos(game, owners)
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
                return self._write(Table(record, owners, 0, spectators_chat=spectators_chat))
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
    ) -> Table:
        """Apply a move made on ``version``: ``TableChanged`` if the table moved on since,
        ``IllegalAction`` (nothing written) if the rules refuse it; else the new table.
        ``Busy``/``Cancelled`` when the lock was not had (``wait``, ``cancel``: as for
        ``saves.locks.exclusive``)."""
        with self._locked(name, wait, cancel):
            table = self.load(name)
            if table.version != version:
                raise TableChanged(table)
            state = self.game(table).apply(table.record.state, seat, action)
            record = attrs.evolve(
                table.record,
                state=state,
                actions=(*table.record.actions, (seat, action)),
                updated=now_iso(),
                app_version=APP_VERSION,
            )
            return self._write(attrs.evolve(table, record=record, version=table.version + 1))
