"""Metauro's (and Zama's) coach: the expert's move for a side, said in contacts and odds.

Nothing on the battlefield is hidden but the dice to come, so the coach reads the expert's
search (``engine.metauro.expert``) as it ran on the view: a move is told by the enemy units
its square touches and the chance to win the battle after it ("move the elephant from d7 to
d5: contact with 2 enemies, 64% to win"), a pair of the clash by the odds of its fight, a
pass by what it brings. ``judge`` scores the move played against the expert's on the
expert's own dice (the same seeds), each played to the end of the move phase by the strong
bot's plan, as the search plays its candidates.
"""

from __future__ import annotations

import random
from typing import Any

from engine import search
from engine.coach import (
    OTHERS,
    Choice,
    Hint,
    Judgement,
    one_line,
    percent,
    ranked_choices,
    searches,
)
from engine.core import Seat
from engine.i18n import N_, _
from engine.metauro import ai
from engine.metauro.actions import (
    Advance,
    AutoPair,
    DefaultDeployment,
    Deploy,
    EndMove,
    Move,
    NoAdvance,
    Pair,
    Pass,
    Place,
    Retreat,
)
from engine.metauro.board import unit_at
from engine.metauro.clash import clash_odds, facing, matching_size
from engine.metauro.data import (
    CAVALRY,
    EDGE_NEIGHBOURS,
    ELEPHANT,
    GENERAL,
    INFANTRY,
    TRUMPET,
    kind_name,
)
from engine.metauro.expert import (
    PLAYOUTS,
    expert,
    move_end,
    playout_value,
    world_dice,
)
from engine.metauro.rules import METAURO
from engine.metauro.state import DEPLOY, MOVE, MetauroState
from engine.words import plural

# One sentence per kind: the article agrees with the kind in Spanish and Italian.
MOVE_TEXTS = {
    GENERAL: N_("move the general from {frm} to {to}"),
    INFANTRY: N_("move the infantry from {frm} to {to}"),
    CAVALRY: N_("move the cavalry from {frm} to {to}"),
    ELEPHANT: N_("move the elephant from {frm} to {to}"),
    TRUMPET: N_("move the trumpet from {frm} to {to}"),
}

EVEN = 0.5  # a deployment is not judged: the battle has not begun


# --- the moves in words ------------------------------------------------------------------------


def _unit(view: MetauroState, unit_id: int) -> str:
    """A unit by its kind and square ("cavalry d5"): whose it is, the pair says."""
    u = unit_at(view, unit_id)
    if u is None:
        return "?"
    return f"{kind_name(u.kind)} {u.square}"


def describe(view: MetauroState, action: Any) -> str:
    """What ``action`` does, in a few words ("move the elephant from d7 to d5")."""
    if isinstance(action, Move):
        if len(action.units) == 1:
            u = unit_at(view, action.units[0])
            if u is not None:
                return _(MOVE_TEXTS[u.kind]).format(frm=action.frm, to=action.to)
        return _("move {units} from {frm} to {to}").format(
            units=plural(len(action.units), "unit", "units"), frm=action.frm, to=action.to
        )
    if isinstance(action, Pair):
        return _("{own} against {enemy}").format(
            own=_unit(view, action.own), enemy=_unit(view, action.enemy)
        )
    if isinstance(action, AutoPair):
        return _("let the game pick the pair")
    if isinstance(action, Retreat):
        return _("retreat to {square}").format(square=action.to)
    vacated = view.clash.vacated if view.clash else None
    if isinstance(action, Advance):
        return _("advance into {square}").format(square=vacated or "?")
    if isinstance(action, NoAdvance):
        return _("stay where you are")
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Deploy):
        return _("confirm the deployment")
    if isinstance(action, Place):
        return _("put a unit on {square}").format(square=action.square)
    if isinstance(action, DefaultDeployment):
        return _("go back to the default layout")
    return _("end the move")


def _contacts(view: MetauroState, seat: Seat, square: str) -> int:
    """The enemy units on squares sharing an edge with ``square``: whom a unit there faces."""
    edges = EDGE_NEIGHBOURS[square]
    return sum(1 for u in view.units if u.side != seat and u.square in edges)


def _fights(view: MetauroState, seat: Seat) -> int:
    """How many fights a clash would have if the move ended now."""
    return matching_size(facing(view, seat, frozenset()))


