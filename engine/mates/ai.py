"""Mates Hostiles bots: ``(view, seat, rng) -> action``, reading only their own seat's view.

``easy`` tosses a coin between an Elo and a piece attack, then names a side or a piece at random;
it counter-attacks with a random piece of its card.

``strong`` weighs every choice by its expected result over the cards it has not seen. The
printed deck is public (``view.cards``), face-down cards are not: the candidates for a hidden
card are the deck's cards it has never seen face up this game (once too few are left, every
card not on the table). For an Elo attack it counts how often its chosen side's Elo beats an
unseen card's; for a piece attack it scores each piece of its card on every unseen card (check,
capture, king square and mate included, through ``board.score_on``) and compares that score
with what each piece of that card would score on its own card as a counter-attack. It takes
the attack of best expected card balance. As a defender it knows the attacker's score and picks
the counter-attack piece most likely to beat it over the unseen cards; in a tied duel, with both
new cards face up, it reckons exactly.

In the solo puzzles ``strong`` finds a mate with python-chess; ``easy`` tries a checking move.
"""

from __future__ import annotations

import random
from typing import Any

import chess

from engine.core import HIDDEN, Seat
from engine.mates.actions import EloAttack, GiveUp, NextPuzzle, PieceAttack, Solve
from engine.mates.board import card_board, pieces_on, score_on
from engine.mates.data import BLACK, MATE_PENALTY, WHITE
from engine.mates.rounds import allowed_kinds
from engine.mates.rules import MATES
from engine.mates.state import (
    CHECK,
    CHOOSE,
    COUNTER,
    ELO,
    KING,
    MATE,
    PIECE,
    PUZZLE,
    REVIEW,
    TIE_ATTACK,
    TIE_DEFEND,
    CardTurned,
    MatesState,
    Piece,
    StartCardTurned,
)
from engine.mates.table import alive, facing_card

MIN_POOL = 6  # below this many never-seen cards, every card off the table is a candidate
CONTINUE_BONUS = 0.6  # two players: a won attack keeps the attack (worth this many cards)
CHECK_WIN = 0.5  # the chance to win a duel after the card scored on is covered by a check


def _legal(view: MatesState, seat: Seat) -> tuple[Any, ...]:
    return MATES.legal_actions(view, seat)


def _as_action(piece: Piece) -> PieceAttack:
    return PieceAttack(piece.color, piece.piece, piece.square)


# --- easy --------------------------------------------------------------------------------------


def easy(view: MatesState, seat: Seat, rng: random.Random) -> Any:
    """A coin for the kind of attack, then any side or piece; random counter-attacks."""
    if view.phase in (PUZZLE, REVIEW):
        return _easy_solo(view, rng)
    legal = _legal(view, seat)
    elo = [a for a in legal if isinstance(a, EloAttack)]
    pieces = [a for a in legal if isinstance(a, PieceAttack)]
    if elo and (not pieces or rng.random() < 0.5):
        return rng.choice(elo)
    return rng.choice(pieces)


def _easy_solo(view: MatesState, rng: random.Random) -> Any:
    if view.phase == REVIEW:
        return NextPuzzle()
    solo = view.solo
    assert solo is not None
    board = card_board(view.cards[solo.current])
    checks = [m for m in board.legal_moves if board.gives_check(m)]
    if not checks:
        return GiveUp()
    return Solve(rng.choice(checks).uci())


# --- strong ------------------------------------------------------------------------------------


def strong(view: MatesState, seat: Seat, rng: random.Random) -> Any:
    phase = view.phase
    if phase in (PUZZLE, REVIEW):
        return _strong_solo(view)
    if phase == CHOOSE:
        return _choose_attack(view, seat)
    if phase == COUNTER:
        return _counter(view, seat)
    if phase in (TIE_DEFEND, TIE_ATTACK):
        return _tie_piece(view, seat)
    raise ValueError(f"no move in phase {phase!r}")


def _strong_solo(view: MatesState) -> Any:
    if view.phase == REVIEW:
        return NextPuzzle()
    solo = view.solo
    assert solo is not None
    move = mating_move(card_board(view.cards[solo.current]))
    return GiveUp() if move is None else Solve(move.uci())


def on_table(view: MatesState) -> set[int]:
    """The card ids face up on the table (or known to the viewer) right now."""
    out: set[int] = set()
    r = view.round
    if r is None:
        return out
    if r.card != HIDDEN:
        out.add(r.card)
    for duel in r.duels:
        for stack in (duel.defence, duel.attack):
            out.update(stack.shown)
            if stack.active is not None:
                out.add(stack.active)
    return out


def unseen(view: MatesState) -> tuple[int, ...]:
    """The candidates for a face-down card: never seen face up this game (or, once fewer than
    ``MIN_POOL`` are left, every card not face up on the table)."""
    visible = on_table(view)
    seen = set(visible)
    for event in view.log:
        if isinstance(event, CardTurned | StartCardTurned):
            seen.add(event.card)
    pool = tuple(c for c in range(len(view.cards)) if c not in seen)
    if len(pool) >= MIN_POOL:
        return pool
    return tuple(c for c in range(len(view.cards)) if c not in visible)


