"""A rematch of a finished table: the same people and bots (each bot at its level), every seat
moved on by one (so each side changes hands), a new seed, the same game options and table
options (``KEPT``).

The model is the simplest honest one: the first player who asks creates the new table at once
and leaves a note beside the old one, ``NAME.rematch`` (``{"table": …, "by": …}``), pointing
to it. Nobody is seated against their will or kept waiting for an answer: the other players see
"ana proposes a rematch" on their result screen and in their menu's tables list, and accept by
joining the new table whenever they like (it is one of their tables like any other). A player
who asks after the note exists joins the same new table; two asking at once make one table
(the note is written under ``.NAME.rematch.lock``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import attrs

from engine.i18n import _
from saves.durable import fsync_dir, os_reason, tmp_beside, unlink_quietly, write_durably
from saves.locks import exclusive
from saves.paths import fresh_name, is_person_name, is_safe_name, same_person
from saves.record import SaveError, now_iso
from saves.safe_read import read_file
from saves.table_file import Table
from saves.table_store import TableStore

REMATCH_SUFFIX = ".rematch"
KEPT = ("clock", "takeover", "spectators_chat")
"""The table's own options (``Table`` fields given to ``TableStore.create``) a rematch keeps."""
NOTE_LIMIT = 4096


@attrs.frozen
class Rematch:
    """The rematch of a table: the new table's name, and who proposed it."""

    table: str
    by: str


def rotated(owners: tuple[str, ...]) -> tuple[str, ...]:
    """Each owner one seat on (the last to the first): sides change hands."""
    return (owners[-1], *owners[:-1])


def players_of(table: Table) -> tuple[str, ...]:
    """Who sat at each seat: a seat a bot took over is its player's again."""
    taken = table.taken_over or ("",) * len(table.owners)
    return tuple(who or owner for who, owner in zip(taken, table.owners, strict=True))


def _note_path(store: TableStore, name: str) -> Path:
    return store.root / f"{name}{REMATCH_SUFFIX}"


def rematch_of(store: TableStore, name: str) -> Rematch | None:
    """The rematch proposed for table ``name``, if any (a note that is not one of ours, or
    whose table is gone, is none)."""
    try:
        raw = json.loads(read_file(_note_path(store, name), NOTE_LIMIT).data)
    except (SaveError, ValueError, RecursionError):
        return None
    if not isinstance(raw, dict):
        return None
    table, by = raw.get("table"), raw.get("by")
    if not isinstance(table, str) or not isinstance(by, str):
        return None
    if not is_safe_name(table) or not is_person_name(by) or store.stamp(table) is None:
        return None
    return Rematch(table, by)


def rematch_name(store: TableStore, name: str) -> str:
    """``tavolo`` → ``tavolo-2``, ``tavolo-2`` → ``tavolo-3`` (or the next free number)."""
    base = re.sub(r"-\d+$", "", name) or name
    return fresh_name(base, {n.casefold() for n in store.names()})


def propose_rematch(store: TableStore, table: Table, person: str) -> Rematch:
    """The rematch of finished ``table`` as ``person`` (one of its players) asks for it: the
    one already proposed, else a new table made now and noted beside the old one.
    ``SaveError`` says why not (not a player here, not over, the folder refuses)."""
    players = players_of(table)
    seat = next((i for i, who in enumerate(players) if same_person(who, person)), None)
    if seat is None:
        raise SaveError(_("Only the players of a table can ask for a rematch."))
    game = store.game(table)
    if game.outcome(table.record.state) is None:
        raise SaveError(_("This game is not over: a rematch comes after the end."))
    what = _("the rematch of table {name}").format(name=repr(table.name))
    with exclusive(store.root / f".{table.name}{REMATCH_SUFFIX}.lock", what):
        known = rematch_of(store, table.name)
        if known is not None:
            return known
        new = store.create(
            table.record.game_id,
            rotated(players),
            name=rematch_name(store, table.name),
            config=table.record.config,
            **{option: getattr(table, option) for option in KEPT},
        )
        rematch = Rematch(new.name, players[seat])
        _write_note(store, table.name, rematch)
    return rematch


def _write_note(store: TableStore, name: str, rematch: Rematch) -> None:
    path = _note_path(store, name)
    doc = {"table": rematch.table, "by": rematch.by, "time": now_iso()}
    tmp = tmp_beside(path)
    try:
        write_durably(tmp, json.dumps(doc, ensure_ascii=False).encode() + b"\n")
        os.replace(tmp, path)
    except OSError as exc:
        unlink_quietly(tmp)
        raise SaveError(
            _(
                "The rematch table {table} was made, but the note for the others was not: {reason}"
            ).format(table=repr(rematch.table), reason=os_reason(exc))
        ) from exc
    fsync_dir(store.root)
