"""Payments in both El Álamo games: opening a debt, paying it one card at a time, and settling
it once it is covered.

Whole cards only, so a payment may overpay, but never with a card it did not need (house
rule): paying card by card can leave one behind that turned out not to be needed (Empalizada
10, Trincheras 10, then Pared 20 for a debt of 30), so ``settle`` gives back every card without
which the debt is still covered, the most valuable first. What runs a payment on (the steps
that need no choice) and what follows it belong to each game's flow, ``siege`` and
``solitaire``.
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.alamo.actions import PayTopOfDeck, PayWith
from engine.alamo.common import log, with_side, without
from engine.alamo.data import DEFENCE, TEXANS
from engine.alamo.state import (
    FOR_ARTILLERY,
    FOR_BOMBARDMENT,
    FOR_MUSKETS,
    PAY,
    SOLITAIRE,
    AlamoState,
    Paid,
    Payment,
    PaymentDue,
    TakenBack,
)
from engine.alamo.tally import cheapest_cover, kind, pay_value, walls
from engine.core import Seat


def open_payment(state: AlamoState, payer: Seat, amount: int, cause: str) -> AlamoState:
    """``payer`` now owes ``amount`` for ``cause``; nothing is paid yet."""
    state = log(state, PaymentDue(payer=payer, amount=amount, cause=cause))
    payment = Payment(payer=payer, amount=amount, cause=cause)
    return attrs.evolve(state, payment=payment, active=payer, selection=())


def pay_card(state: AlamoState, c: int, from_deck: bool) -> AlamoState:
    """Pay with ``c``, from the hand or the top of the deck; a deck card paying a bombardment
    pays it in full, whatever its worth."""
    p = state.payment
    assert p is not None
    seat = p.payer
    side = state.sides[seat]
    if from_deck:
        side = attrs.evolve(side, deck=side.deck[1:], discard=side.discard + (c,))
    else:
        side = attrs.evolve(side, hand=without(side.hand, (c,)), discard=side.discard + (c,))
    value = pay_value(seat, c)
    paid = p.amount if (from_deck and p.cause == FOR_BOMBARDMENT) else p.paid + value
    p = attrs.evolve(
        p,
        paid=paid,
        cards=p.cards + (c,),
        from_deck=p.from_deck + ((c,) if from_deck else ()),
    )
    state = attrs.evolve(with_side(state, seat, side), payment=p)
    return log(state, Paid(seat=seat, card=c, value=value, from_deck=from_deck))


def _worth(p: Payment, c: int) -> int:
    """What ``c`` counts for in this payment."""
    if p.cause == FOR_BOMBARDMENT and c in p.from_deck:
        return p.amount
    return pay_value(p.payer, c)


def _may_go_back(state: AlamoState, p: Payment, c: int, kept: list[int]) -> bool:
    """The solitaire's artillery takes Standing Defence first: a wall stays paid as long as any
    other card does (the seed's example: a 20 wall and a 30 troop for 30 both go)."""
    if state.mode != SOLITAIRE or p.cause != FOR_ARTILLERY or kind(TEXANS, c) != DEFENCE:
        return True
    return all(kind(TEXANS, x) == DEFENCE for x in kept if x != c)


def settle(state: AlamoState) -> tuple[AlamoState, Payment]:
    """Close the payment: every paid card without which the debt is still covered goes back,
    the most valuable first (between equals, the one paid first) — to the hand, or on top of
    the deck it came from. Returns the state without a payment, and the payment as settled.

    A payment that fell short (the payer ran out of cards) gives nothing back.
    """
    p = state.payment
    assert p is not None
    kept = list(p.cards)
    paid = p.paid
    back: list[int] = []
    while True:
        spare = [
            c for c in kept if paid - _worth(p, c) >= p.amount and _may_go_back(state, p, c, kept)
        ]
        if not spare:
            break
        c = max(spare, key=lambda x: (_worth(p, x), -kept.index(x)))
        kept.remove(c)
        paid -= _worth(p, c)
        back.append(c)
    settled = attrs.evolve(p, paid=paid, cards=tuple(kept), from_deck=without(p.from_deck, back))
    state = attrs.evolve(state, payment=None)
    if not back:
        return state, settled
    seat = p.payer
    side = state.sides[seat]
    to_deck = tuple(c for c in p.from_deck if c in back)  # in the order they were drawn
    to_hand = tuple(c for c in back if c not in p.from_deck)
    side = attrs.evolve(
        side,
        hand=side.hand + to_hand,
        deck=to_deck + side.deck,
        discard=without(side.discard, back),
    )
    state = log(
        with_side(state, seat, side),
        *(
            TakenBack(seat=seat, card=c, value=pay_value(seat, c), to_deck=c in p.from_deck)
            for c in back
        ),
    )
    return state, settled


def solitaire_payable(state: AlamoState) -> tuple[int, ...]:
    """The hand cards a solitaire payment may use next (Standing Defence first for artillery,
    never Standing Defence for muskets)."""
    hand = state.sides[TEXANS].hand
    if state.payment is not None and state.payment.cause == FOR_MUSKETS:
        return tuple(c for c in hand if kind(TEXANS, c) != DEFENCE)
    return walls(hand) or hand


def pay_options(state: AlamoState) -> tuple[Any, ...]:
    """The payer's legal next steps. Two-player: any hand card or the top of the deck, except
    that a bombardment is paid one way only — the top of the deck, or hand cards that cover
    it (so a hand that cannot cover it leaves only the deck)."""
    p = state.payment
    assert p is not None
    side = state.sides[p.payer]
    if state.mode == SOLITAIRE:
        return tuple(PayWith(c) for c in solitaire_payable(state))
    top: tuple[Any, ...] = (PayTopOfDeck(),) if side.deck else ()
    if p.cause == FOR_BOMBARDMENT:
        if p.cards:  # paying from the hand already
            return tuple(PayWith(c) for c in side.hand)
        if sum(pay_value(p.payer, c) for c in side.hand) < p.due:
            return top
    return tuple(PayWith(c) for c in side.hand) + top


def auto_payment(state: AlamoState) -> PayWith | PayTopOfDeck | None:
    """The next step of the cheapest legal payment for the payer (the screen's "auto").

    From the hand, the cards of least combined value that cover what is still due; the top of
    the deck only when the hand cannot cover it (or a bombardment already paid from the deck).
    None when no payment is being asked for.
    """
    p = state.payment
    if state.phase != PAY or p is None:
        return None
    side = state.sides[p.payer]
    if state.mode == SOLITAIRE:
        usable = solitaire_payable(state)
        cover = cheapest_cover(TEXANS, usable, p.due)
        return PayWith(cover[0] if cover else min(usable))
    cover = cheapest_cover(p.payer, side.hand, p.due)
    if cover:
        return PayWith(cover[0])
    if side.deck:
        return PayTopOfDeck()
    return PayWith(side.hand[0])
