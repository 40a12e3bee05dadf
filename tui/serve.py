"""`batallas serve`: the app in a web browser, one fresh app process per browser tab.

textual-serve runs a shell command for every websocket connection and relays its screen to
xterm.js in the page. The command is this same Python running `python -m tui.serve`, whose
`app_main` starts the menu in hosted mode: the person at the browser is not the owner of the
server, so no file paths, suspend, screenshots or browsers on the server (see HostedGuards).

Why not `batallas --hosted`: that is made for sshd's ForceCommand, refuses `--saves-dir`
(one folder per SSH player) and clears TEXTUAL_DRIVER, which is how textual-serve selects
its web driver. In the browser the environment is the server owner's, not the visitor's.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `serve`; it also takes the global options, so they may come after `serve`."""
    serve = subparsers.add_parser("serve", help="play in a web browser (textual-serve)")
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this machine only)",
    )
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    serve.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address browsers use, when it is not http://HOST:PORT (e.g. behind a proxy)",
    )
    # SUPPRESS: when not given here, the value given before `serve` (or the default) stands.
    serve.add_argument("--saves-dir", default=argparse.SUPPRESS, help="where saves live")
    serve.add_argument("--theme", default=argparse.SUPPRESS, help="Textual theme")
    serve.add_argument(
        "--no-mouse", action="store_true", default=argparse.SUPPRESS, help="no mouse capture"
    )
    serve.add_argument(
        "--no-animations", action="store_true", default=argparse.SUPPRESS, help="no animations"
    )
    serve.add_argument(
        "--letters", action="store_true", default=argparse.SUPPRESS, help="chess pieces as letters"
    )
    return serve


def app_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs per connection (it uses a shell, hence the quoting)."""
    argv = [sys.executable, "-m", "tui.serve"]
    if getattr(args, "saves_dir", None):
        # Absolute, so the saves do not depend on the directory the server was started in.
        argv += ["--saves-dir", str(Path(args.saves_dir).expanduser().resolve())]
    if getattr(args, "theme", None):
        argv += ["--theme", args.theme]
    for flag in ("no_mouse", "no_animations", "letters"):
        if getattr(args, flag, False):
            argv.append("--" + flag.replace("_", "-"))
    return shlex.join(argv)


def app_main(argv: list[str] | None = None) -> int:
    """One browser tab: the menu in hosted mode, with the global options of `batallas`."""
    from saves.paths import saves_dir
    from saves.store import SaveStore
    from tui.app import BatallasApp
    from tui.cli import build_parser

    args = build_parser().parse_args(argv)
    app = BatallasApp(
        SaveStore(saves_dir(args.saves_dir)), theme=args.theme, letters=args.letters, hosted=True
    )
    if getattr(args, "no_animations", False):
        app.animation_level = "none"
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def run(args: argparse.Namespace) -> int:
    from textual_serve.server import Server

    theme = getattr(args, "theme", None)
    if theme:
        from textual.app import App

        # Checked here: a bad theme in the spawned app would only show "Session ended" in the tab.
        themes = App().available_themes
        if theme not in themes:
            print(
                f"Unknown theme {theme!r}; try one of: {', '.join(sorted(themes))}", file=sys.stderr
            )
            return 2
    command = app_command(args)
    server = Server(
        command,
        host=args.host,
        port=args.port,
        title="Batallas",
        public_url=args.public_url,
    )
    print(f"Batallas in the browser: open {server.public_url}  (Ctrl+C stops the server)")
    sys.stdout.flush()
    try:
        server.serve()
    except OSError as err:
        print(f"Cannot serve on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(app_main())
