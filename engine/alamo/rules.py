"""El Álamo rules: pure functions from one frozen ``AlamoState`` to the next.

Two modes, picked by the number of players: 2 is the two-player siege (Draw, Bombardment,
Discard, Mexican Attack every turn), 1 is the solitaire, where the Texan faces the dice and
the Mexican deck. Whatever needs no decision (draws, dice, forced payments, the totals) runs
inside ``apply``; every real choice waits for an action from ``active``.

The module also holds the pure helpers the screen needs: ``attack_tally`` / ``defence_tally``
(the running total of a proposed battle hand, its bonuses and the limits it breaks),
``solitaire_tally``, ``cheapest_cover`` and ``auto_payment`` (the cheapest legal payment),
and ``repel_choices`` (the sufficient sets of cards to use against an assault).
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from types import MappingProxyType
from typing import Any

import attrs

from engine.alamo import ai
from engine.alamo.actions import (
    ACTION_TYPES,
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
    COUNTER_MEN,
    COUNTERS,
    DECK_SIZE,
    DECKS,
    DEFENCE,
    DICKINSON,
    EQUIPMENT,
    HAND_LIMIT,
    LEADER,
    MEXICANS,
    MORALE,
    MUSKETS,
    RIFLES,
    SIDES,
    SOLITAIRE_HAND,
    START_HAND,
    TACTIC,
    TEXANS,
    TROOP,
    card,
)
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    EVENT_TYPES,
    FIRE,
    FOR_ARTILLERY,
    FOR_BATTLE,
    FOR_BOMBARDMENT,
    FOR_MUSKETS,
    OVER,
    PAY,
    REPEL,
    ROLL,
    SOLITAIRE,
    SURVIVORS,
    TWO_PLAYER,
    AlamoState,
    AttackDeclined,
    AttackDrawn,
    Attacked,
    Battle,
    BattleResolved,
    Breached,
    CountersLost,
    DeckRebuilt,
    Defended,
    Discarded,
    Drew,
    Fired,
    GameEnded,
    HandLost,
    Paid,
    Payment,
    PaymentDue,
    Removed,
    Repelled,
    Returned,
    Revealed,
    Rolled,
    Shuffled,
    Side,
    SurvivorsKept,
    TurnStarted,
)
from engine.core import (
    HIDDEN,
    Bot,
    IllegalAction,
    Outcome,
    Seat,
    check_seat,
    visible_log,
)
from engine.rng import Rng

DOUBLE_EXTRA = 50  # every DOUBLE after the first adds a flat 50

# Per side, per card id: (kind, strength, double, column, bonus_with, name, pay value).
_PROFILE = tuple(
    tuple((c.kind, c.strength, c.double, c.column, c.bonus_with, c.name, c.pay_value) for c in d)
    for d in DECKS
)

# --- totals and limits (pure helpers for the screen and the bots) ------------------------------


@attrs.frozen
class Tally:
    """A proposed attack or defence: printed strength, bonuses, DOUBLEs and the total.

    ``bonuses`` pairs a card id with its bonus (+10 troop with its leader, Dickinson's +10 per
    Artillery card). The total is (base + bonuses) ×2 with the first DOUBLE; any further DOUBLE
    adds a flat 50 (only possible in the solitaire). ``problems`` lists every broken limit, in
    words, empty when the hand may be played as it stands.
    """

    side: Seat
    cards: tuple[int, ...]
    base: int
    bonuses: tuple[tuple[int, int], ...]
    doubles: int
    total: int
    problems: tuple[str, ...] = ()

    @property
    def bonus(self) -> int:
        return sum(b for _, b in self.bonuses)

    @property
    def legal(self) -> bool:
        return not self.problems


def _parts(side: Seat, cards: Sequence[int]) -> tuple[int, tuple[tuple[int, int], ...], int]:
    prof = _PROFILE[side]
    base = doubles = 0
    leaders: set[str] = set()  # Mexican: leader columns; Texan: leader names
    artillery = 0
    for c in cards:
        kind, strength, double, column, _bw, name, _pv = prof[c]
        base += strength
        doubles += double
        if kind == LEADER:
            leaders.add(column if side == MEXICANS else name)
        elif kind == ARTILLERY:
            artillery += 1
    bonuses = []
    for c in cards:
        kind, _s, _d, column, bonus_with, name, _pv = prof[c]
        if kind == TROOP:
            if (column if side == MEXICANS else bonus_with) in leaders:
                bonuses.append((c, 10))
        elif side == TEXANS and name == DICKINSON and artillery:
            bonuses.append((c, 10 * artillery))
    return base, tuple(bonuses), doubles


def _combine(base: int, bonus: int, doubles: int) -> int:
    total = base + bonus
    if doubles:
        total = 2 * total + DOUBLE_EXTRA * (doubles - 1)
    return total


def battle_total(side: Seat, cards: Sequence[int]) -> int:
    """The total of a set of cards with bonuses and DOUBLEs (no limits checked)."""
    base, bonuses, doubles = _parts(side, cards)
    return _combine(base, sum(b for _, b in bonuses), doubles)


_ATTACK_LIMITS = (
    (EQUIPMENT, 1, "Only one Equipment card may attack."),
    (TACTIC, 1, "Only one Tactic card may attack."),
    (ARTILLERY, 1, "Only one Artillery card may attack."),
    (LEADER, 1, "Only one Leader may attack (Santa Anna counts as the Leader)."),
)
_RESERVE_LIMIT = (2, "At most two Reserve troops may attack.")
ATTACK_NEEDS = "An attack needs at least one Leader or Reserve card."
_DEFENCE_LIMITS = (
    (EQUIPMENT, 2, "At most two Equipment cards may defend."),
    (TACTIC, 1, "Only one Tactic card may defend."),
    (ARTILLERY, 2, "At most two Artillery cards may defend."),
    (LEADER, 1, "Only one Leader may defend."),
    (MORALE, 1, "Only one Morale card may defend."),
    (DEFENCE, 1, "Only one Standing Defence card may defend."),
)


def _limit_problems(side: Seat, cards: Sequence[int]) -> tuple[str, ...]:
    prof = _PROFILE[side]
    counts: dict[str, int] = {}
    reserve_troops = 0
    for c in cards:
        kind, _s, _d, column, *_ = prof[c]
        counts[kind] = counts.get(kind, 0) + 1
        reserve_troops += kind == TROOP and column == "Reserve"
    limits = _ATTACK_LIMITS if side == MEXICANS else _DEFENCE_LIMITS
    out = [msg for kind, most, msg in limits if counts.get(kind, 0) > most]
    if side == MEXICANS and reserve_troops > _RESERVE_LIMIT[0]:
        out.append(_RESERVE_LIMIT[1])
    return tuple(out)


def _can_attack_with(cards: Iterable[int]) -> bool:
    prof = _PROFILE[MEXICANS]
    return any(prof[c][0] == LEADER or prof[c][3] == "Reserve" for c in cards)


def attack_problems(cards: Sequence[int]) -> tuple[str, ...]:
    """Every rule a proposed Mexican attack breaks (two-player), in words."""
    out = _limit_problems(MEXICANS, cards)
    if not _can_attack_with(cards):
        out += (ATTACK_NEEDS,)
    return out


def defence_problems(cards: Sequence[int]) -> tuple[str, ...]:
    """Every rule a proposed Texan defence breaks (two-player), in words."""
    return _limit_problems(TEXANS, cards)


def _tally(side: Seat, cards: Sequence[int], problems: tuple[str, ...]) -> Tally:
    base, bonuses, doubles = _parts(side, cards)
    total = _combine(base, sum(b for _, b in bonuses), doubles)
    return Tally(side, tuple(cards), base, bonuses, doubles, total, problems)


def attack_tally(cards: Sequence[int]) -> Tally:
    """A proposed Mexican attack: total with column bonuses and Brecha, and broken limits."""
    return _tally(MEXICANS, cards, attack_problems(cards))


def defence_tally(cards: Sequence[int]) -> Tally:
    """A proposed Texan defence: total with bonuses and Fuego Tejano, and broken limits."""
    return _tally(TEXANS, cards, defence_problems(cards))


def solitaire_tally(side: Seat, cards: Sequence[int]) -> Tally:
    """The solitaire's attack value (Mexican cards) or defence value (Texan cards): no limits;
    the first DOUBLE doubles, each further one adds 50."""
    return _tally(side, cards, ())


def pay_value(side: Seat, card_id: int) -> int:
    """A card's worth when paying: its strength, or 50 for a DOUBLE."""
    return _PROFILE[side][card_id][6]


