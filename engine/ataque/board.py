"""Pure questions about an Ataque position, shared by the rules, the bots and the screen.

Everything here reads a state (or a seat's view of it) and changes nothing: who holds what,
what a turn would receive, what may be placed or moved, whether an objective is met and how
far it is ("Asia 9/12, América del Sur 4/4"), the rows of the screen's tables, the odds and
next throw of "attack until conquered or down to N", and the objectives report shown when the
game is over. The rules import it; so do the bots, which never import the rules' internals.
"""

from __future__ import annotations

import attrs

from engine.ataque.actions import Attack
from engine.ataque.data import (
    ADJACENT,
    CONTINENT_OF,
    CONTINENTS,
    DESTROY,
    FALLBACK,
    MAX_DICE,
    MIN_REINFORCEMENT,
    NEIGHBOURS,
    OBJECTIVES,
    OCCUPY,
    OCCUPY_TWO,
    TERRITORIES,
    TERRITORY_COUNT,
    colour_name,
    objective_text,
)
from engine.ataque.odds import attack_dice, conquest_chance
from engine.ataque.state import ATTACK, EXCHANGE, PLACE, REGROUP, AtaqueState
from engine.core import HIDDEN, Seat
from engine.i18n import _, ngettext, number
from engine.words import plural


def seat_count(state: AtaqueState) -> int:
    return len(state.players)


def territories_of(state: AtaqueState, seat: Seat) -> tuple[int, ...]:
    return tuple(t for t, o in enumerate(state.owner) if o == seat)


def owns_continent(state: AtaqueState, seat: Seat, continent: int) -> bool:
    owner = state.owner
    return all(owner[t] == seat for t in CONTINENTS[continent].territories)


def continents_of(state: AtaqueState, seat: Seat) -> tuple[int, ...]:
    return tuple(c for c in range(len(CONTINENTS)) if owns_continent(state, seat, c))


