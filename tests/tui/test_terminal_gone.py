"""A real `batallas` process whose terminal goes away: with SIGHUP, without it, while bots
play fast, with a disk that refuses the last save. Each time the process must be gone within
5 seconds, use under a second of CPU after the terminal went, and keep every move the disk
allowed it to keep."""

from __future__ import annotations

import fcntl
import os
import pty
import resource
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from saves.store import SaveStore

GONE_WITHIN = 5.0  # seconds
CPU_AFTER = 1.0  # seconds of CPU once the terminal is gone
TICKS = os.sysconf("SC_CLK_TCK")
ROOT = Path(__file__).resolve().parents[2]


def argv(saves: Path, *seats: str, game: str = "gallic", title: str = "gone") -> list[str]:
    seat_args = [arg for seat in seats for arg in ("--seat", seat)]
    return [
        sys.executable,
        "-m",
        "tui.cli",
        "--saves-dir",
        str(saves),
        "new",
        game,
        *seat_args,
        "--seed",
        "4",
        "--title",
        title,
    ]


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a live (or not yet reaped) process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def drain(fd: int, seconds: float, needle: bytes = b"") -> bytes:
    """Read the terminal for up to ``seconds`` (until ``needle`` if given)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if needle and needle in seen:
                break
    return seen


def wait_gone(pid: int) -> tuple[float, float]:
    """Seconds until the process ended and its CPU seconds since now; fails past 5 s."""
    cpu_before = cpu_seconds(pid)
    start = time.monotonic()
    while time.monotonic() - start < GONE_WITHIN + 10:
        done, _status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            elapsed = time.monotonic() - start
            return elapsed, usage.ru_utime + usage.ru_stime - cpu_before
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail(f"the process was still running {GONE_WITHIN + 10:.0f} s after its terminal went")


def spawn_in_pty(command: list[str]) -> tuple[int, int]:
    """The app as a terminal's session leader (closing the terminal sends it SIGHUP)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.chdir(ROOT)
        os.execv(sys.executable, command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    return pid, fd


def moves(saves: Path, name: str = "gone") -> int:
    return len(SaveStore(saves).load(name).actions)


def test_a_terminal_that_ends_without_sighup_saves_and_exits(tmp_path):
    """stdin at end of file and no SIGHUP (the pty is not the controlling terminal): Textual
    alone would spin at 100% of a core forever."""
    saves = tmp_path / "saves"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    proc = subprocess.Popen(
        argv(saves, "human:Ana", "bot:easy"),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,  # a new session with no controlling terminal: no SIGHUP
        cwd=ROOT,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    os.close(slave)
    try:
        assert b"Mark up to 4" in drain(master, 30, b"Mark up to 4")
        os.write(master, b"\r")
        drain(master, 15, b"revealed")
        deadline = time.monotonic() + 10
        while moves(saves) < 2 and time.monotonic() < deadline:
            drain(master, 0.1)
        os.close(master)  # the terminal goes away
        master = -1
        elapsed, cpu = wait_gone(proc.pid)
    finally:
        if master >= 0:
            os.close(master)
        if proc.poll() is None:
            proc.kill()
    assert elapsed < GONE_WITHIN, f"took {elapsed:.1f} s to exit"
    assert cpu < CPU_AFTER, f"used {cpu:.2f} s of CPU after the terminal went"
    assert moves(saves) >= 2


def test_a_hang_up_with_a_full_disk_still_exits(tmp_path):
    """The last save fails (the disk is full): the process must not stay behind."""
    saves = tmp_path / "saves"
    pid, fd = spawn_in_pty(argv(saves, "human:Ana", "bot:easy"))
    try:
        assert b"Mark up to 4" in drain(fd, 30, b"Mark up to 4")
        os.write(fd, b"\r")
        drain(fd, 15, b"revealed")
        deadline = time.monotonic() + 10
        while moves(saves) < 2 and time.monotonic() < deadline:
            drain(fd, 0.1)
        kept = moves(saves)
        # From now on no file may grow past 0 bytes: every save fails as on a full disk.
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (0, 0))
        os.write(fd, b"\r")  # the next battle: a move the disk refuses to save
        drain(fd, 3, b"Could not save")
        os.kill(pid, signal.SIGHUP)
        drain(fd, 0.2)
        elapsed, cpu = wait_gone(pid)
    finally:
        os.close(fd)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert elapsed < GONE_WITHIN, f"took {elapsed:.1f} s to exit"
    assert cpu < CPU_AFTER, f"used {cpu:.2f} s of CPU after the hang-up"
    assert moves(saves) == kept  # the disk kept what it allowed, and the file is whole


def close_while_bots_play_fast(folder: Path) -> tuple[float, float]:
    """Three bots play Ataque after `.` (no pauses, the screen redrawn all the time), and the
    terminal window is closed: SIGHUP, and every write to the terminal fails."""
    pid, fd = spawn_in_pty(
        argv(folder, "bot:easy", "bot:easy", "bot:easy", game="ataque", title="fast")
    )
    try:
        drain(fd, 30, b"thinking")  # the game is on screen and the bots are playing
        os.write(fd, b".")
        drain(fd, 1.0)
        os.close(fd)
        fd = -1
        return wait_gone(pid)
    finally:
        if fd >= 0:
            os.close(fd)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


@pytest.fixture
def memory_folder(tmp_path):
    """Saves in memory when the machine has /dev/shm: a save waits on fsync, and a disk busy
    with other work would be measured instead of the app."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="batallas-gone-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_closing_the_terminal_while_bots_play_fast_never_hangs(memory_folder):
    runs = 5  # each closes at another moment of the bots' play; 20 cost a minute of CPU
    folders = [memory_folder / f"run{i}" for i in range(runs)]
    with ThreadPoolExecutor(max_workers=1) as pool:  # one at a time: each has the machine
        results = list(pool.map(close_while_bots_play_fast, folders))
    slow = [f"{elapsed:.1f} s" for elapsed, _ in results if elapsed >= GONE_WITHIN]
    busy = [f"{cpu:.2f} s" for _, cpu in results if cpu >= CPU_AFTER]
    assert not slow, f"{len(slow)} of {runs} runs took too long to exit: {slow}"
    assert not busy, f"{len(busy)} of {runs} runs used too much CPU after the close: {busy}"
    for i in range(runs):
        assert SaveStore(folders[i]).load("fast").actions  # saved, whole
