"""El Álamo's log: one whole sentence per event, for each side, in the current language."""

from __future__ import annotations

from engine.alamo import rules
from engine.alamo.data import (
    MEXICANS,
    TEXANS,
    card,
)
from engine.alamo.state import (
    FOR_ARTILLERY,
    FOR_BATTLE,
    FOR_BOMBARDMENT,
    FOR_MUSKETS,
    AttackDeclined,
    AttackDrawn,
    Attacked,
    BattleResolved,
    Breached,
    CountersLost,
    DeckRebuilt,
    Defended,
    Discarded,
    Drew,
    Fired,
    GameEnded,
    HandLost,
    Paid,
    PaymentDue,
    Removed,
    Repelled,
    Returned,
    Revealed,
    Rolled,
    Shuffled,
    SurvivorsKept,
    TakenBack,
    TurnStarted,
)
from engine.i18n import N_, _, ngettext, number, pgettext
from tui.widgets.alamo_cards import by_side, names, side_name, stop

# What a payment is for: the payer's log line and the payer's prompt, one sentence each.
OWED = {
    (TEXANS, FOR_BOMBARDMENT): N_("The Texans owe {amount} for the bombardment."),
    (MEXICANS, FOR_BOMBARDMENT): N_("The Mexicans owe {amount} for the bombardment."),
    (TEXANS, FOR_BATTLE): N_("The Texans owe {amount} for the lost battle."),
    (MEXICANS, FOR_BATTLE): N_("The Mexicans owe {amount} for the lost battle."),
    (TEXANS, FOR_ARTILLERY): N_("The Texans owe {amount} for the Mexican artillery."),
    (TEXANS, FOR_MUSKETS): N_("The Texans owe {amount} for the Mexican muskets."),
}


def bold(line: str) -> str:
    return f"[b]{line}[/b]"


def describe(e, view, viewer, human) -> str | None:
    """One log line per event, one whole sentence for each side. The end of the game is
    worded from ``view`` (the final position) in the current language; the event keeps the
    English record. ``viewer`` is the seat reading (None: a spectator), ``human`` whether a
    person sits there (a bot's own draws are told by count)."""
    if isinstance(e, TurnStarted):
        return bold(_("— Turn {turn} —").format(turn=number(e.turn)))
    if isinstance(e, (Drew, DeckRebuilt, Returned, HandLost, SurvivorsKept)):
        return describe_cards(e, viewer, human)
    if isinstance(e, Rolled):
        if e.purpose == "draw":
            return _("Die for the draw: {value}.").format(value=e.value)
        return _("Die for the attack: {value}.").format(value=e.value)
    if isinstance(e, AttackDrawn):
        return ngettext(
            "{count} Mexican card comes face down.",
            "{count} Mexican cards come face down.",
            e.count,
        ).format(count=number(e.count))
    if isinstance(e, Fired):
        fired = by_side(e.seat, N_("The Texans fire {card}"), N_("The Mexicans fire {card}"))
        return stop(fired.format(card=card(e.seat, e.card).name))
    if isinstance(e, Removed):
        return stop(_("It knocks out {card}").format(card=card(MEXICANS, e.card).name))
    if isinstance(e, Revealed):
        attack = names(MEXICANS, e.cards) or _("nothing left")
        return stop(_("The attack: {cards}").format(cards=attack))
    if isinstance(e, PaymentDue):
        owed = OWED.get((e.payer, e.cause))
        if owed is None:
            return _("{side}: {amount} owed.").format(side=side_name(e.payer), amount=e.amount)
        return _(owed).format(amount=e.amount)
    if isinstance(e, Paid):
        name = card(e.seat, e.card).name
        if e.from_deck:
            paid = _("paid with the top of the deck: {card} ({value}).")
        else:
            paid = _("paid with {card} ({value}).")
        return "  " + paid.format(card=name, value=e.value)
    if isinstance(e, TakenBack):
        name = card(e.seat, e.card).name
        if e.to_deck:
            back = _("not needed: {card} ({value}) goes back to the top of the deck.")
        else:
            back = _("not needed: {card} ({value}) goes back to the hand.")
        return "  " + back.format(card=name, value=e.value)
    if isinstance(e, CountersLost):
        return bold(
            ngettext(
                "{count} section of men lost for {points} points ({left} left).",
                "{count} sections of men lost for {points} points ({left} left).",
                e.count,
            ).format(count=number(e.count), points=e.points, left=number(e.left))
        )
    if isinstance(e, Discarded):
        discarded = by_side(
            e.seat, N_("The Texans discard {card}"), N_("The Mexicans discard {card}")
        )
        return stop(discarded.format(card=card(e.seat, e.card).name))
    if isinstance(e, Shuffled):
        return by_side(
            e.seat, N_("The Texans shuffle their deck."), N_("The Mexicans shuffle their deck.")
        )
    if isinstance(e, AttackDeclined):
        return _("The Mexicans hold back this turn.")
    if isinstance(e, Attacked):
        label = bold(pgettext("battle row", "Attack"))
        return stop(f"{label} ({e.total}): {names(MEXICANS, e.cards)}")
    if isinstance(e, Defended):
        label = bold(pgettext("battle row", "Defence"))
        cards = names(TEXANS, e.cards) or _("nothing")
        return stop(f"{label} ({e.total}): {cards}")
    if isinstance(e, BattleResolved):
        if e.winner is None:
            said = _("Attack {attack} against defence {defence}: a tie.")
        else:
            said = by_side(
                e.winner,
                N_("Attack {attack} against defence {defence}: the Texans win by {difference}."),
                N_("Attack {attack} against defence {defence}: the Mexicans win by {difference}."),
            )
        return said.format(attack=e.attack_total, defence=e.defence_total, difference=e.difference)
    if isinstance(e, Repelled):
        used = names(TEXANS, e.used) or _("only the walls")
        said = _("defence {defence} against {attack}; used {cards}").format(
            defence=e.defence_total, attack=e.attack_total, cards=used
        )
        label = bold(_("Repelled"))
        return stop(f"{label}: {said}")
    if isinstance(e, Breached):
        said = _("defence {defence} against {attack}, {shortfall} short.").format(
            defence=e.defence_total, attack=e.attack_total, shortfall=e.shortfall
        )
        label = bold(_("Breach"))
        return f"{label}: {said}"
    if isinstance(e, GameEnded):
        return bold(rules.end_reason(view) if view is not None else _(e.reason))
    return None


