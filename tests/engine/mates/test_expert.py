"""The expert: legal in every moment of the table, blind to what its seat cannot see, and a
card counter — every card the table has shown stays where the rules put it in its worlds."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs

from engine.core import HIDDEN, Seat
from engine.mates.actions import EloAttack, NextPuzzle, Solve
from engine.mates.ai import mating_move
from engine.mates.board import card_board
from engine.mates.expert import determinize, expert, oracle, tracked
from engine.mates.rounds import allowed_kinds
from engine.mates.rules import MATES
from engine.mates.state import (
    CHOOSE,
    COUNTER,
    ELO,
    PUZZLE,
    REVIEW,
    TIE_ATTACK,
    TIE_DEFEND,
    CardTurned,
    MatesState,
    StartCardTurned,
)

from .helpers import EMPTY, card, table

STRONG = MATES.bots["strong"]


def strong_game(seed: int, players: int, plies: int) -> Iterator[MatesState]:
    """The positions of a game ``strong`` plays for every seat, at most ``plies`` of them."""
    state = MATES.new({}, seed, players)
    for _ in range(plies):
        if MATES.outcome(state) is not None:
            return
        yield state
        seat = state.active
        state = MATES.apply(state, seat, STRONG(MATES.view(state, seat), seat, random.Random(0)))


def seen(state: MatesState) -> set[int]:
    """Every card the log shows turned up."""
    return {e.card for e in state.log if isinstance(e, CardTurned | StartCardTurned)}


def ask(bot, state: MatesState, seed: int = 0):
    seat = state.active
    return bot(MATES.view(state, seat), seat, random.Random(seed))


def test_the_expert_answers_legally_in_every_moment_of_the_table() -> None:
    phases: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for ply, state in enumerate(strong_game(seed, players, 150)):
            if state.phase in (TIE_DEFEND, TIE_ATTACK) or ply % 10 == 0:
                phases.add(state.phase)
                action = ask(expert, state, ply)
                assert action in MATES.legal_actions(state, state.active)
    assert phases == {CHOOSE, COUNTER, TIE_DEFEND, TIE_ATTACK}


def test_what_the_seat_cannot_see_changes_nothing() -> None:
    """Two tables that differ only in where two never-seen cards lie: the same view, the same
    worlds, the same answer."""
    checked = 0
    for ply, state in enumerate(strong_game(5, 3, 120)):
        if ply % 10:
            continue
        seat = state.active
        known = seen(state) | ({state.round.card} if seat == state.round.attacker else set())
        spots = [
            (s, i)
            for s, pile in enumerate(state.piles)
            for i, c in enumerate(pile)
            if c not in known
        ]
        if len(spots) < 2:
            continue
        (s1, i1), (s2, i2) = spots[0], spots[-1]
        piles = [list(p) for p in state.piles]
        piles[s1][i1], piles[s2][i2] = piles[s2][i2], piles[s1][i1]
        other = attrs.evolve(state, piles=tuple(map(tuple, piles)))
        assert other != state and MATES.view(other, seat) == MATES.view(state, seat)
        for seed in (1, 2):
            assert ask(expert, other, seed) == ask(expert, state, seed)
            view = MATES.view(other, seat)
            assert determinize(view, seat, random.Random(seed)) == determinize(
                MATES.view(state, seat), seat, random.Random(seed)
            )
        checked += 1
    assert checked >= 5


def test_every_card_the_table_has_shown_stays_in_its_place() -> None:
    for players, seed in ((2, 7), (4, 8)):
        for ply, state in enumerate(strong_game(seed, players, 150)):
            if ply % 7:
                continue
            seat = state.active
            view = MATES.view(state, seat)
            world = determinize(view, seat, random.Random(ply))
            assert MATES.view(world, seat) == view
            shown = seen(state)
            dealt = sorted(c for p in world.piles for c in p) + sorted(world.unused)
            assert len(set(dealt)) == len(dealt)
            for real, drawn in zip(state.piles, world.piles, strict=True):
                for c, d in zip(real, drawn, strict=True):
                    assert c not in shown or d == c


def test_once_every_card_has_been_seen_the_world_is_the_table() -> None:
    """Seed 1 with two players: by ply 48 every card in the piles has been turned up once, and
    a card counter knows both piles card for card."""
    positions = list(strong_game(1, 2, 49))
    assert len(positions) == 49
    state = positions[-1]
    seat = state.active
    view = MATES.view(state, seat)
    slots = tracked(view)
    assert all(slots.names[t] != HIDDEN for p in slots.state.piles for t in p)
    for seed in range(3):
        assert determinize(view, seat, random.Random(seed)).piles == state.piles


def test_with_only_an_elo_attack_it_names_the_side_its_count_says_wins() -> None:
    """Two players, an Elo attack forced: when the defender's next card is known from the
    count and exactly one side beats it, the expert names that side."""
    found = 0
    for seed in range(20, 40):
        for state in strong_game(seed, 2, 200):
            if state.phase != CHOOSE or allowed_kinds(state) != (ELO,):
                continue
            seat: Seat = state.active
            other = 1 - seat
            view = MATES.view(state, seat)
            slots = tracked(view)
            if slots.names[slots.state.piles[other][0]] == HIDDEN:
                continue
            mine, theirs = state.cards[state.round.card], state.cards[state.piles[other][0]]
            wins = [side for side in ("white", "black") if mine.elo(side) > theirs.elo(side)]
            ties = [side for side in ("white", "black") if mine.elo(side) == theirs.elo(side)]
            if len(wins) != 1 or ties:
                continue
            assert expert(view, seat, random.Random(seed)) == EloAttack(wins[0])
            found += 1
            if found >= 12:
                return
    assert found >= 12


def test_a_table_without_a_log_is_still_played_well() -> None:
    """A table set up by hand (no deal in its log): the unseen cards are dealt at random, and a
    card that beats every other by White Elo attacks by White."""
    cards = [card(EMPTY, 2850, 2000)] + [card(EMPTY, 2600, 2600) for _ in range(7)]
    state = table(cards, [[0, 2, 3, 4], [1, 5, 6, 7]])
    assert ask(expert, state) == EloAttack("white")


def test_the_oracle_reads_the_defenders_next_card() -> None:
    """By Elo the attacker's card is above most of the deck on White, but the defender's next
    card is the one it cannot beat there: the oracle, handed the real table, attacks by Black."""
    cards = [card(EMPTY, 2700, 2500), card(EMPTY, 2750, 2400)]
    cards += [card(EMPTY, 2550, 2650) for _ in range(6)]
    state = table(cards, [[0, 2, 3, 4], [1, 5, 6, 7]])
    assert ask(expert, state) == EloAttack("white")
    assert oracle(state, 0, random.Random(0)) == EloAttack("black")


def test_the_solo_puzzles_are_solved() -> None:
    state = MATES.new({"puzzles": 3}, 2, 1)
    for _ in range(3):
        assert state.phase == PUZZLE
        move = mating_move(card_board(state.cards[state.solo.current]))
        assert ask(expert, state) == Solve(move.uci())
        assert oracle(state, 0, random.Random(0)) == Solve(move.uci())
        state = MATES.apply(state, 0, ask(expert, state))
        assert state.phase == REVIEW and state.solo.history[-1].correct
        assert ask(expert, state) == NextPuzzle()
        state = MATES.apply(state, 0, NextPuzzle())
