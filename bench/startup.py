"""Start to interactive menu vs a bare Textual app (Header, DataTable, Footer), same run.

Budget: ≤ 1.3× the bare app in wall time and in peak memory. Runs alternate between the two
so machine noise hits both alike; medians are compared.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROBE = Path(__file__).with_name("startup_probe.py")
RUNS = 15


def run(which: str, saves: str) -> tuple[float, int]:
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, str(PROBE), which, saves], capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - t0
    return wall, json.loads(out.stdout.strip().splitlines()[-1])["peak_kb"]


def main() -> None:
    with tempfile.TemporaryDirectory() as saves:
        run("bare", saves), run("batallas", saves)  # warm the file cache for both
        results = {"bare": [], "batallas": []}
        for _ in range(RUNS):
            for which in ("bare", "batallas"):
                results[which].append(run(which, saves))
    summary = {}
    for which, rows in results.items():
        summary[which] = {
            "wall_s_median": round(statistics.median(r[0] for r in rows), 4),
            "peak_mb_median": round(statistics.median(r[1] for r in rows) / 1024, 1),
        }
    summary["ratio_wall"] = round(
        summary["batallas"]["wall_s_median"] / summary["bare"]["wall_s_median"], 3
    )
    summary["ratio_memory"] = round(
        summary["batallas"]["peak_mb_median"] / summary["bare"]["peak_mb_median"], 3
    )
    summary["budget"] = "both ratios <= 1.3"
    summary["ok"] = summary["ratio_wall"] <= 1.3 and summary["ratio_memory"] <= 1.3
    summary["runs"] = RUNS
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
