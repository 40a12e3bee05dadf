"""Ataque's coach: the expert's move for a seat, said in chances and armies.

The expert (``engine.ataque.expert``) searches only its placements and its first attacks of a
turn; the rest (exchanges, moving in, regrouping, the next throw of an attack under way, the
sixth attack on) is ``strong``'s. A searched hint gives the plans' proposals with their chance
to win; every hint says why in the board's terms: an attack by its chance to take the
territory with the dice it rolls ("attack Brasil from Argentina: 71% to take it"), a
placement by the enemy armies around it, an exchange by the armies it brings, a move by the
front it feeds. ``judge`` scores the move played against the expert's on the expert's own
worlds (the same seeds), with the same playouts.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.board import attack_chance, effective_objective, enemy_neighbours
from engine.ataque.data import (
    CARD_BONUS,
    NEIGHBOURS,
    OBJECTIVES,
    OCCUPY_TWO,
    TERRITORIES,
    TERRITORY_COUNT,
    card_name,
    card_territory,
    exchange_armies,
)
from engine.ataque.expert import (
    expert,
    playout_value,
    playouts_now,
    proposals,
    sampled_worlds,
    settled,
    this_turn,
)
from engine.ataque.odds import attack_dice
from engine.ataque.plans import PLANS
from engine.ataque.state import ATTACK, AtaqueState
from engine.coach import (
    OTHERS,
    Choice,
    Hint,
    Judgement,
    one_line,
    percent,
    ranked_choices,
    searches,
)
from engine.core import HIDDEN, Seat
from engine.i18n import _, number
from engine.search import Scored
from engine.words import listing, plural

# --- the moves in words ------------------------------------------------------------------------


def _enemy_armies(view: AtaqueState, territory: int) -> int:
    return sum(view.armies[n] for n in enemy_neighbours(view, territory))


def _enemies(count: int) -> str:
    return plural(count, "enemy army", "enemy armies")


def describe(view: AtaqueState, action: Any) -> str:
    """What ``action`` does, in a few words ("attack Brasil from Argentina")."""
    if isinstance(action, Exchange):
        return _("exchange {cards}").format(cards=listing(card_name(c) for c in action.cards))
    if isinstance(action, Place):
        return _("place {count} on {territory}").format(
            count=number(action.count), territory=TERRITORIES[action.territory]
        )
    if isinstance(action, Attack):
        said = {"target": TERRITORIES[action.target], "source": TERRITORIES[action.source]}
        if action.dice >= attack_dice(view.armies[action.source]):
            return _("attack {target} from {source}").format(**said)
        dice = plural(action.dice, "die", "dice")
        return _("attack {target} from {source} with {dice}").format(dice=dice, **said)
    if isinstance(action, MoveIn):
        target = TERRITORIES[view.pending.target] if view.pending else "?"
        if action.count:
            return _("move {count} more into {territory}").format(
                count=number(action.count), territory=target
            )
        return _("move no more into {territory}").format(territory=target)
    if isinstance(action, Regroup):
        return _("move {count} from {source} to {target}").format(
            count=number(action.count),
            source=TERRITORIES[action.source],
            target=TERRITORIES[action.target],
        )
    if view.phase == ATTACK:
        return _("stop attacking")
    return _("end the turn")


def _take_chance(view: AtaqueState, attack: Attack) -> float:
    """The chance to take the target, rolling this attack's dice until it falls."""
    return attack_chance(view, attack.source, attack.target, max_dice=attack.dice)


def _best_attack(view: AtaqueState, seat: Seat) -> tuple[float, int] | None:
    """The best chance to take an enemy territory from here, and which, if any attack is
    possible."""
    best = None
    for src in range(TERRITORY_COUNT):
        if view.owner[src] != seat or view.armies[src] < 2:
            continue
        for dst in NEIGHBOURS[src]:
            if view.owner[dst] != seat:
                chance = attack_chance(view, src, dst)
                if best is None or chance > best[0]:
                    best = (chance, dst)
    return best


def _stop_reason(view: AtaqueState, seat: Seat, scored: tuple[Scored, ...]) -> str:
    """Why stop attacking: the search's chances with and without the best attack it tried,
    else the best odds left."""
    stop = next((s for s in scored if s.candidate == EndPhase()), None)
    tried = next((s for s in scored if isinstance(s.candidate, Attack)), None)
    if stop is not None and tried is not None:
        return _("{stop} to win, {attack} attacking {target}").format(
            stop=percent(stop.mean),
            attack=percent(tried.mean),
            target=TERRITORIES[tried.candidate.target],
        )
    best = _best_attack(view, seat)
    if best is None:
        return _("no territory of yours can attack")
    return _("no attack pays (best: {target}, {chance})").format(
        target=TERRITORIES[best[1]], chance=percent(best[0])
    )


