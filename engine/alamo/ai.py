"""El Álamo bots: ``(view, seat, rng) -> action``, reading only their own seat's view.

``easy`` is careless but legal: it fires, pays, attacks and defends more or less at random.
``strong`` plans by the expected margin from what it can see. As the Mexican it builds one
big attack: it declines until its hand is full (or its deck can no longer fill it), then samples
the Texan hand from the Texan cards it has not seen (deck and hand together: 60 minus the Texan
discards and table), takes the Texan's best defence in each sample and attacks with the
composition of best expected result (a beaten attack still costs the Texan the cards he beat it
with), or declines. As the Texan it knows the attack total and picks the defence that costs
him the fewest cards for good against the Mexican's; a battle it cannot win it fights with
every card the limits allow (let through, it would hand Santa Anna his whole attack back into
his deck). Payments weigh hand cards against deck cards (the deck is each side's clock). In
the solitaire, once the attack is face up the rest of the turn is certain, so it searches
every payment and every choice of repelling cards for the fewest men lost and the best hand
kept.
"""

from __future__ import annotations

import functools
import random
from itertools import combinations
from typing import Any

from engine.alamo.actions import (
    AddCard,
    Confirm,
    Decline,
    Discard,
    Fire,
    PayTopOfDeck,
    PayWith,
    RemoveCard,
    ReturnToDeck,
    Roll,
    StopFiring,
)
from engine.alamo.data import (
    ARTILLERY,
    DECK_SIZE,
    DECKS,
    DEFENCE,
    HAND_LIMIT,
    LEADER,
    MEXICANS,
    TACTIC,
    TEXANS,
    TROOP,
)
from engine.alamo.rules import ALAMO
from engine.alamo.solitaire import fire_group
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FIRE,
    FOR_BOMBARDMENT,
    PAY,
    REPEL,
    ROLL,
    SOLITAIRE,
    SURVIVORS,
    AlamoState,
)
from engine.alamo.tally import (
    battle_total,
    can_attack_with,
    limit_problems,
    pay_value,
    repel_choices,
)
from engine.core import Seat

SAMPLES = 40  # Texan hands sampled by the strong Mexican per attack decision
CLOCK = 30  # what a card of one's own deck is worth, in strength points
COUNTER = 40  # solitaire: what a section of 10 men is worth, in strength points
LOSS_CREDIT = 1.5  # a beaten attack still costs the Texan the cards he beat it with
HAND_WORTH = 0.003  # a defence's tie-break: lost cards for each strength point left in hand

_AVERAGE = tuple(sum(c.pay_value for c in deck) / DECK_SIZE for deck in DECKS)


def _legal(view: AlamoState, seat: Seat) -> tuple[Any, ...]:
    return ALAMO.legal_actions(view, seat)


# --- easy --------------------------------------------------------------------------------------


def easy(view: AlamoState, seat: Seat, rng: random.Random) -> Any:
    """Careless but legal: random firing, paying, trimming and battle hands."""
    phase = view.phase
    legal = _legal(view, seat)
    if phase == ROLL:
        return Roll()
    if phase in (BOMBARD, FIRE, PAY, DISCARD):
        if phase == BOMBARD and rng.random() < 0.5:
            return StopFiring()
        return rng.choice(legal)
    if phase == REPEL:
        return _towards(view, repel_choices(view.sides[TEXANS].hand, _attack(view))[-1])
    adds = [a for a in legal if isinstance(a, AddCard)]
    if Confirm() in legal and (not adds or rng.random() < 0.4):
        return Confirm()
    if adds and (phase != ATTACK or view.selection or rng.random() < 0.7):
        return rng.choice(adds)
    return Decline() if phase == ATTACK else Confirm()


def _attack(view: AlamoState) -> int:
    assert view.battle is not None
    return view.battle.attack_total


def _towards(view: AlamoState, target: tuple[int, ...]) -> Any:
    """The next toggle that turns the selection into ``target``, or Confirm."""
    for c in view.selection:
        if c not in target:
            return RemoveCard(c)
    for c in target:
        if c not in view.selection:
            return AddCard(c)
    return Confirm()


