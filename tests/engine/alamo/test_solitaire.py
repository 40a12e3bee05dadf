"""The solitaire: the seed's worked examples and every step of a turn."""

from __future__ import annotations

import pytest

from engine import i18n
from engine.alamo.actions import AddCard, Confirm, Fire, PayTopOfDeck, PayWith, RemoveCard, Roll
from engine.alamo.data import DECK_SIZE, MEXICANS, TEXANS
from engine.alamo.rules import ALAMO
from engine.alamo.state import (
    FIRE,
    OVER,
    PAY,
    REPEL,
    ROLL,
    SOLITAIRE,
    Breached,
    CountersLost,
    DeckRebuilt,
    Drew,
    Fired,
    HandLost,
    Paid,
    Removed,
    Repelled,
    Revealed,
    Rolled,
    Side,
    TakenBack,
)
from engine.core import HIDDEN, IllegalAction
from engine.rng import Rng

from .helpers import Marked, ids, rigged

M, T = MEXICANS, TEXANS


def seed_rolling(attack: int, draw=lambda d: True) -> int:
    """A seed whose first two dice are a draw die passing ``draw`` and ``attack``."""
    for seed in range(10_000):
        (d, a), _ = Rng.from_seed(seed).roll(2)
        if a == attack and draw(d):
            return seed
    raise AssertionError("no such seed")


def solo(hand, attack, *, more=(), counters=19, deck=(), discard=(), draw=lambda d: True):
    """A solitaire turn about to roll: the Mexican deck is ``attack`` then ``more``, and the
    dice are rigged so exactly ``attack`` is drawn."""
    seed = seed_rolling(len(attack), draw)
    return rigged(
        Side(deck=tuple(deck), hand=tuple(hand), discard=tuple(discard)),
        Side(deck=tuple(attack) + tuple(more)),
        phase=ROLL,
        active=T,
        mode=SOLITAIRE,
        seed=seed,
        counters=counters,
    )


def test_new_solitaire() -> None:
    state = ALAMO.new({}, seed=5, players=1)
    assert state.mode == SOLITAIRE and state.counters == 19 and state.phase == ROLL
    assert ALAMO.to_move(state) == (T,) and ALAMO.legal_actions(state, T) == (Roll(),)
    assert sorted(state.sides[T].deck) == sorted(state.sides[M].deck) == list(range(DECK_SIZE))
    assert ALAMO.progress(state) == "Turn 1 · 19 sections of men · Mexican deck 60"


def test_seed_example_assault_130_repelled_by_140() -> None:
    attack = ids(M, "Coronel Romero", "Compañía Matamoros", "Brecha", "Brecha")
    pared, trinch, puesto, crockett, fuego = hand = ids(
        T,
        "Pared de 12 pies de alta",
        "Trincheras",
        "Puesto de Honor",
        "Davy Crockett",
        "Fuego Tejano",
    )
    state = ALAMO.apply(solo(hand, attack, more=(40,)), T, Roll())
    assert state.phase == REPEL and state.battle.attack_total == 130
    # Two minimal sets reach 130 with the walls: Puesto + Fuego (140), Crockett + Fuego (160).
    assert state.battle.defence_total == (20 + 10 + 40 + 50) * 2
    state = ALAMO.apply(state, T, AddCard(puesto))
    state = ALAMO.apply(state, T, AddCard(crockett))
    state = ALAMO.apply(state, T, AddCard(fuego))
    with pytest.raises(IllegalAction, match="Use only the cards you need"):
        ALAMO.apply(state, T, Confirm())
    state = ALAMO.apply(state, T, RemoveCard(crockett))
    with pytest.raises(IllegalAction, match="Standing Defence cards count first"):
        ALAMO.apply(state, T, AddCard(pared))
    state = ALAMO.apply(state, T, Confirm())
    assert Repelled(attack_total=130, defence_total=140, used=(puesto, fuego)) in state.log
    assert state.sides[T].hand == (pared, trinch, crockett)
    assert state.sides[T].discard[-2:] == (puesto, fuego)
    assert set(attack) <= set(state.sides[M].discard)
    assert state.counters == 19 and state.phase == ROLL and state.turn == 4


