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

Imports inside functions are on purpose: ``tui/cli.py`` imports this module for every
command line (to register `serve`), so the app, Textual, aiohttp and textual-serve are
imported only when a server or a tab starts.
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

from engine.i18n import _, number
from saves.paths import saves_dir, unprintable_problem
from saves.store import SaveStore
from tui import language
from tui.arguments import app_parser
from tui.language import LANGUAGES, code_of

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
MAX_PORT = 65535
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
        raise argparse.ArgumentTypeError(_("must be 1 or more, not {value}").format(value=value))
    return value


def port(text: str) -> int:
    """``--port``: 0 is refused too, as the port the system would pick is nobody's to know."""
    value = int(text)
    if not 1 <= value <= MAX_PORT:
        raise argparse.ArgumentTypeError(
            _("must be a port from 1 to {top}, not {value}").format(top=MAX_PORT, value=value)
        )
    return value


def address(text: str) -> str:
    """``--host``: an IP address or a host name; an IPv6 address may come in brackets, as in a
    URL. Empty would mean every address of the machine, which nobody asks for by leaving it
    blank; a name the resolver cannot even encode ("a..b") would end in a traceback."""
    problem = unprintable_problem(text, _("An address"))
    if problem:
        raise argparse.ArgumentTypeError(problem)
    host = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    if not host:
        raise argparse.ArgumentTypeError(_("must name an address, such as 127.0.0.1"))
    try:
        host.encode("idna")
    except UnicodeError:
        raise argparse.ArgumentTypeError(
            _("not an address or a host name: {host}").format(host=repr(host))
        ) from None
    return host


def public_address(text: str) -> str:
    """``--public-url``: printed to the terminal and put in every page, so no control characters."""
    problem = unprintable_problem(text, _("The public URL"))
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def netloc(host: str, port: int) -> str:
    """``HOST:PORT`` as a URL needs it: an IPv6 address in brackets (``[::1]:8000``), its zone,
    if any, escaped."""
    if ":" in host:
        host = "[{}]".format(host.replace("%", "%25"))
    return f"{host}:{port}"


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register `serve`; it also takes the global options, so they may come after `serve`."""
    serve = subparsers.add_parser("serve", help=_("play in a web browser (textual-serve)"))
    serve.add_argument(
        "--host",
        type=address,
        default=DEFAULT_HOST,
        help=_("address to listen on (default {host}: this machine only)").format(
            host=DEFAULT_HOST
        ),
    )
    serve.add_argument(
        "--port",
        type=port,
        default=DEFAULT_PORT,
        help=_("port (default {port})").format(port=DEFAULT_PORT),
    )
    serve.add_argument(
        "--public-url",
        type=public_address,
        default=None,
        metavar="URL",
        help=_("the address browsers use, when it is not http://HOST:PORT (e.g. behind a proxy)"),
    )
    serve.add_argument(
        "--max-sessions",
        type=positive,
        default=None,
        metavar="N",
        help=_(
            "at most N browser tabs at once, each an app process of 40-55 MB; the next visitor "
            "is told the server is full (default {limit} here: 10 per CPU core, as 25 players "
            "pressing keys at once on 2 cores got their screen back within 25 ms; fewer if a "
            "quarter of the memory cannot hold them; see docs/hosting.md)"
        ).format(limit=default_max_sessions()),
    )
    # SUPPRESS: when not given here, the value given before `serve` (or the default) stands.
    serve.add_argument("--saves-dir", default=argparse.SUPPRESS, help=_("where saves live"))
    serve.add_argument("--theme", default=argparse.SUPPRESS, help=_("Textual theme"))
    serve.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=argparse.SUPPRESS,
        help=_("the language of every tab (default: each browser's preferred language)"),
    )
    serve.add_argument(
        "--no-mouse", action="store_true", default=argparse.SUPPRESS, help=_("no mouse capture")
    )
    serve.add_argument(
        "--no-animations",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_("no animations"),
    )
    serve.add_argument(
        "--letters",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_("chess pieces as letters"),
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
    if getattr(args, "lang", None):
        argv += ["--lang", args.lang]
    for flag in ("no_mouse", "no_animations", "letters"):
        if getattr(args, flag, False):
            argv.append("--" + flag.replace("_", "-"))
    return shlex.join(argv)


def browser_language(accept_language: str) -> str | None:
    """The first language Batallas speaks in a browser's ``Accept-Language`` header
    (``es-ES,es;q=0.9,en;q=0.8`` → ``es``), by the browser's order of preference; None when
    it names none of them."""
    ranked = []
    for position, item in enumerate(accept_language.split(",")[:32]):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = code_of(tag)
        if code is not None and weight > 0:
            ranked.append((-weight, position, code))
    return min(ranked)[2] if ranked else None


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
    from tui.app import BatallasApp

    argv = sys.argv[1:] if argv is None else list(argv)
    # --lang, else the browser's language (LANGUAGE, set by the server): a tab remembers nothing.
    language.start(argv, remembers=False)
    args = app_parser().parse_args(argv)
    app = BatallasApp(
        SaveStore(saves_dir(args.saves_dir)), theme=args.theme, letters=args.letters, hosted=True
    )
    if getattr(args, "no_animations", False):
        app.animation_level = "none"
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def full_text(limit: int) -> str:
    return (
        _("All {limit} tables are in use; try again in a few minutes.").format(limit=number(limit))
        + "\n"
    )


def _session_class():
    """AppSession subclasses textual-serve's AppService, imported only when serving."""
    from textual_serve.app_service import AppService

    class AppSession(AppService):
        """One tab's app process, run without a shell in a session of its own so that the process
        counted and ended is the app itself, and ended for sure when the tab goes away."""

        announced_exit = False  # the app said it is leaving (the player quit)
        language: str | None = None  # the browser's, for the app's LANGUAGE

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
            environment = {
                **super()._build_environment(width=width, height=height),
                SERVER_PID: str(os.getpid()),
            }
            if self.language is not None:
                environment["LANGUAGE"] = self.language
            return environment

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
                service.language = browser_language(request.headers.get("Accept-Language", ""))
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

        def serve(self, debug: bool = False) -> None:
            """textual-serve's serve, except that where to play is said only once the port
            listens, in place of its banner (which reads the tab command, a saves folder
            named "[/]" included, as markup), and on an event loop of its own."""
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
            try:
                web.run_app(
                    self._make_app(),
                    host=self.host,
                    port=self.port,
                    handle_signals=False,
                    loop=loop,
                    print=lambda _banner: announce(self.public_url, self.max_sessions),
                )
            finally:
                asyncio.set_event_loop(None)  # run_app set it, and closed it

        async def on_startup(self, app: web.Application) -> None:
            pass  # no banner: `announce` says where to play

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
            from tui.arguments import unknown_theme

            print(unknown_theme(theme, themes), file=sys.stderr)
            return 2
    limit = args.max_sessions or default_max_sessions()
    server = make_server(
        app_command(args),
        limit,
        host=args.host,
        port=args.port,
        title="Batallas",
        public_url=args.public_url or f"http://{netloc(args.host, args.port)}",
    )
    try:
        server.serve()
    except OSError as err:
        print(
            _("Cannot serve on {address}: {reason}").format(
                address=netloc(args.host, args.port), reason=err.strerror or err
            ),
            file=sys.stderr,
        )
        return 2
    return 0


def announce(url: str, limit: int) -> None:
    """Where to play, said once the server listens there."""
    print(
        _(
            "Batallas in the browser: open {url}  (at most {limit} players at once; Ctrl+C "
            "stops the server)"
        ).format(url=url, limit=number(limit))
    )
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(app_main())
