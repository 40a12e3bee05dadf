"""Counting words right: "1 army", "2 armies", "Ana, Bruno and Carla".

Every game and screen builds its sentences with these two helpers, so a count is never
"1 armies" and a list never ends in a comma.
"""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, one: str, many: str | None = None) -> str:
    """``"1 army"`` / ``"3 armies"``; ``many`` defaults to ``one + "s"``."""
    word = one if count == 1 else (many if many is not None else one + "s")
    return f"{count} {word}"


def listing(items: Iterable[str], last: str = "and") -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (``last="or"`` for a choice)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