def test_seed_example_without_puesto_and_fuego_five_counters_fall() -> None:
    attack = ids(M, "Coronel Romero", "Compañía Matamoros", "Brecha", "Brecha")
    hand = ids(T, "Pared de 12 pies de alta", "Trincheras", "Davy Crockett")
    state = ALAMO.apply(solo(hand, attack, more=(40,)), T, Roll())
    assert Breached(attack_total=130, defence_total=80, shortfall=50) in state.log
    assert CountersLost(count=5, points=50, left=14) in state.log
    assert HandLost(seat=T, cards=hand) in state.log
    assert state.sides[T].hand == () and state.counters == 14


def test_equal_defence_repels_too() -> None:
    attack = ids(M, "Coronel Romero", "Compañía Matamoros")  # 40
    hand = ids(T, "Puesto de Honor", "Hospital", "Voluntarios tejanos")  # 10 + 40, or 10 + 20
    state = ALAMO.apply(solo(hand, attack, more=(40,)), T, Roll())
    # Only one minimal set (Puesto de Honor): applied at once, the Hospital stays.
    assert Repelled(attack_total=40, defence_total=50, used=(hand[0],)) in state.log
    assert state.sides[T].hand == hand[1:]


def test_seed_example_artillery_30_takes_the_wall_and_the_troop() -> None:
    (bateria,) = ids(M, "Baterías mexicanas")
    pared, grises = hand = ids(T, "Pared de 12 pies de alta", "Grises móviles")
    state = ALAMO.apply(solo(hand, (bateria,), more=(40,)), T, Roll())
    assert Paid(seat=T, card=pared, value=20) in state.log
    assert Paid(seat=T, card=grises, value=30) in state.log
    assert state.sides[T].hand == () and state.counters == 19


def test_house_rule_the_wall_the_artillery_did_not_need_goes_back_to_the_hand() -> None:
    # Baterías mexicanas 30 against Empalizada 10, Trincheras 10, then Pared 20: Pared and one
    # 10 cover it, so the 10 paid first goes back.
    (bateria,) = ids(M, "Baterías mexicanas")
    empalizada, trincheras, pared, crockett = hand = ids(
        T, "Empalizada", "Trincheras", "Pared de 12 pies de alta", "Davy Crockett"
    )
    state = ALAMO.apply(solo(hand, (bateria,), more=(40,)), T, Roll())
    assert state.phase == PAY and state.payment.due == 30
    state = ALAMO.apply(state, T, PayWith(empalizada))
    state = ALAMO.apply(state, T, PayWith(trincheras))  # the Pared is paid at once: 40
    assert Paid(seat=T, card=pared, value=20) in state.log
    assert TakenBack(seat=T, card=empalizada, value=10) in state.log
    assert sorted(state.sides[T].hand) == sorted((crockett, empalizada))
    assert state.sides[T].discard[-2:] == (trincheras, pared)
    assert state.counters == 19 and state.phase == ROLL


def test_house_rule_no_wall_goes_back_while_another_card_stays_paid() -> None:
    # The seed's own example, paid the long way: Hospital 10 first, then the troop of 30 (the
    # only card left). 40 paid for 30, but the wall had to pay first: it stays paid.
    (bateria,) = ids(M, "Baterías mexicanas")
    hospital, grises = hand = ids(T, "Hospital", "Grises móviles")
    state = ALAMO.apply(solo(hand, (bateria,), more=(40,)), T, Roll())
    assert not any(isinstance(e, TakenBack) for e in state.log)
    assert state.sides[T].hand == () and state.sides[T].discard[-2:] == (hospital, grises)


