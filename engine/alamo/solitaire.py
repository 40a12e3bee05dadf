"""The solitaire: the Texan against the dice and the Mexican deck, with 19 sections of men.

A turn is one roll (the Texan's draw, then the face-down attack), his fire, the Mexican
artillery and muskets to pay, and the assault. Everything without a choice runs on inside these
functions; the Texan is asked only which guns fire when they outnumber the targets, how to pay,
and which cards he used to repel an assault.
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.alamo.actions import Fire
from engine.alamo.common import card_in, card_name, draw_event, end, log, with_side, without
from engine.alamo.data import (
    ARTILLERY,
    COUNTER_MEN,
    COUNTERS,
    DEFENCE,
    MEXICANS,
    MUSKETS,
    RIFLES,
    SOLITAIRE_HAND,
    TEXANS,
    card,
)
from engine.alamo.payment import open_payment, pay_card, settle, solitaire_payable
from engine.alamo.state import (
    FIRE,
    FOR_ARTILLERY,
    FOR_MUSKETS,
    OVER,
    PAY,
    REPEL,
    ROLL,
    SOLITAIRE,
    AlamoState,
    AttackDrawn,
    Battle,
    Breached,
    CountersLost,
    DeckRebuilt,
    Fired,
    HandLost,
    Removed,
    Repelled,
    Revealed,
    Rolled,
    Side,
    TurnStarted,
)
from engine.alamo.tally import battle_total, kind, pay_value, repel_choices, walls
from engine.core import IllegalAction, Seat
from engine.i18n import N_, _
from engine.rng import Rng

# The English records of how a solitaire ends, kept in the state and the log
# (``rules.end_reason`` words them in the current language).
FALLEN = N_("The last section of men has fallen: the Alamo is taken.")


def new_state(rng: Rng, texan: tuple[int, ...], mexican: tuple[int, ...]) -> AlamoState:
    """Both decks shuffled (``texan``, ``mexican``), 19 sections of men, waiting for the roll."""
    return AlamoState(
        mode=SOLITAIRE,
        rng=rng,
        phase=ROLL,
        turn=1,
        sides=(Side(deck=texan), Side(deck=mexican)),
        active=TEXANS,
        counters=COUNTERS,
        log=(TurnStarted(turn=1),),
    )


# --- the roll and the Texan fire ---------------------------------------------------------------


def _draw(state: AlamoState, count: int) -> AlamoState:
    rng = state.rng
    assert rng is not None
    side = state.sides[TEXANS]
    drawn: tuple[int, ...] = ()
    while len(drawn) < count:
        if not side.deck:
            if not side.discard:
                break
            deck, rng = rng.shuffle(side.discard)
            side = attrs.evolve(side, deck=deck, discard=())
            state = log(state, DeckRebuilt(seat=TEXANS, cards=len(deck)))
        take = side.deck[: count - len(drawn)]
        drawn += take
        side = attrs.evolve(side, deck=side.deck[len(take) :])
    side = attrs.evolve(side, hand=side.hand + drawn)
    state = attrs.evolve(with_side(state, TEXANS, side), rng=rng)
    return draw_event(state, TEXANS, drawn)


def roll(state: AlamoState) -> AlamoState:
    """Both dice of a turn: the Texan draws 4 or 5 (up to 5 in hand), then that many Mexican
    cards as the second die shows come face down; then the Texan fires."""
    rng = state.rng
    assert rng is not None
    (draw_die,), rng = rng.roll(1)
    state = log(attrs.evolve(state, rng=rng), Rolled(purpose="draw", value=draw_die))
    wanted = 4 if draw_die <= 3 else 5
    room = max(0, SOLITAIRE_HAND - len(state.sides[TEXANS].hand))
    state = _draw(state, min(wanted, room))
    rng = state.rng
    assert rng is not None
    (attack_die,), rng = rng.roll(1)
    mex = state.sides[MEXICANS]
    attack = mex.deck[:attack_die]
    mex = attrs.evolve(mex, deck=mex.deck[len(attack) :], table=attack)
    state = attrs.evolve(
        with_side(state, MEXICANS, mex), rng=rng, dice=(draw_die, attack_die), revealed=False
    )
    state = log(state, Rolled(purpose="attack", value=attack_die), AttackDrawn(count=len(attack)))
    return _fire_stage(state)


def _is_rifle(c: int) -> bool:
    return card(TEXANS, c).name in RIFLES


def fire_group(state: AlamoState) -> tuple[int, ...]:
    """The Texan cards that fire next: his Artillery, else his Rifles / Trabucos."""
    hand = state.sides[TEXANS].hand
    guns = tuple(c for c in hand if kind(TEXANS, c) == ARTILLERY)
    return guns or tuple(c for c in hand if _is_rifle(c))


def _fire_one(state: AlamoState, c: int) -> AlamoState:
    rng = state.rng
    assert rng is not None
    tex, mex = state.sides[TEXANS], state.sides[MEXICANS]
    tex = attrs.evolve(tex, hand=without(tex.hand, (c,)), discard=tex.discard + (c,))
    i, rng = rng.below(len(mex.table))
    hit = mex.table[i]
    mex = attrs.evolve(mex, table=mex.table[:i] + mex.table[i + 1 :], discard=mex.discard + (hit,))
    state = attrs.evolve(state, sides=(tex, mex), rng=rng)
    return log(state, Fired(seat=TEXANS, card=c), Removed(card=hit))


def _fire_stage(state: AlamoState) -> AlamoState:
    for is_gun in (True, False):
        hand = state.sides[TEXANS].hand
        if is_gun:
            group = tuple(c for c in hand if kind(TEXANS, c) == ARTILLERY)
        else:
            group = tuple(c for c in hand if _is_rifle(c))
        targets = len(state.sides[MEXICANS].table)
        if not group or not targets:
            continue
        if len(group) > targets:
            return attrs.evolve(state, phase=FIRE, active=TEXANS)
        for c in group:
            state = _fire_one(state, c)
    return _reveal(state)


def fire_options(state: AlamoState) -> tuple[Any, ...]:
    return tuple(Fire(c) for c in fire_group(state))


def fire(state: AlamoState, seat: Seat, action: Fire) -> AlamoState:
    """More guns than targets: this one fires (Artillery before rifles)."""
    c = card_in(seat, action.card, state.sides[seat].hand)
    if c not in fire_group(state):
        if kind(TEXANS, c) == ARTILLERY or _is_rifle(c):
            raise IllegalAction(_("Your Artillery fires before your rifles."))
        raise IllegalAction(_("{card} cannot fire.").format(card=card_name(seat, c)))
    state = _fire_one(state, c)
    if state.sides[MEXICANS].table:
        return state
    return _reveal(state)


def _reveal(state: AlamoState) -> AlamoState:
    table = state.sides[MEXICANS].table
    state = attrs.evolve(state, revealed=True)
    if table:
        state = log(state, Revealed(cards=table))
    return _payment_stage(state, FOR_ARTILLERY)


# --- the Mexican artillery and muskets ---------------------------------------------------------


def _payment_stage(state: AlamoState, cause: str) -> AlamoState:
    mex = state.sides[MEXICANS]
    if cause == FOR_ARTILLERY:
        hits = tuple(c for c in mex.table if kind(MEXICANS, c) == ARTILLERY)
    else:
        hits = tuple(c for c in mex.table if card(MEXICANS, c).name in MUSKETS)
    if not hits:
        return _payment_stage(state, FOR_MUSKETS) if cause == FOR_ARTILLERY else _assault(state)
    mex = attrs.evolve(mex, table=without(mex.table, hits), discard=mex.discard + hits)
    state = with_side(state, MEXICANS, mex)
    amount = sum(card(MEXICANS, c).strength for c in hits)
    return payment_step(open_payment(state, TEXANS, amount, cause))


def _lose_counters(state: AlamoState, points: int) -> AlamoState:
    count = -(-points // COUNTER_MEN)
    left = max(0, state.counters - count)
    state = attrs.evolve(state, counters=left)
    state = log(state, CountersLost(count=count, points=points, left=left))
    if left == 0:
        return end(state, (), FALLEN)
    return state


def payment_step(state: AlamoState) -> AlamoState:
    """Run a payment on until it is done or the Texan has a real choice: a single usable card,
    or usable cards that do not cover the debt, are paid at once; then counters."""
    while True:
        p = state.payment
        assert p is not None
        if p.due <= 0:
            return _after_payment(state)
        usable = solitaire_payable(state)
        if not usable:
            state = _lose_counters(state, p.due)
            if state.phase == OVER:
                return state
            state = attrs.evolve(state, payment=attrs.evolve(p, paid=p.amount))
            continue
        if len(usable) == 1 or sum(pay_value(TEXANS, c) for c in usable) <= p.due:
            for c in usable:
                state = pay_card(state, c, from_deck=False)
            continue
        return attrs.evolve(state, phase=PAY, active=TEXANS)


def _after_payment(state: AlamoState) -> AlamoState:
    state, p = settle(state)
    if p.cause == FOR_ARTILLERY:
        return _payment_stage(state, FOR_MUSKETS)
    return _assault(state)


# --- the assault -------------------------------------------------------------------------------


def _assault(state: AlamoState) -> AlamoState:
    table = state.sides[MEXICANS].table
    if not table:
        return _end_turn(state)
    hand = state.sides[TEXANS].hand
    attack = battle_total(MEXICANS, table)
    defence = battle_total(TEXANS, hand)
    state = attrs.evolve(
        state, battle=Battle(attack=table, attack_total=attack, defence_total=defence)
    )
    if defence >= attack:
        choices = repel_choices(hand, attack)
        if len(choices) == 1:
            return _repel(state, choices[0])
        return attrs.evolve(state, phase=REPEL, active=TEXANS, selection=(), payment=None)
    shortfall = attack - defence
    tex, mex = state.sides
    tex = attrs.evolve(tex, hand=(), discard=tex.discard + hand)
    mex = attrs.evolve(mex, table=(), discard=mex.discard + table)
    battle = attrs.evolve(
        state.battle, defence=hand, resolved=True, winner=MEXICANS, difference=shortfall
    )
    state = attrs.evolve(state, sides=(tex, mex), battle=battle)
    state = log(
        state,
        Breached(attack_total=attack, defence_total=defence, shortfall=shortfall),
        HandLost(seat=TEXANS, cards=hand),
    )
    state = _lose_counters(state, shortfall)
    if state.phase == OVER:
        return state
    return _end_turn(state)


def _repel(state: AlamoState, chosen: tuple[int, ...]) -> AlamoState:
    tex, mex = state.sides
    held = walls(tex.hand)
    used = tuple(c for c in tex.hand if c in set(chosen))
    table = mex.table
    tex = attrs.evolve(tex, hand=without(tex.hand, used), discard=tex.discard + used)
    mex = attrs.evolve(mex, table=(), discard=mex.discard + table)
    battle = state.battle
    assert battle is not None
    total = battle_total(TEXANS, held + used)
    battle = attrs.evolve(
        battle,
        defence=held + used,
        defence_total=total,
        resolved=True,
        winner=TEXANS,
        difference=total - battle.attack_total,
    )
    state = attrs.evolve(state, sides=(tex, mex), battle=battle, selection=())
    state = log(state, Repelled(attack_total=battle.attack_total, defence_total=total, used=used))
    return _end_turn(state)


def _end_turn(state: AlamoState) -> AlamoState:
    if not state.sides[MEXICANS].deck:
        n = state.counters  # the English record: rules.end_reason says it in the language shown
        return end(
            state,
            (TEXANS,),
            f"The Mexican deck is spent with {n} section{'s' if n != 1 else ''} of men left: "
            "Santa Anna loses more men than in history.",
        )
    turn = state.turn + 1
    state = attrs.evolve(state, phase=ROLL, active=TEXANS, turn=turn, selection=(), payment=None)
    return log(state, TurnStarted(turn=turn))


# --- choosing the cards used to repel ----------------------------------------------------------


def addable(state: AlamoState) -> tuple[int, ...]:
    """Any card but the Standing Defence, which counts anyway."""
    hand = state.sides[TEXANS].hand
    return tuple(c for c in hand if c not in state.selection and kind(TEXANS, c) != DEFENCE)


def add_problem(state: AlamoState, c: int) -> str:
    return _("Standing Defence cards count first and stay in your hand.")


def confirm_problem(state: AlamoState) -> str | None:
    """The chosen cards, with the walls, must reach the attack, and each must be needed (why
    not, in the current language; None if they may be confirmed)."""
    battle = state.battle
    assert battle is not None
    hand = state.sides[TEXANS].hand
    if battle_total(TEXANS, walls(hand) + state.selection) < battle.attack_total:
        return _(
            "These cards, with your Standing Defence, do not reach the attack's {total}."
        ).format(total=battle.attack_total)
    if tuple(sorted(state.selection)) not in repel_choices(hand, battle.attack_total):
        return _("Use only the cards you need: the attack is repelled without some of them.")
    return None


def commit(state: AlamoState, seat: Seat) -> AlamoState:
    return _repel(state, state.selection)
