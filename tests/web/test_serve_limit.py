"""`batallas serve --max-sessions`: one app process per tab, at most N at once, the next visitor
told the server is full, and no app process left behind once its tab is gone.

The browser is played by aiohttp's websocket client speaking textual-serve's protocol (JSON
["stdin", text] messages in, the app's screen bytes out), so no browser is needed.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from tui import serve

pytestmark = pytest.mark.timeout(240)
WS = aiohttp.WSMsgType
SLOW = 90  # seconds: an app starts in a few, but the machine is small and shared
FULL = "All 1 tables are in use; try again in a few minutes."


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def pids_with(mark: str, but: int = 0) -> list[int]:
    """Processes whose command line contains ``mark`` (a test's own temporary folder), but
    this one and ``but``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) not in (os.getpid(), but):
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if state != "Z" and any(mark.encode() in arg for arg in argv):
                found.append(int(entry.name))
    return found


async def until(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := await check():
            return value
        await asyncio.sleep(0.2)
    pytest.fail(f"{what} (waited {timeout} s)")


async def screen_shows(ws: aiohttp.ClientWebSocketResponse, needle: bytes) -> None:
    """Read the app's output until ``needle`` appears in it. (wait_for, not receive's own
    timeout: that one starts again at every heartbeat ping.)"""
    screen = b""
    deadline = time.monotonic() + SLOW
    while needle not in screen:
        left = deadline - time.monotonic()
        assert left > 0, f"{needle!r} never showed up; last bytes: {screen[-500:]!r}"
        try:
            message = await asyncio.wait_for(ws.receive(), left)
        except TimeoutError:
            continue
        kind = message.type
        assert kind in (WS.BINARY, WS.TEXT), (
            f"the tab closed before {needle!r} showed up: {message}"
        )
        if kind == WS.BINARY:
            screen += message.data


async def closed(ws: aiohttp.ClientWebSocketResponse, timeout: float) -> bool:
    """Whether the server closes the websocket within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = await asyncio.wait_for(ws.receive(), deadline - time.monotonic())
        except TimeoutError:
            return False
        if message.type in (WS.CLOSE, WS.CLOSING, WS.CLOSED):
            return True
    return False


async def quiet(ws: aiohttp.ClientWebSocketResponse, seconds: float) -> bool:
    """Whether the app sends nothing for ``seconds``."""
    try:
        await asyncio.wait_for(ws.receive(), seconds)
    except TimeoutError:
        return True
    return False


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


async def test_the_next_visitor_waits_until_a_table_is_free(tmp_path):
    saves = tmp_path / "saves"
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port}/ws?width=100&height=30"
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", str(port), "--max-sessions", "1"]
            + ["--saves-dir", str(saves)],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    try:
        async with aiohttp.ClientSession() as http:

            async def page_status() -> int | None:
                try:
                    async with http.get(base + "/") as page:
                        return page.status
                except aiohttp.ClientConnectionError:
                    assert server.poll() is None, log.read_text(errors="replace")
                    return None

            assert await until(page_status, SLOW, "the server never answered") == 200
            first = await http.ws_connect(ws_url)
            await screen_shows(first, b"B A T A L L A S")
            apps = pids_with(str(saves), server.pid)
            assert len(apps) == 1, apps

            # The second visitor: the page says the server is full, the websocket is refused,
            # and no second app starts; the first player goes on playing.
            async with http.get(base + "/") as page:
                assert page.status == 503
                assert FULL in await page.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(ws_url)
            assert refused.value.status == 503
            assert pids_with(str(saves), server.pid) == apps
            await first.send_str(json.dumps(["stdin", "\r"]))  # La Guerra Gallica → its setup
            await screen_shows(first, b"Seed")

            # The first tab closes: its app ends and the table is free again.
            await first.close()

            async def app_gone() -> bool:
                return not pids_with(str(saves), server.pid)

            await until(app_gone, 30, f"the closed tab's app is still running: {apps}")

            async def page_ok() -> bool:
                return await page_status() == 200

            await until(page_ok, 10, "the table was not freed after its app ended")
            second = await http.ws_connect(ws_url)
            await screen_shows(second, b"B A T A L L A S")

            # The player quits (ctrl+q): the app ends, the server closes the tab, the table is
            # free for the next visitor.
            await second.send_str(json.dumps(["stdin", "\x11"]))
            assert await closed(second, 30), "the tab stayed open after the app quit"
            await until(app_gone, 30, "the app that quit is still running")
            await until(page_ok, 10, "the table was not freed after the player quit")
            third = await http.ws_connect(ws_url)
            await screen_shows(third, b"B A T A L L A S")

            # Ctrl+C on the server (SIGTERM alike) closes the open tab at once and ends its app.
            os.kill(server.pid, signal.SIGTERM)
            assert await closed(third, 5), "the tab stayed open while the server stopped"
            assert server.wait(15) == 0
            await until(app_gone, 15, "the server stopped but left its tab's app running")
    finally:
        stop(server)
    assert "Traceback" not in log.read_text(errors="replace")


async def test_an_app_does_not_outlive_a_killed_server(tmp_path):
    """The server killed outright (SIGKILL, a crash) cannot close its tabs: each app must
    notice by itself that nobody is left to play it, and end."""
    saves, home = tmp_path / "saves", tmp_path / "home"
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", str(port)]
            + ["--saves-dir", str(saves)],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env={**os.environ, "BATALLAS_HOME": str(home)},  # errors.log goes to home/logs
        )
    try:
        async with aiohttp.ClientSession() as http:

            async def connected():
                try:
                    return await http.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30")
                except aiohttp.ClientConnectionError:
                    assert server.poll() is None, log.read_text(errors="replace")
                    return None

            tab = await until(connected, SLOW, "the server never answered")
            await screen_shows(tab, b"B A T A L L A S")
            (app,) = pids_with(str(saves), server.pid)
            for _ in range(30):  # idle: an app that writes nothing never meets a broken pipe
                if await quiet(tab, 2):
                    break
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()

            async def app_gone() -> bool:
                return not pids_with(str(saves))

            await until(app_gone, 15, f"the app {app} outlived its server")
            errors = home / "logs" / "errors.log"
            assert not errors.exists(), errors.read_text()  # it hung up; nothing went wrong
    finally:
        stop(server)
        for pid in pids_with(str(saves)):
            os.kill(pid, signal.SIGKILL)


# A stand-in for the app, for what the real one never does: ignore the hang-up (and keep a
# child), or die without a word. It says the word textual-serve waits for, then sleeps.
STUB = """
import os, signal, subprocess, sys, time
mode, marks = sys.argv[1], sys.argv[2]
child = 0
if mode == "deaf":
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marks]).pid
with open(marks, "w") as out:
    out.write(f"{os.getpid()} {child}")
