"""Where saves live, how a title becomes a file name that is safe on every system, and how
names and titles are kept from acting on a terminal (control and bidi characters)."""

from __future__ import annotations

import itertools
import os
import re
import unicodedata
from pathlib import Path

import platformdirs

from engine.i18n import _

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


def stems(root: Path, suffix: str) -> list[str]:
    """The names of the ``*suffix`` files in ``root`` (hidden ones aside), sorted; an
    unreadable folder has none. Saves, tables and campaigns are all listed this way."""
    try:
        entries = list(os.scandir(root))
    except OSError:
        return []
    return sorted(
        e.name[: -len(suffix)]
        for e in entries
        if e.name.endswith(suffix) and not e.name.startswith(".") and len(e.name) > len(suffix)
    )


def fresh_name(title: str, taken: set[str]) -> str:
    """A file stem for ``title`` not in ``taken`` (casefolded): ``-2``, ``-3``… on a clash."""
    base = sanitize_name(title)
    if base.casefold() not in taken:
        return base
    for i in itertools.count(2):
        suffix = f"-{i}"
        candidate = base[: MAX_NAME - len(suffix)].rstrip("-_") + suffix
        if candidate.casefold() not in taken:
            return candidate
    raise AssertionError("unreachable")


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


def is_person_name(name: str) -> bool:
    """Whether ``name`` can be a person's: what a hosted login may be (a folder of its own,
    so no separator or leading dot, printable, with a letter or digit). A table's seats are
    held to the same rule, typed or read from the file: no ``../../root`` ever sits down."""
    return is_safe_name(name) and name.isprintable() and any(ch.isalnum() for ch in name)


def same_person(a: str, b: str) -> bool:
    """Logins are case-sensitive: ``ALICE`` is not ``alice`` and never takes her seat, her
    turn or her records."""
    return a.strip() == b.strip()


def _shown_as_is(ch: str) -> bool:
    """Printable, or a space of some width (no-break, ideographic): neither moves the cursor,
    changes the terminal or reorders the text around it."""
    return ch.isprintable() or unicodedata.category(ch) == "Zs"


def visible(text: str) -> str:
    """``text`` from a file or a person, safe to show or print: every character that could act
    on a terminal (ESC, BEL, line breaks, bidi overrides, ...) becomes its escape, ``\\x1b``."""
    if all(_shown_as_is(ch) for ch in text):
        return text
    return "".join(
        ch if _shown_as_is(ch) else ch.encode("unicode_escape").decode("ascii") for ch in text
    )


def unprintable_problem(text: str, what: str) -> str | None:
    """Why a typed name or title cannot be used, in one sentence, or None. ``what`` names the
    field, already in the player's language (``_("A campaign's name")``).

    A control or invisible formatting character in a name would reach every terminal that
    lists it (``batallas saves``, ``table list``, another player's screen).
    """
    bad = next((ch for ch in text if not _shown_as_is(ch)), None)
    if bad is None:
        return None
    return _(
        "{what} cannot contain control or invisible formatting characters (found {character})."
    ).format(what=what, character=visible(bad))


def folder_problem(exc: OSError) -> str:
    """One line for a folder that cannot be made or used, naming the file in its way if any
    (``--saves-dir``, ``--tables-dir`` or ``$BATALLAS_HOME`` pointing at a file)."""
    path = Path(os.fsdecode(exc.filename)) if exc.filename is not None else None
    if path is None:
        return _("Cannot use the data folder: {reason}.").format(reason=exc.strerror or exc)
    shown = visible(str(path))
    try:
        blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
    except OSError:  # a folder above it cannot even be looked at
        blocker = None
    if blocker == path:
        reason = _("it is a file")
    elif blocker is not None:
        reason = _("{path} is a file").format(path=visible(str(blocker)))
    else:
        reason = exc.strerror or str(exc)
    return _("Cannot use {path} as a folder: {reason}.").format(path=shown, reason=reason)
