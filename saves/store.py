"""The saves folder: one JSON envelope per game, written atomically, never clobbering the unknown.

A write goes to a temp file in the same folder, is flushed and fsynced, the current file is
kept as ``NAME.json.bak`` (a hard link, so ``NAME.json`` never disappears even for a moment),
and the temp file replaces ``NAME.json``. Every write happens under a lock on ``.locks/NAME.lock``
and only if the file is still at the revision the writer last saw: two sessions of one game
(a frozen SSH connection and its reconnection, two browser tabs) can never overwrite each
other's moves; the late one gets ``SaveConflict`` with the newer game. An open game also
holds ``.locks/NAME.open`` (see ``saves/locks.py``) so a second opener is told first.

A file that does not load is reported as a ``BrokenSave`` and is never overwritten, renamed
or "repaired": it may be the only copy of someone's game, readable by a newer version.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import msgspec

from engine.core import Game, Outcome
from engine.i18n import _, language, ngettext, number
from saves import convert, migrations
from saves.durable import os_reason, replace_keeping_bak, unlink_quietly
from saves.locks import Hold, exclusive
from saves.outcomes import outcome_of
from saves.paths import (
    fit_title,
    fresh_name,
    is_safe_name,
    review_file,
    reviews_path,
    sanitize_name,
    stems,
)
from saves.record import (
    MAX_COUNT,
    MAX_SEED,
    BrokenSave,
    SaveError,
    SaveRecord,
    SaveSummary,
    SeatInfo,
    coach_marks,
    whole_number,
)
from saves.safe_read import MissingFile, read_file
from saves.verify import verify

FORMAT = "batallas-save"
SUFFIX = ".json"
BAK_SUFFIX = ".json.bak"
LOCKS = ".locks"


class SaveConflict(SaveError):
    """The save moved on since this session read it (another session continued the game);
    ``current`` is the newer game as it is on disk."""

    def __init__(self, current: SaveRecord, ours: SaveRecord) -> None:
        ahead = len(current.actions) - len(ours.actions)
        if ahead > 0:
            text = ngettext(
                "This game was continued in another session, {n} move ahead.",
                "This game was continued in another session, {n} moves ahead.",
                ahead,
            )
        elif ahead < 0:
            text = ngettext(
                "This game was continued in another session, {n} move behind yours.",
                "This game was continued in another session, {n} moves behind yours.",
                -ahead,
            )
        else:
            text = _("This game was continued in another session, as far as yours.")
        super().__init__(text.format(n=number(abs(ahead))))
        self.current = current
        self.ahead = ahead


# --- envelope ----------------------------------------------------------------------------------


COACH_MARKS = ("hints", "takebacks")  # optional: written only when the coach helped
RESULT = "result"  # optional: a finished game's winners and losers (``decode_finished``)


def to_envelope(record: SaveRecord, game: Game) -> dict[str, Any]:
    """The JSON-ready dict for ``record`` (plain lists, dicts, strings and numbers)."""
    conv = convert.converter_for(game)
    codec = convert.action_codec(game)
    marks = {key: getattr(record, key) for key in COACH_MARKS if getattr(record, key)}
    if record.resigned:  # optional too: older versions read the file as before
        marks["resigned"] = list(record.resigned)
    outcome = outcome_of(game, record)
    if outcome is not None:  # optional: a summary for readers that skip the position
        marks[RESULT] = {"winners": list(outcome.winners), "losers": list(outcome.losers)}
    return {
        "format": FORMAT,
        "schema_version": migrations.SCHEMA_VERSION,
        "app_version": record.app_version,
        "game": record.game_id,
        "rules_version": record.rules_version,
        "title": record.title,
        "players": record.players,
        "seats": [conv.unstructure(s, SeatInfo) for s in record.seats],
        "created": record.created,
        "updated": record.updated,
        "revision": record.revision,
        "seed": record.seed,
        "config": conv.unstructure(record.config),
        "actions": [{"seat": s, "action": codec.unstructure(a)} for s, a in record.actions],
        "state": convert.unstructure_state(game, record.state),
        **marks,
    }


def encode(record: SaveRecord, game: Game) -> bytes:
    text = json.dumps(
        to_envelope(record, game), ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    return text.encode("utf-8") + b"\n"


def _reject_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def _field(game: Game, raw: dict[str, Any], key: str, type_: Any, path: str | None = None) -> Any:
    path = path or key
    if key not in raw:
        raise SaveError(f"field {path}: missing")
    try:
        return convert.structure(game, raw[key], type_, path)
    except convert.FieldError as exc:
        raise SaveError(str(exc)) from exc


def _actions(game: Game, raw: Any) -> tuple[tuple[int, Any], ...]:
    if not isinstance(raw, list):
        raise SaveError("field actions: expected a list")
    out = []
    for i, entry in enumerate(raw):
        path = f"actions[{i}]"
        if not isinstance(entry, dict):
            raise SaveError(f"field {path}: expected an object")
        seat = _field(game, entry, "seat", int, f"{path}.seat")
        if "action" not in entry:
            raise SaveError(f"field {path}.action: missing")
        try:
            action = convert.structure_action(game, entry["action"], f"{path}.action")
        except convert.FieldError as exc:
            raise SaveError(str(exc)) from exc
        out.append((seat, action))
    return tuple(out)


def from_envelope(
    raw: Any, name: str, games: Mapping[str, Game], *, moves: bool = True
) -> SaveRecord:
    """Check, migrate and structure a parsed envelope; every problem is one ``SaveError``.
    ``moves=False``: the envelope without its moves and position, which are neither read nor
    checked (the record's ``actions`` are empty and its ``state`` is None)."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(_("not a Batallas save"))
    raw = migrations.migrate(raw)
    game_id = raw.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise SaveError(_("unknown game {game}").format(game=repr(game_id)))
    rules_version = whole_number(raw.get("rules_version"), "rules_version", MAX_COUNT)
    if rules_version > game.rules_version:
        raise SaveError(
            _(
                "saved with newer rules of {game} (version {version}; this one plays up to {known})"
            ).format(game=game.name, version=rules_version, known=game.rules_version)
        )
    players = _field(game, raw, "players", int)
    seats = _field(game, raw, "seats", tuple[SeatInfo, ...])
    if len(seats) != players:
        raise SaveError(f"field seats: expected {players} seats, found {len(seats)}")
    if moves and "actions" not in raw:
        raise SaveError("field actions: missing")
    return SaveRecord(
        name=name,
        title=fit_title(_field(game, raw, "title", str)),
        game_id=game_id,
        players=players,
        seats=seats,
        config=_field(game, raw, "config", dict[str, Any]),
        seed=whole_number(raw.get("seed"), "seed", MAX_SEED),
        actions=_actions(game, raw["actions"]) if moves else (),
        state=_field(game, raw, "state", game.state_type) if moves else None,
        created=_field(game, raw, "created", str),
        updated=_field(game, raw, "updated", str),
        rules_version=rules_version,
        app_version=_field(game, raw, "app_version", str),
        revision=_revision(raw),
        **{key: whole_number(raw.get(key, 0), key, MAX_COUNT) for key in COACH_MARKS},
        resigned=_resigned(raw.get("resigned", []), players),
    )


def _resigned(raw: Any, players: int) -> tuple[int, ...]:
    """The seats that resigned: distinct seats of this game, in the order they resigned."""
    if not isinstance(raw, list) or not all(type(s) is int and 0 <= s < players for s in raw):
        raise SaveError(f"field resigned: expected a list of seats from 0 to {players - 1}")
    if len(set(raw)) != len(raw):
        raise SaveError("field resigned: a seat resigned twice")
    return tuple(raw)


def _revision(raw: dict[str, Any]) -> int:
    return whole_number(raw.get("revision"), "revision", MAX_COUNT)


def decode(data: bytes, name: str, games: Mapping[str, Game]) -> SaveRecord:
    try:
        raw = json.loads(data, parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError included
        raise SaveError(_("not valid JSON (truncated?)")) from None
    return from_envelope(raw, name, games)


HEAD = (
    "format",
    "schema_version",
    "app_version",
    "game",
    "rules_version",
    "title",
    "players",
    "seats",
    "created",
    "updated",
    "revision",
    "seed",
    "config",
    *COACH_MARKS,
    "resigned",
    RESULT,
)
"""The envelope's fields but its moves and position (``actions``, ``state``)."""
_HEAD = msgspec.json.Decoder(msgspec.defstruct("Head", [(k, Any, msgspec.UNSET) for k in HEAD]))


def decode_finished(
    data: bytes, name: str, games: Mapping[str, Game]
) -> tuple[SaveRecord, Outcome] | None:
    """A finished save's record without its moves and position (``from_envelope`` with
    ``moves=False``) and its outcome, from the ``result`` written beside them. msgspec
    skips the moves, the position and its log without building them, so this parses a save
    some thirty times faster than ``decode``: ratings of thousands of saves need it.
    None when the file has no usable ``result`` (saved before there was one, not finished)
    or is not plain UTF-8 JSON: ``decode`` reads it whole then, and judges it."""
    try:
        if not data.isascii():
            data.decode("utf-8")  # as ``decode`` would, though msgspec skips the text
        head = _HEAD.decode(data)
    except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError):
        return None
    raw = {key: getattr(head, key) for key in HEAD if getattr(head, key) is not msgspec.UNSET}
    if raw.get("format") != FORMAT or raw.get("schema_version") != migrations.SCHEMA_VERSION:
        return None
    record = from_envelope(raw, name, games, moves=False)
    outcome = _result(raw.get(RESULT), record.players)
    return None if outcome is None else (record, outcome)


def _result(raw: Any, players: int) -> Outcome | None:
    """The ``result`` summary as an outcome (its reason is left empty: it is worded where it
    is shown, from the whole save), or None unless it is one ``to_envelope`` could write."""
    if not isinstance(raw, dict) or set(raw) != {"winners", "losers"}:
        return None
    winners, losers = raw["winners"], raw["losers"]
    if not isinstance(winners, list) or not isinstance(losers, list):
        return None
    seats = winners + losers
    if not all(type(s) is int and 0 <= s < players for s in seats):
        return None
    if len(set(seats)) != len(seats):
        return None
    return Outcome(tuple(winners), "", tuple(losers))


def summarize(record: SaveRecord, game: Game) -> SaveSummary:
    """The Campaigns row for a record, from public facts only."""
    return SaveSummary(
        name=record.name,
        title=record.title,
        game_id=record.game_id,
        game_name=game.name,
        seats=tuple(s.label() for s in record.seats),
        progress=game.progress(record.state),
        updated=record.updated,
        finished=outcome_of(game, record) is not None,
        coached=coach_marks(record.hints, record.takebacks),
    )


# --- the folder --------------------------------------------------------------------------------

_Signature = tuple[int, int, int, int]


def _signature(st: os.stat_result) -> _Signature:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _timestamp(text: str, fallback: float) -> float:
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        return fallback
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.timestamp()


class SaveStore:
    """The saves in one folder. Every method refers to a save by its name (the file stem)."""

    def __init__(self, root: str | Path, games: Mapping[str, Game] | None = None) -> None:
        if games is None:
            from engine.registry import GAMES

            games = GAMES
        self.root = Path(root)
        self.games = games
        # What this store last wrote or read, by name: the file's signature and revision, so
        # a write over an unchanged file needs no read. Rows are kept per language too: their
        # progress and reasons are sentences, read again after a language switch.
        self._known: dict[str, tuple[_Signature, int]] = {}
        self._rows: dict[str, tuple[tuple[_Signature, str], SaveSummary | BrokenSave]] = {}

    # paths and names

    def path(self, name: str) -> Path:
        if not is_safe_name(name):
            raise SaveError(_("{name} is not a usable save name").format(name=repr(name)))
        return self.root / f"{name}{SUFFIX}"

    def _side(self, name: str, suffix: str) -> Path:
        """A lock file of save ``name``, kept apart in ``.locks`` so the folder stays tidy."""
        return self.root / LOCKS / f"{name}{suffix}"

    def _bak(self, name: str) -> Path:
        return self.root / f"{name}{BAK_SUFFIX}"

    def _names(self) -> list[str]:
        return stems(self.root, SUFFIX)

    def unique_name(self, title: str) -> str:
        """A fresh file stem for a new game titled ``title`` (``-2``, ``-3``... on a clash);
        the name of a ``.bak`` left by a deleted save counts as taken."""
        taken = {n.casefold() for n in self._names()}
        taken |= {n.casefold() for n in stems(self.root, BAK_SUFFIX)}
        return fresh_name(title, taken)

    def _game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            raise SaveError(_("unknown game {game}").format(game=repr(game_id)))
        return game

    # reading

    def _read(self, name: str) -> tuple[SaveRecord, _Signature]:
        """Read, structure and verify a save (only a regular file of bounded size, and only
        if its moves replay to its state: see ``saves.verify``); never changes the file."""
        try:
            read = read_file(self.path(name))
        except MissingFile:
            raise SaveError(_("no save named {name}").format(name=repr(name))) from None
        record = decode(read.data, name, self.games)
        verify(self._game(record.game_id), record)
        return record, _signature(read.stat)

    def load(self, name: str) -> SaveRecord:
        """The save called ``name``, or ``SaveError`` with a reason a player can act on."""
        record, sig = self._read(name)
        self._known[name] = (sig, record.revision)
        return record

    def stamp(self, name: str) -> _Signature | None:
        """A stat, no read: whether the file changed since, cheap enough to poll."""
        try:
            return _signature(self.path(name).stat())
        except (OSError, SaveError):
            return None

    def known_stamp(self, name: str) -> _Signature | None:
        known = self._known.get(name)
        return known[0] if known else None

    def hold(self, name: str, player: str | None = None) -> Hold:
        """Claim an open game (``HeldElsewhere`` when another live session has it open)."""
        self.path(name)  # refuse an unsafe name before creating anything
        return Hold.take(self._side(name, ".open"), name, player)

    def _row(self, name: str) -> tuple[SaveSummary | BrokenSave, float]:
        path = self.root / f"{name}{SUFFIX}"
        try:
            st = path.stat()
        except OSError as exc:
            reason = _("cannot be read ({reason})").format(reason=os_reason(exc))
            return BrokenSave(name, str(path), reason), 0.0
        sig = _signature(st)
        cached = self._rows.get(name)
        if cached is not None and cached[0] == (sig, language()):
            row = cached[1]
        else:
            try:
                record, sig = self._read(name)
                row = summarize(record, self._game(record.game_id))
                self._known[name] = (sig, record.revision)
            except SaveError as exc:
                row = BrokenSave(name, str(path), exc.reason)
            except Exception as exc:  # a state the game itself cannot describe
                reason = _("cannot be read ({reason})").format(
                    reason=f"{type(exc).__name__}: {exc}"
                )
                row = BrokenSave(name, str(path), reason)
            self._rows[name] = ((sig, language()), row)
        if isinstance(row, SaveSummary):
            return row, _timestamp(row.updated, st.st_mtime)
        return row, st.st_mtime

    def list(self) -> list[SaveSummary | BrokenSave]:
        """Every save, most recent first; unreadable files appear as ``BrokenSave`` rows."""
        rows = [self._row(name) for name in self._names()]
        for gone in set(self._rows) - {row.name for row, _when in rows}:
            del self._rows[gone]
        rows.sort(key=lambda r: (-r[1], r[0].name))
        return [row for row, _when in rows]

    def most_recent(self, unfinished: bool = False) -> SaveSummary | None:
        """The latest readable save (only games still in progress if ``unfinished``)."""
        for row in self.list():
            if isinstance(row, SaveSummary) and not (unfinished and row.finished):
                return row
        return None

    # writing

    def _revision_on_disk(self, name: str, path: Path) -> int | None:
        """The revision of the file now (None when there is none); refuses to go on when the
        file does not load: it may be the only copy of a game a newer version can read."""
        try:
            st = path.stat()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise SaveError(
                _("cannot save {name}: {reason}").format(name=repr(name), reason=os_reason(exc))
            ) from exc
        known = self._known.get(name)
        if known is not None and known[0] == _signature(st):
            return known[1]
        try:
            record = self.load(name)
        except SaveError as exc:
            raise SaveError(
                _("{file} was left untouched because it could not be read ({reason})").format(
                    file=path.name, reason=exc.reason
                )
            ) from exc
        return record.revision

    def _write(self, name: str, path: Path, data: bytes, revision: int) -> None:
        replace_keeping_bak(path, data, repr(name))
        try:
            self._known[name] = (_signature(path.stat()), revision)
        except OSError:
            self._known.pop(name, None)

    def _locked(self, name: str):
        return exclusive(self._side(name, ".lock"), _("save {name}").format(name=repr(name)))

    def save(self, record: SaveRecord) -> SaveRecord:
        """Write ``record`` as ``<name>.json`` atomically, keeping the old file as ``.bak``;
        returns the record as written (its revision one higher).

        ``SaveConflict`` when the file is no longer at ``record.revision`` (another session
        wrote it since); ``SaveError`` when the file on disk does not load (it is kept).
        """
        path = self.path(record.name)
        written = attrs.evolve(record, revision=record.revision + 1)
        try:
            data = encode(written, self._game(record.game_id))
        except (TypeError, ValueError) as exc:  # a value the game's types do not describe
            raise SaveError(
                _("could not save {what}: {reason}").format(what=repr(record.name), reason=exc)
            ) from exc
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(
                _("could not save {what}: {reason}").format(
                    what=repr(record.name), reason=os_reason(exc)
                )
            ) from exc
        with self._locked(record.name):
            on_disk = self._revision_on_disk(record.name, path)
            if on_disk is not None and on_disk != record.revision:
                raise SaveConflict(self.load(record.name), record)
            self._write(record.name, path, data, written.revision)
        return written

    def delete(self, name: str) -> None:
        """Remove a save, its ``.bak`` and its review (broken files too: deleting is the
        player's call)."""
        removed = False
        hold = self.hold(name)  # HeldElsewhere: a live session is playing it
        try:
            for path in (self.path(name), self._bak(name)):
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
            unlink_quietly(self._side(name, ".lock"))
            unlink_quietly(self._side(name, ".open"))
            unlink_quietly(reviews_path(self.root) / review_file(name))
        finally:
            hold.release()
        self._known.pop(name, None)
        self._rows.pop(name, None)
        if not removed:
            raise SaveError(_("no save named {name}").format(name=repr(name)))

    def rename(self, name: str, new_title: str) -> str:
        """Retitle a save and move it to the matching file name; returns the new name.
        Refused (``HeldElsewhere``) while a live session has the game open."""
        hold = self.hold(name)
        try:
            return self._rename(name, new_title)
        finally:
            hold.release()

    def _rename(self, name: str, new_title: str) -> str:
        record = self.load(name)
        title = fit_title(new_title.strip())
        new = sanitize_name(title)
        title = title or new
        if new == name:
            self.save(attrs.evolve(record, title=title))
            return name
        case_only = new.casefold() == name.casefold()
        if not case_only and new.casefold() in {n.casefold() for n in self._names()}:
            raise SaveError(_("a save named {name} already exists").format(name=repr(new)))
        moved = attrs.evolve(record, name=new, title=title, revision=record.revision + 1)
        try:
            if case_only:  # on a case-insensitive disk the two names are one file
                os.replace(self.path(name), self.path(new))
                self._known.pop(name, None)
                self._revision_on_disk(new, self.path(new))
            data = encode(moved, self._game(moved.game_id))
            with self._locked(new):  # temp files are only ever made under the lock
                self._write(new, self.path(new), data, moved.revision)
            if not case_only:
                self.path(name).unlink()
            if self._bak(name).exists():
                os.replace(self._bak(name), self._bak(new))
        except OSError as exc:
            raise SaveError(
                _("could not rename {name}: {reason}").format(
                    name=repr(name), reason=os_reason(exc)
                )
            ) from exc
        unlink_quietly(self._side(name, ".lock"))
        unlink_quietly(self._side(name, ".open"))
        self._known.pop(name, None)
        self._rows.pop(name, None)
        return new
