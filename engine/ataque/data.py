"""The Ataque board, cards, colours and objectives.

The board is ``world.json`` beside this module (42 territories, 79 borders counting the sea
lines, six continents with their Tabla II bonus, each territory card's figure), loaded once with
``importlib.resources``. Names stay in Spanish, as printed.

Ids are small integers, so states stay compact: a territory id is its index in ``TERRITORIES``
(alphabetical, as in the JSON file), a continent id its index in ``CONTINENTS`` (in the file's
order). Cards 0..41 are the territory cards (card ``t`` shows territory ``t``), 42 and 43 the
two wildcards. Seat ``s`` plays colour ``COLOURS[s]``; objective ids are listed in
``OBJECTIVES``.
"""

from __future__ import annotations

import importlib.resources
import json
from itertools import combinations

import attrs

from engine.i18n import N_, _, pgettext

# --- the board ---------------------------------------------------------------------------------


@attrs.frozen
class Continent:
    name: str
    bonus: int
    territories: tuple[int, ...]


def _load() -> dict:
    text = importlib.resources.files("engine.ataque").joinpath("world.json").read_text("utf-8")
    return json.loads(text)


_WORLD = _load()

TERRITORIES: tuple[str, ...] = tuple(_WORLD["territories"])
TERRITORY_ID: dict[str, int] = {name: i for i, name in enumerate(TERRITORIES)}
CONTINENTS: tuple[Continent, ...] = tuple(
    Continent(name, c["bonus"], tuple(sorted(TERRITORY_ID[t] for t in c["territories"])))
    for name, c in _WORLD["continents"].items()
)
CONTINENT_ID: dict[str, int] = {c.name: i for i, c in enumerate(CONTINENTS)}
CONTINENT_OF: tuple[int, ...] = tuple(
    CONTINENT_ID[_WORLD["territories"][name]["continent"]] for name in TERRITORIES
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(TERRITORY_ID[n] for n in _WORLD["territories"][name]["neighbours"]))
    for name in TERRITORIES
)
BORDERS: frozenset[frozenset[int]] = frozenset(
    frozenset((t, n)) for t, ns in enumerate(NEIGHBOURS) for n in ns
)
ADJACENT: tuple[frozenset[int], ...] = tuple(frozenset(ns) for ns in NEIGHBOURS)

TERRITORY_COUNT = len(TERRITORIES)  # 42

# --- cards -------------------------------------------------------------------------------------

CIRCLE, SQUARE, TRIANGLE, WILD = "círculo", "cuadrado", "triángulo", "comodín"
FIGURES = (CIRCLE, SQUARE, TRIANGLE)
FIGURE_GLYPHS = {CIRCLE: "●", SQUARE: "■", TRIANGLE: "▲", WILD: "✱"}
FIGURE_NAMES = {CIRCLE: "circle", SQUARE: "square", TRIANGLE: "triangle", WILD: "wildcard"}

WILDCARDS = int(_WORLD["wildcards"])  # 2
CARD_COUNT = TERRITORY_COUNT + WILDCARDS  # 44
CARD_FIGURE: tuple[str, ...] = (
    tuple(_WORLD["territories"][name]["figure"] for name in TERRITORIES) + (WILD,) * WILDCARDS
)


def card_territory(card: int) -> int | None:
    """The territory a card shows, or None for a wildcard."""
    return card if 0 <= card < TERRITORY_COUNT else None


def card_name(card: int) -> str:
    t = card_territory(card)
    return TERRITORIES[t] if t is not None else "Comodín"


def is_set(cards: tuple[int, ...] | list[int]) -> bool:
    """Three cards of one figure, or of three different figures; a wildcard stands for any."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    figures = [CARD_FIGURE[c] for c in cards]
    plain = [f for f in figures if f != WILD]
    return len(set(plain)) in (1, len(plain))


def sets_in(hand: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every exchangeable set in a hand, as sorted id triples, in id order."""
    return tuple(c for c in combinations(sorted(hand), 3) if is_set(c))


def exchange_armies(number: int) -> int:
    """Tabla I: the armies for a player's ``number``-th exchange (1-based): 4, 6, 8, 10, 12,
    15, then 5 more each time."""
    table = (4, 6, 8, 10, 12, 15)
    if number <= len(table):
        return table[number - 1]
    return 15 + 5 * (number - len(table))


CARD_BONUS = 2  # an exchanged card showing a territory you own: +2 armies there
HAND_LIMIT = 5

