"""El Álamo's panel: the simple plans newcomers and stubborn players use, that every level is
measured against (``bench/strength.py --against panel:NAME``).

Each plan has one idea for one side and plays ``strong`` for everything else (the other side,
bombardments, payments, trimming the hand, the survivors kept, the solitaire):

- ``defend-all`` (Texan): the newcomer who throws everything at every attack: he defends with
  as many cards as the limits allow (the strongest such defence).
- ``never-defend`` (Texan): the hoarder who saves his cards "for the walls" and lets every
  attack through, paying the difference instead.
- ``attack-most`` (Mexican): the assault-every-turn general: whenever he can, he attacks with
  as many cards as the limits allow (the strongest such attack).
- ``attack-least`` (Mexican): the skirmisher who attacks whenever allowed with the fewest
  cards (the strongest of those).
- ``wait-biggest`` (Mexican): the patient general who declines until his hand is full (7 cards
  or more), then attacks with his strongest attack.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.alamo.ai import legal_battle_hands, most_cards, strong, towards
from engine.alamo.data import HAND_LIMIT, MEXICANS, TEXANS
from engine.alamo.state import ATTACK, DEFEND, TWO_PLAYER, AlamoState
from engine.core import Seat

Hand = tuple[int, ...]
Chooser = Callable[[AlamoState], Hand | None]


def _strongest(seat: Seat, hand: Hand) -> Hand | None:
    options = legal_battle_hands(seat, hand)
    if not options:
        return None
    return max(options, key=lambda o: (o[1], -len(o[0]), o[0]))[0]


def _plan(side: Seat, phase: str, choose: Chooser):
    """A bot that builds ``choose(view)`` in ``phase`` as ``side`` and plays strong otherwise."""

    def bot(view: AlamoState, seat: Seat, rng: random.Random) -> Any:
        if view.mode == TWO_PLAYER and seat == side and view.phase == phase:
            return towards(view, choose(view))
        return strong(view, seat, rng)

    return bot


def _defend_all(view: AlamoState) -> Hand:
    return most_cards(TEXANS, view.sides[TEXANS].hand) or ()


def _never_defend(view: AlamoState) -> Hand:
    return ()


def _attack_most(view: AlamoState) -> Hand | None:
    return most_cards(MEXICANS, view.sides[MEXICANS].hand)


def _attack_least(view: AlamoState) -> Hand | None:
    options = legal_battle_hands(MEXICANS, view.sides[MEXICANS].hand)
    if not options:
        return None
    return min(options, key=lambda o: (len(o[0]), -o[1], o[0]))[0]


def _wait_biggest(view: AlamoState) -> Hand | None:
    hand = view.sides[MEXICANS].hand
    return _strongest(MEXICANS, hand) if len(hand) >= HAND_LIMIT else None


PANEL = {
    "defend-all": _plan(TEXANS, DEFEND, _defend_all),
    "never-defend": _plan(TEXANS, DEFEND, _never_defend),
    "attack-most": _plan(MEXICANS, ATTACK, _attack_most),
    "attack-least": _plan(MEXICANS, ATTACK, _attack_least),
    "wait-biggest": _plan(MEXICANS, ATTACK, _wait_biggest),
}