def test_artillery_pays_standing_defence_first_by_choice() -> None:
    (bateria,) = ids(M, "Artilleros de 1ª mexicanos")  # 10
    hospital, pared, grises = hand = ids(
        T, "Hospital", "Pared de 12 pies de alta", "Grises móviles"
    )
    state = ALAMO.apply(solo(hand, (bateria,), more=(40,)), T, Roll())
    assert state.phase == PAY and state.payment.due == 10
    assert ALAMO.legal_actions(state, T) == (PayWith(hospital), PayWith(pared))
    with pytest.raises(IllegalAction, match="Standing Defence cards first"):
        ALAMO.apply(state, T, PayWith(grises))
    with pytest.raises(IllegalAction, match="cards in your hand"):
        ALAMO.apply(state, T, PayTopOfDeck())
    state = ALAMO.apply(state, T, PayWith(hospital))
    assert state.sides[T].hand == (pared, grises) and state.phase == ROLL


def test_seed_example_muskets_20_take_the_troop_and_one_counter() -> None:
    attack = ids(M, "Mosquetes", "Carabinas")
    walls = ids(T, "Hospital", "Trincheras", "Empalizada")
    (bonham,) = ids(T, "James Bonham")  # the sheet's "troop of 10"
    state = ALAMO.apply(solo(walls + (bonham,), attack, more=(40,)), T, Roll())
    assert Paid(seat=T, card=bonham, value=10) in state.log
    assert CountersLost(count=1, points=10, left=18) in state.log
    assert state.sides[T].hand == walls and state.counters == 18


def test_house_rule_unpaid_artillery_costs_counters_rounded_up() -> None:
    (bateria,) = ids(M, "Batería de 250 yardas")  # 50
    hand = ids(T, "Hospital", "Voluntarios tejanos")  # 30 in all: 20 short
    state = ALAMO.apply(solo(hand, (bateria,), more=(40,)), T, Roll())
    assert CountersLost(count=2, points=20, left=17) in state.log
    attack = ids(M, "Compañía ligera", "Batallón Aldama")  # 30, hand 15 short... of 10s
    state = ALAMO.apply(solo(ids(T, "Hospital"), attack, more=(40,)), T, Roll())
    assert CountersLost(count=2, points=20, left=17) in state.log  # 30 - 10 = 20
    attack = ids(M, "Compañía ligera", "Batallón Aldama", "Brecha", "Brecha")  # 110
    state = ALAMO.apply(solo(ids(T, "Davy Crockett"), attack, more=(40,)), T, Roll())
    assert CountersLost(count=6, points=60, left=13) in state.log


def test_texan_guns_remove_face_down_cards_and_choose_when_too_many() -> None:
    canones = ids(T, "Cañones", "Cañones", "Cañón de 18 pdr.")
    (rifles,) = ids(T, "Rifles de Kentucky")
    attack = ids(M, "Santa Anna", "Brecha")
    state = ALAMO.apply(solo(canones + (rifles,), attack, more=(40,)), T, Roll())
    assert state.phase == FIRE and state.revealed is False
    view = ALAMO.view(state, T)
    assert view.sides[M].table == (HIDDEN, HIDDEN) and view.rng is None
    assert ALAMO.legal_actions(state, T) == tuple(Fire(c) for c in canones)
    with pytest.raises(IllegalAction, match="Artillery fires before your rifles"):
        ALAMO.apply(state, T, Fire(rifles))
    state = ALAMO.apply(state, T, Fire(canones[0]))
    assert state.phase == FIRE
    state = ALAMO.apply(state, T, Fire(canones[1]))
    removed = [e.card for e in state.log if isinstance(e, Removed)]
    assert sorted(removed) == sorted(attack)
    # Nothing left to shoot: the big gun and the rifles stay in hand (house rule).
    assert state.sides[T].hand == (canones[2], rifles) and state.phase == ROLL
    assert [e.card for e in state.log if isinstance(e, Fired)] == list(canones[:2])


def test_guns_fire_automatically_when_not_outnumbering_targets() -> None:
    (canon,) = ids(T, "Cañones")
    (trabucos,) = ids(T, "Trabucos")
    attack = ids(M, "Compañía ligera", "Compañía ligera", "Compañía ligera")
    state = ALAMO.apply(solo((canon, trabucos), attack, more=(40,)), T, Roll())
    assert [e.card for e in state.log if isinstance(e, Fired)] == [canon, trabucos]
    (revealed,) = [e for e in state.log if isinstance(e, Revealed)]
    assert len(revealed.cards) == 1


