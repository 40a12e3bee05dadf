"""Ataque's first lesson: placing armies, attacking with dice, the card a conquest earns and
the exchange of a set, in the learner's first four turns.

Seed 15, three players: the learner (White) starts, against two easy bots. Put on the
territory the lesson names and attacking the neighbour it names, the learner takes a territory
in each of the first three turns; the three cards drawn make a set (Omsk, Alaska, Dudinka: two
of them the learner's own territories, worth 2 armies each), exchanged at the start of the
fourth turn. The first throw is a tie lost to the defender (5-3-2 against 5).
"""

from __future__ import annotations

from typing import Any

from engine.ataque.board import armies_to_place
from engine.ataque.data import NEIGHBOURS, TERRITORIES, TERRITORY_COUNT, colour_name, sets_in
from engine.ataque.state import EXCHANGE, PLACE, Battle, CardDrawn, Conquered, Exchanged, Placed
from engine.i18n import N_, _, number
from engine.words import listing
from tui.lessons.lesson import Lesson, Step


def mine(view: Any, seat: int, kind: type, who: str = "seat") -> list:
    """The learner's events of ``kind`` in the view's log (``who`` names the seat's field)."""
    return [e for e in view.log if isinstance(e, kind) and getattr(e, who) == seat]


def front(view: Any, seat: int) -> tuple[int, int]:
    """The learner's best attack: from his territory with the most armies over an enemy
    neighbour's, at that neighbour (the weakest, then the first by id). Placing there only
    widens the gap, so the pair the lesson names holds while the learner follows it."""
    best: tuple[tuple[int, int, int, int], int, int] | None = None
    for source in range(TERRITORY_COUNT):
        if view.owner[source] != seat:
            continue
        for target in NEIGHBOURS[source]:
            if view.owner[target] == seat:
                continue
            key = (
                view.armies[source] - view.armies[target],
                -view.armies[target],
                -source,
                -target,
            )
            if best is None or key > best[0]:
                best = (key, source, target)
    return (best[1], best[2]) if best else (0, 0)


def attack_names(view: Any, seat: int) -> dict[str, str]:
    """The pair to attack with; once the learner took a territory this turn, the pair that
    took it (the lesson asks for one a turn: then he ends the turn)."""
    taken = mine(view, seat, Conquered)
    if view.active == seat and view.conquered and taken:
        source, target = taken[-1].source, taken[-1].target
    else:
        source, target = front(view, seat)
    return {
        "source": TERRITORIES[source],
        "target": TERRITORIES[target],
        "count": number(armies_to_place(view)),
        "colour": colour_name(seat),
    }


def last_throw(view: Any, seat: int) -> dict[str, str]:
    """The learner's last throw, as the dice read: ``5-3-2`` against ``5``."""
    battles = mine(view, seat, Battle, "attacker")
    if not battles:
        return {"attack": "-", "defence": "-", "target": "-"}
    last = battles[-1]
    return {
        "attack": "-".join(str(d) for d in last.attack),
        "defence": "-".join(str(d) for d in last.defence),
        "target": TERRITORIES[last.target],
    }


def conquest(view: Any, seat: int) -> dict[str, str]:
    taken = mine(view, seat, Conquered)
    return {"target": TERRITORIES[taken[-1].target] if taken else "-"}


def exchange(view: Any, seat: int) -> dict[str, str]:
    done = mine(view, seat, Exchanged)
    bonus = done[-1].bonus_on if done else ()
    return {
        "armies": number(done[-1].armies if done else 0),
        "bonus": listing(TERRITORIES[t] for t in bonus) if bonus else _("none this time"),
    }


def placed(view: Any, seat: int) -> bool:
    """The learner has placed all the armies of his first turn."""
    placing = view.active == seat and view.phase in (EXCHANGE, PLACE)
    return bool(mine(view, seat, Placed)) and not placing


def holds_set(view: Any, seat: int) -> bool:
    return bool(sets_in(view.players[seat].hand) or mine(view, seat, Exchanged))


LESSON = Lesson(
    game_id="ataque",
    title=N_("Ataque: place, attack, exchange"),
    config={},
    seed=15,
    players=3,
    seat=0,
    bot="easy",
    steps=(
        Step(
            N_(
                "You are {colour}, against two easy bots, and you start. A secret objective "
                "wins the game; on the way you place armies, attack, and trade cards for more."
            ),
            fill=attack_names,
        ),
        Step(
            N_(
                "Each turn brings armies: half your territories, at least 3. Put all {count} "
                "on {source}, beside {target}: press /, type {source}, Enter, then a (all)."
            ),
            until=placed,
            fill=attack_names,
        ),
        Step(
            N_(
                "Attack {target}: Enter on {source} selects it; then /, {target}, Enter, and "
                "Enter rolls. You throw up to 3 dice, one fewer than your armies there."
            ),
            until=lambda view, seat: bool(mine(view, seat, Battle, "attacker")),
            fill=attack_names,
        ),
        Step(
            N_(
                "You threw {attack}, {target} {defence} (a die per army, up to 3). Highest "
                "meets highest; ties go to the defender; each loss costs an army. b rolls on "
                "till it falls."
            ),
            until=lambda view, seat: bool(mine(view, seat, Conquered)),
            fill=last_throw,
        ),
        Step(
            N_(
                "{target} is yours: exactly 1 army moved in. Press e to end the attacks, e "
                "again to end the turn: a turn with a conquest ends with a card."
            ),
            until=lambda view, seat: bool(mine(view, seat, CardDrawn)),
            fill=conquest,
        ),
        Step(
            N_(
                "A card shows a territory and a figure: ●, ■ or ▲ (✱ is any). Three alike or "
                "all different make a set. Take one a turn: all on {source}, attack {target}."
            ),
            until=holds_set,
            fill=attack_names,
        ),
        Step(
            N_(
                "You hold a set: at the start of your turn it must be exchanged, with x. Sets "
                "bring 4 armies, then 6, 8, 10, 12, 15, then 5 more each time."
            ),
            until=lambda view, seat: bool(mine(view, seat, Exchanged)),
        ),
        Step(
            N_(
                "The set brought {armies} armies; each card showing a territory of yours put "
                "2 more there: {bonus}. Place them and play on for your objective!"
            ),
            fill=exchange,
        ),
    ),
)
