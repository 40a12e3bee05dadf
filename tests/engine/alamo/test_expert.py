"""The expert: legal in real positions, blind to what its seat cannot see, steady while it
builds an attack card by card, and patient — it waits for an attack that pays."""

from __future__ import annotations

import random

import attrs

from engine.alamo.actions import AddCard, Confirm, Decline, PayTopOfDeck, PayWith, Roll
from engine.alamo.data import DECK_SIZE, MEXICANS, TEXANS
from engine.alamo.expert import expert, oracle
from engine.alamo.rules import ALAMO
from engine.alamo.sampling import determinize
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FIRE,
    PAY,
    REPEL,
    ROLL,
    SURVIVORS,
)
from engine.core import HIDDEN

from .helpers import ids, play, rigged, side_with
from .test_solitaire import solo

M, T = MEXICANS, TEXANS
strong = ALAMO.bots["strong"]


def positions(players: int, seed: int, wanted: set[str]):
    """The first position of each wanted phase in a game of ``strong`` against itself."""
    state = ALAMO.new({}, seed, players)
    rnd = random.Random(seed)
    found = {}
    while ALAMO.outcome(state) is None and wanted - found.keys():
        (seat,) = ALAMO.to_move(state)
        legal = ALAMO.legal_actions(state, seat)
        if state.phase in wanted and state.phase not in found and len(legal) > 1:
            if not state.selection:
                found[state.phase] = state
        state = ALAMO.apply(state, seat, strong(ALAMO.view(state, seat), seat, rnd))
    return found


def test_the_expert_answers_legally_in_real_positions() -> None:
    wanted = {ATTACK, DEFEND, PAY, BOMBARD, DISCARD, SURVIVORS}
    found = positions(2, 4, wanted) | positions(1, 2, {PAY, REPEL})
    assert found.keys() == wanted | {REPEL}
    for phase, state in found.items():
        (seat,) = ALAMO.to_move(state)
        action = expert(ALAMO.view(state, seat), seat, random.Random(1))
        assert action in ALAMO.legal_actions(state, seat), phase
        assert oracle(state, seat, random.Random(1)) in ALAMO.legal_actions(state, seat)


def test_a_roll_needs_no_thought() -> None:
    state = ALAMO.new({}, 1, 1)
    assert state.phase == ROLL and expert(ALAMO.view(state, T), T, random.Random(0)) == Roll()


def test_what_the_seat_cannot_see_does_not_change_its_answer() -> None:
    """Two positions with the same Mexican view — the Texan hand and both deck orders
    differ — get the same answer from the same seed, though the oracle, which sees the
    hands, declines against one and attacks the other."""
    mex = ids(M, "Coronel Romero", "Compañía Matamoros", "Fusileros de Jiménez", "Brecha")
    late = side_with(mex, deck=ids(M, "Compañía ligera", "Carabinas"))  # the hand never fills
    tex_a = ids(T, "Davy Crockett", "Hombres de Tennessee", "Fuego Tejano", "Hospital")
    tex_b = ids(T, "Capitán Baugh", "Trincheras", "Gaitas de McGregor", "Hospital")
    one = rigged(side_with(tex_a), late, phase=ATTACK, active=M)
    other_deck = tuple(reversed([c for c in range(DECK_SIZE) if c not in tex_b]))
    other = rigged(
        side_with(tex_b, deck=other_deck),
        attrs.evolve(late, deck=tuple(reversed(late.deck))),
        phase=ATTACK,
        active=M,
    )
    assert ALAMO.view(one, M) == ALAMO.view(other, M)
    answers = {expert(ALAMO.view(s, M), M, random.Random(7)) for s in (one, other)}
    assert len(answers) == 1
    assert oracle(one, M, random.Random(7)) == Decline()  # Crockett and a Fuego Tejano
    assert oracle(other, M, random.Random(7)) != Decline()


def test_a_world_agrees_with_the_view_and_keeps_a_card_known_on_top() -> None:
    """The Texan pays a deck card he turns out not to need: it goes back on top of his deck,
    in the open, and the Mexican's worlds deal it there — then into his hand at the draw."""
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
    state = play(
        state,
        (M, AddCard(anna)),
        (M, AddCard(ligera)),
        (M, Confirm()),
        (T, AddCard(hospital)),
        (T, Confirm()),
        (T, PayTopOfDeck()),  # the Trincheras, then the Fuego covers the rest alone
        (T, PayWith(fuego)),
    )
    assert state.phase == SURVIVORS and state.sides[T].deck[0] == trincheras
    view = ALAMO.view(state, M)
    for seed in range(6):
        world = determinize(view, M, random.Random(seed))
        assert ALAMO.view(world, M) == view and world.rng is not None
        assert world.sides[T].deck[0] == trincheras
    state = ALAMO.apply(state, M, Confirm())  # keep nothing; the next turn draws
    view = ALAMO.view(state, M)
    for seed in range(6):
        world = determinize(view, M, random.Random(seed))
        assert ALAMO.view(world, M) == view and trincheras in world.sides[T].hand
        assert HIDDEN not in world.sides[T].hand + world.sides[T].deck


