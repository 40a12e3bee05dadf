"""Gallic expert: exchanges searched in sampled deals, for what this battle is worth to the war.

``expert`` deals the cards it cannot see at random, consistently with its view: its own deck
in any order, the other side's hand from the cards that side has not shown (drawn as its
exchange, once made, suggests) and a fresh RNG for the reshuffles. In those worlds it scores a
shortlist of exchanges (the best by expected total, and the best of each size) against many
deals of the other side's battle, the cards moving by the rules' own draw. A battle counts by
what it can still change in the war, the battles after it taken as even (three in a row ends
the war at once, the last battle decides it); when the deck is nearly spent, the exchange also
decides which known cards the next battle is dealt, so that battle is played out too. The
expert leaves the best expected total only when the search shows a clear gain.

The two sides never touch each other's cards, so each side's battles are played alone and
every deal of one side is compared with every deal of the other: a candidate is scored
against the whole spread of the other side's totals, not against one sample of it.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations, product

import attrs

from engine import search
from engine.core import HIDDEN, Seat
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import DECK_SIZE, HAND_SIZE, MAX_EXCHANGE, ROME
from engine.gallic.rules import decide, draw_cards
from engine.gallic.scoring import FAST_PROFILE, hand_total
from engine.gallic.state import (
    DISCARD,
    Battle,
    BattleStarted,
    Exchanged,
    GallicState,
    Reshuffled,
    Side,
)
from engine.rng import Rng

PLAYOUTS = 240  # (candidate, world) scores per decision, before the bench's scaling
SHORTLIST = 6  # exchanges searched: the best three by expected total, the best of other sizes
OPPONENT_DEALS = 40  # deals of the other side's battle every candidate is measured against
NEAR_RESHUFFLE = 8  # cards left in the deck at or below which the next battle is played out
NEXT_DEALS = 4  # deals of that next battle per world and candidate
GUARD_Z = 1.0  # standard errors by which a choice must beat the best expected total
DRAW_CHANCE = 0.04  # of a battle beyond the search (about what strong players see)
GREEDY_BELOW = 5  # the next battle's quick exchange: cards worth less than this go
TRIES = 8  # deals tried to match the number of cards the other side has exchanged

# The other side's exchange: every undominated discard gets FIRST deals, the best FINALISTS
# get FINAL more (the strong bot's method with fewer samples).
FIRST, FINALISTS, FINAL = 4, 4, 16


# --- exchanges ----------------------------------------------------------------------------------


def discards(hand: Sequence[int], side: Seat) -> list[tuple[int, ...]]:
    """The exchanges worth weighing: penalties always go, and within a kind the weakest cards
    go first (keeping a weaker card of the same kind instead is never better)."""
    fast = FAST_PROFILE[side]
    kinds: list[list[tuple[int, int]]] = [[] for _ in range(6)]
    for c in hand:
        k, s = fast[c]
        kinds[k].append((s, c))
    for group in kinds:
        group.sort()
    penalties = [c for _s, c in kinds[5]][:MAX_EXCHANGE]
    room = MAX_EXCHANGE - len(penalties)
    out = []
    for counts in product(*(range(len(g) + 1) for g in kinds[:5])):
        if sum(counts) > room:
            continue
        cards = list(penalties)
        for group, n in zip(kinds[:5], counts, strict=True):
            cards += [c for _s, c in group[:n]]
        out.append(tuple(sorted(cards)))
    return out


def ranked(
    hand: Sequence[int],
    deck: Sequence[int],
    side: Seat,
    rng: random.Random,
    sizes: tuple[int, int, int] = (FIRST, FINALISTS, FINAL),
) -> list[tuple[float, tuple[int, ...]]]:
    """Undominated exchanges with their mean sampled total, best first (fewer cards on ties).

    ``sizes`` is (first, finalists, final): every exchange is scored on ``first`` common deals
    from ``deck`` (its cards in any order), the best ``finalists`` on ``final`` more. A deck
    shorter than the exchange is not topped up: the reshuffle is too rare to change a ranking.
    """
    first, finalists, final = sizes
    hand = tuple(sorted(hand))
    options = discards(hand, side)
    kept = [tuple(c for c in hand if c not in o) for o in options]
    sums = [0] * len(options)
    counts = [0] * len(options)
    pool = sorted(deck)
    take = min(MAX_EXCHANGE, len(pool))

    def deal(indices: list[int], n: int) -> None:
        for _ in range(n):
            drawn = tuple(rng.sample(pool, take))
            for i in indices:
                sums[i] += hand_total(side, kept[i] + drawn[: len(options[i])])
                counts[i] += 1

    everyone = list(range(len(options)))
    deal(everyone, first)
    order = sorted(everyone, key=lambda i: (-sums[i], len(options[i]), i))
    deal(order[:finalists], final)
    order = sorted(everyone, key=lambda i: (-sums[i] / counts[i], len(options[i]), i))
    return [(sums[i] / counts[i], options[i]) for i in order]


def greedy(hand: Sequence[int], side: Seat) -> tuple[int, ...]:
    """A cheap exchange for a battle further ahead: penalties and cards that do not count go
    first, then the cards worth least while they are worth less than ``GREEDY_BELOW``."""
    h = list(hand)
    out: list[int] = []
    total = hand_total(side, h)
    while len(out) < MAX_EXCHANGE:
        worth, i = min((total - hand_total(side, h[:i] + h[i + 1 :]), i) for i in range(len(h)))
        if worth >= GREEDY_BELOW:
            break
        out.append(h.pop(i))
        total -= worth
    return tuple(sorted(out))


def unseen_deck(side: Side) -> list[int]:
    """A side's deck as a set: its 36 cards minus hand, discard pile and exchanged cards."""
    known = set(side.hand) | set(side.discard) | set(side.exchanged)
    return [c for c in range(DECK_SIZE) if c not in known]


