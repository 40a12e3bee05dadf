"""Both 60-card decks, transcribed from the seed's card lists (names as printed, in Spanish).

A card id is its index in its side's deck (0..59): ``card(side, id)``. Cards of the same name
have consecutive ids. The two Compañía San Luis lines (1st and 2nd column) share a name and
differ by column.
"""

from __future__ import annotations

import attrs

from engine.i18n import N_, _
from engine.words import listing

TEXANS, MEXICANS = 0, 1
# The sides as the rules' English records name them; shown through ``_``.
SIDES = (N_("Texans"), N_("Mexicans"))

DECK_SIZE = 60
START_HAND = 4
HAND_LIMIT = 7  # two-player: above this the Discard phase trims the hand
SOLITAIRE_HAND = 5  # solitaire: the Texan never holds more
COUNTERS = 19  # solitaire: sections of 10 men
COUNTER_MEN = 10
DOUBLE_VALUE = 50  # what a DOUBLE card is worth when paying (and keeping survivors)

LEADER = "leader"
TROOP = "troop"
ARTILLERY = "artillery"
EQUIPMENT = "equipment"
TACTIC = "tactic"
MORALE = "morale"
DEFENCE = "defence"  # Standing Defence (Defensa en pie)

# Kinds and columns are our words (keys here, shown through ``_``); card names are printed.
KIND_NAMES = {
    LEADER: N_("Leader"),
    TROOP: N_("Troop"),
    ARTILLERY: N_("Artillery"),
    EQUIPMENT: N_("Equipment"),
    TACTIC: N_("Tactic"),
    MORALE: N_("Morale"),
    DEFENCE: N_("Standing Defence"),
}

COLUMNS = ("1st", "2nd", "3rd", "4th", "Reserve")
RESERVE = "Reserve"

DICKINSON = "Capitán Dickinson"
RIFLES = frozenset({"Rifles de Kentucky", "Trabucos"})  # Texan solitaire fire
MUSKETS = frozenset({"Mosquetes", "Carabinas"})  # Mexican solitaire fire


@attrs.frozen
class Card:
    """One printed card. ``strength`` is 0 for a DOUBLE card, which has none of its own.

    ``column`` is a Mexican card's column ("1st".."4th", "Reserve"), empty otherwise.
    ``bonus_with`` names the Texan leader a troop gets +10 with. ``hint`` is the printed
    note's msgid and ``leaders`` the surnames it names, for the screen's ``note``.
    """

    name: str
    kind: str
    strength: int
    double: bool = False
    column: str = ""
    bonus_with: str = ""
    hint: str = ""
    leaders: tuple[str, ...] = ()

    @property
    def note(self) -> str:
        """The printed note in the current language ("+10 with Bowie", "+10 with Duque or
        Castrillón"), empty if the card has none."""
        if not self.hint:
            return ""
        return _(self.hint).format(leader=listing(self.leaders, "or"))

    @property
    def reserve(self) -> bool:
        return self.column == RESERVE

    @property
    def pay_value(self) -> int:
        """What the card is worth when paying a bombardment or a lost battle."""
        return DOUBLE_VALUE if self.double else self.strength


# Surnames only: the hint has to fit on a card a dozen columns wide.
_MEX_LEADERS = {
    "1st": ("Cos",),
    "2nd": ("Duque", "Castrillón"),
    "3rd": ("Romero",),
    "4th": ("Morales",),
    "Reserve": ("Santa Anna",),
}
_WITH_LEADER = N_("+10 with {leader}")
_COLUMN_LEADER = {
    "1st": N_("1st column leader"),
    "2nd": N_("2nd column leader"),
    "3rd": N_("3rd column leader"),
    "4th": N_("4th column leader"),
    "Reserve": N_("Reserve leader"),
}

# (count, name, strength, kind, column) as listed in the seed, top to bottom.
MEXICAN_LIST: tuple[tuple[int, str, int, str, str], ...] = (
    (1, "General Cos", 30, LEADER, "1st"),
    (5, "Batallón Aldama", 20, TROOP, "1st"),
    (3, "Compañía San Luis", 20, TROOP, "1st"),
    (1, "Coronel Duque", 10, LEADER, "2nd"),
    (1, "General Castrillón", 10, LEADER, "2nd"),
    (5, "Batallón Toluca", 20, TROOP, "2nd"),
    (2, "Compañía San Luis", 20, TROOP, "2nd"),
    (1, "Coronel Romero", 10, LEADER, "3rd"),
    (5, "Compañía Matamoros", 20, TROOP, "3rd"),
    (5, "Fusileros de Jiménez", 20, TROOP, "3rd"),
    (1, "Coronel Juan Morales", 10, LEADER, "4th"),
    (3, "Compañía ligera", 10, TROOP, "4th"),
    (1, "Santa Anna", 50, LEADER, "Reserve"),
    (5, "Batallón de zapadores", 30, TROOP, "Reserve"),
    (5, "Compañía de granaderos", 30, TROOP, "Reserve"),
    (4, "Baterías mexicanas", 30, ARTILLERY, ""),
    (1, "Batería de 250 yardas", 50, ARTILLERY, ""),
    (1, "Artilleros de 1ª mexicanos", 10, ARTILLERY, ""),
    (1, "Escaleras de mano", 10, EQUIPMENT, ""),
    (1, "Mosquetes", 10, EQUIPMENT, ""),
    (1, "Carabinas", 10, EQUIPMENT, ""),
    (6, "Brecha", 0, TACTIC, ""),
    (1, "Cerco", 30, TACTIC, ""),
)

