"""Metauro's log: one sentence per event, worded from the event's data in the current
language."""

from __future__ import annotations

from engine.i18n import _, ngettext, number, pgettext
from engine.metauro import rules
from engine.metauro.data import (
    side_name,
)
from engine.metauro.state import (
    BY_KILL,
    NO_RETREAT,
    TRUMPET_LOST,
    Advanced,
    ClashEnded,
    ClashStarted,
    Deployed,
    Eliminated,
    Fought,
    GameEnded,
    LotsDrawn,
    Moved,
    PanicRolled,
    Passed,
    Retreated,
    TimeRanOut,
    TurnStarted,
)
from engine.words import plural

# Why a unit fell (``Eliminated.cause``, kept in English in the log), as the log says it.
CAUSES = {
    BY_KILL: lambda: pgettext("why a unit fell", "kill"),
    NO_RETREAT: lambda: pgettext("why a unit fell", "no retreat"),
    TRUMPET_LOST: lambda: pgettext("why a unit fell", "trumpet"),
}


def describe(e, view, unit_label) -> str | None:
    """The log's line for an event, worded now from the event's data (a save reads in
    whatever language is spoken). ``unit_label(view, unit)`` names a unit, fallen or not."""
    if isinstance(e, Deployed):
        return _("The {side} are deployed.").format(side=side_name(e.seat))
    if isinstance(e, LotsDrawn):
        return _("Lots drawn: the {side} move first.").format(side=side_name(e.first))
    if isinstance(e, TurnStarted):
        said = _("— Turn {turn}: {side} —").format(turn=number(e.turn), side=side_name(e.seat))
        return f"[b]{said}[/b]"
    if isinstance(e, Moved):
        who = ", ".join(unit_label(view, u) for u in e.units)
        return f"{who}: {e.frm} → {e.to}."
    if isinstance(e, Passed):
        if e.timed_out:
            return _("The {side} pass (time ran out).").format(side=side_name(e.seat))
        return _("The {side} pass.").format(side=side_name(e.seat))
    if isinstance(e, TimeRanOut):
        return _("The {side}' time ran out.").format(side=side_name(e.seat))
    if isinstance(e, ClashStarted):
        return ngettext(
            "{clash}: {count} pair faces each other.",
            "{clash}: {count} pairs face each other.",
            e.pairs,
        ).format(clash="[b]" + _("Clash") + "[/b]", count=number(e.pairs))
    if isinstance(e, PanicRolled):
        said = (
            _("Trumpet: {unit} rolls {roll} and panics!")
            if e.panicked
            else _("Trumpet: {unit} rolls {roll} and holds.")
        )
        return said.format(unit=unit_label(view, e.unit), roll=number(e.roll))
    if isinstance(e, Fought):
        f = e.fight
        fields = {
            "first": f"{unit_label(view, f.a)} {f.roll_a}+{f.bonus_a}={f.total_a}",
            "second": f"{unit_label(view, f.b)} {f.roll_b}+{f.bonus_b}={f.total_b}",
        }
        if f.winner is None:
            return _("{first} against {second}: a tie, both stay.").format(**fields)
        said = (
            _("{first} against {second}: {winner} wins and kills.")
            if f.killed
            else _("{first} against {second}: {winner} wins.")
        )
        return said.format(winner=unit_label(view, f.winner), **fields)
    if isinstance(e, Retreated):
        return _("{unit} retreats {start} → {end}.").format(
            unit=unit_label(view, e.unit), start=e.frm, end=e.to
        )
    if isinstance(e, Eliminated):
        cause = CAUSES.get(e.cause)
        said = _("{unit} falls at {square} ({cause}).").format(
            unit=unit_label(view, e.unit),
            square=e.square,
            cause=cause() if cause else e.cause,
        )
        return f"[b]{said}[/b]"
    if isinstance(e, Advanced):
        return _("{unit} advances {start} → {end}.").format(
            unit=unit_label(view, e.unit), start=e.frm, end=e.to
        )
    if isinstance(e, ClashEnded):
        return _("The clash is over after {fights}.").format(
            fights=plural(e.fights, "fight", "fights")
        )
    if isinstance(e, GameEnded):
        return f"[b]{rules.end_reason(view)}[/b]"
    return None
