"""Saving and loading games: cattrs converter, JSON envelope, migrations, atomic store.

Never imports textual or the UI, so the saves can be read, listed and repaired from scripts.
"""

from saves.migrations import SCHEMA_VERSION
from saves.paths import sanitize_name, saves_dir
from saves.record import BrokenSave, SaveError, SaveRecord, SaveSummary, SeatInfo
from saves.session import Session
from saves.store import SaveStore

__all__ = [
    "SCHEMA_VERSION",
    "BrokenSave",
    "SaveError",
    "SaveRecord",
    "SaveStore",
    "SaveSummary",
    "SeatInfo",
    "Session",
    "sanitize_name",
    "saves_dir",
]
