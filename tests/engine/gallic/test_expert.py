"""The searching Gallic bot: legal from a view alone, blind to what it cannot see, and sensible
about what a battle is worth to the war."""

from __future__ import annotations

import random

import attrs
import pytest

from engine.core import HIDDEN
from engine.gallic import expert as search_bot
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import DECK_SIZE, GAULS, ROME
from engine.gallic.rules import GALLIC
from engine.gallic.scoring import hand_total
from engine.gallic.state import DISCARD, OVER, Side

from .helpers import past, rigged

expert, oracle, determinize = search_bot.expert, search_bot.oracle, search_bot.determinize
STRONG = (0, 2, 3, 10, 11, 18, 19, 26)  # 77: no exchange can improve it
WEAK = (34, 35, 9, 17, 25, 33, 8, 16)  # both penalties, threes and fours


def positions(seed: int, every: int = 3) -> list[tuple[object, int]]:
    """Discard-phase states of a game the strong bots play, with the seat to decide."""
    strong = GALLIC.bots["strong"]
    state = GALLIC.new({}, seed)
    rngs = (random.Random(seed), random.Random(seed + 1))
    found = []
    while GALLIC.outcome(state) is None:
        for seat in GALLIC.to_move(state):
            if state.phase == DISCARD and len(found) < 40:
                found.append((state, seat))
            state = GALLIC.apply(state, seat, strong(GALLIC.view(state, seat), seat, rngs[seat]))
    return found[::every]


def test_legal_exchanges_in_real_positions_for_both_sides() -> None:
    seen = set()
    for state, seat in positions(5):
        action = expert(GALLIC.view(state, seat), seat, random.Random(1))
        assert action in GALLIC.legal_actions(state, seat)
        seen.add(seat)
    assert seen == {ROME, GAULS}


def test_continues_after_the_reveal() -> None:
    state = GALLIC.apply(GALLIC.apply(rigged(STRONG, WEAK), ROME, Discard()), GAULS, Discard())
    assert expert(GALLIC.view(state, GAULS), GAULS, random.Random(0)) == Continue()
    assert oracle(state, GAULS, random.Random(0)) == Continue()


def test_same_view_same_answer_whatever_is_hidden() -> None:
    state, seat = positions(8, every=1)[3]
    other = 1 - seat
    # Swap the other side's hand with part of its deck, and reverse this seat's deck: the
    # seat sees nothing of either.
    theirs = state.sides[other]
    hand, deck = theirs.hand, theirs.deck
    swapped = attrs.evolve(theirs, hand=deck[: len(hand)], deck=hand + deck[len(hand) :])
    mine = attrs.evolve(state.sides[seat], deck=state.sides[seat].deck[::-1])
    sides = [None, None]
    sides[seat], sides[other] = mine, swapped
    twin = attrs.evolve(state, sides=tuple(sides), rng=state.rng.next_u64()[1])
    assert GALLIC.view(twin, seat) == GALLIC.view(state, seat)
    assert twin != state
    answers = {expert(GALLIC.view(s, seat), seat, random.Random(9)) for s in (state, twin)}
    assert len(answers) == 1


def test_a_world_is_the_view_with_the_unseen_cards_dealt() -> None:
    for state, seat in positions(3, every=2):
        view = GALLIC.view(state, seat)
        world = determinize(view, seat, random.Random(4))
        assert GALLIC.view(world, seat) == view
        assert world.rng is not None
        for side in world.sides:
            cards = side.deck + side.hand + side.discard + side.exchanged
            assert sorted(cards) == list(range(DECK_SIZE))


def test_a_world_deals_the_other_hand_as_its_exchange_suggests() -> None:
    # The Gauls see that Rome kept its whole hand: Rome's hand in their worlds is strong.
    state = GALLIC.new({}, 12)
    state = GALLIC.apply(state, ROME, Discard())
    view = GALLIC.view(state, GAULS)
    assert view.sides[ROME].hand == (HIDDEN,) * 8
    kept = [
        hand_total(ROME, determinize(view, GAULS, random.Random(i)).sides[ROME].hand)
        for i in range(30)
    ]
    dealt = []
    for i in range(30):
        cards = list(range(DECK_SIZE))
        random.Random(i).shuffle(cards)
        dealt.append(hand_total(ROME, cards[:8]))
    assert sum(kept) / 30 > sum(dealt) / 30 + 4
    # Four cards exchanged: four face down in every world, the hand still eight.
    state = GALLIC.apply(
        GALLIC.new({}, 12), ROME, Discard(tuple(sorted(GALLIC.new({}, 12).sides[ROME].hand)[:4]))
    )
    world = determinize(GALLIC.view(state, GAULS), GAULS, random.Random(2))
    assert len(world.sides[ROME].exchanged) == 4 and len(world.sides[ROME].hand) == 8


