"""Keypress latency over a real SSH connection: the Ataque map moving its cursor, played
through `ssh` to a loopback sshd set up as docs/hosting.md says (bench/_sshd.py).

Per key: the time from writing the arrow to the first byte of the screen update (what the
player feels; budget p95 ≤ 50 ms), to the last byte before the output goes quiet, and the bytes
sent. Baselines in the same run, over the same kind of connection: a bare Textual app whose only
widget is a Static updated by the same keys (so the ratio says what Batallas adds), and `cat`,
whose terminal merely echoes the key (the cost of ssh and the pseudo-terminals alone).
"""

from __future__ import annotations

import json
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._sshd import BATALLAS, Server, Terminal, missing_tools  # noqa: E402

KEYS = 100
QUIET = 0.25  # seconds without output: the update is complete
NO_UPDATE = 2.0  # seconds: a key that changed nothing on screen
SIZE = (120, 40)
RIGHT, LEFT = b"\x1b[C", b"\x1b[D"
ATAQUE = f"{BATALLAS} --hosted new ataque --seat human --seat bot:easy --seat bot:easy --seed 1"
BARE = shlex.join([sys.executable, str(Path(__file__).resolve()), "bare"])


def bare_app() -> None:
    """The baseline app (run by sshd's ForceCommand): one Static, updated on ← and →."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        BINDINGS = [("right", "move(1)"), ("left", "move(-1)")]
        n = 0

        def compose(self):
            yield Static("ready 0")

        def action_move(self, step: int) -> None:
            self.n += step
            self.query_one(Static).update(f"ready {self.n}")

    Bare().run()


def spread(values: list[float], digits: int = 2) -> dict:
    """p50 and p95 (inclusive quantiles) of one measure."""
    if not values:
        return {"p50": 0, "p95": 0}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    if not digits:
        return {"p50": round(cuts[49]), "p95": round(cuts[94])}
    return {"p50": round(cuts[49], digits), "p95": round(cuts[94], digits)}


def measure(term: Terminal) -> dict:
    """Press → / ← in turn; each key's update ends when the output has been quiet a while."""
    first, last, sizes, silent = [], [], [], 0
    for i in range(KEYS):
        start = time.perf_counter()
        term.write(RIGHT if i % 2 == 0 else LEFT)
        chunk = term.read(NO_UPDATE)
        if not chunk:
            silent += 1
            continue
        first.append((time.perf_counter() - start) * 1000)
        size, end = len(chunk), time.perf_counter()
        while chunk := term.read(QUIET):
            size, end = size + len(chunk), time.perf_counter()
        last.append((end - start) * 1000)
        sizes.append(size)
    return {
        "first_byte_ms": spread(first),
        "last_byte_ms": spread(last),
        "bytes": {**spread(sizes, 0), "mean": round(statistics.fmean(sizes)) if sizes else 0},
        "keys_without_update": silent,
    }


def run(command: str, ready: bytes | None) -> dict:
    """Start a server whose ForceCommand is ``command``, log in, wait for ``ready`` on screen
    and for the screen to go idle, then measure."""
    with tempfile.TemporaryDirectory() as tmp, Server(Path(tmp), "bench", command) as server:
        with Terminal(server.ssh_argv(), *SIZE) as term:
            if ready and not term.read_until(ready, 90):
                raise RuntimeError(f"{ready!r} never showed up:\n{term.tail()}")
            term.read_quiet(1.0, 30)
            return measure(term)


def main() -> None:
    missing = missing_tools()
    if missing:
        print(json.dumps({"skipped": missing}))
        return
    report = {
        "batallas_ataque": run(ATAQUE, b"Place 7 armies"),
        "bare_textual": run(BARE, b"ready"),
        "echo_cat": run("cat", None),
    }
    app, bare = report["batallas_ataque"], report["bare_textual"]
    report["ratio_first_byte_p95"] = round(
        app["first_byte_ms"]["p95"] / max(bare["first_byte_ms"]["p95"], 0.01), 2
    )
    report["budget"] = "batallas first byte p95 <= 50 ms"
    report["ok"] = app["first_byte_ms"]["p95"] <= 50 and app["keys_without_update"] == 0
    report["keys"] = KEYS
    report["terminal"] = f"{SIZE[0]}x{SIZE[1]}"
    print(json.dumps(report))


if __name__ == "__main__":
    if sys.argv[1:] == ["bare"]:
        bare_app()
    else:
        main()
