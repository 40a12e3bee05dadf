"""How the two-player siege stands, as the Texan's chance to win: the expert's static
evaluation, read where a turn's attack is about to be chosen.

The game is a race of decks. The Mexican loses when he must draw from an empty deck, so his
deck is his clock: ``md`` more turns. The Texan puts every card above 7 back into his deck, so
he only dies when he has lost enough cards that his deck runs dry: with ``td`` in the deck and
``th`` in hand he can lose ``td + th - 8`` more and still draw forever. The Mexican must force
those losses before his own clock runs out; the hands say how fast he can (his best attack,
the Texan's best defence, what each hand is worth when paying).

The weights are a logistic regression of the final result on these features, one set for each
side the expert plays, fitted on 400 of its games as that side against ``strong``. They read
the opponent through the way ``strong`` plays, which is the opponent the playouts assume too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.alamo.ai import best_defence
from engine.alamo.data import (
    ARTILLERY,
    DECKS,
    DEFENCE,
    EQUIPMENT,
    LEADER,
    MEXICANS,
    RESERVE,
    RIFLES,
    TACTIC,
    TEXANS,
    TROOP,
)
from engine.alamo.state import OVER, AlamoState
from engine.alamo.tally import battle_total, pay_value
from engine.core import Seat

# Weights of (1, slack/√, md/√, 1/√, slack, md, defence, attack, th, mh, tex pay, mex pay,
# defence/√, attack/√), with √ = √(md + 1) and hand totals in hundreds, by the side the expert
# plays.
WEIGHTS = {
    TEXANS: (
        1.1963,
        0.9054,
        -0.8417,
        2.1202,
        0.0245,
        0.0,
        0.3751,
        -0.1914,
        -0.3616,
        -0.071,
        0.7904,
        -0.1399,
        2.1808,
        -2.5005,
    ),
    MEXICANS: (
        -0.8738,
        0.1437,
        -0.4044,
        -0.0082,
        0.0907,
        -0.0668,
        0.2127,
        0.4871,
        -0.1525,
        0.009,
        0.365,
        -0.964,
        3.171,
        -2.6646,
    ),
}

_MEX = DECKS[MEXICANS]
_TEX = DECKS[TEXANS]


def best_attack(hand: Sequence[int]) -> int:
    """The highest legal Mexican attack total from ``hand`` (0 if he cannot attack): every
    column troop, the two best Reserve troops, the best Equipment and Artillery card, one
    Leader, and the Brecha (or the Cerco)."""
    leaders = [c for c in hand if _MEX[c].kind == LEADER]
    troops = [c for c in hand if _MEX[c].kind == TROOP and _MEX[c].column != RESERVE]
    reserve = sorted(
        (_MEX[c].strength for c in hand if _MEX[c].kind == TROOP and _MEX[c].column == RESERVE),
        reverse=True,
    )[:2]
    equipment = max((_MEX[c].strength for c in hand if _MEX[c].kind == EQUIPMENT), default=0)
    artillery = max((_MEX[c].strength for c in hand if _MEX[c].kind == ARTILLERY), default=0)
    brecha = any(_MEX[c].double for c in hand)
    cerco = any(_MEX[c].kind == TACTIC and not _MEX[c].double for c in hand)
    base = sum(_MEX[c].strength for c in troops) + sum(reserve) + equipment + artillery
    best = 0
    for leader in [None, *leaders]:
        if leader is None and not reserve:
            continue
        total = base
        if leader is not None:
            column = _MEX[leader].column
            total += _MEX[leader].strength
            total += 10 * sum(1 for c in troops if _MEX[c].column == column)
            if column == RESERVE:
                total += 10 * len(reserve)
        if brecha:
            total *= 2
        elif cerco:
            total += 30
        best = max(best, total)
    return best


def texan_odds(state: AlamoState, judge: Seat) -> float:
    """The Texan's chance to win from a full two-player state (both hands known), as the
    expert playing ``judge`` reckons it."""
    if state.phase == OVER:
        if not state.winners:
            return 0.5
        return 1.0 if state.winners == (TEXANS,) else 0.0
    tex, mex = state.sides
    td, th, md, mh = len(tex.deck), len(tex.hand), len(mex.deck), len(mex.hand)
    root = math.sqrt(md + 1)
    slack = td + th - 8
    defence = best_defence(tex.hand) / 100
    attack = best_attack(mex.hand) / 100
    features = (
        1.0,
        slack / root,
        md / root,
        1 / root,
        slack,
        md,
        defence,
        attack,
        th,
        mh,
        sum(pay_value(TEXANS, c) for c in tex.hand) / 100,
        sum(pay_value(MEXICANS, c) for c in mex.hand) / 100,
        defence / root,
        attack / root,
    )
    z = sum(w * f for w, f in zip(WEIGHTS[judge], features, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


# The solitaire, read at the roll of a turn: the Texan's chance to win from his sections of
# men ``c``, the Mexican cards still to come ``m``, his hand and what is left of his deck.
# Weights of (1, c/√, m/√, 1/√, c, m, the hand's features, the same /√, the deck's mean strength
# in hundreds, its size in sixties), √ = √(m + 1); the hand's features are its size, its whole
# total in hundreds, its Standing Defence cards and their total in hundreds, its Artillery,
# its Rifles and Trabucos, and its Fuego Tejano.
SOLITAIRE_WEIGHTS = (
    -8.3351,
    0.7114,
    1.0164,
    18.504,
    0.0692,
    -0.0258,
    0.0164,
    -0.3342,
    0.0917,
    0.5762,
    -0.373,
    0.0363,
    -0.3048,
    -0.8892,
    3.9395,
    -1.9685,
    4.2382,
    2.4968,
    -0.1353,
    1.6618,
    6.0429,
    -4.5905,
)


def solitaire_odds(state: AlamoState) -> float:
    """The solitaire Texan's chance to win from a full state (read at the roll)."""
    if state.phase == OVER:
        return 1.0 if state.winners == (TEXANS,) else 0.0
    tex, mex = state.sides
    hand, deck = tex.hand, tex.deck
    c, m = state.counters, len(mex.deck)
    root = math.sqrt(m + 1)
    hand_features = (
        len(hand),
        battle_total(TEXANS, hand) / 100,
        sum(1 for x in hand if _TEX[x].kind == DEFENCE),
        sum(_TEX[x].strength for x in hand if _TEX[x].kind == DEFENCE) / 100,
        sum(1 for x in hand if _TEX[x].kind == ARTILLERY),
        sum(1 for x in hand if _TEX[x].name in RIFLES),
        sum(1 for x in hand if _TEX[x].double),
    )
    features = (
        (1.0, c / root, m / root, 1 / root, c, m)
        + hand_features
        + tuple(f / root for f in hand_features)
        + (sum(_TEX[x].strength for x in deck) / max(1, len(deck)) / 100, len(deck) / 60)
    )
    z = sum(w * f for w, f in zip(SOLITAIRE_WEIGHTS, features, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
