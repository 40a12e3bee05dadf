"""`batallas serve` in a real headless Chromium: the menu shows, a screenshot is taken, keys
pressed in the page start a game whose save lands in the saves folder.

Chromium is driven over the DevTools Protocol with aiohttp's websocket client (aiohttp comes
with textual-serve), so the test needs no browser-automation package.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import aiohttp
import pytest

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's chromium (/usr/bin/chromium); .ci/run installs it",
    ),
    pytest.mark.timeout(280),
]

# textual-serve keeps its xterm.js Terminal in a closure. Catch it as the page assigns
# `this.terminal = new Terminal(...)`: a one-shot setter on Object.prototype, installed before
# the page's own script runs, records it and then removes itself.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && value.buffer && value.buffer.active && !window.__batallasTerminal) {
      window.__batallasTerminal = value;
      delete Object.prototype.terminal;
    }
  },
});
"""

# The characters on the terminal's screen, one line per row.
SCREEN_TEXT = """(() => {
  const term = window.__batallasTerminal;
  if (!term) return "";
  const buffer = term.buffer.active;
  const lines = [];
  for (let row = 0; row < term.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()"""

FOCUS_TERMINAL = """(() => {
  const area = document.querySelector(".xterm-helper-textarea");
  if (area) area.focus();
  return document.activeElement === area;
})()"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(argv: list[str], log: Path) -> subprocess.Popen:
    """In its own process group, so teardown also ends whatever it spawned."""
    with log.open("wb") as out:
        return subprocess.Popen(
            argv,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )


def stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(wait)
            return
        except subprocess.TimeoutExpired:
            pass


async def wait_for_port(port: int, process: subprocess.Popen, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{process.args[0]} exited early:\n{log.read_text(errors='replace')}")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        writer.close()
        return
    pytest.fail(f"nothing listens on port {port} after {timeout}s:\n{log.read_text()}")


class DevTools:
    """Just enough of the Chrome DevTools Protocol: one command at a time, events ignored."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.last_id = 0

    async def call(self, method: str, **params):
        self.last_id += 1
        await self.ws.send_json({"id": self.last_id, "method": method, "params": params})
        while True:
            message = await self.ws.receive_json(timeout=60)
            if message.get("id") == self.last_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    async def evaluate(self, expression: str):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def screen(self) -> str:
        return await self.evaluate(SCREEN_TEXT) or ""

    async def wait_for_text(self, *needles: str, timeout: float = 90) -> str:
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = await self.screen()
            if all(needle in text for needle in needles):
                return text
            await asyncio.sleep(0.5)
        body = await self.evaluate("document.body && document.body.className")
        pytest.fail(f"the page never showed {needles!r} (body class {body!r}); it shows:\n{text}")

    async def key(self, key: str, code: int, text: str = "", modifiers: int = 0) -> None:
        """A key press as the browser reports it; xterm.js turns it into terminal input."""
        common = {"key": key, "code": key, "windowsVirtualKeyCode": code, "modifiers": modifiers}
        await self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **common)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **common)


def png_colours(data: bytes, enough: int = 8) -> int:
    """How many distinct colours an 8-bit RGB(A) PNG has, counting up to `enough`."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    bpp = 3 if colour_type == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    previous, colours = bytearray(stride), set()
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):  # undo the row filter (PNG spec, section 9)
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                corner = previous[i - bpp] if i >= bpp else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 0xFF
        colours.update(bytes(line[x : x + bpp]) for x in range(0, stride, bpp))
        if len(colours) >= enough:
            return len(colours)
        previous = line
    return len(colours)


async def test_menu_in_the_browser_then_a_game_starts(tmp_path):
    saves = tmp_path / "saves"
    serve_port, devtools_port = free_port(), free_port()
    server = browser = None
    try:
        server_log = tmp_path / "serve.log"
        server = start(
            [sys.executable, "-m", "tui.cli", "serve", "--port", str(serve_port)]
            + ["--saves-dir", str(saves)],
            server_log,
        )
        await wait_for_port(serve_port, server, server_log, timeout=60)

        browser_log = tmp_path / "chromium.log"
        browser = start(
            [
                str(CHROMIUM),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1024,720",  # about 106×37 cells: the app needs 80×24
                f"--user-data-dir={tmp_path / 'chromium-profile'}",
                f"--remote-debugging-port={devtools_port}",
                "about:blank",
            ],
            browser_log,
        )
        await wait_for_port(devtools_port, browser, browser_log, timeout=60)

        async with aiohttp.ClientSession() as http:
            targets = []
            for _ in range(100):
                async with http.get(f"http://127.0.0.1:{devtools_port}/json/list") as reply:
                    targets = [t for t in await reply.json() if t.get("type") == "page"]
                if targets:
                    break
                await asyncio.sleep(0.2)
            assert targets, f"Chromium has no page:\n{browser_log.read_text(errors='replace')}"
            async with http.ws_connect(targets[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                page = DevTools(ws)
                await page.call("Page.enable")
                await page.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
                await page.call("Page.navigate", url=f"http://127.0.0.1:{serve_port}/")

                menu = await page.wait_for_text("B A T A L L A S", "La Guerra Gallica")
                await asyncio.sleep(1)  # let the last frame reach the canvas
                shot = await page.call("Page.captureScreenshot", format="png")
                png = base64.b64decode(shot["data"])
                (tmp_path / "menu.png").write_bytes(png)
                assert png_colours(png) > 2, f"the screenshot is (nearly) one colour; text:\n{menu}"

                assert await page.evaluate(FOCUS_TERMINAL), "cannot focus the terminal"
                await page.key("Enter", 13, text="\r")  # the first entry: La Guerra Gallica
                await page.wait_for_text("New game", "Seed")
                await page.key("s", 83, modifiers=2)  # ctrl+s: start with the default seats
                game = await page.wait_for_text("Battle", "Mark up to")
                shot = await page.call("Page.captureScreenshot", format="png")
                (tmp_path / "game.png").write_bytes(base64.b64decode(shot["data"]))

                deadline = time.monotonic() + 30
                while not list(saves.glob("*.json")) and time.monotonic() < deadline:
                    await asyncio.sleep(0.2)
                found = [p.name for p in saves.glob("*.json")]
                assert found, f"no save in {saves}; the page shows:\n{game}"
                save = json.loads((saves / found[0]).read_text(encoding="utf-8"))
                assert "gallic" in json.dumps(save), found
    finally:
        stop(browser)
        stop(server)
