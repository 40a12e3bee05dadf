"""The two-player siege through the engine contract, one rule (and house rule) at a time."""

from __future__ import annotations

import attrs
import pytest

from engine import i18n
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
from engine.alamo.data import DECK_SIZE, MEXICANS, TEXANS, card
from engine.alamo.rules import ALAMO, ATTACK_NEEDS, attack_tally
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    OVER,
    PAY,
    SURVIVORS,
    AttackDeclined,
    Battle,
    BattleResolved,
    Drew,
    HandLost,
    Paid,
    Returned,
    Shuffled,
    SurvivorsKept,
    TakenBack,
    TurnStarted,
)
from engine.core import HIDDEN, IllegalAction

from .helpers import Marked, ids, one, play, rigged, side_with

M, T = MEXICANS, TEXANS


def at_attack(tex_hand, mex_hand, **kw) -> object:
    return rigged(side_with(tex_hand), side_with(mex_hand), phase=ATTACK, active=M, **kw)


def attack_with(state, *cards):
    for c in cards:
        state = ALAMO.apply(state, M, AddCard(c))
    return ALAMO.apply(state, M, Confirm())


def defend_with(state, *cards):
    for c in cards:
        state = ALAMO.apply(state, T, AddCard(c))
    return ALAMO.apply(state, T, Confirm())


# --- setup, draw and the two victories --------------------------------------------------------


def test_new_game_deals_four_then_draws_one() -> None:
    state = ALAMO.new({}, seed=7, players=2)
    assert state.mode == "two-player" and state.turn == 1
    for side in state.sides:
        assert len(side.hand) == 5 and len(side.deck) == 55
        assert sorted(side.hand + side.deck) == list(range(DECK_SIZE))
    assert TurnStarted(turn=1) in state.log
    assert ALAMO.new({}, seed=7, players=2) == state
    assert ALAMO.new({}, seed=8, players=2) != state
    assert state.phase in (BOMBARD, DISCARD, ATTACK)
    assert ALAMO.progress(state) == "Turn 1 · decks: Texans 55, Mexicans 55"


def test_registered_shape() -> None:
    assert ALAMO.id == "alamo" and ALAMO.name == "El Álamo"
    assert ALAMO.seat_labels(2) == ("Texans", "Mexicans")
    assert ALAMO.seat_labels(1) == ("Texans",)
    assert (ALAMO.min_players, ALAMO.max_players) == (1, 2)
    assert set(ALAMO.bots) == {"easy", "strong", "expert"}
    text = ALAMO.rules_markdown()
    assert "## House rules" in text and text.count("**House rule:**") >= 15
    with pytest.raises(ValueError):
        ALAMO.new({}, seed=1, players=3)
    with pytest.raises(ValueError):
        ALAMO.new({"mode": "solitaire"}, seed=1, players=2)


def declined_into_draw(tex_deck, mex_deck):
    hand_t = ids(T, "Grises móviles")
    hand_m = ids(M, "Santa Anna")
    state = rigged(
        side_with(hand_t, deck=tex_deck),
        side_with(hand_m, deck=mex_deck),
        phase=ATTACK,
        active=M,
    )
    return ALAMO.apply(state, M, Decline())


def test_texan_deck_empty_at_the_draw_is_a_mexican_victory() -> None:
    state = declined_into_draw((), (50,))
    assert state.phase == OVER and ALAMO.to_move(state) == ()
    result = ALAMO.outcome(state)
    assert result.winners == (M,)
    assert "fewer losses than in history" in result.reason
    assert ALAMO.progress(state) == "Mexicans won on turn 4"
    assert ALAMO.legal_actions(state, M) == ()
    with pytest.raises(IllegalAction, match="The game is over."):
        ALAMO.apply(state, M, Decline())


def test_mexican_deck_empty_at_the_draw_is_a_texan_victory() -> None:
    state = declined_into_draw((50,), ())
    result = ALAMO.outcome(state)
    assert result.winners == (T,) and "more men than in history" in result.reason