# --- one side's cards, played alone ---------------------------------------------------------------


def exchange(side: Side, seat: Seat, out: tuple[int, ...], rng: Rng) -> Side:
    """Put ``out`` face down and draw as many, by the rules' own draw (reshuffle included)."""
    if not out:
        return side
    side = attrs.evolve(
        side,
        hand=tuple(c for c in side.hand if c not in out),
        exchanged=side.exchanged + out,
    )
    return draw_cards(side, len(out), seat, rng)[0]


def next_battle(side: Side, seat: Seat, rng: random.Random) -> int:
    """A total of the battle after this one: the hand is cleared, eight cards are dealt from
    the rest of the deck (a reshuffle after it) and ``greedy`` exchanges. The rest of the deck
    is put in a fresh order: which cards are left is what the exchange decided, their order is
    only the world's guess."""
    rest = list(side.deck)
    rng.shuffle(rest)
    pile = tuple(sorted(side.discard + side.hand + side.exchanged))
    shuffles = Rng.from_seed(rng.getrandbits(64))
    dealt, shuffles, _ = draw_cards(
        Side(deck=tuple(rest), hand=(), discard=pile), HAND_SIZE, seat, shuffles
    )
    return hand_total(seat, exchange(dealt, seat, greedy(dealt.hand, seat), shuffles).hand)


# --- what a battle is worth to the war ------------------------------------------------------------


def _battles(winners: tuple[Seat | None, ...]) -> tuple[Battle, ...]:
    """Stand-ins for fought battles: the war's outcome reads only their winners."""
    return tuple(
        Battle(number=i + 1, hands=((), ()), counted=((), ()), totals=(0, 0), winner=w)
        for i, w in enumerate(winners)
    )


@functools.lru_cache(maxsize=1 << 14)
def settled(winners: tuple[Seat | None, ...], battles_to_play: int, streak_to_win: int) -> float:
    """Rome's result once these battle winners decide the war (1, 0, or 0.5 for a draw); -1
    while the war goes on."""
    result = decide(_battles(winners), battles_to_play, streak_to_win)
    if result is None:
        return -1.0
    return 0.5 if not result.winners else float(result.winners == (ROME,))


@functools.lru_cache(maxsize=1 << 14)
def even_odds(winners: tuple[Seat | None, ...], battles_to_play: int, streak_to_win: int) -> float:
    """Rome's chance of winning the war (a draw counts half) after these battle winners, if
    every battle still to come is a coin toss with a small chance of a draw."""
    result = settled(winners, battles_to_play, streak_to_win)
    if result >= 0:
        return result
    even = (1.0 - DRAW_CHANCE) / 2
    return sum(
        p * even_odds(winners + (w,), battles_to_play, streak_to_win)
        for p, w in ((even, 0), (even, 1), (DRAW_CHANCE, None))
    )


def war_table(state: GallicState, seat: Seat, battles: int) -> list[list[float]]:
    """``seat``'s chance in the war once this battle (and, with ``battles`` 2, the next) is
    over, by how each went for ``seat``: ``table[this][next]``, 0 won, 1 lost, 2 drawn."""
    past = tuple(b.winner for b in state.battles)
    mark = (seat, 1 - seat, None)
    rules = (state.battles_to_play, state.streak_to_win)
    table = []
    for now in range(3):
        row = []
        for then in range(3):
            winners = past + (mark[now],)
            if battles > 1 and settled(winners, *rules) < 0 and len(winners) < rules[0]:
                winners += (mark[then],)
            rome = even_odds(winners, *rules)
            row.append(rome if seat == ROME else 1.0 - rome)
        table.append(row)
    return table


