"""Sentences whose subject is a side, with the verb agreeing with it in every language.

English says "Texans · Travis wins!" of any side, but Spanish and Italian agree the verb with a
plural side ("¡Ganan Tejanos · Travis!", "Vincono Cartaginesi · Ana!"). So each plural side has
its own message (context ``side:Texans``), and the translator writes each one right; a singular
side (Rome, an army's colour, a player) takes the common message. The glossary beside each
catalog (``tui/locale/<lang>/glossary.toml``) says which sides are plural in that language,
and the catalog test checks these messages against it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.i18n import _, ngettext, pgettext

# The sides whose name is a plural noun (the English msgid of each label). Every sentence
# below has one message per side here; the extraction sees each as it is written.
WINS: dict[str, Callable[[], str]] = {
    "Gauls": lambda: pgettext("side:Gauls", "{side} · {name} wins!"),
    "Texans": lambda: pgettext("side:Texans", "{side} · {name} wins!"),
    "Mexicans": lambda: pgettext("side:Mexicans", "{side} · {name} wins!"),
    "Romans": lambda: pgettext("side:Romans", "{side} · {name} wins!"),
    "Carthaginians": lambda: pgettext("side:Carthaginians", "{side} · {name} wins!"),
}
THINKING: dict[str, Callable[[], str]] = {
    "Gauls": lambda: pgettext("side:Gauls", "{side} thinking…"),
    "Texans": lambda: pgettext("side:Texans", "{side} thinking…"),
    "Mexicans": lambda: pgettext("side:Mexicans", "{side} thinking…"),
    "Romans": lambda: pgettext("side:Romans", "{side} thinking…"),
    "Carthaginians": lambda: pgettext("side:Carthaginians", "{side} thinking…"),
}


def plural_side(label: str) -> str | None:
    """The English name of the plural side shown as ``label`` in the current language, or
    None for a singular one."""
    return next((side for side in WINS if _(side) == label), None)


def side_wins(label: str, name: str) -> str | None:
    """ "Texans · Travis wins!" for a plural side, agreeing; None for any other side."""
    side = plural_side(label)
    return WINS[side]().format(side=label, name=name) if side else None


def thinking(labels: Sequence[str]) -> str:
    """ "Romans thinking…" for one plural side; the common message for anyone else."""
    side = plural_side(labels[0]) if len(labels) == 1 else None
    if side:
        return THINKING[side]().format(side=labels[0])
    said = ngettext("{names} thinking…", "{names} thinking…", len(labels))
    return said.format(names=", ".join(labels))
