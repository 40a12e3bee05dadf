"""The two-player siege: Draw, Bombardment, Discard and Mexican Attack every turn.

Whatever needs no decision (the draws, forced payments, the battle's totals) runs on inside
these functions until a player has a real choice; ``rules.AlamoGame`` checks each action and
hands it to the function for its phase here.
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.alamo.actions import Discard, Fire, ReturnToDeck, StopFiring
from engine.alamo.common import (
    card_in,
    card_name,
    draw_event,
    end,
    log,
    private,
    with_side,
    without,
)
from engine.alamo.data import ARTILLERY, HAND_LIMIT, MEXICANS, START_HAND, TEXANS
from engine.alamo.payment import open_payment, pay_card, settle
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FOR_BATTLE,
    FOR_BOMBARDMENT,
    PAY,
    SURVIVORS,
    TWO_PLAYER,
    AlamoState,
    AttackDeclined,
    Attacked,
    Battle,
    BattleResolved,
    Defended,
    Discarded,
    Fired,
    HandLost,
    Returned,
    Shuffled,
    Side,
    SurvivorsKept,
    TurnStarted,
)
from engine.alamo.tally import (
    attack_problems,
    battle_total,
    can_attack_with,
    kind,
    limit_problems,
    pay_value,
)
from engine.core import IllegalAction, Seat
from engine.i18n import N_, _
from engine.rng import Rng

# The English records of how a game ends, kept in the state and the log; being msgids, they
# are shown through ``_`` (``rules.end_reason``).
_DECKED = {
    TEXANS: N_("The Texan deck ran out: the fort falls with fewer losses than in history."),
    MEXICANS: N_("The Mexican deck ran out: Santa Anna loses more men than in history."),
}
_BOTH_DECKED = N_("Both decks ran out in the same draw: the game is drawn.")


def new_state(rng: Rng, texan: tuple[int, ...], mexican: tuple[int, ...]) -> AlamoState:
    """Both decks shuffled (``texan``, ``mexican``): four cards each, then the first turn."""
    state = AlamoState(
        mode=TWO_PLAYER,
        rng=rng,
        phase=BOMBARD,
        turn=1,
        sides=(
            Side(deck=texan[START_HAND:], hand=texan[:START_HAND]),
            Side(deck=mexican[START_HAND:], hand=mexican[:START_HAND]),
        ),
    )
    for seat in (TEXANS, MEXICANS):
        state = draw_event(state, seat, state.sides[seat].hand)
    return start_turn(state, first=True)


# --- the turn ----------------------------------------------------------------------------------


def start_turn(state: AlamoState, first: bool = False) -> AlamoState:
    """The Draw phase (a player who cannot draw loses), then on to the bombardment."""
    turn = state.turn if first else state.turn + 1
    state = attrs.evolve(state, turn=turn, battle=None, payment=None, selection=(), active=MEXICANS)
    state = log(state, TurnStarted(turn=turn))
    empty = tuple(seat for seat in (TEXANS, MEXICANS) if not state.sides[seat].deck)
    if len(empty) == 2:
        return end(state, (), _BOTH_DECKED)
    if empty:
        return end(state, (1 - empty[0],), _DECKED[empty[0]])
    for seat in (TEXANS, MEXICANS):
        side = state.sides[seat]
        top = side.deck[:1]
        state = with_side(state, seat, attrs.evolve(side, deck=side.deck[1:], hand=side.hand + top))
        state = draw_event(state, seat, top)
    return _bombard_stage(state, MEXICANS)


def _bombard_stage(state: AlamoState, seat: Seat) -> AlamoState:
    if any(kind(seat, c) == ARTILLERY for c in state.sides[seat].hand):
        return attrs.evolve(state, phase=BOMBARD, active=seat, payment=None)
    return _after_bombard(state, seat)


def _after_bombard(state: AlamoState, seat: Seat) -> AlamoState:
    if seat == MEXICANS:
        return _bombard_stage(state, TEXANS)
    return _discard_stage(state, MEXICANS)


def _discard_stage(state: AlamoState, seat: Seat) -> AlamoState:
    if len(state.sides[seat].hand) > HAND_LIMIT:
        return attrs.evolve(state, phase=DISCARD, active=seat, payment=None)
    if seat == MEXICANS:
        return _discard_stage(state, TEXANS)
    return _attack_stage(state)


def _attack_stage(state: AlamoState) -> AlamoState:
    if can_attack_with(state.sides[MEXICANS].hand):
        return attrs.evolve(state, phase=ATTACK, active=MEXICANS, selection=(), payment=None)
    return start_turn(log(state, AttackDeclined()))


# --- payments ----------------------------------------------------------------------------------


def _begin_payment(state: AlamoState, payer: Seat, amount: int, cause: str) -> AlamoState:
    return payment_step(open_payment(state, payer, amount, cause))


def payment_step(state: AlamoState) -> AlamoState:
    """Run a payment on until it is done or the payer has a real choice to make."""
    p = state.payment
    assert p is not None
    side = state.sides[p.payer]
    hand_value = sum(pay_value(p.payer, c) for c in side.hand)
    if p.due > 0 and not side.deck:
        if p.cause == FOR_BOMBARDMENT and hand_value < p.due:
            lost = side.hand
            side = attrs.evolve(side, hand=(), discard=side.discard + lost)
            state = log(with_side(state, p.payer, side), HandLost(seat=p.payer, cards=lost))
            return _after_payment(state)
        if p.cause == FOR_BATTLE and hand_value <= p.due:
            for c in side.hand:
                state = pay_card(state, c, from_deck=False)
            return _after_payment(state)
    if p.due > 0:
        return attrs.evolve(state, phase=PAY, active=p.payer)
    return _after_payment(state)


def _after_payment(state: AlamoState) -> AlamoState:
    state, p = settle(state)
    if p.cause == FOR_BOMBARDMENT:
        return _bombard_stage(state, 1 - p.payer)
    return _survivors_stage(state)


# --- the battle --------------------------------------------------------------------------------


def _resolve_battle(state: AlamoState) -> AlamoState:
    battle = state.battle
    assert battle is not None
    a, d = battle.attack_total, battle.defence_total
    if a == d:
        winner = None
    else:
        winner = MEXICANS if a > d else TEXANS
    diff = abs(a - d)
    battle = attrs.evolve(battle, resolved=True, winner=winner, difference=diff)
    state = attrs.evolve(state, battle=battle)
    state = log(
        state, BattleResolved(attack_total=a, defence_total=d, winner=winner, difference=diff)
    )
    losers = (TEXANS, MEXICANS) if winner is None else (1 - winner,)
    for seat in losers:
        side = state.sides[seat]
        side = attrs.evolve(side, table=(), discard=side.discard + side.table)
        state = with_side(state, seat, side)
    if winner is None:
        return start_turn(state)
    loser = 1 - winner
    loser_side = state.sides[loser]
    if not loser_side.hand and not loser_side.deck:
        return _survivors_stage(state)
    return _begin_payment(state, loser, diff, FOR_BATTLE)


def _survivors_stage(state: AlamoState) -> AlamoState:
    battle = state.battle
    assert battle is not None and battle.winner is not None
    winner = battle.winner
    table = state.sides[winner].table
    if any(pay_value(winner, c) <= battle.difference for c in table):
        return attrs.evolve(state, phase=SURVIVORS, active=winner, selection=(), payment=None)
    return _keep_survivors(state, winner, ())


def _keep_survivors(state: AlamoState, seat: Seat, kept: tuple[int, ...]) -> AlamoState:
    side = state.sides[seat]
    gone = without(side.table, kept)
    deck = side.deck
    rng = state.rng
    if kept:
        assert rng is not None
        deck, rng = rng.shuffle(deck + kept)
    side = attrs.evolve(side, table=(), deck=deck, discard=side.discard + gone)
    state = attrs.evolve(with_side(state, seat, side), rng=rng, selection=())
    state = log(state, SurvivorsKept(seat=seat, cards=kept))
    if kept:
        state = log(state, Shuffled(seat=seat, cards=len(deck)))
    return start_turn(state)


# --- actions -----------------------------------------------------------------------------------


def bombard_options(state: AlamoState, seat: Seat) -> tuple[Any, ...]:
    guns = tuple(Fire(c) for c in state.sides[seat].hand if kind(seat, c) == ARTILLERY)
    return guns + (StopFiring(),)


def bombard(state: AlamoState, seat: Seat, action: Fire | StopFiring) -> AlamoState:
    """Fire one Artillery card (its target pays at once) or end this side's bombardment."""
    if isinstance(action, StopFiring):
        return _after_bombard(state, seat)
    c = card_in(seat, action.card, state.sides[seat].hand)
    if kind(seat, c) != ARTILLERY:
        raise IllegalAction(_("{card} is not an Artillery card.").format(card=card_name(seat, c)))
    side = state.sides[seat]
    side = attrs.evolve(side, hand=without(side.hand, (c,)), discard=side.discard + (c,))
    state = log(with_side(state, seat, side), Fired(seat=seat, card=c))
    return _begin_payment(state, 1 - seat, pay_value(seat, c), FOR_BOMBARDMENT)