def test_a_siege_played_in_another_language_keeps_the_english_record() -> None:
    """The state and its log keep the English record of the end; the outcome, the card notes
    and the broken limits of a battle hand are worded when asked, in the current one."""
    english = declined_into_draw((), (50,))
    i18n.install(Marked(), "xx")
    state = declined_into_draw((), (50,))
    assert state == english
    assert state.reason == (
        "The Texan deck ran out: the fort falls with fewer losses than in history."
    )
    assert ALAMO.outcome(state).reason == f"«{state.reason}»"
    assert ALAMO.progress(state) == "«Mexicans won on turn 4»"
    (aldama,) = ids(M, "Batallón Aldama")
    assert attack_tally((aldama,)).problems == (ATTACK_NEEDS,)  # kept as the msgid
    (duque_troop,) = ids(M, "Batallón Toluca")
    assert card(M, duque_troop).note == "«+10 with Duque «or» Castrillón»"


def test_house_rule_both_decks_empty_is_a_draw() -> None:
    state = declined_into_draw((), ())
    result = ALAMO.outcome(state)
    assert result.is_draw and "drawn" in result.reason
    assert ALAMO.progress(state) == "Drawn on turn 4"


def test_each_draw_phase_draws_one_card_each() -> None:
    state = declined_into_draw((50, 51), (50, 51))
    assert state.log[-6:-1] == (
        AttackDeclined(),
        TurnStarted(turn=4),
        Drew(seat=T, count=1, cards=(50,), visible_to=frozenset({T})),
        Drew(seat=T, count=1, visible_to=frozenset({M})),
        Drew(seat=M, count=1, cards=(50,), visible_to=frozenset({M})),
    )
    assert state.sides[T].deck == (51,) and 50 in state.sides[T].hand


# --- bombardment ---------------------------------------------------------------------------------


def bombard_state(tex_hand, mex_hand, tex_deck=None, active=M):
    return rigged(
        side_with(tex_hand, deck=tex_deck), side_with(mex_hand), phase=BOMBARD, active=active
    )


def test_bombard_with_top_of_deck_pays_in_full() -> None:
    (bateria,) = ids(M, "Batería de 250 yardas")
    hand_t = ids(T, "Grises móviles")
    state = bombard_state(hand_t, (bateria,) + ids(M, "Santa Anna"))
    assert ALAMO.legal_actions(state, M) == (Fire(bateria), StopFiring())
    state = ALAMO.apply(state, M, Fire(bateria))
    assert state.phase == PAY and ALAMO.to_move(state) == (T,)
    assert state.payment.amount == 50 and state.payment.cause == "bombardment"
    # 30 in hand cannot cover 50: only the deck.
    assert ALAMO.legal_actions(state, T) == (PayTopOfDeck(),)
    top = state.sides[T].deck[0]
    state = ALAMO.apply(state, T, PayTopOfDeck())
    assert state.sides[T].discard[-1] == top and state.payment is None
    assert Paid(seat=T, card=top, value=ALAMO_pay(T, top), from_deck=True) in state.log
    assert bateria in state.sides[M].discard


def ALAMO_pay(seat, c):
    from engine.alamo.tally import pay_value

    return pay_value(seat, c)


def test_bombard_paid_card_by_card_from_the_hand() -> None:
    (bateria,) = ids(M, "Baterías mexicanas")  # 30
    vol1, vol2, gris = ids(T, "Voluntarios tejanos", "Voluntarios tejanos", "Grises móviles")
    state = bombard_state((vol1, vol2, gris), (bateria,))
    state = ALAMO.apply(state, M, Fire(bateria))
    legal = ALAMO.legal_actions(state, T)
    assert set(legal) == {PayWith(vol1), PayWith(vol2), PayWith(gris), PayTopOfDeck()}
    state = ALAMO.apply(state, T, PayWith(vol1))
    assert state.phase == PAY and state.payment.due == 10
    # Started from the hand: the deck is no longer an option for this card.
    assert PayTopOfDeck() not in ALAMO.legal_actions(state, T)
    with pytest.raises(IllegalAction, match="finish with hand cards"):
        ALAMO.apply(state, T, PayTopOfDeck())
    state = ALAMO.apply(state, T, PayWith(vol2))
    assert {vol1, vol2} <= set(state.sides[T].discard) and gris in state.sides[T].hand
    # The Mexican is out of guns, the Texan holds none, no attack is possible: next turn.
    assert state.turn == 4


