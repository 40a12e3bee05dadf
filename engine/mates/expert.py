"""Mates Hostiles ``expert``: counts the cards, then searches the round over the engine.

Every card turned up is shown to the whole table, and won cards go to the bottom of the piles
in an order the rules fix, so a player who keeps track knows much of what lies in every pile,
his own included: which Elo the next defender will show, which card the attacker holds. The
expert keeps that track by replaying the public log through the rules on *slots* (the places
of the shuffled deal) and naming each slot once its card is seen (``Tracked``). A world is the
table with the named slots in place and the unnamed ones dealt at random from the cards nobody
has seen (``determinize``). In each world every candidate is applied with the engine's own
``apply`` and the round is played out with the ``strong`` bot for every seat; the candidate
with the best mean share of the cards at the round's end, over common worlds, is chosen
(``engine.search.best_action``). Once every card the round can turn up is known, one world is
the table itself and each candidate is played out once.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import attrs

from engine.core import HIDDEN, Seat
from engine.mates.actions import EloAttack, PieceAttack
from engine.mates.ai import strong
from engine.mates.data import Card
from engine.mates.duels import piece_attack
from engine.mates.rounds import record_kind, who_starts
from engine.mates.rules import MATES
from engine.mates.state import (
    CHOOSE,
    OVER,
    PIECE,
    PUZZLE,
    REVIEW,
    TABLE,
    CardTurned,
    Dealt,
    EloAnnounced,
    MatesState,
    PieceAnnounced,
    PiecePlaced,
    Round,
    Stack,
    StartCardTurned,
)
from engine.rng import Rng
from engine.search import best_action, budget, world_seeds

# --- keeping track of the cards ----------------------------------------------------------------

_NAMED = (StartCardTurned, CardTurned, PiecePlaced)  # events that name a card


class Untrackable(Exception):
    """The log does not start from a deal the rules can replay (a rigged test table)."""


@attrs.frozen
class Tracked:
    """The public log replayed on slots: ``state`` is the game with slot numbers for card ids
    (slot ``t`` is the ``t``-th card of the shuffled deal), ``names[t]`` the card seen in slot
    ``t`` (HIDDEN while nobody has seen it). ``length`` is how much of the log it covers."""

    state: MatesState
    names: tuple[int, ...]
    length: int


def _slot_cards(deck: tuple[Card, ...], names: tuple[int, ...]) -> tuple[Card, ...]:
    """The deck as the slots see it: a named slot holds its card, an unnamed one any card (the
    rules only read a card once it is turned up, and then it is named)."""
    return tuple(deck[n] if n != HIDDEN else deck[0] for n in names)


def _start(view: MatesState) -> Tracked:
    """The deal in slots and who starts, every start card named."""
    log = view.log
    if not log or not isinstance(log[0], Dealt) or view.mode != TABLE:
        raise Untrackable("no deal at the head of the log")
    dealt = log[0]
    players, each = dealt.players, dealt.each
    if players != len(view.piles) or players * each + dealt.unused != len(view.cards):
        raise Untrackable("the deal does not match the table")
    names = (HIDDEN,) * len(view.cards)
    dealt_state = MatesState(
        mode=TABLE,
        rng=None,
        cards=view.cards,
        phase=CHOOSE,
        piles=tuple(tuple(range(s * each, (s + 1) * each)) for s in range(players)),
        unused=tuple(range(players * each, len(view.cards))),
        last_kind=("",) * players,
        log=(dealt,),
    )
    state, names = _step(view, dealt_state, names, who_starts)
    return Tracked(state, names, len(state.log))


def _step(
    view: MatesState,
    before: MatesState,
    names: tuple[int, ...],
    move: Callable[[MatesState], MatesState],
) -> tuple[MatesState, tuple[int, ...]]:
    """``move`` replayed on slots until the events it logs are the log's own: each card the
    log shows turned up names the slot the replay turned up there."""
    log = view.log
    start = len(before.log)
    while True:
        after = move(attrs.evolve(before, cards=_slot_cards(view.cards, names)))
        new = after.log[start:]
        for offset, event in enumerate(new):
            if start + offset >= len(log):
                raise Untrackable("the replay runs past the log")
            real = log[start + offset]
            if type(real) is not type(event):
                raise Untrackable(f"{type(event).__name__} where the log has {type(real)}")
            if isinstance(event, _NAMED):
                slot = event.card
                if names[slot] == HIDDEN:
                    if real.card in names:
                        raise Untrackable("a card seen in two slots")
                    names = names[:slot] + (real.card,) + names[slot + 1 :]
                    break  # replay with this slot named
                if names[slot] != real.card:
                    raise Untrackable("a slot shows two cards")
                event = attrs.evolve(event, card=real.card)
            if event != real:
                raise Untrackable(f"{event!r} where the log has {real!r}")
        else:
            return after, names


def _replayed(event: Any, seat: Seat) -> Callable[[MatesState], MatesState] | None:
    """The player's action an event records, as a step of the rules (None for the events the
    rules log by themselves). A piece attack is played without ``apply``'s check against the
    attacker's card, which the log shows only once the counter-attacks are in."""
    if isinstance(event, EloAnnounced):
        return lambda s: MATES.apply(s, seat, EloAttack(event.side))
    if isinstance(event, PieceAnnounced):
        if event.role == "attack":
            return lambda s: piece_attack(record_kind(s, PIECE), event.piece)
        p = event.piece
        return lambda s: MATES.apply(s, seat, PieceAttack(p.color, p.piece, p.square))
    return None


