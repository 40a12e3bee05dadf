"""A row of counters (the Alamo's 19 sections of 10 men): those left filled, lost ones hollow."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def counters_text(left: int, total: int, label: str = "") -> Text:
    text = Text()
    if label:
        text.append(f"{label} ", style="bold")
    text.append("■" * left, style="bold green")
    text.append("□" * max(0, total - left), style="dim")
    text.append(f" {left}/{total}")
    return text


class Counters(Static):
    def show(self, left: int, total: int, label: str = "") -> None:
        self.update(counters_text(left, total, label))