def test_house_rule_a_card_the_bombardment_did_not_need_goes_back_to_the_hand() -> None:
    # Baterías mexicanas 30 against Empalizada 10, Trincheras 10, then Pared 20: Pared and one
    # 10 cover it, so the 10 paid first goes back.
    bateria, artilleros = ids(M, "Baterías mexicanas", "Artilleros de 1ª mexicanos")
    empalizada, trincheras, pared, grises = ids(
        T, "Empalizada", "Trincheras", "Pared de 12 pies de alta", "Grises móviles"
    )
    state = bombard_state((empalizada, trincheras, pared, grises), (bateria, artilleros))
    state = ALAMO.apply(state, M, Fire(bateria))
    state = play(state, (T, PayWith(empalizada)), (T, PayWith(trincheras)), (T, PayWith(pared)))
    assert state.payment is None and state.phase == BOMBARD and state.active == M
    assert sorted(state.sides[T].hand) == sorted((grises, empalizada))
    assert {trincheras, pared} <= set(state.sides[T].discard)
    assert empalizada not in state.sides[T].discard
    assert TakenBack(seat=T, card=empalizada, value=10) in state.log
    paid = state.log.index(Paid(seat=T, card=pared, value=20))
    assert state.log[paid + 1] == TakenBack(seat=T, card=empalizada, value=10)


def test_house_rule_unneeded_cards_go_back_the_most_valuable_first() -> None:
    anna, ligera = ids(M, "Santa Anna", "Compañía ligera")
    hospital, trincheras, voluntarios, puesto = ids(
        T, "Hospital", "Trincheras", "Voluntarios tejanos", "Puesto de Honor"
    )
    tex = (hospital, trincheras, voluntarios, puesto)
    state = attack_with(at_attack(tex, (anna, ligera)), anna, ligera)
    state = defend_with(state, hospital)  # 60 against 10: the Texan owes 50
    state = play(state, (T, PayWith(trincheras)), (T, PayWith(voluntarios)), (T, PayWith(puesto)))
    # 70 paid. The Puesto is needed (30 left); the Voluntarios is not (50 left) and goes back
    # first; after that the Trincheras is needed again.
    assert state.phase == SURVIVORS and state.sides[T].hand == (voluntarios,)
    assert [e for e in state.log if isinstance(e, TakenBack)] == [
        TakenBack(seat=T, card=voluntarios, value=20)
    ]


def test_house_rule_an_unneeded_card_from_the_deck_goes_back_on_top_of_it() -> None:
    anna, ligera = ids(M, "Santa Anna", "Compañía ligera")
    hospital, fuego, trincheras, grises = ids(
        T, "Hospital", "Fuego Tejano", "Trincheras", "Grises móviles"
    )
    state = rigged(
        side_with((hospital, fuego), deck=(trincheras, grises)),
        side_with((anna, ligera)),
        phase=ATTACK,
        active=M,
    )
    state = defend_with(attack_with(state, anna, ligera), hospital)  # the Texan owes 50
    state = ALAMO.apply(state, T, PayTopOfDeck())  # the Trincheras, 10: 40 to go
    assert state.phase == PAY and state.payment.due == 40
    state = ALAMO.apply(state, T, PayWith(fuego))  # 60 paid: the Trincheras was not needed
    assert state.phase == SURVIVORS  # the Mexican may keep his Compañía ligera
    assert state.sides[T].deck == (trincheras, grises) and state.sides[T].hand == ()
    assert trincheras not in state.sides[T].discard and fuego in state.sides[T].discard
    assert TakenBack(seat=T, card=trincheras, value=10, to_deck=True) in state.log


def test_house_rule_mexican_bombards_first_then_texan() -> None:
    (bateria,) = ids(M, "Artilleros de 1ª mexicanos")
    (canon,) = ids(T, "Cañones")
    state = bombard_state((canon,) + ids(T, "Hospital"), (bateria,) + ids(M, "Santa Anna"))
    state = ALAMO.apply(state, M, StopFiring())
    assert state.phase == BOMBARD and state.active == T
    state = ALAMO.apply(state, T, Fire(canon))
    assert state.phase == PAY and state.payment.payer == M and state.payment.amount == 20