def test_draws_four_or_five_but_never_above_five() -> None:
    deck = tuple(range(20, 40))
    state = solo((), (40,), more=(41,), deck=deck, draw=lambda d: d <= 3)
    state = ALAMO.apply(state, T, Roll())
    assert Rolled(purpose="draw", value=state.dice[0]) in state.log and state.dice[0] <= 3
    assert next(e for e in state.log if isinstance(e, Drew)).count == 4
    state = solo((1, 2, 3), (40,), more=(41,), deck=deck, draw=lambda d: d >= 4)
    state = ALAMO.apply(state, T, Roll())
    assert next(e for e in state.log if isinstance(e, Drew)).count == 2


def test_house_rule_empty_texan_deck_is_rebuilt_from_the_discards() -> None:
    state = solo((), (40,), more=(41,), deck=(20,), discard=(21, 22, 23, 24, 25))
    state = ALAMO.apply(state, T, Roll())
    assert DeckRebuilt(seat=T, cards=5) in state.log
    drew = next(e for e in state.log if isinstance(e, Drew))
    assert drew.cards[0] == 20 and drew.count >= 4


def test_win_when_a_turn_ends_with_the_mexican_deck_empty() -> None:
    state = ALAMO.apply(solo(ids(T, "Davy Crockett"), ids(M, "Compañía ligera")), T, Roll())
    result = ALAMO.outcome(state)
    assert state.phase == OVER and result.winners == (T,) and result.losers == ()
    assert "19 sections of men left" in result.reason
    assert ALAMO.progress(state) == "Texans won on turn 3"


def test_a_solitaire_played_in_another_language_keeps_the_english_record() -> None:
    """The state and its log are the same in every language; the reason for the end, the
    progress line and the refusals are worded when asked, in the current one."""
    english = ALAMO.apply(solo(ids(T, "Davy Crockett"), ids(M, "Compañía ligera")), T, Roll())
    i18n.install(Marked(), "xx")
    state = ALAMO.apply(solo(ids(T, "Davy Crockett"), ids(M, "Compañía ligera")), T, Roll())
    assert state == english
    assert state.reason.startswith("The Mexican deck is spent with 19 sections of men left")
    assert ALAMO.outcome(state).reason == (
        "«The Mexican deck is spent with 19 sections of men left: "
        "Santa Anna loses more men than in history.»"
    )
    assert ALAMO.progress(state) == "«Texans won on turn 3»"
    assert ALAMO.seat_labels(1) == ("«Texans»",)
    with pytest.raises(IllegalAction, match="^«Roll for the next turn first"):
        ALAMO.apply(solo((), (40,)), T, PayTopOfDeck())


def test_loss_when_the_last_counter_falls() -> None:
    attack = ids(M, "Santa Anna", "Batallón de zapadores")  # 90
    state = ALAMO.apply(solo(ids(T, "Hospital"), attack, more=(40,), counters=3), T, Roll())
    result = ALAMO.outcome(state)
    assert state.phase == OVER and state.counters == 0
    assert result.winners == () and "the Alamo is taken" in result.reason
    assert result.losers == (T,) and not result.is_draw  # a loss, not a draw, to every reader
    assert ALAMO.progress(state) == "The Alamo fell on turn 3"
    assert CountersLost(count=8, points=80, left=0) in state.log


def test_house_rule_the_fort_falls_mid_turn_when_the_last_counter_goes() -> None:
    attack = ids(M, "Batería de 250 yardas", "Santa Anna")  # artillery 50, then an assault
    state = ALAMO.apply(solo((), attack, more=(40,), counters=4), T, Roll())
    assert state.phase == OVER and state.counters == 0
    assert CountersLost(count=5, points=50, left=0) in state.log
    assert not any(isinstance(e, Breached) for e in state.log)  # no assault was fought
    assert ALAMO.legal_actions(state, T) == ()