def trim_options(state: AlamoState, seat: Seat) -> tuple[Any, ...]:
    make = Discard if seat == MEXICANS else ReturnToDeck
    return tuple(make(c) for c in state.sides[seat].hand)


def trim(state: AlamoState, seat: Seat, action: Discard | ReturnToDeck) -> AlamoState:
    """One card off a hand above 7: the Mexican discards it, the Texan puts it back into his
    deck (shuffled once his hand is down to 7)."""
    if isinstance(action, Discard) != (seat == MEXICANS):
        raise IllegalAction(
            _("The Mexican discards his excess cards; the Texan returns his to his deck.")
        )
    side = state.sides[seat]
    c = card_in(seat, action.card, side.hand)
    hand = without(side.hand, (c,))
    if seat == MEXICANS:
        side = attrs.evolve(side, hand=hand, discard=side.discard + (c,))
        state = log(with_side(state, seat, side), Discarded(seat=seat, card=c))
    else:
        side = attrs.evolve(side, hand=hand, deck=side.deck + (c,))
        mine, theirs = private(seat, 2)
        state = log(
            with_side(state, seat, side),
            Returned(seat=seat, count=1, cards=(c,), visible_to=mine),
            Returned(seat=seat, count=1, visible_to=theirs),
        )
    if len(hand) > HAND_LIMIT:
        return state
    if seat == TEXANS:
        rng = state.rng
        assert rng is not None
        deck, rng = rng.shuffle(side.deck)
        state = with_side(state, seat, attrs.evolve(side, deck=deck))
        state = log(attrs.evolve(state, rng=rng), Shuffled(seat=seat, cards=len(deck)))
        return _attack_stage(state)
    return _discard_stage(state, TEXANS)