def cheapest_cover(side: Seat, cards: Sequence[int], amount: int) -> tuple[int, ...] | None:
    """The cards (from ``cards``) of least combined pay value covering ``amount``; ties go to
    fewer cards, then to the earliest ids. None if even all of them fall short."""
    if amount <= 0:
        return ()
    values = [(pay_value(side, c), c) for c in sorted(cards)]
    if sum(v for v, _ in values) < amount:
        return None
    # best[s] = (count, ids) of the best set with pay value exactly s.
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for v, c in values:
        for s, (n, chosen) in sorted(best.items(), reverse=True):
            if s >= amount:
                continue
            key = (n + 1, chosen + (c,))
            old = best.get(s + v)
            if old is None or key < old:
                best[s + v] = key
    s = min(t for t in best if t >= amount)
    return best[s][1]


def repel_choices(hand: Sequence[int], attack_total: int) -> tuple[tuple[int, ...], ...]:
    """Solitaire: every minimal set of non-Standing-Defence cards that, counted with all the
    Standing Defence cards, reaches ``attack_total``; cheapest (pay value) first."""
    prof = _PROFILE[TEXANS]
    walls = tuple(c for c in hand if prof[c][0] == DEFENCE)
    others = tuple(sorted(c for c in hand if prof[c][0] != DEFENCE))
    found = []
    for k in range(len(others) + 1):
        for combo in combinations(others, k):
            if battle_total(TEXANS, walls + combo) < attack_total:
                continue
            if all(
                battle_total(TEXANS, walls + tuple(x for x in combo if x != c)) < attack_total
                for c in combo
            ):
                found.append(combo)
    found.sort(key=lambda s: (sum(pay_value(TEXANS, c) for c in s), len(s), s))
    return tuple(found)


def _forced_solo_cards(state: AlamoState) -> tuple[int, ...]:
    """The hand cards a solitaire payment may use next (Standing Defence first for artillery,
    never Standing Defence for muskets)."""
    prof = _PROFILE[TEXANS]
    hand = state.sides[TEXANS].hand
    if state.payment is not None and state.payment.cause == FOR_MUSKETS:
        return tuple(c for c in hand if prof[c][0] != DEFENCE)
    walls = tuple(c for c in hand if prof[c][0] == DEFENCE)
    return walls or hand


def auto_payment(state: AlamoState) -> PayWith | PayTopOfDeck | None:
    """The next step of the cheapest legal payment for the payer (the screen's "auto").

    From the hand, the cards of least combined value that cover what is still due; the top of
    the deck only when the hand cannot cover it (or a bombardment already paid from the deck).
    None when no payment is being asked for.
    """
    p = state.payment
    if state.phase != PAY or p is None:
        return None
    side = state.sides[p.payer]
    if state.mode == SOLITAIRE:
        usable = _forced_solo_cards(state)
        cover = cheapest_cover(TEXANS, usable, p.due)
        return PayWith(cover[0] if cover else min(usable))
    cover = cheapest_cover(p.payer, side.hand, p.due)
    if cover:
        return PayWith(cover[0])
    if side.deck:
        return PayTopOfDeck()
    return PayWith(side.hand[0])