def test_keeps_a_perfect_hand_and_throws_away_penalties() -> None:
    view = GALLIC.view(rigged(STRONG, WEAK), ROME)
    assert expert(view, ROME, random.Random(1)) == Discard()
    view = GALLIC.view(rigged(WEAK, STRONG), ROME)
    assert {34, 35} <= set(expert(view, ROME, random.Random(1)).cards)


def test_a_battle_is_worth_what_it_can_change_in_the_war() -> None:
    def stake(*winners: int) -> float:
        table = search_bot.war_table(rigged(STRONG, WEAK, battles=past(*winners)), ROME, 1)
        return table[0][0] - table[1][0]  # won minus lost

    # The last battle decides the war; a seventh with nobody on a run decides little; two up
    # in a row, the third battle is the war.
    assert stake(0, 1, 0, 1, 0, 1, 0) == 1.0
    assert 0 < stake(0, 1, 0, 1, 0, 1) < 0.1
    assert search_bot.war_table(rigged(STRONG, WEAK, battles=past(1, 0, 0)), ROME, 1)[0][0] == 1.0
    assert stake() < stake(0, 0) and stake() < stake(1, 1)
    assert search_bot.even_odds((), 8, 3) == pytest.approx(0.5)
    # Looking two battles ahead: a war won now stays won whatever the next battle would do.
    two = search_bot.war_table(rigged(STRONG, WEAK, battles=past(1, 0, 0)), ROME, 2)
    assert two[0] == [1.0, 1.0, 1.0]


# Rome: Caesar, R10 R3, T10 T9, S10 S9, M10 = 71 (Caesar fills the second Morale slot); the
# R3 is the one card worth trading.
SAFE = (0, 2, 9, 10, 11, 18, 19, 26)


def with_top(state, seat: int, card_id: int):
    """``state`` with ``card_id`` moved to the top of ``seat``'s deck."""
    side = state.sides[seat]
    deck = (card_id,) + tuple(c for c in side.deck if c != card_id)
    sides = list(state.sides)
    sides[seat] = attrs.evolve(side, deck=deck)
    return attrs.evolve(state, sides=tuple(sides))


def test_the_oracle_reads_the_real_state() -> None:
    # The Gauls hold 73 and Rome's next card is the R9: the oracle knows that keeping 71
    # loses and that trading the R3 wins (77), every time it is asked.
    gauls = (0, 2, 3, 10, 11, 18, 19, 30)
    state = with_top(rigged(SAFE, gauls), ROME, 3)
    assert hand_total(ROME, SAFE) == 71 and hand_total(GAULS, gauls) == 73
    assert {oracle(state, ROME, random.Random(i)) for i in range(5)} == {Discard((9,))}
    # With a penalty on top instead, trading would lose 66 to 67: it keeps.
    weaker = (0, 2, 3, 10, 14, 18, 22, 30)
    state = with_top(rigged(SAFE, weaker), ROME, 34)
    assert hand_total(GAULS, weaker) == 67
    assert {oracle(state, ROME, random.Random(i)) for i in range(5)} == {Discard()}


def test_expert_games_end_with_legal_moves() -> None:
    state = GALLIC.new({"battles": 5}, 21)
    rngs = (random.Random(1), random.Random(2))
    bots = (expert, GALLIC.bots["strong"])
    while state.phase != OVER:
        for seat in GALLIC.to_move(state):
            action = bots[seat](GALLIC.view(state, seat), seat, rngs[seat])
            assert action in GALLIC.legal_actions(state, seat)
            state = GALLIC.apply(state, seat, action)
    assert GALLIC.outcome(state) is not None
    assert isinstance(state.sides[ROME], Side)


def test_sees_how_many_cards_the_other_side_exchanged_never_which() -> None:
    # House rule: the exchanged cards lie face down; the other player learns only how many.
    state = GALLIC.new({}, 21)
    state = GALLIC.apply(state, ROME, Discard(tuple(sorted(state.sides[ROME].hand)[:2])))
    # The twin put down two other cards (two of its deck), the rest unchanged.
    side = state.sides[ROME]
    swapped = attrs.evolve(side, exchanged=side.deck[:2], deck=side.exchanged + side.deck[2:])
    twin = attrs.evolve(state, sides=(swapped, state.sides[GAULS]))
    assert twin != state
    views = [GALLIC.view(s, GAULS) for s in (state, twin)]
    assert views[0] == views[1]
    assert views[0].sides[ROME].exchanged == (HIDDEN, HIDDEN)
    # The worlds the expert searches deal Rome's two face-down cards from the unseen ones
    # alike, and so does its choice.
    worlds = [determinize(v, GAULS, random.Random(1)).sides[ROME].exchanged for v in views]
    assert worlds[0] == worlds[1] and len(worlds[0]) == 2
    assert expert(views[0], GAULS, random.Random(5)) == expert(views[1], GAULS, random.Random(5))
