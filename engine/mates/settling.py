"""Settling a piece attack once every duel is decided ("se pagan todas las cartas").

House rules (the sheet only says that all cards are paid): the loser of a duel gives the
winner every card he has on the table for that duel; an attacker who loses several duels
gives his card to the first winner in turn order and the top card of his pile to each further
winner; a mated player pays 3 cards from his pile on top of that. Cards paid from piles are
taken before the won cards go face down to the bottom of the winners' piles.
"""

from __future__ import annotations

from engine.core import Seat
from engine.mates.data import MATE_PENALTY
from engine.mates.rounds import end_round
from engine.mates.state import (
    BY_MATE,
    MAIN_CARD,
    MATE_FINE,
    STAKE,
    TOP_CARD,
    CardsPaid,
    MatesState,
)
from engine.mates.table import logged, set_pile, take


def settle(state: MatesState) -> MatesState:
    """Pay every duel of the round, then end the round."""
    r = state.round
    assert r is not None
    attacker = r.attacker
    gains: dict[Seat, tuple[int, ...]] = {}

    def gain(seat: Seat, cards: tuple[int, ...]) -> None:
        gains[seat] = gains.get(seat, ()) + cards

    def pay(state: MatesState, payer: Seat, payee: Seat, count: int, why: str) -> MatesState:
        taken, state = take(state, payer, count)
        gain(payee, taken)
        if taken:
            state = logged(state, CardsPaid(payer=payer, payee=payee, count=len(taken), why=why))
        return state

    card_given = False
    lost = False
    for duel in r.duels:
        d = duel.defender
        if duel.winner == attacker:
            gain(attacker, duel.attack.cards + duel.defence.cards)
            state = logged(
                state, CardsPaid(payer=d, payee=attacker, count=len(duel.defence.cards), why=STAKE)
            )
            if duel.how == BY_MATE:
                state = pay(state, d, attacker, MATE_PENALTY, MATE_FINE)
        elif duel.winner == d:
            lost = True
            gain(d, duel.defence.cards + duel.attack.cards)
            if duel.attack.cards:
                state = logged(
                    state,
                    CardsPaid(payer=attacker, payee=d, count=len(duel.attack.cards), why=STAKE),
                )
            if not card_given:
                card_given = True
                gain(d, (r.card,))
                state = logged(state, CardsPaid(payer=attacker, payee=d, count=1, why=MAIN_CARD))
            else:
                state = pay(state, attacker, d, 1, TOP_CARD)
            if duel.how == BY_MATE:
                state = pay(state, attacker, d, MATE_PENALTY, MATE_FINE)
        else:  # drawn: each takes his own cards back
            gain(d, duel.defence.cards)
            gain(attacker, duel.attack.cards)
    if not card_given:
        gain(attacker, (r.card,))
    for seat in sorted(gains):
        state = set_pile(state, seat, state.piles[seat] + gains[seat])
    return end_round(state, attacker_lost=lost)