def _duel_value(my_score: int, their: list[tuple[str, int]], stake: float) -> float:
    """Expected cards from one duel where my score is known and the other's counter lands as
    one of ``their`` (result, score) equally likely: +stake for a win, -1 for a loss."""
    total = 0.0
    for result, score in their:
        if result == KING:  # his piece on my king: he loses
            win = 1.0
        elif result == MATE:
            total += -1 - MATE_PENALTY
            continue
        elif result == CHECK:
            win = CHECK_WIN
        else:
            win = 1.0 if my_score > score else 0.5 if my_score == score else 0.0
        total += win * stake - (1 - win)
    return total / len(their)


def _choose_attack(view: MatesState, seat: Seat) -> Any:
    r = view.round
    assert r is not None and r.card != HIDDEN
    kinds = allowed_kinds(view)
    cards = view.cards
    mine = cards[r.card]
    pool = unseen(view)
    defenders = len(alive(view)) - 1
    bonus = CONTINUE_BONUS if defenders == 1 else 0.0
    best: tuple[float, int, Any] | None = None
    if ELO in kinds:
        for side in (WHITE, BLACK):
            e = mine.elo(side)
            below = sum(cards[c].elo(side) < e for c in pool) / len(pool)
            equal = sum(cards[c].elo(side) == e for c in pool) / len(pool)
            win = (below + equal / 2) ** defenders
            value = win * (defenders + bonus) - (1 - win)
            cand = (value, 0, EloAttack(side))
            if best is None or cand[:2] > best[:2]:
                best = cand
    if PIECE in kinds:
        # What each unseen card's pieces would score against mine as counter-attacks.
        counters = {c: [score_on(mine, q) for q in pieces_on(cards[c])] for c in pool}
        for i, p in enumerate(pieces_on(mine)):
            value = 0.0
            checks = 0
            for c in pool:
                result, score = score_on(cards[c], p)
                if result == KING:
                    value -= 1
                elif result == MATE:
                    value += 1 + MATE_PENALTY + bonus
                elif result == CHECK:
                    checks += 1
                elif counters[c]:
                    value += _duel_value(score, counters[c], 1 + bonus)
                else:
                    value += 1 + bonus
            settled = len(pool) - checks
            mean = value / settled if settled else 0.0
            value = defenders * mean  # a check re-deals the duel: it is worth the average
            cand = (value, -i, _as_action(p))
            if best is None or cand[:2] > best[:2]:
                best = cand
    assert best is not None
    return best[2]


def _counter(view: MatesState, seat: Seat) -> Any:
    r = view.round
    assert r is not None
    duel = r.duels[r.current]
    assert duel.defence.active is not None and duel.attack_score is not None
    cards = view.cards
    mine = cards[duel.defence.active]
    pool = unseen(view)
    their = duel.attack_score
    best: tuple[float, int, Any] | None = None
    for i, q in enumerate(pieces_on(mine)):
        value = 0.0
        for c in pool:
            result, score = score_on(cards[c], q)
            if result == KING:
                value -= 1
            elif result == MATE:
                value += 1 + MATE_PENALTY
            elif result == CHECK:
                value += 2 * CHECK_WIN - 1
            else:
                win = 1.0 if score > their else 0.5 if score == their else 0.0
                value += 2 * win - 1
        cand = (value / len(pool), -i, _as_action(q))
        if best is None or cand[:2] > best[:2]:
            best = cand
    assert best is not None
    return best[2]


def _rank(result: str, mine: int, theirs: int) -> tuple[float, int]:
    """How good a placement is against a known score: mate, win, check or tie, loss, king."""
    if result == MATE:
        return 4.0, mine
    if result == KING:
        return 0.0, mine
    if result == CHECK:
        return 2.0, mine
    if mine > theirs:
        return 3.0, mine
    if mine == theirs:
        return 2.0, mine
    return 1.0, mine


def _tie_piece(view: MatesState, seat: Seat) -> Any:
    """Both new cards are face up: reckon exactly."""
    r = view.round
    assert r is not None
    duel = r.duels[r.current]
    cards = view.cards
    theirs_card = facing_card(view, duel)
    assert duel.defence.active is not None
    if view.phase == TIE_DEFEND:
        mine, target = cards[duel.defence.active], cards[theirs_card]
        # The attacker answers with his best piece on my card.
        replies = [score_on(mine, p) for p in pieces_on(target)]
        good = [s for res, s in replies if res not in (KING,)]
        if any(res == MATE for res, _ in replies):
            reply = 10**6
        else:
            reply = max(good, default=-1)
    else:
        mine, target = cards[theirs_card], cards[duel.defence.active]
        assert duel.counter_score is not None
        reply = duel.counter_score
    best: tuple[tuple[float, int], int, Any] | None = None
    for i, p in enumerate(pieces_on(mine)):
        result, score = score_on(target, p)
        cand = (_rank(result, score, reply), -i, _as_action(p))
        if best is None or cand[:2] > best[:2]:
            best = cand
    assert best is not None
    return best[2]


def mating_move(board: chess.Board) -> chess.Move | None:
    """A move that mates at once, if there is one."""
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return move
    return None
