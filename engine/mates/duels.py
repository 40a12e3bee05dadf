"""A piece attack played out as duels (rules 5–8): the attacker's piece scored on each
defender's card, the counter-attacks scored on the attacker's card, and ties broken with new
cards, until every duel is decided and the round is settled (``settling``).

Everything that needs no decision runs here at once (turning cards up, scoring, covering after
a check); the state stops only where a player must announce a piece: a counter-attack
(``COUNTER``) or a piece of a new card in a tied duel (``TIE_DEFEND``, then ``TIE_ATTACK``).
"""

from __future__ import annotations

import attrs

from engine.core import HIDDEN, Seat
from engine.mates.board import Placement, placement
from engine.mates.settling import settle
from engine.mates.state import (
    BY_KING,
    BY_MATE,
    BY_SCORE,
    CHECK,
    CHOOSE,
    COUNTER,
    DRAWN,
    KING,
    MATE,
    NO_CARDS,
    PIECE,
    TIE_ATTACK,
    TIE_DEFEND,
    CardTurned,
    Duel,
    DuelDecided,
    DuelTied,
    MatesState,
    Piece,
    PieceAnnounced,
    PiecePlaced,
    Stack,
)
from engine.mates.table import cover_and_turn, facing_card, logged, set_duel, turn_order, turn_up


def attack_placement(state: MatesState, duel: Duel) -> Placement | None:
    """The attacker's piece in play on the defender's active card (what the screen shows on
    each defender card once a piece attack is announced)."""
    if duel.attack_piece is None or duel.defence.active is None:
        return None
    return placement(state.cards[duel.defence.active], duel.attack_piece)


def counter_placement(state: MatesState, duel: Duel) -> Placement | None:
    """The defender's counter-attack on the attacker's card facing him, once that card is face
    up (None before, or in a view that cannot see it)."""
    card = facing_card(state, duel)
    if duel.counter is None or card == HIDDEN:
        return None
    assert state.round is not None
    if duel.attack.active is None and not state.round.revealed:
        return None
    return placement(state.cards[card], duel.counter)


def card_for(state: MatesState) -> int | None:
    """The active card of the seat asked to announce a piece, in the current phase (None when
    no piece is asked for)."""
    r = state.round
    if r is None:
        return None
    if state.phase == CHOOSE:
        return r.card
    duel = r.duels[r.current]
    if state.phase in (COUNTER, TIE_DEFEND):
        return duel.defence.active
    if state.phase == TIE_ATTACK:
        return facing_card(state, duel)
    return None


def piece_attack(state: MatesState, piece: Piece) -> MatesState:
    """Rule 5: every defender turns up a card and the announced piece is scored on it."""
    r = state.round
    assert r is not None
    state = logged(state, PieceAnnounced(seat=r.attacker, piece=piece, role="attack"))
    duels = []
    for seat in turn_order(state, r.attacker)[1:]:
        c, state = turn_up(state, seat, "defend")
        duels.append(Duel(defender=seat, defence=Stack(active=c), attack_piece=piece))
    state = attrs.evolve(state, round=attrs.evolve(r, kind=PIECE, piece=piece, duels=tuple(duels)))
    for k in range(len(duels)):
        state = _score_on_defender(state, k)
    return _next_counter(state, 0)


def announce(state: MatesState, piece: Piece) -> MatesState:
    """A piece announced in a duel: a defender's counter-attack, or a piece of a new card in a
    tied duel (the defender's first, then the attacker's)."""
    r = state.round
    assert r is not None
    k = r.current
    duel = r.duels[k]
    if state.phase == COUNTER:
        state = logged(state, PieceAnnounced(seat=duel.defender, piece=piece, role="counter"))
        state = set_duel(state, k, attrs.evolve(duel, counter=piece))
        return _next_counter(state, k + 1)
    if state.phase == TIE_DEFEND:
        state = logged(state, PieceAnnounced(seat=duel.defender, piece=piece, role="tie"))
        state = set_duel(state, k, attrs.evolve(duel, counter=piece))
        state = _score_on_attacker(state, k)
        if _decided(state, k):
            return _resolve_from(state, k + 1)
        return attrs.evolve(state, phase=TIE_ATTACK, active=r.attacker)
    assert state.phase == TIE_ATTACK
    state = logged(state, PieceAnnounced(seat=r.attacker, piece=piece, role="tie"))
    state = set_duel(state, k, attrs.evolve(duel, attack_piece=piece))
    state = _score_on_defender(state, k)
    if not _decided(state, k):
        state = _compare(state, k)
        if not _decided(state, k):
            return state  # tied again
    return _resolve_from(state, k + 1)


def _decide(state: MatesState, k: int, winner: Seat | None, how: str) -> MatesState:
    r = state.round
    assert r is not None
    duel = attrs.evolve(r.duels[k], decided=True, winner=winner, how=how)
    state = set_duel(state, k, duel)
    return logged(
        state,
        DuelDecided(
            attacker=r.attacker,
            defender=duel.defender,
            winner=winner,
            how=how,
            attack_score=duel.attack_score,
            counter_score=duel.counter_score,
        ),
    )


