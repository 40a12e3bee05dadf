"""Start an app headless, exit as soon as its first screen is interactive, report peak RSS.

`python bench/startup_probe.py batallas|bare SAVES_DIR`; used by bench/startup.py.
"""

from __future__ import annotations

import json
import resource
import sys
import time

started = time.perf_counter()
which, saves = sys.argv[1], sys.argv[2]

if which == "bare":
    from textual.app import App
    from textual.widgets import DataTable, Footer, Header

    class Bare(App):
        def compose(self):
            yield Header()
            yield DataTable()
            yield Footer()

        def on_mount(self):
            table = self.query_one(DataTable)
            table.add_columns("a", "b")
            table.add_row("1", "2")
            self.call_after_refresh(self.exit)

    app = Bare()
else:
    from saves.store import SaveStore
    from tui.app import BatallasApp

    class Probe(BatallasApp):
        def on_mount(self):
            super().on_mount()
            self.call_after_refresh(self.exit)

    app = Probe(SaveStore(__import__("pathlib").Path(saves)))

app.run(headless=True, size=(120, 40))
elapsed = time.perf_counter() - started
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": elapsed, "peak_kb": peak_kb}))
