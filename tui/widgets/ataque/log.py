"""Ataque's log: each event worded from its data, and the log under the map, which shows
whole lines — the latest last, each cut with "…" where too long — never the tail of a line
wrapped over two rows (the whole log is a key away)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.markup import escape

from engine.ataque import rules
from engine.ataque import state as s
from engine.ataque.data import (
    CARD_BONUS,
    CONTINENTS,
    FALLBACK,
    TERRITORIES,
    card_name,
    colour_name,
    objective_text,
)
from engine.core import HIDDEN
from engine.i18n import _, ngettext, number
from engine.words import listing
from tui.widgets.ataque.words import armies
from tui.widgets.log import EventLog, literal


class LatestLines(EventLog):
    """One row per line, cut with "…" where it is too long; drawn again at a new width."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drawn_width = 0

    def line_text(self, line: str) -> Text:
        text = super().line_text(line)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def on_resize(self, event: events.Resize) -> None:
        """Runs before RichLog's own handler, which draws what waited for the first size."""
        if not event.size.width:  # hidden: drawn again if it comes back at another width
            return
        width, self.drawn_width = self.drawn_width, event.size.width
        if width and width != event.size.width:
            lines, self.shown = self.shown, []
            self.clear()
            self.show(lines)


def describe(e, view, me: int, names: tuple[str, ...]) -> str | None:
    """The log's line for an event of ``view``'s log as ``me`` reads it, worded now from the
    event's data (a save reads in whatever language is spoken): markup, every typed name
    (``names``, each seat's) literal."""

    def who(seat: int) -> str:  # a typed name inside a markup line
        return f"{colour_name(seat)} ({literal(names[seat])})"

    if isinstance(e, s.TurnStarted):
        said = _("— Round {round}: {player} —").format(round=number(e.round), player=who(e.seat))
        return f"[b]{said}[/b]"
    if isinstance(e, s.Reinforced):
        if not e.continents:
            return _("{player} receives {armies}.").format(
                player=who(e.seat), armies=armies(e.armies)
            )
        bonuses = listing(
            _("+{bonus} in {continent}").format(
                bonus=CONTINENTS[c].bonus, continent=CONTINENTS[c].name
            )
            for c in e.continents
        )
        return _(
            "{player} receives {armies}, and {bonuses} (continent bonus, placed there)."
        ).format(player=who(e.seat), armies=armies(e.armies), bonuses=bonuses)
    if isinstance(e, s.Exchanged):
        said = {"player": who(e.seat), "number": number(e.number), "armies": armies(e.armies)}
        if not e.bonus_on:
            return _("{player} exchanges a set (#{number}) for {armies}.").format(**said)
        return _(
            "{player} exchanges a set (#{number}) for {armies}, and +{bonus} on {territories} "
            "(the cards' own territories)."
        ).format(
            bonus=number(CARD_BONUS),
            territories=listing(TERRITORIES[t] for t in e.bonus_on),
            **said,
        )
    if isinstance(e, s.DealerRolled):
        throws = ", ".join(
            _("{player} {value}").format(player=who(seat), value=number(value))
            for seat, value in zip(e.seats, e.values, strict=True)
        )
        return _("Roll for the dealer: {throws}.").format(throws=throws)
    if isinstance(e, s.DealerChosen):
        return _("{player} deals (the highest roll).").format(player=who(e.seat))
    if isinstance(e, s.Placed):
        return _("{player} places {armies} on {territory}.").format(
            player=who(e.seat), armies=armies(e.count), territory=TERRITORIES[e.territory]
        )
    if isinstance(e, s.Battle):
        return _("{source} → {target}: {attack} vs {defence}, losses {lost}/{killed}.").format(
            source=TERRITORIES[e.source],
            target=TERRITORIES[e.target],
            attack="-".join(map(str, e.attack)),
            defence="-".join(map(str, e.defence)),
            lost=e.attacker_lost,
            killed=e.defender_lost,
        )
    if isinstance(e, s.Conquered):
        said = _("{player} takes {territory}.").format(
            player=who(e.seat), territory=TERRITORIES[e.target]
        )
        return f"[b]{said}[/b]"
    if isinstance(e, s.MovedIn):
        said = ngettext("{count} more moves in.", "{count} more move in.", e.count)
        return "  " + said.format(count=number(e.count))
    if isinstance(e, s.Eliminated):
        return ngettext(
            "[b]{victim} is destroyed by {player}[/b] ({count} card passes).",
            "[b]{victim} is destroyed by {player}[/b] ({count} cards pass).",
            e.cards,
        ).format(victim=who(e.victim), player=who(e.by), count=number(e.cards))
    # A seat's own secrets; in a replay with everything shown, any seat's, named.
    if isinstance(e, s.CardsTaken) and HIDDEN not in e.cards:
        if e.seat == me:
            said = _("You take {colour}'s cards: {cards}.")
        else:
            said = _("{player} takes {colour}'s cards: {cards}.")
        return said.format(
            player=who(e.seat),
            colour=colour_name(e.victim),
            cards=", ".join(card_name(c) for c in e.cards),
        )
    if isinstance(e, s.ObjectiveChanged):
        if e.seat == me:
            said = _("Your objective is now: {objective}")
        else:
            said = _("{player}'s objective is now: {objective}")
        said = said.format(player=who(e.seat), objective=escape(objective_text(FALLBACK)))
        return f"[b]{said}[/b]"
    if isinstance(e, s.Regrouped):
        return _("{player} moves {armies} from {source} to {target}.").format(
            player=who(e.seat),
            armies=armies(e.count),
            source=TERRITORIES[e.source],
            target=TERRITORIES[e.target],
        )
    if isinstance(e, s.CardDrawn):
        if e.card < 0:
            return _("{player} draws a card.").format(player=who(e.seat))
        if e.seat == me:
            return _("You draw the card {card}.").format(card=card_name(e.card))
        return _("{player} draws the card {card}.").format(
            player=who(e.seat), card=card_name(e.card)
        )
    if isinstance(e, s.NothingDrawn):
        return _("{player} conquered but draws no card: the draw pile is empty.").format(
            player=who(e.seat)
        )
    if isinstance(e, s.DeckReshuffled):
        return ngettext(
            "The {count} exchanged card is shuffled into a new draw pile.",
            "The {count} exchanged cards are shuffled into a new draw pile.",
            e.cards,
        ).format(count=number(e.cards))
    if isinstance(e, s.GameEnded):
        # The last event: ``view`` is the final position, which words the reason.
        return f"[b]{literal(rules.end_reason(view))}[/b]"
    return None
