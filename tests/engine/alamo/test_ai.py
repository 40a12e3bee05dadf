"""The bots: legal from a view alone, sensible choices, and strong beats easy on both sides."""

from __future__ import annotations

import random

from engine.alamo.actions import AddCard, Confirm, Decline, PayTopOfDeck, PayWith, Roll
from engine.alamo.ai import best_defence
from engine.alamo.data import MEXICANS, TEXANS
from engine.alamo.rules import ALAMO
from engine.alamo.state import ATTACK, DEFEND, PAY, REPEL, ROLL
from engine.alamo.tally import defence_tally, pay_value

from .helpers import ids, rigged, side_with
from .test_solitaire import solo

M, T = MEXICANS, TEXANS
easy, strong = ALAMO.bots["easy"], ALAMO.bots["strong"]


def run(state, seat, bot, rnd, until):
    """Let ``bot`` act for ``seat`` until the phase leaves ``until``; return the state."""
    while state.phase == until and ALAMO.to_move(state) == (seat,):
        action = bot(ALAMO.view(state, seat), seat, rnd)
        assert action in ALAMO.legal_actions(state, seat)
        state = ALAMO.apply(state, seat, action)
    return state


def test_strong_mexican_declines_a_hopeless_attack() -> None:
    mex = ids(M, "Coronel Juan Morales", "Compañía ligera")
    tex = ids(T, "Davy Crockett", "Hombres de Tennessee", "Puesto de Honor", "Fuego Tejano")
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    assert strong(ALAMO.view(state, M), M, random.Random(1)) == Decline()


def test_strong_mexican_attacks_with_a_crushing_hand() -> None:
    mex = ids(
        M,
        *("Santa Anna", "Batallón de zapadores", "Compañía de granaderos", "Brecha", "Cerco"),
        *("Compañía ligera", "Mosquetes"),  # a full hand: nothing more to wait for
    )
    tex = ids(T, "Hospital")
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    state = run(state, M, strong, random.Random(2), ATTACK)
    assert state.phase != ATTACK and state.battle.attack_total >= 2 * (50 + 40 + 40)


SMALL_ATTACK = ("Coronel Romero", "Compañía Matamoros", "Compañía Matamoros", "Brecha")


def test_strong_mexican_builds_a_full_hand_before_attacking() -> None:
    """A battle's swing grows with its margin (the loser pays the difference, the winner keeps
    cards worth it) and a Brecha doubles the whole attack: a half-empty hand that would win
    now is kept for one big attack (it used to go in at once, and lose to ``wait-biggest``)."""
    tex = ids(T, "Hospital", "Trincheras", "Voluntarios tejanos")
    mex = ids(M, *SMALL_ATTACK)  # (10 + 30 + 30) × 2 = 140 against at most 50
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    assert strong(ALAMO.view(state, M), M, random.Random(4)) == Decline()
    full = ids(M, *SMALL_ATTACK, "Coronel Duque", "Compañía ligera", "Carabinas")
    state = rigged(side_with(tex), side_with(full), phase=ATTACK, active=M)
    state = run(state, M, strong, random.Random(4), ATTACK)
    assert state.phase == DEFEND and state.battle.attack_total >= 140


def test_strong_mexican_attacks_when_his_deck_cannot_fill_the_hand() -> None:
    tex = ids(T, "Hospital", "Trincheras", "Voluntarios tejanos")
    mex = ids(M, *SMALL_ATTACK)
    deck = ids(M, "Compañía ligera", "Carabinas")  # two draws left: the hand never fills
    state = rigged(side_with(tex), side_with(mex, deck=deck), phase=ATTACK, active=M)
    state = run(state, M, strong, random.Random(4), ATTACK)
    assert state.phase == DEFEND and state.battle.attack_total >= 140


def test_strong_texan_wins_when_he_can() -> None:
    (anna,) = ids(M, "Santa Anna")
    tex = ids(T, "Davy Crockett", "William B. Travis", "Caballería tejana", "Hospital")
    state = rigged(side_with(tex), side_with((anna,)), phase=ATTACK, active=M)
    state = ALAMO.apply(ALAMO.apply(state, M, AddCard(anna)), M, Confirm())
    assert state.phase == DEFEND
    rnd = random.Random(3)
    plan = []
    while state.phase == DEFEND:
        action = strong(ALAMO.view(state, T), T, rnd)
        plan.append(action)
        state = ALAMO.apply(state, T, action)
    assert state.battle.defence_total > 50 and state.battle.winner == T