def _exchange_reason(view: AtaqueState, seat: Seat, action: Exchange) -> tuple[str, ...]:
    """The armies a set brings, and where the +2 of its cards go (fullest first)."""
    armies = plural(exchange_armies(view.players[seat].exchanges + 1), "army", "armies")
    bonus = [
        TERRITORIES[t]
        for t in map(card_territory, action.cards)
        if t is not None and view.owner[t] == seat
    ]
    plain = _("{armies} now").format(armies=armies)
    if not bonus:
        return (plain,)
    return (
        _("{armies} now, and +{bonus} on {territories}").format(
            armies=armies, bonus=CARD_BONUS, territories=listing(bonus)
        ),
        plain,
    )


def _move_in_reason(view: AtaqueState, action: MoveIn) -> str:
    pending = view.pending
    assert pending is not None
    there, here = _enemy_armies(view, pending.target), _enemy_armies(view, pending.source)
    if not action.count:
        return _("{territory} borders {enemies}").format(
            territory=TERRITORIES[pending.source], enemies=_enemies(here)
        )
    if there:
        return _("it borders {enemies}").format(enemies=_enemies(there))
    return _("no enemy borders {territory}").format(territory=TERRITORIES[pending.source])


def _regroup_reason(view: AtaqueState, seat: Seat, action: Regroup) -> str:
    objective = effective_objective(view, seat)
    two = objective != HIDDEN and OBJECTIVES[objective].kind == OCCUPY_TWO
    if two and view.armies[action.target] < 2:
        return _("your objective asks for 2 armies on it")
    enemies = _enemy_armies(view, action.target)
    if enemies:
        return _("it borders {enemies}").format(enemies=_enemies(enemies))
    return _("a step nearer the front")


def _reasons(
    view: AtaqueState, seat: Seat, action: Any, scored: tuple[Scored, ...]
) -> tuple[str, ...]:
    """Why ``action``, in the board's terms, fullest wording first."""
    if isinstance(action, Attack):
        return (_("{chance} to take it").format(chance=percent(_take_chance(view, action))),)
    if isinstance(action, Place):
        enemies = _enemy_armies(view, action.territory)
        if enemies:
            return (_("it borders {enemies}").format(enemies=_enemies(enemies)),)
        return (_("no enemy borders it"),)
    if isinstance(action, Exchange):
        return _exchange_reason(view, seat, action)
    if isinstance(action, MoveIn):
        return (_move_in_reason(view, action),)
    if isinstance(action, Regroup):
        return (_regroup_reason(view, seat, action),)
    if view.phase == ATTACK:
        return (_stop_reason(view, seat, scored),)
    return (_("nothing to bring nearer the front"),)


def why(view: AtaqueState, seat: Seat, action: Any, scored: tuple[Scored, ...] = ()) -> str:
    """One line: the move, then why ("attack Brasil from Argentina: 71% to take it")."""
    move = describe(view, action)
    return one_line(*(f"{move}: {reason}" for reason in _reasons(view, seat, action, scored)))


# --- hint and judgement -----------------------------------------------------------------------


def hint(view: AtaqueState, seat: Seat, rng: random.Random) -> Hint:
    """The expert's move with the plans' next proposals, from ``seat``'s view alone."""
    move, found = searches(expert, view, seat, rng)
    scored = found[0] if found else ()
    choices = ranked_choices(scored, lambda a: a, lambda a: describe(view, a))
    best = next((c for c in choices if c.action == move), Choice(move, describe(view, move)))
    others = tuple(c for c in choices if c.action != move)[:OTHERS]
    return Hint(seat, best, others, why(view, seat, move, scored))


def same_plan(best: Any, played: Any) -> bool:
    """A placement on the expert's territory begins its plan, whatever the count."""
    if isinstance(best, Place) and isinstance(played, Place):
        return best.territory == played.territory
    return best == played


def judge(view: AtaqueState, seat: Seat, played: Any, rng: random.Random) -> Judgement:
    """What ``played`` was worth against the expert's move, on the expert's own worlds: the
    search's means when it weighed both, else both played out on the same worlds."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    move, found = searches(expert, view, seat, rng)
    same = same_plan(move, played)
    means = {s.candidate: s.mean for s in found[0]} if found else {}
    if move in means and (same or played in means):
        chance = means[move]
        cost = 0.0 if same else max(0.0, chance - means[played])
    else:
        chance, cost = _played_out(view, seat, move, None if same else played, twin)
    return Judgement(chance, cost, describe(view, played), describe(view, move), same)


def _played_out(
    view: AtaqueState, seat: Seat, move: Any, played: Any | None, rng: random.Random
) -> tuple[float, float]:
    """The expert's move (and ``played``, unless None) scored as the expert scores its
    proposals, on the worlds the expert drew from ``rng``: (chance, cost)."""
    short = this_turn(view)
    options = proposals(short, seat) if settled(view, seat) is None else {}
    value = playout_value(seat, sampled_worlds(view, seat, rng), lambda a: options.get(a, PLANS[0]))
    worlds = range(playouts_now(short))
    chance = sum(value(move, i) for i in worlds) / len(worlds)
    if played is None:
        return chance, 0.0
    return chance, max(0.0, chance - sum(value(played, i) for i in worlds) / len(worlds))