def _advance(view: MatesState, known: Tracked) -> Tracked:
    """``known`` carried to the end of the view's log, one recorded action at a time (each
    step remembered)."""
    log = view.log
    state, names, at = known.state, known.names, known.length
    while at < len(log):
        move = _replayed(log[at], state.active)
        if move is None:
            raise Untrackable("an event no action explains")
        state, names = _step(view, state, names, move)
        at = len(state.log)
        _remember(view, log[at - 1], Tracked(state, names, at))
    return Tracked(state, names, at)


_CACHE_SIZE = 1024  # replay steps remembered: several whole games
_cache: dict[int, tuple[Any, tuple[Card, ...], Tracked]] = {}  # id(last event) -> its replay
_lock = threading.Lock()


def _remember(view: MatesState, last: Any, known: Tracked) -> None:
    with _lock:
        _cache[id(last)] = (last, view.cards, known)  # holding the event keeps its id unique
        while len(_cache) > _CACHE_SIZE:
            del _cache[next(iter(_cache))]


def _recalled(view: MatesState) -> Tracked | None:
    """The longest remembered replay of a head of the view's log. An event object belongs to
    one game's history, so the event that ends a remembered replay vouches for everything
    before it."""
    log = view.log
    with _lock:
        for k in range(len(log), 0, -1):
            hit = _cache.get(id(log[k - 1]))
            if hit is None:
                continue
            last, deck, known = hit
            if last is log[k - 1] and known.length == k and deck == view.cards:
                return known
    return None


def tracked(view: MatesState) -> Tracked:
    """The view's log replayed on slots. Replays are remembered step by step, so a game in
    progress replays only its newest actions; the answer is the same with or without the
    memory."""
    known = _recalled(view)
    return _advance(view, known if known is not None else _start(view))


# --- worlds --------------------------------------------------------------------------------------


def _relabel_stack(stack: Stack, name: Callable[[int], int]) -> Stack:
    return Stack(
        active=None if stack.active is None else name(stack.active),
        shown=tuple(map(name, stack.shown)),
        blind=tuple(map(name, stack.blind)),
    )


def _relabel_round(r: Round, name: Callable[[int], int]) -> Round:
    duels = tuple(
        attrs.evolve(
            d, defence=_relabel_stack(d.defence, name), attack=_relabel_stack(d.attack, name)
        )
        for d in r.duels
    )
    return attrs.evolve(r, card=name(r.card), duels=duels)


def _fill(view: MatesState, slots: MatesState, names: list[int], rng: random.Random) -> MatesState:
    """``slots`` (a table whose card ids are slots) with every slot named: ``names`` as far as
    they go, the rest dealt at random from the cards none of them names."""
    free = sorted(set(range(len(view.cards))) - set(names))
    rng.shuffle(free)
    deal = iter(free)
    names = [n if n != HIDDEN else next(deal) for n in names]
    name = names.__getitem__
    return attrs.evolve(
        view,
        rng=Rng.from_seed(rng.getrandbits(64)),
        piles=tuple(tuple(map(name, p)) for p in slots.piles),
        unused=tuple(map(name, slots.unused)),
        round=None if slots.round is None else _relabel_round(slots.round, name),
    )


def _visible(view: MatesState) -> set[int]:
    """The card ids the view shows."""
    r = view.round
    if r is None:
        return set()
    out = {r.card} - {HIDDEN}
    for d in r.duels:
        for stack in (d.defence, d.attack):
            out.update(c for c in stack.cards if c != HIDDEN)
    return out


def _on_view(view: MatesState) -> tuple[MatesState, list[int]]:
    """The view as its own slots, for a table whose log cannot be replayed: the cards it shows
    keep their ids, each HIDDEN card gets a slot of its own among the other ids."""
    shown = _visible(view)
    spare = iter(c for c in range(len(view.cards)) if c not in shown)

    def slot(c: int) -> int:
        if c != HIDDEN:
            return c
        free = next(spare, None)
        if free is None:
            raise ValueError("the view hides more cards than the deck holds")
        return free

    piles = tuple(tuple(map(slot, p)) for p in view.piles)
    unused = tuple(map(slot, view.unused))
    r = None if view.round is None else _relabel_round(view.round, slot)
    names = [c if c in shown else HIDDEN for c in range(len(view.cards))]
    return attrs.evolve(view, piles=piles, unused=unused, round=r), names