def reinforcements(state: AtaqueState, seat: Seat) -> tuple[int, tuple[int, ...]]:
    """``(armies, continents)`` a turn of ``seat`` starting now would receive: half his
    territories rounded down, at least 3 (in round 1 the starter's figure for everybody), and
    the bonus of each continent held entirely, to be placed inside it."""
    if state.round == 1:
        base = state.first_round_armies
    else:
        base = max(MIN_REINFORCEMENT, len(territories_of(state, seat)) // 2)
    return base, continents_of(state, seat)


def reinforcement_total(state: AtaqueState, seat: Seat) -> int:
    base, conts = reinforcements(state, seat)
    return base + sum(CONTINENTS[c].bonus for c in conts)


def armies_to_place(state: AtaqueState) -> int:
    """What the active player still has to place (general pool and continent bonuses)."""
    if state.phase not in (EXCHANGE, PLACE):
        return 0
    return state.to_place + sum(state.bonus_left)


def placeable(state: AtaqueState, territory: int) -> int:
    """How many armies the active player may put on ``territory`` now."""
    if state.phase != PLACE or state.owner[territory] != state.active:
        return 0
    bonus = state.bonus_left[CONTINENT_OF[territory]] if state.bonus_left else 0
    return bonus + state.to_place


def movable(state: AtaqueState, territory: int) -> int:
    """How many armies may leave ``territory`` in the regroup: each army moves once, and one
    army always stays."""
    if state.phase != REGROUP or state.owner[territory] != state.active:
        return 0
    armies = state.armies[territory]
    arrived = state.arrived[territory] if state.arrived else 0
    return max(0, min(armies - arrived, armies - 1))


def effective_objective(state: AtaqueState, seat: Seat) -> int:
    """The objective that counts: a destroy objective whose colour is the player's own, or was
    eliminated by somebody else, becomes "occupy 24 territories". ``HIDDEN`` if unknown."""
    objective = state.players[seat].objective
    if objective == HIDDEN:
        return HIDDEN
    card = OBJECTIVES[objective]
    if card.kind == DESTROY:
        if card.colour == seat:
            return FALLBACK
        victim = state.players[card.colour]
        if not victim.alive and victim.eliminated_by != seat:
            return FALLBACK
    return objective


def objective_met(state: AtaqueState, seat: Seat) -> bool:
    objective = effective_objective(state, seat)
    if objective == HIDDEN or not state.players[seat].alive:
        return False
    card = OBJECTIVES[objective]
    if card.kind == DESTROY:
        victim = state.players[card.colour]
        return not victim.alive and victim.eliminated_by == seat
    mine = territories_of(state, seat)
    if card.kind == OCCUPY:
        return len(mine) >= card.territories
    if card.kind == OCCUPY_TWO:
        return sum(1 for t in mine if state.armies[t] >= 2) >= card.territories
    held = set(continents_of(state, seat))
    if not all(c in held for c in card.continents):
        return False
    return len(held - set(card.continents)) >= card.extra


def _continent_count(state: AtaqueState, seat: Seat, continent: int) -> int:
    return sum(1 for t in CONTINENTS[continent].territories if state.owner[t] == seat)


def objective_progress(state: AtaqueState, seat: Seat) -> str:
    """One line for the objective panel, e.g. "Asia 9/12, América del Sur 4/4"."""
    objective = effective_objective(state, seat)
    if objective == HIDDEN:
        return _("Secret")
    card = OBJECTIVES[objective]
    mine = territories_of(state, seat)
    if card.kind == DESTROY:
        theirs = territories_of(state, card.colour)
        armies = sum(state.armies[t] for t in theirs)
        return _("{colour}: {territories}, {armies} left").format(
            colour=colour_name(card.colour),
            territories=plural(len(theirs), "territory", "territories"),
            armies=plural(armies, "army", "armies"),
        )
    if card.kind == OCCUPY:
        counts = {"held": number(len(mine)), "needed": number(card.territories)}
        own = state.players[seat].objective
        if objective == own:
            return _("territories {held}/{needed}").format(**counts)
        colour = OBJECTIVES[own].colour  # a destroy objective that became this one
        if colour == seat:
            return _("{colour} is your own: territories {held}/{needed}").format(
                colour=colour_name(colour), **counts
            )
        return _("{colour} was destroyed by another player: territories {held}/{needed}").format(
            colour=colour_name(colour), **counts
        )
    if card.kind == OCCUPY_TWO:
        two = sum(1 for t in mine if state.armies[t] >= 2)
        return _("territories with 2+ armies {count}/{needed} ({held} held)").format(
            count=number(two), needed=number(card.territories), held=number(len(mine))
        )
    parts = [
        f"{CONTINENTS[c].name} {_continent_count(state, seat, c)}/{len(CONTINENTS[c].territories)}"
        for c in card.continents
    ]
    if card.extra:
        others = [c for c in range(len(CONTINENTS)) if c not in card.continents]
        best = max(
            others,
            key=lambda c: (
                _continent_count(state, seat, c) / len(CONTINENTS[c].territories),
                -len(CONTINENTS[c].territories),
            ),
        )
        parts.append(
            _("one more (best {continent} {held}/{size})").format(
                continent=CONTINENTS[best].name,
                held=_continent_count(state, seat, best),
                size=len(CONTINENTS[best].territories),
            )
        )
    return ", ".join(parts)


def end_reason(state: AtaqueState) -> str:
    """Why a finished game ended, in the current language, from the final position: the
    sentence the state stores is the game's English record, so a save made in one language
    reads in another."""
    if not state.winners:
        n = state.round_limit
        return ngettext(
            "No objective was met in {count} round: the game is drawn.",
            "No objective was met in {count} rounds: the game is drawn.",
            n,
        ).format(count=number(n))
    seat = state.winners[0]
    if objective_met(state, seat):
        return _("{colour} met the objective: {objective}").format(
            colour=colour_name(seat), objective=objective_text(effective_objective(state, seat))
        )
    return _("{colour} is the last army standing.").format(colour=colour_name(seat))


@attrs.frozen
class ContinentRow:
    """``holder`` owns it all (None if nobody); ``counts[s]`` territories of seat ``s``."""

    continent: int
    name: str
    bonus: int
    size: int
    holder: Seat | None
    counts: tuple[int, ...]


def continent_summary(state: AtaqueState) -> tuple[ContinentRow, ...]:
    rows = []
    for c, cont in enumerate(CONTINENTS):
        counts = [0] * seat_count(state)
        for t in cont.territories:
            counts[state.owner[t]] += 1
        holder = next((s for s, n in enumerate(counts) if n == len(cont.territories)), None)
        rows.append(
            ContinentRow(c, cont.name, cont.bonus, len(cont.territories), holder, tuple(counts))
        )
    return tuple(rows)


@attrs.frozen
class TerritoryRow:
    territory: int
    name: str
    continent: str
    owner: Seat
    armies: int
    enemy_neighbours: tuple[int, ...]


def enemy_neighbours(state: AtaqueState, territory: int) -> tuple[int, ...]:
    me = state.owner[territory]
    return tuple(n for n in NEIGHBOURS[territory] if state.owner[n] != me)


def territory_rows(state: AtaqueState) -> tuple[TerritoryRow, ...]:
    """The territory table: territory, continent, owner, armies, enemy neighbours."""
    return tuple(
        TerritoryRow(
            t,
            TERRITORIES[t],
            CONTINENTS[CONTINENT_OF[t]].name,
            state.owner[t],
            state.armies[t],
            enemy_neighbours(state, t),
        )
        for t in range(TERRITORY_COUNT)
    )


@attrs.frozen
class PlayerSummary:
    seat: Seat
    alive: bool
    territories: int
    armies: int
    cards: int
    continents: tuple[int, ...]
    exchanges: int


def player_summaries(state: AtaqueState) -> tuple[PlayerSummary, ...]:
    out = []
    for s, p in enumerate(state.players):
        mine = territories_of(state, s)
        out.append(
            PlayerSummary(
                s,
                p.alive,
                len(mine),
                sum(state.armies[t] for t in mine),
                len(p.hand),
                continents_of(state, s),
                p.exchanges,
            )
        )
    return tuple(out)


def attack_chance(
    state: AtaqueState, source: int, target: int, stop_at: int = 1, max_dice: int = MAX_DICE
) -> float:
    """The chance to take ``target`` from ``source`` attacking with the most dice (at most
    ``max_dice``) until it falls or ``source`` is down to ``stop_at`` armies (the "win chance"
    beside an attack)."""
    return conquest_chance(state.armies[source], state.armies[target], stop_at, max_dice)


def blitz_step(
    state: AtaqueState, source: int, target: int, stop_at: int = 1, max_dice: int = MAX_DICE
) -> Attack | None:
    """The next throw of "attack until conquered or down to ``stop_at``": an ``Attack`` with
    the most dice (at most ``max_dice``), or None once the attack is over (taken, too weak, or
    not possible)."""
    if state.phase != ATTACK:
        return None
    seat = state.active
    if state.owner[source] != seat or state.owner[target] == seat:
        return None
    if target not in ADJACENT[source]:
        return None
    armies = state.armies[source]
    if armies < 2 or armies <= max(1, stop_at):
        return None
    return Attack(source, target, max(1, min(max_dice, attack_dice(armies))))


def turn_order(state: AtaqueState) -> tuple[Seat, ...]:
    """Seats in playing order from the starter, the eliminated left out."""
    n = seat_count(state)
    return tuple(
        (state.starter + i) % n for i in range(n) if state.players[(state.starter + i) % n].alive
    )


def played_this_round(state: AtaqueState, seat: Seat) -> bool:
    """Whether ``seat`` has already had (or is having) its turn in the current round."""
    n = seat_count(state)
    return (seat - state.starter) % n <= (state.active - state.starter) % n


@attrs.frozen
class ObjectiveLine:
    """One seat's objective for the end of the game: the card drawn (``HIDDEN`` where the
    state does not show it), the one that counted (a destroy card may have become "occupy 24
    territories"), whether it was met, and how far the seat got."""

    seat: Seat
    objective: int
    counted: int
    met: bool
    alive: bool
    eliminated_by: Seat | None
    progress: str


def objective_report(
    state: AtaqueState, objectives: tuple[int, ...] | None = None
) -> tuple[ObjectiveLine, ...]:
    """Every seat's objective and how far it got: what is revealed when the game is over.

    ``objectives`` (as carried by ``GameEnded``) fills in cards the state does not show."""
    if objectives is not None and len(objectives) == seat_count(state):
        players = tuple(
            attrs.evolve(p, objective=o) for p, o in zip(state.players, objectives, strict=True)
        )
        state = attrs.evolve(state, players=players)
    return tuple(
        ObjectiveLine(
            seat=s,
            objective=p.objective,
            counted=effective_objective(state, s),
            met=objective_met(state, s),
            alive=p.alive,
            eliminated_by=p.eliminated_by,
            progress=objective_progress(state, s),
        )
        for s, p in enumerate(state.players)
    )
