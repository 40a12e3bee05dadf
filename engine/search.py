"""Determinized Monte Carlo search: the shared core of every game's ``expert`` bot.

An expert never sees the real hidden state. It samples *worlds* — full states consistent with
its view (unseen cards dealt at random, a fresh RNG for the dice) — applies each candidate
action in each world with the engine's own ``apply`` and plays on with a fast policy, then
picks the action with the best average. Every candidate is scored on the same worlds and the
same playout seeds (common random numbers), so a difference between two candidates is a
difference in the move, not in the luck.

The budget is a count of playouts, never a clock: a bot's answer is a function of
(view, seat, rng) on any machine, however loaded. ``scaled`` lets the bench give one seat twice
the budget (is more thinking still worth anything?) without a second copy of the bot.
"""

from __future__ import annotations

import contextlib
import math
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from engine.core import Game, Seat

_scale = 1.0
_watch = threading.local()  # this thread's list of searches being watched (the coach's), if any


@attrs.frozen
class Scored:
    """One candidate of a search as it ended: its mean value over the ``worlds`` it was scored
    on (without any head start), and whether it was still in the running at the end."""

    candidate: Any
    mean: float
    worlds: int
    kept: bool


@contextlib.contextmanager
def watched() -> Iterator[list[tuple[Scored, ...]]]:
    """Every search run in this thread inside the block adds its candidates to the list, best
    first (the chosen one, the others still in the running, then the dropped ones): how the
    coach reads an expert's reasons without a second copy of its search. Decisions with a
    single candidate are not searches and add nothing."""
    before = getattr(_watch, "searches", None)
    _watch.searches = found = []
    try:
        yield found
    finally:
        _watch.searches = before


def _report(
    actions: Sequence[Any], scores: list[list[float]], alive: list[int], head_start: float
) -> None:
    """Tell the watcher, if any, how a search ended (see ``watched``)."""
    found = getattr(_watch, "searches", None)
    if found is None:
        return

    def mean(i: int) -> float:
        bonus = head_start if i == 0 else 0.0
        return sum(scores[i]) / len(scores[i]) - bonus if scores[i] else float("nan")

    chosen = max(alive, key=lambda i: (sum(scores[i]), -i))
    others = sorted(
        (i for i in range(len(actions)) if i != chosen and scores[i]),
        key=lambda i: (i not in alive, -mean(i), i),
    )
    found.append(
        tuple(Scored(actions[i], mean(i), len(scores[i]), i in alive) for i in (chosen, *others))
    )


@contextlib.contextmanager
def scaled(factor: float) -> Iterator[None]:
    """Multiply every expert's playout budget by ``factor`` inside the block (bench only)."""
    global _scale
    before, _scale = _scale, factor
    try:
        yield
    finally:
        _scale = before


def budget(playouts: int) -> int:
    """A playout budget after the bench's scaling (at least 1)."""
    return max(1, round(playouts * _scale))


def world_seeds(rng: random.Random) -> Callable[[int], int]:
    """Seed ``i`` of a decision's worlds, drawn once from the bot's own RNG: world ``i`` is the
    same for every candidate, whatever order they are scored in."""
    base = rng.getrandbits(62)
    return lambda i: (base * 1_000_003 + i * 7_919) & ((1 << 62) - 1)