def _score_on_defender(state: MatesState, k: int) -> MatesState:
    """The attacker's piece on defender k's active card, covering after each check."""
    r = state.round
    assert r is not None
    while True:
        duel = r.duels[k]
        card = duel.defence.active
        assert card is not None and duel.attack_piece is not None
        p = placement(state.cards[card], duel.attack_piece)
        state = logged(
            state,
            PiecePlaced(
                seat=r.attacker,
                owner=duel.defender,
                card=card,
                piece=duel.attack_piece,
                result=p.result,
                score=p.score,
                captured=p.captured,
                replaced=p.replaced,
            ),
        )
        if p.result == KING:
            return _decide(state, k, duel.defender, BY_KING)
        if p.result == MATE:
            return _decide(state, k, r.attacker, BY_MATE)
        if p.result == CHECK:
            new, state = cover_and_turn(state, duel.defender, duel.defence, "check")
            if new is not None:
                state = set_duel(state, k, attrs.evolve(duel, defence=new))
                r = state.round
                assert r is not None
                continue
        return set_duel(state, k, attrs.evolve(duel, attack_score=p.score))


def _score_on_attacker(state: MatesState, k: int) -> MatesState:
    """Defender k's counter piece on the attacker's card facing him, covering after checks
    (the attacker covers and turns up a card for this duel only)."""
    r = state.round
    assert r is not None
    while True:
        duel = r.duels[k]
        card = facing_card(state, duel)
        assert duel.counter is not None
        p = placement(state.cards[card], duel.counter)
        state = logged(
            state,
            PiecePlaced(
                seat=duel.defender,
                owner=r.attacker,
                card=card,
                piece=duel.counter,
                result=p.result,
                score=p.score,
                captured=p.captured,
                replaced=p.replaced,
            ),
        )
        if p.result == KING:
            return _decide(state, k, r.attacker, BY_KING)
        if p.result == MATE:
            return _decide(state, k, duel.defender, BY_MATE)
        if p.result == CHECK:
            new, state = cover_and_turn(state, r.attacker, duel.attack, "check")
            if new is not None:
                state = set_duel(state, k, attrs.evolve(duel, attack=new))
                r = state.round
                assert r is not None
                continue
        return set_duel(state, k, attrs.evolve(duel, counter_score=p.score))


def _next_counter(state: MatesState, start: int) -> MatesState:
    """Ask the next defender (in turn order) whose duel is open for his counter-attack; once
    all have announced, reveal the attacker's card and play the duels out."""
    r = state.round
    assert r is not None
    for k in range(start, len(r.duels)):
        duel = r.duels[k]
        if not duel.decided and duel.counter is None:
            return attrs.evolve(
                state, phase=COUNTER, active=duel.defender, round=attrs.evolve(r, current=k)
            )
    state = attrs.evolve(state, round=attrs.evolve(r, revealed=True))
    state = logged(state, CardTurned(seat=r.attacker, card=r.card, why="reveal"))
    return _resolve_from(state, 0)


def _resolve_from(state: MatesState, start: int) -> MatesState:
    """Play the duels out in turn order from ``start``; stop where a tie needs a piece."""
    r = state.round
    assert r is not None
    for k in range(start, len(r.duels)):
        r = state.round
        assert r is not None
        duel = r.duels[k]
        if duel.decided:
            continue
        if duel.counter_score is None:
            state = _score_on_attacker(state, k)
            r = state.round
            assert r is not None
            if r.duels[k].decided:
                continue
        state = _compare(state, k)
        if not _decided(state, k):
            return state  # a tie: the defender announces a piece of his new card
    return settle(state)


def _decided(state: MatesState, k: int) -> bool:
    assert state.round is not None
    return state.round.duels[k].decided


def _compare(state: MatesState, k: int) -> MatesState:
    """Both scores known: the higher wins; a tie sends both to cover and turn a new card."""
    r = state.round
    assert r is not None
    duel = r.duels[k]
    a, d = duel.attack_score, duel.counter_score
    assert a is not None and d is not None
    if a != d:
        return _decide(state, k, r.attacker if a > d else duel.defender, BY_SCORE)
    state = logged(state, DuelTied(attacker=r.attacker, defender=duel.defender, score=a))
    defence, state = cover_and_turn(state, duel.defender, duel.defence, "tie")
    attack, state = cover_and_turn(state, r.attacker, duel.attack, "tie")
    duel = attrs.evolve(
        duel,
        defence=defence or duel.defence,
        attack=attack or duel.attack,
        ties=duel.ties + 1,
    )
    state = set_duel(state, k, duel)
    if defence is None and attack is None:
        return _decide(state, k, None, DRAWN)
    if defence is None:
        return _decide(state, k, r.attacker, NO_CARDS)
    if attack is None:
        return _decide(state, k, duel.defender, NO_CARDS)
    duel = attrs.evolve(
        duel, attack_piece=None, attack_score=None, counter=None, counter_score=None
    )
    state = set_duel(state, k, duel)
    r = state.round
    assert r is not None
    return attrs.evolve(
        state, phase=TIE_DEFEND, active=duel.defender, round=attrs.evolve(r, current=k)
    )
