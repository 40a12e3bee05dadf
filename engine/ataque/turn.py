"""What the Ataque bots read of the turn under way: its events, the placement in progress and
the armies already placed, and distances on the map. Every bot decides one step at a time from
its view, so whatever it planned is rebuilt from these."""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.ataque.actions import Exchange, Place
from engine.ataque.board import (
    placeable,
)
from engine.ataque.data import (
    CONTINENT_OF,
    CONTINENTS,
    NEIGHBOURS,
    TERRITORY_COUNT,
    sets_in,
)
from engine.ataque.state import (
    AtaqueState,
    Battle,
    Placed,
    Reinforced,
    TurnStarted,
)
from engine.core import Seat

CONTINENT_SIZE = tuple(len(c.territories) for c in CONTINENTS)

CONTINENT_SIZE = tuple(len(c.territories) for c in CONTINENTS)


def _distances() -> tuple[tuple[int, ...], ...]:
    out = []
    for start in range(TERRITORY_COUNT):
        dist = [-1] * TERRITORY_COUNT
        dist[start] = 0
        queue = deque([start])
        while queue:
            t = queue.popleft()
            for n in NEIGHBOURS[t]:
                if dist[n] < 0:
                    dist[n] = dist[t] + 1
                    queue.append(n)
        out.append(tuple(dist))
    return tuple(out)


DIST = _distances()  # DIST[a][b]: borders crossed from a to b
CROSS_BORDER = tuple(
    any(CONTINENT_OF[n] != CONTINENT_OF[t] for n in NEIGHBOURS[t]) for t in range(TERRITORY_COUNT)
)


def turn_events(view: AtaqueState) -> list[Any]:
    """The events of the current turn (after its ``TurnStarted``), oldest first."""
    out = []
    for event in reversed(view.log):
        if isinstance(event, TurnStarted):
            break
        out.append(event)
    out.reverse()
    return out


def first_set(view: AtaqueState, seat: Seat) -> Exchange:
    return Exchange(sets_in(view.players[seat].hand)[0])


def any_placeable(view: AtaqueState) -> Place:
    for t in range(TERRITORY_COUNT):
        n = placeable(view, t)
        if n:
            return Place(t, n)
    raise ValueError("nothing to place")


def placement_events(view: AtaqueState) -> tuple[list[Any], bool]:
    """The events of the placement under way, and whether it comes in the middle of the turn:
    armies are placed at the start of a turn, before any battle, or after the battles, when
    an eliminated player's cards took the hand above 5 and were exchanged at once."""
    events = turn_events(view)
    battles = [i for i, e in enumerate(events) if isinstance(e, Battle)]
    if not battles:
        return events, False
    return events[battles[-1] + 1 :], True


def placed_this_turn(view: AtaqueState) -> list[int]:
    placed = [0] * TERRITORY_COUNT
    for e in placement_events(view)[0]:
        if isinstance(e, Placed):
            placed[e.territory] += e.count
    return placed


def follow_plan(view: AtaqueState, plan: list[int]) -> Place:
    """The next Place of a whole-turn plan (armies per territory), minus what is placed."""
    placed = placed_this_turn(view)
    for t in range(TERRITORY_COUNT):
        want = plan[t] - placed[t]
        if want > 0:
            room = placeable(view, t)
            if room:
                return Place(t, min(want, room))
    return any_placeable(view)


def placement_pools(view: AtaqueState, seat: Seat) -> tuple[int, tuple[int, ...], list[int]]:
    """(general armies, bonus continents, armies before placing) of the placement under
    way. Continent bonuses come only with the turn's reinforcements, never mid-turn."""
    events, mid_turn = placement_events(view)
    placed = placed_this_turn(view)
    conts: tuple[int, ...] = ()
    if not mid_turn:
        reinforced = [e for e in events if isinstance(e, Reinforced) and e.seat == seat]
        conts = reinforced[-1].continents if reinforced else ()
    total = view.to_place + sum(view.bonus_left) + sum(placed)
    general = total - sum(CONTINENTS[c].bonus for c in conts)
    before = [a - p for a, p in zip(view.armies, placed, strict=True)]
    return general, conts, before
