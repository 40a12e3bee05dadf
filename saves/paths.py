"""Where saves live, and how a title becomes a file name that is safe on every system."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import platformdirs

MAX_NAME = 60
FALLBACK_NAME = "save"

# Names Windows reserves whatever the extension; a save called "con" would be unopenable there.
_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"} | {f"{p}{i}" for p in ("COM", "LPT") for i in range(1, 10)}
)
_DASHES = re.compile(r"-{2,}")


def saves_dir(override: str | Path | None = None) -> Path:
    """``--saves-dir`` wins, then ``$BATALLAS_HOME/saves``, then the platform's data folder."""
    if override is not None and str(override) != "":
        path = Path(override).expanduser()
    elif os.environ.get("BATALLAS_HOME"):
        path = Path(os.environ["BATALLAS_HOME"]).expanduser() / "saves"
    else:
        path = platformdirs.user_data_path("batallas") / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def sanitize_name(text: str) -> str:
    """A file stem from a title: letters (any script), digits, ``-`` and ``_`` only.

    Separators, dots and control characters can never survive, so a name cannot climb out of
    the saves folder (``../etc``), hide itself (``.x``) or confuse a terminal.
    """
    out = []
    for ch in unicodedata.normalize("NFC", text):
        if ch.isalpha() or ch.isdecimal() or ch in "-_":
            out.append(ch)
        elif ch.isspace() or ch in "/\\:.":
            out.append("-")
    name = _DASHES.sub("-", "".join(out)).strip("-_")
    name = name[:MAX_NAME].rstrip("-_")
    if not name:
        return FALLBACK_NAME
    if name.upper() in _RESERVED:
        name += "_"
    return name


def is_safe_name(name: str) -> bool:
    """Whether ``name`` (maybe a file someone copied in) stays inside the folder as a stem."""
    return (
        bool(name)
        and not name.startswith(".")
        and "/" not in name
        and "\\" not in name
        and "\0" not in name
        and Path(name).name == name
    )
