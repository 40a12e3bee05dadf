"""Words and small facts every part of the Ataque screen shares: chances, counts, owners,
a territory search, and the choice of the fullest wording that fits."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from engine.ataque.data import NEIGHBOURS, TERRITORIES, colour_letter, colour_name
from engine.ataque.odds import attack_dice
from engine.ataque.state import AtaqueState
from engine.i18n import _, number
from engine.words import plural

SEAT_STYLES = ("#f0f0f0", "#a0a0a0", "#ff5f5f", "#5f87ff", "#ffd75f", "#5fd75f")
INDEX = {name: i for i, name in enumerate(TERRITORIES)}
NEIGHBOUR_NAMES = {
    TERRITORIES[t]: frozenset(TERRITORIES[n] for n in NEIGHBOURS[t])
    for t in range(len(TERRITORIES))
}


def percent(chance: float) -> str:
    """A chance as a whole percentage that never claims certainty it does not have."""
    if 0.995 <= chance < 1.0:
        return ">" + _("{percent}%").format(percent=number(99))
    if 0.0 < chance < 0.005:
        return "<" + _("{percent}%").format(percent=number(1))
    return _("{percent}%").format(percent=number(round(chance * 100)))


def armies(n: int) -> str:
    return plural(n, "army", "armies")


def strength(s) -> str:
    """A player's territories, armies and cards, tersely: "12t 30a 2c"."""
    # Translators: t, a and c are the initials of territories, armies and cards.
    return _("{territories}t {armies}a {cards}c").format(
        territories=s.territories, armies=s.armies, cards=s.cards
    )


def owner_label(seat: int) -> str:
    return f"{colour_letter(seat)} {colour_name(seat)}"


def thrown(wanted: int, armies: int) -> int:
    """The dice the next roll throws: the player's choice, as far as the armies allow."""
    return max(1, min(wanted, attack_dice(armies)))


def fit(width: int, *variants: str) -> str:
    """The first (fullest) wording that fits ``width``; the last one otherwise."""
    return next((v for v in variants if len(v) <= width), variants[-1])


def folded(text: str) -> str:
    """Lower case without accents: what a search compares ("sudan" finds Sudán)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def matches(query: str) -> list[str]:
    """The territories a search means, keeping only the best kind of match found: the whole
    name, then a whole word of it, the start of the name, the start of a word, anywhere."""
    wanted = " ".join(folded(query).split())
    if not wanted:
        return []
    ranked: dict[int, list[str]] = {}
    for name in TERRITORIES:
        full = folded(name)
        words = full.split()
        if full == wanted:
            rank = 0
        elif wanted in words:
            rank = 1
        elif full.startswith(wanted):
            rank = 2
        elif any(word.startswith(wanted) for word in words):
            rank = 3
        elif wanted in full:
            rank = 4
        else:
            continue
        ranked.setdefault(rank, []).append(name)
    return ranked[min(ranked)] if ranked else []


@dataclass(frozen=True)
class Turn:
    """What the panel and the prompt draw besides the view: whose eyes, the player's own
    picks (the source, dice, N, the count), and the room. The screen holds the picks."""

    view: AtaqueState
    me: int
    my_turn: bool
    names: tuple[str, ...]  # each seat's name as typed
    active_name: str  # the player to move, as the status line names him
    cursor: int  # the territory under the map's cursor
    source: int | None  # attack / regroup: the territory armies leave from
    dice: int  # the most dice the player wants to throw
    stop_at: int  # "attack until taken or down to N"
    count: int  # the armies that would move (move in, regroup)
    most: int  # the most that may move now (0: nothing is moving)
    placeable: int  # the armies you may place under the cursor (0 unless yours, now)
    secrets: bool  # the objective and cards are shown (a human's, or a replay revealed)
    wide: bool
    width: int  # room on one line of the panel