def test_house_rule_double_pays_fifty_in_a_bombardment() -> None:
    (bateria,) = ids(M, "Batería de 250 yardas")
    (fuego,) = ids(T, "Fuego Tejano")
    state = ALAMO.apply(bombard_state((fuego,), (bateria,)), M, Fire(bateria))
    assert PayWith(fuego) in ALAMO.legal_actions(state, T)
    state = ALAMO.apply(state, T, PayWith(fuego))
    assert state.payment is None and Paid(seat=T, card=fuego, value=50) in state.log


def test_house_rule_empty_deck_and_short_hand_loses_the_whole_hand() -> None:
    (bateria,) = ids(M, "Batería de 250 yardas")
    hand = ids(T, "Grises móviles", "Hospital")
    state = bombard_state(hand, (bateria,), tex_deck=())
    state = ALAMO.apply(state, M, Fire(bateria))
    assert state.sides[T].hand == () and HandLost(seat=T, cards=hand) in state.log
    assert state.payment is None


def test_house_rule_empty_deck_forces_payment_from_the_hand() -> None:
    (bateria,) = ids(M, "Baterías mexicanas")
    hand = ids(T, "Grises móviles", "Hospital")
    state = ALAMO.apply(bombard_state(hand, (bateria,), tex_deck=()), M, Fire(bateria))
    assert ALAMO.legal_actions(state, T) == (PayWith(hand[0]), PayWith(hand[1]))


def test_fire_refuses_non_artillery() -> None:
    (bateria,) = ids(M, "Baterías mexicanas")
    (anna,) = ids(M, "Santa Anna")
    state = bombard_state(ids(T, "Hospital"), (bateria, anna))
    with pytest.raises(IllegalAction, match="Santa Anna is not an Artillery card."):
        ALAMO.apply(state, M, Fire(anna))


# --- discard ---------------------------------------------------------------------------------


def test_mexican_discards_down_to_seven_then_texan_returns_his_excess() -> None:
    mex = ids(M, *["Batallón Aldama"] * 5, *["Batallón Toluca"] * 4)  # 9 cards, no leader
    tex = ids(T, *["Voluntarios tejanos"] * 5, *["Caballería tejana"] * 3)  # 8 cards
    state = rigged(side_with(tex), side_with(mex), phase=DISCARD, active=M)
    assert ALAMO.legal_actions(state, M) == tuple(Discard(c) for c in mex)
    state = play(state, (M, Discard(mex[0])), (M, Discard(mex[1])))
    assert state.phase == DISCARD and state.active == T and len(state.sides[M].hand) == 7
    assert state.sides[M].discard[-2:] == mex[:2]
    with pytest.raises(IllegalAction, match="returns his to his deck"):
        ALAMO.apply(state, T, Discard(tex[0]))
    before = len(state.sides[T].deck)
    state = ALAMO.apply(state, T, ReturnToDeck(tex[0]))
    assert Shuffled(seat=T, cards=before + 1) in state.log
    assert Returned(seat=T, count=1, cards=(tex[0],), visible_to=frozenset({T})) in state.log
    assert Returned(seat=T, count=1, visible_to=frozenset({M})) in state.log
    # No Leader or Reserve card in the Mexican hand: no attack, next turn.
    assert AttackDeclined() in state.log and state.turn == 4


# --- composing the attack and the defence ----------------------------------------------------


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        (
            ("Coronel Romero", "Escaleras de mano", "Mosquetes"),
            "Only one Equipment card may attack.",
        ),
        (("Coronel Romero", "Brecha", "Cerco"), "Only one Tactic card may attack."),
        (
            ("Coronel Romero", "Baterías mexicanas", "Batería de 250 yardas"),
            "Only one Artillery card may attack.",
        ),
        (
            ("Coronel Romero", "General Cos"),
            "Only one Leader may attack (Santa Anna counts as the Leader).",
        ),
        (
            ("Santa Anna", "General Cos"),
            "Only one Leader may attack (Santa Anna counts as the Leader).",
        ),
        (
            ("Batallón de zapadores", "Compañía de granaderos", "Batallón de zapadores"),
            "At most two Reserve troops may attack.",
        ),
    ],
)
def test_each_attack_limit_is_refused_with_its_rule(names, reason) -> None:
    cards = ids(M, *names)
    state = at_attack(ids(T, "Hospital"), cards)
    for c in cards[:-1]:
        state = ALAMO.apply(state, M, AddCard(c))
    assert AddCard(cards[-1]) not in ALAMO.legal_actions(state, M)
    with pytest.raises(IllegalAction) as err:
        ALAMO.apply(state, M, AddCard(cards[-1]))
    assert err.value.reason == reason