# --- strong ------------------------------------------------------------------------------------


def strong(view: AlamoState, seat: Seat, rng: random.Random) -> Any:
    phase = view.phase
    if phase == ROLL:
        return Roll()
    if view.mode == SOLITAIRE:
        return _solo(view, rng)
    if phase == BOMBARD:
        return _bombard(view, seat)
    if phase == PAY:
        return _pay(view, seat)
    if phase == DISCARD:
        worst = min(view.sides[seat].hand, key=lambda c: (_keep_value(view, seat, c), c))
        return Discard(worst) if seat == MEXICANS else ReturnToDeck(worst)
    if phase == ATTACK:
        return _towards_or(view, _plan_attack(view, rng), Decline())
    if phase in (DEFEND, SURVIVORS):
        return _towards(view, strong_selection(view, seat))
    raise ValueError(f"no move in phase {phase!r}")


def strong_selection(view: AlamoState, seat: Seat) -> tuple[int, ...]:
    """The whole defence or set of survivors ``strong`` builds card by card (the expert's
    playouts play it in one go)."""
    if view.phase == DEFEND:
        return _plan_defence(view)
    return _plan_survivors(view, seat)


def towards(view: AlamoState, target: tuple[int, ...] | None) -> Any:
    """The next toggle from the selection in progress to ``target``, then Confirm; with no
    target, the selection emptied, then Decline (every bot builds its choices this way)."""
    return _towards_or(view, target, Decline())


def _towards_or(view: AlamoState, target: tuple[int, ...] | None, otherwise: Any) -> Any:
    if target is None:
        return otherwise if not view.selection else _towards(view, ())
    return _towards(view, target)


def _keep_value(view: AlamoState, seat: Seat, c: int) -> float:
    """How much a hand card is worth keeping: strength, plus its part in bonuses."""
    card = DECKS[seat][c]
    hand = view.sides[seat].hand
    value = float(card.pay_value)
    if card.double:
        value = 60.0
    if seat == MEXICANS:
        if card.kind == LEADER:
            value += 10 * sum(
                1
                for h in hand
                if DECKS[MEXICANS][h].kind == TROOP and DECKS[MEXICANS][h].column == card.column
            )
            value += 20
        elif card.kind == TROOP and card.column == "Reserve":
            value += 15
        elif card.kind == TROOP and any(
            DECKS[MEXICANS][h].kind == LEADER and DECKS[MEXICANS][h].column == card.column
            for h in hand
        ):
            value += 10
        return value
    if (
        card.kind == TROOP
        and card.bonus_with
        and any(DECKS[TEXANS][h].name == card.bonus_with for h in hand)
    ):
        value += 10
    return value


def _bombard(view: AlamoState, seat: Seat) -> Any:
    """Fire the Artillery cards, weakest first, keeping back the strongest one when the
    Mexican can attack this turn, and two for the defence when the Texan hand is short."""
    hand = view.sides[seat].hand
    guns = sorted(
        (c for c in hand if DECKS[seat][c].kind == ARTILLERY),
        key=lambda c: (DECKS[seat][c].strength, c),
    )
    keep = 0
    if seat == MEXICANS and can_attack_with(hand):
        keep = 1
    if seat == TEXANS and len(hand) <= 4:
        keep = 2
    return Fire(guns[0]) if len(guns) > keep else StopFiring()


def _card_costs(view: AlamoState, seat: Seat) -> dict[int, float]:
    """What losing each hand card costs: cards the hand would shed at the Discard phase
    anyway are cheap (the Mexican loses them; the Texan would put them back in his deck)."""
    hand = view.sides[seat].hand
    surplus = len(hand) - HAND_LIMIT if view.battle is None else 0
    keep = {c: _keep_value(view, seat, c) for c in hand}
    cheap = {c for _, c in sorted((keep[c], c) for c in hand)[: max(0, surplus)]}
    shed = 0 if seat == MEXICANS else CLOCK * 0.5
    return {c: shed if c in cheap else keep[c] for c in hand}


