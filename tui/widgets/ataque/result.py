"""The result of an Ataque game: who won and why, then every player's objective, revealed
now, with whether it was met and how far he got."""

from __future__ import annotations

from collections.abc import Callable

from textual.markup import escape

from engine.ataque import rules
from engine.ataque.data import colour_letter, colour_name, objective_text
from engine.ataque.state import GameEnded
from engine.core import HIDDEN, Outcome
from engine.i18n import _, ngettext
from engine.words import listing


def result_text(view, outcome: Outcome, seat_name: Callable[[int], str]) -> tuple[str, str]:
    """Who won and why, then every player's objective — revealed now — with whether it was
    met and how far he got. The result screen reads markup and seat names are typed by
    players, so every name is escaped."""
    ended = next((e for e in reversed(view.log) if isinstance(e, GameEnded)), None)
    report = rules.objective_report(view, ended.objectives if ended is not None else None)
    if outcome.is_draw:
        headline = _("A draw.")
    else:
        names = listing(escape(seat_name(s)) for s in outcome.winners)
        # English says "wins" of a winning side however many seats it has; other
        # languages may agree the verb with the number of winners.
        won = ngettext("{names} wins!", "{names} wins!", len(outcome.winners))
        headline = won.format(names=names)
    title = _("Objectives")
    lines = [escape(outcome.reason), "", f"[b]{title}[/b]"]
    for line in report:
        who = f"{colour_letter(line.seat)} {escape(seat_name(line.seat))}"
        if line.objective == HIDDEN:
            lines.append(_("{player}: secret").format(player=who))
            continue
        card = escape(objective_text(line.objective))
        progress = escape(line.progress)
        if line.met:
            status = _("[b]met[/b] ({progress})").format(progress=progress)
        elif not line.alive and line.eliminated_by is not None:
            status = _("eliminated by {colour}").format(colour=colour_name(line.eliminated_by))
        else:
            status = _("not met: {progress}").format(progress=progress)
        lines.append(
            _("{player}: {objective} — {status}").format(player=who, objective=card, status=status)
        )
    return headline, "\n".join(lines)
