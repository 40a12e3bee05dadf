"""The pure helpers the screen uses: live totals and broken limits, cheapest payments."""

from __future__ import annotations

from engine.alamo.actions import Fire, PayTopOfDeck, PayWith
from engine.alamo.data import MEXICANS, TEXANS
from engine.alamo.payment import auto_payment
from engine.alamo.rules import ALAMO
from engine.alamo.state import BOMBARD
from engine.alamo.tally import (
    ATTACK_NEEDS,
    attack_tally,
    cheapest_cover,
    defence_tally,
    repel_choices,
    solitaire_tally,
)

from .helpers import ids, rigged, side_with

M, T = MEXICANS, TEXANS


def test_attack_tally_shows_bonuses_and_the_brecha() -> None:
    romero, m1, m2, brecha = cards = ids(
        M, "Coronel Romero", "Compañía Matamoros", "Compañía Matamoros", "Brecha"
    )
    tally = attack_tally(cards)
    assert (tally.base, tally.bonus, tally.doubles, tally.total) == (50, 20, 1, 140)
    assert tally.bonuses == ((m1, 10), (m2, 10)) and tally.legal


def test_attack_tally_lists_every_broken_limit_at_once() -> None:
    cards = ids(
        M,
        "Batallón Aldama",
        "Escaleras de mano",
        "Mosquetes",
        "Batallón de zapadores",
        "Batallón de zapadores",
        "Compañía de granaderos",
    )
    assert attack_tally(cards).problems == (
        "Only one Equipment card may attack.",
        "At most two Reserve troops may attack.",
    )
    assert attack_tally(ids(M, "Batallón Aldama")).problems == (ATTACK_NEEDS,)
    assert attack_tally(()).problems == (ATTACK_NEEDS,) and attack_tally(()).total == 0


def test_defence_tally_dickinson_and_troop_bonuses() -> None:
    dick, c1, c2 = ids(T, "Capitán Dickinson", "Cañones", "Artillería de ventana")
    assert defence_tally((dick, c1, c2)).bonuses == ((dick, 20),)
    for leader, troop in (
        ("James Bowie", "Voluntarios tejanos"),
        ("Tte. George Kimball", "Compañía González"),
        ("William B. Travis", "Caballería tejana"),
        ("Davy Crockett", "Hombres de Tennessee"),
    ):
        lead, man = ids(T, leader, troop)
        tally = defence_tally((lead, man))
        assert tally.bonuses == ((man, 10),)
        assert defence_tally((one_other_leader(leader), man)).bonuses == ()
    problems = defence_tally(ids(T, "Davy Crockett", "James Bowie", "Hospital", "Trincheras"))
    assert problems.problems == (
        "Only one Leader may defend.",
        "Only one Standing Defence card may defend.",
    )


def one_other_leader(name: str) -> int:
    return ids(T, "James Bonham" if name != "James Bonham" else "Capitán Baugh")[0]


def test_solitaire_tally_further_doubles_add_fifty() -> None:
    cards = ids(M, "Coronel Romero", "Compañía Matamoros", "Brecha", "Brecha", "Brecha")
    assert solitaire_tally(M, cards).total == 80 + 50 + 50
    fuegos = ids(T, "Fuego Tejano", "Fuego Tejano")
    assert solitaire_tally(T, fuegos).total == 0 * 2 + 50


def test_cheapest_cover() -> None:
    ten, twenty, thirty, fuego = ids(
        T, "Hospital", "Voluntarios tejanos", "Grises móviles", "Fuego Tejano"
    )
    hand = (ten, twenty, thirty, fuego)
    assert cheapest_cover(T, hand, 30) == (thirty,)  # 30 in one card beats 10 + 20
    assert set(cheapest_cover(T, hand, 35)) == {ten, thirty}
    assert cheapest_cover(T, hand, 100) == tuple(sorted((twenty, thirty, fuego)))
    assert cheapest_cover(T, hand, 110) == tuple(sorted(hand))
    assert cheapest_cover(T, hand, 111) is None
    assert cheapest_cover(T, hand, 0) == ()


def test_auto_payment_prefers_the_hand_then_the_deck() -> None:
    (bateria,) = ids(M, "Baterías mexicanas")
    hand = ids(T, "Hospital", "Voluntarios tejanos", "Grises móviles")
    state = rigged(side_with(hand), side_with((bateria,)), phase=BOMBARD, active=M)
    assert auto_payment(state) is None
    state = ALAMO.apply(state, M, Fire(bateria))
    assert auto_payment(state) == PayWith(hand[2])
    small = rigged(side_with(hand[:1]), side_with((bateria,)), phase=BOMBARD, active=M)
    assert auto_payment(ALAMO.apply(small, M, Fire(bateria))) == PayTopOfDeck()


def test_repel_choices_for_the_seed_example() -> None:
    pared, trinch, puesto, crockett, fuego = hand = ids(
        T,
        "Pared de 12 pies de alta",
        "Trincheras",
        "Puesto de Honor",
        "Davy Crockett",
        "Fuego Tejano",
    )
    assert repel_choices(hand, 130) == (
        tuple(sorted((puesto, fuego))),
        tuple(sorted((crockett, fuego))),
    )
    assert repel_choices(hand, 30) == ((),)  # the walls alone hold
    assert repel_choices(hand, 999) == ()


def test_selection_tally_follows_the_phase() -> None:
    from engine.alamo.actions import AddCard
    from engine.alamo.state import ATTACK
    from engine.alamo.tally import selection_tally

    romero, mata = ids(M, "Coronel Romero", "Compañía Matamoros")
    state = rigged(side_with(ids(T, "Hospital")), side_with((romero, mata)), phase=ATTACK, active=M)
    assert selection_tally(state).problems == (ATTACK_NEEDS,)
    state = ALAMO.apply(state, M, AddCard(mata))
    assert selection_tally(state).total == 20
    state = ALAMO.apply(state, M, AddCard(romero))
    assert selection_tally(state).total == 40 and selection_tally(state).legal
    assert selection_tally(rigged(side_with(()), side_with(()), phase=BOMBARD, active=M)) is None