def test_attack_needs_a_leader_or_reserve_card() -> None:
    troops = ids(M, "Batallón Aldama", "Compañía Matamoros")
    (zapa,) = ids(M, "Batallón de zapadores")
    state = at_attack(ids(T, "Hospital"), troops + (zapa,))
    state = play(state, (M, AddCard(troops[0])), (M, AddCard(troops[1])))
    assert Confirm() not in ALAMO.legal_actions(state, M)
    with pytest.raises(IllegalAction, match="at least one Leader or Reserve card"):
        ALAMO.apply(state, M, Confirm())
    state = ALAMO.apply(state, M, AddCard(zapa))  # a Reserve troop is enough
    assert Confirm() in ALAMO.legal_actions(state, M)
    state = ALAMO.apply(state, M, Confirm())
    assert state.phase == DEFEND and state.battle.attack_total == 20 + 20 + 30


def test_remove_card_and_decline() -> None:
    romero, mata = ids(M, "Coronel Romero", "Compañía Matamoros")
    state = at_attack(ids(T, "Hospital"), (romero, mata))
    state = play(state, (M, AddCard(mata)), (M, AddCard(romero)))
    assert state.selection == (romero, mata)
    assert ALAMO.legal_actions(state, M) == (
        RemoveCard(romero),
        RemoveCard(mata),
        Confirm(),
        Decline(),
    )
    state = ALAMO.apply(state, M, RemoveCard(romero))
    assert state.selection == (mata,)
    with pytest.raises(IllegalAction, match="Coronel Romero is not chosen."):
        ALAMO.apply(state, M, RemoveCard(romero))
    state = ALAMO.apply(state, M, Decline())
    assert state.selection == () and state.turn == 4 and AttackDeclined() in state.log


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        (("Rifles de Kentucky", "Metralla", "Trabucos"), "At most two Equipment cards may defend."),
        (("Incursión", "Fuego Tejano"), "Only one Tactic card may defend."),
        (
            ("Cañones", "Cañones", "Artillería de ventana"),
            "At most two Artillery cards may defend.",
        ),
        (("Davy Crockett", "James Bowie"), "Only one Leader may defend."),
        (("Puesto de Honor", "Gaitas de McGregor"), "Only one Morale card may defend."),
        (("Hospital", "Trincheras"), "Only one Standing Defence card may defend."),
    ],
)
def test_each_defence_limit_is_refused_with_its_rule(names, reason) -> None:
    cards = ids(T, *names)
    state = attack_with(at_attack(cards, ids(M, "Santa Anna")), one(M, "Santa Anna"))
    for c in cards[:-1]:
        state = ALAMO.apply(state, T, AddCard(c))
    with pytest.raises(IllegalAction) as err:
        ALAMO.apply(state, T, AddCard(cards[-1]))
    assert err.value.reason == reason


def test_troops_and_dickinson_bonuses_and_fuego_tejano() -> None:
    tex = ids(T, "Capitán Dickinson", "Cañones", "Cañones", "Voluntarios tejanos", "Fuego Tejano")
    state = attack_with(at_attack(tex, ids(M, "Santa Anna")), one(M, "Santa Anna"))
    state = defend_with(state, *tex)
    # Dickinson 10 + 2 × 10 for the guns, guns 40, Voluntarios 20 (no Bowie) → 90, doubled.
    assert state.battle.defence_total == 180