def decline(state: AlamoState) -> AlamoState:
    return start_turn(log(attrs.evolve(state, selection=()), AttackDeclined()))


# --- choosing the attack, the defence and the survivors ----------------------------------------


def addable(state: AlamoState) -> tuple[int, ...]:
    """The cards that may join ``selection`` without breaking a limit."""
    seat = state.active
    chosen = state.selection
    if state.phase == SURVIVORS:
        battle = state.battle
        assert battle is not None
        room = battle.difference - sum(pay_value(seat, c) for c in chosen)
        return tuple(
            c for c in state.sides[seat].table if c not in chosen and pay_value(seat, c) <= room
        )
    return tuple(
        c
        for c in state.sides[seat].hand
        if c not in chosen and not limit_problems(seat, chosen + (c,))
    )


def add_problem(state: AlamoState, c: int) -> str:
    """Why ``c`` may not join the selection, in the current language."""
    if state.phase == SURVIVORS:
        battle = state.battle
        assert battle is not None
        return _("The cards you keep may be worth at most the difference, {difference}.").format(
            difference=battle.difference
        )
    return _(limit_problems(state.active, state.selection + (c,))[0])


def confirm_problem(state: AlamoState) -> str | None:
    """Why the selection may not be confirmed as it stands, in the current language; None if
    it may."""
    if state.phase == ATTACK:
        problems = attack_problems(state.selection)
        return _(problems[0]) if problems else None
    return None


def commit(state: AlamoState, seat: Seat) -> AlamoState:
    """Play the confirmed selection: the attack, the defence, or the survivors kept."""
    if state.phase == ATTACK:
        return _commit_attack(state)
    if state.phase == DEFEND:
        return _commit_defence(state)
    return _keep_survivors(state, seat, state.selection)


def _commit_attack(state: AlamoState) -> AlamoState:
    cards = state.selection
    mex = state.sides[MEXICANS]
    mex = attrs.evolve(mex, hand=without(mex.hand, cards), table=cards)
    total = battle_total(MEXICANS, cards)
    state = with_side(state, MEXICANS, mex)
    state = attrs.evolve(
        state,
        selection=(),
        phase=DEFEND,
        active=TEXANS,
        battle=Battle(attack=cards, attack_total=total),
    )
    return log(state, Attacked(cards=cards, total=total))


def _commit_defence(state: AlamoState) -> AlamoState:
    cards = state.selection
    tex = state.sides[TEXANS]
    tex = attrs.evolve(tex, hand=without(tex.hand, cards), table=cards)
    total = battle_total(TEXANS, cards)
    battle = state.battle
    assert battle is not None
    state = with_side(state, TEXANS, tex)
    state = attrs.evolve(
        state, selection=(), battle=attrs.evolve(battle, defence=cards, defence_total=total)
    )
    state = log(state, Defended(cards=cards, total=total))
    return _resolve_battle(state)
