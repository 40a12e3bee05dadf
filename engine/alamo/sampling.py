"""Full El Álamo states consistent with one seat's view: the worlds the expert searches.

A seat sees its own hand, both discard piles, the cards on the table and the public log. The
cards it has not seen (the other hand, both decks, the solitaire's face-down attack) are dealt
at random from those still unaccounted for — except the few the log pins down: a paid card
taken back to the top of a deck is known to lie there until it is drawn, and then known to be
in that hand until it is played, paid, discarded or possibly returned to the deck. The RNG of
the world is fresh, seeded from the bot's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from engine.alamo.data import DECK_SIZE, MEXICANS, TEXANS
from engine.alamo.state import (
    SOLITAIRE,
    AlamoState,
    Attacked,
    DeckRebuilt,
    Defended,
    Discarded,
    Drew,
    Fired,
    HandLost,
    Paid,
    PaymentDue,
    Repelled,
    Returned,
    Shuffled,
    Side,
    TakenBack,
)
from engine.core import HIDDEN, Seat
from engine.rng import Rng


@attrs.define
class _Known:
    """What the log tells about one side's hidden cards: the top of its deck, in order, and
    cards known to be in its hand."""

    top: list[int] = attrs.Factory(list)
    hand: set[int] = attrs.Factory(set)
    drawn_for_debt: list[int] = attrs.Factory(list)  # deck cards paid in the open payment
    returned: list[int] = attrs.Factory(list)  # taken back to the deck in this settlement


def _track(view: AlamoState) -> tuple[_Known, _Known]:
    """Follow the visible log to find the hidden cards whose place is known."""
    known = (_Known(), _Known())
    for e in view.log:
        if isinstance(e, TakenBack):  # one settlement's events come together
            if e.to_deck:
                known[e.seat].returned.append(e.card)
            else:
                known[e.seat].hand.add(e.card)
            continue
        for k in known:  # a settlement's cards go back on top in the order they were drawn
            if k.returned:
                k.top = [c for c in k.drawn_for_debt if c in k.returned] + k.top
                k.returned = []
        if isinstance(e, Drew):
            k = known[e.seat]
            k.hand.update(k.top[: e.count])
            k.top = k.top[e.count :]
        elif isinstance(e, PaymentDue):
            known[e.payer].drawn_for_debt = []
        elif isinstance(e, Paid):
            k = known[e.seat]
            if e.from_deck:
                k.drawn_for_debt.append(e.card)
                k.top = k.top[1:] if k.top[:1] == [e.card] else []
            k.hand.discard(e.card)
        elif isinstance(e, (Shuffled, DeckRebuilt)):
            known[e.seat].top = []
        elif isinstance(e, Returned):
            known[e.seat].hand.clear()  # which card went back is not always shown
        elif isinstance(e, (Discarded, Fired)):
            known[e.seat].hand.discard(e.card)
        elif isinstance(e, Attacked):
            known[MEXICANS].hand.difference_update(e.cards)
        elif isinstance(e, Defended):
            known[TEXANS].hand.difference_update(e.cards)
        elif isinstance(e, Repelled):
            known[TEXANS].hand.difference_update(e.used)
        elif isinstance(e, HandLost):
            known[e.seat].hand.clear()
    for k in known:
        if k.returned:
            k.top = [c for c in k.drawn_for_debt if c in k.returned] + k.top
    return known


def known_cards(view: AlamoState) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per side, the known top of the deck and the cards known to be in hand."""
    return tuple((tuple(k.top), tuple(sorted(k.hand))) for k in _track(view))


def _deal(side: Side, mine: bool, known: _Known, rnd: random.Random, hidden_table: bool) -> Side:
    """One side with its hidden cards dealt: the hand (unless it is the viewer's), the
    face-down table (solitaire) and the deck, known cards in their known places. (A rigged
    position that does not hold all 60 cards deals only as many as it needs.)"""
    seen = set(side.discard)
    if mine:
        seen.update(side.hand)
    if not hidden_table:
        seen.update(side.table)
    pool = [c for c in range(DECK_SIZE) if c not in seen]
    top = [c for c in known.top if c in pool]
    in_hand = [] if mine else [c for c in sorted(known.hand) if c in pool and c not in top]
    if len(top) > len(side.deck) or len(in_hand) > len(side.hand):  # should not happen
        top, in_hand = [], []
    rest = [c for c in pool if c not in top and c not in in_hand]
    rnd.shuffle(rest)
    hand = side.hand
    if not mine:
        need = len(side.hand) - len(in_hand)
        dealt = in_hand + rest[:need]
        rest = rest[need:]
        rnd.shuffle(dealt)
        hand = tuple(dealt)
    table = side.table
    if hidden_table:
        table, rest = tuple(rest[: len(side.table)]), rest[len(side.table) :]
    deck = tuple(top + rest[: len(side.deck) - len(top)])
    assert len(deck) == len(side.deck), "the unseen cards do not fill the deck"
    return Side(deck=deck, hand=hand, discard=side.discard, table=table)


def determinize(view: AlamoState, seat: Seat, rng: random.Random) -> AlamoState:
    """A full state consistent with ``seat``'s view: unseen cards dealt at random from those
    the seat has not seen (known ones where the log puts them), a fresh RNG from ``rng``."""
    return sampler(view, seat)(rng)


def sampler(view: AlamoState, seat: Seat) -> Callable[[random.Random], AlamoState]:
    """``determinize`` for many worlds of one view: the log is read once."""
    known = _track(view)

    def world(rng: random.Random) -> AlamoState:
        sides = []
        for s, side in enumerate(view.sides):
            hidden_table = view.mode == SOLITAIRE and s == MEXICANS and HIDDEN in side.table
            sides.append(_deal(side, s == seat, known[s], rng, hidden_table))
        return attrs.evolve(
            view,
            sides=(sides[0], sides[1]),
            rng=Rng.from_seed(rng.getrandbits(64)),
        )

    return world