sys.stdout.write("__GANGLION__\\n")
sys.stdout.flush()
time.sleep(0.5 if mode == "crash" else 600)
"""


async def start_stub_server(tmp_path: Path, mode: str):
    from aiohttp import web

    stub, marks = tmp_path / "stub.py", tmp_path / f"{mode}.pids"
    stub.write_text(STUB)
    command = f"{sys.executable} {stub} {mode} {marks}"
    server = serve.make_server(command, 1, quit_grace=1.0, host="127.0.0.1", port=free_port())
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", server.port).start()
    return server, runner, marks


async def test_a_closed_tab_leaves_no_process_even_if_the_app_ignores_the_hang_up(tmp_path):
    server, runner, marks = await start_stub_server(tmp_path, "deaf")
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"http://127.0.0.1:{server.port}/ws")

            async def started() -> bool:
                return marks.exists() and len(pids_with(str(marks))) == 2

            await until(started, 30, "the stand-in app and its child never started")
            assert len(server.sessions) == 1
            await ws.close()

            async def gone() -> bool:
                return not pids_with(str(marks)) and not server.sessions

            await until(gone, 15, f"left behind: {pids_with(str(marks))}")
    finally:
        await runner.cleanup()
        for pid in pids_with(str(marks)):
            os.kill(pid, signal.SIGKILL)


async def test_an_app_that_dies_closes_its_tab_and_frees_its_table(tmp_path):
    server, runner, marks = await start_stub_server(tmp_path, "crash")
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"http://127.0.0.1:{server.port}/ws")
            assert await closed(ws, 30), "the tab stayed open with no app behind it"

            async def free() -> bool:
                return not server.sessions

            await until(free, 10, "the dead app's table was never freed")
            async with http.get(f"http://127.0.0.1:{server.port}/") as page:
                assert page.status == 200
    finally:
        await runner.cleanup()


def test_the_default_limit_follows_the_cores_and_the_memory():
    assert serve.session_limit(2, 24 * 1024) == 20  # 10 per core
    assert serve.session_limit(8, 4 * 1024) == 17  # a quarter of 4 GiB at 60 MB a tab
    assert serve.session_limit(1, 128) == 1  # never none at all
    assert serve.session_limit(4, None) == 40  # memory unknown: the cores decide
    assert 1 <= serve.default_max_sessions() <= 10 * len(os.sched_getaffinity(0))


def test_the_limit_given_must_be_positive(capsys):
    from tui.cli import build_parser

    assert build_parser().parse_args(["serve", "--max-sessions", "3"]).max_sessions == 3
    assert build_parser().parse_args(["serve"]).max_sessions is None  # the default, at run
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--max-sessions", "0"])
    assert "must be 1 or more" in capsys.readouterr().err
