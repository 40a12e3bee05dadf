"""Both 60-card decks, counted card by card against the list in alamo.md."""

from __future__ import annotations

from collections import Counter

from engine.alamo.data import (
    DECK_SIZE,
    MEXICAN_DECK,
    TEXAN_DECK,
)
from engine.alamo.rules import ALAMO

# The list of alamo.md, retyped: (count, name, strength, kind, column) — strength 0 = DOUBLE.
MEXICAN = """
1 General Cos 30 leader 1st
5 Batallón Aldama 20 troop 1st
3 Compañía San Luis 20 troop 1st
1 Coronel Duque 10 leader 2nd
1 General Castrillón 10 leader 2nd
5 Batallón Toluca 20 troop 2nd
2 Compañía San Luis 20 troop 2nd
1 Coronel Romero 10 leader 3rd
5 Compañía Matamoros 20 troop 3rd
5 Fusileros de Jiménez 20 troop 3rd
1 Coronel Juan Morales 10 leader 4th
3 Compañía ligera 10 troop 4th
1 Santa Anna 50 leader Reserve
5 Batallón de zapadores 30 troop Reserve
5 Compañía de granaderos 30 troop Reserve
4 Baterías mexicanas 30 artillery -
1 Batería de 250 yardas 50 artillery -
1 Artilleros de 1ª mexicanos 10 artillery -
1 Escaleras de mano 10 equipment -
1 Mosquetes 10 equipment -
1 Carabinas 10 equipment -
6 Brecha 0 tactic -
1 Cerco 30 tactic -
"""

TEXAN = """
1 William B. Travis 40 leader -
1 Davy Crockett 50 leader -
1 James Bowie 30 leader -
1 James Bonham 10 leader -
1 Capitán Baugh 10 leader -
1 Tte. George Kimball 10 leader -
1 Capitán Dickinson 10 leader -
5 Voluntarios tejanos 20 troop James Bowie
2 Compañía González 30 troop Tte. George Kimball
3 Caballería tejana 30 troop William B. Travis
1 Grises de Nueva Orleáns 30 troop -
1 Exploradores rojos de Alabama 30 troop -
1 Voluntarios ex-US Army 30 troop -
1 Grises de San Antonio 30 troop -
1 Grises móviles 30 troop -
2 Hombres de Tennessee 30 troop Davy Crockett
1 Victoria o Muerte 40 morale -
1 No hay Rendición 40 morale -
1 En puestos de combate 40 morale -
1 Puesto de Honor 40 morale -
1 Resistir hasta el fin 40 morale -
1 Gaitas de McGregor 10 morale -
1 Empalizada 10 defence -
1 Barracones Grandes 10 defence -
1 Barracones Pequeños 10 defence -
1 Trincheras 10 defence -
1 Baluartes del terraplén 10 defence -
1 Iglesia de la Misión 10 defence -
1 Hospital 10 defence -
3 Pared de 12 pies de alta 20 defence -
3 Rifles de Kentucky 20 equipment -
2 Metralla 20 equipment -
1 Trabucos 10 equipment -
1 Incursión 40 tactic -
6 Fuego Tejano 0 tactic -
1 Cañón de 18 pdr. 30 artillery -
2 Artillería de ventana 20 artillery -
2 Artillería de la Capilla 20 artillery -
2 Cañones 20 artillery -
"""

KINDS = ("leader", "troop", "artillery", "equipment", "tactic", "morale", "defence")


def parse(text: str) -> Counter:
    out: Counter = Counter()
    for line in text.strip().splitlines():
        words = line.split()
        count = int(words[0])
        at = next(i for i, w in enumerate(words) if w in KINDS)
        name, strength = " ".join(words[1 : at - 1]), int(words[at - 1])
        extra = " ".join(words[at + 1 :])
        out[(name, strength, words[at], "" if extra == "-" else extra)] += count
    return out


def test_mexican_deck_matches_the_list() -> None:
    expected = parse(MEXICAN)
    actual = Counter((c.name, c.strength, c.kind, c.column) for c in MEXICAN_DECK)
    assert actual == expected
    assert sum(expected.values()) == len(MEXICAN_DECK) == DECK_SIZE == 60


def test_texan_deck_matches_the_list() -> None:
    expected = parse(TEXAN)
    actual = Counter((c.name, c.strength, c.kind, c.bonus_with) for c in TEXAN_DECK)
    assert actual == expected
    assert sum(expected.values()) == len(TEXAN_DECK) == 60


def test_kind_totals() -> None:
    tex = Counter(c.kind for c in TEXAN_DECK)
    assert tex == {
        "leader": 7,
        "troop": 17,
        "morale": 6,
        "defence": 10,
        "equipment": 6,
        "tactic": 7,
        "artillery": 7,
    }
    mex = Counter(c.kind for c in MEXICAN_DECK)
    assert mex == {"leader": 6, "troop": 38, "artillery": 6, "equipment": 3, "tactic": 7}
    assert sum(c.reserve for c in MEXICAN_DECK) == 11  # Santa Anna and ten Reserve troops


def test_doubles_have_no_strength_and_pay_fifty() -> None:
    for deck, name in ((MEXICAN_DECK, "Brecha"), (TEXAN_DECK, "Fuego Tejano")):
        doubles = [c for c in deck if c.double]
        assert len(doubles) == 6 and {c.name for c in doubles} == {name}
        assert all(c.strength == 0 and c.pay_value == 50 for c in doubles)


def test_bonus_hints_for_the_screen() -> None:
    notes = {c.name: c.note for c in TEXAN_DECK}
    assert notes["Voluntarios tejanos"] == "+10 with Bowie"
    assert notes["Hombres de Tennessee"] == "+10 with Crockett"
    assert notes["Capitán Dickinson"] == "+10 for each Artillery card with him"
    mex = {(c.name, c.column): c.note for c in MEXICAN_DECK}
    assert mex[("Compañía Matamoros", "3rd")] == "+10 with Romero"
    assert mex[("Batallón de zapadores", "Reserve")] == "+10 with Santa Anna"


def test_the_two_names_that_differ_from_the_sheet_say_why() -> None:
    """The sheet prints "General Castrillión" (a misprint) and "Explorad. rojos de Alabama" (an
    abbreviation); the cards keep the full, correct names and the rules say so."""
    names = {c.name for c in (*MEXICAN_DECK, *TEXAN_DECK)}
    assert {"General Castrillón", "Exploradores rojos de Alabama"} <= names
    text = " ".join(ALAMO.rules_markdown().split("## The two-player game")[0].split())
    assert '"General Castrillión" is a misprint' in text and '"Explorad. rojos' in text


def test_the_readings_of_the_sheet_are_labelled_as_readings() -> None:
    """Santa Anna outside the two Reserve cards, and the Texan defending from his hand, are how
    we read the sheet's words: labelled so, and explained once at the top."""
    text = ALAMO.rules_markdown()
    top = text.split("\n## ")[0]
    assert "a **reading** is" in " ".join(top.split())
    items = [" ".join(p.split()) for p in text.split("\n- ") if p.startswith("**Reading:**")]
    assert any("2 cartas de la Reserva" in r and "Santa Anna" in r for r in items)
    assert any("con las cartas en la mesa" in r for r in items)