def selection_tally(state: AlamoState) -> Tally | None:
    """The live tally of what ``state.selection`` holds, for the screen: the attack or defence
    being built (with its broken limits), or the repelling cards counted with the Standing
    Defence. None in other phases."""
    chosen = state.selection
    if state.phase == ATTACK:
        return attack_tally(chosen)
    if state.phase == DEFEND:
        return defence_tally(chosen)
    if state.phase == REPEL:
        walls = tuple(c for c in state.sides[TEXANS].hand if _PROFILE[TEXANS][c][0] == DEFENCE)
        return solitaire_tally(TEXANS, walls + chosen)
    return None


# --- helpers over states ---------------------------------------------------------------------


def _name(side: Seat, card_id: Any) -> str:
    if isinstance(card_id, int) and not isinstance(card_id, bool) and 0 <= card_id < DECK_SIZE:
        return card(side, card_id).name
    return f"Card {card_id!r}"


def _with_side(state: AlamoState, seat: Seat, side: Side) -> AlamoState:
    sides = (side, state.sides[1]) if seat == TEXANS else (state.sides[0], side)
    return attrs.evolve(state, sides=sides)


def _log(state: AlamoState, *events: Any) -> AlamoState:
    return attrs.evolve(state, log=state.log + events)


def _without(cards: tuple[int, ...], gone: Iterable[int]) -> tuple[int, ...]:
    out = set(gone)
    return tuple(c for c in cards if c not in out)


def _end(state: AlamoState, winners: tuple[Seat, ...], reason: str) -> AlamoState:
    state = attrs.evolve(
        state,
        phase=OVER,
        winners=winners,
        reason=reason,
        selection=(),
        payment=None,
    )
    return _log(state, GameEnded(winners=winners, reason=reason))


def _private(seat: Seat, players: int) -> tuple[frozenset[Seat] | None, frozenset[Seat] | None]:
    """visible_to for an owner-only event and for its public twin (None: no twin needed)."""
    if players == 1:
        return None, None
    return frozenset({seat}), frozenset({1 - seat})


def _players(state: AlamoState) -> int:
    return 1 if state.mode == SOLITAIRE else 2


def _draw_event(state: AlamoState, seat: Seat, cards: tuple[int, ...]) -> AlamoState:
    mine, theirs = _private(seat, _players(state))
    if mine is None:
        return _log(state, Drew(seat=seat, count=len(cards), cards=cards))
    return _log(
        state,
        Drew(seat=seat, count=len(cards), cards=cards, visible_to=mine),
        Drew(seat=seat, count=len(cards), visible_to=theirs),
    )


# --- two-player flow -------------------------------------------------------------------------

_DECKED = {
    TEXANS: "The Texan deck ran out: the fort falls with fewer losses than in history.",
    MEXICANS: "The Mexican deck ran out: Santa Anna loses more men than in history.",
}
_BOTH_DECKED = "Both decks ran out in the same draw: the game is drawn."


def _start_turn(state: AlamoState, first: bool = False) -> AlamoState:
    turn = state.turn if first else state.turn + 1
    state = attrs.evolve(state, turn=turn, battle=None, payment=None, selection=(), active=MEXICANS)
    state = _log(state, TurnStarted(turn=turn))
    empty = tuple(seat for seat in (TEXANS, MEXICANS) if not state.sides[seat].deck)
    if len(empty) == 2:
        return _end(state, (), _BOTH_DECKED)
    if empty:
        return _end(state, (1 - empty[0],), _DECKED[empty[0]])
    for seat in (TEXANS, MEXICANS):
        side = state.sides[seat]
        top = side.deck[:1]
        state = _with_side(
            state, seat, attrs.evolve(side, deck=side.deck[1:], hand=side.hand + top)
        )
        state = _draw_event(state, seat, top)
    return _bombard_stage(state, MEXICANS)


def _has_kind(side: Seat, cards: Iterable[int], kind: str) -> bool:
    prof = _PROFILE[side]
    return any(prof[c][0] == kind for c in cards)


def _bombard_stage(state: AlamoState, seat: Seat) -> AlamoState:
    if _has_kind(seat, state.sides[seat].hand, ARTILLERY):
        return attrs.evolve(state, phase=BOMBARD, active=seat, payment=None)
    return _after_bombard(state, seat)


def _after_bombard(state: AlamoState, seat: Seat) -> AlamoState:
    if seat == MEXICANS:
        return _bombard_stage(state, TEXANS)
    return _discard_stage(state, MEXICANS)


def _discard_stage(state: AlamoState, seat: Seat) -> AlamoState:
    if len(state.sides[seat].hand) > HAND_LIMIT:
        return attrs.evolve(state, phase=DISCARD, active=seat, payment=None)
    if seat == MEXICANS:
        return _discard_stage(state, TEXANS)
    return _attack_stage(state)


def _attack_stage(state: AlamoState) -> AlamoState:
    if _can_attack_with(state.sides[MEXICANS].hand):
        return attrs.evolve(state, phase=ATTACK, active=MEXICANS, selection=(), payment=None)
    return _start_turn(_log(state, AttackDeclined()))


def _begin_payment(state: AlamoState, payer: Seat, amount: int, cause: str) -> AlamoState:
    state = _log(state, PaymentDue(payer=payer, amount=amount, cause=cause))
    payment = Payment(payer=payer, amount=amount, cause=cause)
    state = attrs.evolve(state, payment=payment, active=payer, selection=())
    return _payment_step(state)


