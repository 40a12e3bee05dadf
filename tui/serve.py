"""`batallas serve`: the app in a web browser, one fresh app process per browser tab.

textual-serve runs a command for every websocket connection and relays its screen to xterm.js
in the page. Its Server is subclassed here to cap the number of tabs (`--max-sessions`: each
is a whole app process) and to make sure a closed tab's process ends. The command is this same
Python running `python -m tui.serve`, whose `app_main` starts the menu in hosted mode: the
person at the browser is not the owner of the server, so no file paths, suspend, screenshots
or browsers on the server (see HostedGuards).

Why not `batallas --hosted`: that is made for sshd's ForceCommand, refuses `--saves-dir`
(one folder per SSH player) and clears TEXTUAL_DRIVER, which is how textual-serve selects
its web driver. In the browser the environment is the server owner's, not the visitor's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import shlex
import signal
import sys
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# The default cap on tabs (see docs/hosting.md, "How many players"). bench/ssh_load.py: on 2
# cores, 25 players pressing keys at once got their screen back within 25 ms (p95), half the
# 50 ms budget, which leaves the other half for the browser relay. An app takes 40-55 MB.
PER_CORE = 10
SESSION_MB = 60  # a tab's app, with room to grow; at most a quarter of the memory goes to tabs
QUIT_GRACE = 10.0  # seconds a closed tab's app gets to save and exit before it is killed
SERVER_PID = "BATALLAS_SERVE_PID"  # tells a tab's app which process started it
PR_SET_PDEATHSIG = 1  # prctl(2): the signal to get when the parent process dies
SERVER_GONE = signal.SIGUSR2  # that signal, for a tab's app (nothing else in it uses SIGUSR2)

log = logging.getLogger("textual-serve")


def session_limit(cores: int, memory_mb: int | None) -> int:
    """10 tabs per core, fewer when a quarter of the memory would not hold them."""
    limit = PER_CORE * max(cores, 1)
    if memory_mb is not None:
        limit = min(limit, memory_mb // 4 // SESSION_MB)
    return max(limit, 1)


def default_max_sessions() -> int:
    """session_limit for the cores this process may use and the memory of this machine."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    memory_mb = None
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory_mb = int(line.split()[1]) // 1024
    return session_limit(cores, memory_mb)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


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
    serve.add_argument(
        "--max-sessions",
        type=positive,
        default=None,
        metavar="N",
        help=(
            "at most N browser tabs at once, each an app process of 40-55 MB; the next visitor "
            f"is told the server is full (default {default_max_sessions()} here: 10 per CPU "
            "core, as 25 players pressing keys at once on 2 cores got their screen back within "
            "25 ms; fewer if a quarter of the memory cannot hold them; see docs/hosting.md)"
        ),
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
    """The command line each tab runs, as one string as textual-serve's Server takes it (quoted;
    AppSession splits it back and runs it without a shell)."""
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


def end_with_server() -> None:
    """An app whose server died (killed outright, it cannot close its tabs) would live on with
    nobody to play it: an idle one reads and writes nothing, so it never notices. Linux sends
    it a signal then (prctl PR_SET_PDEATHSIG); the app stops writing to the dead pipe and hangs
    up as for a closed tab: it saves and exits."""
    server = os.environ.get(SERVER_PID)
    if server is None or not sys.platform.startswith("linux"):
        return  # not started by the server (tests), or no prctl
    import ctypes

    def server_gone(signum, frame) -> None:
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, sys.__stdout__.fileno())
        os.close(nowhere)
        os.kill(os.getpid(), signal.SIGHUP)  # the app's own hang-up (the default ends it)

    signal.signal(SERVER_GONE, server_gone)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, SERVER_GONE)
    except (OSError, AttributeError):
        return
    if server != str(os.getppid()):
        sys.exit(0)  # the server died before the request: nobody is left to play


def app_main(argv: list[str] | None = None) -> int:
    """One browser tab: the menu in hosted mode, with the global options of `batallas`."""
    end_with_server()
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


def full_text(limit: int) -> str:
    return f"All {limit} tables are in use; try again in a few minutes.\n"