def build(state, seat, bot, seed: int):
    """Let ``bot`` build its selection step by step, a fresh RNG at every step; the steps
    and the state once it is sent."""
    steps = []
    phase = state.phase
    while state.phase == phase and ALAMO.to_move(state) == (seat,):
        action = bot(ALAMO.view(state, seat), seat, random.Random(seed + len(steps)))
        assert action in ALAMO.legal_actions(state, seat)
        steps.append(action)
        state = ALAMO.apply(state, seat, action)
        assert len(steps) <= 10, steps
    return steps, state


def test_the_expert_waits_rather_than_attack_alone_into_a_full_hand() -> None:
    for lone in ("General Cos", "Batallón de zapadores"):
        tex = ids(T, "Davy Crockett", "Hombres de Tennessee", "Puesto de Honor", "Fuego Tejano")
        tex += ids(T, "Hospital", "Caballería tejana", "Voluntarios tejanos")
        state = rigged(side_with(tex), side_with(ids(M, lone)), phase=ATTACK, active=M)
        assert expert(ALAMO.view(state, M), M, random.Random(3)) == Decline(), lone


def test_the_expert_builds_a_crushing_attack_card_by_card() -> None:
    mex = ids(M, "Santa Anna", "Batallón de zapadores", "Compañía de granaderos", "Brecha")
    late = side_with(mex, deck=ids(M, "Compañía ligera"))  # the hand never fills: no waiting
    state = rigged(side_with(ids(T, "Hospital")), late, phase=ATTACK, active=M)
    steps, state = build(state, M, expert, 11)
    assert steps[-1] == Confirm() and all(isinstance(s, AddCard) for s in steps[:-1])
    assert state.phase != ATTACK and state.battle.attack_total >= 2 * (50 + 40 + 40)


def test_the_expert_texan_beats_an_attack_he_can_beat() -> None:
    anna = ids(M, "Santa Anna")
    tex = ids(T, "Davy Crockett", "William B. Travis", "Caballería tejana", "Hospital")
    state = rigged(side_with(tex), side_with(anna), phase=ATTACK, active=M)
    state = ALAMO.apply(ALAMO.apply(state, M, AddCard(anna[0])), M, Confirm())
    assert state.phase == DEFEND
    steps, state = build(state, T, expert, 5)
    assert steps[-1] == Confirm()
    assert state.battle.winner == T


def test_the_expert_pays_a_bombardment_without_wasting_a_card() -> None:
    (art,) = ids(M, "Artilleros de 1ª mexicanos")  # 10: any Texan card pays it
    tex = ids(T, "Hospital", "Davy Crockett", "Fuego Tejano")
    state = rigged(side_with(tex), side_with((art,)), phase=BOMBARD, active=M)
    state = ALAMO.apply(state, M, ALAMO.legal_actions(state, M)[0])
    assert state.phase == PAY
    action = expert(ALAMO.view(state, T), T, random.Random(0))
    assert action in (PayWith(tex[0]), PayTopOfDeck())


def test_the_solitaire_expert_repels_and_keeps_the_walls() -> None:
    """The seed's example: Puesto de Honor and the Fuego Tejano repel the 130 (Crockett and
    the Fuego would too); the expert builds one set and sends it."""
    attack = ids(M, "Coronel Romero", "Compañía Matamoros", "Brecha", "Brecha")
    hand = ids(
        T,
        "Pared de 12 pies de alta",
        "Trincheras",
        "Puesto de Honor",
        "Davy Crockett",
        "Fuego Tejano",
    )
    state = ALAMO.apply(solo(hand, attack, more=tuple(range(20, 40))), T, Roll())
    assert state.phase == REPEL
    steps, state = build(state, T, expert, 2)
    assert steps[-1] == Confirm() and state.phase == ROLL
    assert set(hand[:2]) <= set(state.sides[T].hand) and state.counters == 19


def test_the_solitaire_expert_fires_a_gun_when_asked() -> None:
    guns = ids(T, "Cañones", "Cañón de 18 pdr.")
    attack = ids(M, "Coronel Romero")
    state = ALAMO.apply(solo(guns, attack, more=tuple(range(20, 40))), T, Roll())
    assert state.phase == FIRE  # two guns, one target
    action = expert(ALAMO.view(state, T), T, random.Random(0))
    assert action in ALAMO.legal_actions(state, T)


def test_the_expert_mexican_builds_a_full_hand_before_attacking() -> None:
    """Like ``strong`` (whose playouts never reach the waiting), the expert keeps a half-empty
    hand that would win now for one big attack: a battle's swing grows with its margin."""
    tex = ids(T, "Hospital", "Trincheras", "Voluntarios tejanos")
    mex = ids(M, "Coronel Romero", "Compañía Matamoros", "Compañía Matamoros", "Brecha")
    state = rigged(side_with(tex), side_with(mex), phase=ATTACK, active=M)
    assert expert(ALAMO.view(state, M), M, random.Random(4)) == Decline()