def _pay_card(state: AlamoState, c: int, from_deck: bool) -> AlamoState:
    p = state.payment
    assert p is not None
    seat = p.payer
    side = state.sides[seat]
    if from_deck:
        side = attrs.evolve(side, deck=side.deck[1:], discard=side.discard + (c,))
    else:
        side = attrs.evolve(side, hand=_without(side.hand, (c,)), discard=side.discard + (c,))
    value = pay_value(seat, c)
    paid = p.amount if (from_deck and p.cause == FOR_BOMBARDMENT) else p.paid + value
    state = _with_side(state, seat, side)
    state = attrs.evolve(state, payment=attrs.evolve(p, paid=paid, cards=p.cards + (c,)))
    return _log(state, Paid(seat=seat, card=c, value=value, from_deck=from_deck))


def _payment_step(state: AlamoState) -> AlamoState:
    """Run a payment on until it is done or the payer has a real choice to make."""
    p = state.payment
    assert p is not None
    if state.mode == SOLITAIRE:
        return _solo_payment_step(state)
    side = state.sides[p.payer]
    hand_value = sum(pay_value(p.payer, c) for c in side.hand)
    if p.due > 0 and not side.deck:
        if p.cause == FOR_BOMBARDMENT and hand_value < p.due:
            lost = side.hand
            side = attrs.evolve(side, hand=(), discard=side.discard + lost)
            state = _log(_with_side(state, p.payer, side), HandLost(seat=p.payer, cards=lost))
            return _after_payment(state)
        if p.cause == FOR_BATTLE and hand_value <= p.due:
            for c in side.hand:
                state = _pay_card(state, c, from_deck=False)
            return _after_payment(state)
    if p.due > 0:
        return attrs.evolve(state, phase=PAY, active=p.payer)
    return _after_payment(state)


def _after_payment(state: AlamoState) -> AlamoState:
    p = state.payment
    assert p is not None
    state = attrs.evolve(state, payment=None)
    if p.cause == FOR_BOMBARDMENT:
        return _bombard_stage(state, 1 - p.payer)
    if p.cause == FOR_BATTLE:
        return _survivors_stage(state)
    if p.cause == FOR_ARTILLERY:
        return _solo_muskets(state)
    return _solo_assault(state)


def _resolve_battle(state: AlamoState) -> AlamoState:
    battle = state.battle
    assert battle is not None
    a, d = battle.attack_total, battle.defence_total
    if a == d:
        winner = None
    else:
        winner = MEXICANS if a > d else TEXANS
    diff = abs(a - d)
    battle = attrs.evolve(battle, resolved=True, winner=winner, difference=diff)
    state = attrs.evolve(state, battle=battle)
    state = _log(
        state, BattleResolved(attack_total=a, defence_total=d, winner=winner, difference=diff)
    )
    losers = (TEXANS, MEXICANS) if winner is None else (1 - winner,)
    for seat in losers:
        side = state.sides[seat]
        side = attrs.evolve(side, table=(), discard=side.discard + side.table)
        state = _with_side(state, seat, side)
    if winner is None:
        return _start_turn(state)
    loser = 1 - winner
    loser_side = state.sides[loser]
    if not loser_side.hand and not loser_side.deck:
        return _survivors_stage(state)
    return _begin_payment(state, loser, diff, FOR_BATTLE)


def _survivors_stage(state: AlamoState) -> AlamoState:
    battle = state.battle
    assert battle is not None and battle.winner is not None
    winner = battle.winner
    table = state.sides[winner].table
    if any(pay_value(winner, c) <= battle.difference for c in table):
        return attrs.evolve(state, phase=SURVIVORS, active=winner, selection=(), payment=None)
    return _keep_survivors(state, winner, ())


def _keep_survivors(state: AlamoState, seat: Seat, kept: tuple[int, ...]) -> AlamoState:
    side = state.sides[seat]
    gone = _without(side.table, kept)
    deck = side.deck
    rng = state.rng
    if kept:
        assert rng is not None
        deck, rng = rng.shuffle(deck + kept)
    side = attrs.evolve(side, table=(), deck=deck, discard=side.discard + gone)
    state = attrs.evolve(_with_side(state, seat, side), rng=rng, selection=())
    state = _log(state, SurvivorsKept(seat=seat, cards=kept))
    if kept:
        state = _log(state, Shuffled(seat=seat, cards=len(deck)))
    return _start_turn(state)


# --- solitaire flow --------------------------------------------------------------------------


def _solo_draw(state: AlamoState, count: int) -> AlamoState:
    rng = state.rng
    assert rng is not None
    side = state.sides[TEXANS]
    drawn: tuple[int, ...] = ()
    while len(drawn) < count:
        if not side.deck:
            if not side.discard:
                break
            deck, rng = rng.shuffle(side.discard)
            side = attrs.evolve(side, deck=deck, discard=())
            state = _log(state, DeckRebuilt(seat=TEXANS, cards=len(deck)))
        take = side.deck[: count - len(drawn)]
        drawn += take
        side = attrs.evolve(side, deck=side.deck[len(take) :])
    side = attrs.evolve(side, hand=side.hand + drawn)
    state = attrs.evolve(_with_side(state, TEXANS, side), rng=rng)
    return _draw_event(state, TEXANS, drawn)


def _roll(state: AlamoState) -> AlamoState:
    rng = state.rng
    assert rng is not None
    (draw_die,), rng = rng.roll(1)
    state = _log(attrs.evolve(state, rng=rng), Rolled(purpose="draw", value=draw_die))
    wanted = 4 if draw_die <= 3 else 5
    room = max(0, SOLITAIRE_HAND - len(state.sides[TEXANS].hand))
    state = _solo_draw(state, min(wanted, room))
    rng = state.rng
    assert rng is not None
    (attack_die,), rng = rng.roll(1)
    mex = state.sides[MEXICANS]
    attack = mex.deck[:attack_die]
    mex = attrs.evolve(mex, deck=mex.deck[len(attack) :], table=attack)
    state = attrs.evolve(
        _with_side(state, MEXICANS, mex), rng=rng, dice=(draw_die, attack_die), revealed=False
    )
    state = _log(state, Rolled(purpose="attack", value=attack_die), AttackDrawn(count=len(attack)))
    return _solo_fire_stage(state)


