"""Counts and lists read right: never "1 armies", never "a, b, and c", in any language."""

import gettext

import pytest

from engine import i18n
from engine.gallic.rules import GALLIC
from engine.words import listing, plural


def test_plural():
    assert plural(1, "army", "armies") == "1 army"
    assert plural(0, "army", "armies") == "0 armies"
    assert plural(2, "round", "rounds") == "2 rounds"


def test_listing():
    assert listing([]) == ""
    assert listing(["Ana"]) == "Ana"
    assert listing(["Ana", "Bruno"]) == "Ana and Bruno"
    assert listing(["Ana", "Bruno", "Carla"], last="or") == "Ana, Bruno or Carla"
    with pytest.raises(ValueError):
        listing(["Ana", "Bruno"], last="nor")


class _Spanish(gettext.NullTranslations):
    """Just enough of a Spanish catalog to see the helpers ask it."""

    def ngettext(self, one, many, count):
        return {"army": ("ejército", "ejércitos")}[one][count != 1]

    def pgettext(self, context, message):
        return {("list", "and"): "y", ("list", "or"): "o"}[(context, message)]


@pytest.fixture
def spanish():
    i18n.install(_Spanish(), "es", lambda n: f"{n:,}".replace(",", "."))
    yield
    i18n.install(gettext.NullTranslations(), "en")


def test_counts_and_lists_follow_the_language(spanish):
    assert plural(1, "army", "armies") == "1 ejército"
    assert plural(1500, "army", "armies") == "1.500 ejércitos"
    assert listing(["Ana", "Bruno", "Carla"]) == "Ana, Bruno y Carla"
    assert listing(["Ana", "Bruno"], last="or") == "Ana o Bruno"


def test_a_game_decided_in_one_battle_says_battle():
    state = GALLIC.new({"battles": 1}, 3, 2)
    while GALLIC.outcome(state) is None:
        for seat in GALLIC.to_move(state):
            state = GALLIC.apply(state, seat, GALLIC.legal_actions(state, seat)[0])
    assert "after 1 battle," in GALLIC.progress(state)