# (count, name, strength, kind, leader giving +10) as listed in the seed.
TEXAN_LIST: tuple[tuple[int, str, int, str, str], ...] = (
    (1, "William B. Travis", 40, LEADER, ""),
    (1, "Davy Crockett", 50, LEADER, ""),
    (1, "James Bowie", 30, LEADER, ""),
    (1, "James Bonham", 10, LEADER, ""),
    (1, "Capitán Baugh", 10, LEADER, ""),
    (1, "Tte. George Kimball", 10, LEADER, ""),
    (1, DICKINSON, 10, LEADER, ""),
    (5, "Voluntarios tejanos", 20, TROOP, "James Bowie"),
    (2, "Compañía González", 30, TROOP, "Tte. George Kimball"),
    (3, "Caballería tejana", 30, TROOP, "William B. Travis"),
    (1, "Grises de Nueva Orleáns", 30, TROOP, ""),
    (1, "Exploradores rojos de Alabama", 30, TROOP, ""),
    (1, "Voluntarios ex-US Army", 30, TROOP, ""),
    (1, "Grises de San Antonio", 30, TROOP, ""),
    (1, "Grises móviles", 30, TROOP, ""),
    (2, "Hombres de Tennessee", 30, TROOP, "Davy Crockett"),
    (1, "Victoria o Muerte", 40, MORALE, ""),
    (1, "No hay Rendición", 40, MORALE, ""),
    (1, "En puestos de combate", 40, MORALE, ""),
    (1, "Puesto de Honor", 40, MORALE, ""),
    (1, "Resistir hasta el fin", 40, MORALE, ""),
    (1, "Gaitas de McGregor", 10, MORALE, ""),
    (1, "Empalizada", 10, DEFENCE, ""),
    (1, "Barracones Grandes", 10, DEFENCE, ""),
    (1, "Barracones Pequeños", 10, DEFENCE, ""),
    (1, "Trincheras", 10, DEFENCE, ""),
    (1, "Baluartes del terraplén", 10, DEFENCE, ""),
    (1, "Iglesia de la Misión", 10, DEFENCE, ""),
    (1, "Hospital", 10, DEFENCE, ""),
    (3, "Pared de 12 pies de alta", 20, DEFENCE, ""),
    (3, "Rifles de Kentucky", 20, EQUIPMENT, ""),
    (2, "Metralla", 20, EQUIPMENT, ""),
    (1, "Trabucos", 10, EQUIPMENT, ""),
    (1, "Incursión", 40, TACTIC, ""),
    (6, "Fuego Tejano", 0, TACTIC, ""),
    (1, "Cañón de 18 pdr.", 30, ARTILLERY, ""),
    (2, "Artillería de ventana", 20, ARTILLERY, ""),
    (2, "Artillería de la Capilla", 20, ARTILLERY, ""),
    (2, "Cañones", 20, ARTILLERY, ""),
)

_DOUBLES = frozenset({"Brecha", "Fuego Tejano"})


def _short(leader: str) -> str:
    return {
        "James Bowie": "Bowie",
        "Tte. George Kimball": "Kimball",
        "William B. Travis": "Travis",
        "Davy Crockett": "Crockett",
    }[leader]


def _mexican_card(name: str, strength: int, kind: str, column: str) -> Card:
    double = name in _DOUBLES
    leaders: tuple[str, ...] = ()
    if double:
        hint = N_("DOUBLE: the attack ×2")
    elif kind == TROOP:
        hint, leaders = _WITH_LEADER, _MEX_LEADERS[column]
    elif kind == LEADER:
        hint = _COLUMN_LEADER[column]
    else:
        hint = ""
    return Card(name, kind, strength, double=double, column=column, hint=hint, leaders=leaders)


def _texan_card(name: str, strength: int, kind: str, bonus_with: str) -> Card:
    double = name in _DOUBLES
    leaders: tuple[str, ...] = ()
    if double:
        hint = N_("DOUBLE: the defence ×2")
    elif bonus_with:
        hint, leaders = _WITH_LEADER, (_short(bonus_with),)
    elif name == DICKINSON:
        hint = N_("+10 for each Artillery card with him")
    else:
        hint = ""
    return Card(
        name, kind, strength, double=double, bonus_with=bonus_with, hint=hint, leaders=leaders
    )


TEXAN_DECK: tuple[Card, ...] = tuple(
    _texan_card(name, strength, kind, extra)
    for count, name, strength, kind, extra in TEXAN_LIST
    for _ in range(count)
)
MEXICAN_DECK: tuple[Card, ...] = tuple(
    _mexican_card(name, strength, kind, extra)
    for count, name, strength, kind, extra in MEXICAN_LIST
    for _ in range(count)
)
DECKS: tuple[tuple[Card, ...], tuple[Card, ...]] = (TEXAN_DECK, MEXICAN_DECK)


def card(side: int, card_id: int) -> Card:
    return DECKS[side][card_id]


def ids_named(side: int, name: str) -> tuple[int, ...]:
    """Every id of the cards with this name in a side's deck (e.g. the six Brechas)."""
    return tuple(i for i, c in enumerate(DECKS[side]) if c.name == name)
