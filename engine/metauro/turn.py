"""The turn's frame: a turn starts, units fall, and once the clash is over the battle is won,
drawn or goes on with the other side's turn (rule 11 and the house rules on quiet turns and the
turn limit); and why a finished battle ended, worded for players (``end_reason``)."""

from __future__ import annotations

import attrs

from engine.core import Seat
from engine.i18n import N_, _, ngettext, number
from engine.metauro.board import add_events, board_of, casualties, standards_held, unit_at
from engine.metauro.data import CARTHAGINIANS, GENERAL, MAX_TURNS, ROMANS, SIDES, side_name
from engine.metauro.state import MOVE, OVER, Eliminated, GameEnded, MetauroState, TurnStarted

QUIET_DRAW = N_("Both sides passed in a row: a drawn battle, whatever the losses.")
"""House rule (rules version 3): two passes in a row are a draw agreed, never a win on losses,
so a side ahead cannot win by passing after the other's pass."""


def start_turn(state: MetauroState, seat: Seat) -> MetauroState:
    turn = state.turn + 1
    state = attrs.evolve(
        state,
        phase=MOVE,
        turn=turn,
        mover=seat,
        active=seat,
        moved=frozenset(),
        clash=None,
    )
    return add_events(state, TurnStarted(turn=turn, seat=seat))


def end(state: MetauroState, winners: tuple[Seat, ...], reason: str) -> MetauroState:
    """End the battle. ``reason`` is the English record the state and the log keep, the same
    whatever language is spoken (a replay must give the same state, byte for byte); players
    read ``end_reason``, worded from the final position in their language."""
    state = attrs.evolve(state, phase=OVER, winners=winners, reason=reason)
    return add_events(state, GameEnded(winners=winners, reason=reason))


def decide_on_losses(state: MetauroState, why: str) -> MetauroState:
    """End the battle in favour of the side that lost fewer soldiers; equal losses draw."""
    lost = casualties(state)
    if lost[ROMANS] == lost[CARTHAGINIANS]:
        return end(state, (), f"{why}: both sides lost {lost[0]} soldiers, a drawn battle.")
    winner = ROMANS if lost[ROMANS] < lost[CARTHAGINIANS] else CARTHAGINIANS
    return end(
        state,
        (winner,),
        f"{why}: the {SIDES[winner]} lost {lost[winner]} soldiers to "
        f"{lost[1 - winner]} and win the battle.",
    )


def eliminate(state: MetauroState, unit_id: int, cause: str) -> MetauroState:
    """Take a unit off the board; the battle ends at once if it was a general or the last of
    its side."""
    u = unit_at(state, unit_id)
    assert u is not None
    state = attrs.evolve(
        state,
        units=tuple(x for x in state.units if x.id != unit_id),
        fallen=state.fallen + (u,),
    )
    state = add_events(
        state, Eliminated(unit=u.id, side=u.side, kind=u.kind, square=u.square, cause=cause)
    )
    if u.kind == GENERAL:
        name = state.generals[u.side] or "The general"
        return end(
            state,
            (1 - u.side,),
            f"{name} has fallen: the {SIDES[1 - u.side]} win the battle.",
        )
    if not any(x.side == u.side for x in state.units):
        return end(
            state,
            (1 - u.side,),
            f"The {SIDES[u.side]} have no soldiers left: the {SIDES[1 - u.side]} win.",
        )
    return state


def after_clash(state: MetauroState) -> MetauroState:
    """The turn is over: standards, quiet turns and the turn limit, then the next turn."""
    mover = state.mover
    enemy_standards = board_of(state).standards[1 - mover]
    if len(standards_held(state, mover)) == len(enemy_standards):
        return end(
            state,
            (mover,),
            f"The {SIDES[mover]} hold both {SIDES[1 - mover][:-1]} standards and win.",
        )
    if state.passes >= 2:
        return end(state, (), QUIET_DRAW)
    if state.turn >= MAX_TURNS:
        return decide_on_losses(state, f"The day is over after {MAX_TURNS} turns")
    return start_turn(state, 1 - mover)


def end_reason(state: MetauroState) -> str:
    """Why a finished battle ended, in the current language, read from the final position in
    the order the rules check it (a general falls, a side has nobody left, the standards,
    quiet turns, the turn limit): the sentence the state keeps is the English record."""
    general = next((u for u in state.fallen if u.kind == GENERAL), None)
    if general is not None:
        winner = side_name(1 - general.side)
        name = state.generals[general.side]
        if name:
            return _("{general} has fallen: the {side} win the battle.").format(
                general=name, side=winner
            )
        return _("The general has fallen: the {side} win the battle.").format(side=winner)
    for side in (ROMANS, CARTHAGINIANS):
        if not any(u.side == side for u in state.units):
            return _("The {side} have no soldiers left: the {winner} win.").format(
                side=side_name(side), winner=side_name(1 - side)
            )
    if state.winners and state.winners[0] == state.mover:  # only the mover's are counted
        winner = state.winners[0]
        if len(standards_held(state, winner)) == len(board_of(state).standards[1 - winner]):
            if winner == ROMANS:
                return _("The Romans hold both Carthaginian standards and win.")
            return _("The Carthaginians hold both Roman standards and win.")
    lost = casualties(state)
    quiet = state.passes >= 2
    if not state.winners:
        if quiet:
            return _(QUIET_DRAW)
        n = lost[ROMANS]
        return ngettext(
            "The day is over after {turns} turns: both sides lost {count} soldier, a drawn battle.",
            "The day is over after {turns} turns: both sides lost {count} soldiers, a drawn "
            "battle.",
            n,
        ).format(count=number(n), turns=number(MAX_TURNS))
    winner = state.winners[0]
    n = lost[winner]
    said = (  # quiet and won: a battle of rules version 2, when two passes were won on losses
        ngettext(
            "Both sides passed in a row: the {side} lost {count} soldier to {other} and win the "
            "battle.",
            "Both sides passed in a row: the {side} lost {count} soldiers to {other} and win the "
            "battle.",
            n,
        )
        if quiet
        else ngettext(
            "The day is over after {turns} turns: the {side} lost {count} soldier to {other} "
            "and win the battle.",
            "The day is over after {turns} turns: the {side} lost {count} soldiers to {other} "
            "and win the battle.",
            n,
        )
    )
    return said.format(
        side=side_name(winner),
        count=number(n),
        other=number(lost[1 - winner]),
        turns=number(MAX_TURNS),
    )
