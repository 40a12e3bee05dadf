"""The board, the cards, Tabla I and the objective cards."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from engine.ataque.data import (
    ADJACENT,
    BORDERS,
    CARD_COUNT,
    CARD_FIGURE,
    CIRCLE,
    CONTINENT_OF,
    CONTINENTS,
    DESTROY,
    NEIGHBOURS,
    OBJECTIVES,
    SQUARE,
    TERRITORIES,
    TERRITORY_COUNT,
    TRIANGLE,
    WILD,
    exchange_armies,
    is_set,
    sets_in,
)

from .helpers import t

SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "ataque" / "world.json"


def test_42_territories_in_six_continents_with_the_tabla_ii_bonus() -> None:
    assert TERRITORY_COUNT == len(TERRITORIES) == 42
    bonus = {c.name: (c.bonus, len(c.territories)) for c in CONTINENTS}
    assert bonus == {
        "América del Norte": (5, 9),
        "América del Sur": (2, 4),
        "Europa": (5, 7),
        "África": (3, 6),
        "Asia": (7, 12),
        "Oceanía": (2, 4),
    }
    assert sorted(x for c in CONTINENTS for x in c.territories) == list(range(42))
    for c, cont in enumerate(CONTINENTS):
        assert all(CONTINENT_OF[x] == c for x in cont.territories)


def test_79_symmetric_borders_with_the_sea_lines() -> None:
    assert len(BORDERS) == 79
    for a, ns in enumerate(NEIGHBOURS):
        assert a not in ns
        for b in ns:
            assert a in ADJACENT[b], f"{TERRITORIES[a]}–{TERRITORIES[b]} is one-way"
    assert t("Brasil") in ADJACENT[t("Argelia")]  # the sheet's own example
    assert t("Alaska") in ADJACENT[t("Vladivostok")]


def test_the_packaged_board_is_the_shared_one() -> None:
    if SHARED.exists():  # the shared data folder is beside the checkout in development
        here = Path(__file__).resolve().parents[3] / "engine" / "ataque" / "world.json"
        assert json.loads(here.read_text("utf-8")) == json.loads(SHARED.read_text("utf-8"))


def test_cards_have_14_of_each_figure_and_two_wildcards() -> None:
    assert CARD_COUNT == 44
    assert Counter(CARD_FIGURE) == {CIRCLE: 14, SQUARE: 14, TRIANGLE: 14, WILD: 2}


def test_sets_are_three_alike_or_three_different_with_wildcards() -> None:
    circles = [c for c in range(42) if CARD_FIGURE[c] == CIRCLE][:3]
    square = next(c for c in range(42) if CARD_FIGURE[c] == SQUARE)
    triangle = next(c for c in range(42) if CARD_FIGURE[c] == TRIANGLE)
    assert is_set(tuple(circles))
    assert is_set((circles[0], square, triangle))
    assert not is_set((circles[0], circles[1], square))
    assert is_set((circles[0], circles[1], 42))
    assert is_set((circles[0], square, 42))
    assert is_set((circles[0], 42, 43))
    assert not is_set((circles[0], circles[0], circles[1]))
    assert sets_in((circles[0], circles[1], square)) == ()
    # Any five cards hold a set.
    assert sets_in((circles[0], circles[1], square, square + 1, triangle))


def test_tabla_i() -> None:
    assert [exchange_armies(n) for n in range(1, 10)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]


def test_fourteen_objectives() -> None:
    assert len(OBJECTIVES) == 14
    assert [o.colour for o in OBJECTIVES if o.kind == DESTROY] == [0, 1, 2, 3, 4, 5]
    texts = [o.text for o in OBJECTIVES]
    assert "Occupy 24 territories of your choice." in texts
    assert "Conquer Asia and América del Sur." in texts