def _fire_group(state: AlamoState) -> tuple[int, ...]:
    """The Texan cards that fire next: his Artillery, else his Rifles / Trabucos."""
    prof = _PROFILE[TEXANS]
    hand = state.sides[TEXANS].hand
    guns = tuple(c for c in hand if prof[c][0] == ARTILLERY)
    return guns or tuple(c for c in hand if prof[c][5] in RIFLES)


def _fire_one(state: AlamoState, c: int) -> AlamoState:
    rng = state.rng
    assert rng is not None
    tex, mex = state.sides[TEXANS], state.sides[MEXICANS]
    tex = attrs.evolve(tex, hand=_without(tex.hand, (c,)), discard=tex.discard + (c,))
    i, rng = rng.below(len(mex.table))
    hit = mex.table[i]
    mex = attrs.evolve(mex, table=mex.table[:i] + mex.table[i + 1 :], discard=mex.discard + (hit,))
    state = attrs.evolve(state, sides=(tex, mex), rng=rng)
    return _log(state, Fired(seat=TEXANS, card=c), Removed(card=hit))


def _solo_fire_stage(state: AlamoState) -> AlamoState:
    prof = _PROFILE[TEXANS]
    for is_gun in (True, False):
        hand = state.sides[TEXANS].hand
        if is_gun:
            group = tuple(c for c in hand if prof[c][0] == ARTILLERY)
        else:
            group = tuple(c for c in hand if prof[c][5] in RIFLES)
        targets = len(state.sides[MEXICANS].table)
        if not group or not targets:
            continue
        if len(group) > targets:
            return attrs.evolve(state, phase=FIRE, active=TEXANS)
        for c in group:
            state = _fire_one(state, c)
    return _solo_reveal(state)


def _solo_reveal(state: AlamoState) -> AlamoState:
    table = state.sides[MEXICANS].table
    state = attrs.evolve(state, revealed=True)
    if table:
        state = _log(state, Revealed(cards=table))
    return _solo_payment_stage(state, FOR_ARTILLERY)


def _solo_payment_stage(state: AlamoState, cause: str) -> AlamoState:
    prof = _PROFILE[MEXICANS]
    mex = state.sides[MEXICANS]
    if cause == FOR_ARTILLERY:
        hits = tuple(c for c in mex.table if prof[c][0] == ARTILLERY)
    else:
        hits = tuple(c for c in mex.table if prof[c][5] in MUSKETS)
    if not hits:
        return _solo_muskets(state) if cause == FOR_ARTILLERY else _solo_assault(state)
    mex = attrs.evolve(mex, table=_without(mex.table, hits), discard=mex.discard + hits)
    state = _with_side(state, MEXICANS, mex)
    amount = sum(prof[c][1] for c in hits)
    return _begin_payment(state, TEXANS, amount, cause)


def _solo_muskets(state: AlamoState) -> AlamoState:
    return _solo_payment_stage(state, FOR_MUSKETS)


