"""The docs/hosting.md recipe on a real, throwaway OpenSSH server on 127.0.0.1: log in with a
real `ssh` in a pseudo-terminal, play a move, drop the connection, come back to the game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bench._sshd import Server, Terminal, hosted_config, key_line, missing_tools
from tui.screens.dialogs import ANSWER_DELAY

DOCS = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"
SLOW = 90  # seconds: the app starts in a few, but the machine is small and shared


def test_the_docs_quote_the_tested_recipe():
    text = DOCS.read_text(encoding="utf-8")
    block = hosted_config(
        "batallas", "/srv/batallas/app/.venv/bin/batallas --hosted", "/srv/batallas"
    )
    assert block in text, "docs/hosting.md must quote bench/_sshd.py's hosted_config verbatim"
    assert key_line("alice", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA...") in text
    assert "-o SendEnv=LANG -o SendEnv=COLORTERM" in text


def actions_in(saves: Path) -> int:
    """How many actions the one game in the player's folder has recorded (0 if none yet)."""
    games = list(saves.glob("*.json"))
    if len(games) != 1:
        return 0
    try:
        return len(json.loads(games[0].read_text(encoding="utf-8"))["actions"])
    except (ValueError, KeyError, OSError):  # caught mid-replace
        return 0


def expect(
    term: Terminal, server: Server, needle: bytes, what: str, since: int = 0, timeout: float = SLOW
) -> None:
    if not term.read_until(needle, timeout, since):
        if server.non_root_limit():
            pytest.skip(f"sshd run by a non-root user cannot serve here: {server.non_root_limit()}")
        pytest.fail(
            f"{what}: {needle!r} never showed up.\n--- last screen text ---\n{term.tail()}"
            f"\n--- sshd log ---\n{server.log_tail()}"
        )


@pytest.mark.skipif(missing_tools() is not None, reason=str(missing_tools()))
def test_play_drop_the_connection_and_continue(tmp_path):
    with Server(tmp_path, player="alice") as server:
        # A remote command is what a player could try instead of the game: it is ignored.
        escaped = tmp_path / "escaped"
        with Terminal(server.ssh_argv("sh", "-c", f"'touch {escaped}'")) as term:
            expect(term, server, b"B A T A L L A S", "the menu")
            expect(term, server, b"La Guerra Gallica", "the menu's first game")
            assert b"38;2;" in term.screen, "COLORTERM=truecolor should give 24-bit colour"
            term.write(b"\r")  # La Guerra Gallica → its setup
            expect(term, server, b"Seed", "the setup screen")
            term.write(b"\x13")  # ctrl+s: start with the defaults (you against the strong bot)
            expect(term, server, b"Mark up to 4", "the exchange")
            mark = len(term.screen)
            term.write(b"\r")  # keep the whole hand: Rome's move, then the bot's
            expect(term, server, b"revealed", "the reveal", since=mark)
            deadline = time.monotonic() + SLOW
            while actions_in(server.saves) < 2 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert actions_in(server.saves) >= 2, f"no autosave in {server.saves}"
            assert server.app_pids(), "the app should be running while connected"
            time.sleep(0.5)
            dropped = time.time()
            term.kill()  # the connection drops without a goodbye

        deadline = time.monotonic() + SLOW
        while server.app_pids() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not server.app_pids(), "the app kept running after the connection dropped"
        (save,) = server.saves.glob("*.json")
        assert actions_in(server.saves) >= 2
        # Nothing was left unsaved, so the hang-up wrote nothing: .bak keeps the position
        # before the last move instead of becoming a copy of the save.
        assert save.stat().st_mtime < dropped
        bak = save.with_name(save.name + ".bak")
        assert json.loads(bak.read_bytes())["actions"] != json.loads(save.read_bytes())["actions"]
        assert not escaped.exists(), "the command the client asked for must never run"

        # Without a terminal (ssh -T, sftp) the app refuses at once instead of lingering.
        done = subprocess.run(server.ssh_argv(tty=False), capture_output=True, timeout=SLOW)
        assert done.returncode == 2 and b"needs a terminal" in done.stderr, done
        assert not server.app_pids()

        with Terminal(server.ssh_argv(), drop=("COLORTERM",)) as term:
            expect(term, server, b"Continue", "the menu's Continue entry")
            assert b"38;5;" in term.screen and b"38;2;" not in term.screen, "256 colours now"
            term.write(b"c")
            expect(term, server, b"Both hands revealed", "the game where it was left")


@pytest.mark.skipif(missing_tools() is not None, reason=str(missing_tools()))
def test_a_frozen_session_never_overwrites_its_reconnection(tmp_path):
    """A connection freezes; the player reconnects, takes the game over and plays on; when
    sshd finally drops the frozen session, its hang-up must not write its older position."""
    with Server(tmp_path, player="alice") as server:
        frozen = Terminal(server.ssh_argv())
        try:
            expect(frozen, server, b"La Guerra Gallica", "the menu")
            frozen.write(b"\r")
            expect(frozen, server, b"Seed", "the setup screen")
            frozen.write(b"\x13")
            expect(frozen, server, b"Mark up to 4", "the exchange")
            frozen.write(b"\r")
            expect(frozen, server, b"revealed", "the reveal")
            deadline = time.monotonic() + SLOW
            while actions_in(server.saves) < 2 and time.monotonic() < deadline:
                time.sleep(0.2)
            before = actions_in(server.saves)
            (first_pid,) = server.app_pids()
            os.kill(frozen.pid, signal.SIGSTOP)  # the connection hangs, sshd keeps it

            with Terminal(server.ssh_argv()) as again:
                expect(again, server, b"Continue", "the menu's Continue entry")
                again.write(b"c")
                expect(again, server, b"Take over", "the take-over question")
                time.sleep(ANSWER_DELAY)  # read before answered: a sooner key is no answer
                again.write(b"y")
                expect(again, server, b"Both hands revealed", "the game where it was left")
                mark = len(again.screen)
                again.write(b"\r")  # next battle
                expect(again, server, b"Mark up to 4", "the next exchange", since=mark)
                mark = len(again.screen)
                again.write(b"\r")
                expect(again, server, b"revealed", "the second reveal", since=mark)
                deadline = time.monotonic() + SLOW
                while actions_in(server.saves) < before + 3 and time.monotonic() < deadline:
                    time.sleep(0.2)
                after = actions_in(server.saves)
                assert after >= before + 3
                again.write(b"\x11")  # ctrl+q
                again.read_until(b"\x00", 5)
        finally:
            frozen.kill()  # now sshd drops the frozen session: its app gets SIGHUP
        deadline = time.monotonic() + SLOW
        while first_pid in server.app_pids() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert first_pid not in server.app_pids(), "the frozen session's app never ended"
        time.sleep(0.5)
        assert actions_in(server.saves) == after, "the frozen session wrote its older game"
        assert len(list(server.saves.glob("*.json"))) == 1, "no copy: nobody moved there since"
