"""Which language Batallas speaks, and putting it in place (catalog, numbers, dates).

The choice, first that applies: ``--lang``; the language last chosen in the command palette
(remembered in a small config file); the environment (``LANGUAGE``, then the first set of
``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English. The palette choice comes before the
environment because nearly every system sets ``LANG`` (often to ``en_US.UTF-8``): were the
environment first, a choice made in the app would be forgotten at the next start. ``--lang``
still wins for one run.

The remembered choice lives in ``$BATALLAS_HOME/config.json``, else in the platform's user
config folder. Over SSH (``--hosted``) every player runs as the same Unix user, so each
player's choice is kept apart (``players/NAME.json`` in that folder); a browser tab
(``batallas serve``) belongs to nobody in particular and remembers nothing. A config file that
cannot be read is ignored; one that cannot be written is one sentence for the caller to show.
"""

from __future__ import annotations

import datetime as dt
import gettext
import json
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from engine import i18n
from engine.i18n import _
from saves.durable import fsync_dir, os_reason, unlink_quietly, write_durably

DOMAIN = "batallas"
LOCALE_DIR = Path(__file__).parent / "locale"
# Each language by its own name: whoever cannot read the current one still finds theirs.
LANGUAGES = {"en": "English", "es": "Español", "it": "Italiano"}
DEFAULT = "en"
CONFIG_NAME = "config.json"
CONFIG_LIMIT = 64 * 1024  # bytes: a config larger than this is not ours, and is not read
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def code_of(value: str) -> str | None:
    """The supported language a locale name means (``es_ES.UTF-8`` → ``es``, ``it`` →
    ``it``), or None (``C``, ``POSIX``, an empty value, a language Batallas does not speak)."""
    name = value.strip().split(".")[0].split("@")[0]
    code = name.replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the environment asks for, or None.

    ``LANGUAGE`` is a list of preferences (``it:es``): its first supported entry wins. Then,
    as POSIX has it, the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides
    alone: ``C``, ``POSIX`` or a language Batallas does not speak mean English.
    """
    for entry in environ.get("LANGUAGE", "").split(":"):
        code = code_of(entry)
        if code:
            return code
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return code_of(value)
    return None


def from_argv(argv: Sequence[str]) -> str | None:
    """``--lang CODE`` or ``--lang=CODE`` anywhere before ``--``, looked for before argparse
    runs so that ``--help`` and argparse's errors already speak it; None when absent or not
    a supported code (argparse then says what is wrong)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        return value if value in LANGUAGES else None
    return None


def choose(argv_code: str | None, remembered_code: str | None, environ: Mapping[str, str]) -> str:
    """``--lang``, else the remembered palette choice, else the environment, else English."""
    return argv_code or remembered_code or from_environment(environ) or DEFAULT


# --- the remembered choice ------------------------------------------------------------------
def config_path(player: str | None = None) -> Path:
    """Where the choice is remembered: ``config.json``, or a hosted player's own file."""
    home = os.environ.get("BATALLAS_HOME")
    if home:
        folder = Path(home).expanduser()
    else:
        import platformdirs

        folder = platformdirs.user_config_path("batallas")
    return folder / CONFIG_NAME if player is None else folder / "players" / f"{player}.json"


def read_config(path: Path) -> dict:
    """The config's settings; empty when the file is missing, not a regular file, too large
    or not a JSON object (a config problem never stops the game)."""
    try:
        if not path.is_file() or path.stat().st_size > CONFIG_LIMIT:  # never open a pipe
            return {}
        with path.open("rb") as f:
            data = json.loads(f.read(CONFIG_LIMIT + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered(player: str | None = None) -> str | None:
    """The language last chosen in the palette, when one was and it is still supported."""
    code = read_config(config_path(player)).get("language")
    return code if isinstance(code, str) and code in LANGUAGES else None


def remember(code: str, player: str | None = None) -> str | None:
    """Keep ``code`` for the next start (other settings in the file are kept); None, or a
    sentence saying why it could not be kept. The file is replaced atomically: a crash
    leaves the old one or the new one, never half of either."""
    path = config_path(player)
    settings = read_config(path)
    settings["language"] = code
    data = (json.dumps(settings, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_durably(tmp, data)
        os.replace(tmp, path)
    except OSError as err:
        unlink_quietly(tmp)
        return _("The language could not be remembered for next time: {reason}.").format(
            reason=os_reason(err)
        )
    fsync_dir(path.parent)
    return None


# --- putting a language in place ----------------------------------------------------------
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (English has none: its msgids are the text)."""
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def number_format(code: str) -> Callable[[int | float], str]:
    """Numbers as ``code`` writes them: 1,500 / 1.500."""
    from babel.numbers import format_decimal

    def number(value: int | float) -> str:
        return format_decimal(value, locale=code)

    return number


def install(code: str) -> None:
    """Make ``code`` the language of everything shown from now on: engine, saves and app."""
    i18n.install(catalog(code), code, number=number_format(code), moment=when)


def start(argv: Sequence[str], player: str | None = None, remembers: bool = True) -> str:
    """Choose and install the language for a run of ``batallas`` with ``argv``; ``player``
    is the hosted player, ``remembers`` False where nothing is remembered (a browser tab)."""
    code = choose(from_argv(argv), remembered(player) if remembers else None, os.environ)
    install(code)
    return code


def when(moment: str | dt.datetime) -> str:
    """A moment (a save's ISO time stamp, UTC) in local time, as the current language
    writes dates: ``2025-12-31 18:05`` in English (the same in every English-speaking
    country, which disagree on day and month), ``31/12/2025 18:05`` in Spanish and Italian."""
    if isinstance(moment, str):
        try:
            moment = dt.datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return moment[:16].replace("T", " ")  # not a time stamp: shown as it is
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    code = i18n.language()
    if code == "en" or code not in LANGUAGES:
        return moment.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_skeleton

    date = format_skeleton("yMd", moment, locale=code)
    return f"{date} {format_skeleton('Hm', moment, locale=code)}"
