"""A real `batallas` process in a pseudo-terminal: a move, then SIGHUP, as when SSH drops."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

from saves.store import SaveStore


def read_until(fd: int, needle: bytes, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if needle in seen:
                return seen
    return seen


def test_sighup_leaves_a_loadable_save_and_exits(tmp_path):
    saves = tmp_path / "saves"
    argv = [
        sys.executable,
        "-m",
        "tui.cli",
        "--saves-dir",
        str(saves),
        "new",
        "gallic",
        "--seat",
        "human:Ana",
        "--seat",
        "bot:easy",
        "--seed",
        "4",
        "--title",
        "hup",
    ]
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the app
        os.environ["TERM"] = "xterm-256color"
        os.execv(sys.executable, argv)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        assert b"Mark up to 4" in read_until(fd, b"Mark up to 4", 30)
        os.write(fd, b"\r")  # keep the hand: one action
        read_until(fd, b"revealed", 15)
        os.kill(pid, signal.SIGHUP)
        deadline = time.monotonic() + 15
        status = None
        while time.monotonic() < deadline:
            read_until(fd, b"\x00", 0.2)  # keep draining output so the app never blocks
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
        # Every move was on disk, so the hang-up needed no Python: the kernel ended it.
        ended = status is not None and (
            os.WIFEXITED(status)
            or (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGHUP)
        )
        assert ended, "the app did not end on SIGHUP"
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    record = SaveStore(saves).load("hup")
    assert len(record.actions) >= 2  # Ana's exchange and the bot's
