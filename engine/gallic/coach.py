"""La Guerra Gallica's coach: the expert's exchange, said in expected battle totals.

The expert weighs a shortlist of exchanges by the seat's chance in the war (``decision``);
the coach reads that search and says its move in the numbers a player counts by: the total of
the hand kept now, and the total an exchange is expected to bring, averaged exactly over
every draw the seat's unseen deck allows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import attrs

from engine import search
from engine.coach import Choice, Hint, Judgement, fitting, percent, ranked_choices
from engine.core import Seat
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import ROME, card
from engine.gallic.expert import Valuer, decision, even_odds, unseen_deck
from engine.gallic.scoring import hand_total
from engine.gallic.state import DISCARD, GallicState
from engine.i18n import _
from engine.words import listing, plural

Move = Discard | Continue


def hint(view: GallicState, seat: Seat, rng: random.Random) -> Hint:
    """The expert's exchange, the next two it weighed, and why in expected totals."""
    with search.watched() as found:
        move, value = decision(view, seat, rng)
    if value is None or not found:
        return Hint(seat, Choice(move, move_text(seat, move)), why=_obvious(view, seat))
    choices = ranked_choices(found[0], _same, lambda a: move_text(seat, a))
    best = next(c for c in choices if c.action == _same(move))
    worlds = next(s.worlds for s in found[0] if _same(s.candidate) == best.action)
    # The exchanges dropped early were scored on fewer worlds: measured on the best's own,
    # the values shown compare.
    others = sorted(
        (
            attrs.evolve(c, value=_mean(value, c.action, worlds))
            for c in choices[:3]
            if c is not best
        ),
        key=lambda c: -(c.value or 0.0),
    )[:2]
    return Hint(seat, best, tuple(others), _why(view, seat, best, others))


def judge(view: GallicState, seat: Seat, played: Move, rng: random.Random) -> Judgement:
    """What ``played`` was worth in the war against the expert's exchange, on its worlds."""
    with search.watched() as found:
        move, value = decision(view, seat, rng)
    best, played = _same(move), _same(played)
    if value is None or not found:
        chance = _war_chance(view, seat)
        return Judgement(chance, 0.0, _text(seat, played), _text(seat, best), played == best)
    worlds = next(s.worlds for s in found[0] if _same(s.candidate) == best)
    chance = _mean(value, best, worlds)
    cost = 0.0 if played == best else max(0.0, chance - _mean(value, played, worlds))
    return Judgement(chance, cost, _text(seat, played), _text(seat, best), played == best)


def move_text(seat: Seat, move: Move) -> str:
    """A move in words: "exchange Galli and Tribù", "keep your hand", "continue"."""
    return _text(seat, _same(move))


def expected_total(view: GallicState, seat: Seat, out: Sequence[int]) -> float:
    """The hand's total after exchanging ``out``, averaged over every draw the seat's unseen
    deck allows (drawn out, the deck is rebuilt from the pile, with ``out`` on it)."""
    side = view.sides[seat]
    kept = [c for c in side.hand if c not in out]
    deck = unseen_deck(side)
    if len(out) <= len(deck):
        draws = combinations(deck, len(out))
    else:
        pile = (*side.discard, *side.exchanged, *out)
        draws = ((*deck, *rest) for rest in combinations(pile, len(out) - len(deck)))
    totals = [hand_total(seat, kept + list(drawn)) for drawn in draws]
    return sum(totals) / len(totals)


def _same(move: Move) -> Move:
    """One spelling per exchange: its cards in id order."""
    return Discard(tuple(sorted(move.cards))) if isinstance(move, Discard) else move


def _text(seat: Seat, move: Move, names: bool = True) -> str:
    if isinstance(move, Continue):
        return _("continue to the next battle")
    if not move.cards:
        return _("keep your hand")
    if not names:
        return _("exchange {cards}").format(cards=plural(len(move.cards), "card", "cards"))
    cards = listing(card(seat, c).name for c in move.cards)
    return _("exchange {cards}").format(cards=cards)


def _why(view: GallicState, seat: Seat, best: Choice, others: Sequence[Choice]) -> str:
    """One line in totals: what the hand holds now, what the exchange is expected to bring
    (for keeping: what the best exchange weighed would bring), and the war when the totals
    alone do not explain the move."""
    now = hand_total(seat, view.sides[seat].hand)
    chance = percent(best.value or 0.0)
    if best.action.cards:
        then = round(expected_total(view, seat, best.action.cards))
        if then > now:
            line = _("{move}: your expected total rises from {now} to {then}")
        else:
            line = _("{move}: {chance} to win the war; expected total {now} → {then}")
        return fitting(
            line.format(move=_text(seat, best.action, names), now=now, then=then, chance=chance)
            for names in (True, False)
        )
    swaps = [c.action for c in others if c.action.cards]
    if not swaps:
        return _("keep your hand: no exchange is expected to beat its {now}").format(now=now)
    then = round(expected_total(view, seat, swaps[0].cards))
    if now >= then:
        line = _("keep your hand: {now} now, against {then} expected from the best exchange")
    else:
        line = _("keep your hand: {chance} to win the war (best exchange: {then}, now {now})")
    return line.format(now=now, then=then, chance=chance)


def _obvious(view: GallicState, seat: Seat) -> str:
    if view.phase != DISCARD:
        return _("the hands are revealed: nothing to choose until the next battle")
    return _("nothing to weigh: this is the only move")


def _mean(value: Valuer, move: Discard, worlds: int) -> float:
    return sum(value(move, w) for w in range(worlds)) / worlds


def _war_chance(view: GallicState, seat: Seat) -> float:
    """The seat's chance in the war from the battles fought, the rest taken as even."""
    rome = even_odds(
        tuple(b.winner for b in view.battles), view.battles_to_play, view.streak_to_win
    )
    return rome if seat == ROME else 1.0 - rome
