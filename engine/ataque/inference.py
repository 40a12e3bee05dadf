"""What the other players' public moves say about their objectives and their style.

Every move of the game is in the log a seat sees. Replaying it, each other player's past
decisions (a placement, the first throw at a territory, ending the attack, a regroup) are
asked again of two models of him, at the position he faced: the TEG robot (``teg``, which
ignores its objective) and ``strong`` holding each objective he may hold. A model that
would have made the same move explains it; one that would not gives it the small chance
``SLIP``. The product over the game is the likelihood of each hypothesis (the TEG robot, or
``strong`` with objective o), and with an even prior their posterior is what the search
deals: ``strong`` plays its objective so plainly (it places and attacks where the
objective's continents or colour are) that a few turns name it, and the TEG robot's moves
tell its style apart as fast. A player who is neither (a person) keeps a spread of both.

Each turn's verdict is a pure function of the position at its start and its events, so it is
cached on them: a seat asked again later in the game replays only the turns it has not seen.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

import attrs

from engine.ataque.actions import Attack, EndPhase, Place, Regroup
from engine.ataque.ai import P, strong_move
from engine.ataque.data import CARD_BONUS, CONTINENT_OF, CONTINENTS, TERRITORY_COUNT
from engine.ataque.sampling import possible_objectives
from engine.ataque.state import (
    ATTACK,
    PLACE,
    REGROUP,
    AtaqueState,
    Battle,
    CardDrawn,
    Conquered,
    Eliminated,
    Exchanged,
    MovedIn,
    NothingDrawn,
    Placed,
    Player,
    Regrouped,
    Reinforced,
    TerritoriesDealt,
    TurnEnded,
    TurnStarted,
)
from engine.ataque.teg import teg
from engine.core import HIDDEN, Seat

SLIP = 0.15  # the chance of a move its model would not make (another style, a person's whim)
TEG_PRIOR = 0.5  # before any move: as likely the TEG robot as ``strong`` (with some objective)
DROP = 1e-4  # a hypothesis this far behind the seat's best is not asked again (and counts 0)
CACHE = 4096  # turns remembered (a 4-player game has about 100)

TEG = -1  # the hypothesis "the TEG robot", beside the objectives' ids (``strong`` with it)


@attrs.frozen
class Belief:
    """One seat's posterior: ``teg`` the chance it plays like the TEG robot, ``strong[o]``
    that it is ``strong`` holding objective ``o`` (the objectives it may hold, in order)."""

    objectives: tuple[int, ...]
    teg: float
    strong: tuple[float, ...]

    def objective_weights(self) -> tuple[float, ...]:
        """The chance of each objective: the TEG robot holds any of them alike."""
        share = self.teg / len(self.objectives)
        return tuple(share + p for p in self.strong)

    def plays_strong(self, objective: int) -> float:
        """The chance it plays ``strong``, given it holds ``objective``."""
        p = self.strong[self.objectives.index(objective)]
        share = self.teg / len(self.objectives)
        return p / (p + share) if p + share > 0 else 0.0


@attrs.frozen
class _Snapshot:
    """The public position at the start of a turn: all a replay of the turn needs."""

    owner: tuple[Seat, ...]
    armies: tuple[int, ...]
    alive: tuple[bool, ...]
    eliminated_by: tuple[Seat | None, ...]
    exchanges: tuple[int, ...]
    hands: tuple[int, ...]


class _Replay:
    """The public position, moved on event by event; ``position`` builds the state a player
    faced before a decision (his objective filled in by the caller)."""

    def __init__(self, view: AtaqueState, start: _Snapshot):
        self.view = view
        self.owner = list(start.owner)
        self.armies = list(start.armies)
        self.alive = list(start.alive)
        self.eliminated_by = list(start.eliminated_by)
        self.exchanges = list(start.exchanges)
        self.hands = list(start.hands)
        self.turn: list[Any] = []
        self.active = 0
        self.round = 1
        self.to_place = 0
        self.bonus_left = [0] * len(CONTINENTS)
        self.conquered = False
        self.arrived = [0] * TERRITORY_COUNT

    def snapshot(self) -> _Snapshot:
        return _Snapshot(
            tuple(self.owner),
            tuple(self.armies),
            tuple(self.alive),
            tuple(self.eliminated_by),
            tuple(self.exchanges),
            tuple(self.hands),
        )

    def position(self, phase: str) -> AtaqueState:
        players = tuple(
            Player(
                objective=HIDDEN,
                hand=(HIDDEN,) * self.hands[s],
                exchanges=self.exchanges[s],
                alive=self.alive[s],
                eliminated_by=self.eliminated_by[s],
            )
            for s in range(len(self.alive))
        )
        return attrs.evolve(
            self.view,
            phase=phase,
            owner=tuple(self.owner),
            armies=tuple(self.armies),
            players=players,
            active=self.active,
            round=self.round,
            to_place=self.to_place,
            bonus_left=tuple(self.bonus_left),
            conquered=self.conquered,
            pending=None,
            arrived=tuple(self.arrived) if phase == REGROUP else (),
            winners=(),
            log=tuple(self.turn),
        )

    def apply(self, e: Any) -> None:
        armies = self.armies
        if isinstance(e, TurnStarted):
            self.turn = []
            self.active, self.round = e.seat, e.round
            self.conquered = False
            self.to_place = 0
            self.bonus_left = [0] * len(CONTINENTS)
            self.arrived = [0] * TERRITORY_COUNT
        elif isinstance(e, Reinforced):
            self.to_place = e.armies
            for c in e.continents:
                self.bonus_left[c] = CONTINENTS[c].bonus
        elif isinstance(e, Exchanged):
            self.to_place = e.armies + (0 if self.conquered else self.to_place)
            self.exchanges[e.seat] = e.number
            self.hands[e.seat] -= len(e.cards)
            for t in e.bonus_on:
                armies[t] += CARD_BONUS
        elif isinstance(e, Placed):
            c = CONTINENT_OF[e.territory]
            from_bonus = min(e.count, self.bonus_left[c])
            self.bonus_left[c] -= from_bonus
            self.to_place -= e.count - from_bonus
            armies[e.territory] += e.count
        elif isinstance(e, Battle):
            armies[e.source] -= e.attacker_lost
            armies[e.target] -= e.defender_lost
        elif isinstance(e, Conquered):
            self.owner[e.target] = e.seat
            armies[e.target] = 1
            armies[e.source] -= 1
            self.conquered = True
        elif isinstance(e, Eliminated):
            self.alive[e.victim] = False
            self.eliminated_by[e.victim] = e.by
            self.hands[e.by] += self.hands[e.victim]
            self.hands[e.victim] = 0
        elif isinstance(e, MovedIn | Regrouped):
            armies[e.source] -= e.count
            armies[e.target] += e.count
            if isinstance(e, Regrouped):
                self.arrived[e.target] += e.count
        elif isinstance(e, CardDrawn):
            self.hands[e.seat] += 1
        elif isinstance(e, TerritoriesDealt):
            for t in e.territories:
                self.owner[t] = e.seat
                armies[t] = 1
        self.turn.append(e)


def _decisions(replay: _Replay, events: tuple[Any, ...]):
    """The decisions of the turn ``events`` (from its ``TurnStarted``), each a list of
    (the position before a move, the move): a placement's moves together, every other
    decision alone. Throws that press on at the same territory are not asked."""
    placing: list[tuple[AtaqueState, Any]] = []
    phase = PLACE
    for e in events:
        if isinstance(e, Placed):
            placing.append((replay.position(PLACE), Place(e.territory, e.count)))
        else:
            if placing:
                yield placing
                placing = []
                phase = ATTACK
            if isinstance(e, Battle) and phase == ATTACK:
                last = replay.turn[-1]
                if not (
                    isinstance(last, Battle) and (last.source, last.target) == (e.source, e.target)
                ):
                    yield [(replay.position(ATTACK), Attack(e.source, e.target, len(e.attack)))]
            elif isinstance(e, Regrouped | CardDrawn | NothingDrawn | TurnEnded):
                if phase == ATTACK:
                    yield [(replay.position(ATTACK), EndPhase())]
                    phase = REGROUP
                if phase == REGROUP:
                    if isinstance(e, Regrouped):
                        yield [(replay.position(REGROUP), Regroup(e.source, e.target, e.count))]
                    else:
                        yield [(replay.position(REGROUP), EndPhase())]
                        phase = None
        replay.apply(e)


_RNG = random.Random(0)  # the TEG robot's rare tie-break: any fixed draw is as good


def _explained(model, group: list[tuple[AtaqueState, Any]]) -> bool:
    return all(model(state) == move for state, move in group)


@functools.lru_cache(maxsize=CACHE)
def _turn_slips(
    view: AtaqueState,
    start: _Snapshot,
    events: tuple[Any, ...],
    seat: Seat,
    asked: tuple[int, ...],
) -> tuple[int, tuple[int, ...]]:
    """(decisions, slips per hypothesis in ``asked``) of ``seat``'s turn ``events``."""
    replay = _Replay(view, start)
    slips = [0] * len(asked)
    count = 0
    for group in _decisions(replay, events):
        count += 1
        for i, h in enumerate(asked):
            if h == TEG:
                ok = _explained(lambda s: teg(s, seat, _RNG), group)
            else:
                ok = _explained(lambda s, o=h: strong_move(_holding(s, seat, o), seat, P), group)
            slips[i] += not ok
    return count, tuple(slips)


