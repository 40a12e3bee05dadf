"""Shared tables: one game whose seats belong to different people, each at their own terminal.

A table is one file in the tables folder: the save envelope of ``saves/store.py`` with the
seat owners (a person's name or ``bot:LEVEL``) and a version counter beside it::

    {"format": "batallas-table", "version": 12, "owners": ["ana", "bot:strong"], "save": {…}}

Moves use optimistic concurrency. A client applies a move *with the version it saw*; under an
exclusive ``flock`` on ``NAME.lock`` the table is re-read, a stale version is refused with
``TableChanged`` (carrying the fresh table), otherwise the engine applies the move and the file
is replaced atomically (temp file, fsync, ``os.replace``) with the version bumped. A client
killed mid-write leaves the previous file whole, and the kernel drops its lock. Temp files are
only ever created under the lock, so whatever temp file the next lock holder finds belongs to
a dead writer and is swept away.

Bots are played by whichever client is open: their move is a pure function of (table seed,
version, seat), so it does not matter which client computes it, and the version check lets
exactly one of two racing clients land it.

The parts: ``table_file`` (a table and its file), ``table_store`` (the folder and its locks),
``table_players`` (a player's client), ``table_watch`` (spectators). Their public names are
importable from here. Beside a table, never in it: its chat (``table_chat``, ``NAME.chat``)
and the note pointing to its rematch (``table_rematch``, ``NAME.rematch``).
"""

from __future__ import annotations

from saves.table_file import (
    CHANGED,
    Table,
    TableChanged,
    bot_level,
    bot_seed,
    decode_table,
    encode_table,
    turn_text,
)
from saves.table_players import OnTable, TableSession
from saves.table_store import TableStore, tables_dir
from saves.table_watch import (
    WATCH_DIR,
    WATCHING,
    TableWatch,
    WatchMark,
    count_watchers,
    watching_text,
)

__all__ = [
    "CHANGED",
    "OnTable",
    "Table",
    "TableChanged",
    "TableSession",
    "TableStore",
    "TableWatch",
    "WATCHING",
    "WATCH_DIR",
    "WatchMark",
    "bot_level",
    "bot_seed",
    "count_watchers",
    "decode_table",
    "encode_table",
    "tables_dir",
    "turn_text",
    "watching_text",
]
