"""The continents view: each continent (bonus, holder, who has how much), then each player
(strength and continents held), a line each, all worded alike, shorter when lines are narrow."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from engine.ataque import rules
from engine.ataque.data import CONTINENTS, colour_letter
from engine.i18n import _, pgettext
from engine.words import plural
from tui.widgets.ataque.words import SEAT_STYLES, armies, owner_label, strength


def continent_lines(view) -> list[tuple[str, str]]:
    """Each continent's line, fuller and terser; the name first, in the first 18 columns."""
    lines = []
    for row in rules.continent_summary(view):
        if row.holder is None:
            holder = pgettext("continent held by", "nobody")
        else:
            holder = owner_label(row.holder)
        counts = [(colour_letter(s), n) for s, n in enumerate(row.counts) if n]
        full = "  ".join(f"{letter} {n}" for letter, n in counts)
        terse = " ".join(f"{letter}{n}" for letter, n in counts)
        lines.append(
            (
                f"{row.name:<18} "
                + _("+{bonus}  held by {holder}  {counts}  (of {size})").format(
                    bonus=row.bonus, holder=f"{holder:<9}", counts=full, size=row.size
                ),
                f"{row.name:<17} "
                + _("+{bonus} {holder} {counts} of {size}").format(
                    bonus=row.bonus, holder=f"{holder:<9}", counts=terse, size=row.size
                ),
            )
        )
    return lines


def player_lines(view, names: tuple[str, ...]) -> list[tuple[object, tuple[str, str, str]]]:
    """Each player's line, from the fullest wording to the tersest (``names``: as typed)."""
    players = []
    for s in rules.player_summaries(view):
        marker = "▶" if s.seat == view.active else " "
        who = f"{marker}{owner_label(s.seat)} · "
        name = names[s.seat]
        if not s.alive:
            out = who + _("{name} — out of the game").format(name=name)
            players.append((s, (out, out, who + _("{name} — out").format(name=name[:12]))))
            continue
        held = ", ".join(CONTINENTS[c].name for c in s.continents) or _("no continent")
        numbers = (
            f"{plural(s.territories, 'territory', 'territories')}, {armies(s.armies)}, "
            f"{plural(s.cards, 'card', 'cards')}"
        )
        brief = strength(s)
        players.append(
            (
                s,
                (
                    f"{who}{name}: {numbers}, {held}",
                    f"{who}{name}: {brief}, {held}",
                    f"{who}{name[:12]}: {brief}, {held}",
                ),
            )
        )
    return players


def continents_text(view, names: tuple[str, ...], width: int) -> Text:
    """The continents, then the players, in the fullest wording every line fits."""
    continents = continent_lines(view)
    players = player_lines(view, names)
    text = Text()
    pick = next((i for i in (0, 1) if all(len(c[i]) <= width for c in continents)), 1)
    for wording in continents:
        line = wording[pick]
        text.append(line[:18], style="bold")
        text.append(line[18:] + "\n")
    pick = next((i for i in (0, 1, 2) if all(len(p[1][i]) <= width for p in players)), 2)
    for s, wording in players:
        style = SEAT_STYLES[s.seat] if s.alive else "dim strike"
        text.append(wording[pick] + "\n", style=style)
    text.rstrip()
    return text


class ContinentSummary(Static):
    """The continents tab's text (its padding is one column a side)."""

    def show(self, view, names: tuple[str, ...], line_width: int) -> None:
        self.update(continents_text(view, names, line_width - 2))