def best_action(
    actions: Sequence[Any],
    value: Callable[[Any, int], float],
    playouts: int,
    *,
    min_worlds: int = 4,
    z: float = 2.5,
    head_start: float = 0.0,
    probe: int = 0,
) -> Any:
    """The action with the best mean ``value(action, world)`` over common worlds.

    Successive halving with early stopping: every surviving action is scored on the same next
    batch of worlds; after each batch the actions clearly behind the leader (paired
    difference more than ``z`` standard errors, or the bottom half when the budget says so)
    are dropped, and the search stops as soon as one action is left or the playouts are spent.
    A decision with one legal action costs nothing; an obvious one ends after the first round
    (a small budget's first round is ``min_worlds`` worlds).
    Ties go to the earlier action, so the answer never depends on timing. ``head_start`` is
    added to the first action's value in every world: a default move (a weaker bot's) that an
    alternative must clearly beat, since the playouts' own noise and bias favour novelty.

    With ``probe``, every action is first scored on that many worlds: one clearly ahead of all
    the others there is the answer at once (the one the whole budget nearly always picks too);
    otherwise the search runs as without it, reusing those scores, and answers the same. It
    pays where most decisions are obvious but a large first round would not notice.
    """
    if len(actions) == 1:
        return actions[0]
    if probe:
        value = _remembered(value)
        first = [
            [value(a, w) + (head_start if i == 0 else 0.0) for w in range(probe)]
            for i, a in enumerate(actions)
        ]
        ahead = _survivors(list(range(len(actions))), first, z, halve=False)
        if len(ahead) == 1:
            _report(actions, first, ahead, head_start)
            return actions[ahead[0]]
    scores: list[list[float]] = [[] for _ in actions]
    alive = list(range(len(actions)))
    rounds = max(1, math.ceil(math.log2(len(actions))))
    spent = 0
    worlds = 0
    while len(alive) > 1 and spent < playouts:
        per_round = max(1, (playouts - spent) // (rounds * len(alive)))
        batch = max(min_worlds if worlds == 0 else 1, per_round)
        for i in alive:
            bonus = head_start if i == 0 else 0.0
            scores[i].extend(value(actions[i], w) + bonus for w in range(worlds, worlds + batch))
        worlds += batch
        spent += batch * len(alive)
        rounds = max(1, rounds - 1)
        alive = _survivors(alive, scores, z, halve=spent < playouts and worlds >= min_worlds)
    _report(actions, scores, alive, head_start)
    return actions[max(alive, key=lambda i: (sum(scores[i]), -i))]


def _remembered(value: Callable[[Any, int], float]) -> Callable[[Any, int], float]:
    """``value`` asked at most once per (action, world): a probe's worlds are scored again."""
    known: dict[tuple[int, int], float] = {}

    def remembered(action: Any, w: int) -> float:
        key = (id(action), w)
        if key not in known:
            known[key] = value(action, w)
        return known[key]

    return remembered


def _survivors(alive: list[int], scores: list[list[float]], z: float, halve: bool) -> list[int]:
    """The actions still worth scoring: not clearly behind the leader, at most half of them
    (rounded up) when ``halve``."""
    ranked = sorted(alive, key=lambda i: (-sum(scores[i]), i))
    leader = ranked[0]
    kept = [leader]
    for i in ranked[1:]:
        diffs = [a - b for a, b in zip(scores[leader], scores[i], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean <= 0 or mean < z * math.sqrt(var / n) or var == 0 and mean == 0:
            kept.append(i)
    if halve and len(kept) > 1:
        kept = kept[: max(1, math.ceil(len(alive) / 2))]
    return kept


def playout(
    game: Game,
    state: Any,
    policy: Callable[[Any, Seat, random.Random], Any],
    rng: random.Random,
    *,
    seats: int,
    max_plies: int,
    evaluate: Callable[[Any], Sequence[float]],
) -> Sequence[float]:
    """Play ``policy`` for every seat from ``state`` (each seat shown only its view) until the
    game ends or ``max_plies`` decisions were made; the result is a value per seat in [0, 1]:
    1 for a winner, 1/len(winners) shared, 0.5 each for a draw, else ``evaluate(state)``."""
    for _ in range(max_plies):
        if game.outcome(state) is not None:
            break
        for seat in game.to_move(state):
            state = game.apply(state, seat, policy(game.view(state, seat), seat, rng))
            if game.outcome(state) is not None:
                break
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome_values(outcome.winners, seats)
    return evaluate(state)


def outcome_values(winners: Sequence[Seat], seats: int) -> tuple[float, ...]:
    """1 shared among the winners; a draw is worth half to everyone."""
    if not winners:
        return tuple(0.5 for _ in range(seats))
    share = 1.0 / len(winners)
    return tuple(share if s in winners else 0.0 for s in range(seats))
