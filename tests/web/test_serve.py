"""`batallas serve` without a browser: what each tab runs, and that it runs hosted."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import socket
import subprocess
import sys

import aiohttp
import pytest
from aiohttp.web_runner import GracefulExit

from tui import serve
from tui.cli import build_parser, main


def status(argv: list[str]) -> int:
    """main's status, argparse's refusals (SystemExit) included."""
    try:
        return main(argv)
    except SystemExit as done:
        return done.code


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def test_the_tab_command_forwards_the_display_and_saves_options(tmp_path):
    saves = tmp_path / "my saves"
    args = build_parser().parse_args(
        ["--letters", "serve", "--port", "9", "--saves-dir", str(saves), "--theme", "nord"]
    )
    argv = shlex.split(serve.app_command(args))
    assert argv[:3] == [sys.executable, "-m", "tui.serve"]
    assert argv[3:] == ["--saves-dir", str(saves.resolve()), "--theme", "nord", "--letters"]


def test_options_before_serve_still_count_and_defaults_add_nothing():
    args = build_parser().parse_args(["--no-mouse", "serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    assert shlex.split(serve.app_command(args))[3:] == ["--no-mouse"]


def test_each_tab_runs_the_menu_hosted(tmp_path, monkeypatch):
    from tui.app import BatallasApp

    seen = {}

    def fake_run(app, mouse=True):
        seen.update(hosted=app.hosted, root=app.store.root, mouse=mouse)

    monkeypatch.setattr(BatallasApp, "run", fake_run)
    assert serve.app_main(["--saves-dir", str(tmp_path), "--no-mouse"]) == 0
    assert seen == {"hosted": True, "root": tmp_path, "mouse": False}


def test_an_unknown_theme_is_refused_before_serving(capsys):
    assert main(["serve", "--theme", "no-such-theme"]) == 2
    assert "Unknown theme" in capsys.readouterr().err


@pytest.fixture
def served(monkeypatch):
    """Serving stops as soon as the port listens; the addresses it was announced at."""
    said: list[str] = []

    def bind_and_exit(url: str, limit: int) -> None:
        said.append(url)
        raise GracefulExit

    monkeypatch.setattr(serve, "announce", bind_and_exit, raising=False)
    return said


@pytest.mark.parametrize("port", ["99999", "-5", "0", "65536"])
def test_a_port_out_of_range_is_refused_in_one_line(port, served, capsys):
    assert status(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "from 1 to 65535" in err.strip().splitlines()[-1]
    assert not served


@pytest.mark.parametrize(
    ("host", "says"),
    [
        ("", "an address"),
        ("a..b", "not an address"),
        ("x\x1b]0;PWNED\x07", "cannot contain control"),
    ],
)
def test_a_host_that_cannot_be_listened_on_is_refused_in_one_line(host, says, served, capsys):
    assert status(["serve", "--host", host, "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "\x1b" not in err
    assert says in err.strip().splitlines()[-1]
    assert not served


def test_a_public_url_with_control_characters_is_refused(served, capsys):
    assert status(["serve", "--public-url", "http://x\x1b]52;c;cHduZWQ=\x07/"]) == 2
    err = capsys.readouterr().err
    assert "cannot contain control" in err and "\x1b" not in err
    assert not served


def test_a_saves_folder_named_like_markup_is_served(tmp_path, monkeypatch, served, capsys):
    monkeypatch.chdir(tmp_path)
    assert status(["serve", "--saves-dir", "[/]", "--port", str(free_port())]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert len(served) == 1


def test_the_address_is_said_once_the_port_listens(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert status(["serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert "open http" not in out  # no address to open that nothing answers at
    assert f"Cannot serve on 127.0.0.1:{port}" in err


async def test_an_ipv6_address_is_listened_on_and_bracketed_in_every_url(tmp_path):
    port = free_port("::1")
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--host", "::1", "--port", str(port)]
        + ["--saves-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        said = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 60)
        assert f"open http://[::1]:{port} " in said.decode(), said
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://[::1]:{port}/") as page:
                assert page.status == 200
                html = await page.text()
        assert f'"ws://[::1]:{port}/ws"' in html  # where the page's terminal connects
        assert "::1:" not in html.replace("[::1]:", "")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