def test_strong_texan_still_defends_a_battle_he_cannot_win() -> None:
    """Letting a lost attack through gives the Mexican his whole attack back into his deck
    (the winner keeps cards worth the difference): a real defence keeps the difference small."""
    mex = ids(M, "Santa Anna", "Batallón de zapadores", "Batallón de zapadores", "Brecha")
    tex = ids(
        T,
        "Davy Crockett",
        "Hombres de Tennessee",
        "Hombres de Tennessee",
        "Puesto de Honor",
        "Pared de 12 pies de alta",
    )
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    for action in (*map(AddCard, mex), Confirm()):
        state = ALAMO.apply(state, M, action)
    assert state.battle.attack_total == 260
    state = run(state, T, strong, random.Random(3), DEFEND)
    assert state.battle.winner == M
    assert state.battle.difference < sum(pay_value(M, c) for c in mex)  # he cannot keep them all


def test_strong_texan_fights_a_lost_battle_with_every_card_allowed() -> None:
    """Against a full-hand attack he cannot beat, every card off the difference counts: he
    used to keep his 10-point cards back (three cards, 110) and lose more to it."""
    mex = ids(M, "Santa Anna", "Batallón de zapadores", "Compañía de granaderos", "Brecha")
    tex = ids(
        T,
        *("Davy Crockett", "Hombres de Tennessee", "Voluntarios tejanos"),
        *("Hospital", "Gaitas de McGregor", "Trabucos"),
    )
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    for action in (*map(AddCard, mex), Confirm()):
        state = ALAMO.apply(state, M, action)
    state = run(state, T, strong, random.Random(3), DEFEND)
    assert state.battle.attack_total == 260 and state.battle.winner == M
    assert sorted(state.battle.defence) == sorted(tex)  # 50 + 40 + 20 + 10 + 10 + 10 = 140


def test_strong_pays_a_small_bombardment_from_the_hand() -> None:
    (art,) = ids(M, "Artilleros de 1ª mexicanos")  # 10
    tex = ids(T, "Hospital", "Davy Crockett")
    state = rigged(side_with(tex), side_with((art,)), phase="bombard", active=M)
    state = ALAMO.apply(state, M, ALAMO.legal_actions(state, M)[0])
    assert state.phase == PAY
    assert strong(ALAMO.view(state, T), T, random.Random(0)) == PayWith(tex[0])
    (big,) = ids(M, "Batería de 250 yardas")  # 50: a deck card is cheaper than Crockett
    state = rigged(side_with(tex), side_with((big,)), phase="bombard", active=M)
    state = ALAMO.apply(state, M, ALAMO.legal_actions(state, M)[0])
    assert strong(ALAMO.view(state, T), T, random.Random(0)) == PayTopOfDeck()


def test_best_defence_matches_brute_force() -> None:
    from itertools import combinations

    rnd = random.Random(5)
    for _ in range(150):
        hand = tuple(rnd.sample(range(60), rnd.randint(0, 7)))
        brute = max(
            defence_tally(combo).total
            for k in range(len(hand) + 1)
            for combo in combinations(hand, k)
            if defence_tally(combo).legal
        )
        assert best_defence(hand) == brute, hand


def test_strong_solitaire_repels_like_the_seed() -> None:
    attack = ids(M, "Coronel Romero", "Compañía Matamoros", "Brecha", "Brecha")
    hand = ids(
        T,
        "Pared de 12 pies de alta",
        "Trincheras",
        "Puesto de Honor",
        "Davy Crockett",
        "Fuego Tejano",
    )
    state = ALAMO.apply(solo(hand, attack, more=(40,)), T, Roll())
    assert state.phase == REPEL
    state = run(state, T, strong, random.Random(0), REPEL)
    assert state.phase == ROLL and state.sides[T].hand == (hand[0], hand[1], hand[3])


def play(seed, bots, players=2):
    state = ALAMO.new({}, seed, players)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    while ALAMO.outcome(state) is None:
        (seat,) = ALAMO.to_move(state)
        state = ALAMO.apply(state, seat, bots[seat](ALAMO.view(state, seat), seat, rngs[seat]))
    return ALAMO.outcome(state).winners


def test_strong_beats_easy_on_both_sides() -> None:
    for me in (T, M):
        bots = [easy, easy]
        bots[me] = strong
        won = sum(play(seed, bots) == (me,) for seed in range(16))
        assert won >= 11, (me, won)


def test_easy_is_legal_and_varied() -> None:
    state = ALAMO.new({}, 4, 2)
    while state.phase != ATTACK:
        (seat,) = ALAMO.to_move(state)
        state = ALAMO.apply(state, seat, ALAMO.legal_actions(state, seat)[-1])
    view = ALAMO.view(state, M)
    rnd = random.Random(0)
    picks = {easy(view, M, rnd) for _ in range(100)}
    assert picks <= set(ALAMO.legal_actions(state, M)) and len(picks) > 1
