"""The words of `batallas`'s command line that several commands share: argparse in the
player's language, the types that check what someone typed, and the global options (which a
browser tab's app, ``tui/serve.py``, parses too). Nothing here imports the app."""

from __future__ import annotations

import argparse

from engine import i18n
from engine.i18n import N_, _
from saves.paths import unprintable_problem, visible
from saves.record import MAX_SEED, SeatInfo, level_key
from tui import __version__, language

SEAT_HELP = N_("human, human:NAME, or bot:LEVEL (e.g. bot:strong); once per seat, in seat order")

# argparse's own words as Python 3.11 writes them, for our catalogs: argparse looks each up
# by calling the ``_`` and ``ngettext`` of its module, which ``speak_argparse`` points at ours.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("subcommands"),
)


def speak_argparse() -> None:
    """Make argparse's own words (``usage:``, its errors) come from our catalog.

    argparse calls ``gettext.gettext`` (bound in its module as ``_``), which reads the
    language from the environment and the default gettext domain: it would never follow
    ``--lang`` or the choice made in the app. Its two names are pointed at ours instead, which
    follow the language installed at the moment the text is made."""
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


class Parser(argparse.ArgumentParser):
    """argparse, except that its error line (which quotes the arguments it could not use) shows
    control characters escaped. Subparsers are made of the same class."""

    def error(self, message: str):
        super().error(visible(message))


def typed_text(what: str, problem_of=unprintable_problem):
    """An argparse type for a name or title someone types: control and invisible formatting
    characters are refused with one sentence (``what`` names the field: "A title"); a title
    (``problem_of=title_problem``) is also refused past ``MAX_TITLE`` columns."""

    def check(text: str) -> str:
        problem = problem_of(text, what)
        if problem:
            raise argparse.ArgumentTypeError(problem)
        return text

    return check


def seed_number(text: str) -> int:
    """An argparse type for ``--seed``: a whole number the game's RNG keeps whole (saves and
    tables refuse any other when they are read)."""
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            _("a seed is a whole number from 0 to {most}, not {given}").format(
                most=MAX_SEED, given=repr(text[:40])
            )
        )
    return seed


def parse_seat(text: str):
    """Turn `human`, `human:Ana` or `bot:strong` into a SeatInfo."""
    kind, _sep, rest = text.partition(":")
    if kind == "human":
        return SeatInfo(kind="human", name=typed_text(_("A player name"))(rest or ""))
    if kind == "bot":
        return SeatInfo(kind="bot", name="", level=level_key(rest) if rest else "strong")
    raise argparse.ArgumentTypeError(
        _("seat must be {choices}, not {given}").format(choices=_(SEAT_HELP), given=repr(text))
    )


def lang_help() -> str:
    return _(
        "the language: en (English), es (Español), it (Italiano); default: the one last "
        "chosen in the app, else $LANGUAGE, $LC_ALL, $LC_MESSAGES or $LANG, else English"
    )


def app_parser() -> argparse.ArgumentParser:
    """`batallas` with its global options only, in the language installed now."""
    speak_argparse()
    parser = Parser(
        prog="batallas",
        description=_("Five historical war games from old print-and-play rule sheets."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"batallas {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument("--lang", choices=sorted(language.LANGUAGES), help=lang_help())
    parser.add_argument(
        "--saves-dir",
        help=_(
            "where saves live (default: $BATALLAS_HOME/saves or the platform's user data folder)"
        ),
    )
    parser.add_argument("--theme", help=_("Textual theme, e.g. textual-dark, ansi-dark, nord"))
    parser.add_argument("--no-mouse", action="store_true", help=_("do not capture the mouse"))
    parser.add_argument(
        "--no-animations", action="store_true", help=_("no animations (for slow links)")
    )
    parser.add_argument(
        "--hosted",
        action="store_true",
        help=_("for an SSH ForceCommand: per-player saves, no file options (docs/hosting.md)"),
    )
    parser.add_argument(
        "--player",
        help=_("with --hosted: the player's name (default: $BATALLAS_PLAYER, else the login name)"),
    )
    parser.add_argument(
        "--letters",
        action="store_true",
        help=_("draw chess pieces as letters (for fonts without chess glyphs)"),
    )
    return parser


def unknown_theme(theme: str, themes) -> str:
    return _("Unknown theme {theme}; try one of: {themes}").format(
        theme=repr(visible(theme)), themes=", ".join(sorted(themes))
    )
