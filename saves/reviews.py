"""Reviews of finished games, computed once and kept: one JSON file per save in ``reviews``
(``saves.paths.reviews_path``), named after the save, or ``table-NAME`` for a shared table.

A review is only as good as the game it judged, so each file carries the game's fingerprint
(game, seed, rules version, number and hash of its actions): a save that changed since (a
takeback, another game under the same name) no longer matches and is reviewed again. A file
that does not read back as a review (truncated, edited, hostile, a FIFO or a link in its
place) is never trusted: it counts as no review, and the review is computed again. Writes use
``saves.safe_write`` (a new file put in place, never written through a link or a FIFO).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cattrs

from engine.core import Game
from engine.i18n import _
from engine.review import Review, review
from saves import convert
from saves.durable import os_reason
from saves.paths import is_safe_name, review_file, reviews_path
from saves.record import HUMAN, SaveError, SaveRecord
from saves.safe_read import read_file
from saves.safe_write import WriteRefused, write_named_file
from saves.store import SaveStore

FORMAT = "batallas-review"
VERSION = 1
MAX_REVIEW_BYTES = 4 * 1024 * 1024
TABLE_PREFIX = "table-"

_conv = cattrs.Converter(forbid_extra_keys=True)


def fingerprint(game: Game, record: SaveRecord) -> dict[str, Any]:
    """What the review judged: a save whose fingerprint differs gets a new review."""
    codec = convert.action_codec(game)
    moves = [[seat, codec.unstructure(action)] for seat, action in record.actions]
    text = json.dumps(moves, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return {
        "game": record.game_id,
        "seed": record.seed,
        "rules_version": record.rules_version,
        "actions": len(record.actions),
        "hash": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }


def review_name(store: SaveStore, record: SaveRecord) -> str:
    """The file name of ``record``'s review: the save's, or ``table-NAME`` when the record is
    a finished shared table that no save is named after (``saves.replay.record_named``)."""
    return review_file(record.name, table=store.stamp(record.name) is None)


def _plausible(review: Review, record: SaveRecord) -> bool:
    """Whether a review read from a file can be about ``record`` (numbers in range, moments
    at its actions, one dice decision per seat): an edited file is recomputed, never shown."""
    if len(review.dice) != len(review.seats) or review.game_id != record.game_id:
        return False
    if not all(i == -1 or any(m.index == i for m in review.moments) for i in review.dice):
        return False
    for m in review.moments:
        if not (0 <= m.index < len(record.actions) and m.seat in review.seats):
            return False
        if not all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in (m.chance, m.cost)):
            return False
    return all(0 <= s < record.players for s in review.seats)


class ReviewStore:
    """The reviews of the saves of one ``SaveStore`` (and of the finished tables)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    @classmethod
    def of(cls, store: SaveStore) -> ReviewStore:
        return cls(reviews_path(store.root))

    def path(self, file: str) -> Path:
        if not is_safe_name(file):
            raise SaveError(_("{name} is not a usable save name").format(name=repr(file)))
        return self.root / file

    def load(self, file: str, print_: dict[str, Any], record: SaveRecord) -> Review | None:
        """The stored review, or None: none yet, made for another version of the game, or a
        file that is not a sound review (it is then computed again and replaced)."""
        try:
            path = self.path(file)
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return None  # a link, a FIFO, a folder: never read
            raw = json.loads(read_file(path, MAX_REVIEW_BYTES).data)
            if not isinstance(raw, dict) or raw.get("format") != FORMAT:
                return None
            if raw.get("version") != VERSION or raw.get("fingerprint") != print_:
                return None
            review = _conv.structure(raw.get("review"), Review)
        except Exception:  # noqa: BLE001 - any file at all: what does not read is recomputed
            return None
        return review if _plausible(review, record) else None

    def save(self, file: str, print_: dict[str, Any], review: Review) -> None:
        """Keep ``review``; ``SaveError`` with one sentence when it cannot be written."""
        data = json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "fingerprint": print_,
                "review": _conv.unstructure(review),
            },
            ensure_ascii=False,
            allow_nan=False,
        ).encode("utf-8")
        try:
            path = self.path(file)
            self.root.mkdir(parents=True, exist_ok=True)
            write_named_file(path, data + b"\n", ())
        except WriteRefused as err:
            reason = err.reason
        except OSError as err:
            reason = os_reason(err)
        else:
            return
        raise SaveError(_("The review was not kept: {reason}.").format(reason=reason))

    def delete(self, file: str) -> None:
        """Forget a review (its save was deleted); a review that is not there is fine."""
        try:
            self.path(file).unlink()
        except (OSError, SaveError):
            pass


def human_seats(record: SaveRecord) -> tuple[int, ...]:
    """The seats whose decisions are reviewed: the humans (a game of bots only: seat 0, the
    seat its replay shows)."""
    return tuple(i for i, s in enumerate(record.seats) if s.kind == HUMAN) or (0,)


def stored_review(store: SaveStore, record: SaveRecord) -> Review | None:
    """The review kept for this very game, if any (nothing is computed: ``export``)."""
    game = store.games[record.game_id]
    return ReviewStore.of(store).load(review_name(store, record), fingerprint(game, record), record)


def review_of(
    store: SaveStore,
    record: SaveRecord,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> tuple[Review, str | None]:
    """The stored review of a finished game, else a new one, computed and kept; with it, the
    sentence saying why it could not be kept (it is shown all the same), or None.
    ``SaveError`` for a game that is not over; ``engine.review.Cancelled`` when cancelled
    (nothing is kept then)."""
    game = store.games[record.game_id]
    if game.outcome(record.state) is None:
        raise SaveError(_("the game is not over yet"))
    if importlib.util.find_spec(f"engine.{game.id}.coach") is None:
        raise SaveError(_("{game} cannot be reviewed yet").format(game=game.name))
    stored = stored_review(store, record)
    if stored is not None:
        return stored, None
    made = review(
        game,
        record.seed,
        record.config,
        record.players,
        record.actions,
        human_seats(record),
        progress=progress,
        cancelled=cancelled,
    )
    try:
        ReviewStore.of(store).save(review_name(store, record), fingerprint(game, record), made)
    except SaveError as err:
        return made, err.reason
    return made, None
