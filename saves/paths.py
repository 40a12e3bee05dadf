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
MAX_TITLE = 60
"""Columns a title may take (a wide character takes two): what the narrowest screen showing
one whole (the campaigns list, the menu's Continue line at 80×24) has room for."""
FALLBACK_NAME = "save"
PLAYERS = "players"  # hosted: each player's saves are in saves/players/LOGIN

# Names Windows reserves whatever the extension; a save called "con" would be unopenable there.
_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"} | {f"{p}{i}" for p in ("COM", "LPT") for i in range(1, 10)}
)
_DASHES = re.compile(r"-{2,}")


def _data_folder(override: str | Path | None, env: str | None, name: str) -> Path:
    """The override, else ``$env``, else ``$BATALLAS_HOME/name``, else the platform's."""
    if override is not None and str(override) != "":
        return Path(override).expanduser()
    if env and os.environ.get(env):
        return Path(os.environ[env]).expanduser()
    if os.environ.get("BATALLAS_HOME"):
        return Path(os.environ["BATALLAS_HOME"]).expanduser() / name
    return platformdirs.user_data_path("batallas") / name


def saves_dir(override: str | Path | None = None) -> Path:
    """``--saves-dir`` wins, then ``$BATALLAS_HOME/saves``, then the platform's data folder."""
    path = _data_folder(override, None, "saves")
    path.mkdir(parents=True, exist_ok=True)
    return path


def tables_path(override: str | Path | None = None) -> Path:
    """``--tables-dir``, then ``$BATALLAS_TABLES``, ``$BATALLAS_HOME/tables``, the data folder
    (not made here: ``saves.tables.tables_dir`` makes it)."""
    return _data_folder(override, "BATALLAS_TABLES", "tables")


def reviews_path(saves: str | Path) -> Path:
    """Where the reviews of the saves in ``saves`` are kept: ``reviews`` beside the saves and
    tables in the data folder; a hosted player's saves (``saves/players/NAME``) have their
    own (``reviews/players/NAME``), so two players' saves of one name never share a review.
    Not made here: ``saves.reviews`` makes it when it first writes."""
    base = _data_folder(None, None, "reviews")
    try:
        return base / Path(saves).relative_to(_data_folder(None, None, "saves"))
    except ValueError:
        return base


def review_file(name: str, table: bool = False) -> str:
    """The review's file name: the save's (``table-NAME`` for a finished shared table)."""
    return f"{'table-' if table else ''}{name}.json"


def logs_dir() -> Path:
    """Where unexpected errors are logged: ``$BATALLAS_HOME/logs``, else the platform's."""
    home = os.environ.get("BATALLAS_HOME")
    if home:
        return Path(home).expanduser() / "logs"
    return platformdirs.user_log_path("batallas")


def own_folders(saves: str | Path | None = None) -> tuple[Path, ...]:
    """The folders of Batallas's own files (saves, campaigns, tables, their locks, logs), the
    saves folder in use (``--saves-dir``) as well as the usual one: a file a person asks to
    write (``export -o``) is never put in them (``saves.safe_write``)."""
    usual = _data_folder(None, None, "saves")
    return (_data_folder(saves, None, "saves"), usual, tables_path(), logs_dir())


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


def _columns(ch: str) -> int:
    if _shown_as_is(ch):
        return 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return len(visible(ch))


def title_width(text: str) -> int:
    """The columns ``text`` takes as shown (``visible``): a wide character (CJK) takes two,
    an escaped control character its escape's length."""
    return sum(map(_columns, text))


def fit_title(text: str) -> str:
    """A title, cut with "…" to ``MAX_TITLE`` columns: every title read from a file or made
    from another ("… (copy)", a campaign's "… · Battle 2") goes through here, so that no
    screen ever gets a longer one. Typed titles are checked first (``title_problem``)."""
    used = 0
    for end, ch in enumerate(text):
        used += _columns(ch)
        if used > MAX_TITLE:
            kept = text[:end]
            while title_width(kept) > MAX_TITLE - 1:  # room for the "…"
                kept = kept[:-1]
            return kept.rstrip() + "…"
    return text


def title_problem(text: str, what: str) -> str | None:
    """Why a typed title cannot be used, in one sentence, or None: a control or invisible
    character (``unprintable_problem``), or more than ``MAX_TITLE`` columns."""
    problem = unprintable_problem(text, what)
    if problem is None and title_width(text) > MAX_TITLE:
        problem = _(
            "{what} is too long: at most {most} characters (a wide character counts as two)."
        ).format(what=what, most=MAX_TITLE)
    return problem


def folder_problem(exc: OSError, named: bool = True) -> str:
    """One line for a folder that cannot be made or used, naming the file in its way if any
    (``--saves-dir``, ``--tables-dir`` or ``$BATALLAS_HOME`` pointing at a file). Not
    ``named`` (hosted), no path at all: the reader is a remote player, not the server's owner."""
    if not named:
        return _("This server cannot keep your games ({reason}); please tell its host.").format(
            reason=exc.strerror or type(exc).__name__
        )
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