REACH = 8  # cards from the top of a pile a round may turn up, as a rule


class Worlds:
    """The full tables consistent with one seat's view: what the seat has tracked stays in
    place, the rest is dealt at random from the cards nobody has seen. ``certain`` when every
    card the round may turn up is known: then one world is as good as many."""

    def __init__(self, view: MatesState) -> None:
        self.view = view
        try:
            known = tracked(view)
        except Untrackable:
            self.slots, self.names = _on_view(view)
        else:
            self.slots, self.names = known.state, list(known.names)
            r, seen = known.state.round, view.round
            if r is not None and seen is not None and seen.card != HIDDEN:
                self.names[r.card] = seen.card  # the attacker has looked at his card
        r = self.slots.round
        ahead = [t for p in self.slots.piles for t in p[:REACH]]
        if r is not None:
            ahead.append(r.card)
            ahead += (c for d in r.duels for st in (d.defence, d.attack) for c in st.shown)
            ahead += (d.defence.active for d in r.duels if d.defence.active is not None)
            ahead += (d.attack.active for d in r.duels if d.attack.active is not None)
        self.certain = all(self.names[t] != HIDDEN for t in ahead)

    def sample(self, rng: random.Random) -> MatesState:
        return _fill(self.view, self.slots, self.names, rng)


def determinize(view: MatesState, seat: Seat, rng: random.Random) -> MatesState:
    """A full table consistent with ``seat``'s view: every card the public log has shown stays
    where the rules have since put it, the others are dealt at random from the unseen cards,
    and the RNG is fresh (seeded from ``rng``)."""
    return Worlds(view).sample(rng)


# --- the search ----------------------------------------------------------------------------------

PLAYOUTS = 64  # playouts per decision, before the bench's scaling
MIN_WORLDS = 2  # worlds every candidate is scored on at least (scaled like the playouts)
HORIZON = 1  # rounds played out, the decision's own included


def _value(state: MatesState, seat: Seat) -> float:
    """The seat's share of the cards in play (the attacker's card counts as his)."""
    if state.phase == OVER:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    mine = len(state.piles[seat])
    r = state.round
    if r is not None and r.attacker == seat:
        mine += 1
    return mine / (len(state.cards) - len(state.unused))


def _seen_by(state: MatesState, seat: Seat) -> MatesState:
    """What ``strong`` reads of ``seat``'s view, without filtering the log (every event of the
    table is public): the attacker's card stays hidden from the others until it is shown."""
    r = state.round
    if r is None or r.revealed or seat == r.attacker:
        return state
    return attrs.evolve(state, round=attrs.evolve(r, card=HIDDEN))


_NO_RNG = random.Random(0)  # ``strong`` draws nothing at the table


def _play_out(state: MatesState, seat: Seat, until: int) -> float:
    """Play ``strong`` for every seat until round ``until`` is over; the seat's value then."""
    while state.phase != OVER and state.rounds <= until:
        mover = state.active
        state = MATES.apply(state, mover, strong(_seen_by(state, mover), mover, _NO_RNG))
    return _value(state, seat)


Valuer = Callable[[Any, int], float]  # an action's value for the seat in world ``i``


def _search(
    view: MatesState, seat: Seat, world: Callable[[int], MatesState], certain: bool
) -> tuple[Any, Valuer | None]:
    """The best action and the value the search scored actions by (None: one legal action)."""
    legal = MATES.legal_actions(view, seat)
    if len(legal) == 1:
        return legal[0], None
    worlds: dict[int, MatesState] = {}
    until = view.rounds + HORIZON - 1

    def value(action: Any, i: int) -> float:
        if i not in worlds:
            worlds[i] = world(i)
        return _play_out(MATES.apply(worlds[i], seat, action), seat, until)

    if certain:  # one world, each candidate played out once
        return best_action(legal, value, len(legal), min_worlds=1), value
    return best_action(legal, value, budget(PLAYOUTS), min_worlds=budget(MIN_WORLDS)), value


def expert(view: MatesState, seat: Seat, rng: random.Random) -> Any:
    """Counts every card the table has shown, then plays out the round in sampled worlds."""
    return decision(view, seat, rng)[0]


def decision(view: MatesState, seat: Seat, rng: random.Random) -> tuple[Any, Valuer | None]:
    """``expert``'s move and the value its search scored actions by (None without a search):
    the coach scores a move on the same worlds."""
    if view.phase in (PUZZLE, REVIEW):
        return strong(view, seat, rng), None
    seed_of = world_seeds(rng)
    worlds = Worlds(view)
    return _search(view, seat, lambda i: worlds.sample(random.Random(seed_of(i))), worlds.certain)


def oracle(state: MatesState, seat: Seat, rng: random.Random) -> Any:
    """The same search on the real table: every pile in its true order."""
    if state.phase in (PUZZLE, REVIEW):
        return strong(MATES.view(state, seat), seat, rng)
    return _search(MATES.view(state, seat), seat, lambda i: state, certain=True)[0]