def _pay(view: AlamoState, seat: Seat) -> Any:
    p = view.payment
    assert p is not None
    legal = _legal(view, seat)
    side = view.sides[seat]
    hand_options = [a for a in legal if isinstance(a, PayWith)]
    can_top = PayTopOfDeck() in legal
    if not hand_options:
        return PayTopOfDeck()
    best_cover: tuple[int, ...] | None = None
    best_cost = float("inf")
    usable = tuple(a.card for a in hand_options)
    worth = {c: pay_value(seat, c) for c in usable}
    costs = _card_costs(view, seat)
    # Try a few covers: the cheapest by strength, and by keep value (greedy small sets).
    for k in range(1, min(len(usable), 4) + 1):
        if sum(sorted(worth.values(), reverse=True)[:k]) < p.due:
            continue  # no k cards cover the debt
        for combo in combinations(usable, k):
            value = sum(worth[c] for c in combo)
            if value < p.due:
                continue
            if any(value - worth[c] >= p.due for c in combo):
                continue  # a card not needed
            cost = 0.0
            for c in combo:
                cost += costs[c]
            if cost < best_cost:
                best_cover, best_cost = combo, cost
    if can_top:
        if p.cause == FOR_BOMBARDMENT:
            deck_cost = CLOCK
        else:
            deck_cost = CLOCK * max(1.0, p.due / _AVERAGE[seat])
        deck_cost *= 1.0 + 8.0 / max(1, len(side.deck))  # a short deck is precious
        if best_cover is None or deck_cost < best_cost:
            return PayTopOfDeck()
    if best_cover is None:
        return max(hand_options, key=lambda a: (pay_value(seat, a.card), -a.card))
    return PayWith(best_cover[0])


def _subsets(cards: tuple[int, ...]):
    """Every subset of a battle hand or table (at most 7 or 8 cards, so at most 256)."""
    cards = tuple(sorted(cards))
    for k in range(len(cards) + 1):
        yield from combinations(cards, k)


