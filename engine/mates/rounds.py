"""A round of the card game from its start to its end: who starts (rule 2), the attacker's
choice of attack (rules 3 and 11), the Elo attack (rule 4), and what follows a settled round
(rules 10–12). Piece attacks are played out in ``duels`` and paid in ``settling``.
"""

from __future__ import annotations

import attrs

from engine.core import IllegalAction, Seat
from engine.i18n import _
from engine.mates.state import (
    CHOOSE,
    ELO,
    PIECE,
    STAKE,
    CardsPaid,
    CardTurned,
    EloAnnounced,
    EloWon,
    MatesState,
    PlayerOut,
    Round,
    RoundBegan,
    Stack,
    StartCardTurned,
    StarterChosen,
)
from engine.mates.table import (
    alive,
    cover_and_turn,
    end_game,
    logged,
    pile_counts,
    recorded_name,
    set_pile,
    take,
    turn_order,
    turn_up,
)

ROUND_LIMIT = 500  # house rule: after this many rounds the most cards wins


def who_starts(state: MatesState) -> MatesState:
    """Everyone turns up his top card; the highest White Elo starts; the tied turn up their
    next card, and so on. The turned cards go back face down to the bottom of the piles."""
    contenders = tuple(range(len(state.piles)))
    turned = [0] * len(state.piles)
    depth = 0
    starter = 0
    while True:
        showing = []
        for seat in contenders:
            pile = state.piles[seat]
            if depth >= len(pile):
                continue
            c = pile[depth]
            turned[seat] += 1
            elo = state.cards[c].white_elo
            showing.append((seat, elo))
            state = logged(state, StartCardTurned(seat=seat, card=c, elo=elo, turn=depth + 1))
        if not showing:  # every tied player turned his whole pile: the first of them starts
            starter = contenders[0]
            break
        best = max(elo for _, elo in showing)
        contenders = tuple(seat for seat, elo in showing if elo == best)
        if len(contenders) == 1:
            starter = contenders[0]
            break
        depth += 1
    for seat, count in enumerate(turned):
        pile = state.piles[seat]
        state = set_pile(state, seat, pile[count:] + pile[:count])
    return begin_round(logged(state, StarterChosen(seat=starter)), starter)


def begin_round(state: MatesState, attacker: Seat) -> MatesState:
    """The attacker takes his top card and chooses his attack (or the round limit ends it)."""
    if state.rounds >= ROUND_LIMIT:
        return _end_by_count(state)
    number = state.rounds + 1
    (card,), state = take(state, attacker, 1)
    state = attrs.evolve(
        state,
        rounds=number,
        round=Round(number=number, attacker=attacker, card=card),
        phase=CHOOSE,
        active=attacker,
    )
    return logged(state, RoundBegan(number=number, attacker=attacker))


def _end_by_count(state: MatesState) -> MatesState:
    counts = pile_counts(state)
    most = max(counts[s] for s in alive(state))
    winners = tuple(s for s in alive(state) if counts[s] == most)
    names = " and ".join(recorded_name(s) for s in winners)  # the English record
    reason = f"After {ROUND_LIMIT} rounds {names} {'has' if len(winners) == 1 else 'have'} "
    reason += f"the most cards ({most})."
    return end_game(state, winners, reason)


def allowed_kinds(state: MatesState) -> tuple[str, ...]:
    """The attack kinds the attacker may choose: both, except that with two players left
    each must differ from his previous one."""
    r = state.round
    if state.phase != CHOOSE or r is None:
        return ()
    last = state.last_kind[r.attacker] if state.last_kind else ""
    if len(alive(state)) == 2 and last:
        return (PIECE,) if last == ELO else (ELO,)
    return (ELO, PIECE)


def check_kind(state: MatesState, kind: str) -> None:
    """Refuse an attack of the kind the two-player stage forbids, saying why."""
    if kind in allowed_kinds(state):
        return
    if kind == ELO:
        raise IllegalAction(
            _(
                "With two players left attacks alternate: your last one was an Elo attack, "
                "so this one must be a piece attack."
            )
        )
    raise IllegalAction(
        _(
            "With two players left attacks alternate: your last one was a piece attack, "
            "so this one must be an Elo attack."
        )
    )


def record_kind(state: MatesState, kind: str) -> MatesState:
    """Remember the attacker's kind of attack (the next one must differ at two players)."""
    r = state.round
    assert r is not None
    kinds = list(state.last_kind)
    kinds[r.attacker] = kind
    return attrs.evolve(state, last_kind=tuple(kinds))


def elo_attack(state: MatesState, side: str) -> MatesState:
    """Rule 4: everyone shows a card; the highest Elo of ``side`` takes the whole table."""
    r = state.round
    assert r is not None
    attacker = r.attacker
    state = logged(state, EloAnnounced(seat=attacker, side=side))
    state = attrs.evolve(state, round=attrs.evolve(r, kind=ELO, revealed=True))
    state = logged(state, CardTurned(seat=attacker, card=r.card, why=ELO))
    order = turn_order(state, attacker)
    stacks: dict[Seat, Stack] = {attacker: Stack(active=r.card)}
    for seat in order[1:]:
        c, state = turn_up(state, seat, ELO)
        stacks[seat] = Stack(active=c)

    def elo(seat: Seat) -> int:
        c = stacks[seat].active
        assert c is not None
        return state.cards[c].elo(side)

    best = max(elo(s) for s in order)
    tied = tuple(s for s in order if elo(s) == best)
    while len(tied) > 1:
        again = []
        for seat in tied:
            new, state = cover_and_turn(state, seat, stacks[seat], "tie")
            if new is not None:
                stacks[seat] = new
                again.append(seat)
        if not again:  # no tied player has a card left: the first in turn order wins
            break
        best = max(elo(s) for s in again)
        tied = tuple(s for s in again if elo(s) == best)
    winner = tied[0]
    taken = tuple(c for s in order for c in stacks[s].cards)
    state = logged(state, EloWon(seat=winner, side=side, elo=elo(winner), cards=len(taken)))
    for seat in order:
        if seat != winner:
            state = logged(
                state,
                CardsPaid(payer=seat, payee=winner, count=len(stacks[seat].cards), why=STAKE),
            )
    state = set_pile(state, winner, state.piles[winner] + taken)
    return end_round(state, attacker_lost=winner != attacker)


def end_round(state: MatesState, attacker_lost: bool) -> MatesState:
    """Players without cards go out; the last one in wins; otherwise the next round begins
    (with two players left the attacker keeps the attack until he loses cards)."""
    r = state.round
    assert r is not None
    before = len(alive(state))
    state = attrs.evolve(state, round=None)
    for seat in alive(state):
        if not state.piles[seat]:
            state = logged(attrs.evolve(state, out=state.out + (seat,)), PlayerOut(seat=seat))
    left = alive(state)
    if len(left) == 1:
        return end_game(state, left, f"{recorded_name(left[0])} won every card.")
    if len(left) == 2 and before > 2:  # the two-player stage begins: both kinds are free
        state = attrs.evolve(state, last_kind=("",) * len(state.piles))
    attacker = r.attacker
    if len(left) == 2 and attacker in left and not attacker_lost:
        return begin_round(state, attacker)
    return begin_round(state, turn_order(state, attacker + 1)[0])
