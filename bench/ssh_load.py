"""Many players at once over real SSH: how much memory each session takes and whether the
keys still answer in time, on loopback sshd servers set up as docs/hosting.md says
(bench/_sshd.py).

50 sessions by default, each its own player (its own key and saves folder): 10 press arrow keys
on the Ataque map, against two bots, as bench/ssh_latency.py does (the first byte of each screen
update is what the player feels; budget p95 <= 50 ms), 20 sit at the menu and 20 in a game of
each of the five games in turn. Before the crowd arrives one lone Ataque session is measured
the same way, so the ratio says what the crowd costs. Then per session: the RSS and PSS of its
app process (PSS shares the pages common to all of them fairly, so the sum of PSS is what the
sessions take together), the sshd process serving it, the CPU the idle ones burn. At the end the
clients are killed, as when players' connections drop, and every app must be gone.

sshd's ForceCommand is one per server, so each kind of session has its own sshd (the menu's
is the documented `batallas --hosted`). The players' `ssh` clients run on the same machine and
take their share of its cores, so the figures are on the pessimistic side.

Needs root: a non-root sshd cannot hand out terminals on most machines. Every wait has a
count and a time limit; everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import select
import signal
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._sshd import BATALLAS, Server, Terminal, missing_tools  # noqa: E402
from bench.ssh_latency import LEFT, NO_UPDATE, QUIET, RIGHT, SIZE, spread  # noqa: E402

SESSIONS, ACTIVE = 50, 10
KEYS = 60  # per active session: with the pause for the screen to go quiet, about 20 s
# One human against bots (as a lone player over SSH plays) and what the game first asks of them:
# the human moves first, so the bots wait and an idle game stays idle.
GAMES = {
    "alamo": ("--seat human", b"roll for the next turn"),
    "ataque": ("--seat human --seat bot:easy --seat bot:easy", b"Place 7 armies"),
    "gallic": ("--seat human --seat bot:easy", b"Mark up to"),
    "mates": ("--seat human --seat bot:easy", b"Your attack"),
    "metauro": ("--seat human --seat bot:easy", b"Deploy"),
}
ATAQUE = f"{BATALLAS} --hosted new ataque {GAMES['ataque'][0]} --seed 1"
PLACE = GAMES["ataque"][1]  # the Ataque map, the first player placing armies
MENU = b"B A T A L L A S"
LOGINS_AT_ONCE = 4  # sshd drops unauthenticated connections beyond MaxStartups (10)
READY = 120  # seconds for one session to show its screen
TIME_LIMIT = 900  # seconds for the whole run
HANG_UP = 60  # seconds for every app to end once its client is gone
TICK = os.sysconf("SC_CLK_TCK")


class Session:
    """One player: a name, the server whose ForceCommand they get, their `ssh` terminal."""

    opened: list[Session] = []  # every session that started its client, for hang_up_all

    def __init__(self, name: str, kind: str, server: Server, ready: bytes) -> None:
        self.name, self.kind, self.server, self.ready = name, kind, server, ready
        self.key = server.add_player(name)
        self.term: Terminal | None = None
        self.failure: str | None = None

    def login(self, deadline: float) -> Session:
        self.term = Terminal(self.server.ssh_argv(key=self.key), *SIZE)
        Session.opened.append(self)
        if not self.term.read_until(self.ready, max(0.0, min(READY, deadline - time.monotonic()))):
            self.failure = f"{self.ready.decode()!r} never showed up: {self.term.tail(300)!r}"
        else:
            self.term.read_quiet(0.5, 10)
        return self

    def close(self) -> None:
        """Kill the client (the connection drops); once only."""
        if self.term is not None and self.term.fd >= 0:
            self.term.close()
            self.term.fd = -1


def hang_up_all(*_) -> None:
    """On SIGTERM (run_all's time limit): drop every client at once, so that every wait ends
    at once, then unwind like an exception, so the servers and the apps go too."""
    for s in Session.opened:
        if s.term is not None and s.term.status is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(s.term.pid, signal.SIGKILL)
    sys.exit("stopped by SIGTERM")


def press_keys(term: Terminal, keys: int, deadline: float) -> tuple[list[float], int]:
    """→ and ← in turn, each once the screen went quiet after the last: the first-byte times
    (ms) and how many keys changed nothing on screen."""
    first, silent = [], 0
    for i in range(keys):
        if time.monotonic() > deadline:
            silent += keys - i
            break
        start = time.perf_counter()
        term.write(RIGHT if i % 2 == 0 else LEFT)
        if not term.read(NO_UPDATE):
            silent += 1
            continue
        first.append((time.perf_counter() - start) * 1000)
        term.read_quiet(QUIET, 10)
    return first, silent


def drain(sessions: list[Session], stop: threading.Event, deadline: float) -> None:
    """Keep reading the idle sessions' terminals, as their players' terminals would."""
    fds = {s.term.fd: s.term for s in sessions if s.term is not None}
    while fds and not stop.is_set() and time.monotonic() < deadline:
        ready, _, _ = select.select(list(fds), [], [], 0.2)
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                del fds[fd]  # the client is gone; noticed again when the sessions are checked


def proc_value(pid: int, file: str, field: str) -> int:
    """A kB field of /proc/PID/status or smaps_rollup (0 if the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime
    except (OSError, IndexError, ValueError):
        return 0


def player_of(pid: int) -> str | None:
    try:
        for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
            if item.startswith(b"BATALLAS_PLAYER="):
                return item.split(b"=", 1)[1].decode()
    except OSError:
        pass
    return None


def sshd_sessions(server: Server) -> list[int]:
    """The per-connection sshd processes under this server's listener."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if server.proc is not None and ppid == server.proc.pid:
                found.append(int(entry.name))
    return found


def mb(kb: float) -> float:
    return round(kb / 1024, 1)


def memory(apps: dict[str, int], sessions: list[Session], servers: list[Server]) -> dict:
    """RSS and PSS per kind of session, the totals, and what sshd adds per connection."""
    by_kind: dict[str, list[tuple[int, int]]] = {}
    for s in sessions:
        if s.name in apps:
            pid = apps[s.name]
            usage = (proc_value(pid, "status", "VmRSS"), proc_value(pid, "smaps_rollup", "Pss"))
            by_kind.setdefault(s.kind, []).append(usage)
    report = {
        kind: {
            "sessions": len(rows),
            "rss_mb": {
                "p50": mb(statistics.median(r for r, _ in rows)),
                "max": mb(max(r for r, _ in rows)),
            },
            "pss_mb_p50": mb(statistics.median(p for _, p in rows)),
        }
        for kind, rows in sorted(by_kind.items())
    }
    every = [usage for rows in by_kind.values() for usage in rows]
    sshd = [pid for server in servers for pid in sshd_sessions(server)]
    sshd_pss = [proc_value(pid, "smaps_rollup", "Pss") for pid in sshd]
    report["apps_total_rss_mb"] = mb(sum(r for r, _ in every))
    report["apps_total_pss_mb"] = mb(sum(p for _, p in every))
    report["sshd_per_session_pss_mb"] = mb(statistics.fmean(sshd_pss)) if sshd_pss else 0
    report["per_session_pss_mb"] = (
        mb((sum(p for _, p in every) + sum(sshd_pss)) / len(every)) if every else 0
    )
    return report


def find_apps(servers: list[Server]) -> dict[str, int]:
    """Player name → the pid of their app, over every server."""
    found = {}
    for server in servers:
        for pid in server.app_pids():
            name = player_of(pid)
            if name:
                found[name] = pid
    return found


def lone(tmp: Path, deadline: float) -> dict:
    """One Ataque session with nobody else logged in: the reference."""
    (tmp / "lone").mkdir()
    server = Server(tmp / "lone", "lone", ATAQUE)
    with server:
        session = Session("lone", "ataque", server, PLACE)
        try:
            session.login(deadline)
            if session.failure:
                raise RuntimeError(f"the lone session failed: {session.failure}")
            session.term.read_quiet(1.0, 30)
            first, silent = press_keys(session.term, KEYS, deadline)
            pid = find_apps([server]).get("lone", 0)
            rss = proc_value(pid, "status", "VmRSS")
        finally:
            session.close()
    return {"first_byte_ms": spread(first), "keys_without_update": silent, "rss_mb": mb(rss)}


def crowd(tmp: Path, total: int, active: int, deadline: float) -> dict:
    commands = {"menu": (f"{BATALLAS} --hosted", MENU), "active": (ATAQUE, PLACE)}
    for game, (seats, ready) in GAMES.items():
        commands[game] = (f"{BATALLAS} --hosted new {game} {seats} --seed 1", ready)
    servers: dict[str, Server] = {}
    sessions: list[Session] = []
    stop = threading.Event()
    try:
        for kind, (command, _) in commands.items():
            (tmp / kind).mkdir()
            servers[kind] = Server(tmp / kind, kind, command).start()
        idle = total - active
        kinds = ["active"] * active + ["menu"] * (idle // 2)
        kinds += [list(GAMES)[i % len(GAMES)] for i in range(idle - idle // 2)]
        for i, kind in enumerate(kinds):
            ready = commands[kind][1]
            kind_name = f"game:{kind}" if kind in GAMES else kind
            sessions.append(Session(f"p{i:02d}", kind_name, servers[kind], ready))

        # The idle players arrive first, then the active ones: a few logins at a time.
        started = time.monotonic()
        order = sessions[active:] + sessions[:active]
        with ThreadPoolExecutor(LOGINS_AT_ONCE) as pool:
            list(pool.map(lambda s: s.login(deadline), order))
        login_s = time.monotonic() - started
        players = [s for s in sessions[:active] if not s.failure]
        idlers = [s for s in sessions[active:] if not s.failure]
        drainer = threading.Thread(target=drain, args=(idlers, stop, deadline), daemon=True)
        drainer.start()
        for s in players:
            s.term.read_quiet(1.0, 30)

        apps = find_apps(list(servers.values()))
        busy_ticks = {name: cpu_ticks(pid) for name, pid in apps.items()}
        results: dict[str, tuple[list[float], int]] = {}
        gate = threading.Barrier(len(players) or 1)

        def play(s: Session) -> None:
            with contextlib.suppress(threading.BrokenBarrierError):
                gate.wait(timeout=60)
            results[s.name] = press_keys(s.term, KEYS, deadline)

        began = time.monotonic()
        with ThreadPoolExecutor(max(len(players), 1)) as pool:
            list(pool.map(play, players))
        wall = time.monotonic() - began

        # Every session must still be there: its client connected and its app running.
        apps = find_apps(list(servers.values()))
        for s in sessions:
            if s.failure is None and not s.term.alive():
                s.failure = f"the connection ended: {s.term.tail(300)!r}"
            elif s.failure is None and s.name not in apps:
                s.failure = "its app process is gone"
        cpu = {}
        for kind in ("active", "menu", "game"):
            names = [s.name for s in sessions if s.kind.startswith(kind) and s.name in apps]
            ticks = sum(cpu_ticks(apps[n]) - busy_ticks.get(n, 0) for n in names)
            cpu[kind] = round(100 * ticks / TICK / max(wall, 0.001) / max(len(names), 1), 1)
        mem = memory(apps, sessions, list(servers.values()))

        first = [ms for times, _ in results.values() for ms in times]
        per_player = [spread(times)["p95"] for times, _ in results.values() if times]
        report = {
            "sessions": len(sessions),
            "active": len(players),
            "login_all_s": round(login_s, 1),
            "first_byte_ms": spread(first),
            "worst_player_p95_ms": max(per_player, default=0),
            "keys": len(results) * KEYS,
            "keys_without_update": sum(silent for _, silent in results.values()),
            "key_phase_s": round(wall, 1),
            "cpu_percent_of_a_core_per_session": cpu,
            "memory": mem,
            "failed_sessions": [
                {"player": s.name, "kind": s.kind, "why": s.failure} for s in sessions if s.failure
            ],
        }

        # Everyone's connection drops at once: every app saves and ends, none is left behind.
        stop.set()
        drainer.join(5)
        for s in sessions:
            s.close()
        gone_by = time.monotonic() + HANG_UP
        while find_apps(list(servers.values())) and time.monotonic() < gone_by:
            time.sleep(0.5)
        report["apps_left_after_hang_up"] = len(find_apps(list(servers.values())))
        return report
    finally:
        stop.set()
        for s in sessions:
            s.close()
        for server in servers.values():
            for pid in server.app_pids():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--active", type=int, default=ACTIVE)
    args = parser.parse_args()
    if not 1 <= args.active <= args.sessions <= 200:
        parser.error("need 1 <= --active <= --sessions <= 200")
    missing = missing_tools()
    if missing:
        print(json.dumps({"skipped": missing}))
        return
    if os.getuid() != 0:
        print(json.dumps({"skipped": "needs root: sshd must hand out a terminal per session"}))
        return
    signal.signal(signal.SIGTERM, hang_up_all)
    deadline = time.monotonic() + TIME_LIMIT
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        alone = lone(Path(tmp), deadline)
        report = {"lone": alone, "crowd": crowd(Path(tmp), args.sessions, args.active, deadline)}
    load = report["crowd"]
    report["ratio_first_byte_p95"] = round(
        load["first_byte_ms"]["p95"] / max(alone["first_byte_ms"]["p95"], 0.01), 2
    )
    report["budget"] = "active players' first byte p95 <= 50 ms, no failed session"
    report["ok"] = (
        load["first_byte_ms"]["p95"] <= 50
        and load["keys_without_update"] == 0
        and not load["failed_sessions"]
        and load["apps_left_after_hang_up"] == 0
    )
    report["machine"] = {
        "cores": len(os.sched_getaffinity(0)),
        "load_average_before": round(load_before, 2),
        "load_average_after": round(os.getloadavg()[0], 2),
    }
    report["terminal"] = f"{SIZE[0]}x{SIZE[1]}"
    print(json.dumps(report))


if __name__ == "__main__":
    main()
