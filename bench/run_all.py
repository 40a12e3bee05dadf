"""`make bench`: run every benchmark script here and print their JSON reports as one object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SKIP = {"run_all.py", "startup_probe.py"}


def main() -> int:
    report = {}
    failed = False
    for script in sorted(HERE.glob("*.py")):
        if script.name in SKIP or script.name.startswith("_"):
            continue
        print(f"running {script.name}…", file=sys.stderr, flush=True)
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
        if done.returncode != 0:
            failed = True
            report[script.stem] = {"error": done.stderr.strip().splitlines()[-5:]}
            continue
        report[script.stem] = json.loads(done.stdout.strip().splitlines()[-1])
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