@functools.lru_cache(maxsize=4096)
def legal_battle_hands(seat: Seat, hand: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every legal attack or defence from ``hand`` with its total (cached: the expert's
    playouts ask for the same hands again and again; callers only read the list)."""
    out = []
    for combo in _subsets(hand):
        if limit_problems(seat, combo):
            continue
        if seat == MEXICANS and not can_attack_with(combo):
            continue
        out.append((combo, battle_total(seat, combo)))
    return out


def most_cards(seat: Seat, hand: tuple[int, ...]) -> tuple[int, ...] | None:
    """The legal attack or defence with the most cards, then the highest total."""
    options = legal_battle_hands(seat, hand)
    if not options:
        return None
    return max(options, key=lambda o: (len(o[0]), o[1], o[0]))[0]


def best_defence(hand: tuple[int, ...]) -> int:
    """The highest legal Texan defence total from ``hand`` (greedy per leader, exact)."""
    prof = DECKS[TEXANS]
    troops = [c for c in hand if prof[c].kind == TROOP]
    leaders = [c for c in hand if prof[c].kind == LEADER]
    by_kind: dict[str, list[int]] = {}
    for c in hand:
        by_kind.setdefault(prof[c].kind, []).append(prof[c].strength)
    for values in by_kind.values():
        values.sort(reverse=True)
    guns = by_kind.get(ARTILLERY, [])[:2]
    fixed = (
        sum(prof[c].strength for c in troops)
        + sum(by_kind.get("equipment", [])[:2])
        + sum(guns)
        + sum(by_kind.get("morale", [])[:1])
        + sum(by_kind.get(DEFENCE, [])[:1])
    )
    has_fuego = any(prof[c].double for c in hand)
    has_raid = any(prof[c].kind == TACTIC and not prof[c].double for c in hand)
    best = 0
    for leader in [None, *leaders]:
        total = fixed
        if leader is not None:
            lc = prof[leader]
            total += lc.strength
            total += 10 * sum(1 for t in troops if prof[t].bonus_with == lc.name)
            if lc.name == "Capitán Dickinson":
                total += 10 * len(guns)
        options = [total]
        if has_raid:
            options.append(total + 40)
        if has_fuego:
            options.append(2 * total)
        best = max(best, *options)
    return best


def _unseen(view: AlamoState, side: Seat) -> list[int]:
    s = view.sides[side]
    seen = set(s.discard) | {c for c in s.table if c >= 0}
    return [c for c in range(DECK_SIZE) if c not in seen]


def builds_up(view: AlamoState) -> bool:
    """Whether the Mexican should keep building his attack rather than attack now. A battle's
    swing grows with its margin (the loser pays the difference, the winner keeps cards worth
    it), the Texan defence is capped by his limits and a Brecha doubles the whole attack, so
    one attack with a full hand gains more than several small ones. Waiting costs nothing
    until the hand is full (a card beyond it is discarded) or while the deck can still fill
    it; several small attacks lost to the plain "wait for a full hand" plan."""
    mexican = view.sides[MEXICANS]
    missing = HAND_LIMIT - len(mexican.hand)
    return missing > 0 and len(mexican.deck) >= missing


def _plan_attack(view: AlamoState, rng: random.Random) -> tuple[int, ...] | None:
    if builds_up(view):
        return None
    hand = view.sides[MEXICANS].hand
    options = legal_battle_hands(MEXICANS, hand)
    if not options:
        return None
    unseen = _unseen(view, TEXANS)
    size = len(view.sides[TEXANS].hand)
    samples = [
        best_defence(tuple(rng.sample(unseen, min(size, len(unseen))))) for _ in range(SAMPLES)
    ]
    best, best_value = None, 0.0
    for combo, total in options:
        cost = sum(_keep_value(view, MEXICANS, c) for c in combo)
        value = 0.0
        for d in samples:
            if total > d:
                value += total - 0.5 * d
            else:
                # Beating the attack costs the Texan about as much as the attack is worth: he
                # keeps only played cards worth the difference.
                value += LOSS_CREDIT * total - cost - 0.3 * (d - total)
        value /= len(samples)
        if value > best_value:
            best, best_value = combo, value
    return best


def _plan_defence(view: AlamoState) -> tuple[int, ...]:
    """The defence that does best in the race of the decks: the cards each side loses for good
    (a battle's totals are known, so its cost is certain), then the hand left to fight with.
    A win makes the Mexican pay the margin and lets the Texan shuffle back cards worth it; a
    loss costs the Texan the difference as well, and the Mexican takes back attack cards worth
    it, so letting an attack through unopposed hands him his whole attack back."""
    battle = view.battle
    assert battle is not None
    attack, assault = battle.attack_total, battle.attack
    hand = view.sides[TEXANS].hand
    options = legal_battle_hands(TEXANS, hand)
    if all(total < attack for _, total in options):
        # A battle he cannot win: every point off the difference is one he does not pay and
        # one less worth of attack cards Santa Anna takes back, so every card the limits allow
        # goes in (sparing cards here lost to the big attacks of a Mexican who waits).
        return most_cards(TEXANS, hand) or ()
    keep = {c: _keep_value(view, TEXANS, c) for c in hand}
    whole = sum(keep.values())
    best: tuple[int, ...] = ()
    best_value = None
    for combo, total in options:
        if total > attack:
            margin = total - attack
            texan_lost = len(combo) - _keepable(TEXANS, combo, margin)
            mexican_lost = len(assault) + margin / _AVERAGE[MEXICANS]
        elif total == attack:
            texan_lost, mexican_lost = len(combo), len(assault)
        else:
            short = attack - total
            texan_lost = len(combo) + short / _AVERAGE[TEXANS]
            mexican_lost = len(assault) - _keepable(MEXICANS, assault, short)
        left = whole - sum(keep[c] for c in combo)
        key = (mexican_lost - texan_lost + HAND_WORTH * left, -len(combo))
        if best_value is None or key > best_value:
            best, best_value = combo, key
    return best


def _keepable(seat: Seat, table: tuple[int, ...], room: int) -> int:
    """How many of ``table`` the battle's winner can keep with ``room`` (the cheapest first:
    the count ``_best_keep`` reaches, without trying every subset)."""
    kept = 0
    for worth in sorted(pay_value(seat, c) for c in table):
        room -= worth
        if room < 0:
            break
        kept += 1
    return kept


@functools.lru_cache(maxsize=4096)
def _best_keep(seat: Seat, table: tuple[int, ...], room: int) -> tuple[int, ...]:
    """The most cards (then the most strength) from ``table`` worth at most ``room``
    (cached, as ``legal_battle_hands``)."""
    best: tuple[int, ...] = ()
    best_key = (0, 0)
    for combo in _subsets(table):
        worth = sum(pay_value(seat, c) for c in combo)
        if worth <= room:
            key = (len(combo), worth)
            if key > best_key:
                best, best_key = combo, key
    return best


def _plan_survivors(view: AlamoState, seat: Seat) -> tuple[int, ...]:
    battle = view.battle
    assert battle is not None
    return tuple(sorted(_best_keep(seat, view.sides[seat].table, battle.difference)))


# --- strong solitaire --------------------------------------------------------------------------


def _solo(view: AlamoState, rng: random.Random) -> Any:
    hand = view.sides[TEXANS].hand
    if view.phase == FIRE:
        group = fire_group(view)
        return Fire(min(group, key=lambda c: (_solo_keep(c, hand), c)))
    if view.phase == REPEL:
        choices = repel_choices(hand, _attack(view))
        target = max(choices, key=lambda s: _solo_hand_value(tuple(c for c in hand if c not in s)))
        return _towards(view, target)
    if view.phase == PAY:
        _value, action = _solo_plan(view)
        return action
    raise ValueError(f"no solitaire move in phase {view.phase!r}")


def _solo_keep(c: int, hand: tuple[int, ...]) -> float:
    card = DECKS[TEXANS][c]
    if card.kind == DEFENCE:
        return card.strength + 25.0  # absorbs artillery and stays when the attack is repelled
    if card.double:
        return 70.0
    value = float(card.strength)
    if (
        card.kind == TROOP
        and card.bonus_with
        and any(DECKS[TEXANS][h].name == card.bonus_with for h in hand)
    ):
        value += 10
    return value


def _solo_hand_value(hand: tuple[int, ...]) -> float:
    return sum(_solo_keep(c, hand) for c in hand)


def _solo_plan(view: AlamoState) -> tuple[float, Any]:
    """Search the rest of the turn (everything is face up now) for the best payment step."""
    best_value = None
    best_action: Any = None
    memo: dict[Any, float] = {}
    for action in _legal(view, TEXANS):
        after = ALAMO.apply(view, TEXANS, action)
        value = _solo_value(after, view.counters, memo)
        if best_value is None or value > best_value:
            best_value, best_action = value, action
    assert best_action is not None
    return best_value, best_action


def _solo_value(state: AlamoState, counters_before: int, memo: dict[Any, float]) -> float:
    if state.phase == PAY:
        p = state.payment
        assert p is not None
        key = (frozenset(state.sides[TEXANS].hand), p.cause, p.due, state.counters)
        if key not in memo:
            memo[key] = max(
                _solo_value(ALAMO.apply(state, TEXANS, a), counters_before, memo)
                for a in _legal(state, TEXANS)
            )
        return memo[key]
    if state.phase == REPEL:
        hand = state.sides[TEXANS].hand
        choices = repel_choices(hand, _attack(state))
        kept = max(_solo_hand_value(tuple(c for c in hand if c not in s)) for s in choices)
        return -COUNTER * (counters_before - state.counters) + kept
    lost = counters_before - state.counters
    if state.winners == () and state.reason and state.counters == 0:
        return -1e9
    return -COUNTER * lost + _solo_hand_value(state.sides[TEXANS].hand)
