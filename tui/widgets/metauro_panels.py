"""Metauro's panels beside and under the grid: the side panel (whose turn, how each army
stands), the legend, and the columns of a clash's pair list."""

from __future__ import annotations

from rich.text import Text

from engine.i18n import _, number, pgettext
from engine.metauro import rules
from engine.metauro.data import (
    CAVALRY,
    ELEPHANT,
    FORD,
    FOREST,
    GENERAL,
    INFANTRY,
    KINDS,
    RUINS,
    TRUMPET,
    kind_name,
    side_name,
    terrain_name,
)
from engine.metauro.state import (
    DEPLOY,
    MOVE,
    OVER,
)
from tui.widgets.metauro_grid import SIDE_COLOURS


def legend() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The legend's rows in the current language: each a separator and its (glyph, words)."""
    return (
        ("  ", (("I", kind_name(INFANTRY)), ("C", kind_name(CAVALRY)), ("E", kind_name(ELEPHANT)))),
        (
            "  ",
            (("G", kind_name(GENERAL)), ("T", kind_name(TRUMPET)), ("I3", _("three infantry"))),
        ),
        (
            ", ",
            (
                (pgettext("letter case", "UPPER"), side_name(0)),
                (pgettext("letter case", "lower"), side_name(1)),
            ),
        ),
        (
            "  ",
            (
                ("⚑", pgettext("battle flag", "standard")),
                ("♣", terrain_name(FOREST)),
                ("^", pgettext("terrain", "mountain")),
            ),
        ),
        (
            "  ",
            (
                ("#", pgettext("terrain", "rocks")),
                ("~", pgettext("terrain", "river")),
                ("=", terrain_name(FORD)),
                ("r", terrain_name(RUINS)),
            ),
        ),
    )


def kind_column() -> dict[str, str]:
    """Each kind's name padded to one width for the pair list's columns: the longest name in
    the current language, at most 11 characters (two kinds, two squares, the chance and the
    number fit the box's 40), a longer one cut."""
    names = {kind: kind_name(kind) for kind in KINDS}
    width = min(11, max(8, *(len(n) for n in names.values())))
    return {kind: cut(name, width).ljust(width) for kind, name in names.items()}


def cut(text: str, width: int) -> str:
    """``text`` whole when it fits ``width``, else its beginning and an ellipsis."""
    return text if len(text) <= width else text[: width - 1] + "…"


def percent(chance: float) -> str:
    """A chance as a whole percentage, as the current language writes it."""
    return _("{percent}%").format(percent=number(round(chance * 100)))


def side_panel(view, my_turn: bool, clock_left: int, roomy: bool) -> Text:
    """Whose turn it is (with the move clock) and how each army stands, in at most 12
    lines of at most 13 characters (the room beside the compact grid): no name is cut.
    ``clock_left``: the seconds the mover has left, shown while it is ``my_turn`` to move."""
    text = Text()
    if view.phase == OVER:
        text.append(_("Battle over") + "\n", style="bold")
        if view.winners:
            side = view.winners[0]
            text.append(f"{side_name(side)}\n", style=f"bold {SIDE_COLOURS[side]}")
            text.append(pgettext("the side named above", "win") + "\n")
        else:
            text.append(_("Drawn") + "\n\n")
    else:
        heading = (
            _("Deployment")
            if view.phase == DEPLOY
            else _("Turn {turn}").format(turn=number(view.turn))
        )
        text.append(heading + "\n", "bold")
        side = view.active if view.phase == DEPLOY else view.mover
        text.append(f"{side_name(side)}\n", style=f"bold {SIDE_COLOURS[side]}")
        if view.phase == DEPLOY:
            text.append(pgettext("the side named above", "to deploy") + "\n")
        elif view.clock and view.phase == MOVE and my_turn:
            left = pgettext("the side named above", "to move: {seconds}s")
            text.append(left.format(seconds=number(clock_left)) + "\n", style="bold yellow")
        else:
            text.append(pgettext("the side named above", "to move") + "\n")
    if roomy:
        text.append("\n")
    lost = rules.casualties(view)
    for side in (0, 1):
        left = sum(1 for u in view.units if u.side == side)
        text.append(f"{side_name(side)}\n", style=SIDE_COLOURS[side])
        text.append(" " + pgettext("soldiers", "{count} left").format(count=number(left)))
        text.append("\n " + pgettext("soldiers", "{count} lost").format(count=number(lost[side])))
        text.append("\n")
        held = rules.standards_held(view, side)
        if held:
            said = _("holds ⚑ {squares}").format(squares=" ".join(held))
            text.append(f" {said}\n", style="bold")
    text.rstrip()
    return text