def _facts(view: MetauroState, seat: Seat, action: Any) -> str:
    """What ``action`` brings about on the board, value aside."""
    if isinstance(action, Move):
        n = _contacts(view, seat, action.to)
        if n:
            return _("contact with {units}").format(units=plural(n, "enemy", "enemies"))
        return _("out of contact")
    if isinstance(action, Pair):
        odds = clash_odds(view, action.own, action.enemy)
        return _("{chance} to win the fight").format(chance=percent(odds.win))
    if isinstance(action, Pass) and ai.quiet(view):
        return _("a second pass in a row draws the battle")
    if isinstance(action, (EndMove, Pass)):
        n = _fights(view, seat)
        if n:
            return _("the clash has {fights}").format(fights=plural(n, "fight", "fights"))
        return _("no clash")
    if isinstance(action, Deploy):
        return _("the expert keeps the army as it stands")
    return ""


def why(view: MetauroState, seat: Seat, action: Any, value: float | None, alone: bool) -> str:
    """One line: the move, then why ("move the elephant from d7 to d5: contact with 2
    enemies, 64% to win"), as full as 76 columns allow; ``alone`` when it was the only move."""
    facts = _facts(view, seat, action)
    if alone:
        reasons = [_("the only move")]
    elif value is None:
        reasons = [facts or _("the expert's plan")]
    else:
        battle = _("{chance} to win the battle").format(chance=percent(value))
        win = _("{chance} to win").format(chance=percent(value))
        reasons = [f"{facts}, {battle}", f"{facts}, {win}", facts] if facts else [battle]
    move = describe(view, action)
    return one_line(*(f"{move}: {reason}" for reason in reasons))


# --- hint and judgement -----------------------------------------------------------------------


def hint(view: MetauroState, seat: Seat, rng: random.Random) -> Hint:
    """The expert's move with the next candidates it weighed, from ``seat``'s view alone."""
    move, found = searches(expert, view, seat, rng)
    scored = found[0] if found else ()
    choices = ranked_choices(scored, lambda a: a, lambda a: describe(view, a))
    best = next((c for c in choices if c.action == move), Choice(move, describe(view, move)))
    alone = len(METAURO.legal_actions(view, seat)) == 1
    return Hint(seat, best, _others(best, choices), why(view, seat, move, best.value, alone))


def _others(best: Choice, choices: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """The next choices, one per move a player can tell apart: two soldiers of a kind on one
    square moving alike, or fighting alike, are one move to him."""
    seen = {best.text}
    out = []
    for choice in choices:
        if choice.text not in seen:
            seen.add(choice.text)
            out.append(choice)
    return tuple(out[:OTHERS])


def same_plan(view: MetauroState, seat: Seat, best: Any, played: Any) -> bool:
    """The expert's move, or a unit's move that leads to the same end of the move phase (the
    same units on the same squares, closed alike) as the expert's plan."""
    if played == best:
        return True
    if view.phase != MOVE or not isinstance(played, Move) or not isinstance(best, Move):
        return False
    after, close = move_end(view, seat, best)
    mine, ending = move_end(view, seat, played)
    return after.units == mine.units and type(close) is type(ending)


def judge(view: MetauroState, seat: Seat, played: Any, rng: random.Random) -> Judgement:
    """What ``played`` was worth against the expert's move, on the expert's own dice: the
    search's means when it weighed both, else both played out on the same worlds."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    move, found = searches(expert, view, seat, rng)
    said = describe(view, played), describe(view, move)
    if view.phase == DEPLOY:
        return Judgement(EVEN, 0.0, *said, played == move)
    same = same_plan(view, seat, move, played)
    means = {s.candidate: s.mean for s in found[0]} if found else {}
    if move in means and (same or played in means):
        chance = means[move]
        cost = 0.0 if same else max(0.0, chance - means[played])
    else:
        chance, cost = _played_out(view, seat, move, None if same else played, twin)
    return Judgement(chance, cost, *said, same)


def _played_out(
    view: MetauroState, seat: Seat, move: Any, played: Any | None, rng: random.Random
) -> tuple[float, float]:
    """The expert's move (and ``played``, unless None) scored as the expert scores its
    candidates, on the dice the expert drew from ``rng``: (chance, cost)."""
    value = playout_value(view, seat, world_dice(rng), {})
    worlds = range(search.budget(PLAYOUTS[view.scenario]))
    chance = sum(value(move, w) for w in worlds) / len(worlds)
    if played is None:
        return chance, 0.0
    return chance, max(0.0, chance - sum(value(played, w) for w in worlds) / len(worlds))
