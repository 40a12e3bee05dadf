"""Gallic bots: ``(view, seat, rng) -> action``, reading only their own seat's view.

``easy`` exchanges at random. ``strong`` estimates, by sampling its own unseen cards, the
expected battle total after each possible exchange and takes the best one. Both just continue
after a reveal.
"""

from __future__ import annotations

import random
from itertools import combinations

from engine.core import Seat
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import DECK_SIZE, MAX_EXCHANGE
from engine.gallic.scoring import hand_total
from engine.gallic.state import DISCARD, GallicState

# Successive halving: every exchange gets FIRST_SAMPLES deals, the best SHORTLIST get
# FINAL_SAMPLES more. Common random numbers make even the first round's ranking reliable.
FIRST_SAMPLES = 12
SHORTLIST = 12
FINAL_SAMPLES = 150


def easy(view: GallicState, seat: Seat, rng: random.Random) -> Discard | Continue:
    """Careless but legal: exchange 0-4 cards picked at random."""
    if view.phase != DISCARD:
        return Continue()
    hand = sorted(view.sides[seat].hand)
    k = min(rng.randint(0, MAX_EXCHANGE), len(hand))
    return Discard(tuple(sorted(rng.sample(hand, k))))


def strong(view: GallicState, seat: Seat, rng: random.Random) -> Discard | Continue:
    """Pick the exchange with the highest expected battle total.

    The cards this seat has not seen (its 36 ids minus hand and discard pile) are exactly its
    deck, in unknown order. Each sample is one shuffle of that deck shared by all candidate
    exchanges (common random numbers), so differences between candidates are not noise from
    different deals. If the deck is shorter than the exchange, the rest comes from the discard
    pile plus the cards just put down, reshuffled, as the rules do.
    """
    if view.phase != DISCARD:
        return Continue()
    side = view.sides[seat]
    hand = tuple(sorted(side.hand))
    known = set(hand) | set(side.discard) | set(side.exchanged)
    deck = [c for c in range(DECK_SIZE) if c not in known]
    pile = tuple(side.discard) + tuple(side.exchanged)
    candidates = [
        combo for k in range(min(MAX_EXCHANGE, len(hand)) + 1) for combo in combinations(hand, k)
    ]
    kept = [tuple(c for c in hand if c not in combo) for combo in candidates]
    sums = [0] * len(candidates)

    def deal(indices: list[int], samples: int) -> None:
        for _ in range(samples):
            order = deck[:]
            rng.shuffle(order)
            short = len(order) < MAX_EXCHANGE
            keys = {c: rng.random() for c in pile + hand} if short else {}
            for i in indices:
                combo = candidates[i]
                k = len(combo)
                drawn = order[:k]
                if k > len(order):
                    drawn += sorted(pile + combo, key=keys.__getitem__)[: k - len(order)]
                sums[i] += hand_total(seat, kept[i] + tuple(drawn))

    everyone = list(range(len(candidates)))
    deal(everyone, FIRST_SAMPLES)
    everyone.sort(key=lambda i: (-sums[i], len(candidates[i]), i))
    shortlist = everyone[:SHORTLIST]
    deal(shortlist, FINAL_SAMPLES)
    best = min(shortlist, key=lambda i: (-sums[i], len(candidates[i]), i))
    return Discard(candidates[best])