def describe_cards(e, viewer, human) -> str | None:
    """The log lines that count a side's cards: drawn, rebuilt into a deck, put back,
    lost with the hand, kept after a battle."""
    texans = e.seat == TEXANS
    if isinstance(e, Drew):
        if e.cards and e.seat == viewer:
            return stop(_("You draw {cards}").format(cards=names(e.seat, e.cards)))
        if e.cards:  # a replay with everything shown: the other side's draw
            said = by_side(e.seat, N_("The Texans draw {cards}"), N_("The Mexicans draw {cards}"))
            return stop(said.format(cards=names(e.seat, e.cards)))
        if e.seat == viewer and human:
            return None
        if texans:
            said = ngettext(
                "The Texans draw {count} card.", "The Texans draw {count} cards.", e.count
            )
        else:
            said = ngettext(
                "The Mexicans draw {count} card.", "The Mexicans draw {count} cards.", e.count
            )
        return said.format(count=number(e.count))
    if isinstance(e, DeckRebuilt):
        if texans:
            said = ngettext(
                "The Texans shuffle {count} discard into a new deck.",
                "The Texans shuffle {count} discards into a new deck.",
                e.cards,
            )
        else:
            said = ngettext(
                "The Mexicans shuffle {count} discard into a new deck.",
                "The Mexicans shuffle {count} discards into a new deck.",
                e.cards,
            )
        return said.format(count=number(e.cards))
    if isinstance(e, Returned):
        if e.cards and e.seat == viewer:
            return stop(_("You put back {cards}").format(cards=names(e.seat, e.cards)))
        if e.cards:
            said = by_side(
                e.seat, N_("The Texans put back {cards}"), N_("The Mexicans put back {cards}")
            )
            return stop(said.format(cards=names(e.seat, e.cards)))
        if texans:
            said = ngettext(
                "The Texans put {count} card back into the deck.",
                "The Texans put {count} cards back into the deck.",
                e.count,
            )
        else:
            said = ngettext(
                "The Mexicans put {count} card back into the deck.",
                "The Mexicans put {count} cards back into the deck.",
                e.count,
            )
        return said.format(count=number(e.count))
    if isinstance(e, HandLost):
        if not e.cards:
            return by_side(
                e.seat,
                N_("The Texans have no cards left to lose."),
                N_("The Mexicans have no cards left to lose."),
            )
        if texans:
            said = ngettext(
                "The Texans lose the whole hand ({count} card).",
                "The Texans lose the whole hand ({count} cards).",
                len(e.cards),
            )
        else:
            said = ngettext(
                "The Mexicans lose the whole hand ({count} card).",
                "The Mexicans lose the whole hand ({count} cards).",
                len(e.cards),
            )
        return said.format(count=number(len(e.cards)))
    if isinstance(e, SurvivorsKept):
        if not e.cards:
            return by_side(
                e.seat,
                N_("The Texans keep none of their played cards."),
                N_("The Mexicans keep none of their played cards."),
            )
        if texans:
            said = ngettext(
                "The Texans keep {cards} and shuffle it into their deck.",
                "The Texans keep {cards} and shuffle them into their deck.",
                len(e.cards),
            )
        else:
            said = ngettext(
                "The Mexicans keep {cards} and shuffle it into their deck.",
                "The Mexicans keep {cards} and shuffle them into their deck.",
                len(e.cards),
            )
        return said.format(cards=names(e.seat, e.cards))
    return None
