"""The review of a finished game: what each human decision was worth, as the expert sees it.

For every decision of a human seat that had a choice (more than one legal action), the game's
coach judges the move played from that seat's view only (``coach.judge``): the seat's chance
with the expert's move, and what the move played cost against it. From those moments the
review tells, per human seat, how often the decisions were the expert's, the three that cost
the most, and, when a seat lost while its decisions cost little, the chapter where its chance
fell the most between two of its decisions: the dice, not the player.

A whole game must be reviewed within ``SECONDS`` on one core, whatever its length: the judge's
budget is scaled (``search.scaled``) by how many full-budget judgements of that game fit in
that time (``FULL_JUDGEMENTS``, measured by ``bench/review.py``). Each judgement's RNG is
derived from the game's seed and the action's index, so a review is the same every time.
No I/O here: ``saves/reviews.py`` stores it, the screen and ``batallas review`` show it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from engine import search
from engine.coach import coach_of
from engine.core import Game, Seat
from engine.i18n import _, ngettext, number

SECONDS = 30
KEY_MOMENTS = 3
# How many judgements at the expert's full budget one core does in about 12 s of CPU, per
# game, from bench/review.py on seed 700001 (CPU seconds a judgement: gallic 0.11, alamo
# 0.052, mates 0.035, ataque 0.20, metauro 0.18). Wall time
# on the shared machine was 3 to 11 times the CPU time, hence the margin under 30 s. A
# game with more decisions than that gets a smaller budget for each (``scale_for``).
FULL_JUDGEMENTS: Mapping[str, int] = {
    "gallic": 100,
    "alamo": 230,
    "mates": 340,
    "ataque": 60,
    "metauro": 65,
}
SMALLEST_SCALE = 0.02  # below this the expert's estimate is mostly noise
NOTICED = 0.005  # a cost that rounds to at least one point of win chance


class Cancelled(Exception):
    """The review was cancelled before its end: nothing of it is kept."""


@attrs.frozen
class Moment:
    """One decision of a human seat: the action's ``index`` in the game's log (the replay's
    step before it), the chapter it was in, and the coach's judgement of it."""

    index: int
    seat: Seat
    chapter: str
    chance: float
    cost: float
    played: str
    best: str
    same: bool


@attrs.frozen
class Review:
    """Every judged decision of the human ``seats``, in game order, and for each seat the
    decision after which the dice took the game (its action index; -1 when its loss, if any,
    was its decisions' own)."""

    game_id: str
    seats: tuple[Seat, ...]
    moments: tuple[Moment, ...]
    dice: tuple[int, ...]  # one per seat of ``seats``

    def of(self, seat: Seat) -> tuple[Moment, ...]:
        return tuple(m for m in self.moments if m.seat == seat)

    def agreed(self, seat: Seat) -> tuple[int, int]:
        """How many of the seat's decisions were the expert's, of how many."""
        mine = self.of(seat)
        return sum(m.same for m in mine), len(mine)

    def costliest(self, seat: Seat) -> tuple[Moment, ...]:
        """The seat's (at most) three decisions that cost the most, costliest first; a
        decision that cost less than a point of win chance is no key moment."""
        costly = (m for m in self.of(seat) if m.cost >= NOTICED)
        mine = sorted(costly, key=lambda m: (-m.cost, m.index))
        return tuple(mine[:KEY_MOMENTS])

    def dice_took(self, seat: Seat) -> str:
        """The chapter the dice took from ``seat`` ("Battle 6"), or ""."""
        index = self.dice[self.seats.index(seat)] if seat in self.seats else -1
        return next((m.chapter for m in self.of(seat) if m.index == index), "")


def scale_for(game_id: str, decisions: int) -> float:
    """The judge's budget factor so that ``decisions`` judgements take about 12 s of CPU."""
    full = FULL_JUDGEMENTS.get(game_id, 40)
    return max(SMALLEST_SCALE, min(1.0, full / max(1, decisions)))


