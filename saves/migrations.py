"""Upgrades of old save files, as plain-dict steps applied before structuring.

When the save format changes, bump ``SCHEMA_VERSION`` to n+1, add ``MIGRATIONS[n]`` (a
function from a version-n envelope dict to a version-n+1 one) and keep a golden file of
version n in ``tests/saves/golden`` so the step stays tested. Steps work on dicts, never on
attrs classes, because the classes of an old version no longer exist.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engine.i18n import _
from saves.record import SaveError

SCHEMA_VERSION = 2


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 2 counts the writes of a save (``revision``); a version-1 file starts at 0."""
    raw["revision"] = 0
    return raw


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def schema_version_of(raw: dict[str, Any]) -> int:
    version = raw.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(
            _("not a Batallas save (schema version {version})").format(version=repr(version))
        )
    return version


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` upgraded to ``SCHEMA_VERSION``; a newer file is refused, not guessed at."""
    version = schema_version_of(raw)
    if version > SCHEMA_VERSION:
        raise SaveError(
            _(
                "saved by a newer version of Batallas (schema {version}; "
                "this one reads up to {known})"
            ).format(version=version, known=SCHEMA_VERSION)
        )
    if version == SCHEMA_VERSION:
        return raw
    raw = copy.deepcopy(raw)  # steps may edit nested data; the caller's dict stays as read
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(
                _("cannot upgrade a save from schema {version} (no migration)").format(
                    version=version
                )
            )
        try:
            raw = step(raw)
        except Exception as exc:
            raise SaveError(
                _("cannot upgrade a save from schema {version}: {problem}").format(
                    version=version, problem=exc
                )
            ) from exc
        version += 1
        raw["schema_version"] = version
    return raw
