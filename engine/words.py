"""Counting words right: "1 army", "2 armies", "Ana, Bruno and Carla" — in every language.

Every game and screen builds its sentences with these helpers, so a count is never
"1 armies" and a list never ends in a comma. Both forms of a counted word are always given:
``plural`` is an ``ngettext`` call (extraction keyword ``plural:2,3``), so each language
applies its own plural rule and writes the number its own way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from engine.i18n import ngettext, number, pgettext


def plural(count: int, one: str, many: str) -> str:
    """``"1 army"`` / ``"3 armies"`` (``"1.500 ejércitos"`` in Spanish)."""
    return f"{number(count)} {ngettext(one, many, count)}"


def listing(items: Iterable[str], last: Literal["and", "or"] = "and") -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (``last="or"`` for a choice)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    if last == "and":
        word = pgettext("list", "and")
    elif last == "or":
        word = pgettext("list", "or")
    else:
        raise ValueError(f"listing() ends in 'and' or 'or', not {last!r}")
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def sentence_start(text: str) -> str:
    """``text`` with its first letter capital, to open a sentence with a clause made elsewhere
    (``"could not save 'x': …"``, ``"easy bot"``); the rest is left as written."""
    return text[:1].upper() + text[1:]