def test_worked_example_attack_140_defence_150() -> None:
    mex = ids(M, "Coronel Romero", "Compañía Matamoros", "Compañía Matamoros", "Brecha")
    ligera = one(M, "Compañía ligera")
    tex = ids(
        T,
        "Davy Crockett",
        "Hombres de Tennessee",
        "Hombres de Tennessee",
        "Pared de 12 pies de alta",
    )
    state = attack_with(at_attack(tex, mex + (ligera,)), *mex)
    assert state.battle.attack_total == (10 + 30 + 30) * 2 == 140
    assert state.phase == DEFEND and state.active == T
    state = defend_with(state, *tex)
    assert BattleResolved(attack_total=140, defence_total=150, winner=T, difference=10) in state.log
    # The Mexican loser pays 10: his one hand card, forced since his deck holds cards too? No:
    # he chooses between the Compañía ligera and the top of his deck.
    assert state.phase == PAY and state.payment.payer == M and state.payment.due == 10
    assert set(ALAMO.legal_actions(state, M)) == {PayWith(ligera), PayTopOfDeck()}
    state = ALAMO.apply(state, M, PayWith(ligera))
    # No Texan card is worth 10 or less: nothing to keep, all four discarded, next turn.
    assert set(tex) <= set(state.sides[T].discard) and set(mex) <= set(state.sides[M].discard)
    assert SurvivorsKept(seat=T, cards=()) in state.log and state.turn == 4


def test_mexican_column_bonus_only_with_the_own_leader() -> None:
    cos, aldama, toluca = ids(M, "General Cos", "Batallón Aldama", "Batallón Toluca")
    state = attack_with(at_attack(ids(T, "Hospital"), (cos, aldama, toluca)), cos, aldama, toluca)
    assert state.battle.attack_total == 30 + 30 + 20
    anna, zapa, gran = ids(M, "Santa Anna", "Batallón de zapadores", "Compañía de granaderos")
    state = attack_with(at_attack(ids(T, "Hospital"), (anna, zapa, gran)), anna, zapa, gran)
    assert state.battle.attack_total == 50 + 40 + 40  # house rule: Santa Anna leads the Reserve


def test_tie_discards_both_sides_played_cards() -> None:
    (anna,) = ids(M, "Santa Anna")
    (crockett,) = ids(T, "Davy Crockett")
    state = defend_with(attack_with(at_attack((crockett,), (anna,)), anna), crockett)
    assert BattleResolved(attack_total=50, defence_total=50, winner=None, difference=0) in state.log
    assert anna in state.sides[M].discard and crockett in state.sides[T].discard
    assert state.turn == 4


def test_loser_pays_the_difference_and_doubles_count_fifty() -> None:
    anna, zapa = ids(M, "Santa Anna", "Batallón de zapadores")
    fuego, hospital = ids(T, "Fuego Tejano", "Hospital")
    state = attack_with(at_attack((fuego, hospital), (anna, zapa)), anna, zapa)
    state = defend_with(state, hospital)  # 90 against 10: 80 to pay
    assert state.payment.due == 80 and state.payment.payer == T
    state = ALAMO.apply(state, T, PayWith(fuego))
    assert state.payment.due == 30
    top = state.sides[T].deck[0]
    state = ALAMO.apply(state, T, PayTopOfDeck())  # the top card pays its own strength
    assert Paid(seat=T, card=top, value=ALAMO_pay(T, top), from_deck=True) in state.log


def test_loser_with_empty_deck_and_short_hand_pays_everything() -> None:
    anna, zapa = ids(M, "Santa Anna", "Batallón de zapadores")
    hand = ids(T, "Hospital", "Trincheras")
    state = rigged(side_with(hand, deck=()), side_with((anna, zapa)), phase=ATTACK, active=M)
    state = defend_with(attack_with(state, anna, zapa), hand[0])
    # 90 vs 10: the Trincheras is all he has left; paid at once. Then the Mexican keeps cards.
    assert state.sides[T].hand == () and hand[1] in state.sides[T].discard
    assert state.phase == SURVIVORS and state.active == M