def judge_rng(seed: int, index: int) -> random.Random:
    """The RNG of the judgement of action ``index``: the same for every review of the game."""
    return random.Random(seed * 1_000_003 + index * 7_919 + 17)


def decisions(
    game: Game, states: Sequence[Any], actions: Sequence[tuple[Seat, Any]], humans: set[Seat]
) -> list[int]:
    """The indexes of the actions that were a human seat's choice among several."""
    return [
        i
        for i, (seat, _action) in enumerate(actions)
        if seat in humans and len(game.legal_actions(states[i], seat)) > 1
    ]


def review(
    game: Game,
    seed: int,
    config: Mapping[str, Any],
    players: int,
    actions: Sequence[tuple[Seat, Any]],
    humans: Sequence[Seat],
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Review:
    """Judge every choice of the ``humans`` seats in a finished game (``Cancelled`` if
    ``cancelled()`` turns true on the way; ``progress(done, total)`` after each one)."""
    coach = coach_of(game.id)
    state = game.new(config, seed, players)
    states = [state]
    for seat, action in actions:
        state = game.apply(state, seat, action)
        states.append(state)
    outcome = game.outcome(state)
    wanted = decisions(game, states, actions, set(humans))
    moments = []
    with search.scaled(scale_for(game.id, len(wanted))):
        for done, i in enumerate(wanted):
            if cancelled is not None and cancelled():
                raise Cancelled
            if progress is not None:
                progress(done, len(wanted))
            seat, action = actions[i]
            view = game.view(states[i], seat)
            j = coach.judge(view, seat, action, judge_rng(seed, i))
            cost = 0.0 if j.same else max(0.0, j.cost)
            moments.append(
                Moment(i, seat, game.chapter(states[i]), j.chance, cost, j.played, j.best, j.same)
            )
    if progress is not None:
        progress(len(wanted), len(wanted))
    seats = tuple(sorted(set(humans)))
    lost = {s for s in seats if outcome is not None and outcome.result(s) == "lost"}
    dice = tuple(
        dice_index(tuple(m for m in moments if m.seat == s)) if s in lost else -1 for s in seats
    )
    return Review(game.id, seats, tuple(moments), dice)


def dice_index(mine: Sequence[Moment]) -> int:
    """For a seat that lost: its decision after which its chance fell the most while it was
    not choosing (from what it had after its move to what it had at its next decision, or to
    nothing at the end), if that fall was larger than all its decisions cost together; -1
    otherwise. Its chapter is the one the dice took."""
    if not mine:
        return -1
    falls = []
    for k, m in enumerate(mine):
        after = m.chance - m.cost
        following = mine[k + 1].chance if k + 1 < len(mine) else 0.0
        falls.append((after - following, -m.index))
    fall, index = max(falls)
    return -index if fall > sum(m.cost for m in mine) else -1


# --- in words --------------------------------------------------------------------------------


def summary_line(review: Review, seat: Seat) -> str:
    """ "Your decisions were the expert's in 17 of 19; the dice took battle 6" """
    same, total = review.agreed(seat)
    line = _("Your decisions were the expert's in {same} of {total}").format(
        same=number(same), total=number(total)
    )
    dice = review.dice_took(seat)
    if dice:
        line += _("; the dice took {chapter}").format(chapter=dice)
    return line


def moment_line(moment: Moment) -> str:
    """ "Battle 4: you played “keep your hand”; “exchange Galli” was worth +9 points of win
    chance": the coach's words for both moves, quoted (they are its own short phrases)."""
    count = round(100 * moment.cost)  # whole points of win chance; the noun agrees with it
    return ngettext(
        "{chapter}: you played “{played}”; “{best}” was worth +{points} point of win chance",
        "{chapter}: you played “{played}”; “{best}” was worth +{points} points of win chance",
        count,
    ).format(chapter=moment.chapter, played=moment.played, best=moment.best, points=number(count))
