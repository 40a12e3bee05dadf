"""A throwaway OpenSSH server on 127.0.0.1 that runs `batallas --hosted` exactly as
docs/hosting.md says, and a real `ssh` client in a pseudo-terminal.

Shared by tests/hosting (does the recipe work?) and bench/ssh_latency.py (how fast is it?),
so both exercise the documented sshd_config drop-in, not a look-alike.
"""

from __future__ import annotations

import fcntl
import os
import pty
import pwd
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

SSHD = Path("/usr/sbin/sshd")
BATALLAS = Path(sys.executable).with_name("batallas")  # the console script of this venv
PLAYER_ENV = "BATALLAS_PLAYER"
# What a player's terminal sends (docs/hosting.md): the locale and the colour depth.
CLIENT_ENV = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "COLORTERM": "truecolor"}
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def missing_tools() -> str | None:
    """Why the real-ssh checks cannot run here, or None."""
    if not SSHD.exists():
        return f"OpenSSH server not installed ({SSHD}); .ci/run installs openssh-server"
    for tool in ("ssh", "ssh-keygen"):
        if shutil.which(tool) is None:
            return f"`{tool}` not installed; .ci/run installs openssh-client"
    if not BATALLAS.exists():
        return f"no batallas console script at {BATALLAS} (run `make test` to install it)"
    return None


def hosted_config(user: str, command: str, home: str) -> str:
    """The sshd_config drop-in of docs/hosting.md (a test checks the page quotes this text)."""
    return f"""\
# Only this variable may come from authorized_keys (environment="BATALLAS_PLAYER=alice").
PermitUserEnvironment {PLAYER_ENV}

Match User {user}
    ForceCommand {command}
    SetEnv BATALLAS_HOME={home}
    PermitTTY yes
    AllowTcpForwarding no
    AllowStreamLocalForwarding no
    AllowAgentForwarding no
    X11Forwarding no
    PermitTunnel no
    PermitUserRC no
    PasswordAuthentication no
    KbdInteractiveAuthentication no
    ClientAliveInterval 30
    ClientAliveCountMax 4
    AcceptEnv LANG LANGUAGE LC_* COLORTERM TEXTUAL_COLOR_SYSTEM TEXTUAL_ANIMATIONS NO_COLOR
"""


def key_line(player: str, public_key: str) -> str:
    """One authorized_keys line: this key is this player, with nothing but a terminal."""
    return f'restrict,pty,environment="{PLAYER_ENV}={player}" {public_key.strip()}'


def strip_escapes(data: bytes) -> str:
    """Screen bytes as text, for failure messages."""
    return _ESCAPES.sub(b"", data).decode("utf-8", "replace")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _keygen(path: Path) -> None:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", path.name, "-f", str(path)],
        check=True,
        capture_output=True,
    )