def test_winner_keeps_survivors_worth_at_most_the_difference() -> None:
    anna, zapa, brecha = ids(M, "Santa Anna", "Batallón de zapadores", "Brecha")
    (hospital,) = ids(T, "Hospital")
    state = attack_with(at_attack((hospital,), (anna, zapa, brecha)), anna, zapa, brecha)
    assert state.battle.attack_total == 180
    state = defend_with(state, hospital)
    state = ALAMO.apply(state, T, PayTopOfDeck())
    while state.phase == PAY:
        state = ALAMO.apply(state, T, ALAMO.legal_actions(state, T)[0])
    assert state.phase == SURVIVORS and state.battle.difference == 170
    state = play(state, (M, AddCard(anna)), (M, AddCard(zapa)))
    # 80 kept; the Brecha is worth 50 here (house rule) and 130 ≤ 170 still fits.
    assert AddCard(brecha) in ALAMO.legal_actions(state, M)
    state = ALAMO.apply(state, M, Confirm())
    assert set(state.sides[M].deck) >= {anna, zapa} and brecha in state.sides[M].discard
    assert SurvivorsKept(seat=M, cards=(anna, zapa)) in state.log


def test_survivors_over_the_difference_are_refused() -> None:
    anna, gran = ids(M, "Santa Anna", "Compañía de granaderos")
    crockett = one(T, "Grises móviles")
    state = attack_with(at_attack((crockett,), (anna, gran)), anna, gran)  # 50 + 40 = 90
    state = defend_with(state, crockett)  # 30: Mexican wins by 60
    while state.phase == PAY:
        state = ALAMO.apply(state, T, PayTopOfDeck())
    state = ALAMO.apply(state, M, AddCard(anna))
    with pytest.raises(IllegalAction, match="at most the difference, 60"):
        ALAMO.apply(state, M, AddCard(gran))


# --- secrets, reasons ------------------------------------------------------------------------


def test_view_hides_the_other_hand_decks_rng_and_selection() -> None:
    state = ALAMO.new({}, seed=3, players=2)
    while state.phase != ATTACK:
        seat = ALAMO.to_move(state)[0]
        state = ALAMO.apply(state, seat, ALAMO.legal_actions(state, seat)[-1])
    leader = next(a for a in ALAMO.legal_actions(state, M) if isinstance(a, AddCard))
    state = ALAMO.apply(state, M, leader)
    view = ALAMO.view(state, T)
    assert view.rng is None and view.selection == ()
    assert view.sides[M].hand == (HIDDEN,) * len(state.sides[M].hand)
    assert view.sides[T].hand == state.sides[T].hand
    assert all(set(s.deck) <= {HIDDEN} for s in view.sides)
    assert all(not (isinstance(e, Drew) and e.seat == M and e.cards) for e in view.log)
    assert ALAMO.view(state, M).selection == state.selection
    other = attrs.evolve(
        state,
        sides=(state.sides[T], attrs.evolve(state.sides[M], deck=state.sides[M].deck[::-1])),
    )
    assert ALAMO.view(other, T) == view


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (T, Confirm(), "It is not your turn."),
        (M, Roll(), "Build your attack and confirm it, or decline to attack."),
        (M, PayTopOfDeck(), "Build your attack and confirm it, or decline to attack."),
        (M, AddCard(99), "Card 99 is not in your hand."),
        (M, AddCard("Cos"), "'Cos' is not a card."),
        (M, AddCard(0), "General Cos is not in your hand."),
        (M, Fire(0), "Build your attack and confirm it, or decline to attack."),
        (M, "surrender", "That is not a move in El Álamo."),
    ],
)
def test_illegal_actions_are_refused_with_reasons(seat, action, reason) -> None:
    state = at_attack(ids(T, "Hospital"), ids(M, "Santa Anna"))
    with pytest.raises(IllegalAction) as err:
        ALAMO.apply(state, seat, action)
    assert err.value.reason == reason


def test_every_legal_action_applies() -> None:
    state = ALAMO.new({}, seed=11, players=2)
    for _ in range(60):
        seat = ALAMO.to_move(state)[0]
        for action in ALAMO.legal_actions(state, seat):
            ALAMO.apply(state, seat, action)
        state = ALAMO.apply(state, seat, ALAMO.legal_actions(state, seat)[0])
        if ALAMO.outcome(state):
            break


def test_battle_record_is_kept_for_the_screen() -> None:
    (anna,) = ids(M, "Santa Anna")
    state = attack_with(at_attack(ids(T, "Hospital"), (anna,)), anna)
    assert state.battle == Battle(attack=(anna,), attack_total=50)