# --- colours -----------------------------------------------------------------------------------

COLOURS = ("blanco", "negro", "rojo", "azul", "amarillo", "verde")
# English, as the game records them (the reason stored when a game ends); players read
# ``colour_name``.
COLOUR_NAMES = ("White", "Black", "Red", "Blue", "Yellow", "Green")


def colour_name(seat: int) -> str:
    """Seat ``seat``'s colour in the current language (an army's colour, not a chess side's)."""
    return (
        pgettext("army colour", "White"),
        pgettext("army colour", "Black"),
        pgettext("army colour", "Red"),
        pgettext("army colour", "Blue"),
        pgettext("army colour", "Yellow"),
        pgettext("army colour", "Green"),
    )[seat]


def colour_letter(seat: int) -> str:
    """The letter that marks seat ``seat``'s territories beside its colour, in the current
    language: its colour's initial where that is free ("G" is Giallo to an Italian, so Verde is
    "V"), never another colour's initial, one letter per colour."""
    return (
        pgettext("army colour letter", "W"),
        pgettext("army colour letter", "K"),
        pgettext("army colour letter", "R"),
        pgettext("army colour letter", "B"),
        pgettext("army colour letter", "Y"),
        pgettext("army colour letter", "G"),
    )[seat]


# --- objectives --------------------------------------------------------------------------------

DESTROY = "destroy"
OCCUPY_TWO = "occupy-two"  # 18 territories with at least 2 armies each
OCCUPY = "occupy"  # 24 territories
CONTINENTS_KIND = "continents"

FALLBACK_TERRITORIES = 24
TWO_ARMY_TERRITORIES = 18


@attrs.frozen
class Objective:
    """A secret objective card. ``text`` is its English wording (``objective_text`` gives it
    in the current language); ``colour`` is the seat to destroy (``DESTROY`` only);
    ``continents`` the continents to hold and ``extra`` how many more of any others."""

    kind: str
    text: str
    colour: int = -1
    continents: tuple[int, ...] = ()
    extra: int = 0
    territories: int = 0


def _c(*names: str) -> tuple[int, ...]:
    return tuple(CONTINENT_ID[n] for n in names)


_N, _S, _EU = "América del Norte", "América del Sur", "Europa"
_AF, _AS, _OC = "África", "Asia", "Oceanía"

# One sentence per colour: each language agrees its adjective with "army" its own way.
_DESTROY_TEXTS = (
    N_("Destroy the White army completely."),
    N_("Destroy the Black army completely."),
    N_("Destroy the Red army completely."),
    N_("Destroy the Blue army completely."),
    N_("Destroy the Yellow army completely."),
    N_("Destroy the Green army completely."),
)

OBJECTIVES: tuple[Objective, ...] = tuple(
    Objective(DESTROY, text, colour=i, territories=FALLBACK_TERRITORIES)
    for i, text in enumerate(_DESTROY_TEXTS)
) + (
    Objective(
        OCCUPY_TWO,
        N_("Occupy 18 territories with at least 2 armies on each."),
        territories=TWO_ARMY_TERRITORIES,
    ),
    Objective(
        OCCUPY, N_("Occupy 24 territories of your choice."), territories=FALLBACK_TERRITORIES
    ),
    Objective(CONTINENTS_KIND, N_("Conquer Asia and América del Sur."), continents=_c(_AS, _S)),
    Objective(
        CONTINENTS_KIND,
        N_("Conquer Europa, América del Sur and one more continent."),
        continents=_c(_EU, _S),
        extra=1,
    ),
    Objective(
        CONTINENTS_KIND,
        N_("Conquer Europa, Oceanía and one more continent."),
        continents=_c(_EU, _OC),
        extra=1,
    ),
    Objective(CONTINENTS_KIND, N_("Conquer Asia and África."), continents=_c(_AS, _AF)),
    Objective(CONTINENTS_KIND, N_("Conquer América del Norte and África."), continents=_c(_N, _AF)),
    Objective(
        CONTINENTS_KIND, N_("Conquer América del Norte and Oceanía."), continents=_c(_N, _OC)
    ),
)
FALLBACK = 7  # "Occupy 24 territories": what a destroy objective becomes when it cannot be met


def objective_text(objective: int) -> str:
    """Objective card ``objective``'s text in the current language (continents keep their
    printed names)."""
    return _(OBJECTIVES[objective].text)


DICE_SIDES = 6
MAX_DICE = 3
MIN_REINFORCEMENT = 3
