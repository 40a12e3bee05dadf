"""Counts and lists read as English: never "1 armies", never "a, b, and c"."""

from engine.gallic.rules import GALLIC
from engine.words import listing, plural


def test_plural():
    assert plural(1, "army", "armies") == "1 army"
    assert plural(0, "army", "armies") == "0 armies"
    assert plural(2, "round") == "2 rounds"


def test_listing():
    assert listing([]) == ""
    assert listing(["Ana"]) == "Ana"
    assert listing(["Ana", "Bruno"]) == "Ana and Bruno"
    assert listing(["Ana", "Bruno", "Carla"], last="or") == "Ana, Bruno or Carla"


def test_a_game_decided_in_one_battle_says_battle():
    state = GALLIC.new({"battles": 1}, 3, 2)
    while GALLIC.outcome(state) is None:
        for seat in GALLIC.to_move(state):
            state = GALLIC.apply(state, seat, GALLIC.legal_actions(state, seat)[0])
    assert "after 1 battle," in GALLIC.progress(state)