def _result(mine: int, theirs: int) -> int:
    return 0 if mine > theirs else 1 if theirs > mine else 2


# --- worlds ---------------------------------------------------------------------------------------


def _this_battle(log: Sequence[object], seat: Seat) -> tuple[int | None, bool]:
    """How many cards ``seat`` exchanged in this battle (None: not yet), and whether its deck
    was reshuffled meanwhile: the log since the battle started."""
    count, reshuffled = None, False
    for event in reversed(log):
        if isinstance(event, BattleStarted):
            break
        if isinstance(event, Exchanged) and event.seat == seat:
            count = event.count
        if isinstance(event, Reshuffled) and event.seat == seat:
            reshuffled = True
    return count, reshuffled


def _their_side(view: GallicState, other: Seat, rng: random.Random) -> Side:
    """The other side's cards dealt from those it has not shown."""
    side = view.sides[other]
    shown_hand = [c for c in side.hand if c != HIDDEN]
    shown_out = [c for c in side.exchanged if c != HIDDEN]
    known = set(side.discard) | set(shown_hand) | set(shown_out)
    unseen = [c for c in range(DECK_SIZE) if c not in known]
    count, reshuffled = _this_battle(view.log, other)
    if count is not None and not reshuffled and not shown_hand and not shown_out:
        return _after_exchange(side, unseen, other, count, rng)
    rng.shuffle(unseen)
    hidden_hand = len(side.hand) - len(shown_hand)
    hidden_out = len(side.exchanged) - len(shown_out)
    return Side(
        deck=tuple(unseen[hidden_hand + hidden_out :]),
        hand=tuple(shown_hand + unseen[:hidden_hand]),
        discard=side.discard,
        exchanged=tuple(shown_out + unseen[hidden_hand : hidden_hand + hidden_out]),
    )


def _after_exchange(side: Side, unseen: list[int], seat: Seat, k: int, rng: random.Random) -> Side:
    """A side that has exchanged ``k`` cards: of a few dealt hands, the first one a quick
    player would also exchange ``k`` from (else the closest), less its best ``k`` to lose,
    plus ``k`` more cards. A kept hand is a strong one; four exchanged, a weak one."""
    best: tuple[int, list[int]] | None = None
    for _ in range(TRIES):
        rng.shuffle(unseen)
        miss = abs(len(greedy(unseen[:HAND_SIZE], seat)) - k)
        if best is None or miss < best[0]:
            best = (miss, unseen[:])
        if not miss:
            break
    assert best is not None
    before, deck = best[1][:HAND_SIZE], best[1][HAND_SIZE:]
    sized = [o for _v, o in ranked(before, deck, seat, rng) if len(o) == k]
    out = sized[0] if sized else _lose_least(before, seat, k)
    kept = tuple(c for c in before if c not in out)
    return Side(
        deck=tuple(deck[k:]), hand=kept + tuple(deck[:k]), discard=side.discard, exchanged=out
    )


def _lose_least(hand: Sequence[int], seat: Seat, k: int) -> tuple[int, ...]:
    """The ``k`` cards whose loss costs the hand least (for exchanges the pruning never
    weighs, such as keeping a penalty)."""
    return max(
        combinations(sorted(hand), k),
        key=lambda out: hand_total(seat, [c for c in hand if c not in out]),
    )


def determinize(view: GallicState, seat: Seat, rng: random.Random) -> GallicState:
    """A full state consistent with ``seat``'s view: its own deck in a random order, the other
    side's unseen cards dealt at random (its hand drawn as its exchange suggests), and a fresh
    RNG for the reshuffles to come."""
    mine = view.sides[seat]
    own = unseen_deck(mine)
    rng.shuffle(own)
    sides = [view.sides[0], view.sides[1]]
    sides[seat] = attrs.evolve(mine, deck=tuple(own))
    sides[1 - seat] = _their_side(view, 1 - seat, rng)
    return attrs.evolve(view, rng=Rng.from_seed(rng.getrandbits(64)), sides=(sides[0], sides[1]))


# --- the search -----------------------------------------------------------------------------------