def _lose_counters(state: AlamoState, points: int) -> AlamoState:
    count = -(-points // COUNTER_MEN)
    left = max(0, state.counters - count)
    state = attrs.evolve(state, counters=left)
    state = _log(state, CountersLost(count=count, points=points, left=left))
    if left == 0:
        return _end(state, (), "The last section of men has fallen: the Alamo is taken.")
    return state


def _solo_payment_step(state: AlamoState) -> AlamoState:
    while True:
        p = state.payment
        assert p is not None
        if p.due <= 0:
            return _after_payment(state)
        usable = _forced_solo_cards(state)
        if not usable:
            state = _lose_counters(state, p.due)
            if state.phase == OVER:
                return state
            state = attrs.evolve(state, payment=attrs.evolve(p, paid=p.amount))
            continue
        if len(usable) == 1 or sum(pay_value(TEXANS, c) for c in usable) <= p.due:
            for c in usable:
                state = _pay_card(state, c, from_deck=False)
            continue
        return attrs.evolve(state, phase=PAY, active=TEXANS)


def _solo_assault(state: AlamoState) -> AlamoState:
    table = state.sides[MEXICANS].table
    if not table:
        return _solo_end_turn(state)
    hand = state.sides[TEXANS].hand
    attack = battle_total(MEXICANS, table)
    defence = battle_total(TEXANS, hand)
    state = attrs.evolve(
        state, battle=Battle(attack=table, attack_total=attack, defence_total=defence)
    )
    if defence >= attack:
        choices = repel_choices(hand, attack)
        if len(choices) == 1:
            return _repel(state, choices[0])
        return attrs.evolve(state, phase=REPEL, active=TEXANS, selection=(), payment=None)
    shortfall = attack - defence
    tex, mex = state.sides
    tex = attrs.evolve(tex, hand=(), discard=tex.discard + hand)
    mex = attrs.evolve(mex, table=(), discard=mex.discard + table)
    battle = attrs.evolve(
        state.battle, defence=hand, resolved=True, winner=MEXICANS, difference=shortfall
    )
    state = attrs.evolve(state, sides=(tex, mex), battle=battle)
    state = _log(
        state,
        Breached(attack_total=attack, defence_total=defence, shortfall=shortfall),
        HandLost(seat=TEXANS, cards=hand),
    )
    state = _lose_counters(state, shortfall)
    if state.phase == OVER:
        return state
    return _solo_end_turn(state)


def _repel(state: AlamoState, chosen: tuple[int, ...]) -> AlamoState:
    prof = _PROFILE[TEXANS]
    tex, mex = state.sides
    walls = tuple(c for c in tex.hand if prof[c][0] == DEFENCE)
    used = tuple(c for c in tex.hand if c in set(chosen))
    table = mex.table
    tex = attrs.evolve(tex, hand=_without(tex.hand, used), discard=tex.discard + used)
    mex = attrs.evolve(mex, table=(), discard=mex.discard + table)
    battle = state.battle
    assert battle is not None
    total = battle_total(TEXANS, walls + used)
    battle = attrs.evolve(
        battle,
        defence=walls + used,
        defence_total=total,
        resolved=True,
        winner=TEXANS,
        difference=total - battle.attack_total,
    )
    state = attrs.evolve(state, sides=(tex, mex), battle=battle, selection=())
    state = _log(state, Repelled(attack_total=battle.attack_total, defence_total=total, used=used))
    return _solo_end_turn(state)


def _solo_end_turn(state: AlamoState) -> AlamoState:
    if not state.sides[MEXICANS].deck:
        n = state.counters
        return _end(
            state,
            (TEXANS,),
            f"The Mexican deck is spent with {n} section{'s' if n != 1 else ''} of men left: "
            "Santa Anna loses more men than in history.",
        )
    turn = state.turn + 1
    state = attrs.evolve(state, phase=ROLL, active=TEXANS, turn=turn, selection=(), payment=None)
    return _log(state, TurnStarted(turn=turn))


# --- the game --------------------------------------------------------------------------------


class AlamoGame:
    """The Game protocol for El Álamo; stateless, so one shared instance suffices."""

    id = "alamo"
    name = "El Álamo"
    description = (
        "The siege of 1836: Santa Anna's columns against the mission's defenders, "
        "for two players or as a Texan solitaire against the dice."
    )
    min_players = 1
    max_players = 2
    hidden_information = True
    options = ()
    bots: Mapping[str, Bot] = MappingProxyType({"easy": ai.easy, "strong": ai.strong})
    state_type = AlamoState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    rules_version = 1

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        return SIDES[:1] if players == 1 else SIDES

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> AlamoState:
        if players not in (1, 2):
            raise ValueError("El Álamo is for 1 player (solitaire) or 2 players")
        mode = SOLITAIRE if players == 1 else TWO_PLAYER
        if config.get("mode", mode) != mode:
            raise ValueError(f"mode {config.get('mode')!r} does not fit {players} player(s)")
        rng = Rng.from_seed(seed)
        texan, rng = rng.shuffle(range(DECK_SIZE))
        mexican, rng = rng.shuffle(range(DECK_SIZE))
        if mode == SOLITAIRE:
            state = AlamoState(
                mode=mode,
                rng=rng,
                phase=ROLL,
                turn=1,
                sides=(Side(deck=texan), Side(deck=mexican)),
                active=TEXANS,
                counters=COUNTERS,
                log=(TurnStarted(turn=1),),
            )
            return state
        state = AlamoState(
            mode=mode,
            rng=rng,
            phase=BOMBARD,
            turn=1,
            sides=(
                Side(deck=texan[START_HAND:], hand=texan[:START_HAND]),
                Side(deck=mexican[START_HAND:], hand=mexican[:START_HAND]),
            ),
        )
        for seat in (TEXANS, MEXICANS):
            state = _draw_event(state, seat, state.sides[seat].hand)
        return _start_turn(state, first=True)

    def to_move(self, state: AlamoState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def legal_actions(self, state: AlamoState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        side = state.sides[seat]
        if phase == ROLL:
            return (Roll(),)
        if phase == BOMBARD:
            guns = tuple(Fire(c) for c in side.hand if _PROFILE[seat][c][0] == ARTILLERY)
            return guns + (StopFiring(),)
        if phase == FIRE:
            return tuple(Fire(c) for c in _fire_group(state))
        if phase == PAY:
            return self._pay_options(state)
        if phase == DISCARD:
            kind = Discard if seat == MEXICANS else ReturnToDeck
            return tuple(kind(c) for c in side.hand)
        if phase in (ATTACK, DEFEND, SURVIVORS, REPEL):
            adds = tuple(AddCard(c) for c in self._addable(state))
            removes = tuple(RemoveCard(c) for c in state.selection)
            end: tuple[Any, ...] = ()
            if self._confirm_problem(state) is None:
                end = (Confirm(),)
            if phase == ATTACK:
                end += (Decline(),)
            return adds + removes + end
        return ()

    def _pay_options(self, state: AlamoState) -> tuple[Any, ...]:
        p = state.payment
        assert p is not None
        side = state.sides[p.payer]
        if state.mode == SOLITAIRE:
            return tuple(PayWith(c) for c in _forced_solo_cards(state))
        top: tuple[Any, ...] = (PayTopOfDeck(),) if side.deck else ()
        if p.cause == FOR_BOMBARDMENT:
            if p.cards:  # paying from the hand already
                return tuple(PayWith(c) for c in side.hand)
            if sum(pay_value(p.payer, c) for c in side.hand) < p.due:
                return top
        return tuple(PayWith(c) for c in side.hand) + top

    def _addable(self, state: AlamoState) -> tuple[int, ...]:
        seat = state.active
        chosen = state.selection
        if state.phase == SURVIVORS:
            battle = state.battle
            assert battle is not None
            room = battle.difference - sum(pay_value(seat, c) for c in chosen)
            return tuple(
                c for c in state.sides[seat].table if c not in chosen and pay_value(seat, c) <= room
            )
        hand = state.sides[seat].hand
        if state.phase == REPEL:
            return tuple(c for c in hand if c not in chosen and _PROFILE[TEXANS][c][0] != DEFENCE)
        return tuple(
            c for c in hand if c not in chosen and not _limit_problems(seat, chosen + (c,))
        )

    def _confirm_problem(self, state: AlamoState) -> str | None:
        chosen = state.selection
        if state.phase == ATTACK:
            problems = attack_problems(chosen)
            return problems[0] if problems else None
        if state.phase == REPEL:
            battle = state.battle
            assert battle is not None
            hand = state.sides[TEXANS].hand
            walls = tuple(c for c in hand if _PROFILE[TEXANS][c][0] == DEFENCE)
            if battle_total(TEXANS, walls + chosen) < battle.attack_total:
                return (
                    "These cards, with your Standing Defence, do not reach the attack's "
                    f"{battle.attack_total}."
                )
            if tuple(sorted(chosen)) not in repel_choices(hand, battle.attack_total):
                return "Use only the cards you need: the attack is repelled without some of them."
        return None

    # -- apply --

    def apply(self, state: AlamoState, seat: Seat, action: Any) -> AlamoState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction("That is not a move in El Álamo.")
        phase = state.phase
        if isinstance(action, Roll):
            if phase != ROLL:
                raise IllegalAction(self._asked(state))
            return _roll(state)
        if isinstance(action, (Fire, StopFiring)):
            return self._fire(state, seat, action)
        if isinstance(action, (PayWith, PayTopOfDeck)):
            return self._pay(state, seat, action)
        if isinstance(action, (Discard, ReturnToDeck)):
            return self._trim(state, seat, action)
        if isinstance(action, Decline):
            if phase != ATTACK:
                raise IllegalAction(self._asked(state))
            return _start_turn(_log(attrs.evolve(state, selection=()), AttackDeclined()))
        return self._choose(state, seat, action)

    def _asked(self, state: AlamoState) -> str:
        """Why an action of the wrong kind was refused: what the game is waiting for."""
        return {
            ROLL: "Roll for the next turn first.",
            BOMBARD: "Fire an Artillery card or stop the bombardment.",
            FIRE: "Choose which of your guns fires at the attack.",
            PAY: "Pay what you owe first.",
            DISCARD: "Bring your hand down to 7 cards first.",
            ATTACK: "Build your attack and confirm it, or decline to attack.",
            DEFEND: "Choose your defence and confirm it (with no cards, if you like).",
            SURVIVORS: "Choose the played cards to keep, then confirm.",
            REPEL: "Choose the cards you used to repel the attack, then confirm.",
        }.get(state.phase, "That move is not possible now.")

    def _card_in(self, seat: Seat, c: Any, cards: tuple[int, ...], where: str) -> int:
        if isinstance(c, bool) or not isinstance(c, int):
            raise IllegalAction(f"{c!r} is not a card.")
        if c not in cards:
            raise IllegalAction(f"{_name(seat, c)} is not {where}.")
        return c

    def _fire(self, state: AlamoState, seat: Seat, action: Fire | StopFiring) -> AlamoState:
        if state.phase == BOMBARD:
            if isinstance(action, StopFiring):
                return _after_bombard(state, seat)
            c = self._card_in(seat, action.card, state.sides[seat].hand, "in your hand")
            if _PROFILE[seat][c][0] != ARTILLERY:
                raise IllegalAction(f"{_name(seat, c)} is not an Artillery card.")
            side = state.sides[seat]
            side = attrs.evolve(side, hand=_without(side.hand, (c,)), discard=side.discard + (c,))
            state = _log(_with_side(state, seat, side), Fired(seat=seat, card=c))
            return _begin_payment(state, 1 - seat, pay_value(seat, c), FOR_BOMBARDMENT)
        if state.phase == FIRE and isinstance(action, Fire):
            c = self._card_in(seat, action.card, state.sides[seat].hand, "in your hand")
            if c not in _fire_group(state):
                if _PROFILE[TEXANS][c][0] == ARTILLERY or _PROFILE[TEXANS][c][5] in RIFLES:
                    raise IllegalAction("Your Artillery fires before your rifles.")
                raise IllegalAction(f"{_name(seat, c)} cannot fire.")
            state = _fire_one(state, c)
            if state.sides[MEXICANS].table:
                return state
            return _solo_reveal(state)
        raise IllegalAction(self._asked(state))

    def _pay(self, state: AlamoState, seat: Seat, action: PayWith | PayTopOfDeck) -> AlamoState:
        if state.phase != PAY:
            raise IllegalAction(self._asked(state))
        p = state.payment
        assert p is not None
        side = state.sides[seat]
        if isinstance(action, PayTopOfDeck):
            if state.mode == SOLITAIRE:
                raise IllegalAction("In the solitaire you pay with the cards in your hand.")
            if not side.deck:
                raise IllegalAction("Your deck is empty.")
            if p.cause == FOR_BOMBARDMENT and p.cards:
                raise IllegalAction("You started paying from your hand: finish with hand cards.")
            return _payment_step(_pay_card(state, side.deck[0], from_deck=True))
        c = self._card_in(seat, action.card, side.hand, "in your hand")
        if state.mode == SOLITAIRE and c not in _forced_solo_cards(state):
            if p.cause == FOR_MUSKETS:
                raise IllegalAction("Standing Defence cards cannot pay for muskets and carbines.")
            raise IllegalAction("Pay with your Standing Defence cards first.")
        if PayWith(c) not in self._pay_options(state):
            raise IllegalAction(
                "Your hand cannot cover this bombardment: pay with the top of your deck."
            )
        return _payment_step(_pay_card(state, c, from_deck=False))

    def _trim(self, state: AlamoState, seat: Seat, action: Discard | ReturnToDeck) -> AlamoState:
        if state.phase != DISCARD:
            raise IllegalAction(self._asked(state))
        if isinstance(action, Discard) != (seat == MEXICANS):
            raise IllegalAction(
                "The Mexican discards his excess cards; the Texan returns his to his deck."
            )
        side = state.sides[seat]
        c = self._card_in(seat, action.card, side.hand, "in your hand")
        hand = _without(side.hand, (c,))
        if seat == MEXICANS:
            side = attrs.evolve(side, hand=hand, discard=side.discard + (c,))
            state = _log(_with_side(state, seat, side), Discarded(seat=seat, card=c))
        else:
            side = attrs.evolve(side, hand=hand, deck=side.deck + (c,))
            mine, theirs = _private(seat, 2)
            state = _log(
                _with_side(state, seat, side),
                Returned(seat=seat, count=1, cards=(c,), visible_to=mine),
                Returned(seat=seat, count=1, visible_to=theirs),
            )
        if len(hand) > HAND_LIMIT:
            return state
        if seat == TEXANS:
            rng = state.rng
            assert rng is not None
            deck, rng = rng.shuffle(side.deck)
            state = _with_side(state, seat, attrs.evolve(side, deck=deck))
            state = _log(attrs.evolve(state, rng=rng), Shuffled(seat=seat, cards=len(deck)))
            return _attack_stage(state)
        return _discard_stage(state, TEXANS)

    def _choose(self, state: AlamoState, seat: Seat, action: Any) -> AlamoState:
        phase = state.phase
        if phase not in (ATTACK, DEFEND, SURVIVORS, REPEL):
            raise IllegalAction(self._asked(state))
        if isinstance(action, AddCard):
            where = state.sides[seat].table if phase == SURVIVORS else state.sides[seat].hand
            c = self._card_in(
                seat,
                action.card,
                where,
                "among your played cards" if phase == SURVIVORS else "in your hand",
            )
            if c in state.selection:
                raise IllegalAction(f"{_name(seat, c)} is already chosen.")
            if c not in self._addable(state):
                raise IllegalAction(self._add_problem(state, c))
            return attrs.evolve(state, selection=tuple(sorted(state.selection + (c,))))
        if isinstance(action, RemoveCard):
            c = self._card_in(seat, action.card, state.selection, "chosen")
            return attrs.evolve(state, selection=_without(state.selection, (c,)))
        problem = self._confirm_problem(state)
        if problem is not None:
            raise IllegalAction(problem)
        if phase == ATTACK:
            return self._commit_attack(state)
        if phase == DEFEND:
            return self._commit_defence(state)
        if phase == SURVIVORS:
            return _keep_survivors(state, seat, state.selection)
        return _repel(state, state.selection)

    def _add_problem(self, state: AlamoState, c: int) -> str:
        seat = state.active
        if state.phase == SURVIVORS:
            battle = state.battle
            assert battle is not None
            return f"The cards you keep may be worth at most the difference, {battle.difference}."
        if state.phase == REPEL:
            return "Standing Defence cards count first and stay in your hand."
        return _limit_problems(seat, state.selection + (c,))[0]

    def _commit_attack(self, state: AlamoState) -> AlamoState:
        cards = state.selection
        mex = state.sides[MEXICANS]
        mex = attrs.evolve(mex, hand=_without(mex.hand, cards), table=cards)
        total = battle_total(MEXICANS, cards)
        state = _with_side(state, MEXICANS, mex)
        state = attrs.evolve(
            state,
            selection=(),
            phase=DEFEND,
            active=TEXANS,
            battle=Battle(attack=cards, attack_total=total),
        )
        return _log(state, Attacked(cards=cards, total=total))

    def _commit_defence(self, state: AlamoState) -> AlamoState:
        cards = state.selection
        tex = state.sides[TEXANS]
        tex = attrs.evolve(tex, hand=_without(tex.hand, cards), table=cards)
        total = battle_total(TEXANS, cards)
        battle = state.battle
        assert battle is not None
        state = _with_side(state, TEXANS, tex)
        state = attrs.evolve(
            state, selection=(), battle=attrs.evolve(battle, defence=cards, defence_total=total)
        )
        state = _log(state, Defended(cards=cards, total=total))
        return _resolve_battle(state)

    # -- view / outcome --

    def view(self, state: AlamoState, seat: Seat) -> AlamoState:
        """Decks (order and content), the RNG, the other side's hand, anyone else's selection
        in progress and the solitaire's face-down attack are hidden."""
        sides = []
        for s, side in enumerate(state.sides):
            table = side.table
            if state.mode == SOLITAIRE and s == MEXICANS and not state.revealed:
                table = (HIDDEN,) * len(table)
            hand = side.hand if s == seat else (HIDDEN,) * len(side.hand)
            sides.append(
                Side(
                    deck=(HIDDEN,) * len(side.deck),
                    hand=hand,
                    discard=side.discard,
                    table=table,
                )
            )
        selection = state.selection if state.active == seat else ()
        return attrs.evolve(
            state,
            rng=None,
            sides=(sides[0], sides[1]),
            selection=selection,
            log=visible_log(state.log, seat),
        )

    def outcome(self, state: AlamoState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.winners, state.reason)

    def progress(self, state: AlamoState) -> str:
        tex, mex = state.sides
        if state.mode == SOLITAIRE:
            where = (
                f"Turn {state.turn} · {state.counters} sections of men · "
                f"Mexican deck {len(mex.deck)}"
            )
        else:
            where = f"Turn {state.turn} · decks: Texans {len(tex.deck)}, Mexicans {len(mex.deck)}"
        result = self.outcome(state)
        if result is None:
            return where
        if state.mode == SOLITAIRE and not result.winners:
            return f"The Alamo fell on turn {state.turn}"
        if result.is_draw:
            return f"Drawn on turn {state.turn}"
        return f"{SIDES[result.winners[0]]} won on turn {state.turn}"

    def rules_markdown(self) -> str:
        return (
            importlib.resources.files("engine.alamo")
            .joinpath("RULES.md")
            .read_text(encoding="utf-8")
        )


ALAMO = AlamoGame()
