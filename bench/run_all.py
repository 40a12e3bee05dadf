"""`make bench`: run every benchmark script here and print their JSON reports as one object.

Each script is found by name (bench/*.py but this one, the probe and `_` helpers), runs alone
(the timings must not compete with each other) and prints one JSON line. The longest,
ssh_load.py (50 SSH players at once), takes about two minutes and stops itself at 15.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
# Not benchmarks: the probe is started by startup.py; gallic_ceiling.py is an analysis and
# fit_metauro.py a fit, both run by hand with the arguments their docstrings give.
SKIP = {"run_all.py", "startup_probe.py", "gallic_ceiling.py", "fit_metauro.py"}
TIMEOUT = 1200  # seconds for one script: a hung bench is reported, not waited for
LONG = {"strength.py": 3600}  # every level of every game, 40 games a row: about half an hour


def main() -> int:
    report = {}
    failed = False
    for script in sorted(HERE.glob("*.py")):
        if script.name in SKIP or script.name.startswith("_"):
            continue
        print(f"running {script.name}…", file=sys.stderr, flush=True)
        proc = subprocess.Popen(
            [sys.executable, str(script)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            timeout = LONG.get(script.name, TIMEOUT)
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.terminate()  # SIGTERM: the script's own clean-up (servers, clients) runs
            try:
                proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
            failed = True
            report[script.stem] = {"error": [f"no report after {timeout} s"]}
            continue
        if proc.returncode != 0:
            failed = True
            report[script.stem] = {"error": err.strip().splitlines()[-5:]}
            continue
        report[script.stem] = json.loads(out.strip().splitlines()[-1])
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