def shortlist(state: GallicState, seat: Seat, rng: random.Random) -> list[Discard]:
    """The exchanges worth a search, best expected total first: the three best, then the best
    of each other size (how many cards to draw is also a choice about the deck)."""
    side = state.sides[seat]
    options = ranked(side.hand, unseen_deck(side), seat, rng, (8, 8, 60))
    chosen = [o for _v, o in options[: SHORTLIST // 2]]
    for _v, o in options:
        if len(chosen) >= SHORTLIST:
            break
        if all(len(c) != len(o) for c in chosen):
            chosen.append(o)
    return [Discard(o) for o in chosen]


Valuer = Callable[[Discard, int], float]  # an exchange's value for the seat in world ``w``


def _search(
    state: GallicState,
    seat: Seat,
    rng: random.Random,
    world: Callable[[random.Random], GallicState],
) -> Discard | Continue:
    return _decide(state, seat, rng, world)[0]


def _decide(
    state: GallicState,
    seat: Seat,
    rng: random.Random,
    world: Callable[[random.Random], GallicState],
) -> tuple[Discard | Continue, Valuer | None]:
    """The search's move and the value it scored exchanges by (None without a search): the
    coach scores a move the search never weighed on the same worlds."""
    if state.phase != DISCARD:
        return Continue(), None
    options = shortlist(state, seat, rng)
    if len(options) == 1:
        return options[0], None
    seed_of = search.world_seeds(rng)
    other = 1 - seat
    table = war_table(state, seat, 2)
    ahead = len(state.sides[seat].deck) <= NEAR_RESHUFFLE and any(len(set(r)) > 1 for r in table)
    if not ahead:
        table = war_table(state, seat, 1)
    dealt: dict[int, GallicState] = {}
    theirs: list[tuple[int, int]] = []
    later: dict[tuple, list[int]] = {}
    scores: dict[tuple[Discard, int], float] = {}

    def deal(w: int) -> GallicState:
        if w not in dealt:
            dealt[w] = world(random.Random(seed_of(w)))
        return dealt[w]

    def their_battles(w: int) -> tuple[int, int]:
        full = deal(w)
        side, r = full.sides[other], random.Random(seed_of(w) ^ 1)
        if other not in full.chosen:
            side = exchange(
                side, other, ranked(side.hand, unseen_deck(side), other, r)[0][1], full.rng
            )
        return hand_total(other, side.hand), next_battle(side, other, r) if ahead else 0

    def value(action: Discard, w: int) -> float:
        if not theirs:
            theirs.extend(their_battles(i) for i in range(OPPONENT_DEALS))
        full = deal(w)
        side = exchange(full.sides[seat], seat, action.cards, full.rng)
        now = hand_total(seat, side.hand)
        if not ahead:
            score = sum(table[_result(now, o)][0] for o, _ in theirs) / len(theirs)
        else:
            key = (w, tuple(sorted(side.deck)), tuple(sorted(side.hand)))
            if key not in later:
                r = random.Random(seed_of(w) ^ 2)
                later[key] = [next_battle(side, seat, r) for _ in range(NEXT_DEALS)]
            score = sum(
                table[_result(now, o)][_result(then, o_then)]
                for o, o_then in theirs
                for then in later[key]
            ) / (len(theirs) * NEXT_DEALS)
        scores[action, w] = score
        return score

    choice = search.best_action(options, value, search.budget(PLAYOUTS), min_worlds=8)
    return (choice if _clearly_better(scores, choice, options[0]) else options[0]), value


def _clearly_better(
    scores: dict[tuple[Discard, int], float], choice: Discard, default: Discard
) -> bool:
    """Whether ``choice`` beats ``default`` (the best expected total) by more than the noise
    of the worlds both were scored in: the search's other reasons are followed only when clear."""
    if choice == default:
        return True
    diffs = [
        v - scores[default, w]
        for (a, w), v in scores.items()
        if a == choice and (default, w) in scores
    ]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean > 0 and mean > GUARD_Z * spread


def expert(view: GallicState, seat: Seat, rng: random.Random) -> Discard | Continue:
    """Searches its exchanges in sampled deals, for this battle and the next."""
    return decision(view, seat, rng)[0]


def decision(
    view: GallicState, seat: Seat, rng: random.Random
) -> tuple[Discard | Continue, Valuer | None]:
    """``expert``'s move with the value its search scored exchanges by (for the coach)."""
    return _decide(view, seat, rng, lambda r: determinize(view, seat, r))


def oracle(state: GallicState, seat: Seat, rng: random.Random) -> Discard | Continue:
    """The same search handed the real state: the other hand, both deck orders and the RNG."""
    return _search(state, seat, rng, lambda r: state)