def _holding(state: AtaqueState, seat: Seat, objective: int) -> AtaqueState:
    player = attrs.evolve(state.players[seat], objective=objective)
    return attrs.evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1 :])


def _start(view: AtaqueState) -> _Snapshot:
    n = len(view.players)
    return _Snapshot(
        (0,) * TERRITORY_COUNT,
        (0,) * TERRITORY_COUNT,
        (True,) * n,
        (None,) * n,
        (0,) * n,
        (0,) * n,
    )


def beliefs(view: AtaqueState, seat: Seat) -> tuple[Belief | None, ...]:
    """Each other live seat's ``Belief`` from the whole log of ``view`` (None for ``seat``
    and the eliminated)."""
    possible = possible_objectives(view, seat)
    n = len(view.players)
    hyps = {s: (TEG, *possible[s]) for s in range(n) if s != seat and view.players[s].alive}
    log_like = {s: [0.0] * len(h) for s, h in hyps.items()}
    hit, miss = math.log(1.0 - SLIP), math.log(SLIP)
    key_view = AtaqueState(
        rng=None,
        phase=PLACE,
        owner=(),
        armies=(),
        players=(),
        deck=(),
        discard=(),
        dealer=view.dealer,
        starter=view.starter,
        active=0,
        first_round_armies=view.first_round_armies,
        conquest_most=view.conquest_most,
        round_limit=view.round_limit,
        reshuffle=view.reshuffle,
    )
    replay = _Replay(key_view, _start(view))
    events: list[Any] = []
    start = replay.snapshot()
    for e in view.log:
        if isinstance(e, TurnStarted):
            events = []
            start = replay.snapshot()
        events.append(e)
        replay.apply(e)
        if isinstance(e, TurnEnded) and e.seat in hyps:
            s = e.seat
            ll = log_like[s]
            best = max(ll)
            asked = tuple(i for i, h in enumerate(hyps[s]) if ll[i] >= best + math.log(DROP))
            count, slips = _turn_slips(
                key_view, start, tuple(events), s, tuple(hyps[s][i] for i in asked)
            )
            for i, k in zip(asked, slips, strict=True):
                ll[i] += k * miss + (count - k) * hit
            for i in range(len(ll)):
                if i not in asked:
                    ll[i] = -math.inf
    out: list[Belief | None] = []
    for s in range(n):
        if s not in hyps:
            out.append(None)
            continue
        ll = log_like[s]
        k = len(hyps[s]) - 1
        prior = [math.log(TEG_PRIOR)] + [math.log((1.0 - TEG_PRIOR) / k)] * k
        top = max(a + b for a, b in zip(ll, prior, strict=True))
        w = [math.exp(a + b - top) for a, b in zip(ll, prior, strict=True)]
        total = sum(w)
        out.append(Belief(hyps[s][1:], w[0] / total, tuple(x / total for x in w[1:])))
    return tuple(out)