class Server:
    """sshd on a free loopback port for the current user, with the hosted drop-in included.

    The lines before the Include are only what a throwaway server needs (its own port, host
    key, key file and pid file; no PAM, so it also runs as a non-root user)."""

    def __init__(self, tmp: Path, player: str = "alice", command: str | None = None) -> None:
        self.tmp = tmp
        self.player = player
        self.user = pwd.getpwuid(os.getuid()).pw_name
        self.home = tmp / "batallas-home"
        self.command = command or f"{BATALLAS} --hosted"
        self.key = tmp / "player_key"
        self.log = tmp / "sshd.log"
        self.port = 0
        self.proc: subprocess.Popen | None = None

    @property
    def saves(self) -> Path:
        return self.home / "saves" / "players" / self.player

    def write_config(self) -> Path:
        _keygen(self.tmp / "host_key")
        _keygen(self.key)
        public = self.key.with_suffix(".pub").read_text()
        (self.tmp / "authorized_keys").write_text(key_line(self.player, public) + "\n")
        dropin = self.tmp / "batallas.conf"
        dropin.write_text(hosted_config(self.user, self.command, str(self.home)))
        self.port = _free_port()
        config = self.tmp / "sshd_config"
        config.write_text(
            f"ListenAddress 127.0.0.1\nPort {self.port}\n"
            f"HostKey {self.tmp / 'host_key'}\nPidFile {self.tmp / 'sshd.pid'}\n"
            f"AuthorizedKeysFile {self.tmp / 'authorized_keys'}\n"
            "StrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
            f"Include {dropin}\n"
        )
        return config

    def add_player(self, name: str) -> Path:
        """One more player on this server: a key of their own and its authorized_keys line
        (sshd reads the file at every login, so this works while it runs). Returns the key."""
        key = self.tmp / f"key-{name}"
        _keygen(key)
        line = key_line(name, key.with_name(key.name + ".pub").read_text())
        with open(self.tmp / "authorized_keys", "a") as keys:
            keys.write(line + "\n")
        return key

    def start(self, timeout: float = 30) -> Server:
        config = self.write_config()
        if os.getuid() == 0:
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # privilege separation dir
        check = subprocess.run([str(SSHD), "-t", "-f", str(config)], capture_output=True)
        if check.returncode != 0:
            raise RuntimeError(f"sshd rejects the config: {check.stderr.decode().strip()}")
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [str(SSHD), "-D", "-e", "-f", str(config)], stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"sshd exited at start:\n{self.log_tail()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"sshd did not listen on port {self.port}:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no sshd log)"

    def non_root_limit(self) -> str | None:
        """The sshd log line saying why a non-root sshd could not open a session, if any:
        it cannot log in a locked account, nor hand out a terminal where devpts does not
        already give new ptys the tty group (some containers)."""
        if os.getuid() == 0:
            return None
        for line in self.log_tail(50).splitlines():
            if "account is locked" in line or "chown(/dev/pts" in line:
                return line.strip()
        return None

    def ssh_argv(self, *remote: str, tty: bool = True, key: Path | None = None) -> list[str]:
        """The player's `ssh` (a remote command, if given, is what ForceCommand ignores);
        ``key`` is another player's, from add_player."""
        return [
            "ssh", "-F", "/dev/null", "-tt" if tty else "-T", "-i", str(key or self.key),
            "-p", str(self.port),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
            "-o", "SendEnv=LANG", "-o", "SendEnv=COLORTERM",
            f"{self.user}@127.0.0.1", *remote,
        ]  # fmt: skip

    def app_pids(self) -> list[int]:
        """Processes started by this server's ForceCommand (they carry its BATALLAS_HOME)."""
        mark = f"BATALLAS_HOME={self.home}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if mark in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                continue
        return found

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class Terminal:
    """A program in a pseudo-terminal of a fixed size, as a player's terminal emulator runs
    `ssh`: everything it draws is kept in ``screen``."""

    def __init__(
        self, argv: list[str], cols: int = 100, rows: int = 30, drop: tuple[str, ...] = ()
    ) -> None:
        env = {k: v for k, v in {**os.environ, **CLIENT_ENV}.items() if k not in drop}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: size its terminal before ssh reads it, then become ssh
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.screen = b""
        self.status: int | None = None

    def write(self, data: bytes) -> None:
        os.write(self.fd, data)

    def read(self, timeout: float) -> bytes:
        """Whatever arrives within ``timeout`` seconds of waiting (b"" if nothing)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the other side is gone
            chunk = b""
        self.screen += chunk
        return chunk

    def read_until(self, needle: bytes, timeout: float, since: int = 0) -> bool:
        """Read until ``needle`` shows up after offset ``since`` of the screen."""
        deadline = time.monotonic() + timeout
        while needle not in self.screen[since:]:
            left = deadline - time.monotonic()
            if left <= 0 or (not self.read(min(left, 0.2)) and not self.alive()):
                return needle in self.screen[since:]
        return True

    def read_quiet(self, quiet: float, timeout: float) -> None:
        """Read until nothing arrives for ``quiet`` seconds (the screen is idle)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.read(quiet):
            pass

    def alive(self) -> bool:
        if self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
        return self.status is None

    def kill(self) -> None:
        """SIGKILL the client: the connection drops with no goodbye, as when a laptop sleeps."""
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)
            _, self.status = os.waitpid(self.pid, 0)

    def close(self) -> None:
        self.kill()
        os.close(self.fd)

    def tail(self, chars: int = 1500) -> str:
        return strip_escapes(self.screen)[-chars:]

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