def _session_class():
    """AppSession subclasses textual-serve's AppService, imported only when serving."""
    from textual_serve.app_service import AppService

    class AppSession(AppService):
        """One tab's app process, run without a shell in a session of its own so that the process
        counted and ended is the app itself, and ended for sure when the tab goes away."""

        announced_exit = False  # the app said it is leaving (the player quit)

        async def _open_app_process(self, width: int = 80, height: int = 24):
            self._process = process = await asyncio.create_subprocess_exec(
                *shlex.split(self.command),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self._build_environment(width=width, height=height),
                start_new_session=True,
            )
            self._stdin = process.stdin
            return process

        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            return {
                **super()._build_environment(width=width, height=height),
                SERVER_PID: str(os.getpid()),
            }

        async def on_meta(self, data: bytes) -> None:
            with contextlib.suppress(ValueError, AttributeError):
                self.announced_exit |= json.loads(data).get("type") == "exit"
            await super().on_meta(data)

        async def wait_ended(self) -> None:
            if self._process is not None:
                await self._process.wait()

        async def end(self, grace: float) -> None:
            """A closed tab is a dropped connection, as over SSH: SIGHUP makes the app save what is
            on screen and exit (textual-serve's "quit" message would exit without saving). An
            app that is still there after ``grace`` seconds is killed with everything it started."""
            process = self._process
            if process is None:
                return
            if process.returncode is None and not self.announced_exit:
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(signal.SIGHUP)
            try:
                await asyncio.wait_for(process.wait(), grace)
            except TimeoutError:
                log.warning("app process %d did not exit in %.0f s; killing it", process.pid, grace)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
            if self._task is not None:
                try:
                    await asyncio.wait_for(self._task, grace)
                except TimeoutError:
                    self._task.cancel()
                self._task = None
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)

    return AppSession


def make_server(command: str, max_sessions: int, quit_grace: float = QUIT_GRACE, **options):
    """textual-serve's Server with a limit: one app process per browser tab, at most
    ``max_sessions`` at once. The next visitor gets HTTP 503 and a one-line page; a slot is free
    again only when its app process has ended."""
    from aiohttp import web
    from textual_serve.server import Server, to_int

    AppSession = _session_class()

    class LimitedServer(Server):
        def __init__(self) -> None:
            super().__init__(command, **options)
            self.max_sessions = max_sessions
            self.sessions: dict[object, web.WebSocketResponse | None] = {}

        @property
        def full(self) -> bool:
            return len(self.sessions) >= self.max_sessions

        def full_response(self) -> web.Response:
            log.info("All %d tables are in use: a visitor was turned away", self.max_sessions)
            return web.Response(
                status=503, text=full_text(self.max_sessions), headers={"Retry-After": "120"}
            )

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if self.full:
                return self.full_response()
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            # The check and the claim run with no await between them: no two tabs take one slot.
            if self.full:
                return self.full_response()
            slot = object()
            self.sessions[slot] = None
            try:
                return await self._play(request, slot)
            finally:
                del self.sessions[slot]

        async def _play(self, request: web.Request, slot: object) -> web.WebSocketResponse:
            """textual-serve's handle_websocket, except that the tab closes when the app ends
            and the app ends (SIGHUP, then SIGKILL) when the tab closes."""
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            service = None
            try:
                await websocket.prepare(request)
                self.sessions[slot] = websocket
                service = AppSession(
                    self.command,
                    write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str,
                    close=websocket.close,
                    download_manager=self.download_manager,
                    debug=self.debug,
                )
                await service.start(width, height)
                watcher = asyncio.create_task(self._close_when_ended(service, websocket))
                try:
                    await self._process_messages(websocket, service)
                finally:
                    watcher.cancel()
            except asyncio.CancelledError:  # the server is stopping
                await websocket.close()
            except Exception as error:
                log.exception(error)
            finally:
                if service is not None:
                    await asyncio.shield(service.end(quit_grace))
            return websocket

        @staticmethod
        async def _close_when_ended(service, websocket: web.WebSocketResponse) -> None:
            await service.wait_ended()
            await websocket.close()

        async def on_shutdown(self, app: web.Application) -> None:
            """Ctrl+C on the server: every tab is closed at once, so every app saves and exits
            (aiohttp alone would wait a while, then cancel the tabs)."""
            for websocket in list(self.sessions.values()):
                if websocket is not None:
                    await websocket.close(code=1001, message=b"server stopping")

    return LimitedServer()


def run(args: argparse.Namespace) -> int:
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
    limit = args.max_sessions or default_max_sessions()
    server = make_server(
        app_command(args),
        limit,
        host=args.host,
        port=args.port,
        title="Batallas",
        public_url=args.public_url,
    )
    print(
        f"Batallas in the browser: open {server.public_url}  "
        f"(at most {limit} players at once; Ctrl+C stops the server)"
    )
    sys.stdout.flush()
    try:
        server.serve()
    except OSError as err:
        print(f"Cannot serve on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(app_main())
