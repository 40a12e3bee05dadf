"""Hosted mode (`batallas --hosted`, run by sshd's ForceCommand): one saves folder per player,
and nothing that reaches past the app — no file paths, no suspend, no screenshots, no browser.

Every SSH player runs as the same Unix user, so the app itself is the wall between them and
the server: anything that names a file or starts another program is refused here.
Imported before Textual, so the environment can be cleaned before Textual reads it.
"""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import MutableMapping
from pathlib import Path

from engine.i18n import _
from saves.paths import PLAYERS, folder_problem, is_person_name, sanitize_name, saves_dir

PLAYER_ENV = "BATALLAS_PLAYER"  # set per key by `environment=` in authorized_keys
# Anything added later is refused until listed here (`table` refuses --tables-dir itself).
COMMANDS = (None, "new", "resume", "saves", "rules", "table", "replay", "export", "ratings")
# Textual reads its other TEXTUAL_* variables at import; some name files (TEXTUAL_LOG,
# TEXTUAL_SCREENSHOT_LOCATION) or code (TEXTUAL_DRIVER), so only these two survive.
TEXTUAL_KEPT = frozenset({"TEXTUAL_COLOR_SYSTEM", "TEXTUAL_ANIMATIONS"})


def refusal(args) -> str | None:
    """Why these arguments cannot run hosted (a sentence), or None."""
    if not args.hosted:
        return _("--player only makes sense with --hosted.") if args.player is not None else None
    if args.saves_dir is not None:
        return _("--saves-dir is not available with --hosted: each player has their own folder.")
    if args.command not in COMMANDS:
        return _("`batallas {command}` is not available with --hosted.").format(
            command=args.command
        )
    if getattr(args, "deck", None):
        return _("--deck is not available with --hosted: hosted games use the built-in decks.")
    if args.command == "export" and args.output is not None:
        return _("export -o is not available with --hosted: the record is printed instead.")
    return None


def has_terminal() -> bool:
    """Whether stdin and stdout are a terminal (sshd gave the session a pty)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def opens_the_app(args) -> bool:
    table = getattr(args, "table_command", "")
    return args.command in (None, "new", "resume", "replay") or table in ("join", "watch")


def player_name(given: str | None, environ: MutableMapping[str, str]) -> tuple[str, str | None]:
    """The player's folder name and None, or the raw name and why it cannot be used.

    `--player`, else $BATALLAS_PLAYER, else the login name. Spaces and dots become dashes
    (`john.doe` → `john-doe`); a name with a path separator, a leading dot, a control
    character or no letter or digit at all is refused rather than quietly renamed.
    """
    raw = given or environ.get(PLAYER_ENV) or environ.get("USER") or environ.get("LOGNAME")
    if not raw:
        raw = getpass.getuser()
    raw = raw.strip()
    if not is_person_name(raw):
        return raw, _(
            "The player name {name} cannot be a saves folder: use letters, digits, - and _."
        ).format(name=repr(raw))
    return sanitize_name(raw), None


def drop_unknown_color_system(environ: MutableMapping[str, str]) -> str | None:
    """Remove a TEXTUAL_COLOR_SYSTEM that Textual does not know and return it (else None).

    Textual hands the value to Rich, which looks it up in a table: an unknown one (an SSH
    client may send any, it is on AcceptEnv) is a KeyError before the first screen.
    """
    from rich.console import COLOR_SYSTEMS

    value = environ.get("TEXTUAL_COLOR_SYSTEM")
    if value is None or value == "auto" or value in COLOR_SYSTEMS:
        return None
    del environ["TEXTUAL_COLOR_SYSTEM"]
    return value


def clean_environment(environ: MutableMapping[str, str]) -> None:
    """Forget what the SSH client asked to run, any Textual switch beyond colours and
    animations, and a colour system Textual cannot use, so nothing later can act on them."""
    environ.pop("SSH_ORIGINAL_COMMAND", None)
    environ.pop("TEXTUAL_ALLOW_SIGNALS", None)  # would turn ctrl+z / ctrl+c back into signals
    for key in [k for k in environ if k.startswith("TEXTUAL_") and k not in TEXTUAL_KEPT]:
        del environ[key]
    drop_unknown_color_system(environ)


def prepare(args, environ: MutableMapping[str, str] | None = None) -> tuple[Path | None, str]:
    """Check the arguments and clean the environment; the player's saves folder, or None and
    the reason to refuse."""
    environ = os.environ if environ is None else environ
    problem = refusal(args)
    if problem:
        return None, problem
    if args.hosted and opens_the_app(args) and not has_terminal():
        # Without a pty (`ssh -T`, sftp) the app would wait forever, even after the client left.
        return None, _("Batallas needs a terminal: connect with `ssh -t`.")
    clean_environment(environ)
    name, problem = player_name(args.player, environ)
    if problem:
        return None, problem
    try:
        folder = saves_dir() / PLAYERS / name
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:  # $BATALLAS_HOME (or a folder in it) is a file
        return None, folder_problem(err, named=False)
    return folder, ""


class HostedGuards:
    """Mixed into the App: in hosted mode, refuse the few Textual features that act on the
    server rather than inside the game (the player's terminal is far away)."""

    hosted: bool = False

    @property
    def shows_paths(self) -> bool:
        """Whether screens may name folders and files: only to the owner at their own terminal.
        An SSH player or a browser visitor (both hosted) cannot reach the server's files, and a
        path would only show them how the server is laid out."""
        return not self.hosted

    def action_suspend_process(self) -> None:
        # Textual binds no key to it, but a keymap or markup link could still ask for it.
        if self.hosted:
            self.notify(_("Suspending is not available on this server."), severity="warning")
            return
        super().action_suspend_process()

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        # In a terminal, webbrowser.open would start a browser on the server, not the player's
        # computer; in a browser tab (`batallas serve`) the page itself opens it, which is fine.
        if self.hosted and not self.is_web:
            self.notify(
                _("Open this address on your own computer: {url}").format(url=url),
                timeout=10,
                markup=False,
            )
            return
        super().open_url(url, new_tab=new_tab)

    def deliver_screenshot(self, *args, **kwargs) -> str | None:
        # Writes an SVG wherever it is told; the palette hides it, but an action link could ask.
        if self.hosted:
            self.notify(_("Screenshots are not available on this server."), severity="warning")
            return None
        return super().deliver_screenshot(*args, **kwargs)
