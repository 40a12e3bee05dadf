"""Worlds an Ataque seat cannot tell from the real game: its view with the secrets filled in.

A seat sees the board, every hand's size and the exchanged cards, but not the other players'
objectives and cards, nor the draw pile or the dice. A world deals the objectives still
possible (not the seat's own, one card per player, none that its holder already meets — he
would have won) and the unseen cards (the hands to their sizes, the rest as the draw pile in a
random order), and gives the dice a fresh RNG drawn from the bot's own.
"""

from __future__ import annotations

import random

import attrs

from engine.ataque.board import objective_met
from engine.ataque.data import CARD_COUNT, DESTROY, OBJECTIVES
from engine.ataque.state import AtaqueState
from engine.core import HIDDEN, Seat
from engine.rng import Rng

TRIES = 50  # deals of the objectives before giving up on the "not met already" condition


def possible_objectives(view: AtaqueState, seat: Seat) -> tuple[tuple[int, ...], ...]:
    """For each other seat, the objective cards it may hold: dealt from those in play, not
    ``seat``'s own, and not one it meets already (the game would be over). ``seat``'s entry
    is its own card."""
    n = len(view.players)
    own = view.players[seat].objective
    pool = [
        o
        for o, card in enumerate(OBJECTIVES)
        if o != own and not (card.kind == DESTROY and card.colour >= n)
    ]
    out: list[tuple[int, ...]] = []
    for s, player in enumerate(view.players):
        if s == seat:
            out.append((own,))
            continue
        if not player.alive:
            out.append(tuple(pool))
            continue
        fits = []
        for o in pool:
            dealt = attrs.evolve(player, objective=o)
            players = view.players[:s] + (dealt,) + view.players[s + 1 :]
            if not objective_met(attrs.evolve(view, players=players), s):
                fits.append(o)
        out.append(tuple(fits) or tuple(pool))
    return tuple(out)


def deal_objectives(
    possible: tuple[tuple[int, ...], ...],
    seat: Seat,
    rng: random.Random,
    weights: tuple[tuple[float, ...] | None, ...] | None = None,
) -> tuple[int, ...]:
    """One card per seat, all different, each from its seat's possible ones, in proportion to
    its ``weights`` (uniform without): each seat's card drawn alone, the deal kept if no two
    collide, which is the posterior of independent beliefs given that the cards differ. The
    last try deals one seat after the other, and drops the fit if none was found."""
    n = len(possible)
    others = [s for s in range(n) if s != seat]
    for attempt in range(TRIES):
        chosen = {seat: possible[seat][0]}
        used = {possible[seat][0]}
        ok = True
        for s in others:
            last = attempt == TRIES - 1
            options = [o for o in possible[s] if o not in used] if last else list(possible[s])
            if not options:
                ok = False
                break
            w = weights[s] if weights else None
            if last:
                o = options[0]
            elif w is None:
                o = rng.choice(options)
            else:
                o = rng.choices(options, w)[0]
            if o in used:
                ok = False
                break
            chosen[s] = o
            used.add(o)
        if ok:
            return tuple(chosen[s] for s in range(n))
    pool = sorted({o for p in possible for o in p} - {possible[seat][0]})
    rng.shuffle(pool)
    rest = iter(pool)
    return tuple(possible[seat][0] if s == seat else next(rest) for s in range(n))


def unseen_cards(view: AtaqueState, seat: Seat) -> list[int]:
    """The cards ``seat`` cannot place: neither in its hand nor handed in."""
    known = set(view.players[seat].hand) | set(view.discard)
    return [c for c in range(CARD_COUNT) if c not in known]


def fill(
    view: AtaqueState,
    seat: Seat,
    rng: random.Random,
    possible: tuple[tuple[int, ...], ...] | None = None,
    weights: tuple[tuple[float, ...] | None, ...] | None = None,
) -> AtaqueState:
    """One world consistent with ``view`` (see the module docstring); ``possible`` is
    ``possible_objectives(view, seat)``, passed in when many worlds share it, and
    ``weights`` how likely each of them is (``deal_objectives``)."""
    if possible is None:
        possible = possible_objectives(view, seat)
    objectives = deal_objectives(possible, seat, rng, weights)
    cards = unseen_cards(view, seat)
    rng.shuffle(cards)
    players = []
    at = 0
    for s, player in enumerate(view.players):
        hand = player.hand
        if s != seat:
            hand = tuple(sorted(cards[at : at + len(hand)]))
            at += len(hand)
        players.append(attrs.evolve(player, objective=objectives[s], hand=hand))
    deck = tuple(cards[at:])
    if len(deck) != len(view.deck) or HIDDEN in deck:
        raise ValueError("the view's cards do not add up")
    return attrs.evolve(
        view, players=tuple(players), deck=deck, rng=Rng.from_seed(rng.getrandbits(64))
    )
